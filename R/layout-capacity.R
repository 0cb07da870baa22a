#' How long a layout lasts, and how many IDs it holds
#'
#' A layout's time part runs out: Twitter's 41 bits of milliseconds last
#' about 69.7 years, baidu/uid-generator's default 28 bits of seconds
#' lasted 8.5 years, to 2024-11-20. Its sequence bounds how many IDs one
#' node can mint in a tick before it must wait for the next one.
#' `id_layout_capacity()` gives these numbers; `summary()` of a layout
#' states them under the layout as `print()` shows it.
#'
#' The end is the end of the last tick: the first time that no ID of the
#' layout can have (for SCRU64, the last tick below 36^12). A node is one
#' combination of the node fields' values; the capacity per tick is
#' 2^(sequence bits), what the bits hold: a generator may use less (yitter's
#' keeps sequence numbers 0 to 4 for itself). All of it is computed in the
#' core from the layout's exact integers.
#'
#' Where a platform numbered things in sequence before it used its layout,
#' `summary()` also says where the layout's IDs begin: Twitter's at
#' 29700859248 (tweets up to 29700859247, of 2010-11-04, were numbered in
#' sequence, as were its oldest accounts), Mastodon's at 5662310400000, the
#' first ID of 1970-01-02 (before 2.0, in 2017, each server counted its
#' statuses from 1). Decoding a smaller number gives `NA` for its time and
#' fields, with a warning of class `zuid_warning_before_layout`: such a
#' number holds no time, and read as if it did it would fall within
#' seconds of the epoch. It is still an ID: [as_zuid_id()] and
#' [id_is_valid()] take it.
#'
#' @param layout A [id_layout()], or the name of a built-in layout that
#'   needs no further argument.
#' @returns `id_layout_capacity()`: a data frame with one row: `layout` (its
#'   name), `start` (POSIXct, UTC: the start of tick 0) and `end` (the end
#'   of the last tick), `years` (from `start` to `end`, in years of 365.2425
#'   days), `ticks_per_second`, `ids_per_tick` and `ids_per_second` (of one
#'   node), and `nodes` (how many the node fields tell apart). Rows of
#'   several layouts bind with `rbind()`. `summary()`: an object that prints
#'   the layout with when it runs out, what one node can mint and, where it
#'   is known, where its IDs begin.
#' @seealso [id_layout()] for the built-in layouts and their sources.
#' @export
#' @examples
#' id_layout_capacity("twitter")
#' summary(id_layout("twitter"))
#' summary(id_layout("baidu"))
#' summary(id_layout("sonyflake_v2"))
#'
#' # Several layouts side by side.
#' do.call(rbind, lapply(c("twitter", "discord", "tsid", "yitter"), id_layout_capacity))
id_layout_capacity <- function(layout) {
  call <- sys.call()
  layout <- as_layout(layout, call)
  capacity <- layout_capacity_of(layout, call)
  utc <- function(s) structure(s, class = c("POSIXct", "POSIXt"), tzone = "UTC")
  data.frame(
    layout = layout$name,
    start = utc(layout_facts_of(layout, call)$first_ms / 1000),
    end = utc(capacity$end),
    years = capacity$years,
    ticks_per_second = capacity$ticks_per_second,
    ids_per_tick = capacity$ids_per_tick,
    ids_per_second = capacity$ids_per_second,
    nodes = capacity$nodes,
    stringsAsFactors = FALSE
  )
}

layout_capacity_of <- function(layout, call) {
  rust_value(layout_capacity(layout), call, list(layout = layout))
}

#' @rdname id_layout_capacity
#' @param object A layout.
#' @param ... Unused.
#' @export
summary.zuid_layout <- function(object, ...) {
  call <- sys.call()
  object <- check_layout(object, call)
  structure(list(layout = object, capacity = layout_capacity_of(object, call),
                 begins = layout_beginning(object, call)),
            class = "summary.zuid_layout")
}

#' @export
print.summary.zuid_layout <- function(x, ...) {
  cat(format(x$layout), sep = "\n")
  cat(capacity_lines(x$layout, x$capacity), sep = "\n")
  if (!is.null(x$begins)) {
    cat(sprintf("IDs begin: at %s; below it are %s, with no time", x$begins$first_id, x$begins$before),
        sep = "\n")
  }
  invisible(x)
}

# "runs out: ..." and "capacity: ..." lines of a layout's summary.
capacity_lines <- function(layout, capacity) {
  years <- capacity$years
  end <- if (is.na(capacity$end_text)) "after the year 9999" else capacity$end_text
  per_node <- if (capacity$nodes > 1) sprintf(" for each of %s nodes", count_text(capacity$nodes)) else
    " (no node fields)"
  c(
    sprintf("runs out: %s, %s years after its first tick", end,
            count_text(if (years < 100) round(years, 1) else round(years))),
    sprintf("capacity: %s %s per tick and %s per second%s", count_text(capacity$ids_per_tick),
            plural(capacity$ids_per_tick, "ID", "IDs"), count_text(capacity$ids_per_second), per_node)
  )
}

# A count or rate with thousands marked: whole numbers in full, others to
# six significant digits.
count_text <- function(x) {
  trimws(if (x == round(x)) formatC(x, format = "f", digits = 0, big.mark = ",") else
    formatC(x, format = "fg", digits = 6, big.mark = ","))
}
