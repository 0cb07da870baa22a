# Input that must neither crash R nor be misread.

test_that("malformed text becomes NA with one warning", {
  hostile <- c("", " 175928847299117063", "175928847299117063 ", "+175928847299117063",
               "-1", "1.8e+18", "0x10", "18446744073709551616", "184467440737095516150",
               "123456789012345678901", "\u0661\u0662\u0663", "caf\u00e9", "%s%s%s%n",
               strrep("9", 1e5), "1,000", "\t1")
  expect_warning(t <- id_time(hostile, "discord"), class = "zuid_warning_invalid",
                 regexp = sprintf("^%d of %d entries of `x` are not valid discord IDs and became NA \\(at 1, 2, 3, 4, 5, \\.\\.\\.\\)\\.$",
                                  length(hostile), length(hostile)))
  expect_true(all(is.na(t)))
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
                 regexp = sprintf("^1234 of 1000000 entries .* \\(at %s, \\.\\.\\.\\)\\.$",
                                  paste(bad[1:5], collapse = ", ")))
  expect_identical(which(is.na(t)), bad)
  expect_identical(time_ms(t[[2]]), 1420070400000 + 2)
})

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

test_that("layouts are a zuid_layout or a name that needs nothing more", {
  expect_error(id_time("1", "tiktok"), class = "zuid_error_layout",
               regexp = "`layout` must be a zuid_layout from `id_layout\\(\\)` or one of \"twitter\", \"discord\", \"instagram\", \"mastodon\", not \"tiktok\"")
  expect_error(id_time("1", "sonyflake"), class = "zuid_error_layout",
               regexp = "needs more than its name.*id_layout\\(\"sonyflake\", epoch")
  expect_error(id_time("1", "scru64"), class = "zuid_error_layout", regexp = "node_bits")
  expect_error(id_time("1", 1), class = "zuid_error_layout")
  expect_error(id_time("1"), class = NULL)
  broken <- id_layout("twitter")
  broken$bits[["time"]] <- 40L
  expect_error(id_time("1", broken), class = "zuid_error_layout", regexp = "not a valid zuid_layout")
})

test_that("hand-edited layouts are refused with a zuid_error, never misread", {
  edits <- list(
    function(l) { l$epoch_ms <- "%s"; l },
    function(l) { l$epoch_ms <- NA_real_; l },
    function(l) { l$epoch_ms <- c(1, 2); l },
    function(l) { l$epoch_ms <- NULL; l },
    function(l) { l$epoch_ms <- factor("x"); l },
    function(l) { l$bits <- c(a = 1); l },
    function(l) { l$unit <- "x"; l },
    function(l) { l$unit <- NULL; l },
    function(l) { l$kinds <- NULL; l },
    function(l) { l$name <- NULL; l },
    function(l) { l$bits[["time"]] <- NA_integer_; l }
  )
  for (edit in edits) {
    broken <- edit(id_layout("twitter"))
    expect_error(id_fields("1", broken), class = "zuid_error_layout")
    expect_error(id_compose(as.POSIXct("2020-01-01", tz = "UTC"), broken), class = "zuid_error_layout")
  }
})

test_that("integer64 must hold doubles, and factors are refused even as I()", {
  expect_error(id_fields(structure(1L, class = "integer64"), "twitter"), class = "zuid_error_type")
  expect_error(id_fields(I(factor("175928847299117063")), "discord"), class = "zuid_error_type")
  expect_identical(id_fields(I("175928847299117063"), "discord"), id_fields("175928847299117063", "discord"))
})

test_that("NaN in a part is a missing part, like NA", {
  t <- as.POSIXct("2020-01-01", tz = "UTC")
  expect_identical(id_compose(t, "twitter", sequence = NaN), NA_character_)
  expect_identical(id_compose(t, "twitter", worker = c(1, NaN)), c(id_compose(t, "twitter", worker = 1), NA))
})
