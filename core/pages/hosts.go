package pages

// Hosts numbers the hosts of pg in the order they first appear:
// hostOf[i] is the index of page i's host in names. breathe, if not nil,
// is called every few thousand pages (a browser tab yields to its events).
func Hosts(pg []Page, breathe func()) (hostOf []int32, names []string) {
	hostOf = make([]int32, len(pg))
	index := map[string]int32{}
	prev := int32(-1)
	for i, p := range pg {
		// Tables group pages by host: the page before's host is the likely one.
		h := prev
		if h < 0 || names[h] != p.Host {
			var ok bool
			if h, ok = index[p.Host]; !ok {
				h = int32(len(names))
				index[p.Host] = h
				names = append(names, p.Host)
			}
		}
		hostOf[i], prev = h, h
		if breathe != nil && i%8192 == 8191 {
			breathe()
		}
	}
	return hostOf, names
}
