# Minting 10 million UUIDv7 as text: zuid's generator against a bare R
# loop that only makes 10 million strings (the floor of any R-level
# minter), and against uuid::UUIDgenerate(use.time = NA) (random v4; v7 in
# newer versions) when the uuid package is installed.
# Not a test: nothing here asserts a time. Run from the package root with
# zuid installed: R_LIBS=.lib Rscript bench/mint-wide.R
suppressPackageStartupMessages(library(zuid))

n <- as.integer(Sys.getenv("ZUID_BENCH_N", "1e7"))

timed <- function(label, expr) {
  gc(verbose = FALSE)
  t <- system.time(force(expr))[["elapsed"]]
  cat(sprintf("%-40s %8.2f s  %6.0f ns/ID\n", label, t, t / n * 1e9))
  invisible(t)
}

cat(sprintf("minting %s IDs\n", format(n, big.mark = ",")))
g <- id_generator("uuidv7")
timed("zuid uuidv7, as = \"id\"", id_next(g, n))
timed("zuid uuidv7, as = \"character\"", id_next(g, n, as = "character"))
timed("zuid ulid, as = \"character\"", id_next(id_generator("ulid"), n, as = "character"))
timed("bare R: sprintf() of n numbers", sprintf("%036d", seq_len(n)))
timed("bare R loop: one string per iteration", {
  out <- character(n)
  for (i in seq_len(n)) out[[i]] <- sprintf("%036d", i)
  out
})
if (requireNamespace("uuid", quietly = TRUE)) {
  timed("uuid::UUIDgenerate(n = n)", uuid::UUIDgenerate(n = n))
} else {
  cat("uuid::UUIDgenerate(): the uuid package (r-cran-uuid) is not installed; skipped\n")
}
