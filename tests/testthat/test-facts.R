# The facts R asks the core for: asked once, and agreeing with what bit64
# and the built-in layouts' documentation say.

test_that("each fact table is asked for once and kept", {
  the <- zuid:::the
  rm(list = ls(the), envir = the)
  first <- zuid:::core_facts("builtins")
  expect_true(exists("builtins", envir = the, inherits = FALSE))
  expect_identical(zuid:::core_facts("builtins"), first)
  expect_identical(names(first), c("twitter", "discord", "instagram", "mastodon", "sonyflake", "scru64", "tid",
                                   "baidu", "sonyflake_v2", "tsid", "yitter", "linkedin", "tiktok"))
})

test_that("decoding's damage check looks at as many entries as its documentation says", {
  # ?id_check_damage: "up to 1,000 entries spread over the column".
  expect_identical(zuid:::core_facts("damage")$decode_sample, 1000)
})

test_that("the built-in table says which arguments each layout takes", {
  table <- zuid:::core_facts("builtins")
  needs <- vapply(table, function(b) paste(b$needs, collapse = ","), "")
  expect_identical(needs[needs != ""], c(sonyflake = "epoch", scru64 = "node_bits"))
  expect_identical(table$twitter$aliases, "x")
  expect_identical(table$tid$aliases, "bluesky")
  expect_identical(table$scru64$node_bits, c(1L, 23L))
  # Sonyflake v1's default start time, 2014-09-01.
  expect_identical(table$sonyflake$guess_epoch_ms, as.numeric(as.POSIXct("2014-09-01", tz = "UTC")) * 1000)
  expect_null(table$twitter$guess_epoch_ms)
})

test_that("the bounds are 2^63 - 1 and 2^64, as bit64 counts them", {
  bounds <- zuid:::core_facts("bounds")
  top <- bit64::lim.integer64()[[2L]]
  expect_identical(bounds$max_signed, as.character(top))
  # -2^63, which bit64 takes for NA; a double holds it exactly.
  expect_identical(bounds$min_signed, paste0("-", format(2^63, scientific = FALSE)))
  # 2^63 = q * 10^9 + r + 1, with q and r the parts of 2^63 - 1; 2^64 is
  # twice that, and its split borrows nothing more.
  billion <- bit64::as.integer64(1e9)
  q <- top %/% billion
  r <- top %% billion
  split <- bounds$unsigned_end_split
  expect_identical(split$high, as.character(2L * q))
  expect_identical(split$low, as.character(2L * (r + 1L)))
  expect_identical(bounds$unsigned_end, paste0(2L * q + 1L, substr(as.character(2L * (r + 1L)), 2L, 10L)))
})

test_that("the core floors and rounds times to milliseconds", {
  t <- as.POSIXct("2025-02-10 13:34:39.256", tz = "UTC")
  expect_identical(zuid:::floor_ms(t), 1739194479256)
  expect_identical(zuid:::floor_ms(c(0.0009, -0.0001, NA)), c(0, -1, NA))
  expect_identical(zuid:::nearest_ms(1288834974.657), 1288834974657)
  expect_identical(zuid:::nearest_ms(c(0.0025, Inf)), c(2, NA))
})

test_that("a layout's facts are named by part", {
  facts <- zuid:::layout_facts_of(id_layout("twitter"), NULL)
  expect_identical(facts$offsets, c(sign = 63L, time = 22L, datacenter = 17L, worker = 12L, sequence = 0L))
  expect_identical(facts$max_values[["datacenter"]], 31)
  expect_identical(facts$max_values[["time"]], 2^41 - 1)
  expect_identical(facts$id_limit, NA_character_)
  expect_identical(zuid:::layout_facts_of(id_layout("scru64", node_bits = 8), NULL)$id_limit,
                   as.character(bit64::as.integer64(36)^12))
})

test_that("a generator's facts are its layout's grid, as the generator mints", {
  facts <- function(layout) zuid:::minting_facts_of(layout, NULL)
  twitter <- facts(id_layout("twitter"))
  expect_identical(twitter$origin_us, "1288834974657000")
  expect_identical(twitter$unit_us, "1000")
  expect_identical(twitter$last_tick, format(2^41 - 1, scientific = FALSE))
  expect_identical(twitter$max_lead, "0")
  expect_identical(twitter$counter_start_bound, NA_character_)
  # SCRU64: ticks of 256 ms, the last whose IDs are below 36^12, a lead of
  # less than 10 s, counters below half their 16 bits.
  scru <- facts(id_layout("scru64", node_bits = 8))
  expect_identical(scru$unit_us, "256000")
  expect_identical(scru$last_tick, as.character(bit64::as.integer64(36)^12 %/% bit64::as.integer64(2^24) - 1L))
  expect_identical(scru$max_lead, "39")
  expect_identical(scru$counter_start_bound, "32768")
  # An epoch before 1970, floored to the second.
  early <- facts(id_layout(time = list(bits = 41, unit = "s", epoch = -86400500), sequence = 22))
  expect_identical(early$origin_us, "-86401000000")
  expect_identical(facts(id_layout("tid"))$unit_us, "1")
})

test_that("?id_layout's table of built-in layouts lists the core's, as print() shows them", {
  rd <- tools::Rd_db("zuid")[["id_layout.Rd"]]
  text <- paste(as.character(rd, deparse = TRUE), collapse = "")
  builtins <- zuid:::core_facts("builtins")
  expect_gt(length(builtins), 10L)
  for (entry in builtins) {
    # A row: the name (and its alias), then the time as print() words it.
    pattern <- paste0("\\\\code\\{", entry$name, "\\}( \\(or \\\\code\\{\\w+\\}\\))? *\\\\tab [^\\\\]*")
    row <- regmatches(text, regexpr(pattern, text))
    expect_length(row, 1L)
    if (length(entry$needs) == 0L) {
      printed <- format(id_layout(entry$name))
      bits <- sub("^.*\\btime (\\d+)\\b.*$", "\\1", printed[[2]])
      units <- sub("^time: ", "", printed[[3]])
      expect_match(row, paste0(bits, " bits, ", units), fixed = TRUE, info = entry$name)
    }
  }
})

test_that("?id_layout's table of wider layouts lists every one, as print() shows its time", {
  rd <- tools::Rd_db("zuid")[["id_layout.Rd"]]
  text <- paste(as.character(rd, deparse = TRUE), collapse = "")
  names <- zuid:::wide_names()
  expect_gte(length(names), 10L)
  for (name in names) {
    layout <- id_layout(name)
    # A row: the name, the width, then the time as print() words it.
    row <- regmatches(text, regexpr(paste0("\\\\code\\{", name, "\\} *\\\\tab [^\\\\]*\\\\tab [^\\\\]*"), text))
    expect_length(row, 1L)
    expect_match(row, paste0("\\tab ", layout$width, " bits \\tab"), fixed = TRUE, info = name)
    units <- sub("^time: ", "", format(layout)[[3]])
    time_bits <- sum(layout$bits[layout$kinds == "time"])
    # A layout whose time is each entry's version's: the versions' times.
    expected <- if (time_bits > 0) paste0(time_bits, " bits, ", units) else sub("^[^(]*", "by version ", units)
    expect_match(row, expected, fixed = TRUE, info = name)
  }
})
