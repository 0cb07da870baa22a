# The verbs on dbplyr lazy tables: the table's connection, the table made
# safe for SQL that names its columns, and the kind of its ID column, from
# what the backend tells of it.

# The connection behind a lazy table, whose class must say its dialect.
lazy_connection <- function(.data, call) {
  con <- dbplyr::remote_con(.data)
  if (is.na(connection_dialect(con, call))) {
    zuid_abort(sprintf(paste(
      "`.data` is a table reached through a connection of class <%s>, whose SQL",
      "dialect zuid does not know (it knows %s). Decode with `id_sql(dialect = ...)`",
      "and `dplyr::mutate()` if the database speaks one of those."
    ), class(con)[[1L]], dialect_names_text()),
    class = "zuid_error_type", call = call)
  }
  con
}

# `.data` as a table in whose query every column is a column of the FROM
# clause, so that SQL naming a column, which dbplyr cannot read, finds it:
# a table as it is, and the result of anything else (rename(), select(),
# mutate(), joins, summarise(), which define columns in the SELECT that a
# WHERE or HAVING of the same query cannot name) as a subquery, with its
# groups.
lazy_source <- function(.data, con) {
  if (!is.null(dbplyr::remote_name(.data))) {
    return(.data)
  }
  groups <- dplyr::group_vars(.data)
  wrapped <- dplyr::tbl(lazy_tbl_source(con), dbplyr::sql(lazy_sql(.data)), vars = colnames(.data))
  if (length(groups) == 0L) {
    return(wrapped)
  }
  do.call(dplyr::group_by, c(list(wrapped), lapply(groups, as.name)))
}

lazy_sql <- function(.data) as.character(dbplyr::sql_render(.data))

# What dplyr::tbl() takes for a table of the connection: the connection,
# or for a dbplyr dialect object (lazy_frame(con = dialect_postgres()),
# dbplyr 2.6) a simulated connection that speaks it.
lazy_tbl_source <- function(con) {
  if (!is_dbplyr_dialect(con)) {
    return(con)
  }
  getExportedValue("dbplyr", "with_dialect")(dbplyr::simulate_dbi(), con)
}

# The kind of the ID column `id` of a lazy table, as id_sql() takes it for
# `layout`: a UUID or text column for a wide layout (tables-wide.R), else
# as below.
lazy_kind <- function(.data, id, layout, con, call) {
  if (is_wide_layout(layout)) lazy_wide_kind(.data, id, con, call) else lazy_id_kind(.data, id, con, call)
}

# The kind of the ID column `id` of a lazy table (see sql-types.R): the
# engine's name for the type of one of its values that is not NULL (the
# type of a value, since an SQLite column holds any type; MySQL has no
# such function), else the driver's type for the column of a query of no
# rows, else the class R reads it as. Each query reads the table as a
# subquery, so that aliases and aggregates are columns there.
lazy_id_kind <- function(.data, id, con, call) {
  if (is_simulated_connection(con)) {
    # dbplyr's simulated connections (for show_query()) hold no data: their
    # ID columns are taken as integers, unless a test double answers.
    return(tryCatch(lazy_id_kind_queried(.data, id, con, call), zuid_error = function(e) stop(e),
                    error = function(e) "integer"))
  }
  lazy_id_kind_queried(.data, id, con, call)
}

lazy_id_kind_queried <- function(.data, id, con, call) {
  target <- sql_target(con, call)
  quoted <- sql_column(id, target, call)
  from <- sprintf("(%s) AS zuid_q", lazy_sql(.data))
  type <- lazy_value_type(quoted, from, con, target$dialect) %||% lazy_driver_type(quoted, from, con)
  if (is.null(type)) {
    return(lazy_r_kind(.data, id, call))
  }
  kind <- kind_of_type_name(type, target$dialect)
  if (is.na(kind)) {
    type <- lazy_declared_type(quoted, from, con, target$dialect) %||% type
    kind <- kind_of_type_name(type, target$dialect)
  }
  if (is.na(kind)) {
    abort_id_type(sprintf("the type %s", encodeString(type, quote = "\"")), id, call)
  }
  kind
}

lazy_value_type <- function(quoted, from, con, dialect) {
  type_of <- sql_dialect(dialect)$type_of
  if (is.null(type_of)) {
    return(NULL)
  }
  sql <- sprintf("SELECT %s AS zuid_type FROM %s WHERE %s IS NOT NULL LIMIT 1", type_of(quoted), from, quoted)
  found <- dbplyr::db_collect(con, dbplyr::sql(sql))[["zuid_type"]]
  if (length(found) == 1L && !is.na(found)) as.character(found) else NULL
}

# The driver's field type of the column (RMySQL warns of how it would
# import some types: no value is imported here). NULL where the driver
# does not say.
lazy_driver_type <- function(quoted, from, con) {
  tryCatch(suppressWarnings({
    res <- DBI::dbSendQuery(con, sprintf("SELECT %s FROM %s LIMIT 0", quoted, from))
    on.exit(DBI::dbClearResult(res))
    type <- DBI::dbColumnInfo(res)[["type"]]
    if (length(type) == 1L && is.character(type) && !is.na(type)) type else NULL
  }), error = function(e) NULL)
}

# The column's type as the engine declares it, where the driver's name for
# it holds no IDs but may be a name for several types (RMariaDB calls
# DECIMAL, FLOAT and DOUBLE alike "double"): from a temporary table of no
# rows made from the query, on engines that have such a way to ask
# (`declared_type` in sql-dialects.R); NULL where there is none, or where
# the server refuses it (no right to create temporary tables).
lazy_declared_type <- function(quoted, from, con, dialect) {
  probe <- sql_dialect(dialect)$declared_type
  if (is.null(probe)) {
    return(NULL)
  }
  sql <- probe(sprintf("SELECT %s AS zuid_id FROM %s", quoted, from))
  quietly <- function(expr) tryCatch(expr, error = function(e) NULL)
  if (is.null(quietly(DBI::dbExecute(con, sql$create)))) {
    return(NULL)
  }
  on.exit(quietly(DBI::dbExecute(con, sql$drop)))
  type <- quietly(DBI::dbGetQuery(con, sql$read)[[sql$column]])
  if (length(type) == 1L && is.character(type) && !is.na(type)) type else NULL
}

# The kind of column that R reads as `sample`'s class, where the driver
# says no more: text, integer64, or numbers (which a driver may make of a
# 64-bit integer, as RPostgreSQL does of BIGINT).
lazy_r_kind <- function(.data, id, call) {
  sample <- dplyr::collect(utils::head(dplyr::select(.data, dplyr::all_of(id)), 0L))[[1L]]
  if (is.character(sample)) {
    return("text")
  }
  if (inherits(sample, "integer64") || (!is.object(sample) && (is.numeric(sample) || is.logical(sample)))) {
    return("integer")
  }
  abort_id_type(describe_value(sample), id, call)
}

abort_id_type <- function(what, id, call) {
  zuid_abort(sprintf(paste(
    "Column %s of `.data` holds %s; zuid reads IDs from integer (BIGINT, or",
    "unsigned where the engine has it), decimal (DECIMAL(20, 0)) and text columns,",
    "not from floating point numbers, dates or other types. Cast it in a",
    "`mutate()` first, e.g. to BIGINT."
  ), encodeString(id, quote = "`"), what), class = "zuid_error_type", call = call)
}
