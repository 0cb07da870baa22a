# The times of values that lost digits: every ID that rounds to a value has
# its time within the bounds id_time_bounds() gives, whatever rounded it (a
# double, a spreadsheet that truncates or rounds to 15 digits, scientific
# text), and an exact ID has its own time twice.

utc <- function(x) as.POSIXct(x, tz = "UTC")

# Random IDs of a layout in a recent year, as integer64.
recent_ids <- function(layout, n, from = "2023-06-01") {
  t <- utc(from) + stats::runif(n, 0, 500 * 86400)
  fields <- names(layout$bits)[layout$kinds == "node"]
  nodes <- lapply(fields, function(f) floor(stats::runif(n, 0, 2^min(layout$bits[[f]], 30))))
  seq <- if (layout$bits[["sequence"]] > 0) floor(stats::runif(n, 0, 2^layout$bits[["sequence"]])) else 0
  do.call(id_compose, c(list(t, layout), stats::setNames(nodes, fields), list(sequence = seq, as = "integer64")))
}

# What each kind of damage makes of IDs: text (or doubles).
truncated_15 <- function(x) {
  text <- as.character(x)
  digits <- nchar(text)
  paste0(substr(text, 1, 15), strrep("0", pmax(digits - 15, 0)))
}
rounded_15 <- function(x) {
  digits <- nchar(as.character(x))
  step <- bit64::as.integer64(10)^pmax(digits - 15L, 0L)
  as.character(((x + step %/% 2L) %/% step) * step)
}
damages <- list(
  double = function(x) as.numeric(as.character(x)),
  excel = truncated_15,
  rounded_15 = rounded_15,
  `%.15g` = function(x) sprintf("%.15g", as.numeric(as.character(x))),
  `Excel's E+18` = function(x) sprintf("%.14E", as.numeric(truncated_15(x))),
  `write.csv's e+18` = function(x) sprintf("%.7e", as.numeric(as.character(x)))
)

test_that("every ID's time lies within the bounds of what rounding made of it", {
  set.seed(301)
  for (name in c("twitter", "discord", "instagram", "mastodon", "tsid", "tid", "baidu")) {
    layout <- id_layout(name)
    ids <- recent_ids(layout, 300)
    truth <- id_time(ids, layout, as = "ms")
    for (how in names(damages)) {
      bounds <- id_time_bounds(damages[[how]](ids), layout)
      label <- paste(name, how)
      expect_false(anyNA(bounds$earliest), label = label)
      earliest <- zuid:::floor_ms(bounds$earliest)
      expect_true(all(earliest <= truth & truth <= zuid:::floor_ms(bounds$latest)), label = label)
      expect_false(all(bounds$exact), label = label)
    }
  }
})

test_that("an exact ID's bounds are its time, as id_time() gives it", {
  set.seed(302)
  for (name in c("twitter", "tid", "mastodon")) {
    ids <- recent_ids(id_layout(name), 50)
    for (x in list(ids, format(as_zuid_id(ids)))) {
      bounds <- id_time_bounds(x, name)
      expect_identical(bounds$earliest, id_time(x, name))
      expect_identical(bounds$latest, id_time(x, name))
      expect_true(all(bounds$exact))
    }
  }
  # A zuid_id carries its layout; doubles below 2^53 are exact.
  expect_identical(id_time_bounds(as_zuid_id("175928847299117063", "discord"))$exact, TRUE)
  # Numbers below where the layout's IDs begin hold no time, as in decoding.
  expect_warning(early <- id_time_bounds(c(4096, 29700859247), "twitter"), class = "zuid_warning_before_layout")
  expect_identical(early$earliest, suppressWarnings(id_time(c(4096, 29700859247), "twitter")))
  expect_identical(early$earliest, rep(.POSIXct(NA_real_, "UTC"), 2))
  # A rounded value that may stand for the first IDs bounds only those.
  first <- id_time_bounds("2.97008592e10", "twitter")
  expect_identical(first$earliest, id_time("29700859248", "twitter"))
  # SCRU64 and TID text are exact.
  expect_true(id_time_bounds("0u2pf62ji4b9", id_layout("scru64", node_bits = 8))$exact)
  expect_true(id_time_bounds("3l25zusnsfck2", "tid")$exact)
})

test_that("a tweet ID through a spreadsheet: the worked example", {
  # 1294030472427830433 kept as 15 digits: %.15g's nearest doubles reach down
  # to ...825024, Excel's truncation up to ...839999 (see the core's tests).
  bounds <- id_time_bounds("1294030472427830000", "twitter")
  expect_identical(zuid:::floor_ms(bounds$earliest), id_time("1294030472427825024", "twitter", as = "ms"))
  expect_identical(zuid:::floor_ms(bounds$latest), id_time("1294030472427839999", "twitter", as = "ms"))
  expect_false(bounds$exact)
  # The double read.csv() makes of it: the integers nearest to it.
  d <- id_time_bounds(1294030472427830433, "twitter")
  expect_identical(zuid:::floor_ms(d$earliest), id_time("1294030472427830272", "twitter", as = "ms"))
  expect_identical(zuid:::floor_ms(d$latest), id_time("1294030472427830527", "twitter", as = "ms"))
})

test_that("through_double reads every value of 2^53 or more as a double's", {
  set.seed(303)
  ids <- recent_ids(id_layout("discord"), 200)
  back <- bit64::as.integer64(as.numeric(as.character(ids)))
  truth <- id_time(ids, "discord", as = "ms")
  # The column shows it (its zero low bits), and is read so by itself.
  exact <- id_time_bounds(back, "discord")
  expect_false(any(exact$exact))
  expect_true(all(exact$earliest <= truth / 1000 & truth / 1000 <= exact$latest))
  wide <- id_time_bounds(back, "discord", through_double = TRUE)
  expect_false(any(wide$exact))
  expect_true(all(zuid:::floor_ms(wide$earliest) <= truth & truth <= zuid:::floor_ms(wide$latest)))
  # As text, too, and below 2^53 nothing changes.
  expect_identical(id_time_bounds(as.character(back), "discord", through_double = TRUE), wide)
  expect_true(id_time_bounds("4096", "discord", through_double = TRUE)$exact)
})

test_that("what stands for no ID of the layout is NA, counted once", {
  x <- c("1294030472427830000", NA, "x", "1e30", "1.5e0", "9.3e18", "99999999999999999999")
  expect_snapshot(cnd_class = TRUE, bounds <- id_time_bounds(x, "twitter"))
  expect_identical(is.na(bounds$earliest), c(FALSE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE))
  expect_identical(bounds$exact, c(FALSE, NA, NA, NA, NA, NA, NA))
  # Without a sign bit, 9.3e18 is a Discord ID's range; above 2^63 the
  # Twitter layout's bounds end at its last ID.
  expect_false(is.na(id_time_bounds("9.3e18", "discord")$earliest))
  top <- id_time_bounds("9.2e18", "twitter")
  expect_identical(zuid:::floor_ms(top$latest), id_time("9223372036854775807", "twitter", as = "ms"))
  expect_identical(nrow(id_time_bounds(character(), "twitter")), 0L)
})

test_that("wrong arguments are errors", {
  expect_snapshot(cnd_class = TRUE, error = TRUE, {
    id_time_bounds("1294030472427830000")
    id_time_bounds("1294030472427830000", "twitter", through_double = NA)
    id_time_bounds(list(1), "twitter")
  })
})

test_that("id_time() on doubles points to id_time_bounds()", {
  cnd <- tryCatch(id_time(2^60, "twitter"), error = identity)
  expect_s3_class(cnd, "zuid_error_precision")
  expect_match(conditionMessage(cnd), "id_time_bounds()", fixed = TRUE)
})

test_that("six significant digits and zeros bound the true time in every form", {
  # A tweet of 2016 as a narrow spreadsheet column saved it: 7.02608E+17.
  tick <- bit64::as.integer64("702608000000000000") %/% bit64::as.integer64(2^22) + 20123
  tweet <- format(tick * bit64::as.integer64(2^22) + 10 * 2^17 + 23 * 2^12 + 1)
  truth <- id_time(tweet, "twitter")
  saved <- "702608000000000000"
  for (x in list(saved, bit64::as.integer64(saved), as_zuid_id(saved, "twitter"), as.numeric(saved))) {
    b <- id_time_bounds(x, "twitter")
    expect_false(b$exact)
    expect_true(b$earliest <= truth && truth <= b$latest)
  }
  expect_snapshot(id_time_bounds(saved, "twitter"))
})
