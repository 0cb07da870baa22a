# IDs on a ggplot2 axis, as numbers: each ID at its distance from an origin
# (the first ID the scale sees), exact to 2^53 of it, so that IDs a double
# cannot tell apart (300 consecutive ones near 2^61) stand apart; breaks
# fall on round IDs and are labelled with their exact digits, or on round
# times and labelled with them. ggplot2 finds the scale by the name
# scale_type() gives when zuid is attached; otherwise add it. Base
# graphics' plot() of IDs (id-plot-base.R) shares the breaks and labels.

#' Plot IDs on a ggplot2 axis
#'
#' IDs are plotted as numbers: ggplot2 picks `scale_x_zuid_id()` or
#' `scale_y_zuid_id()` for a `zuid_id` aesthetic by itself when zuid is
#' attached (`library(zuid)`), and the plot needs no other step; with zuid
#' not attached, add the scale (`+ zuid::scale_y_zuid_id()`): ggplot2 looks
#' for it by name among attached packages only, and says so with a warning
#' of class `zuid_warning_plot`. The axis shows each ID exactly: IDs are
#' placed by their distance from the first ID the scale sees, exact within
#' 2^53 of it (a double holds an ID of 19 digits only to 1 part in 2^53, so
#' that 300 consecutive tweet IDs would share one position), and breaks fall
#' on round IDs, labelled with all their digits. Labels of 19 digits are
#' wide: the x scale asks for about 3 breaks, keeps them off the ends of the
#' axis (where a label would be cut at the figure's edge) and drops labels
#' that would overlap. IDs spread over years (authors' IDs against the IDs
#' of their messages) get as few breaks as IDs of one second.
#'
#' With `time = TRUE`, breaks fall on round times (years, months, days,
#' hours) instead, placed at the smallest ID of their tick, and are labelled
#' with those times in UTC, as short as the axis's span allows: the IDs
#' must carry their layout (a `zuid_id` from [as_zuid_id()] or the
#' functions that return one); IDs without one keep their digits. To plot
#' the times themselves, map `id_time(id)`.
#'
#' @param time `FALSE` to label breaks with IDs, `TRUE` with times.
#' @param ... Passed to `ggplot2::scale_x_continuous()` or
#'   `ggplot2::scale_y_continuous()`, such as `name`, `limits` and `breaks`
#'   (as IDs: `zuid_id` or integer64; plain numbers there are distances
#'   from the axis's origin, as its breaks functions see them) or `guide`.
#' @returns A ggplot2 scale.
#' @name scale_zuid_id
#' @examplesIf requireNamespace("ggplot2", quietly = TRUE)
#' t <- as.POSIXct("2024-01-01", tz = "UTC") + sort(runif(50, 0, 86400))
#' d <- data.frame(time = t, id = id_compose(t, "discord"))
#' ggplot2::ggplot(d, ggplot2::aes(time, id)) + ggplot2::geom_point() +
#'   scale_y_zuid_id()
#'
#' # 300 IDs minted in one millisecond, each in its own place.
#' g <- id_generator("twitter", datacenter = 1, worker = 2)
#' burst <- data.frame(id = id_next(g, 300), n = 1:300)
#' ggplot2::ggplot(burst, ggplot2::aes(id, n)) + ggplot2::geom_point() +
#'   scale_x_zuid_id()
NULL

#' @rdname scale_zuid_id
#' @export
scale_x_zuid_id <- function(..., time = FALSE) {
  call <- sys.call()
  # The arguments first: their errors read the same with or without ggplot2.
  time <- check_flag(time, "time", call)
  check_plotting(call)
  args <- list(...)
  if (is.null(args$guide)) {
    args$guide <- ggplot2::guide_axis(check.overlap = TRUE)
  }
  trans <- id_trans(n = if (time) 4L else 3L, inner = if (time) 0.04 else 0.08, time = time)
  do.call(ggplot2::scale_x_continuous, c(args, id_transform_arg(trans)))
}

#' @rdname scale_zuid_id
#' @export
scale_y_zuid_id <- function(..., time = FALSE) {
  call <- sys.call()
  # The arguments first: their errors read the same with or without ggplot2.
  time <- check_flag(time, "time", call)
  check_plotting(call)
  trans <- id_trans(n = 5L, inner = 0, time = time)
  do.call(ggplot2::scale_y_continuous, c(list(...), id_transform_arg(trans)))
}

#' @exportS3Method ggplot2::scale_type
scale_type.zuid_id <- function(x) {
  if (!"package:zuid" %in% search()) {
    zuid_warn(paste(
      "A zuid_id on a ggplot2 axis needs zuid's scale, which ggplot2 finds by name",
      "only in attached packages: add `+ zuid::scale_x_zuid_id()` (or",
      "`zuid::scale_y_zuid_id()`), or attach zuid with `library(zuid)`. Without it,",
      "ggplot2 takes the IDs for plain numbers and cannot place them."
    ), class = "zuid_warning_plot")
  }
  c("zuid_id", "continuous")
}

# The scale's argument for its transformation: `transform` from ggplot2
# 3.5.0 on (which deprecates `trans`), `trans` before.
id_transform_arg <- function(trans) {
  if (utils::packageVersion("ggplot2") >= "3.5.0") list(transform = trans) else list(trans = trans)
}

# IDs to their distances from an origin (the first ID the scale sees, kept
# for every later call, so that the scale's data, limits and breaks share
# it), and back to numbers: ggplot2 inverts breaks and limits to numbers
# and transforms them again, so numbers are distances already. Breaks fall
# on multiples of a round step of the IDs themselves (about `n` of them),
# within the middle of the limits (all but `inner` of their span at each
# end); labels are the breaks' exact digits. With `time`, and a layout the
# IDs carry, breaks and labels are round times instead (id_time_breaks()).
id_trans <- function(n, inner, time = FALSE) {
  state <- new.env(parent = emptyenv())
  transform <- function(x) {
    if (!(is_zuid_id(x) || inherits(x, "integer64"))) {
      return(as.numeric(x))
    }
    if (is.null(state$origin)) {
      if (all(id_is_na(x))) return(rep(NA_real_, length(x)))
      state$origin <- as_zuid_id(min(as_zuid_id(x), na.rm = TRUE))
      state$layout <- if (time) id_layout_attr(x)
    }
    rust_value(ids_offsets(x, state$origin))
  }
  # scales 1.3 renamed trans_new(); named as text, so that R CMD check with
  # an older scales finds no missing object.
  maker <- if (exists("new_transform", asNamespace("scales"))) "new_transform" else "trans_new"
  new_transform <- getExportedValue("scales", maker)
  new_transform(
    "zuid_id",
    transform = transform,
    inverse = function(x) x,
    breaks = function(limits) id_axis_breaks(limits, state, n, inner),
    format = function(x) id_axis_labels(x, state)
  )
}

# Breaks of an axis of IDs (distances from `state$origin`) within `limits`:
# on round times when `state$layout` is set, else on round IDs; `state`
# keeps what the labels then need (the step of the IDs, or the span of the
# times, which says how much of a time to show).
id_axis_breaks <- function(limits, state, n, inner, pretty_ids = NULL) {
  if (!is.null(state$layout)) {
    breaks <- id_time_breaks(limits, state$origin, state$layout, n, inner)
    state$span <- attr(breaks, "span")
    state$times <- attr(breaks, "times")
    if (!is.null(breaks)) return(as.vector(breaks))
  }
  breaks <- id_breaks(limits, state$origin, n, inner, pretty_ids)
  state$step <- attr(breaks, "step")
  as.vector(breaks)
}

# Labels of breaks (distances from `state$origin`): the IDs' digits, or the
# round times the breaks were placed at (a distance beyond 2^53 is blurred,
# and the ID it gives back may fall a tick early), as short as their span
# allows.
id_axis_labels <- function(x, state) {
  if (is.null(state$origin)) return(rep(NA_character_, length(x)))
  if (is.null(state$span)) {
    return(at_offsets_of(state$origin, x, state$step %||% 1)$labels)
  }
  times <- state$times[match(x, attr(state$times, "at"))]
  format(times, time_label_format(state$span, times), tz = "UTC")
}

# Breaks on round times of the IDs within `limits` (distances from
# `origin`), all but `inner` of their span at each end, placed at the
# smallest ID of each time's tick, with the span of the limits in seconds
# as attribute `span`; NULL where the limits' IDs have no time under
# `layout` (then breaks fall on round IDs). A lower limit below the
# layout's first ID (an axis's margin below IDs near its epoch) is read
# as the smallest ID plotted.
id_time_breaks <- function(limits, origin, layout, n, inner) {
  if (length(limits) != 2L || !all(is.finite(limits))) {
    return(NULL)
  }
  range <- suppressWarnings(id_time(at_offsets_of(origin, limits, 1)$labels, layout))
  if (is.na(range[[1L]])) {
    range[[1L]] <- suppressWarnings(id_time(origin, layout))
  }
  if (anyNA(range) || !(range[[1L]] < range[[2L]])) {
    return(NULL)
  }
  span <- as.double(range[[2L]]) - as.double(range[[1L]])
  times <- pretty(range, n = n)
  times <- times[times >= range[[1L]] + inner * span & times <= range[[2L]] - inner * span]
  at <- rust_value(ids_offsets(id_from_time(times, layout), origin))
  attr(times, "at") <- at
  structure(at, span = span, times = times)
}

# How much of a time the labels of an axis that spans `span` seconds show,
# short enough for a few labels across a small figure: the year only where
# the labelled `times` are of different years.
time_label_format <- function(span, times) {
  day <- 86400
  years <- length(unique(format(times[!is.na(times)], "%Y", tz = "UTC")))
  if (span >= 3 * 365 * day) "%Y"
  else if (span >= 90 * day) "%Y-%m"
  else if (span >= 3 * day) if (years > 1L) "%Y-%m-%d" else "%b %d"
  else if (span >= 6 * 3600) "%b %d %H:%M"
  else if (span >= 3) "%H:%M:%S"
  else "%H:%M:%OS3"
}

# rust_value() of ids_at_offsets(): labels and the origin's residue.
at_offsets_of <- function(origin, offsets, step) {
  rust_value(ids_at_offsets(origin, as.double(offsets), step))
}

# Breaks on multiples of a round step of the IDs: the step of about `n`
# pretty breaks of the limits (distances from `origin`), at least 1, moved
# so that origin + break is its multiple, kept within all but `inner` of
# the span at each end; the step rides along as an attribute, for labels
# of breaks beyond 2^53 of the origin, which doubles blur.
id_breaks <- function(limits, origin, n, inner, pretty_ids = NULL) {
  if (is.null(origin) || length(limits) != 2L || !all(is.finite(limits))) {
    return(numeric())
  }
  pretty <- (pretty_ids %||% scales::extended_breaks(n = n))(limits)
  step <- if (length(pretty) > 1L) max(1, round(pretty[[2L]] - pretty[[1L]])) else 1
  # Up to 2^63: IDs spread over years are that far apart, and a step
  # capped lower gave hundreds of breaks.
  step <- min(step, 2^63)
  residue <- at_offsets_of(origin, numeric(), step)$residue
  span <- limits[[2L]] - limits[[1L]]
  low <- limits[[1L]] + inner * span
  high <- limits[[2L]] - inner * span
  first <- ceiling((low + residue) / step) * step - residue
  breaks <- if (first <= high) seq(first, high, by = step) else numeric()
  structure(breaks, step = step)
}

check_plotting <- function(call) {
  for (pkg in c("ggplot2", "scales")) {
    if (!requireNamespace(pkg, quietly = TRUE)) {
      zuid_abort(sprintf("Plotting IDs with ggplot2 needs the package %s: install it first.", pkg),
                 class = "zuid_error_type", call = call)
    }
  }
}
