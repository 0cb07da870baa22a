# A zuid_id keeps its class and layout through subsetting, assignment,
# c() and rep(), and in vctrs (so in dplyr's verbs, joins and bind_rows()).

restore_id <- function(bits, like) new_zuid_id(bits, id_layout_attr(like))

#' @export
`[.zuid_id` <- function(x, ...) restore_id(NextMethod(), x)

#' @export
`[[.zuid_id` <- function(x, ...) restore_id(NextMethod(), x)

#' @export
`[<-.zuid_id` <- function(x, ..., value) {
  bits <- id_bits(value, id_layout_attr(x), sys.call())
  y <- unclass(x)
  y[...] <- bits
  restore_id(y, x)
}

#' @export
`[[<-.zuid_id` <- function(x, ..., value) {
  bits <- id_bits(value, id_layout_attr(x), sys.call())
  y <- unclass(x)
  y[[...]] <- bits
  restore_id(y, x)
}

#' @export
c.zuid_id <- function(...) {
  call <- sys.call()
  values <- list(...)
  layout <- shared_layout(values, call)
  new_zuid_id(unlist(lapply(values, id_bits, layout = layout, call = call)), layout)
}

#' @export
rep.zuid_id <- function(x, ...) restore_id(NextMethod(), x)

# vctrs ---------------------------------------------------------------------
# vctrs works on the bits as a double vector and restores the class and
# layout after; equality and order use two exact 32-bit halves, since
# doubles compare -0 (NA's bits) equal to 0 and order bits as signed.

#' @exportS3Method vctrs::vec_proxy
vec_proxy.zuid_id <- function(x, ...) as.vector(unclass(x))

#' @exportS3Method vctrs::vec_restore
vec_restore.zuid_id <- function(x, to, ...) restore_id(as.vector(x), to)

#' @exportS3Method vctrs::vec_proxy_equal
vec_proxy_equal.zuid_id <- function(x, ...) {
  halves <- rust_value(ids_halves(x))
  data.frame(high = halves$high, low = halves$low)
}

#' @exportS3Method vctrs::vec_proxy_compare
vec_proxy_compare.zuid_id <- function(x, ...) vec_proxy_equal.zuid_id(x)

#' @exportS3Method vctrs::vec_proxy_order
vec_proxy_order.zuid_id <- function(x, ...) vec_proxy_equal.zuid_id(x)

#' @exportS3Method vctrs::vec_ptype2 zuid_id.zuid_id
vec_ptype2.zuid_id.zuid_id <- function(x, y, ...) {
  shared_layout(list(x, y), sys.call())
  x[0L]
}

#' @exportS3Method vctrs::vec_cast zuid_id.zuid_id
vec_cast.zuid_id.zuid_id <- function(x, to, ...) {
  shared_layout(list(x, to), sys.call())
  restore_id(as.vector(unclass(x)), to)
}
