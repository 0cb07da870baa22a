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
  expect_warning(fields <- id_fields(edges, "twitter"), class = "zuid_warning_invalid",
                 regexp = "2 of 5 entries of `x` are not valid twitter IDs and became NA \\(at 4, 5\\)")
  expect_identical(is.na(fields$time), c(FALSE, FALSE, FALSE, TRUE, TRUE))
  expect_identical(is.na(fields$datacenter), c(FALSE, FALSE, FALSE, TRUE, TRUE))
  expect_identical(time_ms(fields$time[[3]]), 1288834974657 + 2^41 - 1)
})

test_that("integer64 reads as unsigned; its NA is NA and 2^63 needs text", {
  skip_if_not_installed("bit64")
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
               regexp = "`x\\[3\\]`.*low digits may have been lost.*colClasses = \"character\".*integer64")
  # A precision error wins over invalid entries: no warning, an error.
  expect_error(id_time(c(-1, 2^60), "discord"), class = "zuid_error_precision")
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
                 regexp = "2 of 2097152 entries .* \\(at 1500000, 2000000\\)\\.$")
  expect_identical(which(is.na(t)), c(1500000L, 2000000L))
  expect_identical(time_ms(t[[2^21]]), 1420070400000 + 2^21)
  x[c(300, 1800000)] <- 2^60
  expect_error(id_fields(x, "discord"), class = "zuid_error_precision", regexp = "`x\\[300\\]`")
  x[300] <- 1
  expect_error(id_fields(x, "discord"), class = "zuid_error_precision", regexp = "`x\\[1800000\\]`")
})
