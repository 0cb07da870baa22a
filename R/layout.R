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
#'
#' These are the words and times `print()` shows. Names are matched in any
#' case.
#'
#' Twitter, Sonyflake and SCRU64 keep the top bit as a sign bit; Discord,
#' Instagram and Mastodon use all 64 bits. Sonyflake's reference has changed
#' its default start time between releases, so `epoch` is required for it.
#'
#' A custom layout gives `time`, `fields`, `sequence` and `sign_bit`. The bits
#' must add up to 64, or 63 with the sign bit, and each part must have fewer
#' than 54 bits, so that it reads exactly as a double. The sequence has at most
#' 31 bits, so that `id_fields()` returns it as an integer. Node field names
#' must be syntactic, distinct, and none of `sign`, `time` and `sequence`,
#' since they become column names. Epochs are held as whole milliseconds: a POSIXct epoch
#' is rounded to the nearest one.
#'
#' @param name A built-in layout, or `NULL` for a custom one.
#' @param epoch For `"sonyflake"` (required) or a custom layout, the time the
#'   time field counts from: a POSIXct or milliseconds since 1970.
#' @param node_bits For `"scru64"`, the node id's bits, 1 to 23.
#' @param time For a custom layout, `list(bits =, unit =, epoch =)`, `unit` one
#'   of `"ms"`, `"10ms"`, `"256ms"` and `"s"`.
#' @param fields For a custom layout, the node fields as a named list or vector
#'   of widths, most significant first.
#' @param sequence For a custom layout, the sequence's bits.
#' @param sign_bit For a custom layout, whether the top bit is reserved.
#' @returns A `zuid_layout`.
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
#' # Mistakes are errors of class `zuid_error`.
#' try(id_layout(time = list(bits = 41, unit = "ms", epoch = 0), sequence = 12))
id_layout <- function(name = NULL, epoch = NULL, node_bits = NULL, time = NULL,
                      fields = NULL, sequence = NULL, sign_bit = TRUE) {
  call <- sys.call()
  if (is.null(name)) {
    if (!is.null(node_bits)) {
      zuid_abort(paste(
        "`node_bits` belongs to the \"scru64\" layout; a custom layout",
        "gives its node fields in `fields`."
      ), class = "zuid_error_layout", call = call)
    }
    return(custom_layout(epoch, time, fields, sequence, sign_bit, call))
  }
  name <- check_layout_name(name, call)
  custom <- c(
    time = !is.null(time), fields = !is.null(fields),
    sequence = !is.null(sequence), sign_bit = !missing(sign_bit)
  )
  if (any(custom)) {
    zuid_abort(sprintf(paste(
      "The built-in layout \"%s\" takes no %s; those describe a custom layout.",
      "Give either a `name` or the custom parts, with `name = NULL`."
    ), name, paste0("`", names(custom)[custom], "`", collapse = ", ")),
    class = "zuid_error_layout", call = call)
  }
  builtin_layout(name, epoch, node_bits, call)
}

builtin_layout_names <- c("twitter", "discord", "instagram", "mastodon", "sonyflake", "scru64")

# Other names users know the built-in layouts by.
layout_aliases <- c(x = "twitter")

# The built-in layout `name` means, in any case, or NA.
builtin_name <- function(name) {
  if (!is.character(name) || length(name) != 1L || is.na(name)) {
    return(NA_character_)
  }
  key <- tolower(name)
  if (key %in% names(layout_aliases)) {
    return(layout_aliases[[key]])
  }
  if (key %in% builtin_layout_names) key else NA_character_
}

# " Did you mean \"twitter\"?" for a near miss, else "".
suggest_layout_name <- function(name) {
  if (!is.character(name) || length(name) != 1L || is.na(name)) {
    return("")
  }
  known <- c(builtin_layout_names, names(layout_aliases))
  distance <- utils::adist(tolower(name), known)[1L, ]
  best <- known[[which.min(distance)]]
  if (min(distance) <= 2L && nchar(best) > min(distance)) {
    sprintf(" Did you mean \"%s\"?", best)
  } else ""
}

check_layout_name <- function(name, call) {
  builtin <- builtin_name(name)
  if (is.na(builtin)) {
    zuid_abort(sprintf(
      "`name` must be one of %s (in any case, \"x\" for Twitter), or NULL for a custom layout; not %s.%s",
      paste0("\"", builtin_layout_names, "\"", collapse = ", "),
      describe_value(name), suggest_layout_name(name)
    ), class = "zuid_error_layout", call = call)
  }
  builtin
}

builtin_layout <- function(name, epoch, node_bits, call) {
  check_absent(epoch, "epoch", name, "sonyflake",
               "\"sonyflake\" and to custom layouts", call)
  check_absent(node_bits, "node_bits", name, "scru64", "\"scru64\" only", call)
  switch(name,
    twitter = new_layout(name, 41L, c(datacenter = 5L, worker = 5L), 12L,
                         "ms", 1288834974657, sign_bit = TRUE),
    discord = new_layout(name, 42L, c(worker = 5L, process = 5L), 12L,
                         "ms", 1420070400000, sign_bit = FALSE),
    instagram = new_layout(name, 41L, c(shard = 13L), 10L,
                           "ms", 1314220021721, sign_bit = FALSE),
    mastodon = new_layout(name, 48L, integer(), 16L, "ms", 0, sign_bit = FALSE),
    sonyflake = {
      if (is.null(epoch)) {
        zuid_abort(paste(
          "The \"sonyflake\" layout needs `epoch`, the start time its generator",
          "was configured with (e.g. 2014-09-01 UTC for Sonyflake v1's default,",
          "2025-01-01 UTC for v2's): releases have changed the default."
        ), class = "zuid_error_layout", call = call)
      }
      new_layout(name, 39L, c(machine = 16L), 8L, "10ms",
                 epoch_ms_from(epoch, "epoch", call),
                 sign_bit = TRUE, sequence_first = TRUE, call = call)
    },
    scru64 = {
      if (is.null(node_bits)) {
        zuid_abort(paste(
          "The \"scru64\" layout needs `node_bits`, the width of its node id:",
          "a whole number from 1 to 23, e.g. `node_bits = 8`."
        ), class = "zuid_error_layout", call = call)
      }
      node_bits <- check_whole(node_bits, "node_bits", 1, 23, call)
      new_layout(name, 39L, c(node = node_bits), 24L - node_bits, "256ms", 0,
                 sign_bit = TRUE, text = "scru64")
    }
  )
}

check_absent <- function(value, arg, name, owner, owners, call) {
  if (!is.null(value) && name != owner) {
    zuid_abort(sprintf(
      "The \"%s\" layout takes no `%s`; `%s` belongs to %s.",
      name, arg, arg, owners
    ), class = "zuid_error_layout", call = call)
  }
}

custom_layout <- function(epoch, time, fields, sequence, sign_bit, call) {
  if (is.null(time) && is.null(fields) && is.null(sequence)) {
    zuid_abort(paste(
      "Give `name`, a built-in layout (e.g. \"twitter\"), or a custom layout's",
      "`time`, `fields` and `sequence`."
    ), class = "zuid_error_layout", call = call)
  }
  sign_bit <- check_flag(sign_bit, "sign_bit", call)
  time <- check_time_spec(time, epoch, call)
  fields <- check_fields(fields, call)
  if (is.null(sequence)) {
    zuid_abort(paste(
      "A custom layout needs `sequence`, the sequence's bits: a whole number",
      "from 0 to 31 (0 for none)."
    ), class = "zuid_error_layout", call = call)
  }
  sequence <- check_whole(sequence, "sequence", 0, 64, call)
  new_layout("custom", time$bits, fields, sequence, time$unit, time$epoch_ms,
             sign_bit = sign_bit, call = call)
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
      paste0("`", names(time), "`", collapse = ", ")
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

# The unit's name; which names are units is the core's rule, applied in
# new_layout().
check_unit <- function(unit, call) {
  if (!is.character(unit) || length(unit) != 1L || is.na(unit)) {
    abort_unit(unit, call)
  }
  unit
}

abort_unit <- function(unit, call) {
  zuid_abort(sprintf(
    "`time$unit` must be one of %s, not %s.",
    paste0("\"", rust_value(time_unit_names()), "\"", collapse = ", "), describe_value(unit)
  ), class = "zuid_error_layout", call = call)
}

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
  check_field_names(names(fields), call)
  widths <- vapply(names(fields), function(field) {
    check_whole(fields[[field]], paste0("fields$", field), 1, 64, call)
  }, integer(1))
  stats::setNames(widths, names(fields))
}

check_field_names <- function(fields, call) {
  abort <- function(...) {
    zuid_abort(sprintf(...), class = "zuid_error_layout", call = call)
  }
  if (is.null(fields) || anyNA(fields) || any(fields == "")) {
    abort("`fields` must name every field, e.g. `list(datacenter = 5, worker = 5)`.")
  }
  bad <- fields[make.names(fields) != fields]
  if (length(bad) > 0L) {
    abort("Field names become column names and must be syntactic: %s is not (%s would be).",
          encodeString(bad[[1L]], quote = "\""),
          encodeString(make.names(bad[[1L]]), quote = "\""))
  }
  reserved <- intersect(fields, c("sign", "time", "sequence"))
  if (length(reserved) > 0L) {
    abort("A field cannot be named \"%s\": it is the name of a part of every layout.",
          reserved[[1L]])
  }
  dup <- fields[duplicated(fields)]
  if (length(dup) > 0L) {
    abort("Field names must be distinct: \"%s\" appears more than once.", dup[[1L]])
  }
}

# Epochs are held as whole milliseconds since 1970-01-01 UTC in a double
# (exact below 2^53, about 285,000 years), so that printing and every later
# computation start from an integer, never from a fractional POSIXct.

epoch_ms_from <- function(epoch, arg, call) {
  ms <- if (inherits(epoch, "POSIXct") || inherits(epoch, "Date")) {
    if (length(epoch) == 1L && is.finite(unclass(epoch))) {
      # A POSIXct of 1288834974.657 is stored as ...974.65699...: rounding
      # to the nearest millisecond gives back the intended one.
      scale <- if (inherits(epoch, "Date")) 86400000 else 1000
      round(as.numeric(epoch) * scale)
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
# `name`, how it prints; `bits`, the parts' widths most significant first,
# named for the part (`sign`, `time`, node fields, `sequence`); `kinds`,
# what each part is; `unit`, the tick's name; `epoch_ms`, whole
# milliseconds since 1970 in a double; and `text`, the text form its IDs are
# read in besides decimal ("decimal" or "scru64"). The Rust core reads it
# whole and checks every rule here and wherever a layout is passed in.
new_layout <- function(name, time_bits, fields, sequence, unit, epoch_ms,
                       sign_bit, sequence_first = FALSE, text = "decimal", call = NULL) {
  node_kinds <- rep("node", length(fields))
  bits <- c(if (sign_bit) c(sign = 1L), time = time_bits,
            if (!sequence_first) fields, sequence = sequence,
            if (sequence_first) fields)
  kinds <- c(if (sign_bit) "sign", "time",
             if (!sequence_first) node_kinds, "sequence",
             if (sequence_first) node_kinds)
  layout <- structure(
    list(name = name, bits = bits, kinds = kinds, unit = unit, epoch_ms = epoch_ms, text = text),
    class = "zuid_layout"
  )
  rust_value(layout_check(layout), call, list(layout = layout, constructing = TRUE))
  layout
}
