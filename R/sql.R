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
#' also be a DBI connection. With dbplyr 2.6 or later, zuid takes the
#' engine that dbplyr's `sql_dialect()` gives the connection, which looks
#' past its class: an ADBC connection (adbi's `AdbiConnection`) is the
#' engine its driver's vendor name says, a JDBC connection (RJDBC's
#' `JDBCConnection`) the one its Java class says, and a connection given
#' to `dbplyr::with_dialect()` the dialect given there; dbplyr's dialect
#' objects (`dbplyr::dialect_postgres()` and others, for
#' `dbplyr::lazy_frame()`) name theirs. Otherwise (an older dbplyr, or
#' dbplyr's generic ODBC dialect) the connection's class gives it:
#' `SQLiteConnection` (RSQLite); `PqConnection` (RPostgres),
#' `PostgreSQLConnection` (RPostgreSQL); `duckdb_connection`;
#' `MySQLConnection` (RMySQL), `MariaDBConnection` (RMariaDB);
#' `spark_connection` (sparklyr); `ClickhouseConnection` (RClickhouse),
#' `ClickHouseHTTPConnection` (ClickHouseHTTP); and the odbc classes
#' `PostgreSQL`, `MySQL`, `Spark SQL` and `ClickHouse`. Any other
#' connection is an error: give the dialect's name if the database speaks
#' one of these.
#'
#' Amazon Redshift is refused with a `zuid_error_dialect` that says why,
#' by name (`"redshift"`), by class (RPostgres's `RedshiftConnection`,
#' which is a `PqConnection` underneath, and odbc's `Redshift`) and by
#' dbplyr's dialect: it forked from PostgreSQL 8.0 and lacks what zuid's
#' PostgreSQL SQL uses (`pg_typeof()`, to learn an ID column's type;
#' sequences, for [id_sql_generator()]; `clock_timestamp()` and enforced
#' unique keys, for node leases). Read its ID columns into R as text
#' (`CAST(id AS VARCHAR)`) and decode them there.
#'
#' @section Column names:
#' `column` is always quoted as an identifier, so that no name, however
#' strange (quotes, semicolons, `id OR 1=1`, a comment marker `--`), can
#' change what a statement does, and so that a name is never read as a
#' string: double quotes with `"` doubled for PostgreSQL and DuckDB;
#' backticks with `` ` `` doubled for SQLite, MySQL and Spark, and also `\`
#' doubled for ClickHouse, which reads backslash escapes inside quoted
#' names. (SQLite reads a double-quoted name that is no column as a string:
#' a mistyped `"idd"` would decode the text `'idd'` in every row, where
#' `` `idd` `` is the error "no such column".) With a connection as
#' `dialect`, names are quoted by its `DBI::dbQuoteIdentifier()` (SQLite's
#' excepted, always in backticks), and zuid checks that the dialect reads
#' the result back as the same name (a driver that does not escape a
#' ClickHouse backslash is refused); dbplyr's simulated connections, which
#' have no driver, and connections whose driver is made for any engine
#' (ADBC's quotes are ANSI double quotes, a string to MySQL; JDBC's;
#' those of a class the list above does not name) get zuid's quoting. A
#' qualified name is given in parts,
#' `c("m", "id")` for `m.id`, or as `DBI::Id(table = "m", column = "id")` or
#' dbplyr's `ident()`; a string `"m.id"` is one column whose name holds a
#' dot. Only SQL marked as such, `dbplyr::sql()`, `DBI::SQL()` or dbplyr's
#' `ident_q()`, is inserted as written (in parentheses): it is the way to
#' decode an expression, and the caller's responsibility.
#'
#' @section Times:
#' Times come as each engine's timestamp type, to the millisecond, in UTC,
#' computed without the session's time zone:
#' * PostgreSQL: `timestamptz` (whole days and milliseconds added to
#'   1970-01-01, exact in every year); DuckDB: `TIMESTAMP` (UTC); Spark:
#'   `TIMESTAMP` (shown in the session time zone: set
#'   `spark.sql.session.timeZone` to `UTC` to see UTC);
#' * MySQL/MariaDB: `DATETIME(3)`, which holds UTC here; `NULL` past
#'   9999-12-31, where `DATETIME` ends. RMySQL returns it as text
#'   (`"2015-01-01 00:00:00.000"`): `as.POSIXct(x, tz = "UTC")` reads it;
#'   RMariaDB reads it as POSIXct;
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
#' `type` says what kind of column holds the IDs; the verbs learn it from
#' the database. Every kind holds every ID up to 2^64 - 1, and every
#' condition of `id_sql_range()` compares the column itself with numbers
#' (or text) computed by zuid, so that an index on it answers the range:
#' * `"integer"`, a signed 64-bit integer: `BIGINT` (SQLite's `INTEGER`,
#'   ClickHouse's `Int64`), also a 32-bit integer for small IDs. An ID of
#'   2^63 or more (the Discord, Instagram and Mastodon layouts reach them,
#'   having no sign bit) is stored as a negative number, its 64 bits read
#'   as signed, which is how drivers write a `bit64::integer64`. Every
#'   expression shifts and masks, so it reads the right bits from a
#'   negative number; a range that reaches those IDs is two comparisons,
#'   `id >= a OR id < b` (the negative numbers come before the others in
#'   the column's order). MySQL's drivers do not tell a `BIGINT UNSIGNED`
#'   from a `BIGINT`: there the conditions hold for either. (RMariaDB reads
#'   both as `bit64::integer64`, an unsigned column's IDs of 2^63 and more
#'   as negative numbers and 2^63 itself as `NA`: [id_collect()] reads
#'   them exactly.)
#' * `"unsigned"`, an unsigned 64-bit integer: MySQL's `BIGINT UNSIGNED`,
#'   DuckDB's `UBIGINT`, ClickHouse's `UInt64` (smaller unsigned types too).
#' * `"decimal"`: PostgreSQL's `NUMERIC(20, 0)`, MySQL's, DuckDB's and
#'   Spark's `DECIMAL(20, 0)`, ClickHouse's `Decimal(20, 0)`. A value that
#'   is negative, has a
#'   fraction or is above 2^64 - 1 is not an ID: `NULL` in every column of
#'   `id_sql()`.
#' * `"text"`: IDs as decimal text. `id_sql()` converts 1 to 20 decimal
#'   digits (leading zeros allowed) of at most 2^64 - 1 exactly, to `NULL`
#'   anything else (`'junk'`, `'-1'`, `'+5'`, `' 5'`, `''`), as
#'   [id_fields()] gives `NA` (it also skips white space around the digits
#'   and reads rtweet's `x` prefix, a float column's `.0`, SCRU64 and TID
#'   text, which SQL does not). `id_sql_range()`
#'   compares text by value (shorter text is a smaller number; text of
#'   equal length compares as text), which an index on the column still
#'   serves; there the text must be digits without leading zeros, as R and
#'   databases write numbers.
#'
#' SQLite has `"integer"` and `"text"` only, PostgreSQL and Spark no
#' `"unsigned"`; asking for a kind the engine has not is an error. SQLite's
#' columns hold values of any type (an `INTEGER` column keeps `'abc'`,
#' `x'01'` and `1.5` as they are, and its operators would read them as 0, 0
#' and 1): there each value is read by its own type, whichever of the two
#' kinds is given, an integer as a signed 64-bit integer and text as decimal
#' text, and anything else (blobs, reals) is no ID, `NULL` in every column
#' and in no range, as [id_collect()] and [id_fields()] give `NA`. In other
#' engines a text column needs `type = "text"`. (MySQL in its non-strict
#' mode stores `'abc'`, `'12abc'` and `1.5` in a `BIGINT` as 0, 12 and 2:
#' those are then the column's values, in SQL as in R.)
#'
#' @section 128-bit IDs:
#' The layouts `"uuidv7"` (with each `sub_ms`), `"uuidv6"`, `"uuidv1"`,
#' `"uuid"` (each entry by its version: 1, 6 or 7), `"ulid"`, `"objectid"`,
#' `"xid"`, and in part `"scru128"` and `"typeid"`, take `type = "uuid"`,
#' the engine's UUID column (PostgreSQL's and DuckDB's `UUID`, MariaDB's
#' `UUID` from 10.7, ClickHouse's `UUID`; the default for UUIDs where the
#' engine has one), or `type = "text"` (UUIDs in SQLite and Spark, which
#' have no UUID type; ObjectIds, Xids, SCRU128s and TypeIDs everywhere;
#' ULIDs by default, and also `type = "uuid"`, the same 128 bits as a UUID,
#' in PostgreSQL, DuckDB and ClickHouse, but not in MariaDB, whose UUID type
#' refuses some 128-bit values and sorts those that look like RFC 4122
#' versions 1 to 5 by swapped groups). `"scru128"` has `id_sql_range()` on
#' its text alone: its time is the top 48 bits of a 128-bit number written
#' in base 36, beyond SQL's 64-bit integers, so `id_sql()` refuses it.
#' `"typeid"` has `id_sql()` on its text but no range: TypeIDs sort by time
#' only within one prefix. `"ksuid"` (base 62 of 160 bits) is refused by
#' both with a `zuid_error_layout` that names it.
#'
#' `id_sql()` gives one column for them, `time`: the time the ID carries,
#' floored to the microsecond (UUIDv7's fraction of a millisecond where
#' `sub_ms` says it was written, UUIDv1's and v6's 100 ns units), as the
#' engine's timestamp (MySQL/MariaDB `DATETIME(6)`, ClickHouse
#' `DateTime64(6, 'UTC')`, within the same years as above); in SQLite, whole
#' microseconds since 1970. It reads the column's text: a UUID column's own,
#' text columns in either case (UUIDs as 8-4-4-4-12 hex digits, ULIDs as 26
#' Crockford characters, ObjectIds as 24 hex digits) or in lowercase only,
#' as [id_time()] reads them (Xids, 20 base32hex characters; TypeIDs, a
#' prefix of `a`-`z` and `_` and a `_`, or none, then 26 characters); other
#' spellings (braces, `urn:uuid:`, 32 digits) and IDs of other versions give
#' `NULL`, where [id_time()] reads the spellings. Their other fields are not
#' decoded in SQL: use [id_fields()] after collecting.
#'
#' `id_sql_range()` compares the column itself, so that its index answers:
#' `id >= low AND id < high`, where `low` and `high` are
#' `id_from_time(from)` and `id_from_time(to)`, the lowest IDs of the ticks
#' holding `from` and `to` (ObjectIds and Xids, counting whole seconds,
#' start at the first second at or after `from` and end before the first
#' second at or after `to`, as 64-bit layouts with long ticks do). UUID
#' columns are compared with UUID literals, in the order of their bytes
#' (ClickHouse's UUIDs, which sort by their second half, through their text;
#' MariaDB's UUIDv6 and v7, which it does not swap, as they are); text
#' columns with the canonical text (lowercase UUIDs, ObjectIds, Xids and
#' SCRU128s, uppercase ULIDs), byte by byte (these alphabets sort alike in
#' binary and in the usual linguistic collations), so the condition assumes
#' the column holds canonical text of the layout's IDs: an uppercase UUID,
#' or a random (version 4) UUID whose first bytes happen to fall between the
#' bounds, would be compared as it is. `"uuidv1"` and `"uuid"` do not sort
#' by time and have no range (a `zuid_error`, as in [id_from_time()]).
#' `NULL` at both ends is `id IS NOT NULL`.
#'
#' @inheritParams id_compose
#' @param column The ID column: a name (quoted as the dialect requires), a
#'   qualified name in parts (`c("m", "id")`, `DBI::Id()`,
#'   `dbplyr::ident()`), or an SQL expression marked with `dbplyr::sql()` or
#'   `DBI::SQL()`. See "Column names".
#' @param dialect A dialect's name or a DBI connection. See "Dialects".
#' @param type The kind of ID column: `"integer"` (a signed 64-bit
#'   integer), `"unsigned"`, `"decimal"` or `"text"`. See "ID columns". For
#'   128-bit layouts, `"uuid"` or `"text"`: see "128-bit IDs".
#' @returns `id_sql()`: a named list of SQL expressions, named as the
#'   columns of [id_fields()] (for 128-bit layouts, `time` alone), each a `dbplyr::sql()` object when dbplyr is
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
#' # UUIDv7 in PostgreSQL's uuid column: its time, and an hour's IDs.
#' id_sql(id_layout("uuidv7", sub_ms = "fraction"))[["time"]]
#' id_sql_range("2024-03-05 10:00", "2024-03-05 11:00", "uuidv7")
#' id_sql_range("2024-03-05", NULL, "ulid", dialect = "clickhouse")
#'
#' @examplesIf requireNamespace("dbplyr", quietly = TRUE) && requireNamespace("RSQLite", quietly = TRUE)
#' con <- DBI::dbConnect(RSQLite::SQLite(), ":memory:")
#' DBI::dbExecute(con, "CREATE TABLE m (id INTEGER)")
#' DBI::dbExecute(con, "INSERT INTO m VALUES (175928847299117063)")
#' m <- dplyr::tbl(con, "m")
#' dplyr::mutate(m, !!!id_sql("discord", dialect = con))
#' DBI::dbDisconnect(con)
id_sql <- function(layout, column = "id",
                   dialect = c("postgres", "sqlite", "duckdb", "spark", "mysql", "clickhouse"),
                   type = c("integer", "unsigned", "decimal", "text")) {
  call <- sys.call()
  layout <- as_layout(layout, call)
  target <- sql_target(dialect, call)
  if (is_wide_layout(layout)) {
    return(sql_result(wide_sql(layout, column, target, type, call)))
  }
  kind <- check_kind(type, target$dialect, call)
  bits <- sql_id_bits(sql_column(column, target, call), kind, target$dialect)
  sql_result(as.list(sql_fields(bits, layout, target$dialect, call)))
}

#' @rdname id_sql
#' @param from,to The range's start (included) and end (excluded), as
#'   POSIXct, Date or ISO 8601 text (UTC unless it names a zone; see
#'   [id_from_time()]), to the layout's resolution: each is floored to a whole
#'   microsecond for microsecond layouts (TIDs), to a whole millisecond for
#'   all others. IDs whose tick starts at or after `from` and before `to`
#'   are inside, as [id_filter_time()] keeps them: a TID minted at `T + 0.4
#'   ms` is in `[T, T + 0.7 ms)`. A POSIXct is a double of seconds, which
#'   holds today's times to about a quarter of a microsecond: the end is the
#'   last whole microsecond (or millisecond) at or before the double, and
#'   a time that came from a whole count (as [id_time()] gives a TID's)
#'   reads back as that count. With ticks longer than a millisecond, an ID
#'   whose tick starts before `to` is inside. `NULL` leaves that end open:
#'   from the layout's epoch, or to its end; so does `-Inf` as `from` and
#'   `Inf` as `to`, and a time before the epoch or past the layout's last
#'   tick. `Inf` as `from` or `-Inf` as `to` selects no ID (the condition is
#'   `1 = 0`); times from 2^53 milliseconds on (the year 287396), which a
#'   double cannot hold to the millisecond, count as `Inf` (2^53
#'   microseconds, the year 2255, where microsecond layouts end).
#' @export
id_sql_range <- function(from, to, layout, column = "id",
                         dialect = c("postgres", "sqlite", "duckdb", "spark", "mysql",
                                     "clickhouse"),
                         type = c("integer", "unsigned", "decimal", "text")) {
  call <- sys.call()
  layout <- as_layout(layout, call)
  target <- sql_target(dialect, call)
  if (is_wide_layout(layout)) {
    return(sql_result(wide_sql_range(from, to, layout, column, target, type, call)))
  }
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
  # An open end is NA: range_end_seconds() never gives NA for a given one.
  list(from = from_s, to = to_s)
}

range_end_seconds <- function(x, arg, call) {
  text <- is.character(x) && !is.object(x)
  if (!inherits(x, c("POSIXct", "POSIXlt", "Date")) && !text) {
    zuid_abort(sprintf(paste(
      "`%s` must be one POSIXct, Date or ISO 8601 text such as \"2016-05-01 10:00\" (UTC",
      "unless it names a zone), or NULL for an open end; not %s."
    ), arg, describe_value(x)), class = "zuid_error_type", call = call)
  }
  s <- time_seconds(x, call, arg)
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
