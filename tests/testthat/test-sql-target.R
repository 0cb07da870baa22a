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
