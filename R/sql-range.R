# The conditions of id_sql_range(): an ID column within bounds the core
# computed, on a 64-bit integer column or on decimal text compared by value.

# [low, high) on an integer column; `high` NA for no upper bound. With
# `negative_tail`, IDs of 2^63 and more, stored as negative numbers, are
# inside too (an open `to` on a layout without a sign bit).
sql_integer_range <- function(column, low, high, negative_tail, dialect) {
  lit <- sql_dialect(dialect)$literal
  lower <- sprintf("%s >= %s", column, lit(low))
  if (negative_tail) {
    lower <- sprintf("(%s OR %s < %s)", lower, column, lit("0"))
  }
  if (is.na(high)) {
    return(lower)
  }
  sprintf("%s AND %s < %s", lower, column, lit(high))
}

# [low, high) on decimal text, by value: shorter text is a smaller number,
# and text of the same length compares as text, digit by digit.
sql_text_range <- function(column, low, high, dialect) {
  len <- sql_dialect(dialect)$length(column)
  n_low <- nchar(low)
  n_high <- nchar(high)
  if (n_low == n_high) {
    return(sprintf("%s = %d AND %s >= '%s' AND %s < '%s'", len, n_low, column, low, column, high))
  }
  sprintf(paste("(%1$s > %2$d OR (%1$s = %2$d AND %3$s >= '%4$s')) AND",
                "(%1$s < %5$d OR (%1$s = %5$d AND %3$s < '%6$s'))"),
          len, n_low, column, low, n_high, high)
}
