// Package rank computes the importance of pages in a link graph: PageRank
// by a sparse power iteration, and the other importance metrics of seed
// 001 §2.2 (backlink count IB, forward-link count IF, location IL).
package rank
