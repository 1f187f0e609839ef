// Package pages holds the pages table: per URL its host, its change rate
// and its importance (SPEC §3.3), read from and written to CSV. It is what
// estimation produces and what planning consumes.
package pages
