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
#' | `twitter` | 41 bits, ms, from 2010-11-04T01:42:54.657Z | `datacenter` 5, `worker` 5 | 12 |
#' | `discord` | 42 bits, ms, from 2015-01-01 | `worker` 5, `process` 5 | 12 |
#' | `instagram` | 41 bits, ms, from 2011-08-24T21:07:01.721Z | `shard` 13 | 10 |
#' | `mastodon` | 48 bits, ms, from 1970 | none | 16 |
#' | `sonyflake` | 39 bits, 10 ms, from `epoch` | `machine` 16, after the sequence | 8 |
#' | `scru64` | 39 bits, 256 ms, from 1970 | `node` of `node_bits` | 24 - `node_bits` |
#'
#' Twitter, Sonyflake and SCRU64 keep the top bit as a sign bit; Discord,
#' Instagram and Mastodon use all 64 bits. Sonyflake's reference has changed
#' its default start time between releases, so `epoch` is required for it.
#'
#' A custom layout gives `time`, `fields`, `sequence` and `sign_bit`. The bits
#' must add up to 64, or 63 with the sign bit, and each part must have fewer
#' than 54 bits, so that it reads exactly as a double. The sequence has at most
#' 31 bits, so that `id_fields()` returns it as an integer. Node field names
#' must be syntactic, distinct, and neither `time` nor `sequence`, since they
#' become column names. Epochs are held as whole milliseconds: a POSIXct epoch
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

check_layout_name <- function(name, call) {
  if (!is.character(name) || length(name) != 1L || is.na(name) ||
      !name %in% builtin_layout_names) {
    zuid_abort(sprintf(
      "`name` must be one of %s, or NULL for a custom layout; not %s.",
      paste0("\"", builtin_layout_names, "\"", collapse = ", "),
      describe_value(name)
    ), class = "zuid_error_layout", call = call)
  }
  name
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
                 sign_bit = TRUE)
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
