# Written by hand in the form rextendr generates (rextendr is not in
# Debian): one .Call per #[extendr] function of src/rust/src. Keep the
# names and arguments in step with the Rust side.

#' @useDynLib zuid, .registration = TRUE
NULL

layout_problem <- function(kinds, bits, unit_ms, epoch_ms) {
  .Call(wrap__layout_problem, kinds, bits, unit_ms, epoch_ms)
}

layout_last_ms <- function(kinds, bits, unit_ms, epoch_ms, scru64) {
  .Call(wrap__layout_last_ms, kinds, bits, unit_ms, epoch_ms, scru64)
}

format_epoch_ms <- function(ms) .Call(wrap__format_epoch_ms, ms)

decode_ids <- function(x, input, kinds, bits, unit_ms, epoch_ms, scru64, time_only) {
  .Call(wrap__decode_ids, x, input, kinds, bits, unit_ms, epoch_ms, scru64, time_only)
}

compose_ids <- function(time, values, kinds, bits, unit_ms, epoch_ms, scru64, n, as_integer64) {
  .Call(wrap__compose_ids, time, values, kinds, bits, unit_ms, epoch_ms, scru64, n, as_integer64)
}

ids_at_times <- function(time, kinds, bits, unit_ms, epoch_ms, scru64, max, as_integer64) {
  .Call(wrap__ids_at_times, time, kinds, bits, unit_ms, epoch_ms, scru64, max, as_integer64)
}

scru64_from_ids <- function(x, input) .Call(wrap__scru64_from_ids, x, input)

ids_from_scru64 <- function(text, as_integer64) {
  .Call(wrap__ids_from_scru64, text, as_integer64)
}

generator_new <- function(kinds, bits, unit_ms, epoch_ms, scru64, nodes, policy) {
  .Call(wrap__generator_new, kinds, bits, unit_ms, epoch_ms, scru64, nodes, policy)
}

generator_next <- function(pointer, n, as_integer64) {
  .Call(wrap__generator_next, pointer, n, as_integer64)
}

id_range_bounds <- function(from, to, kinds, bits, unit_ms, epoch_ms, scru64) {
  .Call(wrap__id_range_bounds, from, to, kinds, bits, unit_ms, epoch_ms, scru64)
}

id_bits <- function(x, input, scru64) .Call(wrap__id_bits, x, input, scru64)
