# id_fields() and id_time(): documented IDs, edge values, a differential test
# against bit64 arithmetic, and input that must neither crash R nor be misread.

# documented -------------------------------------------------------------

# Documented IDs with their published decodings.

test_that("Discord's documented ID decodes as its API reference says", {
  fields <- id_fields("175928847299117063", "discord")
  expect_identical(names(fields), c("time", "worker", "process", "sequence"))
  expect_identical(time_ms(fields$time), 1462015105796) # 2016-04-30T11:18:25.796Z
  expect_identical(fields$worker, 1L)
  expect_identical(fields$process, 0L)
  expect_identical(fields$sequence, 7L)
  expect_identical(format(fields$time, "%Y-%m-%d %H:%M:%S"), "2016-04-30 11:18:25")
})

test_that("Twitter's example tweet ID decodes", {
  fields <- id_fields("1888944671579078978", "twitter")
  expect_identical(time_ms(fields$time), 1739194479256) # 2025-02-10T13:34:39.256Z
  expect_identical(fields$datacenter, 11L)
  expect_identical(fields$worker, 8L)
  expect_identical(fields$sequence, 322L)
})

test_that("Mastodon's example status ID decodes", {
  fields <- id_fields("103270115826048975", "mastodon")
  expect_identical(names(fields), c("time", "sequence"))
  expect_identical(time_ms(fields$time), 1575776913849) # 2019-12-08T03:48:33.849Z
  expect_identical(fields$sequence, 40911L)
})

test_that("SCRU64 text and its number decode alike", {
  layout <- id_layout("scru64", node_bits = 8)
  fields <- id_fields(c("0u2pf62ji4b9", "109959589539758421", "0U2PF62JI4B9"), layout)
  expect_identical(fields[1, ], fields[2, ], ignore_attr = TRUE)
  expect_identical(fields[1, ], fields[3, ], ignore_attr = TRUE)
  # 109959589539758421 >> 24 is 6554102274 ticks of 256 ms: 2023-03-03T13:29:42.144Z.
  expect_identical(time_ms(fields$time[[1]]), 6554102274 * 256)
  expect_identical(fields$node[[1]], 42L)
  expect_identical(fields$sequence[[1]], 16725L)
})

test_that("the time is POSIXct in UTC, identical to id_fields()$time", {
  ids <- c("175928847299117063", "176120502681600000")
  t <- id_time(ids, "discord")
  expect_s3_class(t, "POSIXct")
  expect_identical(attr(t, "tzone"), "UTC")
  expect_identical(t, id_fields(ids, "discord")$time)
  expect_identical(time_ms(t[[2]]), 1462060800000) # 2016-05-01T00:00:00.000Z
})

test_that("every input type gives the same fields", {
  id <- "1888944671579078978"
  from_text <- id_fields(id, "twitter")
  expect_identical(id_fields(bit64::as.integer64(id), "twitter"), from_text)
  small <- "4194304123456789" # below 2^53: exact as a double and as text
  expect_identical(id_fields(4194304123456789, "twitter"), id_fields(small, "twitter"))
  expect_identical(id_fields(4194304L, "discord"), id_fields("4194304", "discord"))
})

# edges -------------------------------------------------------------

# Edge values with and without a sign bit.

edges <- c("0", "9007199254740992", "9223372036854775807", "9223372036854775808",
           "18446744073709551615")

test_that("without a sign bit, every 64-bit value is an ID", {
  fields <- id_fields(edges, "discord")
  expect_false(anyNA(fields$time))
  expect_identical(fields$worker, c(0L, 0L, 31L, 0L, 31L))
  expect_identical(fields$sequence, c(0L, 0L, 4095L, 0L, 4095L))
  # 2^64 - 1 >> 22 is 2^42 - 1 ms after 2015-01-01.
  expect_identical(time_ms(fields$time[[5]]), 1420070400000 + 2^42 - 1)
  expect_identical(time_ms(fields$time[[4]]), 1420070400000 + 2^41)
})

test_that("with a sign bit, 2^63 and more are invalid", {
  # (0 is below where Twitter's IDs begin: see "IDs older than their layout".)
  expect_warning(fields <- id_fields(edges, "twitter"), class = "zuid_warning_invalid",
                 regexp = "2 of 5 entries of `x` are not valid twitter IDs and became NA \\(at 4, 5\\)") |>
    suppressWarnings(classes = "zuid_warning_before_layout")
  expect_identical(is.na(fields$time), c(TRUE, FALSE, FALSE, TRUE, TRUE))
  expect_identical(is.na(fields$datacenter), c(TRUE, FALSE, FALSE, TRUE, TRUE))
  expect_identical(time_ms(fields$time[[3]]), 1288834974657 + 2^41 - 1)
  tsid <- suppressWarnings(id_fields(edges, "tsid"), classes = "zuid_warning_invalid")
  expect_identical(is.na(tsid$time), rep(FALSE, 5))
})

test_that("integer64 reads as unsigned; its NA is NA and 2^63 needs text", {
  x <- bit64::as.integer64(c("0", "9223372036854775807", "-1", NA))
  fields <- expect_silent(id_fields(x, "discord"))
  expect_identical(is.na(fields$sequence), c(FALSE, FALSE, FALSE, TRUE))
  expect_identical(fields[3, ], id_fields("18446744073709551615", "discord"), ignore_attr = TRUE)
  expect_warning(id_fields(bit64::as.integer64(-1), "twitter"), class = "zuid_warning_invalid")
})

test_that("SCRU64 numbers of 36^12 or more are invalid", {
  layout <- id_layout("scru64", node_bits = 8)
  ok <- expect_silent(id_fields(c("4738381338321616895", "zzzzzzzzzzzz"), layout))
  expect_identical(ok[1, ], ok[2, ], ignore_attr = TRUE)
  expect_warning(bad <- id_time("4738381338321616896", layout), class = "zuid_warning_invalid")
  expect_true(is.na(bad))
})

test_that("doubles below 2^53 are exact; 2^53 and more are a precision error", {
  expect_silent(id_fields(2^53 - 1, "discord"))
  expect_error(id_fields(2^53, "discord"), class = "zuid_error_precision",
               regexp = "`x\\[1\\]` is a double of 2\\^53 or more")
  expect_error(id_time(c(1, 2, 1.759288472991171e17), "discord"), class = "zuid_error_precision",
               regexp = "`x\\[3\\]`.*low digits may have been lost.*bit64::integer64")
  message <- tryCatch(id_time(1.759288472991171e17, "discord"), error = conditionMessage)
  # Briefly: the ways to read IDs are in ?id_fields.
  expect_match(message, "(`?id_fields` says how, for CSV, JSON and databases)", fixed = TRUE)
  # A precision error wins over invalid entries: no warning, an error.
  expect_error(id_time(c(-1, 2^60), "discord"), class = "zuid_error_precision")
})

test_that("IDs that JSON turned into doubles are a precision error that says how to read them", {
  skip_if_not_installed("jsonlite")
  id <- jsonlite::fromJSON('[{"id": 175928847299117063}]')$id
  expect_type(id, "double")
  expect_error(id_time(id, "discord"), class = "zuid_error_precision", regexp = "?id_fields", fixed = TRUE)
  text <- jsonlite::fromJSON('[{"id": 175928847299117063}]', bigint_as_char = TRUE)$id
  expect_identical(id_fields(text, "discord"), id_fields("175928847299117063", "discord"))
})

test_that("negative, fractional, infinite and NaN doubles are invalid entries", {
  expect_warning(t <- id_time(c(-1, 1.5, Inf, -Inf, NaN, NA, 5), "discord"),
                 class = "zuid_warning_invalid", regexp = "5 of 7 entries .* \\(at 1, 2, 3, 4, 5\\)")
  expect_identical(is.na(t), c(rep(TRUE, 6), FALSE))
  expect_warning(id_time(c(-3L, NA, 7L), "discord"), regexp = "1 of 3 entries of `x` is not a valid discord ID")
})

test_that("NA in gives NA out silently", {
  fields <- expect_silent(id_fields(c(NA, "175928847299117063"), "discord"))
  expect_identical(is.na(fields$worker), c(TRUE, FALSE))
  expect_silent(id_time(NA, "discord"))
  expect_silent(id_time(NA_real_, "discord"))
  expect_silent(id_time(NA_integer_, "discord"))
  expect_identical(id_time(c(NA, NA), "twitter"), as.POSIXct(c(NA, NA), tz = "UTC"))
})

test_that("empty input gives empty columns of the right types", {
  fields <- id_fields(character(), "twitter")
  expect_identical(nrow(fields), 0L)
  expect_s3_class(fields$time, "POSIXct")
  expect_identical(fields$sequence, integer())
  expect_identical(id_fields(numeric(), "discord")$worker, integer())
  expect_identical(length(id_time(integer(), "mastodon")), 0L)
})

test_that("fields wider than 31 bits are exact doubles", {
  layout <- id_layout(time = list(bits = 10, unit = "s", epoch = 0),
                      fields = list(host = 53), sequence = 1, sign_bit = FALSE)
  fields <- id_fields("18446744073709551615", layout)
  expect_identical(fields$host, 2^53 - 1)
  expect_identical(fields$sequence, 1L)
})

test_that("large numeric inputs, decoded on two threads, report positions in order", {
  x <- as.double(seq_len(2^21)) * 4194304
  x[c(1500000, 2000000)] <- -1
  expect_warning(t <- id_time(x, "discord"), class = "zuid_warning_invalid",
                 regexp = "2 of 2097152 entries .* \\(at 1500000, 2000000\\)\\. The first, -1, is negative\\.$")
  expect_identical(which(is.na(t)), c(1500000L, 2000000L))
  expect_identical(time_ms(t[[2^21]]), 1420070400000 + 2^21)
  x[c(300, 1800000)] <- 2^60
  expect_error(id_fields(x, "discord"), class = "zuid_error_precision", regexp = "`x\\[300\\]`")
  x[300] <- 1
  expect_error(id_fields(x, "discord"), class = "zuid_error_precision", regexp = "`x\\[1800000\\]`")
})

# differential -------------------------------------------------------------

# Thousands of random IDs per layout, decoded by zuid and by bit64 arithmetic.

check_layout_against_bit64 <- function(layout, ids) {
  expected <- expected_fields(ids, layout)
  for (input in list(ids, unsigned_decimal(ids))) {
    fields <- id_fields(input, layout)
    expect_identical(as.numeric(fields$time), expected$time)
    for (name in setdiff(names(expected), c("time", "time_ms"))) {
      expect_equal(as.double(fields[[name]]), expected[[name]])
      width <- layout$bits[[name]]
      expect_identical(is.integer(fields[[name]]), width <= 31)
    }
    expect_identical(id_time(input, layout), fields$time)
  }
}

test_that("zuid agrees with bit64 arithmetic on random IDs of every layout", {
  set.seed(20261130)
  for (layout in all_layouts()) {
    signed <- "sign" %in% layout$kinds
    ids <- random_ids(3000, top_bit = !signed)
    if (identical(layout$name, "scru64")) {
      ids <- ids %/% bit64::as.integer64(2) # below 36^12 (about 2^62.04)
    }
    check_layout_against_bit64(layout, ids)
  }
})

test_that("the unsigned decimal helper itself is right", {
  expect_identical(unsigned_decimal(bit64::as.integer64(-1)), "18446744073709551615")
  expect_identical(unsigned_decimal(bit64::as.integer64("-9223372036854775807")), "9223372036854775809")
  expect_identical(unsigned_decimal(bit64::as.integer64(42)), "42")
})

# hostile -------------------------------------------------------------

# Input that must neither crash R nor be misread.

test_that("malformed text becomes NA with one warning", {
  hostile <- c("", "1 2", "+175928847299117063", " ",
               "-1", "1.8e+18", "0x10", "18446744073709551616", "184467440737095516150",
               "123456789012345678901", "\u0661\u0662\u0663", "caf\u00e9", "%s%s%s%n",
               strrep("9", 1e5), "1,000", "\u00a01")
  expect_warning(t <- id_time(hostile, "discord"), class = "zuid_warning_invalid",
                 regexp = sprintf(paste0("^%d of %d entries of `x` are not valid discord IDs and became NA ",
                                         "\\(at 1, 2, 3, 4, 5, \\.\\.\\.\\)\\. The first, \"\", is not ",
                                         "decimal digits\\. Read IDs as text"),
                                  length(hostile), length(hostile)))
  expect_true(all(is.na(t)))
})

test_that("white space around an ID is allowed, as as.numeric() allows it", {
  id <- "1212912214386673976"
  spaced <- c(paste0(" ", id), paste0(id, " "), paste0("\t", id, "\r\n"), paste0("\v", id, "\f"))
  expect_identical(id_fields(spaced, "discord"), id_fields(rep(id, 4), "discord"))
  expect_identical(id_time(" 0u2pf62ji4b9 ", id_layout("scru64", node_bits = 8)),
                   id_time("0u2pf62ji4b9", id_layout("scru64", node_bits = 8)))
})

test_that("other tools' lossless ID text reads as the ID: rtweet's x prefix, pandas' .0", {
  id <- "1440047230140837891"
  forms <- c(paste0("x", id), paste0(id, ".0"), paste0(id, ".00"), paste0(" x", id, "\n"), paste0("\t", id, ".0 "))
  expected <- id_fields(rep(id, length(forms)), "twitter")
  expect_identical(id_fields(forms, "twitter"), expected)
  expect_identical(id_time(forms, "twitter", as = "ms"), id_time(rep(id, length(forms)), "twitter", as = "ms"))
  expect_identical(as.character(as_zuid_id(forms, "twitter")), rep(id, length(forms)))
  expect_true(all(id_is_valid(forms, "twitter")))
  expect_identical(id_to_text(forms), rep(id_to_text(id), length(forms)))
  # The largest ID and 0 in both forms; beyond 2^64 is too large, as digits are.
  expect_identical(as.character(as_zuid_id(c("x18446744073709551615", "18446744073709551615.0", "x0", "0.0"))),
                   c("18446744073709551615", "18446744073709551615", "0", "0"))
  expect_warning(out <- as_zuid_id(c("x18446744073709551616", "18446744073709551616.0")),
                 class = "zuid_warning_invalid", regexp = "is 2^64 or more", fixed = TRUE)
  expect_true(all(is.na(out)))
})

test_that("text that only looks like the other tools' forms stays invalid", {
  id <- "1440047230140837891"
  refused <- c(paste0("X", id), paste0("xx", id), paste0("x ", id), paste0("x-", id), paste0("x", id, ".0"),
               paste0(id, "."), paste0(id, "..0"), paste0(id, ".0.0"), paste0(id, " .0"), paste0(id, ".0x"),
               paste0("-", id, ".0"), paste0("+", id, ".0"), paste0(id, ",0"), "x", ".0", paste0(id, "x"))
  expect_warning(out <- id_time(refused, "twitter"), class = "zuid_warning_invalid",
                 regexp = sprintf("^%d of %d entries", length(refused), length(refused)))
  expect_true(all(is.na(out)))
  expect_false(any(id_is_valid(refused, "twitter")))
  # A point with other digits after it is a fraction, as a double 2.5 is.
  w <- tryCatch(id_time(paste0(id, ".5"), "twitter"), warning = identity)
  expect_identical(w$reason, "fraction")
  expect_match(conditionMessage(w), "is not a whole number", fixed = TRUE)
  # Scientific notation keeps its own reason: its digits are lost.
  w <- tryCatch(id_time("1.0e18", "twitter"), warning = identity)
  expect_identical(w$reason, "scientific")
})

test_that("the warning shows the first invalid entry and why it is invalid", {
  why <- function(x, layout = "twitter") {
    tryCatch(id_time(x, layout), warning = conditionMessage)
  }
  expect_match(why(c("1", "12a")), "The first, \"12a\", is not decimal digits.", fixed = TRUE)
  # A spreadsheet's or a double's scientific notation is named as such.
  expect_match(why(c("1.21400472403119E+18", "1")), "is a number in scientific notation", fixed = TRUE)
  expect_match(why("18446744073709551616"), "is 2^64 or more", fixed = TRUE)
  expect_match(why("9223372036854775808"), paste("The first, \"9223372036854775808\", has the top bit set,",
                                                 "which the twitter layout keeps 0 as a sign bit."), fixed = TRUE)
  expect_match(why(c(1, -3)), "The first, -3, is negative.", fixed = TRUE)
  expect_match(why(2.5), "The first, 2.5, is not a whole number.", fixed = TRUE)
  expect_match(why(Inf), "is not a finite number", fixed = TRUE)
  expect_match(why(-1L), "The first, -1, is negative.", fixed = TRUE)
  long <- strrep("x", 100)
  expect_match(why(long), "The first, \"xxxx", fixed = TRUE)
  expect_lt(nchar(why(long)), 200)
  expect_match(why("0u2pf62ji4b_", id_layout("scru64", node_bits = 8)), "is not 12 base36 digits", fixed = TRUE)
  expect_match(why("0u2pf62", id_layout("scru64", node_bits = 8)),
               "neither decimal digits nor SCRU64's 12 base36 digits", fixed = TRUE)
  expect_match(why("4738381338321616896", id_layout("scru64", node_bits = 8)), "36^12 or more", fixed = TRUE)
  expect_match(why(bit64::as.integer64(-1)), "The first, 18446744073709551615, has the top bit set", fixed = TRUE)
  w <- tryCatch(id_time("x", "discord"), warning = identity)
  expect_identical(w$reason, "not_digits")
})

test_that("every reason an entry can be invalid for has words", {
  for (reason in zuid:::rust_value(zuid:::invalid_reasons())) {
    words <- zuid:::reason_words(reason, id_layout("twitter"))
    expect_true(is.character(words) && length(words) == 1L && nchar(words) > 5, label = reason)
  }
})

test_that("text in other encodings and with bytes that are not UTF-8 is invalid", {
  latin1 <- iconv("caf\u00e9", "UTF-8", "latin1")
  bytes <- rawToChar(as.raw(c(0x31, 0xff, 0x32)))
  expect_warning(t <- id_time(c(latin1, bytes, "7"), "discord"), class = "zuid_warning_invalid")
  expect_identical(is.na(t), c(TRUE, TRUE, FALSE))
})

test_that("the warning is one condition carrying the count and positions", {
  warnings <- list()
  withCallingHandlers(
    id_fields(c("1", "x", "2", "y", "z"), "discord"),
    warning = function(w) {
      warnings[[length(warnings) + 1L]] <<- w
      invokeRestart("muffleWarning")
    }
  )
  expect_length(warnings, 1L)
  expect_s3_class(warnings[[1]], c("zuid_warning_invalid", "zuid_warning", "warning", "condition"), exact = TRUE)
  expect_identical(warnings[[1]]$count, 3)
  expect_identical(warnings[[1]]$positions, c(2, 4, 5))
})

test_that("a million entries with scattered invalid ones give one warning", {
  set.seed(1)
  x <- format(seq_len(1e6) * 4194304 + 7, scientific = FALSE, trim = TRUE)
  bad <- sort(sample(1e6, 1234))
  x[bad] <- "oops"
  expect_warning(t <- id_time(x, "discord"), class = "zuid_warning_invalid",
                 regexp = sprintf(paste0("^1234 of 1000000 entries .* \\(at %s, \\.\\.\\.\\)\\. ",
                                         "The first, \"oops\", is not decimal digits\\.$"),
                                  paste(bad[1:5], collapse = ", ")))
  expect_identical(which(is.na(t)), bad)
  expect_identical(time_ms(t[[2]]), 1420070400000 + 2)
})


# Sonyflake's reference counts ticks on Unix time's own 10 ms grid: its
# start time becomes floor(start / 10 ms) ticks, and an ID's time is
# (that + the ID's ticks) * 10 ms. The figures here follow that rule.

test_that("Sonyflake with a start time off the 10 ms grid reads times as its reference does", {
  start_ms <- 1592224496789 # 2020-06-15T12:34:56.789Z
  sony <- id_layout("sonyflake", epoch = start_ms)
  reference_ms <- function(ticks) (floor(start_ms / 10) + ticks) * 10
  ticks <- c(0, 1, 1000, 123456789, 2^39 - 1)
  ids <- format(ticks * 2^24 + 7 * 2^16 + 4242, scientific = FALSE)
  ids[[5]] <- "9223372036838461586" # (2^39 - 1) * 2^24 + 7 * 2^16 + 4242, beyond doubles
  fields <- id_fields(ids, sony)
  expect_identical(time_ms(fields$time), reference_ms(ticks))
  expect_identical(time_ms(fields$time[[3]]), 1592224506780) # not ...789: 9 ms earlier than before
  expect_identical(fields$sequence, rep(7L, 5))
  expect_identical(fields$machine, rep(4242L, 5))
  # On the grid (Sonyflake's usual start dates) nothing changes.
  v1 <- id_layout("sonyflake", epoch = as.Date("2014-09-01"))
  expect_identical(time_ms(id_time("16777216000", v1)), 1409529600000 + 1000 * 10)
})

test_that("every coarse unit counts its ticks on the same grid", {
  for (case in list(list(unit = "s", epoch = 1500, unit_ms = 1000),
                    list(unit = "256ms", epoch = 1000, unit_ms = 256),
                    list(unit = "5ms", epoch = 1735689600003, unit_ms = 5),
                    list(unit = "100ms", epoch = 1592224496789, unit_ms = 100))) {
    layout <- id_layout(time = list(bits = 40, unit = case$unit, epoch = case$epoch),
                        fields = list(node = 10), sequence = 13)
    tick_ms <- function(ticks) (floor(case$epoch / case$unit_ms) + ticks) * case$unit_ms
    ids <- format(c(0, 1, 999) * 2^23, scientific = FALSE)
    expect_identical(time_ms(id_time(ids, layout)), tick_ms(c(0, 1, 999)))
  }
})

# IDs older than their layout ------------------------------------------

test_that("tweet IDs from before Snowflake decode to NA with a warning of their own", {
  ids <- c("20", "1888944671579078978", "29700859247", "29700859248", NA)
  w <- tryCatch(id_fields(ids, "twitter"), warning = identity)
  expect_s3_class(w, c("zuid_warning_before_layout", "zuid_warning"))
  expect_false(inherits(w, "zuid_warning_invalid"))
  expect_identical(w$count, 2)
  expect_identical(w$positions, c(1, 3))
  expect_identical(w$first_id, "29700859248")
  fields <- suppressWarnings(id_fields(ids, "twitter"), classes = "zuid_warning_before_layout")
  expect_identical(is.na(fields$time), c(TRUE, FALSE, TRUE, FALSE, TRUE))
  expect_identical(is.na(fields$sequence), c(TRUE, FALSE, TRUE, FALSE, TRUE))
  expect_identical(is.na(fields$datacenter), is.na(fields$time))
  # The first Snowflake number is 7 s after the epoch; tweet 20 has no time.
  expect_identical(id_time(ids[[4]], "twitter", as = "ms"), 1288834974657 + floor(29700859248 / 2^22))
  expect_identical(format(fields$time[[4]], "%Y-%m-%d %H:%M:%S", tz = "UTC"), "2010-11-04 01:43:01")
  expect_warning(ms <- id_time(ids, "twitter", as = "ms"), class = "zuid_warning_before_layout")
  expect_identical(is.na(ms), is.na(fields$time))
  # They are IDs all the same: read, kept and valid.
  expect_identical(id_is_valid(ids, "twitter"), c(TRUE, TRUE, TRUE, TRUE, NA))
  expect_silent(kept <- as_zuid_id(ids, "twitter"))
  expect_identical(as.character(kept), ids)
  expect_warning(as.POSIXct(kept), class = "zuid_warning_before_layout")
  expect_silent(id_shard(ids, 4, "twitter"))
})

test_that("Mastodon's sequential IDs decode to NA; its IDs begin on 1970-01-02", {
  first <- format(86400000 * 65536, scientific = FALSE)
  expect_identical(first, "5662310400000")
  before <- format(86400000 * 65536 - 1, scientific = FALSE)
  expect_warning(t <- id_time(c("1", before, first, "103270115826048975"), "mastodon", as = "ms"),
                 class = "zuid_warning_before_layout", regexp = "2 of 4 entries")
  expect_identical(t, c(NA, NA, 86400000, 1575776913849))
  # Every input form reads the same.
  expect_warning(t64 <- id_time(bit64::as.integer64(c(1, 86400000 * 65536)), "mastodon", as = "ms"),
                 class = "zuid_warning_before_layout")
  expect_identical(t64, c(NA, 86400000))
  expect_warning(id_time(c(1, 2), "mastodon"), class = "zuid_warning_before_layout")
  expect_warning(id_time(1L, "mastodon"), class = "zuid_warning_before_layout")
})

test_that("layouts with no known beginning decode small numbers at their epoch, silently", {
  expect_silent(t <- id_time(c("0", "1"), "discord", as = "ms"))
  expect_identical(t, c(1420070400000, 1420070400000))
  expect_silent(id_time("1", "instagram"))
  # A custom layout with Twitter's parts is not Twitter's.
  acme <- id_layout(name = "acme", time = list(bits = 41, unit = "ms", epoch = 1288834974657),
                    fields = list(datacenter = 5, worker = 5), sequence = 12)
  expect_silent(id_time("20", acme))
  expect_identical(zuid:::layout_facts_of(acme, NULL)$first_id, NA_character_)
  expect_null(zuid:::layout_beginning(acme))
})

test_that("a layout keeps where its IDs begin through saveRDS() and hand edits of other parts", {
  path <- tempfile(fileext = ".rds")
  saveRDS(id_layout("twitter"), path)
  expect_warning(id_time("20", readRDS(path)), class = "zuid_warning_before_layout")
  # An object named "twitter" whose epoch was edited is not Twitter's.
  edited <- id_layout("twitter")
  edited$epoch_ms <- 1288834974658
  expect_silent(id_time("20", edited))
})

test_that("invalid entries and IDs before the layout each get their one warning", {
  x <- c("20", "x", "1888944671579078978", "-1", "21")
  warnings <- list()
  t <- withCallingHandlers(id_time(x, "twitter"), warning = function(w) {
    warnings[[length(warnings) + 1L]] <<- w
    invokeRestart("muffleWarning")
  })
  # One warning, of both kinds, with each kind's fields.
  expect_length(warnings, 1L)
  w <- warnings[[1]]
  expect_s3_class(w, c("zuid_warning_entries", "zuid_warning_invalid", "zuid_warning_before_layout"))
  expect_identical(w$kinds$zuid_warning_invalid$positions, c(2, 4))
  expect_identical(w$kinds$zuid_warning_before_layout$positions, c(1, 5))
  expect_identical((w$count), 4)
  expect_identical(w$positions, c(1, 2, 4, 5))
  expect_identical(is.na(t), c(TRUE, TRUE, FALSE, TRUE, TRUE))
})

test_that("a long column on two threads reports IDs before the layout in order", {
  n <- 300000
  x <- bit64::as.integer64(rep("1888944671579078978", n))
  early <- c(7, 150001, 299999)
  x[early] <- bit64::as.integer64(20)
  w <- tryCatch(id_time(x, "twitter"), warning = identity)
  expect_identical(w$count, 3)
  expect_identical(w$positions, early)
  t <- suppressWarnings(id_time(x, "twitter"), classes = "zuid_warning_before_layout")
  expect_identical(which(is.na(t)), as.integer(early))
})

test_that("summary(), id_explain() and SQL say where the layout's IDs begin", {
  expect_output(print(summary(id_layout("twitter"))), "IDs begin: at 29700859248; below it are numbers Twitter",
                fixed = TRUE)
  expect_output(print(summary(id_layout("mastodon"))), "IDs begin: at 5662310400000", fixed = TRUE)
  expect_false(any(grepl("IDs begin", capture.output(print(summary(id_layout("discord")))))))
  expect_output(id_explain("20", "twitter"), "20 as twitter layout: no time (below 29700859248", fixed = TRUE)
  expect_match(id_sql("twitter", "id", "postgres")$time, "CASE WHEN \"id\" >= 29700859248 THEN", fixed = TRUE)
  expect_match(id_sql("mastodon", "id", "postgres")$time, "CASE WHEN (\"id\" < 0 OR \"id\" >= 5662310400000) THEN",
               fixed = TRUE)
  # SQLite reads each value by its type first; the test is the same.
  expect_match(id_sql("twitter", "id", "sqlite")$time, "^CASE WHEN \\(CASE WHEN typeof.* >= 29700859248 THEN")
  expect_match(id_sql("discord", "id", "sqlite")$time, "^\\(")
})

test_that("a call's entries of several kinds make one warning", {
  expect_snapshot({
    invisible(id_time(c("20", "x", "1888944671579078978", "-1", "1.21400472403119E+18"), "twitter"))
    invisible(id_time(c("1.21400472403119E+18", "1888944671579078978"), "twitter"))
  })
})
