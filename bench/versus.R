# make bench, second part: zuid against polars, numpy and DuckDB (from PyPI
# in .venv, see tools/setup.sh --bench) decoding the same 10 million Twitter
# IDs: all fields (time and three integer columns) and the time alone from
# an integer64 column, and all fields from decimal text. Warm is the best of
# 5 calls in one process; cold is the first call in a fresh process (R via
# callr, Python via bench/versus.py), after the IDs are read. Each figure
# is the median of ZUID_VERSUS_ROUNDS rounds (3). The ratios are the other
# tool's time over zuid's: above 1, zuid is faster.
# Not a test: nothing here asserts a time.
suppressPackageStartupMessages(library(zuid))
source("bench/twitter-ids.R")

n <- as.integer(Sys.getenv("ZUID_BENCH_N", "1e7"))
rounds <- as.integer(Sys.getenv("ZUID_VERSUS_ROUNDS", "3"))
python <- file.path(getwd(), ".venv", "bin", "python")
load_before <- readLines("/proc/loadavg")

x64 <- twitter_ids(n)
bin <- tempfile(fileext = ".bin")
txt <- tempfile(fileext = ".txt")
writeBin(unclass(x64), bin, size = 8, endian = "little")
writeLines(as.character(x64), txt)
stopifnot(identical(id_time(x64[1:3], "twitter"), id_fields(as.character(x64[1:3]), "twitter")$time))
rm(x64)
invisible(gc())

# The IDs as the timed call reads them: an integer64 vector, or text.
read_ids <- function(task, bin, txt, n) {
  if (task == "fields_text") return(readLines(txt))
  structure(readBin(bin, "double", n, size = 8, endian = "little"), class = "integer64")
}
# zuid's call for a task, timed `times` times; the best time.
time_zuid <- function(task, ids, times) {
  call <- switch(task,
    fields = , fields_text = function() zuid::id_fields(ids, "twitter"),
    time = function() zuid::id_time(ids, "twitter")
  )
  min(vapply(seq_len(times), function(i) {
    start <- proc.time()[["elapsed"]]
    out <- call()
    proc.time()[["elapsed"]] - start
  }, 0))
}
# In a fresh R each time, holding only its IDs: 10 million strings in this
# session would make every garbage collection of a warm run slow.
zuid <- function(task, mode) {
  callr::r(function(task, times, bin, txt, n, read_ids, time_zuid) {
    loadNamespace("zuid") # as Python imports its tool before timing
    time_zuid(task, read_ids(task, bin, txt, n), times)
  }, list(task, if (mode == "cold") 1 else 5, bin, txt, n, read_ids, time_zuid), libpath = .libPaths())
}
other <- function(tool, task, mode) {
  out <- system2(python, c("bench/versus.py", if (task == "fields_text") txt else bin, tool, task, mode),
                 stdout = TRUE)
  as.numeric(strsplit(out[length(out)], " ")[[1]][1]) # wall time, then CPU time
}

tasks <- c(fields = "all fields of <integer64>", time = "time of <integer64>",
           fields_text = "all fields of <character>")
tools <- c("zuid", "polars", "numpy", "duckdb")
runs <- expand.grid(tool = tools, task = names(tasks), mode = c("warm", "cold"), round = seq_len(rounds),
                    stringsAsFactors = FALSE)
# numpy parses text in Python objects: about 10 s a call, left out.
runs <- runs[!(runs$tool == "numpy" & runs$task == "fields_text"), ]
runs$s <- vapply(seq_len(nrow(runs)), function(i) {
  r <- runs[i, ]
  if (r$tool != "zuid") return(other(r$tool, r$task, r$mode))
  zuid(r$task, r$mode)
}, 0)
med <- stats::aggregate(s ~ tool + task + mode, runs, stats::median)

rows <- do.call(rbind, lapply(names(tasks), function(task) {
  do.call(rbind, lapply(tools, function(tool) {
    at <- function(t, mode) med$s[med$tool == t & med$task == task & med$mode == mode]
    if (length(at(tool, "warm")) == 0) return(NULL)
    data.frame(task = tasks[[task]], tool = tool,
               warm_s = signif(at(tool, "warm"), 3), cold_s = signif(at(tool, "cold"), 3),
               warm_vs_zuid = round(at(tool, "warm") / at("zuid", "warm"), 2),
               cold_vs_zuid = round(at(tool, "cold") / at("zuid", "cold"), 2))
  }))
}))
unlink(c(bin, txt))

cpu <- sub(".*: ", "", grep("^model name", readLines("/proc/cpuinfo"), value = TRUE)[1])
versions <- system2(python, c("-c", shQuote(paste(
  "import polars, numpy, duckdb;",
  "print(f'polars {polars.__version__}, numpy {numpy.__version__}, duckdb {duckdb.__version__}')"
))), stdout = TRUE)
cat(sprintf(paste("\nzuid against polars, numpy and DuckDB: %s Twitter IDs, medians of %d rounds;",
                  "warm = best of 5 in one process, cold = first call of a fresh process\n"),
            format(n, big.mark = ","), rounds))
cat(sprintf("%s; %s; %d cores (%s); load before %s, after %s\n", R.version.string, versions,
            parallel::detectCores(), cpu, paste(strsplit(load_before, " ")[[1]][1:3], collapse = " "),
            paste(strsplit(readLines("/proc/loadavg"), " ")[[1]][1:3], collapse = " ")))
print(rows, row.names = FALSE)
cat("(x_vs_zuid: the tool's time over zuid's; above 1, zuid is faster.)\n")
