# Ordering zuid_ids by value, as unsigned 64-bit numbers, in Rust: bit64
# sorts integer64 as signed, which puts IDs of 2^63 and more first. Order
# statistics (extremes, quantiles, the median, running extremes) are
# IDs; anything that would average IDs is refused.

#' @export
xtfrm.zuid_id <- function(x) rust_value(ids_rank(x), sys.call())

#' @export
sort.zuid_id <- function(x, decreasing = FALSE, na.last = NA, ...) {
  sorted <- rust_value(ids_sort(x, isTRUE(decreasing)), sys.call())
  if (!is.na(na.last)) {
    missing <- rep(na_id_bits, sum(is.na(x)))
    sorted <- if (isTRUE(na.last)) c(sorted, missing) else c(missing, sorted)
  }
  new_zuid_id(sorted, id_layout_attr(x))
}

# bit64 masks order() and rank() with generics of its own whose integer64
# methods sort signed. These methods for zuid_ids are registered with
# bit64's generics when zuid loads (see .onLoad()) and go back to base R,
# which orders objects by xtfrm().

bit64_order_zuid_id <- function(..., na.last = TRUE, decreasing = FALSE,
                                method = c("auto", "shell", "radix")) {
  base::order(..., na.last = na.last, decreasing = decreasing, method = method)
}

bit64_rank_zuid_id <- function(x, ...) base::rank(xtfrm(x), ...)

#' @export
Summary.zuid_id <- function(..., na.rm = FALSE) {
  call <- sys.call()
  if (!.Generic %in% c("min", "max", "range")) {
    abort_arithmetic(.Generic, call)
  }
  values <- list(...)
  # range(x, finite = TRUE) drops what is not finite: for IDs, the NAs.
  if (.Generic == "range" && "finite" %in% names(values)) {
    na.rm <- na.rm || isTRUE(values$finite)
    values$finite <- NULL
  }
  layout <- shared_layout(values, call)
  bits <- unlist(lapply(values, id_bits, layout = layout, call = call), use.names = FALSE)
  if (length(bits) == 0L) {
    zuid_abort(sprintf("`%s()` of no IDs has no value.", .Generic), class = "zuid_error_type", call = call)
  }
  extremes <- new_zuid_id(rust_value(ids_range(bits, isTRUE(na.rm))), layout)
  switch(.Generic, min = extremes[1L], max = extremes[2L], range = extremes)
}

# The running largest or smallest ID, for cummax() and cummin().
cumulative_ids <- function(x, largest) {
  out <- new_zuid_id(rust_value(ids_cumulative(x, largest), sys.call(-1L)), id_layout_attr(x))
  names(out) <- names(x)
  out
}

#' Quantiles and the median of IDs
#'
#' IDs are ordered, not added: `quantile()` of a `zuid_id` gives order
#' statistics, the IDs at the probabilities `probs` as R's `type = 1` (the
#' inverse of the empirical distribution function) defines them, which
#' never average two IDs. `median()` is the same at 0.5: the middle ID, or
#' the lower of the two middle ones when their number is even. Both order
#' IDs of 2^63 and more above the others.
#'
#' @param x A `zuid_id` vector.
#' @param probs Probabilities from 0 to 1.
#' @param na.rm Whether to drop `NA`s first; with `NA`s and `FALSE`,
#'   `quantile()` is an error and `median()` is `NA`.
#' @param names Whether to name the result by the probabilities, as
#'   `"25%"`.
#' @param type `1`, the only type that needs no arithmetic on IDs.
#' @param ... Unused.
#' @returns A `zuid_id` vector with the layout of `x`.
#' @name zuid_id-quantile
#' @examples
#' ids <- as_zuid_id(c("175928847299117063", "1212912214386673976",
#'                     "18446744073709551615", "5"), "discord")
#' quantile(ids)
#' median(ids)
NULL

#' @rdname zuid_id-quantile
#' @importFrom stats quantile
#' @export
quantile.zuid_id <- function(x, probs = seq(0, 1, 0.25), na.rm = FALSE, names = TRUE, type = 1, ...) {
  call <- sys.call()
  if (!identical(as.numeric(type), 1)) {
    zuid_abort(sprintf(paste(
      "`type` must be 1 for IDs, not %s: the other types interpolate between",
      "two IDs, which is arithmetic."
    ), describe_value(type)), class = "zuid_error_arithmetic", call = call)
  }
  if (!is.numeric(probs) || is.object(probs) || anyNA(probs) || any(probs < 0 | probs > 1)) {
    zuid_abort(sprintf("`probs` must be probabilities from 0 to 1, not %s.", describe_value(probs)),
               class = "zuid_error_type", call = call)
  }
  if (!isTRUE(na.rm) && anyNA(x)) {
    zuid_abort("`x` has NAs: give `na.rm = TRUE` to leave them out.",
               class = "zuid_error_type", call = call)
  }
  out <- order_statistics(x, probs)
  if (isTRUE(names)) {
    names(out) <- paste0(formatC(100 * probs, format = "fg", width = 1, digits = 7), "%")
  }
  out
}

#' @rdname zuid_id-quantile
#' @importFrom stats median
#' @export
median.zuid_id <- function(x, na.rm = FALSE, ...) {
  if (!isTRUE(na.rm) && anyNA(x)) {
    return(new_zuid_id(na_id_bits, id_layout_attr(x)))
  }
  order_statistics(x, 0.5)
}

# The IDs at probabilities `probs` among the non-missing IDs of `x`, as
# quantile(type = 1) picks them: the smallest ID whose share of IDs at or
# below it reaches p (with R's tolerance for p * n landing on a whole
# number); NA when there are none.
order_statistics <- function(x, probs) {
  sorted <- sort(x)
  n <- length(sorted)
  if (n == 0L) {
    return(new_zuid_id(rep(na_id_bits, length(probs)), id_layout_attr(x)))
  }
  fuzz <- 4 * .Machine$double.eps
  np <- n * probs
  j <- floor(np + fuzz)
  at <- pmin(pmax(j + (np > j + fuzz), 1), n)
  sorted[at]
}

# is.unsorted() asks anyNA() first, then dispatches on the IDs.

#' @exportS3Method anyNA zuid_id
anyNA.zuid_id <- function(x, recursive = FALSE) any(is.na(x))

#' @exportS3Method is.unsorted zuid_id
is.unsorted.zuid_id <- function(x, na.rm = FALSE, strictly = FALSE) {
  n <- length(x)
  if (n <= 1L) {
    return(FALSE)
  }
  later <- x[-1L]
  earlier <- x[-n]
  if (isTRUE(strictly)) any(later <= earlier) else any(later < earlier)
}
