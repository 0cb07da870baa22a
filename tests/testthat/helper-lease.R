# Node leases on the engines that hold them (SQLite files, PostgreSQL,
# MySQL/MariaDB), from this R and from child R processes (callr) that
# connect to the same database themselves. Each test uses a lease table
# of its own, dropped at the end, so that tests never share nodes.

# The DBI engines whose dialect holds lease tables.
lease_engines <- function() {
  Filter(function(e) !is.null(dialect_of(e)$lease), dbi_engines)
}

skip_unless_lease_engine <- function(engine) {
  skip_on_cran()
  skip_unless_engine(engine)
}

# A database for one test: an SQLite file of its own (the helper's SQLite
# is in memory, which other processes cannot open), or the engine's
# server; `table` names a lease table no other test uses.
lease_database <- function(engine, env = parent.frame()) {
  db <- list(engine = engine, path = if (engine == "sqlite") tempfile(fileext = ".sqlite"),
             table = sprintf("zuid_leases_%s_%d", engine, sample.int(1e9, 1L)))
  db$con <- lease_connect(db)
  withr_defer <- function() {
    try(DBI::dbExecute(db$con, sprintf("DROP TABLE IF EXISTS %s", db$table)), silent = TRUE)
    try(DBI::dbDisconnect(db$con), silent = TRUE)
    if (!is.null(db$path)) unlink(db$path)
  }
  do.call(on.exit, list(substitute(f(), list(f = withr_defer)), add = TRUE), envir = env)
  db
}

lease_connect <- function(db) {
  if (db$engine == "sqlite") DBI::dbConnect(RSQLite::SQLite(), db$path) else engine_connect(db$engine)
}

# Starts `task(con, ...)` in a child R with its own connection to `db`.
# `env` adds environment variables (an LD_PRELOAD, say). The task is sent
# as code alone (its environment becomes the child's global one).
lease_child <- function(db, task, args = list(), env = character()) {
  environment(task) <- globalenv()
  helper <- normalizePath(test_path("helper-engines.R"))
  run <- function(task, args, engine, path, helper) {
    library(zuid)
    helpers <- new.env()
    sys.source(helper, envir = helpers)
    con <- if (engine == "sqlite") DBI::dbConnect(RSQLite::SQLite(), path) else helpers$engine_connect(engine)
    do.call(task, c(list(con), args))
  }
  callr::r_bg(run, args = list(task, args, db$engine, db$path, helper), libpath = .libPaths(),
              stdout = "|", stderr = "|", env = c(callr::rcmd_safe_env(), env))
}

# The values of children started with lease_child(), each within `timeout`
# seconds; a child that failed gives its error's message as `error`.
lease_results <- function(children, timeout = 240) {
  deadline <- Sys.time() + timeout
  lapply(children, function(p) {
    p$wait(max(1, as.double(difftime(deadline, Sys.time(), units = "secs"))) * 1000)
    if (p$is_alive()) {
      p$kill()
      stop("a child R was still running after the timeout: it hung")
    }
    tryCatch(p$get_result(), error = function(e) list(error = conditionMessage(e)))
  })
}

# A time for children to start their work together: a few seconds from now,
# once each has started R and connected.
start_together_at <- function(seconds = 6) as.double(Sys.time()) + seconds

# A shared library that sets the wall clock of the process it is preloaded
# into back by ZUID_TEST_CLOCK_OFFSET_MS milliseconds (clock_gettime() of
# CLOCK_REALTIME, timespec_get(), gettimeofday() and time()): a machine whose clock is
# behind, for R, zuid and the database drivers alike, while the monotonic
# clock runs on. zuid itself has no test hook for its clock. Built with R's
# C compiler; NULL where that is not possible.
clock_shim <- local({
  built <- NULL
  function() {
    if (!is.null(built) || .Platform$OS.type != "unix") {
      return(built)
    }
    dir <- tempfile("clock-shim")
    dir.create(dir)
    source <- file.path(dir, "shim.c")
    writeLines(c(
      "#define _GNU_SOURCE",
      "#include <dlfcn.h>",
      "#include <stdlib.h>",
      "#include <sys/time.h>",
      "#include <time.h>",
      "static long long offset_ns(void) {",
      "  const char *s = getenv(\"ZUID_TEST_CLOCK_OFFSET_MS\");",
      "  return s ? atoll(s) * 1000000LL : 0;",
      "}",
      "int clock_gettime(clockid_t id, struct timespec *ts) {",
      "  static int (*real)(clockid_t, struct timespec *);",
      "  if (!real) real = (int (*)(clockid_t, struct timespec *)) dlsym(RTLD_NEXT, \"clock_gettime\");",
      "  int r = real(id, ts);",
      "  if (r == 0 && (id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE)) {",
      "    long long ns = (long long) ts->tv_sec * 1000000000LL + ts->tv_nsec + offset_ns();",
      "    ts->tv_sec = ns / 1000000000LL;",
      "    ts->tv_nsec = ns % 1000000000LL;",
      "  }",
      "  return r;",
      "}",
      "int gettimeofday(struct timeval *tv, void *tz) {",
      "  struct timespec ts;",
      "  int r = clock_gettime(CLOCK_REALTIME, &ts);",
      "  if (r == 0 && tv) { tv->tv_sec = ts.tv_sec; tv->tv_usec = ts.tv_nsec / 1000; }",
      "  return r;",
      "}",
      "int timespec_get(struct timespec *ts, int base) {",
      "  return base == TIME_UTC && clock_gettime(CLOCK_REALTIME, ts) == 0 ? base : 0;",
      "}",
      "time_t time(time_t *t) {",
      "  struct timespec ts;",
      "  clock_gettime(CLOCK_REALTIME, &ts);",
      "  if (t) *t = ts.tv_sec;",
      "  return ts.tv_sec;",
      "}"
    ), source)
    library <- file.path(dir, "shim.so")
    cc <- strsplit(trimws(system2(file.path(R.home("bin"), "R"), c("CMD", "config", "CC"), stdout = TRUE)),
                   " ")[[1L]]
    status <- suppressWarnings(system2(cc[[1L]], c(cc[-1L], "-shared", "-fPIC", "-o", shQuote(library),
                                                   shQuote(source), "-ldl"), stdout = FALSE, stderr = FALSE))
    if (identical(status, 0L) && file.exists(library)) built <<- library
    built
  }
})
