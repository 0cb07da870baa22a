#' Build IDs from their parts, and the ID bounds of a time
#'
#' `id_compose()` builds IDs from a time and the other parts: node fields by
#' name and the sequence. `id_from_time()` gives the smallest (or largest)
#' ID the layout can hold at a time, with every node and sequence bit 0 (or
#' 1): the bound that a range query on an ID column needs, as in
#' `id >= id_from_time(t0, layout)`.
#'
#' Times are floored to their tick. A POSIXct holds seconds in a double, so
#' a millisecond such as `.256` is often stored a hair below itself; zuid
#' reads a time as the last whole millisecond whose POSIXct is at or before
#' it, so that a time returned by [id_time()] composes back to the same tick
#' and a genuinely later time floors to its own.
#'
#' Arguments recycle like base R's vectorised functions: each has length 1
#' or the common length. `NA` in any part gives an `NA` ID. A time before the
#' epoch or past the layout's last tick, a part outside its width, and an
#' unknown field name are errors.
#'
#' A `zuid_id` cannot hold the one ID 2^63, whose bits are integer64's `NA`
#' (see [as_zuid_id()]). `id_compose()` makes it `NA` with a warning; as a
#' bound, `id_from_time()` gives the next ID instead, 2^63 + 1, which every
#' `zuid_id` compares with as with 2^63 (this happens at one tick, where
#' Discord's IDs reach 2^63 on 2084-09-06 and Instagram's in 2046).
#' `as = "character"` gives 2^63 itself.
#'
#' @param time A POSIXct or Date vector, or ISO 8601 text as people type
#'   times: `"2024-03-05"`, `"2024-03-05 10:00"`, `"2024-03-05 10:00:00.123456"`,
#'   `"2024-03-05T10:00:00Z"`, or with an offset, `"+01:00"`, `"+0100"` or
#'   `"-05"`. Text without a zone is UTC, not the session's time zone. Text
#'   is read from its digits to the microsecond (later digits floor), so a
#'   TID's time passes exactly; text that is no such time is an error of
#'   class `zuid_error_time_text` naming the entry.
#' @param layout A [id_layout()], or the name of a built-in layout that needs
#'   no further argument: `"twitter"` (or `"x"`), `"discord"`, `"instagram"`,
#'   `"mastodon"`, `"tid"` (or `"bluesky"`), `"baidu"`, `"sonyflake_v2"`,
#'   `"tsid"`, `"yitter"`, `"linkedin"` or `"tiktok"`, in any case.
#' @param ... Node fields by name, such as `worker = 3`: whole numbers within
#'   the field's width. Fields not given are 0.
#' @param sequence The sequence: whole numbers within its width.
#' @param side `"min"` for the smallest ID at each time, `"max"` for the
#'   largest.
#' @param as `"id"` for a [zuid_id][as_zuid_id()] vector that carries the
#'   layout, compares and sorts by value and prints every digit;
#'   `"character"` for decimal strings; `"integer64"` for a plain
#'   `bit64::integer64` (an ID of 2^63 or more cannot be a plain integer64:
#'   it becomes `NA` with a warning).
#' @returns A `zuid_id` vector, a character vector of decimal IDs, or a
#'   `bit64::integer64` vector, as `as` says.
#' @export
#' @examples
#' t <- as.POSIXct("2016-04-30 11:18:25.796", tz = "UTC")
#' id_compose(t, "discord", worker = 1, process = 0, sequence = 7)
#'
#' # The smallest and largest Discord IDs of 2016-05-01T00:00:00.000Z: bounds
#' # of a range query, or `after` and `before` when paging through Discord's
#' # API from a time, as its reference's pagination section suggests.
#' may <- as.POSIXct("2016-05-01", tz = "UTC")
#' id_from_time(may, "discord")
#' id_from_time(may, "discord", side = "max")
#'
#' # IDs made in one hour, for `WHERE id BETWEEN ... AND ...`.
#' hour <- as.POSIXct("2024-03-04 10:00", tz = "UTC")
#' c(from = id_from_time(hour, "twitter"),
#'   to = id_from_time(hour + 3600 - 0.001, "twitter", side = "max"))
#'
#' # Round trip: fields to IDs and back.
#' ids <- c("175928847299117063", "1214004724031189004")
#' f <- id_fields(ids, "discord")
#' id_compose(f$time, "discord", worker = f$worker, process = f$process,
#'            sequence = f$sequence)
id_compose <- function(time, layout, ..., sequence = 0L, as = c("id", "character", "integer64")) {
  call <- sys.call()
  layout <- as_layout(layout, call)
  as <- check_as(as, call)
  nodes <- check_node_values(list(...), layout, call)
  args <- c(list(time = time_seconds(time, call)), nodes,
            list(sequence = check_numeric(sequence, "sequence", call)))
  lower <- names(layout$bits)[!layout$kinds %in% c("sign", "time")]
  n <- common_length(args, call)
  rust_value(compose_ids(args$time, unname(args[lower]), layout, n, as), call,
             list(layout = layout, args = args, n = n, as = as))
}

#' @rdname id_compose
#' @export
id_from_time <- function(time, layout, side = c("min", "max"), as = c("id", "character", "integer64")) {
  call <- sys.call()
  layout <- as_layout(layout, call)
  as <- check_as(as, call)
  side <- check_choice(side, c("min", "max"), "side", call)
  if (is_wide_layout(layout)) {
    return(wide_bounds(time, layout, side, as, call))
  }
  args <- list(time = time_seconds(time, call))
  rust_value(ids_at_times(args$time, layout, side == "max", as), call,
             list(layout = layout, args = args, n = length(args$time), as = as))
}
