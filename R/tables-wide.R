# id_add_fields() and id_filter_time() on IDs of 96 to 160 bits (UUIDs,
# ULIDs, TypeIDs and the others): text in any spelling of the format, or an
# ID vector of its layout. On data frames only: the core reads each entry
# (so that an uppercase, braced or `urn:uuid:` UUID is the same ID as its
# canonical text) and compares it by value with the bounds that
# id_from_time() gives, the ones SQL range conditions use. A lazy table or
# Arrow data is refused with a way on.

# Refuses a wide layout on data that is not in R.
check_wide_in_r <- function(.data, layout, verb, call) {
  if (!is_wide_layout(layout) || is.data.frame(.data)) {
    return(invisible(NULL))
  }
  where <- if (is_lazy_table(.data)) "a dbplyr lazy table" else "Arrow data"
  zuid_abort(sprintf(paste(
    "%s() reads IDs of the %s (%d bits) in data frames only, not in %s.",
    "Bring the rows into R first (`dplyr::collect()`), then call %s() on the data frame."
  ), verb, layout_label(layout), layout$width, where, verb), class = "zuid_error_layout", call = call)
}

# The columns id_fields() gives under `layout`, in order.
verb_field_names <- function(layout) {
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
