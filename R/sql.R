#' SQL that decodes IDs inside a database
#'
#' `id_sql()` gives, for a layout, the SQL expressions that compute each
#' column of [id_fields()] from an ID column, so that a database decodes IDs
#' where they are stored. `id_sql_range()` gives the `WHERE` condition that
#' selects the IDs created in `[from, to)` through the ID column alone, which
#' the primary key's index answers. [id_add_fields()] and [id_filter_time()]
#' use them on dbplyr tables; these functions are for SQL written by hand.
#'
#' @section Dialects:
#' `dialect` is a name, in any case: `"postgres"` (or `"postgresql"`,
#' `"pg"`), `"sqlite"`, `"duckdb"`, `"spark"` (or `"sparksql"`,
#' `"databricks"`), `"mysql"` (or `"mariadb"`) or `"clickhouse"`. It can
#' also be a DBI connection, whose class gives the dialect:
#' `SQLiteConnection` (RSQLite); `PqConnection` (RPostgres),
#' `PostgreSQLConnection` (RPostgreSQL); `duckdb_connection`;
#' `MySQLConnection` (RMySQL), `MariaDBConnection` (RMariaDB);
#' `spark_connection` (sparklyr); `ClickhouseConnection` (RClickhouse),
#' `ClickHouseHTTPConnection` (ClickHouseHTTP); and the odbc classes
#' `PostgreSQL`, `MySQL`, `Spark SQL` and `ClickHouse`. Any other
#' connection is an error: give the dialect's name if the database speaks
#' one of these.
#'
#' @section Column names:
#' `column` is always quoted as an identifier, so that no name, however
#' strange (quotes, semicolons, `id OR 1=1`, a comment marker `--`), can
#' change what a statement does: double quotes with `"` doubled for
#' PostgreSQL, SQLite and DuckDB; backticks with `` ` `` doubled for MySQL
#' and Spark, and also `\` doubled for ClickHouse, which reads backslash
#' escapes inside quoted names. With a connection as `dialect`, names are
#' quoted by its `DBI::dbQuoteIdentifier()`, and zuid checks that the
#' dialect reads the result back as the same name (a driver that does not
#' escape a ClickHouse backslash is refused); dbplyr's simulated
#' connections, which have no driver, get zuid's quoting. A qualified name is given in
#' parts, `c("m", "id")` for `m.id`, or as `DBI::Id(table = "m", column =
#' "id")` or dbplyr's `ident()`; a string `"m.id"` is one column whose name
#' holds a dot. Only SQL marked as such, `dbplyr::sql()`, `DBI::SQL()` or
#' dbplyr's `ident_q()`, is inserted as written (in parentheses): it is
#' the way to decode an expression, and the caller's responsibility.
#'
#' @section Times:
#' Times come as each engine's timestamp type, to the millisecond, in UTC,
#' computed without the session's time zone:
#' * PostgreSQL: `timestamptz`; DuckDB: `TIMESTAMP` (UTC); Spark:
#'   `TIMESTAMP` (shown in the session time zone: set
#'   `spark.sql.session.timeZone` to `UTC` to see UTC);
#' * MySQL/MariaDB: `DATETIME(3)`, which holds UTC here; `NULL` past
#'   9999-12-31, where `DATETIME` ends. RMySQL returns it as text
#'   (`"2015-01-01 00:00:00.000"`): `as.POSIXct(x, tz = "UTC")` reads it;
#' * ClickHouse: `DateTime64(3, 'UTC')`, and `NULL` outside 1900-01-01 to
#'   2299-12-31, the range that every ClickHouse release represents (older
#'   ones silently clamp times outside it to its ends);
#' * SQLite has no timestamp type: the time is an integer, exact
#'   milliseconds since 1970-01-01 UTC. After `collect()`,
#'   `as.POSIXct(ms / 1000, origin = "1970-01-01", tz = "UTC")` makes it a
#'   time.
#'
#' Node fields of up to 31 bits and the sequence are 32-bit integers
#' (`SIGNED`, a `BIGINT`, in MySQL); wider fields are `BIGINT`. An ID that
#' the layout cannot hold (the sign bit set where the layout reserves it; a
#' SCRU64 number of 36^12 or more) gives `NULL` in every column, as
#' [id_fields()] gives `NA`.
#'
#' @section ID columns:
#' With `type = "integer"`, the ID column is a 64-bit integer: a signed
#' `BIGINT` (SQLite's `INTEGER`), or an unsigned one where the engine has
#' it. Every expression shifts and masks, so it reads the right bits even
#' from a negative `BIGINT`, which is how an ID of 2^63 or more (possible in
#' the Discord, Instagram and Mastodon layouts, which use the top bit) is
#' stored. Ordering is another matter: a signed column sorts such IDs before
#' all others, so `id_sql_range()` refuses a range that reaches them, except
#' when `to` is `NULL` (open), where it adds them with `OR id < 0`.
#'
#' With `type = "text"`, the column holds IDs as decimal text: digits only,
#' no sign, spaces or leading zeros, as R and databases write them.
#' `id_sql()` converts the text to the ID's 64 bits exactly, up to
#' 2^64 - 1, and `id_sql_range()` compares text by value (shorter text is
#' smaller; text of equal length compares as text), which an index on the
#' text column still serves. In SQLite, whose columns hold any type,
#' `type = "integer"` conditions also select the right rows from text
#' below 2^63; in other engines a text column needs `type = "text"`.
#'
#' @inheritParams id_compose
#' @param column The ID column: a name (quoted as the dialect requires), a
#'   qualified name in parts (`c("m", "id")`, `DBI::Id()`,
#'   `dbplyr::ident()`), or an SQL expression marked with `dbplyr::sql()` or
#'   `DBI::SQL()`. See "Column names".
#' @param dialect A dialect's name or a DBI connection. See "Dialects".
#' @param type `"integer"` for a 64-bit integer ID column, `"text"` for
#'   decimal text. See "ID columns".
#' @returns `id_sql()`: a named list of SQL expressions, named as the
#'   columns of [id_fields()], each a `dbplyr::sql()` object when dbplyr is
#'   installed (so that `mutate(!!!id_sql(...))` splices them) and a string
#'   otherwise. `id_sql_range()`: one SQL condition, a `dbplyr::sql()`
#'   object when dbplyr is installed, else a string.
#' @seealso [id_add_fields()] and [id_filter_time()], which do this on data
#'   frames and dbplyr tables.
#' @export
#' @examples
#' id_sql("twitter")
#' id_sql("discord", column = c("m", "id"), dialect = "sqlite")
#' id_sql("discord", dialect = "clickhouse")[["time"]]
#'
#' # A SELECT list: expressions with their column names.
#' sql <- id_sql("discord", dialect = "duckdb")
#' paste("SELECT", paste(sql, "AS", names(sql), collapse = ", "), "FROM messages")
#'
#' id_sql_range(as.POSIXct("2024-03-05 10:00", tz = "UTC"),
#'              as.POSIXct("2024-03-05 11:00", tz = "UTC"), "discord")
#'
#' # A name is always quoted: this one stays one (odd) column name.
#' id_sql_range(as.POSIXct("2024-03-05", tz = "UTC"), NULL, "twitter",
#'              column = "id OR 1=1", dialect = "mysql")
#'
#' # IDs kept as text, compared by value.
#' id_sql_range(as.POSIXct("2024-03-05", tz = "UTC"), as.POSIXct("2024-03-06", tz = "UTC"),
#'              "twitter", dialect = "sqlite", type = "text")
#'
#' if (requireNamespace("dbplyr", quietly = TRUE) &&
#'     requireNamespace("RSQLite", quietly = TRUE)) {
#'   con <- DBI::dbConnect(RSQLite::SQLite(), ":memory:")
#'   DBI::dbExecute(con, "CREATE TABLE m (id INTEGER)")
#'   DBI::dbExecute(con, "INSERT INTO m VALUES (175928847299117063)")
#'   m <- dplyr::tbl(con, "m")
#'   print(dplyr::mutate(m, !!!id_sql("discord", dialect = con)))
#'   DBI::dbDisconnect(con)
#' }
id_sql <- function(layout, column = "id",
                   dialect = c("postgres", "sqlite", "duckdb", "spark", "mysql", "clickhouse"),
                   type = c("integer", "text")) {
  call <- sys.call()
  layout <- as_layout(layout, call)
  target <- sql_target(dialect, call)
  dialect <- target$dialect
  type <- check_choice(type, c("integer", "text"), "type", call)
  column <- sql_id_bits(sql_column(column, target, call), type, dialect)
  shifts <- part_shifts(layout)
  part_sql <- function(name) {
    sql_part(column, shifts[[name]], layout$bits[[name]], dialect)
  }
  ms <- sql_millis(part_sql("time"), layout_facts_of(layout, call), dialect)
  lower <- names(layout$bits)[layout$kinds %in% c("node", "sequence")]
  lower_sql <- vapply(lower, function(name) {
    expr <- part_sql(name)
    if (layout$bits[[name]] <= 31L) sql_int32(expr, dialect) else expr
  }, character(1))
  fields <- node_fields(layout)
  exprs <- c(time = sql_timestamp(ms, dialect), lower_sql[fields],
             sequence = lower_sql[["sequence"]])
  sql_result(as.list(sql_when_valid(exprs, column, layout)))
}

#' @rdname id_sql
#' @param from,to The range's start (included) and end (excluded), as
#'   POSIXct or Date, to the millisecond: IDs whose tick starts at or after
#'   `from` and before `to`. With ticks longer than a millisecond, an ID
#'   whose tick starts before `to` is inside. `NULL` leaves that end open:
#'   from the layout's epoch, or to its end.
#' @export
id_sql_range <- function(from, to, layout, column = "id",
                         dialect = c("postgres", "sqlite", "duckdb", "spark", "mysql",
                                     "clickhouse"),
                         type = c("integer", "text")) {
  call <- sys.call()
  layout <- as_layout(layout, call)
  target <- sql_target(dialect, call)
  type <- check_choice(type, c("integer", "text"), "type", call)
  column <- sql_column(column, target, call)
  range <- range_seconds(from, to, layout, call)
  from_s <- range$from
  to_s <- range$to
  bounds <- rust_value(id_range_bounds(from_s, to_s, layout), call,
                       list(layout = layout, args = list(time = c(from_s, to_s))))
  # With `to` open, IDs up to the layout's last one are inside: without a
  # sign bit, those of 2^63 and more too (see sql_integer_range()).
  beyond_signed <- if (range$open_to) is.na(bounds$low) else bounds$beyond_signed
  if (beyond_signed) {
    abort_beyond_signed(layout, type, call)
  }
  high <- bounds$high
  condition <- if (type == "text") {
    sql_text_range(column, bounds$low, high %|NA|% text_id_end(layout, range$open_to),
                   target$dialect)
  } else {
    sql_integer_range(column, bounds$low, high, range$open_to && !"sign" %in% layout$kinds,
                      target$dialect)
  }
  sql_result(condition)
}

abort_beyond_signed <- function(layout, type, call) {
  why <- if (type == "text") {
    "and zuid computes range bounds below 2^63 only."
  } else {
    paste("which a signed bigint column stores as negative numbers and sorts before",
          "all others, so no single range condition selects them.")
  }
  zuid_abort(sprintf("IDs of the %s made in this range reach 2^63 or more, %s",
                     layout_label(layout), why), class = "zuid_error_range", call = call)
}

# `from` and `to` as POSIXct seconds. An open (NULL) `from` is the layout's
# epoch; an open `to` is the end of its last tick, whose bound is one past
# the layout's largest ID (2^63 with a sign bit, and 36^12 for SCRU64).
range_seconds <- function(from, to, layout, call) {
  from_s <- if (is.null(from)) layout$epoch_ms / 1000 else range_end_seconds(from, "from", call)
  to_s <- if (is.null(to)) layout_end_seconds(layout) else range_end_seconds(to, "to", call)
  if (!is.null(from) && !is.null(to) && !(from_s < to_s)) {
    zuid_abort("`from` must be before `to` (the range is `[from, to)`).",
               class = "zuid_error_range", call = call)
  }
  list(from = from_s, to = to_s, open_from = is.null(from), open_to = is.null(to))
}

layout_end_seconds <- function(layout) {
  facts <- layout_facts_of(layout, NULL)
  (facts$last_ms + facts$unit_ms) / 1000
}

range_end_seconds <- function(x, arg, call) {
  if (!inherits(x, c("POSIXct", "POSIXlt", "Date"))) {
    zuid_abort(sprintf(paste(
      "`%s` must be one POSIXct or Date, e.g. `as.POSIXct(\"2016-05-01\", tz = \"UTC\")`,",
      "or NULL for an open end; not %s."
    ), arg, describe_value(x)), class = "zuid_error_type", call = call)
  }
  s <- time_seconds(x, call)
  if (length(s) != 1L || is.na(s)) {
    what <- if (length(s) == 1L) "NA" else sprintf("%d times", length(s))
    zuid_abort(sprintf("`%s` must be one time, not %s.", arg, what),
               class = "zuid_error_range", call = call)
  }
  as.numeric(s)
}

# Dialects ----------------------------------------------------------------

sql_dialects <- c("postgres", "sqlite", "duckdb", "spark", "mysql", "clickhouse")

# The names a dialect answers to, lowercase.
sql_dialect_aliases <- c(
  postgres = "postgres", postgresql = "postgres", pg = "postgres",
  sqlite = "sqlite", sqlite3 = "sqlite",
  duckdb = "duckdb",
  spark = "spark", sparksql = "spark", spark_sql = "spark", databricks = "spark",
  mysql = "mysql", mariadb = "mysql",
  clickhouse = "clickhouse"
)

# Connection classes and their dialects: the drivers' own classes, and the
# classes that odbc gives a connection after the database it reaches.
sql_connection_classes <- c(
  SQLiteConnection = "sqlite",
  PqConnection = "postgres", PostgreSQLConnection = "postgres", PostgreSQL = "postgres",
  duckdb_connection = "duckdb",
  spark_connection = "spark", "Spark SQL" = "spark",
  MySQLConnection = "mysql", MariaDBConnection = "mysql", MySQL = "mysql",
  ClickhouseConnection = "clickhouse", ClickHouseHTTPConnection = "clickhouse",
  ClickHouse = "clickhouse"
)

# `dialect` as list(dialect = <one of sql_dialects>, con = <connection or NULL>).
sql_target <- function(dialect, call) {
  if (identical(dialect, sql_dialects)) {
    return(list(dialect = sql_dialects[[1L]], con = NULL))
  }
  if (is.character(dialect) && length(dialect) == 1L && !is.na(dialect) && !is.object(dialect)) {
    name <- sql_dialect_aliases[tolower(dialect)]
    if (!is.na(name)) {
      return(list(dialect = unname(name), con = NULL))
    }
  }
  known <- vapply(names(sql_connection_classes), function(cls) inherits(dialect, cls), logical(1))
  if (any(known)) {
    return(list(dialect = unname(sql_connection_classes[known][[1L]]), con = dialect))
  }
  abort_dialect(dialect, call)
}

abort_dialect <- function(dialect, call) {
  names <- paste0("\"", sql_dialects, "\"", collapse = ", ")
  if (inherits(dialect, "DBIConnection") || isS4(dialect)) {
    zuid_abort(sprintf(paste(
      "`dialect` is a connection of class %s, whose SQL dialect zuid does not know.",
      "If the database speaks one of %s, give that name as `dialect`."
    ), paste0("<", class(dialect)[[1L]], ">"), names), class = "zuid_error_type", call = call)
  }
  zuid_abort(sprintf(paste(
    "`dialect` must be one of %s (or an alias such as \"postgresql\" or \"mariadb\"),",
    "or a DBI connection; not %s."
  ), names, describe_value(dialect)), class = "zuid_error_type", call = call)
}

# Quoting -----------------------------------------------------------------

# How each dialect quotes a name: the quote character zuid writes, the
# ones the dialect reads (a driver may use either), and whether a backslash
# inside quotes is an escape (ClickHouse), so that it must be doubled.
sql_quote_rules <- list(
  postgres = list(quote = "\"", reads = "\"", backslash = FALSE),
  sqlite = list(quote = "\"", reads = c("\"", "`"), backslash = FALSE),
  duckdb = list(quote = "\"", reads = "\"", backslash = FALSE),
  spark = list(quote = "`", reads = "`", backslash = FALSE),
  mysql = list(quote = "`", reads = c("`", "\""), backslash = FALSE),
  clickhouse = list(quote = "`", reads = c("`", "\""), backslash = TRUE)
)

# `column` as SQL text: names quoted part by part and joined with dots; SQL
# marked as such inserted as written, in parentheses.
sql_column <- function(column, target, call) {
  if (inherits(column, c("sql", "SQL", "ident_q"))) {
    text <- as.character(column)
    if (length(text) != 1L || is.na(text) || !nzchar(trimws(text))) abort_column(column, call)
    return(paste0("(", text, ")"))
  }
  parts <- if (inherits(column, "Id")) unname(column@name) else column
  if (inherits(column, "ident")) parts <- as.character(unclass(column))
  if (!is.character(parts) || length(parts) == 0L || anyNA(parts) || !all(nzchar(parts))) {
    abort_column(column, call)
  }
  quoted <- vapply(enc2utf8(parts), sql_quote_name, character(1), target = target, call = call)
  paste(quoted, collapse = ".")
}

abort_column <- function(column, call) {
  zuid_abort(sprintf(paste(
    "`column` must be a column name, or its parts such as `c(\"m\", \"id\")` or",
    "`DBI::Id(table = \"m\", column = \"id\")`, or SQL marked with `dbplyr::sql()`;",
    "every part one non-empty string. Not %s."
  ), describe_value(column)), class = "zuid_error_type", call = call)
}

# One name, quoted by the dialect's rules, or by the connection's driver
# when there is one; the driver's quoting must read back as the same name.
sql_quote_name <- function(name, target, call) {
  rules <- sql_quote_rules[[target$dialect]]
  # dbplyr's simulated connections (for show_query()) have no driver.
  if (is.null(target$con) || inherits(target$con, "TestConnection")) {
    return(quote_with(name, rules))
  }
  quoted <- as.character(DBI::dbQuoteIdentifier(target$con, name))
  if (!identical(unquote_with(quoted, rules), name)) {
    zuid_abort(sprintf(paste(
      "The connection's `dbQuoteIdentifier()` gave %s for the column name %s, which",
      "%s reads as a different name or not as one name; zuid does not build SQL",
      "from it. Give `dialect` as a name (\"%s\") to have zuid quote it."
    ), describe_value(quoted), describe_value(name), target$dialect, target$dialect),
    class = "zuid_error_type", call = call)
  }
  quoted
}

quote_with <- function(name, rules) {
  q <- rules$quote
  if (rules$backslash) name <- gsub("\\", "\\\\", name, fixed = TRUE)
  paste0(q, gsub(q, strrep(q, 2L), name, fixed = TRUE), q)
}

# The name that quoted text stands for under the rules, or NA when it is
# not exactly one quoted name: a quote character the dialect reads, then
# characters other than it (doubled when inside the name; with backslash
# escapes, any character after a backslash), then the quote again.
unquote_with <- function(quoted, rules) {
  if (length(quoted) != 1L || is.na(quoted)) {
    return(NA_character_)
  }
  q <- substr(quoted, 1L, 1L)
  if (!q %in% rules$reads) {
    return(NA_character_)
  }
  inner <- if (rules$backslash) {
    sprintf("[^%1$s\\\\]|%1$s%1$s|\\\\.", q)
  } else {
    sprintf("[^%1$s]|%1$s%1$s", q)
  }
  if (!grepl(sprintf("^%1$s(?:%2$s)*%1$s$", q, inner), quoted, perl = TRUE)) {
    return(NA_character_)
  }
  body <- substr(quoted, 2L, nchar(quoted) - 1L)
  if (rules$backslash) {
    gsub(sprintf("%1$s(%1$s)|\\\\(.)", q), "\\1\\2", body, perl = TRUE)
  } else {
    gsub(strrep(q, 2L), q, body, fixed = TRUE)
  }
}

# Expressions -------------------------------------------------------------

# The column's 64 bits as a signed 64-bit integer expression, as a BIGINT
# column holds them (an ID of 2^63 or more is negative). Text is converted
# exactly, those IDs included: through a 20-digit decimal where the engine
# has one, through unsigned in MySQL and ClickHouse, and in SQLite from the
# text's two halves, so that no step overflows or goes through a REAL.
sql_id_bits <- function(column, type, dialect) {
  if (type == "integer") {
    return(column)
  }
  big <- "9223372036854775807"
  switch(dialect,
    # Unsigned, then signed: the same 64 bits, as a signed integer column
    # holds them.
    mysql = sprintf("CAST(CAST(%s AS UNSIGNED) AS SIGNED)", column),
    clickhouse = sprintf("toInt64(toUInt64(%s))", column),
    sqlite = sprintf(paste(
      "(CASE WHEN LENGTH(%1$s) > 19 OR (LENGTH(%1$s) = 19 AND %1$s > '%2$s')",
      "THEN (CAST(SUBSTR(%1$s, 1, LENGTH(%1$s) - 9) AS INTEGER) - 18446744072) * 1000000000",
      "+ (CAST(SUBSTR(%1$s, -9) AS INTEGER) - 1709551616)",
      "ELSE CAST(%1$s AS INTEGER) END)"), column, big),
    {
      decimal <- sprintf("CAST(%s AS DECIMAL(20, 0))", column)
      sprintf(paste("CAST(CASE WHEN %1$s > %2$s THEN %1$s - 18446744073709551616",
                    "ELSE %1$s END AS BIGINT)"), decimal, big)
    }
  )
}

# Each expression as `CASE WHEN <the ID is valid> THEN ... END`, so that an
# ID that is not one of the layout's gives NULL, as id_fields() gives NA:
# with a sign bit, a negative column (an ID of 2^63 or more); for SCRU64,
# also 36^12 or more.
sql_when_valid <- function(exprs, bits, layout) {
  checks <- c(
    if ("sign" %in% layout$kinds) sprintf("%s >= 0", bits),
    if (identical(layout$text, "scru64")) sprintf("%s < %s", bits, whole_text(36^12))
  )
  if (length(checks) == 0L) {
    return(exprs)
  }
  stats::setNames(sprintf("CASE WHEN %s THEN %s END", paste(checks, collapse = " AND "), exprs),
                  names(exprs))
}

# (column >> shift) & mask: the mask also clears the copies of the sign bit
# that an arithmetic shift of a negative bigint brings in. MySQL shifts and
# masks as unsigned, so its parts are made signed again, for arithmetic
# with a negative epoch; ClickHouse has functions for them.
sql_part <- function(column, shift, bits, dialect) {
  mask <- whole_text(2^bits - 1)
  if (dialect == "clickhouse") {
    shifted <- if (shift == 0) column else sprintf("bitShiftRight(%s, %d)", column, shift)
    return(sprintf("toInt64(bitAnd(%s, %s))", shifted, mask))
  }
  shifted <- if (shift == 0) column else if (dialect == "spark") {
    sprintf("shiftright(%s, %d)", column, shift)
  } else {
    sprintf("(%s >> %d)", column, shift)
  }
  part <- sprintf("(%s & %s)", shifted, mask)
  if (dialect == "mysql") sprintf("CAST(%s AS SIGNED)", part) else part
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

# A part of at most 31 bits as the engine's 32-bit integer (MySQL casts to
# SIGNED only, which sql_part() has done).
sql_int32 <- function(expr, dialect) {
  switch(dialect,
    mysql = expr,
    clickhouse = sprintf("toInt32(%s)", expr),
    sprintf("CAST(%s AS INTEGER)", expr)
  )
}

# ClickHouse's DateTime64 is exact from 1900-01-01 to 2299-12-31 in every
# release; older releases clamp times outside it, so those become NULL.
clickhouse_first_ms <- "-2208988800000"
clickhouse_end_ms <- "10413792000000"

# Milliseconds since 1970 (a bigint expression) as the engine's timestamp,
# in UTC, whatever the session's time zone.
sql_timestamp <- function(ms, dialect) {
  switch(dialect,
    postgres = sprintf(
      "(TIMESTAMPTZ '1970-01-01 00:00:00+00' + %s * INTERVAL '1 millisecond')", ms),
    sqlite = ms,
    duckdb = sprintf("epoch_ms(%s)", ms),
    spark = sprintf("timestamp_millis(%s)", ms),
    # DATETIME has no time zone: adding to 1970-01-01 gives UTC. Past
    # 9999-12-31 DATE_ADD() gives NULL.
    mysql = sprintf(paste(
      "CAST(DATE_ADD(CAST('1970-01-01 00:00:00' AS DATETIME(3)),",
      "INTERVAL %s * 1000 MICROSECOND) AS DATETIME(3))"), ms),
    clickhouse = sprintf(paste(
      "if(%1$s >= %2$s AND %1$s < %3$s, fromUnixTimestamp64Milli(toInt64(%1$s), 'UTC'), NULL)"),
      ms, clickhouse_first_ms, clickhouse_end_ms)
  )
}

# Range conditions --------------------------------------------------------

# [low, high) on an integer column; `high` NA for no upper bound. With
# `negative_tail`, IDs of 2^63 and more, stored as negative numbers, are
# inside too (an open `to` on a layout without a sign bit).
sql_integer_range <- function(column, low, high, negative_tail, dialect) {
  # In SQLite, a literal with INTEGER affinity makes a TEXT column compare
  # by value (the column's text is read as a number), not as text.
  lit <- function(x) if (dialect == "sqlite") sprintf("CAST(%s AS INTEGER)", x) else x
  lower <- sprintf("%s >= %s", column, lit(low))
  if (negative_tail) {
    lower <- sprintf("(%s OR %s < %s)", lower, column, lit("0"))
  }
  if (is.na(high)) {
    return(lower)
  }
  sprintf("%s AND %s < %s", lower, column, lit(high))
}

# [low, high) on decimal text, by value: shorter text is a smaller number,
# and text of the same length compares as text, digit by digit.
sql_text_range <- function(column, low, high, dialect) {
  len <- sprintf("%s(%s)", if (dialect == "mysql") "CHAR_LENGTH" else "LENGTH", column)
  n_low <- nchar(low)
  n_high <- nchar(high)
  if (n_low == n_high) {
    return(sprintf("%s = %d AND %s >= '%s' AND %s < '%s'", len, n_low, column, low, column, high))
  }
  sprintf(paste("(%1$s > %2$d OR (%1$s = %2$d AND %3$s >= '%4$s')) AND",
                "(%1$s < %5$d OR (%1$s = %5$d AND %3$s < '%6$s'))"),
          len, n_low, column, low, n_high, high)
}

# The first value past a layout's IDs, as text: 2^63 with a sign bit;
# 2^64 without one, when `to` is open.
text_id_end <- function(layout, open_to) {
  if ("sign" %in% layout$kinds || !open_to) "9223372036854775808" else "18446744073709551616"
}

`%|NA|%` <- function(x, y) if (is.na(x)) y else x

# SQL as dbplyr's sql() when dbplyr is installed, so that it splices into
# mutate() and filter(); a list of expressions stays a list, since `!!!`
# drops the class of a vector's elements.
sql_result <- function(x) {
  if (!requireNamespace("dbplyr", quietly = TRUE)) {
    return(x)
  }
  if (is.list(x)) lapply(x, dbplyr::sql) else dbplyr::sql(x)
}
