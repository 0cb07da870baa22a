# Every condition zuid raises is classed, so that callers can catch
# `zuid_error` (or a subclass) and tests can assert the class.

zuid_abort <- function(message, class = NULL, call = NULL, ...) {
  stop(structure(
    class = c(class, "zuid_error", "error", "condition"),
    list(message = message, call = call, ...)
  ))
}

zuid_warn <- function(message, class = NULL, call = NULL, ...) {
  warning(structure(
    class = c(class, "zuid_warning", "warning", "condition"),
    list(message = message, call = call, ...)
  ))
}

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
      return(encodeString(trunc_text(x), quote = "\""))
    }
    if (is.numeric(x) || is.logical(x)) {
      return(format(x, digits = 15))
    }
  }
  what <- if (is.object(x)) class(x)[[1L]] else typeof(x)
  sprintf("a %s of length %d", what, length(x))
}

trunc_text <- function(x, width = 40L) {
  if (nchar(x, type = "chars", allowNA = TRUE) %in% NA) {
    return("<invalid text>")
  }
  if (nchar(x) > width) paste0(substr(x, 1L, width - 3L), "...") else x
}

# `x` as a whole number from `min` to `max`, or an error naming `arg`.
check_whole <- function(x, arg, min, max, call, class = "zuid_error_layout") {
  ok <- is.numeric(x) && !is.object(x) && length(x) == 1L && !is.na(x) &&
    is.finite(x) && x == trunc(x) && x >= min && x <= max
  if (!ok) {
    zuid_abort(
      sprintf("`%s` must be a whole number from %s to %s, not %s.",
              arg, format(min), format(max), describe_value(x)),
      class = class, call = call
    )
  }
  as.integer(x)
}

check_flag <- function(x, arg, call) {
  if (!is.logical(x) || length(x) != 1L || is.na(x)) {
    zuid_abort(
      sprintf("`%s` must be TRUE or FALSE, not %s.", arg, describe_value(x)),
      class = "zuid_error_type", call = call
    )
  }
  x
}

# Whole numbers (counts, positions) as plain digits, without padding or
# scientific notation.
whole_text <- function(x) formatC(x, format = "f", digits = 0, big.mark = "")
