# The expressions id_sql() writes, dialect by dialect, without an engine
# (the engines run them in test-sql-engines.R).

test_that("IDs a layout cannot hold give NULL", {
  # A sign bit set (a negative bigint), and for SCRU64 also 36^12 or more.
  expect_no_match(text_of(id_sql("tsid")[["node"]]), "CASE")
  expect_match(text_of(id_sql("linkedin")[["node"]]), "^CASE WHEN \"id\" >= 0 THEN .* END$")
  # Where a layout's IDs begin above 0 (Twitter's, Mastodon's), also below.
  expect_match(text_of(id_sql("twitter")[["worker"]]), "^CASE WHEN \"id\" >= 29700859248 THEN .* END$")
  expect_match(text_of(id_sql(id_layout("scru64", node_bits = 8))[["node"]]),
               "^CASE WHEN \"id\" >= 0 AND \"id\" < 4738381338321616896 THEN")
  expect_match(text_of(id_sql("mastodon")[["sequence"]]),
               "^CASE WHEN \\(\"id\" < 0 OR \"id\" >= 5662310400000\\) THEN")
  expect_no_match(text_of(id_sql("discord")[["sequence"]]), "CASE")
})

test_that("every dialect has its own shifts and timestamp", {
  time <- function(dialect) text_of(id_sql("discord", dialect = dialect)[["time"]])
  # SQLite's columns hold any type: integers are read as integers, text as
  # text, anything else is no ID.
  sqlite_bits <- zuid:::sql_id_bits("`id`", "integer", "sqlite")
  expect_match(sqlite_bits, "^\\(CASE WHEN typeof\\(`id`\\) = 'integer' THEN `id` WHEN typeof\\(`id`\\) = 'text' AND")
  expect_identical(zuid:::sql_id_bits("`id`", "text", "sqlite"), sqlite_bits)
  expect_identical(time("sqlite"), sprintf("(1420070400000 + ((%s >> 22) & 4398046511103))", sqlite_bits))
  expect_identical(time("duckdb"), "epoch_ms((1420070400000 + ((\"id\" >> 22) & 4398046511103)))")
  expect_identical(time("spark"), "timestamp_millis((1420070400000 + (shiftright(`id`, 22) & 4398046511103)))")
  expect_identical(time("mysql"), paste(
    "CAST(DATE_ADD(CAST('1970-01-01 00:00:00' AS DATETIME(3)),",
    "INTERVAL (1420070400000 + CAST(((CAST(`id` AS SIGNED) >> 22) & 4398046511103) AS SIGNED)) * 1000",
    "MICROSECOND) AS DATETIME(3))"))
  ms <- "(1420070400000 + toInt64(bitAnd(bitShiftRight(`id`, 22), 4398046511103)))"
  expect_identical(time("clickhouse"), sprintf(
    "if(%1$s >= -2208988800000 AND %1$s < 10413792000000, fromUnixTimestamp64Milli(toInt64(%1$s), 'UTC'), NULL)", ms))
  expect_identical(text_of(id_sql("discord", dialect = "mysql")[["worker"]]),
                   "CAST(((CAST(`id` AS SIGNED) >> 17) & 31) AS SIGNED)")
  expect_identical(text_of(id_sql("discord", dialect = "clickhouse")[["worker"]]),
                   "toInt32(toInt64(bitAnd(bitShiftRight(`id`, 17), 31)))")
  # Fields wider than 31 bits stay bigint.
  wide <- id_layout(time = list(bits = 20, unit = "s", epoch = 0), fields = list(big = 40, small = 4),
                    sequence = 0, sign_bit = FALSE)
  expect_identical(text_of(id_sql(wide)[["big"]]), "((\"id\" >> 4) & 1099511627775)")
})

# id_sql()'s expressions, as text, for layouts with a sign bit: each is
# guarded so that an ID with the sign bit set gives NULL.
guarded <- function(expr, column = "\"id\"") sprintf("CASE WHEN %s >= 0 THEN %s END", column, expr)

# PostgreSQL's timestamp of milliseconds: whole days and what is left.
pg_time <- function(ms) {
  sprintf(paste("((TIMESTAMP '1970-01-01 00:00:00' + (%1$s / 86400000) * INTERVAL '1 day'",
                "+ (%1$s %% 86400000) * INTERVAL '1 millisecond') AT TIME ZONE 'UTC')"), ms)
}

test_that("microsecond ticks become milliseconds by whole-number division", {
  expect_identical(unclass(id_sql("tid")[["time"]]),
                   guarded(pg_time("(0 + (((\"id\" >> 10) & 9007199254740991) / 1000))")))
  expect_identical(unclass(id_sql("tid", dialect = "duckdb")[["time"]]),
                   guarded("epoch_ms((0 + (((\"id\" >> 10) & 9007199254740991) // 1000)))"))
  expect_identical(unclass(id_sql("tid", dialect = "spark")[["time"]]),
                   guarded("timestamp_millis((0 + ((shiftright(`id`, 10) & 9007199254740991) div 1000)))", "`id`"))
  bits <- zuid:::sql_id_bits("`id`", "integer", "sqlite")
  expect_identical(unclass(id_sql("tid", dialect = "sqlite")[["time"]]),
                   guarded(sprintf("(0 + (((%s >> 10) & 9007199254740991) / 1000))", bits), bits))
  expect_identical(names(id_sql("tid")), c("time", "clock_id", "sequence"))
})

test_that("ticks count from the epoch floored to the unit, as the decoders do", {
  sony <- id_layout("sonyflake", epoch = 1592224496789)
  expect_identical(unclass(id_sql(sony)[["time"]]),
                   guarded(pg_time("(1592224496780 + ((\"id\" >> 24) & 549755813887) * 10)")))
  v2 <- id_layout(time = list(bits = 39, unit = "5ms", epoch = 3), fields = list(sequence = 8, machine = 16))
  expect_identical(unclass(id_sql(v2, dialect = "duckdb")[["time"]]),
                   guarded("epoch_ms((0 + ((\"id\" >> 24) & 549755813887) * 5))"))
  expect_identical(names(id_sql(v2)), c("time", "machine", "sequence"))
  expect_identical(unclass(id_sql(v2)[["sequence"]]), guarded("CAST(((\"id\" >> 16) & 255) AS INTEGER)"))
})

test_that("text and decimals that are not IDs give NULL, before any conversion", {
  max <- "18446744073709551615"
  sql <- text_of(id_sql("discord", type = "text")[["sequence"]])
  valid <- sprintf("(\"id\" ~ '^[0-9]{1,20}$') AND (LENGTH(\"id\") < 20 OR \"id\" <= '%s')", max)
  expect_match(sql, sprintf("CASE WHEN %s THEN", valid), fixed = TRUE)
  expect_match(text_of(id_sql("discord", dialect = "clickhouse", type = "text")[["sequence"]]),
               "THEN toInt64(toUInt64OrNull(`id`)) END", fixed = TRUE)
  expect_match(text_of(id_sql("discord", dialect = "spark", type = "decimal")[["sequence"]]),
               sprintf("CASE WHEN `id` >= 0 AND `id` <= %s AND `id` = FLOOR(`id`) THEN", max), fixed = TRUE)
  expect_match(text_of(id_sql("discord", dialect = "duckdb", type = "decimal")[["sequence"]]),
               sprintf("\"id\" <= CAST(%s AS DECIMAL(20, 0))", max), fixed = TRUE)
  # Unsigned and signed integers hold IDs only.
  expect_no_match(text_of(id_sql("discord", dialect = "duckdb", type = "unsigned")[["sequence"]]), "FLOOR|regexp")
  expect_no_match(text_of(id_sql("discord", dialect = "clickhouse", type = "unsigned")[["sequence"]]), "CASE")
})
