//go:build !wasm

package app

import "bytes"

// exportWriter is an export being written: natively, its bytes.
type exportWriter struct{ bytes.Buffer }

func newExportWriter() *exportWriter { return &exportWriter{} }

// result is the export, the file its bytes.
func (f *exportWriter) result(kind, file, mime string) *ExportResult {
	return &ExportResult{Kind: kind, File: file, MIME: mime, Size: int64(f.Len()), Data: f.Bytes()}
}
