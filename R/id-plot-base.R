# plot() of IDs with base graphics: each ID at its distance from the
# smallest, as ggplot2's scales place them, with an axis of round times (or,
# for IDs that carry no layout, of round IDs) instead of the doubles'
# scientific notation, which can neither tell near IDs apart nor say when
# they were made.

#' Plot IDs with base graphics
#'
#' `plot()` of a `zuid_id` places each ID by its value, exactly as far from
#' the smallest ID as it is (see [scale_x_zuid_id()]), and labels its axis
#' with a few round times in UTC (the IDs' layout says when each was made),
#' or with round IDs when `time = FALSE`. `plot(x)` draws the IDs against
#' their index, `plot(x, y)` against `y`, which may be IDs too (message
#' IDs against author IDs) or any numbers or times.
#'
#' @param x A `zuid_id` vector.
#' @param y Optional: values to plot `x` against, IDs or anything
#'   [graphics::plot()] takes.
#' @param ... Passed to [graphics::plot()], such as `main`, `pch` or `col`.
#' @param time `TRUE` to label the ID axes with times, `FALSE` with IDs.
#' @param xlab,ylab Axis titles; by default the expressions given.
#' @returns `NULL`, invisibly.
#' @export
#' @examples
#' t <- as.POSIXct("2024-03-01", tz = "UTC") + sort(runif(100, 0, 7 * 86400))
#' messages <- id_compose(t, "discord", worker = 1)
#' plot(messages)
#' authors <- id_compose(as.POSIXct("2016-01-01", tz = "UTC") + runif(100, 0, 2.5e8), "discord")
#' plot(messages, authors)
plot.zuid_id <- function(x, y = NULL, ..., time = TRUE, xlab = NULL, ylab = NULL) {
  call <- sys.call()
  time <- check_flag(time, "time", call)
  x_name <- deparse1(substitute(x))
  if (is.null(y)) {
    y <- x
    x <- seq_along(y)
    y_name <- x_name
    x_name <- "Index"
  } else {
    y_name <- deparse1(substitute(y))
  }
  px <- base_axis(x, time)
  py <- base_axis(y, time)
  graphics::plot(px$at, py$at, ..., xaxt = if (is.null(px$axis)) "s" else "n",
                 yaxt = if (is.null(py$axis)) "s" else "n",
                 xlab = xlab %||% x_name, ylab = ylab %||% y_name)
  for (side in 1:2) {
    axis <- list(px, py)[[side]]$axis
    if (!is.null(axis)) graphics::axis(side, at = axis$at, labels = axis$labels)
  }
  invisible(NULL)
}

# Where base graphics place the values of one axis (`at`): IDs at their
# distances from the smallest, with their axis's breaks and labels
# (`axis`); anything else as it is, with graphics' own axis.
base_axis <- function(v, time) {
  if (!is_zuid_id(v)) {
    return(list(at = v, axis = NULL))
  }
  if (all(id_is_na(v))) {
    return(list(at = rep(NA_real_, length(v)), axis = NULL))
  }
  state <- new.env(parent = emptyenv())
  state$origin <- min(v, na.rm = TRUE)
  state$layout <- if (time) id_layout_attr(v)
  at <- rust_value(ids_offsets(v, state$origin))
  # Base R's pretty(), not scales': plot() needs no suggested package.
  breaks <- id_axis_breaks(range(at, na.rm = TRUE), state, 5L, 0, function(l) pretty(l, n = 5L))
  list(at = at, axis = list(at = breaks, labels = id_axis_labels(breaks, state)))
}
