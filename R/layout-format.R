#' @rdname id_layout
#' @param x A layout.
#' @param ... Unused.
#' @export
format.zuid_layout <- function(x, ...) {
  c(
    sprintf("<zuid_layout %s>", x$name),
    paste0("| ", paste(names(x$bits), x$bits, collapse = " | "), " |"),
    sprintf("time: %s units from %s", x$unit, format_epoch_ms(x$epoch_ms))
  )
}

#' @rdname id_layout
#' @export
print.zuid_layout <- function(x, ...) {
  cat(format(x, ...), sep = "\n")
  invisible(x)
}
