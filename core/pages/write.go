package pages

import (
	"bufio"
	"io"
	"strconv"
	"strings"
)

// Write writes pages as a pages table: url,host,changes_per_day,weight,crawl_delay,
// the model columns model,shape,scale,times,probs when a page is not Poisson,
// and wrong,returned when a page has an Exposure.
func Write(w io.Writer, pg []Page) error {
	models, exposed := false, false
	for _, p := range pg {
		models = models || p.Change != nil
		exposed = exposed || p.Exposure != nil
	}
	bw := bufio.NewWriter(w)
	bw.WriteString("url,host,changes_per_day,weight,crawl_delay")
	if models {
		bw.WriteString(",model,shape,scale,times,probs")
	}
	if exposed {
		bw.WriteString(",wrong,returned")
	}
	bw.WriteString("\n")
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	for _, p := range pg {
		bw.WriteString(quote(p.URL) + "," + quote(p.Host) + "," + f(p.Rate) + "," + f(p.Weight) + "," + f(p.CrawlDelay))
		if models {
			bw.WriteString("," + p.Change.format())
		}
		if exposed {
			bw.WriteString("," + p.Exposure.format())
		}
		bw.WriteString("\n")
	}
	return bw.Flush()
}

func quote(s string) string {
	if !strings.ContainsAny(s, ",\"\r\n") {
		return s
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}
