# The field's facts live in the Rust core, once: the built-in layouts (and
# their aliases), the bounds of 64-bit IDs, the text bases and the damage
# check's sample. R asks for each table with
# one binding call, the first time it is needed, and keeps it here. Filled
# on first use, never when the package's code is loaded: R CMD INSTALL runs
# that code before the shared library is there.

the <- new.env(parent = emptyenv())

fact_tables <- list(
  # Each built-in layout by name: `name`, `aliases`, `needs` (the
  # arguments it takes: "epoch", "node_bits"), `node_bits` (the range it
  # takes), `guess_epoch_ms` and `guess_node_bits` (what
  # id_guess_layout() tries).
  builtins = function() builtin_layouts(),
  # `max_signed` (2^63 - 1), `min_signed` (-2^63) and `unsigned_end`
  # (2^64) as decimal text.
  bounds = function() id_bounds(),
  # Each text base of id_to_text() by name: `alphabet` (its digits, of
  # value 0 up) and `width` (fixed, or NA for the shortest text).
  bases = function() base_table(),
  # `decode_sample`: how many entries of a column decoding checks for
  # signs of rounding (see damage.R).
  damage = function() damage_facts(),
  # The names of the 96- to 160-bit layouts (see wide-layout.R).
  wide_names = function() wide_layout_names(),
  # Every reason an entry of a 96- to 160-bit layout is invalid for.
  wide_reasons = function() wide_reasons(),
  # When each wide format began, in seconds since 1970, by layout name
  # (see guess-wide.R).
  wide_since = function() wide_since()
)

core_facts <- function(table) kept(table, function() rust_value(fact_tables[[table]]()))

# A value computed from the core's facts alone (such as the table of
# layout aliases, or a built-in layout that takes no argument), computed
# once and kept with them: every function that takes a layout by name asks
# for these, so their cost is per call.
derived_fact <- function(key, compute) kept(paste0("derived:", key), compute)

# The value kept in `the` under `key`, computed by `compute()` the first
# time it is asked for.
kept <- function(key, compute) {
  value <- the[[key]]
  if (is.null(value)) {
    value <- compute()
    assign(key, value, envir = the)
  }
  value
}

# What the core computes of one layout (see layout_facts() in the binding):
# `unit_ms`, `first_ms` (the start of tick 0), `last_ms` (the start of the
# last tick), `offsets` (bits below each part), `max_values` (each part's
# largest value) and `id_limit` (one past the largest ID as text where that
# is below 2^63, else NA), `first_id` and `since_ms` (when a built-in
# layout of 1970 begins, else NA). `offsets` and `max_values` are named by part.
layout_facts_of <- function(layout, call) {
  facts <- rust_value(layout_facts(layout), call, list(layout = layout))
  names(facts$offsets) <- names(layout$bits)
  names(facts$max_values) <- names(layout$bits)
  facts
}

# What a generator of the layout mints by (see minting_facts() in the
# binding), as decimal text for SQL: `origin_us` (the start of tick 0 in
# microseconds since 1970), `unit_us`, `last_tick`, `max_lead` (the ticks
# SCRU64 may run ahead of the clock) and `counter_start_bound` (a new
# tick's sequence starts at a random number below it; NA: at 0).
minting_facts_of <- function(layout, call) {
  rust_value(minting_facts(layout), call, list(layout = layout))
}

# Whole milliseconds of POSIXct seconds by the core's rules: floored as
# every reader of times floors them, or the nearest, as epochs are held.
floor_ms <- function(seconds) rust_value(seconds_to_ms(as.double(seconds), FALSE))

nearest_ms <- function(seconds) rust_value(seconds_to_ms(as.double(seconds), TRUE))

# Where the layout's IDs begin, where a platform numbered things in
# sequence before it used the layout: `first_id` (decimal text, the core's
# number for this layout object) and `before` (what the smaller numbers
# are, the core's words for that built-in); NULL where nothing is known.
layout_beginning <- function(layout, call = NULL) {
  first_id <- layout_facts_of(layout, call)$first_id
  if (is.na(first_id)) {
    return(NULL)
  }
  list(first_id = first_id, before = core_facts("builtins")[[layout$name]]$begins$before)
}
