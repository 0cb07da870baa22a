#' Compare layouts, and list their parts
#'
#' `x == y` is `TRUE` when two layouts read every ID the same way: the same
#' parts (sign bit, time, node fields by name, sequence) with the same
#' widths in the same order, the same tick length, the same start of tick
#' 0 and the same text form. What only changes how a layout looks does not
#' count: its name (a built-in name, `"custom"` or a name of your own), and
#' where its epoch lies within tick 0 (epochs are floored to a whole number
#' of units, so two epochs in the same tick count ticks alike). Either side
#' may be the name of a built-in layout. `!=` is the negation. The result is
#' one `TRUE` or `FALSE`, as [identical()] gives, not one per element;
#' `identical()` itself compares the stored objects, names and epochs
#' included.
#'
#' `as.data.frame()` lists a layout's parts, most significant first.
#'
#' @param e1,e2 Layouts, or names of built-in layouts.
#' @param x A layout.
#' @param row.names,optional,... Unused; for the generic.
#' @returns `==`, `!=`: `TRUE` or `FALSE`. `as.data.frame()`: a data frame
#'   with one row per part: `name`, `kind` (`"sign"`, `"time"`, `"node"` or
#'   `"sequence"`), `bits` and `offset` (the bits below the part).
#' @name layout-compare
#' @examples
#' twitter_like <- id_layout(
#'   name = "acme",
#'   time = list(bits = 41, unit = "ms", epoch = 1288834974657),
#'   fields = list(datacenter = 5, worker = 5),
#'   sequence = 12
#' )
#' twitter_like == id_layout("twitter")
#' twitter_like == "discord"
#' identical(twitter_like, id_layout("twitter"))
#'
#' as.data.frame(id_layout("sonyflake", epoch = as.Date("2014-09-01")))
NULL

#' @rdname layout-compare
#' @export
Ops.zuid_layout <- function(e1, e2) {
  call <- sys.call()
  if (!.Generic %in% c("==", "!=")) {
    zuid_abort(sprintf("Layouts can be compared with `==` and `!=`, not `%s`.", .Generic),
               class = "zuid_error_type", call = call)
  }
  same <- same_layout(as_layout(e1, call), as_layout(e2, call), call)
  if (.Generic == "==") same else !same
}

# Whether two layouts read every ID the same way, whatever they are called
# (see `==` above).
same_layout <- function(x, y, call = NULL) {
  if (is_wide_layout(x) || is_wide_layout(y)) {
    # A 128-bit layout is its name and how its sub-millisecond bits read.
    return(identical(x$name, y$name) && identical(x$width, y$width) && identical(x$sub_ms, y$sub_ms))
  }
  identical(unname(x$bits), unname(y$bits)) &&
    identical(names(x$bits), names(y$bits)) &&
    identical(x$kinds, y$kinds) &&
    identical(x$text, y$text) &&
    identical(rust_value(time_unit_canonical(x$unit)), rust_value(time_unit_canonical(y$unit))) &&
    identical(layout_facts_of(x, call)$first_ms, layout_facts_of(y, call)$first_ms)
}

#' @rdname layout-compare
#' @export
as.data.frame.zuid_layout <- function(x, row.names = NULL, optional = FALSE, ...) {
  call <- sys.call()
  x <- check_layout(x, call)
  data.frame(
    name = names(x$bits), kind = x$kinds, bits = unname(x$bits),
    offset = unname(layout_facts_of(x, call)$offsets), stringsAsFactors = FALSE
  )
}
