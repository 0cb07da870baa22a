# Every condition zuid raises is classed, so that callers can catch
# `zuid_error` (or a subclass) and tests can assert the class; its data
# (counts, positions) rides along as fields.

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

# The value of a binding call, `list(value, problems)`, after raising each
# problem as its classed condition (see problems.R): Rust never raises, so
# this is where its errors and warnings are thrown. `context` holds what
# the messages need: the layout, the user's values, the argument names.
rust_value <- function(result, call = NULL, context = list()) {
  for (problem in result$problems) {
    throw_problem(problem, call, context)
  }
  result$value
}

throw_problem <- function(problem, call, context) {
  handler <- problem_handlers[[problem$code]]
  if (is.null(handler)) {
    stop(sprintf("internal error in zuid: no message for the problem \"%s\"", problem$code), call. = FALSE)
  }
  handler(problem, call, context)
}
