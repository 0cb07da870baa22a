# make bench: zuid against the memory bound and against bit64 arithmetic,
# on 10 million random Twitter-layout IDs, in one run; generators minting 10
# million IDs with and without a node lease, and creating 20,000 of them.
# Prints a table of medians, the ratios the project targets, and memory
# allocated per call.
# Not a test: nothing here asserts a time. bench/ is not part of the
# package, so the bench package is not in DESCRIPTION: tools/setup.sh
# installs it (r-cran-bench) for make bench.
suppressPackageStartupMessages({
  library(zuid)
  library(bit64)
  library(bench)
})

n <- as.integer(Sys.getenv("ZUID_BENCH_N", "1e7"))
iterations <- as.integer(Sys.getenv("ZUID_BENCH_ITERATIONS", "10"))
source("bench/twitter-ids.R")
x64 <- twitter_ids(n)
epoch <- 1288834974657
chr <- as.character(x64)
times <- id_time(x64, "twitter")
workers <- id_fields(x64, "twitter")$worker
# zuid_ids and their plain integer64 twins, each against its reverse.
ids <- as_zuid_id(x64, "twitter")
ids_rev <- rev(ids)
x64_rev <- rev(x64)
# Half the positions, in random order, for `[`.
half <- sample.int(n, n %/% 2L)

# What users write today: the same columns by bit64 integer division.
fields_bit64 <- function(x) {
  ticks <- x %/% as.integer64(4194304)
  data.frame(
    time = as.POSIXct(as.double(ticks + as.integer64(epoch)) / 1000,
                      origin = "1970-01-01", tz = "UTC"),
    datacenter = as.integer((x %/% as.integer64(131072)) %% as.integer64(32)),
    worker = as.integer((x %/% as.integer64(4096)) %% as.integer64(32)),
    sequence = as.integer(x %% as.integer64(4096))
  )
}

stopifnot(identical(fields_bit64(x64[1:1000]), id_fields(x64[1:1000], "twitter")))

# `expr` is timed unevaluated, in the caller's environment, each iteration.
# Iterations in which R's garbage collector ran are left out (bench's
# filter_gc), so that a row is not charged for collecting the previous
# row's garbage.
run <- function(label, expr, iterations) {
  m <- suppressWarnings(bench::mark(
    exprs = list(substitute(expr)), env = parent.frame(),
    iterations = iterations, check = FALSE, filter_gc = TRUE
  ))
  data.frame(call = label, median_s = as.numeric(m$median),
             mem_alloc_mb = as.numeric(m$mem_alloc) / 2^20)
}

g <- id_generator("twitter", datacenter = 1, worker = 1)
# A layout whose capacity is not the limit: 32 bits of seconds and a 30-bit
# sequence (2^30 IDs a second), with a node given and with a leased one
# (an SQLite file), for minting at the speed of memory.
wide_seq <- id_layout(time = list(bits = 32, unit = "s", epoch = as.POSIXct("2024-01-01", tz = "UTC")),
                      fields = list(node = 1), sequence = 30)
g_wide <- id_generator(wide_seq, node = 1)
lease_db <- tempfile(fileext = ".sqlite")
lease_con <- DBI::dbConnect(RSQLite::SQLite(), lease_db)
g_leased <- id_generator(wide_seq, lease = lease_con)
rows <- rbind(
  run("unclass(x64) * 1 (memory bound)", unclass(x64) * 1, iterations),
  run("bit64 fields from integer64", fields_bit64(x64), iterations),
  run("bit64 fields from character", fields_bit64(as.integer64(chr)), 1),
  run("id_fields(<integer64>)", id_fields(x64, "twitter"), iterations),
  run("id_fields(<character>)", id_fields(chr, "twitter"), iterations),
  run("id_time(<integer64>)", id_time(x64, "twitter"), iterations),
  run("id_time(<character>)", id_time(chr, "twitter"), iterations),
  run("id_compose(), as character", id_compose(times, "twitter", worker = workers, as = "character"), 1),
  run("as.character(<integer64>) (bit64, for scale)", as.character(x64), 1),
  run("id_compose(), as integer64", id_compose(times, "twitter", worker = workers, as = "integer64"), iterations),
  run("id_compose(), as id", id_compose(times, "twitter", worker = workers), iterations),
  run("as_zuid_id(<character>)", as_zuid_id(chr, "twitter"), iterations),
  run("<zuid_id> < <zuid_id>", ids < ids_rev, iterations),
  run("<integer64> < <integer64> (bit64)", x64 < x64_rev, iterations),
  run("<zuid_id> == <zuid_id>", ids == ids_rev, iterations),
  run("<zuid_id>[<half, shuffled>]", ids[half], iterations),
  run("<integer64>[<half, shuffled>] (bit64)", x64[half], iterations),
  run("c(<zuid_id>, <zuid_id>)", c(ids, ids_rev), iterations),
  run("c(<integer64>, <integer64>) (bit64)", c(x64, x64_rev), iterations),
  run("sort(<zuid_id>)", sort(ids), iterations),
  run("sort(<integer64>) (bit64)", sort(x64), iterations),
  run("id_to_scru64(<integer64>)", id_to_scru64(x64), 1),
  run("id_next(g, 1e6, as = \"integer64\")", id_next(g, 1e6, as = "integer64"), iterations),
  run("id_next(<32 s + 30 seq>, n, as = \"integer64\")", id_next(g_wide, n, as = "integer64"), iterations),
  run("id_next(<leased 32 s + 30 seq>, n, as = \"integer64\")", id_next(g_leased, n, as = "integer64"),
      iterations)
)
id_release(g_leased)
DBI::dbDisconnect(lease_con)
unlink(lease_db)

# Creating 20,000 generators with distinct nodes, in four batches of 5,000:
# kept alive together, and each replacing the last (collected as R goes).
# What the registry costs should not grow with how many there were.
many_nodes <- id_layout(time = list(bits = 41, unit = "ms", epoch = as.POSIXct("2022-01-01", tz = "UTC")),
                        fields = list(node = 15), sequence = 7)
batch_times <- function(keep) {
  kept <- vector("list", 20000L)
  vapply(0:3, function(b) {
    system.time(for (node in b * 5000L + seq_len(5000L) - 1L) {
      gen <- id_generator(many_nodes, node = node)
      if (keep) kept[[node + 1L]] <<- gen
    })[["elapsed"]]
  }, 0)
}
invisible(gc())
kept_times <- batch_times(TRUE)
invisible(gc())
replaced_times <- batch_times(FALSE)
registry <- data.frame(
  generators = c("kept alive", "each replacing the last"),
  first_5000_s = round(c(kept_times[[1]], replaced_times[[1]]), 2),
  last_5000_s = round(c(kept_times[[4]], replaced_times[[4]]), 2)
)
# How soon Ctrl-C stops id_next() (the tests assert that it stops, not how
# soon): a child R mints 100 s worth of a layout of one ID per millisecond,
# and gets SIGINT a second in; the time from the signal to the call
# returning, the median of 3.
stop_delay <- function() {
  one_per_ms <- id_layout(time = list(bits = 41, unit = "ms", epoch = 0), fields = list(node = 22), sequence = 0)
  p <- callr::r_bg(function(layout) {
    g <- zuid::id_generator(layout, node = 1)
    cat("ready\n")
    tryCatch(zuid::id_next(g, 1e5), error = function(e) NULL, interrupt = function(e) NULL)
    Sys.time()
  }, list(one_per_ms), libpath = .libPaths(), stdout = "|")
  while (!grepl("ready", p$read_output())) p$poll_io(1000)
  Sys.sleep(1)
  sent <- Sys.time()
  tools::pskill(p$get_pid(), tools::SIGINT)
  p$wait(120000)
  as.double(difftime(p$get_result(), sent, units = "secs"))
}
ctrl_c_s <- stats::median(vapply(1:3, function(i) stop_delay(), 0))

rows$median_s <- signif(rows$median_s, 3)
rows$mem_alloc_mb <- round(rows$mem_alloc_mb, 1)

at <- function(label) rows$median_s[rows$call == label]
targets <- data.frame(
  target = c(
    "id_fields(<integer64>) vs bit64: speed-up >= 15",
    "id_fields(<character>) vs bit64 parse + arithmetic: speed-up >= 6",
    "id_time(<integer64>) / memory bound <= 2",
    "id_next(1e6) / capacity (244 ms) <= 1.25",
    "as_zuid_id(<character>) / id_time(<character>) <= 1",
    "<zuid_id> < <zuid_id> / bit64's < <= 2",
    "sort(<zuid_id>) / bit64's sort() <= 2",
    "id_compose(), as id / memory bound <= 3",
    "id_next(<32 s + 30 seq>, n) / memory bound <= 1 (and >= 100M IDs/s)",
    "id_next(<leased>, n) / memory bound <= 1, as without a lease",
    "20,000 generators kept: last 5,000 / first 5,000 <= 2",
    "20,000 generators replaced: last 5,000 / first 5,000 <= 2",
    "Ctrl-C to id_next() returning (one ID per ms), seconds <= 1"
  ),
  value = round(c(
    at("bit64 fields from integer64") / at("id_fields(<integer64>)"),
    at("bit64 fields from character") / at("id_fields(<character>)"),
    at("id_time(<integer64>)") / at("unclass(x64) * 1 (memory bound)"),
    at("id_next(g, 1e6, as = \"integer64\")") / (1e6 / 4096 / 1000),
    at("as_zuid_id(<character>)") / at("id_time(<character>)"),
    at("<zuid_id> < <zuid_id>") / at("<integer64> < <integer64> (bit64)"),
    at("sort(<zuid_id>)") / at("sort(<integer64>) (bit64)"),
    at("id_compose(), as id") / at("unclass(x64) * 1 (memory bound)"),
    at("id_next(<32 s + 30 seq>, n, as = \"integer64\")") / at("unclass(x64) * 1 (memory bound)"),
    at("id_next(<leased 32 s + 30 seq>, n, as = \"integer64\")") / at("unclass(x64) * 1 (memory bound)"),
    kept_times[[4]] / kept_times[[1]],
    replaced_times[[4]] / replaced_times[[1]],
    ctrl_c_s
  ), 2)
)
targets$met <- c(targets$value[1] >= 15, targets$value[2] >= 6,
                 targets$value[3] <= 2, targets$value[4] <= 1.25,
                 targets$value[5] <= 1, targets$value[6] <= 2,
                 targets$value[7] <= 2, targets$value[8] <= 3,
                 targets$value[9] <= 1 && at("id_next(<32 s + 30 seq>, n, as = \"integer64\")") <= n / 1e8,
                 targets$value[10] <= 1, targets$value[11] <= 2, targets$value[12] <= 2,
                 targets$value[13] <= 1)

cat(sprintf("zuid bench: %s IDs, median of up to %d runs without a GC (1 run for the slowest), %s, %d cores, %s\n\n",
            format(n, big.mark = ","), iterations, R.version.string,
            parallel::detectCores(), Sys.info()[["machine"]]))
print(rows, row.names = FALSE)
cat("\nOutputs for reference: 10M doubles or integer64 are 76.3 MB; id_fields()'s",
    "four columns are 190.7 MB. Making 10M strings is mostly R's own string",
    "cache, as bit64's as.character() shows.\n\n")
print(registry, row.names = FALSE)
cat("\n")
print(targets, row.names = FALSE)
