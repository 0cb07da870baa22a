# The conditions of id_sql_range(): an ID column within bounds the core
# computed (see id_range_bounds() in the binding), by kind of column, each
# a comparison on the column itself, so that an index on it answers them.

# The condition for `bounds` on a column of the kind. Where a column holds
# values of any type (`stored_as`), its integers are compared as integers
# and its text as text.
sql_range_condition <- function(column, bounds, kind, dialect) {
  d <- sql_dialect(dialect)
  if (bounds$empty) {
    return("1 = 0")
  }
  if (!is.null(d$stored_as) && kind %in% c("integer", "text")) {
    return(sprintf("((%s AND %s) OR (%s AND %s))",
                   d$stored_as(column, "integer"), sql_number_range(column, bounds, "integer", d) %|% "1 = 1",
                   d$stored_as(column, "text"), sql_number_range(column, bounds, "text", d)))
  }
  sql_number_range(column, bounds, kind, d)
}

# A condition that may be empty (no bound), or `otherwise`.
`%|%` <- function(x, otherwise) if (nzchar(x)) x else otherwise

# The condition for `bounds` on a column of the kind, holding that kind.
sql_number_range <- function(column, bounds, kind, d) {
  if (kind == "text") {
    valid <- sql_id_valid(column, kind, d, core_facts("bounds"))
    return(sql_text_range(column, bounds$low, bounds$high, d, valid))
  }
  lit <- function(x) d$literal(x, kind)
  if (kind != "integer") {
    return(sql_between(column, bounds$low, bounds$high, lit))
  }
  # A signed column holds IDs of 2^63 and more as negative numbers: the
  # range's part there is a second comparison. Where the column may be
  # unsigned, the unsigned comparison (which on a signed column selects
  # the part below 2^63) with the negative part covers both.
  parts <- if (d$sign_unknown) list(c(bounds$low, bounds$high), bounds$above) else
    list(bounds$below, bounds$above)
  parts <- Filter(Negate(is.null), parts)
  conditions <- vapply(parts, function(p) sql_between(column, p[[1L]], p[[2L]], lit), character(1))
  if (length(conditions) == 1L) {
    return(conditions)
  }
  both <- grepl(" AND ", conditions, fixed = TRUE)
  conditions[both] <- sprintf("(%s)", conditions[both])
  sprintf("(%s)", paste(conditions, collapse = " OR "))
}

# [low, high) on a number column; NA for no bound on that side.
sql_between <- function(column, low, high, lit) {
  sides <- c(if (!is.na(low)) sprintf("%s >= %s", column, lit(low)),
             if (!is.na(high)) sprintf("%s < %s", column, lit(high)))
  paste(sides, collapse = " AND ")
}

# [low, high) on decimal text, by value: shorter text is a smaller number,
# and text of the same length compares as text, digit by digit; the text
# must be an ID (`valid`, as it is to the decoding expressions) without
# leading zeros. `high` NA for no upper bound.
sql_text_range <- function(column, low, high, d, valid) {
  len <- d$length(column)
  n_low <- nchar(low)
  lower <- sprintf("(%1$s > %2$d OR (%1$s = %2$d AND %3$s >= '%4$s'))", len, n_low, column, low)
  if (is.na(high)) {
    return(sprintf("%s AND %s", lower, valid))
  }
  n_high <- nchar(high)
  if (n_low == n_high) {
    return(sprintf("%s = %d AND %s >= '%s' AND %s < '%s' AND %s", len, n_low, column, low, column, high,
                   valid))
  }
  sprintf("%s AND (%s < %d OR (%s = %d AND %s < '%s')) AND %s", lower, len, n_high, len, n_high, column,
          high, valid)
}
