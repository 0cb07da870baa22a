# zuid_ids compare and order as unsigned 64-bit numbers, by value.

# Discord IDs across the 18-to-19-digit change of 2022, and IDs of 2^63 and
# more, which a signed integer64 would put first.
mixed <- function() {
  as_zuid_id(c("999999999999999999", "18446744073709551615", "1000000000000000000",
               "9223372036854775808" |> sub(pattern = "8$", replacement = "9"), "5"), "discord")
}

test_that("the text trap: a range query on IDs of 18 and 19 digits picks the right rows", {
  skip_if_not_installed("dplyr")
  skip_if_not_installed("tibble")
  set.seed(2022)
  t <- as.POSIXct("2022-01-01", tz = "UTC") + sort(stats::runif(2000, 0, 365 * 86400))
  d <- tibble::tibble(id = id_compose(t, "discord", worker = 1))
  from <- id_from_time(as.POSIXct("2022-03-01", tz = "UTC"), "discord")
  to <- id_from_time(as.POSIXct("2022-12-01", tz = "UTC"), "discord")
  kept <- dplyr::filter(d, id >= from, id < to)
  want <- sum(t >= as.POSIXct("2022-03-01", tz = "UTC") & t < as.POSIXct("2022-12-01", tz = "UTC"))
  expect_gt(want, 1000)
  expect_identical(nrow(kept), want)
  expect_identical(dplyr::arrange(d, dplyr::desc(id))$id, rev(d$id))
  expect_identical(max(d$id), d$id[[2000]])
  # The same rows from the IDs as text, compared with zuid_id bounds.
  text <- as.character(d$id)
  expect_identical(sum(text >= from & text < to), want)
  expect_false(sum(text >= as.character(from) & text < as.character(to)) == want)
})

test_that("comparisons are numeric, against zuid_ids, text and exact numbers", {
  x <- mixed()
  expect_identical(x > "1000000000000000000", c(FALSE, TRUE, FALSE, TRUE, FALSE))
  expect_identical(x == "5", c(FALSE, FALSE, FALSE, FALSE, TRUE))
  expect_identical(x <= 5, c(FALSE, FALSE, FALSE, FALSE, TRUE))
  expect_identical("6" > x, c(FALSE, FALSE, FALSE, FALSE, TRUE))
  expect_identical(x != x[1], c(FALSE, TRUE, TRUE, TRUE, TRUE))
  expect_identical(x[2] > x[4], TRUE)
  expect_identical(c(x[1], NA) < "7", c(FALSE, NA))
  expect_identical(x >= bit64::as.integer64("999999999999999999") |> as_zuid_id(), c(TRUE, TRUE, TRUE, TRUE, FALSE))
  expect_warning(x > "not an id", class = "zuid_warning_invalid")
  expect_error(x > as_zuid_id("1", "twitter"), class = "zuid_error_layout", regexp = "cannot be combined or compared")
})

test_that("a plain integer64 compares with a zuid_id on R 4.3, and is refused with a warning before", {
  x <- mixed()
  y <- bit64::as.integer64("999999999999999999")
  if (getRversion() >= "4.3.0") {
    expect_identical(x > y, c(FALSE, TRUE, TRUE, TRUE, FALSE))
  } else {
    expect_warning(x > y, "Incompatible methods")
  }
})

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
})

test_that("unique(), duplicated(), match() and %in% work on values", {
  x <- c(mixed(), mixed()[2:3])
  expect_identical(duplicated(x), c(rep(FALSE, 5), TRUE, TRUE))
  expect_identical(unique(x), mixed())
  expect_identical(match(c("5", "4"), x), c(5L, NA))
  expect_identical(match(x[6], x), 2L)
  expect_identical(bit64::match(x[6:7], c("18446744073709551615", "1000000000000000000")), c(1L, 2L))
  expect_identical(x %in% c("5", "18446744073709551615"), c(FALSE, TRUE, FALSE, FALSE, TRUE, TRUE, FALSE))
  expect_identical(bit64::`%in%`(x[1:2], "18446744073709551615"), c(FALSE, TRUE))
})

test_that("arithmetic is refused with a zuid_error that points at id_compose()", {
  x <- mixed()
  for (expr in list(quote(x + 1), quote(x * 2), quote(-x), quote(sum(x)), quote(mean(x)),
                    quote(abs(x)), quote(x %/% 2), quote(!x))) {
    cnd <- tryCatch(eval(expr), error = identity)
    expect_s3_class(cnd, "zuid_error_arithmetic")
    expect_match(conditionMessage(cnd), "id_compose()", fixed = TRUE)
  }
})
