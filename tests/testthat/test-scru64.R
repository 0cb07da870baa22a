test_that("SCRU64 text both ways, as its specification gives", {
  expect_identical(id_to_scru64("109959589539758421"), "0u2pf62ji4b9")
  expect_identical(as.character(id_from_scru64("zzzzzzzzzzzz")), "4738381338321616895")
  expect_identical(as.character(id_from_scru64("ZZZZZZZZZZZZ")), "4738381338321616895")
  expect_identical(as.character(id_from_scru64("000000000000")), "0")
  expect_identical(id_to_scru64(0), "000000000000")
  expect_identical(id_to_scru64("4738381338321616895"), "zzzzzzzzzzzz")
})

test_that("malformed SCRU64 text is invalid", {
  bad <- c(" 0u3wrp5g81jx", "+0u3wrp5g81k0", "0u3w_p5q7ta7", "0u2pf62ji4b", "0u2pf62ji4b9a", "", "0u2pf62ji4b\u00e9")
  expect_warning(out <- id_from_scru64(c(bad, NA, "0u2pf62ji4b9")), class = "zuid_warning_invalid",
                 regexp = paste("^7 of 9 entries of `text` are not SCRU64 text \\(12 base36 digits\\) and",
                                "became NA \\(at 1, 2, 3, 4, 5, \\.\\.\\.\\)\\. The first, \" 0u3wrp5g81jx\",",
                                "is not 12 base36 digits\\.$"))
  expect_identical(as.character(out), c(rep(NA_character_, 8), "109959589539758421"))
})

test_that("values of 36^12 or more have no SCRU64 text", {
  expect_warning(out <- id_to_scru64(c("4738381338321616896", "18446744073709551615", "x", NA, "35")),
                 class = "zuid_warning_invalid", regexp = "3 of 5 entries of `x` are not IDs that SCRU64 text can hold")
  expect_identical(out, c(NA, NA, NA, NA, "00000000000z"))
})

test_that("id_to_scru64() reads every ID input; text is decimal here", {
  expect_identical(id_to_scru64(bit64::as.integer64("109959589539758421")), "0u2pf62ji4b9")
  expect_identical(id_to_scru64(36L), "000000000010")
  expect_identical(id_to_scru64("000000000010"), "00000000000a")
  expect_error(id_to_scru64(2^60), class = "zuid_error_precision")
  expect_error(id_to_scru64(list()), class = "zuid_error_type")
})

test_that("text round trips on random values", {
  set.seed(7)
  ids <- unsigned_decimal(random_ids(5000, top_bit = FALSE) %/% bit64::as.integer64(2))
  expect_identical(id_from_scru64(id_to_scru64(ids), as = "character"), ids)
  expect_identical(as.character(id_from_scru64(toupper(id_to_scru64(ids)))), ids)
  expect_identical(id_from_scru64(id_to_scru64(ids), as = "integer64"), bit64::as.integer64(ids))
})

test_that("id_from_scru64() needs character", {
  expect_error(id_from_scru64(123), class = "zuid_error_type", regexp = "`text` must be a character vector")
  expect_identical(as.character(id_from_scru64(NA)), NA_character_)
  expect_identical(as.character(id_from_scru64(character())), character())
})
