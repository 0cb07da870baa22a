# The conditions id_sql_range() writes, on every kind of ID column.

range <- function(...) text_of(id_sql_range(...))

test_that("id_sql_range() bounds round up to tick starts", {
  may <- as.POSIXct("2016-05-01", tz = "UTC")
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
  # Within one tick, after its start: no ID.
  expect_identical(range(may + 0.011, may + 0.02, sony), "1 = 0")
  expect_identical(range(may + 0.011, may + 0.021, sony),
                   sprintf("\"id\" >= %s AND \"id\" < %s", 2 * 2^24, 3 * 2^24))
  # Before the epoch counts from the epoch; past the end of a signed layout, no upper bound.
  expect_identical(range(as.Date("2000-01-01"), as.Date("2015-01-01"), "twitter"),
                   sprintf("\"id\" >= 0 AND \"id\" < %s", id_from_time(as.Date("2015-01-01"), "twitter")))
  expect_identical(range(as.Date("2020-01-01"), as.Date("2090-01-01"), "twitter"),
                   sprintf("\"id\" >= %s", id_from_time(as.Date("2020-01-01"), "twitter")))
})

# SQLite's condition on a column's text values alone.
text_range_sql <- function(from, to, layout) {
  bounds <- zuid:::range_bounds_of(zuid:::range_seconds(from, to, NULL), id_layout(layout), NULL)
  zuid:::sql_number_range("`id`", bounds, "text", zuid:::sql_dialect("sqlite"))
}

test_that("open ends run from the epoch and to the layout's last ID", {
  t <- as.Date("2020-01-01")
  low <- id_from_time(t, "discord")
  expect_identical(range(NULL, t, "discord"), sprintf("\"id\" >= 0 AND \"id\" < %s", low))
  # Without a sign bit, IDs of 2^63 and more are negative bigints, and later.
  expect_identical(range(t, NULL, "discord"), sprintf("(\"id\" >= %s OR \"id\" < 0)", low))
  expect_identical(range(t, NULL, "twitter"), sprintf("\"id\" >= %s", id_from_time(t, "twitter")))
  expect_identical(range(NULL, NULL, "discord"), "(\"id\" >= 0 OR \"id\" < 0)")
  scru <- id_layout("scru64", node_bits = 8)
  expect_identical(range(NULL, NULL, scru), "\"id\" >= 0 AND \"id\" < 4738381338321616896")
  # SQLite's columns hold any type: integers are compared as integers, text
  # as text (see below).
  expect_identical(range(t, NULL, "discord", dialect = "sqlite"), sprintf(
    "((typeof(`id`) = 'integer' AND (`id` >= CAST(%1$s AS INTEGER) OR `id` < CAST(0 AS INTEGER))) OR %2$s)",
    low, sprintf("(typeof(`id`) = 'text' AND %s)", text_range_sql(t, NULL, "discord"))))
})

test_that("infinite ends and ends past the layout's are open, or leave no ID", {
  t <- as.POSIXct("2020-01-01", tz = "UTC")
  inf <- as.POSIXct(Inf, origin = "1970-01-01", tz = "UTC")
  minus_inf <- as.POSIXct(-Inf, origin = "1970-01-01", tz = "UTC")
  expect_identical(range(minus_inf, inf, "discord"), range(NULL, NULL, "discord"))
  expect_identical(range(t, inf, "discord"), range(t, NULL, "discord"))
  expect_identical(range(minus_inf, t, "discord", type = "text"), range(NULL, t, "discord", type = "text"))
  # Past what a double holds to the millisecond is infinite too.
  far <- as.POSIXct(2^53, origin = "1970-01-01", tz = "UTC")
  expect_identical(range(t, far, "twitter"), range(t, NULL, "twitter"))
  expect_identical(range(inf, NULL, "discord"), "1 = 0")
  expect_identical(range(far, NULL, "discord", dialect = "mysql", type = "text"), "1 = 0")
  expect_identical(range(NULL, minus_inf, "twitter", dialect = "duckdb", type = "unsigned"), "1 = 0")
  expect_error(id_sql_range(inf, inf, "discord"), class = "zuid_error_range", regexp = "before `to`")
})

test_that("microsecond ranges count to the microsecond, as in R", {
  t <- as.POSIXct("2024-03-05 10:00:00", tz = "UTC")
  start <- id_from_time(t, "tid", as = "character")
  at_us <- function(us) id_from_time(t + us / 1e6, "tid", as = "character")
  # A TID minted 0.4 ms into a millisecond is in [T, T + 0.7 ms); a `from`
  # 0.4 ms in begins there, not at the millisecond.
  expect_identical(range(NULL, t + 0.0007, "tid"), sprintf("\"id\" >= 0 AND \"id\" < %s", at_us(700)))
  expect_identical(range(t + 0.0004, NULL, "tid"), sprintf("\"id\" >= %s", at_us(400)))
  expect_identical(range(t, t + 0.0007, "tid"), sprintf("\"id\" >= %s AND \"id\" < %s", start, at_us(700)))
  # A TID's own time reads back as its microsecond.
  tid <- id_compose(t + 0.000399, "tid", clock_id = 5)
  expect_identical(range(id_time(tid), NULL, "tid"), sprintf("\"id\" >= %s", at_us(399)))
  # Millisecond layouts still count to the millisecond.
  expect_identical(range(t + 0.0007, NULL, "discord"), range(t, NULL, "discord"))
})

test_that("a signed column takes a range reaching 2^63 in two comparisons", {
  from <- as.Date("2080-01-01")
  to <- as.Date("2090-01-01")
  # The bits of an ID of 2^63 or more, read by bit64 as a signed integer,
  # are the negative bigint that a signed column holds.
  signed <- function(t, layout = "discord") {
    as.character(structure(as.vector(unclass(id_from_time(t, layout))), class = "integer64"))
  }
  expect_identical(range(from, to, "discord"),
                   sprintf("(\"id\" >= %s OR \"id\" < %s)", signed(from), signed(to)))
  expect_identical(range(to, to + 365, "discord"),
                   sprintf("\"id\" >= %s AND \"id\" < %s", signed(to), signed(to + 365)))
  expect_identical(range(to, NULL, "discord"), sprintf("\"id\" >= %s AND \"id\" < 0", signed(to)))
  expect_identical(range(as.Date("2050-01-01"), as.Date("2051-01-01"), "instagram"),
                   sprintf("\"id\" >= %s AND \"id\" < %s", signed(as.Date("2050-01-01"), "instagram"),
                           signed(as.Date("2051-01-01"), "instagram")))
})

test_that("unsigned and decimal columns compare by value, as they are", {
  from <- as.Date("2080-01-01")
  to <- as.Date("2090-01-01")
  unsigned <- function(t) id_from_time(t, "discord", as = "character")
  expect_identical(range(from, to, "discord", dialect = "mysql", type = "unsigned"),
                   sprintf("`id` >= %s AND `id` < %s", unsigned(from), unsigned(to)))
  expect_identical(range(from, NULL, "discord", type = "decimal"), sprintf("\"id\" >= %s", unsigned(from)))
  expect_identical(range(from, to, "discord", dialect = "duckdb", type = "unsigned"),
                   sprintf("\"id\" >= CAST(%s AS UBIGINT) AND \"id\" < CAST(%s AS UBIGINT)",
                           unsigned(from), unsigned(to)))
  expect_identical(range(from, NULL, "discord", dialect = "clickhouse", type = "unsigned"),
                   sprintf("`id` >= %s", unsigned(from)))
  # MySQL's drivers do not say whether a BIGINT is unsigned: the
  # condition holds for either.
  signed <- as.character(structure(as.vector(unclass(id_from_time(to, "discord"))), class = "integer64"))
  expect_identical(range(from, to, "discord", dialect = "mysql"),
                   sprintf("((`id` >= %s AND `id` < %s) OR `id` < %s)", unsigned(from), unsigned(to), signed))
  # Where IDs end at 2^63, an unsigned column needs the bound that a signed
  # one does not.
  expect_identical(range(from, NULL, "twitter", dialect = "mysql"),
                   sprintf("`id` >= %s AND `id` < 9223372036854775808", id_from_time(from, "twitter")))
})

test_that("text ID columns are compared by value", {
  may <- as.POSIXct("2016-05-01", tz = "UTC")
  text <- function(...) range(..., type = "text")
  digits <- "(\"id\" ~ '^[0-9]{1,20}$') AND (LENGTH(\"id\") < 20 OR \"id\" <= '18446744073709551615')"
  expect_identical(text(may, may + 86400, "discord"), paste(
    "LENGTH(\"id\") = 18 AND \"id\" >= '176120502681600000' AND \"id\" < '176482890547200000' AND",
    digits))
  expect_identical(text(NULL, may, "discord", dialect = "mysql"), paste(
    "(CHAR_LENGTH(`id`) > 1 OR (CHAR_LENGTH(`id`) = 1 AND `id` >= '0')) AND",
    "(CHAR_LENGTH(`id`) < 18 OR (CHAR_LENGTH(`id`) = 18 AND `id` < '176120502681600000')) AND",
    "(`id` REGEXP '^[0-9]{1,20}$') AND (CHAR_LENGTH(`id`) < 20 OR `id` <= '18446744073709551615')"))
  # Open to the end: below 2^63 with a sign bit, no upper bound without.
  expect_match(text(may, NULL, "twitter"), "'9223372036854775808'\\)\\) AND")
  expect_identical(text_range_sql(may, NULL, "discord"), paste(
    "(LENGTH(`id`) > 18 OR (LENGTH(`id`) = 18 AND `id` >= '176120502681600000')) AND",
    "(`id` <> '' AND `id` NOT GLOB '*[^0-9]*' AND LENGTH(`id`) <= 20) AND",
    "(LENGTH(`id`) < 20 OR `id` <= '18446744073709551615')"))
  # SQLite reads each value by its own type, whatever the column's kind.
  expect_identical(text(may, NULL, "discord", dialect = "sqlite"),
                   range(may, NULL, "discord", dialect = "sqlite"))
})
