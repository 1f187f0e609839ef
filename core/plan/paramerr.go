package plan

import (
	"regexp"
	"strings"
)

// ParamError is the error of a parameter that a plan or a backtest lacks
// or cannot take. It names every parameter by its field — of Params, or of
// backtest.Config — and never in a front end's words, so that each front
// end says it in its own (the CLI's flags, the app's form fields) with Say;
// Error says it in plain words.
type ParamError struct {
	Field string // the field at fault, e.g. "Horizon"
	Value string // its value as given; "" when it has none
	// Msg says what is wrong and what would do. With a Value, "{Until}"
	// in it names another field ("a longer {Horizon} or an earlier
	// {Until}"); without, it says how to give the field ("a budget
	// (visits per horizon), or crawlers and their rate").
	Msg string
}

// Words are a front end's names for parameters, by field: Name for a
// field, Give for how to give one that is missing. Where they have no
// words for a field, it is said in plain words, and how to give it by the
// error's own Msg.
type Words struct {
	Name map[string]string // a field's name: the CLI's flag, the app's label
	Give map[string]string // how to give a field the front end's way
}

// fieldWords are the fields' plain words, Error's; a field not in it is
// said lower-cased.
var fieldWords = map[string]string{
	"TrainStart":    "training start",
	"CrawlInterval": "crawl interval",
	"Until":         "end of the test period",
}

// fieldRef is a field named in a Msg.
var fieldRef = regexp.MustCompile(`\{([A-Z][A-Za-z]*)\}`)

func (e *ParamError) Error() string { return e.Say(Words{}) }

// Say returns the error with its fields named in w's words.
func (e *ParamError) Say(w Words) string {
	name := func(field string) string {
		if s := w.Name[field]; s != "" {
			return s
		}
		return plainName(field)
	}
	if e.Value == "" {
		// The field itself in plain words: the front end's words for it
		// are in how to give it.
		give := e.Msg
		if s := w.Give[e.Field]; s != "" {
			give = s
		}
		return "no " + plainName(e.Field) + ": give " + give
	}
	msg := fieldRef.ReplaceAllStringFunc(e.Msg, func(ref string) string { return name(ref[1 : len(ref)-1]) })
	return name(e.Field) + " " + e.Value + ": " + msg
}

// plainName is field in fieldWords' words.
func plainName(field string) string {
	if s := fieldWords[field]; s != "" {
		return s
	}
	return strings.ToLower(field)
}
