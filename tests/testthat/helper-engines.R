# Runs SQL against real engines for the id_sql() tests and the verbs'
# database tests. A test describes tables (column types by kind:
# "integer", "unsigned", "decimal" and "text" ID columns, "int" for 32-bit
# integers; and a data frame of their values as text) and a list of
# statements in order; every engine creates the tables, runs the
# statements, and returns each query's rows with every value as text.
# SQLite, PostgreSQL and MySQL/MariaDB are reached through DBI; DuckDB (its
# command-line program), Spark and ClickHouse (chdb) through programs that
# run the whole list at once. An engine that cannot be found makes its tests
# skip, saying why; `make test` installs and starts all six.

# The SQL of each engine is zuid's own dialect table (R/sql-dialects.R);
# here is only how the tests reach each engine: whether it is there, how
# to connect (DBI) or which program runs a list of statements, how a CSV
# file gets into a table (`load_csv`, with NULL written as `csv_null`), how
# the program writes NULL in its results (`out_null`), and what the engine
# (as these tests use it) cannot do. An engine is named for its dialect,
# unless it is another driver of one (`dialect`): RMariaDB beside RMySQL.
engine_dialect <- function(engine) {
  dialect <- engines[[engine]]$dialect
  if (is.null(dialect)) engine else dialect
}

dialect_of <- function(engine) zuid:::sql_dialects[[engine_dialect(engine)]]

# SQL that zuid wrote, as text: dbplyr's sql() when dbplyr is installed.
text_of <- function(x) if (is.list(x)) vapply(x, as.character, "") else as.character(x)

program_exists <- function(var) nzchar(Sys.getenv(var)) && file.exists(Sys.getenv(var))

# Whether a package that Debian 12 lacks (RMariaDB, RPostgres, arrow) is
# installed. DESCRIPTION suggests only what Debian 12 has, so such packages
# are named through this function and reached with getExportedValue(), not
# `::`, which R CMD check would count as undeclared dependencies.
package_installed <- function(package) requireNamespace(package, quietly = TRUE)

engines <- list(
  sqlite = list(
    available = function() requireNamespace("DBI", quietly = TRUE) && requireNamespace("RSQLite", quietly = TRUE),
    needs = "the R packages DBI and RSQLite",
    connect = function() DBI::dbConnect(RSQLite::SQLite(), ":memory:")
  ),
  postgres = list(
    available = function() requireNamespace("RPostgreSQL", quietly = TRUE) && nzchar(Sys.getenv("ZUID_TEST_PG_HOST")),
    needs = "RPostgreSQL and a server named by ZUID_TEST_PG_HOST/ZUID_TEST_PG_PORT (make test starts one)",
    connect = function() {
      con <- DBI::dbConnect(RPostgreSQL::PostgreSQL(), host = Sys.getenv("ZUID_TEST_PG_HOST"),
                            port = as.integer(Sys.getenv("ZUID_TEST_PG_PORT")),
                            user = "postgres", dbname = "postgres")
      # No NOTICE for each DROP TABLE IF EXISTS of a table not there yet.
      DBI::dbExecute(con, "SET client_min_messages = warning")
      con
    },
    # RPostgreSQL reads timestamps as text with four-digit years, so later
    # ones (Mastodon's 48 bits of milliseconds reach the year 10889) come
    # back NA, although PostgreSQL holds them (the SQL tests read them there
    # as milliseconds).
    driver_time_range = c(-Inf, 253402300800000)
  ),
  # The same server through RPostgres, which reads BIGINT as integer64
  # (its `bigint = "integer64"`, the default) and names its connections
  # PqConnection; Debian packages no RPostgres, so this runs where it was
  # installed by hand.
  rpostgres = list(
    dialect = "postgres",
    available = function() package_installed("RPostgres") && nzchar(Sys.getenv("ZUID_TEST_PG_HOST")),
    needs = "RPostgres (not packaged in Debian) and a server named by ZUID_TEST_PG_HOST/ZUID_TEST_PG_PORT",
    connect = function() {
      con <- DBI::dbConnect(getExportedValue("RPostgres", "Postgres")(), host = Sys.getenv("ZUID_TEST_PG_HOST"),
                            port = as.integer(Sys.getenv("ZUID_TEST_PG_PORT")), user = "postgres",
                            dbname = "postgres")
      DBI::dbExecute(con, "SET client_min_messages = warning")
      con
    }
  ),
  duckdb = list(
    available = function() program_exists("ZUID_TEST_DUCKDB"),
    needs = "the duckdb program named by ZUID_TEST_DUCKDB (make test installs it)",
    load_csv = function(name, columns, csv, data, q, table) {
      c(sprintf("CREATE TABLE %s (%s)", name, columns),
        sprintf("INSERT INTO %s SELECT * FROM read_csv('%s', header = true, all_varchar = true)", name, csv))
    },
    run = function(steps, files, dir, out) run_duckdb(steps, files, dir, out),
    csv_null = "",
    out_null = ""
  ),
  spark = list(
    available = function() program_exists("ZUID_TEST_SPARK_PYTHON"),
    needs = "a Python with pyspark named by ZUID_TEST_SPARK_PYTHON (make test installs it)",
    load_csv = function(name, columns, csv, data, q, table) {
      raw <- q(paste0(table$name, "_csv"))
      casts <- sprintf("CAST(`c%d` AS %s) AS %s", seq_along(table$types),
                       vapply(table$types, engine_type, "", engine = "spark"), q(names(table$types)))
      c(sprintf("CREATE TEMPORARY VIEW %s USING csv OPTIONS (path '%s', header 'true')", raw, csv),
        sprintf("CREATE TEMPORARY VIEW %s AS SELECT %s FROM %s", name, paste(casts, collapse = ", "), raw))
    },
    run = function(steps, files, dir, out) {
      run_python("ZUID_TEST_SPARK_PYTHON", "spark-query.py", c(file.path(dir, "plan"), out), dir)
    },
    csv_null = "",
    out_null = "NA",
    # Its tables here are temporary views, which take no DELETE.
    deletes = FALSE
  ),
  mysql = list(
    available = function() requireNamespace("RMySQL", quietly = TRUE) && program_exists("ZUID_TEST_MYSQL_SOCKET"),
    needs = "RMySQL and a MariaDB server on the socket ZUID_TEST_MYSQL_SOCKET (make test starts one)",
    connect = function() mysql_connect(RMySQL::MySQL()),
    # MySQL takes no characters beyond Unicode's first plane in names.
    astral_names = FALSE
  ),
  # The same server through RMariaDB (Debian's sid has it, Debian 12 not),
  # which reads BIGINT as integer64, DECIMAL as doubles and DATETIME as
  # POSIXct, where RMySQL reads doubles, doubles and text.
  mariadb = list(
    dialect = "mysql",
    available = function() package_installed("RMariaDB") && program_exists("ZUID_TEST_MYSQL_SOCKET"),
    needs = "RMariaDB and a MariaDB server on the socket ZUID_TEST_MYSQL_SOCKET (make test starts one)",
    connect = function() mysql_connect(getExportedValue("RMariaDB", "MariaDB")()),
    astral_names = FALSE
  ),
  clickhouse = list(
    available = function() program_exists("ZUID_TEST_CLICKHOUSE_PYTHON"),
    needs = "a Python with chdb named by ZUID_TEST_CLICKHOUSE_PYTHON (make test installs it)",
    load_csv = function(name, columns, csv, data, q, table) {
      c(sprintf("CREATE TABLE %s (%s) ENGINE = MergeTree ORDER BY tuple()", name, columns),
        sprintf("INSERT INTO %s SELECT * FROM file('%s', 'CSVWithNames', '%s')", name, csv,
                paste(names(data), "Nullable(String)", collapse = ", ")))
    },
    run = function(steps, files, dir, out) {
      run_python("ZUID_TEST_CLICKHOUSE_PYTHON", "clickhouse-query.py",
                 c(file.path(dir, "plan"), out, file.path(dir, "session")), dir)
    },
    csv_null = "\\N",
    out_null = "\\N"
  )
)

# A connection to the tests' database on the MariaDB server, through the
# driver `drv` (RMySQL's or RMariaDB's).
mysql_connect <- function(drv) {
  con <- DBI::dbConnect(drv, unix.socket = Sys.getenv("ZUID_TEST_MYSQL_SOCKET"), user = "root", password = "")
  # Text of any character, as the other engines hold it.
  DBI::dbExecute(con, "CREATE DATABASE IF NOT EXISTS zuid_test CHARACTER SET utf8mb4")
  DBI::dbExecute(con, "ALTER DATABASE zuid_test CHARACTER SET utf8mb4")
  DBI::dbExecute(con, "USE zuid_test")
  con
}

engine_names <- names(engines)
# The engines reached through DBI, which need no program.
dbi_engines <- engine_names[vapply(engines, function(e) !is.null(e$connect), logical(1))]

# ZUID_TEST_ONLY_ENGINES (names, comma-separated) limits the engines to
# those: make test's second pass on R-release runs the tests of the
# drivers that R CMD check cannot see (see tools/check.sh) on them alone.
engine_listed <- function(engine) {
  only <- Sys.getenv("ZUID_TEST_ONLY_ENGINES")
  !nzchar(only) || engine %in% strsplit(only, ",", fixed = TRUE)[[1L]]
}

engine_available <- function(engine) engine_listed(engine) && engines[[engine]]$available()

skip_unless_engine <- function(engine) {
  if (!engine_listed(engine)) skip(sprintf("%s left to R CMD check (ZUID_TEST_ONLY_ENGINES)", engine))
  if (!engine_available(engine)) skip(sprintf("%s not found: needs %s", engine, engines[[engine]]$needs))
}

# DBI connections -----------------------------------------------------------

engine_connect <- function(engine) engines[[engine]]$connect()

# dbplyr 2.3.0 warns (once in 8 hours) that RPostgreSQL uses its old
# interface, and RMySQL that it reads the decimal and timestamp columns of
# the tests' tables as doubles or text (which the tests do not read);
# everything works, and the warnings are not about zuid.
quietly_dbplyr <- function(expr) {
  withCallingHandlers(expr, warning = function(w) {
    if (grepl(paste0("old dbplyr interface|^Decimal MySQL column [0-9]+ imported as numeric$|",
                     "^unrecognized MySQL field type [0-9]+ in column [0-9]+ imported as character$"),
              conditionMessage(w))) {
      invokeRestart("muffleWarning")
    }
  })
}

# SQL of the engines ---------------------------------------------------------

quote_name <- function(name, engine) zuid:::quote_with(name, dialect_of(engine)$quote)

# "uuid": the engine's UUID type, for 128-bit IDs (NA where it has none);
# "long_text": text of up to 100 characters (TypeIDs with long prefixes).
engine_type <- function(type, engine) {
  if (type == "uuid") return(zuid:::wide_dialect(engine_dialect(engine))$uuid_type)
  if (type == "long_text") return(sub("\\(\\d+\\)$", "(100)", dialect_of(engine)$types[["text"]]))
  dialect_of(engine)$types[[type]]
}

# The engine's text form of an expression, and a timestamp's milliseconds
# since 1970 (SQLite's time is those milliseconds already).
sql_text <- function(expr, engine) dialect_of(engine)$to_text(expr)

sql_millis <- function(expr, engine) dialect_of(engine)$to_ms(expr)

# Where each engine's time is NULL although id_fields() has one: MySQL's
# DATETIME ends with 9999; zuid keeps ClickHouse's DateTime64 to 1900-2299.
engine_time_range <- function(engine) dialect_of(engine)$time_range

# The times that a DBI driver reads, where they are fewer (RPostgreSQL's).
driver_time_range <- function(engine) {
  range <- engines[[engine]]$driver_time_range
  if (is.null(range)) engine_time_range(engine) else range
}

# Tables -----------------------------------------------------------------------

# A table: its name, its columns' types by name, and its rows as text (NA
# for NULL).
engine_table <- function(name, types, data) {
  stopifnot(identical(names(types), names(data)))
  list(name = name, types = types, data = data)
}

# Statements that create and fill a table. DBI engines get INSERTs; the
# programs read a CSV file with plain column names c1, c2, ... (so that
# only the CREATE statements, quoted by the engine's rules, carry the real
# names).
table_statements <- function(table, engine, dir) {
  q <- function(x) quote_name(x, engine)
  name <- q(table$name)
  columns <- paste(q(names(table$types)), vapply(table$types, engine_type, "", engine = engine),
                   collapse = ", ")
  if (engine %in% dbi_engines) {
    return(c(sprintf("DROP TABLE IF EXISTS %s", name),
             sprintf("CREATE TABLE %s (%s)", name, columns),
             insert_statements(table, name, q)))
  }
  csv <- file.path(dir, paste0("table-", length(list.files(dir, "^table-")) + 1L, ".csv"))
  data <- stats::setNames(table$data, paste0("c", seq_along(table$data)))
  utils::write.csv(data, csv, row.names = FALSE, na = engines[[engine]]$csv_null)
  engines[[engine]]$load_csv(name, columns, csv, data, q, table)
}

insert_statements <- function(table, name, q) {
  values <- Map(function(x, type) {
    quoted <- type %in% c("text", "long_text", "uuid")
    if (quoted) ifelse(is.na(x), "NULL", sprintf("'%s'", gsub("'", "''", x, fixed = TRUE)))
    else ifelse(is.na(x), "NULL", x)
  }, table$data, table$types)
  rows <- do.call(paste, c(unname(values), sep = ", "))
  chunks <- split(rows, ceiling(seq_along(rows) / 500))
  vapply(chunks, function(chunk) {
    sprintf("INSERT INTO %s (%s) VALUES %s", name, paste(q(names(table$types)), collapse = ", "),
            paste0("(", chunk, ")", collapse = ", "))
  }, character(1), USE.NAMES = FALSE)
}

# Running ----------------------------------------------------------------------

# A statement: a query (its rows come back) or one that is only executed.
query <- function(sql) list(sql = sql, kind = "query")
execute <- function(sql) list(sql = sql, kind = "execute")

# Creates `tables` and runs `statements` (a named list of query() and
# execute()) in order; returns the queries' results by name, every value as
# text and NA for NULL.
run_engine <- function(engine, tables, statements) {
  dir <- tempfile(paste0("zuid-", engine))
  dir.create(dir)
  on.exit(unlink(dir, recursive = TRUE))
  setup <- unlist(lapply(tables, table_statements, engine = engine, dir = dir))
  steps <- c(lapply(setup, execute), statements)
  names(steps) <- c(rep("", length(setup)), names(statements))
  results <- if (engine %in% dbi_engines) run_dbi(engine, steps) else run_program(engine, steps, dir)
  results[names(statements)[vapply(statements, function(s) s$kind == "query", logical(1))]]
}

run_dbi <- function(engine, steps) {
  con <- engine_connect(engine)
  on.exit(DBI::dbDisconnect(con))
  out <- list()
  for (i in seq_along(steps)) {
    if (steps[[i]]$kind == "execute") {
      DBI::dbExecute(con, steps[[i]]$sql)
    } else {
      out[[names(steps)[[i]]]] <- as_text_frame(DBI::dbGetQuery(con, steps[[i]]$sql))
    }
  }
  out
}

as_text_frame <- function(df) {
  df[] <- lapply(df, function(col) {
    text <- if (is.character(col)) col else if (inherits(col, "integer64")) as.character(col) else
      formatC(col, format = "f", digits = 0, big.mark = "")
    ifelse(is.na(col), NA_character_, text)
  })
  df
}

# The programs run the steps as files <nnn>-<kind>.sql and write each
# query's rows to <nnn>.csv.
run_program <- function(engine, steps, dir) {
  plan <- file.path(dir, "plan")
  out <- file.path(dir, "out")
  dir.create(plan)
  dir.create(out)
  files <- sprintf("%04d", seq_along(steps))
  for (i in seq_along(steps)) {
    writeLines(enc2utf8(steps[[i]]$sql), file.path(plan, sprintf("%s-%s.sql", files[[i]], steps[[i]]$kind)),
               useBytes = TRUE)
  }
  engines[[engine]]$run(steps, files, dir, out)
  queries <- which(vapply(steps, function(s) s$kind == "query", logical(1)))
  na <- engines[[engine]]$out_null
  results <- lapply(queries, function(i) {
    utils::read.csv(file.path(out, paste0(files[[i]], ".csv")), colClasses = "character",
                    na.strings = na, check.names = FALSE, encoding = "UTF-8")
  })
  stats::setNames(results, names(steps)[queries])
}

run_duckdb <- function(steps, files, dir, out) {
  script <- vapply(seq_along(steps), function(i) {
    if (steps[[i]]$kind == "execute") return(paste0(steps[[i]]$sql, ";"))
    sprintf("COPY (%s) TO '%s' (HEADER, DELIMITER ',');", steps[[i]]$sql,
            file.path(out, paste0(files[[i]], ".csv")))
  }, character(1))
  writeLines(enc2utf8(script), file.path(dir, "script.sql"), useBytes = TRUE)
  status <- system2(Sys.getenv("ZUID_TEST_DUCKDB"), c(":memory:", "-bail", "-f", shQuote(file.path(dir, "script.sql"))),
                    stdout = TRUE, stderr = TRUE)
  if (!is.null(attr(status, "status"))) stop("duckdb failed: ", paste(status, collapse = "\n"))
}

run_python <- function(var, script, args, dir) {
  tmp <- file.path(dir, "tmp")
  dir.create(tmp)
  # Scratch files, JVM files and Spark's warehouse stay inside `dir`.
  env <- c(sprintf("TMPDIR=%s", tmp), sprintf("SPARK_LOCAL_DIRS=%s", tmp),
           sprintf("JAVA_TOOL_OPTIONS='-Djava.io.tmpdir=%s -XX:-UsePerfData'", tmp))
  script <- normalizePath(test_path(script))
  owd <- setwd(dir)
  on.exit(setwd(owd))
  out <- system2(Sys.getenv(var), c(shQuote(script), shQuote(args)),
                 env = env, stdout = TRUE, stderr = TRUE)
  if (!is.null(attr(out, "status"))) {
    stop(script, " failed: ", paste(utils::tail(out, 30), collapse = "\n"))
  }
}

# Lazy tables for the programs -------------------------------------------------

# DuckDB, Spark and ClickHouse have no DBI driver here. The verbs reach them
# through dbplyr's simulated connection with the class of the engine's real
# driver (which gives the dialect), whose one query before rendering, the
# ID column's type name, is answered with the type the table was created
# with; the SQL that dbplyr renders then runs on the real engine.
stub_connection <- function(engine, type_name) {
  # The first connection class of the engine's dialect: its driver's own.
  con <- dbplyr::simulate_dbi(c(dialect_of(engine)$connections[[1L]], "zuid_stub_connection"))
  attr(con, "zuid_type_name") <- type_name
  con
}

register_stub_methods <- local({
  done <- FALSE
  function() {
    if (done) return(invisible())
    dbplyr_ns <- asNamespace("dbplyr")
    registerS3method("db_collect", "zuid_stub_connection", function(con, sql, ...) {
      data.frame(zuid_type = attr(con, "zuid_type_name"))
    }, envir = dbplyr_ns)
    # dbplyr quotes names of simulated connections with backticks, which
    # DuckDB does not read; its driver quotes with double quotes.
    registerS3method("sql_escape_ident", "duckdb_connection", function(con, x) {
      dbplyr::sql(quote_name(x, "duckdb"))
    }, envir = dbplyr_ns)
    done <<- TRUE
  }
})

stub_table <- function(engine, table, id_type) {
  register_stub_methods()
  con <- stub_connection(engine, engine_type(id_type, engine))
  dplyr::tbl(con, table$name, vars = names(table$types))
}

# The SQL of a lazy table, as the engine runs it.
render_sql <- function(lazy) as.character(dbplyr::sql_render(lazy))

# Cases ------------------------------------------------------------------------

# Per layout: random IDs over its whole range (IDs of 2^63 and more where
# the layout has no sign bit), IDs over one day two days after its epoch,
# the first and last IDs of the ticks at and around the ranges' ends, NULLs,
# and, where the layout has a sign bit, IDs it cannot hold. All as
# integer64 read as unsigned (NA for NULL), with the ranges the tests ask
# about.
engine_cases <- local({
  cases <- NULL
  function() {
    if (!is.null(cases)) return(cases)
    set.seed(99)
    layouts <- all_layouts()
    ranges <- lapply(layouts, layout_ranges)
    ids <- Map(function(layout, ranges) {
      x <- c(random_layout_ids(layout, 1500), day_ids(layout, 1500), edge_ids(layout, ranges),
             bit64::as.integer64(rep(NA, 3)), invalid_ids(layout))
      x[sample.int(length(x))]
    }, layouts, ranges)
    cases <<- list(layouts = layouts, ids = ids, ranges = ranges)
    cases
  }
})

random_layout_ids <- function(layout, n) {
  ids <- random_ids(n, top_bit = !"sign" %in% layout$kinds)
  if (identical(layout$name, "scru64")) ids <- ids %/% bit64::as.integer64(2)
  ids
}

# Two days after tick 0 (unit_seconds() and first_ms() are in helper-ids.R).
day_start <- function(layout) (first_ms(layout) + 2 * 86400000) / 1000

at <- function(s) as.POSIXct(s, origin = "1970-01-01", tz = "UTC")

# Ranges within the day: ends inside ticks, ends on tick starts; and with
# open ends: to the layout's end (reaching IDs of 2^63 and more where there
# is no sign bit), from its epoch, and the whole layout.
layout_ranges <- function(layout) {
  start <- day_start(layout)
  unit <- unit_seconds(layout)
  on_tick <- function(s) at(ceiling(s / unit) * unit)
  list(
    inside_ticks = list(from = at(start + 0.3 * 86400 + 0.3 * unit), to = at(start + 0.7 * 86400 + 0.6 * unit)),
    on_ticks = list(from = on_tick(start + 3 * 3600), to = on_tick(start + 9 * 3600)),
    open_to = list(from = at(start + 0.5 * 86400 + 0.5 * unit), to = NULL),
    open_from = list(from = NULL, to = on_tick(start + 0.25 * 86400)),
    open = list(from = NULL, to = NULL)
  )
}

day_ids <- function(layout, n) {
  times <- at(day_start(layout) + stats::runif(n, 0, 86400))
  nodes <- names(layout$bits)[layout$kinds == "node"]
  values <- lapply(nodes, function(f) floor(stats::runif(n, 0, 2^min(layout$bits[[f]], 20))))
  seq_max <- 2^min(layout$bits[["sequence"]], 20)
  args <- c(list(times, layout), stats::setNames(values, nodes),
            list(sequence = floor(stats::runif(n, 0, seq_max)), as = "integer64"))
  do.call(id_compose, args)
}

# The first and last IDs of the tick at each finite range end and of the
# tick before it.
edge_ids <- function(layout, ranges) {
  ends <- unlist(lapply(ranges, function(r) c(r$from, r$to)))
  ends <- at(unique(ends[ends > day_start(layout)]))
  unit <- unit_seconds(layout)
  ticks <- c(ends, at(as.numeric(ends) - unit))
  c(id_from_time(ticks, layout, as = "integer64"), id_from_time(ticks, layout, side = "max", as = "integer64"))
}

# IDs that the layout cannot hold: the sign bit set, and for SCRU64 36^12
# and more.
invalid_ids <- function(layout) {
  if (!"sign" %in% layout$kinds) return(bit64::integer64())
  out <- -bit64::as.integer64(c(1, 12345, 2)^c(1, 1, 40))
  if (identical(layout$name, "scru64")) out <- c(out, bit64::as.integer64("4738381338321616896") + c(0, 99))
  out
}

# The ID columns of the table `ids` by kind, and the kinds each engine has.
kind_columns <- c(integer = "id", unsigned = "uid", decimal = "did", text = "tid")

engine_kinds <- function(engine) {
  types <- dialect_of(engine)$types[names(kind_columns)]
  names(types)[!is.na(types)]
}

# The IDs as the table `ids` holds them: layout, row number, and the ID in
# a column of every kind the engine has: in a signed bigint its text,
# negative for 2^63 and more; in the others, decimal text.
ids_table <- function(cases, engine) {
  kinds <- engine_kinds(engine)
  data <- do.call(rbind, lapply(names(cases$layouts), function(name) {
    x <- cases$ids[[name]]
    text <- unsigned_decimal(x)
    text[is.na(x)] <- NA
    columns <- lapply(kinds, function(kind) if (kind == "integer") as.character(x) else text)
    data.frame(layout = name, stats::setNames(columns, kind_columns[kinds]))
  }))
  data <- cbind(data[1L], n = as.character(seq_len(nrow(data))), data[-1L])
  engine_table("ids", c(layout = "text", n = "int", stats::setNames(kinds, kind_columns[kinds])), data)
}

# The table's rows of a layout: their numbers and IDs.
layout_rows <- function(cases, name) {
  n <- 0L
  for (other in names(cases$layouts)) {
    if (other == name) break
    n <- n + length(cases$ids[[other]])
  }
  list(n = as.character(n + seq_along(cases$ids[[name]])), ids = cases$ids[[name]])
}

# id_fields() of the IDs, with time as whole milliseconds (floored, for
# microsecond ticks, as the engines' timestamps hold them), NA for invalid
# IDs.
expected_table <- function(ids, layout) {
  fields <- suppressWarnings(id_fields(ids, layout), classes = "zuid_warning_invalid")
  fields$time <- suppressWarnings(id_time(ids, layout, as = "ms"), classes = "zuid_warning_invalid")
  fields
}

# Which IDs were made in [from, to), by bit64 arithmetic on the IDs and
# ends floored to the layout's resolution (whole microseconds for
# microsecond ticks, else whole milliseconds), as the range's documentation
# says.
expected_in_range <- function(ids, layout, from, to) {
  valid <- !is.na(ids)
  if ("sign" %in% layout$kinds) valid <- valid & ids >= 0
  if (identical(layout$name, "scru64")) valid <- valid & ids < bit64::as.integer64("4738381338321616896")
  x <- ids
  x[!valid] <- bit64::as.integer64(0)
  per_second <- if (layout$unit == "us") 1e6 else 1000
  tick <- round(expected_fields(x, layout)$time * per_second)
  floor_count <- function(t) {
    s <- as.numeric(t)
    count <- round(s * per_second)
    if (s < count / per_second) count - 1 else count
  }
  keep <- valid
  if (!is.null(from)) keep <- keep & tick >= floor_count(from)
  if (!is.null(to)) keep <- keep & tick < floor_count(to)
  keep
}

# Results -----------------------------------------------------------------------

# A query's rows of one layout in the table's order of row numbers.
rows_by_n <- function(result, n) result[match(n, result$n), , drop = FALSE]

# Compares decoded rows (n, time in ms, fields) with id_fields().
expect_decoded <- function(got, rows, layout, engine, what, limits = engine_time_range(engine)) {
  expected <- expected_table(rows$ids, layout)
  got <- rows_by_n(got, rows$n)
  expect_false(anyNA(got$n), label = sprintf("%s: every row came back", what))
  in_range <- !is.na(expected$time) & expected$time >= limits[[1L]] & expected$time < limits[[2L]]
  expected$time[!in_range] <- NA
  expect_identical(as.numeric(got$time), expected$time, label = sprintf("%s time", what))
  for (col in setdiff(names(expected), "time")) {
    expect_identical(as.numeric(got[[col]]), as.numeric(expected[[col]]),
                     label = sprintf("%s %s", what, col))
  }
}

# Compares the row numbers a query selected with the exact range.
expect_selected <- function(got, rows, layout, range, what) {
  want <- rows$n[expected_in_range(rows$ids, layout, range$from, range$to)]
  expect_gt(length(want), 0)
  expect_setequal(got$n, want)
  expect_identical(anyDuplicated(got$n), 0L, label = sprintf("%s: no row twice", what))
}

# The statements that decode each layout's IDs (`cases`, as engine_cases()
# gives them) with id_sql() and select each of its ranges with
# id_sql_range(), on the ID column of every kind the engine has.
sql_statements <- function(cases, engine) {
  statements <- list()
  for (name in names(cases$layouts)) {
    layout <- cases$layouts[[name]]
    where <- sprintf("ids WHERE layout = '%s'", name)
    for (kind in engine_kinds(engine)) {
      column <- kind_columns[[kind]]
      sql <- id_sql(layout, column = column, dialect = engine_dialect(engine), type = kind)
      statements[[paste("decode", column, name)]] <- query(decode_select(sql, engine, where))
      selects <- vapply(names(cases$ranges[[name]]), function(r) {
        range <- cases$ranges[[name]][[r]]
        cond <- id_sql_range(range$from, range$to, layout, column = column, dialect = engine_dialect(engine),
                             type = kind)
        sprintf("SELECT '%s' AS r, n FROM %s AND (%s)", r, where, cond)
      }, character(1))
      statements[[paste("ranges", column, name)]] <- query(union_all(selects))
    }
  }
  statements
}

# One query of several SELECTs (one job for Spark instead of several), whose
# rows say which SELECT gave them in column `r`.
union_all <- function(selects) paste(selects, collapse = " UNION ALL ")

range_rows <- function(result, r) result[result$r == r, , drop = FALSE]

# A SELECT of n, the time as milliseconds and the other fields, from the
# decoding expressions or from a query that has them as columns.
decode_select <- function(sql, engine, from) {
  q <- function(x) quote_name(x, engine)
  cols <- c(sprintf("%s AS n", q("n")), sprintf("%s AS time", sql_millis(sql[["time"]], engine)),
            sprintf("%s AS %s", unlist(sql[-1L]), q(names(sql)[-1L])))
  sprintf("SELECT %s FROM %s", paste(cols, collapse = ", "), from)
}

# Milliseconds since 1970 of a time column as drivers return it: POSIXct,
# integer64 or numbers (SQLite's milliseconds), or text (RMySQL's DATETIME).
collected_ms <- function(x) {
  if (inherits(x, "POSIXct")) return(round(as.numeric(x) * 1000))
  if (inherits(x, "integer64")) return(as.numeric(x))
  if (is.character(x)) {
    return(round(as.numeric(as.POSIXct(x, format = "%Y-%m-%d %H:%M:%OS", tz = "UTC")) * 1000))
  }
  as.numeric(x)
}
