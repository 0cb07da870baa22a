# The `layout` argument of every function: a zuid_layout, or the name (in
# any case, or an alias) of a built-in layout that needs no further
# argument, checked by the core
# however it was made or edited. Also what R code reads off a layout.

layouts_by_name <- c("twitter", "discord", "instagram", "mastodon", "tid",
                     "baidu", "sonyflake_v2", "tsid", "yitter")

as_layout <- function(layout, call) {
  if (inherits(layout, "zuid_layout")) {
    return(check_layout(layout, call))
  }
  name <- builtin_name(layout)
  if (name %in% layouts_by_name) {
    return(id_layout(name))
  }
  if (name %in% c("sonyflake", "scru64")) {
    needs <- if (name == "sonyflake") "epoch = <its start time>" else "node_bits = <1 to 23>"
    zuid_abort(sprintf(
      "The \"%s\" layout needs more than its name: pass `id_layout(\"%s\", %s)`.",
      name, name, needs
    ), class = "zuid_error_layout", call = call)
  }
  zuid_abort(sprintf(
    "`layout` must be a zuid_layout from `id_layout()` or one of %s, not %s.%s",
    paste0("\"", layouts_by_name, "\"", collapse = ", "), describe_value(layout),
    suggest_layout_name(layout)
  ), class = "zuid_error_layout", call = call)
}

# A zuid_layout is a plain list that code can edit: the core checks its
# shape and rules, R the names its parts give to columns.
check_layout <- function(layout, call) {
  rust_value(layout_check(layout), call, list(layout = layout))
  names <- names(layout$bits)
  roles <- layout$kinds != "node"
  if (!is.character(layout$name) || length(layout$name) != 1L || is.na(layout$name) ||
      is.null(names) || !identical(names[roles], layout$kinds[roles])) {
    abort_invalid_layout(call, "its parts are not named for what they are")
  }
  tryCatch(check_field_names(names[!roles], call), zuid_error_layout = function(e) {
    abort_invalid_layout(call, conditionMessage(e))
  })
  layout
}

abort_invalid_layout <- function(call, why) {
  zuid_abort(sprintf(
    "`layout` is not a valid zuid_layout: %s. Build layouts with `id_layout()`.",
    sub("[.]$", "", why)
  ), class = "zuid_error_layout", call = call)
}

node_fields <- function(layout) names(layout$bits)[layout$kinds == "node"]

# Bits below each part, by part name.
part_shifts <- function(layout) {
  stats::setNames(rev(cumsum(rev(layout$bits))) - layout$bits, names(layout$bits))
}

# How messages name a layout: "twitter layout", or "layout" for a custom one.
layout_label <- function(layout) {
  if (identical(layout$name, "custom")) "layout" else sprintf("%s layout", layout$name)
}

# The tick length, the start of tick 0 (the epoch floored to a whole
# number of units) and the start of the last tick, in milliseconds.
layout_facts_of <- function(layout, call) rust_value(layout_facts(layout), call, list(layout = layout))
