#' IDs as hex, base32, base36, base58 or base62 text
#'
#' Other libraries write 64-bit IDs in bases other than ten: logs and trace
#' systems in hex, TSID libraries in Crockford's base32, bwmarrin/snowflake
#' in base36 and base58, short URLs in base58 and base62. `id_to_text()`
#' writes IDs as such text, exactly; `id_from_text()` reads it back.
#'
#' Each base follows the convention of the libraries that write it:
#'
#' | `base` | Alphabet | Width | Case when read | Convention |
#' |---|---|---|---|---|
#' | `"hex"` | `0-9a-f` | 16, padded | either; `0x` allowed | W3C Trace Context's 64-bit ids, tsid-creator's `%x` |
#' | `"base32"` | `0-9A-Z` but `ILOU` (Crockford) | 13, padded | either; `I`, `L` are 1, `O` 0 | TSIDs (tsid-creator) |
#' | `"base36"` | `0-9a-z` | shortest | either | Go's `strconv.FormatUint(id, 36)`, bwmarrin/snowflake's `Base36()` |
#' | `"base58"` | `1-9a-km-zA-HJ-NP-Z` (Flickr) | shortest | exact | Flickr's URLs, bwmarrin/snowflake's `Base58()` |
#' | `"base62"` | `0-9A-Za-z` | 11, padded | exact | tsid-creator's `encode(62)`; GMP's and KSUID's alphabet |
#'
#' Digits come most significant first. Text of a fixed width sorts as the
#' numbers do. The shortest text of 0 is the zero digit (`"0"`, or `"1"` in
#' base58).
#'
#' Reading takes any non-empty run of the base's digits whose value is
#' below 2^64: text of the written width, shorter text and text with more
#' leading zeros alike (so the shortest hex of Go's `%x` or Python's `hex()`
#' reads, and so does TSID's upper-case base36). Anything else, white space
#' around the text included, is an invalid entry: `NA`, with one warning
#' that counts them.
#'
#' `id_to_text()` reads `x` as any ID is read, with decimal text (no layout
#' is involved); every 64-bit number has text in every base.
#'
#' @param x IDs: a character (decimal), `bit64::integer64` (or
#'   [zuid_id][as_zuid_id()]), double or integer vector.
#' @param base The base: `"hex"`, `"base32"` (Crockford's), `"base36"`,
#'   `"base58"` or `"base62"` for 64-bit IDs; `"uuid"` (8-4-4-4-12),
#'   `"ulid"` (26 Crockford characters) or `"typeid"` for the same 128 bits
#'   in each spelling. `id_to_text()` reads UUIDs, ULIDs and TypeIDs from an
#'   ID vector of their layout, or from text in the spelling of its first
#'   entry (other entries that are not of it become `NA`, with one warning).
#' @param prefix For `base = "typeid"`: the TypeID prefix to write (lowercase
#'   letters and underscores), `NULL` for none.
#' @param text A character vector of text in `base`.
#' @param as `"id"` for a [zuid_id][as_zuid_id()] vector without a layout
#'   (the text does not say which platform made the IDs: give it one with
#'   `as_zuid_id(x, layout)`, which also refuses what the layout cannot
#'   hold), `"character"` for decimal strings, `"integer64"` for a plain
#'   `bit64::integer64` (an ID of 2^63 or more cannot be a plain integer64:
#'   it becomes `NA` with a warning; 2^63 alone cannot be a `zuid_id`).
#' @returns `id_to_text()`: a character vector. `id_from_text()`: IDs as `as`
#'   says, a [zuid_id][as_zuid_id()] without a layout by default (the text
#'   does not say which platform made the IDs). For `"uuid"`, `"ulid"` and
#'   `"typeid"`, `as = "id"` gives an ID vector of the layout of that name
#'   (so `"uuid"` takes RFC 9562 UUIDs alone), `as = "character"` the
#'   canonical text of any 128 bits in that spelling.
#' @seealso [id_to_scru64()] and [id_to_tid()] for SCRU64's and AT Protocol
#'   TIDs' own text forms.
#' @export
#' @examples
#' id <- "1888944671579078978"
#' id_to_text(id)
#' id_to_text(id, "base32")
#' id_to_text(id, "base58")
#'
#' # Text as other libraries write it: a TSID, a bwmarrin/snowflake base36
#' # ID, a hex ID with Python's prefix.
#' id_from_text("0123456789ABC", "base32", as = "character")
#' id_from_text("8hgmw4blvlkw", "base36", as = "character")
#' id_from_text("0x1a36e12bb5d68142", "hex", as = "character")
#'
#' # Decode them with their layout.
#' id_fields(id_from_text("0123456789ABC", "base32"), "tsid")
#'
#' # The same 128 bits as a UUID, a ULID and a TypeID.
#' id_to_text("01890a5d-ac96-774b-bcce-b302099a8057", "ulid")
#' id_to_text("01890a5d-ac96-774b-bcce-b302099a8057", "typeid", prefix = "user")
#' id_from_text("user_01h455vb4pex5vsknk084sn02q", "typeid")
#'
#' # Malformed text becomes NA, with one warning.
#' id_from_text(c("ff", "fg", NA), "hex", as = "character")
id_to_text <- function(x, base = c("hex", "base32", "base36", "base58", "base62", "uuid", "ulid", "typeid"),
                       prefix = NULL) {
  call <- sys.call()
  base <- check_base(base, call)
  if (base %in% wide_spellings) {
    return(wide_to_text(x, base, prefix, call))
  }
  ids <- check_ids(x, call)
  rust_value(ids_to_base(ids$x, ids$input, base), call, list(x = x))
}

#' @rdname id_to_text
#' @export
id_from_text <- function(text, base, as = c("id", "character", "integer64")) {
  call <- sys.call()
  if (missing(base)) {
    zuid_abort(sprintf("`base` is missing: give the base the text is written in, %s.",
                       choices_text(text_bases())), class = "zuid_error_type", call = call)
  }
  base <- check_base(base, call)
  as <- check_as(as, call)
  if (base %in% wide_spellings) {
    return(wide_from_text(text, base, as, call))
  }
  text <- check_text(text, base_label(base), call)
  entries <- list(arg = "`text`", what = sprintf("%s text", base_label(base)))
  rust_value(ids_from_base(text, base, as), call,
             list(x = text, n = length(text), entries = entries))
}

# The bases of 64-bit IDs are the core's (src/rust/core/src/text/bases.rs),
# then the spellings of 128-bit IDs (wide_spellings, in bases-wide.R);
# `base`'s default lists them in the same order (a test checks that they agree).
text_bases <- function() c(names(core_facts("bases")), wide_spellings)

check_base <- function(base, call) check_choice(base, text_bases(), "base", call)

# How messages name a base's text.
base_label <- function(base) if (base == "base32") "Crockford base32" else base
