# Runs SQL against real engines for the id_sql() tests. Every engine gets
# the same table `ids` (layout text, id bigint) and a set of named queries,
# and returns each query's result with every value as text. An engine that
# cannot be found makes its tests skip, saying why; `make test` installs
# and starts all four.

engine_names <- c("sqlite", "postgres", "duckdb", "spark")

engine_available <- function(engine) {
  switch(engine,
    sqlite = requireNamespace("DBI", quietly = TRUE) && requireNamespace("RSQLite", quietly = TRUE),
    postgres = requireNamespace("RPostgreSQL", quietly = TRUE) && nzchar(Sys.getenv("ZUID_TEST_PG_HOST")),
    duckdb = nzchar(Sys.getenv("ZUID_TEST_DUCKDB")) && file.exists(Sys.getenv("ZUID_TEST_DUCKDB")),
    spark = nzchar(Sys.getenv("ZUID_TEST_SPARK_PYTHON")) && file.exists(Sys.getenv("ZUID_TEST_SPARK_PYTHON"))
  )
}

skip_unless_engine <- function(engine) {
  hint <- switch(engine,
    sqlite = "the R packages DBI and RSQLite",
    postgres = "RPostgreSQL and a server named by ZUID_TEST_PG_HOST/ZUID_TEST_PG_PORT (make test starts one)",
    duckdb = "the duckdb program named by ZUID_TEST_DUCKDB (make test installs it)",
    spark = "a Python with pyspark named by ZUID_TEST_SPARK_PYTHON (make test installs it)"
  )
  if (!engine_available(engine)) skip(sprintf("%s not found: needs %s", engine, hint))
}

# The engine's text form of a bigint column, and its time as milliseconds.
sql_text <- function(expr, engine) {
  sprintf(switch(engine, spark = "CAST(%s AS STRING)", postgres = "CAST(%s AS TEXT)",
                 sqlite = "CAST(%s AS TEXT)", duckdb = "CAST(%s AS VARCHAR)"), expr)
}

sql_millis <- function(expr, engine) {
  switch(engine,
    postgres = sprintf("CAST(EXTRACT(EPOCH FROM %s) * 1000 AS BIGINT)", expr),
    duckdb = sprintf("epoch_ms(%s)", expr),
    spark = sprintf("unix_millis(%s)", expr),
    sqlite = expr # text, compared as text
  )
}

run_engine <- function(engine, ids, queries) {
  switch(engine,
    sqlite = run_dbi(DBI::dbConnect(RSQLite::SQLite(), ":memory:", bigint = "character"), "INTEGER", ids, queries),
    postgres = run_dbi(DBI::dbConnect(RPostgreSQL::PostgreSQL(), host = Sys.getenv("ZUID_TEST_PG_HOST"),
                                      port = as.integer(Sys.getenv("ZUID_TEST_PG_PORT")),
                                      user = "postgres", dbname = "postgres"), "BIGINT", ids, queries),
    duckdb = run_cli_duckdb(ids, queries),
    spark = run_spark(ids, queries)
  )
}

run_dbi <- function(con, bigint, ids, queries) {
  on.exit(DBI::dbDisconnect(con))
  DBI::dbExecute(con, "DROP TABLE IF EXISTS ids")
  DBI::dbExecute(con, sprintf("CREATE TABLE ids (layout TEXT, id %s)", bigint))
  # Plain INSERTs of our own values, 500 rows at a time, work alike in
  # every driver.
  rows <- sprintf("('%s', %s)", ids$layout, ids$id)
  for (chunk in split(rows, ceiling(seq_along(rows) / 500))) {
    DBI::dbExecute(con, paste("INSERT INTO ids (layout, id) VALUES", paste(chunk, collapse = ", ")))
  }
  lapply(queries, function(q) {
    out <- DBI::dbGetQuery(con, q)
    out[] <- lapply(out, function(col) {
      text <- if (is.character(col)) col else formatC(col, format = "f", digits = 0, big.mark = "")
      ifelse(is.na(col), NA_character_, text)
    })
    out
  })
}

read_results <- function(dir, queries) {
  lapply(stats::setNames(names(queries), names(queries)), function(name) {
    utils::read.csv(file.path(dir, paste0(name, ".csv")), colClasses = "character",
                    na.strings = c("NA", ""))
  })
}

run_cli_duckdb <- function(ids, queries) {
  dir <- tempfile("duckdb")
  dir.create(dir)
  on.exit(unlink(dir, recursive = TRUE))
  utils::write.csv(ids, file.path(dir, "ids.csv"), row.names = FALSE)
  script <- c(
    sprintf("CREATE TABLE ids AS SELECT layout, CAST(id AS BIGINT) AS id FROM read_csv('%s', header = true, all_varchar = true);",
            file.path(dir, "ids.csv")),
    sprintf("COPY (%s) TO '%s' (HEADER, DELIMITER ',');", queries, file.path(dir, paste0(names(queries), ".csv")))
  )
  writeLines(script, file.path(dir, "script.sql"))
  status <- system2(Sys.getenv("ZUID_TEST_DUCKDB"), c(":memory:", "-f", shQuote(file.path(dir, "script.sql"))),
                    stdout = TRUE, stderr = TRUE)
  if (!is.null(attr(status, "status"))) stop("duckdb failed: ", paste(status, collapse = "\n"))
  read_results(dir, queries)
}

run_spark <- function(ids, queries) {
  dir <- tempfile("spark")
  dir.create(file.path(dir, "queries"), recursive = TRUE)
  dir.create(file.path(dir, "out"))
  dir.create(file.path(dir, "tmp"))
  on.exit(unlink(dir, recursive = TRUE))
  utils::write.csv(ids, file.path(dir, "ids.csv"), row.names = FALSE)
  for (name in names(queries)) writeLines(queries[[name]], file.path(dir, "queries", paste0(name, ".sql")))
  script <- normalizePath(test_path("spark-query.py"))
  tmp <- file.path(dir, "tmp")
  # Spark's scratch files, JVM files and warehouse stay inside `dir`.
  env <- c(sprintf("TMPDIR=%s", tmp), sprintf("SPARK_LOCAL_DIRS=%s", tmp),
           sprintf("JAVA_TOOL_OPTIONS='-Djava.io.tmpdir=%s -XX:-UsePerfData'", tmp))
  owd <- setwd(dir)
  on.exit(setwd(owd), add = TRUE, after = FALSE)
  out <- system2(Sys.getenv("ZUID_TEST_SPARK_PYTHON"),
                 c(shQuote(script), shQuote(file.path(dir, "ids.csv")),
                   shQuote(file.path(dir, "queries")), shQuote(file.path(dir, "out"))),
                 env = env, stdout = TRUE, stderr = TRUE)
  if (!is.null(attr(out, "status"))) stop("spark failed: ", paste(utils::tail(out, 30), collapse = "\n"))
  read_results(file.path(dir, "out"), queries)
}
