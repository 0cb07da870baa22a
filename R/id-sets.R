# Looking IDs up by value: match(), %in%, unique(), merge(), table(), sets.
#
# Base R's match() and %in% (and merge(), table() and factor(), which call
# them) match objects by mtfrm(): a zuid_id's exact digits, and a plain
# integer64's too, read as unsigned like a zuid_id's (base R would take the
# doubles underneath, so an integer64 would match nothing). A table of
# bare numbers is compared as R's text of them, so zuid's own match() and
# %in%, exported, read every side as IDs of one layout and match bits:
# numbers exactly, or a zuid_error_precision for a double of 2^53 or more,
# as in `==`. bit64 masks both with generics of its own; zuid's methods
# for them (registered in .onLoad(), for zuid_ids and for text and numbers
# looked up in zuid_ids) do the same.

#' Looking up IDs by value
#'
#' `match()` and `%in%` find IDs by value when either side is a `zuid_id`:
#' the other side may be a `zuid_id` of the same layout, a plain
#' `bit64::integer64` (as `data.table::fread()` and RSQLite return them),
#' decimal text or exact numbers, read as [as_zuid_id()] reads them; a
#' double of 2^53 or more is a `zuid_error_precision`, as in `==`. For any
#' other values they are bit64's `match()` and `%in%`, which are base R's
#' for anything but an integer64. zuid exports them for this (masking
#' base R's, as bit64 does); code that calls base R's, such as [merge()],
#' [table()] and [factor()], still matches a `zuid_id` by its exact
#' digits and a plain integer64 by its unsigned digits.
#'
#' [unique()] and [duplicated()] work on values. Base R's [union()],
#' [intersect()] and [setdiff()] turn both sides into plain vectors with
#' [as.vector()], which gives a `zuid_id`'s exact text: their results are
#' text. For IDs, write `unique(c(x, y))`, `unique(x[x %in% y])` and
#' `unique(x[!x %in% y])`.
#'
#' @param x,table Values to match; at least one a `zuid_id` for zuid's
#'   matching.
#' @param nomatch The position given where there is no match.
#' @param incomparables Values of `x` that match nothing, read as IDs
#'   like `table`; `NULL` or `FALSE` for none.
#' @param ... Passed on to bit64's `match()` for values that are not IDs.
#' @returns `match()`: an integer vector of positions in `table`. `%in%`: a
#'   logical vector.
#' @name zuid_id-sets
#' @examples
#' ids <- as_zuid_id(c("175928847299117063", "1212912214386673976"), "discord")
#' ids %in% c("1212912214386673976", "5")
#' match(bit64::as.integer64("175928847299117063"), ids)
#' merge(data.frame(id = ids, n = 1:2), data.frame(id = as.character(ids[2]), m = 3))
#' unique(c(ids, ids[2], "5"))
NULL

#' @rdname zuid_id-sets
#' @export
match <- function(x, table, nomatch = NA_integer_, incomparables = NULL, ...) {
  # Vectors with no class (zuid's own code among their users) go straight
  # to base R, as bit64 would send them.
  if (!is.object(x) && !is.object(table)) {
    return(base::match(x, table, nomatch, incomparables))
  }
  if (is_zuid_id(x) || is_zuid_id(table)) {
    return(match_ids(x, table, nomatch, incomparables, sys.call()))
  }
  bit64::match(x, table, nomatch = nomatch, incomparables = incomparables, ...)
}

#' @rdname zuid_id-sets
#' @export
`%in%` <- function(x, table) {
  if (!is.object(x) && !is.object(table)) {
    return(base::match(x, table, 0L) > 0L)
  }
  if (is_zuid_id(x) || is_zuid_id(table)) {
    return(!is.na(match_ids(x, table, NA_integer_, NULL, sys.call())))
  }
  bit64::`%in%`(x, table)
}

# Positions of the IDs of `x` in `table`, both read as IDs of their shared
# layout, matched by bits (NA matches NA, as in base R).
match_ids <- function(x, table, nomatch, incomparables, call) {
  layout <- shared_layout(list(x, table), call)
  side <- function(v, arg) {
    entries <- list(arg = arg, effect = "it would match the wrong IDs")
    plain_integer64(id_bits(v, layout, call, entries))
  }
  x <- side(x, "`x`")
  out <- bit64::match(x, side(table, "`table`"), nomatch = nomatch)
  if (!is.null(incomparables) && !isFALSE(incomparables)) {
    out[bit64::`%in%`(x, side(incomparables, "`incomparables`"))] <- as.integer(nomatch)
  }
  out
}

# zuid_ids, and text and numbers looked up in IDs, under bit64's generics
# (which would hand text and numbers to base R): zuid's matching when
# either side is IDs, else base R's.
bit64_match_ids <- function(x, table, nomatch = NA_integer_, incomparables = NULL, ...) {
  if (is_zuid_id(x) || is_zuid_id(table)) {
    return(match_ids(x, table, nomatch, incomparables, sys.call()))
  }
  base::match(x, table, nomatch = nomatch, incomparables = incomparables, ...)
}

bit64_in_ids <- function(x, table) {
  if (is_zuid_id(x) || is_zuid_id(table)) {
    return(!is.na(match_ids(x, table, NA_integer_, NULL, sys.call())))
  }
  base::`%in%`(x, table)
}

#' @export
unique.zuid_id <- function(x, incomparables = FALSE, ...) {
  x[!duplicated(x, incomparables = incomparables, ...)]
}

# bit64's method, which reads the bits in C, once the vector is known to
# hold them.
#' @export
duplicated.zuid_id <- function(x, incomparables = FALSE, ...) {
  check_id_storage(x, sys.call())
  NextMethod()
}

#' @exportS3Method mtfrm zuid_id
mtfrm.zuid_id <- function(x) as.character(x)

# integer64 is bit64's class: this method is registered in .onLoad(), and
# only while bit64 has no mtfrm() method of its own.
mtfrm_integer64 <- function(x) rust_value(ids_text(x), sys.call())
