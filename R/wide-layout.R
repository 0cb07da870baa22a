# The 96- to 160-bit layouts: UUIDv7, v6 and v1 (and "uuid", each entry by
# its own version), ULID, TypeID, SCRU128, KSUID, ObjectId and Xid. Each is a
# zuid_layout made by the core from its facts (src/rust/core/src/wide/), a
# plain list like the 64-bit ones (`name`, `bits` named by part, `kinds`,
# `unit`, `epoch_ms`, `text`) with two more elements: `width` (96, 128 or
# 160 bits), by which R tells the two families apart, and `sub_ms` (how
# UUIDv7's 12 bits after the millisecond were written).

wide_names <- function() core_facts("wide_names")

is_wide_layout <- function(layout) is.list(layout) && !is.null(layout$width)

# The choices of `id_layout(sub_ms = )`, as the core names them.
sub_ms_choices <- c("none", "fraction", "256ns")

# A wide layout by name; `sub_ms` is UUIDv7's alone.
wide_layout <- function(name, sub_ms = NULL, call = NULL) {
  if (!is.null(sub_ms) && name != "uuidv7") {
    zuid_abort(sprintf(paste(
      "`sub_ms` belongs to the \"uuidv7\" layout (how its 12 bits after the",
      "millisecond were written); the \"%s\" layout takes no such argument."
    ), name), class = "zuid_error_layout", call = call)
  }
  sub_ms <- if (is.null(sub_ms)) "none" else check_choice(sub_ms, sub_ms_choices, "sub_ms", call)
  derived_fact(paste0("wide:", name, ":", sub_ms), function() {
    structure(rust_value(wide_layout_object(name, sub_ms), call), class = "zuid_layout")
  })
}

# A wide layout object, however it was made or edited, checked by the core:
# the object must be what the core makes of its name and `sub_ms`.
check_wide_layout <- function(layout, call, what = "`layout`") {
  rust_value(wide_layout_check(layout), call, list(layout = layout, layout_what = what))
  layout
}

# What print() shows of a wide layout: its parts as the 64-bit ones show
# theirs, and where its time counts from.
format_wide_layout <- function(x) {
  time <- if (identical(x$name, "uuid")) {
    "time: each entry's own version's (v1 and v6: 100ns units from 1582-10-15, v7: ms from 1970)"
  } else {
    sprintf("time: %s units from %s", x$unit, rust_value(format_epoch_ms(x$epoch_ms)))
  }
  c(
    sprintf("<zuid_layout %s>", x$name),
    paste0("| ", paste(names(x$bits), x$bits, collapse = " | "), " |"),
    time,
    if (!identical(x$sub_ms, "none")) sprintf("sub_ms: %s", x$sub_ms)
  )
}

# Reading -----------------------------------------------------------------

# A column of wide IDs: text in any spelling the format accepts, or an ID
# vector of the layout (whose storage is canonical text).
wide_text <- function(x, layout_width, call) {
  if (inherits(x, "zuid_text_id")) {
    return(unclass(x))
  }
  if (!is.character(x)) {
    zuid_abort(sprintf(paste(
      "`x` must be a character vector for a layout of %d bits, not %s: such",
      "IDs are text (UUIDs, ULIDs and the like)."
    ), layout_width, describe_value(x)), class = "zuid_error_type", call = call)
  }
  x
}

wide_read_column <- function(x, layout, what, call) {
  text <- wide_text(x, layout$width, call)
  rust_value(wide_read(text, layout, what), call, list(layout = layout, x = text))
}

wide_fields <- function(x, layout, call) {
  columns <- wide_read_column(x, layout, "fields", call)
  columns$time <- as_utc_posixct(columns$time)
  structure(columns, class = "data.frame", row.names = c(NA_integer_, -length(columns$time)))
}

wide_time <- function(x, layout, as, call) {
  time <- wide_read_column(x, layout, if (as == "ms") "ms" else "seconds", call)
  if (as == "ms") time else as_utc_posixct(time)
}

as_utc_posixct <- function(seconds) structure(seconds, class = c("POSIXct", "POSIXt"), tzone = "UTC")

# The wide layout `name` means, in any case, or NA.
wide_name <- function(name) {
  if (!is.character(name) || length(name) != 1L || is.na(name) || !valid_text(name)) {
    return(NA_character_)
  }
  key <- tolower(name)
  if (key %in% wide_names()) key else NA_character_
}

# id_layout() of a wide name: it takes `sub_ms` (UUIDv7's) and nothing else.
id_layout_wide <- function(name, sub_ms, epoch, node_bits, time, fields, sequence, sign_bit, call) {
  given <- c(epoch = !is.null(epoch), node_bits = !is.null(node_bits), time = !is.null(time),
             fields = !is.null(fields), sequence = !is.null(sequence), sign_bit = sign_bit)
  if (any(given)) {
    zuid_abort(sprintf(
      "The built-in layout \"%s\" takes no %s: its parts are fixed by its specification.",
      name, paste0("`", names(given)[given], "`", collapse = ", ")
    ), class = "zuid_error_layout", call = call)
  }
  wide_layout(name, sub_ms, call)
}

# Bounds ------------------------------------------------------------------

# The lowest or highest ID of each instant under a wide layout. The core
# takes whole seconds and nanoseconds, so that a POSIXct's double is split
# exactly (its floor and fraction are exact) and v1/v6's 100 ns units are
# not rounded through one double.
wide_bounds <- function(time, layout, side, as, call) {
  if (as == "integer64") {
    zuid_abort(sprintf(paste(
      "`as = \"integer64\"` cannot hold IDs of the %s: they are %d bits wide.",
      "Use `as = \"id\"` or `as = \"character\"`."
    ), layout_label(layout), layout$width), class = "zuid_error_type", call = call)
  }
  parts <- split_seconds(as.double(unclass(time_seconds(time, call))))
  text <- rust_value(wide_from_time(as.double(parts$whole), parts$nanos, layout, side), call,
                     list(layout = layout, n = length(parts$whole)))
  if (as == "character") text else new_text_id(text, layout)
}

# POSIXct seconds as whole seconds and the nanoseconds after them (the
# floor and fraction of a double are exact; the nanoseconds are rounded).
# A double holds today's times to about 240 ns, so that the one of
# "10:00:00.001" is a little below that millisecond: the instant is at
# least the millisecond the core reads the double as (seconds_to_ms(), as
# for 64-bit layouts and id_sql_range()), so that a millisecond given is
# that millisecond for every layout. The sums are of whole numbers below
# 2^53, exact.
split_seconds <- function(seconds) {
  whole <- floor(seconds)
  nanos <- round((seconds - whole) * 1e9)
  lift <- (rust_value(seconds_to_ms(as.double(seconds), FALSE)) - whole * 1000) * 1e6
  nanos <- ifelse(is.na(lift) | is.na(nanos), nanos, pmax(nanos, lift))
  carry <- !is.na(nanos) & nanos >= 1e9
  whole[carry] <- whole[carry] + 1
  nanos[carry] <- 0
  list(whole = whole, nanos = nanos)
}
