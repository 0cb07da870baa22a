#' Snowflake and SCRU64 layouts
#'
#' A layout says how a 64-bit identifier splits into a time, node fields and
#' a sequence. It is data: the time field's bits, unit and epoch, the node
#' fields with their widths in order, the sequence width, and whether the top
#' bit is a sign bit. zuid cannot discover a Snowflake's layout from the
#' number, so its fields are readable only when the layout is given.
#'
#' The built-in layouts:
#'
#' | Name | Time | Node fields | Sequence |
#' |---|---|---|---|
#' | `twitter` (or `x`) | 41 bits, ms units from 2010-11-04T01:42:54.657Z | `datacenter` 5, `worker` 5 | 12 |
#' | `discord` | 42 bits, ms units from 2015-01-01T00:00:00.000Z | `worker` 5, `process` 5 | 12 |
#' | `instagram` | 41 bits, ms units from 2011-08-24T21:07:01.721Z | `shard` 13 | 10 |
#' | `mastodon` | 48 bits, ms units from 1970-01-01T00:00:00.000Z | none | 16 |
#' | `sonyflake` | 39 bits, 10ms units from `epoch` | `machine` 16, after the sequence | 8 |
#' | `scru64` | 39 bits, 256ms units from 1970-01-01T00:00:00.000Z | `node` of `node_bits` | 24 - `node_bits` |
#' | `tid` (or `bluesky`) | 53 bits, us units from 1970-01-01T00:00:00.000Z (microseconds) | `clock_id` 10 | none |
#' | `baidu` | 28 bits, s units from 2016-05-19T16:00:00.000Z | `worker` 22 | 13 |
#' | `sonyflake_v2` | 39 bits, 10ms units from 2025-01-01T00:00:00.000Z | `machine` 16, after the sequence | 8 |
#' | `tsid` | 42 bits, ms units from 2020-01-01T00:00:00.000Z | `node` 10 | 12 |
#' | `yitter` | 51 bits, ms units from 2020-02-19T18:20:02.000Z | `worker` 6 | 6 |
#' | `linkedin` | 41 bits, ms units from 1970-01-01T00:00:00.000Z | `node` 10 | 12 |
#' | `tiktok` | 32 bits, s units from 1970-01-01T00:00:00.000Z, no sign bit | `millisecond` 10, `rest` 22 | none |
#'
#' These are the words and times `print()` shows. Names are matched in any
#' case. [id_layout_capacity()] and `summary()` tell how long each lasts and
#' how many IDs a node can mint. A layout with no sequence has one of 0
#' bits: `print()`, `summary()`, [id_explain()] and `plot()` leave it out,
#' while [id_fields()] keeps its `sequence` column (all 0), so that every
#' layout decodes to the same columns, and `as.data.frame()` lists it with
#' its 0 bits. `summary()` also says where a platform's IDs begin, where it
#' numbered things in sequence before (Twitter's and Mastodon's: see
#' [id_layout_capacity()]).
#'
#' `baidu`, `sonyflake_v2`, `tsid` and `yitter` are other generators'
#' defaults, and their numbers come from each project's own code:
#' * `baidu`: baidu/uid-generator's `DefaultUidGenerator` (timeBits 28 of
#'   seconds, workerBits 22, seqBits 13, and an epoch of 2016-05-20 at
#'   UTC+8, which is 16:00 UTC the day before). Its time part ran out on
#'   2024-11-20, as the project's Javadoc says; deployments that changed
#'   the bits need a custom layout.
#' * `sonyflake_v2`: sony/sonyflake v2's defaults (39 bits of 10 ms, an
#'   8-bit sequence above a 16-bit machine id, a start time of 2025-01-01
#'   UTC); `"sonyflake"` with `epoch` is the same layout for any start time.
#' * `tsid`: f4b6a3/tsid-creator's TSID (42 bits of milliseconds since
#'   2020-01-01 UTC and its factory's default 10 node bits and 12 counter
#'   bits, read as the sequence). TSIDs use all 64 bits. Their 13-character
#'   text is Crockford's base32: see [id_from_text()].
#' * `yitter`: yitter/IdGenerator's default options (WorkerIdBitLength 6,
#'   SeqBitLength 6; the time takes the remaining 51 bits of a positive
#'   64-bit integer) with the BaseTime of its Java, Go, C, C++, Rust and PHP
#'   versions, 1582136402000 ms (2020-02-20 02:20:02 at UTC+8). Its C#
#'   version counts from 2020-02-20T02:20:02.020Z and its JavaScript and
#'   TypeScript versions from 2020-01-01: give those as custom layouts. Its
#'   generator keeps sequence numbers 0 to 4 for itself, and may run ahead
#'   of the clock ("drift") when a millisecond's sequence is used up.
#'
#' `linkedin` and `tiktok` are read from the platforms' IDs by others; neither
#' platform publishes its layout:
#' * `linkedin`: the IDs of posts, shares and comments (`urn:li:activity:`,
#'   `urn:li:share:`, `urn:li:ugcPost:`, `urn:li:comment:`): milliseconds
#'   since 1970 in the 41 bits below the sign bit, as
#'   Ollie-Boyd/Linkedin-post-timestamp-extractor and google/unfurl read
#'   them. The 22 bits below split as Twitter's do in the public IDs we
#'   read (a 10-bit `node` of values near 100 to 130, a 12-bit sequence of 0
#'   to 2): an inference from those IDs, not a published layout. The time
#'   part runs out in 2039.
#' * `tiktok`: the IDs of TikTok's (and Douyin's) videos, photos and users:
#'   seconds since 1970 in the top 32 bits (google/unfurl; Ryan Benson's
#'   "Tinkering with TikTok Timestamps", 2020; Bellingcat's
#'   tiktok-timestamp), then the milliseconds, 0 to 999, in 10 bits (Steel
#'   et al., "Just Another Hour on TikTok", arXiv 2504.13279, 2025): add
#'   `millisecond / 1000` to the `time` of [id_fields()] for the full time.
#'   The 22 bits below are left as one field, `rest`.
#' `threads` posts are Instagram media and decode with `instagram`.
#'
#' Meituan's Leaf, in its snowflake mode, uses Twitter's bits and epoch with
#' one 10-bit worker id: `id_layout(name = "leaf", time = list(bits = 41,
#' unit = "ms", epoch = 1288834974657), fields = list(worker = 10),
#' sequence = 12)`.
#'
#' Twitter, Sonyflake, SCRU64, TIDs and LinkedIn keep the top bit as a sign
#' bit; Discord, Instagram, Mastodon and TikTok use all 64 bits. Sonyflake's reference has
#' changed its default start time between releases, so `epoch` is required
#' for it. `tid` is the AT Protocol's timestamp identifier (Bluesky's record
#' keys): every function that reads IDs with it also reads its 13-character
#' text (see [id_to_tid()]).
#'
#' A custom layout gives `time`, `fields`, `sequence` and `sign_bit`. The bits
#' must add up to 64, or 63 with the sign bit, and each part must have fewer
#' than 54 bits, so that it reads exactly as a double. The sequence has at most
#' 31 bits, so that `id_fields()` returns it as an integer. Node field names
#' must be valid text, syntactic, distinct, and none of `sign`, `time` and
#' `sequence`, since they become column names. The sequence comes last unless `fields`
#' names `sequence` among the node fields, which places it there (Sonyflake
#' puts it above its machine); then `sequence` is not given. The unit is
#' `"us"` (microseconds), `"s"`, or any whole number of milliseconds written
#' `"<n>ms"` (`"ms"`, `"5ms"`, `"10ms"`, `"100ms"`, `"256ms"`, ...). Every
#' time a layout's ticks cover lies within 2^53 milliseconds of 1970 (some
#' 285,000 years; 2^53 microseconds, 1684 to 2255, for `"us"` ticks), where
#' times are exact as the doubles in which [id_time()] gives them and
#' [id_compose()] reads them: a wider time part, a longer unit or a later
#' epoch that passes it is refused (53 bits of `"ms"` fit from 1970 on, 43
#' bits of `"s"` from any epoch). A custom layout may have a name of its own, such as `name = "acme"`, which
#' `print()` and messages show; the built-in names and `x` and `bluesky` are
#' taken, in any case. Epochs are held as whole milliseconds: a POSIXct epoch
#' is rounded to the nearest one.
#'
#' @section Ticks on Unix time's grid:
#' Every layout counts its ticks on Unix time's own grid, as Sonyflake's
#' reference does: tick 0 starts at the epoch floored to a whole number of
#' units since 1970 (`floor(epoch / unit)` units), an ID's time is the start
#' of its tick, and a time composes as `floor(t / unit) - floor(epoch / unit)`
#' ticks. With millisecond ticks, and with an epoch on its unit's grid (as
#' Sonyflake's usual start dates, 2014-09-01 and 2025-01-01, are), nothing is
#' floored. A custom layout with a coarse unit follows the same rule: an
#' epoch of 12:00:00.500 with `"s"` ticks counts from 12:00:00. A layout whose
#' epoch was floored prints a fourth line with the epoch as given; a time
#' before the epoch but within tick 0 composes to tick 0, and the last time
#' that composes is the end of the last tick counted from the floored start.
#'
#' @section Microseconds:
#' With `"us"` ticks (TIDs), times are counted in microseconds. A POSIXct
#' holds seconds in a double: [id_time()] gives the double nearest each
#' tick's start, which [id_compose()] turns back into the same tick, and any
#' later time floors to its own microsecond. Every microsecond has its own
#' double until the year 2242; after that, neighbouring microseconds share
#' one, and a time composes to the one nearest that double. Milliseconds
#' share doubles in the same way only after 2^43 seconds (about the year
#' 280,700), which only the widest millisecond layouts reach.
#'
#' @section Layouts of 96 to 160 bits:
#' UUIDs, ULIDs and their kin are built-in layouts too, read from their text
#' in every spelling their specifications accept; [as_zuid_id()] keeps them
#' as ID vectors of their canonical text, and [id_from_time()] gives the
#' bounds of those that sort by time:
#'
#' | Name | Width | Time | Text | Sorts by time |
#' |---|---|---|---|---|
#' | `uuidv7` | 128 bits | 48 bits, ms units from 1970-01-01T00:00:00.000Z | UUID | yes |
#' | `uuidv6` | 128 bits | 60 bits, 100ns units from 1582-10-15T00:00:00.000Z | UUID | yes |
#' | `uuidv1` | 128 bits | 60 bits, 100ns units from 1582-10-15T00:00:00.000Z | UUID | no |
#' | `uuid` | 128 bits | by version (v1 and v6: 100ns units from 1582-10-15, v7: ms from 1970) | UUID | no |
#' | `ulid` | 128 bits | 48 bits, ms units from 1970-01-01T00:00:00.000Z | 26 characters of Crockford's base32 | yes |
#' | `typeid` | 128 bits | 48 bits, ms units from 1970-01-01T00:00:00.000Z | a prefix, `_`, then 26 of base32 | yes |
#' | `scru128` | 128 bits | 48 bits, ms units from 1970-01-01T00:00:00.000Z | 25 characters of base36 | yes |
#' | `ksuid` | 160 bits | 32 bits, s units from 2014-05-13T16:53:20.000Z | 27 characters of base62 | yes |
#' | `objectid` | 96 bits | 32 bits, s units from 1970-01-01T00:00:00.000Z | 24 hex digits | yes |
#' | `xid` | 96 bits | 32 bits, s units from 1970-01-01T00:00:00.000Z | 20 characters of base32hex | yes |
#'
#' A UUID is 32 hex digits in 8-4-4-4-12 groups (also accepted without
#' hyphens, in braces, after `urn:uuid:`, in any case; written lowercase).
#' `uuid` reads a column that mixes versions, each entry by its own; v3, v4,
#' v5, v8 and the nil UUID carry no time. UUIDv1 puts the time's low bits
#' first, and a `uuid` column mixes versions, so neither sorts by time nor
#' has bounds. TypeID's 128 bits are a UUIDv7. KSUID, ObjectId and Xid count
#' whole seconds, read unsigned.
#'
#' @param name A built-in layout (`x` is Twitter's, `bluesky` the TID's; see
#'   the table below), or
#'   `NULL` for a custom one, or a custom layout's own name (with its `time`,
#'   `fields` and `sequence`): a letter then at most 39 letters, digits, `.`,
#'   `_` or `-`.
#' @param epoch For `"sonyflake"` (required) or a custom layout, the time the
#'   time field counts from: a POSIXct or milliseconds since 1970.
#' @param node_bits For `"scru64"`, the node id's bits, 1 to 23.
#' @param time For a custom layout, `list(bits =, unit =, epoch =)`, `unit`
#'   `"us"`, `"s"`, or a whole number of milliseconds such as `"ms"`,
#'   `"10ms"`, `"256ms"` or `"5ms"`.
#' @param fields For a custom layout, the node fields as a named list or vector
#'   of widths, most significant first; an element named `sequence` places
#'   the sequence there.
#' @param sequence For a custom layout, the sequence's bits (when `fields`
#'   does not place it).
#' @param sign_bit For a custom layout, whether the top bit is reserved.
#' @param sub_ms For `"uuidv7"`, how the 12 bits after the millisecond
#'   were written: `"none"` (the default: a counter or random bits, as
#'   CPython, ClickHouse and Rust's `uuid` crate write them; the time is the
#'   millisecond), `"fraction"` (RFC 9562's method 3, a fraction of the
#'   millisecond in 1/4096 steps, as PostgreSQL 18 writes it) or `"256ns"`
#'   (Go's google/uuid).
#' @returns A `zuid_layout`. Layouts compare with `==` (see
#'   [layout-compare]), and `as.data.frame()` lists their parts.
#' @seealso The vignette `vignette("reading-ids", package = "zuid")`.
#' @order 1
#' @export
#' @examples
#' id_layout("twitter")
#' id_layout("scru64", node_bits = 8)
#' id_layout(
#'   time = list(bits = 41, unit = "ms", epoch = 0),
#'   fields = list(worker = 10),
#'   sequence = 12
#' )
#'
#' # Sonyflake needs the start time its generator was configured with.
#' id_layout("sonyflake", epoch = as.POSIXct("2014-09-01", tz = "UTC"))
#'
#' # A start time off the 10 ms grid is floored, as Sonyflake's reference does.
#' id_layout("sonyflake", epoch = as.POSIXct("2020-06-15 12:34:56.789", tz = "UTC"))
#'
#' # Bluesky's TIDs: microseconds and a clock id.
#' id_layout("tid")
#'
#' # Other generators' defaults, and how long they last.
#' id_layout("tsid")
#' summary(id_layout("baidu"))
#'
#' # A company's own layout: Sonyflake v2 style, 5 ms ticks, the sequence
#' # above the machine.
#' id_layout(
#'   name = "acme",
#'   time = list(bits = 39, unit = "5ms", epoch = as.POSIXct("2025-01-01", tz = "UTC")),
#'   fields = list(sequence = 8, machine = 16)
#' )
#'
#' # Mistakes are errors of class `zuid_error`.
#' try(id_layout(time = list(bits = 41, unit = "ms", epoch = 0), sequence = 12))
id_layout <- function(name = NULL, epoch = NULL, node_bits = NULL, time = NULL,
                      fields = NULL, sequence = NULL, sign_bit = TRUE, sub_ms = NULL) {
  call <- sys.call()
  wide <- wide_name(name)
  if (!is.na(wide)) {
    return(id_layout_wide(wide, sub_ms, epoch, node_bits, time, fields, sequence, !missing(sign_bit), call))
  }
  if (!is.null(sub_ms)) {
    zuid_abort("`sub_ms` belongs to the \"uuidv7\" layout.", class = "zuid_error_layout", call = call)
  }
  custom <- c(
    time = !is.null(time), fields = !is.null(fields),
    sequence = !is.null(sequence), sign_bit = !missing(sign_bit)
  )
  builtin <- builtin_name(name)
  if (is.na(builtin)) {
    if (!is.null(name) && !any(custom)) {
      abort_layout_name(name, call)
    }
    if (!is.null(node_bits)) {
      zuid_abort(paste(
        "`node_bits` belongs to the \"scru64\" layout; a custom layout",
        "gives its node fields in `fields`."
      ), class = "zuid_error_layout", call = call)
    }
    label <- if (is.null(name)) "custom" else check_label(name, call)
    return(custom_layout(label, epoch, time, fields, sequence, sign_bit, call))
  }
  if (any(custom)) {
    zuid_abort(sprintf(paste(
      "The built-in layout \"%s\" takes no %s; those describe a custom layout.",
      "Give either a built-in `name` or the custom parts, with `name = NULL`",
      "or a name of your own."
    ), builtin, paste0("`", names(custom)[custom], "`", collapse = ", ")),
    class = "zuid_error_layout", call = call)
  }
  builtin_layout(builtin, epoch, node_bits, call)
}

# The built-in layouts are the core's (src/rust/core/src/layouts/builtin.rs): their
# names, aliases and the arguments each takes come from its table.
builtin_layout_names <- function() names(core_facts("builtins"))

# Other names users know the built-in layouts by, such as `x` for Twitter
# and `bluesky` for AT Protocol TIDs: c(x = "twitter", bluesky = "tid").
layout_aliases <- function() {
  derived_fact("aliases", function() {
    table <- core_facts("builtins")
    aliases <- lapply(table, function(b) stats::setNames(rep(b$name, length(b$aliases)), b$aliases))
    unlist(unname(aliases))
  })
}

# The built-in layouts that need no argument but their name.
layouts_by_name <- function() {
  derived_fact("by_name", function() {
    table <- core_facts("builtins")
    names(table)[vapply(table, function(b) length(b$needs) == 0L, logical(1))]
  })
}

# The built-in layout `name` means, in any case, or NA.
builtin_name <- function(name) {
  if (!is.character(name) || length(name) != 1L || is.na(name) || !valid_text(name)) {
    return(NA_character_)
  }
  key <- tolower(name)
  aliases <- layout_aliases()
  if (key %in% names(aliases)) {
    return(aliases[[key]])
  }
  if (key %in% builtin_layout_names()) key else NA_character_
}

# " Did you mean \"twitter\"?" for a near miss, else "".
suggest_layout_name <- function(name) {
  if (!is.character(name) || length(name) != 1L || is.na(name) || !valid_text(name)) {
    return("")
  }
  known <- c(builtin_layout_names(), names(layout_aliases()))
  distance <- utils::adist(tolower(name), known)[1L, ]
  best <- known[[which.min(distance)]]
  if (min(distance) > 2L || nchar(best) <= min(distance)) {
    return("")
  }
  sprintf(" Did you mean \"%s\"?", best)
}

# A name that is no built-in layout's, given without a custom layout's parts.
abort_layout_name <- function(name, call) {
  zuid_abort(sprintf(paste(
    "`name` must be one of %s (in any case, \"x\" for Twitter, \"bluesky\" for TIDs),",
    "or NULL for a custom layout (or a name of your own for one, given with its",
    "`time`, `fields` and `sequence`); not %s.%s"
  ), paste0("\"", builtin_layout_names(), "\"", collapse = ", "),
  describe_value(name), suggest_layout_name(name)), class = "zuid_error_layout", call = call)
}

# A custom layout's own name labels it in print() and messages ("the acme
# layout"): a short word, so that messages stay readable. Built-in names,
# in any case, never get here: they mean the built-in layout.
check_label <- function(name, call) {
  if (!is.character(name) || length(name) != 1L || is.na(name) || !valid_text(name) ||
      !grepl("^[A-Za-z][A-Za-z0-9._-]{0,39}$", name)) {
    zuid_abort(sprintf(paste(
      "A custom layout's `name` must start with a letter and hold at most 40",
      "letters, digits, `.`, `_` and `-`, e.g. \"acme\"; not %s."
    ), describe_value(name)), class = "zuid_error_layout", call = call)
  }
  name
}

# A built-in layout object, made by the core from its table once the
# arguments it takes are checked here.
builtin_layout <- function(name, epoch, node_bits, call) {
  if (is.null(epoch) && is.null(node_bits) && name %in% layouts_by_name()) {
    return(derived_fact(paste0("layout:", name), function() make_builtin_layout(name, NULL, NULL, call)))
  }
  make_builtin_layout(name, epoch, node_bits, call)
}

make_builtin_layout <- function(name, epoch, node_bits, call) {
  entry <- core_facts("builtins")[[name]]
  takes <- function(arg) arg %in% entry$needs
  check_absent(epoch, "epoch", name, takes("epoch"), "and to custom layouts", call)
  check_absent(node_bits, "node_bits", name, takes("node_bits"), "only", call)
  epoch_ms <- NA_real_
  if (takes("epoch")) {
    if (is.null(epoch)) {
      zuid_abort(sprintf(paste(
        "The \"%s\" layout needs `epoch`, the start time its generator",
        "was configured with (e.g. 2014-09-01 UTC for Sonyflake v1's default,",
        "2025-01-01 UTC for v2's): releases have changed the default."
      ), name), class = "zuid_error_layout", call = call)
    }
    epoch_ms <- epoch_ms_from(epoch, "epoch", call)
  }
  bits <- NA_real_
  if (takes("node_bits")) {
    range <- entry$node_bits
    if (is.null(node_bits)) {
      zuid_abort(sprintf(paste(
        "The \"%s\" layout needs `node_bits`, the width of its node id:",
        "a whole number from %d to %d, e.g. `node_bits = %d`."
      ), name, range[[1L]], range[[2L]], as.integer(entry$guess_node_bits)),
      class = "zuid_error_layout", call = call)
    }
    bits <- as.double(check_whole(node_bits, "node_bits", range[[1L]], range[[2L]], call))
  }
  context <- list(layout = list(epoch_ms = epoch_ms), constructing = TRUE)
  fields <- rust_value(builtin_layout_fields(name, epoch_ms, bits), call, context)
  structure(fields, class = "zuid_layout")
}

# An argument that the built-in layout `name` does not take: the layouts
# that take it, and `rest` ("only", "and to custom layouts"), say where it
# belongs.
check_absent <- function(value, arg, name, taken, rest, call) {
  if (!is.null(value) && !taken) {
    table <- core_facts("builtins")
    owners <- names(table)[vapply(table, function(b) arg %in% b$needs, logical(1))]
    zuid_abort(sprintf(
      "The \"%s\" layout takes no `%s`; `%s` belongs to %s %s.",
      name, arg, arg, paste0("\"", owners, "\"", collapse = ", "), rest
    ), class = "zuid_error_layout", call = call)
  }
}

custom_layout <- function(name, epoch, time, fields, sequence, sign_bit, call) {
  if (is.null(time) && is.null(fields) && is.null(sequence)) {
    zuid_abort(paste(
      "Give `name`, a built-in layout (e.g. \"twitter\"), or a custom layout's",
      "`time`, `fields` and `sequence`."
    ), class = "zuid_error_layout", call = call)
  }
  sign_bit <- check_flag(sign_bit, "sign_bit", call)
  time <- check_time_spec(time, epoch, call)
  lower <- lower_parts(check_fields(fields, call), sequence, call)
  new_layout(name, time$bits, lower, time$unit, time$epoch_ms, sign_bit = sign_bit, call = call)
}

# The parts below the time, most significant first: the node fields, and
# the sequence last unless `fields` names it in its place (as Sonyflake
# puts it above the machine).
lower_parts <- function(fields, sequence, call) {
  placed <- "sequence" %in% names(fields)
  if (placed && !is.null(sequence)) {
    zuid_abort(paste(
      "The sequence is given twice: `fields` names `sequence`, which places it",
      "among the node fields, and `sequence` gives it too. Give it once."
    ), class = "zuid_error_layout", call = call)
  }
  if (placed) {
    return(fields)
  }
  if (is.null(sequence)) {
    zuid_abort(paste(
      "A custom layout needs `sequence`, the sequence's bits: a whole number",
      "from 0 to 31 (0 for none), or `sequence` named among `fields` to place it",
      "there."
    ), class = "zuid_error_layout", call = call)
  }
  c(fields, sequence = check_whole(sequence, "sequence", 0, 64, call))
}

check_time_spec <- function(time, epoch, call) {
  if (is.null(time)) {
    zuid_abort(paste(
      "A custom layout needs `time = list(bits =, unit =, epoch =)`,",
      "e.g. `time = list(bits = 41, unit = \"ms\", epoch = 0)`."
    ), class = "zuid_error_layout", call = call)
  }
  if (!is.list(time) || is.object(time) || length(time) == 0L ||
      is.null(names(time)) || anyNA(names(time))) {
    zuid_abort(sprintf(paste(
      "`time` must be a named list, `list(bits =, unit =, epoch =)`, not %s."
    ), describe_value(time)), class = "zuid_error_type", call = call)
  }
  unknown <- setdiff(names(time), c("bits", "unit", "epoch"))
  if (length(unknown) > 0L || anyDuplicated(names(time))) {
    zuid_abort(sprintf(
      "`time` takes the elements `bits`, `unit` and `epoch`, each once; it has %s.",
      paste(encodeString(names(time), quote = "`"), collapse = ", ")
    ), class = "zuid_error_layout", call = call)
  }
  if (is.null(time$bits)) {
    zuid_abort("`time$bits` is missing: give the time part's width in bits.",
               class = "zuid_error_layout", call = call)
  }
  bits <- check_whole(time$bits, "time$bits", 1, 64, call)
  list(bits = bits, unit = check_unit(time$unit, call),
       epoch_ms = custom_epoch_ms(time$epoch, epoch, call))
}

# The unit's canonical name ("1000ms" is "s"); which names are units is
# the core's rule.
check_unit <- function(unit, call) {
  if (!is.character(unit) || length(unit) != 1L || is.na(unit) ||
      is.na(canonical <- rust_value(time_unit_canonical(unit)))) {
    abort_unit(unit, call)
  }
  canonical
}

abort_unit <- function(unit, call) {
  zuid_abort(sprintf(
    "`time$unit` must be %s, not %s.", unit_choices, describe_value(unit)
  ), class = "zuid_error_layout", call = call)
}

unit_choices <- paste(
  "\"us\" (microseconds), \"s\", or a whole number of milliseconds written",
  "\"<n>ms\" (\"ms\" for one, \"10ms\", \"256ms\", ...)"
)

custom_epoch_ms <- function(time_epoch, epoch, call) {
  if (is.null(time_epoch) && is.null(epoch)) {
    zuid_abort(paste(
      "A custom layout needs an epoch, the time its time part counts from:",
      "give `time$epoch` or `epoch`, a POSIXct or milliseconds since 1970."
    ), class = "zuid_error_layout", call = call)
  }
  if (is.null(time_epoch)) {
    return(epoch_ms_from(epoch, "epoch", call))
  }
  ms <- epoch_ms_from(time_epoch, "time$epoch", call)
  if (!is.null(epoch) && epoch_ms_from(epoch, "epoch", call) != ms) {
    zuid_abort(paste(
      "`epoch` and `time$epoch` give different epochs; give the epoch once,",
      "in either place."
    ), class = "zuid_error_layout", call = call)
  }
  ms
}

# Node widths by name, in order; an element named `sequence` is the
# sequence's width (0 to 31), placed there.
check_fields <- function(fields, call) {
  if (length(fields) == 0L && (is.null(fields) || is.list(fields) || is.numeric(fields))) {
    return(stats::setNames(integer(), character()))
  }
  if (!(is.list(fields) || is.numeric(fields)) || is.object(fields)) {
    zuid_abort(sprintf(
      "`fields` must be a named list or vector of widths, e.g. `list(worker = 10)`, not %s.",
      describe_value(fields)
    ), class = "zuid_error_type", call = call)
  }
  names <- names(fields)
  if (sum(names == "sequence", na.rm = TRUE) > 1L) {
    zuid_abort("`fields` names `sequence` more than once; a layout has one sequence.",
               class = "zuid_error_layout", call = call)
  }
  check_field_names(setdiff_once(names, "sequence"), call)
  widths <- vapply(seq_along(fields), function(k) {
    min <- if (names[[k]] == "sequence") 0 else 1
    check_whole(fields[[k]], paste0("fields$", names[[k]]), min, 64, call)
  }, integer(1))
  stats::setNames(widths, names)
}

# `x` without the first `value` in it.
setdiff_once <- function(x, value) {
  at <- match(value, x)
  if (is.na(at)) x else x[-at]
}

check_field_names <- function(fields, call) {
  why <- field_names_problem(fields)
  if (!is.null(why)) {
    zuid_abort(why, class = "zuid_error_layout", call = call)
  }
}

# What is wrong with the names of node fields, or NULL: they become column
# names, so they are valid text, syntactic, not a part's name and distinct.
field_names_problem <- function(fields) {
  if (is.null(fields) || anyNA(fields) || any(fields == "")) {
    return("`fields` must name every field, e.g. `list(datacenter = 5, worker = 5)`.")
  }
  invalid <- fields[!valid_text(fields)]
  if (length(invalid) > 0L) {
    return(sprintf("Field names become column names and must be valid text: %s is not valid UTF-8.",
                   encodeString(invalid[[1L]], quote = "\"")))
  }
  bad <- fields[make.names(fields) != fields]
  if (length(bad) > 0L) {
    return(sprintf("Field names become column names and must be syntactic: %s is not (%s would be).",
                   encodeString(bad[[1L]], quote = "\""), encodeString(make.names(bad[[1L]]), quote = "\"")))
  }
  reserved <- intersect(fields, c("sign", "time", "sequence"))
  if (length(reserved) > 0L) {
    return(sprintf("A field cannot be named \"%s\": it is the name of a part of every layout.",
                   reserved[[1L]]))
  }
  dup <- fields[duplicated(fields)]
  if (length(dup) > 0L) {
    return(sprintf("Field names must be distinct: \"%s\" appears more than once.", dup[[1L]]))
  }
  NULL
}

# Epochs are held as whole milliseconds since 1970-01-01 UTC in a double
# (exact below 2^53, about 285,000 years), so that printing and every later
# computation start from an integer, never from a fractional POSIXct.

epoch_ms_from <- function(epoch, arg, call) {
  ms <- if (inherits(epoch, "POSIXct") || inherits(epoch, "Date")) {
    if (length(epoch) == 1L && is.finite(unclass(epoch))) {
      # A POSIXct of 1288834974.657 is stored as ...974.65699...: the
      # nearest millisecond is the intended one.
      nearest_ms(time_seconds(epoch, call))
    }
  } else if (is.numeric(epoch) && !is.object(epoch) && length(epoch) == 1L &&
             is.finite(epoch) && epoch == trunc(epoch)) {
    as.numeric(epoch)
  }
  if (is.null(ms)) {
    zuid_abort(
      sprintf(paste(
        "`%s` must be one POSIXct, one Date or one whole number of",
        "milliseconds since 1970-01-01 UTC, not %s."
      ), arg, describe_value(epoch)),
      class = "zuid_error_layout", call = call
    )
  }
  ms
}

# The one constructor of `zuid_layout` objects. A layout is plain data:
# `name`, how it prints (a built-in name, "custom" or a custom layout's
# own name); `bits`, the parts' widths most significant first, named for
# the part (`sign`, `time`, node fields, `sequence`); `kinds`, what each
# part is; `unit`, the tick's name; `epoch_ms`, whole milliseconds since
# 1970 in a double; and `text`, the text form its IDs are read in besides
# decimal ("decimal", "scru64" or "tid"). `lower` holds the parts below the
# time in order, the sequence among them by its name. The Rust core reads
# the layout whole and checks every rule here and wherever a layout is
# passed in.
new_layout <- function(name, time_bits, lower, unit, epoch_ms, sign_bit, call = NULL) {
  bits <- c(if (sign_bit) c(sign = 1L), time = time_bits, lower)
  kinds <- c(if (sign_bit) "sign", "time",
             ifelse(names(lower) == "sequence", "sequence", "node"))
  layout <- structure(
    list(name = name, bits = bits, kinds = kinds, unit = unit, epoch_ms = epoch_ms, text = "decimal"),
    class = "zuid_layout"
  )
  rust_value(layout_check(layout), call, list(layout = layout, constructing = TRUE))
  layout
}
