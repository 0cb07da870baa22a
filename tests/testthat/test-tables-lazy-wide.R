# id_add_fields() and id_filter_time() on dbplyr lazy tables of 128-bit IDs
# (issue 37): the database computes the time and the range of sql-wide.R,
# live on SQLite, and keeps the rows the verbs keep on the same data frame.

skip_if_not_installed("dbplyr")
skip_if_not_installed("RSQLite")

# IDs minted by zuid's generator (now) and at the two ends of ticks spread
# over two hours, with the times that ranges start and end at: some on a
# tick's first ID exactly.
minted_frame <- function(layout) {
  t0 <- as.POSIXct("2024-03-05 10:00:00", tz = "UTC")
  at <- t0 + c(0, 0.001, 59.999, 60, 1800.5, 3600, 7199.999)
  ids <- c(id_next(id_generator(layout), 20L, as = "character"),
           id_from_time(at, layout, side = "min", as = "character"),
           id_from_time(at, layout, side = "max", as = "character"))
  list(df = data.frame(key = seq_along(ids), id = ids), at = at)
}

layout_text <- function(layout) if (is.character(layout)) layout else paste(layout$name, layout$sub_ms)

sqlite_table <- function(df) {
  con <- DBI::dbConnect(RSQLite::SQLite(), ":memory:")
  DBI::dbWriteTable(con, "m", df)
  list(con = con, m = dplyr::tbl(con, "m"))
}

test_that("id_filter_time() on a lazy SQLite table keeps the rows it keeps in memory", {
  for (layout in list("uuidv7", "ulid", id_layout("uuidv7", sub_ms = "fraction"))) {
    minted <- minted_frame(layout)
    db <- sqlite_table(minted$df)
    now <- Sys.time()
    ranges <- list(c(minted$at[1], minted$at[4]), c(minted$at[2], minted$at[6]), c(minted$at[5], NA),
                   c(NA, minted$at[3]), c(now - 3600, NA), c(NA, NA), c(minted$at[7], now + 3600))
    for (r in ranges) {
      from <- if (is.na(r[1])) NULL else .POSIXct(r[1], tz = "UTC")
      to <- if (is.na(r[2])) NULL else .POSIXct(r[2], tz = "UTC")
      want <- id_filter_time(minted$df, id, from, to, layout)$key
      got <- dplyr::collect(id_filter_time(db$m, id, from, to, layout))
      label <- paste(layout_text(layout), format(r))
      expect_identical(sort(got$key), want, label = label)
      expect_identical(got$id, minted$df$id[got$key], label = label)
    }
    # A range of one tick keeps its first and last IDs and no others.
    one <- dplyr::collect(id_filter_time(db$m, id, minted$at[4], minted$at[4] + 0.001, layout))
    expect_identical(sort(one$key), c(24L, 31L))
    DBI::dbDisconnect(db$con)
  }
})

test_that("id_add_fields() on a lazy SQLite table adds the time of id_time(), to the microsecond", {
  for (layout in list("uuidv7", "ulid", id_layout("uuidv7", sub_ms = "fraction"))) {
    minted <- minted_frame(layout)
    db <- sqlite_table(minted$df)
    lazy <- id_add_fields(db$m, id, layout, prefix = "id_")
    expect_s3_class(lazy, "tbl_lazy")
    got <- dplyr::collect(lazy)
    # The time alone: the one field id_sql() gives for wide layouts.
    expect_identical(names(got), c("key", "id", "id_time"))
    # SQLite's time is whole microseconds since 1970, floored; id_time()'s
    # POSIXct holds today's times to a quarter of a microsecond.
    us <- as.numeric(got$id_time)
    expected <- as.numeric(id_time(minted$df$id[got$key], layout)) * 1e6
    expect_true(all(us - expected > -1.25 & us - expected < 0.25), label = layout_text(layout))
    # The first ID of a millisecond is made at its start.
    expect_identical(us[21:27] %% 1000, rep(0, 7))
    DBI::dbDisconnect(db$con)
  }
})

test_that("entries that are not the layout's canonical text get no time in the database", {
  db <- sqlite_table(data.frame(key = 1:3, id = c("017f22e2-79b0-7cc3-98c4-dc0c0c07398f", "not an id", NA)))
  got <- dplyr::collect(id_add_fields(db$m, id, "uuidv7"))
  expect_identical(as.numeric(got$time), c(1645557742000000, NA, NA))
  DBI::dbDisconnect(db$con)
})

test_that("the verbs write id_sql()'s SQL on simulated connections", {
  lazy <- dbplyr::lazy_frame(id = "x", con = dbplyr::simulate_postgres())
  sql <- render_sql(id_filter_time(lazy, id, "2024-03-05", NULL, "uuidv7"))
  expect_match(sql, "CAST('018e0be8-f400-7000-8000-000000000000' AS UUID)", fixed = TRUE)
  added <- id_add_fields(lazy, id, "ulid")
  expect_identical(colnames(added), c("id", "time"))
  expect_match(render_sql(added), "STRPOS", fixed = TRUE)
})

test_that("layouts with no SQL for the verb are refused on lazy tables with a way on", {
  lazy <- dbplyr::lazy_frame(id = "x", con = dbplyr::simulate_postgres())
  expect_snapshot(id_add_fields(lazy, id, "ksuid"), error = TRUE)
  expect_snapshot(id_filter_time(lazy, id, NULL, NULL, "ksuid"), error = TRUE)
  expect_snapshot(id_add_fields(lazy, id, "scru128"), error = TRUE)
  expect_snapshot(id_filter_time(lazy, id, "2024-03-05", NULL, "typeid"), error = TRUE)
  expect_snapshot(id_filter_time(lazy, id, "2024-03-05", NULL, "uuidv1"), error = TRUE)
  expect_error(id_filter_time(lazy, id, NULL, NULL, "uuid"), class = "zuid_error_layout")
  # What sql-wide.R does write for them stays available.
  expect_s3_class(id_filter_time(lazy, id, "2024-03-05", NULL, "scru128"), "tbl_lazy")
  for (name in c("typeid", "uuidv1", "uuid")) expect_s3_class(id_add_fields(lazy, id, name), "tbl_lazy")
})

test_that("the verbs read UUID and text columns of PostgreSQL", {
  skip_unless_engine("postgres")
  con <- engine_connect("postgres")
  on.exit(DBI::dbDisconnect(con))
  columns <- list(list(layout = "uuidv7", type = "uuid"), list(layout = "uuidv7", type = "text"),
                  list(layout = "ulid", type = "text"),
                  list(layout = id_layout("uuidv7", sub_ms = "fraction"), type = "uuid"),
                  # ULIDs stored as the same 128 bits in a uuid column.
                  list(layout = "ulid", type = "uuid"))
  # RPostgreSQL reads a uuid column as text, warning of it each time.
  quiet <- function(expr) {
    withCallingHandlers(quietly_dbplyr(expr), warning = function(w) {
      if (grepl("unrecognized PostgreSQL field type uuid", conditionMessage(w))) invokeRestart("muffleWarning")
    })
  }
  for (column in columns) {
    minted <- minted_frame(column$layout)
    stored <- minted$df
    if (column$type == "uuid") stored$id <- as.character(id_to_text(as_zuid_id(stored$id, column$layout), "uuid"))
    DBI::dbWriteTable(con, "zuid_lazy_wide", stored, overwrite = TRUE, row.names = FALSE)
    DBI::dbExecute(con, sprintf("ALTER TABLE zuid_lazy_wide ALTER COLUMN id TYPE %1$s USING id::%1$s", column$type))
    m <- quiet(dplyr::tbl(con, "zuid_lazy_wide"))
    label <- paste(layout_text(column$layout), column$type)
    for (r in list(c(1L, 4L), c(2L, 6L), c(5L, 7L))) {
      from <- minted$at[r[1]]
      to <- minted$at[r[2]]
      want <- id_filter_time(minted$df, id, from, to, column$layout)$key
      got <- quiet(dplyr::collect(id_filter_time(m, id, from, to, column$layout)))
      expect_identical(sort(as.integer(got$key)), want, label = label)
    }
    # The time in microseconds since 1970, as PostgreSQL holds it.
    added <- dplyr::mutate(id_add_fields(m, id, column$layout),
                           us = dbplyr::sql('CAST(EXTRACT(EPOCH FROM "time") * 1000000 AS BIGINT)'))
    got <- quiet(dplyr::collect(dplyr::arrange(added, key)))
    expected <- as.numeric(id_time(minted$df$id, column$layout)) * 1e6
    expect_true(all(got$us - expected > -1.25 & got$us - expected < 0.25), label = label)
  }
  DBI::dbExecute(con, "DROP TABLE zuid_lazy_wide")
})
