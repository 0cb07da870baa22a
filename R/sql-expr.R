# The expressions of id_sql(): each part of a layout from an ID column's 64
# bits (sql_id_bits() in sql-types.R), its time as a timestamp, each
# written in the dialect's SQL (see sql-dialects.R) from what the core
# computes of the layout.

# Each expression as `CASE WHEN <the ID is valid> THEN ... END`, so that an
# ID that is not one of the layout's gives NULL, as id_fields() gives NA:
# with a sign bit, a negative column (an ID of 2^63 or more); where the
# layout's IDs end below 2^63 (SCRU64's 36^12), also from there on; where
# they begin above 0 (a platform's older sequential numbers below, with no
# time), also below that. Without a sign bit a negative column is an ID of
# 2^63 or more, above any first ID.
sql_when_valid <- function(exprs, bits, layout, facts) {
  signed <- "sign" %in% layout$kinds
  first <- facts$first_id
  checks <- c(
    if (signed) sprintf("%s >= %s", bits, if (is.na(first)) "0" else first),
    if (!signed && !is.na(first)) sprintf("(%1$s < 0 OR %1$s >= %2$s)", bits, first),
    if (!is.na(facts$id_limit)) sprintf("%s < %s", bits, facts$id_limit)
  )
  if (length(checks) == 0L) {
    return(exprs)
  }
  stats::setNames(sprintf("CASE WHEN %s THEN %s END", paste(checks, collapse = " AND "), exprs),
                  names(exprs))
}

# (column >> offset) & mask: the mask also clears the copies of the sign
# bit that an arithmetic shift of a negative bigint brings in.
sql_part <- function(column, offset, max_value, d) {
  shifted <- if (offset == 0L) column else d$shift(column, offset)
  d$mask(shifted, whole_text(max_value))
}

# Milliseconds since 1970 of a tick count: tick 0's start (the epoch
# floored to a whole number of units) plus the ticks times the unit, or, for
# microsecond ticks, the ticks divided by 1000 in whole numbers (flooring
# to the millisecond, as every engine's timestamp here holds).
sql_millis <- function(ticks, facts, d) {
  unit_ms <- facts$unit_ms
  scaled <- if (unit_ms < 1) d$int_div(ticks, whole_text(1 / unit_ms)) else
    if (unit_ms == 1) ticks else sprintf("%s * %s", ticks, whole_text(unit_ms))
  sprintf("(%s + %s)", whole_text(facts$first_ms), scaled)
}

# The named expressions of id_sql() for the ID bits `bits`: the time as the
# dialect's timestamp, the node fields and the sequence (32-bit integers up
# to 31 bits, bigints above), each NULL for an ID the layout cannot hold.
sql_fields <- function(bits, layout, dialect, call) {
  d <- sql_dialect(dialect)
  facts <- layout_facts_of(layout, call)
  part_sql <- function(name) sql_part(bits, facts$offsets[[name]], facts$max_values[[name]], d)
  ms <- sql_millis(part_sql("time"), facts, d)
  lower <- names(layout$bits)[layout$kinds %in% c("node", "sequence")]
  lower_sql <- vapply(lower, function(name) {
    expr <- part_sql(name)
    if (layout$bits[[name]] <= 31L) d$int32(expr) else expr
  }, character(1))
  exprs <- c(time = d$timestamp(ms, d$time_range), lower_sql[node_fields(layout)],
             sequence = lower_sql[["sequence"]])
  sql_when_valid(exprs, bits, layout, facts)
}
