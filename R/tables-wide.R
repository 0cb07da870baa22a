# id_add_fields() and id_filter_time() on IDs of 96 to 160 bits (UUIDs,
# ULIDs, TypeIDs and the others): text in any spelling of the format, or an
# ID vector of its layout. In data frames, the core reads each entry (so
# that an uppercase, braced or `urn:uuid:` UUID is the same ID as its
# canonical text) and compares it by value with the bounds that
# id_from_time() gives, the ones SQL range conditions use. On a lazy table,
# the database computes the SQL of sql-wide.R: the time alone, and the
# range condition on the column. Arrow data, and what sql-wide.R writes no
# SQL for, are refused with a way on.

# Refuses a wide layout on Arrow data, and on a lazy table where sql-wide.R
# has no SQL for the verb: no format at all, no time (`us` NULL) for
# id_add_fields(), no range (`ranges` FALSE) for id_filter_time().
check_wide_in_r <- function(.data, layout, verb, call) {
  if (!is_wide_layout(layout) || is.data.frame(.data)) {
    return(invisible(NULL))
  }
  if (is_lazy_table(.data)) {
    return(check_wide_in_db(layout, verb, call))
  }
  zuid_abort(sprintf(paste(
    "%s() reads IDs of the %s (%d bits) in data frames only, not in Arrow data.",
    "Bring the rows into R first (`dplyr::collect()`), then call %s() on the data frame."
  ), verb, layout_label(layout), layout$width, verb), class = "zuid_error_layout", call = call)
}

check_wide_in_db <- function(layout, verb, call) {
  format <- wide_sql_formats[[layout$name]]
  no_range <- verb == "id_filter_time" && (isFALSE(format$ranges) || layout$name %in% unsorted_wide)
  why <- if (is.null(format)) {
    "zuid writes no SQL for this layout"
  } else if (verb == "id_add_fields" && is.null(format$us)) {
    format$no_time
  } else if (no_range && isFALSE(format$ranges)) {
    "they sort by time only within one prefix, so no range on the column selects them"
  } else if (no_range) {
    "their bytes do not sort by time, so no range on the column selects them"
  }
  if (is.null(why)) {
    return(invisible(NULL))
  }
  # Where the database has their time, a filter on it is the way on.
  way <- if (no_range) "Filter on the `time` that id_add_fields() adds in the database, or bring" else "Bring"
  zuid_abort(sprintf(paste(
    "%s() cannot read IDs of the %s (%d bits) in a dbplyr lazy table: %s.",
    "%s the rows into R first (`dplyr::collect()`), then call %s() on the data frame."
  ), verb, layout_label(layout), layout$width, why, way, verb), class = "zuid_error_layout", call = call)
}

# The wide layouts whose IDs do not sort by time (UUIDv1 puts the time's
# low bits first; a "uuid" column mixes versions): the core gives them no
# bounds.
unsorted_wide <- c("uuidv1", "uuid")

# The kind of column (sql-wide.R's `wide_kinds`) that holds a lazy table's
# wide IDs: "uuid" where the engine names the type of a value, or the
# driver the column's type, as a UUID (PostgreSQL's uuid, DuckDB's UUID,
# ClickHouse's Nullable(UUID), MariaDB's UUID), else text. On a simulated
# connection, which holds no data, the layout's default kind (`id_kinds`,
# as id_sql() takes its default `type`).
lazy_wide_kind <- function(.data, id, con, call) {
  if (is_simulated_connection(con)) {
    return(id_kinds)
  }
  target <- sql_target(con, call)
  quoted <- sql_column(id, target, call)
  from <- sprintf("(%s) AS zuid_q", lazy_sql(.data))
  type <- lazy_value_type(quoted, from, con, target$dialect) %||% lazy_driver_type(quoted, from, con)
  if (!is.null(type) && grepl("uuid", type, ignore.case = TRUE)) "uuid" else "text"
}

# The columns id_fields() gives under `layout`, in order; for a wide
# layout on a lazy table, the time alone, the one field of id_sql().
verb_field_names <- function(layout, lazy = FALSE) {
  if (is_wide_layout(layout) && lazy) {
    return("time")
  }
  if (is_wide_layout(layout)) {
    return(c("time", names(layout$bits)[layout$kinds != "time"]))
  }
  c("time", node_fields(layout), "sequence")
}

# Whether each ID of `x` was made in the range (POSIXct seconds, NA for an
# open end): NA for a missing entry, one that is not an ID of the layout or
# a UUID with no time, with the one warning of id_time().
in_wide_range <- function(x, layout, range, call) {
  text <- wide_text(x, layout$width, call)
  rust_value(wide_in_range(text, layout, split_end(range$from), split_end(range$to)), call,
             list(layout = layout, x = text))
}

# One end as the core takes it: whole seconds and the nanoseconds after
# them (NA for an open end).
split_end <- function(seconds) {
  if (is.na(seconds)) {
    return(NA_real_)
  }
  parts <- split_seconds(seconds)
  c(parts$whole, parts$nanos)
}
