# Which dialect `dialect =` names: a dialect's name or alias, in any case,
# or a DBI connection, whose dialect dbplyr or the connection's class says
# (see sql-dialects.R). Engines whose connections would pass for a dialect
# zuid knows but whose SQL is not that dialect's are refused, saying why.

# The engines refused, each with the names, connection classes and dbplyr
# dialect names that reach it, and why zuid writes no SQL for it.
refused_engines <- list(
  redshift = list(
    label = "Amazon Redshift",
    aliases = "redshift",
    # RPostgres's RedshiftConnection is a PqConnection (PostgreSQL's class)
    # underneath; odbc names its connections "Redshift".
    connections = c("RedshiftConnection", "Redshift"),
    dbplyr = "redshift",
    why = paste(
      "it forked from PostgreSQL 8.0 and lacks what zuid's PostgreSQL SQL uses",
      "(pg_typeof(), to learn an ID column's type; sequences, for id_sql_generator();",
      "clock_timestamp() and enforced unique keys, for node leases)"
    )
  )
)

# `dialect` as list(dialect = <a name of sql_dialects>, con = <the
# connection or NULL>).
sql_target <- function(dialect, call) {
  names <- names(sql_dialects)
  if (identical(dialect, names)) {
    return(list(dialect = names[[1L]], con = NULL))
  }
  if (is.character(dialect) && length(dialect) == 1L && !is.na(dialect) && !is.object(dialect)) {
    found <- Filter(function(d) tolower(dialect) %in% d$aliases, sql_dialects)
    if (length(found) > 0L) {
      return(list(dialect = names(found)[[1L]], con = NULL))
    }
    refused <- Filter(function(e) tolower(dialect) %in% e$aliases, refused_engines)
    if (length(refused) > 0L) {
      abort_refused(names(refused)[[1L]], dialect, call)
    }
  }
  spoken <- connection_dialect(dialect, call)
  if (!is.na(spoken)) {
    # A dbplyr dialect object names a dialect but reaches no database.
    return(list(dialect = spoken, con = if (is_dbplyr_dialect(dialect)) NULL else dialect))
  }
  abort_dialect(dialect, call)
}

# The dialect a connection speaks, or NA; a connection to a refused engine
# is an error. dbplyr (from 2.6) is asked first: its sql_dialect() looks
# past the class where the class says little (an ADBC connection's driver
# vendor, a JDBC connection's Java class, the choice of with_dialect()).
# Its generic dialects ("odbc", ANSI) say nothing of the engine: then, and
# before dbplyr 2.6, the connection's class does. Where dbplyr is not
# loaded (so that no with_dialect() can be in play) it is asked only about
# a class that says nothing: loading it takes a second, which a process
# claiming a node lease should not pay.
connection_dialect <- function(con, call = NULL) {
  refused <- Filter(function(e) inherits(con, e$connections), refused_engines)
  if (length(refused) > 0L) {
    abort_refused(names(refused)[[1L]], con, call)
  }
  if (isNamespaceLoaded("dbplyr")) {
    said <- dialect_said_by_dbplyr(con, call)
    if (!is.null(said)) {
      return(said)
    }
  }
  for (name in names(sql_dialects)) {
    if (inherits(con, sql_dialects[[name]]$connections)) {
      return(name)
    }
  }
  if (isNamespaceLoaded("dbplyr")) NA_character_ else dialect_said_by_dbplyr(con, call) %||% NA_character_
}

# The dialect dbplyr gives the connection: a name of sql_dialects, NA for
# an engine dbplyr knows and zuid does not, NULL where dbplyr says nothing
# of the engine; an engine zuid refuses is an error.
dialect_said_by_dbplyr <- function(con, call) {
  said <- dbplyr_dialect_name(con)
  if (is.na(said) || said %in% c("", "odbc")) {
    return(NULL)
  }
  refused <- Filter(function(e) said %in% e$dbplyr, refused_engines)
  if (length(refused) > 0L) {
    abort_refused(names(refused)[[1L]], con, call)
  }
  found <- Filter(function(d) said %in% d$dbplyr, sql_dialects)
  if (length(found) > 0L) names(found)[[1L]] else NA_character_
}

# The name of dbplyr's dialect of `con`, "postgres" for an object of class
# "sql_dialect_postgres" ("" for one without a name); NA where dbplyr has
# no sql_dialect() (before 2.6), where it gives the connection back (a
# backend that declares no dialect) or where asking fails (an ADBC driver
# that does not answer).
dbplyr_dialect_name <- function(con) {
  if (!is.object(con) || !requireNamespace("dbplyr", quietly = TRUE) ||
        !"sql_dialect" %in% getNamespaceExports("dbplyr")) {
    return(NA_character_)
  }
  dialect <- tryCatch(getExportedValue("dbplyr", "sql_dialect")(con), error = function(e) NULL)
  if (!is_dbplyr_dialect(dialect)) {
    return(NA_character_)
  }
  own <- setdiff(class(dialect), "sql_dialect")
  if (length(own) == 0L) "" else sub("^sql_dialect_", "", own[[1L]])
}

is_dbplyr_dialect <- function(x) inherits(x, "sql_dialect")

# dbplyr's stand-ins for a connection, which render SQL but reach no
# database: simulated connections (simulate_postgres() and others) and,
# from dbplyr 2.6, dialect objects (dialect_postgres(), for lazy_frame()).
is_simulated_connection <- function(con) inherits(con, c("TestConnection", "sql_dialect"))

# The dialects' names as messages list them.
dialect_names_text <- function() paste0("\"", names(sql_dialects), "\"", collapse = ", ")

abort_refused <- function(engine, given, call) {
  refused <- refused_engines[[engine]]
  what <- if (is.character(given)) describe_value(given) else sprintf("a connection of class <%s>", class(given)[[1L]])
  zuid_abort(sprintf(paste(
    "zuid writes no SQL for %s (%s): %s. Bring the ID column into R as text",
    "(`CAST(id AS VARCHAR)`) and decode it there with `id_fields()`."
  ), refused$label, what, refused$why), class = "zuid_error_dialect", call = call, engine = engine)
}

abort_dialect <- function(dialect, call) {
  if (inherits(dialect, "DBIConnection") || isS4(dialect)) {
    zuid_abort(sprintf(paste(
      "`dialect` is a connection of class %s, whose SQL dialect zuid does not know.",
      "If the database speaks one of %s, give that name as `dialect`."
    ), paste0("<", class(dialect)[[1L]], ">"), dialect_names_text()),
    class = "zuid_error_type", call = call)
  }
  zuid_abort(sprintf(paste(
    "`dialect` must be one of %s (or an alias such as \"postgresql\" or \"mariadb\"),",
    "or a DBI connection; not %s."
  ), dialect_names_text(), describe_value(dialect)), class = "zuid_error_type", call = call)
}
