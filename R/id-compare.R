# Comparing zuid_ids by value, as unsigned 64-bit numbers, in Rust: bit64
# compares integer64 as signed. Arithmetic is refused, since an ID is a
# label with a time in it, wherever R lets zuid's methods see it.

comparison_ops <- c("==", "!=", "<", "<=", ">", ">=")

#' @export
Ops.zuid_id <- function(e1, e2) {
  # The call as written (`ids < x`), not as dispatched.
  call <- if (nargs() == 1L) call(.Generic, substitute(e1)) else call(.Generic, substitute(e1), substitute(e2))
  if (!.Generic %in% comparison_ops || nargs() == 1L) {
    abort_arithmetic(.Generic, call)
  }
  compare_ids(.Generic, e1, e2, call)
}

# `e1 op e2` where at least one side is a zuid_id; the other is read as
# IDs of the same layout. Each side is named as it stands in the call.
compare_ids <- function(op, e1, e2, call) {
  layout <- shared_layout(list(e1, e2), call)
  out <- rust_value(ids_compare(operand_bits(e1, op, "left", layout, call),
                                operand_bits(e2, op, "right", layout, call), op), call)
  # Setting names, even NULL ones, on a value just returned would copy it.
  shown <- names(if (length(e1) >= length(e2)) e1 else e2)
  if (!is.null(shown)) names(out) <- shown
  out
}

# One side of a comparison as ID bits. A time, a factor or a data frame
# is not an ID: they are refused with what to compare instead (on R 4.2
# this runs only where R lets zuid's method see them, see ?as_zuid_id).
operand_bits <- function(x, op, side, layout, call) {
  label <- sprintf("the %s side of `%s`", side, op)
  if (is.object(x) && !inherits(x, "integer64") && !identical(class(x), "AsIs")) {
    hint <- if (inherits(x, c("POSIXt", "Date"))) {
      "compare with the first ID of that time, `id_from_time(t, layout)`, or compare `id_time(x)` with the time"
    } else if (is.factor(x)) {
      "convert the factor with `as.character()` first"
    } else if (is.data.frame(x)) {
      "compare with one of its columns"
    } else {
      "give IDs as text, bit64::integer64, exact numbers or a zuid_id"
    }
    zuid_abort(sprintf("%s is %s, not IDs: %s.", sentence(label), describe_value(x), hint),
               class = "zuid_error_type", call = call)
  }
  id_bits(x, layout, call, entries = list(arg = label, effect = "the comparison would be wrong"))
}

#' @export
Math.zuid_id <- function(x, ...) {
  switch(.Generic,
    cummax = cumulative_ids(x, TRUE),
    cummin = cumulative_ids(x, FALSE),
    abort_arithmetic(.Generic, sys.call())
  )
}

#' @export
mean.zuid_id <- function(x, ...) abort_arithmetic("mean", sys.call())

# bit64's methods for these would compute with the integer64 underneath.

#' @export
diff.zuid_id <- function(x, ...) abort_arithmetic("diff", sys.call())

#' @export
seq.zuid_id <- function(...) abort_arithmetic("seq", sys.call())

#' @export
scale.zuid_id <- function(x, center = TRUE, scale = TRUE) abort_arithmetic("scale", sys.call())

abort_arithmetic <- function(op, call) {
  zuid_abort(sprintf(paste(
    "`%s` is not defined for IDs: an ID is a label with a time in it, not a",
    "number. Build IDs from times and parts with `id_compose()`, the bounds of",
    "a time with `id_from_time()`, and compare or sort IDs as they are."
  ), op), class = "zuid_error_arithmetic", call = call)
}
