# The 96- to 160-bit layouts: made by the core from each specification's
# facts, printed as the 64-bit ones are, checked however they were edited.

test_that("each format prints its parts as its specification lays them out", {
  expect_snapshot({
    id_layout("uuidv7")
    id_layout("uuidv7", sub_ms = "fraction")
    id_layout("uuidv6")
    id_layout("uuidv1")
    id_layout("uuid")
    id_layout("ulid")
    id_layout("typeid")
    id_layout("scru128")
    id_layout("ksuid")
    id_layout("objectid")
    id_layout("xid")
  })
})

test_that("the parts add up to each format's width", {
  widths <- c(uuidv7 = 128, uuidv6 = 128, uuidv1 = 128, ulid = 128, typeid = 128,
              scru128 = 128, ksuid = 160, objectid = 96, xid = 96)
  for (name in names(widths)) {
    layout <- id_layout(name)
    expect_identical(sum(layout$bits), as.integer(widths[[name]]), info = name)
    expect_identical(layout$width, as.integer(widths[[name]]), info = name)
  }
})

test_that("names are matched in any case and work wherever a layout is taken", {
  expect_identical(id_layout("UUIDv7"), id_layout("uuidv7"))
  expect_identical(id_time("01ARZ3NDEKTSV4RRFFQ69G5FAV", "ULID"),
                   id_time("01ARZ3NDEKTSV4RRFFQ69G5FAV", id_layout("ulid")))
})

test_that("a layout survives saveRDS() and is equal to a new one", {
  path <- tempfile(fileext = ".rds")
  saveRDS(id_layout("uuidv7", sub_ms = "256ns"), path)
  expect_identical(readRDS(path), id_layout("uuidv7", sub_ms = "256ns"))
})

test_that("sub_ms is UUIDv7's alone, and one of its three choices", {
  expect_snapshot(error = TRUE, id_layout("ulid", sub_ms = "fraction"))
  expect_snapshot(error = TRUE, id_layout("uuidv7", sub_ms = "4096"))
  expect_snapshot(error = TRUE, id_layout("twitter", sub_ms = "fraction"))
})

test_that("a wide layout takes none of the 64-bit layouts' arguments", {
  expect_snapshot(error = TRUE, id_layout("ksuid", epoch = 0))
  expect_snapshot(error = TRUE, id_layout("uuidv7", node_bits = 8, sequence = 12))
})

test_that("an edited layout object is refused by every function that takes it", {
  edited <- id_layout("uuidv7")
  edited$bits[["rand_b"]] <- 61L
  expect_error(id_time("017f22e2-79b0-7cc3-98c4-dc0c0c07398f", edited), class = "zuid_error_layout")
  expect_error(format(edited), class = "zuid_error_layout")
  renamed <- id_layout("ulid")
  renamed$unit <- "s"
  expect_snapshot(error = TRUE, print(renamed))
  unknown <- id_layout("ulid")
  unknown$sub_ms <- "fast"
  expect_error(id_is_valid("01ARZ3NDEKTSV4RRFFQ69G5FAV", unknown), class = "zuid_error_layout")
})
