# Every function that takes `layout` takes a zuid_layout or the name of a
# built-in layout that needs no further argument.

layouts_by_name <- c("twitter", "discord", "instagram", "mastodon")

as_layout <- function(layout, call) {
  if (inherits(layout, "zuid_layout")) {
    return(check_layout_object(layout, call))
  }
  if (is.character(layout) && length(layout) == 1L && !is.na(layout)) {
    if (layout %in% layouts_by_name) {
      return(id_layout(layout))
    }
    if (layout %in% c("sonyflake", "scru64")) {
      needs <- if (layout == "sonyflake") "epoch = <its start time>" else "node_bits = <1 to 23>"
      zuid_abort(sprintf(
        "The \"%s\" layout needs more than its name: pass `id_layout(\"%s\", %s)`.",
        layout, layout, needs
      ), class = "zuid_error_layout", call = call)
    }
  }
  zuid_abort(sprintf(
    "`layout` must be a zuid_layout from `id_layout()` or one of %s, not %s.",
    paste0("\"", layouts_by_name, "\"", collapse = ", "), describe_value(layout)
  ), class = "zuid_error_layout", call = call)
}

# A zuid_layout is a plain list that code can edit; its shape is checked
# before its vectors reach the binding (whose own checks would raise
# unclassed errors). Its widths are then checked by the Rust core.
check_layout_object <- function(layout, call) {
  ok <- is.list(layout) &&
    is.character(layout$name) && length(layout$name) == 1L && !is.na(layout$name) &&
    is.integer(layout$bits) && !anyNA(layout$bits) && !is.null(names(layout$bits)) &&
    is.character(layout$kinds) && length(layout$kinds) == length(layout$bits) &&
    all(layout$kinds %in% part_kinds) &&
    is.character(layout$unit) && length(layout$unit) == 1L && isTRUE(layout$unit %in% names(time_units)) &&
    is.double(layout$epoch_ms) && !is.object(layout$epoch_ms) && length(layout$epoch_ms) == 1L &&
    is.finite(layout$epoch_ms)
  if (!ok) {
    abort_invalid_layout(call)
  }
  layout
}

abort_invalid_layout <- function(call) {
  zuid_abort("`layout` is not a valid zuid_layout; build layouts with `id_layout()`.",
             class = "zuid_error_layout", call = call)
}

# The layout as the vectors the Rust binding takes (see src/rust/src/layout.rs).
layout_for_rust <- function(layout) {
  list(
    kinds = match(layout$kinds, part_kinds) - 1L,
    bits = layout$bits,
    unit_ms = time_units[[layout$unit]],
    epoch_ms = layout$epoch_ms,
    scru64 = identical(layout$name, "scru64")
  )
}

rust_layout_last_ms <- function(layout) {
  args <- layout_for_rust(layout)
  layout_last_ms(args$kinds, args$bits, args$unit_ms, args$epoch_ms, args$scru64)
}
