// Package app is freshplan's web user interface: go-app v9 components that
// call core/plan and show the result. It holds no algorithm.
package app
