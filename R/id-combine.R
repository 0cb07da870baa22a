# A zuid_id keeps its class and layout through subsetting, assignment,
# c(), rep() and length<-, and in vctrs (so in dplyr's verbs, joins and
# bind_rows(), and in tidyr). Every element that R or vctrs makes up is NA.
#
# R fills what it makes up (an out-of-range or NA index, a vector grown by
# assignment) with NA_real_, whose bits are those of a real ID (a Discord
# ID of 2084): a fill is found by where it is, never by its bits, since
# every bit pattern but integer64's NA is an ID.

restore_id <- function(bits, like) new_zuid_id(bits, id_layout_attr(like))

# Subsetting copies the bits without bit64's methods (whose NA handling
# costs a pass over the index); only when the result holds NaN bits, as a
# fill does and a realistic ID does not, are the fills looked for.
#' @export
`[.zuid_id` <- function(x, ...) {
  if (!is.double(x)) check_id_storage(x, sys.call())
  if (...length() == 1L && missing(..1)) {
    return(x)
  }
  out <- .subset(x, ...)
  if (anyNA(out)) {
    out[is.na(.subset(index_of(x), ...))] <- na_id_bits
  }
  attr(out, "layout") <- id_layout_attr(x)
  class(out) <- c("zuid_id", "integer64")
  out
}

# The positions of `x`, named as `x` is, to subset or assign as `x` was.
index_of <- function(x) {
  positions <- seq_along(x)
  names(positions) <- names(x)
  positions
}

#' @export
`[[.zuid_id` <- function(x, ...) {
  check_id_storage(x, sys.call())
  restore_id(.subset2(x, ...), x)
}

# What messages about the values assigned call them, and the layout they
# are read with.
value_entries <- list(arg = "`value`", layout_what = "the layout `x` carries")

#' @export
`[<-.zuid_id` <- function(x, ..., value) {
  check_id_storage(x, sys.call())
  bits <- id_bits(value, id_layout_attr(x), sys.call(), entries = value_entries, combine = TRUE)
  y <- unclass(x)
  y[...] <- bits
  if (length(y) > length(x)) {
    assigned <- logical(length(x))
    names(assigned) <- names(x)
    assigned[...] <- TRUE
    y[is.na(assigned)] <- na_id_bits
  }
  restore_id(y, x)
}

#' @export
`[[<-.zuid_id` <- function(x, ..., value) {
  check_id_storage(x, sys.call())
  bits <- id_bits(value, id_layout_attr(x), sys.call(), entries = value_entries, combine = TRUE)
  y <- unclass(x)
  y[[...]] <- bits
  # The one element assigned beyond the end is the last; those between
  # are fills.
  gap <- length(x) + seq_len(max(length(y) - length(x) - 1L, 0L))
  y[gap] <- na_id_bits
  restore_id(y, x)
}

# bit64's method pads with the ID 0.
#' @export
`length<-.zuid_id` <- function(x, value) {
  check_id_storage(x, sys.call())
  n <- length(x)
  y <- unclass(x)
  length(y) <- value
  if (length(y) > n) {
    y[seq.int(n + 1L, length(y))] <- na_id_bits
  }
  restore_id(y, x)
}

#' @export
c.zuid_id <- function(..., recursive = FALSE, use.names = TRUE) {
  call <- sys.call()
  values <- Filter(Negate(is.null), list(...))
  if (any(vapply(values, is.list, logical(1)))) {
    if (!isTRUE(recursive)) {
      # As base R's c(): a list, with each ID an element.
      return(do.call(base::c, lapply(values, function(v) if (is_zuid_id(v)) as.list(v) else v)))
    }
    values <- flatten_lists(values)
  }
  layout <- shared_layout(values, call)
  parts <- lapply(values, id_bits, layout = layout, call = call, combine = TRUE)
  new_zuid_id(unlist(parts, use.names = isTRUE(use.names)), layout)
}

# The elements of lists among `values`, at any depth, in their place.
flatten_lists <- function(values) {
  spliced <- lapply(values, function(v) if (is.list(v) && !is.object(v)) flatten_lists(v) else list(v))
  do.call(base::c, spliced)
}

#' @export
rep.zuid_id <- function(x, ...) {
  check_id_storage(x, sys.call())
  restore_id(NextMethod(), x)
}

# vctrs ---------------------------------------------------------------------
# vctrs works on a proxy of doubles and restores the class and layout
# after. In the proxy the bits of NA_real_ and of integer64's NA are
# swapped (see ids_swap_na()), so the NA_real_ that vctrs fills in
# (vec_init(), NA or out-of-range indices, unmatched join rows, missing
# columns in bind_rows()) restores to NA, and every ID survives. Equality
# and order use two exact 32-bit halves, since doubles compare -0 (NA's
# bits) equal to 0 and order bits as signed.

#' @exportS3Method vctrs::vec_proxy
vec_proxy.zuid_id <- function(x, ...) rust_value(ids_swap_na(x), sys.call())

#' @exportS3Method vctrs::vec_restore
vec_restore.zuid_id <- function(x, to, ...) {
  out <- rust_value(ids_swap_na(x), sys.call())
  if (!is.null(names(x))) names(out) <- names(x)
  restore_id(out, to)
}

#' @exportS3Method vctrs::vec_proxy_equal
vec_proxy_equal.zuid_id <- function(x, ...) {
  halves <- rust_value(ids_halves(x), sys.call())
  data.frame(high = halves$high, low = halves$low)
}

#' @exportS3Method vctrs::vec_proxy_compare
vec_proxy_compare.zuid_id <- function(x, ...) vec_proxy_equal.zuid_id(x)

#' @exportS3Method vctrs::vec_proxy_order
vec_proxy_order.zuid_id <- function(x, ...) vec_proxy_equal.zuid_id(x)

# The common type of IDs is IDs of their one layout (a zuid_id without
# one takes the other's); text and integer64 combine with IDs into IDs,
# read exactly; numbers are refused, since a double may have lost digits.

#' @exportS3Method vctrs::vec_ptype2 zuid_id.zuid_id
vec_ptype2.zuid_id.zuid_id <- function(x, y, ...) new_zuid_id(double(), shared_layout(list(x, y), sys.call()))

#' @exportS3Method vctrs::vec_ptype2 zuid_id.character
vec_ptype2.zuid_id.character <- function(x, y, ...) x[0L]

#' @exportS3Method vctrs::vec_ptype2 character.zuid_id
vec_ptype2.character.zuid_id <- function(x, y, ...) y[0L]

#' @exportS3Method vctrs::vec_ptype2 zuid_id.integer64
vec_ptype2.zuid_id.integer64 <- function(x, y, ...) x[0L]

#' @exportS3Method vctrs::vec_ptype2 integer64.zuid_id
vec_ptype2.integer64.zuid_id <- function(x, y, ...) y[0L]

#' @exportS3Method vctrs::vec_ptype2 zuid_id.double
vec_ptype2.zuid_id.double <- function(x, y, ..., x_arg = "", y_arg = "") refuse_numbers(x, y, x_arg, y_arg)

#' @exportS3Method vctrs::vec_ptype2 double.zuid_id
vec_ptype2.double.zuid_id <- function(x, y, ..., x_arg = "", y_arg = "") refuse_numbers(x, y, x_arg, y_arg)

#' @exportS3Method vctrs::vec_ptype2 zuid_id.integer
vec_ptype2.zuid_id.integer <- function(x, y, ..., x_arg = "", y_arg = "") refuse_numbers(x, y, x_arg, y_arg)

#' @exportS3Method vctrs::vec_ptype2 integer.zuid_id
vec_ptype2.integer.zuid_id <- function(x, y, ..., x_arg = "", y_arg = "") refuse_numbers(x, y, x_arg, y_arg)

refuse_numbers <- function(x, y, x_arg, y_arg) {
  vctrs::stop_incompatible_type(x, y, x_arg = x_arg, y_arg = y_arg, details = paste(
    "Numbers do not combine with IDs: a double of 2^53 or more may have lost",
    "digits. Read them with `as_zuid_id()` first."
  ))
}

#' @exportS3Method vctrs::vec_cast zuid_id.zuid_id
vec_cast.zuid_id.zuid_id <- function(x, to, ...) {
  layout <- id_layout_attr(to)
  restore_id(id_bits(x, layout, sys.call(), combine = TRUE), to)
}

#' @exportS3Method vctrs::vec_cast zuid_id.character
vec_cast.zuid_id.character <- function(x, to, ..., x_arg = "") cast_to_ids(x, to, x_arg)

#' @exportS3Method vctrs::vec_cast zuid_id.integer64
vec_cast.zuid_id.integer64 <- function(x, to, ..., x_arg = "") cast_to_ids(x, to, x_arg)

#' @exportS3Method vctrs::vec_cast character.zuid_id
vec_cast.character.zuid_id <- function(x, to, ...) as.character(x)

#' @exportS3Method vctrs::vec_cast integer64.zuid_id
vec_cast.integer64.zuid_id <- function(x, to, ...) plain_integer64(x)

# Text or integer64 read as IDs of `to`'s layout, as every reader reads
# them (entries that are not IDs become NA, with one warning).
cast_to_ids <- function(x, to, x_arg) {
  arg <- if (nzchar(x_arg)) paste0("`", x_arg, "`") else NULL
  read_as_ids(x, id_layout_attr(to), sys.call(-1L), entries = list(arg = arg))
}
