#' Read the time and fields of IDs
#'
#' `id_fields()` splits each ID into its parts as the layout says: the start
#' of its time tick, its node fields and its sequence. `id_time()` returns the
#' time alone. Both work on whole columns at once, exactly: the bit
#' arithmetic runs on 64-bit integers in compiled code, never on doubles.
#'
#' IDs are read from:
#' * character: decimal digits, 0 to 2^64 - 1, with optional white space
#'   around them as `as.numeric()` allows (with the `scru64` layout a
#'   12-character string is read as SCRU64's base36 text, in either case;
#'   with the `tid` layout a 13-character string is read as TID text, and
#'   shorter text is invalid). Two
#'   forms other tools write without losing a digit are read too: rtweet's
#'   (up to 0.7) lower-case `x` before the digits, `"x1440047230140837891"`,
#'   and a whole number written as a float, a point and zeros after the
#'   digits, `"1440047230140837891.0"` (as pandas writes a float column).
#'   Nothing else is: not `"X1"`, `"x1.0"`, `"1."` or `"1,0"`; a point
#'   followed by other digits is a fraction. Text in scientific notation
#'   (`"1.44e+18"`) has lost its digits and is invalid;
#' * `bit64::integer64`, including a [zuid_id][as_zuid_id()]: its 64 bits,
#'   read as unsigned, so that a negative integer64 is an ID of 2^63 or more;
#'   `NA_integer64_` is NA. bit64 need not be attached;
#' * double or integer: whole non-negative numbers below 2^53. A double of
#'   2^53 or more is an error, since its low digits may have been lost
#'   before zuid saw it: read such columns as character or integer64.
#'
#' Entries that are not IDs of the layout (malformed text, negative or
#' fractional numbers, the sign bit set where the layout reserves it, a
#' SCRU64 number of 36^12 or more) become `NA` in every column, with one
#' warning of class `zuid_warning_invalid` that counts them, gives the first
#' positions and shows the first of them with why it is not an ID.
#' `NA` gives `NA` silently. `id_is_valid()` tells which entries are IDs.
#'
#' An ID below where its layout's IDs begin, a number a platform gave in
#' sequence before it used the layout (tweets before November 2010,
#' Mastodon's statuses before 2.0), holds no time: its time and fields are
#' `NA`, with one warning of class `zuid_warning_before_layout` that counts
#' them. It is an ID all the same, which `id_is_valid()` and [as_zuid_id()]
#' take. `summary()` of a layout says where its IDs begin (see
#' [id_layout_capacity()]).
#'
#' A call warns at most once about its entries: where they became `NA` for
#' more than one reason, or look rounded as well (see [id_check_damage()]),
#' the one warning (class `zuid_warning_entries`) lists each kind, inherits
#' the class of each (`zuid_warning_invalid`, `zuid_warning_rounded`,
#' `zuid_warning_before_layout`, `zuid_warning_integer64`), and carries
#' each kind's fields in `kinds`, with `count` and `positions` of all of
#' them.
#'
#' @section Reading IDs without a double on the way:
#' A double holds 53 bits, and a spreadsheet 15 significant digits: IDs
#' that went through either have lost their low digits. Read them as text
#' or as `bit64::integer64` where they come from: from JSON with
#' `jsonlite::fromJSON(..., bigint_as_char = TRUE)`; from CSV with
#' `read.csv(..., colClasses = c(id = "character"))`,
#' `readr::read_csv(..., col_types = readr::cols(id = "c"))` or
#' `data.table::fread()` (integer64 by default); from a database with
#' [id_collect()] instead of `collect()`, which reads them exactly with
#' every driver (RPostgreSQL and RMySQL have no other way), or with
#' `bigint = "integer64"` in `DBI::dbConnect()` for RSQLite, RPostgres and
#' RMariaDB; from a spreadsheet, with the column formatted as text before
#' the IDs go in. Where only rounded values are left, [id_time_bounds()]
#' bounds their times.
#'
#' @param x IDs: a character, `bit64::integer64` (or [zuid_id][as_zuid_id()]),
#'   double or integer vector.
#' @param layout A [id_layout()], or the name of a built-in layout that needs
#'   no further argument: `"twitter"` (or `"x"`), `"discord"`, `"instagram"`,
#'   `"mastodon"`, `"tid"` (or `"bluesky"`), `"baidu"`, `"sonyflake_v2"`,
#'   `"tsid"`, `"yitter"`, `"linkedin"` or `"tiktok"`, in any case. May be
#'   left out when `x` is a `zuid_id` that carries its layout.
#' @param as `"POSIXct"` for the start of each ID's tick as a POSIXct, or
#'   `"ms"` for it as exact milliseconds since 1970 in a double (a POSIXct of
#'   `.698` seconds is stored as `.69799...`, which `format(, "%OS3")`
#'   shows as `.697`); microsecond ticks (TIDs) are floored to the
#'   millisecond.
#' @returns `id_fields()`: a data frame with one row per ID: `time` (POSIXct,
#'   UTC), one column per node field (integer, or double when wider than 31
#'   bits) and `sequence` (integer). `id_time()`: the `time` column alone, as
#'   `as` says. `id_is_valid()`: a logical vector, `TRUE` for an ID of the
#'   layout, `FALSE` for an entry that is not, `NA` for `NA`.
#' @export
#' @examples
#' # Discord's documented example ID.
#' id_fields("175928847299117063", "discord")
#' id_time("175928847299117063", "discord")
#'
#' # A tweet ID and a Mastodon status ID.
#' id_fields("1888944671579078978", "twitter")
#' id_fields("103270115826048975", "mastodon")
#'
#' # SCRU64 text and numbers.
#' id_fields(c("0u2pf62ji4b9", "109959589539758421"), id_layout("scru64", node_bits = 8))
#'
#' # Columns in a data frame.
#' df <- data.frame(id = c("175928847299117063", "176120502681600000"))
#' cbind(df, id_fields(df$id, "discord"))
#'
#' # Invalid entries become NA, with one warning.
#' id_time(c("175928847299117063", "not an id", "-1"), "discord")
#' id_is_valid(c("175928847299117063", "not an id", "-1", NA), "discord")
#'
#' # Exact milliseconds, and IDs that carry their layout.
#' ids <- id_compose(as.POSIXct("2024-05-01 12:00:00.698", tz = "UTC"), "discord")
#' id_time(ids, as = "ms")
id_fields <- function(x, layout = NULL) {
  call <- sys.call()
  layout <- resolve_layout(x, layout, call)
  if (is_wide_layout(layout)) {
    return(wide_fields(x, layout, call))
  }
  decoded <- decode_vector(x, layout, time_only = FALSE, call)
  columns <- c(
    list(time = decoded$time),
    stats::setNames(decoded$nodes, node_fields(layout)),
    list(sequence = decoded$sequence)
  )
  structure(columns, class = "data.frame", row.names = c(NA_integer_, -length(decoded$time)))
}

#' @rdname id_fields
#' @export
id_time <- function(x, layout = NULL, as = c("POSIXct", "ms")) {
  call <- sys.call()
  layout <- resolve_layout(x, layout, call)
  as <- check_choice(as, c("POSIXct", "ms"), "as", call)
  if (is_wide_layout(layout)) {
    return(wide_time(x, layout, as, call))
  }
  # The core gives the milliseconds exactly (microsecond ticks floored to
  # their millisecond), not through the POSIXct's double.
  decode_vector(x, layout, time_only = TRUE, call, time_ms = as == "ms")$time
}

#' @rdname id_fields
#' @export
id_is_valid <- function(x, layout = NULL) {
  call <- sys.call()
  layout <- resolve_layout(x, layout, call)
  if (is_wide_layout(layout)) {
    return(wide_read_column(x, layout, "valid", call))
  }
  ids <- check_ids(x, call)
  rust_value(ids_valid(ids$x, ids$input, layout), call, list(layout = layout, x = x))
}

decode_vector <- function(x, layout, time_only, call, time_ms = FALSE) {
  ids <- check_ids(x, call)
  decoded <- rust_value(decode_ids(ids$x, ids$input, layout, time_only, time_ms), call,
                        list(layout = layout, x = x))
  if (!time_ms) {
    decoded$time <- structure(decoded$time, class = c("POSIXct", "POSIXt"), tzone = "UTC")
  }
  decoded
}
