# The IDs every bench times: n random Twitter-layout IDs over 2015-2025 with
# random datacenter, worker and sequence, built with bit64 arithmetic, the
# same for a given seed.
twitter_ids <- function(n, seed = 1) {
  set.seed(seed)
  epoch <- 1288834974657
  ms <- floor(stats::runif(n, 1420070400000, 1735689600000))
  bit64::as.integer64(ms - epoch) * bit64::as.integer64(4194304) +
    bit64::as.integer64(sample.int(1024L, n, TRUE) - 1L) * bit64::as.integer64(4096) +
    bit64::as.integer64(sample.int(4096L, n, TRUE) - 1L)
}
