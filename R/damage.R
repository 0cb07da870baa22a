#' Was a column of IDs rounded before zuid saw it?
#'
#' A spreadsheet keeps 15 significant digits of a number, and a JSON or CSV
#' reader, a database driver or `as.integer64()` of a double keeps 53 bits:
#' a column of 19-digit IDs that went through one comes back as
#' `1214004724031190000`-style values, valid numbers that decode to the
#' wrong node and sequence. zuid cannot see the digits that were lost, but
#' it can see what the loss leaves. `id_check_damage()` looks at a column
#' and says what it found; decoding ([id_fields()], [id_time()],
#' [id_add_fields()]) makes the same check on up to 1,000 entries spread
#' over the column (one in each of 1,000 equal stretches of a longer one) and warns once, with a warning of class
#' `zuid_warning_rounded`, when the column looks rounded.
#'
#' Two signs are looked for, each only where a genuine ID could not show it
#' just as well:
#'
#' * **Decimal zeros.** An ID of at least 17 digits that ends in zeros and
#'   has at most 17 significant digits: a spreadsheet leaves 15, the
#'   shortest text of a double 16 or 17. A 19-digit ID must end in at least
#'   2 zeros (20 digits: 3), an 18- or 17-digit one in at least 1. A genuine
#'   ID ends in `k` zeros with a chance of at most 5^-k even when its low
#'   bits are all zero (IDs minted one per tick), since its tick count is a
#'   multiple of 5^k no more often than that. With a layout, IDs whose bits
#'   below the time part are all zero (such as [id_from_time()]'s bounds,
#'   which may fall on round times) are not counted.
#' * **Binary zeros** (with a layout). A double holds 53 bits, so an ID of
#'   `b` bits that went through one has its lowest `b - 53` bits zero (8 for
#'   today's tweet IDs). Genuine IDs have zero low bits too when their
#'   sequence is 0 (Twitter's and Discord's IDs minted one per tick) or
#'   their node value ends in zeros (a constant of its generator), so only
#'   IDs whose sequence is not 0 and reaches into those bits are counted. A
#'   genuine sequence ends in `q` zero bits with a chance of at most 2^-q,
#'   whether it counts up from 0 or starts at random. Where the node fields
#'   fill the low bits (Sonyflake's machine, a TID's clock id), no ID is
#'   counted: those zeros prove nothing.
#'
#' Each distinct value counts once (one user's ID on every row of their
#' posts is one piece of evidence). A column looks rounded when more than
#' half of the IDs that could show a sign do, and so many would show it by
#' chance with a probability below one in a billion (by the Chernoff bound
#' of the binomial tail, at the largest chance of any of them): a dozen
#' spreadsheet-rounded 19-digit IDs are enough, and a genuine column of any
#' size is flagged by chance at most once in a billion. IDs composed for
#' round times with node values that are multiples of 25 can end in zeros
#' by construction, and may be taken for rounded ones.
#'
#' A rounded column cannot be repaired: read the IDs again from where they
#' came, as text or `bit64::integer64` (see [id_fields()] on doubles). Text
#' in scientific notation (`1.21400472403119E+18`, as a spreadsheet saves a
#' number in its General format) is not an ID at all: it becomes `NA`, and
#' the one warning about invalid entries says what it is.
#'
#' Some damage leaves no trace. Where every sequence of a column is small
#' (below 2^(b - 54), 128 for today's Discord IDs), a double rounds each to
#' 0, and the column looks just like IDs minted one per tick: their times
#' and node fields are intact, their sequences lost, and nothing tells.
#'
#' @param x IDs: a character, `bit64::integer64` (or
#'   [zuid_id][as_zuid_id()]), double or integer vector.
#' @param layout The IDs' layout (see [id_fields()]), for the binary sign
#'   and to leave out IDs with nothing below their time; `NULL` (the
#'   default, unless `x` carries a layout) looks for decimal zeros alone.
#' @returns A `zuid_damage` object, which prints what it found: a list
#'   with `rounded` (`TRUE` when the column looks rounded), `cause`
#'   (`"spreadsheet"`, `"double_text"`, `"double_value"` or `NA`), `examined`
#'   (valid IDs), `distinct`, `invalid` (entries that are not IDs of the
#'   layout, left out), `decimal` and `binary` (`NULL` without a layout or
#'   a sequence): each a list of `informative` (distinct IDs that could show
#'   the sign), `showing`, `chance` (the most a genuine ID shows it by),
#'   `depth` (the zeros, digits or bits, that took), `surprise` (-ln of the
#'   bound on the chance of so many), `rounded` and `positions` (the first
#'   IDs that show it); and `layout`.
#' @export
#' @examples
#' # Tweet IDs, and the same IDs as a spreadsheet saves them: 15
#' # significant digits, then zeros.
#' ids <- id_compose(as.POSIXct("2025-02-10", tz = "UTC") + 0:99 * 3600 + 0.123,
#'                   "twitter", datacenter = 11, worker = 8, sequence = 0:99 * 41)
#' saved <- paste0(substr(format(ids), 1, 15), "0000")
#' saved[1:3]
#' id_check_damage(saved, "twitter")
#'
#' # The same IDs, intact.
#' id_check_damage(ids)
#'
#' # Decoding warns once.
#' try(withCallingHandlers(id_time(saved, "twitter"),
#'   zuid_warning_rounded = function(w) stop(conditionMessage(w))))
id_check_damage <- function(x, layout = NULL) {
  call <- sys.call()
  carried <- inherits(x, "zuid_id") && !is.null(id_layout_attr(x))
  layout <- if (is.null(layout) && !carried) NULL else resolve_layout(x, layout, call)
  ids <- check_ids(x, call)
  report <- rust_value(ids_damage(ids$x, ids$input, layout), call, list(layout = layout, x = x))
  report$cause <- report$cause %||% NA_character_
  report$rounded <- !is.na(report$cause)
  report$layout <- layout
  structure(report, class = "zuid_damage")
}

# How many entries decoding looks at: the core's damage::DECODE_SAMPLE.
decode_sample_size <- function() core_facts("damage")$decode_sample

#' @export
print.zuid_damage <- function(x, ...) {
  read_as <- if (is.null(x$layout)) "without a layout" else sprintf("as the %s", layout_label(x$layout))
  left_out <- if (x$invalid > 0) sprintf("; %s entries that are not IDs left out", whole_text(x$invalid)) else ""
  cat(sprintf("<zuid_damage> %s IDs (%s distinct), read %s%s\n", whole_text(x$examined),
              whole_text(x$distinct), read_as, left_out))
  cat(sprintf("decimal zeros: %s\n", evidence_text(x$decimal, "decimal")))
  cat(sprintf("low bits: %s\n", if (is.null(x$binary)) no_binary_text(x$layout) else
    evidence_text(x$binary, "binary")))
  cat(if (x$rounded) sprintf("verdict: rounded. %s\n", rounded_cause_text(x$cause)) else
    "verdict: no sign of rounding.\n")
  invisible(x)
}

# One sign, as the report shows it.
evidence_text <- function(e, kind) {
  if (e$informative == 0) {
    return(if (kind == "decimal") "no ID could show them (none of 17 digits or more with anything below its time)" else
      "no ID could show them (none whose sequence is not 0 and reaches into the bits a double would zero)")
  }
  what <- if (kind == "decimal") sprintf(
    "end in %s or more zeros after at most 17 significant digits", whole_text(e$depth)) else
    sprintf("whose sequence is not 0 have the lowest %s or more bits all 0", whole_text(e$depth))
  verdict <- if (e$rounded) "far beyond chance" else if (2 * e$showing > e$informative)
    "too few to tell from chance" else "as genuine IDs do"
  sprintf("%s of %s IDs %s; a genuine one at most 1 in %s (%s)",
          whole_text(e$showing), whole_text(e$informative), what,
          whole_text(round(1 / e$chance)), verdict)
}

no_binary_text <- function(layout) {
  if (is.null(layout)) {
    return("not looked at: give `layout`, without which zero low bits could be sequences of 0")
  }
  sprintf("the %s has no sequence, so its low bits tell nothing", layout_label(layout))
}

# The sign a rounded column shows, as decoding's warning words it: `depth`
# zeros (bits or digits) in `showing` of `informative` IDs, which a genuine
# one shows with a chance of at most `chance` (the core's numbers).
rounded_sign_text <- function(cause, showing, informative, depth, chance, arg, at) {
  if (identical(cause, "double_value")) {
    return(sprintf(paste(
      "%s looks rounded: %s of %s distinct IDs whose sequence is not 0 (at %s) have",
      "their lowest %s bits or more all 0, as a double (53 bits) leaves them; a",
      "genuine sequence ends so with a chance of at most 1 in %s."
    ), arg, whole_text(showing), whole_text(informative), at, whole_text(depth),
    whole_text(round(1 / chance))))
  }
  sprintf(paste(
    "%s looks rounded: %s of %s distinct IDs of 17 digits or more (at %s) end in %s",
    "or more zeros after at most 17 significant digits; a genuine ID ends so with a",
    "chance of at most 1 in %s."
  ), arg, whole_text(showing), whole_text(informative), at, whole_text(depth),
  whole_text(round(1 / chance)))
}

# What rounded a column, what it cost and how to read the IDs instead.
rounded_cause_text <- function(cause) {
  words <- switch(cause %||% "",
    spreadsheet = paste(
      "Most have 15 significant digits or fewer, as a spreadsheet keeps of a number:",
      "their low digits, and with them their sequences and node fields, are lost.",
      "Export the IDs again as text (a spreadsheet keeps the digits of a column",
      "formatted as text before the IDs go in) and read them as text."
    ),
    double_text = paste(
      "They look like the text of doubles (16 or 17 significant digits), as a JSON",
      "or CSV writer or reader that went through doubles leaves them: their low",
      "digits, and with them their sequences and node fields, are lost.", read_ids_advice
    ),
    paste(
      "A double keeps 53 bits: a JSON or CSV reader, a database driver or",
      "`as.integer64()` of a double leaves IDs so, and their sequences (and any",
      "node field below them) are lost.", read_ids_advice
    )
  )
  paste(words, "`id_check_damage()` says what the column shows.")
}
