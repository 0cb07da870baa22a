# Small helpers used throughout: defaults, and numbers and values as the
# words of messages.

`%||%` <- function(x, y) if (is.null(x)) y else x

# Whole numbers (counts, positions, widths) as plain digits, without
# padding or scientific notation.
whole_text <- function(x) formatC(x, format = "f", digits = 0, big.mark = "")

# A short description of a value for messages: the value itself when it is
# a short atomic scalar, else its type and length.
describe_value <- function(x) {
  if (is.null(x)) {
    return("NULL")
  }
  # Objects are described by class: their methods (is.na(), format()) may
  # fail on a malformed object, as bit64's do on integer64 holding integers.
  if (is.atomic(x) && length(x) == 1L && !is.object(x)) {
    if (is.na(x)) {
      return("NA")
    }
    if (is.character(x)) {
      return(visible_text(x))
    }
    if (is.numeric(x) || is.logical(x)) {
      return(format(x, digits = 15))
    }
  }
  if (is.function(x)) {
    return("a function")
  }
  what <- if (is.object(x)) class(x)[[1L]] else typeof(x)
  article <- if (grepl("^[aeiouAEIOU]", what)) "an" else "a"
  sprintf("%s %s of length %d", article, what, length(x))
}

trunc_text <- function(x, width = 40L) {
  if (nchar(x, type = "chars", allowNA = TRUE) %in% NA) {
    return("<invalid text>")
  }
  if (nchar(x) > width) paste0(substr(x, 1L, width - 3L), "...") else x
}

# Text as a message quotes it, every character visible and the same in
# every locale: ASCII as encodeString() writes it, anything beyond (a
# no-break or zero-width space looks like nothing or like a space) as its
# code point, `\u00a0`.
visible_text <- function(x, width = 40L) {
  x <- trunc_text(x, width)
  if (!grepl("[^ -~]", x, useBytes = TRUE) || !validUTF8(x)) {
    return(encodeString(x, quote = "\""))
  }
  chars <- vapply(utf8ToInt(enc2utf8(x)), function(code) {
    if (code >= 128L) {
      return(sprintf(if (code < 65536L) "\\u%04x" else "\\U%08x", code))
    }
    quoted <- encodeString(intToUtf8(code), quote = "\"")
    substr(quoted, 2L, nchar(quoted) - 1L)
  }, character(1))
  paste0("\"", paste(chars, collapse = ""), "\"")
}

# Which strings are valid text (NA is): UTF-8, Latin-1 marked as such, or
# text in the session's own encoding. R's string functions (tolower(),
# grepl(), make.names()) fail on anything else with "invalid multibyte
# string", so user text is asked this first. (enc2utf8() would not tell:
# it writes invalid bytes as "<ff>".)
valid_text <- function(x) {
  encoding <- Encoding(x)
  ok <- validUTF8(x)
  ok[encoding == "latin1"] <- TRUE
  ok[encoding == "bytes"] <- FALSE
  native <- encoding == "unknown" & !isTRUE(l10n_info()[["UTF-8"]])
  ok[native] <- !is.na(iconv(x[native], "", "UTF-8"))
  ok | is.na(x)
}

# A message fragment at the start of a sentence: its first letter capital.
sentence <- function(text) paste0(toupper(substr(text, 1L, 1L)), substring(text, 2L))

# "\"a\", \"b\" or \"c\"", or "one of ..." for longer lists.
choices_text <- function(choices) {
  quoted <- paste0("\"", choices, "\"")
  if (length(quoted) > 3L) {
    return(paste("one of", paste(quoted, collapse = ", ")))
  }
  paste(paste(utils::head(quoted, -1L), collapse = ", "), "or", utils::tail(quoted, 1L))
}

# "2, 5, 9" or "2, 5, 9, 11, 12, ..." when there were more.
positions_text <- function(count, positions) {
  more <- if (count > length(positions)) ", ..." else ""
  paste0(paste(whole_text(positions), collapse = ", "), more)
}

# "entry" or "entries", "is" or "are": words that agree with a count.
plural <- function(n, one, many) if (n == 1) one else many

# "the node fields `worker` and `process`", "the node field `shard`", or
# "no node fields".
fields_text <- function(fields) {
  if (length(fields) == 0L) {
    return("no node fields")
  }
  quoted <- paste0("`", fields, "`")
  listed <- if (length(quoted) == 1L) quoted else
    paste(paste(utils::head(quoted, -1L), collapse = ", "), "and", utils::tail(quoted, 1L))
  paste(plural(length(fields), "the node field", "the node fields"), listed)
}
