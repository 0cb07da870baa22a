# Documented IDs with their published decodings.

test_that("Discord's documented ID decodes as its API reference says", {
  fields <- id_fields("175928847299117063", "discord")
  expect_identical(names(fields), c("time", "worker", "process", "sequence"))
  expect_identical(time_ms(fields$time), 1462015105796) # 2016-04-30T11:18:25.796Z
  expect_identical(fields$worker, 1L)
  expect_identical(fields$process, 0L)
  expect_identical(fields$sequence, 7L)
  expect_identical(format(fields$time, "%Y-%m-%d %H:%M:%S"), "2016-04-30 11:18:25")
})

test_that("Twitter's example tweet ID decodes", {
  fields <- id_fields("1888944671579078978", "twitter")
  expect_identical(time_ms(fields$time), 1739194479256) # 2025-02-10T13:34:39.256Z
  expect_identical(fields$datacenter, 11L)
  expect_identical(fields$worker, 8L)
  expect_identical(fields$sequence, 322L)
})

test_that("Mastodon's example status ID decodes", {
  fields <- id_fields("103270115826048975", "mastodon")
  expect_identical(names(fields), c("time", "sequence"))
  expect_identical(time_ms(fields$time), 1575776913849) # 2019-12-08T03:48:33.849Z
  expect_identical(fields$sequence, 40911L)
})

test_that("SCRU64 text and its number decode alike", {
  layout <- id_layout("scru64", node_bits = 8)
  fields <- id_fields(c("0u2pf62ji4b9", "109959589539758421", "0U2PF62JI4B9"), layout)
  expect_identical(fields[1, ], fields[2, ], ignore_attr = TRUE)
  expect_identical(fields[1, ], fields[3, ], ignore_attr = TRUE)
  # 109959589539758421 >> 24 is 6554102274 ticks of 256 ms: 2023-03-03T13:29:42.144Z.
  expect_identical(time_ms(fields$time[[1]]), 6554102274 * 256)
  expect_identical(fields$node[[1]], 42L)
  expect_identical(fields$sequence[[1]], 16725L)
})

test_that("the time is POSIXct in UTC, identical to id_fields()$time", {
  ids <- c("175928847299117063", "176120502681600000")
  t <- id_time(ids, "discord")
  expect_s3_class(t, "POSIXct")
  expect_identical(attr(t, "tzone"), "UTC")
  expect_identical(t, id_fields(ids, "discord")$time)
  expect_identical(time_ms(t[[2]]), 1462060800000) # 2016-05-01T00:00:00.000Z
})

test_that("every input type gives the same fields", {
  skip_if_not_installed("bit64")
  id <- "1888944671579078978"
  from_text <- id_fields(id, "twitter")
  expect_identical(id_fields(bit64::as.integer64(id), "twitter"), from_text)
  small <- "4194304123" # below 2^53: exact as a double and as text
  expect_identical(id_fields(4194304123, "twitter"), id_fields(small, "twitter"))
  expect_identical(id_fields(4194304L, "discord"), id_fields("4194304", "discord"))
})
