# IDs on a ggplot2 axis, as numbers: each ID at its nearest double (exact
# to 2^53, and to 1 part in 2^53 beyond, which no plot can show), with
# breaks labelled by their exact digits. ggplot2 finds the scale by the
# name scale_type() gives when zuid is attached; otherwise add it.

#' Plot IDs on a ggplot2 axis
#'
#' IDs are plotted as numbers: ggplot2 picks `scale_x_zuid_id()` or
#' `scale_y_zuid_id()` for a `zuid_id` aesthetic by itself when zuid is
#' attached (`library(zuid)`), and the plot needs no other step; with zuid
#' not attached, add the scale (`+ zuid::scale_y_zuid_id()`). Each ID
#' stands at its nearest double and breaks are labelled with their digits,
#' so a histogram or a line of IDs against their times works. To plot the
#' times instead, map `id_time(id)`.
#'
#' @param ... Passed to `ggplot2::scale_x_continuous()` or
#'   `ggplot2::scale_y_continuous()`, such as `name` or `breaks`.
#' @returns A ggplot2 scale.
#' @name scale_zuid_id
#' @examplesIf requireNamespace("ggplot2", quietly = TRUE)
#' t <- as.POSIXct("2024-01-01", tz = "UTC") + sort(runif(50, 0, 86400))
#' d <- data.frame(time = t, id = id_compose(t, "discord"))
#' ggplot2::ggplot(d, ggplot2::aes(time, id)) + ggplot2::geom_point() +
#'   scale_y_zuid_id()
NULL

#' @rdname scale_zuid_id
#' @export
scale_x_zuid_id <- function(...) {
  check_plotting(sys.call())
  ggplot2::scale_x_continuous(..., trans = id_trans())
}

#' @rdname scale_zuid_id
#' @export
scale_y_zuid_id <- function(...) {
  check_plotting(sys.call())
  ggplot2::scale_y_continuous(..., trans = id_trans())
}

#' @exportS3Method ggplot2::scale_type
scale_type.zuid_id <- function(x) c("zuid_id", "continuous")

# IDs to their nearest doubles and back to numbers (ggplot2 inverts only
# breaks and limits, which are numbers already).
id_trans <- function() {
  scales::trans_new(
    "zuid_id",
    transform = function(x) if (is_zuid_id(x)) as.double(x) else as.numeric(x),
    inverse = function(x) x,
    breaks = scales::extended_breaks(),
    format = function(x) ifelse(is.na(x), NA_character_, formatC(x, format = "f", digits = 0, big.mark = ""))
  )
}

check_plotting <- function(call) {
  for (pkg in c("ggplot2", "scales")) {
    if (!requireNamespace(pkg, quietly = TRUE)) {
      zuid_abort(sprintf("Plotting IDs with ggplot2 needs the package %s: install it first.", pkg),
                 class = "zuid_error_type", call = call)
    }
  }
}
