# Written by hand in the form rextendr generates (rextendr is not in
# Debian): one .Call per #[extendr] function of src/rust/src. Keep the
# names and arguments in step with the Rust side.

#' @useDynLib zuid, .registration = TRUE
NULL

layout_problem <- function(kinds, bits, unit_ms, epoch_ms) {
  .Call(wrap__layout_problem, kinds, bits, unit_ms, epoch_ms)
}

format_epoch_ms <- function(ms) .Call(wrap__format_epoch_ms, ms)

decode_ids <- function(x, input, kinds, bits, unit_ms, epoch_ms, scru64, time_only) {
  .Call(wrap__decode_ids, x, input, kinds, bits, unit_ms, epoch_ms, scru64, time_only)
}
