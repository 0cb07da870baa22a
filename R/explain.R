#' Explain IDs bit by bit
#'
#' `id_explain()` prints the 64 bits of a few IDs grouped by the layout's
#' parts (sign, time, node fields, sequence), each part's width, position and
#' value, and the decoded time in ISO 8601 UTC with milliseconds. In a
#' terminal that shows colour, each part has its own; set
#' `options(zuid.colour = FALSE)` (or `TRUE`) to decide.
#'
#' IDs of the 96- to 160-bit layouts (`"uuidv7"`, `"ulid"`, `"ksuid"`, ...)
#' are read in any spelling of their format and shown by their canonical
#' text, with their bits grouped by the format's fields (a UUID's version
#' and variant among them), and the time to the format's unit (100 ns for
#' UUIDv1 and v6). Under `"uuid"`, each entry is shown by its own version's
#' fields; bits no field names (a UUIDv4's) are parts named `other`.
#'
#' @inheritParams id_fields
#' @param x One or a few IDs (at most 20), read as [id_fields()] reads them.
#' @returns Invisibly, a data frame with one row per ID and part: `id`
#'   (position in `x`), `part`, `bits`, `offset` (bits below the part) and
#'   `value` (a double, exact: every part has fewer than 54 bits). No IDs
#'   give no rows (and print nothing). For the 96- to 160-bit layouts, two
#'   more columns: `kind` (`"time"`, `"version"`, `"random"`, ...) and
#'   `hex` (the part's bits in hex); `value` is NA for parts wider than 53
#'   bits, and an invalid entry has no rows.
#' @export
#' @examples
#' id_explain("175928847299117063", "discord")
#' id_explain("017F22E2-79B0-7CC3-98C4-DC0C0C07398F", "uuidv7")
#' parts <- id_explain("1888944671579078978", "twitter")
#' parts
id_explain <- function(x, layout = NULL) {
  call <- sys.call()
  layout <- resolve_layout(x, layout, call)
  if (length(x) > 20L) {
    zuid_abort(sprintf("`x` must hold at most 20 IDs to explain, not %s.", whole_text(length(x))),
               class = "zuid_error_type", call = call)
  }
  if (is_wide_layout(layout)) {
    return(explain_wide(x, layout, call))
  }
  ids <- check_ids(x, call)
  read <- rust_value(explain_ids(ids$x, ids$input, layout), call, list(layout = layout, x = x))
  parts <- explain_parts(read, layout, call)
  colour <- isTRUE(getOption("zuid.colour", use_colour()))
  lines <- unlist(lapply(seq_along(read$decimal), function(i) {
    digits <- vapply(read$digits, `[[`, character(1), i)
    explain_lines(read$decimal[[i]], digits, parts[parts$id == i, ], read$time[[i]], layout, colour,
                  read$early[[i]])
  }))
  cat(lines, sep = "\n")
  invisible(parts)
}

# One row per ID and part, with the part values the core computed; the
# same columns with no rows for no IDs.
explain_parts <- function(read, layout, call) {
  offsets <- unname(layout_facts_of(layout, call)$offsets)
  n <- length(read$decimal)
  # `read$values` holds a vector per part: as a matrix, a row per part.
  data.frame(id = rep(seq_len(n), each = length(layout$bits)), part = rep(names(layout$bits), n),
             bits = rep(unname(layout$bits), n), offset = rep(offsets, n),
             value = as.double(do.call(rbind, read$values)))
}

# The lines of one ID: its decimal text and time, its parts' digits, and
# a row per part. `time` is the core's ISO 8601 text of its tick, NA when
# the layout does not admit the ID or, `early`, when it is below where the
# layout's IDs begin.
explain_lines <- function(decimal, digits, parts, time, layout, colour, early = FALSE, why = NULL,
                          shown = whole_text(parts$value)) {
  if (is.na(decimal)) {
    return(c("NA or not an ID", ""))
  }
  paint <- function(text, k) {
    if (!colour) {
      return(text)
    }
    paste0(part_colours[[(k - 1L) %% length(part_colours) + 1L]], text, "\033[0m")
  }
  # A sequence of 0 bits (TIDs', TikTok's) takes no bits: not shown.
  used <- parts$bits > 0L
  groups <- vapply(which(used), function(k) paint(digits[[k]], k), character(1))
  fits <- !is.na(time)
  why <- why %||% if (early) {
    sprintf("no time (below %s, where its IDs begin)", layout_beginning(layout)$first_id)
  } else {
    "not an ID of this layout (see the sign bit)"
  }
  header <- sprintf("%s as %s: %s", decimal, layout_label(layout), if (fits) time else why)
  width <- max(nchar(parts$part), 4L)
  # Offsets of 128- and 160-bit IDs take three digits.
  at <- sprintf("%%%dd", max(2L, nchar(max(parts$offset))))
  rows <- vapply(which(used), function(k) {
    note <- if (parts$part[[k]] == "time" && fits) sprintf("  %s", time) else ""
    sprintf(paste0("  %s %4d bits at ", at, "  %s%s"), paint(formatC(parts$part[[k]], width = -width), k),
            parts$bits[[k]], parts$offset[[k]], shown[[k]], note)
  }, character(1))
  c(header, paste(groups, collapse = " "), rows, "")
}

# Bright, distinct ANSI colours, one per part in order.
part_colours <- c("\033[90m", "\033[36m", "\033[33m", "\033[35m", "\033[32m", "\033[34m", "\033[31m")

use_colour <- function() {
  interactive() && isatty(stdout()) && !nzchar(Sys.getenv("NO_COLOR")) &&
    !Sys.getenv("TERM") %in% c("", "dumb")
}
