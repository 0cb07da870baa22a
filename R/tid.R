#' AT Protocol TID text
#'
#' Bluesky and the AT Protocol write their 64-bit timestamp identifiers
#' (TIDs) as 13 characters of "base32-sortable" text: the alphabet
#' `234567abcdefghijklmnopqrstuvwxyz`, most significant first, so that the
#' text sorts as the numbers do. `2222222222222` is 0, and the first
#' character is one of `234567abcdefghij`. `id_to_tid()` gives the text of
#' IDs; `id_from_tid()` reads it back.
#'
#' The text is lowercase only, as the specification says: anything but
#' exactly 13 characters of the alphabet, with such a first character, is an
#' invalid entry (`NA`, with one warning). The specification's syntax admits
#' first characters `c` to `j`, whose numbers have the top bit set; they are
#' read with `as = "character"`, but the `"tid"` layout (see [id_layout()]),
#' which keeps the top bit 0 and which the `zuid_id`s of `id_from_tid()`
#' carry, refuses them as it refuses any such ID. Under that layout, every
#' function that reads IDs also reads this text: a 13-character string is
#' always TID text there (no real TID has 13 decimal digits), and shorter
#' text is no ID at all (`id_is_valid("222", "tid")` is `FALSE`, as the AT
#' Protocol's interop tests list it); a TID's decimal number, 14 digits or
#' more for any time after 1970-01-01T02:43Z, is read as such.
#'
#' `id_to_tid()` reads `x` as any ID is read, with decimal text (no layout
#' is involved); every 64-bit number has TID text.
#'
#' @param x IDs: a character (decimal), `bit64::integer64`, double or
#'   integer vector.
#' @param text A character vector of TID text.
#' @param as `"id"` for a `zuid_id` vector under the `"tid"` layout (so
#'   text whose number has the top bit set is invalid), `"character"` for decimal
#'   strings, `"integer64"` for `bit64::integer64` (an ID of 2^63 or more
#'   cannot be an integer64: it becomes `NA` with a warning).
#' @returns `id_to_tid()`: a character vector. `id_from_tid()`: IDs, as `as`
#'   says.
#' @export
#' @examples
#' # The AT Protocol's own example, and a TID of 2024 with clock id 816.
#' id_from_tid(c("3jzfcijpj2z2a", "3l25zusnsfctk"), as = "character")
#' id_to_tid("1765551611692032816")
#'
#' # Read TIDs with their layout, as text or as numbers.
#' id_fields("3l25zusnsfctk", "tid")
id_to_tid <- function(x) {
  call <- sys.call()
  ids <- check_ids(x, call)
  rust_value(tid_from_ids(ids$x, ids$input), call, list(x = x))
}

#' @rdname id_to_tid
#' @export
id_from_tid <- function(text, as = c("id", "character", "integer64")) {
  call <- sys.call()
  as <- check_as(as, call)
  text <- check_text(text, "TID", call)
  entries <- list(arg = "`text`", what = "TID text (13 base32-sortable characters)")
  tid <- id_layout("tid")
  rust_value(ids_from_tid(text, as, if (as == "id") tid else NULL), call,
             list(x = text, n = length(text), entries = entries, layout = tid))
}
