# id_time(), id_fields() and id_is_valid() on 96- to 160-bit IDs: each
# specification's published examples (the core's tests hold every vector;
# these check what R returns of them), every spelling a format accepts,
# mixed UUID columns, and invalid entries.

# The instant of RFC 9562's examples in appendix A: 2022-02-22T19:22:22Z.
rfc_instant_ms <- 1645557742000

test_that("RFC 9562's v1, v6 and v7 of one instant read as that instant", {
  examples <- c(
    uuidv7 = "017F22E2-79B0-7CC3-98C4-DC0C0C07398F", # appendix A.6
    uuidv6 = "1EC9414C-232A-6B00-B3C8-9F6BDECED846", # appendix A.5
    uuidv1 = "C232AB00-9414-11EC-B3C8-9F6BDECED846" # appendix A.1
  )
  for (layout in names(examples)) {
    expect_identical(id_time(examples[[layout]], layout, as = "ms"), rfc_instant_ms, info = layout)
    expect_identical(id_time(examples[[layout]], "uuid", as = "ms"), rfc_instant_ms, info = layout)
  }
})

test_that("RFC 9562's v7 example splits into its fields", {
  fields <- id_fields("017F22E2-79B0-7CC3-98C4-DC0C0C07398F", "uuidv7")
  expect_identical(names(fields), c("time", "ver", "rand_a", "var", "rand_b"))
  expect_identical(time_ms(fields$time), rfc_instant_ms)
  expect_identical(fields$ver, 7)
  expect_identical(fields$rand_a, 3267) # 0xCC3
  expect_identical(fields$var, 2)
  # 62 bits: more than a double holds, so hex text.
  expect_identical(fields$rand_b, "18c4dc0c0c07398f")
})

test_that("RFC 9562's v6 example gives its clock sequence and node", {
  fields <- id_fields("1EC9414C-232A-6B00-B3C8-9F6BDECED846", "uuidv6")
  expect_identical(fields$clock_seq, 13256) # 0x33C8
  expect_identical(fields$node, 175285648414790) # 0x9F6BDECED846
  expect_identical(fields$ver, 6)
})

test_that("UUIDv7's 12 bits after the millisecond are time only where the layout says so", {
  # RFC 9562 section 6.2 method 3: .4567 ms is written as 0x74E.
  id <- "017f22e2-79b0-774e-98c4-dc0c0c07398f"
  plain <- id_time(id, "uuidv7")
  fraction <- id_time(id, id_layout("uuidv7", sub_ms = "fraction"))
  expect_identical(as.numeric(plain) * 1000, rfc_instant_ms)
  # A POSIXct of 2022 holds about 0.24 us: the fraction reads back to
  # within that, and within 1/4096 ms of the .4567 ms that was written.
  after_ms <- (as.numeric(fraction) - as.numeric(plain)) * 1000
  expect_lt(abs(after_ms - 0x74E / 4096), 1e-3)
  expect_lt(abs(after_ms - 0.4567), 1 / 4096)
  go <- id_time(id, id_layout("uuidv7", sub_ms = "256ns"))
  expect_lt(abs((as.numeric(go) - as.numeric(plain)) - 0x74E * 256e-9), 1e-6)
  expect_identical(names(id_fields(id, id_layout("uuidv7", sub_ms = "fraction"))),
                   c("time", "ver", "var", "rand_b"))
})

test_that("every spelling of a UUID reads the same", {
  spellings <- c(
    "017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
    "017F22E2-79B0-7CC3-98C4-DC0C0C07398F",
    "017f22e279b07cc398c4dc0c0c07398f",
    "{017f22e2-79b0-7cc3-98c4-dc0c0c07398f}",
    "urn:uuid:017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
    "URN:UUID:017F22E2-79B0-7CC3-98C4-DC0C0C07398F"
  )
  expect_identical(id_time(spellings, "uuidv7", as = "ms"), rep(rfc_instant_ms, length(spellings)))
  expect_true(all(id_is_valid(spellings, "uuidv7")))
})

test_that("published ULID, SCRU128, KSUID, ObjectId and Xid examples read as their sources say", {
  cases <- list(
    # ulid/javascript's decodeTime test.
    list("ulid", "01ARZ3NDEKTSV4RRFFQ69G5FAV", 1469922850259),
    list("ulid", "01arz3ndektsv4rrffq69g5fav", 1469922850259),
    # segmentio/ksuid's README: 2017-10-09 21:00:47 -0700.
    list("ksuid", "0ujtsYcgvSTl8PAuAdqWYSMnLOv", (1400000000 + 107608047) * 1000),
    # The BSON ObjectId specification's boundaries: unsigned seconds.
    list("objectid", "7fffffff0000000000000000", 2147483647000),
    list("objectid", "800000000000000000000000", 2147483648000),
    list("objectid", "ffffffff0000000000000000", 4294967295000),
    # rs/xid's test IDs.
    list("xid", "9m4e2mr0ui3e8a215n4g", 1300816219000),
    # scru128/spec's example.
    list("scru128", "0372hg16csmsm50l8dikcvukc", 0x017fee7fef41)
  )
  for (case in cases) {
    expect_identical(id_time(case[[2]], case[[1]], as = "ms"), case[[3]], info = case[[2]])
  }
})

test_that("TypeID reads its suffix's UUIDv7 whatever its prefix", {
  # jetify-com/typeid's spec: 01h455vb4pex5vsknk084sn02q is
  # 01890a5d-ac96-774b-bcce-b302099a8057.
  t <- id_time(c("01h455vb4pex5vsknk084sn02q", "user_01h455vb4pex5vsknk084sn02q"), "typeid", as = "ms")
  expect_identical(t, rep(id_time("01890a5d-ac96-774b-bcce-b302099a8057", "uuidv7", as = "ms"), 2))
})

test_that("a uuid column reads each entry by its own version, v4 and nil with one warning", {
  x <- c("017f22e2-79b0-7cc3-98c4-dc0c0c07398f", "1ec9414c-232a-6b00-b3c8-9f6bdeced846",
         "919108f7-52d1-4320-9bac-f847db4148a8", "00000000-0000-0000-0000-000000000000", NA)
  expect_snapshot(t <- id_time(x, "uuid", as = "ms"))
  expect_identical(t, c(rfc_instant_ms, rfc_instant_ms, NA, NA, NA))
  expect_identical(id_is_valid(x, "uuid"), c(TRUE, TRUE, TRUE, TRUE, NA))
  w <- expect_warning(id_time(x[3:4], "uuid"), class = "zuid_warning_no_time")
  expect_identical(w$count, 2)
  expect_identical(w$positions, c(1, 2))
})

test_that("invalid entries are NA with one warning that says which rule each broke", {
  bad <- c(
    "017f22e2-79b0-7cc3-98c4-dc0c0c07398", # a digit short
    "017f22e2-79b0-7cc3-98c4-dc0c0c07398g", # not hex
    "017f22e2-79b0-4cc3-98c4-dc0c0c07398f", # a v4 in a v7 column
    "017f22e2-79b0-7cc3-c8c4-dc0c0c07398f" # the variant is not RFC's
  )
  for (i in seq_along(bad)) {
    expect_snapshot(id_time(bad[[i]], "uuidv7"))
  }
  expect_snapshot(id_time(c("81ARZ3NDEKTSV4RRFFQ69G5FAV", "01ARZ3NDEKTSV4RRFFQ69G5FAU!"), "ulid"))
  expect_snapshot(id_time(c("User_01h455vb4pex5vsknk084sn02q", "_01h455vb4pex5vsknk084sn02q"), "typeid"))
  w <- expect_warning(f <- id_fields(c(bad, "017f22e2-79b0-7cc3-98c4-dc0c0c07398f"), "uuidv7"),
                      class = "zuid_warning_invalid")
  expect_identical(w$count, 4)
  expect_identical(is.na(f$time), c(TRUE, TRUE, TRUE, TRUE, FALSE))
  expect_true(all(is.na(f[1:4, -1])))
})

test_that("id_is_valid() tells, without a warning", {
  expect_silent(v <- id_is_valid(c("01ARZ3NDEKTSV4RRFFQ69G5FAV", "81ARZ3NDEKTSV4RRFFQ69G5FAV", NA), "ulid"))
  expect_identical(v, c(TRUE, FALSE, NA))
})

test_that("a wide layout takes text, and says so for numbers", {
  expect_snapshot(error = TRUE, id_time(1, "uuidv7"))
  expect_snapshot(error = TRUE, id_fields(bit64::as.integer64(1), "ulid"))
})

test_that("no entry crashes, hangs or is misread: empty, huge, NUL-free junk and non-UTF-8 text", {
  huge <- strrep("0", 1e6)
  junk <- c("", " ", huge, "\u00e9", rawToChar(as.raw(c(0xff, 0xfe))), "{}", "urn:uuid:", "-")
  for (layout in c("uuidv7", "uuid", "ulid", "typeid", "scru128", "ksuid", "objectid", "xid")) {
    t <- suppressWarnings(id_time(junk, layout))
    expect_true(all(is.na(t)), info = layout)
    expect_false(any(id_is_valid(junk, layout)), info = layout)
  }
})

test_that("zero-length input gives zero-length output", {
  expect_identical(id_time(character(), "uuidv7", as = "ms"), numeric())
  expect_identical(nrow(id_fields(character(), "ksuid")), 0L)
})
