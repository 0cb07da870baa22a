# The verbs on Arrow data: datasets (arrow::open_dataset(), Parquet files
# and others), their dplyr queries and Arrow Tables. Each verb writes the
# ID column's 64 bits, time and fields as Arrow compute expressions, which
# Arrow's engine evaluates where the data are, lazily and with exact 64-bit
# integer arithmetic: R's arrow reads an unsigned 64-bit column as doubles
# (every ID of 2^53 or more rounded to another), so no ID may reach R as a
# number. A time range is a comparison on the ID column itself, which
# Parquet's statistics can answer without reading the row groups outside
# it. zuid does not depend on arrow: it reaches arrow's functions only
# through data that arrow made, so arrow is loaded.

is_arrow_data <- function(x) inherits(x, c("arrow_dplyr_query", "Dataset", "ArrowTabular"))

arrow_fn <- function(name) getExportedValue("arrow", name)

# The expressions are R calls of Arrow's compute functions by name
# (`arrow_<function>(...)`, which arrow's dplyr verbs translate), on the
# columns as they are named in the query (symbols, which arrow resolves
# through renames and other verbs), with scalars of Arrow's own types (so
# that no operand is cast to a type that cannot hold the other's values).
arrow_call <- function(fn, ..., options = NULL) {
  as.call(c(list(as.name(paste0("arrow_", fn))), list(...), if (!is.null(options)) list(options = options)))
}

arrow_field <- function(name) as.name(name)

# A scalar of the Arrow type `type` (a type object, or the name of its
# function, "uint64"), from decimal text, exactly; NA for null.
arrow_scalar <- function(x, type) {
  if (is.character(type)) type <- arrow_fn(type)()
  arrow_fn("Expression")$scalar(arrow_fn("Scalar")$create(x)$cast(type))
}

arrow_cast <- function(x, type, ...) {
  if (is.character(type)) type <- arrow_fn(type)()
  arrow_call("cast", x, options = list(to_type = type, ...))
}

# The kind of the ID column (see sql-types.R) from its Arrow type, which
# the column of a query of no rows gives; with the type's name.
arrow_id_kind <- function(.data, id, call) {
  empty <- dplyr::compute(utils::head(dplyr::select(.data, dplyr::all_of(id)), 0L))
  type <- empty$schema[[1L]]$type$ToString()
  kind <- if (grepl("^uint(8|16|32|64)$", type)) "unsigned" else
    if (grepl("^int(8|16|32|64)$", type)) "integer" else
      if (grepl("^(string|large_string|string_view)$", type)) "text" else
        if (grepl("^decimal(128|256)?\\(\\d+, 0\\)$", type)) "decimal" else NA_character_
  if (is.na(kind)) {
    abort_id_type(sprintf("the Arrow type %s", encodeString(type, quote = "\"")), id, call)
  }
  list(kind = kind, type = type)
}

# The column's 64 bits as an unsigned 64-bit expression, null where the
# value is not an ID: a signed column's negative numbers are the IDs of
# 2^63 and more, their bits; text must be 1 to 20 ASCII digits of at most
# 2^64 - 1 (leading zeros allowed), as the SQL dialects read it; a whole
# decimal is read as its text.
arrow_id_bits <- function(id, kind) {
  column <- arrow_field(id)
  if (kind == "unsigned") {
    return(arrow_cast(column, "uint64"))
  }
  if (kind == "integer") {
    return(arrow_cast(column, "uint64", allow_int_overflow = TRUE))
  }
  text <- if (kind == "decimal") arrow_cast(column, "utf8") else column
  max <- core_facts("bounds")$max_unsigned
  valid <- arrow_call("and_kleene",
    arrow_call("match_substring_regex", text, options = list(pattern = "^[0-9]{1,20}$")),
    arrow_call("or_kleene", arrow_call("less", arrow_call("utf8_length", text), arrow_scalar(20L, "int32")),
               arrow_call("less_equal", text, arrow_scalar(max, "utf8"))))
  # if_else() computes both sides: text that is no ID is cast as "0".
  parsed <- arrow_cast(arrow_call("if_else", valid, text, arrow_scalar("0", "utf8")), "uint64")
  arrow_call("if_else", valid, parsed, arrow_scalar(NA, "uint64"))
}

# id_add_fields(): the time (a UTC timestamp, to the microsecond for
# microsecond ticks, else to the millisecond, as id_fields() has it) and
# each node field and the sequence (32-bit integers up to 31 bits), null
# for an ID the layout cannot hold, as added columns of the query.
arrow_add_fields <- function(.data, id, layout, added, call) {
  kind <- arrow_id_kind(.data, id, call)$kind
  facts <- layout_facts_of(layout, call)
  bits <- arrow_layout_bits(arrow_id_bits(id, kind), layout, facts)
  part <- function(name) {
    offset <- facts$offsets[[name]]
    shifted <- if (offset == 0L) bits else arrow_call("shift_right", bits, arrow_scalar(offset, "uint64"))
    arrow_call("bit_wise_and", shifted, arrow_scalar(whole_text(facts$max_values[[name]]), "uint64"))
  }
  lower <- names(layout$bits)[layout$kinds %in% c("node", "sequence")]
  fields <- lapply(stats::setNames(lower, lower), function(name) {
    arrow_cast(part(name), if (layout$bits[[name]] <= 31L) "int32" else "int64")
  })
  exprs <- c(list(time = arrow_time(part("time"), facts)), fields[node_fields(layout)],
             list(sequence = fields[["sequence"]]))
  dplyr::mutate(.data, !!!stats::setNames(exprs, added))
}

# A tick count as a UTC timestamp: tick 0's start plus the ticks times the
# unit, in whole microseconds for microsecond ticks, else milliseconds,
# with arithmetic that fails rather than wraps.
arrow_time <- function(ticks, facts) {
  micro <- facts$unit_ms < 1
  scale <- if (micro) 1000 else 1
  per_tick <- arrow_scalar(whole_text(facts$unit_ms * scale), "int64")
  start <- arrow_scalar(whole_text(facts$first_ms * scale), "int64")
  units <- arrow_call("add_checked", arrow_call("multiply_checked", arrow_cast(ticks, "int64"), per_tick), start)
  arrow_cast(units, arrow_fn("timestamp")(if (micro) "us" else "ms", "UTC"))
}

# The bits, null where they are no ID of the layout (so that every part
# is): with a sign bit, from 2^63 on; where its IDs end below 2^63
# (SCRU64), from there.
arrow_layout_bits <- function(bits, layout, facts) {
  checks <- c(
    if ("sign" %in% layout$kinds) {
      list(arrow_call("less_equal", bits, arrow_scalar(core_facts("bounds")$max_signed, "uint64")))
    },
    if (!is.na(facts$id_limit)) list(arrow_call("less", bits, arrow_scalar(facts$id_limit, "uint64")))
  )
  if (length(checks) == 0L) {
    return(bits)
  }
  valid <- Reduce(function(a, b) arrow_call("and_kleene", a, b), checks)
  arrow_call("if_else", valid, bits, arrow_scalar(NA, "uint64"))
}

# id_filter_time(): the rows whose IDs are within the core's bounds of the
# range (see id_sql_range()), compared on the column itself where it is a
# 64-bit integer, so that Parquet's statistics skip what is outside; a
# signed column holds IDs of 2^63 and more as negative numbers, a second
# range. Other columns compare their bits. Rows whose ID is null or no ID
# are dropped, as comparisons with null are.
arrow_filter_time <- function(.data, id, range, layout, call) {
  info <- arrow_id_kind(.data, id, call)
  bounds <- range_bounds_of(range, layout, call)
  if (bounds$empty) {
    return(dplyr::filter(.data, FALSE))
  }
  parts <- if (info$kind == "integer") Filter(Negate(is.null), list(bounds$below, bounds$above)) else
    list(c(bounds$low, bounds$high))
  if (info$kind == "integer") {
    column <- if (info$type == "int64") arrow_field(id) else arrow_cast(arrow_field(id), "int64")
    type <- "int64"
  } else {
    column <- if (info$type == "uint64") arrow_field(id) else arrow_id_bits(id, info$kind)
    type <- "uint64"
  }
  conditions <- lapply(parts, function(p) arrow_between(column, p[[1L]], p[[2L]], type))
  dplyr::filter(.data, !!Reduce(function(a, b) arrow_call("or_kleene", a, b), conditions))
}

# [low, high) on an integer expression of the type; NA for no bound on
# that side (a range always has one: the core reads an open end as the
# layout's first or last ID).
arrow_between <- function(x, low, high, type) {
  sides <- c(if (!is.na(low)) list(arrow_call("greater_equal", x, arrow_scalar(low, type))),
             if (!is.na(high)) list(arrow_call("less", x, arrow_scalar(high, type))))
  if (length(sides) == 0L) {
    return(arrow_call("is_valid", x))
  }
  Reduce(function(a, b) arrow_call("and_kleene", a, b), sides)
}

# id_collect(): the ID columns cast to text in Arrow (exact for every
# integer type), then read as IDs (a signed column's negative numbers are
# the IDs of 2^63 and more); the other columns as arrow collects them.
arrow_collect <- function(.data, ids, layout, call) {
  texts <- lapply(ids, function(id) {
    arrow_id_kind(.data, id, call)
    arrow_cast(arrow_field(id), "utf8")
  })
  out <- dplyr::collect(dplyr::mutate(.data, !!!stats::setNames(texts, ids)))
  for (id in ids) {
    out[[id]] <- ids_from_db_text(out[[id]], layout, id, call)
  }
  out
}
