# Checks the arguments of a custom layout for type and form; the rules on
# widths (part sizes, the total) are the Rust core's, applied in new_layout().

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

time_units <- c(ms = 1L, "10ms" = 10L, "256ms" = 256L, s = 1000L)

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

check_unit <- function(unit, call) {
  if (!is.character(unit) || length(unit) != 1L || is.na(unit) ||
      !unit %in% names(time_units)) {
    zuid_abort(sprintf(
      "`time$unit` must be one of %s, not %s.",
      paste0("\"", names(time_units), "\"", collapse = ", "), describe_value(unit)
    ), class = "zuid_error_layout", call = call)
  }
  unit
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
  reserved <- intersect(fields, c("time", "sequence"))
  if (length(reserved) > 0L) {
    abort("A field cannot be named \"%s\": `id_fields()` has a `%s` column of its own.",
          reserved[[1L]], reserved[[1L]])
  }
  dup <- fields[duplicated(fields)]
  if (length(dup) > 0L) {
    abort("Field names must be distinct: \"%s\" appears more than once.", dup[[1L]])
  }
}
