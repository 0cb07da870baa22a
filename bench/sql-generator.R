# make bench, second part (run by bench/sql-generator.sh, which starts the
# servers): what an ID from id_sql_generator()'s function costs in
# PostgreSQL and MariaDB. One INSERT ... SELECT of N rows (a million by
# default) into a table whose id comes from the function (PostgreSQL's
# DEFAULT, MariaDB's trigger), against the same INSERT with the ids given;
# the function alone in a SELECT; and 4 sessions inserting N / 4 rows each
# at once, in INSERTs of 1,000 rows. Prints seconds and microseconds per ID.
# Not a test: nothing here asserts a time.
suppressPackageStartupMessages(library(zuid))

n <- as.integer(Sys.getenv("ZUID_BENCH_SQL_N", "1e6"))

connect <- function(engine) {
  switch(engine,
    postgres = {
      con <- DBI::dbConnect(RPostgreSQL::PostgreSQL(), host = Sys.getenv("ZUID_TEST_PG_HOST"),
                            port = as.integer(Sys.getenv("ZUID_TEST_PG_PORT")),
                            user = "postgres", dbname = "postgres")
      DBI::dbExecute(con, "SET client_min_messages = warning")
      con
    },
    mysql = {
      con <- DBI::dbConnect(RMySQL::MySQL(), unix.socket = Sys.getenv("ZUID_TEST_MYSQL_SOCKET"),
                            user = "root", password = "")
      DBI::dbExecute(con, "CREATE DATABASE IF NOT EXISTS zuid_bench")
      DBI::dbExecute(con, "USE zuid_bench")
      con
    }
  )
}

# The rows 1 to `to` (from `from`) as a FROM clause, and their number.
rows_from <- function(engine, to, from = 1) {
  switch(engine, postgres = sprintf("generate_series(%d, %d) AS s(g)", from, to),
         mysql = sprintf("seq_%d_to_%d AS s", from, to))
}
row_number <- function(engine) if (engine == "postgres") "s.g" else "s.seq"

seconds <- function(con, sql) {
  started <- Sys.time()
  DBI::dbExecute(con, sql)
  as.numeric(difftime(Sys.time(), started, units = "secs"))
}

fresh_table <- function(con, table) {
  DBI::dbExecute(con, sprintf("DROP TABLE IF EXISTS %s", table))
  DBI::dbExecute(con, sprintf("CREATE TABLE %s (id BIGINT NOT NULL PRIMARY KEY, n INTEGER NOT NULL)", table))
}

insert_rows <- function(con, engine, table, to, from = 1) {
  seconds(con, sprintf("INSERT INTO %s (n) SELECT %s FROM %s", table, row_number(engine),
                       rows_from(engine, to, from)))
}

# 4 child R sessions insert `rows_each` rows each, in INSERTs of 1,000
# rows, into bench_sessions, all started at once; the run's seconds.
concurrent <- function(engine, rows_each) {
  go <- tempfile("go")
  children <- lapply(1:4, function(k) {
    callr::r_bg(function(engine, k, rows, go, connect, rows_from, row_number) {
      con <- connect(engine)
      while (!file.exists(go)) Sys.sleep(0.002)
      for (start in seq(1, rows, by = 1000)) {
        DBI::dbExecute(con, sprintf("INSERT INTO bench_sessions (n) SELECT %d * 10000000 + %s FROM %s", k,
                                    row_number(engine), rows_from(engine, min(start + 999, rows), start)))
      }
      DBI::dbDisconnect(con)
    }, args = list(engine, k, rows_each, go, connect, rows_from, row_number), libpath = .libPaths())
  })
  Sys.sleep(3)
  started <- Sys.time()
  file.create(go)
  for (p in children) {
    p$wait()
    p$get_result()
  }
  unlink(go)
  as.numeric(difftime(Sys.time(), started, units = "secs"))
}

bench_engine <- function(engine) {
  con <- connect(engine)
  on.exit(DBI::dbDisconnect(con))
  version <- DBI::dbGetQuery(con, "SELECT version() AS v")$v
  fresh_table(con, "bench_plain")
  given <- seconds(con, sprintf("INSERT INTO bench_plain (id, n) SELECT %1$s, %1$s FROM %2$s",
                                row_number(engine), rows_from(engine, n)))
  fresh_table(con, "bench_ids")
  id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = con, table = "bench_ids",
                   execute = TRUE)
  generated <- insert_rows(con, engine, "bench_ids", n)
  alone <- seconds(con, sprintf("CREATE TABLE bench_count AS SELECT count(zuid_next_id()) AS c FROM %s",
                                rows_from(engine, n)))
  DBI::dbExecute(con, "DROP TABLE bench_count")
  out <- data.frame(engine = engine, what = c(
    "INSERT ... SELECT, ids given", "INSERT ... SELECT, ids from zuid_next_id()",
    "SELECT count(zuid_next_id())"), seconds = c(given, generated, alone))
  if (engine == "postgres") {
    # A schema-qualified name: no search_path setting on each call.
    fresh_table(con, "bench_ids_q")
    id_sql_generator("twitter", datacenter = 1, worker = 2, dialect = con,
                     name = c("public", "zuid_next_id_q"), table = "bench_ids_q", execute = TRUE)
    out <- rbind(out, data.frame(engine = engine, what = "INSERT ... SELECT, schema-qualified name",
                                 seconds = insert_rows(con, engine, "bench_ids_q", n)))
  }
  if (requireNamespace("callr", quietly = TRUE)) {
    fresh_table(con, "bench_sessions")
    id_sql_generator("twitter", datacenter = 1, worker = 3, dialect = con, name = "zuid_next_id_s",
                     table = "bench_sessions", execute = TRUE)
    out <- rbind(out, data.frame(engine = engine, what = "4 sessions at once, INSERTs of 1,000 rows",
                                 seconds = concurrent(engine, n %/% 4)))
  }
  out$us_per_id <- round(out$seconds / n * 1e6, 2)
  out$seconds <- round(out$seconds, 2)
  list(rows = out, version = version)
}

results <- lapply(c("postgres", "mysql"), bench_engine)
cat(sprintf("zuid SQL generator bench: %s rows per run, Twitter layout, %s, %d cores\n",
            format(n, big.mark = ","), R.version.string, parallel::detectCores()))
for (r in results) cat("  ", sub(" on .*", "", r$version), "\n")
cat("\n")
rows <- do.call(rbind, lapply(results, `[[`, "rows"))
print(rows, row.names = FALSE)
added <- vapply(results, function(r) {
  x <- r$rows
  (x$seconds[x$what == "INSERT ... SELECT, ids from zuid_next_id()"] -
     x$seconds[x$what == "INSERT ... SELECT, ids given"]) / n * 1e6
}, numeric(1))
cat(sprintf("\nThe generator adds %.1f us per row in PostgreSQL and %.1f us per row in MariaDB.\n",
            added[[1]], added[[2]]))
