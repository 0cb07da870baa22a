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
