# Column names are always quoted, by the dialect's rules or the driver's.

test_that("SQLite's names are in backticks, which it never reads as a string", {
  # SQLite reads a double-quoted name that is no column as a string; zuid
  # quotes SQLite's names itself, whatever a connection's driver would do.
  skip_if_not_installed("RSQLite")
  con <- DBI::dbConnect(RSQLite::SQLite(), ":memory:")
  on.exit(DBI::dbDisconnect(con))
  for (dialect in list(con, "sqlite")) {
    sql <- text_of(id_sql("discord", column = "a\"b`c", dialect = dialect)[["sequence"]])
    expect_match(sql, "^CAST\\(\\(\\(CASE WHEN typeof\\(`a\"b``c`\\) = 'integer' THEN `a\"b``c` WHEN")
    expect_match(sql, " & 4095) AS INTEGER)$")
    # Every mention of the column is the quoted name.
    expect_false(grepl("a\"b", gsub("`a\"b``c`", "", sql, fixed = TRUE), fixed = TRUE))
  }
  expect_false(zuid:::sql_dialects$sqlite$quote$driver)
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
  # MySQL's BIGINT may be unsigned, where twitter's IDs end at 2^63.
  end <- " AND %1$s < 9223372036854775808"
  expect_identical(cond("a`b", "mysql"), sprintf(paste0("%1$s >= %2$s", end), "`a``b`", low))
  expect_identical(cond("a`b", "spark"), sprintf("`a``b` >= %s", low))
  expect_identical(cond("a\\`b", "clickhouse"), sprintf("`a\\\\``b` >= %s", low))
  expect_identical(cond("a\\`b", "mysql"), sprintf(paste0("%1$s >= %2$s", end), "`a\\``b`", low))
  sqlite <- cond("id -- x", "sqlite")
  expect_true(startsWith(sqlite, sprintf("((typeof(`id -- x`) = 'integer' AND `id -- x` >= CAST(%s AS INTEGER))", low)))
  expect_false(grepl("id -- x", gsub("`id -- x`", "", sqlite, fixed = TRUE), fixed = TRUE))
  # A dot is part of a name; parts make a qualified name.
  expect_identical(cond("m.id", "postgres"), sprintf("\"m.id\" >= %s", low))
  expect_identical(cond(c("m", "id"), "postgres"), sprintf("\"m\".\"id\" >= %s", low))
  expect_identical(cond(c("db", "m", "id"), "mysql"), sprintf(paste0("%1$s >= %2$s", end), "`db`.`m`.`id`", low))
})

test_that("qualified names and SQL come marked by DBI and dbplyr", {
  t <- as.POSIXct("2024-03-05", tz = "UTC")
  cond <- function(column, dialect) text_of(id_sql_range(t, NULL, "twitter", column = column, dialect = dialect))
  low <- id_from_time(t, "twitter")
  skip_if_not_installed("DBI")
  expect_identical(cond(DBI::Id(table = "m", column = "id"), "postgres"), sprintf("\"m\".\"id\" >= %s", low))
  expect_identical(cond(DBI::SQL("m.id"), "postgres"), sprintf("(m.id) >= %s", low))
  skip_if_not_installed("dbplyr")
  expect_identical(cond(dbplyr::ident("m.id"), "postgres"), sprintf("\"m.id\" >= %s", low))
  # SQL marked as such goes in as written, in parentheses.
  expect_identical(cond(dbplyr::sql("CAST(x AS BIGINT)"), "postgres"), sprintf("(CAST(x AS BIGINT)) >= %s", low))
  expect_identical(cond(dbplyr::ident_q("`m`.`id`"), "mysql"),
                   sprintf("(`m`.`id`) >= %1$s AND (`m`.`id`) < 9223372036854775808", low))
})
