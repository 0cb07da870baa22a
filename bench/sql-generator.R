# make bench, second part (run by bench/sql-generator.sh, which starts the
# servers): id_sql_generator()'s functions against what a database user
# would otherwise pick, side by side in one run.
#   PostgreSQL: BIGSERIAL, an Instagram-style PL/pgSQL function (a sequence
#   and the clock, written here) and zuid's function as a column default,
#   in single-row INSERTs from 1, 4 and 16 pgbench clients (transactions per
#   second), and in one INSERT ... SELECT of 200,000 rows.
#   MariaDB: AUTO_INCREMENT and zuid's function through its trigger, in
#   single-row INSERTs from 1, 4 and 16 mysqlslap clients, and in one
#   INSERT ... SELECT of 200,000 rows.
# Commits do not wait for the disk, as in the issue's comparison:
# synchronous_commit = off (PostgreSQL), innodb_flush_log_at_trx_commit = 2
# (MariaDB). Each number is the median of ZUID_BENCH_SQL_RUNS runs (3);
# ZUID_BENCH_SQL_SECONDS (10) sets pgbench's duration, ZUID_BENCH_SQL_N
# (200000) the INSERT ... SELECT's rows. Not a test: the targets are
# printed, never asserted.
suppressPackageStartupMessages(library(zuid))

runs <- as.integer(Sys.getenv("ZUID_BENCH_SQL_RUNS", "3"))
seconds <- as.integer(Sys.getenv("ZUID_BENCH_SQL_SECONDS", "10"))
n <- as.integer(Sys.getenv("ZUID_BENCH_SQL_N", "200000"))
clients <- c(1L, 4L, 16L)

pg_args <- c("-h", Sys.getenv("ZUID_TEST_PG_HOST"), "-p", Sys.getenv("ZUID_TEST_PG_PORT"), "-U", "postgres")
my_socket <- Sys.getenv("ZUID_TEST_MYSQL_SOCKET")

connect <- function(engine) {
  switch(engine,
    postgres = {
      con <- DBI::dbConnect(RPostgreSQL::PostgreSQL(), host = Sys.getenv("ZUID_TEST_PG_HOST"),
                            port = as.integer(Sys.getenv("ZUID_TEST_PG_PORT")),
                            user = "postgres", dbname = "postgres")
      DBI::dbExecute(con, "SET client_min_messages = warning")
      DBI::dbExecute(con, "SET synchronous_commit = off")
      con
    },
    mysql = {
      con <- DBI::dbConnect(RMySQL::MySQL(), unix.socket = my_socket, user = "root", password = "")
      DBI::dbExecute(con, "CREATE DATABASE IF NOT EXISTS zuid_bench")
      DBI::dbExecute(con, "USE zuid_bench")
      con
    }
  )
}

elapsed <- function(con, sql) {
  started <- Sys.time()
  DBI::dbExecute(con, sql)
  as.numeric(difftime(Sys.time(), started, units = "secs"))
}

# The Instagram-style function: the clock's milliseconds since Instagram's
# epoch, a 13-bit shard and a sequence's value modulo 1024. Written here as
# that scheme is described; unlike zuid's it keeps no state, so more than
# 1,024 IDs in a millisecond, or a clock that steps back, repeat IDs.
instagram_sql <- c(
  "CREATE SEQUENCE IF NOT EXISTS bench_insta_seq",
  paste(
    "CREATE OR REPLACE FUNCTION bench_insta_id() RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$",
    "DECLARE n bigint := nextval('bench_insta_seq') % 1024;",
    "ms bigint := floor(extract(epoch FROM clock_timestamp()) * 1000);",
    "BEGIN RETURN ((ms - 1314220021721) << 23) | (5 << 10) | n; END $$")
)

# The tables, one per contender, each with its own generator.
pg_tables <- function(con) {
  for (s in instagram_sql) DBI::dbExecute(con, s)
  make <- c(
    bigserial = "CREATE TABLE bench_bigserial (id BIGSERIAL PRIMARY KEY, body TEXT)",
    instagram = "CREATE TABLE bench_instagram (id BIGINT PRIMARY KEY DEFAULT bench_insta_id(), body TEXT)",
    zuid = "CREATE TABLE bench_zuid (id BIGINT PRIMARY KEY, body TEXT)"
  )
  for (what in names(make)) {
    DBI::dbExecute(con, sprintf("DROP TABLE IF EXISTS bench_%s", what))
    DBI::dbExecute(con, make[[what]])
  }
  id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = con, table = "bench_zuid", execute = TRUE)
  names(make)
}

my_tables <- function(con) {
  make <- c(
    auto_increment = "CREATE TABLE bench_auto_increment (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, body TEXT)",
    zuid = "CREATE TABLE bench_zuid (id BIGINT NOT NULL PRIMARY KEY, body TEXT)"
  )
  for (what in names(make)) {
    DBI::dbExecute(con, sprintf("DROP TABLE IF EXISTS bench_%s", what))
    DBI::dbExecute(con, make[[what]])
  }
  id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = con, table = "bench_zuid", execute = TRUE)
  names(make)
}

# Transactions per second of single-row INSERTs from `k` pgbench clients.
pgbench_tps <- function(table, k) {
  script <- tempfile(fileext = ".sql")
  writeLines(sprintf("INSERT INTO bench_%s (body) VALUES ('x');", table), script)
  out <- system2("pgbench", c(pg_args, "-n", "-c", k, "-j", min(k, 2L), "-T", seconds, "-f", script, "postgres"),
                 stdout = TRUE, stderr = TRUE, env = "PGOPTIONS='-c synchronous_commit=off'")
  tps <- regmatches(out, regexpr("tps = [0-9.]+", out))
  if (length(tps) == 0L) stop(paste(c("pgbench failed:", out), collapse = "\n"))
  as.numeric(sub("tps = ", "", tps[[1L]]))
}

# The same from `k` mysqlslap clients, each sending enough INSERTs to run
# for some seconds.
mysqlslap_tps <- function(table, k, queries) {
  out <- system2("mysqlslap", c("--no-defaults", "-S", my_socket, "-u", "root", "--create-schema=zuid_bench",
                                sprintf("--concurrency=%d", k), "--iterations=1",
                                sprintf("--number-of-queries=%d", queries),
                                shQuote(sprintf("--query=INSERT INTO bench_%s (body) VALUES ('x')", table))),
                 stdout = TRUE, stderr = TRUE)
  secs <- regmatches(out, regexpr("run all queries: [0-9.]+", out))
  if (length(secs) == 0L) stop(paste(c("mysqlslap failed:", out), collapse = "\n"))
  queries / as.numeric(sub("run all queries: ", "", secs[[1L]]))
}

# Seconds of one INSERT ... SELECT of `n` rows into the table.
bulk_seconds <- function(con, engine, table) {
  DBI::dbExecute(con, sprintf("TRUNCATE TABLE bench_%s", table))
  rows <- if (engine == "postgres") sprintf("generate_series(1, %d)", n) else sprintf("seq_1_to_%d", n)
  elapsed(con, sprintf("INSERT INTO bench_%s (body) SELECT 'x' FROM %s", table, rows))
}

bench_postgres <- function() {
  con <- connect("postgres")
  on.exit(DBI::dbDisconnect(con))
  tables <- pg_tables(con)
  rows <- list()
  for (k in clients) for (table in tables) {
    tps <- median(vapply(seq_len(runs), function(i) pgbench_tps(table, k), 0))
    rows[[length(rows) + 1L]] <- data.frame(engine = "postgres", what = table, clients = k, tps = tps)
  }
  bulk <- vapply(tables, function(table) {
    median(vapply(seq_len(runs), function(i) bulk_seconds(con, "postgres", table), 0))
  }, 0)
  list(tps = do.call(rbind, rows), bulk = bulk, version = DBI::dbGetQuery(con, "SELECT version() AS v")$v)
}

bench_mysql <- function() {
  con <- connect("mysql")
  on.exit(DBI::dbDisconnect(con))
  DBI::dbExecute(con, "SET GLOBAL innodb_flush_log_at_trx_commit = 2")
  tables <- my_tables(con)
  rows <- list()
  for (k in clients) for (table in tables) {
    tps <- median(vapply(seq_len(runs), function(i) mysqlslap_tps(table, k, 2000L * k), 0))
    rows[[length(rows) + 1L]] <- data.frame(engine = "mariadb", what = table, clients = k, tps = tps)
  }
  bulk <- vapply(tables, function(table) {
    median(vapply(seq_len(runs), function(i) bulk_seconds(con, "mysql", table), 0))
  }, 0)
  list(tps = do.call(rbind, rows), bulk = bulk, version = DBI::dbGetQuery(con, "SELECT version() AS v")$v)
}

pg <- bench_postgres()
my <- bench_mysql()

cat(sprintf(paste("zuid SQL generator bench: single-row INSERTs for %d s per run, INSERT ... SELECT of %s rows;",
                  "medians of %d runs; Twitter layout; %s, %d cores, load %s\n"),
            seconds, format(n, big.mark = ","), runs, R.version.string, parallel::detectCores(),
            paste(readLines("/proc/loadavg", warn = FALSE), collapse = "")))
cat("  ", sub(" on .*", "", pg$version), "(synchronous_commit = off)\n")
cat("  ", my$version, "(innodb_flush_log_at_trx_commit = 2)\n\n")

tps <- rbind(pg$tps, my$tps)
side <- reshape(tps, idvar = c("engine", "what"), timevar = "clients", direction = "wide")
names(side) <- sub("^tps\\.", "tps_", names(side))
side[grepl("^tps_", names(side))] <- lapply(side[grepl("^tps_", names(side))], round)
cat("Transactions per second of single-row INSERTs, by clients:\n")
print(side, row.names = FALSE)

bulk <- data.frame(engine = c(rep("postgres", length(pg$bulk)), rep("mariadb", length(my$bulk))),
                   what = c(names(pg$bulk), names(my$bulk)), seconds = round(c(pg$bulk, my$bulk), 3))
bulk$us_per_row <- round(bulk$seconds / n * 1e6, 2)
cat(sprintf("\nOne INSERT ... SELECT of %s rows:\n", format(n, big.mark = ",")))
print(bulk, row.names = FALSE)

at <- function(engine, what, k) tps$tps[tps$engine == engine & tps$what == what & tps$clients == k]
zuid_scaling <- at("postgres", "zuid", 16) / at("postgres", "zuid", 1)
serial_scaling <- at("postgres", "bigserial", 16) / at("postgres", "bigserial", 1)
targets <- data.frame(
  target = c("PostgreSQL, 16 clients: zuid / bigserial >= 0.5",
             "PostgreSQL, 1 to 16 clients: zuid's gain / bigserial's >= 0.75",
             "PostgreSQL, INSERT ... SELECT: zuid / bigserial <= 2",
             "MariaDB, INSERT ... SELECT: zuid / AUTO_INCREMENT <= 5",
             "MariaDB, 1 to 16 clients: zuid's gain >= 2"),
  value = round(c(at("postgres", "zuid", 16) / at("postgres", "bigserial", 16),
                  zuid_scaling / serial_scaling,
                  pg$bulk[["zuid"]] / pg$bulk[["bigserial"]],
                  my$bulk[["zuid"]] / my$bulk[["auto_increment"]],
                  at("mariadb", "zuid", 16) / at("mariadb", "zuid", 1)), 2)
)
targets$met <- c(targets$value[1:2] >= c(0.5, 0.75), targets$value[3:4] <= c(2, 5), targets$value[[5]] >= 2)
cat("\n")
print(targets, row.names = FALSE)
