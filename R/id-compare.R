# Comparing and ordering zuid_ids by value, as unsigned 64-bit numbers,
# in Rust: bit64 compares and sorts integer64 as signed. Arithmetic is
# refused, since an ID is a label with a time in it.

#' @export
Ops.zuid_id <- function(e1, e2) {
  # The call as written (`ids < x`), not as dispatched.
  call <- if (nargs() == 1L) call(.Generic, substitute(e1)) else call(.Generic, substitute(e1), substitute(e2))
  if (!.Generic %in% c("==", "!=", "<", "<=", ">", ">=") || nargs() == 1L) {
    abort_arithmetic(.Generic, call)
  }
  layout <- shared_layout(list(e1, e2), call)
  out <- rust_value(ids_compare(id_bits(e1, layout, call), id_bits(e2, layout, call), .Generic), call)
  # Setting names, even NULL ones, on a value just returned would copy it.
  shown <- names(if (length(e1) >= length(e2)) e1 else e2)
  if (!is.null(shown)) names(out) <- shown
  out
}

#' @export
Math.zuid_id <- function(x, ...) abort_arithmetic(.Generic, sys.call())

#' @export
Summary.zuid_id <- function(..., na.rm = FALSE) {
  call <- sys.call()
  if (!.Generic %in% c("min", "max", "range")) {
    abort_arithmetic(.Generic, call)
  }
  values <- list(...)
  layout <- shared_layout(values, call)
  bits <- unlist(lapply(values, id_bits, layout = layout, call = call), use.names = FALSE)
  if (length(bits) == 0L) {
    zuid_abort(sprintf("`%s()` of no IDs has no value.", .Generic), class = "zuid_error_type", call = call)
  }
  extremes <- new_zuid_id(rust_value(ids_range(bits, isTRUE(na.rm))), layout)
  switch(.Generic, min = extremes[1L], max = extremes[2L], range = extremes)
}

#' @export
mean.zuid_id <- function(x, ...) abort_arithmetic("mean", sys.call())

#' @importFrom stats median
#' @export
median.zuid_id <- function(x, na.rm = FALSE, ...) abort_arithmetic("median", sys.call())

abort_arithmetic <- function(op, call) {
  zuid_abort(sprintf(paste(
    "`%s` is not defined for IDs: an ID is a label with a time in it, not a",
    "number. Build IDs from times and parts with `id_compose()`, the bounds of",
    "a time with `id_from_time()`, and compare or sort IDs as they are."
  ), op), class = "zuid_error_arithmetic", call = call)
}

#' @export
xtfrm.zuid_id <- function(x) rust_value(ids_rank(x))

#' @export
sort.zuid_id <- function(x, decreasing = FALSE, na.last = NA, ...) {
  sorted <- rust_value(ids_sort(x, isTRUE(decreasing)))
  if (!is.na(na.last)) {
    missing <- rep(na_id_bits, sum(is.na(x)))
    sorted <- if (isTRUE(na.last)) c(sorted, missing) else c(missing, sorted)
  }
  new_zuid_id(sorted, id_layout_attr(x))
}

# bit64 masks order(), rank(), match() and %in% with generics of its own
# whose integer64 methods sort signed and read a text table as signed.
# These methods for zuid_ids are registered with bit64's generics when zuid
# loads (see .onLoad()): order() and rank() go back to base R, which orders
# objects by xtfrm(); match() and %in% match the IDs' bits after reading
# the table as IDs of the same layout.

bit64_order_zuid_id <- function(..., na.last = TRUE, decreasing = FALSE,
                                method = c("auto", "shell", "radix")) {
  base::order(..., na.last = na.last, decreasing = decreasing, method = method)
}

bit64_rank_zuid_id <- function(x, ...) base::rank(xtfrm(x), ...)

bit64_match_zuid_id <- function(x, table, nomatch = NA_integer_, incomparables = NULL, ...) {
  call <- sys.call()
  layout <- shared_layout(list(x, table), call)
  bit64::match(as_plain_integer64(x, layout, call), as_plain_integer64(table, layout, call),
               nomatch = nomatch, incomparables = incomparables)
}

bit64_in_zuid_id <- function(x, table) !is.na(bit64_match_zuid_id(x, table))

#' @export
unique.zuid_id <- function(x, incomparables = FALSE, ...) {
  x[!duplicated(x, incomparables = incomparables, ...)]
}

# Base R's match() and %in% match objects by mtfrm(): the exact digits.
#' @export
mtfrm.zuid_id <- function(x) as.character(x)

as_plain_integer64 <- function(x, layout, call) {
  structure(id_bits(x, layout, call), class = "integer64", layout = NULL)
}
