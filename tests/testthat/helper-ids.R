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

# What id_fields() should return, computed from the layout's data.
expected_fields <- function(x, layout) {
  shifts <- rev(cumsum(rev(layout$bits))) - layout$bits
  names(shifts) <- names(layout$bits)
  part <- function(name) expected_part(x, shifts[[name]], layout$bits[[name]])
  unit_ms <- c(ms = 1, "10ms" = 10, "256ms" = 256, s = 1000)[[layout$unit]]
  nodes <- names(layout$bits)[layout$kinds == "node"]
  c(
    list(time_ms = layout$epoch_ms + part("time") * unit_ms),
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
    wide = id_layout(time = list(bits = 20, unit = "s", epoch = 0),
                     fields = list(big = 40, small = 4), sequence = 0, sign_bit = FALSE),
    coarse = id_layout(time = list(bits = 33, unit = "256ms", epoch = as.Date("2000-01-01")),
                       fields = list(zone = 3, host = 7), sequence = 20)
  )
}
