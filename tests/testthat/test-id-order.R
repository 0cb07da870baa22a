# zuid_ids order as unsigned 64-bit numbers: sorting, ranks, extremes and
# order statistics put IDs of 2^63 and more above all others.

test_that("sort(), order(), rank(), xtfrm() and range() order IDs of 2^63 and more last", {
  x <- mixed()
  digits <- c("5", "999999999999999999", "1000000000000000000", "9223372036854775809",
              "18446744073709551615")
  expect_identical(as.character(sort(x)), digits)
  expect_identical(as.character(sort(x, decreasing = TRUE)), rev(digits))
  expect_identical(order(x), c(5L, 1L, 3L, 4L, 2L))
  expect_identical(bit64::order(x), c(5L, 1L, 3L, 4L, 2L))
  expect_identical(rank(x), c(2, 5, 3, 4, 1))
  expect_identical(bit64::rank(x), c(2, 5, 3, 4, 1))
  expect_identical(as.character(range(x)), digits[c(1, 5)])
  expect_identical(as.character(min(x)), "5")
  expect_identical(as.character(max(x, as_zuid_id("7", "discord"))), digits[[5]])
  with_na <- c(x, as_zuid_id(NA_character_, "discord"))
  expect_identical(as.character(sort(with_na, na.last = TRUE)), c(digits, NA))
  expect_identical(length(sort(with_na)), 5L)
  expect_identical(as.character(max(with_na)), NA_character_)
  expect_identical(as.character(max(with_na, na.rm = TRUE)), digits[[5]])
  expect_identical(order(with_na), c(5L, 1L, 3L, 4L, 2L, 6L))
  expect_error(min(x[0]), class = "zuid_error_type")
  # range(finite = TRUE) drops the NAs, and is not read as an ID.
  expect_identical(as.character(range(with_na, finite = TRUE)), digits[c(1, 5)])
  expect_identical(as.character(range(with_na)), c(NA_character_, NA_character_))
})

test_that("quantile() and median() are order statistics of type 1", {
  x <- mixed()
  sorted <- sort(x)
  q <- quantile(x)
  expect_s3_class(q, "zuid_id")
  expect_identical(names(q), c("0%", "25%", "50%", "75%", "100%"))
  # Type 1 on positions, computed by base R on the ranks of the IDs.
  at <- unname(stats::quantile(seq_along(sorted), type = 1))
  expect_identical(unname(q), sorted[at])
  expect_identical(quantile(x, c(0.1, 0.9), names = FALSE), sorted[c(1, 5)])
  expect_identical(median(x), sorted[3])
  expect_identical(median(x[-1]), sort(x[-1])[2])
  with_na <- c(x, NA)
  expect_true(is.na(median(with_na)))
  expect_identical(median(with_na, na.rm = TRUE), sorted[3])
  expect_error(quantile(with_na), class = "zuid_error_type", regexp = "na.rm = TRUE")
  expect_identical(quantile(with_na, 0.5, na.rm = TRUE, names = FALSE), sorted[3])
  expect_error(quantile(x, type = 7), class = "zuid_error_arithmetic")
  expect_error(quantile(x, 2), class = "zuid_error_type", regexp = "`probs`")
  expect_identical(attr(quantile(x), "layout"), id_layout("discord"))
})

test_that("cummax() and cummin() run by value, NA from the first NA on", {
  x <- c(mixed(), NA, mixed()[5])
  digits <- as.character(x)
  top <- as.character(max(mixed()))
  expect_identical(as.character(cummax(x)),
                   c(digits[1], top, top, top, top, NA, NA))
  expect_identical(as.character(cummin(x)),
                   c(digits[1], digits[1], digits[1], digits[1], "5", NA, NA))
  expect_identical(attr(cummax(x), "layout"), id_layout("discord"))
  named <- stats::setNames(mixed()[1:2], c("a", "b"))
  expect_identical(names(cummin(named)), c("a", "b"))
})

test_that("is.unsorted() and anyNA() see IDs, not the doubles underneath", {
  x <- mixed()
  expect_false(is.unsorted(sort(x)))
  expect_true(is.unsorted(x))
  expect_true(is.unsorted(rep(sort(x), each = 2), strictly = TRUE))
  expect_false(is.unsorted(rep(sort(x), each = 2)))
  # The ID with NA_real_'s bits is a NaN as a double, and not NA.
  z <- as_zuid_id(c("5", "9218868437227407266"), "discord")
  expect_false(anyNA(z))
  expect_true(anyNA(c(z, NA)))
  expect_false(is.unsorted(z))
  expect_true(is.na(is.unsorted(c(z, NA))))
  expect_false(is.unsorted(c(z, NA), na.rm = TRUE))
})
