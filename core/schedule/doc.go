// Package schedule decides when each visit happens and which crawler
// makes it: the MERGE procedure that spaces a host's visits evenly (seed
// 000 §2.2), equally spaced times per page (MP2, and Wolf's ideal times
// for Poisson pages, seed 003 §2.3), the most-delayed-free assignment of
// programmed visits to C crawlers under per-host politeness (seed 000
// §2.3), the EDF carousel that derandomizes Azar et al.'s policy (seed 002
// Algorithm 3), and a validator every polite schedule must pass.
package schedule
