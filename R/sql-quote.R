# Column names in SQL: always quoted, by the dialect's rules (its `quote`
# in sql-dialects.R) or by the connection's driver, so that no name can
# change what a statement does and every name is read as a name, never as
# a string; SQL marked as such goes in as written.

# `column` as SQL text: names quoted part by part and joined with dots; SQL
# marked as such inserted as written, in parentheses.
sql_column <- function(column, target, call) {
  if (inherits(column, c("sql", "SQL", "ident_q"))) {
    text <- as.character(column)
    if (length(text) != 1L || is.na(text) || !nzchar(trimws(text))) abort_column(column, call)
    return(paste0("(", text, ")"))
  }
  parts <- if (inherits(column, "Id")) unname(column@name) else column
  if (inherits(column, "ident")) parts <- as.character(unclass(column))
  if (!is.character(parts) || length(parts) == 0L || anyNA(parts) || !all(nzchar(parts))) {
    abort_column(column, call)
  }
  quoted <- vapply(enc2utf8(parts), sql_quote_name, character(1), target = target, call = call)
  paste(quoted, collapse = ".")
}

abort_column <- function(column, call) {
  zuid_abort(sprintf(paste(
    "`column` must be a column name, or its parts such as `c(\"m\", \"id\")` or",
    "`DBI::Id(table = \"m\", column = \"id\")`, or SQL marked with `dbplyr::sql()`;",
    "every part one non-empty string. Not %s."
  ), describe_value(column)), class = "zuid_error_type", call = call)
}

# One name, quoted by the dialect's rules, or by the connection's driver
# when there is one; the driver's quoting must read back as the same name.
sql_quote_name <- function(name, target, call) {
  rules <- sql_dialect(target$dialect)$quote
  # dbplyr's simulated connections (for show_query()) have no driver; some
  # drivers quote in a way that can be read as a string (`driver`); a
  # connection of a class the dialect does not list (JDBC, ADBC, one given
  # another dialect by dbplyr's with_dialect()) has a driver made for any
  # engine, whose quotes may be another engine's (ADBC's are ANSI double
  # quotes, a string to MySQL).
  own_driver <- inherits(target$con, sql_dialect(target$dialect)$connections)
  if (is.null(target$con) || is_simulated_connection(target$con) || !rules$driver || !own_driver) {
    return(quote_with(name, rules))
  }
  quoted <- as.character(DBI::dbQuoteIdentifier(target$con, name))
  if (!identical(unquote_with(quoted, rules), name)) {
    zuid_abort(sprintf(paste(
      "The connection's `dbQuoteIdentifier()` gave %s for the column name %s, which",
      "%s reads as a different name or not as one name; zuid does not build SQL",
      "from it. Give `dialect` as a name (\"%s\") to have zuid quote it."
    ), describe_value(quoted), describe_value(name), target$dialect, target$dialect),
    class = "zuid_error_type", call = call)
  }
  quoted
}

quote_with <- function(name, rules) {
  q <- rules$quote
  if (rules$backslash) name <- gsub("\\", "\\\\", name, fixed = TRUE)
  paste0(q, gsub(q, strrep(q, 2L), name, fixed = TRUE), q)
}

# The name that quoted text stands for under the rules, or NA when it is
# not exactly one quoted name: a quote character the dialect reads, then
# characters other than it (doubled when inside the name; with backslash
# escapes, any character after a backslash), then the quote again.
unquote_with <- function(quoted, rules) {
  if (length(quoted) != 1L || is.na(quoted)) {
    return(NA_character_)
  }
  q <- substr(quoted, 1L, 1L)
  if (!q %in% rules$reads) {
    return(NA_character_)
  }
  inner <- if (rules$backslash) {
    sprintf("[^%1$s\\\\]|%1$s%1$s|\\\\.", q)
  } else {
    sprintf("[^%1$s]|%1$s%1$s", q)
  }
  if (!grepl(sprintf("^%1$s(?:%2$s)*%1$s$", q, inner), quoted, perl = TRUE)) {
    return(NA_character_)
  }
  body <- substr(quoted, 2L, nchar(quoted) - 1L)
  if (rules$backslash) {
    gsub(sprintf("%1$s(%1$s)|\\\\(.)", q), "\\1\\2", body, perl = TRUE)
  } else {
    gsub(strrep(q, 2L), q, body, fixed = TRUE)
  }
}
