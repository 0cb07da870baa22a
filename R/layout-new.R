# The one constructor of `zuid_layout` objects. A layout is plain data:
# `bits`, the parts' widths most significant first, named for the part
# (`sign`, `time`, node fields, `sequence`); `kinds`, what each part is;
# `unit`; and `epoch_ms`, whole milliseconds since 1970 in a double. The
# Rust core checks the widths here once; later calls hand these vectors to
# Rust as they are.

new_layout <- function(name, time_bits, fields, sequence, unit, epoch_ms,
                       sign_bit, sequence_first = FALSE, call = NULL) {
  node_kinds <- rep("node", length(fields))
  bits <- c(if (sign_bit) c(sign = 1L), time = time_bits,
            if (!sequence_first) fields, sequence = sequence,
            if (sequence_first) fields)
  kinds <- c(if (sign_bit) "sign", "time",
             if (!sequence_first) node_kinds, "sequence",
             if (sequence_first) node_kinds)
  layout <- structure(
    list(name = name, bits = bits, kinds = kinds, unit = unit, epoch_ms = epoch_ms),
    class = "zuid_layout"
  )
  problem <- rust_layout_problem(layout)
  if (!is.null(problem)) {
    zuid_abort(layout_problem_message(problem, layout),
               class = "zuid_error_layout", call = call)
  }
  layout
}

part_kinds <- c("sign", "time", "node", "sequence")

rust_layout_problem <- function(layout) {
  args <- layout_for_rust(layout)
  layout_problem(args$kinds, args$bits, args$unit_ms, args$epoch_ms)
}

layout_problem_message <- function(problem, layout) {
  bits <- layout$bits
  part <- if (is.na(problem$index %||% NA)) NA else names(bits)[[problem$index]]
  label <- if (part %in% c("time", NA)) "The time part" else sprintf("The field `%s`", part)
  switch(problem$code,
    part_too_wide = sprintf(paste(
      "%s has %d bits; a part has at most 53, so that its values read",
      "exactly as doubles."
    ), label, as.integer(problem$value)),
    sequence_too_wide = sprintf(paste(
      "`sequence` has %d bits; it has at most 31, so that `id_fields()`",
      "returns it as an integer."
    ), as.integer(problem$value)),
    bits_total = bits_total_message(layout),
    empty_part = sprintf("%s has 0 bits; every part but the sequence has at least 1.", label),
    epoch_range = sprintf(
      "The epoch (%s ms since 1970) must lie in the years 1 to 9999.",
      whole_text(layout$epoch_ms)
    ),
    "The layout's parts are inconsistent; build layouts with `id_layout()`."
  )
}

bits_total_message <- function(layout) {
  sign_bit <- "sign" %in% layout$kinds
  parts <- layout$bits[layout$kinds != "sign"]
  sprintf(paste(
    "With `sign_bit = %s`, the time, fields and sequence must add up to %d",
    "bits; they add up to %d (%s)."
  ), sign_bit, if (sign_bit) 63L else 64L, sum(parts),
  paste(names(parts), parts, collapse = " + "))
}

`%||%` <- function(x, y) if (is.null(x)) y else x
