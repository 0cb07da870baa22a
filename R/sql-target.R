# Which dialect `dialect =` names: a dialect's name or alias, in any case,
# or a DBI connection whose class says it (see sql-dialects.R).

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
  }
  spoken <- connection_dialect(dialect)
  if (!is.na(spoken)) {
    return(list(dialect = spoken, con = dialect))
  }
  abort_dialect(dialect, call)
}

# The dialect a connection's class speaks, or NA.
connection_dialect <- function(con) {
  for (name in names(sql_dialects)) {
    if (inherits(con, sql_dialects[[name]]$connections)) {
      return(name)
    }
  }
  NA_character_
}

# The dialects' names as messages list them.
dialect_names_text <- function() paste0("\"", names(sql_dialects), "\"", collapse = ", ")

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
