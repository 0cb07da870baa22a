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
  names(out) <- names(if (length(e1) >= length(e2)) e1 else e2)
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

abort_arithmetic <- function(op, call) {
  zuid_abort(sprintf(paste(
    "`%s` is not defined for IDs: an ID is a label with a time in it, not a",
    "number. Build IDs from times and parts with `id_compose()`, the bounds of",
    "a time with `id_from_time()`, and compare or sort IDs as they are."
  ), op), class = "zuid_error_arithmetic", call = call)
}

#' @export
xtfrm.zuid_id <- function(x) rust_value(ids_rank(as.vector(unclass(x))))

#' @export
sort.zuid_id <- function(x, decreasing = FALSE, na.last = NA, ...) {
  sorted <- rust_value(ids_sort(as.vector(unclass(x)), isTRUE(decreasing)))
  if (!is.na(na.last)) {
    missing <- rep(na_id_bits, sum(is.na(x)))
    sorted <- if (isTRUE(na.last)) c(sorted, missing) else c(missing, sorted)
  }
  new_zuid_id(sorted, id_layout_attr(x))
}

# bit64 masks order() and rank() with generics of its own whose integer64
# methods sort signed: these send zuid_ids back to base R, which orders
# objects by xtfrm().

#' @exportS3Method bit64::order
order.zuid_id <- function(..., na.last = TRUE, decreasing = FALSE,
                          method = c("auto", "shell", "radix")) {
  base::order(..., na.last = na.last, decreasing = decreasing, method = method)
}

#' @exportS3Method bit64::rank
rank.zuid_id <- function(x, ...) base::rank(xtfrm(x), ...)

#' @export
unique.zuid_id <- function(x, incomparables = FALSE, ...) {
  x[!duplicated(x, incomparables = incomparables, ...)]
}

# match() and %in% compare values: base R matches objects by mtfrm(),
# here the exact digits; bit64's masking match() and %in% get methods that
# match the IDs' bits after reading the table as IDs of the same layout.

#' @export
mtfrm.zuid_id <- function(x) as.character(x)

#' @exportS3Method bit64::match
match.zuid_id <- function(x, table, nomatch = NA_integer_, incomparables = NULL, ...) {
  call <- sys.call()
  layout <- shared_layout(list(x, table), call)
  bit64::match(as_plain_integer64(x, layout, call), as_plain_integer64(table, layout, call),
               nomatch = nomatch, incomparables = incomparables)
}

#' @rawNamespace S3method(bit64::"%in%", zuid_id)
`%in%.zuid_id` <- function(x, table) {
  !is.na(match.zuid_id(x, table))
}

as_plain_integer64 <- function(x, layout, call) {
  structure(id_bits(x, layout, call), class = "integer64")
}
