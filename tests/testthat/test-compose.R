utc <- function(x) as.POSIXct(x, tz = "UTC")

test_that("Discord's documented range bound", {
  may <- utc("2016-05-01")
  expect_identical(as.character(id_from_time(may, "discord")), "176120502681600000")
  max <- id_from_time(may, "discord", side = "max", as = "character")
  expect_identical(max, "176120502685794303") # the minimum, plus 2^22 - 1
  expect_identical(bit64::as.integer64(max) - bit64::as.integer64("176120502681600000"),
                   bit64::as.integer64(2^22 - 1))
})

test_that("documented IDs compose from their parts", {
  t <- id_time("175928847299117063", "discord")
  expect_identical(as.character(id_compose(t, "discord", worker = 1, process = 0, sequence = 7)),
                   "175928847299117063")
  t <- id_time("1888944671579078978", "twitter")
  expect_identical(as.character(id_compose(t, "twitter", datacenter = 11, worker = 8, sequence = 322)),
                   "1888944671579078978")
  t <- id_time("103270115826048975", "mastodon")
  expect_identical(id_compose(t, "mastodon", sequence = 40911L, as = "character"), "103270115826048975")
})

test_that("round trips hold for thousands of random IDs of every layout", {
  set.seed(42)
  for (layout in all_layouts()) {
    ids <- random_ids(2000, top_bit = !"sign" %in% layout$kinds)
    if (identical(layout$name, "scru64")) ids <- ids %/% bit64::as.integer64(2)
    # A POSIXct holds every microsecond apart only until 2242 (2^33 s):
    # TIDs of times before 2041.
    if (identical(layout$unit, "us")) ids <- ids %/% bit64::as.integer64(4)
    text <- unsigned_decimal(ids)
    fields <- id_fields(text, layout)
    nodes <- fields[setdiff(names(fields), c("time", "sequence"))]
    again <- do.call(id_compose, c(list(fields$time, layout), nodes,
                                   list(sequence = fields$sequence, as = "character")))
    expect_identical(again, text)
    # ... and parts -> IDs -> parts.
    expect_identical(id_fields(again, layout), fields)
  }
})

test_that("integer64 output holds the ID's bits without bit64 attached", {
  out <- id_compose(id_time("175928847299117063", "discord"), "discord",
                    worker = 1, process = 0, sequence = 7, as = "integer64")
  expect_s3_class(out, "integer64")
  expect_false("package:bit64" %in% search())
  expect_identical(id_fields(out, "discord"), id_fields("175928847299117063", "discord"))
  expect_identical(out, bit64::as.integer64("175928847299117063"))
})

test_that("IDs of 2^63 and more become NA as integer64, with one warning", {
  t <- utc(c("2016-01-01", "2100-01-01", "2150-01-01"))
  expect_warning(out <- id_from_time(t, "discord", as = "integer64"),
                 class = "zuid_warning_integer64",
                 regexp = "2 of 3 IDs are 2\\^63 or more, which integer64 cannot hold, and became NA \\(at 2, 3\\)")
  expect_identical(is.na(id_fields(out, "discord")$time), c(FALSE, TRUE, TRUE))
  # (2100-01-01 in ms - Discord epoch) << 22 = (4102444800000 - 1420070400000) * 2^22
  expect_identical(id_from_time(t[2], "discord", as = "character"), "11250693675417600000")
})

test_that("a time from id_time() composes back to its tick at every unit", {
  for (unit in c("ms", "10ms", "256ms", "s")) {
    layout <- id_layout(time = list(bits = 41, unit = unit, epoch = 1288834974657),
                        fields = list(node = 10), sequence = 12)
    ids <- id_from_time(utc("2025-02-10") + seq(0, 86400, length.out = 997), layout)
    back <- id_from_time(id_time(ids, layout), layout)
    expect_identical(back, ids)
  }
})

test_that("a genuinely later sub-tick time floors to its tick at every unit", {
  units <- c(ms = 1, "10ms" = 10, "256ms" = 256, s = 1000)
  for (unit in names(units)) {
    layout <- id_layout(time = list(bits = 41, unit = unit, epoch = 0),
                        fields = list(node = 10), sequence = 12)
    tick_start <- id_time(id_from_time(utc("2025-02-10 13:34:39.256"), layout), layout)
    step <- units[[unit]] / 1000
    later <- tick_start + step * c(0, 0.3, 0.6, 0.99)
    expect_identical(unique(id_from_time(later, layout)), id_from_time(tick_start, layout))
    expect_false(identical(id_from_time(tick_start + step, layout), id_from_time(tick_start, layout)))
  }
})

test_that("1739194479.256 floors to its own millisecond", {
  t <- as.POSIXct(1739194479.256, origin = "1970-01-01", tz = "UTC")
  id <- id_from_time(t, "twitter")
  expect_identical(time_ms(id_time(id, "twitter")), 1739194479256)
  just_before <- as.POSIXct(1739194479.2559, origin = "1970-01-01", tz = "UTC")
  expect_identical(time_ms(id_time(id_from_time(just_before, "twitter"), "twitter")), 1739194479255)
})

test_that("Dates and POSIXlt are times too", {
  expect_identical(as.character(id_from_time(as.Date("2016-05-01"), "discord")), "176120502681600000")
  expect_identical(as.character(id_from_time(as.POSIXlt("2016-05-01", tz = "UTC"), "discord")), "176120502681600000")
})

test_that("arguments recycle; NA in any part gives NA", {
  t <- utc("2020-01-01")
  out <- id_compose(t, "discord", worker = 0:2, sequence = c(1, NA, 3))
  expect_identical(is.na(out), c(FALSE, TRUE, FALSE))
  expect_identical(anyNA(out), TRUE)
  expect_identical(id_fields(out, "discord")$worker, c(0L, NA, 2L))
  expect_identical(as.character(id_compose(utc(c(NA, "2020-01-01")), "discord")[[1]]), NA_character_)
  expect_identical(as.character(id_compose(t, "discord", worker = integer())), character())
  expect_identical(as.character(id_from_time(as.POSIXct(character(), tz = "UTC"), "discord")), character())
  expect_identical(as.character(id_compose(t, "discord", worker = NA)), NA_character_)
  expect_error(id_compose(utc(c("2020-01-01", "2021-01-01")), "discord", worker = 1:3),
               class = "zuid_error_type",
               regexp = "length 1 or a common length; `time` has length 2, `worker` has length 3")
})

test_that("missing node fields are 0", {
  f <- id_fields(id_compose(utc("2020-01-01"), "twitter", worker = 3), "twitter")
  expect_identical(c(f$datacenter, f$worker, f$sequence), c(0L, 3L, 0L))
})

test_that("SCRU64 and Sonyflake compose in their own bit order", {
  scru64 <- id_layout("scru64", node_bits = 8)
  id <- id_compose(id_time("0u2pf62ji4b9", scru64), scru64, node = 42, sequence = 16725)
  expect_identical(as.character(id), "109959589539758421")
  expect_identical(id_to_scru64(id), "0u2pf62ji4b9")
  sonyflake <- id_layout("sonyflake", epoch = utc("2014-09-01"))
  f <- id_fields(id_compose(utc("2024-01-01"), sonyflake, machine = 65535, sequence = 255), sonyflake)
  expect_identical(c(f$machine, f$sequence), c(65535L, 255L))
})

test_that("parts past their width, negative or fractional are errors", {
  t <- utc("2020-01-01")
  expect_error(id_compose(t, "discord", worker = 32), class = "zuid_error_range",
               regexp = "^`worker` is 32; the discord layout's `worker` holds whole numbers from 0 to 31\\.$")
  expect_error(id_compose(t, "discord", worker = c(1, 2, -1)), class = "zuid_error_range",
               regexp = "`worker\\[3\\]` is -1")
  expect_error(id_compose(t, "discord", process = 1.5), class = "zuid_error_range",
               regexp = "`process` is 1.5")
  expect_error(id_compose(t, "discord", sequence = 4096), class = "zuid_error_range",
               regexp = "`sequence` is 4096; .* from 0 to 4095")
  expect_error(id_compose(t, "twitter", sequence = -1L), class = "zuid_error_range")
  expect_error(id_compose(t, "discord", worker = Inf), class = "zuid_error_range")
  expect_error(id_compose(t, "discord", worker = 2^60), class = "zuid_error_range")
  wide <- all_layouts()$wide
  expect_identical(id_fields(id_compose(utc("1970-01-02"), wide, big = 2^40 - 1), wide)$big, 2^40 - 1)
  expect_error(id_compose(utc("1970-01-02"), wide, big = 2^40), class = "zuid_error_range",
               regexp = "from 0 to 1099511627775")
})

test_that("times before the epoch or past the last tick are errors", {
  expect_error(id_compose(utc(c("2020-01-01", "2000-01-01")), "discord"), class = "zuid_error_range",
               regexp = paste0("^`time\\[2\\]` \\(2000-01-01T00:00:00.000Z\\) is before the discord ",
                               "layout's epoch, 2015-01-01T00:00:00.000Z\\.$"))
  expect_error(id_from_time(utc("2200-01-01"), "twitter"), class = "zuid_error_range",
               regexp = "past the twitter layout's last tick, which starts at 2080-07-10T17:30:30.208Z")
  expect_error(id_from_time(utc("4262-01-01"), id_layout("scru64", node_bits = 8)),
               class = "zuid_error_range", regexp = "past the scru64 layout's last tick")
  expect_error(id_from_time(as.POSIXct(Inf, origin = "1970-01-01"), "twitter"), class = "zuid_error_range")
  expect_error(id_from_time(as.POSIXct(-Inf, origin = "1970-01-01"), "twitter"), class = "zuid_error_range",
               regexp = "before")
  # The very last millisecond is fine.
  last <- as.POSIXct((1288834974657 + 2^41 - 1) / 1000, origin = "1970-01-01", tz = "UTC")
  expect_identical(as.character(id_from_time(last, "twitter", side = "max")), "9223372036854775807")
})

test_that("unknown or unnamed fields are errors", {
  t <- utc("2020-01-01")
  expect_error(id_compose(t, "discord", shard = 1), class = "zuid_error_layout",
               regexp = "The discord layout has no field `shard`; it has the node fields `worker` and `process`\\.")
  expect_error(id_compose(t, "mastodon", worker = 1), class = "zuid_error_layout", regexp = "it has no node fields")
  expect_error(id_compose(t, "discord", 1), class = "zuid_error_layout",
               regexp = paste("must be named, as in `worker = 1`; the discord layout has the node",
                              "fields `worker` and `process`\\."))
  expect_error(id_compose(t, "discord", worker = 1, worker = 2), class = "zuid_error_layout",
               regexp = "given more than once")
})

test_that("wrong argument types are errors", {
  expect_error(id_compose(list("2020-01-01"), "discord"), class = "zuid_error_type",
               regexp = "`time` must be a POSIXct, a Date or ISO 8601 text")
  expect_error(id_from_time(1e9, "discord"), class = "zuid_error_type")
  expect_error(id_compose(utc("2020-01-01"), "discord", worker = "1"), class = "zuid_error_type",
               regexp = "`worker` must be whole numbers")
  expect_error(id_compose(utc("2020-01-01"), "discord", as = "numeric"), class = "zuid_error_type",
               regexp = "`as` must be \"id\", \"character\" or \"integer64\"")
  expect_error(id_from_time(utc("2020-01-01"), "discord", side = "middle"), class = "zuid_error_type",
               regexp = "`side` must be \"min\" or \"max\"")
})

test_that("NaN in a part is a missing part, like NA", {
  t <- as.POSIXct("2020-01-01", tz = "UTC")
  expect_identical(as.character(id_compose(t, "twitter", sequence = NaN)), NA_character_)
  expect_identical(id_compose(t, "twitter", worker = c(1, NaN)), c(id_compose(t, "twitter", worker = 1), NA))
})

# Sonyflake's reference composes a time as floor(t / 10 ms) - floor(start /
# 10 ms) ticks and refuses 2^39 ticks or more. The figures here follow it.

test_that("Sonyflake with an off-grid start time composes as its reference does", {
  start_ms <- 1592224496789 # 2020-06-15T12:34:56.789Z
  sony <- id_layout("sonyflake", epoch = start_ms)
  at <- function(ms) as.POSIXct(ms / 1000, origin = "1970-01-01", tz = "UTC")
  reference_ticks <- function(ms) floor(ms / 10) - floor(start_ms / 10)
  times_ms <- c(start_ms, start_ms + 1, 1592224506785, 1592224506789, 1700000000005)
  ids <- id_compose(at(times_ms), sony, machine = 4242, sequence = 7, as = "character")
  expected <- bit64::as.integer64(reference_ticks(times_ms)) * two_pow(24) + 7 * 2^16 + 4242
  expect_identical(ids, as.character(expected))
  # 10 s and 6 ms after the start time is tick 1000, not 999.
  expect_identical(ids[[3]], format(1000 * 2^24 + 7 * 2^16 + 4242, scientific = FALSE))
  # Before the start time but within its tick is tick 0; the tick before is refused.
  expect_identical(id_compose(at(start_ms - 9), sony, as = "character"), "0")
  expect_error(id_compose(at(start_ms - 10), sony), class = "zuid_error_range",
               regexp = paste0("before the sonyflake layout's epoch, 2020-06-15T12:34:56.780Z ",
                               "\\(2020-06-15T12:34:56.789Z floored to whole 10ms units\\)"))
  # The last time the reference accepts, and the first it refuses.
  last_ms <- (floor(start_ms / 10) + 2^39) * 10 - 1
  expect_identical(id_compose(at(last_ms), sony, machine = 65535, sequence = 255, as = "character"),
                   "9223372036854775807")
  expect_error(id_compose(at(last_ms + 1), sony), class = "zuid_error_range",
               regexp = "past the sonyflake layout's last tick")
  # Range bounds follow the same grid: tick 1 is the first to start at or
  # after the start time itself.
  expect_identical(id_from_time(at(start_ms - 9), sony, as = "character"), "0")
  expect_identical(unclass(id_sql_range(at(start_ms), at(start_ms + 20), sony)),
                   sprintf("\"id\" >= %s AND \"id\" < %s", 2^24, 3 * 2^24))
})

test_that("a Sonyflake v2 style layout (5 ms, sequence above the machine) composes and reads back", {
  v2 <- id_layout(name = "acme", time = list(bits = 39, unit = "5ms", epoch = 1735689600003),
                  fields = list(sequence = 8, machine = 16))
  t_ms <- 1735689612347
  id <- id_compose(as.POSIXct(t_ms / 1000, origin = "1970-01-01", tz = "UTC"), v2,
                   machine = 48879, sequence = 7, as = "character")
  ticks <- floor(t_ms / 5) - floor(1735689600003 / 5)
  expect_identical(id, format(ticks * 2^24 + 7 * 2^16 + 48879, scientific = FALSE))
  fields <- id_fields(id, v2)
  expect_identical(time_ms(fields$time), floor(t_ms / 5) * 5)
  expect_identical(fields$machine, 48879L)
  expect_identical(fields$sequence, 7L)
  expect_identical(names(fields), c("time", "machine", "sequence"))
})

test_that("the bound 2^63 is held as 2^63 + 1 in a zuid_id, and 2^63 composed is NA", {
  # Instagram's tick 2^40 from its epoch starts at 2^63 (10 + 13 bits below).
  start <- as.POSIXct((1314220021721 + 2^40) / 1000, origin = "1970-01-01", tz = "UTC")
  expect_identical(id_from_time(start, "instagram", as = "character"), "9223372036854775808")
  from <- expect_silent(id_from_time(start, "instagram"))
  expect_identical(as.character(from), "9223372036854775809")
  expect_identical(id_from_time(start - 0.001, "instagram", side = "max", as = "character"), "9223372036854775807")
  expect_warning(id_compose(start, "instagram"), class = "zuid_warning_integer64",
                 regexp = "is 2\\^63, the one ID a zuid_id cannot hold")
})
