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
#' your job scheduler, say), never a default. Or let each process lease a
#' node from a database it can reach (`lease`, see [leases]), or take its
#' node values from the environment (see "Nodes from the environment").
#'
#' When a tick's sequence is used up, the Twitter-family layouts wait for
#' the next tick: never more IDs in a tick than the sequence holds, and never
#' a time ahead of the clock (except under `"borrow"`). SCRU64 follows its
#' specification: its counter starts each tick at a random number below half
#' its range, and on overflow moves on to the next timestamp (see "Bursts").
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
#' @section Bursts:
#' SCRU64 follows its specification: its counter starts each tick at a
#' random number below half its range, and on overflow moves on to the next
#' timestamp, ahead of the clock, without waiting. It does so only while that
#' timestamp is less than 10 seconds (39 ticks of 256 ms) ahead of the clock,
#' the specification's allowance; beyond it the generator waits for the
#' clock, as the Twitter-family layouts do when a tick's sequence runs out.
#' This holds under every `on_clock_back`, which governs the clock moving
#' back, not bursts: a burst never runs 10 seconds or more ahead of the
#' clock, so a generator with 23 node bits (2 IDs per tick) makes 80 IDs at
#' once and then 2 every 256 ms. Only a clock that moved back (under
#' `"borrow"`) or `after` can put the last ID further ahead, and then a
#' burst waits until the clock is back within the allowance.
#'
#' @section Restarts:
#' A process that restarts starts a new generator, whose clock may read
#' earlier than the last ID the previous process minted (the clock went back
#' across the restart). Give that last ID as `after`, read from your
#' database or a file, and the generator never mints an ID at or below it,
#' whatever the clock says. An `after` ahead of the clock is met as a clock
#' that moved back is: `"wait"` waits until the clock reaches its time (less
#' its allowance for SCRU64), `"error"` refuses with a `zuid_error_clock`,
#' `"borrow"` counts on from it at once. In one R session, a generator
#' already starts above the last ID every garbage-collected generator with
#' the same layout and node values minted (not above an `after` it was
#' given: give that again).
#'
#' @section One generator per node:
#' A second live generator with the same layout and node values in one
#' session would mint the same IDs as the first: `id_generator()` refuses it
#' with a `zuid_error_duplicate_node`, after collecting garbage once, so
#' that generators you no longer reference do not count. Remove the old one
#' (`rm()`) or reuse it. `shared_node = TRUE` allows the second one: only
#' do so when the two never write to the same ID space (different tables,
#' say), since any two calls in the same tick mint the same IDs.
#'
#' What counts is what the IDs are made of, not how the layouts name their
#' parts: two layouts with the time in the same bits, on the same tick grid
#' (unit and epoch), mint the same IDs whenever their node bits agree where
#' both have node bits. Twitter's `datacenter = 3, worker = 1` and a custom
#' layout with one 10-bit field `node = 97` are the same node; so are
#' layouts that put the sequence above the node or below it, where the bits
#' they fix agree. A forked child counts its parent's live generators too,
#' whatever it collects. Looking generators up costs the same however many
#' there are.
#'
#' @section Nodes from the environment:
#' When `...` is empty, a layout with node fields takes its node values
#' from the environment variable `ZUID_NODE`, if it is set: fields by name
#' with whole numbers, separated by commas, such as
#' `ZUID_NODE="datacenter=1,worker=7"` (what an orchestrator sets for each
#' worker, as scru64's `SCRU64_NODE_SPEC` does). They are checked as values
#' in `...` are, and a message about them names the variable. Values in
#' `...` always win; `print()` says where they came from.
#'
#' @section Processes:
#' The generator's state lives in compiled code. A generator used in a
#' forked child process (`parallel::mclapply()`) would mint the same IDs as
#' its parent, and one restored from disk (`readRDS()`) or sent to another R
#' process (a `parallel::makeCluster()` worker, callr) has no state: both
#' refuse with a `zuid_error_generator`, and print as unable to mint. Create
#' generators inside each worker, with that worker's own node values.
#'
#' @section 128-bit layouts:
#' `"uuidv7"`, `"ulid"`, `"typeid"` (with `prefix = "user"`, say) and
#' `"scru128"` generators take no node values: their random bits, read from
#' the operating system (getrandom(2) or `/dev/urandom`, never R's RNG, so
#' `set.seed()` does not make two processes repeat IDs), keep generators
#' apart. `id_next()` returns a `zuid_text_id` vector (or `as =
#' "character"`), strictly increasing in byte order within a generator:
#' * UUIDv7 and TypeID follow RFC 9562 section 6.2 method 1 as CPython 3.14
#'   does: a 42-bit counter (the 12 bits after the millisecond and the top
#'   30 of `rand_b`) starts at random in each millisecond and counts up, the
#'   last 32 bits random. With `id_layout("uuidv7", sub_ms = "fraction")`
#'   they follow method 3 as PostgreSQL 18 does: the 12 bits are the
#'   fraction of the millisecond in 1/4096 steps, one step on when the clock
#'   has not passed the last ID.
#' * ULID counts its 80 random bits up by one within a millisecond.
#' * SCRU128 follows its specification: a 24-bit `counter_hi` renewed once a
#'   second, a 24-bit `counter_lo` that starts at random in each millisecond,
#'   32 bits of entropy per ID, and a step back of the clock under 10
#'   seconds absorbed.
#'
#' When a counter runs out, the time moves on one millisecond (ahead of the
#' clock, never wrapping). `on_clock_back` works as for 64-bit layouts. A
#' generator used in a forked child does not refuse: the child draws fresh
#' random bits and moves to the millisecond after its last ID, so that it
#' repeats none of its parent's IDs. `after`, `shared_node` and `lease`
#' are for the 64-bit layouts.
#'
#' @section Memory and interrupts:
#' `id_next()` allocates its result before minting: when memory runs out it
#' fails with a `zuid_error_memory` that says how much was asked for, and
#' the generator goes on. Ctrl-C stops it within a fraction of a second,
#' whatever the layout's rate (also while it waits for the clock), with a
#' `zuid_error_generator`; the IDs it had minted are skipped, never minted
#' again, and the next call goes on above them.
#'
#' @inheritParams id_compose
#' @param ... Every node field of the layout by name, such as
#'   `datacenter = 1, worker = 7`; for `scru64`, `node`. For `"typeid"`,
#'   `prefix`: its TypeID prefix (lowercase letters and underscores); the
#'   other 128-bit layouts take nothing.
#' @param on_clock_back `"wait"`, `"error"` or `"borrow"`: see below.
#' @param after `NULL`, or an ID the generator must stay above: the last one
#'   a previous process minted, as text, `bit64::integer64`, a
#'   [zuid_id][as_zuid_id()] or a whole number below 2^53, as the functions
#'   that read IDs accept them.
#' @param shared_node `TRUE` to allow a second live generator with the same
#'   layout and node values; see "One generator per node".
#' @param lease `NULL`, or a DBI connection (SQLite, PostgreSQL,
#'   MySQL/MariaDB) from whose lease table the generator claims a free node,
#'   instead of node values in `...`; see [leases].
#' @param lease_ttl How long a lease lasts without renewal, in seconds (1 to
#'   86400). A killed holder's node is free again this long after its last
#'   renewal; a generator renews its lease every half of it while it mints.
#' @param lease_table The name of the lease table, created when missing.
#' @returns `id_generator()`: a `zuid_generator`. `id_next()`: `n` IDs, a
#'   [zuid_id][as_zuid_id()] vector by default (a `zuid_text_id` for 128-bit
#'   layouts), or as `as` says.
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
#'
#' # After a restart, continue above the last ID minted before it.
#' last <- ids[5]
#' rm(g)
#' g <- id_generator("twitter", datacenter = 1, worker = 7, after = last)
#' id_next(g) # above `last`, whatever the clock says
#'
#' # Node values from the environment, as an orchestrator sets them.
#' Sys.setenv(ZUID_NODE = "datacenter=2,worker=9")
#' id_generator("twitter")
#' Sys.unsetenv("ZUID_NODE")
#'
#' # 128-bit IDs: random bits from the operating system, no node values.
#' id_next(id_generator("uuidv7"), 3)
#' id_next(id_generator("typeid", prefix = "user"), 2)
id_generator <- function(layout, ..., on_clock_back = c("wait", "error", "borrow"), after = NULL,
                         shared_node = FALSE, lease = NULL, lease_ttl = 30,
                         lease_table = "zuid_node_leases") {
  call <- sys.call()
  layout <- as_layout(layout, call)
  policy <- check_choice(on_clock_back, policies, "on_clock_back", call)
  if (is_wide_layout(layout)) {
    return(new_wide_generator(layout, list(...), policy, after, call))
  }
  after <- check_after(after, layout, call)
  shared_node <- check_flag(shared_node, "shared_node", call)
  if (!is.null(lease)) {
    return(lease_generator(layout, list(...), policy, after, shared_node, lease, lease_ttl,
                           lease_table, call))
  }
  nodes <- generator_nodes(list(...), layout, call)
  generator <- new_generator(layout, nodes$values, policy, after, shared_node, FALSE, call)
  generator$node_source <- nodes$source
  generator
}

# A generator object for `nodes` (checked node values), its pointer made
# by the binding. A generator nothing refers to any more still holds its
# node until the garbage collector runs its finalizer: a duplicate node is
# asked about again after collecting garbage once.
new_generator <- function(layout, nodes, policy, after, shared_node, leased, call) {
  context <- list(layout = layout, nodes = nodes, x = after$x)
  make <- function() {
    rust_value(generator_new(layout, as.double(unlist(nodes)), policy, after$x, after$input %||% "",
                             shared_node, leased), call, context)
  }
  pointer <- tryCatch(make(), zuid_error_duplicate_node = function(e) {
    invisible(gc(verbose = FALSE))
    make()
  })
  structure(
    list(pointer = pointer, layout = layout, nodes = nodes, on_clock_back = policy),
    class = "zuid_generator"
  )
}

policies <- c("wait", "error", "borrow")

# The node values of a generator: those given in `...`, or when none are
# and the layout has node fields, those of the environment variable
# ZUID_NODE. `list(values, source)`, `source` saying where they came from
# ("arguments" or "ZUID_NODE").
generator_nodes <- function(nodes, layout, call) {
  text <- Sys.getenv("ZUID_NODE")
  if (length(nodes) > 0L || length(node_fields(layout)) == 0L || !nzchar(text)) {
    elsewhere <- "set them in the environment variable ZUID_NODE, or lease a node with `lease`"
    return(list(values = check_generator_nodes(nodes, layout, call, elsewhere), source = "arguments"))
  }
  values <- tryCatch(
    check_generator_nodes(parse_node_spec(text, call), layout, call),
    zuid_error = function(e) {
      e$message <- sprintf("In the environment variable ZUID_NODE (%s): %s", visible_text(text, 60L),
                           e$message)
      stop(e)
    }
  )
  list(values = values, source = "ZUID_NODE")
}

# Node values written as text, "datacenter=1,worker=7": fields by name,
# each a whole number in decimal digits, separated by commas (spaces
# allowed around each part). A named list, checked as `...` is.
parse_node_spec <- function(text, call) {
  parts <- trimws(strsplit(text, ",", fixed = TRUE)[[1L]])
  pairs <- regmatches(parts, regexec("^([^=[:space:]]+)[[:space:]]*=[[:space:]]*([0-9]+)$", parts))
  bad <- lengths(pairs) != 3L
  if (length(parts) == 0L || any(bad)) {
    what <- if (length(parts) == 0L) "nothing" else visible_text(parts[bad][[1L]])
    zuid_abort(sprintf(paste(
      "node values are written as fields with whole numbers, such as",
      "\"datacenter=1,worker=7\"; %s is not one."
    ), what), class = "zuid_error_layout", call = call)
  }
  stats::setNames(lapply(pairs, function(p) as.numeric(p[[3L]])), vapply(pairs, `[[`, "", 2L))
}

# Every node field, once, as a whole number within its width. `elsewhere`
# says where else the values may come from (id_generator() has the
# environment and leases; the SQL generators only their arguments).
check_generator_nodes <- function(nodes, layout, call, elsewhere = NULL) {
  fields <- node_fields(layout)
  missing <- setdiff(fields, names(nodes))
  if (length(missing) > 0L) {
    zuid_abort(sprintf(paste(
      "Give every node field of the %s: %s %s missing. Two generators that",
      "share node values mint the same IDs, so there is no default%s."
    ), layout_label(layout), paste0("`", missing, "`", collapse = ", "),
    if (length(missing) == 1L) "is" else "are", if (is.null(elsewhere)) "" else sprintf(" (%s)", elsewhere)),
    class = "zuid_error_layout", call = call)
  }
  nodes <- check_node_values(nodes, layout, call)
  max_values <- layout_facts_of(layout, call)$max_values
  for (field in fields) {
    check_whole(nodes[[field]], field, 0, max_values[[field]], call, class = "zuid_error_range")
  }
  nodes
}

# `after`: NULL, or one ID that is not NA, as the binding reads IDs; a
# zuid_id must be of the generator's layout.
check_after <- function(after, layout, call) {
  if (is.null(after)) {
    return(list())
  }
  carried <- if (inherits(after, "zuid_id")) checked_layout_attr(after, call, "`after`") else NULL
  if (!is.null(carried) && !same_layout(carried, layout, call)) {
    zuid_abort(sprintf(paste(
      "`after` is an ID of the %s, but the generator's layout is the %s: it",
      "would be read as an ID it is not. Give the last ID this layout minted."
    ), layout_label(carried), layout_label(layout)), class = "zuid_error_layout", call = call)
  }
  input <- ids_input(after)
  if (is.null(input) || length(after) != 1L || id_is_na(after)) {
    zuid_abort(sprintf(paste(
      "`after` must be NULL or one ID (text, bit64::integer64 or a whole number):",
      "the last one a previous process minted, not %s."
    ), describe_value(after)), class = "zuid_error_type", call = call)
  }
  list(x = after, input = input)
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
  n <- check_whole(n, "n", 0, .Machine$integer.max, call, class = "zuid_error_type")
  as <- check_as(as, call)
  if (isTRUE(generator$wide)) {
    return(wide_next(generator, n, as, call))
  }
  if (!is.null(generator$lease)) {
    return(lease_next(generator, n, as, call))
  }
  # The pointer says whether this process can mint with it: R's copy of a
  # process id could not tell a forked child from a copy sent to a worker.
  rust_value(generator_next(generator$pointer, n, as, generator$layout), call,
             list(generator = generator, n = n, as = as))
}

#' @export
format.zuid_generator <- function(x, ...) {
  if (isTRUE(x$wide)) {
    return(format_wide_generator(x))
  }
  status <- rust_value(generator_status(x$pointer), NULL)
  from <- if (identical(x$node_source, "ZUID_NODE")) " (from ZUID_NODE)" else ""
  c(sprintf("<zuid_generator %s>", x$layout$name),
    sprintf("node: %s%s; on_clock_back = \"%s\"", node_words(x$nodes), from, x$on_clock_back),
    if (!is.null(x$lease)) lease_words(x$lease),
    generator_status_words[[status]])
}

# A generator's node values as words: "datacenter 1, worker 7".
node_words <- function(nodes) {
  if (length(nodes) == 0L) "no node fields" else
    paste(names(nodes), vapply(nodes, whole_text, ""), collapse = ", ")
}

# What print() adds for a generator that cannot mint in this process.
generator_status_words <- list(
  live = NULL,
  forked = paste("cannot mint: it belongs to the parent this forked child was made from;",
                 "create one in each process"),
  restored = paste("cannot mint: it has no state (restored from disk, or sent to another",
                   "R process); create a new one with id_generator()"),
  foreign = "cannot mint: it holds no generator's state; create one with id_generator()"
)

#' @export
print.zuid_generator <- function(x, ...) {
  cat(format(x, ...), sep = "\n")
  invisible(x)
}
