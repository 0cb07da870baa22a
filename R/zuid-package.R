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
