# Epochs are held as whole milliseconds since 1970-01-01 UTC in a double
# (exact below 2^53, about 285,000 years), so that printing and every later
# computation start from an integer, never from a fractional POSIXct.

epoch_ms_from <- function(epoch, arg, call) {
  ms <- if (inherits(epoch, "POSIXct") || inherits(epoch, "Date")) {
    if (length(epoch) == 1L && is.finite(unclass(epoch))) {
      # A POSIXct of 1288834974.657 is stored as ...974.65699...: rounding
      # to the nearest millisecond gives back the intended one.
      scale <- if (inherits(epoch, "Date")) 86400000 else 1000
      round(as.numeric(epoch) * scale)
    }
  } else if (is.numeric(epoch) && !is.object(epoch) && length(epoch) == 1L &&
             is.finite(epoch) && epoch == trunc(epoch)) {
    as.numeric(epoch)
  }
  if (is.null(ms)) {
    zuid_abort(
      sprintf(paste(
        "`%s` must be one POSIXct, one Date or one whole number of",
        "milliseconds since 1970-01-01 UTC, not %s."
      ), arg, describe_value(epoch)),
      class = "zuid_error_layout", call = call
    )
  }
  ms
}
