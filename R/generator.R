#' Generate IDs
#'
#' `id_generator()` creates a generator for one node: every node field of the
#' layout gets a fixed value, and the generator mints IDs from the clock and
#' its sequence. `id_next()` returns the next `n` IDs, unique and strictly
#' increasing for that generator across calls.
#'
#' @section Uniqueness:
#' Two generators mint the same IDs when they share node values, so every
#' node field must be given: pick values per process (a worker number from
#' your job scheduler, say), never a default.
#'
#' When a tick's sequence is used up, the Twitter-family layouts wait for
#' the next tick: never more IDs in a tick than the sequence holds, and never
#' a time ahead of the clock (except under `"borrow"`). SCRU64 follows its
#' specification: its counter starts each tick at a random number below half
#' its range, and on overflow moves on to the next timestamp.
#'
#' @section When the clock moves backwards:
#' NTP corrections and virtual machine migrations set clocks back. With
#' `"wait"` (the default) the generator blocks until the clock is back at the
#' last tick it issued, then goes on: IDs stay unique and never run ahead of
#' the clock, at the cost of a pause as long as the step back. `"error"`
#' refuses with a `zuid_error_clock` that says how far the clock went back.
#' `"borrow"` keeps counting on the last tick, as Sonyflake does, and waits
#' only when that tick's sequence runs out. SCRU64 absorbs steps back of less
#' than 10 seconds as its specification says; `on_clock_back` governs larger
#' ones.
#'
#' @section Processes:
#' The generator's state lives in compiled code. A generator used in a
#' forked child process (`parallel::mclapply()`) would mint the same IDs as
#' its parent, and one restored from disk (`readRDS()`) has lost its state:
#' both refuse with a `zuid_error_generator`. Create generators inside each
#' worker, with that worker's own node values.
#'
#' @inheritParams id_fields
#' @param ... Every node field of the layout by name, such as
#'   `datacenter = 1, worker = 7`; for `scru64`, `node`.
#' @param on_clock_back `"wait"`, `"error"` or `"borrow"`: see below.
#' @returns `id_generator()`: a `zuid_generator`. `id_next()`: `n` IDs, a
#'   [zuid_id][as_zuid_id()] vector by default, or as `as` says.
#' @export
#' @examples
#' g <- id_generator("twitter", datacenter = 1, worker = 7)
#' g
#' ids <- id_next(g, 5)
#' ids
#' id_fields(ids, "twitter")
#'
#' s <- id_generator(id_layout("scru64", node_bits = 8), node = 42)
#' id_to_scru64(id_next(s, 3))
id_generator <- function(layout, ..., on_clock_back = c("wait", "error", "borrow")) {
  call <- sys.call()
  layout <- as_layout(layout, call)
  policy <- check_choice(on_clock_back, policies, "on_clock_back", call)
  nodes <- check_generator_nodes(list(...), layout, call)
  pointer <- rust_value(generator_new(layout, as.double(unlist(nodes)), policy), call,
                        list(layout = layout))
  structure(
    list(pointer = pointer, pid = Sys.getpid(), layout = layout, nodes = nodes,
         on_clock_back = policy),
    class = "zuid_generator"
  )
}

policies <- c("wait", "error", "borrow")

# Every node field, once, as a whole number within its width.
check_generator_nodes <- function(nodes, layout, call) {
  fields <- node_fields(layout)
  missing <- setdiff(fields, names(nodes))
  if (length(missing) > 0L) {
    zuid_abort(sprintf(paste(
      "Give every node field of the %s: %s %s missing. Two generators that",
      "share node values mint the same IDs, so there is no default."
    ), layout_label(layout), paste0("`", missing, "`", collapse = ", "),
    if (length(missing) == 1L) "is" else "are"), class = "zuid_error_layout", call = call)
  }
  nodes <- check_node_values(nodes, layout, call)
  for (field in fields) {
    max <- 2^layout$bits[[field]] - 1
    check_whole(nodes[[field]], field, 0, max, call, class = "zuid_error_range")
  }
  nodes
}

#' @rdname id_generator
#' @param generator A `zuid_generator`.
#' @param n How many IDs: a whole number, 0 or more.
#' @inheritParams id_compose
#' @export
id_next <- function(generator, n = 1L, as = c("id", "character", "integer64")) {
  call <- sys.call()
  if (!inherits(generator, "zuid_generator")) {
    zuid_abort(sprintf("`generator` must be a zuid_generator from `id_generator()`, not %s.",
                       describe_value(generator)), class = "zuid_error_type", call = call)
  }
  n <- check_whole(n, "n", 0, 2^31 - 1, call, class = "zuid_error_type")
  as <- check_as(as, call)
  context <- list(generator = generator, n = n)
  if (!identical(generator$pid, Sys.getpid())) {
    abort_generator(list(code = "forked"), call, context)
  }
  rust_value(generator_next(generator$pointer, n, as, generator$layout), call, context)
}

#' @export
format.zuid_generator <- function(x, ...) {
  nodes <- if (length(x$nodes) == 0L) "no node fields" else
    paste(names(x$nodes), vapply(x$nodes, whole_text, ""), collapse = ", ")
  c(sprintf("<zuid_generator %s>", x$layout$name),
    sprintf("node: %s; on_clock_back = \"%s\"", nodes, x$on_clock_back))
}

#' @export
print.zuid_generator <- function(x, ...) {
  cat(format(x, ...), sep = "\n")
  invisible(x)
}
