# Looking IDs up by value, against every form an ID comes in, with bit64
# attached or not.

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


test_that("match() and %in% find IDs in plain integer64, text and exact numbers", {
  x <- mixed()
  b <- bit64::as.integer64(c("1000000000000000000", "5"))
  expect_identical(x %in% b, c(FALSE, FALSE, TRUE, FALSE, TRUE))
  expect_identical(match(x, b), c(NA, NA, 1L, NA, 2L))
  expect_identical(match(b, x), c(3L, 5L))
  expect_identical(b %in% x, c(TRUE, TRUE))
  # A plain integer64 holds IDs of 2^63 and more as negative numbers.
  expect_identical(match(bit64::as.integer64("-1"), x), 2L)
  expect_identical(x %in% c(5, 9007199254740991), c(FALSE, FALSE, FALSE, FALSE, TRUE))
  expect_identical(match(9007199254740991, as_zuid_id("9007199254740991")), 1L)
  expect_identical(match(c(NA, "5"), c(x, NA)), c(6L, 5L))
  expect_identical(match(x, "5", nomatch = 0L), c(0L, 0L, 0L, 0L, 1L))
  expect_identical(match(x, x, incomparables = "5"), c(1:4, NA))
  expect_error(x %in% 2^60, class = "zuid_error_precision", regexp = "`table\\[1\\]` is a double")
  expect_error(2^60 %in% x, class = "zuid_error_precision", regexp = "`x\\[1\\]` is a double")
  expect_error(match(x, as_zuid_id("1", "twitter")), class = "zuid_error_layout")
  # Values that are not IDs go to bit64's match(), as before.
  expect_identical(match(c("a", "b"), "b"), c(NA, 1L))
  expect_identical(3 %in% 1:3, TRUE)
})

test_that("base R's match(), merge(), table() and factor() match by exact digits", {
  x <- mixed()
  b <- bit64::as.integer64(c("1000000000000000000", "-1"))
  expect_identical(base::match(x, b), c(NA, 2L, 1L, NA, NA))
  expect_identical(base::`%in%`(b, x), c(TRUE, TRUE))
  expect_identical(base::match("5", x), 5L)
  m <- merge(data.frame(id = x, n = 1:5), data.frame(id = b, m = 1:2))
  expect_identical(as.character(m$id), as.character(x[c(3, 2)]))
  expect_identical(m$m, 1:2)
  m <- merge(data.frame(id = x, n = 1:5), data.frame(id = c("5", "7"), m = 1:2))
  expect_identical(m$n, 5L)
  tab <- table(c(x, x[2]))
  expect_identical(names(tab), as.character(sort(x)))
  expect_identical(as.vector(tab), c(1L, 1L, 1L, 1L, 2L))
  expect_identical(levels(factor(x)), as.character(sort(x)))
})

test_that("union(), intersect() and setdiff() give exact text, and IDs are one step away", {
  x <- mixed()
  y <- c(x[2], "7")
  expect_identical(union(x, y), c(as.character(x), "7"))
  expect_identical(intersect(x, y), as.character(x[2]))
  expect_identical(setdiff(x, y), as.character(x[-2]))
  expect_true(setequal(x, rev(x)))
  expect_identical(unique(c(x, y)), c(x, as_zuid_id("7", "discord")))
  expect_identical(unique(x[x %in% y]), x[2])
  expect_identical(unique(x[!x %in% y]), x[-2])
  # 0 and NA, and IDs whose bits are NaNs as doubles, stay apart.
  z <- as_zuid_id(c("0", NA, "9218868437227407266", "18446744073709551615"), "discord")
  expect_identical(union(z, z), as.character(z))
  expect_identical(setdiff(z, z[1]), as.character(z[-1]))
  expect_identical(unique(z), z)
  expect_identical(duplicated(c(z, z[3])), c(FALSE, FALSE, FALSE, FALSE, TRUE))
})

test_that("lookups are the same with bit64 attached, before or after zuid", {
  skip_if_not_installed("callr")
  lookups <- function(first) {
    suppressPackageStartupMessages(for (pkg in first) library(pkg, character.only = TRUE))
    x <- zuid::as_zuid_id(c("18446744073709551615", "1000000000000000000", "5"), "discord")
    b <- bit64::as.integer64(c("-1", "5"))
    list(attached = search()[grepl("bit64|zuid", search())], in_b = x %in% b, match_b = match(b, x),
         in_text = x %in% "5", text_in = "5" %in% x, numbers = x %in% c(5, 1e15),
         precision = tryCatch(x %in% 2^60, error = function(e) class(e)[[1]]),
         reverse = tryCatch(2^60 %in% x, error = function(e) class(e)[[1]]))
  }
  expected <- list(in_b = c(TRUE, FALSE, TRUE), match_b = c(1L, 3L), in_text = c(FALSE, FALSE, TRUE),
                   text_in = TRUE, numbers = c(FALSE, FALSE, TRUE), precision = "zuid_error_precision",
                   reverse = "zuid_error_precision")
  orders <- list(c("zuid"), c("zuid", "bit64"), c("bit64", "zuid"))
  for (first in orders) {
    got <- callr::r(lookups, list(first), libpath = .libPaths())
    expect_identical(got$attached, paste0("package:", rev(first)))
    expect_identical(got[names(expected)], expected, label = paste(first, collapse = ", then "))
  }
  # bit64 alone, zuid loaded but not attached: bit64's generics run zuid's methods.
  got <- callr::r(function() {
    suppressPackageStartupMessages(library(bit64))
    x <- zuid::as_zuid_id(c("18446744073709551615", "5"))
    list(x %in% as.integer64("-1"), tryCatch(x %in% 2^60, error = function(e) class(e)[[1]]))
  }, libpath = .libPaths())
  expect_identical(got, list(c(TRUE, FALSE), "zuid_error_precision"))
})
