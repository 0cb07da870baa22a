# The SQL dialects zuid writes, each described once, here. Everything zuid
# knows of an engine's SQL is an entry of `sql_dialects`: the code that
# writes SQL (sql-*.R, the verbs in tables*.R) and the engine tests
# (tests/testthat/helper-engines.R) look it up and never branch on a
# dialect's name. A new fact about engines (an ID column type, the SQL of a
# function that mints IDs) is a new field in every entry, documented here.
#
# Each entry is a list with these fields. SQL goes in and out as text;
# `x` is an expression, `n` a whole number, `mask` and `d` decimal text;
# `kind` is a kind of ID column (see sql-types.R): "integer" (a signed
# 64-bit integer), "unsigned" (an unsigned one), "decimal" (a decimal of
# 20 digits) or "text" (decimal text).
#   aliases      the names `dialect =` takes for it, lowercase, its own first
#   connections  classes of DBI connections that speak it: the drivers'
#                own, and those odbc gives a connection after its database
#   dbplyr       the names of dbplyr's dialects that are this engine: dbplyr
#                2.6's `sql_dialect()` gives a connection's as an object of
#                class "sql_dialect_<name>" (see sql-target.R)
#   generator    what id_sql_generator() makes in the engine: a list of
#                `label` (its name in messages), `statements`
#                (function(plan, names): the named SQL statements that
#                create a generator; see sql-generator.R) and `name_limit`
#                (the longest name the server keeps whole: `max` in `type`,
#                "bytes" or "chars"); or, where no safe generator can be
#                made, `refusal`, saying why
#   quote        how a name is quoted: `quote`, the character zuid writes;
#                `reads`, those the dialect reads (a driver may use either);
#                `backslash`, whether a backslash inside quotes is an escape
#                (so that it must be doubled); `driver`, whether a
#                connection's own quoting may be used (not where the
#                driver's quotes can be read as a string, SQLite's)
#   types        column types by kind, NA where the engine has none;
#                also `int`, a 32-bit integer (for the tests' other columns)
#   type_of      function(x): the name of the type of the value `x`, as
#                text; NULL for an engine that has no such function (MySQL)
#   type_names   regular expressions by kind matching the type names that
#                `type_of`, `declared_type` and the engine's drivers give for
#                columns of that kind, lowercase, without ClickHouse's
#                wrappers (Nullable, LowCardinality)
#   declared_type  NULL, or for an engine without `type_of` whose drivers may
#                name a column's type too vaguely to tell its kind:
#                function(select), the statements that make a temporary
#                table of no rows from the query `select` (`create`), read
#                the type it declares for its one column (`read`, in the
#                result's column `column`) and drop it (`drop`)
#   sign_unknown whether a column that the drivers call an integer may be
#                unsigned (MySQL's say BIGINT for BIGINT UNSIGNED): then
#                conditions on "integer" columns hold for either
#   stored_as    NULL, or for an engine whose columns hold values of any
#                type (SQLite: an INTEGER column keeps 'abc', x'01' and 1.5
#                as they are, and its operators read them as 0, 0 and 1),
#                function(x, kind): SQL true where the value `x` is stored
#                as that kind, "integer" or "text". Then an "integer" or
#                "text" column's values are each read by their own type:
#                integers as a signed bigint, text as decimal text, and
#                anything else is no ID. (MySQL in its non-strict mode
#                stores 0, 12 and 2 for them in a BIGINT: that is already
#                the column's value.)
#   bits         by kind: function(x, bounds), the value of an ID column of
#                that kind as its 64 bits in a signed bigint, exactly, for
#                a value that is an ID (text: 1 to 20 digits, at most
#                2^64 - 1); `bounds` is the core's table of bounds (see
#                facts.R)
#   digits       function(x): whether the text `x` is 1 to 20 decimal digits
#   shift        function(x, n): the bigint `x` shifted right by `n` bits
#   mask         function(x, mask): `x & mask` as a signed bigint
#   int32        function(x): a part of at most 31 bits as a 32-bit integer
#   int_div      function(x, d): whole-number division of a non-negative
#                bigint
#   length       function(x): the length of text, in characters
#   literal      function(x, kind): a literal (decimal text) for comparing
#                with an ID column of that kind
#   timestamp    function(ms, range): milliseconds since 1970 (a bigint) as
#                the engine's timestamp in UTC, exactly, whatever the
#                session's time zone; NULL outside `range`
#   time_range   the milliseconds since 1970 its timestamp holds, c(from, to)
#   to_ms        function(x): a timestamp of `timestamp()` back to milliseconds
#   to_text      function(x): any value as text
#   columns_of   function(table): a query of the table's column names, in order
#   lease        what node leases need of the engine (see the block at the end
#                of this file), NULL for engines that hold no lease tables

# A number (text, an unsigned integer or a decimal) to a signed bigint
# through a 20-digit decimal: IDs above 2^63 - 1 less 2^64, so that no step
# overflows or goes through a REAL.
bits_by_decimal <- function(x, bounds) {
  decimal <- sprintf("CAST(%s AS DECIMAL(20, 0))", x)
  sprintf(paste("CAST(CASE WHEN %1$s > %2$s THEN %1$s - %3$s", "ELSE %1$s END AS BIGINT)"),
          decimal, bounds$max_signed, bounds$unsigned_end)
}

# SQLite has no decimal type: the text's two halves, `high` (all but the
# last 9 digits) and `low`; from 2^63 on, less 2^64 in two parts that keep
# every step within a signed 64-bit integer. By value, leading zeros
# included.
sqlite_text_bits <- function(x, bounds) {
  high <- sprintf("CAST(SUBSTR(%1$s, 1, LENGTH(%1$s) - 9) AS INTEGER)", x)
  low <- sprintf("CAST(SUBSTR(%s, -9) AS INTEGER)", x)
  half <- bounds$signed_end_split
  end <- bounds$unsigned_end_split
  sprintf(paste("(CASE WHEN %1$s > %3$s OR (%1$s = %3$s AND %2$s >= %4$s)",
                "THEN (%1$s - %5$s) * 1000000000 + (%2$s - %6$s)",
                "ELSE CAST(%7$s AS INTEGER) END)"),
          high, low, half$high, half$low, end$high, end$low, x)
}

# A right shift written as an operator: "(x >> n)".
shift_operator <- function(x, n) sprintf("(%s >> %d)", x, n)

mask_operator <- function(x, mask) sprintf("(%s & %s)", x, mask)

cast_as <- function(type) function(x) sprintf("CAST(%s AS %s)", x, type)

# A bits function that leaves the column as it is: a signed bigint.
as_signed <- function(x, bounds) x

as_mysql_signed <- function(x, bounds) sprintf("CAST(%s AS SIGNED)", x)

plain_literal <- function(x, kind) x

# Literals cast to the column's type for the kinds named in `casts`.
literal_cast <- function(casts) {
  function(x, kind) if (kind %in% names(casts)) sprintf("CAST(%s AS %s)", x, casts[[kind]]) else x
}

# 1 to 20 decimal digits, with the engine's regular expressions.
digits_matching <- function(template) {
  function(x) sprintf(template, x, "^[0-9]{1,20}$")
}

columns_in_information_schema <- function(table) {
  sprintf(paste("SELECT column_name AS name FROM information_schema.columns",
                "WHERE table_name = '%s' ORDER BY ordinal_position"), table)
}

sql_dialects <- list(
  postgres = list(
    aliases = c("postgres", "postgresql", "pg"),
    connections = c("PqConnection", "PostgreSQLConnection", "PostgreSQL"),
    dbplyr = "postgres",
    # id_sql_generator(): sequences and PL/pgSQL (sql-generator-postgres.R,
    # called by name, since that file is loaded after this one); with a
    # connection, an unqualified name is qualified by the current schema.
    generator = list(
      label = "PostgreSQL",
      statements = function(plan, names) pg_generator_statements(plan, names),
      name_limit = list(max = 63L, type = "bytes"),
      schema = function(con) pg_current_schema(con)
    ),
    quote = list(quote = "\"", reads = "\"", backslash = FALSE, driver = TRUE),
    types = c(integer = "BIGINT", unsigned = NA, decimal = "NUMERIC(20, 0)", text = "TEXT",
              int = "INTEGER"),
    type_of = function(x) sprintf("CAST(pg_typeof(%s) AS TEXT)", x),
    # pg_typeof() names, and RPostgreSQL's (DECIMAL for numeric).
    type_names = c(integer = "^(bigint|integer|smallint|int[248]?)$",
                   decimal = "^(numeric|decimal)(\\(.*\\))?$",
                   text = "^(text|character varying|character|varchar|bpchar|char|name)(\\(.*\\))?$"),
    declared_type = NULL,
    sign_unknown = FALSE,
    stored_as = NULL,
    bits = list(integer = as_signed, decimal = bits_by_decimal, text = bits_by_decimal),
    digits = digits_matching("(%s ~ '%s')"),
    shift = shift_operator,
    mask = mask_operator,
    int32 = cast_as("INTEGER"),
    int_div = function(x, d) sprintf("(%s / %s)", x, d),
    length = function(x) sprintf("LENGTH(%s)", x),
    literal = plain_literal,
    # Whole days and the milliseconds left, added to a TIMESTAMP (no time
    # zone, so days are 24 hours) and read as UTC: an interval times a
    # large number goes through a double, off by microseconds after 2255.
    timestamp = function(ms, range) {
      sprintf(paste("((TIMESTAMP '1970-01-01 00:00:00' + (%1$s / 86400000) * INTERVAL '1 day'",
                    "+ (%1$s %% 86400000) * INTERVAL '1 millisecond') AT TIME ZONE 'UTC')"), ms)
    },
    time_range = c(-Inf, Inf),
    to_ms = function(x) sprintf("CAST(EXTRACT(EPOCH FROM %s) * 1000 AS BIGINT)", x),
    to_text = cast_as("TEXT"),
    columns_of = columns_in_information_schema
  ),
  sqlite = list(
    aliases = c("sqlite", "sqlite3"),
    connections = "SQLiteConnection",
    dbplyr = "sqlite",
    # No ID generator can live here: the refusal says why.
    generator = list(refusal = paste(
      "SQLite has no stored functions (an application registers its functions",
      "on each connection), so SQL alone cannot keep a generator's state between calls")),
    # A double-quoted name that is no column is a string to SQLite; one in
    # backticks is always a name. Its drivers quote with double quotes.
    quote = list(quote = "`", reads = c("`", "\""), backslash = FALSE, driver = FALSE),
    types = c(integer = "INTEGER", unsigned = NA, decimal = NA, text = "TEXT", int = "INTEGER"),
    type_of = function(x) sprintf("typeof(%s)", x),
    type_names = c(integer = "^integer$", text = "^text$"),
    declared_type = NULL,
    sign_unknown = FALSE,
    # typeof(): an INTEGER column keeps text, blobs and reals as they are.
    stored_as = function(x, kind) sprintf("typeof(%s) = '%s'", x, kind),
    bits = list(integer = as_signed, text = sqlite_text_bits),
    # No regular expressions: no character outside 0-9.
    digits = function(x) sprintf("(%1$s <> '' AND %1$s NOT GLOB '*[^0-9]*' AND LENGTH(%1$s) <= 20)", x),
    shift = shift_operator,
    mask = mask_operator,
    int32 = cast_as("INTEGER"),
    int_div = function(x, d) sprintf("(%s / %s)", x, d),
    length = function(x) sprintf("LENGTH(%s)", x),
    # A literal with INTEGER affinity makes a TEXT column compare by value
    # (the column's text is read as a number), not as text.
    literal = function(x, kind) sprintf("CAST(%s AS INTEGER)", x),
    # SQLite has no timestamp type: the time is the milliseconds.
    timestamp = function(ms, range) ms,
    time_range = c(-Inf, Inf),
    to_ms = identity,
    # A blob's bytes are no ID's text (x'31' would read as 1): its hex.
    to_text = function(x) {
      sprintf("(CASE WHEN typeof(%1$s) = 'blob' THEN 'blob x''' || hex(%1$s) || '''' ELSE CAST(%1$s AS TEXT) END)", x)
    },
    columns_of = function(table) sprintf("SELECT name FROM pragma_table_info('%s') ORDER BY cid", table)
  ),
  duckdb = list(
    aliases = "duckdb",
    connections = "duckdb_connection",
    dbplyr = "duckdb",
    # No ID generator can live here: the refusal says why.
    generator = list(refusal = paste(
      "DuckDB's macros keep no state between calls, and its clock (now(),",
      "current_timestamp) is the transaction's start, the same for every row of a statement")),
    quote = list(quote = "\"", reads = "\"", backslash = FALSE, driver = TRUE),
    types = c(integer = "BIGINT", unsigned = "UBIGINT", decimal = "DECIMAL(20, 0)", text = "VARCHAR",
              int = "INTEGER"),
    type_of = function(x) sprintf("typeof(%s)", x),
    type_names = c(integer = "^(bigint|integer|smallint|tinyint|int[1248]?)$",
                   unsigned = "^(ubigint|uinteger|usmallint|utinyint)$",
                   decimal = "^(decimal(\\(.*\\))?|numeric(\\(.*\\))?|hugeint|uhugeint)$",
                   text = "^(varchar|text|string)$"),
    declared_type = NULL,
    sign_unknown = FALSE,
    stored_as = NULL,
    bits = list(integer = as_signed, unsigned = bits_by_decimal, decimal = bits_by_decimal,
                text = bits_by_decimal),
    digits = digits_matching("regexp_full_match(%s, '%s')"),
    shift = shift_operator,
    mask = mask_operator,
    int32 = cast_as("INTEGER"),
    int_div = function(x, d) sprintf("(%s // %s)", x, d),
    length = function(x) sprintf("LENGTH(%s)", x),
    # Literals of the column's own type, so that the column is compared as
    # it is (an integer literal past 2^63 is a HUGEINT).
    literal = literal_cast(c(unsigned = "UBIGINT", decimal = "DECIMAL(20, 0)")),
    timestamp = function(ms, range) sprintf("epoch_ms(%s)", ms),
    time_range = c(-Inf, Inf),
    to_ms = function(x) sprintf("epoch_ms(%s)", x),
    to_text = cast_as("VARCHAR"),
    columns_of = columns_in_information_schema
  ),
  spark = list(
    aliases = c("spark", "sparksql", "spark_sql", "databricks"),
    connections = c("spark_connection", "Spark SQL"),
    dbplyr = "spark_sql",
    # No ID generator can live here: the refusal says why.
    generator = list(refusal = paste(
      "Spark SQL's functions keep no state between calls, and current_timestamp()",
      "is the query's start, the same for every row")),
    quote = list(quote = "`", reads = "`", backslash = FALSE, driver = TRUE),
    types = c(integer = "BIGINT", unsigned = NA, decimal = "DECIMAL(20, 0)", text = "STRING",
              int = "INT"),
    type_of = function(x) sprintf("typeof(%s)", x),
    type_names = c(integer = "^(bigint|int|integer|smallint|tinyint|long|short|byte)$",
                   decimal = "^decimal(\\(.*\\))?$",
                   text = "^(string|varchar(\\(.*\\))?|char(\\(.*\\))?)$"),
    declared_type = NULL,
    sign_unknown = FALSE,
    stored_as = NULL,
    bits = list(integer = as_signed, decimal = bits_by_decimal, text = bits_by_decimal),
    digits = digits_matching("(%s RLIKE '%s')"),
    shift = function(x, n) sprintf("shiftright(%s, %d)", x, n),
    mask = mask_operator,
    int32 = cast_as("INTEGER"),
    int_div = function(x, d) sprintf("(%s div %s)", x, d),
    length = function(x) sprintf("LENGTH(%s)", x),
    literal = plain_literal,
    timestamp = function(ms, range) sprintf("timestamp_millis(%s)", ms),
    time_range = c(-Inf, Inf),
    to_ms = function(x) sprintf("unix_millis(%s)", x),
    to_text = cast_as("STRING"),
    columns_of = function(table) sprintf("DESCRIBE %s", table)
  ),
  mysql = list(
    aliases = c("mysql", "mariadb"),
    connections = c("MySQLConnection", "MariaDBConnection", "MySQL"),
    dbplyr = c("mysql", "mariadb"),
    # id_sql_generator(): a one-row InnoDB state table and a stored
    # function, with a trigger for a column's default (sql-generator-mysql.R,
    # called by name).
    generator = list(
      label = "MariaDB",
      statements = function(plan, names) my_generator_statements(plan, names),
      name_limit = list(max = 64L, type = "chars"),
      schema = NULL
    ),
    quote = list(quote = "`", reads = c("`", "\""), backslash = FALSE, driver = TRUE),
    types = c(integer = "BIGINT", unsigned = "BIGINT UNSIGNED", decimal = "DECIMAL(20, 0)",
              text = "VARCHAR(40)", int = "INTEGER"),
    type_of = NULL,
    # RMySQL's names of field types (DECIMAL is "<unknown>" to it), and the
    # server's declared types, with their sizes ("bigint(20) unsigned").
    type_names = c(integer = "^(bigint|integer|int|mediumint|smallint|tinyint)(\\(\\d+\\))?$",
                   unsigned = "^(bigint|integer|int|mediumint|smallint|tinyint)(\\(\\d+\\))? unsigned$",
                   decimal = "^((decimal|newdecimal|numeric)(\\(.*\\))?( unsigned)?|<unknown>)$",
                   text = "^(var_string|string|varchar|char|(tiny|medium|long)?text|blob/text)(\\(\\d+\\))?$"),
    # RMariaDB names DECIMAL, FLOAT and DOUBLE columns alike "double": the
    # type a temporary table made from the query declares tells them apart.
    declared_type = function(select) {
      table <- "zuid_column_kind_probe"
      list(create = sprintf("CREATE TEMPORARY TABLE %s AS %s LIMIT 0", table, select),
           read = sprintf("SHOW COLUMNS FROM %s", table), column = "Type",
           drop = sprintf("DROP TEMPORARY TABLE IF EXISTS %s", table))
    },
    sign_unknown = TRUE,
    stored_as = NULL,
    # As SIGNED, the 64 bits of a signed or an unsigned BIGINT alike; text
    # and decimals unsigned, then signed.
    bits = list(integer = as_mysql_signed, unsigned = as_mysql_signed,
                decimal = function(x, bounds) sprintf("CAST(CAST(%s AS UNSIGNED) AS SIGNED)", x),
                text = function(x, bounds) sprintf("CAST(CAST(%s AS UNSIGNED) AS SIGNED)", x)),
    digits = digits_matching("(%s REGEXP '%s')"),
    shift = shift_operator,
    # MySQL shifts and masks as unsigned: parts are made signed again, for
    # arithmetic with a negative epoch. SIGNED is its 64-bit integer.
    mask = function(x, mask) sprintf("CAST((%s & %s) AS SIGNED)", x, mask),
    int32 = identity,
    int_div = function(x, d) sprintf("(%s DIV %s)", x, d),
    length = function(x) sprintf("CHAR_LENGTH(%s)", x),
    literal = plain_literal,
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
    dbplyr = "clickhouse",
    # No ID generator can live here: the refusal says why.
    generator = list(refusal = paste(
      "ClickHouse has no stored procedures that keep state between calls (its own",
      "generateSnowflakeID() mints one fixed layout)")),
    quote = list(quote = "`", reads = c("`", "\""), backslash = TRUE, driver = TRUE),
    types = c(integer = "Nullable(Int64)", unsigned = "Nullable(UInt64)",
              decimal = "Nullable(Decimal(20, 0))", text = "Nullable(String)", int = "Nullable(Int32)"),
    type_of = function(x) sprintf("toTypeName(%s)", x),
    type_names = c(integer = "^int(8|16|32|64)$", unsigned = "^uint(8|16|32|64)$",
                   decimal = "^(decimal(32|64|128|256)?\\(.*\\)|u?int(128|256))$",
                   text = "^(string|fixedstring\\(\\d+\\))$"),
    declared_type = NULL,
    sign_unknown = FALSE,
    stored_as = NULL,
    # Conversions between integers keep the bits; toUInt64OrNull() gives
    # NULL where toUInt64() would raise.
    bits = list(integer = as_signed, unsigned = function(x, bounds) sprintf("toInt64(%s)", x),
                decimal = function(x, bounds) sprintf("toInt64(toUInt64(%s))", x),
                text = function(x, bounds) sprintf("toInt64(toUInt64OrNull(%s))", x)),
    digits = digits_matching("match(%s, '%s')"),
    shift = function(x, n) sprintf("bitShiftRight(%s, %d)", x, n),
    mask = function(x, mask) sprintf("toInt64(bitAnd(%s, %s))", x, mask),
    int32 = function(x) sprintf("toInt32(%s)", x),
    int_div = function(x, d) sprintf("intDiv(%s, %s)", x, d),
    length = function(x) sprintf("LENGTH(%s)", x),
    literal = plain_literal,
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
#   text          sprintf() format that casts a number to text (NULL stays
#                 NULL), so that numbers reach R exact from every driver
#   greatest      sprintf() format of the larger of two numbers
#   outside       SQL of one row with `outside`: 1 when the connection is in
#                 no transaction (what it writes is committed at once), 0
#                 when it is; NULL where the engine cannot be asked (SQLite:
#                 lease-sql.R tries a BEGIN, which fails inside one)
#   insert_new    function(table, columns, values): SQL that inserts one row
#                 (`columns` and `values`, SQL text), or nothing when a row
#                 has its key, counting one changed row only when it inserted
#   upsert_max    function(table, columns, values, column): SQL that inserts
#                 one row, or where a row has its key (the first three
#                 columns) raises its `column` to the value given and counts
#                 one more of its `changes`
#   busy_timeout  NULL, or how long a connection waits for another's write:
#                 `get` (SQL of it in milliseconds) and `set` (function(ms))

insert_on_conflict_nothing <- function(table, columns, values) {
  sprintf("INSERT INTO %s (%s) VALUES (%s) ON CONFLICT DO NOTHING", table,
          paste(columns, collapse = ", "), paste(values, collapse = ", "))
}

# PostgreSQL's and SQLite's upsert: `existing(table, column)` names a
# column of the row in place (PostgreSQL qualifies it with the table's
# name, SQLite leaves it bare), `greatest` is the dialect's.
upsert_on_conflict <- function(existing, greatest) {
  function(table, columns, values, column) {
    old <- existing(table, column)
    sprintf(paste(
      "INSERT INTO %s (%s) VALUES (%s) ON CONFLICT (%s) DO UPDATE SET %s = %s, changes = %s + 1"
    ), table, paste(columns, collapse = ", "), paste(values, collapse = ", "),
    paste(columns[1:3], collapse = ", "), column,
    sprintf(greatest, sprintf("COALESCE(%s, excluded.%s)", old, column), sprintf("excluded.%s", column)),
    existing(table, "changes"))
  }
}

lease_dialects <- list(
  postgres = list(
    now_ms = "CAST(FLOOR(EXTRACT(EPOCH FROM clock_timestamp()) * 1000) AS BIGINT)",
    text = "CAST(%s AS TEXT)",
    greatest = "GREATEST(%s, %s)",
    # A statement's start is its transaction's only when it runs alone.
    outside = "SELECT CAST(CASE WHEN now() = statement_timestamp() THEN 1 ELSE 0 END AS INTEGER) AS outside",
    insert_new = insert_on_conflict_nothing,
    upsert_max = upsert_on_conflict(function(table, column) paste0(table, ".", column), "GREATEST(%s, %s)"),
    busy_timeout = NULL
  ),
  sqlite = list(
    # julianday('now') counts days from noon, 24 November 4714 BC; its
    # 'now' is the process's clock, which every process of a file shares.
    now_ms = "CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)",
    text = "CAST(%s AS TEXT)",
    greatest = "MAX(%s, %s)",
    outside = NULL,
    insert_new = insert_on_conflict_nothing,
    upsert_max = upsert_on_conflict(function(table, column) column, "MAX(%s, %s)"),
    busy_timeout = list(get = "PRAGMA busy_timeout",
                        set = function(ms) sprintf("PRAGMA busy_timeout = %d", as.integer(ms)))
  ),
  mysql = list(
    # UTC_TIMESTAMP(3), so that the session's time zone plays no part.
    now_ms = "CAST(TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', UTC_TIMESTAMP(3)) DIV 1000 AS SIGNED)",
    text = "CAST(%s AS CHAR)",
    greatest = "GREATEST(%s, %s)",
    # `idle`: no transaction open on the server (RMariaDB's connections run
    # with autocommit off and commit each statement themselves).
    outside = paste("SELECT CAST(CASE WHEN @@autocommit = 1 AND @@in_transaction = 0 THEN 1 ELSE 0 END",
                    "AS SIGNED) AS outside, CAST(@@in_transaction = 0 AS SIGNED) AS idle"),
    insert_new = function(table, columns, values) {
      sprintf("INSERT IGNORE INTO %s (%s) VALUES (%s)", table, paste(columns, collapse = ", "),
              paste(values, collapse = ", "))
    },
    upsert_max = function(table, columns, values, column) {
      sprintf(paste(
        "INSERT INTO %s (%s) VALUES (%s) ON DUPLICATE KEY UPDATE %s = GREATEST(COALESCE(%s, VALUES(%s)),",
        "VALUES(%s)), changes = changes + 1"
      ), table, paste(columns, collapse = ", "), paste(values, collapse = ", "), column, column, column,
      column)
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
