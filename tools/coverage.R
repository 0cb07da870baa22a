# The coverage of zuid's R code by its tests, with covr, for make test's
# R-release flavour (tools/check.sh runs it in the sid chroot, on the
# sources unpacked from the tarball it checked):
#   Rscript tools/coverage.R DIR [FILTER]
# covr installs an instrumented copy of the package in DIR, with its tests,
# and runs the installed package's tests once, through to the end whether
# they pass or not (R CMD check has said so already). The Rust core is not
# counted: covr reads R (and C through gcov), and cargo test covers the
# core. Prints the line "coverage: N% ..." that make test shows, and the
# files least covered. FILTER, testthat's filter of test files, runs fewer
# (for a quick look).

args <- commandArgs(trailingOnly = TRUE)
if (!length(args) %in% 1:2) stop("usage: Rscript tools/coverage.R DIR [FILTER]")
started <- Sys.time()
tests <- sprintf('testthat::test_package("zuid", reporter = "silent", stop_on_failure = FALSE, filter = %s)',
                 deparse(if (length(args) == 2L) args[[2]]))
cov <- tryCatch(covr::package_coverage(args[[1]], type = "none", code = tests, quiet = TRUE),
                error = function(e) e)
if (inherits(cov, "error")) {
  cat("covr could not measure the coverage:", conditionMessage(cov), "\n")
  quit(status = 1, save = "no")
}
lines <- as.data.frame(cov)
files <- tapply(lines$value > 0, lines$filename, mean)
took <- as.double(difftime(Sys.time(), started, units = "secs"))
cat(sprintf("coverage: %.1f%% of zuid's R code runs in its tests (covr, R %s, %d files, %.0f s)\n",
            covr::percent_coverage(cov), getRversion(), length(files), took))
least <- utils::head(sort(files), 5L)
cat(sprintf("  least covered: %s\n", paste(sprintf("%s %.0f%%", names(least), 100 * least), collapse = ", ")))
