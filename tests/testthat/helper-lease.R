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
    for (name in c(db$table, paste0(db$table, "_horizons"))) {
      try(DBI::dbExecute(db$con, sprintf("DROP TABLE IF EXISTS %s", name)), silent = TRUE)
    }
    try(DBI::dbDisconnect(db$con), silent = TRUE)
    if (!is.null(db$path)) unlink(db$path)
  }
  do.call(on.exit, list(substitute(f(), list(f = withr_defer)), add = TRUE), envir = env)
  db
}

# A lease table of its own on `db`'s connection, dropped with its ledger
# when the test ends.
fresh_lease_table <- function(db, env = parent.frame()) {
  table <- sprintf("zuid_leases_%s_%d", db$engine, sample.int(1e9, 1L))
  drop <- function() {
    for (name in c(table, paste0(table, "_horizons"))) {
      try(DBI::dbExecute(db$con, sprintf("DROP TABLE IF EXISTS %s", name)), silent = TRUE)
    }
  }
  do.call(on.exit, list(substitute(f(), list(f = drop)), add = TRUE, after = FALSE), envir = env)
  table
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

# A connection like `con` (the same driver's class, the same session) whose
# statements fail as scripted: the `at`-th statement from now on (counting
# dbGetQuery(), dbExecute() and dbExistsTable() calls) fails as `how` says:
# "error" (the driver raises), "null" (NULL with a warning, as RPostgreSQL
# answers a query that failed), "shape" (an answer of another form) or
# "lost" (the statement runs, and its answer is lost on the way back).
# `faults$count` counts the statements run.
faulty_connection <- function(con, faults) {
  base <- class(con)[[1L]]
  cls <- paste0("ZuidFaulty", base)
  # Where the classes and methods live: an environment that sees DBI's
  # generics (DBI is not attached in the tests).
  if (is.null(faulty_classes$env)) faulty_classes$env <- new.env(parent = asNamespace("DBI"))
  faulty_classes <- faulty_classes$env
  if (!methods::isClass(cls, where = faulty_classes)) {
    methods::setClass(cls, contains = base, slots = c(faults = "environment", inner = "ANY"),
                      where = faulty_classes)
    # Each statement goes to the connection itself, unless it is the one
    # to fail.
    methods::setMethod("dbGetQuery", methods::signature(cls, "character"), function(conn, statement, ...) {
      faulty_run(conn, statement, function(con) DBI::dbGetQuery(con, statement, ...), data.frame(other = 1:2))
    }, where = faulty_classes)
    methods::setMethod("dbExecute", methods::signature(cls, "character"), function(conn, statement, ...) {
      faulty_run(conn, statement, function(con) DBI::dbExecute(con, statement, ...), "1")
    }, where = faulty_classes)
    methods::setMethod("dbExistsTable", methods::signature(cls, "character"), function(conn, name, ...) {
      faulty_run(conn, name, function(con) DBI::dbExistsTable(con, name, ...), NA)
    }, where = faulty_classes)
  }
  methods::new(cls, con, faults = faults, inner = con)
}

faulty_classes <- new.env()

# A statement of a faulty connection: `run` on the connection itself,
# unless it is the one to fail: then it fails as the plan says (after
# running, for "lost"), and the plan keeps its text; `shape` is an answer
# of another form.
faulty_run <- function(conn, statement, run, shape) {
  faults <- conn@faults
  faults$count <- faults$count + 1L
  if (!identical(faults$count, faults$at)) {
    return(run(conn@inner))
  }
  faults$statement <- statement
  switch(faults$how,
    error = stop("injected failure of the statement"),
    null = {
      warning("injected: could not run the statement")
      NULL
    },
    shape = shape,
    lost = {
      run(conn@inner)
      stop("injected: the connection was lost after the statement ran")
    })
}

# The fault plan of a faulty connection: none yet, statements counted.
fault_plan <- function() {
  plan <- new.env()
  plan$count <- 0L
  plan$at <- NA_integer_
  plan$how <- "error"
  plan
}

# Statements that keep other sessions out of a table for a while, and what
# makes this session's statements give up waiting for them: on
# PostgreSQL and MariaDB, a failed statement that is not the driver's fault.
table_lock <- list(
  postgres = list(
    hold = function(table) c("BEGIN", sprintf("LOCK TABLE %s IN ACCESS EXCLUSIVE MODE", table)),
    release = "ROLLBACK",
    impatient = "SET lock_timeout = '300ms'"
  ),
  mysql = list(
    hold = function(table) sprintf("LOCK TABLES %s WRITE", table),
    release = "UNLOCK TABLES",
    impatient = "SET SESSION lock_wait_timeout = 1"
  )
)

# Makes the session of `con` read-only, or writable again: every write
# then fails, as against a database that cannot be written.
read_only <- function(con, engine, on) {
  sql <- switch(engine_dialect(engine),
    sqlite = sprintf("PRAGMA query_only = %s", if (on) "ON" else "OFF"),
    postgres = sprintf("SET default_transaction_read_only = %s", if (on) "on" else "off"),
    mysql = sprintf("SET SESSION TRANSACTION %s", if (on) "READ ONLY" else "READ WRITE"))
  DBI::dbExecute(con, sql)
}

# Every statement that empties a table on the engine.
emptying <- function(engine, table) {
  c(sprintf("DELETE FROM %s", table), if (engine != "sqlite") sprintf("TRUNCATE TABLE %s", table))
}

# No ID among all those given (as text or IDs) appears twice.
expect_no_twice <- function(...) {
  ids <- c(...)
  expect_false(anyDuplicated(as.character(ids)) > 0, label = "an ID minted twice")
}

# Milliseconds, one node bit and a 21-bit sequence: two nodes.
two_nodes_ms <- function() {
  id_layout(time = list(bits = 41, unit = "ms", epoch = as.POSIXct("2020-01-01", tz = "UTC")),
            fields = list(node = 1), sequence = 21)
}
