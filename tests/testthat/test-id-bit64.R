# zuid_ids among bit64's generics and dispatch (R/id-bit64.R), whichever
# bit64 is installed.

test_that("bit64's choice of a comparison's method stands unless a zuid_id is on its right", {
  choose <- zuid:::choose_ops_integer64(function(x, y, mx, my, cl, reverse) "bit64's answer")
  i <- bit64::as.integer64(1)
  z <- as_zuid_id("1")
  expect_false(choose(i, z, NULL, NULL, NULL, FALSE))
  expect_identical(choose(i, Sys.time(), NULL, NULL, NULL, FALSE), "bit64's answer")
  expect_identical(choose(i, i, NULL, NULL, NULL, FALSE), "bit64's answer")
  expect_identical(choose(z, i, NULL, NULL, NULL, TRUE), "bit64's answer")
  # Registered only where bit64 has a choice of its own (4.8 and later).
  own <- get0("chooseOpsMethod.integer64", envir = asNamespace("bit64"), inherits = FALSE)
  registered <- utils::getS3method("chooseOpsMethod", "integer64", optional = TRUE)
  if (getRversion() >= "4.3.0" && is.function(own)) {
    expect_false(registered(i, z, NULL, NULL, NULL, FALSE))
    expect_identical(registered(i, Sys.time(), NULL, NULL, NULL, FALSE), own(i, Sys.time(), NULL, NULL, NULL, FALSE))
  } else {
    expect_true(is.null(registered) || identical(registered, own))
  }
})

test_that("a plain integer64 matches as bit64 writes it, and a zuid_id takes that form", {
  i <- bit64::as.integer64(c("-1", "5", NA))
  expect_identical(mtfrm(i), c("-1", "5", NA))
  expect_identical(mtfrm(as_zuid_id(i)), mtfrm(i))
})

test_that("S4 knows that a zuid_id is an integer64, as bit64's set operations ask", {
  z <- as_zuid_id(c("18446744073709551615", "5"), "discord")
  expect_identical(methods::as(z, "integer64"), z)
  expect_true(methods::is(z, "integer64"))
})

test_that("with bit64 attached, matrix(), array() and `:` of IDs are what they are without it", {
  skip_if_not_installed("callr")
  got <- with_attached(c("zuid", "bit64"), function() {
    x <- zuid::as_zuid_id(c("18446744073709551615", "5"), "discord")
    list(matrix = matrix(x, 1, dimnames = list("a", NULL)), array = array(x, c(2, 1)),
         colon = tryCatch(x[2]:x[1], error = function(e) class(e)[[1]]),
         bit64_colon = ":" %in% getNamespaceExports("bit64"))
  })
  expect_identical(got$matrix, base::matrix(c("18446744073709551615", "5"), 1, dimnames = list("a", NULL)))
  expect_identical(got$array, base::array(c("18446744073709551615", "5"), c(2, 1)))
  # bit64 4.8 and later make `:` a generic, which refuses IDs; before, it
  # is base R's, which sees the doubles underneath.
  if (got$bit64_colon) expect_identical(got$colon, "zuid_error_arithmetic")
})
