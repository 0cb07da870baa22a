# Times as people type them: ISO 8601 text and Dates wherever a function
# takes a time, read by the core (text without a zone is UTC).

utc <- function(x) as.POSIXct(x, tz = "UTC", format = "%Y-%m-%d %H:%M:%OS")

test_that("ISO 8601 text gives the IDs of the same POSIXct", {
  # Each row: a text, and the UTC time it names (from its offset by hand).
  rows <- list(
    c("2024-03-05", "2024-03-05 00:00:00"),
    c("2024-03-05 10:00", "2024-03-05 10:00:00"),
    c("2024-03-05T10:00", "2024-03-05 10:00:00"),
    c("2024-03-05 10:00:00", "2024-03-05 10:00:00"),
    c("2024-03-05T10:00:00Z", "2024-03-05 10:00:00"),
    c("2024-03-05T11:00:00+01:00", "2024-03-05 10:00:00"),
    c("2024-03-05T05:00:00-0500", "2024-03-05 10:00:00"),
    c("2024-03-05 10:00:00 +0000", "2024-03-05 10:00:00"),
    c("2024-03-05 10:00:00.256", "2024-03-05 10:00:00.256"),
    c("2016-04-30T11:18:25.796Z", "2016-04-30 11:18:25.796")
  )
  for (row in rows) {
    for (layout in c("twitter", "discord", "instagram", "mastodon")) {
      expect_identical(id_from_time(row[[1]], layout), id_from_time(utc(row[[2]]), layout),
                       info = paste(row[[1]], layout))
    }
  }
  text <- vapply(rows, `[[`, "", 1L)
  expect_identical(id_compose(text, "discord", worker = 1, sequence = 7),
                   id_compose(utc(vapply(rows, `[[`, "", 2L)), "discord", worker = 1, sequence = 7))
})

test_that("text keeps every microsecond of a TID, floored from its digits", {
  # A TID's time is its bits 10 to 62: microseconds times 1024 (the
  # AT Protocol's TID specification).
  rows <- list(
    c("2024-08-20T16:31:35.793016Z", "1724171495793016"),
    c("2024-08-20T16:31:35.7930169999Z", "1724171495793016"),
    c("2024-08-20T16:31:35.793016999Z", "1724171495793016"),
    c("2024-08-20 18:31:35.000001+02:00", "1724171495000001"),
    c("2023-01-01T00:00:00.999999Z", "1672531200999999")
  )
  for (row in rows) {
    want <- as.character(bit64::as.integer64(row[[2]]) * 1024L)
    expect_identical(id_from_time(row[[1]], "tid", as = "character"), want, info = row[[1]])
  }
})

test_that("Dates, text and NA text mix as times", {
  expect_identical(id_from_time("2016-05-01", "discord"), id_from_time(as.Date("2016-05-01"), "discord"))
  expect_identical(as.character(id_from_time(c("2016-05-01", NA), "discord")), c("176120502681600000", NA))
  expect_identical(id_from_time(character(), "discord"), id_from_time(as.POSIXct(character()), "discord"))
})

test_that("id_sql_range() and id_filter_time() take text and Dates", {
  expect_identical(id_sql_range("2024-03-05", "2024-03-06 01:00+01:00", "twitter"),
                   id_sql_range(as.Date("2024-03-05"), utc("2024-03-06 00:00:00"), "twitter"))
  t <- utc(c("2024-03-04 23:59:59.999", "2024-03-05 00:00:00", "2024-03-05 23:59:59.999", "2024-03-06"))
  df <- data.frame(id = id_from_time(t, "twitter", as = "character"))
  expect_identical(id_filter_time(df, "id", "2024-03-05", as.Date("2024-03-06"), "twitter")$id,
                   df$id[2:3])
})

test_that("text that is no time is an error naming the argument and entry", {
  bad <- c("2024-03-05", "yesterday", "2024-02-30", "2024-03-05 25:00", "2024-03-05 10:00 CET",
           "2024-03-05 10:00:00Z!")
  for (i in 2:6) {
    err <- expect_error(id_from_time(bad[c(1, i)], "twitter"), class = "zuid_error_time_text")
    expect_identical(err$positions, 2L)
    expect_identical(err$arg, "time")
  }
  err <- expect_error(id_compose(bad, "discord"), class = "zuid_error_type")
  expect_identical(err$count, 5L)
  expect_snapshot(error = TRUE, {
    id_from_time(bad, "twitter")
    id_compose("05/03/2024", "discord")
    id_from_time("2024-03-05 10:00:00 CET", "twitter")
    id_sql_range(from = "2024-03-05", to = "2024-03-06T", layout = "twitter")
    id_filter_time(data.frame(id = "1"), "id", from = "2024-02-30", layout = "twitter")
    id_from_time(factor("2024-03-05"), "twitter")
    id_sql_range(from = 1, to = NULL, layout = "twitter")
  })
})
