test_that("built-in layouts carry their parts as data", {
  twitter <- id_layout("twitter")
  expect_s3_class(twitter, "zuid_layout")
  expect_identical(twitter$bits, c(sign = 1L, time = 41L, datacenter = 5L, worker = 5L, sequence = 12L))
  expect_identical(twitter$kinds, c("sign", "time", "node", "node", "sequence"))
  expect_identical(twitter$unit, "ms")
  expect_identical(twitter$epoch_ms, 1288834974657)

  expect_identical(id_layout("discord")$epoch_ms, 1420070400000)
  expect_identical(id_layout("instagram")$epoch_ms, 1314220021721)
  expect_identical(id_layout("mastodon")$epoch_ms, 0)
})

test_that("every layout's bits add up to 64", {
  layouts <- list(
    id_layout("twitter"), id_layout("discord"), id_layout("instagram"),
    id_layout("mastodon"), id_layout("sonyflake", epoch = 0),
    id_layout("scru64", node_bits = 1), id_layout("scru64", node_bits = 23)
  )
  for (layout in layouts) expect_identical(sum(layout$bits), 64L)
})

test_that("scru64 splits 24 bits between node and sequence", {
  for (node_bits in c(1L, 8L, 16L, 23L)) {
    layout <- id_layout("scru64", node_bits = node_bits)
    expect_identical(layout$bits[["node"]], node_bits)
    expect_identical(layout$bits[["sequence"]], 24L - node_bits)
  }
})

test_that("sonyflake takes its epoch as a POSIXct, a Date or milliseconds", {
  from_posixct <- id_layout("sonyflake", epoch = as.POSIXct("2025-01-01", tz = "UTC"))
  from_date <- id_layout("sonyflake", epoch = as.Date("2025-01-01"))
  from_ms <- id_layout("sonyflake", epoch = 1735689600000)
  expect_identical(from_posixct$epoch_ms, 1735689600000)
  expect_identical(from_date, from_posixct)
  expect_identical(from_ms, from_posixct)
  # Integer milliseconds (here 2014-09-01, Sonyflake v1's default, in days) work too.
  expect_identical(id_layout("sonyflake", epoch = structure(16314L, class = "Date"))$epoch_ms, 1409529600000)
})
