# ID vectors of the 96- to 160-bit layouts (UUIDs, ULIDs, TypeIDs, ...):
# class c("zuid_text_id", "character"), whose storage is each ID's
# canonical text, carrying its layout as a zuid_id does. Canonical text
# sorts in byte order under the C locale (the core writes UUIDs in lowercase
# hex, ULIDs in uppercase Crockford base 32), so the order of IDs is the
# radix order of their text, never the locale's collation. Being character
# underneath, data.table keys and joins it and DBI drivers write it as text.

new_text_id <- function(text, layout) {
  structure(text, layout = layout, class = c("zuid_text_id", "character"))
}

#' @rdname as_zuid_id
#' @export
is_zuid_text_id <- function(x) inherits(x, "zuid_text_id")

# Text in any spelling of `layout` as an ID vector of it (invalid entries
# NA, with the one warning of wide_read()).
as_text_id <- function(x, layout, call) {
  if (inherits(x, "zuid_text_id")) {
    carried <- text_id_layout(x)
    if (!same_layout(carried, layout)) abort_layout_mismatch(carried, layout, call)
    return(x)
  }
  text <- wide_read_column(x, layout, "canonical", call)
  names(text) <- names(x)
  new_text_id(text, layout)
}

text_id_layout <- function(x) attr(x, "layout", exact = TRUE)

# The canonical text of `other`, read under the layout of `like` (text in
# any spelling, or IDs of the same layout).
text_id_operand <- function(other, like, call) {
  if (is.null(other)) return(NULL)
  if (inherits(other, "zuid_text_id") || is.character(other) || all(is.na(other))) {
    other <- if (is.character(other)) other else as.character(other)
    return(unclass_text(as_text_id(other, text_id_layout(like), call)))
  }
  zuid_abort(sprintf(
    "IDs of the %s compare and match with text or IDs of that layout, not %s.",
    layout_label(text_id_layout(like)), describe_value(other)
  ), class = "zuid_error_type", call = call)
}

unclass_text <- function(x) {
  attr(x, "layout") <- NULL
  as.vector(unclass(x))
}

# Ranks of the text in byte order: order(method = "radix") sorts strings
# in the C locale whatever the session's.
byte_ranks <- function(text) {
  keys <- sort(unique(text[!is.na(text)]), method = "radix")
  base::match(text, keys)
}

#' @export
xtfrm.zuid_text_id <- function(x) byte_ranks(unclass_text(x))

#' @export
sort.zuid_text_id <- function(x, decreasing = FALSE, na.last = NA, ...) {
  x[order(unclass_text(x), decreasing = decreasing, na.last = na.last, method = "radix")]
}

#' @export
Ops.zuid_text_id <- function(e1, e2) {
  # The call as written (`ids < x`), not as dispatched.
  call <- if (nargs() == 1L) call(.Generic, substitute(e1)) else call(.Generic, substitute(e1), substitute(e2))
  if (!.Generic %in% comparison_ops || nargs() == 1L) abort_arithmetic(.Generic, call)
  like <- if (inherits(e1, "zuid_text_id")) e1 else e2
  if (inherits(e1, "zuid_text_id") && inherits(e2, "zuid_text_id") &&
      !same_layout(text_id_layout(e1), text_id_layout(e2))) {
    abort_mixed_layouts(text_id_layout(e1), text_id_layout(e2), call)
  }
  a <- text_id_operand(e1, like, call)
  b <- text_id_operand(e2, like, call)
  ranks <- byte_ranks(c(a, b))
  get(.Generic, baseenv())(ranks[seq_along(a)], ranks[length(a) + seq_along(b)])
}

#' @export
Math.zuid_text_id <- function(x, ...) abort_arithmetic(.Generic, sys.call())

#' @export
Summary.zuid_text_id <- function(..., na.rm = FALSE) {
  values <- list(...)
  if (!.Generic %in% c("min", "max", "range") || length(values) != 1L) {
    abort_arithmetic(.Generic, sys.call())
  }
  x <- values[[1L]]
  if (na.rm) x <- x[!is.na(x)]
  if (anyNA(x)) return(x[rep(NA_integer_, if (.Generic == "range") 2L else 1L)])
  x <- sort(x)
  switch(.Generic, min = x[1L], max = x[length(x)], range = x[c(1L, length(x))])
}

# Positions of `x` in `table`, one side a zuid_text_id: the other is read
# as IDs of its layout, so that any spelling matches.
match_text_ids <- function(x, table, nomatch, incomparables) {
  call <- sys.call(-1L)
  like <- if (inherits(x, "zuid_text_id")) x else table
  base::match(text_id_operand(x, like, call), text_id_operand(table, like, call), nomatch,
              text_id_operand(if (isFALSE(incomparables)) NULL else incomparables, like, call))
}

#' @export
unique.zuid_text_id <- function(x, incomparables = FALSE, ...) x[!duplicated(x, incomparables, ...)]

#' @export
duplicated.zuid_text_id <- function(x, incomparables = FALSE, ...) {
  duplicated(unclass_text(x), incomparables = incomparables, ...)
}

# Keeping the class and layout ---------------------------------------------

#' @export
`[.zuid_text_id` <- function(x, ...) new_text_id(NextMethod(), text_id_layout(x))

#' @export
`[[.zuid_text_id` <- function(x, ...) new_text_id(NextMethod(), text_id_layout(x))

#' @export
`[<-.zuid_text_id` <- function(x, ..., value) {
  out <- as.character(x)
  out[...] <- text_id_operand(value, x, sys.call())
  new_text_id(out, text_id_layout(x))
}

#' @export
`length<-.zuid_text_id` <- function(x, value) new_text_id(NextMethod(), text_id_layout(x))

#' @export
rep.zuid_text_id <- function(x, ...) new_text_id(NextMethod(), text_id_layout(x))

#' @export
c.zuid_text_id <- function(..., recursive = FALSE, use.names = TRUE) {
  values <- list(...)
  like <- values[[1L]]
  for (v in Filter(is_zuid_text_id, values)) {
    if (!same_layout(text_id_layout(v), text_id_layout(like))) {
      abort_mixed_layouts(text_id_layout(like), text_id_layout(v), sys.call())
    }
  }
  parts <- lapply(values, function(v) {
    out <- text_id_operand(v, like, sys.call(-4L))
    names(out) <- names(v)
    out
  })
  new_text_id(unlist(parts, use.names = use.names), text_id_layout(like))
}

#' @export
as.character.zuid_text_id <- function(x, ...) {
  out <- unclass_text(x)
  names(out) <- names(x)
  out
}

#' @export
format.zuid_text_id <- function(x, ...) format(as.character(x), ...)

#' @export
print.zuid_text_id <- function(x, quote = FALSE, ...) {
  cat(sprintf("<zuid_text_id %s[%d]>\n", text_id_layout(x)$name, length(x)))
  if (length(x) > 0L) print(as.character(x), quote = quote, ...)
  invisible(x)
}

#' @export
as.data.frame.zuid_text_id <- function(x, ...) {
  nm <- deparse1(substitute(x))
  as.data.frame.vector(x, ..., nm = nm)
}

#' @exportS3Method pillar::type_sum
type_sum.zuid_text_id <- function(x) text_id_layout(x)$name

# vctrs: the proxy is the plain text (NA is NA_character_), restored with
# the layout of `to`; text combines with IDs into IDs, read in any spelling.

#' @exportS3Method vctrs::vec_proxy
vec_proxy.zuid_text_id <- function(x, ...) {
  out <- unclass_text(x)
  names(out) <- names(x)
  out
}

#' @exportS3Method vctrs::vec_restore
vec_restore.zuid_text_id <- function(x, to, ...) new_text_id(x, text_id_layout(to))

#' @exportS3Method vctrs::vec_ptype2 zuid_text_id.zuid_text_id
vec_ptype2.zuid_text_id.zuid_text_id <- function(x, y, ...) {
  if (!same_layout(text_id_layout(x), text_id_layout(y))) {
    abort_mixed_layouts(text_id_layout(x), text_id_layout(y), sys.call())
  }
  x[0L]
}

#' @exportS3Method vctrs::vec_ptype2 zuid_text_id.character
vec_ptype2.zuid_text_id.character <- function(x, y, ...) x[0L]

#' @exportS3Method vctrs::vec_ptype2 character.zuid_text_id
vec_ptype2.character.zuid_text_id <- function(x, y, ...) y[0L]

#' @exportS3Method vctrs::vec_cast zuid_text_id.zuid_text_id
vec_cast.zuid_text_id.zuid_text_id <- function(x, to, ...) as_text_id(x, text_id_layout(to), sys.call())

#' @exportS3Method vctrs::vec_cast zuid_text_id.character
vec_cast.zuid_text_id.character <- function(x, to, ...) as_text_id(x, text_id_layout(to), sys.call())

#' @exportS3Method vctrs::vec_cast character.zuid_text_id
vec_cast.character.zuid_text_id <- function(x, to, ...) as.character(x)
