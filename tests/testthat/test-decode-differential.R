# Thousands of random IDs per layout, decoded by zuid and by bit64 arithmetic.

check_layout_against_bit64 <- function(layout, ids) {
  expected <- expected_fields(ids, layout)
  for (input in list(ids, unsigned_decimal(ids))) {
    fields <- id_fields(input, layout)
    expect_identical(time_ms(fields$time), expected$time_ms)
    for (name in setdiff(names(expected), "time_ms")) {
      expect_equal(as.double(fields[[name]]), expected[[name]])
      width <- layout$bits[[name]]
      expect_identical(is.integer(fields[[name]]), width <= 31)
    }
    expect_identical(id_time(input, layout), fields$time)
  }
}

test_that("zuid agrees with bit64 arithmetic on random IDs of every layout", {
  skip_if_not_installed("bit64")
  set.seed(20261130)
  for (layout in all_layouts()) {
    signed <- "sign" %in% layout$kinds
    ids <- random_ids(3000, top_bit = !signed)
    if (identical(layout$name, "scru64")) {
      ids <- ids %/% bit64::as.integer64(2) # below 36^12 (about 2^62.04)
    }
    check_layout_against_bit64(layout, ids)
  }
})

test_that("the unsigned decimal helper itself is right", {
  skip_if_not_installed("bit64")
  expect_identical(unsigned_decimal(bit64::as.integer64(-1)), "18446744073709551615")
  expect_identical(unsigned_decimal(bit64::as.integer64("-9223372036854775807")), "9223372036854775809")
  expect_identical(unsigned_decimal(bit64::as.integer64(42)), "42")
})
