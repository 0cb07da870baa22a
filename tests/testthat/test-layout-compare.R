# Layouts compare by how they read IDs; as.data.frame() lists their parts.

twitter_twin <- function(name = NULL, fields = list(datacenter = 5, worker = 5),
                         epoch = 1288834974657, unit = "ms") {
  id_layout(name = name, time = list(bits = 41, unit = unit, epoch = epoch),
            fields = fields, sequence = 12)
}

test_that("layouts that read every ID the same way are equal, whatever their name", {
  expect_true(id_layout("twitter") == id_layout("twitter"))
  expect_true(twitter_twin() == id_layout("twitter"))
  expect_true(twitter_twin("acme") == id_layout("twitter"))
  expect_true(twitter_twin("acme") == "twitter")
  expect_true("x" == twitter_twin())
  expect_false(twitter_twin("acme") != "twitter")
  expect_false(identical(twitter_twin("acme"), id_layout("twitter")))
  expect_true(id_layout("tid") == "bluesky")
})

test_that("parts, names, widths, units, tick starts and text forms count", {
  twitter <- id_layout("twitter")
  expect_false(twitter_twin(fields = list(dc = 5, worker = 5)) == twitter)
  expect_false(twitter_twin(fields = list(worker = 5, datacenter = 5)) == twitter)
  expect_false(twitter_twin(epoch = 1288834974658) == twitter)
  expect_false(id_layout("twitter") == "discord")
  expect_true(twitter != "discord")
  # SCRU64's text form and bound make it more than its bits.
  scru64 <- id_layout("scru64", node_bits = 8)
  clone <- id_layout(time = list(bits = 39, unit = "256ms", epoch = 0),
                     fields = list(node = 8), sequence = 16)
  expect_identical(unname(clone$bits), unname(scru64$bits))
  expect_false(clone == scru64)
  # Sonyflake's sequence sits above its machine: a custom layout with the
  # sequence last is another layout.
  sony <- id_layout("sonyflake", epoch = 0)
  placed <- id_layout(time = list(bits = 39, unit = "10ms", epoch = 0),
                      fields = list(sequence = 8, machine = 16))
  last <- id_layout(time = list(bits = 39, unit = "10ms", epoch = 0),
                    fields = list(machine = 16), sequence = 8)
  expect_true(placed == sony)
  expect_false(last == sony)
})

test_that("epochs in the same tick count alike; one unit has one spelling", {
  a <- id_layout("sonyflake", epoch = 1592224496789)
  b <- id_layout("sonyflake", epoch = 1592224496781)
  c <- id_layout("sonyflake", epoch = 1592224496779)
  expect_true(a == b)
  expect_false(a == c)
  expect_false(identical(a, b))
  # A hand-edited unit spelled another way is the same unit.
  s <- twitter_twin(unit = "s", epoch = 1288834974000)
  edited <- s
  edited$unit <- "1000ms"
  expect_true(edited == s)
  expect_true(twitter_twin(unit = "1000ms", epoch = 1288834974000) == s)
})

test_that("only == and != compare layouts; broken layouts are refused", {
  twitter <- id_layout("twitter")
  expect_error(twitter < twitter, class = "zuid_error_type", regexp = "`==` and `!=`, not `<`")
  expect_error(twitter + 1, class = "zuid_error_type")
  expect_error(twitter == "weibo", class = "zuid_error_layout")
  broken <- twitter
  broken$bits[["time"]] <- 40L
  expect_error(broken == twitter, class = "zuid_error_layout", regexp = "not a valid zuid_layout")
})

test_that("as.data.frame() lists the parts with their bits and offsets", {
  parts <- as.data.frame(id_layout("twitter"))
  expect_identical(parts, data.frame(
    name = c("sign", "time", "datacenter", "worker", "sequence"),
    kind = c("sign", "time", "node", "node", "sequence"),
    bits = c(1L, 41L, 5L, 5L, 12L),
    offset = c(63L, 22L, 17L, 12L, 0L)
  ))
  sony <- as.data.frame(id_layout("sonyflake", epoch = 0))
  expect_identical(sony$name, c("sign", "time", "sequence", "machine"))
  expect_identical(sony$offset, c(63L, 24L, 16L, 0L))
  for (layout in all_layouts()) {
    parts <- as.data.frame(layout)
    expect_identical(sum(parts$bits), 64L)
    expect_identical(parts$offset + parts$bits, c(64L, utils::head(parts$offset, -1L)))
    expect_identical(parts$kind, layout$kinds)
  }
  broken <- id_layout("twitter")
  broken$kinds <- NULL
  expect_error(as.data.frame(broken), class = "zuid_error_layout")
})
