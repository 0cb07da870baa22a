#' SCRU64 text
#'
#' SCRU64 writes its IDs as exactly 12 base36 digits (`0-9a-z`): the
#' lowercase text form of numbers from 0 to 36^12 - 1
#' (`zzzzzzzzzzzz`, 4738381338321616895). `id_to_scru64()` gives the text
#' of IDs; `id_from_scru64()` reads it back, in either case.
#'
#' `id_to_scru64()` reads `x` as any ID is read, with decimal text (no
#' layout is involved). Values of 36^12 or more, which SCRU64 text cannot
#' hold, and malformed entries become `NA` with one warning; so does
#' anything but exactly 12 base36 digits in `id_from_scru64()`.
#'
#' @param x IDs: a character (decimal), `bit64::integer64`, double or
#'   integer vector.
#' @param text A character vector of SCRU64 text.
#' @inheritParams id_compose
#' @returns `id_to_scru64()`: a character vector. `id_from_scru64()`: IDs as
#'   `as` says, a [zuid_id][as_zuid_id()] (without a layout: the text does
#'   not say the node's width) by default.
#' @export
#' @examples
#' id_to_scru64("109959589539758421")
#' id_from_scru64(c("0u2pf62ji4b9", "ZZZZZZZZZZZZ"))
#'
#' # Read SCRU64 IDs with their layout, as text or as numbers.
#' id_fields("0u2pf62ji4b9", id_layout("scru64", node_bits = 8))
id_to_scru64 <- function(x) {
  call <- sys.call()
  ids <- check_ids(x, call)
  entries <- list(what = "IDs that SCRU64 text can hold (0 to 36^12 - 1)")
  rust_value(scru64_from_ids(ids$x, ids$input), call, list(x = x, entries = entries))
}

#' @rdname id_to_scru64
#' @export
id_from_scru64 <- function(text, as = c("id", "character", "integer64")) {
  call <- sys.call()
  as <- check_as(as, call)
  text <- check_text(text, "SCRU64", call)
  entries <- list(arg = "`text`", what = "SCRU64 text (12 base36 digits)")
  rust_value(ids_from_scru64(text, as), call, list(x = text, entries = entries))
}
