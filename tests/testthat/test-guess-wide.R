# id_guess_layout() on text of 96- to 160-bit IDs: each format reads only
# its own text, and a time before the format existed or after `now` is not
# plausible. 64-bit guesses are test-guess.R's and stay as they were.

now <- as.POSIXct("2026-01-01", tz = "UTC")

top <- function(guess) guess$layout[guess$verdict == "most plausible"]

test_that("RFC 9562's UUIDs are told apart by their version", {
  expect_identical(top(id_guess_layout("017f22e2-79b0-7cc3-98c4-dc0c0c07398f", now = now)), "uuidv7")
  expect_identical(top(id_guess_layout("1EC9414C-232A-6B00-B3C8-9F6BDECED846", now = now)), "uuidv6")
  expect_identical(top(id_guess_layout("{c232ab00-9414-11ec-b3c8-9f6bdeced846}", now = now)), "uuidv1")
  guess <- id_guess_layout(c("017f22e279b07cc398c4dc0c0c07398f", "c232ab00-9414-11ec-b3c8-9f6bdeced846"),
                           now = now)
  expect_s3_class(guess, c("zuid_guess", "data.frame"))
  expect_identical(names(guess), c("layout", "plausible", "first", "last", "verdict"))
  expect_identical(guess$layout[1:2], c("uuidv1", "uuidv7"))
  expect_identical(guess$plausible[1:2], c(0.5, 0.5))
  expect_true(all(guess$verdict[-(1:2)] == "ruled out"))
  expect_false("uuid" %in% guess$layout)
})

test_that("every other format is found by its text", {
  cases <- list(
    ulid = "01ARYZ6S41TSV4RRFFQ69G5FAV",
    typeid = "prefix_01h455vb4pex5vsknk084sn02q",
    ksuid = "0ujtsYcgvSTl8PAuAdqWYSMnLOv",
    objectid = "507f1f77bcf86cd799439011",
    xid = "coooc0hq2p8d1t8gbulg",
    scru128 = "036z951mhjikzik2gsl81gr7l"
  )
  for (name in names(cases)) {
    guess <- id_guess_layout(cases[[name]], now = now)
    expect_identical(top(guess), name, label = name)
    expect_identical(sum(guess$plausible > 0), 1L, label = name)
  }
  # A lowercase ULID is a TypeID without a prefix as well.
  expect_setequal(top(id_guess_layout("01h455vb4pex5vsknk084sn02q", now = now)), c("typeid", "ulid"))
})

test_that("a time before the format existed or after now is not plausible", {
  # A ULID written in seconds: 1970 under "ulid".
  seconds <- id_from_time(as.POSIXct("1970-01-21", tz = "UTC"), "ulid", as = "character")
  guess <- id_guess_layout(seconds, now = now)
  expect_identical(guess$plausible[guess$layout == "ulid"], 0)
  expect_identical(format(guess$first[guess$layout == "ulid"], "%Y"), "1970")
  expect_true(all(guess$verdict == "ruled out"))
  ahead <- id_from_time(as.POSIXct("2030-01-01", tz = "UTC"), "uuidv7", as = "character")
  expect_identical(id_guess_layout(ahead, now = now)$plausible[[1]], 0)
  expect_identical(top(id_guess_layout(ahead, now = as.POSIXct("2031-01-01", tz = "UTC"))), "uuidv7")
})

test_that("an ID vector of a wide layout is guessed from its text, its layout no answer", {
  ids <- as_zuid_id("017f22e2-79b0-7cc3-98c4-dc0c0c07398f", "uuidv7")
  expect_identical(top(id_guess_layout(ids, now = now)), "uuidv7")
  # Wide layouts given by name are tried on any text.
  guess <- id_guess_layout("01ARYZ6S41TSV4RRFFQ69G5FAV", layouts = c("ulid", "discord"), now = now)
  expect_identical(guess$layout, c("ulid", "discord"))
  expect_identical(guess$verdict, c("most plausible", "ruled out"))
})

test_that("decimal text is still guessed among the 64-bit layouts", {
  guess <- id_guess_layout(c("1888944671579078978", "12345678901234567890"), now = now)
  expect_true("twitter" %in% guess$layout)
  expect_false("ulid" %in% guess$layout)
})

test_that("what the guess of wide IDs prints", {
  expect_snapshot(print(id_guess_layout(c("017f22e2-79b0-7cc3-98c4-dc0c0c07398f", "01ARYZ6S41TSV4RRFFQ69G5FAV"),
                                        now = now)))
})
