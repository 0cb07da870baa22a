# The SQL that id_sql() and id_sql_range() write, without an engine (the
# engines run it in test-sql-engines.R).

test_that("id_sql() gives one expression per id_fields() column", {
  sql <- id_sql("discord")
  expect_identical(names(sql), names(id_fields("175928847299117063", "discord")))
  expect_identical(text_of(sql[["worker"]]), "CAST(((\"id\" >> 17) & 31) AS INTEGER)")
  expect_identical(text_of(sql[["sequence"]]), "CAST((\"id\" & 4095) AS INTEGER)")
  ms <- "(1420070400000 + ((\"id\" >> 22) & 4398046511103))"
  expect_identical(text_of(sql[["time"]]), sprintf(paste(
    "((TIMESTAMP '1970-01-01 00:00:00' + (%1$s / 86400000) * INTERVAL '1 day'",
    "+ (%1$s %% 86400000) * INTERVAL '1 millisecond') AT TIME ZONE 'UTC')"), ms))
  sony <- id_sql(id_layout("sonyflake", epoch = 0), column = c("t", "id"), dialect = "spark")
  expect_identical(names(sony), c("time", "machine", "sequence"))
  expect_identical(text_of(sony[["time"]]),
                   paste("CASE WHEN `t`.`id` >= 0 THEN",
                         "timestamp_millis((0 + (shiftright(`t`.`id`, 24) & 549755813887) * 10)) END"))
  expect_identical(text_of(sony[["machine"]]), "CASE WHEN `t`.`id` >= 0 THEN CAST((`t`.`id` & 65535) AS INTEGER) END")
})

test_that("the result is dbplyr's sql(), which splices into dplyr verbs", {
  skip_if_not_installed("dbplyr")
  sql <- id_sql("discord")
  expect_type(sql, "list")
  expect_true(all(vapply(sql, inherits, logical(1), "sql")))
  expect_s3_class(id_sql_range(as.Date("2020-01-01"), as.Date("2020-01-02"), "discord"), "sql")
  lazy <- dbplyr::lazy_frame(id = 1, con = dbplyr::simulate_postgres())
  rendered <- as.character(dbplyr::sql_render(dplyr::mutate(lazy, !!!sql)))
  # zuid's expression under its name; dbplyr quotes the name (with
  # backticks in dbplyr 2.3, with PostgreSQL's double quotes in 2.6).
  expect_match(rendered, "CAST\\(\\(\"id\" & 4095\\) AS INTEGER\\) AS [`\"]sequence[`\"]")
})

test_that("arguments are checked", {
  expect_error(id_sql("twitter", dialect = "oracle"), class = "zuid_error_type",
               regexp = paste("`dialect` must be one of \"postgres\", \"sqlite\", \"duckdb\", \"spark\",",
                              "\"mysql\", \"clickhouse\""))
  expect_error(id_sql("twitter", dialect = NA_character_), class = "zuid_error_type")
  expect_error(id_sql("twitter", dialect = 1), class = "zuid_error_type")
  expect_error(id_sql("twitter", column = c("a", NA)), class = "zuid_error_type", regexp = "`column`")
  expect_error(id_sql("twitter", column = ""), class = "zuid_error_type")
  expect_error(id_sql("twitter", column = c("m", "")), class = "zuid_error_type")
  expect_error(id_sql("twitter", column = character()), class = "zuid_error_type")
  expect_error(id_sql("twitter", column = 1), class = "zuid_error_type")
  expect_error(id_sql("twitter", column = factor("id")), class = "zuid_error_type")
  expect_error(id_sql("twitter", type = "string"), class = "zuid_error_type", regexp = "`type`")
  expect_error(id_sql("twitter", dialect = "sqlite", type = "unsigned"), class = "zuid_error_type",
               regexp = "The sqlite dialect has no unsigned ID column type; `type` must be \"integer\" or \"text\"")
  expect_error(id_sql_range(NULL, NULL, "twitter", type = "unsigned"), class = "zuid_error_type",
               regexp = "postgres dialect has no unsigned")
  expect_error(id_sql("sonyflake"), class = "zuid_error_layout")
  t <- as.POSIXct("2020-01-01", tz = "UTC")
  expect_error(id_sql_range(t, t, "twitter"), class = "zuid_error_range", regexp = "`from` must be before `to`")
  expect_error(id_sql_range(t + 1, t, "twitter"), class = "zuid_error_range")
  expect_error(id_sql_range(c(t, t), t + 1, "twitter"), class = "zuid_error_range",
               regexp = "`from` must be one time, not 2 times")
  expect_error(id_sql_range(t, as.POSIXct(NA), "twitter"), class = "zuid_error_range",
               regexp = "`to` must be one time, not NA")
  expect_error(id_sql_range(list(t), t, "twitter"), class = "zuid_error_type",
               regexp = "`from` must be one POSIXct, Date or ISO 8601 text")
  expect_error(id_sql_range(t, 5, "twitter"), class = "zuid_error_type", regexp = "`to`")
})
