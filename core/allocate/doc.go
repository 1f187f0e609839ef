// Package allocate decides how many times each page is visited in a
// horizon under a total budget: the exact optimum of problem S with
// per-host politeness caps ⌊T/P⌋ (seed 000 §2.1, GREEDY, proved optimal by
// Federgruen and Groenevelt), the same without caps (the NonPolite bound),
// uniform and proportional allocations (seed 001 §5.5, seed 003 §5), Cho's
// Lagrange-optimal frequencies (seed 001 §5.5.4, §5.6) and Azar et al.'s
// exact optimal randomized rates (seed 002 eqs. 9–11).
package allocate
