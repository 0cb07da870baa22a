# The verbs on Arrow data (tables-arrow.R): a Parquet dataset of every
# built-in layout's IDs (half of them 2^63 or more where the layout has
# no sign bit, some the layout cannot hold, and nulls) in four kinds of
# column, decoded, selected and collected by the verbs, compared row for
# row with id_fields() and with ranges computed by bit64 arithmetic.
# arrow is packaged in Debian's sid, not in Debian 12: there these skip.
# (Arrow's functions are reached by name, since zuid does not depend on
# arrow and R CMD check would count arrow:: as an undeclared dependency.)

arrow_ns <- function(name) getExportedValue("arrow", name)

arrow_array <- function(text, type) arrow_ns("Array")$create(text)$cast(type)

# engine_cases() (helper-engines.R) as one Arrow table: the layout's name,
# the row number, and each ID in an unsigned and a signed 64-bit column (a
# negative number for 2^63 and more), as decimal text and as a whole
# decimal.
arrow_ids_table <- function(cases) {
  ids <- do.call(c, unname(cases$ids))
  text <- unsigned_decimal(ids)
  text[is.na(ids)] <- NA
  layouts <- rep(names(cases$ids), lengths(cases$ids))
  arrow_ns("arrow_table")(
    layout = layouts, n = seq_along(ids),
    uid = arrow_array(text, arrow_ns("uint64")()), sid = arrow_array(as.character(ids), arrow_ns("int64")()),
    tid = text, did = arrow_array(text, arrow_ns("decimal128")(20, 0)))
}

# The table as a Parquet dataset in `dir`, one directory per layout.
arrow_dataset <- function(cases, dir) {
  arrow_ns("write_dataset")(arrow_ids_table(cases), dir, format = "parquet", partitioning = "layout")
  arrow_ns("open_dataset")(dir)
}

arrow_columns <- c("uid", "sid", "tid", "did")

# Time to the microsecond, as a whole number.
time_us <- function(t) round(as.numeric(t) * 1e6)

test_that("the verbs decode, select and collect Parquet datasets' IDs exactly, in every kind of column", {
  skip_if_not_installed("arrow")
  skip_if_not_installed("dplyr")
  cases <- engine_cases()
  dir <- tempfile("zuid-arrow")
  on.exit(unlink(dir, recursive = TRUE))
  ds <- arrow_dataset(cases, dir)
  for (name in names(cases$layouts)) {
    layout <- cases$layouts[[name]]
    ids <- cases$ids[[name]]
    rows <- dplyr::filter(ds, layout == !!name)
    numbers <- as.integer(layout_rows(cases, name)$n)
    want <- suppressWarnings(id_fields(ids, layout), classes = "zuid_warning_invalid")
    for (column in arrow_columns) {
      what <- sprintf("%s %s", name, column)
      fields <- id_add_fields(rows, !!column, layout)
      expect_s3_class(fields, "arrow_dplyr_query")
      got <- dplyr::collect(fields)
      expect_identical(sort(got$n), numbers)
      got <- got[order(got$n), ]
      expect_identical(time_us(got$time), time_us(want$time), label = paste(what, "time"))
      for (field in setdiff(names(want), "time")) {
        expect_identical(as.numeric(got[[field]]), as.numeric(want[[field]]), label = paste(what, field))
      }
      # (IDs the layout cannot hold are NA, with the warning that says so.)
      collected <- suppressWarnings(id_collect(rows, !!column, layout = layout), classes = "zuid_warning_invalid")
      expect_identical(collected[[column]][order(collected$n)],
                       suppressWarnings(as_zuid_id(ids, layout), classes = "zuid_warning_invalid"), label = what)
      # Ranges on two of the four kinds per layout, in turn: a 64-bit
      # column compared as it is, and one compared by its bits.
      if (!column %in% arrow_columns[c(1L, 3L) + match(name, names(cases$layouts)) %% 2L]) next
      for (r in names(cases$ranges[[name]])) {
        range <- cases$ranges[[name]][[r]]
        kept <- id_filter_time(rows, !!column, range$from, range$to, layout)
        expect_s3_class(kept, "arrow_dplyr_query")
        expected <- numbers[expected_in_range(ids, layout, range$from, range$to)]
        expect_gt(length(expected), 0)
        expect_setequal(dplyr::collect(dplyr::select(kept, "n"))$n, expected)
      }
    }
  }
})

test_that("arrow itself reads an unsigned 64-bit column as rounded doubles; id_collect() does not", {
  skip_if_not_installed("arrow")
  skip_if_not_installed("dplyr")
  ids <- as_zuid_id(c("175928847299117063", "18446744073709551615", "18446744073709551614", NA), "discord")
  text <- as.character(ids)
  table <- arrow_ns("arrow_table")(id = arrow_array(text, arrow_ns("uint64")()), k = 1:4)
  plain <- dplyr::collect(table)$id
  expect_type(plain, "double")
  expect_identical(plain[[2L]], plain[[3L]])
  expect_identical(id_collect(table, id, layout = "discord")$id, ids)
  # On a query, after other verbs, and with the column renamed.
  query <- dplyr::rename(dplyr::filter(table, k > 1L), message_id = id)
  got <- id_collect(id_add_fields(query, message_id, "discord", prefix = "id_"), message_id)
  expect_identical(got$message_id, as_zuid_id(text[2:4]))
  expect_identical(got$id_sequence, c(4095L, 4094L, NA))
})

test_that("Arrow columns that hold no IDs are refused, naming their type", {
  skip_if_not_installed("arrow")
  skip_if_not_installed("dplyr")
  table <- arrow_ns("arrow_table")(f = c(1.5, 2), d = as.Date(c("2020-01-01", "2020-01-02")), t = c("1", "2"))
  for (column in c("f", "d")) {
    expect_error(id_add_fields(table, !!column, "discord"), class = "zuid_error_type",
                 regexp = sprintf("Column `%s` of `.data` holds the Arrow type \"(double|date32\\[day\\])\"", column))
    expect_error(id_filter_time(table, !!column, layout = "discord"), class = "zuid_error_type")
    expect_error(id_collect(table, !!column), class = "zuid_error_type")
  }
  expect_error(id_add_fields(table, idd, "discord"), class = "zuid_error_column", regexp = "its columns are `f`")
  expect_error(id_add_fields(dplyr::mutate(table, time = 1L), t, "discord"), class = "zuid_error_column",
               regexp = "already has a column `time`")
  expect_error(id_add_fields(table, t), class = "zuid_error_layout", regexp = "`layout` is missing")
})
