// Package learn is the policy that learns as it crawls: it starts from
// what a plan knows (each page's change rate, shrunk towards its host's
// prior) and, after every visit, updates the page's rate from what the
// visit saw, then spends each crawler slot on the page whose visit is
// worth most now — within the budget, every horizon, and polite to every
// host.
//
// The pieces, each in a file of its own:
//
//   - Posterior: a Gamma posterior on a page's Poisson change rate,
//     updated exactly by what a server reports (changed or not, and its
//     Last-Modified), with old evidence forgotten at a half-life so that a
//     page that starts or stops changing is noticed.
//   - Index: the value of visiting a page now, the Lagrangian (Whittle)
//     index of the freshness problem under the posterior's predictive
//     law of the first change; with a known rate it is the index whose
//     threshold gives the optimal rates of seed 001 §5.6 and problem S of
//     seed 000.
//   - Burst: the host's change events — when the visits to a host see
//     changes far above what their posteriors expected, the host's other
//     pages are raised.
//   - Run: the crawl itself, slot by slot.
//
// Literature: Kolobov, Peres, Lubetzky, Horvitz, "Optimal freshness crawl
// under politeness constraints" (SIGIR 2019) and Kolobov, Peres, Lu,
// Horvitz, "Staying up to date with online content changes using
// reinforcement learning for scheduling" (NeurIPS 2019, LambdaLearnAndCrawl:
// re-solve the optimal rates each epoch from the rates learnt so far);
// Upadhyay, Busa-Fekete, Kotłowski, Pál, Szörényi, "Learning to crawl"
// (AAAI 2020). This policy differs from LambdaLearnAndCrawl in deciding
// slot by slot rather than epoch by epoch, and in forgetting: real pages'
// rates are not stationary (shared/data/README.md).
package learn
