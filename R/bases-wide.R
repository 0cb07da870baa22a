# The same 128 bits spelled as a UUID, a ULID or a TypeID (issue 37):
# id_to_text() and id_from_text() with these bases convert through the
# core's wide_convert(), one binding call per column.

# The spellings that 128-bit IDs share, named as the binding names them
# (the only list of them in R: text_bases() appends it).
wide_spellings <- c("uuid", "ulid", "typeid")

# The spelling `x` is written in: that of its layout when `x` is an ID
# vector, else the first entry's (a TypeID has `_` or is 26 characters of
# lowercase; a ULID is 26 characters; anything else is read as a UUID).
# Entries of another spelling become NA with the call's one warning.
source_spelling <- function(x, call) {
  if (inherits(x, "zuid_text_id")) {
    layout <- text_id_layout(x)
    if (!layout$text %in% wide_spellings) {
      zuid_abort(sprintf(paste(
        "IDs of the %s are %d bits of their own spelling: only UUIDs, ULIDs and",
        "TypeIDs are the same 128 bits spelled three ways."
      ), layout_label(layout), layout$width), class = "zuid_error_layout", call = call)
    }
    return(layout$text)
  }
  first <- x[!is.na(x)][1L]
  if (!is.na(first) && grepl("_", first, fixed = TRUE)) {
    return("typeid")
  }
  if (!is.na(first) && nchar(first) == 26L) "ulid" else "uuid"
}

wide_to_text <- function(x, base, prefix, call) {
  if (!inherits(x, "zuid_text_id") && !is.character(x)) {
    zuid_abort(sprintf(paste(
      "`x` must be UUIDs, ULIDs or TypeIDs (text or an ID vector) to be written",
      "as %s text, not %s."
    ), base, describe_value(x)), class = "zuid_error_type", call = call)
  }
  prefix <- check_typeid_prefix(prefix, base, call)
  text <- if (inherits(x, "zuid_text_id")) as.character(x) else x
  out <- rust_value(wide_convert(text, source_spelling(x, call), base, prefix), call,
                    list(x = text, layout = wide_layout(source_spelling(x, call))))
  names(out) <- names(x)
  out
}

# A TypeID's prefix: "" (none) or lowercase letters and underscores, as
# the core checks it by writing the nil ID with it.
check_typeid_prefix <- function(prefix, base, call) {
  if (is.null(prefix)) {
    return("")
  }
  if (base != "typeid") {
    zuid_abort(sprintf("`prefix` belongs to TypeIDs (`base = \"typeid\"`), not to %s text.", base),
               class = "zuid_error_type", call = call)
  }
  nil <- wide_convert("00000000000000000000000000", "ulid", "typeid",
                      if (is.character(prefix) && length(prefix) == 1L && !is.na(prefix)) prefix else "!")
  if (is.na(nil$value)) {
    zuid_abort(sprintf(paste(
      "`prefix` must be one TypeID prefix: up to 63 lowercase ASCII letters and",
      "underscores, starting and ending with a letter, not %s."
    ), describe_value(prefix)), class = "zuid_error_type", call = call)
  }
  prefix
}

wide_from_text <- function(text, base, as, call) {
  if (as == "integer64") {
    zuid_abort(sprintf("`as = \"integer64\"` cannot hold %s IDs: they are 128 bits wide.", base),
               class = "zuid_error_type", call = call)
  }
  if (as == "character" && base != "typeid") {
    # Any 128 bits in the spelling's canonical form (a ULID's bits are not
    # an RFC 9562 UUID, yet are written as one).
    return(rust_value(wide_convert(check_text(text, base, call), base, base, ""), call,
                      list(x = text, layout = wide_layout(base))))
  }
  ids <- as_text_id(text, wide_layout(base), call)
  if (as == "character") as.character(ids) else ids
}
