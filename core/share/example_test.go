package share_test

import (
	"bytes"
	"fmt"

	"github.com/freshplan/freshplan/core/share"
)

func Example() {
	p := share.Params{Horizon: 86400, Politeness: 15, Budget: 20000, Objective: "staleness",
		Model: "steady", Policy: "psp", Target: 0.9}
	data := []byte("url,changes_per_day\nhttps://a.com/,2\nhttps://b.org/,0.5\n")

	// A small file travels in the link: the link of a page at this
	// address is at most share.MaxLink characters.
	budget := share.Budget("https://example.org/freshplan/")
	frag, err := share.Encode(share.NewState(p, "pages.csv", data), budget)
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := share.Decode("#" + frag)
	fmt.Println(s.Params.Budget, s.File.Name, bytes.Equal(s.Data, data), err)

	// A file too big to embed travels as its fingerprint.
	frag, _ = share.Encode(share.State{Params: p, File: share.FingerprintOf("big.csv", data)}, budget)
	fmt.Println(frag)
	s, _ = share.Decode(frag)
	fmt.Println(s.Data == nil, s.File.Prompt())
	fmt.Println(s.File.Check("renamed.csv", data))
	fmt.Println(s.File.Check("big.csv", data[:20]))

	_, err = share.Decode(frag[:len(frag)-30])
	fmt.Println(err)
	// Output:
	// 20000 pages.csv true <nil>
	// v1&h=86400&p=15&b=20000&c=0&r=0&o=staleness&m=steady&a=psp&t=0.9&l=0&f=big.csv&z=56&x=0f6a8fa43a904c686783964b0fc43aabec53d6af57772cf85428a33a50658415
	// true Drop big.csv to see this plan: the link holds its fingerprint (56 bytes, SHA-256 0f6a8fa4…), not its data.
	// <nil>
	// big.csv is not the file this link was made from: it has 20 bytes and SHA-256 2e38075a…, the link expects 56 bytes and SHA-256 0f6a8fa4…
	// the link is incomplete: its SHA-256 fingerprint (x) ends early — copy the whole link
}
