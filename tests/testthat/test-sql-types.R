# The kinds of ID columns: the type names engines and drivers give, and the
# kinds each dialect has.

kind_of <- function(type, dialect) zuid:::kind_of_type_name(type, dialect)

test_that("each engine's type names give the kind of column, or none", {
  names <- list(
    # pg_typeof() and RPostgreSQL's dbColumnInfo().
    postgres = c(bigint = "integer", integer = "integer", BIGINT = "integer", numeric = "decimal",
                 DECIMAL = "decimal", text = "text", "character varying" = "text", BPCHAR = "text",
                 "double precision" = NA, FLOAT8 = NA, date = NA, "timestamp with time zone" = NA),
    # typeof() of a value.
    sqlite = c(integer = "integer", text = "text", real = NA, blob = NA),
    duckdb = c(BIGINT = "integer", UBIGINT = "unsigned", "DECIMAL(20,0)" = "decimal", HUGEINT = "decimal",
               VARCHAR = "text", DOUBLE = NA, DATE = NA, TIMESTAMP = NA),
    spark = c(bigint = "integer", int = "integer", "decimal(20,0)" = "decimal", string = "text",
              double = NA, date = NA, timestamp = NA),
    # RMySQL's field types: DECIMAL is "<unknown>".
    mysql = c(BIGINT = "integer", INTEGER = "integer", "<unknown>" = "decimal", VAR_STRING = "text",
              "BLOB/TEXT" = "text", DOUBLE = NA, FLOAT = NA, DATE = NA, DATETIME = NA),
    clickhouse = c("Nullable(Int64)" = "integer", UInt64 = "unsigned", "Nullable(UInt64)" = "unsigned",
                   "Nullable(Decimal(20, 0))" = "decimal", "LowCardinality(Nullable(String))" = "text",
                   "FixedString(20)" = "text", "Nullable(Float64)" = NA, "DateTime64(3, 'UTC')" = NA)
  )
  for (dialect in names(names)) {
    for (type in names(names[[dialect]])) {
      expect_identical(kind_of(type, dialect), unname(names[[dialect]][[type]]),
                       label = paste(dialect, type))
    }
  }
})

test_that("classes that R reads a column as give a kind where a driver says no more", {
  expect_identical(kind_of("character", "postgres"), "text")
  expect_identical(kind_of("integer64", "mysql"), "integer")
  expect_identical(kind_of("logical", "sqlite"), "integer")
  expect_identical(kind_of("POSIXct", "duckdb"), NA_character_)
  expect_identical(kind_of("Date", "spark"), NA_character_)
})

test_that("a kind the engine has not is refused", {
  has <- function(dialect) {
    kinds <- c("integer", "unsigned", "decimal", "text")
    kinds[vapply(kinds, function(k) {
      !inherits(tryCatch(zuid:::check_kind(k, dialect, NULL), error = identity), "error")
    }, logical(1))]
  }
  expect_identical(has("sqlite"), c("integer", "text"))
  expect_identical(has("postgres"), c("integer", "decimal", "text"))
  expect_identical(has("spark"), c("integer", "decimal", "text"))
  expect_identical(has("mysql"), c("integer", "unsigned", "decimal", "text"))
  expect_identical(has("duckdb"), c("integer", "unsigned", "decimal", "text"))
  expect_identical(has("clickhouse"), c("integer", "unsigned", "decimal", "text"))
  expect_error(zuid:::check_kind("bigint", "mysql", NULL), class = "zuid_error_type",
               regexp = "`type` must be one of \"integer\", \"unsigned\", \"decimal\", \"text\"")
})

test_that("a value's bits are read exactly and are NULL where it is no ID", {
  # Each kind's conversion, guarded: signed integers need none.
  expect_identical(zuid:::sql_id_bits("x", "integer", "postgres"), "x")
  expect_identical(zuid:::sql_id_bits("x", "integer", "mysql"), "CAST(x AS SIGNED)")
  expect_identical(zuid:::sql_id_bits("x", "unsigned", "clickhouse"), "toInt64(x)")
  expect_match(zuid:::sql_id_bits("x", "decimal", "postgres"),
               "^\\(CASE WHEN x >= 0 AND x <= 18446744073709551615 AND x = FLOOR\\(x\\) THEN CAST")
  expect_true(startsWith(zuid:::sql_id_bits("x", "text", "spark"),
                         paste("(CASE WHEN (x RLIKE '^[0-9]{1,20}$') AND",
                               "(LENGTH(x) < 20 OR x <= '18446744073709551615') THEN")))
})
