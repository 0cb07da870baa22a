# ID vectors of the 128-bit layouts (zuid_text_id), their bounds of a time
# and their three spellings. Each vector names its source.

# RFC 9562 appendix A.6: the UUIDv7 example, at 2022-02-22T19:22:22Z.
rfc_v7 <- "017f22e2-79b0-7cc3-98c4-dc0c0c07398f"
rfc_instant <- as.POSIXct("2022-02-22 19:22:22", tz = "UTC")

v7 <- function(...) as_zuid_id(c(...), "uuidv7")

test_that("as_zuid_id() keeps the canonical text of any spelling and its layout", {
  x <- v7("017F22E2-79B0-7CC3-98C4-DC0C0C07398F", "{017f22e279b07cc398c4dc0c0c07398f}",
          "urn:uuid:017f22e2-79b0-7cc3-98c4-dc0c0c07398f", NA)
  expect_s3_class(x, c("zuid_text_id", "character"), exact = TRUE)
  expect_identical(as.character(x), c(rep(rfc_v7, 3), NA))
  expect_identical(attr(x, "layout"), id_layout("uuidv7"))
  expect_true(is_zuid_text_id(x))
  expect_identical(is.na(x), c(FALSE, FALSE, FALSE, TRUE))
  # ULIDs are canonical in uppercase (ulid/spec).
  expect_identical(as.character(as_zuid_id("01aryz6s41tsv4rrffq69g5fav", "ulid")), "01ARYZ6S41TSV4RRFFQ69G5FAV")
  # A vector of the layout is returned as it is; another layout is refused.
  expect_identical(as_zuid_id(x, "uuidv7"), x)
  expect_snapshot(as_zuid_id(x, "ulid"), error = TRUE)
})

test_that("invalid entries are NA with the one warning", {
  expect_snapshot(x <- v7(rfc_v7, "not a uuid"))
  expect_identical(as.character(x), c(rfc_v7, NA))
})

test_that("IDs sort by their bytes, never by the locale's collation", {
  # ULIDs: digits sort before letters in byte order; "a" < "B" in most
  # locales' collation but not in bytes (both are read uppercase here).
  ulids <- as_zuid_id(c("01BX5ZZKBKACTAV9WEVGEMMVS0", "01ARZ3NDEKTSV4RRFFQ69G5FAV", NA,
                        "7ZZZZZZZZZZZZZZZZZZZZZZZZZ", "01arz3ndektsv4rrffq69g5fav"), "ulid")
  expected <- c(2L, 5L, 1L, 4L, 3L)
  expect_identical(order(ulids), expected)
  expect_identical(xtfrm(ulids)[expected[1:4]], c(1L, 1L, 2L, 3L))
  expect_identical(as.character(sort(ulids)), as.character(ulids[expected[c(1, 2, 3, 4)]]))
  expect_identical(as.character(sort(ulids, decreasing = TRUE))[1], "7ZZZZZZZZZZZZZZZZZZZZZZZZZ")
  expect_identical(rank(ulids, na.last = "keep"), c(3, 1.5, NA, 4, 1.5))
  expect_identical(as.character(min(ulids, na.rm = TRUE)), "01ARZ3NDEKTSV4RRFFQ69G5FAV")
  expect_identical(as.character(max(ulids, na.rm = TRUE)), "7ZZZZZZZZZZZZZZZZZZZZZZZZZ")
})

test_that("IDs compare with each other and with text in any spelling", {
  x <- v7(rfc_v7, "017f22e2-79b0-7cc3-98c4-dc0c0c07398e", NA)
  expect_identical(x == "017F22E279B07CC398C4DC0C0C07398F", c(TRUE, FALSE, NA))
  expect_identical("{017f22e2-79b0-7cc3-98c4-dc0c0c07398f}" > x, c(FALSE, TRUE, NA))
  expect_identical(x <= x[1], c(TRUE, TRUE, NA))
  expect_identical(x != x[2], c(TRUE, FALSE, NA))
  expect_snapshot(x + 1, error = TRUE)
  expect_snapshot(x == 1, error = TRUE)
  expect_snapshot(x == as_zuid_id("01ARZ3NDEKTSV4RRFFQ69G5FAV", "ulid"), error = TRUE)
})

test_that("IDs match and deduplicate by value whatever the spelling", {
  x <- v7(rfc_v7, "017f22e2-79b0-7cc3-98c4-dc0c0c07398e", rfc_v7, NA)
  expect_identical(match("urn:uuid:017F22E2-79B0-7CC3-98C4-DC0C0C07398E", x), 2L)
  expect_identical(x %in% "017f22e279b07cc398c4dc0c0c07398f", c(TRUE, FALSE, TRUE, FALSE))
  expect_identical(match(x, c("017f22e2-79b0-7cc3-98c4-dc0c0c07398e", NA)), c(NA, 1L, NA, 2L))
  expect_identical(duplicated(x), c(FALSE, FALSE, TRUE, FALSE))
  u <- unique(x)
  expect_s3_class(u, "zuid_text_id")
  expect_identical(as.character(u), c(rfc_v7, "017f22e2-79b0-7cc3-98c4-dc0c0c07398e", NA))
  expect_identical(base::match(x, x[2]), c(NA, 1L, NA, NA))
})

test_that("subsetting, combining and repeating keep the class and layout", {
  x <- v7(rfc_v7, "017f22e2-79b0-7cc3-98c4-dc0c0c07398e")
  layout <- id_layout("uuidv7")
  for (y in list(x[2], x[[1]], rep(x, 2), c(x, "017F22E279B07CC398C4DC0C0C07398D"), rev(x), head(x, 1))) {
    expect_s3_class(y, "zuid_text_id")
    expect_identical(attr(y, "layout"), layout)
  }
  expect_identical(as.character(c(x, "{017F22E2-79B0-7CC3-98C4-DC0C0C07398D}"))[3],
                   "017f22e2-79b0-7cc3-98c4-dc0c0c07398d")
  expect_identical(is.na(x[3]), TRUE)
  longer <- x
  length(longer) <- 3
  expect_identical(is.na(longer), c(FALSE, FALSE, TRUE))
  expect_s3_class(longer, "zuid_text_id")
  x[2] <- "017F22E279B07CC398C4DC0C0C07398A"
  expect_identical(as.character(x)[2], "017f22e2-79b0-7cc3-98c4-dc0c0c07398a")
  expect_snapshot(c(x, as_zuid_id("01ARZ3NDEKTSV4RRFFQ69G5FAV", "ulid")), error = TRUE)
})

test_that("IDs print and format as their text", {
  x <- v7(rfc_v7, NA)
  expect_snapshot(print(x))
  expect_identical(format(x), format(c(rfc_v7, NA)))
})

test_that("id_time() and id_fields() use the carried layout", {
  x <- v7(rfc_v7)
  expect_identical(id_time(x), id_time(rfc_v7, "uuidv7"))
  expect_equal(as.double(id_time(x)), as.double(rfc_instant) + 0.0, tolerance = 1e-3)
  expect_identical(id_fields(x), id_fields(rfc_v7, "uuidv7"))
  expect_snapshot(id_time(x, "ulid"), error = TRUE)
})

test_that("IDs survive data frames, saveRDS() and vctrs", {
  x <- v7(rfc_v7, "017f22e2-79b0-7cc3-98c4-dc0c0c07398e")
  df <- data.frame(id = x, n = 1:2)
  expect_identical(df$id, x)
  path <- tempfile(fileext = ".rds")
  saveRDS(df, path)
  expect_identical(readRDS(path), df)
  skip_if_not_installed("vctrs")
  expect_identical(vctrs::vec_c(x, "017F22E279B07CC398C4DC0C0C07398D")[3],
                   v7("017f22e2-79b0-7cc3-98c4-dc0c0c07398d"))
  expect_identical(vctrs::vec_c("017F22E279B07CC398C4DC0C0C07398D", x)[1],
                   v7("017f22e2-79b0-7cc3-98c4-dc0c0c07398d"))
  expect_identical(vctrs::vec_slice(x, c(2, NA)), x[c(2, NA)])
  expect_identical(vctrs::vec_cast(x, character()), as.character(x))
  expect_identical(vctrs::vec_init(x, 1), x[NA_integer_])
})

test_that("dplyr and tidyr keep IDs and match them by value", {
  skip_if_not_installed("dplyr")
  skip_if_not_installed("tidyr")
  x <- v7(rfc_v7, "017f22e2-79b0-7cc3-98c4-dc0c0c07398e")
  df <- dplyr::tibble(id = x, n = 1:2)
  arranged <- dplyr::arrange(df, id)
  expect_identical(arranged$n, 2:1)
  expect_identical(dplyr::filter(df, id == "017F22E279B07CC398C4DC0C0C07398F")$n, 1L)
  expect_identical(dplyr::mutate(df, t = id_time(id))$t, id_time(x))
  bound <- dplyr::bind_rows(df, dplyr::tibble(id = x[1], n = 3L))
  expect_identical(bound$id, x[c(1, 2, 1)])
  joined <- dplyr::left_join(df, dplyr::tibble(id = x[2], m = "b"), by = "id")
  expect_identical(joined$m, c(NA, "b"))
  completed <- tidyr::complete(df, id = x, fill = list(n = 0L))
  expect_s3_class(completed$id, "zuid_text_id")
  expect_identical(pillar::type_sum(x), "uuidv7")
})

test_that("data.table keys and joins an ID column", {
  skip_if_not_installed("data.table")
  x <- v7("017f22e2-79b0-7cc3-98c4-dc0c0c07398f", "017f22e2-79b0-7cc3-98c4-dc0c0c07398e")
  dt <- data.table::data.table(id = x, n = 1:2, key = "id")
  expect_identical(dt$n, 2:1)
  other <- data.table::data.table(id = x[1], m = "a", key = "id")
  # merge() runs data.table's join (`[` would run as a data frame's here,
  # in a namespace that does not import data.table).
  joined <- merge(dt, other, by = "id", all.x = TRUE)
  expect_identical(joined$m, c(NA, "a"))
  expect_identical(joined$id, sort(x))
  expect_s3_class(dt$id, "zuid_text_id")
})

# Bounds ---------------------------------------------------------------------

test_that("the bounds of an instant bracket the IDs of that instant", {
  # RFC 9562 appendix A: v7 and v6 examples of the same instant.
  vectors <- list(
    list("uuidv7", rfc_v7, "RFC 9562 A.6"),
    list("uuidv6", "1ec9414c-232a-6b00-b3c8-9f6bdeced846", "RFC 9562 A.5"),
    list("ulid", "01FWHE4YDGFK1SHH6W1G60EECF", "RFC 9562 A.6's bits as a ULID")
  )
  for (v in vectors) {
    low <- id_from_time(rfc_instant, v[[1]], "min")
    high <- id_from_time(rfc_instant, v[[1]], "max")
    id <- as_zuid_id(v[[2]], v[[1]])
    expect_true(low <= id && id <= high, label = v[[3]])
    expect_s3_class(low, "zuid_text_id")
    expect_identical(id_time(low), id_time(id), label = v[[3]])
    expect_true(id_from_time(rfc_instant + 1, v[[1]]) > high, label = v[[3]])
  }
  expect_identical(id_from_time(rfc_instant, "uuidv7", as = "character"), "017f22e2-79b0-7000-8000-000000000000")
  expect_identical(id_from_time(rfc_instant, "uuidv7", "max", as = "character"), "017f22e2-79b0-7fff-bfff-ffffffffffff")
})

test_that("sub_ms = \"fraction\" bounds bracket RFC 9562 method 3's 0x74E", {
  # RFC 9562 6.2 method 3: .4567 ms is 0x74E of 4096ths.
  layout <- id_layout("uuidv7", sub_ms = "fraction")
  id <- as_zuid_id("017f22e2-79b0-774e-8000-000000000000", layout)
  at <- id_time(id)
  expect_equal(as.double(at) - 1645557742, 0.4565e-3, tolerance = 1e-3)
  expect_true(id_from_time(at, layout) <= id && id <= id_from_time(at, layout, "max"))
  expect_true(id_from_time(at + 0.001, layout) > id)
  # Without sub_ms the 12 bits are not time: the bounds span the millisecond.
  expect_identical(id_from_time(rfc_instant, "uuidv7", as = "character"), "017f22e2-79b0-7000-8000-000000000000")
})

test_that("layouts that do not sort by time have no bounds", {
  expect_snapshot(id_from_time(rfc_instant, "uuidv1"), error = TRUE)
  expect_snapshot(id_from_time(rfc_instant, "uuid"), error = TRUE)
  expect_snapshot(id_from_time(rfc_instant, "ulid", as = "integer64"), error = TRUE)
})

# Text -------------------------------------------------------------------------

test_that("UUIDs, ULIDs and TypeIDs are the same bits in three spellings", {
  pairs <- list(
    c("01ARYZ6S41TSV4RRFFQ69G5FAV", "01563df3-6481-d676-4c61-efb99302bd5b", "ulid/javascript uuid.spec.ts"),
    c("01JQ4T23H220KM7X0B3V1109DQ", "0195c9a1-0e22-1027-43f4-0b1ec21025b7", "ulid/javascript uuid.spec.ts"),
    c("01H455VB4PEX5VSKNK084SN02Q", "01890a5d-ac96-774b-bcce-b302099a8057", "jetify-com/typeid valid.yml")
  )
  for (p in pairs) {
    expect_identical(id_to_text(p[[1]], "uuid"), p[[2]], label = p[[3]])
    expect_identical(id_to_text(p[[2]], "ulid"), p[[1]], label = p[[3]])
    expect_identical(id_from_text(toupper(p[[2]]), "uuid", as = "character"), p[[2]], label = p[[3]])
  }
  expect_identical(id_to_text("01890a5d-ac96-774b-bcce-b302099a8057", "typeid", prefix = "prefix"),
                   "prefix_01h455vb4pex5vsknk084sn02q")
  expect_identical(id_to_text("prefix_01h455vb4pex5vsknk084sn02q", "uuid"), "01890a5d-ac96-774b-bcce-b302099a8057")
  expect_identical(id_to_text(v7(rfc_v7), "ulid"), "01FWHE4YDGFK1SHH6W1G60EECF")
  typeid <- id_from_text("prefix_01h455vb4pex5vsknk084sn02q", "typeid")
  expect_s3_class(typeid, "zuid_text_id")
  expect_identical(attr(typeid, "layout")$name, "typeid")
})

test_that("bad text and bad arguments of the spellings", {
  expect_snapshot(id_to_text(c("01ARYZ6S41TSV4RRFFQ69G5FAV", "01ARYZ6S41TSV4RRFFQ69G5FAI"), "uuid"))
  expect_snapshot(id_to_text(rfc_v7, "typeid", prefix = "Bad!"), error = TRUE)
  expect_snapshot(id_to_text(rfc_v7, "ulid", prefix = "user"), error = TRUE)
  expect_snapshot(id_to_text(1, "ulid"), error = TRUE)
  expect_snapshot(id_to_text(as_zuid_id("0ujtsYcgvSTl8PAuAdqWYSMnLOv", "ksuid"), "uuid"), error = TRUE)
  expect_snapshot(id_from_text(rfc_v7, "uuid", as = "integer64"), error = TRUE)
})

test_that("a 128-bit ID vector reads with its own layout named again, and refuses another", {
  x <- as_zuid_id("01890a5d-ac96-774b-bcce-b302099a8057", "uuidv7")
  expect_identical(id_time(x, "uuidv7"), id_time(x))
  expect_identical(id_fields(x, id_layout("uuidv7")), id_fields(x))
  expect_true(id_layout("ulid") == "ulid")
  expect_false(id_layout("ulid") == "uuidv7")
  expect_false(id_layout("uuidv7") == id_layout("uuidv7", sub_ms = "fraction"))
  expect_false(id_layout("ulid") == "twitter")
  expect_error(id_time(x, "ulid"), class = "zuid_error_layout")
  expect_error(id_time(x, "twitter"), class = "zuid_error_layout")
})
