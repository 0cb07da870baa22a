#' @section Masked functions:
#' `library(zuid)` masks `match()`, `%in%`, `union()`, `intersect()`,
#' `setdiff()`, `setequal()` and `is.element()` of base R (and `table()`
#' where bit64 4.8 or later is installed, since that bit64's `table()`
#' reads IDs as signed): on R 4.2 these cannot be made to work on IDs by
#' value through S3 methods. zuid's versions read both sides as IDs when
#' either is a `zuid_id`, and are base R's (or bit64's) for all other
#' values. Everything else (`unique()`, `sort()`, `merge()`, `factor()`,
#' `table()`) works through methods. See [zuid_id-sets] for why each one.
#'
#' @section Times:
#' Every function that takes a time takes a POSIXct, a Date or ISO 8601 text
#' such as `"2024-03-05 10:00"`; text without a zone is UTC (see
#' [id_from_time()]).
#' @keywords internal
"_PACKAGE"

# bit64 is imported so that integer64, which a zuid_id is underneath, always
# has its methods, and so that zuid_id methods can join its generics.
#' @importFrom bit64 as.integer64
NULL

.onLoad <- function(libname, pkgname) {
  join_bit64()
  # jsonlite's writer is an S4 generic: its method for zuid_ids is set now
  # if jsonlite is loaded, else when it loads.
  if (isNamespaceLoaded("jsonlite")) {
    register_json_method()
  }
  setHook(packageEvent("jsonlite", "onLoad"), function(...) try(register_json_method(), silent = TRUE))
}
