# id_layout(): built-in layouts as data, and every rule with its condition's class and message.

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



custom <- function(time = list(bits = 41, unit = "ms", epoch = 0),
                   fields = list(worker = 10), sequence = 12, ...) {
  id_layout(time = time, fields = fields, sequence = sequence, ...)
}

test_that("errors are zuid_errors with a layout subclass", {
  cnd <- tryCatch(id_layout("weibo"), error = identity)
  expect_s3_class(cnd, c("zuid_error_layout", "zuid_error", "error", "condition"), exact = TRUE)
})

test_that("an unknown name lists the built-in names", {
  expect_error(id_layout("weibo"), class = "zuid_error_layout",
               regexp = paste("`name` must be one of \"twitter\", \"discord\", \"instagram\", \"mastodon\",",
                              "\"sonyflake\", \"scru64\", \"tid\", \"baidu\", \"sonyflake_v2\", \"tsid\",",
                              "\"yitter\", \"linkedin\", \"tiktok\" \\(in any case"))
  expect_error(id_layout("Tweeter"), class = "zuid_error_layout", regexp = "not \"Tweeter\"")
  expect_error(id_layout(c("twitter", "discord")), class = "zuid_error_layout", regexp = "a character of length 2")
  expect_error(id_layout(NA_character_), class = "zuid_error_layout", regexp = "not NA")
  expect_error(id_layout(1), class = "zuid_error_layout", regexp = "not 1")
})

test_that("names are matched in any case, x is Twitter's, and near misses get a suggestion", {
  expect_identical(id_layout("Discord"), id_layout("discord"))
  expect_identical(id_layout("TWITTER"), id_layout("twitter"))
  expect_identical(id_layout("x"), id_layout("twitter"))
  expect_identical(id_layout("X"), id_layout("twitter"))
  expect_identical(id_layout("SCRU64", node_bits = 8), id_layout("scru64", node_bits = 8))
  expect_identical(id_time("175928847299117063", "Discord"), id_time("175928847299117063", "discord"))
  expect_identical(id_time("1888944671579078978", "x"), id_time("1888944671579078978", "twitter"))
  expect_error(id_layout("twiter"), class = "zuid_error_layout", regexp = "Did you mean \"twitter\"\\?")
  expect_error(id_time("1", "dicsord"), class = "zuid_error_layout", regexp = "Did you mean \"discord\"\\?")
  expect_error(id_time("1", "Sonyflake"), class = "zuid_error_layout", regexp = "needs more than its name")
  expect_no_match(tryCatch(id_layout("weibo"), error = conditionMessage), "Did you mean")
})

test_that("nothing at all is an error that says what to give", {
  expect_error(id_layout(), class = "zuid_error_layout",
               regexp = "Give `name`, a built-in layout")
})

test_that("a name and custom parts are not mixed", {
  expect_error(id_layout("twitter", sequence = 12), class = "zuid_error_layout",
               regexp = "\"twitter\" takes no `sequence`")
  expect_error(id_layout("discord", time = list(bits = 42), fields = list(a = 1)),
               class = "zuid_error_layout", regexp = "takes no `time`, `fields`")
  expect_error(id_layout("twitter", sign_bit = TRUE), class = "zuid_error_layout",
               regexp = "takes no `sign_bit`")
})

test_that("epoch belongs to sonyflake and custom layouts only", {
  expect_error(id_layout("twitter", epoch = 0), class = "zuid_error_layout",
               regexp = "\"twitter\" layout takes no `epoch`")
  expect_error(id_layout("scru64", node_bits = 8, epoch = 0), class = "zuid_error_layout",
               regexp = "\"scru64\" layout takes no `epoch`")
})

test_that("node_bits belongs to scru64 only", {
  expect_error(id_layout("twitter", node_bits = 8), class = "zuid_error_layout",
               regexp = "`node_bits` belongs to \"scru64\" only")
  expect_error(id_layout("sonyflake", epoch = 0, node_bits = 8), class = "zuid_error_layout",
               regexp = "takes no `node_bits`")
  expect_error(custom(node_bits = 8), class = "zuid_error_layout",
               regexp = "a custom layout gives its node fields in `fields`")
})

test_that("sonyflake requires its epoch", {
  expect_error(id_layout("sonyflake"), class = "zuid_error_layout",
               regexp = "\"sonyflake\" layout needs `epoch`")
})

test_that("scru64 requires node_bits from 1 to 23", {
  expect_error(id_layout("scru64"), class = "zuid_error_layout",
               regexp = "\"scru64\" layout needs `node_bits`")
  for (bad in list(0, 24, 8.5, -1, NA, "8", c(8, 9), Inf)) {
    expect_error(id_layout("scru64", node_bits = bad), class = "zuid_error_layout",
                 regexp = "`node_bits` must be a whole number from 1 to 23")
  }
})

test_that("epochs must be one time or whole milliseconds", {
  for (bad in list("2015-01-01", 1.5, NA_real_, Inf, c(0, 1), list(0), TRUE,
                   as.POSIXct(NA), as.POSIXct(c("2020-01-01", "2021-01-01"), tz = "UTC"))) {
    expect_error(id_layout("sonyflake", epoch = bad), class = "zuid_error_layout",
                 regexp = "`epoch` must be one POSIXct, one Date or one whole number of milliseconds")
  }
})

test_that("epochs lie in the years 1 to 9999", {
  expect_error(id_layout("sonyflake", epoch = 253402300800000), class = "zuid_error_layout",
               regexp = "The epoch \\(253402300800000 ms since 1970\\) must lie in the years 1 to 9999")
  expect_error(custom(time = list(bits = 41, unit = "ms", epoch = -62135596800001)),
               class = "zuid_error_layout", regexp = "years 1 to 9999")
  expect_error(custom(time = list(bits = 41, unit = "ms", epoch = 1e300)),
               class = "zuid_error_layout", regexp = "years 1 to 9999")
})

test_that("a custom layout needs time with bits, unit and an epoch", {
  expect_error(id_layout(fields = list(worker = 10), sequence = 12), class = "zuid_error_layout",
               regexp = "needs `time = list\\(bits =, unit =, epoch =\\)`")
  expect_error(custom(time = 41), class = "zuid_error_type", regexp = "`time` must be a named list")
  expect_error(custom(time = list(41, "ms", 0)), class = "zuid_error_type", regexp = "`time` must be a named list")
  expect_error(custom(time = list(bits = 41, units = "ms", epoch = 0)), class = "zuid_error_layout",
               regexp = "takes the elements `bits`, `unit` and `epoch`, each once; it has `bits`, `units`, `epoch`")
  expect_error(custom(time = list(unit = "ms", epoch = 0)), class = "zuid_error_layout",
               regexp = "`time\\$bits` is missing")
  expect_error(custom(time = list(bits = 41, unit = "ms")), class = "zuid_error_layout",
               regexp = "needs an epoch")
})

test_that("the epoch may be given once, in either place, or twice the same", {
  a <- custom(time = list(bits = 41, unit = "ms"), epoch = 1420070400000)
  b <- custom(time = list(bits = 41, unit = "ms", epoch = as.POSIXct("2015-01-01", tz = "UTC")))
  c <- custom(time = list(bits = 41, unit = "ms", epoch = 1420070400000),
              epoch = as.Date("2015-01-01"))
  expect_identical(a, b)
  expect_identical(a, c)
  expect_error(custom(time = list(bits = 41, unit = "ms", epoch = 0), epoch = 1),
               class = "zuid_error_layout", regexp = "`epoch` and `time\\$epoch` give different epochs")
})

test_that("units are us, s, or any whole number of milliseconds", {
  unit_of <- function(unit) custom(time = list(bits = 41, unit = unit, epoch = 0))$unit
  for (unit in c("us", "ms", "s", "10ms", "256ms", "5ms", "100ms", "2000ms")) {
    expect_identical(unit_of(unit), unit)
  }
  # One length, one name: the reference page's names stay as they are.
  expect_identical(unit_of("1ms"), "ms")
  expect_identical(unit_of("1000ms"), "s")
  for (bad in list("MS", "0ms", "05ms", "5 ms", "5.5ms", "-5ms", "ns", "min", "2147483648ms",
                   "\u00b5s", 1, NA_character_, c("ms", "s"), NULL)) {
    expect_error(custom(time = list(bits = 41, unit = bad, epoch = 0)), class = "zuid_error_layout",
                 regexp = "`time\\$unit` must be \"us\" \\(microseconds\\), \"s\", or a whole number of milliseconds")
  }
})

test_that("a unit too long for the time part's bits is refused", {
  # Every time a layout covers lies within 2^53 ms of 1970 (microseconds
  # for "us" ticks), where times are exact as doubles.
  expect_error(custom(time = list(bits = 41, unit = "86400000ms", epoch = 0)), class = "zuid_error_layout",
               regexp = "41 bits of 86400000ms units from 1970-01-01T00:00:00.000Z reach past 2\\^53 ms")
  expect_s3_class(custom(time = list(bits = 23, unit = "1000000ms", epoch = 0), fields = list(worker = 28)),
                  "zuid_layout")
  longest <- custom(time = list(bits = 22, unit = "2147483647ms", epoch = 0), fields = list(worker = 29))
  expect_identical(longest$unit, "2147483647ms")
  # 2^43 seconds end below 2^53 ms, 2^44 beyond; 53 bits of ms fit from
  # 1970 only.
  expect_s3_class(custom(time = list(bits = 43, unit = "s", epoch = 0), fields = list(worker = 8)), "zuid_layout")
  expect_error(custom(time = list(bits = 44, unit = "s", epoch = 0), fields = list(worker = 7)),
               class = "zuid_error_layout", regexp = "reach past 2\\^53 ms after 1970")
  wide <- list(fields = list(worker = 11), sequence = 0, sign_bit = FALSE)
  expect_s3_class(do.call(custom, c(list(time = list(bits = 53, unit = "ms", epoch = 0)), wide)), "zuid_layout")
  expect_error(do.call(custom, c(list(time = list(bits = 53, unit = "ms", epoch = 1)), wide)),
               class = "zuid_error_layout", regexp = "reach past 2\\^53 ms after 1970")
  # TIDs' 53 bits of microseconds from 1970 fit; from a later epoch, not.
  expect_error(custom(time = list(bits = 53, unit = "us", epoch = 1), fields = list(node = 10), sequence = 0),
               class = "zuid_error_layout",
               regexp = "outside 2\\^53 microseconds of 1970 \\(1684-07-28 to 2255-06-05\\)")
})

test_that("widths are whole and positive", {
  expect_error(custom(time = list(bits = 41.5, unit = "ms", epoch = 0)), class = "zuid_error_layout",
               regexp = "`time\\$bits` must be a whole number from 1 to 64, not 41.5")
  expect_error(custom(time = list(bits = 0, unit = "ms", epoch = 0)), class = "zuid_error_layout",
               regexp = "`time\\$bits` must be a whole number from 1")
  expect_error(custom(fields = list(worker = 0)), class = "zuid_error_layout",
               regexp = "`fields\\$worker` must be a whole number from 1 to 64, not 0")
  expect_error(custom(fields = list(worker = -3)), class = "zuid_error_layout",
               regexp = "`fields\\$worker` must be a whole number")
  expect_error(custom(fields = list(worker = "10")), class = "zuid_error_layout",
               regexp = "`fields\\$worker` must be a whole number")
  expect_error(custom(fields = list(worker = c(5, 5))), class = "zuid_error_layout",
               regexp = "`fields\\$worker` must be a whole number")
  expect_error(custom(sequence = -1), class = "zuid_error_layout",
               regexp = "`sequence` must be a whole number from 0")
  expect_error(custom(sequence = 1.5), class = "zuid_error_layout",
               regexp = "`sequence` must be a whole number")
})

test_that("a custom layout needs its sequence", {
  expect_error(custom(sequence = NULL), class = "zuid_error_layout",
               regexp = "needs `sequence`, the sequence's bits")
})

test_that("the bits add up to 64, or 63 with the sign bit", {
  expect_error(custom(sequence = 11), class = "zuid_error_layout",
               regexp = paste("With `sign_bit = TRUE`, the time, fields and sequence must add up to 63 bits;",
                              "they add up to 62 \\(time 41 \\+ worker 10 \\+ sequence 11\\)"))
  expect_error(custom(sign_bit = FALSE), class = "zuid_error_layout",
               regexp = paste("With `sign_bit = FALSE`, the time, fields and sequence must add up to 64",
                              "bits; they add up to 63"))
  expect_s3_class(custom(sequence = 13, sign_bit = FALSE), "zuid_layout")
})

test_that("each part has fewer than 54 bits", {
  expect_error(custom(time = list(bits = 54, unit = "s", epoch = 0), fields = list(), sequence = 9),
               class = "zuid_error_layout", regexp = "The time part has 54 bits; a part has at most 53")
  expect_error(custom(time = list(bits = 2, unit = "s", epoch = 0), fields = list(node = 60), sequence = 1),
               class = "zuid_error_layout", regexp = "The field `node` has 60 bits; a part has at most 53")
  expect_s3_class(custom(time = list(bits = 53, unit = "ms", epoch = 0), fields = NULL, sequence = 10),
                  "zuid_layout")
})

test_that("the sequence has at most 31 bits", {
  expect_error(custom(time = list(bits = 31, unit = "s", epoch = 0), fields = NULL, sequence = 32),
               class = "zuid_error_layout", regexp = "`sequence` has 32 bits; it has at most 31")
  expect_s3_class(custom(time = list(bits = 32, unit = "s", epoch = 0), fields = NULL, sequence = 31),
                  "zuid_layout")
})

test_that("field names are given, syntactic, distinct, and not time or sequence", {
  expect_error(custom(fields = list(5, 5)), class = "zuid_error_layout",
               regexp = "`fields` must name every field")
  expect_error(custom(fields = list(a = 5, 5)), class = "zuid_error_layout",
               regexp = "`fields` must name every field")
  expect_error(custom(fields = list(`2nd` = 10)), class = "zuid_error_layout",
               regexp = "must be syntactic: \"2nd\" is not \\(\"X2nd\" would be\\)")
  expect_error(custom(fields = list(`my worker` = 10)), class = "zuid_error_layout",
               regexp = "\"my.worker\" would be")
  expect_error(custom(fields = list(time = 10)), class = "zuid_error_layout",
               regexp = "cannot be named \"time\"")
  expect_error(custom(fields = list(sequence = 10)), class = "zuid_error_layout",
               regexp = "The sequence is given twice")
  expect_error(custom(fields = list(sequence = 5, sequence = 7), sequence = NULL),
               class = "zuid_error_layout", regexp = "`fields` names `sequence` more than once")
  expect_error(custom(fields = list(a = 5, a = 5)), class = "zuid_error_layout",
               regexp = "\"a\" appears more than once")
})

test_that("fields are a named list or vector", {
  expect_error(custom(fields = "worker"), class = "zuid_error_type",
               regexp = "`fields` must be a named list or vector of widths")
  expect_identical(custom(fields = c(worker = 10)), custom(fields = list(worker = 10)))
  expect_identical(custom(fields = c(worker = 10L))$bits[["worker"]], 10L)
  no_fields <- custom(time = list(bits = 51, unit = "ms", epoch = 0), fields = list())
  expect_identical(no_fields$bits, c(sign = 1L, time = 51L, sequence = 12L))
})

test_that("fields may place the sequence among the node fields", {
  v2 <- custom(time = list(bits = 39, unit = "5ms", epoch = 0),
               fields = list(sequence = 8, machine = 16), sequence = NULL)
  expect_identical(v2$bits, c(sign = 1L, time = 39L, sequence = 8L, machine = 16L))
  expect_identical(v2$kinds, c("sign", "time", "sequence", "node"))
  middle <- custom(time = list(bits = 40, unit = "ms", epoch = 0),
                   fields = c(zone = 6, sequence = 0, host = 18), sequence = NULL, sign_bit = FALSE)
  expect_identical(middle$kinds, c("time", "node", "sequence", "node"))
  expect_identical(middle$bits[["sequence"]], 0L)
  # The same layout as a built-in one, however it was written.
  sonyflake <- id_layout("sonyflake", epoch = 0)
  again <- custom(time = list(bits = 39, unit = "10ms", epoch = 0),
                  fields = list(sequence = 8, machine = 16), sequence = NULL)
  expect_identical(again$bits, sonyflake$bits)
  expect_identical(again$kinds, sonyflake$kinds)
  # Its rules hold where it is placed.
  expect_error(custom(time = list(bits = 31, unit = "s", epoch = 0), fields = list(sequence = 32),
                      sequence = NULL), class = "zuid_error_layout", regexp = "`sequence` has 32 bits")
  expect_error(custom(fields = list(sequence = -1, worker = 10), sequence = NULL),
               class = "zuid_error_layout", regexp = "`fields\\$sequence` must be a whole number from 0")
  expect_error(custom(fields = list(sequence = 12, worker = 0), sequence = NULL),
               class = "zuid_error_layout", regexp = "`fields\\$worker` must be a whole number from 1")
  expect_error(custom(fields = list(worker = 10), sequence = NULL), class = "zuid_error_layout",
               regexp = "or `sequence` named among `fields` to place it there")
})

test_that("the tid layout is AT Protocol's, also called bluesky", {
  tid <- id_layout("tid")
  expect_identical(tid$bits, c(sign = 1L, time = 53L, clock_id = 10L, sequence = 0L))
  expect_identical(tid$unit, "us")
  expect_identical(tid$epoch_ms, 0)
  expect_identical(tid$text, "tid")
  expect_identical(id_layout("bluesky"), tid)
  expect_identical(id_layout("x"), id_layout("twitter"))
  expect_error(id_layout("tid", epoch = 0), class = "zuid_error_layout", regexp = "takes no `epoch`")
})

test_that("a custom layout may have a name of its own", {
  acme <- custom(name = "acme")
  expect_identical(acme$name, "acme")
  expect_identical(unclass(acme)[-1], unclass(custom())[-1])
  expect_identical(custom(name = "custom"), custom())
  expect_identical(custom(name = "Acme-2.v1_b")$name, "Acme-2.v1_b")
  # Built-in names and aliases, in any case, mean the built-in layout, so no
  # custom layout takes them.
  for (taken in c("twitter", "bluesky", "sonyflake", "Twitter", "X", "BlueSky", "TID", "SCRU64")) {
    expect_error(custom(name = taken), class = "zuid_error_layout",
                 regexp = "The built-in layout \"[a-z0-9]+\" takes no `time`, `fields`, `sequence`")
  }
  for (bad in list("", "2nd", "my layout", "a%s", strrep("a", 41), NA_character_, c("a", "b"), 1)) {
    expect_error(custom(name = bad), class = "zuid_error_layout", regexp = "`name`")
  }
  # A name without the custom parts is an unknown built-in name.
  expect_error(id_layout("acme"), class = "zuid_error_layout",
               regexp = "or a name of your own for one, given with its `time`")
})

test_that("sign_bit is TRUE or FALSE", {
  for (bad in list(NA, "yes", 1, c(TRUE, FALSE))) {
    expect_error(custom(sign_bit = bad), class = "zuid_error_type",
                 regexp = "`sign_bit` must be TRUE or FALSE")
  }
})

test_that("messages show user text safely", {
  # Text with format directives stays in R and is shown as written.
  expect_error(id_layout("%s%s%n"), class = "zuid_error_layout", regexp = "not \"%s%s%n\"", fixed = FALSE)
  expect_error(custom(fields = list(`%s` = 10)), class = "zuid_error_layout", regexp = "\"%s\" is not")
})

test_that("error messages read well", {
  expect_snapshot(cnd_class = TRUE, error = TRUE, {
    id_layout("weibo")
    id_layout("sonyflake")
    id_layout("scru64", node_bits = 30)
    id_layout("twitter", fields = list(worker = 10))
    id_layout(time = list(bits = 41, unit = "ms", epoch = 0), sequence = 12)
    id_layout(time = list(bits = 41, unit = "5 ms", epoch = 0), fields = list(w = 10), sequence = 12)
    id_layout(time = list(bits = 60, unit = "ms", epoch = 0), fields = list(w = 4), sequence = 0, sign_bit = FALSE)
    id_layout(name = "my layout", time = list(bits = 41, unit = "ms", epoch = 0), fields = list(w = 10), sequence = 12)
    id_layout(time = list(bits = 39, unit = "5ms", epoch = 0), fields = list(sequence = 8, m = 16), sequence = 8)
    id_layout(time = list(bits = 53, unit = "2000ms", epoch = 0), fields = list(w = 10), sequence = 0)
  })
})

# Published layouts -----------------------------------------------------------
# Other generators' defaults (the core's built-in table). Each decodes
# an example from its own project's docs or tests, or from its reference
# implementation run at the commit named, to the time and fields given
# there; the fields are also checked against bit64 arithmetic.

utc_time <- function(x) as.POSIXct(x, tz = "UTC", format = "%Y-%m-%dT%H:%M:%OS")

test_that("the published layouts are built-in names that need no argument", {
  for (name in c("baidu", "sonyflake_v2", "tsid", "yitter")) {
    layout <- id_layout(name)
    expect_s3_class(layout, "zuid_layout")
    expect_identical(layout$name, name)
    expect_identical(id_layout(toupper(name)), layout)
    # `layout` takes each by name.
    expect_identical(nrow(id_fields("1", name)), 1L)
    expect_error(id_layout(name, epoch = 0), class = "zuid_error_layout", regexp = "takes no `epoch`")
  }
  expect_error(id_layout("tsidd"), class = "zuid_error_layout", regexp = "Did you mean \"tsid\"")
  expect_error(id_layout(name = "tsid", time = list(bits = 41, unit = "ms", epoch = 0), sequence = 22),
               class = "zuid_error_layout", regexp = "built-in layout \"tsid\" takes no")
})

test_that("the published layouts print their sources' numbers", {
  expect_snapshot(cnd_class = TRUE, {
    id_layout("baidu")
    id_layout("sonyflake_v2")
    id_layout("tsid")
    id_layout("yitter")
  })
})

test_that("baidu: uid-generator's README example decodes to its documented time and fields", {
  # README: {"UID":"180363646902239241","parsed":{"timestamp":"2017-01-19
  # 12:15:46","workerId":"4","sequence":"9"}}, made with the README's
  # configuration: timeBits 29, workerBits 21, seqBits 13, epochStr
  # "2016-09-20", dates at UTC+8 (12:15:46 there is 04:15:46 UTC).
  uid <- "180363646902239241"
  configured <- id_layout(
    name = "baidu_example",
    time = list(bits = 29, unit = "s", epoch = as.POSIXct("2016-09-20", tz = "Asia/Shanghai")),
    fields = list(worker = 21), sequence = 13
  )
  f <- id_fields(uid, configured)
  expect_identical(f$time, utc_time("2017-01-19T04:15:46"))
  expect_identical(c(f$worker, f$sequence), c(4L, 9L))
  # The default layout reads the same worker and sequence (the bits above
  # them are 0), and the time its own 28 bits and epoch give.
  baidu <- id_layout("baidu")
  f <- id_fields(uid, baidu)
  expect_identical(c(f$worker, f$sequence), c(4L, 9L))
  x <- bit64::as.integer64(uid)
  expect_identical(as.numeric(f$time), 1463673600 + as.double(x %/% two_pow(35)))
  expect_equal(expected_fields(x, baidu)$time, as.numeric(f$time))
})

test_that("sonyflake_v2: IDs composed by Sonyflake v2's own Compose() decode to its times and parts", {
  # sony/sonyflake v2 at f167a9d, run with its default Settings (start time
  # 2025-01-01 UTC) and MachineID 0x1234: Compose(t, sequence, machine),
  # ToTime() and Decompose() gave these. (Its tests compose from time.Now()
  # and publish no fixed IDs.)
  peer <- data.frame(
    id = c("0", "23993594516279860", "61509300421394431"),
    time = c("2025-01-01T00:00:00.000", "2025-06-15T12:34:56.780", "2026-03-01T08:00:00.010"),
    sequence = c(0L, 7L, 255L), machine = c(0L, 4660L, 65535L),
    stringsAsFactors = FALSE
  )
  layout <- id_layout("sonyflake_v2")
  f <- id_fields(peer$id, layout)
  expect_identical(time_ms(f$time), time_ms(utc_time(peer$time)))
  expect_identical(f$sequence, peer$sequence)
  expect_identical(f$machine, peer$machine)
  composed <- id_compose(utc_time(peer$time), layout, machine = peer$machine, sequence = peer$sequence)
  expect_identical(format(composed), peer$id)
  # The same layout as "sonyflake" with v2's start time.
  expect_true(layout == id_layout("sonyflake", epoch = as.POSIXct("2025-01-01", tz = "UTC")))
})

test_that("tsid: tsid-creator's README TSIDs decode to their documented times", {
  # README: Tsid.from("0123456789ABC") ... getInstant(); //
  # 2020-04-15T22:31:02.458Z. tsid-creator at a28f536, run: getInstant() of
  # 01226N0640J7Q (the README's toString() example) is
  # 2020-04-15T20:22:07.665Z, and the 22 random bits of the two are 305516
  # and 18679: with the default 10 node bits, node 74 and 4, counter 2412
  # and 2295.
  ids <- id_from_text(c("0123456789ABC", "01226N0640J7Q"), "base32")
  f <- id_fields(ids, "tsid")
  expect_identical(time_ms(f$time),
                   time_ms(utc_time(c("2020-04-15T22:31:02.458", "2020-04-15T20:22:07.665"))))
  expect_identical(f$node, c(74L, 4L))
  expect_identical(f$sequence, c(2412L, 2295L))
  expect_identical(f$node * 4096L + f$sequence, c(305516L, 18679L))
  # TSIDs use all 64 bits: the largest TSID, FZZZZZZZZZZZZ, is valid.
  expect_true(id_is_valid(id_from_text("FZZZZZZZZZZZZ", "base32"), "tsid"))
  # tsid-creator's base36 text (upper case, padded) reads too.
  expect_identical(id_from_text("00AI0DK9R3E5O", "base36", as = "character"), format(ids[[1]]))
})

test_that("yitter: IdGenerator's README IDs decode to about the years it gives them", {
  # README: IDs "based on the default configuration", after running 1, 3,
  # 5 and 10 years: 129053495681099, 387750301904971, 646093214093387,
  # 1292658282840139.
  ids <- c("129053495681099", "387750301904971", "646093214093387", "1292658282840139")
  layout <- id_layout("yitter")
  f <- id_fields(ids, layout)
  years <- (as.numeric(f$time) - 1582136402) / (365.25 * 86400)
  expect_true(all(abs(years - c(1, 3, 5, 10)) < 0.01))
  x <- bit64::as.integer64(ids)
  expected <- expected_fields(x, layout)
  expect_identical(f$worker, as.integer(expected$worker))
  expect_identical(f$sequence, as.integer(expected$sequence))
  expect_identical(f$worker, rep(1L, 4))
  # They stay below 2^53, as the README says (a JavaScript Number holds them).
  expect_true(all(as.numeric(ids) < 2^53))
})

test_that("the published layouts compose and read back", {
  set.seed(5)
  for (name in c("baidu", "sonyflake_v2", "tsid", "yitter")) {
    layout <- id_layout(name)
    first <- as.numeric(id_layout_capacity(layout)$start)
    t_ms <- round((first + runif(50, 0, 3e7)) * 1000)
    t <- as.POSIXct(t_ms / 1000, origin = "1970-01-01", tz = "UTC")
    node <- names(layout$bits)[layout$kinds == "node"]
    values <- sample(0:(2^layout$bits[[node]] - 1), 50, replace = TRUE)
    seq <- sample(0:(2^layout$bits[["sequence"]] - 1), 50, replace = TRUE)
    ids <- do.call(id_compose, c(list(t, layout), stats::setNames(list(values), node), list(sequence = seq)))
    f <- id_fields(ids)
    expect_identical(f[[node]], as.integer(values), label = name)
    expect_identical(f$sequence, as.integer(seq), label = name)
    unit_ms <- unit_seconds(layout) * 1000
    expect_identical(time_ms(f$time), first * 1000 + floor((t_ms - first * 1000) / unit_ms) * unit_ms,
                     label = name)
  }
})
