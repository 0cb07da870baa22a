# A zuid_id shows its exact unsigned digits wherever R shows it.

ids <- function() {
  as_zuid_id(c("175928847299117063", NA, "18446744073709551615", "0"), "discord")
}

test_that("format(), as.character(), print() and str() show every digit", {
  x <- ids()
  expect_identical(format(x), c("175928847299117063", "NA", "18446744073709551615", "0"))
  expect_identical(as.character(x), c("175928847299117063", NA, "18446744073709551615", "0"))
  expect_snapshot({
    print(x)
    str(x)
    print(as_zuid_id(c(a = "1", b = "2")))
    print(x[0])
  })
})

test_that("data frames, tibbles and data.table show every digit", {
  x <- ids()
  df <- data.frame(id = x, n = 1:4)
  expect_s3_class(df$id, "zuid_id")
  expect_identical(as.vector(format(df)$id), format(x))
  skip_if_not_installed("tibble")
  skip_if_not_installed("pillar")
  expect_snapshot(print(tibble::tibble(id = x, n = 1:4)))
  expect_snapshot(print(tibble::tibble(id = as_zuid_id(c("1", "22")))))
  skip_if_not_installed("data.table")
  # The column's class line explicitly: data.table 1.15 began to show it by
  # default.
  expect_snapshot(print(data.table::data.table(id = x), class = TRUE))
})

test_that("the integer64 that zuid returns is usable without bit64 attached", {
  expect_false("package:bit64" %in% search())
  t <- as.POSIXct("2024-01-01", tz = "UTC")
  x <- id_from_time(t, "twitter", as = "integer64")
  digits <- id_from_time(t, "twitter", as = "character")
  expect_identical(capture.output(print(x)), c("integer64", paste("[1]", digits)))
  expect_identical(as.character(data.frame(id = x)$id), digits)
})

test_that("write.csv() and fwrite() write the digits; SQLite stores an integer column", {
  x <- ids()[-4]
  path <- tempfile(fileext = ".csv")
  on.exit(unlink(path))
  utils::write.csv(data.frame(id = x), path, row.names = FALSE)
  expect_identical(readLines(path), c("\"id\"", "175928847299117063", "NA", "18446744073709551615"))
  skip_if_not_installed("data.table")
  data.table::fwrite(data.frame(id = x[1]), path)
  expect_identical(readLines(path), c("id", "175928847299117063"))
  skip_if_not_installed("RSQLite")
  con <- DBI::dbConnect(RSQLite::SQLite(), ":memory:")
  on.exit(DBI::dbDisconnect(con), add = TRUE)
  DBI::dbWriteTable(con, "m", data.frame(id = x))
  expect_identical(DBI::dbGetQuery(con, "SELECT typeof(id) AS t FROM m WHERE id IS NOT NULL")$t,
                   c("integer", "integer"))
  back <- DBI::dbGetQuery(con, "SELECT id FROM m", bigint = "integer64")$id
  expect_identical(as_zuid_id(back, "discord"), x)
})

test_that("as.integer64() gives a plain integer64; as.double() the nearest double", {
  x <- ids()
  plain <- bit64::as.integer64(x)
  expect_identical(class(plain), "integer64")
  expect_null(attr(plain, "layout"))
  expect_identical(as.character(plain[3]), "-1")
  expect_identical(as.double(x), c(175928847299117063, NA, 18446744073709551615, 0))
  expect_identical(is.na(x), c(FALSE, TRUE, FALSE, FALSE))
  expect_identical(is.finite(x), c(TRUE, FALSE, TRUE, TRUE))
})

test_that("PostgreSQL stores a zuid_id column as bigint given that field type, and reads back equal", {
  skip_unless_engine("postgres")
  con <- DBI::dbConnect(RPostgreSQL::PostgreSQL(), host = Sys.getenv("ZUID_TEST_PG_HOST"),
                        port = as.integer(Sys.getenv("ZUID_TEST_PG_PORT")),
                        user = "postgres", dbname = "postgres")
  on.exit(DBI::dbDisconnect(con))
  x <- id_compose(as.POSIXct("2024-01-01", tz = "UTC") + 0:2, "discord", worker = 3)
  # RPostgreSQL, Debian's driver, types integer64 columns as text unless told.
  DBI::dbWriteTable(con, "zuid_ids", data.frame(id = x), overwrite = TRUE, row.names = FALSE,
                    field.types = c(id = "bigint"))
  type <- DBI::dbGetQuery(con, paste("SELECT data_type FROM information_schema.columns",
                                     "WHERE table_name = 'zuid_ids' AND column_name = 'id'"))$data_type
  expect_identical(type, "bigint")
  back <- DBI::dbGetQuery(con, "SELECT CAST(id AS TEXT) AS id FROM zuid_ids ORDER BY id")$id
  expect_identical(as_zuid_id(back, "discord"), x)
})

test_that("print() formats only what it shows, and takes quote and max", {
  x <- rep(ids(), 30)
  expect_identical(shown_ids(x, 5L), x[1:5])
  expect_identical(shown_ids(x, 500L), x)
  out <- capture.output(print(x, max = 5))
  expect_identical(out[[2]], "[1]   175928847299117063                   NA 18446744073709551615")
  expect_identical(out[[length(out)]], " [ reached 'max' / getOption(\"max.print\") -- omitted 115 entries ]")
  op <- options(max.print = 7)
  on.exit(options(op))
  out <- capture.output(print(x))
  expect_identical(out[[length(out)]], " [ reached getOption(\"max.print\") -- omitted 113 entries ]")
  expect_length(out, 5L)
})

test_that("print(quote = TRUE) quotes, and format(width =) pads", {
  x <- ids()
  expect_identical(capture.output(print(x[1], quote = TRUE))[[2]], "[1] \"175928847299117063\"")
  expect_identical(format(x[c(1, 4)], width = 20), c("  175928847299117063", "                   0"))
  expect_identical(format(x[c(1, 4)], width = 20, justify = "left"), c("175928847299117063  ", "0                   "))
  expect_identical(format(x[c(1, 4)]), c("175928847299117063", "0"))
})

test_that("jsonlite::toJSON() writes exact strings, never negative, and NA as null", {
  skip_if_not_installed("jsonlite")
  x <- ids()
  expect_identical(as.character(jsonlite::toJSON(x)), '["175928847299117063",null,"18446744073709551615","0"]')
  expect_identical(as.character(jsonlite::toJSON(data.frame(id = x[1:2]))), '[{"id":"175928847299117063"},{}]')
  expect_identical(as.character(jsonlite::toJSON(list(id = x[3]), auto_unbox = TRUE)), '{"id":"18446744073709551615"}')
  back <- jsonlite::fromJSON(jsonlite::toJSON(x))
  expect_identical(as_zuid_id(back, "discord"), x)
})

test_that("a shared reprex reproduces IDs through their text", {
  x <- ids()
  text <- paste(deparse(as.character(x)), collapse = "")
  expect_identical(as_zuid_id(eval(parse(text = text)), "discord"), x)
})

test_that("a warning shows a no-break or zero-width space as its code point", {
  expect_warning(as_zuid_id(c("1\u00a02", "3\u200b")), class = "zuid_warning_invalid",
                 regexp = "The first, \"1\\\\u00a02\", is not decimal digits", fixed = FALSE)
  expect_error(id_layout("tw\u00a0itter"), regexp = "tw\\u00a0itter", fixed = TRUE)
})
