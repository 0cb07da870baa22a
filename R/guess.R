#' Which layouts could have made these IDs?
#'
#' A number does not say which platform made it: every 64-bit value decodes
#' under every layout, to different times. `id_guess_layout()` decodes `x`
#' under each candidate layout and ranks them by how plausible the times
#' are. A time is plausible when the ID is valid for the layout and its time
#' falls between the layout's beginning and `now`; a layout under which no
#' time is plausible is ruled out. A layout begins at its epoch, or, for a
#' built-in layout whose epoch is 1970, when its platform began: LinkedIn
#' opened in 2003, TikTok took over musical.ly's videos (2014), the AT
#' Protocol (Bluesky's TIDs) was published in 2022, and Mastodon federates
#' with networks that began in 2008. Discord's IDs read as LinkedIn's fall
#' in the 1970s, and as TIDs in 1990: not plausible. **A layout cannot be proven from numbers, only
#' made likely**: Discord's IDs of 2016 read as Twitter's land in 2011 or
#' 2012, just as plausible, and only knowing where the IDs came from
#' settles it. Layouts whose times are all plausible stay tied.
#'
#' Text that looks like 96- to 160-bit IDs (an entry of 20 characters or
#' more that is not a decimal number) is tried under those layouts instead:
#' each reads only its own text (36-character UUIDs by their version as
#' `"uuidv7"`, `"uuidv6"` or `"uuidv1"`, 26 Crockford characters as
#' `"ulid"` and, lowercase or with a prefix, `"typeid"`, 27 base62 ones as
#' `"ksuid"`, 24 hex digits as `"objectid"`, 20 base32hex ones as `"xid"`,
#' 25 base36 ones as `"scru128"`), and a time is plausible from the year
#' its format was published (UUIDv1 about 1990, v6 and v7 2020, ULID 2016,
#' TypeID 2023, SCRU128 2021, KSUID 2017, ObjectId 2009, Xid 2015) to `now`.
#'
#' @param x IDs, read as [id_fields()] reads them; the layout a `zuid_id`
#'   carries plays no part.
#' @param layouts Candidate layouts: a list of [id_layout()]s or names, named
#'   or not, or one layout. By default, for text of 96- to 160-bit IDs, the
#'   built-in layouts of those but `"uuid"`; else the built-ins, with Sonyflake's v1
#'   start time (2014-09-01), SCRU64's time (which does not depend on
#'   `node_bits`), AT Protocol TIDs (Bluesky), whose 13-character text no
#'   other layout reads, the published defaults of baidu/uid-generator,
#'   Sonyflake v2, TSID and yitter/IdGenerator, and LinkedIn's and TikTok's
#'   IDs.
#' @param now The latest plausible time: a POSIXct, Date or ISO 8601 text
#'   (UTC unless it names a zone).
#' @returns A data frame of class `zuid_guess`, one row per layout, most
#'   plausible first: `layout`, `plausible` (the share of IDs whose time is
#'   plausible), `first` and `last` (the range of the decoded times), and
#'   `verdict`.
#' @export
#' @examples
#' # Tweet IDs from 2025: as Discord IDs they would come from 2029.
#' id_guess_layout(c("1888944671579078978", "1888944671579078979"),
#'                 now = as.POSIXct("2026-01-01", tz = "UTC"))
#'
#' # Discord's documented ID of 2016 is a plausible tweet ID of 2011.
#' id_guess_layout("175928847299117063", now = as.POSIXct("2026-01-01", tz = "UTC"))
#'
#' # RFC 9562's UUIDv7 and a ULID of 2016.
#' id_guess_layout("017f22e2-79b0-7cc3-98c4-dc0c0c07398f", now = as.POSIXct("2026-01-01", tz = "UTC"))
#' id_guess_layout("01ARYZ6S41TSV4RRFFQ69G5FAV", now = as.POSIXct("2026-01-01", tz = "UTC"))
id_guess_layout <- function(x, layouts = default_guess_layouts(x), now = Sys.time()) {
  call <- sys.call()
  # One layout is a list of one; names of built-in layouts, a list of names.
  if (inherits(layouts, "zuid_layout")) layouts <- list(layouts)
  if (!is.list(layouts)) layouts <- as.list(layouts)
  if (length(layouts) == 0L) {
    zuid_abort("`layouts` must hold at least one layout.", class = "zuid_error_layout", call = call)
  }
  layouts <- lapply(layouts, as_layout, call = call)
  labels <- names(layouts)
  if (is.null(labels)) labels <- rep("", length(layouts))
  labels[labels == ""] <- vapply(layouts[labels == ""], function(l) l$name, character(1))
  now_s <- time_seconds(now, call)
  if (length(now_s) != 1L || is.na(now_s)) {
    zuid_abort("`now` must be one time.", class = "zuid_error_type", call = call)
  }
  # Wide IDs are text: an ID vector of them is its canonical text.
  if (inherits(x, "zuid_text_id")) x <- as.vector(unclass(x))
  check_ids(x, call)
  # The layout a zuid_id carries is one more guess, not the answer: every
  # candidate decodes the same bits.
  if (is_zuid_id(x)) x <- plain_integer64(x)
  known <- sum(!id_is_na(x, call))
  rows <- lapply(seq_along(layouts), function(k) guess_row(x, known, layouts[[k]], labels[[k]], now_s))
  out <- do.call(rbind, rows)
  out <- out[order(-out$plausible, out$layout), ]
  rownames(out) <- NULL
  out$verdict <- ifelse(out$plausible == 0, "ruled out",
                        ifelse(out$plausible == max(out$plausible), "most plausible", "less plausible"))
  structure(out, class = c("zuid_guess", "data.frame"), n = length(x))
}

# `known` is how many entries of `x` are not missing, the share's base.
guess_row <- function(x, known, layout, label, now_s) {
  t <- suppressWarnings(id_time(x, layout))
  s <- as.numeric(t)
  # Tick 0 starts at the epoch floored to a whole number of units; a
  # built-in layout of 1970 begins when its platform did.
  first_s <- if (is_wide_layout(layout)) {
    wide_first_seconds(layout)
  } else {
    facts <- layout_facts_of(layout, NULL)
    max(facts$first_ms, facts$since_ms, na.rm = TRUE) / 1000
  }
  ok <- !is.na(s) & s >= first_s & s <= now_s
  shown <- t[!is.na(t)]
  data.frame(
    layout = label,
    plausible = if (known > 0) sum(ok) / known else NA_real_,
    first = if (length(shown)) min(shown) else as.POSIXct(NA, tz = "UTC"),
    last = if (length(shown)) max(shown) else as.POSIXct(NA, tz = "UTC")
  )
}

# Every built-in layout, with the arguments the core's table gives for
# guessing: Sonyflake v1's default start time, a width of SCRU64's node;
# for text that looks like 96- to 160-bit IDs, the wide layouts.
default_guess_layouts <- function(x = NULL) {
  if (looks_wide(x)) {
    return(default_wide_guess_layouts())
  }
  lapply(core_facts("builtins"), function(b) {
    id_layout(b$name, epoch = b$guess_epoch_ms, node_bits = b$guess_node_bits)
  })
}

#' @export
print.zuid_guess <- function(x, ...) {
  cat(sprintf(paste(
    "Layouts for %s ID%s, by the share whose decoded time is plausible.",
    "A layout cannot be proven from numbers, only made likely.\n"
  ), whole_text(attr(x, "n")), if (identical(attr(x, "n"), 1L)) "" else "s"))
  shown <- as.data.frame(unclass(x), stringsAsFactors = FALSE)
  shown$plausible <- sprintf("%.0f%%", 100 * shown$plausible)
  shown$first <- format(shown$first, "%Y-%m-%d %H:%M:%S")
  shown$last <- format(shown$last, "%Y-%m-%d %H:%M:%S")
  print(shown, row.names = FALSE)
  invisible(x)
}
