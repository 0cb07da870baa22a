#' Draw a layout
#'
#' Draws the bits of a layout (64, or 96 to 160 for the UUID family and the
#' other wide formats) as a bar of cells, most significant first,
#' coloured by part and labelled with each part's name and width. Base
#' graphics only.
#'
#' @param x A [id_layout()].
#' @param main A title; the layout's name by default.
#' @param ... Unused.
#' @returns `x`, invisibly.
#' @export
#' @examples
#' plot(id_layout("twitter"))
#'
#' op <- par(mfrow = c(3, 1))
#' plot(id_layout("twitter"))
#' plot(id_layout("discord"))
#' plot(id_layout("sonyflake", epoch = as.POSIXct("2014-09-01", tz = "UTC")))
#' par(op)
plot.zuid_layout <- function(x, main = NULL, ...) {
  call <- sys.call()
  x <- check_layout(x, call)
  wide <- is_wide_layout(x)
  total <- if (wide) x$width else 64L
  fills <- c(sign = "grey70", time = "#4E79A7", sequence = "#F28E2B", version = "grey70", variant = "grey55")
  node_fills <- c("#59A14F", "#B07AA1", "#EDC948", "#76B7B2", "#FF9DA7", "#9C755F")
  widths <- x$bits
  # Each part's cells run from its offset (the bits below it) up.
  ends <- if (wide) rust_value(wide_layout_offsets(x), call) else layout_facts_of(x, call)$offsets
  starts <- ends + widths
  # Node fields, and a wide layout's random, counter and machine parts,
  # take the node colours in turn.
  other <- !x$kinds %in% names(fills)
  colours <- ifelse(other, node_fills[(cumsum(other) - 1L) %% 6L + 1L], fills[x$kinds])
  old <- graphics::par(mar = c(2.2, 1.5, 2, 1.5))
  on.exit(graphics::par(old))
  graphics::plot.new()
  graphics::plot.window(xlim = c(total, 0), ylim = c(-0.2, 1.3), xaxs = "i")
  # The whole ID, dotted: a `uuid` layout's parts (version and variant)
  # leave the bits each entry's own version gives.
  graphics::rect(0, 0.2, total, 0.8, border = "grey60", lty = 3)
  for (k in seq_along(widths)) {
    if (widths[[k]] == 0) next
    cells <- seq(ends[[k]], starts[[k]] - 1)
    graphics::rect(cells, 0.2, cells + 1, 0.8, col = colours[[k]], border = "white", lwd = 0.6)
    graphics::rect(ends[[k]], 0.2, starts[[k]], 0.8, border = "grey20", lwd = 1.2)
    label <- sprintf("%s %d", names(widths)[[k]], widths[[k]])
    graphics::text((ends[[k]] + starts[[k]]) / 2, 1.0, label, xpd = NA,
                   cex = if (widths[[k]] < 6) 0.7 else 0.9)
  }
  marks <- c(seq(total - 1L, 15L, by = -16L), 0L)
  graphics::axis(1, at = marks + 0.5, labels = marks, tick = FALSE, line = -1, cex.axis = 0.7)
  graphics::title(main = main %||% layout_plot_title(x, call), cex.main = 0.9, font.main = 1)
  invisible(x)
}

# Where the layout's time counts from, as print() says it: ticks start at
# the epoch floored to whole units; a wide layout's line is its print()'s.
layout_plot_title <- function(x, call) {
  if (is_wide_layout(x)) {
    return(paste0(x$name, ": ", sub("^time: ", "", format_wide_layout(x)[[3L]])))
  }
  sprintf("%s: %s units from %s", x$name, x$unit,
          rust_value(format_epoch_ms(layout_facts_of(x, call)$first_ms)))
}
