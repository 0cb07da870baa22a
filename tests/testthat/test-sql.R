test_that("id_sql() gives one expression per id_fields() column", {
  sql <- id_sql("twitter")
  expect_identical(names(sql), names(id_fields("1888944671579078978", "twitter")))
  expect_identical(sql[["datacenter"]], "CAST(((id >> 17) & 31) AS INTEGER)")
  expect_identical(sql[["sequence"]], "CAST((id & 4095) AS INTEGER)")
  expect_identical(sql[["time"]], paste0(
    "(TIMESTAMPTZ '1970-01-01 00:00:00+00' + (1288834974657 + ((id >> 22) & 2199023255551))",
    " * INTERVAL '1 millisecond')"))
  sony <- id_sql(id_layout("sonyflake", epoch = 0), column = "t.id", dialect = "spark")
  expect_identical(names(sony), c("time", "machine", "sequence"))
  expect_identical(sony[["time"]], "timestamp_millis((0 + (shiftright(t.id, 24) & 549755813887) * 10))")
  expect_identical(sony[["machine"]], "CAST((t.id & 65535) AS INTEGER)")
})

test_that("every dialect has its own timestamp", {
  expect_match(id_sql("discord", dialect = "sqlite")[["time"]], "^strftime\\('%Y-%m-%dT%H:%M:%fZ', .* / 1000.0, 'unixepoch'\\)$")
  expect_match(id_sql("discord", dialect = "duckdb")[["time"]], "^epoch_ms\\(")
  expect_match(id_sql("discord", dialect = "spark")[["time"]], "^timestamp_millis\\(")
  # Fields wider than 31 bits stay bigint.
  wide <- id_layout(time = list(bits = 20, unit = "s", epoch = 0), fields = list(big = 40, small = 4),
                    sequence = 0, sign_bit = FALSE)
  expect_identical(id_sql(wide)[["big"]], "((id >> 4) & 1099511627775)")
})

test_that("id_sql_range() bounds round up to tick starts", {
  may <- as.POSIXct("2016-05-01", tz = "UTC")
  # (2016-05-02 in ms - Discord's epoch) << 22 = 42076800000 * 2^22
  expect_identical(id_sql_range(may, may + 86400, "discord"),
                   "id >= 176120502681600000 AND id < 176482890547200000")
  # Times count to the millisecond; a `from` after a tick's start begins
  # at the next tick.
  expect_identical(id_sql_range(may + 0.0005, may + 1, "discord", column = "m.id"),
                   "m.id >= 176120502681600000 AND m.id < 176120506875904000")
  expect_identical(id_sql_range(may + 0.001, may + 1, "discord"),
                   "id >= 176120502685794304 AND id < 176120506875904000")
  sony <- id_layout("sonyflake", epoch = may)
  expect_identical(id_sql_range(may + 0.011, may + 0.02, sony),
                   sprintf("id >= %s AND id < %s", 2 * 2^24, 2 * 2^24))
  # Before the epoch counts from the epoch; past the end of a signed layout, no upper bound.
  expect_identical(id_sql_range(as.Date("2000-01-01"), as.Date("2015-01-01"), "twitter"),
                   sprintf("id >= 0 AND id < %s", id_from_time(as.Date("2015-01-01"), "twitter")))
  expect_identical(id_sql_range(as.Date("2020-01-01"), as.Date("2090-01-01"), "twitter"),
                   sprintf("id >= %s", id_from_time(as.Date("2020-01-01"), "twitter")))
})

test_that("ranges reaching IDs of 2^63 or more are refused", {
  expect_error(id_sql_range(as.Date("2020-01-01"), as.Date("2090-01-01"), "discord"),
               class = "zuid_error_range", regexp = "reach 2\\^63 or more, which a signed bigint")
  expect_error(id_sql_range(as.Date("2050-01-01"), as.Date("2051-01-01"), "instagram"),
               class = "zuid_error_range")
  expect_type(id_sql_range(as.Date("2040-01-01"), as.Date("2041-01-01"), "instagram"), "character")
})

test_that("arguments are checked", {
  expect_error(id_sql("twitter", dialect = "oracle"), class = "zuid_error_type",
               regexp = "`dialect` must be one of \"postgres\", \"sqlite\", \"duckdb\", \"spark\"")
  expect_error(id_sql("twitter", column = c("a", "b")), class = "zuid_error_type", regexp = "`column`")
  expect_error(id_sql("twitter", column = ""), class = "zuid_error_type")
  expect_error(id_sql("sonyflake"), class = "zuid_error_layout")
  t <- as.POSIXct("2020-01-01", tz = "UTC")
  expect_error(id_sql_range(t, t, "twitter"), class = "zuid_error_range", regexp = "`from` before `to`")
  expect_error(id_sql_range(t + 1, t, "twitter"), class = "zuid_error_range")
  expect_error(id_sql_range(c(t, t), t + 1, "twitter"), class = "zuid_error_range")
  expect_error(id_sql_range("2020-01-01", t, "twitter"), class = "zuid_error_type")
})

test_that("microsecond ticks become milliseconds by whole-number division", {
  expect_identical(id_sql("tid")[["time"]], paste0(
    "(TIMESTAMPTZ '1970-01-01 00:00:00+00' + (0 + (((id >> 10) & 9007199254740991) / 1000))",
    " * INTERVAL '1 millisecond')"))
  expect_identical(id_sql("tid", dialect = "duckdb")[["time"]],
                   "epoch_ms((0 + (((id >> 10) & 9007199254740991) // 1000)))")
  expect_identical(id_sql("tid", dialect = "spark")[["time"]],
                   "timestamp_millis((0 + ((shiftright(id, 10) & 9007199254740991) div 1000)))")
  expect_match(id_sql("tid", dialect = "sqlite")[["time"]], "& 9007199254740991) / 1000)) / 1000.0", fixed = TRUE)
  expect_identical(names(id_sql("tid")), c("time", "clock_id", "sequence"))
})

test_that("ticks count from the epoch floored to the unit, as the decoders do", {
  sony <- id_layout("sonyflake", epoch = 1592224496789)
  expect_identical(id_sql(sony)[["time"]], paste0(
    "(TIMESTAMPTZ '1970-01-01 00:00:00+00' + (1592224496780 + ((id >> 24) & 549755813887) * 10)",
    " * INTERVAL '1 millisecond')"))
  v2 <- id_layout(time = list(bits = 39, unit = "5ms", epoch = 3), fields = list(sequence = 8, machine = 16))
  expect_identical(id_sql(v2, dialect = "duckdb")[["time"]],
                   "epoch_ms((0 + ((id >> 24) & 549755813887) * 5))")
  expect_identical(names(id_sql(v2)), c("time", "machine", "sequence"))
  expect_identical(id_sql(v2)[["sequence"]], "CAST(((id >> 16) & 255) AS INTEGER)")
})
