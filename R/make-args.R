# Argument checks shared by the functions that make IDs.

# One of `choices`, as match.arg() takes it: the whole default vector means
# its first element. Anything else is a classed error naming the choices.
check_choice <- function(x, choices, arg, call) {
  if (identical(x, choices)) {
    return(choices[[1L]])
  }
  if (!is.character(x) || length(x) != 1L || is.na(x) || !x %in% choices) {
    quoted <- paste0("\"", choices, "\"")
    listed <- if (length(choices) > 3L) {
      paste("one of", paste(quoted, collapse = ", "))
    } else {
      paste(paste(utils::head(quoted, -1L), collapse = ", "), "or", utils::tail(quoted, 1L))
    }
    zuid_abort(sprintf("`%s` must be %s, not %s.", arg, listed, describe_value(x)),
               class = "zuid_error_type", call = call)
  }
  x
}

# `as`: how IDs are returned.
check_as <- function(as, call) check_choice(as, c("character", "integer64"), "as", call)

# POSIXct (or Date, or POSIXlt) as POSIXct seconds in a plain double.
time_seconds <- function(time, call) {
  if (inherits(time, "POSIXlt")) {
    time <- as.POSIXct(time)
  }
  if (inherits(time, "POSIXct")) {
    return(as.double(unclass(time)))
  }
  if (inherits(time, "Date")) {
    return(as.double(unclass(time)) * 86400)
  }
  if (is.logical(time) && all(is.na(time))) {
    return(rep(NA_real_, length(time)))
  }
  zuid_abort(sprintf(paste(
    "`time` must be a POSIXct or a Date, e.g. `as.POSIXct(\"2016-05-01\", tz = \"UTC\")`,",
    "not %s."
  ), describe_value(time)), class = "zuid_error_type", call = call)
}

# The common length of arguments that recycle like base R's vectorised
# functions: each has length 1 or the common length; any of length 0 makes it 0.
common_length <- function(args, call) {
  lengths <- lengths(args)
  if (any(lengths == 0L)) {
    return(0L)
  }
  n <- max(lengths)
  bad <- lengths != 1L & lengths != n
  if (any(bad)) {
    zuid_abort(sprintf(
      "Arguments must have length 1 or a common length; %s.",
      paste0("`", names(args)[lengths != 1L], "` has length ", lengths[lengths != 1L], collapse = ", ")
    ), class = "zuid_error_type", call = call)
  }
  n
}

# IDs from the binding's list(ids, failure, lost): a failure is an error
# worded here, lost integer64 values are one warning.
finish_ids <- function(result, as, layout, args, call) {
  if (is.null(result)) {
    abort_invalid_layout(call)
  }
  if (!is.null(result$failure)) {
    abort_compose(result$failure, layout, args, call)
  }
  if (result$lost$count > 0) {
    warn_lost_integer64(result$lost, length(result$ids), call)
  }
  result$ids
}

warn_lost_integer64 <- function(lost, n, call) {
  zuid_warn(sprintf(paste(
    "%s of %s %s %s 2^63 or more, which integer64 cannot hold, and became NA",
    "(at %s). Use `as = \"character\"` for them."
  ), whole_text(lost$count), whole_text(n), if (n == 1) "ID" else "IDs",
  if (lost$count == 1) "is" else "are",
  positions_text(lost)), class = "zuid_warning_integer64", call = call,
  count = lost$count, positions = lost$positions)
}

abort_compose <- function(failure, layout, args, call) {
  part <- names(layout$bits)[[failure$part]]
  i <- failure$position
  if (failure$code == "part_range") {
    value <- args[[part]]
    value <- value[[if (length(value) == 1L) 1L else i]]
    max <- 2^layout$bits[[failure$part]] - 1
    zuid_abort(sprintf(
      "`%s` is %s; the %s's `%s` holds whole numbers from 0 to %s.",
      indexed(part, args[[part]], i), describe_value(value), layout_label(layout),
      part, whole_text(max)
    ), class = "zuid_error_range", call = call)
  }
  seconds <- args$time[[if (length(args$time) == 1L) 1L else i]]
  shown <- format_epoch_ms(floor(seconds * 1000))
  shown <- if (is.na(shown)) describe_value(seconds) else shown
  limit <- if (failure$code == "before_epoch") {
    sprintf("before the %s's epoch, %s", layout_label(layout), format_epoch_ms(layout$epoch_ms))
  } else {
    last <- format_epoch_ms(rust_layout_last_ms(layout))
    sprintf("past the %s's last tick, which starts at %s",
            layout_label(layout), if (is.na(last)) "a time after the year 9999" else last)
  }
  zuid_abort(sprintf("`%s` (%s) is %s.", indexed("time", args$time, i), shown, limit),
             class = "zuid_error_range", call = call)
}

# `x` or `x[3]`, as the user would index the argument.
indexed <- function(name, value, i) {
  if (length(value) == 1L) name else sprintf("%s[%s]", name, whole_text(i))
}

layout_label <- function(layout) {
  if (identical(layout$name, "custom")) "layout" else sprintf("%s layout", layout$name)
}
