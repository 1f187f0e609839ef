module github.com/freshplan/freshplan

go 1.26.8

require (
	github.com/google/uuid v1.3.0 // indirect
	github.com/maxence-charriere/go-app/v9 v9.8.0 // indirect
	gonum.org/v1/gonum v0.17.0 // indirect
)
