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
#' Some entries say so by their form: a double of 2^53 or more (a column
#' that `read.csv()` or a JSON reader made numbers), and text in scientific
#' notation (`"1.21400472403119E+18"`, as a spreadsheet saves a number in
#' its General format, or `write.csv()` writes some doubles). The others are
#' judged by how far the zeros at their ends are from what genuine IDs of
#' the layout show by chance. Three signs are tested:
#'
#' * **Zeros after 15 significant digits**, as a spreadsheet keeps them, and
#'   **after 16 or 17**, as the shortest text of a double has them: a
#'   19-digit ID ending in 4 (or 2) zeros. Only IDs whose lowest bits allow
#'   it are counted (a multiple of 10^k is one of 2^k), and of those a
#'   genuine one ends so when its tick falls on the right residue modulo
#'   5^k: 1 in 625 (or 25). IDs whose bits below the time part end in zeros
#'   by themselves (such as [id_from_time()]'s bounds, or IDs composed at
#'   round times with round node values) are not counted, and where the
#'   ticks of a column share their residues (IDs minted at regular times,
#'   every second to the millisecond) the chance is taken from how often
#'   they do.
#' * **Zero low bits** (with a layout). A double holds 53 bits, so an ID of
#'   `b` bits that went through one has its lowest `b - 53` bits zero (8 for
#'   today's tweet IDs). Only IDs whose sequence is not 0 and reaches into
#'   those bits are counted (IDs minted one per tick have a sequence of 0);
#'   a genuine sequence ends in `q` zero bits with a chance of 1 in 2^q.
#'   Where the node fields fill the low bits (Sonyflake's machine, a TID's
#'   clock id), nothing is counted: those zeros prove nothing.
#'
#' Each distinct value counts once, and the IDs of one tick count as one
#' piece of evidence (one generator's burst, whose sequences may follow any
#' pattern: steps of 256 prove nothing); without a layout, each distinct
#' value is a piece, and the column is read as each built-in layout splits
#' IDs, keeping the least surprising reading. A sign is found when so many
#' pieces show it that genuine IDs would do so with a probability below one
#' in a billion (for the three signs together, by the Chernoff bound of the
#' sum of the pieces' chances). No share of the column needs to show it: a
#' rounded part of a column (a run of rows, or the rows a spreadsheet
#' touched) is found as such, and the report gives its rows: those of a
#' lossy form and those that show a sign found. A handful of genuine rows
#' may be among them, about as many as `expected` says. Measured on
#' columns of 1,000 IDs of every built-in layout, a column with a twentieth
#' of its rows rounded by a spreadsheet is found in every layout whose IDs
#' have 17 digits or more, and a tenth of them through a double in every
#' layout whose sequence a double reaches (see the tests).
#'
#' A rounded value cannot be repaired: read the IDs again from where they
#' came, as text or `bit64::integer64` (see [id_fields()] on doubles), or
#' bound their times with [id_time_bounds()].
#'
#' Some damage leaves no trace. Where every sequence of a column is small
#' (below 2^(b - 54), 128 for today's Discord IDs), a double rounds each to
#' 0, and the column looks just like IDs minted one per tick: their times
#' and node fields are intact, their sequences lost, and nothing tells.
#' A burst of IDs of one tick that went through a double is one piece of
#' evidence, and too little to tell from a generator's pattern.
#'
#' @section 128-bit IDs:
#' With one of the 96- to 160-bit layouts (`"uuidv7"`, `"uuidv6"`,
#' `"uuidv1"`, `"uuid"`, `"ulid"`, `"typeid"`, `"scru128"`, `"ksuid"`,
#' `"objectid"`, `"xid"`: see [id_layout()]), the IDs are text, which no
#' double rounds; the check looks for the damage such columns suffer instead,
#' each sign a row of `signs` where it makes sense for the format:
#' `seconds_as_ms` (a time in milliseconds that is a plausible time in
#' seconds: R's `ulid` before 0.3.1 wrote ULIDs of January 1970),
#' `far_future` (the time's top bit set, or a time over ten years ahead),
#' `ahead_of_now`, `before_format` (a time before the format was published),
#' `other_version` (UUIDs of another version in a `"uuidv7"`, `"uuidv6"` or
#' `"uuidv1"` column), `above_max` (digits above the format's largest value:
#' a ULID or TypeID whose first character is above `7`, a KSUID or SCRU128
#' that overflows), `truncated` (text shorter than the format's, by at most
#' half), `mixed_case` (entries in the case fewer entries have, or in both)
#' and `mixed_spelling` (UUIDs as 32 digits, in braces or as `urn:uuid:`
#' among most spelled otherwise). No genuine column shows any of them, so a
#' sign is found by one row showing it (`expected` is 0; `chance`, `depth`
#' and `surprise` are NA). `rounded` is `FALSE`, `cause` is the sign most
#' rows show (or `NA`: no sign of damage) and `rows` the rows that show
#' any.
#'
#' @param x IDs: a character, `bit64::integer64` (or
#'   [zuid_id][as_zuid_id()]), double or integer vector; for a 96- to
#'   160-bit layout, text (or an ID vector of the layout).
#' @param layout The IDs' layout (see [id_fields()]), for the binary sign
#'   and to leave out IDs with nothing below their time; `NULL` (the
#'   default, unless `x` carries a layout) looks for decimal zeros alone.
#' @returns A `zuid_damage` object, which prints what it found: a list
#'   with `rounded` (`TRUE` when any rows were found rounded), `cause` (what
#'   rounded most of them: `"spreadsheet"`, `"double_text"`,
#'   `"double_value"`, `"double"`, `"scientific"`, or `NA`), `rows` (the
#'   positions of the entries found rounded), `examined` (valid IDs),
#'   `distinct`, `invalid` (entries that are not IDs of the layout, left
#'   out), `doubles` and `scientific` (entries of those lossy forms),
#'   `signs` (a data frame, one row per sign: `sign`, `informative` (pieces
#'   that could show it), `showing`, `expected` (how many genuine IDs would
#'   show, at most, on average), `chance` (the most one genuine piece shows
#'   it by), `depth` (the zeros, digits or bits, that took), `surprise`
#'   (-ln of the bound on the chance of so many), `found` and `rows`), and
#'   `layout`.
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
#' # A fifth of them rounded: found, with its rows.
#' part <- format(ids)
#' part[41:60] <- saved[41:60]
#' id_check_damage(part, "twitter")
#'
#' # Decoding warns once.
#' try(withCallingHandlers(id_time(saved, "twitter"),
#'   zuid_warning_rounded = function(w) stop(conditionMessage(w))))
#'
#' # ULIDs: one written with seconds where milliseconds belong (R's `ulid`
#' # before 0.3.1), and one cut short.
#' id_check_damage(c("01ARYZ6S41TSV4RRFFQ69G5FAV", "0001KQ91C00000000000000000",
#'                   "01ARYZ6S41TSV4RRFFQ6"), "ulid")
id_check_damage <- function(x, layout = NULL) {
  call <- sys.call()
  carried <- inherits(x, c("zuid_id", "zuid_text_id")) && !is.null(id_layout_attr(x))
  layout <- if (is.null(layout) && !carried) NULL else resolve_layout(x, layout, call)
  if (is_wide_layout(layout)) {
    return(wide_check_damage(x, layout, call))
  }
  ids <- check_ids(x, call)
  report <- rust_value(ids_damage(ids$x, ids$input, layout), call, list(layout = layout, x = x))
  damage_report(report, layout, cause_is_rounding = TRUE)
}

# The core's damage report as a zuid_damage, for 64-bit and wide layouts
# alike; `cause_is_rounding` says whether a cause found is a double's
# rounding (never for text, which is not rounded).
damage_report <- function(report, layout, cause_is_rounding) {
  report$cause <- report$cause %||% NA_character_
  report$rounded <- cause_is_rounding && !is.na(report$cause)
  report$rows <- as.integer(report$rows)
  signs <- report$signs
  report$signs <- structure(signs, class = "data.frame", row.names = c(NA_integer_, -length(signs$sign)))
  report$layout <- layout
  structure(report[c("rounded", "cause", "rows", "examined", "distinct", "invalid", "doubles", "scientific",
                     "signs", "layout")], class = "zuid_damage")
}

# How many entries decoding looks at: the core's salvage::DECODE_SAMPLE.
decode_sample_size <- function() core_facts("damage")$decode_sample

#' @export
print.zuid_damage <- function(x, ...) {
  if (is_wide_layout(x$layout)) {
    return(print_wide_damage(x))
  }
  read_as <- if (is.null(x$layout)) "without a layout" else sprintf("as the %s", layout_label(x$layout))
  left_out <- if (x$invalid > 0) sprintf("; %s entries that are not IDs left out", whole_text(x$invalid)) else ""
  cat(sprintf("<zuid_damage> %s IDs (%s distinct), read %s%s\n", whole_text(x$examined),
              whole_text(x$distinct), read_as, left_out))
  if (x$doubles > 0) {
    cat(sprintf("doubles of 2^53 or more: %s %s\n", whole_text(x$doubles), plural(x$doubles, "entry", "entries")))
  }
  if (x$scientific > 0) {
    cat(sprintf("scientific notation: %s %s\n", whole_text(x$scientific),
                plural(x$scientific, "entry", "entries")))
  }
  for (i in seq_along(x$signs$sign)) {
    cat(sign_line(x$signs[i, ], !is.null(x$layout)), "\n", sep = "")
  }
  if (is.null(x$layout) || !"low_bits" %in% x$signs$sign) {
    cat(sprintf("low bits: %s\n", no_binary_text(x$layout)))
  }
  if (!x$rounded) {
    cat("verdict: no sign of rounding.\n")
    return(invisible(x))
  }
  entries <- x$examined + x$doubles + x$scientific
  cat(sprintf("verdict: rounded, in %s of %s entries (at %s). %s\n", whole_text(length(x$rows)),
              whole_text(entries), positions_text(length(x$rows), utils::head(x$rows, 5L)),
              rounded_cause_text(x$cause)))
  invisible(x)
}

# What each sign is, as the report names it.
sign_names <- c(digits15 = "zeros after 15 significant digits",
                double_text = "the shortest text of a double",
                low_bits = "low bits a double would zero")

# One sign, as the report shows it: `s` is a row of the signs.
sign_line <- function(s, by_tick) {
  name <- sign_names[[s$sign]]
  if (s$informative == 0) {
    return(sprintf("%s: no ID could show them", name))
  }
  verdict <- if (s$found) "far beyond chance" else if (s$showing > s$expected)
    "within what chance allows" else "as genuine IDs do"
  sprintf("%s: %s of %s %s that could show them do, where genuine IDs would in about %s (each at most 1 in %s): %s",
          name, whole_text(s$showing), whole_text(s$informative), if (by_tick) "ticks" else "distinct IDs",
          format(signif(s$expected, 2)), whole_text(round(1 / s$chance)), verdict)
}

no_binary_text <- function(layout) {
  if (is.null(layout)) {
    return("not looked at: give `layout`, without which zero low bits could be sequences of 0")
  }
  sprintf("the %s has no sequence, so its low bits tell nothing", layout_label(layout))
}

# The sign a rounded column shows, as decoding's warning words it: `count`
# of `looked_at` IDs show it; a sign took `depth` zeros (bits or digits),
# which a genuine ID shows with a chance of at most `chance` (the core's
# numbers).
rounded_sign_text <- function(cause, count, looked_at, depth, chance, arg, at) {
  head <- sprintf("%s looks rounded: %s of %s IDs (at %s)", arg, whole_text(count), whole_text(looked_at), at)
  odds <- if (!is.null(chance)) whole_text(round(1 / chance))
  what <- switch(cause,
    spreadsheet = sprintf(paste(
      "end in %s or more zeros after 15 significant digits, which a genuine ID does",
      "with a chance of about 1 in %s."), whole_text(depth), odds),
    double_text = sprintf(paste(
      "are each the shortest text of their double, which stands for %s integers",
      "here; a genuine ID is so with a chance of about 1 in %s."), whole_text(2^depth), odds),
    double_value = sprintf(paste(
      "have their lowest %s bits or more all 0, as a double (53 bits) leaves them;",
      "a genuine sequence that is not 0 ends so with a chance of 1 in %s."),
      whole_text(depth), odds),
    "are in scientific notation."
  )
  paste(head, what)
}

# What rounded a column, what it cost and, with `advice`, how to read the
# IDs instead (a warning of several kinds gives the advice once).
rounded_cause_text <- function(cause, advice = TRUE) {
  if (!advice) read_ids_advice <- NULL
  words <- switch(cause %||% "",
    spreadsheet = paste(
      "Most have 15 significant digits or fewer, as a spreadsheet keeps of a number:",
      "their low digits, and with them their sequences and node fields, are lost.",
      "Export the IDs again as text (a spreadsheet keeps the digits of a column",
      "formatted as text before the IDs go in) and read them as text."
    ),
    double_text = paste(
      "They look like the shortest text of doubles, as a JSON or CSV writer or",
      "reader that went through doubles leaves them (JavaScript, Python): their low",
      "digits, and with them their sequences and node fields, are lost.", read_ids_advice
    ),
    double = paste(
      "They are doubles of 2^53 or more, as `read.csv()` or a JSON reader makes",
      "IDs: a double keeps 53 bits, and their low digits, with their sequences",
      "and node fields, are lost.", read_ids_advice
    ),
    scientific = paste(
      "A spreadsheet saves numbers so in its General format, and `write.csv()` some",
      "doubles: their low digits, and with them their sequences and node fields, are",
      "lost.", read_ids_advice
    ),
    paste(
      "A double keeps 53 bits: a JSON or CSV reader, a database driver or",
      "`as.integer64()` of a double leaves IDs so, and their sequences (and any",
      "node field below them) are lost.", read_ids_advice
    )
  )
  if (!advice) {
    return(words)
  }
  through <- if (cause %in% c("double_text", "double_value")) " (with `through_double = TRUE`)" else ""
  paste0(words, " `id_time_bounds()` bounds their times", through,
         "; `id_check_damage()` says what the column shows.")
}
