#' The times of IDs that lost digits
#'
#' A column of IDs that went through a double or a spreadsheet cannot be
#' repaired, but its times can be bounded: every ID that rounds to such a
#' value has its time between two bounds, a millisecond or two apart for
#' today's tweet IDs. `id_time_bounds()` gives, for each entry, the
#' earliest and the latest time of any ID of the layout that it may stand
#' for; for an exact ID both are its time, as [id_time()] gives it.
#'
#' What an entry may stand for depends on its form, and every bound is
#' computed exactly, on integers, never through a double:
#'
#' * **A double of 2^53 or more** (`1.2940304724278e18` in R): every
#'   integer whose nearest double it is.
#' * **Decimal text of 16 digits or more whose digits after the 15th are
#'   all 0** (`"1294030472427830000"`), as a spreadsheet keeps 15
#'   significant digits: every integer that prints to those digits under
#'   `%.15g` (R's `as.character()` of its double, a spreadsheet's display),
#'   and every integer whose first 15 digits they are, since Excel
#'   truncates the digits after the 15th when it reads a number. (A genuine
#'   ID that happens to end so, about 1 in 10,000, gets bounds around its
#'   own time.)
#' * **Scientific text** (`"1.29403047242783E+18"`, as a spreadsheet saves
#'   a number in its General format, or `"1.2940304e+18"` from
#'   `write.csv()`): every integer within half a unit of the last digit
#'   written, and every integer whose nearest double, or whose first 15
#'   digits, are within it (the writer printed a double, or what Excel kept).
#' * Anything else (other text, `bit64::integer64`, integers, doubles below
#'   2^53) is exact. A column whose values went through a double and came
#'   back as exact integers or as their full text (`as.integer64()` of a
#'   double, `format(x, digits = 22)`, a JSON writer's 16 or 17 digits)
#'   shows no sign of it in any one value: [id_check_damage()] finds it in
#'   the column (its cause `"double_value"` or `"double_text"`), and
#'   `through_double = TRUE` takes every value of 2^53 or more as a
#'   double's, standing for every integer that double is nearest to.
#'
#' Of those integers only the layout's IDs count (below 2^63 where the
#' layout has a sign bit); an entry that stands for none of them, or is no
#' number at all, is `NA` and counted in the one warning of class
#' `zuid_warning_invalid`. Times are the starts of ticks, as [id_time()]
#' gives them: the last ID may have been minted up to one tick after
#' `latest`.
#'
#' @inheritParams id_fields
#' @param x IDs as [id_fields()] reads them, and values that lost digits:
#'   a character, `bit64::integer64` (or [zuid_id][as_zuid_id()]), double
#'   or integer vector. Doubles of 2^53 or more are read as what they are.
#' @param through_double `TRUE` when the column went through a double on
#'   its way: then every value of 2^53 or more (text, integer64) stands for
#'   every integer its nearest double is nearest to.
#' @returns A data frame with one row per entry of `x`: `earliest` and
#'   `latest` (POSIXct, UTC), and `exact`, `TRUE` where the entry stands
#'   for one ID (both times are its time), `FALSE` where it may stand for
#'   more.
#' @seealso [id_check_damage()], which tells whether a column was rounded.
#' @export
#' @examples
#' # A tweet ID, and the same ID after a spreadsheet: 15 digits, in its
#' # cells and as it saves them in scientific notation.
#' id_time_bounds(c("1294030472427830433", "1294030472427830000",
#'                  "1.29403047242783E+18"), "twitter")
#'
#' # A double, as read.csv() reads a column of IDs.
#' bounds <- id_time_bounds(1294030472427830433, "twitter")
#' format(bounds$earliest, "%H:%M:%OS3")
#' format(bounds$latest, "%H:%M:%OS3")
#'
#' # A column converted back from doubles shows no sign in any one value.
#' id_time_bounds(bit64::as.integer64(1294030472427830433), "twitter",
#'                through_double = TRUE)
id_time_bounds <- function(x, layout = NULL, through_double = FALSE) {
  call <- sys.call()
  layout <- resolve_layout(x, layout, call)
  through_double <- check_flag(through_double, "through_double", call)
  ids <- check_ids(x, call)
  bounds <- rust_value(ids_time_bounds(ids$x, ids$input, layout, through_double), call,
                       list(layout = layout, x = x))
  as_utc <- function(seconds) structure(seconds, class = c("POSIXct", "POSIXt"), tzone = "UTC")
  structure(list(earliest = as_utc(bounds$earliest), latest = as_utc(bounds$latest), exact = bounds$exact),
            class = "data.frame", row.names = c(NA_integer_, -length(bounds$exact)))
}
