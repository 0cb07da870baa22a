#' ID vectors
#'
#' `as_zuid_id()` reads IDs as every zuid reader reads them and returns a
#' `zuid_id`: a `bit64::integer64` underneath (class
#' `c("zuid_id", "integer64")`), so that data.table, DBI drivers and bit64
#' take it as a 64-bit integer column, which remembers its layout when it has
#' one. IDs that zuid makes ([id_compose()], [id_from_time()], [id_next()],
#' [id_from_scru64()]) are `zuid_id`s unless `as` says otherwise.
#'
#' A `zuid_id` behaves as an ID, not as a number:
#' * it prints, formats and converts to text as its exact unsigned decimal
#'   digits: [print()], [format()], [as.character()], data frames, [str()]
#'   and tibbles;
#' * it compares (`==`, `!=`, `<`, `<=`, `>`, `>=`) and sorts ([sort()],
#'   [order()], [rank()], [xtfrm()], [min()], [max()], [range()], and
#'   `dplyr::arrange()`) by value, also against decimal text, an integer64 or
#'   an exact number; [unique()], [duplicated()], [match()] and `%in%` work
#'   on the IDs' values;
#' * it keeps its class and layout through `[`, `[[`, `[<-`, [c()] (whose
#'   parts must share one layout), [rep()], [rev()], [head()], [tail()] and
#'   dplyr's verbs, joins and `bind_rows()`;
#' * arithmetic is refused: an ID is a label with a time in it. Build IDs
#'   with [id_compose()] or [id_from_time()].
#'
#' Every function that takes `x` and `layout` ([id_fields()], [id_time()],
#' [id_explain()], [id_is_valid()]) may omit `layout` when `x` carries one;
#' a different explicit layout is an error.
#'
#' @section IDs of 2^63 and more:
#' Discord and Instagram IDs reach 2^63 in 2084 and 2046, Mastodon's and
#' custom layouts without a sign bit can too. zuid reads a `zuid_id` as
#' unsigned, so these order above all others wherever zuid's methods run. A
#' tool that reads the vector as a plain signed integer64 (bit64 itself
#' after [unclass()], data.table's sorting, a database's signed `BIGINT`)
#' sees them as negative. The one value 2^63 is NA to integer64 and cannot
#' be held: it becomes `NA` with a warning. Comparing a `zuid_id` with a
#' plain `integer64` needs R 4.3 or later, where R lets zuid's method win;
#' on older R convert the other side with `as_zuid_id()` first.
#'
#' @section Files and databases:
#' `write.csv()` writes the digits; `data.table::fwrite()` and database
#' drivers write the integer64 underneath, so IDs of 2^63 and more come out
#' negative there (and read back equal through `as_zuid_id()`). RSQLite and
#' DBI drivers that know integer64 store a `zuid_id` column as a 64-bit
#' integer; RPostgreSQL, Debian's PostgreSQL driver, types integer64 columns
#' as text unless told: `DBI::dbWriteTable(con, "t", df, field.types =
#' c(id = "bigint"))`. Read IDs back with `bigint = "integer64"` (or as
#' text) and `as_zuid_id()`.
#'
#' @param x IDs: a character, `bit64::integer64` (including a `zuid_id`),
#'   double or integer vector, read as [id_fields()] reads them.
#' @param layout `NULL`, or the layout the IDs were made with: a
#'   [id_layout()] or the name of a built-in layout. Under a layout, IDs
#'   that do not fit it (the sign bit set where it reserves it) are invalid,
#'   and SCRU64 text is read under `"scru64"`.
#' @returns A `zuid_id` vector, `NA` where an entry was not an ID (with one
#'   warning).
#' @export
#' @examples
#' ids <- as_zuid_id(c("1212912214386673976", "175928847299117063"), "discord")
#' ids
#' sort(ids)
#' ids > "1000000000000000000"
#' id_time(ids)
#'
#' # The range query of a period, exact whatever the number of digits.
#' from <- id_from_time(as.POSIXct("2016-01-01", tz = "UTC"), "discord")
#' ids[ids >= from]
as_zuid_id <- function(x, layout = NULL) {
  call <- sys.call()
  if (inherits(x, "zuid_id")) {
    carried <- id_layout_attr(x)
    if (is.null(layout) || (!is.null(carried) && same_layout(carried, as_layout(layout, call)))) {
      return(x)
    }
    if (!is.null(carried)) {
      abort_layout_mismatch(carried, as_layout(layout, call), call)
    }
  }
  if (!is.null(layout)) {
    layout <- as_layout(layout, call)
  }
  read_as_ids(x, layout, call)
}

#' @rdname as_zuid_id
#' @export
is_zuid_id <- function(x) inherits(x, "zuid_id")

# `x` read into a zuid_id of `layout` (a checked layout, or NULL).
read_as_ids <- function(x, layout, call) {
  ids <- check_ids(x, call)
  out <- rust_value(read_ids(ids$x, ids$input, layout), call, list(layout = layout, x = x))
  if (!is.null(names(x))) names(out) <- names(x)
  out
}

# The layout a zuid_id carries, or NULL.
id_layout_attr <- function(x) attr(x, "layout", exact = TRUE)

# The layout to read `x` with: `layout` if given (which must agree with the
# one `x` carries), else the one `x` carries.
resolve_layout <- function(x, layout, call) {
  carried <- if (inherits(x, "zuid_id")) id_layout_attr(x) else NULL
  if (is.null(layout)) {
    if (is.null(carried)) {
      zuid_abort(paste(
        "`layout` is missing: give the layout the IDs were made with, such as",
        "\"discord\" or `id_layout(\"scru64\", node_bits = 8)`. A number does not",
        "say which platform made it."
      ), class = "zuid_error_layout", call = call)
    }
    return(check_layout(carried, call))
  }
  layout <- as_layout(layout, call)
  if (!is.null(carried) && !same_layout(carried, layout)) {
    abort_layout_mismatch(carried, layout, call)
  }
  layout
}

abort_layout_mismatch <- function(carried, given, call) {
  zuid_abort(sprintf(paste(
    "`x` holds IDs of the %s, but `layout` is the %s. Leave `layout` out to",
    "use the one `x` carries, or make `x` from text with `as_zuid_id()`."
  ), layout_label(carried), layout_label(given)), class = "zuid_error_layout", call = call)
}

# NA_integer64_'s bits, those of 2^63, are negative zero as a double.
na_id_bits <- -0

# Gives integer64 bits the class and layout of a zuid_id.
new_zuid_id <- function(bits, layout) {
  attr(bits, "layout") <- layout
  class(bits) <- c("zuid_id", "integer64")
  bits
}

# A vector whose doubles hold ID bits, for the binding (which reads the
# doubles and ignores the class): a zuid_id itself, not a copy, or other
# values read as IDs under `layout` (for comparisons).
id_bits <- function(x, layout, call) {
  if (!inherits(x, "zuid_id")) {
    return(read_as_ids(x, layout, call))
  }
  carried <- id_layout_attr(x)
  if (!is.null(layout) && !is.null(carried) && !same_layout(carried, layout)) {
    abort_mixed_layouts(carried, layout, call)
  }
  x
}

# The layout shared by the zuid_ids among `values` (NULL when none carries
# one); two different ones are an error.
shared_layout <- function(values, call) {
  layouts <- lapply(Filter(is_zuid_id, values), id_layout_attr)
  layouts <- Filter(Negate(is.null), layouts)
  if (length(layouts) == 0L) {
    return(NULL)
  }
  for (other in layouts[-1]) {
    if (!same_layout(layouts[[1]], other)) {
      abort_mixed_layouts(layouts[[1]], other, call)
    }
  }
  layouts[[1]]
}

abort_mixed_layouts <- function(a, b, call) {
  zuid_abort(sprintf(paste(
    "IDs of the %s and of the %s cannot be combined or compared: an ID means",
    "something only under its own layout."
  ), layout_label(a), layout_label(b)), class = "zuid_error_layout", call = call)
}
