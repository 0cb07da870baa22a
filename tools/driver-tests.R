# The tests of the drivers that R CMD check --as-cran cannot see, for make
# test's R-release flavour (tools/check.sh runs it in the sid chroot after
# the check):
#   Rscript tools/driver-tests.R CHECKDIR
# --as-cran runs the tests with only the packages DESCRIPTION declares.
# RMariaDB and arrow are packaged in Debian sid but not in Debian 12, whose
# packages zuid's dependencies must be, so they are not declared and their
# tests skip there. This runs the test files that use them once more, on
# the package R CMD check installed in CHECKDIR/zuid.Rcheck, with the whole
# library, the other engines left to R CMD check (ZUID_TEST_ONLY_ENGINES).
# Prints "driver tests: N passed, N failed, N skipped" and exits 1 on a
# failure or when a driver's tests did not run.

args <- commandArgs(trailingOnly = TRUE)
if (length(args) != 1L) stop("usage: Rscript tools/driver-tests.R CHECKDIR")
check_dir <- normalizePath(file.path(args[[1]], "zuid.Rcheck"), mustWork = TRUE)
.libPaths(c(check_dir, .libPaths()))
for (p in c("RMariaDB", "arrow")) {
  if (!requireNamespace(p, quietly = TRUE)) {
    cat(sprintf("driver tests: %s cannot be loaded here\n", p))
    quit(status = 1, save = "no")
  }
}
Sys.setenv(ZUID_TEST_ONLY_ENGINES = "mariadb")
files <- paste0("^(lease|lease-hostile|lease-sql|tables-arrow|tables-db|tables-lazy|sql-engines|sql-target|",
                "sql-generator|sql-generator-mysql|hostile-inputs)$")
results <- as.data.frame(testthat::test_dir(file.path(check_dir, "tests", "testthat"), filter = files,
                                            package = "zuid", load_package = "installed",
                                            reporter = "summary", stop_on_failure = FALSE))
failed <- sum(results$failed) + sum(results$error)
ran <- function(rows) any(rows & results$passed > 0)
cat(sprintf("driver tests: %d passed, %d failed, %d skipped\n", sum(results$passed), failed, sum(results$skipped)))
missing <- c(if (!ran(results$file == "test-tables-arrow.R")) "arrow",
             if (!ran(grepl("(mariadb)", results$test, fixed = TRUE))) "RMariaDB")
if (length(missing) > 0L) cat(sprintf("driver tests: the %s tests did not run\n", paste(missing, collapse = " and ")))
quit(status = as.integer(failed > 0L || length(missing) > 0L), save = "no")
