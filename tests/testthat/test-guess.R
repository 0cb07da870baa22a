now <- as.POSIXct("2026-01-01", tz = "UTC")

test_that("Twitter's 2025 IDs rule out Discord, whose reading lands in 2029", {
  tweets <- c("1888944671579078978", "1888944671579078979", "1888944671579079000")
  guess <- id_guess_layout(tweets, now = now)
  expect_s3_class(guess, c("zuid_guess", "data.frame"))
  row <- function(name) guess[guess$layout == name, ]
  expect_identical(row("twitter")$plausible, 1)
  expect_identical(row("twitter")$verdict, "most plausible")
  expect_identical(row("discord")$plausible, 0)
  expect_identical(row("discord")$verdict, "ruled out")
  expect_identical(format(row("discord")$first, "%Y"), "2029")
  ruled_out <- c("discord", "mastodon", "scru64", "sonyflake", "tid", "sonyflake_v2", "tsid", "yitter")
  expect_identical(guess$layout[[nrow(guess)]] %in% ruled_out, TRUE)
})

test_that("Discord's 2016 IDs stay ambiguous: as Twitter's they are just as plausible", {
  guess <- id_guess_layout("175928847299117063", now = now)
  row <- function(name) guess[guess$layout == name, ]
  expect_identical(row("discord")$plausible, 1)
  expect_identical(row("twitter")$plausible, 1)
  expect_identical(format(row("twitter")$first, "%Y"), "2012")
})

test_that("the printed table says a layout cannot be proven", {
  out <- capture.output(print(id_guess_layout("175928847299117063", now = now)))
  expect_match(out[[1]], "A layout cannot be proven from numbers, only made likely", fixed = TRUE)
})

test_that("IDs invalid for a layout are not plausible under it", {
  guess <- id_guess_layout("18446744073709551615", layouts = list("twitter", "discord"),
                           now = as.POSIXct("2300-01-01", tz = "UTC"))
  expect_identical(guess$plausible[guess$layout == "twitter"], 0)
  expect_identical(guess$plausible[guess$layout == "discord"], 1)
})

test_that("candidate layouts may be named and custom", {
  mine <- id_layout(time = list(bits = 41, unit = "ms", epoch = as.POSIXct("2020-01-01", tz = "UTC")),
                    fields = list(node = 10), sequence = 12)
  guess <- id_guess_layout("175928847299117063", layouts = list(ours = mine, "discord"), now = now)
  expect_setequal(guess$layout, c("ours", "discord"))
  expect_error(id_guess_layout("1", layouts = list()), class = "zuid_error_layout")
  expect_error(id_guess_layout("1", now = "2020"), class = "zuid_error_type")
  expect_error(id_guess_layout(list(1)), class = "zuid_error_type")
})

test_that("NA_integer64_ is missing without bit64 attached", {
  x <- id_compose(as.POSIXct(c("2020-01-01", NA), tz = "UTC"), "twitter", as = "integer64")
  expect_false("package:bit64" %in% search())
  guess <- id_guess_layout(x, layouts = "twitter", now = now)
  expect_identical(unclass(guess)$plausible, 1)
})

test_that("TID text is recognised: only the tid layout reads it", {
  guess <- id_guess_layout(c("3l25zusnsfctk", "3jzfcijpj2z2a", NA), now = now)
  expect_identical(guess$layout[[1]], "tid")
  expect_identical(guess$plausible[[1]], 1)
  expect_true(all(guess$plausible[-1] == 0))
  expect_identical(format(guess$last[[1]], "%Y"), "2024")
})

test_that("TIDs as numbers are plausible as TIDs; tweets of 2025 are not", {
  tids <- id_from_tid(c("3l25zusnsfctk", "3l25zusnsfck2"), as = "character")
  row <- function(guess, name) guess[guess$layout == name, ]
  expect_identical(row(id_guess_layout(tids, now = now), "tid")$plausible, 1)
  tweets <- c("1888944671579078978", "1888944671579078979")
  expect_identical(row(id_guess_layout(tweets, now = now), "tid")$plausible, 0)
})

test_that("a zuid_id's own layout is one more guess, not an error", {
  tweets <- c("1888944671579078978", "1888944671579078979")
  carried <- id_guess_layout(as_zuid_id(tweets, "discord"), now = now)
  expect_identical(carried, id_guess_layout(tweets, now = now))
})

test_that("one layout is a list of one candidate", {
  ids <- c("1888944671579078978", "1888944671579078979")
  expect_identical(id_guess_layout(ids, layouts = id_layout("twitter"), now = now),
                   id_guess_layout(ids, layouts = list(id_layout("twitter")), now = now))
})

test_that("IDs whose bits are NaN doubles count as IDs", {
  # 2^64 - 1 is a Discord ID of 2154, a Twitter ID with its sign bit set.
  guess <- id_guess_layout(bit64::as.integer64("-1"), layouts = c("discord", "twitter"), now = now)
  expect_identical(unclass(guess)$plausible, c(0, 0))
  expect_identical(format(guess$first[guess$layout == "discord"], "%Y", tz = "UTC"), "2154")
})

test_that("a reading from before its platform began is not plausible", {
  # Discord's documented ID and one of 2023: as LinkedIn IDs of the 1970s,
  # as TIDs of 1975 to 2006, as TikTok's of the 1970s.
  ids <- c("175928847299117063", "1180000000000000001")
  guess <- id_guess_layout(ids, now = now)
  row <- function(name) guess[guess$layout == name, ]
  for (name in c("linkedin", "tid", "tiktok")) expect_identical(row(name)$plausible, 0, info = name)
  expect_identical(row("discord")$verdict, "most plausible")
  # TIDs of 2024 are after the AT Protocol began: still plausible as TIDs.
  tids <- id_from_tid(c("3l25zusnsfctk", "3l25zusnsfck2"), as = "character")
  tid_guess <- id_guess_layout(tids, now = now)
  expect_identical(tid_guess$verdict[tid_guess$layout == "tid"], "most plausible")
  expect_snapshot(print(guess))
})
