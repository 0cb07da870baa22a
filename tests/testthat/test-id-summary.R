# summary() and all.equal() of IDs.

ids <- function() as_zuid_id(c("1212921505332342792", "175928847299117063", NA, "18446744073709551615"), "discord")

test_that("summary() gives the count, the NAs, the range and its times", {
  x <- ids()
  s <- summary(x)
  expect_s3_class(s, "zuid_id_summary")
  expect_identical(names(s), c("IDs", "NA's", "Min.", "Max.", "Min. time", "Max. time"))
  expect_identical(format(s)[["IDs"]], "4")
  expect_identical(format(s)[["NA's"]], "1")
  expect_identical(format(s)[["Min."]], "175928847299117063")
  expect_identical(format(s)[["Max."]], "18446744073709551615")
  # Discord's documented example ID was made at 2016-04-30 11:18:25.796 UTC.
  expect_identical(format(s)[["Min. time"]], "2016-04-30T11:18:25.796Z")
  bare <- summary(as_zuid_id(c(NA, NA)))
  expect_identical(names(bare), c("IDs", "NA's", "Min.", "Max."))
  expect_identical(format(bare)[["Max."]], "NA")
  expect_snapshot(print(s))
})

test_that("summary() is a column of summary(<data.frame>)", {
  x <- ids()
  s <- summary(data.frame(id = x, n = 1:4))
  expect_identical(dim(s), c(6L, 2L))
  expect_match(s[3, 1], "Min.     :175928847299117063", fixed = TRUE)
  expect_match(s[1, 2], "Min.   :1.00", fixed = TRUE)
})

test_that("all.equal() reports how two ID vectors differ", {
  x <- ids()
  expect_true(all.equal(x, x))
  expect_match(all.equal(x, rev(x)), "'is.NA' value mismatch")
  y <- x
  y[2] <- "175928847299117064"
  expect_identical(all.equal(x, y),
                   "1 of 4 IDs differ (at 2); the first, 175928847299117063, is 175928847299117064 in current")
  expect_match(all.equal(x, x[1:2]), "Lengths (4, 2) differ", fixed = TRUE)
  expect_match(all.equal(x, as_zuid_id(as.character(x))), "target has the discord layout, current has no layout",
               fixed = TRUE)
  expect_match(all.equal(x, as.character(x)), "current is a character of length 4", fixed = TRUE)
  expect_match(all.equal(x, stats::setNames(x, letters[1:4])), "^Names:")
  expect_true(all.equal(x, stats::setNames(x, letters[1:4]), check.attributes = FALSE))
})

test_that("testthat's edition-2 expect_equal() reports the difference", {
  local_edition(2)
  x <- ids()
  expect_equal(x, x)
  y <- x
  y[1] <- "1"
  expect_failure(expect_equal(x, y), "1 of 4 IDs differ")
})
