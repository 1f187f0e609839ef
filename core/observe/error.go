package observe

import (
	"fmt"

	"github.com/freshplan/freshplan/core/internal/inputerr"
)

// Error is the readers' error: file, line, field, what is wrong and
// what was expected (inputerr.Error).
type Error = inputerr.Error

// Messages shared by the readers.
const (
	msgNUL   = "a NUL byte; is this a binary file rather than text?"
	msgFiles = "an observation CSV or fetch log (url,time,changed or digest), a CDX or CDXJ index, Wayback CDX JSON or a Heritrix crawl.log"
)

// msgLong is the message for a line longer than maxLine.
var msgLong = fmt.Sprintf("a line longer than %d bytes (1 MiB); is this really %s?", maxLine, msgFiles)
