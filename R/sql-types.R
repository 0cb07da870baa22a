# The kinds of columns that hold IDs in a database, and an ID column's
# value as the 64 bits the decoding expressions read: "integer", a signed
# 64-bit integer (IDs of 2^63 and more stored as negative numbers);
# "unsigned", an unsigned 64-bit integer; "decimal", a decimal number of up
# to 20 digits; "text", decimal text. Each dialect says which it has and how
# it names their types (`types`, `type_names` in sql-dialects.R).

id_kinds <- c("integer", "unsigned", "decimal", "text")

# `type` as one of the kinds the dialect has.
check_kind <- function(type, dialect, call) {
  kind <- check_choice(type, id_kinds, "type", call)
  if (is.na(sql_dialect(dialect)$types[[kind]])) {
    has <- id_kinds[!is.na(sql_dialect(dialect)$types[id_kinds])]
    zuid_abort(sprintf("The %s dialect has no %s ID column type; `type` must be %s for it.",
                       dialect, kind, choices_text(has)), class = "zuid_error_type", call = call)
  }
  kind
}

# The kind of a column whose type the engine or its driver names `type`
# (as `type_of` gives it, or a driver's field type, or the class R reads),
# or NA for a type that holds no IDs (floating point, dates, blobs).
kind_of_type_name <- function(type, dialect) {
  name <- tolower(trimws(type))
  # ClickHouse's wrappers say nothing of the values.
  while (grepl("^(nullable|lowcardinality)\\(.*\\)$", name)) {
    name <- sub("^(nullable|lowcardinality)\\((.*)\\)$", "\\2", name)
  }
  patterns <- sql_dialect(dialect)$type_names
  for (kind in names(patterns)) {
    if (grepl(patterns[[kind]], name)) {
      return(kind)
    }
  }
  # The classes of R that some drivers give as field types (RSQLite,
  # RMariaDB); NULLs only (logical) may be any type. Not "double", which
  # is also a floating point type's SQL name.
  r_classes <- c(character = "text", integer = "integer", integer64 = "integer", logical = "integer")
  if (name %in% names(r_classes)) r_classes[[name]] else NA_character_
}

# The column's 64 bits as a signed 64-bit integer expression, as a BIGINT
# column holds them (an ID of 2^63 or more is negative), NULL where the
# value is not an ID: text other than 1 to 20 digits of at most 2^64 - 1, a
# decimal that is negative, fractional or beyond 2^64 - 1. Where a column
# holds values of any type (`stored_as`), each value is read by its own.
sql_id_bits <- function(column, kind, dialect) {
  d <- sql_dialect(dialect)
  bounds <- core_facts("bounds")
  read <- function(kind) {
    valid <- sql_id_valid(column, kind, d, bounds)
    list(valid = valid, bits = d$bits[[kind]](column, bounds))
  }
  if (!is.null(d$stored_as) && kind %in% c("integer", "text")) {
    int <- read("integer")
    text <- read("text")
    return(sprintf("(CASE WHEN %s THEN %s WHEN %s AND %s THEN %s END)", d$stored_as(column, "integer"),
                   int$bits, d$stored_as(column, "text"), text$valid, text$bits))
  }
  r <- read(kind)
  if (is.null(r$valid)) r$bits else sprintf("(CASE WHEN %s THEN %s END)", r$valid, r$bits)
}

# Whether a value of a column of the kind is an ID, or NULL where every
# value is (an integer column's).
sql_id_valid <- function(column, kind, d, bounds) {
  max <- bounds$max_unsigned
  if (kind == "text") {
    return(sprintf("%s AND (%s < %d OR %s <= '%s')", d$digits(column), d$length(column),
                   nchar(max), column, max))
  }
  if (kind == "decimal") {
    return(sprintf("%1$s >= 0 AND %1$s <= %2$s AND %1$s = FLOOR(%1$s)", column, d$literal(max, kind)))
  }
  NULL
}
