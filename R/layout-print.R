#' @rdname id_layout
#' @order 2
#' @param x A layout.
#' @param ... Unused.
#' @export
print.zuid_layout <- function(x, ...) {
  cat(format(x, ...), sep = "\n")
  invisible(x)
}

#' @rdname id_layout
#' @order 3
#' @export
format.zuid_layout <- function(x, ...) {
  call <- sys.call()
  x <- check_layout(x, call)
  if (is_wide_layout(x)) {
    return(format_wide_layout(x))
  }
  first_ms <- layout_facts_of(x, call)$first_ms
  # A sequence of 0 bits (TIDs', TikTok's) takes no bits: not shown.
  shown <- x$bits[x$bits > 0L]
  c(
    sprintf("<zuid_layout %s>", x$name),
    paste0("| ", paste(names(shown), shown, collapse = " | "), " |"),
    sprintf("time: %s units from %s", x$unit, rust_value(format_epoch_ms(first_ms))),
    # Ticks are counted on Unix time's own grid (as Sonyflake's reference
    # counts them): an epoch off that grid is shown with where it went.
    if (first_ms != x$epoch_ms) {
      sprintf("epoch: %s, floored to a whole number of %s units since 1970",
              rust_value(format_epoch_ms(x$epoch_ms)), x$unit)
    }
  )
}
