# Helpers that compute what zuid should return by other means: bit64
# arithmetic on integer64, and decimal text of unsigned 64-bit values.

two_pow <- function(k) bit64::as.integer64(2)^k

# Random 64-bit IDs as integer64 (read as unsigned: negative values are IDs
# of 2^63 and more). `top_bit = FALSE` keeps them below 2^63.
random_ids <- function(n, top_bit = TRUE) {
  hi_min <- if (top_bit) -2^31 + 1 else 0
  hi <- floor(stats::runif(n, hi_min, 2^31))
  lo <- floor(stats::runif(n, 0, 2^32))
  bit64::as.integer64(hi) * two_pow(32) + bit64::as.integer64(lo)
}

# For integer64 read as unsigned: the top bit and the 63 bits below it.
top_bit_of <- function(x) as.integer(x < 0)
low63_of <- function(x) {
  neg <- which(x < 0)
  if (length(neg) > 0L) x[neg] <- (x[neg] + two_pow(62)) + two_pow(62)
  x
}

# The unsigned decimal text of integer64 values.
unsigned_decimal <- function(x) {
  low63 <- low63_of(x)
  out <- as.character(low63)
  neg <- which(x < 0)
  # 2^63 + low63, added in base 10^9 limbs.
  u_hi <- as.double(low63[neg] %/% bit64::as.integer64(1e9))
  u_lo <- as.double(low63[neg] %% bit64::as.integer64(1e9))
  lo <- 854775808 + u_lo
  hi <- 9223372036 + u_hi + (lo >= 1e9)
  out[neg] <- sprintf("%.0f%09.0f", hi, lo %% 1e9)
  out
}

# A part of unsigned IDs, by bit64 arithmetic: (x >> shift) & (2^bits - 1).
expected_part <- function(x, shift, bits) {
  shifted <- low63_of(x) %/% two_pow(shift)
  if (shift + bits == 64) {
    # The top part also holds bit 63, which low63_of() took off.
    shifted <- shifted + bit64::as.integer64(top_bit_of(x)) * two_pow(63 - shift)
  }
  as.double(shifted %% two_pow(bits))
}

# The bits below each part of a layout, by name, from its widths alone.
bit_offsets <- function(layout) {
  stats::setNames(rev(cumsum(rev(layout$bits))) - layout$bits, names(layout$bits))
}

# A layout's tick in seconds, and the start of tick 0 in milliseconds: the
# epoch floored to a whole number of units since 1970, as Sonyflake's
# reference counts ticks. Both from the layout's data alone.
unit_seconds <- function(layout) {
  switch(layout$unit,
    us = 1e-6,
    s = 1,
    ms = 1e-3,
    as.numeric(sub("ms$", "", layout$unit)) / 1000
  )
}

first_ms <- function(layout) {
  unit_ms <- unit_seconds(layout) * 1000
  if (unit_ms < 1) layout$epoch_ms else floor(layout$epoch_ms / unit_ms) * unit_ms
}

# What id_fields() should return, computed from the layout's data: `time`
# as POSIXct seconds (the double nearest the tick's start, counted exactly
# in ms or, for microsecond ticks, microseconds), `time_ms` floored to the
# millisecond, then the node fields and the sequence.
expected_fields <- function(x, layout) {
  shifts <- bit_offsets(layout)
  part <- function(name) expected_part(x, shifts[[name]], layout$bits[[name]])
  per_second <- if (layout$unit == "us") 1e6 else 1000
  length <- if (layout$unit == "us") 1 else round(unit_seconds(layout) * 1000)
  count <- first_ms(layout) * per_second / 1000 + part("time") * length
  nodes <- names(layout$bits)[layout$kinds == "node"]
  c(
    list(time = count / per_second, time_ms = floor(count / (per_second / 1000))),
    stats::setNames(lapply(nodes, part), nodes),
    list(sequence = part("sequence"))
  )
}

time_ms <- function(t) round(as.numeric(t) * 1000)

all_layouts <- function() {
  list(
    twitter = id_layout("twitter"),
    discord = id_layout("discord"),
    instagram = id_layout("instagram"),
    mastodon = id_layout("mastodon"),
    sonyflake = id_layout("sonyflake", epoch = as.POSIXct("2014-09-01", tz = "UTC")),
    scru64 = id_layout("scru64", node_bits = 8),
    tid = id_layout("tid"),
    wide = id_layout(time = list(bits = 20, unit = "s", epoch = 0),
                     fields = list(big = 40, small = 4), sequence = 0, sign_bit = FALSE),
    coarse = id_layout(time = list(bits = 33, unit = "256ms", epoch = as.Date("2000-01-01")),
                       fields = list(zone = 3, host = 7), sequence = 20),
    # A start time off the 10 ms grid: 2020-06-15T12:34:56.789Z.
    off_grid = id_layout("sonyflake", epoch = 1592224496789),
    # Sonyflake v2 style: 5 ms ticks, the sequence above the machine.
    v2 = id_layout(name = "acme", time = list(bits = 39, unit = "5ms", epoch = 1735689600003),
                   fields = list(sequence = 8, machine = 16)),
    # The sequence between two node fields, 100 ms ticks, no sign bit.
    middle = id_layout(time = list(bits = 40, unit = "100ms", epoch = as.Date("2001-01-01")),
                       fields = list(zone = 6, sequence = 10, host = 8), sign_bit = FALSE)
  )
}

# Discord IDs across the 18-to-19-digit change of 2022, and IDs of 2^63 and
# more, which a signed integer64 would put first.
mixed <- function() {
  as_zuid_id(c("999999999999999999", "18446744073709551615", "1000000000000000000",
               "9223372036854775808" |> sub(pattern = "8$", replacement = "9"), "5"), "discord")
}

# Every warning `expr` gives, muffled, beside its value: for tests that
# count a call's warnings (a call warns once) and read their fields.
with_warnings <- function(expr) {
  warnings <- list()
  value <- withCallingHandlers(expr, warning = function(w) {
    warnings[[length(warnings) + 1L]] <<- w
    invokeRestart("muffleWarning")
  })
  list(value = value, warnings = warnings)
}
