#' SQL that decodes IDs inside a database
#'
#' `id_sql()` gives, for a layout, the SQL expressions that compute each
#' column of [id_fields()] from an ID column, so that PostgreSQL, SQLite,
#' DuckDB or Spark decode IDs where they are stored. `id_sql_range()` gives
#' the `WHERE` condition that selects the IDs created in `[from, to)`
#' through the ID column alone, which the primary key's index answers.
#'
#' The ID column is a signed 64-bit `bigint` (SQLite's `INTEGER`). Every
#' expression shifts and masks, so it reads the right bits even from a
#' negative `bigint`, which is how an ID of 2^63 or more (possible in the
#' Discord, Instagram and Mastodon layouts, which use the top bit) is
#' stored. Ordering is another matter: a signed column sorts such IDs before
#' all others, so `id_sql_range()` refuses a range that reaches them.
#'
#' Times come as each engine's timestamp type, to the millisecond, in UTC:
#' PostgreSQL `timestamptz`; DuckDB `TIMESTAMP` (UTC); Spark `TIMESTAMP`
#' (shown in the session time zone, so set `spark.sql.session.timeZone` to
#' `UTC` to see UTC); SQLite has no timestamp type, so text
#' `YYYY-MM-DDTHH:MM:SS.SSSZ`. Node fields and the sequence are integers.
#'
#' @inheritParams id_fields
#' @param column The ID column, as SQL: a column name or any expression,
#'   inserted as given (quote it first if it needs quoting, as with
#'   `DBI::dbQuoteIdentifier()`).
#' @param dialect `"postgres"`, `"sqlite"`, `"duckdb"` or `"spark"`.
#' @returns `id_sql()`: a named character vector of SQL expressions, named
#'   as the columns of [id_fields()]. `id_sql_range()`: one SQL condition.
#' @export
#' @examples
#' id_sql("twitter")
#' id_sql("discord", column = "m.id", dialect = "sqlite")
#'
#' # A SELECT list: expressions with their column names.
#' sql <- id_sql("discord", dialect = "duckdb")
#' paste("SELECT", paste(sql, "AS", names(sql), collapse = ", "), "FROM messages")
#'
#' id_sql_range(as.POSIXct("2024-03-05 10:00", tz = "UTC"),
#'              as.POSIXct("2024-03-05 11:00", tz = "UTC"), "discord")
id_sql <- function(layout, column = "id", dialect = c("postgres", "sqlite", "duckdb", "spark")) {
  call <- sys.call()
  layout <- as_layout(layout, call)
  column <- check_column(column, call)
  dialect <- check_choice(dialect, sql_dialects, "dialect", call)
  shifts <- part_shifts(layout)
  part_sql <- function(name) {
    sql_part(column, shifts[[name]], layout$bits[[name]], dialect)
  }
  ms <- sql_millis(part_sql("time"), layout_facts_of(layout, call), dialect)
  lower <- names(layout$bits)[layout$kinds %in% c("node", "sequence")]
  lower_sql <- vapply(lower, function(name) {
    expr <- part_sql(name)
    if (layout$bits[[name]] <= 31L) sprintf("CAST(%s AS INTEGER)", expr) else expr
  }, character(1))
  c(time = sql_timestamp(ms, dialect), lower_sql[node_fields(layout)], sequence = lower_sql[["sequence"]])
}

#' @rdname id_sql
#' @param from,to The range's start (included) and end (excluded), as
#'   POSIXct or Date, to the millisecond: IDs whose tick starts at or after
#'   `from` and before `to`. With ticks longer than a millisecond, an ID
#'   whose tick starts before `to` is inside.
#' @export
id_sql_range <- function(from, to, layout, column = "id",
                         dialect = c("postgres", "sqlite", "duckdb", "spark")) {
  call <- sys.call()
  layout <- as_layout(layout, call)
  column <- check_column(column, call)
  check_choice(dialect, sql_dialects, "dialect", call)
  from_s <- time_seconds(from, call)
  to_s <- time_seconds(to, call)
  if (length(from_s) != 1L || length(to_s) != 1L || is.na(from_s) || is.na(to_s) || !(from_s < to_s)) {
    zuid_abort("`from` and `to` must be one time each, with `from` before `to`.",
               class = "zuid_error_range", call = call)
  }
  bounds <- rust_value(id_range_bounds(from_s, to_s, layout), call,
                       list(layout = layout, args = list(time = c(from_s, to_s))))
  if (bounds$beyond_signed) {
    zuid_abort(sprintf(paste(
      "IDs of the %s made in this range reach 2^63 or more, which a signed bigint",
      "column stores as negative numbers and sorts before all others, so no",
      "single range condition selects them."
    ), layout_label(layout)), class = "zuid_error_range", call = call)
  }
  if (is.na(bounds$high)) {
    return(sprintf("%s >= %s", column, bounds$low))
  }
  sprintf("%s >= %s AND %s < %s", column, bounds$low, column, bounds$high)
}

sql_dialects <- c("postgres", "sqlite", "duckdb", "spark")

check_column <- function(column, call) {
  if (!is.character(column) || length(column) != 1L || is.na(column) || !nzchar(column)) {
    zuid_abort(sprintf("`column` must be one SQL column name or expression, not %s.",
                       describe_value(column)), class = "zuid_error_type", call = call)
  }
  column
}

# (column >> shift) & mask: the mask also clears the copies of the sign bit
# that an arithmetic shift of a negative bigint brings in.
sql_part <- function(column, shift, bits, dialect) {
  mask <- whole_text(2^bits - 1)
  shifted <- if (shift == 0) column else if (dialect == "spark") {
    sprintf("shiftright(%s, %d)", column, shift)
  } else {
    sprintf("(%s >> %d)", column, shift)
  }
  sprintf("(%s & %s)", shifted, mask)
}

# Milliseconds since 1970 of a tick count: tick 0's start (the epoch
# floored to a whole number of units) plus the ticks times the unit, or, for
# microsecond ticks, the ticks divided by 1000 in whole numbers (flooring
# to the millisecond, as every engine's timestamp here holds).
sql_millis <- function(ticks, facts, dialect) {
  unit_ms <- facts$unit_ms
  scaled <- if (unit_ms < 1) sql_int_div(ticks, 1 / unit_ms, dialect) else
    if (unit_ms == 1) ticks else sprintf("%s * %s", ticks, whole_text(unit_ms))
  sprintf("(%s + %s)", whole_text(facts$first_ms), scaled)
}

# Integer division of a non-negative bigint expression by a whole number:
# `/` divides bigints in whole numbers in PostgreSQL and SQLite, not in
# DuckDB or Spark.
sql_int_div <- function(expr, divisor, dialect) {
  divisor <- whole_text(divisor)
  switch(dialect,
    duckdb = sprintf("(%s // %s)", expr, divisor),
    spark = sprintf("(%s div %s)", expr, divisor),
    mysql = sprintf("(%s DIV %s)", expr, divisor),
    clickhouse = sprintf("intDiv(%s, %s)", expr, divisor),
    sprintf("(%s / %s)", expr, divisor)
  )
}

# Milliseconds since 1970 (a bigint expression) as the engine's timestamp.
sql_timestamp <- function(ms, dialect) {
  switch(dialect,
    postgres = sprintf("(TIMESTAMPTZ '1970-01-01 00:00:00+00' + %s * INTERVAL '1 millisecond')", ms),
    sqlite = sprintf("strftime('%%Y-%%m-%%dT%%H:%%M:%%fZ', %s / 1000.0, 'unixepoch')", ms),
    duckdb = sprintf("epoch_ms(%s)", ms),
    spark = sprintf("timestamp_millis(%s)", ms)
  )
}
