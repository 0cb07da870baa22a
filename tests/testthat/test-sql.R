# The SQL that id_sql() and id_sql_range() write, without an engine (the
# engines run it in test-sql-engines.R).

text_of <- function(x) if (is.list(x)) vapply(x, as.character, "") else as.character(x)

test_that("id_sql() gives one expression per id_fields() column", {
  sql <- id_sql("discord")
  expect_identical(names(sql), names(id_fields("175928847299117063", "discord")))
  expect_identical(text_of(sql[["worker"]]), "CAST(((\"id\" >> 17) & 31) AS INTEGER)")
  expect_identical(text_of(sql[["sequence"]]), "CAST((\"id\" & 4095) AS INTEGER)")
  expect_identical(text_of(sql[["time"]]), paste0(
    "(TIMESTAMPTZ '1970-01-01 00:00:00+00' + (1420070400000 + ((\"id\" >> 22) & 4398046511103))",
    " * INTERVAL '1 millisecond')"))
  sony <- id_sql(id_layout("sonyflake", epoch = 0), column = c("t", "id"), dialect = "spark")
  expect_identical(names(sony), c("time", "machine", "sequence"))
  expect_identical(text_of(sony[["time"]]),
                   "CASE WHEN `t`.`id` >= 0 THEN timestamp_millis((0 + (shiftright(`t`.`id`, 24) & 549755813887) * 10)) END")
  expect_identical(text_of(sony[["machine"]]), "CASE WHEN `t`.`id` >= 0 THEN CAST((`t`.`id` & 65535) AS INTEGER) END")
})

test_that("IDs a layout cannot hold give NULL", {
  # A sign bit set (a negative bigint), and for SCRU64 also 36^12 or more.
  expect_match(text_of(id_sql("twitter")[["worker"]]), "^CASE WHEN \"id\" >= 0 THEN .* END$")
  expect_match(text_of(id_sql(id_layout("scru64", node_bits = 8))[["node"]]),
               "^CASE WHEN \"id\" >= 0 AND \"id\" < 4738381338321616896 THEN")
  expect_no_match(text_of(id_sql("mastodon")[["sequence"]]), "CASE")
})

test_that("every dialect has its own shifts and timestamp", {
  time <- function(dialect) text_of(id_sql("discord", dialect = dialect)[["time"]])
  expect_identical(time("sqlite"), "(1420070400000 + ((\"id\" >> 22) & 4398046511103))")
  expect_identical(time("duckdb"), "epoch_ms((1420070400000 + ((\"id\" >> 22) & 4398046511103)))")
  expect_identical(time("spark"), "timestamp_millis((1420070400000 + (shiftright(`id`, 22) & 4398046511103)))")
  expect_identical(time("mysql"), paste(
    "CAST(DATE_ADD(CAST('1970-01-01 00:00:00' AS DATETIME(3)),",
    "INTERVAL (1420070400000 + CAST(((`id` >> 22) & 4398046511103) AS SIGNED)) * 1000 MICROSECOND) AS DATETIME(3))"))
  ms <- "(1420070400000 + toInt64(bitAnd(bitShiftRight(`id`, 22), 4398046511103)))"
  expect_identical(time("clickhouse"), sprintf(
    "if(%1$s >= -2208988800000 AND %1$s < 10413792000000, fromUnixTimestamp64Milli(toInt64(%1$s), 'UTC'), NULL)", ms))
  expect_identical(text_of(id_sql("discord", dialect = "mysql")[["worker"]]),
                   "CAST(((`id` >> 17) & 31) AS SIGNED)")
  expect_identical(text_of(id_sql("discord", dialect = "clickhouse")[["worker"]]),
                   "toInt32(toInt64(bitAnd(bitShiftRight(`id`, 17), 31)))")
  # Fields wider than 31 bits stay bigint.
  wide <- id_layout(time = list(bits = 20, unit = "s", epoch = 0), fields = list(big = 40, small = 4),
                    sequence = 0, sign_bit = FALSE)
  expect_identical(text_of(id_sql(wide)[["big"]]), "((\"id\" >> 4) & 1099511627775)")
})

test_that("dialects have aliases, in any case", {
  pg <- text_of(id_sql("discord", dialect = "postgres"))
  for (alias in c("postgresql", "PostgreSQL", "pg")) {
    expect_identical(text_of(id_sql("discord", dialect = alias)), pg)
  }
  expect_identical(text_of(id_sql("discord", dialect = "MariaDB")), text_of(id_sql("discord", dialect = "mysql")))
  expect_identical(text_of(id_sql("discord", dialect = "databricks")), text_of(id_sql("discord", dialect = "spark")))
  expect_identical(text_of(id_sql("discord", dialect = "sqlite3")), text_of(id_sql("discord", dialect = "sqlite")))
  expect_identical(text_of(id_sql("discord")), pg)
})

test_that("a connection gives its dialect by class", {
  skip_if_not_installed("dbplyr")
  # dbplyr's simulated connections carry the drivers' class names.
  sims <- list(postgres = dbplyr::simulate_postgres(), sqlite = dbplyr::simulate_sqlite(),
               mysql = dbplyr::simulate_mysql(),
               duckdb = dbplyr::simulate_dbi("duckdb_connection"),
               spark = dbplyr::simulate_dbi("spark_connection"),
               clickhouse = dbplyr::simulate_dbi("ClickhouseConnection"),
               postgres = dbplyr::simulate_dbi("PostgreSQLConnection"),
               mysql = dbplyr::simulate_dbi("MySQLConnection"),
               spark = dbplyr::simulate_dbi("Spark SQL"),
               clickhouse = dbplyr::simulate_dbi("ClickHouseHTTPConnection"))
  for (i in seq_along(sims)) {
    expect_identical(text_of(id_sql("twitter", dialect = sims[[i]])),
                     text_of(id_sql("twitter", dialect = names(sims)[[i]])), label = names(sims)[[i]])
  }
  expect_error(id_sql("twitter", dialect = dbplyr::simulate_mssql()), class = "zuid_error_type",
               regexp = "connection of class <Microsoft SQL Server>, whose SQL dialect zuid does not know")
})

test_that("a live connection quotes names with its driver", {
  skip_if_not_installed("RSQLite")
  con <- DBI::dbConnect(RSQLite::SQLite(), ":memory:")
  on.exit(DBI::dbDisconnect(con))
  quoted <- as.character(DBI::dbQuoteIdentifier(con, "a\"b`c"))
  expect_identical(text_of(id_sql("discord", column = "a\"b`c", dialect = con)[["sequence"]]),
                   sprintf("CAST((%s & 4095) AS INTEGER)", quoted))
})

test_that("a driver's quoting that the dialect reads otherwise is refused", {
  # Like many ClickHouse clients, this one doubles backticks but leaves
  # backslashes, which ClickHouse reads as escapes: "a\" would end in \`.
  skip_if_not_installed("DBI")
  where <- environment()
  setClass("ClickHouseHTTPConnection", contains = getClass("DBIConnection", where = asNamespace("DBI")),
           where = where)
  setMethod(DBI::dbQuoteIdentifier, c("ClickHouseHTTPConnection", "character"), where = where,
            function(conn, x, ...) DBI::SQL(paste0("`", gsub("`", "``", x, fixed = TRUE), "`")))
  con <- new("ClickHouseHTTPConnection")
  expect_identical(text_of(id_sql("discord", column = "a`b", dialect = con)[["sequence"]]),
                   "toInt32(toInt64(bitAnd(`a``b`, 4095)))")
  expect_error(id_sql("discord", column = "a\\", dialect = con), class = "zuid_error_type",
               regexp = "reads as a different name or not as one name")
  expect_error(id_sql_range(as.Date("2020-01-01"), NULL, "discord", column = "x\\` OR 1=1 --", dialect = con),
               class = "zuid_error_type")
})

test_that("names are always quoted, by the dialect's rules", {
  t <- as.POSIXct("2024-03-05", tz = "UTC")
  cond <- function(column, dialect) text_of(id_sql_range(t, NULL, "twitter", column = column, dialect = dialect))
  low <- id_from_time(t, "twitter")
  expect_identical(cond("id OR 1=1", "postgres"), sprintf("\"id OR 1=1\" >= %s", low))
  expect_identical(cond("a\"b", "duckdb"), sprintf("\"a\"\"b\" >= %s", low))
  expect_identical(cond("a`b", "mysql"), sprintf("`a``b` >= %s", low))
  expect_identical(cond("a`b", "spark"), sprintf("`a``b` >= %s", low))
  expect_identical(cond("a\\`b", "clickhouse"), sprintf("`a\\\\``b` >= %s", low))
  expect_identical(cond("a\\`b", "mysql"), sprintf("`a\\``b` >= %s", low))
  expect_identical(cond("id -- x", "sqlite"), sprintf("\"id -- x\" >= CAST(%s AS INTEGER)", low))
  # A dot is part of a name; parts make a qualified name.
  expect_identical(cond("m.id", "postgres"), sprintf("\"m.id\" >= %s", low))
  expect_identical(cond(c("m", "id"), "postgres"), sprintf("\"m\".\"id\" >= %s", low))
  expect_identical(cond(c("db", "m", "id"), "mysql"), sprintf("`db`.`m`.`id` >= %s", low))
  expect_identical(cond(DBI::Id(table = "m", column = "id"), "postgres"), sprintf("\"m\".\"id\" >= %s", low))
  skip_if_not_installed("dbplyr")
  expect_identical(cond(dbplyr::ident("m.id"), "postgres"), sprintf("\"m.id\" >= %s", low))
  # SQL marked as such goes in as written, in parentheses.
  expect_identical(cond(dbplyr::sql("CAST(x AS BIGINT)"), "postgres"), sprintf("(CAST(x AS BIGINT)) >= %s", low))
  expect_identical(cond(DBI::SQL("m.id"), "postgres"), sprintf("(m.id) >= %s", low))
  expect_identical(cond(dbplyr::ident_q("`m`.`id`"), "mysql"), sprintf("(`m`.`id`) >= %s", low))
})

test_that("the result is dbplyr's sql(), which splices into dplyr verbs", {
  skip_if_not_installed("dbplyr")
  sql <- id_sql("discord")
  expect_type(sql, "list")
  expect_true(all(vapply(sql, inherits, logical(1), "sql")))
  expect_s3_class(id_sql_range(as.Date("2020-01-01"), as.Date("2020-01-02"), "discord"), "sql")
  lazy <- dbplyr::lazy_frame(id = 1, con = dbplyr::simulate_postgres())
  rendered <- as.character(dbplyr::sql_render(dplyr::mutate(lazy, !!!sql)))
  expect_match(rendered, "CAST\\(\\(\"id\" & 4095\\) AS INTEGER\\) AS `sequence`", fixed = FALSE)
})

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

test_that("arguments are checked", {
  expect_error(id_sql("twitter", dialect = "oracle"), class = "zuid_error_type",
               regexp = "`dialect` must be one of \"postgres\", \"sqlite\", \"duckdb\", \"spark\", \"mysql\", \"clickhouse\"")
  expect_error(id_sql("twitter", dialect = NA_character_), class = "zuid_error_type")
  expect_error(id_sql("twitter", dialect = 1), class = "zuid_error_type")
  expect_error(id_sql("twitter", column = c("a", NA)), class = "zuid_error_type", regexp = "`column`")
  expect_error(id_sql("twitter", column = ""), class = "zuid_error_type")
  expect_error(id_sql("twitter", column = c("m", "")), class = "zuid_error_type")
  expect_error(id_sql("twitter", column = character()), class = "zuid_error_type")
  expect_error(id_sql("twitter", column = 1), class = "zuid_error_type")
  expect_error(id_sql("twitter", column = factor("id")), class = "zuid_error_type")
  expect_error(id_sql("twitter", type = "string"), class = "zuid_error_type", regexp = "`type`")
  expect_error(id_sql("sonyflake"), class = "zuid_error_layout")
  t <- as.POSIXct("2020-01-01", tz = "UTC")
  expect_error(id_sql_range(t, t, "twitter"), class = "zuid_error_range", regexp = "`from` must be before `to`")
  expect_error(id_sql_range(t + 1, t, "twitter"), class = "zuid_error_range")
  expect_error(id_sql_range(c(t, t), t + 1, "twitter"), class = "zuid_error_range", regexp = "`from` must be one time, not 2 times")
  expect_error(id_sql_range(t, as.POSIXct(NA), "twitter"), class = "zuid_error_range", regexp = "`to` must be one time, not NA")
  expect_error(id_sql_range("2020-01-01", t, "twitter"), class = "zuid_error_type", regexp = "`from` must be one POSIXct or Date")
  expect_error(id_sql_range(t, 5, "twitter"), class = "zuid_error_type", regexp = "`to`")
})

# id_sql()'s expressions, as text, for layouts with a sign bit: each is
# guarded so that an ID with the sign bit set gives NULL.
guarded <- function(expr, column = "\"id\"") sprintf("CASE WHEN %s >= 0 THEN %s END", column, expr)

test_that("microsecond ticks become milliseconds by whole-number division", {
  expect_identical(unclass(id_sql("tid")[["time"]]), guarded(paste0(
    "(TIMESTAMPTZ '1970-01-01 00:00:00+00' + (0 + (((\"id\" >> 10) & 9007199254740991) / 1000))",
    " * INTERVAL '1 millisecond')")))
  expect_identical(unclass(id_sql("tid", dialect = "duckdb")[["time"]]),
                   guarded("epoch_ms((0 + (((\"id\" >> 10) & 9007199254740991) // 1000)))"))
  expect_identical(unclass(id_sql("tid", dialect = "spark")[["time"]]),
                   guarded("timestamp_millis((0 + ((shiftright(`id`, 10) & 9007199254740991) div 1000)))", "`id`"))
  expect_identical(unclass(id_sql("tid", dialect = "sqlite")[["time"]]),
                   guarded("(0 + (((\"id\" >> 10) & 9007199254740991) / 1000))"))
  expect_identical(names(id_sql("tid")), c("time", "clock_id", "sequence"))
})

test_that("ticks count from the epoch floored to the unit, as the decoders do", {
  sony <- id_layout("sonyflake", epoch = 1592224496789)
  expect_identical(unclass(id_sql(sony)[["time"]]), guarded(paste0(
    "(TIMESTAMPTZ '1970-01-01 00:00:00+00' + (1592224496780 + ((\"id\" >> 24) & 549755813887) * 10)",
    " * INTERVAL '1 millisecond')")))
  v2 <- id_layout(time = list(bits = 39, unit = "5ms", epoch = 3), fields = list(sequence = 8, machine = 16))
  expect_identical(unclass(id_sql(v2, dialect = "duckdb")[["time"]]),
                   guarded("epoch_ms((0 + ((\"id\" >> 24) & 549755813887) * 5))"))
  expect_identical(names(id_sql(v2)), c("time", "machine", "sequence"))
  expect_identical(unclass(id_sql(v2)[["sequence"]]), guarded("CAST(((\"id\" >> 16) & 255) AS INTEGER)"))
})
