# The live tests of id_sql_generator() (test-sql-generator*.R): a generator
# created on the PostgreSQL and MariaDB servers that make test starts (see
# helper-engines.R), IDs minted by one statement, a test clock in place of
# the server's, and sessions inserting at once from child R processes.

gen_engines <- c(postgres = "PostgreSQL", mysql = "MariaDB")

# What the tests write differently on each server, so that no test branches
# on the engine: a statement timeout, the rows 1 to n of one statement, the
# objects a generator makes, schemas, the documented column default, and
# how a child R connects.
gen_sql <- list(
  postgres = list(
    timeout = function(s) sprintf("SET statement_timeout = '%ds'", s),
    # "n FROM ...", the end of a SELECT: the whole numbers `from` to `to`,
    # in order, as column n.
    numbers = function(from, to) sprintf("g AS n FROM generate_series(%d, %d) AS g", from, to),
    drop = function(fn, clock, state, seen) {
      c(sprintf("DROP FUNCTION IF EXISTS %s() CASCADE", fn), sprintf("DROP FUNCTION IF EXISTS %s()", clock),
        sprintf("DROP SEQUENCE IF EXISTS %s", c(state, seen)))
    },
    create_schema = "CREATE SCHEMA %s",
    drop_schema = "DROP SCHEMA IF EXISTS %s CASCADE",
    default_table = "CREATE TABLE zgen_events (id BIGINT PRIMARY KEY DEFAULT zuid_next_id(), body TEXT)",
    # The test clocks (see install_test_clock()): `zgen_clock()`, the
    # server's clock plus an offset, or a fixed time; `zgen_step_clock()`,
    # a time that each reading moves on by a step, and sleeps and pauses too.
    test_clocks = c(
      paste("CREATE FUNCTION zgen_clock() RETURNS bigint LANGUAGE sql VOLATILE AS",
            "$$ SELECT COALESCE(fixed_us, CAST(round(EXTRACT(EPOCH FROM clock_timestamp()) * 1000000)",
            "AS bigint) + offset_us) FROM zgen_fake $$"),
      paste("CREATE FUNCTION zgen_step_clock() RETURNS bigint LANGUAGE sql VOLATILE AS",
            "$$ UPDATE zgen_fake SET now_us = now_us + step_us RETURNING now_us - step_us $$"),
      paste("CREATE FUNCTION zgen_step_sleep(ms bigint) RETURNS void LANGUAGE sql VOLATILE AS",
            "$$ UPDATE zgen_fake SET now_us = now_us + ms * 1000 $$")
    ),
    drop_test_clocks = c("DROP FUNCTION IF EXISTS zgen_clock()", "DROP FUNCTION IF EXISTS zgen_step_clock()",
                         "DROP FUNCTION IF EXISTS zgen_step_sleep(bigint)"),
    step_clock = list(clock = "zgen_step_clock()", sleep = "PERFORM zgen_step_sleep(%s);",
                      pause = "UPDATE zgen_fake SET now_us = now_us + 1;"),
    # The drivers' dbGetQuery() turns an error raised while rows are made
    # into a warning (RPostgreSQL) or a short result (RMySQL): PostgreSQL's
    # IDs and row numbers `n` come from a statement sent for its error,
    # MariaDB's through an INSERT into zgen_minted (made by
    # install_generator() where `minted_table`).
    mint_rows = function(con, fn, numbers) {
      rs <- DBI::dbSendQuery(con, sprintf("SELECT CAST(%s() AS TEXT) AS id, %s", fn, numbers))
      on.exit(DBI::dbClearResult(rs))
      DBI::dbFetch(rs, n = -1)
    },
    minted_table = FALSE,
    # Columns that get their values elsewhere, for adopt = TRUE.
    adoptable = c(bigserial = "id BIGSERIAL PRIMARY KEY",
                  identity = "id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"),
    narrow_column = "id SERIAL PRIMARY KEY",
    child_connection = function(env) {
      list(package = "RPostgreSQL", driver = "PostgreSQL",
           args = list(host = env[["ZUID_TEST_PG_HOST"]], port = as.integer(env[["ZUID_TEST_PG_PORT"]]),
                       user = "postgres", dbname = "postgres"))
    }
  ),
  mysql = list(
    timeout = function(s) sprintf("SET SESSION max_statement_time = %d", s),
    numbers = function(from, to) sprintf("seq AS n FROM seq_%d_to_%d", from, to),
    drop = function(fn, clock, state, seen) {
      c(sprintf("DROP FUNCTION IF EXISTS %s", fn), sprintf("DROP FUNCTION IF EXISTS %s", clock),
        sprintf("DROP TABLE IF EXISTS %s", state), "DROP TABLE IF EXISTS zgen_minted")
    },
    create_schema = "CREATE DATABASE %s",
    drop_schema = "DROP DATABASE IF EXISTS %s",
    # MariaDB takes no stored function in a DEFAULT: the trigger does it.
    default_table = c(
      "CREATE TABLE zgen_events (id BIGINT NOT NULL DEFAULT 0 PRIMARY KEY, body TEXT)",
      paste("CREATE TRIGGER zgen_events_id_zuid BEFORE INSERT ON zgen_events FOR EACH ROW",
            "SET NEW.id = CASE WHEN NEW.id IS NULL OR NEW.id = 0 THEN zuid_next_id() ELSE NEW.id END")),
    test_clocks = c(
      paste("CREATE FUNCTION zgen_clock() RETURNS BIGINT NOT DETERMINISTIC READS SQL DATA RETURN",
            "(SELECT COALESCE(fixed_us, CAST(UNIX_TIMESTAMP(SYSDATE(6)) * 1000000 AS SIGNED) + offset_us)",
            "FROM zgen_fake)"),
      paste("CREATE FUNCTION zgen_step_clock() RETURNS BIGINT NOT DETERMINISTIC MODIFIES SQL DATA BEGIN",
            "UPDATE zgen_fake SET now_us = now_us + step_us; RETURN (SELECT now_us - step_us FROM zgen_fake); END"),
      paste("CREATE FUNCTION zgen_step_sleep(ms BIGINT) RETURNS BIGINT NOT DETERMINISTIC MODIFIES SQL DATA BEGIN",
            "UPDATE zgen_fake SET now_us = now_us + ms * 1000; RETURN 0; END")
    ),
    drop_test_clocks = c("DROP FUNCTION IF EXISTS zgen_clock", "DROP FUNCTION IF EXISTS zgen_step_clock",
                         "DROP FUNCTION IF EXISTS zgen_step_sleep"),
    step_clock = list(clock = "zgen_step_clock()", sleep = "DO zgen_step_sleep(%s);",
                      pause = "UPDATE zgen_fake SET now_us = now_us + 1;"),
    mint_rows = function(con, fn, numbers) {
      DBI::dbExecute(con, "DELETE FROM zgen_minted")
      DBI::dbExecute(con, sprintf("INSERT INTO zgen_minted (id, n) SELECT %s(), %s", fn, numbers))
      DBI::dbGetQuery(con, "SELECT n, CAST(id AS CHAR) AS id FROM zgen_minted")
    },
    minted_table = TRUE,
    adoptable = c(auto_increment = "id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY"),
    narrow_column = "id INT NOT NULL AUTO_INCREMENT PRIMARY KEY",
    child_connection = function(env) {
      list(package = "RMySQL", driver = "MySQL",
           args = list(unix.socket = env[["ZUID_TEST_MYSQL_SOCKET"]], user = "root", password = "",
                       dbname = "zuid_test"))
    }
  )
)

# A connection whose statements the server cuts off after `timeout` seconds,
# so that a generator that waited for ever would fail the test, not hang it.
gen_connect <- function(engine, timeout = 120) {
  con <- engine_connect(engine)
  DBI::dbExecute(con, gen_sql[[engine]]$timeout(timeout))
  con
}

qualify <- function(parts, engine) paste(quote_name(parts, engine), collapse = ".")

# Drops what id_sql_generator() creates under `name` (in parts).
drop_generator <- function(con, engine, name) {
  derived <- function(suffix) {
    qualify(c(name[-length(name)], paste0(name[[length(name)]], suffix)), engine)
  }
  statements <- gen_sql[[engine]]$drop(qualify(name, engine), derived("_clock"), derived("_state"),
                                        derived("_seen"))
  for (s in statements) DBI::dbExecute(con, s)
}

# A fresh generator under `name`: its state, clock and function. With
# `clock = "offset"` or `"step"`, it reads a test clock (see
# install_test_clock()) instead of the server's.
install_generator <- function(con, engine, layout, nodes = list(), name = "zgen_next", ..., clock = NULL,
                              fresh = TRUE) {
  if (fresh) drop_generator(con, engine, name)
  if (gen_sql[[engine]]$minted_table) make_minted_table(con)
  if (is.null(clock)) {
    return(do.call(id_sql_generator, c(list(layout), nodes,
                                       list(dialect = con, name = name, execute = TRUE, ...))))
  }
  install_test_clock(con, engine)
  test_clock <- switch(clock, offset = list(clock = "zgen_clock()"), step = gen_sql[[engine]]$step_clock)
  statements <- zuid:::generator_statements_for_tests(layout, nodes, dialect = engine, name = name, ...,
                                                      test_clock = test_clock)
  for (s in statements) DBI::dbExecute(con, s)
}

# Where mint() puts MariaDB's IDs: made with the generator, since CREATE
# TABLE ends a transaction.
make_minted_table <- function(con) {
  DBI::dbExecute(con, "DROP TABLE IF EXISTS zgen_minted")
  DBI::dbExecute(con, "CREATE TABLE zgen_minted (n INTEGER NOT NULL, id BIGINT NOT NULL)")
}

# `n` IDs from one statement, in the order they were minted, as zuid_ids.
# The server gives an ID of 2^63 or more as a negative BIGINT: its 64 bits
# read as unsigned are the ID.
mint <- function(con, engine, layout, n, fn = "zgen_next", text = FALSE) {
  rows <- gen_sql[[engine]]$mint_rows(con, qualify(fn, engine), gen_sql[[engine]]$numbers(1L, as.integer(n)))
  minted <- rows$id[order(as.numeric(rows$n))]
  if (text) minted else as_minted(minted, layout)
}

as_minted <- function(text, layout) as_zuid_id(bit64::as.integer64(text), layout)

test_layout <- function(layout) if (is.character(layout)) id_layout(layout) else layout

# The IDs' checks: unique and strictly increasing in the order given, of
# the node, and of ticks that start between `from` (floored to its tick)
# and `to`, never after the clock.
expect_minted <- function(ids, layout, nodes, from, to, what) {
  expect_false(anyNA(ids), label = sprintf("%s: no NA", what))
  expect_identical(anyDuplicated(ids), 0L, label = sprintf("%s: no duplicate", what))
  n <- length(ids)
  if (n > 1L) {
    expect_true(all(ids[-1L] > ids[-n]), label = sprintf("%s: strictly increasing", what))
  }
  layout <- test_layout(layout)
  fields <- id_fields(ids, layout)
  for (field in names(nodes)) {
    expect_true(all(fields[[field]] == nodes[[field]]), label = sprintf("%s: node %s", what, field))
  }
  unit <- unit_seconds(layout)
  expect_gte(as.numeric(min(fields$time)), floor(as.numeric(from) / unit) * unit - 1e-6)
  expect_lte(as.numeric(max(fields$time)), as.numeric(to))
  invisible(fields)
}

# The test clocks' table and functions (see `test_clocks`): the offset
# clock is the server's clock plus `offset_us`, or `fixed_us`; the step
# clock reads `now_us` and moves it on by `step_us` each time, and a sleep
# moves it on by the time slept, a pause by a microsecond.
install_test_clock <- function(con, engine) {
  for (s in gen_sql[[engine]]$drop_test_clocks) DBI::dbExecute(con, s)
  DBI::dbExecute(con, "DROP TABLE IF EXISTS zgen_fake")
  DBI::dbExecute(con, paste("CREATE TABLE zgen_fake (offset_us BIGINT NOT NULL, fixed_us BIGINT,",
                            "now_us BIGINT NOT NULL, step_us BIGINT NOT NULL)"))
  DBI::dbExecute(con, "INSERT INTO zgen_fake VALUES (0, NULL, 0, 0)")
  for (s in gen_sql[[engine]]$test_clocks) DBI::dbExecute(con, s)
}

us_text <- function(s) formatC(round(s * 1e6), format = "f", digits = 0)

set_test_clock <- function(con, offset = 0, fixed = NULL) {
  DBI::dbExecute(con, sprintf("UPDATE zgen_fake SET offset_us = %s, fixed_us = %s", us_text(offset),
                              if (is.null(fixed)) "NULL" else us_text(as.numeric(fixed))))
}

# The step clock at `at_us` (microseconds, as text or a whole number),
# moving on by `step_us` a reading.
set_step_clock <- function(con, at_us, step_us) {
  DBI::dbExecute(con, sprintf("UPDATE zgen_fake SET now_us = %s, step_us = %s",
                              format(at_us, scientific = FALSE), format(step_us, scientific = FALSE)))
}

# A session of the concurrent test, in a child R (which has none of these
# helpers): connects as `connection` says (see `child_connection`), then
# runs `statements` once the file `go` appears; returns the rows inserted.
insert_session <- function(connection, statements, go) {
  driver <- getExportedValue(connection$package, connection$driver)()
  con <- do.call(DBI::dbConnect, c(list(driver), connection$args))
  on.exit(DBI::dbDisconnect(con))
  cat("ready\n")
  flush(stdout())
  deadline <- Sys.time() + 120
  while (!file.exists(go) && Sys.time() < deadline) Sys.sleep(0.005)
  rows <- 0
  for (s in statements) rows <- rows + DBI::dbExecute(con, s)
  rows
}

# Session `session`'s 50 INSERTs of 1000 rows each into zgen_sessions.
session_inserts <- function(engine, session) {
  vapply(1:50, function(k) {
    sprintf("INSERT INTO zgen_sessions (session, n) SELECT %d, %s", session,
            gen_sql[[engine]]$numbers((k - 1L) * 1000L + 1L, k * 1000L))
  }, "")
}
