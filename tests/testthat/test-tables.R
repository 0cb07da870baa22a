# id_add_fields() and id_filter_time() on data frames (the database side is
# in test-sql-engines.R), and their arguments.

frame_kinds <- function() {
  kinds <- list(base = function(df) df)
  if (requireNamespace("tibble", quietly = TRUE)) kinds$tibble <- tibble::as_tibble
  if (requireNamespace("data.table", quietly = TRUE)) kinds$data.table <- data.table::as.data.table
  kinds
}

# The IDs of the engine tests as every kind of ID column zuid reads:
# decimal text, integer64, and, for the IDs below 2^53, double and integer.
id_columns <- function(ids) {
  text <- unsigned_decimal(ids)
  text[is.na(ids)] <- NA
  small <- !is.na(ids) & ids >= 0 & ids < bit64::as.integer64(2)^53
  int <- !is.na(ids) & ids >= 0 & ids < bit64::as.integer64(2)^31
  list(character = text, integer64 = ids, double = as.double(ids[small]),
       integer = as.integer(ids[int]))
}

test_that("id_add_fields() adds the columns of id_fields() to every kind of data frame", {
  cases <- engine_cases()
  for (name in names(cases$layouts)) {
    layout <- cases$layouts[[name]]
    for (type in names(columns <- id_columns(cases$ids[[name]]))) {
      x <- columns[[type]]
      expected <- suppressWarnings(id_fields(x, layout), classes = "zuid_warning_invalid")
      for (kind in names(frame_kinds())) {
        make <- frame_kinds()[[kind]]
        df <- make(data.frame(key = seq_along(x), id = I(x))[c("key", "id")])
        df$id <- x
        what <- sprintf("%s %s in a %s", name, type, kind)
        got <- suppressWarnings(id_add_fields(df, id, layout), classes = "zuid_warning_invalid")
        expect_identical(class(got), class(df), label = what)
        expect_identical(names(got), c("key", "id", names(expected)), label = what)
        expect_identical(got$id, x, label = what)
        for (col in names(expected)) {
          expect_identical(got[[col]], expected[[col]], label = paste(what, col))
        }
      }
    }
  }
})

test_that("id_filter_time() keeps exactly the IDs made in [from, to)", {
  cases <- engine_cases()
  for (name in names(cases$layouts)) {
    layout <- cases$layouts[[name]]
    ids <- cases$ids[[name]]
    columns <- id_columns(ids)
    for (type in c("character", "integer64")) {
      for (kind in names(frame_kinds())) {
        df <- frame_kinds()[[kind]](data.frame(key = seq_along(ids)))
        df$id <- columns[[type]]
        for (r in names(cases$ranges[[name]])) {
          range <- cases$ranges[[name]][[r]]
          want <- which(expected_in_range(ids, layout, range$from, range$to))
          got <- suppressWarnings(id_filter_time(df, "id", range$from, range$to, layout),
                                  classes = "zuid_warning_invalid")
          what <- sprintf("%s %s in a %s, %s", name, type, kind, r)
          expect_gt(length(want), 0)
          expect_identical(class(got), class(df), label = what)
          expect_identical(got$key, want, label = what)
        }
      }
    }
  }
})

test_that("ranges on data frames and in SQL have the same edges", {
  # Ends count to the millisecond, floored, in R as in id_sql_range().
  may <- as.POSIXct("2016-05-01", tz = "UTC")
  ids <- id_compose(may + c(-0.001, 0, 0.001, 0.999, 1), "discord")
  df <- data.frame(id = ids)
  expect_identical(id_filter_time(df, id, may + 0.0005, may + 1, "discord")$id, ids[2:4])
  expect_identical(id_filter_time(df, id, may + 0.001, may + 1, "discord")$id, ids[3:4])
  expect_identical(id_filter_time(df, id, may, may + 0.999, "discord")$id, ids[2:3])
  expect_identical(id_filter_time(df, id, NULL, may, "discord")$id, ids[1])
  expect_identical(id_filter_time(df, id, may + 1, NULL, "discord")$id, ids[5])
  expect_identical(id_filter_time(df, id, layout = "discord")$id, ids)
  # TIDs count to the microsecond: one minted 0.4 ms into T is in
  # [T, T + 0.7 ms), in R as in SQL.
  t <- as.POSIXct("2025-06-01 12:00:00", tz = "UTC")
  tids <- id_compose(t + c(-1e-6, 0, 0.0004, 0.000699, 0.0007), "tid", clock_id = 3)
  df <- data.frame(id = tids)
  expect_identical(id_filter_time(df, id, t, t + 0.0007, "tid")$id, tids[2:4])
  expect_identical(id_filter_time(df, id, t + 0.0004, NULL, "tid")$id, tids[3:5])
  expect_identical(id_filter_time(df, id, id_time(tids[4]), NULL, "tid")$id, tids[4:5])
  skip_if_not_installed("dbplyr")
  skip_if_not_installed("RSQLite")
  con <- DBI::dbConnect(RSQLite::SQLite(), ":memory:")
  on.exit(DBI::dbDisconnect(con))
  id_write_table(con, "tids", df)
  lazy <- id_filter_time(dplyr::tbl(con, "tids"), id, t, t + 0.0007, "tid")
  expect_identical(id_collect(lazy, id, layout = "tid")$id, tids[2:4])
})

test_that("a data.table is copied, not changed by reference", {
  skip_if_not_installed("data.table")
  dt <- data.table::data.table(id = c("175928847299117063", "1214004724031189004"))
  out <- id_add_fields(dt, id, "discord")
  expect_identical(names(dt), "id")
  expect_s3_class(out, "data.table")
  # A data.table that R copied in a way data.table does not know cannot take
  # columns by reference.
  expect_no_error(data.table::set(out, j = "extra", value = 1L))
  expect_identical(out$extra, c(1L, 1L))
  expect_identical(names(dt), "id")
})

test_that("`id` is a bare name, a string, or !!name", {
  df <- data.frame(n = 1:2, msg = c("175928847299117063", "1214004724031189004"))
  expected <- id_add_fields(df, "msg", "discord")
  expect_identical(id_add_fields(df, msg, "discord"), expected)
  column <- "msg"
  expect_identical(id_add_fields(df, !!column, "discord"), expected)
  expect_identical(id_filter_time(df, !!column, as.Date("2020-01-01"), layout = "discord"), df[2, ])
  expect_error(id_add_fields(df, column, "discord"), class = "zuid_error_column",
               regexp = "`.data` has no column `column`; its columns are `n`, `msg`.")
  expect_error(id_add_fields(df, 2, "discord"), class = "zuid_error_type", regexp = "`id` must name the ID column")
  expect_error(id_add_fields(df, c("msg", "n"), "discord"), class = "zuid_error_type")
  expect_error(id_add_fields(df, layout = "discord"), class = "zuid_error_type", regexp = "it is missing")
})

test_that("added columns never overwrite existing ones", {
  df <- data.frame(id = "175928847299117063", time = "kept", sequence = 1)
  expect_error(id_add_fields(df, id, "discord"), class = "zuid_error_column",
               regexp = "already has columns `time`, `sequence`.*prefix = \"id_\"")
  got <- id_add_fields(df, id, "discord", prefix = "id_")
  expect_identical(names(got), c("id", "time", "sequence", "id_time", "id_worker", "id_process", "id_sequence"))
  expect_identical(got$time, "kept")
  expect_error(id_add_fields(data.frame(time = "1"), time, "discord"), class = "zuid_error_column")
  expect_error(id_add_fields(df, id, "discord", prefix = NA), class = "zuid_error_type", regexp = "`prefix`")
  expect_error(id_add_fields(df, id, "discord", "id_"), class = "zuid_error_type",
               regexp = "`...` must be empty; 1 argument went there")
})

test_that("the layout is required until ID columns carry one", {
  df <- data.frame(id = "175928847299117063")
  expect_error(id_add_fields(df, id), class = "zuid_error_layout", regexp = "`layout` is missing: column `id`")
  expect_error(id_filter_time(df, id, as.Date("2020-01-01")), class = "zuid_error_layout")
  expect_error(id_add_fields(df, id, "nope"), class = "zuid_error_layout")
})

test_that("problems with the IDs name the column and the verb", {
  df <- data.frame(msg = c("175928847299117063", "x", "-1"))
  expect_warning(got <- id_add_fields(df, msg, "discord"), class = "zuid_warning_invalid",
                 regexp = "2 of 3 entries of `msg` are not valid discord IDs")
  expect_identical(is.na(got$time), c(FALSE, TRUE, TRUE))
  cnd <- tryCatch(id_filter_time(df, msg, layout = "discord"), warning = function(w) w)
  expect_identical(deparse(conditionCall(cnd)[[1L]]), "id_filter_time")
  expect_error(id_add_fields(data.frame(msg = 2^60), msg, "discord"), class = "zuid_error_precision",
               regexp = "`msg\\[1\\]` is a double of 2\\^53 or more")
  expect_error(id_add_fields(data.frame(msg = factor("1")), msg, "discord"), class = "zuid_error_type",
               regexp = "`msg` must be IDs")
})

test_that("arguments are checked", {
  expect_error(id_add_fields(list(id = "1"), id, "discord"), class = "zuid_error_type",
               regexp = "`.data` must be a data frame \\(base, tibble or data.table\\), a dbplyr .* or Arrow data")
  df <- data.frame(id = "175928847299117063")
  t <- as.POSIXct("2020-01-01", tz = "UTC")
  expect_error(id_filter_time(df, id, t, t, "discord"), class = "zuid_error_range",
               regexp = "`from` must be before `to`")
  expect_error(id_filter_time(df, id, list(t), NULL, "discord"), class = "zuid_error_type", regexp = "`from`")
  expect_error(id_filter_time(df, id, NULL, c(t, t), "discord"), class = "zuid_error_range", regexp = "`to`")
})

test_that("on lazy tables, the verbs check their arguments and the column's type", {
  skip_if_not_installed("dbplyr")
  skip_if_not_installed("RSQLite")
  con <- DBI::dbConnect(RSQLite::SQLite(), ":memory:")
  on.exit(DBI::dbDisconnect(con))
  DBI::dbExecute(con, "CREATE TABLE m (id INTEGER, time TEXT, r REAL, b BLOB)")
  DBI::dbExecute(con, "INSERT INTO m VALUES (175928847299117063, 'kept', 1.5, x'00')")
  m <- dplyr::tbl(con, "m")
  expect_error(id_add_fields(m, id, "discord"), class = "zuid_error_column", regexp = "already has a column `time`")
  expect_error(id_add_fields(m, idd, "discord"), class = "zuid_error_column")
  expect_error(id_filter_time(m, r, layout = "discord"), class = "zuid_error_type",
               regexp = "Column `r` of `.data` holds the type \"real\"")
  expect_error(id_add_fields(m, b, "discord", prefix = "x_"), class = "zuid_error_type", regexp = "\"blob\"")
  got <- dplyr::collect(id_add_fields(m, id, "discord", prefix = "id_"))
  expect_identical(as.numeric(got$id_time), time_ms(id_time("175928847299117063", "discord")))
  # A range that reaches IDs of 2^63 and more, stored as negative numbers.
  DBI::dbExecute(con, "INSERT INTO m VALUES (-1, NULL, NULL, NULL)")
  got <- dplyr::collect(id_filter_time(m, id, as.Date("2016-01-01"), as.Date("2160-01-01"), "discord"))
  expect_setequal(as.character(got$id), c("175928847299117063", "-1"))
  cnd <- tryCatch(id_filter_time(m, id, as.Date("2020-01-01"), as.Date("2010-01-01"), "discord"),
                  error = function(e) e)
  expect_s3_class(cnd, "zuid_error_range")
  expect_identical(deparse(conditionCall(cnd)[[1L]]), "id_filter_time")
})

test_that("a TEXT column written from character IDs gives the rows an integer one gives", {
  # The case of issue 14: IDs kept as character, written with dbWriteTable().
  skip_if_not_installed("dbplyr")
  skip_if_not_installed("RSQLite")
  con <- DBI::dbConnect(RSQLite::SQLite(), ":memory:")
  on.exit(DBI::dbDisconnect(con))
  set.seed(14)
  t0 <- as.POSIXct("2024-03-01", tz = "UTC")
  ids <- id_compose(t0 + sort(stats::runif(1525, 0, 30 * 86400)), "discord",
                    sequence = sample.int(4096, 1525, replace = TRUE) - 1L)
  DBI::dbWriteTable(con, "text_ids", data.frame(id = ids))
  DBI::dbWriteTable(con, "int_ids", data.frame(id = bit64::as.integer64(ids)))
  from <- t0 + 10 * 86400
  to <- t0 + 20 * 86400
  want <- ids[id_time(ids, "discord") >= from & id_time(ids, "discord") < to]
  expect_gt(length(want), 400)
  for (table in c("text_ids", "int_ids")) {
    got <- dplyr::collect(id_filter_time(dplyr::tbl(con, table), id, from, to, "discord"))
    expect_setequal(as.character(got$id), want)
  }
})

test_that("on simulated connections, the verbs render SQL", {
  skip_if_not_installed("dbplyr")
  lazy <- dbplyr::lazy_frame(id = 1, con = dbplyr::simulate_postgres())
  sql <- as.character(dbplyr::sql_render(id_filter_time(lazy, id, as.Date("2020-01-01"), layout = "twitter")))
  expect_match(sql, sprintf("WHERE \\(\"id\" >= %s\\)", id_from_time(as.Date("2020-01-01"), "twitter")))
  expect_error(id_add_fields(dbplyr::lazy_frame(id = 1, con = dbplyr::simulate_mssql()), id, "twitter"),
               class = "zuid_error_type", regexp = "connection of class <Microsoft SQL Server>")
})

test_that("a zuid_id column lends its layout to the verbs; another layout is an error", {
  t <- as.POSIXct("2024-03-05 10:00", tz = "UTC") + c(0, 1800, 3600, 5400)
  df <- data.frame(id = id_compose(t, "discord", worker = 2), n = 1:4)
  added <- id_add_fields(df, id)
  expect_identical(added$worker, rep(2L, 4))
  expect_identical(added$time, id_time(df$id))
  kept <- id_filter_time(df, id, from = t[2], to = t[4])
  expect_identical(kept$n, 2:3)
  expect_error(id_add_fields(df, id, "twitter"), class = "zuid_error_layout",
               regexp = "holds IDs of the discord layout")
  expect_error(id_filter_time(data.frame(id = as.character(df$id)), id, t[1], t[2]),
               class = "zuid_error_layout", regexp = "`layout` is missing")
})
