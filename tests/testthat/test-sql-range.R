# The conditions id_sql_range() writes, on integer and text ID columns.

test_that("id_sql_range() bounds round up to tick starts", {
  may <- as.POSIXct("2016-05-01", tz = "UTC")
  range <- function(...) text_of(id_sql_range(...))
  # (2016-05-02 in ms - Discord's epoch) << 22 = 42076800000 * 2^22
  expect_identical(range(may, may + 86400, "discord"),
                   "\"id\" >= 176120502681600000 AND \"id\" < 176482890547200000")
  # Times count to the millisecond; a `from` after a tick's start begins
  # at the next tick.
  expect_identical(range(may + 0.0005, may + 1, "discord", column = c("m", "id")),
                   "\"m\".\"id\" >= 176120502681600000 AND \"m\".\"id\" < 176120506875904000")
  expect_identical(range(may + 0.001, may + 1, "discord"),
                   "\"id\" >= 176120502685794304 AND \"id\" < 176120506875904000")
  sony <- id_layout("sonyflake", epoch = may)
  expect_identical(range(may + 0.011, may + 0.02, sony),
                   sprintf("\"id\" >= %s AND \"id\" < %s", 2 * 2^24, 2 * 2^24))
  # Before the epoch counts from the epoch; past the end of a signed layout, no upper bound.
  expect_identical(range(as.Date("2000-01-01"), as.Date("2015-01-01"), "twitter"),
                   sprintf("\"id\" >= 0 AND \"id\" < %s", id_from_time(as.Date("2015-01-01"), "twitter")))
  expect_identical(range(as.Date("2020-01-01"), as.Date("2090-01-01"), "twitter"),
                   sprintf("\"id\" >= %s", id_from_time(as.Date("2020-01-01"), "twitter")))
})

test_that("open ends run from the epoch and to the layout's last ID", {
  t <- as.Date("2020-01-01")
  low <- id_from_time(t, "discord")
  range <- function(...) text_of(id_sql_range(...))
  expect_identical(range(NULL, t, "discord"), sprintf("\"id\" >= 0 AND \"id\" < %s", low))
  # Without a sign bit, IDs of 2^63 and more are negative bigints, and later.
  expect_identical(range(t, NULL, "discord"), sprintf("(\"id\" >= %s OR \"id\" < 0)", low))
  expect_identical(range(t, NULL, "twitter"), sprintf("\"id\" >= %s", id_from_time(t, "twitter")))
  expect_identical(range(NULL, NULL, "discord"), "(\"id\" >= 0 OR \"id\" < 0)")
  scru <- id_layout("scru64", node_bits = 8)
  expect_identical(range(NULL, NULL, scru), "\"id\" >= 0 AND \"id\" < 4738381338321616896")
  expect_identical(range(t, NULL, "discord", dialect = "sqlite"),
                   sprintf("(\"id\" >= CAST(%s AS INTEGER) OR \"id\" < CAST(0 AS INTEGER))", low))
})

test_that("text ID columns are compared by value", {
  may <- as.POSIXct("2016-05-01", tz = "UTC")
  range <- function(...) text_of(id_sql_range(..., type = "text"))
  expect_identical(range(may, may + 86400, "discord"), paste(
    "LENGTH(\"id\") = 18 AND \"id\" >= '176120502681600000' AND \"id\" < '176482890547200000'"))
  expect_identical(range(NULL, may, "discord", dialect = "mysql"), paste(
    "(CHAR_LENGTH(`id`) > 1 OR (CHAR_LENGTH(`id`) = 1 AND `id` >= '0')) AND",
    "(CHAR_LENGTH(`id`) < 18 OR (CHAR_LENGTH(`id`) = 18 AND `id` < '176120502681600000'))"))
  # Open to the end: below 2^63 with a sign bit, below 2^64 without.
  expect_match(range(may, NULL, "twitter"), "'9223372036854775808'\\)\\)$")
  expect_match(range(may, NULL, "discord"), "'18446744073709551616'\\)\\)$")
  # Text is converted to the ID's bits for decoding.
  expect_match(text_of(id_sql("discord", type = "text")[["sequence"]]),
               "CAST\\(CASE WHEN CAST\\(\"id\" AS DECIMAL\\(20, 0\\)\\) > 9223372036854775807")
  expect_match(text_of(id_sql("discord", dialect = "mysql", type = "text")[["sequence"]]),
               "CAST(CAST(`id` AS UNSIGNED) AS SIGNED)", fixed = TRUE)
})

test_that("ranges reaching IDs of 2^63 or more are refused", {
  expect_error(id_sql_range(as.Date("2020-01-01"), as.Date("2090-01-01"), "discord"),
               class = "zuid_error_range", regexp = "reach 2\\^63 or more, which a signed bigint")
  expect_error(id_sql_range(as.Date("2020-01-01"), as.Date("2090-01-01"), "discord", type = "text"),
               class = "zuid_error_range", regexp = "bounds below 2\\^63 only")
  expect_error(id_sql_range(as.Date("2050-01-01"), as.Date("2051-01-01"), "instagram"),
               class = "zuid_error_range")
  expect_error(id_sql_range(as.Date("2090-01-01"), NULL, "discord"), class = "zuid_error_range")
  expect_length(text_of(id_sql_range(as.Date("2040-01-01"), as.Date("2041-01-01"), "instagram")), 1L)
})
