# What a vector of IDs holds at a glance, and how two differ: summary()
# (alone and inside summary(<data.frame>)) and all.equal(), which bit64's
# methods would compute with numbers.

#' Summaries and differences of IDs
#'
#' `summary()` of a `zuid_id` gives how many IDs there are, how many are
#' `NA`, the smallest and the largest ID and, when the vector carries its
#' layout, the times they were made; it is a column of
#' `summary(<data.frame>)` too. `all.equal()` says how two `zuid_id`s
#' differ: their layouts, lengths, names, `NA`s, and which IDs (by
#' position) are not the same.
#'
#' @param object,target A `zuid_id` vector.
#' @param current What `target` is compared with.
#' @param check.attributes Whether names count.
#' @param ... Unused.
#' @returns `summary()`: a named character vector of class
#'   `zuid_id_summary`. `all.equal()`: `TRUE`, or the differences as a
#'   character vector.
#' @name zuid_id-summary
#' @examples
#' ids <- as_zuid_id(c("175928847299117063", "1212912214386673976", NA), "discord")
#' summary(ids)
#' summary(data.frame(id = ids, n = 1:3))
#' all.equal(ids, rev(ids))
NULL

#' @rdname zuid_id-summary
#' @export
summary.zuid_id <- function(object, ...) {
  check_id_storage(object, sys.call(), "`object`")
  missing <- sum(is.na(object))
  known <- length(object) - missing
  extremes <- if (known > 0L) range(object, na.rm = TRUE) else object[c(NA_integer_, NA_integer_)]
  out <- c(IDs = whole_text(length(object)), "NA's" = whole_text(missing),
           Min. = format(extremes[1L]), Max. = format(extremes[2L]))
  layout <- checked_layout_attr(object, sys.call(), "`object`")
  if (!is.null(layout)) {
    times <- rust_value(format_epoch_ms(id_time(extremes, as = "ms")))
    times[is.na(times)] <- "NA"
    out <- c(out, "Min. time" = times[[1L]], "Max. time" = times[[2L]])
  }
  structure(out, class = "zuid_id_summary", layout = layout)
}

# summary(<data.frame>) formats each column's summary with format().
#' @export
format.zuid_id_summary <- function(x, ...) stats::setNames(as.vector(unclass(x)), names(x))

#' @export
print.zuid_id_summary <- function(x, ...) {
  layout <- attr(x, "layout", exact = TRUE)
  cat(sprintf("<zuid_id%s summary>\n", if (is.null(layout)) "" else paste0(" ", layout$name)))
  cat(sprintf("%s  %s\n", format(names(x), justify = "right"), format(x)), sep = "")
  invisible(x)
}

#' @rdname zuid_id-summary
#' @exportS3Method all.equal zuid_id
all.equal.zuid_id <- function(target, current, ..., check.attributes = TRUE) {
  if (!is_zuid_id(current)) {
    return(sprintf("target is a zuid_id, current is %s", describe_value(current)))
  }
  call <- sys.call()
  check_id_storage(target, call, "`target`")
  check_id_storage(current, call, "`current`")
  differences <- c(
    layout_difference(checked_layout_attr(target, call, "`target`"),
                      checked_layout_attr(current, call, "`current`")),
    if (isTRUE(check.attributes)) names_difference(names(target), names(current))
  )
  if (length(target) != length(current)) {
    return(c(differences, sprintf("Lengths (%s, %s) differ", whole_text(length(target)),
                                  whole_text(length(current)))))
  }
  na_target <- is.na(target)
  na_current <- is.na(current)
  if (any(na_target != na_current)) {
    return(c(differences, sprintf("'is.NA' value mismatch: %s in current %s in target",
                                  whole_text(sum(na_current)), whole_text(sum(na_target)))))
  }
  differ <- which(!na_target & unclass_compare(target, current))
  if (length(differ) > 0L) {
    first <- differ[[1L]]
    differences <- c(differences, sprintf(
      "%s of %s IDs differ (at %s); the first, %s, is %s in current",
      whole_text(length(differ)), whole_text(length(target)), positions_text(length(differ), utils::head(differ, 5L)),
      format(target[first]), format(current[first])
    ))
  }
  if (length(differences) == 0L) TRUE else differences
}

# Which IDs differ, whatever their layouts (which all.equal() reports
# apart).
unclass_compare <- function(a, b) rust_value(ids_compare(a, b, "!="))

layout_difference <- function(a, b) {
  if (is.null(a) && is.null(b)) {
    return(NULL)
  }
  if (!is.null(a) && !is.null(b) && same_layout(a, b)) {
    return(NULL)
  }
  label <- function(l) if (is.null(l)) "no layout" else paste("the", layout_label(l))
  sprintf("Layouts differ: target has %s, current has %s", label(a), label(b))
}

names_difference <- function(a, b) {
  if (identical(a, b)) {
    return(NULL)
  }
  out <- all.equal(a, b)
  if (isTRUE(out)) NULL else paste("Names:", out)
}
