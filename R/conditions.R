# Every condition zuid raises is classed, so that callers can catch
# `zuid_error` (or a subclass) and tests can assert the class; its data
# (counts, positions) rides along as fields.

zuid_abort <- function(message, class = NULL, call = NULL, ...) {
  stop(structure(
    class = c(class, "zuid_error", "error", "condition"),
    list(message = message, call = call, ...)
  ))
}

# A condition that only a bug in zuid raises (the binding handed a value R
# should have refused, a problem code with no words): classed like the
# others, so that it can be told apart and reported.
zuid_abort_internal <- function(what, call = NULL) {
  zuid_abort(sprintf("internal error in zuid: %s. Please report it, with the call that raised it.", what),
             class = "zuid_error_internal", call = call)
}

zuid_warn <- function(message, class = NULL, call = NULL, ...) {
  warning(structure(
    class = c(class, "zuid_warning", "warning", "condition"),
    list(message = message, call = call, ...)
  ))
}

# The value of a binding call, `list(value, problems)`, after raising each
# problem as its classed condition (see problems.R): Rust never raises, so
# this is where its errors and warnings are thrown. `context` holds what
# the messages need: the layout, the user's values, the argument names.
rust_value <- function(result, call = NULL, context = list()) {
  problems <- result$problems
  about_entries <- vapply(problems, function(p) p$code %in% entry_warning_codes, logical(1))
  merge <- sum(about_entries) > 1L
  for (i in seq_along(problems)) {
    if (!merge || !about_entries[[i]]) {
      throw_problem(problems[[i]], call, context)
    } else if (i == which(about_entries)[[1]]) {
      # One warning for the call, thrown where the first of them was.
      warn_entries(problems[about_entries], call, context)
    }
  }
  result$value
}

# The problems that each make a warning about a call's entries: NA entries
# (malformed, older than the layout, beyond what integer64 holds) and
# entries that look rounded, and UUIDs of a version with no time. A call
# warns once about its entries.
entry_warning_codes <- c("invalid_entries", "before_layout", "integer64_lost", "rounded_ids", "no_time")

throw_problem <- function(problem, call, context) {
  handler <- problem_handlers[[problem$code]]
  if (is.null(handler)) {
    zuid_abort_internal(sprintf("no message for the problem \"%s\"", problem$code), call)
  }
  handler(problem, call, context)
}
