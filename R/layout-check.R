# The `layout` argument of every function: a zuid_layout, or the name (in
# any case, or an alias) of a built-in layout that needs no further
# argument, checked by the core
# however it was made or edited. Also what R code reads off a layout.

as_layout <- function(layout, call) {
  if (inherits(layout, "zuid_layout")) {
    return(check_layout(layout, call))
  }
  wide <- wide_name(layout)
  if (!is.na(wide)) {
    return(wide_layout(wide, NULL, call))
  }
  name <- builtin_name(layout)
  by_name <- layouts_by_name()
  if (name %in% by_name) {
    return(builtin_layout(name, NULL, NULL, call))
  }
  if (!is.na(name)) {
    zuid_abort(sprintf(
      "The \"%s\" layout needs more than its name: pass `id_layout(\"%s\", %s)`.",
      name, name, needs_words(core_facts("builtins")[[name]])
    ), class = "zuid_error_layout", call = call)
  }
  zuid_abort(sprintf(
    "`layout` must be a zuid_layout from `id_layout()` or one of %s, not %s.%s",
    paste0("\"", by_name, "\"", collapse = ", "), describe_value(layout),
    suggest_layout_name(layout)
  ), class = "zuid_error_layout", call = call)
}

# The arguments a built-in layout needs, as `id_layout()` takes them:
# "epoch = <its start time>", "node_bits = <1 to 23>".
needs_words <- function(entry) {
  words <- vapply(entry$needs, function(arg) {
    switch(arg,
      epoch = "epoch = <its start time>",
      node_bits = sprintf("node_bits = <%d to %d>", entry$node_bits[[1L]], entry$node_bits[[2L]])
    )
  }, character(1))
  paste(words, collapse = ", ")
}

# A zuid_layout is a plain list that code can edit: the core checks its
# shape and rules, R the names its parts give to columns. `what` names the
# layout in messages: the argument `layout`, or the layout IDs carry.
check_layout <- function(layout, call, what = "`layout`") {
  if (is_wide_layout(layout)) {
    return(check_wide_layout(layout, call, what))
  }
  rust_value(layout_check(layout), call, list(layout = layout, layout_what = what))
  name <- layout$name
  if (!is.character(name) || length(name) != 1L || is.na(name) || !valid_text(name)) {
    abort_invalid_layout(call, "its element `name` is not one string", what)
  }
  names <- names(layout$bits)
  roles <- layout$kinds != "node"
  if (is.null(names) || !identical(names[roles], layout$kinds[roles])) {
    abort_invalid_layout(call, "its parts are not named for what they are", what)
  }
  why <- field_names_problem(names[!roles])
  if (!is.null(why)) {
    abort_invalid_layout(call, why, what)
  }
  layout
}

abort_invalid_layout <- function(call, why, what = NULL) {
  what <- what %||% "`layout`"
  fix <- if (identical(what, "`layout`")) "Build layouts with `id_layout()`." else
    "Give the IDs a layout again with `as_zuid_id(as.character(x), layout)`."
  zuid_abort(sprintf("%s is not a valid zuid_layout: %s. %s", sentence(what), sub("[.]$", "", why), fix),
             class = "zuid_error_layout", call = call)
}

node_fields <- function(layout) names(layout$bits)[layout$kinds == "node"]

# How messages name a layout: "twitter layout", or "layout" for a custom one.
layout_label <- function(layout) {
  if (is.null(layout$name) || identical(layout$name, "custom")) "layout" else sprintf("%s layout", layout$name)
}
