# The reproducers of issue 23 ("No silent duplicates, no disagreement
# between R and SQL, no unclassed error"), each asserting the fixed
# behaviour, in one section per point of the issue.

# Issue 23, point 2: the verbs never modify their input ---------------------------

# An environment of the global one, as a user's session: data.table's `:=`
# works there (zuid's namespace does not use data.table).
hostile_user <- function() new.env(parent = globalenv())

test_that("23.2 id_add_fields() on a data.table shares no column with it", {
  skip_if_not_installed("data.table")
  evalq({
    dt <- data.table::data.table(id = c("175928847299117063", "1214004724031189004"), v = 1:2)
    r <- id_add_fields(dt, id, "discord")
    r[1, v := 99L]
    expect_identical(dt$v, 1:2)
    data.table::set(r, 2L, "v", 77L)
    expect_identical(dt$v, 1:2)
    expect_identical(r$v, c(99L, 77L))
    expect_identical(names(dt), c("id", "v"))
  }, hostile_user())
})

test_that("23.2 id_filter_time() on a data.table leaves nothing for data.table to warn of", {
  skip_if_not_installed("data.table")
  evalq({
    dt <- data.table::data.table(id = c("175928847299117063", "1214004724031189004"), v = 1:2)
    data.table::setkey(dt, v)
    kept <- id_filter_time(dt, id, as.Date("2015-01-01"), layout = "discord")
    expect_no_warning(kept[, w := 1L])
    expect_no_warning(data.table::set(kept, 1L, "v", 5L))
    expect_identical(dt$v, 1:2)
    expect_false("w" %in% names(dt))
    expect_s3_class(kept, "data.table")
    kept2 <- id_filter_time(dt, id, as.Date("2019-01-01"), layout = "discord")
    expect_identical(data.table::key(kept2), "v")
  }, hostile_user())
})

# Issue 23, point 3: the SQL path and the R path agree -----------------------------
# (The differential test over random IDs and ranges is test-sql-differential.R.)

# The rows that `condition` selects from a table of `ids` (text and
# signed bigint columns) on a DBI engine.
rows_where <- function(engine, ids, condition_of) {
  con <- engine_connect(engine)
  on.exit(DBI::dbDisconnect(con))
  id_write_table(con, "hostile_range", data.frame(n = seq_along(ids), id = ids), overwrite = TRUE)
  id_write_table(con, "hostile_range_text", data.frame(n = seq_along(ids), id = ids), overwrite = TRUE,
                 type = "text")
  rows <- function(table, type) {
    sort(as.integer(DBI::dbGetQuery(con, paste("SELECT n FROM", table, "WHERE", condition_of(con, type)))$n))
  }
  list(integer = rows("hostile_range", "integer"), text = rows("hostile_range_text", "text"))
}

test_that("23.3 an open `from` keeps tick 0 of off-grid epochs in SQL as in R, on the DBI engines", {
  epoch <- as.POSIXct("2020-06-15 12:34:56.789", tz = "UTC")
  layouts <- list(
    sonyflake = id_layout("sonyflake", epoch = epoch),
    five_ms = id_layout(time = list(bits = 39, unit = "5ms", epoch = epoch), fields = list(machine = 16),
                        sequence = 8),
    seconds = id_layout(time = list(bits = 32, unit = "s", epoch = epoch), fields = list(node = 10),
                        sequence = 21)
  )
  for (name in names(layouts)) {
    L <- layouts[[name]]
    node <- names(L$bits)[L$kinds == "node"]
    ids <- do.call(id_compose, c(list(epoch + c(0, 1, 3600), L), stats::setNames(list(1), node)))
    in_r <- id_filter_time(data.frame(n = 1:3, id = ids), id, NULL, NULL, L)$n
    expect_identical(in_r, 1:3)
    for (engine in dbi_engines) {
      if (!engine_available(engine)) next
      got <- rows_where(engine, ids, function(con, type) id_sql_range(NULL, NULL, L, dialect = con, type = type))
      expect_identical(got, list(integer = 1:3, text = 1:3), label = paste(name, engine))
    }
  }
  skip_unless_engine("postgres")
  skip_unless_engine("mysql")
})

test_that("23.3 TID ranges count to the millisecond in SQL as in R", {
  skip_unless_engine("sqlite")
  t <- as.POSIXct("2024-03-05 10:00:00", tz = "UTC")
  tid <- id_compose(t + 0.0004, "tid")
  last <- as_zuid_id("9223372036854775807", "tid")
  ids <- c(tid, last)
  df <- data.frame(n = 1:2, id = ids)
  expect_identical(nrow(id_filter_time(df, id, NULL, t + 0.0007, "tid")), 0L)
  expect_identical(id_filter_time(df, id, t + 0.0007, NULL, "tid")$n, 1:2)
  got <- rows_where("sqlite", ids, function(con, type) {
    id_sql_range(NULL, t + 0.0007, "tid", dialect = con, type = type)
  })
  expect_identical(got, list(integer = integer(), text = integer()))
  # An open `to` keeps the layout's last ID, of its last millisecond.
  got <- rows_where("sqlite", ids, function(con, type) {
    id_sql_range(t + 0.0007, NULL, "tid", dialect = con, type = type)
  })
  expect_identical(got, list(integer = 1:2, text = 1:2))
})

test_that("23.3 infinite ends give the same rows in SQL as in R", {
  skip_unless_engine("sqlite")
  inf <- as.POSIXct(Inf, origin = "1970-01-01", tz = "UTC")
  minus_inf <- as.POSIXct(-Inf, origin = "1970-01-01", tz = "UTC")
  ids <- id_compose(as.POSIXct("2024-03-05", tz = "UTC") + c(0, 1e9), "discord")
  df <- data.frame(n = 1:2, id = ids)
  ends <- list(list(minus_inf, inf), list(minus_inf, NULL), list(NULL, inf), list(inf, NULL), list(NULL, minus_inf),
               list(minus_inf, as.POSIXct("2030-01-01", tz = "UTC")))
  for (e in ends) {
    in_r <- id_filter_time(df, id, e[[1L]], e[[2L]], "discord")$n
    got <- rows_where("sqlite", ids, function(con, type) {
      id_sql_range(e[[1L]], e[[2L]], "discord", dialect = con, type = type)
    })
    expect_identical(got, list(integer = in_r, text = in_r))
  }
})

test_that("23.3 PostgreSQL's times after 2255 are exact", {
  skip_unless_engine("postgres")
  con <- engine_connect("postgres")
  on.exit(DBI::dbDisconnect(con))
  # Mastodon's 48 bits of milliseconds reach the year 10889.
  ms <- c(9000000000123, 253402300799999, 200000000000001)
  ids <- id_compose(as.POSIXct(ms / 1000, origin = "1970-01-01", tz = "UTC"), "mastodon")
  expect_identical(id_time(ids, as = "ms"), ms)
  sql <- id_sql("mastodon", column = "id", dialect = con)[["time"]]
  got <- DBI::dbGetQuery(con, sprintf(paste(
    "SELECT EXTRACT(MICROSECONDS FROM t) AS us, CAST(EXTRACT(EPOCH FROM t) * 1000 AS BIGINT) AS ms",
    "FROM (SELECT %s AS t FROM (VALUES %s) AS v(id)) AS q"), sql,
    paste0("(CAST(", as.character(structure(as.vector(unclass(ids)), class = "integer64")), " AS BIGINT))",
           collapse = ", ")))
  # Microseconds within the minute: whole milliseconds, no drift.
  expect_identical(as.numeric(got$us) %% 1000, c(0, 0, 0))
  expect_identical(as.numeric(got$ms), ms)
})

test_that("23.3 a layout whose times pass 2^53 ms takes any range end, in SQL as in R", {
  skip_unless_engine("sqlite")
  big <- id_layout(time = list(bits = 53, unit = "ms", epoch = 1e12), fields = list(), sequence = 11,
                   sign_bit = FALSE)
  t <- as.POSIXct("2024-03-05", tz = "UTC")
  ids <- id_compose(t + c(0, 86400), big)
  far <- as.POSIXct(1e13, origin = "1970-01-01", tz = "UTC")
  expect_no_error(id_sql_range(t, far, big))
  expect_identical(text_of(id_sql_range(t, far, big)), text_of(id_sql_range(t, NULL, big)))
  df <- data.frame(n = 1:2, id = ids)
  for (from in list(t, t + 1)) {
    in_r <- id_filter_time(df, id, from, far, big)$n
    got <- rows_where("sqlite", ids, function(con, type) id_sql_range(from, far, big, dialect = con, type = type))
    expect_identical(got, list(integer = in_r, text = in_r))
  }
})

# Issue 23, point 4: column names are identifiers, never literals -------------------

test_that("23.4 a mistyped column name is an error in SQLite, not the text of the name", {
  skip_unless_engine("sqlite")
  con <- engine_connect("sqlite")
  on.exit(DBI::dbDisconnect(con))
  ids <- id_compose(as.POSIXct("2024-03-05", tz = "UTC") + 0:2, "discord")
  DBI::dbWriteTable(con, "m", data.frame(id = bit64::as.integer64(ids)))
  for (dialect in list("sqlite", con)) {
    sql <- id_sql("discord", column = "idd", dialect = dialect)
    expect_error(DBI::dbGetQuery(con, sprintf("SELECT %s FROM m", sql[["time"]])), regexp = "no such column: idd")
    cond <- id_sql_range(as.Date("2024-01-01"), as.Date("2024-02-01"), "discord", column = "idd", dialect = dialect)
    expect_error(DBI::dbGetQuery(con, paste("SELECT * FROM m WHERE", cond)), regexp = "no such column: idd")
  }
  # The name that is there decodes.
  got <- DBI::dbGetQuery(con, sprintf("SELECT %s AS s FROM m", id_sql("discord", dialect = "sqlite")$sequence))
  expect_identical(got$s, c(0L, 0L, 0L))
})

test_that("23.4 a mistyped column name is an error on every engine", {
  table <- engine_table("names", c(n = "int", id = "integer"), data.frame(n = "1", id = "175928847299117063"))
  for (engine in engine_names) {
    if (!engine_available(engine)) next
    sql <- sprintf("SELECT %s AS s FROM names", id_sql("discord", column = "idd", dialect = engine)[["sequence"]])
    if (engine %in% dbi_engines) {
      # RPostgreSQL warns instead of raising; either names the column.
      con <- engine_connect(engine)
      for (step in table_statements(table, engine, tempdir())) DBI::dbExecute(con, step)
      said <- NULL
      # (RPostgreSQL also prints the error.)
      utils::capture.output(type = "message", {
        said <- tryCatch(DBI::dbGetQuery(con, sql), error = conditionMessage, warning = conditionMessage)
      })
      DBI::dbDisconnect(con)
      expect_match(said, "idd", label = engine)
    } else {
      expect_error(suppressWarnings(run_engine(engine, list(table), list(decode = query(sql)))),
                   regexp = "idd", label = engine)
    }
  }
  for (engine in engine_names) skip_unless_engine(engine)
})
