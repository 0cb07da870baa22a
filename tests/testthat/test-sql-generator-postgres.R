# The PostgreSQL generator (sql-generator-postgres.R): the numbers and
# names it writes in, its state sequence, and a live server's transactions.
# The tests of both engines are in test-sql-generator.R.

test_that("the numbers written in follow the layout's tick grid", {
  fn <- function(layout, ...) {
    as.character(id_sql_generator(layout, ..., dialect = "postgres")[["function"]])
  }
  twitter <- fn("twitter", datacenter = 1, worker = 7)
  expect_match(twitter, "((z_now_us - 1288834974657000) / 1000)", fixed = TRUE)
  expect_match(twitter,
               "(z_taken_tick << 22) | (CAST(1 AS bigint) << 17) | (CAST(7 AS bigint) << 12) | (z_taken_count << 0)",
               fixed = TRUE)
  # The state's tick and counter: 23 bits below the time, the top bit flipped.
  expect_match(twitter, "z_taken_tick := ((z_taken >> 23) + 1099511627776);", fixed = TRUE)
  expect_match(twitter, "z_taken_count := (z_taken & 8388607);", fixed = TRUE)
  # Sonyflake's start time is floored to its 10 ms grid.
  epoch_ms <- 1592224496789
  sony <- fn(id_layout("sonyflake", epoch = epoch_ms), machine = 3)
  expect_match(sony, sprintf("(z_now_us - %s000) / 10000", format(floor(epoch_ms / 10) * 10,
                                                                 scientific = FALSE)), fixed = TRUE)
  expect_match(sony, "(z_taken_count << 16)", fixed = TRUE)
  expect_match(fn("tid", clock_id = 5), "((z_now_us - 0) / 1)", fixed = TRUE)
  # SCRU64's last tick is the last whose IDs are all below 36^12.
  scru <- fn(id_layout("scru64", node_bits = 8), node = 1)
  last <- bit64::as.integer64("4738381338321616896") %/% bit64::as.integer64(2^24) - 1L
  expect_match(scru, sprintf("(z_now_tick > %s) THEN", as.character(last)), fixed = TRUE)
  expect_match(scru, "floor(random() * 32768)", fixed = TRUE)
  expect_match(scru, "<= 39)", fixed = TRUE)
  before_1970 <- id_layout(time = list(bits = 41, unit = "s", epoch = -86400500), sequence = 22)
  expect_match(fn(before_1970), "(z_now_us - (-86401000000)) / 1000000", fixed = TRUE)
})

test_that("the state sequences span the signed 64-bit range, the state starting one above its least", {
  pg <- id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = "postgres")
  top <- as.character(bit64::lim.integer64()[[2L]])
  # -2^63, which a double holds exactly (and bit64 takes for NA).
  least <- paste0("-", format(2^63, scientific = FALSE))
  expect_identical(as.character(pg[["state"]]), sprintf(paste(
    "CREATE SEQUENCE IF NOT EXISTS \"zuid_next_id_state\" AS bigint MINVALUE %s MAXVALUE %s",
    "START WITH -%s CACHE 1 NO CYCLE"), least, top, top))
  expect_identical(as.character(pg[["seen"]]), sprintf(paste(
    "CREATE SEQUENCE IF NOT EXISTS \"zuid_next_id_seen\" AS bigint MINVALUE %s MAXVALUE %s",
    "START WITH %s CACHE 1 NO CYCLE"), least, top, least))
  # The flip of the top bit is -2^63, written as integers.
  expect_match(pg[["function"]], sprintf("# (-%s - 1))", top), fixed = TRUE)
})

test_that("on_clock_back chooses between waiting and an error (PostgreSQL)", {
  wait <- id_sql_generator("discord", worker = 1, process = 1, dialect = "postgres")[["function"]]
  error <- id_sql_generator("discord", worker = 1, process = 1, dialect = "postgres",
                            on_clock_back = "error")[["function"]]
  expect_match(wait, "z_target := (z_prev - 0);", fixed = TRUE)
  expect_no_match(wait, "ms before the last ID", fixed = TRUE)
  expect_match(error, "ms before the last ID", fixed = TRUE)
  expect_no_match(error, "z_target := (z_prev - 0);", fixed = TRUE)
})

test_that("a name holding the dollar quote or a template key changes nothing else", {
  name <- "a$zuid$b{{state}}"
  pg <- id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = "postgres", name = name)
  expect_match(pg[["function"]], "AS $zuid1$\n", fixed = TRUE)
  expect_true(endsWith(pg[["function"]], "\n$zuid1$"))
  expect_match(pg[["function"]], "\"a$zuid$b{{state}}_clock\"()", fixed = TRUE)
  expect_match(pg[["clock"]], "AS $zuid$\n", fixed = TRUE)
})

test_that("the PostgreSQL state is outside transactions: a rollback never gives IDs twice", {
  skip_unless_engine("postgres")
  con <- gen_connect("postgres")
  on.exit({
    drop_generator(con, "postgres", "zgen_next")
    DBI::dbDisconnect(con)
  })
  install_generator(con, "postgres", "twitter", list(datacenter = 5, worker = 5), clock = "offset")
  # A clock that stands still: IDs differ by their sequence only.
  set_test_clock(con, fixed = Sys.time())
  DBI::dbExecute(con, "BEGIN")
  in_rollback <- mint(con, "postgres", "twitter", 3)
  DBI::dbExecute(con, "ROLLBACK")
  after <- mint(con, "postgres", "twitter", 3)
  expect_true(min(after) > max(in_rollback))
})

# The advisory locks this session holds, as pg_locks lists them.
advisory_locks <- function(con) {
  DBI::dbGetQuery(con, paste("SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory'",
                             "AND pid = pg_backend_pid()"))$n
}

test_that("the lock is released by every error path: a refusal, a cancel while it is held", {
  skip_unless_engine("postgres")
  con <- gen_connect("postgres")
  other <- gen_connect("postgres")
  on.exit({
    drop_generator(con, "postgres", "zgen_next")
    DBI::dbDisconnect(con)
    DBI::dbDisconnect(other)
  })
  install_generator(con, "postgres", "twitter", list(datacenter = 6, worker = 6), on_clock_back = "error",
                    clock = "offset")
  first <- mint(con, "postgres", "twitter", 3)
  # Refused under the lock: the clock 5 s behind the last ID.
  set_test_clock(con, offset = -5)
  expect_error(mint(con, "postgres", "twitter", 1), "ms before the last ID")
  expect_identical(as.numeric(advisory_locks(con)), 0)
  # Cancelled under the lock: the test clock's second reading of the call
  # (the one the check of a clock behind makes under the lock) sleeps past
  # the statement's timeout.
  DBI::dbExecute(con, "ALTER TABLE zgen_fake ADD COLUMN readings bigint NOT NULL DEFAULT 0,
                       ADD COLUMN sleep_on bigint")
  DBI::dbExecute(con, paste(
    "CREATE OR REPLACE FUNCTION zgen_clock() RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$",
    "DECLARE r bigint; s bigint; BEGIN",
    "UPDATE zgen_fake SET readings = readings + 1 RETURNING readings, sleep_on INTO r, s;",
    "IF r = s THEN PERFORM pg_sleep(30); END IF;",
    "RETURN (SELECT COALESCE(fixed_us, CAST(round(EXTRACT(EPOCH FROM clock_timestamp()) * 1000000)",
    "AS bigint) + offset_us) FROM zgen_fake); END $$"))
  DBI::dbExecute(con, "UPDATE zgen_fake SET readings = 0, sleep_on = 2")
  DBI::dbExecute(con, "SET statement_timeout = '1s'")
  started <- Sys.time()
  expect_error(mint(con, "postgres", "twitter", 1), "statement timeout")
  expect_lt(as.numeric(difftime(Sys.time(), started, units = "secs")), 20)
  DBI::dbExecute(con, "SET statement_timeout = '120s'")
  expect_identical(as.numeric(advisory_locks(con)), 0)
  # Another session mints at once: nothing was left locked.
  DBI::dbExecute(con, "UPDATE zgen_fake SET offset_us = 0, sleep_on = NULL")
  DBI::dbExecute(other, "SET statement_timeout = '5s'")
  later <- mint(other, "postgres", "twitter", 3)
  expect_true(min(later) > max(first))
})

test_that("a session that finds the lock taken goes on once the state reaches its tick, not when the lock frees", {
  skip_unless_engine("postgres")
  skip_if(!nzchar(Sys.which("psql")), "psql not found")
  con <- gen_connect("postgres")
  other <- gen_connect("postgres")
  mover <- NULL
  on.exit({
    if (!is.null(mover)) {
      DBI::dbGetQuery(other, sprintf("SELECT pg_terminate_backend(%d)", mover))
    }
    drop_generator(con, "postgres", "zgen_next")
    DBI::dbDisconnect(con)
    DBI::dbDisconnect(other)
  })
  install_generator(con, "postgres", "twitter", list(datacenter = 2, worker = 9), clock = "offset")
  first <- mint(con, "postgres", "twitter", 3)
  # The clock stopped 10 s on, for every session: the next call must move
  # the state to that tick.
  set_test_clock(con, fixed = Sys.time() + 10)
  key <- "(CAST(2054514020 AS bigint) << 32) | CAST(CAST(CAST('zgen_next_state' AS regclass) AS oid) AS bigint)"
  # Another session (psql in the background) takes the generator's lock,
  # holds it, moves the state to the clock's tick with a call of its own
  # 3 s later, and keeps the lock for a minute more.
  script <- tempfile(fileext = ".sql")
  writeLines(c(sprintf("SELECT pg_advisory_lock(%s);", key), "SELECT pg_sleep(3);", "SELECT zgen_next();",
               "SELECT pg_sleep(60);"), script)
  system2("psql", c("-X", "-q", "-h", Sys.getenv("ZUID_TEST_PG_HOST"), "-p", Sys.getenv("ZUID_TEST_PG_PORT"),
                    "-U", "postgres", "-d", "postgres", "-f", script), stdout = FALSE, stderr = FALSE,
          wait = FALSE)
  holder <- sprintf(paste("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND",
                          "objid = CAST(CAST('zgen_next_state' AS regclass) AS oid) AND pid <> %d"),
                    DBI::dbGetQuery(con, "SELECT pg_backend_pid() AS p")$p)
  for (i in 1:200) {
    mover <- DBI::dbGetQuery(other, holder)$pid
    if (length(mover) > 0L) break
    Sys.sleep(0.05)
  }
  expect_length(mover, 1L)
  # Queueing for the lock would wait the minute out; this call ends once
  # the other session has moved the state, while that session still holds
  # the lock.
  DBI::dbExecute(con, "SET statement_timeout = '30s'")
  later <- mint(con, "postgres", "twitter", 1)
  expect_identical(DBI::dbGetQuery(other, holder)$pid, mover)
  expect_true(later > max(first))
  expect_gt(as.numeric(id_time(later)) - as.numeric(id_time(max(first))), 9)
  expect_identical(as.numeric(advisory_locks(con)), 0)
})
