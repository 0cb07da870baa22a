# id_sql_generator(table = ) over a column whose greatest ID lies ahead of
# the server's clock (issue 40): said at install, refused past max_ahead.
# The live tests run on the servers of helper-engines.R; the ahead IDs are
# typed by another connection, as another client would.

# Leads and bounds vary from run to run: the snapshots hold their shape.
scrub_numbers <- function(x) gsub("[0-9]+", "#", x)

test_that("max_ahead is a number of seconds of 0 or more", {
  gen <- function(max_ahead) {
    id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = "pg", table = "t", max_ahead = max_ahead)
  }
  for (bad in list(-1, NA_real_, "60", c(1, 2), NULL)) {
    expect_error(gen(bad), class = "zuid_error_type")
  }
  expect_snapshot(error = TRUE, gen(-1))
  expect_length(gen(0), 6L)
})

test_that("the column statement measures the lead and refuses past the bound, in both engines' SQL", {
  for (dialect in c("postgres", "mysql")) {
    sql <- id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = dialect, table = "t",
                            max_ahead = 1.5)
    column <- as.character(sql[["column"]])
    expect_match(column, "past max_ahead", fixed = TRUE, label = dialect)
    expect_match(column, "> 1500000)", fixed = TRUE, label = dialect)
    expect_match(column, "generator_ahead_us", fixed = TRUE, label = dialect)
    # The lead is refused before the state is put above the column's IDs.
    expect_lt(regexpr("past max_ahead", column, fixed = TRUE), regexpr("z_put_to :?= ", column),
              label = dialect)
    unbounded <- as.character(id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = dialect,
                                               table = "t", max_ahead = Inf)[["column"]])
    expect_false(grepl("past max_ahead", unbounded, fixed = TRUE), label = dialect)
    expect_match(unbounded, "generator_ahead_us", fixed = TRUE, label = dialect)
    # Without a table there is no column to measure.
    plain <- text_of(id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = dialect))
    expect_false(any(grepl("ahead_us", plain, fixed = TRUE)), label = dialect)
  }
})

test_that("leads read as a person reads them", {
  expect_identical(zuid:::ahead_words(1.5), "1.5 s")
  expect_identical(zuid:::ahead_words(60), "60 s")
  expect_identical(zuid:::ahead_words(300), "5.0 minutes")
  expect_identical(zuid:::ahead_words(86400), "24.0 hours")
  expect_identical(zuid:::ahead_words(3 * 86400), "3.0 days")
})

# Whether the column gets its IDs from the generator: PostgreSQL's default,
# MariaDB's trigger.
ahead_column_taken <- list(
  postgres = paste("SELECT count(*) AS n FROM information_schema.columns WHERE table_name = 'zgen_ahead'",
                   "AND column_name = 'id' AND column_default LIKE '%zgen_next%'"),
  mysql = paste("SELECT count(*) AS n FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE()",
                "AND EVENT_OBJECT_TABLE = 'zgen_ahead'")
)

for (engine in names(gen_engines)) {
  label <- gen_engines[[engine]]

  # The installing connection (whose statements the server cuts off after
  # 20 s, so that a wait for the clock fails instead of hanging), and
  # another that types the ahead ID; `close()` drops what the test made.
  ahead_setup <- function() {
    con <- gen_connect(engine, timeout = 20)
    other <- gen_connect(engine)
    DBI::dbExecute(con, "DROP TABLE IF EXISTS zgen_ahead")
    drop_generator(con, engine, "zgen_next")
    DBI::dbExecute(con, "CREATE TABLE zgen_ahead (id BIGINT NOT NULL PRIMARY KEY, body TEXT)")
    list(con = con, other = other, taken = function() {
      as.numeric(DBI::dbGetQuery(con, ahead_column_taken[[engine]])$n)
    }, close = function() {
      DBI::dbExecute(con, "DROP TABLE IF EXISTS zgen_ahead")
      drop_generator(con, engine, "zgen_next")
      DBI::dbDisconnect(other)
      DBI::dbDisconnect(con)
    })
  }
  type_ahead <- function(other, seconds) {
    id <- id_compose(Sys.time() + seconds, "twitter", datacenter = 31, worker = 31, sequence = 9)
    DBI::dbExecute(other, sprintf("INSERT INTO zgen_ahead VALUES (%s, 'typed')", as.character(id)))
    id
  }

  test_that(sprintf("an ID a day ahead is refused past max_ahead, leaving state and column (%s)", label), {
    skip_unless_engine(engine)
    db <- ahead_setup()
    on.exit(db$close())
    type_ahead(db$other, 86400)
    nodes <- list(datacenter = 1, worker = 1)
    err <- expect_error(install_generator(db$con, engine, "twitter", nodes, table = "zgen_ahead"),
                        class = "zuid_error_generator_ahead")
    expect_gt(err$ahead, 86300)
    expect_lt(err$ahead, 86401)
    expect_identical(err$max_ahead, 60)
    expect_snapshot(error = TRUE, stop(err), transform = scrub_numbers)
    expect_identical(db$taken(), 0)
    # The state was not put a day ahead: the function mints now, at once.
    from <- Sys.time()
    ids <- mint(db$con, engine, "twitter", 3)
    expect_minted(ids, "twitter", nodes, from, Sys.time(), "after the refusal")
    # A bound that covers the lead installs, saying how far ahead it lies.
    warned <- expect_warning(install_generator(db$con, engine, "twitter", nodes, table = "zgen_ahead",
                                               max_ahead = 2 * 86400, fresh = FALSE),
                             class = "zuid_warning_generator_ahead")
    expect_gt(warned$ahead, 86300)
    expect_snapshot(warning(warned), transform = scrub_numbers)
    expect_identical(db$taken(), 1)
  })

  test_that(sprintf("a lead within max_ahead is said, and the inserts wait it out (%s)", label), {
    skip_unless_engine(engine)
    db <- ahead_setup()
    on.exit(db$close())
    typed <- type_ahead(db$other, 2)
    nodes <- list(datacenter = 1, worker = 1)
    warned <- expect_warning(install_generator(db$con, engine, "twitter", nodes, table = "zgen_ahead"),
                             class = "zuid_warning_generator_ahead")
    expect_gt(warned$ahead, 1)
    expect_lte(warned$ahead, 2)
    DBI::dbExecute(db$con, "INSERT INTO zgen_ahead (body) VALUES ('new')")
    new <- as_minted(DBI::dbGetQuery(db$con, sprintf("SELECT %s AS id FROM zgen_ahead WHERE body = 'new'",
                                                     sql_text("id", engine)))$id, "twitter")
    expect_true(new > typed)
    # max_ahead = 0 refuses any lead; a column behind the clock says nothing.
    DBI::dbExecute(db$other, "DELETE FROM zgen_ahead")
    type_ahead(db$other, 5)
    expect_error(install_generator(db$con, engine, "twitter", nodes, table = "zgen_ahead", max_ahead = 0,
                                   fresh = FALSE), class = "zuid_error_generator_ahead")
    DBI::dbExecute(db$other, "DELETE FROM zgen_ahead")
    type_ahead(db$other, -60)
    expect_warning(install_generator(db$con, engine, "twitter", nodes, table = "zgen_ahead"), NA)
    expect_identical(db$taken(), 1)
  })
}
