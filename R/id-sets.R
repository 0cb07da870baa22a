# Looking IDs up by value: match(), %in%, unique(), merge(), table(), sets.
#
# Base R's match() and %in% (and merge(), table() and factor(), which call
# them) match objects by mtfrm(). A zuid_id's form is its plain integer64's
# (see mtfrm.zuid_id()), so that a zuid_id and a plain integer64 match by
# their bits. A table of bare numbers or text is compared as R's text of
# them, so zuid's own match() and %in%, exported, read every side as IDs of
# one layout and match bits: numbers exactly, or a zuid_error_precision for
# a double of 2^53 or more, as in `==`. bit64 masks both with generics of
# its own; zuid's methods for them (registered in .onLoad(), for zuid_ids
# and for text and numbers looked up in zuid_ids) do the same.
#
# The set operations and table() are exported too: base R's take IDs
# through as.vector() (text) on R 4.4 and older and keep them on R 4.5 and
# later, and bit64 (4.8 and later) masks them with functions of its own
# that read a zuid_id as signed. zuid's give IDs, the same on every R and
# bit64, and are the functions they mask for values that are not IDs.

#' Looking up IDs by value
#'
#' `match()` and `%in%` find IDs by value when either side is a `zuid_id`:
#' the other side may be a `zuid_id` of the same layout, a plain
#' `bit64::integer64` (as `data.table::fread()` and RSQLite return them),
#' decimal text or exact numbers, read as [as_zuid_id()] reads them; a
#' double of 2^53 or more is a `zuid_error_precision`, as in `==`. For any
#' other values they are bit64's `match()` and `%in%`, which are base R's
#' for anything but an integer64. zuid exports them for this (masking
#' base R's, as bit64 does). Code that calls base R's `match()`, such as
#' [merge()] and [factor()], matches a `zuid_id` and a plain integer64 by
#' their bits, and a `zuid_id` and decimal text by its digits below 2^63
#' (text of an ID of 2^63 or more matches no `zuid_id` there: read it with
#' [as_zuid_id()] first).
#'
#' [unique()] and [duplicated()] work on values. `union()`, `intersect()`,
#' `setdiff()`, `setequal()` and `is.element()` do too when either side is a
#' `zuid_id`, reading the other side as `match()` does; `union()`,
#' `intersect()` and `setdiff()` give a `zuid_id` without duplicates (and
#' without names), in the order base R gives. `table()` counts IDs under
#' their exact digits, in the order of their values (base R's `table()`
#' does this through `factor()` and zuid's methods; zuid exports its own
#' `table()` only with bit64 4.8 or later installed, whose `table()` would
#' read IDs as signed). zuid exports the set operations, as bit64 (4.8 and
#' later) does, and for values that are not IDs they are bit64's where bit64
#' has them, else base R's.
#'
#' Why zuid masks these base functions (`library(zuid)` lists them): only
#' what a `zuid_id`'s value needs and S3 methods cannot give on R 4.2.
#' `match()` and `%in%` are not generic, and base R's compare an object by
#' its `mtfrm()`, as text: exact for a `zuid_id` against IDs, text and
#' integer64, but `1e+05` for the number 100000, and no error for a double
#' too large to be exact. The set operations of R before 4.5 take both
#' sides through `as.vector()`, which returns text for a `zuid_id` and
#' doubles for a plain integer64, so that a union of the two is wrong.
#' Everything else (`unique()`, `duplicated()`, `sort()`, `order()`,
#' `merge()`, `factor()`, `table()`) works by value through methods.
#'
#' Attach bit64 before zuid, or not at all (zuid loads it): bit64 attached
#' after zuid masks these functions. bit64's `match()`, `%in%` and set
#' operations then still run zuid's methods, but they read text with
#' bit64's `as.integer64()`, which makes text of 2^63 and more `NA`, and
#' bit64's `table()` shows IDs of 2^63 and more as negative numbers.
#'
#' @param x,table,y,el,set Values to match; at least one a `zuid_id` for
#'   zuid's matching.
#' @param nomatch The position given where there is no match.
#' @param incomparables Values of `x` that match nothing, read as IDs
#'   like `table`; `NULL` or `FALSE` for none.
#' @param ... Passed on to bit64's `match()` for values that are not IDs;
#'   for `table()`, the vectors to count and base R's arguments of
#'   [base::table()].
#' @returns `match()`: an integer vector of positions in `table`. `%in%`,
#'   `is.element()`: a logical vector; `setequal()`: `TRUE` or `FALSE`.
#'   `union()`, `intersect()`, `setdiff()`: a `zuid_id` when either side
#'   is one. `table()`: a table.
#' @name zuid_id-sets
#' @examples
#' ids <- as_zuid_id(c("175928847299117063", "1212912214386673976"), "discord")
#' ids %in% c("1212912214386673976", "5")
#' match(bit64::as.integer64("175928847299117063"), ids)
#' merge(data.frame(id = ids, n = 1:2), data.frame(id = as.character(ids[2]), m = 3))
#' unique(c(ids, ids[2], "5"))
#' union(ids, "5")
#' setdiff(ids, bit64::as.integer64("175928847299117063"))
#' table(c(ids, ids[1]))
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
  if (is_zuid_text_id(x) || is_zuid_text_id(table)) {
    return(match_text_ids(x, table, nomatch, incomparables))
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
  if (is_zuid_text_id(x) || is_zuid_text_id(table)) {
    return(!is.na(match_text_ids(x, table, NA_integer_, NULL)))
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
  table <- side(table, "`table`")
  # bit64 before 4.6 fails on an empty table.
  if (length(table) == 0L) {
    return(rep(as.integer(nomatch), length(x)))
  }
  out <- bit64::match(x, table, nomatch = nomatch)
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
  if (is_zuid_text_id(x) || is_zuid_text_id(table)) {
    return(match_text_ids(x, table, nomatch, incomparables))
  }
  base::match(x, table, nomatch = nomatch, incomparables = incomparables, ...)
}

bit64_in_ids <- function(x, table) {
  if (is_zuid_id(x) || is_zuid_id(table)) {
    return(!is.na(match_ids(x, table, NA_integer_, NULL, sys.call())))
  }
  if (is_zuid_text_id(x) || is_zuid_text_id(table)) {
    return(!is.na(match_text_ids(x, table, NA_integer_, NULL)))
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

# A zuid_id takes the form of its plain integer64 (bit64's text of the
# signed number, from its own method or from as.character()), so that base
# R's match() finds a zuid_id in a plain integer64, and one in the other,
# by their bits, 2^63 and more included. Text is compared with that form:
# exactly below 2^63 (see ?zuid_id-sets for text of IDs of 2^63 and more).
#' @exportS3Method mtfrm zuid_id
mtfrm.zuid_id <- function(x) mtfrm(plain_integer64(x))

# Base R's match() (merge(), factor()) compares a zuid_text_id by its
# canonical text.
#' @exportS3Method mtfrm zuid_text_id
mtfrm.zuid_text_id <- function(x) as.character(x)

# Set operations ---------------------------------------------------------

#' @rdname zuid_id-sets
#' @export
union <- function(x, y) {
  if (!is_zuid_id(x) && !is_zuid_id(y)) {
    return(masked_function("union")(x, y))
  }
  ids <- set_sides(x, y, "`x`", "`y`", sys.call())
  unique(c(ids$x, ids$y))
}

#' @rdname zuid_id-sets
#' @export
intersect <- function(x, y) {
  if (!is_zuid_id(x) && !is_zuid_id(y)) {
    return(masked_function("intersect")(x, y))
  }
  ids <- set_sides(x, y, "`x`", "`y`", sys.call())
  x <- unique(ids$x)
  x[x %in% ids$y]
}

#' @rdname zuid_id-sets
#' @export
setdiff <- function(x, y) {
  if (!is_zuid_id(x) && !is_zuid_id(y)) {
    return(masked_function("setdiff")(x, y))
  }
  ids <- set_sides(x, y, "`x`", "`y`", sys.call())
  x <- unique(ids$x)
  x[!x %in% ids$y]
}

#' @rdname zuid_id-sets
#' @export
setequal <- function(x, y) {
  if (!is_zuid_id(x) && !is_zuid_id(y)) {
    return(masked_function("setequal")(x, y))
  }
  ids <- set_sides(x, y, "`x`", "`y`", sys.call())
  all(ids$x %in% ids$y) && all(ids$y %in% ids$x)
}

#' @rdname zuid_id-sets
#' @export
is.element <- function(el, set) {
  if (!is_zuid_id(el) && !is_zuid_id(set)) {
    return(masked_function("is.element")(el, set))
  }
  ids <- set_sides(el, set, "`el`", "`set`", sys.call())
  ids$x %in% ids$y
}

# Both sides of a set operation as zuid_ids of their shared layout, without
# names, read as match() reads them (NULL is no IDs).
set_sides <- function(x, y, x_arg, y_arg, call) {
  layout <- shared_layout(list(x, y), call)
  side <- function(v, arg) {
    if (is.null(v)) v <- character()
    entries <- list(arg = arg, effect = "the set would hold the wrong IDs")
    new_zuid_id(unname(unclass(id_bits(v, layout, call, entries))), layout)
  }
  list(x = side(x, x_arg), y = side(y, y_arg))
}

# Exported only where bit64 (4.8 and later) exports a table() of its own,
# which reads a zuid_id as signed: base R's table() counts a zuid_id by its
# exact digits (through factor() and zuid's methods), in the order of its
# values, so with an older bit64 nothing needs masking it.
#' @rdname zuid_id-sets
#' @rawNamespace if (utils::packageVersion("bit64") >= "4.8.0") export(table)
table <- function(...) {
  if (any(vapply(list(...), is_zuid_id, logical(1)))) base::table(...) else masked_function("table")(...)
}

# What zuid's set operations and table() are for values that are not IDs:
# bit64's function where it has one (bit64 4.8 and later, right for plain
# integer64 too), else base R's.
masked_function <- function(name) {
  bit64 <- asNamespace("bit64")
  if (name %in% getNamespaceExports(bit64)) get(name, envir = bit64) else get(name, envir = baseenv())
}
