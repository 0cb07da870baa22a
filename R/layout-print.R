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
  x <- check_layout(x, sys.call())
  c(
    sprintf("<zuid_layout %s>", x$name),
    paste0("| ", paste(names(x$bits), x$bits, collapse = " | "), " |"),
    sprintf("time: %s units from %s", x$unit, rust_value(format_epoch_ms(x$epoch_ms)))
  )
}
