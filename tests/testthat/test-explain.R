test_that("id_explain() prints the bits by part, with values and the time", {
  withr_colour <- options(zuid.colour = FALSE)
  on.exit(options(withr_colour))
  expect_snapshot({
    id_explain("175928847299117063", "discord")
    id_explain(c("1888944671579078978", "18446744073709551615", NA), "twitter")
    id_explain("0u2pf62ji4b9", id_layout("scru64", node_bits = 8))
  })
})

test_that("id_explain() returns the parts invisibly", {
  op <- options(zuid.colour = FALSE)
  on.exit(options(op))
  output <- capture.output(result <- withVisible(id_explain("1888944671579078978", "twitter")))
  expect_false(result$visible)
  parts <- result$value
  expect_identical(names(parts), c("id", "part", "bits", "offset", "value"))
  expect_identical(parts$part, c("sign", "time", "datacenter", "worker", "sequence"))
  expect_identical(parts$bits, c(1L, 41L, 5L, 5L, 12L))
  expect_identical(parts$offset, c(63L, 22L, 17L, 12L, 0L))
  expect_identical(parts$value, c(0, 450359504599, 11, 8, 322))
  # The bit groups on the second line are the ID's 64 bits, in order.
  expect_identical(nchar(gsub(" ", "", output[[2]])), 64L)
})

test_that("values of wide parts are exact", {
  op <- options(zuid.colour = FALSE)
  on.exit(options(op))
  layout <- id_layout(time = list(bits = 10, unit = "s", epoch = 0), fields = list(host = 53),
                      sequence = 1, sign_bit = FALSE)
  shown <- capture.output(parts <- id_explain("18446744073709551615", layout))
  expect_identical(parts$value, c(1023, 2^53 - 1, 1))
  expect_match(shown[[4L]], "host +53 bits at +1 +9007199254740991$")
})

test_that("colour is ANSI escapes when asked for, none otherwise", {
  op <- options(zuid.colour = TRUE)
  on.exit(options(op))
  expect_match(paste(capture.output(id_explain("175928847299117063", "discord")), collapse = ""), "\033[", fixed = TRUE)
  options(zuid.colour = FALSE)
  shown <- capture.output(id_explain("175928847299117063", "discord"))
  expect_no_match(paste(shown, collapse = ""), "\033[", fixed = TRUE)
})

test_that("id_explain() takes a few IDs only", {
  expect_error(id_explain(rep("1", 21), "discord"), class = "zuid_error_type", regexp = "at most 20")
  expect_error(id_explain(2^60, "discord"), class = "zuid_error_precision")
})

test_that("id_explain() warns once about malformed entries and labels integer64 unsigned", {
  op <- options(zuid.colour = FALSE)
  on.exit(options(op))
  expect_warning(out <- capture.output(id_explain(c("%s%s%n", "1.5"), "twitter")),
                 class = "zuid_warning_invalid", regexp = "2 of 2 entries")
  expect_true(all(out %in% c("NA or not an ID", "")))
  x <- id_compose(as.POSIXct("2020-01-01", tz = "UTC"), "twitter", as = "integer64")
  out <- capture.output(id_explain(x, "twitter"))
  expect_match(out[[1]], sprintf("^%s as twitter layout", id_compose(as.POSIXct("2020-01-01", tz = "UTC"), "twitter")))
  out <- capture.output(id_explain(bit64::as.integer64(-1), "discord"))
  expect_match(out[[1]], "^18446744073709551615 as discord layout")
})

test_that("TIDs are explained to the microsecond", {
  out <- capture.output(parts <- id_explain("3l25zusnsfctk", "tid"))
  expect_match(out[[1]], "^1765551611692032816 as tid layout: 2024-08-20T16:31:35\\.793000Z$")
  expect_identical(parts$value[parts$part == "clock_id"], 816)
  later <- id_compose(as.POSIXct(1724171495.7935, origin = "1970-01-01", tz = "UTC"), "tid", as = "character")
  expect_match(capture.output(id_explain(later, "tid"))[[1]], "16:31:35\\.793500Z$")
})

test_that("no IDs explain to no parts, with the columns of parts", {
  expect_silent(parts <- id_explain(character(), "twitter"))
  utils::capture.output(one <- id_explain("1888944671579078978", "twitter"))
  expect_identical(parts, one[0L, ])
  expect_identical(vapply(parts, typeof, ""), vapply(one, typeof, ""))
})
