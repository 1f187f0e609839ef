package graph

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/freshplan/freshplan/core/internal/canonurl"
	"github.com/freshplan/freshplan/core/internal/gzipped"
	"github.com/freshplan/freshplan/core/internal/inputerr"
	"github.com/freshplan/freshplan/core/pages"
)

// InputError is the reader's error at a line and column of its input.
type InputError = inputerr.Error

// Read reads a link graph: a CSV, possibly gzipped, of from,to rows, one
// link each, with an optional from,to header, URLs spelled canonically
// (canonurl) and each page's site taken from its URL's host. Every
// page's own site's home page seeds the crawl (HomePages) until SetSeeds
// says otherwise. A row that is not two http(s) URLs is an error naming
// the file, line and column.
func Read(r io.Reader, name string) (*Graph, error) {
	content, err := gzipped.Reader(r, name)
	if err != nil {
		return nil, err
	}
	br := bufio.NewReaderSize(content, 64<<10)
	head, _ := br.Peek(4096)
	switch {
	case len(bytes.TrimSpace(head)) == 0:
		return nil, &InputError{File: name, Msg: "the file is empty; want a link graph, a CSV of from,to URLs"}
	case inputerr.UTF16(head):
		return nil, &InputError{File: name, Msg: "the file is UTF-16 text; save it as UTF-8"}
	case inputerr.Binary(head):
		return nil, &InputError{File: name, Msg: "not a text file; want a link graph, a CSV of from,to URLs", Err: inputerr.ErrNotText}
	case inputerr.CROnly(head):
		return nil, &InputError{File: name, Line: 1, Msg: inputerr.MsgCROnly}
	}
	b := newBuilder()
	cr := csv.NewReader(br)
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	for row := 0; ; row++ {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, &InputError{File: name, Line: pe.Line, Column: pe.Column, Msg: pe.Err.Error() + "; want from,to URLs, a field with a comma or quote in double quotes"}
			}
			return nil, &InputError{File: name, Msg: "cannot read the file", Err: err}
		}
		line, _ := cr.FieldPos(0)
		if row == 0 && isHeader(rec) {
			continue
		}
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		if len(rec) != 2 {
			return nil, &InputError{File: name, Line: line, Msg: fmt.Sprintf("%d fields; want 2, from,to", len(rec))}
		}
		var ends [2]int32
		for i, field := range rec {
			p, msg := b.page(field)
			if msg != "" {
				return nil, &InputError{File: name, Line: line, Column: i + 1, Field: [2]string{"from", "to"}[i], Msg: msg}
			}
			ends[i] = p
		}
		if len(b.edges) == MaxLinks {
			return nil, &InputError{File: name, Line: line, Msg: fmt.Sprintf("more than %d links; want fewer", MaxLinks)}
		}
		b.edges = append(b.edges, Edge{ends[0], ends[1]})
	}
	if len(b.host) == 0 {
		return nil, &InputError{File: name, Msg: "no links; want a CSV of from,to URLs, one link a row"}
	}
	g, err := Build(b.urls, b.host, b.hosts, b.edges)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	g.Seeds = HomePages(g)
	return g, nil
}

// isHeader reports whether a first row names the columns rather than a
// link: from,to (or source,target), in any case.
func isHeader(rec []string) bool {
	if len(rec) != 2 {
		return false
	}
	a := strings.ToLower(strings.TrimSpace(strings.TrimPrefix(rec[0], "\ufeff")))
	b := strings.ToLower(strings.TrimSpace(rec[1]))
	return (a == "from" && b == "to") || (a == "source" && b == "target")
}

// builder interns URLs and hosts as rows come.
type builder struct {
	id     map[string]int32
	urls   []string
	host   []int32
	hostID map[string]int32
	hosts  []string
	edges  []Edge
}

func newBuilder() *builder {
	return &builder{id: map[string]int32{}, hostID: map[string]int32{}}
}

// page returns the page a field names, added if new, or what is wrong
// with the field.
func (b *builder) page(field string) (int32, string) {
	raw := strings.TrimSpace(field)
	if p, ok := b.id[raw]; ok {
		return p, ""
	}
	if raw == "" {
		return 0, "empty; want an http(s) URL"
	}
	if bad := inputerr.BadText(raw); bad != "" {
		return 0, inputerr.Quote(raw) + " " + bad
	}
	u := canonurl.Of(raw)
	p, ok := b.id[u]
	if !ok {
		if !strings.HasPrefix(strings.ToLower(u), "http://") && !strings.HasPrefix(strings.ToLower(u), "https://") {
			return 0, inputerr.Quote(raw) + " is not an http(s) URL; want e.g. https://example.com/page"
		}
		h, err := pages.HostOf(u)
		if err != nil {
			return 0, err.Error()
		}
		hid, ok := b.hostID[h]
		if !ok {
			hid = int32(len(b.hosts))
			b.hostID[h] = hid
			b.hosts = append(b.hosts, h)
		}
		p = int32(len(b.urls))
		b.id[u] = p
		b.urls = append(b.urls, u)
		b.host = append(b.host, hid)
	}
	b.id[raw] = p // the spelling as read, so that a repeat skips canonurl
	return p, ""
}
