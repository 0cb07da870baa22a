# Which dialect `dialect =` names: a name or alias, or a connection's class.

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

# Connections of RPostgres's classes: a PqConnection is PostgreSQL, and a
# RedshiftConnection, which is a PqConnection to S4 and to inherits(), is
# refused instead of being written PostgreSQL that Redshift lacks. Where
# RPostgres is not installed (Debian packages it not), the two classes are
# defined here as RPostgres defines them.
test_that("RPostgres's PqConnection is PostgreSQL; its RedshiftConnection is refused, saying why", {
  skip_if_not_installed("DBI")
  # (package_installed() loads RPostgres, and with it its classes.)
  if (!package_installed("RPostgres")) {
    where <- new.env()
    methods::setClass("PqConnection", contains = "DBIConnection", where = where)
    methods::setClass("RedshiftConnection", contains = "PqConnection", where = where)
    on.exit({
      methods::removeClass("RedshiftConnection", where = where)
      methods::removeClass("PqConnection", where = where)
    })
  }
  # Objects of the classes, connected to nothing: the column is SQL as
  # written, so that no driver is asked to quote it.
  cons <- list(pq = methods::new("PqConnection"), redshift = methods::new("RedshiftConnection"))
  id <- DBI::SQL("id")
  expect_identical(text_of(id_sql("twitter", column = id, dialect = cons$pq)),
                   text_of(id_sql("twitter", column = id, dialect = "postgres")))
  expect_true(inherits(cons$redshift, "PqConnection"))
  expect_true(methods::is(cons$redshift, "PqConnection"))
  cnd <- expect_error(id_sql("twitter", column = id, dialect = cons$redshift), class = "zuid_error_dialect")
  expect_identical(cnd$engine, "redshift")
  expect_match(conditionMessage(cnd), "Amazon Redshift (a connection of class <RedshiftConnection>)", fixed = TRUE)
  expect_match(conditionMessage(cnd), "pg_typeof()", fixed = TRUE)
  for (f in list(function(con) id_sql_range(as.Date("2020-01-01"), NULL, "twitter", dialect = con),
                 function(con) id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = con),
                 function(con) id_write_table(con, "t", data.frame(id = as_zuid_id("5"))),
                 function(con) id_generator("twitter", lease = con))) {
    expect_error(f(cons$redshift), class = "zuid_error_dialect", regexp = "Amazon Redshift")
  }
})

test_that("Redshift by name, and dbplyr's simulated Redshift tables, are refused too", {
  expect_error(id_sql("twitter", dialect = "Redshift"), class = "zuid_error_dialect",
               regexp = "zuid writes no SQL for Amazon Redshift \\(\"Redshift\"\\)")
  skip_if_not_installed("dbplyr")
  lazy <- dbplyr::lazy_frame(id = 1, con = dbplyr::simulate_redshift())
  expect_error(id_add_fields(lazy, id, "twitter"), class = "zuid_error_dialect", regexp = "Amazon Redshift")
  expect_error(id_filter_time(lazy, id, layout = "twitter"), class = "zuid_error_dialect")
})

# dbplyr 2.6's sql_dialect(): what dbplyr learns of a connection beyond its
# class (the Java class of a JDBC connection, the driver vendor of an ADBC
# one, with_dialect()'s choice) decides, and its dialect objects stand for
# connections.
skip_unless_dbplyr_dialects <- function() {
  skip_if_not_installed("dbplyr")
  skip_if_not("sql_dialect" %in% getNamespaceExports("dbplyr"), "dbplyr before 2.6 has no sql_dialect()")
}

test_that("a connection whose class says nothing speaks the dialect dbplyr gives it", {
  skip_unless_dbplyr_dialects()
  pg <- text_of(id_sql("twitter", dialect = "postgres"))
  unknown <- dbplyr::simulate_dbi("SomeConnection")
  expect_error(id_sql("twitter", dialect = unknown), class = "zuid_error_type", regexp = "<SomeConnection>")
  expect_identical(text_of(id_sql("twitter", dialect = dbplyr::with_dialect(unknown, dbplyr::dialect_postgres()))),
                   pg)
  expect_error(id_sql("twitter", dialect = dbplyr::with_dialect(unknown, dbplyr::dialect_redshift())),
               class = "zuid_error_dialect", regexp = "Amazon Redshift")
  # dbplyr's generic ODBC dialect says nothing of the engine: odbc's class does.
  odbc_clickhouse <- dbplyr::simulate_dbi(c("ClickHouse", "OdbcConnection"))
  expect_identical(class(dbplyr::sql_dialect(odbc_clickhouse))[[1L]], "sql_dialect_odbc")
  expect_identical(text_of(id_sql("twitter", dialect = odbc_clickhouse)),
                   text_of(id_sql("twitter", dialect = "clickhouse")))
  # A dialect dbplyr knows and zuid does not.
  expect_error(id_sql("twitter", dialect = dbplyr::simulate_dbi(c("Snowflake", "OdbcConnection"))),
               class = "zuid_error_type", regexp = "<Snowflake>")
})

test_that("JDBC connections speak what their Java class says, as dbplyr reads it", {
  skip_unless_dbplyr_dialects()
  skip_if(package_installed("RJDBC"), "RJDBC defines JDBCConnection itself")
  where <- new.env()
  # RJDBC's connection holds the Java connection in `jc`; dbplyr asks it
  # for its class name.
  methods::setClass("JDBCConnection", contains = "DBIConnection", slots = c(jc = "environment"), where = where)
  on.exit(methods::removeClass("JDBCConnection", where = where))
  jdbc <- function(java_class) {
    jc <- new.env()
    jc$getClass <- function() list(getName = function() java_class)
    methods::new("JDBCConnection", jc = jc)
  }
  # DBI's quotes for a driver of any engine are ANSI double quotes, a string
  # to MySQL: zuid quotes by the dialect's rules.
  expect_identical(as.character(DBI::dbQuoteIdentifier(jdbc("org.mariadb.jdbc.Connection"), "id")), "\"id\"")
  expect_identical(text_of(id_sql("discord", dialect = jdbc("org.mariadb.jdbc.Connection"))),
                   text_of(id_sql("discord", dialect = "mysql")))
  expect_identical(text_of(id_sql("discord", dialect = jdbc("org.postgresql.jdbc.PgConnection"))),
                   text_of(id_sql("discord", dialect = "postgres")))
  expect_error(id_sql("discord", dialect = jdbc("com.amazon.redshift.core.jdbc42.RedshiftConnectionImpl")),
               class = "zuid_error_dialect", regexp = "<JDBCConnection>")
  expect_error(id_sql("discord", dialect = jdbc("oracle.jdbc.driver.T4CConnection")), class = "zuid_error_type",
               regexp = "<JDBCConnection>, whose SQL dialect zuid does not know")
})

test_that("ADBC connections speak what their driver's vendor says, as dbplyr reads it", {
  skip_unless_dbplyr_dialects()
  skip_if(package_installed("adbi"), "adbi defines AdbiConnection itself")
  skip_if_not(exists("adbc_vendor_name", asNamespace("dbplyr")), "this dbplyr asks ADBC drivers otherwise")
  where <- new.env()
  methods::setClass("AdbiConnection", contains = "DBIConnection", where = where)
  on.exit(methods::removeClass("AdbiConnection", where = where))
  adbi <- methods::new("AdbiConnection")
  # The vendor name comes from adbcdrivermanager (not packaged in Debian):
  # here, from a stand-in for the driver's answer.
  vendor <- "PostgreSQL"
  local_mocked_bindings(adbc_vendor_name = function(con) vendor, .package = "dbplyr")
  expect_identical(text_of(id_sql("tid", dialect = adbi)), text_of(id_sql("tid", dialect = "postgres")))
  vendor <- "SQLite"
  expect_identical(text_of(id_sql("tid", dialect = adbi)), text_of(id_sql("tid", dialect = "sqlite")))
  vendor <- "Amazon Redshift"
  expect_error(id_sql("tid", dialect = adbi), class = "zuid_error_dialect", regexp = "<AdbiConnection>")
  # A driver that cannot be asked leaves the class, which says nothing.
  local_mocked_bindings(adbc_vendor_name = function(con) stop("no driver"), .package = "dbplyr")
  expect_error(id_sql("tid", dialect = adbi), class = "zuid_error_type", regexp = "<AdbiConnection>")
})

test_that("dbplyr's dialect objects stand for connections: SQL, and lazy frames for show_query()", {
  skip_unless_dbplyr_dialects()
  expect_identical(text_of(id_sql("discord", dialect = dbplyr::dialect_mariadb())),
                   text_of(id_sql("discord", dialect = "mysql")))
  expect_identical(text_of(id_sql("discord", dialect = dbplyr::dialect_spark_sql())),
                   text_of(id_sql("discord", dialect = "spark")))
  # No database behind it: nothing to write into or run on.
  expect_error(id_write_table(dbplyr::dialect_sqlite(), "t", data.frame(id = as_zuid_id("5"))),
               class = "zuid_error_type", regexp = "`con` must be a DBI connection")
  lazy <- dbplyr::lazy_frame(id = 1, n = 2, con = dbplyr::dialect_postgres())
  from <- as.Date("2020-01-01")
  sql <- as.character(dbplyr::sql_render(id_filter_time(lazy, id, from, layout = "twitter")))
  expect_match(sql, sprintf("WHERE (\"id\" >= %s)", id_from_time(from, "twitter")), fixed = TRUE)
  # A column made in the pipeline is read from a subquery, in the dialect.
  renamed <- id_add_fields(dplyr::rename(lazy, x = id), x, "twitter")
  sql <- as.character(dbplyr::sql_render(renamed))
  expect_match(sql, "CAST((\"x\" & 4095) AS INTEGER) END AS \"sequence\"", fixed = TRUE)
  expect_match(sql, "FROM \\(\\s*SELECT \"id\" AS \"x\", \"n\"")
})
