# How a zuid_id shows itself: exact unsigned decimal digits everywhere,
# computed in Rust (bit64 would show IDs of 2^63 and more as negative, and
# pillar would round every ID to a few significant digits).

# No padding unless `width` asks for it: then, as format() pads numbers,
# to a common width of at least `width`, on the right by default. NA is
# "NA", as for numbers (`na.encode` is for text).
#' @export
format.zuid_id <- function(x, width = NULL, justify = c("right", "left", "centre", "none"), ...) {
  out <- rust_value(ids_text(x), sys.call())
  out[is.na(out)] <- "NA"
  if (!is.null(width)) {
    out <- format(out, width = width, justify = match.arg(justify))
  }
  names(out) <- names(x)
  out
}

#' @export
as.character.zuid_id <- function(x, ...) {
  rust_value(ids_text(x), sys.call())
}

# Only the IDs shown are formatted: at most `max` (getOption("max.print")
# by default), as print() shows other vectors.
#' @export
print.zuid_id <- function(x, quote = FALSE, max = NULL, ...) {
  call <- sys.call()
  check_id_storage(x, call)
  layout <- checked_layout_attr(x, call)
  n <- length(x)
  cat(sprintf("<zuid_id%s[%s]>\n", if (is.null(layout)) "" else paste0(" ", layout$name), whole_text(n)))
  limit <- max %||% getOption("max.print", 99999L)
  shown <- shown_ids(x, limit)
  if (length(shown) > 0L) {
    print(format(shown), quote = quote, right = TRUE, ...)
  }
  if (n > limit) {
    cat(sprintf(" [ reached %sgetOption(\"max.print\") -- omitted %s entries ]\n",
                if (is.null(max)) "" else "'max' / ", whole_text(n - limit)))
  }
  invisible(x)
}

# The IDs print() shows: the first `limit`.
shown_ids <- function(x, limit) if (length(x) > limit) x[seq_len(limit)] else x

#' @importFrom utils str
#' @export
str.zuid_id <- function(object, ...) {
  shown <- format(utils::head(object, 5L))
  cat(sprintf(" zuid_id [1:%s] %s%s\n", whole_text(length(object)),
              paste(shown, collapse = " "), if (length(object) > 5L) " ..." else ""))
  invisible()
}

#' @export
as.data.frame.zuid_id <- function(x, ...) {
  check_id_storage(x, sys.call())
  as.data.frame.vector(x, ...)
}

# Tibbles show every digit, with the layout's name as the column type.
#' @exportS3Method pillar::pillar_shaft
pillar_shaft.zuid_id <- function(x, ...) {
  pillar::new_pillar_shaft_simple(as.character(x), align = "right")
}

#' @exportS3Method pillar::type_sum
type_sum.zuid_id <- function(x) {
  layout <- checked_layout_attr(x, sys.call())
  if (is.null(layout)) "id" else layout$name
}

# bit64's is.na() and friends keep every class but integer64 on their
# logical result: a zuid_id's give a plain logical vector. The core tells
# NA's bits (only those of 2^63) from every other, NaN doubles included.
#' @export
is.na.zuid_id <- function(x) stats::setNames(id_is_na(x, sys.call()), names(x))

#' @export
is.finite.zuid_id <- function(x) !is.na(x)

#' @export
is.infinite.zuid_id <- function(x) {
  check_id_storage(x, sys.call())
  rep(FALSE, length(x))
}

#' @export
is.nan.zuid_id <- function(x) {
  check_id_storage(x, sys.call())
  rep(FALSE, length(x))
}

# jsonlite::toJSON() writes an integer64 as signed numbers and an NA as
# "NA"; a zuid_id is written as its exact text, as Discord and X write IDs
# in JSON (a JavaScript number holds 53 bits), NA as null. jsonlite's
# writer is an S4 generic of its own: the method for zuid_ids is set when
# jsonlite loads (see .onLoad()), in an environment of zuid's, which also
# holds S4's knowledge that a zuid_id is an integer64 (see join_bit64()).
s4_methods <- new.env()

register_json_method <- function(...) {
  generic <- methods::getGeneric("asJSON", where = asNamespace("jsonlite"))
  if (is.null(generic)) {
    return(invisible())
  }
  methods::setMethod(generic, "zuid_id", function(x, ...) generic(as.character(x), ...), where = s4_methods)
  invisible()
}
