# How a zuid_id shows itself: exact unsigned decimal digits everywhere,
# computed in Rust (bit64 would show IDs of 2^63 and more as negative, and
# pillar would round every ID to a few significant digits).

#' @export
format.zuid_id <- function(x, ...) {
  out <- rust_value(ids_text(x))
  out[is.na(out)] <- "NA"
  names(out) <- names(x)
  out
}

#' @export
as.character.zuid_id <- function(x, ...) {
  rust_value(ids_text(x))
}

#' @export
print.zuid_id <- function(x, ...) {
  layout <- id_layout_attr(x)
  cat(sprintf("<zuid_id%s[%s]>\n", if (is.null(layout)) "" else paste0(" ", layout$name),
              whole_text(length(x))))
  if (length(x) > 0L) {
    print(format(x), quote = FALSE, right = TRUE, ...)
  }
  invisible(x)
}

#' @importFrom utils str
#' @export
str.zuid_id <- function(object, ...) {
  shown <- format(utils::head(object, 5L))
  cat(sprintf(" zuid_id [1:%s] %s%s\n", whole_text(length(object)),
              paste(shown, collapse = " "), if (length(object) > 5L) " ..." else ""))
  invisible()
}

#' @export
as.data.frame.zuid_id <- function(x, ...) as.data.frame.vector(x, ...)

#' @exportS3Method bit64::as.integer64 zuid_id
as.integer64.zuid_id <- function(x, ...) plain_integer64(x)

# The nearest double of each ID, read as unsigned: exact below 2^53 only.
#' @export
as.double.zuid_id <- function(x, ...) rust_value(ids_to_double(x))

# Tibbles show every digit, with the layout's name as the column type.
#' @exportS3Method pillar::pillar_shaft
pillar_shaft.zuid_id <- function(x, ...) {
  pillar::new_pillar_shaft_simple(as.character(x), align = "right")
}

#' @exportS3Method pillar::type_sum
type_sum.zuid_id <- function(x) {
  layout <- id_layout_attr(x)
  if (is.null(layout)) "id" else layout$name
}

# bit64's is.na() and friends keep every class but integer64 on their
# logical result: a zuid_id's give a plain logical vector.
plain_integer64 <- function(x) structure(as.vector(unclass(x)), class = "integer64")

#' @export
is.na.zuid_id <- function(x) stats::setNames(is.na(plain_integer64(x)), names(x))

#' @export
is.finite.zuid_id <- function(x) !is.na(x)

#' @export
is.infinite.zuid_id <- function(x) rep(FALSE, length(x))

#' @export
is.nan.zuid_id <- function(x) rep(FALSE, length(x))
