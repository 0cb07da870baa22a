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
                   type = c("integer", "unsigned", "decimal", "text")) {
  call <- sys.call()
  layout <- as_layout(layout, call)
  target <- sql_target(dialect, call)
  kind <- check_kind(type, target$dialect, call)
  bits <- sql_id_bits(sql_column(column, target, call), kind, target$dialect)
  sql_result(as.list(sql_fields(bits, layout, target$dialect, call)))
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
                         type = c("integer", "unsigned", "decimal", "text")) {
  call <- sys.call()
  layout <- as_layout(layout, call)
  target <- sql_target(dialect, call)
  kind <- check_kind(type, target$dialect, call)
  column <- sql_column(column, target, call)
  range <- range_seconds(from, to, call)
  bounds <- range_bounds_of(range, layout, call)
  sql_result(sql_range_condition(column, bounds, kind, target$dialect))
}

# The core's bounds of the range's IDs (see id_range_bounds() in the
# binding), which reads an open end (NA) as the layout's first or last ID.
range_bounds_of <- function(range, layout, call) {
  rust_value(id_range_bounds(range$from, range$to, layout), call,
             list(layout = layout, args = list(time = c(range$from, range$to))))
}

# `from` and `to` as POSIXct seconds, NA for an open (NULL) end.
range_seconds <- function(from, to, call) {
  from_s <- if (is.null(from)) NA_real_ else range_end_seconds(from, "from", call)
  to_s <- if (is.null(to)) NA_real_ else range_end_seconds(to, "to", call)
  if (!is.null(from) && !is.null(to) && !(from_s < to_s)) {
    zuid_abort("`from` must be before `to` (the range is `[from, to)`).",
               class = "zuid_error_range", call = call)
  }
  list(from = from_s, to = to_s, open_from = is.null(from), open_to = is.null(to))
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

# SQL as dbplyr's sql() when dbplyr is installed, so that it splices into
# mutate() and filter(); a list of expressions stays a list, since `!!!`
# drops the class of a vector's elements.
sql_result <- function(x) {
  if (!requireNamespace("dbplyr", quietly = TRUE)) {
    return(x)
  }
  if (is.list(x)) lapply(x, dbplyr::sql) else dbplyr::sql(x)
}
