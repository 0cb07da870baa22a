# What a zuid_id becomes when R asks for another kind of vector. Base R
# reaches into the doubles underneath wherever it can take an object for a
# plain vector; where it asks first, the answer keeps the IDs exact: a
# list of IDs, their text, their times. The nearest doubles are there for
# plotting, never to rebuild an ID from.

# An ID is not a number (as a Date is not): numeric summaries, such as
# `across(where(is.numeric), mean)`, and as.matrix() of a data frame leave
# it alone.
#' @exportS3Method is.numeric zuid_id
is.numeric.zuid_id <- function(x) FALSE

# lapply(), sapply(), vapply(), Filter() and purrr::map() take an object's
# elements from as.list(): each a zuid_id of the same layout.
#' @export
as.list.zuid_id <- function(x, ...) {
  check_id_storage(x, sys.call())
  lapply(unclass(x), new_zuid_id, layout = id_layout_attr(x))
}

# Base R's matrix(), outer() and (before R 4.5) set operations take plain
# vectors through as.vector(): the exact text here, which base R compares,
# sorts and shows as it is. A vector classed integer64 before zuid_id
# (edited by hand) is bit64's first, whose code (matrix() in bit64 4.8)
# wants the doubles as.vector() gives an integer64.
#' @exportS3Method as.vector zuid_id
as.vector.zuid_id <- function(x, mode = "any") {
  bit64_at <- match("integer64", class(x), nomatch = 0L)
  if (bit64_at > 0L && bit64_at < match("zuid_id", class(x))) {
    return(NextMethod())
  }
  switch(mode,
    any = , character = as.character(x),
    list = as.list(x),
    numeric = , double = as.double(x),
    as.vector(as.character(x), mode)
  )
}

#' @export
as.matrix.zuid_id <- function(x, ...) {
  matrix(as.character(x), ncol = 1L, dimnames = if (!is.null(names(x))) list(names(x), NULL))
}

#' @exportS3Method bit64::as.integer64 zuid_id
as.integer64.zuid_id <- function(x, ...) plain_integer64(x)

# The nearest double of each ID, read as unsigned: exact below 2^53 only.
#' @export
as.double.zuid_id <- function(x, ...) rust_value(ids_to_double(x), sys.call())

# bit64's as.integer() reads an integer64 as signed: the IDs that fit an
# integer are below 2^31, and exact as doubles.
#' @export
as.integer.zuid_id <- function(x, ...) as.integer(as.double(x))

#' The times of IDs as POSIXct or Date
#'
#' `as.POSIXct()` of a `zuid_id` is [id_time()] of it: the time each ID
#' was made, read with the layout the IDs carry (a `zuid_id` without one is
#' an error that says how to give it). `as.Date()` is the day of that time
#' in UTC.
#'
#' @param x A `zuid_id` vector that carries its layout.
#' @param tz The time zone the times are shown in.
#' @param ... Unused.
#' @returns A POSIXct, or a Date, vector; `NA` for `NA`.
#' @name zuid_id-times
#' @examples
#' ids <- as_zuid_id("175928847299117063", "discord")
#' as.POSIXct(ids)
#' as.Date(ids)
NULL

#' @rdname zuid_id-times
#' @export
as.POSIXct.zuid_id <- function(x, tz = "UTC", ...) {
  call <- sys.call()
  check_id_storage(x, call)
  time <- decode_vector(x, carried_layout(x, call), time_only = TRUE, call)$time
  attr(time, "tzone") <- tz
  time
}

#' @rdname zuid_id-times
#' @export
as.Date.zuid_id <- function(x, ...) {
  call <- sys.call()
  check_id_storage(x, call)
  as.Date(decode_vector(x, carried_layout(x, call), time_only = TRUE, call)$time, tz = "UTC")
}

# The layout `x` carries, for conversions that have no `layout` argument.
carried_layout <- function(x, call) {
  layout <- checked_layout_attr(x, call)
  if (is.null(layout)) {
    zuid_abort(paste(
      "These IDs carry no layout, so their times are unknown: read them with",
      "`as_zuid_id(x, layout)`, or use `id_time(x, layout)`."
    ), class = "zuid_error_layout", call = call)
  }
  layout
}

# A zuid_id's bits as a plain integer64, which bit64 reads as signed.
plain_integer64 <- function(x) {
  check_id_storage(x, sys.call(-1L))
  structure(as.vector(unclass(x)), class = "integer64")
}
