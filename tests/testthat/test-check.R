# check_ids(): which vectors are IDs, and how they are read.

test_that("wrong argument types are errors", {
  expect_error(id_time(factor("175928847299117063"), "discord"), class = "zuid_error_type",
               regexp = "not a factor of length 1.*as.character")
  expect_error(id_time(list("1"), "discord"), class = "zuid_error_type",
               regexp = "`x` must be IDs as a character, bit64::integer64, double or integer vector")
  expect_error(id_time(TRUE, "discord"), class = "zuid_error_type")
  expect_error(id_time(as.POSIXct("2020-01-01"), "discord"), class = "zuid_error_type")
  expect_error(id_time(as.raw(1), "discord"), class = "zuid_error_type")
  expect_error(id_time(1i, "discord"), class = "zuid_error_type")
})

test_that("integer64 must hold doubles, and factors are refused even as I()", {
  expect_error(id_fields(structure(1L, class = "integer64"), "twitter"), class = "zuid_error_type")
  expect_error(id_fields(I(factor("175928847299117063")), "discord"), class = "zuid_error_type")
  expect_identical(id_fields(I("175928847299117063"), "discord"), id_fields("175928847299117063", "discord"))
})

test_that("a whole number beyond R's integers stays a double, with no warning of R's", {
  expect_identical(zuid:::check_whole(5, "n", 0, 2^53, NULL), 5L)
  expect_identical(expect_silent(zuid:::check_whole(2^40, "n", 0, 2^53, NULL)), 2^40)
  expect_identical(zuid:::check_whole(-2^31 + 1, "n", -2^40, 0, NULL), -.Machine$integer.max)
})

test_that("only integer64's NA is missing: NaN bit patterns are IDs", {
  # -1 and -5 read as unsigned are 2^64 - 1 and 2^64 - 5, NaNs as doubles.
  x <- bit64::as.integer64(c("-1", "-5", NA, "0", "9218868437227405313"))
  expect_identical(zuid:::id_is_na(x), c(FALSE, FALSE, TRUE, FALSE, FALSE))
  expect_identical(zuid:::id_is_na(c(NaN, NA, 1)), c(TRUE, TRUE, FALSE))
  expect_error(zuid:::id_is_na(structure(1:2, class = "integer64")), class = "zuid_error_type",
               regexp = "holds integer values")
})

test_that("an integer64 holding other values is named as such", {
  expect_error(id_time(structure(c("1", "2"), class = "integer64"), "discord"), class = "zuid_error_type",
               regexp = "`x` is a integer64 that holds character values, not the doubles")
})
