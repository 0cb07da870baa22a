# The MySQL/MariaDB generator (sql-generator-mysql.R): what it writes in,
# and a live server's transactions and time zones. The tests of both
# engines are in test-sql-generator.R.

test_that("the numbers written in follow the layout's tick grid (MySQL)", {
  fn <- function(layout, ...) {
    as.character(id_sql_generator(layout, ..., dialect = "mysql")[["function"]])
  }
  twitter <- fn("twitter", datacenter = 1, worker = 7)
  expect_match(twitter, "SET z_now_tick = ((z_now_us - 1288834974657000) DIV 1000);", fixed = TRUE)
  expect_match(twitter, "CAST((z_taken_tick << 22) | (1 << 17) | (7 << 12) | (z_taken_count << 0) AS SIGNED)",
               fixed = TRUE)
  expect_match(twitter, "SET z_taken_tick = CAST(z_taken >> 23 AS SIGNED);", fixed = TRUE)
  # A value is taken by one UPDATE of the state's row; the common case reads
  # the clock as UNIX_TIMESTAMP(SYSDATE(6)).
  expect_match(twitter, paste("UPDATE `zuid_next_id_state` AS `z` SET `z`.`v` = LAST_INSERT_ID(`z`.`v` + 1)",
                              "WHERE `z`.`id` = 1;\n    SET z_taken = LAST_INSERT_ID();"), fixed = TRUE)
  expect_match(twitter, "SET z_now_us = CAST(UNIX_TIMESTAMP(SYSDATE(6)) * 1000000 AS SIGNED);", fixed = TRUE)
  scru <- fn(id_layout("scru64", node_bits = 8), node = 1)
  last <- bit64::as.integer64(36)^12 %/% bit64::as.integer64(2^24) - 1L
  expect_match(scru, sprintf("IF (z_now_tick > %s) THEN", as.character(last)), fixed = TRUE)
  expect_match(scru, "FLOOR(RAND() * 32768)", fixed = TRUE)
  expect_match(scru, "<= 39)", fixed = TRUE)
})

test_that("a table gets a default of 0 and the trigger that mints in its place", {
  my <- id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = "mysql", table = "t",
                         column = "k")
  expect_match(my[["default"]], "ALTER TABLE `t` ALTER COLUMN `k` SET DEFAULT 0;", fixed = TRUE)
  expect_match(my[["default"]], "EXECUTE IMMEDIATE CONCAT('ALTER TABLE `t` MODIFY COLUMN `k` ', z_type,", fixed = TRUE)
  expect_identical(as.character(my[["trigger"]]), paste(
    "CREATE TRIGGER `t_k_zuid` BEFORE INSERT ON `t` FOR EACH ROW\nSET NEW.`k` = CASE",
    "WHEN NEW.`k` IS NULL OR NEW.`k` = 0 THEN `zuid_next_id`() ELSE NEW.`k` END"))
})

test_that("on_clock_back chooses between waiting and an error", {
  wait <- id_sql_generator("discord", worker = 1, process = 1, dialect = "mysql")[["function"]]
  error <- id_sql_generator("discord", worker = 1, process = 1, dialect = "mysql",
                            on_clock_back = "error")[["function"]]
  expect_match(wait, "SET z_target = (z_prev - 0);", fixed = TRUE)
  expect_no_match(wait, "ms before the last ID", fixed = TRUE)
  expect_match(error, "ms before the last ID", fixed = TRUE)
})

test_that("the MariaDB state is the transaction's: a rollback takes its IDs back", {
  skip_unless_engine("mysql")
  con <- gen_connect("mysql")
  on.exit({
    drop_generator(con, "mysql", "zgen_next")
    DBI::dbDisconnect(con)
  })
  install_generator(con, "mysql", "twitter", list(datacenter = 5, worker = 5), clock = "offset")
  set_test_clock(con, fixed = Sys.time())
  first <- mint(con, "mysql", "twitter", 1)
  DBI::dbExecute(con, "START TRANSACTION")
  in_rollback <- mint(con, "mysql", "twitter", 3)
  DBI::dbExecute(con, "ROLLBACK")
  after <- mint(con, "mysql", "twitter", 3)
  expect_true(min(in_rollback) > first)
  expect_identical(as.character(after), as.character(in_rollback))
})

test_that("the MySQL clock reads UTC whatever the session's time zone", {
  skip_unless_engine("mysql")
  con <- gen_connect("mysql")
  on.exit({
    drop_generator(con, "mysql", "zgen_next")
    DBI::dbDisconnect(con)
  })
  install_generator(con, "mysql", "twitter", list(datacenter = 1, worker = 1))
  DBI::dbExecute(con, "SET time_zone = '+05:00'")
  before <- Sys.time()
  us <- DBI::dbGetQuery(con, "SELECT CAST(zgen_next_clock() AS CHAR) AS us")$us
  after <- Sys.time()
  s <- as.numeric(us) / 1e6
  expect_gte(s, as.numeric(before) - 0.01)
  expect_lte(s, as.numeric(after) + 0.01)
  expect_identical(DBI::dbGetQuery(con, "SELECT @@session.time_zone AS z")$z, "+05:00")
})

test_that("made and run through RMariaDB, whose integer64 hold the IDs of 2^63 and more as their bits", {
  skip_unless_engine("mariadb")
  con <- engine_connect("mariadb")
  DBI::dbExecute(con, gen_sql$mysql$timeout(120))
  on.exit({
    drop_generator(con, "mysql", "zgen_maria")
    DBI::dbDisconnect(con)
  })
  # id_sql_generator(dialect = <MariaDBConnection>, execute = TRUE) makes it.
  from <- Sys.time()
  install_generator(con, "mysql", "instagram", list(shard = 77), name = "zgen_maria")
  now <- as_minted(mint(con, "mysql", "instagram", 50, fn = "zgen_maria", text = TRUE), "instagram")
  expect_minted(now, "instagram", list(shard = 77), from, Sys.time() + 1, "through RMariaDB, today")
  # The same statements on a test clock in 2047, where its IDs are 2^63
  # and more, run through RMariaDB too.
  install_generator(con, "mysql", "instagram", list(shard = 77), name = "zgen_maria", clock = "offset")
  at <- as.POSIXct("2047-03-01 12:00:00", tz = "UTC")
  set_test_clock(con, offset = as.numeric(at) - as.numeric(Sys.time()))
  from <- Sys.time()
  text <- mint(con, "mysql", "instagram", 500, fn = "zgen_maria", text = TRUE)
  elapsed <- as.numeric(Sys.time()) - as.numeric(from)
  # The same rows read as RMariaDB reads a BIGINT: integer64, negative.
  rows <- DBI::dbGetQuery(con, "SELECT n, id FROM zgen_minted ORDER BY n")
  expect_s3_class(rows$id, "integer64")
  expect_true(all(rows$id < 0))
  ids <- as_zuid_id(rows$id, "instagram")
  expect_identical(ids, as_minted(text, "instagram"))
  expect_minted(ids, "instagram", list(shard = 77), at, at + elapsed + 1, "through RMariaDB")
})
