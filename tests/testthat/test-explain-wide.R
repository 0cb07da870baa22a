# id_explain() and plot() of the 96- to 160-bit layouts. Each vector names
# its source.

# RFC 9562 appendix A.6: the UUIDv7 example, made at 2022-02-22T19:22:22Z.
rfc_v7 <- "017f22e2-79b0-7cc3-98c4-dc0c0c07398f"

test_that("id_explain() shows a wide ID's parts, in any spelling, with its time", {
  op <- options(zuid.colour = FALSE)
  on.exit(options(op))
  expect_snapshot({
    id_explain(c("017F22E2-79B0-7CC3-98C4-DC0C0C07398F", "{017f22e279b07cc398c4dc0c0c07398f}"), "uuidv7")
    id_explain("017f22e2-79b0-774e-8000-000000000000", id_layout("uuidv7", sub_ms = "fraction"))
    # segmentio/ksuid README, rs/xid id_test.go, ulid/javascript, scru128/spec.
    id_explain("0ujtsYcgvSTl8PAuAdqWYSMnLOv", "ksuid")
    id_explain("9m4e2mr0ui3e8a215n4g", "xid")
    id_explain(as_zuid_id("01ARYZ6S41TSV4RRFFQ69G5FAV", "ulid"))
    id_explain("0372hg16csmsm50l8dikcvukc", "scru128")
    # RFC 9562 A.5, the BSON ObjectId specification, jetify-com/typeid.
    id_explain("urn:uuid:1EC9414C-232A-6B00-B3C8-9F6BDECED846", "uuidv6")
    id_explain("7FFFFFFF0000000000000000", "objectid")
    id_explain("prefix_01h455vb4pex5vsknk084sn02q", "typeid")
  })
})

test_that("a uuid layout explains each entry by its own version", {
  op <- options(zuid.colour = FALSE)
  on.exit(options(op))
  # RFC 9562 A.1 (v1) and B.1 (v4, which carries no time).
  expect_snapshot(parts <- id_explain(c("C232AB00-9414-11EC-B3C8-9F6BDECED846",
                                        "919108f7-52d1-4320-9bac-f847db4148a8"), "uuid"))
  expect_identical(parts$part[parts$id == 1], c("time_low", "time_mid", "ver", "time_high", "var", "clock_seq", "node"))
  expect_identical(parts$part[parts$id == 2], c("other", "ver", "other", "var", "other"))
  expect_identical(as.vector(tapply(parts$bits, parts$id, sum)), c(128L, 128L))
})

test_that("id_explain() of a wide ID returns its parts invisibly, exact", {
  op <- options(zuid.colour = FALSE)
  on.exit(options(op))
  shown <- capture.output(result <- withVisible(id_explain(rfc_v7, "uuidv7")))
  expect_false(result$visible)
  parts <- result$value
  expect_identical(names(parts), c("id", "part", "kind", "bits", "offset", "value", "hex"))
  expect_identical(parts$part, c("unix_ts_ms", "ver", "rand_a", "var", "rand_b"))
  expect_identical(parts$kind, c("time", "version", "random", "variant", "random"))
  expect_identical(parts$offset, c(80L, 76L, 64L, 62L, 0L))
  # rand_b has 62 bits: no double holds it, its hex does.
  expect_identical(parts$value, c(0x017F22E279B0, 7, 0xCC3, 2, NA))
  expect_identical(parts$hex[[5]], "18c4dc0c0c07398f")
  expect_identical(nchar(gsub(" ", "", shown[[2]])), 128L)
  expect_match(shown[[1]], "^017f22e2-79b0-7cc3-98c4-dc0c0c07398f as uuidv7 layout: 2022-02-22T19:22:22.000Z$")
  expect_match(shown[[7]], "rand_b +62 bits at +0  0x18c4dc0c0c07398f$")
})

test_that("invalid wide entries are explained as such, with the one warning", {
  op <- options(zuid.colour = FALSE)
  on.exit(options(op))
  expect_snapshot(parts <- id_explain(c(rfc_v7, "01ARYZ6S41", NA), "uuidv7"))
  expect_identical(unique(parts$id), 1L)
  expect_snapshot(id_explain(1, "ulid"), error = TRUE)
  expect_snapshot(id_explain(as_zuid_id(rfc_v7, "uuidv7"), "ulid"), error = TRUE)
})

test_that("plot() draws a wide layout's bits", {
  path <- tempfile(fileext = ".pdf")
  on.exit(unlink(path))
  grDevices::pdf(path)
  for (name in c("uuidv7", "uuidv1", "uuid", "ksuid", "xid", "typeid")) {
    result <- withVisible(plot(id_layout(name)))
    expect_false(result$visible)
    expect_identical(result$value, id_layout(name))
  }
  plot(id_layout("uuidv7", sub_ms = "256ns"), main = "UUIDv7 (Go)")
  grDevices::dev.off()
  expect_gt(file.size(path), 3000)
})

test_that("wide layouts compare as their name and sub_ms", {
  expect_true(id_layout("uuidv7") == "uuidv7")
  expect_false(id_layout("uuidv7") == id_layout("uuidv7", sub_ms = "fraction"))
  expect_false(id_layout("ulid") == "typeid")
  expect_false(id_layout("uuidv7") == "twitter")
})
