# Argument checks shared by the exported functions: each returns the value
# in the form the binding takes, or raises a classed error naming the
# argument and what it accepts.

# `x` as a whole number from `min` to `max`: an integer where R's integers
# hold it, else the double itself (a field of up to 53 bits).
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
  if (abs(x) <= .Machine$integer.max) as.integer(x) else x
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

# One of `choices`, as match.arg() takes it: the whole default vector means
# its first element.
check_choice <- function(x, choices, arg, call) {
  if (identical(x, choices)) {
    return(choices[[1L]])
  }
  if (!is.character(x) || length(x) != 1L || is.na(x) || !x %in% choices) {
    zuid_abort(sprintf("`%s` must be %s, not %s.", arg, choices_text(choices), describe_value(x)),
               class = "zuid_error_type", call = call)
  }
  x
}

# `as`: how IDs are returned: a zuid_id, decimal text or a plain integer64.
check_as <- function(as, call) check_choice(as, c("id", "character", "integer64"), "as", call)

# A time as POSIXct seconds in a double vector for the binding, which reads
# the doubles and ignores the class: a POSIXct as it is (unclass() would
# copy it), a Date or POSIXlt converted, and ISO 8601 text read by the core
# (text_seconds()). Every function that takes a time reads it here.
time_seconds <- function(time, call, arg = "time") {
  if (inherits(time, "POSIXlt")) {
    time <- as.POSIXct(time)
  }
  if (inherits(time, "POSIXct")) {
    return(if (is.double(time)) time else as.double(unclass(time)))
  }
  if (inherits(time, "Date")) {
    return(as.double(unclass(time)) * 86400)
  }
  if (is.character(time) && !is.object(time)) {
    return(text_seconds(time, arg, call))
  }
  if (is.logical(time) && all(is.na(time))) {
    return(rep(NA_real_, length(time)))
  }
  zuid_abort(sprintf(paste(
    "`%s` must be a POSIXct, a Date or ISO 8601 text such as \"2016-05-01 10:00\"",
    "(UTC unless it names a zone), not %s."
  ), arg, describe_value(time)), class = "zuid_error_type", call = call)
}

# ISO 8601 text as POSIXct seconds. The core reads the digits (a fraction
# never passes through a double before it is floored to the microsecond);
# text that is no time is an error naming the first such entry and
# counting them all, since a time an argument names cannot become NA
# silently.
text_seconds <- function(text, arg, call) {
  read <- text_to_seconds(text)$value
  bad <- which(read$code != 0L)
  if (length(bad) > 0L) {
    first <- bad[[1L]]
    what <- c("no date `YYYY-MM-DD`", "a date the calendar lacks",
              "no clock time `HH:MM`, `HH:MM:SS` or `HH:MM:SS.ffffff` up to 23:59:59",
              "no zone `Z`, `+HH:MM` or `-HHMM`", "text after the time")[[read$code[[first]]]]
    more <- length(bad) - 1L
    others <- if (more > 0L) sprintf(" (nor %s %d more)", if (more == 1L) "is" else "are", more) else ""
    where <- if (length(text) > 1L) sprintf("`%s[%d]`", arg, first) else sprintf("`%s`", arg)
    zuid_abort(sprintf(paste(
      "%s, %s, is not an ISO 8601 time%s: it has %s.",
      "Write times as \"2024-03-05\", \"2024-03-05 10:00:00\" or \"2024-03-05T10:00:00+01:00\"",
      "(UTC unless a zone is given)."
    ), where, visible_text(text[[first]]), others, what),
    class = c("zuid_error_time_text", "zuid_error_type"), call = call,
    arg = arg, positions = bad, count = length(bad))
  }
  read$seconds
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

# Whole numbers for a part (a node field, the sequence): integer or
# double; a vector of NA alone is missing parts.
check_numeric <- function(x, arg, call) {
  if (is.logical(x) && all(is.na(x))) {
    return(rep(NA_integer_, length(x)))
  }
  if (!(is.integer(x) || is.double(x)) || is.object(x)) {
    zuid_abort(sprintf("`%s` must be whole numbers (integer or double), not %s.",
                       arg, describe_value(x)), class = "zuid_error_type", call = call)
  }
  x
}

# Node values: every name one of the layout's node fields, at most once;
# fields not given are 0.
check_node_values <- function(nodes, layout, call) {
  fields <- node_fields(layout)
  given <- names(nodes) %||% rep("", length(nodes))
  known <- sprintf("it has %s", fields_text(fields))
  if (any(given == "")) {
    zuid_abort(sprintf("Node fields in `...` must be named, as in `%s = 1`; the %s has %s.",
                       if (length(fields)) fields[[1L]] else "worker", layout_label(layout),
                       fields_text(fields)), class = "zuid_error_layout", call = call)
  }
  unknown <- setdiff(given, fields)
  if (length(unknown) > 0L) {
    zuid_abort(sprintf("The %s has no field %s; %s.", layout_label(layout),
                       encodeString(unknown[[1L]], quote = "`"), known), class = "zuid_error_layout", call = call)
  }
  if (anyDuplicated(given)) {
    twice <- encodeString(given[duplicated(given)][[1L]], quote = "`")
    zuid_abort(sprintf("The field %s is given more than once.", twice),
               class = "zuid_error_layout", call = call)
  }
  values <- lapply(fields, function(f) if (f %in% given) check_numeric(nodes[[f]], f, call) else 0L)
  stats::setNames(values, fields)
}

# `text` of a text form (`form`, as messages name it): a character vector,
# or a vector of NA alone (as NA text).
check_text <- function(text, form, call) {
  if (is.logical(text) && all(is.na(text))) {
    return(rep(NA_character_, length(text)))
  }
  if (!is.character(text) || is.object(text)) {
    zuid_abort(sprintf("`text` must be a character vector of %s text, not %s.",
                       form, describe_value(text)), class = "zuid_error_type", call = call)
  }
  text
}

# A vector of IDs as the binding reads it: `x` itself (a vector of NA
# alone, such as an empty column read as logical, as NA text) and how to
# read it, "character", "integer64", "double" or "integer". Anything else
# is an error, which names `x` as `arg` does (`x` by default).
check_ids <- function(x, call, arg = NULL) {
  input <- ids_input(x)
  if (is.null(input) && inherits(x, "integer64")) {
    check_id_storage(x, call, arg %||% "`x`")
  }
  if (is.null(input)) {
    hint <- if (is.factor(x)) " Convert a factor with `as.character()` first." else ""
    zuid_abort(sprintf(
      "%s must be IDs as a character, bit64::integer64, double or integer vector, not %s.%s",
      sentence(arg %||% "`x`"), describe_value(x), hint
    ), class = "zuid_error_type", call = call)
  }
  if (is.logical(x)) x <- rep(NA_character_, length(x))
  list(x = x, input = input)
}

ids_input <- function(x) {
  if (inherits(x, "integer64") && is.double(x)) {
    return("integer64")
  }
  if (is.factor(x) || (is.object(x) && !identical(class(x), "AsIs"))) {
    return(NULL)
  }
  if (is.character(x) || (is.logical(x) && all(is.na(x)))) return("character")
  if (is.double(x)) return("double")
  if (is.integer(x)) return("integer")
  NULL
}

# Which entries of `x` are missing. For an integer64 the core reads the
# bits: only NA_integer64_'s (those of 2^63) are missing, and every other
# pattern is an ID, the many that are NaN as doubles too, which no test on
# the doubles in R could tell apart.
id_is_na <- function(x, call = NULL) {
  if (inherits(x, c("integer64", "zuid_id"))) {
    return(rust_value(ids_missing(x), call))
  }
  is.na(x)
}
