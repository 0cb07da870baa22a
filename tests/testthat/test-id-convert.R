# What a zuid_id becomes where R asks for another kind of vector.

ids <- function() as_zuid_id(c("175928847299117063", "18446744073709551615", NA), "discord")

test_that("an ID is not a number: is.numeric() is FALSE, numeric summaries skip it", {
  x <- ids()
  expect_false(is.numeric(x))
  skip_if_not_installed("dplyr")
  d <- dplyr::tibble(id = x, n = c(1, 2, 3))
  out <- dplyr::summarise(d, dplyr::across(where(is.numeric), mean))
  expect_identical(names(out), "n")
  expect_identical(out$n, 2)
})

test_that("as.list() gives IDs, so lapply(), sapply(), vapply() and purrr::map() see them", {
  x <- stats::setNames(ids(), c("a", "b", "c"))
  l <- as.list(x)
  expect_identical(names(l), c("a", "b", "c"))
  expect_identical(l[[2]], unname(x[2]))
  expect_identical(unname(sapply(x, as.character)), as.character(x))
  expect_identical(vapply(x, function(id) format(id_time(id)), ""), stats::setNames(format(id_time(x)), names(x)))
  expect_identical(lapply(x, attr, "layout")[[1]], id_layout("discord"))
  expect_identical(Filter(function(id) !is.na(id), unname(as.list(x))), unname(as.list(x))[1:2])
  skip_if_not_installed("purrr")
  expect_identical(purrr::map_chr(x, as.character), stats::setNames(as.character(x), names(x)))
  expect_identical(purrr::map(unname(x), identity), unname(l))
})

test_that("as.vector() and as.matrix() give exact text; matrices of data frames too", {
  x <- ids()
  digits <- as.character(x)
  expect_identical(as.vector(x), digits)
  expect_identical(as.vector(x, "character"), digits)
  expect_identical(as.vector(x, "list"), as.list(x))
  expect_identical(as.vector(x, "numeric"), as.double(x))
  expect_identical(as.matrix(x), matrix(digits, ncol = 1))
  expect_identical(matrix(x, 1), matrix(digits, 1))
  expect_identical(as.matrix(data.frame(id = x))[, "id"], digits)
  expect_identical(is.element("18446744073709551615", x), TRUE)
  # Base R's numeric code refuses the text, instead of computing with bits.
  expect_error(x %o% x)
  expect_error(rowSums(data.frame(id = x)), "must be numeric")
})

test_that("as.double() gives the nearest doubles, as.integer() the small IDs, as.integer64() the bits", {
  x <- ids()
  expect_identical(as.double(x), c(175928847299117063, 18446744073709551615, NA))
  expect_identical(as.double(as_zuid_id(c("0", "9007199254740993"))), c(0, 9007199254740992))
  expect_identical(as.integer(as_zuid_id(c("7", NA))), c(7L, NA))
  expect_warning(big <- as.integer(x[2]))
  expect_identical(big, NA_integer_)
  plain <- bit64::as.integer64(x)
  expect_identical(class(plain), "integer64")
  expect_identical(as.character(plain), c("175928847299117063", "-1", NA))
})

test_that("as.POSIXct() and as.Date() give the IDs' times under their layout", {
  x <- ids()
  expect_identical(as.POSIXct(x), id_time(x))
  expect_identical(format(as.POSIXct(x[1], tz = "Asia/Tokyo"), "%H:%M", usetz = TRUE), "20:18 JST")
  expect_identical(as.Date(x), as.Date(c("2016-04-30", "2154-05-15", NA)))
  expect_identical(as.Date(x)[1], as.Date(format(id_time(x[1]), "%Y-%m-%d")))
  expect_error(as.POSIXct(as_zuid_id("1")), class = "zuid_error_layout", regexp = "carry no layout")
  expect_error(as.Date(as_zuid_id("1")), class = "zuid_error_layout")
})
