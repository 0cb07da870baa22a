# The SQL dialects zuid writes, each described once, here. Everything zuid
# knows of an engine's SQL is an entry of `sql_dialects`: the code that
# writes SQL (sql-*.R, the verbs in tables.R) and the engine tests
# (tests/testthat/helper-engines.R) look it up and never branch on a
# dialect's name. A new fact about engines (an ID column type, the SQL of a
# function that mints IDs) is a new field in every entry, documented here.
#
# Each entry is a list with these fields. SQL goes in and out as text;
# `x` is an expression, `n` a whole number, `mask` and `d` decimal text.
#   aliases      the names `dialect =` takes for it, lowercase, its own first
#   connections  classes of DBI connections that speak it: the drivers'
#                own, and those odbc gives a connection after its database
#   quote        how a name is quoted: `quote`, the character zuid writes;
#                `reads`, those the dialect reads (a driver may use either);
#                `backslash`, whether a backslash inside quotes is an escape
#                (so that it must be doubled)
#   types        column types by kind: `bigint` (a signed 64-bit ID column),
#                `int` (32-bit), `text` (IDs as decimal text)
#   type_of      function(x): the name of the type of the value `x`, as
#                text; NULL for an engine that has no such function (MySQL)
#   shift        function(x, n): the bigint `x` shifted right by `n` bits
#   mask         function(x, mask): `x & mask` as a signed bigint
#   int32        function(x): a part of at most 31 bits as a 32-bit integer
#   int_div      function(x, d): whole-number division of a non-negative
#                bigint
#   text_bits    function(x, bounds): decimal text (up to 2^64 - 1) as its
#                64 bits in a signed bigint, exactly; `bounds` is the core's
#                table of bounds (see facts.R)
#   length       function(x): the length of text, in characters
#   literal      function(x): a bigint literal for comparing with an ID column
#   timestamp    function(ms, range): milliseconds since 1970 (a bigint) as
#                the engine's timestamp in UTC, whatever the session's time
#                zone; NULL outside `range`
#   time_range   the milliseconds since 1970 its timestamp holds, c(from, to)
#   to_ms        function(x): a timestamp of `timestamp()` back to milliseconds
#   to_text      function(x): any value as text
#   columns_of   function(table): a query of the table's column names, in order
#   lease        what node leases need of the engine (see the block at the end
#                of this file), NULL for engines that hold no lease tables

# Text to a signed bigint through a 20-digit decimal: IDs above 2^63 - 1
# less 2^64, so that no step overflows or goes through a REAL.
text_bits_by_decimal <- function(x, bounds) {
  decimal <- sprintf("CAST(%s AS DECIMAL(20, 0))", x)
  sprintf(paste("CAST(CASE WHEN %1$s > %2$s THEN %1$s - %3$s", "ELSE %1$s END AS BIGINT)"),
          decimal, bounds$max_signed, bounds$unsigned_end)
}

# A right shift written as an operator: "(x >> n)".
shift_operator <- function(x, n) sprintf("(%s >> %d)", x, n)

mask_operator <- function(x, mask) sprintf("(%s & %s)", x, mask)

cast_as <- function(type) function(x) sprintf("CAST(%s AS %s)", x, type)

columns_in_information_schema <- function(table) {
  sprintf(paste("SELECT column_name AS name FROM information_schema.columns",
                "WHERE table_name = '%s' ORDER BY ordinal_position"), table)
}

sql_dialects <- list(
  postgres = list(
    aliases = c("postgres", "postgresql", "pg"),
    connections = c("PqConnection", "PostgreSQLConnection", "PostgreSQL"),
    quote = list(quote = "\"", reads = "\"", backslash = FALSE),
    types = c(bigint = "BIGINT", int = "INTEGER", text = "TEXT"),
    type_of = function(x) sprintf("CAST(pg_typeof(%s) AS TEXT)", x),
    shift = shift_operator,
    mask = mask_operator,
    int32 = cast_as("INTEGER"),
    int_div = function(x, d) sprintf("(%s / %s)", x, d),
    text_bits = text_bits_by_decimal,
    length = function(x) sprintf("LENGTH(%s)", x),
    literal = identity,
    timestamp = function(ms, range) {
      sprintf("(TIMESTAMPTZ '1970-01-01 00:00:00+00' + %s * INTERVAL '1 millisecond')", ms)
    },
    time_range = c(-Inf, Inf),
    to_ms = function(x) sprintf("CAST(EXTRACT(EPOCH FROM %s) * 1000 AS BIGINT)", x),
    to_text = cast_as("TEXT"),
    columns_of = columns_in_information_schema
  ),
  sqlite = list(
    aliases = c("sqlite", "sqlite3"),
    connections = "SQLiteConnection",
    quote = list(quote = "\"", reads = c("\"", "`"), backslash = FALSE),
    types = c(bigint = "INTEGER", int = "INTEGER", text = "TEXT"),
    type_of = function(x) sprintf("typeof(%s)", x),
    shift = shift_operator,
    mask = mask_operator,
    int32 = cast_as("INTEGER"),
    int_div = function(x, d) sprintf("(%s / %s)", x, d),
    # No decimal type: above 2^63 - 1, the text's two halves, less 2^64 in
    # two parts that keep every step within a signed 64-bit integer.
    text_bits = function(x, bounds) {
      sprintf(paste(
        "(CASE WHEN LENGTH(%1$s) > 19 OR (LENGTH(%1$s) = 19 AND %1$s > '%2$s')",
        "THEN (CAST(SUBSTR(%1$s, 1, LENGTH(%1$s) - 9) AS INTEGER) - %3$s) * 1000000000",
        "+ (CAST(SUBSTR(%1$s, -9) AS INTEGER) - %4$s)",
        "ELSE CAST(%1$s AS INTEGER) END)"
      ), x, bounds$max_signed, bounds$unsigned_end_split$high, bounds$unsigned_end_split$low)
    },
    length = function(x) sprintf("LENGTH(%s)", x),
    # A literal with INTEGER affinity makes a TEXT column compare by value
    # (the column's text is read as a number), not as text.
    literal = cast_as("INTEGER"),
    # SQLite has no timestamp type: the time is the milliseconds.
    timestamp = function(ms, range) ms,
    time_range = c(-Inf, Inf),
    to_ms = identity,
    to_text = cast_as("TEXT"),
    columns_of = function(table) sprintf("SELECT name FROM pragma_table_info('%s') ORDER BY cid", table)
  ),
  duckdb = list(
    aliases = "duckdb",
    connections = "duckdb_connection",
    quote = list(quote = "\"", reads = "\"", backslash = FALSE),
    types = c(bigint = "BIGINT", int = "INTEGER", text = "VARCHAR"),
    type_of = function(x) sprintf("typeof(%s)", x),
    shift = shift_operator,
    mask = mask_operator,
    int32 = cast_as("INTEGER"),
    int_div = function(x, d) sprintf("(%s // %s)", x, d),
    text_bits = text_bits_by_decimal,
    length = function(x) sprintf("LENGTH(%s)", x),
    literal = identity,
    timestamp = function(ms, range) sprintf("epoch_ms(%s)", ms),
    time_range = c(-Inf, Inf),
    to_ms = function(x) sprintf("epoch_ms(%s)", x),
    to_text = cast_as("VARCHAR"),
    columns_of = columns_in_information_schema
  ),
  spark = list(
    aliases = c("spark", "sparksql", "spark_sql", "databricks"),
    connections = c("spark_connection", "Spark SQL"),
    quote = list(quote = "`", reads = "`", backslash = FALSE),
    types = c(bigint = "BIGINT", int = "INT", text = "STRING"),
    type_of = function(x) sprintf("typeof(%s)", x),
    shift = function(x, n) sprintf("shiftright(%s, %d)", x, n),
    mask = mask_operator,
    int32 = cast_as("INTEGER"),
    int_div = function(x, d) sprintf("(%s div %s)", x, d),
    text_bits = text_bits_by_decimal,
    length = function(x) sprintf("LENGTH(%s)", x),
    literal = identity,
    timestamp = function(ms, range) sprintf("timestamp_millis(%s)", ms),
    time_range = c(-Inf, Inf),
    to_ms = function(x) sprintf("unix_millis(%s)", x),
    to_text = cast_as("STRING"),
    columns_of = function(table) sprintf("DESCRIBE %s", table)
  ),
  mysql = list(
    aliases = c("mysql", "mariadb"),
    connections = c("MySQLConnection", "MariaDBConnection", "MySQL"),
    quote = list(quote = "`", reads = c("`", "\""), backslash = FALSE),
    types = c(bigint = "BIGINT", int = "INTEGER", text = "VARCHAR(40)"),
    type_of = NULL,
    shift = shift_operator,
    # MySQL shifts and masks as unsigned: parts are made signed again, for
    # arithmetic with a negative epoch. SIGNED is its 64-bit integer.
    mask = function(x, mask) sprintf("CAST((%s & %s) AS SIGNED)", x, mask),
    int32 = identity,
    int_div = function(x, d) sprintf("(%s DIV %s)", x, d),
    # Unsigned, then signed: the same 64 bits, as a BIGINT column holds them.
    text_bits = function(x, bounds) sprintf("CAST(CAST(%s AS UNSIGNED) AS SIGNED)", x),
    length = function(x) sprintf("CHAR_LENGTH(%s)", x),
    literal = identity,
    # DATETIME has no time zone: adding to 1970-01-01 gives UTC. Past
    # 9999-12-31 DATE_ADD() gives NULL.
    timestamp = function(ms, range) {
      sprintf(paste("CAST(DATE_ADD(CAST('1970-01-01 00:00:00' AS DATETIME(3)),",
                    "INTERVAL %s * 1000 MICROSECOND) AS DATETIME(3))"), ms)
    },
    time_range = c(-Inf, 253402300800000),
    to_ms = function(x) sprintf("TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', %s) DIV 1000", x),
    to_text = cast_as("CHAR"),
    columns_of = function(table) {
      sprintf(paste("SELECT column_name AS name FROM information_schema.columns",
                    "WHERE table_schema = DATABASE() AND table_name = '%s'",
                    "ORDER BY ordinal_position"), table)
    }
  ),
  clickhouse = list(
    aliases = "clickhouse",
    connections = c("ClickhouseConnection", "ClickHouseHTTPConnection", "ClickHouse"),
    quote = list(quote = "`", reads = c("`", "\""), backslash = TRUE),
    types = c(bigint = "Nullable(Int64)", int = "Nullable(Int32)", text = "Nullable(String)"),
    type_of = function(x) sprintf("toTypeName(%s)", x),
    shift = function(x, n) sprintf("bitShiftRight(%s, %d)", x, n),
    mask = function(x, mask) sprintf("toInt64(bitAnd(%s, %s))", x, mask),
    int32 = function(x) sprintf("toInt32(%s)", x),
    int_div = function(x, d) sprintf("intDiv(%s, %s)", x, d),
    text_bits = function(x, bounds) sprintf("toInt64(toUInt64(%s))", x),
    length = function(x) sprintf("LENGTH(%s)", x),
    literal = identity,
    # DateTime64 is exact from 1900-01-01 to 2299-12-31 in every release;
    # older releases clamp times outside it, so those become NULL.
    timestamp = function(ms, range) {
      sprintf("if(%1$s >= %2$s AND %1$s < %3$s, fromUnixTimestamp64Milli(toInt64(%1$s), 'UTC'), NULL)",
              ms, whole_text(range[[1L]]), whole_text(range[[2L]]))
    },
    time_range = c(-2208988800000, 10413792000000),
    to_ms = function(x) sprintf("toUnixTimestamp64Milli(%s)", x),
    to_text = function(x) sprintf("toString(%s)", x),
    columns_of = function(table) {
      sprintf(paste("SELECT name FROM system.columns WHERE database = currentDatabase()",
                    "AND table = '%s' ORDER BY position"), table)
    }
  )
)

# Node leases (lease.R, lease-sql.R) -------------------------------------------
# The `lease` of each entry, kept apart from the SQL of reading IDs:
#   now_ms        SQL of the database's clock, in milliseconds since 1970 (a
#                 bigint), the same for every holder of a lease
#   insert_new    function(table, columns, values): SQL that inserts one row
#                 (`columns` and `values`, SQL text), or nothing when a row
#                 has its key, counting one changed row only when it inserted
#   busy_timeout  NULL, or how long a connection waits for another's write:
#                 `get` (SQL of it in milliseconds) and `set` (function(ms))

insert_on_conflict_nothing <- function(table, columns, values) {
  sprintf("INSERT INTO %s (%s) VALUES (%s) ON CONFLICT DO NOTHING", table,
          paste(columns, collapse = ", "), paste(values, collapse = ", "))
}

lease_dialects <- list(
  postgres = list(
    now_ms = "CAST(FLOOR(EXTRACT(EPOCH FROM clock_timestamp()) * 1000) AS BIGINT)",
    insert_new = insert_on_conflict_nothing,
    busy_timeout = NULL
  ),
  sqlite = list(
    # julianday('now') counts days from noon, 24 November 4714 BC; its
    # 'now' is the process's clock, which every process of a file shares.
    now_ms = "CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)",
    insert_new = insert_on_conflict_nothing,
    busy_timeout = list(get = "PRAGMA busy_timeout",
                        set = function(ms) sprintf("PRAGMA busy_timeout = %d", as.integer(ms)))
  ),
  mysql = list(
    # UTC_TIMESTAMP(3), so that the session's time zone plays no part.
    now_ms = "CAST(TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', UTC_TIMESTAMP(3)) DIV 1000 AS SIGNED)",
    insert_new = function(table, columns, values) {
      sprintf("INSERT IGNORE INTO %s (%s) VALUES (%s)", table, paste(columns, collapse = ", "),
              paste(values, collapse = ", "))
    },
    busy_timeout = NULL
  )
)

for (name in names(sql_dialects)) {
  sql_dialects[[name]]["lease"] <- list(lease_dialects[[name]])
}
rm(name)

# The dialect `name` names, as an entry of the table.
sql_dialect <- function(name) sql_dialects[[name]]
