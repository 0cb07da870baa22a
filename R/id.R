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
#'   digits: [print()] (which formats only what it shows), [format()],
#'   [as.character()], data frames, [str()], tibbles and
#'   `jsonlite::toJSON()` (as strings, `NA` as `null`);
#' * it compares (`==`, `!=`, `<`, `<=`, `>`, `>=`) and sorts ([sort()],
#'   [order()], [rank()], [xtfrm()], [min()], [max()], [range()],
#'   [quantile()] and [median()] as order statistics, [cummax()],
#'   [cummin()], [is.unsorted()] and `dplyr::arrange()`) by value, also
#'   against decimal text, an integer64 or an exact number;
#' * it is looked up by value: `%in%`, [match()], `union()`,
#'   `intersect()`, `setdiff()`, `setequal()` and `is.element()` find IDs
#'   in, or look up in IDs, a `zuid_id`, a plain `bit64::integer64`,
#'   decimal text or exact numbers (a double of 2^53 or more is a
#'   `zuid_error_precision`, as in `==`), with bit64 attached or not, and
#'   `table()` counts IDs in the order of their values; [merge()] and
#'   [factor()], which base R runs, match a `zuid_id` and a plain integer64
#'   by their bits, and decimal text by its digits below 2^63; [unique()]
#'   and [duplicated()] work on the values. See [zuid_id-sets];
#' * a missing element is `NA` however it was made: an out-of-range or NA
#'   index, `length<-`, [is.na<-], vctrs' `vec_init()`, dplyr's `lag()`,
#'   `lead()`, unmatched join rows and `bind_rows()` fills, tidyr's
#'   `complete()`, [merge()] with `all = TRUE` and data.table's joins;
#' * it keeps its class and layout through `[`, `[[`, `[<-`, [c()] (whose
#'   parts must share one layout), [rep()], [rev()], [head()], [tail()],
#'   [as.list()] (so [lapply()], [sapply()] and `purrr::map()` see IDs),
#'   and dplyr's verbs, joins, `bind_rows()`, `if_else()` and
#'   `coalesce()`, where text and integer64 combine with it into a
#'   `zuid_id` and numbers are refused;
#' * it is not a number: [is.numeric()] is `FALSE` (so numeric summaries
#'   skip it) and arithmetic is refused, `+` as well as [diff()], [seq()],
#'   [scale()], [mean()], [sum()] and [cumsum()]. Build IDs with
#'   [id_compose()] or [id_from_time()]. [summary()] gives the count, the
#'   NAs and the smallest and largest ID (with their times when the layout
#'   is known), [all.equal()] the differences, [as.POSIXct()] and
#'   [as.Date()] the IDs' times, [as.double()] the nearest doubles (exact
#'   below 2^53 only: a number to plot, never one to rebuild an ID from),
#'   [as.vector()] and [as.matrix()] the exact text.
#'
#' Under a 128-bit layout (`"uuidv7"`, `"ulid"`, `"typeid"`, ...),
#' `as_zuid_id()` returns a `zuid_text_id` instead (class
#' `c("zuid_text_id", "character")`, `is_zuid_text_id()`): each ID's
#' canonical text (UUIDs lowercase 8-4-4-4-12, ULIDs uppercase), carrying
#' its layout, so that data.table, Arrow and DBI drivers take it as text.
#' It sorts by the IDs' bytes (the radix order of that text, never the
#' locale's collation), compares, matches and deduplicates text in any
#' spelling of its layout by value, and keeps its class through `[`, `[[`,
#' [c()], [rep()], `length<-`, data frames, vctrs, dplyr and `saveRDS()`.
#'
#' Every function that takes `x` and `layout` ([id_fields()], [id_time()],
#' [id_explain()], [id_is_valid()]) may omit `layout` when `x` carries one;
#' a different explicit layout is an error.
#'
#' Some base R code never calls zuid's methods: `for (i in x)`, [unlist()]
#' of a plain list, `c(<character>, x)`, [ifelse()], [dput()], [var()],
#' `which.max()`, `dplyr::between()` (dplyr 1.0), data.table's
#' `rbindlist()` and `:=` with another layout, and on R 4.2 a comparison
#' whose other side has an `Ops` method of its own (an integer64, a
#' POSIXct, a Date or a factor: R warns "Incompatible methods" and compares
#' raw doubles; a data frame: R warns so, then fails with its own error,
#' "'list' object cannot be coerced"). The vignette's section "Pitfalls"
#' (`vignette("reading-ids", package = "zuid")`) says what to write
#' instead of each.
#'
#' A `zuid_id` edited by hand is refused with a `zuid_error` wherever zuid
#' reads it, never with an error of R's or of bit64's: one that holds
#' integers, text or logicals instead of integer64 bits (after
#' `storage.mode<-`, or `class<-` on other values) is a `zuid_error_type`;
#' one whose `layout` attribute is not a valid layout (a numeric unit, an
#' environment) is a `zuid_error_layout` where the layout is read
#' (printing, comparing, combining, decoding); subsetting and sorting pass
#' the attribute on as it is.
#'
#' @section IDs of 2^63 and more:
#' Discord and Instagram IDs reach 2^63 in 2084 and 2046, Mastodon's and
#' custom layouts without a sign bit can too. zuid reads a `zuid_id` as
#' unsigned, so these order above all others wherever zuid's methods run. A
#' tool that reads the vector as a plain signed integer64 (bit64 itself
#' after [unclass()], data.table's sorting, a database's signed `BIGINT`)
#' sees them as negative. The one value 2^63 is NA to integer64 and cannot
#' be held: it becomes `NA` with a warning. Comparing a `zuid_id` with a
#' plain `integer64`, on either side, needs R 4.3 or later, where R lets
#' zuid's method win (zuid tells bit64 4.8 and later to let it); on older
#' R convert the integer64 with `as_zuid_id()` first. In base R's
#' [match()] and [merge()], text of IDs of 2^63 and more matches no
#' `zuid_id`: convert it with `as_zuid_id()`, or use zuid's `match()` and
#' `%in%`.
#'
#' @section Files and databases:
#' `write.csv()` writes the digits; `data.table::fwrite()` and database
#' drivers write the integer64 underneath, so IDs of 2^63 and more come out
#' negative there (and read back equal through `as_zuid_id()`). To store a
#' `zuid_id` column in a database exactly, 2^63 and more included, write it
#' with [id_write_table()] (into a signed `BIGINT` by default, or an
#' unsigned, decimal or text column), and read it back with [id_collect()],
#' which is exact with every driver (RPostgreSQL and RMySQL read a `BIGINT`
#' as doubles, which round IDs). To share IDs in a reprex, share their text:
#' `dput(as.character(x))`, read back with `as_zuid_id()`; `dput(x)`
#' writes the doubles underneath, rounded, which are other IDs.
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
#'
#' # 128-bit IDs: any spelling in, canonical text out.
#' spellings <- c("017F22E2-79B0-7CC3-98C4-DC0C0C07398F", "{017f22e2-79b0-7cc3-98c4-dc0c0c07398e}")
#' uuids <- as_zuid_id(spellings, "uuidv7")
#' sort(uuids)
#' uuids == "017f22e279b07cc398c4dc0c0c07398f"
#' id_time(uuids)
as_zuid_id <- function(x, layout = NULL) {
  call <- sys.call()
  if (inherits(x, "zuid_id")) {
    check_id_storage(x, call)
    carried <- checked_layout_attr(x, call)
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
  if (inherits(x, "zuid_text_id") || is_wide_layout(layout)) {
    return(as_text_id(x, layout %||% text_id_layout(x), call))
  }
  read_as_ids(x, layout, call)
}

#' @rdname as_zuid_id
#' @export
is_zuid_id <- function(x) inherits(x, "zuid_id")

# `x` read into a zuid_id of `layout` (a checked layout, or NULL).
# `entries` words the messages about its entries (see problems.R): `arg`
# names `x` as the user wrote it, `effect` says what an imprecise double
# would spoil, `layout_what` names `layout` where it is not an argument.
read_as_ids <- function(x, layout, call, entries = NULL) {
  ids <- check_ids(x, call, entries$arg)
  context <- list(layout = layout, x = x, entries = entries, layout_what = entries$layout_what)
  out <- rust_value(read_ids(ids$x, ids$input, layout), call, context)
  if (!is.null(names(x))) names(out) <- names(x)
  out
}

# The layout a zuid_id carries, or NULL, as it is: for methods that pass it
# on to their result without reading it (`[`, sort(), rep()).
id_layout_attr <- function(x) attr(x, "layout", exact = TRUE)

# The layout a zuid_id carries, or NULL, checked as every layout argument
# is: for code that reads it (its name, its parts, whether two agree). An
# attribute edited by hand (a numeric unit, an environment) is a
# zuid_error_layout that says so, never an error of R's from reading it.
checked_layout_attr <- function(x, call, arg = "`x`") {
  layout <- attr(x, "layout", exact = TRUE)
  if (is.null(layout)) NULL else check_layout(layout, call, paste("the layout", arg, "carries"))
}

# A zuid_id, like every integer64, holds its IDs' bits in doubles. One that
# holds other values was changed by code that does not know the class
# (`storage.mode<-`, or `class<-` and `structure()` on other values). Each
# method asks this once, where the vector enters, before anything reads it:
# is.double() looks at the type alone, at no cost. The binding refuses such
# a vector too, as the problem "id_storage".
check_id_storage <- function(x, call, arg = "`x`") {
  if (!is.double(x)) {
    abort_id_storage(typeof(x), arg, call, class(x)[[1L]])
  }
  invisible(x)
}

abort_id_storage <- function(type, arg, call, what = NULL) {
  holds <- if (is.null(what)) "holds" else sprintf("is a %s that holds", what)
  zuid_abort(sprintf(paste(
    "%s %s %s values, not the doubles that hold an integer64's 64 bits: code",
    "that does not know IDs changed it (such as `storage.mode<-`, or `class<-`",
    "on other values). Make IDs with `as_zuid_id()` from their text or a",
    "bit64::integer64."
  ), sentence(arg), holds, type), class = "zuid_error_type", call = call, type = type)
}

# The layout to read `x` with: `layout` if given (which must agree with the
# one `x` carries), else the one `x` carries.
resolve_layout <- function(x, layout, call) {
  carried <- if (inherits(x, c("zuid_id", "zuid_text_id"))) checked_layout_attr(x, call) else NULL
  if (is.null(layout)) {
    if (is.null(carried)) {
      zuid_abort(paste(
        "`layout` is missing: give the layout the IDs were made with, such as",
        "\"discord\" or `id_layout(\"scru64\", node_bits = 8)`. A number does not",
        "say which platform made it."
      ), class = "zuid_error_layout", call = call)
    }
    return(carried)
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
# values read as IDs under `layout`. Where the IDs are to join a vector of
# `layout` (`combine`), those of a zuid_id without a layout are checked
# against it; a comparison takes them as they are. A zuid_id's layout is
# checked only where it is not `layout` itself, as it mostly is.
id_bits <- function(x, layout, call, entries = NULL, combine = FALSE) {
  if (!inherits(x, "zuid_id")) {
    return(read_as_ids(x, layout, call, entries))
  }
  check_id_storage(x, call, entries$arg %||% "`x`")
  carried <- id_layout_attr(x)
  if (!is.null(layout) && !is.null(carried) && !identical(carried, layout) &&
      !same_layout(checked_layout_attr(x, call, entries$arg %||% "`x`"),
                   check_layout(layout, call, "the layout of the IDs"))) {
    abort_mixed_layouts(carried, layout, call)
  }
  if (combine && is.null(carried) && !is.null(layout)) {
    return(read_as_ids(x, layout, call, entries))
  }
  x
}

# The layout shared by the zuid_ids among `values` (NULL when none carries
# one), checked; two different ones are an error. Each layout is checked
# once: those identical to the first (as in `x == x[1]`) are the first.
shared_layout <- function(values, call) {
  layouts <- lapply(Filter(is_zuid_id, values), id_layout_attr)
  layouts <- Filter(Negate(is.null), layouts)
  if (length(layouts) == 0L) {
    return(NULL)
  }
  first <- check_layout(layouts[[1]], call, "the layout of the IDs")
  for (other in layouts[-1]) {
    if (!identical(other, layouts[[1]]) &&
        !same_layout(first, check_layout(other, call, "the layout of the IDs"))) {
      abort_mixed_layouts(first, other, call)
    }
  }
  first
}

abort_mixed_layouts <- function(a, b, call) {
  zuid_abort(sprintf(paste(
    "IDs of the %s and of the %s cannot be combined or compared: an ID means",
    "something only under its own layout."
  ), layout_label(a), layout_label(b)), class = "zuid_error_layout", call = call)
}
