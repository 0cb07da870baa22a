# id_shard(): (ID >> bits below the time part) %% n, Discord's formula.

# The expected shard by bit64 arithmetic on unsigned IDs: the ID shifted
# right by `shift` (its top bit put back in), modulo n.
expected_shard <- function(x, shift, n) {
  shifted <- low63_of(x) %/% two_pow(shift) +
    bit64::as.integer64(top_bit_of(x)) * two_pow(63 - shift)
  as.integer(shifted %% bit64::as.integer64(n))
}

test_that("Discord's formula: (id >> 22) %% num_shards", {
  # 175928847299117063 >> 22 = 41944705796.
  expect_identical(id_shard("175928847299117063", 1000, "discord"), 796L)
  expect_identical(id_shard("175928847299117063", 16, "discord"), as.integer(41944705796 %% 16))
  expect_identical(id_shard("175928847299117063", 1, "discord"), 0L)
})

test_that("zuid agrees with bit64 arithmetic on random IDs of every layout", {
  set.seed(7)
  for (layout in all_layouts()) {
    ids <- random_ids(2000, top_bit = !"sign" %in% layout$kinds)
    if (identical(layout$name, "scru64")) ids <- ids %/% bit64::as.integer64(2)
    shift <- bit_offsets(layout)[["time"]]
    for (n in c(1, 2, 7, 1024, 2^31 - 1)) {
      expected <- expected_shard(ids, shift, n)
      expect_identical(id_shard(ids, n, layout), expected)
      expect_identical(id_shard(unsigned_decimal(ids), n, layout), expected)
    }
  }
})

test_that("NA gives NA silently; invalid entries give NA with one warning", {
  expect_identical(id_shard(c(NA, "175928847299117063"), 10, "discord"), c(NA, 6L))
  cnd <- expect_warning(out <- id_shard(c("x", "-1", "9223372036854775808", "5"), 4, "twitter"),
                        class = "zuid_warning_invalid")
  expect_identical(out, c(NA, NA, NA, 0L))
  expect_equal(cnd$count, 3)
  # Discord uses all 64 bits: its IDs of 2^63 and more have shards too.
  expect_identical(id_shard("18446744073709551615", 1000, "discord"), as.integer((2^42 - 1) %% 1000))
  expect_error(id_shard(2^53, 4, "discord"), class = "zuid_error_precision")
  expect_identical(id_shard(character(), 4, "discord"), integer())
})

test_that("n is a whole number of shards from 1 to 2^31 - 1", {
  for (bad in list(0, -1, 1.5, NA, "4", c(2, 4), 2^31, Inf, NULL)) {
    expect_error(id_shard("1", bad, "discord"), class = "zuid_error_type",
                 regexp = "`n` must be a whole number from 1 to 2147483647")
  }
  expect_identical(id_shard("175928847299117063", 16L, "discord"), 4L)
  expect_error(id_shard("1", 4, "weibo"), class = "zuid_error_layout")
})
