#' @keywords internal
"_PACKAGE"

# bit64 is imported so that integer64, which a zuid_id is underneath, always
# has its methods, and so that zuid_id methods can join its generics.
#' @importFrom bit64 as.integer64
NULL

.onLoad <- function(libname, pkgname) {
  # bit64's own generics (it masks base R's order, rank, match and %in%)
  # get zuid_id methods: bit64 is imported, so its namespace is loaded.
  bit64 <- asNamespace("bit64")
  registerS3method("order", "zuid_id", bit64_order_zuid_id, envir = bit64)
  registerS3method("rank", "zuid_id", bit64_rank_zuid_id, envir = bit64)
  for (class in c("zuid_id", "character", "double", "integer")) {
    registerS3method("match", class, bit64_match_ids, envir = bit64)
    registerS3method("%in%", class, bit64_in_ids, envir = bit64)
  }
  # base R's match() of a zuid_id and a plain integer64 compares their
  # mtfrm() text, which must be the same digits on both sides.
  if (is.null(utils::getS3method("mtfrm", "integer64", optional = TRUE, envir = bit64))) {
    registerS3method("mtfrm", "integer64", mtfrm_integer64, envir = baseenv())
  }
  # R 4.3 lets a class choose its Ops method when the other argument has
  # one too, as a plain integer64, a POSIXct or a factor does; older R warns
  # and compares the raw doubles, which is why ?as_zuid_id asks to convert
  # first there.
  if (getRversion() >= "4.3.0") {
    registerS3method("chooseOpsMethod", "zuid_id", function(x, y, mx, my, cl, reverse) TRUE,
                     envir = baseenv())
  }
  # jsonlite's writer is an S4 generic: its method for zuid_ids is set now
  # if jsonlite is loaded, else when it loads.
  if (isNamespaceLoaded("jsonlite")) {
    register_json_method()
  }
  setHook(packageEvent("jsonlite", "onLoad"), function(...) try(register_json_method(), silent = TRUE))
}
