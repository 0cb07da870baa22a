# Child R processes for the generator's tests where R must survive what a
# test does to it (run out of memory, take a Ctrl-C): callr runs a function
# in a fresh R that loads zuid from the same library, and the test talks to
# it through its output and its result. Every wait is bounded, so that a
# child that hangs fails the test instead of hanging it.

child_start <- function(fn, args = list()) {
  callr::r_bg(fn, args = args, libpath = .libPaths(), stdout = "|", stderr = "|")
}

# Waits until the child has printed `pattern` (it prints "ready" just
# before the call the test acts on).
child_wait_for <- function(p, pattern = "ready", timeout = 120) {
  out <- ""
  deadline <- Sys.time() + timeout
  while (!grepl(pattern, out)) {
    if (Sys.time() > deadline || (!p$is_alive() && !nzchar(out))) {
      p$kill()
      stop(sprintf("the child R did not print \"%s\": %s", pattern, p$read_all_error()))
    }
    p$poll_io(1000)
    out <- paste0(out, p$read_output())
  }
  out
}

# Ctrl-C for the child: SIGINT, as a terminal sends it.
child_interrupt <- function(p) {
  tools::pskill(p$get_pid(), tools::SIGINT)
}

# The child's value; a child still running after `timeout` seconds hung.
child_result <- function(p, timeout = 180) {
  p$wait(timeout * 1000)
  if (p$is_alive()) {
    p$kill()
    stop(sprintf("the child R was still running after %d s: it hung", timeout))
  }
  p$get_result()
}

# In the child: makes a generator, mints one ID, prints "ready", then calls
# `id_next(g, n, as)`, which the parent interrupts. Reports how the call
# ended (and at which stage), whether the Ctrl-C landed after it, and the
# IDs before and after.
interrupted_call <- function(layout, nodes, n, as, policy) {
  library(zuid)
  g <- do.call(id_generator, c(list(layout), nodes, list(on_clock_back = policy)))
  before <- id_next(g, 1)
  cat("ready\n")
  flush(stdout())
  outcome <- tryCatch({
    id_next(g, n, as = as)
    "finished"
  }, zuid_error_generator = function(e) e, interrupt = function(e) "r_interrupt")
  # A Ctrl-C that came after the call would land here.
  late <- tryCatch({
    Sys.sleep(0.2)
    FALSE
  }, interrupt = function(e) TRUE)
  after <- id_next(g, 3)
  list(
    class = if (is.character(outcome)) outcome else class(outcome)[[1L]],
    stage = if (is.character(outcome)) NA_character_ else outcome$stage,
    late = late, before = before, after = after
  )
}

# Interrupts `interrupted_call(...)` `delay` seconds after it printed
# "ready", up to `attempts` times until the call reports `stage`, so that
# how fast the machine is only changes how often it tries: `grow`
# multiplies `n` after a call that finished before the interrupt came, and
# the delay doubles after one interrupted at an earlier stage (still
# minting, where its output was wanted).
interrupt_at_stage <- function(stage, layout, nodes, n, as = "character", policy = "wait", delay = 1,
                               attempts = 4, grow = 2) {
  for (attempt in seq_len(attempts)) {
    p <- child_start(interrupted_call, list(layout, nodes, n, as, policy))
    child_wait_for(p)
    Sys.sleep(delay)
    child_interrupt(p)
    result <- child_result(p)
    if (identical(result$stage, stage)) {
      break
    }
    if (identical(result$class, "finished")) n <- n * grow
    if (identical(stage, "output") && identical(result$stage, "minting")) delay <- delay * 2
  }
  result
}

# Whether every ID of `later` is above every ID of `earlier` (zuid_ids,
# text or integer64 of IDs below 2^63), compared as plain integer64.
all_above <- function(later, earlier) {
  plain <- function(x) bit64::as.integer64(as.character(x))
  min(plain(later)) > max(plain(earlier))
}

# Runs the R script `code` (lines) in a child R whose address space is
# capped at `kb` kilobytes (`ulimit -v`), with zuid's library; its value is
# what the script saved with saveRDS() to the path in `result_path`.
run_with_ulimit <- function(code, kb, timeout = 180) {
  script <- tempfile(fileext = ".R")
  result_path <- tempfile(fileext = ".rds")
  on.exit(unlink(c(script, result_path)))
  writeLines(c(
    sprintf(".libPaths(%s)", paste(deparse(.libPaths()), collapse = "")),
    sprintf("result_path <- %s", deparse(result_path)),
    code
  ), script)
  errors <- tempfile(fileext = ".txt")
  on.exit(unlink(errors), add = TRUE)
  r <- file.path(R.home("bin"), "R")
  command <- sprintf("ulimit -v %d && exec %s --vanilla -s -f %s", kb, shQuote(r), shQuote(script))
  status <- suppressWarnings(system2("sh", c("-c", shQuote(command)), stdout = FALSE, stderr = errors,
                                     timeout = timeout))
  if (!file.exists(result_path)) {
    stop(sprintf("the capped child R saved nothing (status %s): %s", status,
                 paste(readLines(errors), collapse = "\n")))
  }
  readRDS(result_path)
}

# The value of `fn()` in a fresh R that has attached the packages `attach`,
# in that order (none: zuid is loaded, not attached, when `fn` uses it):
# which function a name such as union() calls depends on the order. `fn`
# must be self-contained, as callr runs it.
with_attached <- function(attach, fn) {
  environment(fn) <- globalenv()
  callr::r(function(attach, fn) {
    for (pkg in attach) suppressPackageStartupMessages(library(pkg, character.only = TRUE))
    fn()
  }, list(attach, fn), libpath = .libPaths())
}

# The ways a session can attach zuid and bit64.
attach_orders <- list("zuid", c("bit64", "zuid"), c("zuid", "bit64"))
