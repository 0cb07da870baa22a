#' @keywords internal
"_PACKAGE"

# bit64 is imported so that integer64, which a zuid_id is underneath, always
# has its methods, and so that zuid_id methods can join its generics.
#' @importFrom bit64 as.integer64
NULL
