library(testthat)
library(zuid)

results <- as.data.frame(test_check("zuid", stop_on_failure = FALSE))
failed <- sum(results$failed) + sum(results$error)

# `make test` sums these counts with cargo test's into its closing line.
counts_file <- Sys.getenv("ZUID_TEST_RESULTS")
if (nzchar(counts_file)) {
  writeLines(c(
    sprintf("r_passed=%d", as.integer(sum(results$passed))),
    sprintf("r_failed=%d", as.integer(failed)),
    sprintf("r_skipped=%d", as.integer(sum(results$skipped)))
  ), counts_file)
}
if (failed > 0) {
  stop(failed, " test(s) failed")
}
