# The printed examples of id_layout()'s reference page, character for character.

test_that("twitter prints as the reference page shows", {
  expect_identical(capture.output(print(id_layout("twitter"))), c(
    "<zuid_layout twitter>",
    "| sign 1 | time 41 | datacenter 5 | worker 5 | sequence 12 |",
    "time: ms units from 2010-11-04T01:42:54.657Z"
  ))
})

test_that("scru64 prints as the reference page shows", {
  expect_identical(capture.output(print(id_layout("scru64", node_bits = 8))), c(
    "<zuid_layout scru64>",
    "| sign 1 | time 39 | node 8 | sequence 16 |",
    "time: 256ms units from 1970-01-01T00:00:00.000Z"
  ))
})

test_that("a custom layout prints as the reference page shows", {
  layout <- id_layout(
    time = list(bits = 41, unit = "ms", epoch = 0),
    fields = list(worker = 10),
    sequence = 12
  )
  expect_identical(capture.output(print(layout)), c(
    "<zuid_layout custom>",
    "| sign 1 | time 41 | worker 10 | sequence 12 |",
    "time: ms units from 1970-01-01T00:00:00.000Z"
  ))
})

test_that("mastodon and sonyflake print their parts in order", {
  expect_identical(format(id_layout("mastodon"))[[2]], "| time 48 | sequence 16 |")
  sonyflake <- id_layout("sonyflake", epoch = as.POSIXct("2014-09-01", tz = "UTC"))
  expect_identical(format(sonyflake), c(
    "<zuid_layout sonyflake>",
    "| sign 1 | time 39 | sequence 8 | machine 16 |",
    "time: 10ms units from 2014-09-01T00:00:00.000Z"
  ))
})

test_that("discord and instagram use all 64 bits", {
  expect_identical(format(id_layout("discord")), c(
    "<zuid_layout discord>",
    "| time 42 | worker 5 | process 5 | sequence 12 |",
    "time: ms units from 2015-01-01T00:00:00.000Z"
  ))
  expect_identical(format(id_layout("instagram")), c(
    "<zuid_layout instagram>",
    "| time 41 | shard 13 | sequence 10 |",
    "time: ms units from 2011-08-24T21:07:01.721Z"
  ))
})

test_that("print() returns the layout invisibly", {
  layout <- id_layout("discord")
  output <- capture.output(result <- withVisible(print(layout)))
  expect_false(result$visible)
  expect_identical(result$value, layout)
  expect_identical(output, format(layout))
})

test_that("every unit prints by name", {
  for (unit in c("ms", "10ms", "256ms", "s")) {
    layout <- id_layout(time = list(bits = 38, unit = unit, epoch = 0), sequence = 25)
    expect_identical(format(layout)[[3]], sprintf("time: %s units from 1970-01-01T00:00:00.000Z", unit))
  }
})

test_that("printed epochs come from whole milliseconds", {
  # 1288834974.657 as a double is 1288834974.65699..., which %OS3 truncates.
  epoch <- as.POSIXct(1288834974.657, origin = "1970-01-01", tz = "UTC")
  layout <- id_layout(time = list(bits = 41, unit = "ms", epoch = epoch), sequence = 22)
  expect_identical(layout$epoch_ms, 1288834974657)
  expect_match(format(layout)[[3]], "2010-11-04T01:42:54.657Z", fixed = TRUE)

  before_1970 <- id_layout(time = list(bits = 51, unit = "ms", epoch = -1), sequence = 12)
  expect_match(format(before_1970)[[3]], "1969-12-31T23:59:59.999Z", fixed = TRUE)
  far <- id_layout(time = list(bits = 51, unit = "ms", epoch = 253402300799999), sequence = 12)
  expect_match(format(far)[[3]], "9999-12-31T23:59:59.999Z", fixed = TRUE)
})

test_that("a sequence of 0 bits takes no bits: not printed, but a column and a part all the same", {
  layout <- id_layout(time = list(bits = 48, unit = "ms", epoch = 0),
                      fields = c(node = 16), sequence = 0, sign_bit = FALSE)
  expect_identical(format(layout)[[2]], "| time 48 | node 16 |")
  expect_identical(format(id_layout("tid"))[[2]], "| sign 1 | time 53 | clock_id 10 |")
  expect_false(any(grepl("sequence", capture.output(print(summary(id_layout("tid")))))))
  expect_false(any(grepl("sequence", capture.output(id_explain("3l25zusnsfck2", "tid")))))
  # Every layout decodes to the same columns, and lists all its parts.
  expect_identical(id_fields("3l25zusnsfck2", "tid")$sequence, 0L)
  expect_identical(as.data.frame(id_layout("tid"))$bits[[4]], 0L)
  expect_identical(id_compose(as.POSIXct("2024-01-01", tz = "UTC"), "tid", sequence = 0L),
                   id_compose(as.POSIXct("2024-01-01", tz = "UTC"), "tid"))
})

test_that("an epoch off its unit's grid prints where tick 0 starts, and the epoch", {
  sony <- id_layout("sonyflake", epoch = as.POSIXct("2020-06-15 12:34:56.789", tz = "UTC"))
  expect_identical(format(sony), c(
    "<zuid_layout sonyflake>",
    "| sign 1 | time 39 | sequence 8 | machine 16 |",
    "time: 10ms units from 2020-06-15T12:34:56.780Z",
    "epoch: 2020-06-15T12:34:56.789Z, floored to a whole number of 10ms units since 1970"
  ))
  # On the grid, three lines as ever.
  expect_length(format(id_layout("sonyflake", epoch = as.Date("2025-01-01"))), 3L)
})

test_that("every new kind of layout prints as its snapshot shows", {
  expect_snapshot({
    id_layout("tid")
    id_layout("bluesky")
    id_layout("sonyflake", epoch = as.POSIXct("2020-06-15 12:34:56.789", tz = "UTC"))
    id_layout(name = "acme", time = list(bits = 39, unit = "5ms", epoch = 1735689600003),
              fields = list(sequence = 8, machine = 16))
    id_layout(time = list(bits = 40, unit = "100ms", epoch = as.Date("2001-01-01")),
              fields = list(zone = 6, sequence = 10, host = 8), sign_bit = FALSE)
    id_layout(name = "events", time = list(bits = 52, unit = "us", epoch = as.Date("2020-01-01")),
              fields = list(node = 11), sequence = 0)
    id_layout(name = "sensors", time = list(bits = 32, unit = "s", epoch = 1500),
              fields = list(sequence = 16, sensor = 15))
  })
})
