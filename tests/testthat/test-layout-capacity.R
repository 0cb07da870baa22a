# A layout's lifetime and capacity, against what the projects publish and
# against the layout's own numbers.

test_that("baidu's default runs out when uid-generator's Javadoc says, at 8192 IDs a second", {
  # DefaultUidGenerator.java: "Supports about 8.7 years until to 2024-11-20
  # 21:24:16" (UTC+8) and "max for 8192/s".
  c <- id_layout_capacity("baidu")
  expect_identical(as.numeric(c$end), as.numeric(as.POSIXct("2024-11-20 21:24:16", tz = "Asia/Shanghai")))
  expect_identical(format(c$end, tz = "UTC"), "2024-11-20 13:24:16")
  expect_identical(c$ids_per_second, 8192)
  expect_identical(c$ids_per_tick, 8192)
  expect_identical(c$ticks_per_second, 1)
  expect_identical(c$nodes, 2^22)
})

test_that("yitter's default lasts the 71,000 years its README gives", {
  # README: "在默认配置下，ID可用 71000 年不重复" (71,000 years by default).
  c <- id_layout_capacity("yitter")
  expect_true(c$years > 71000 && c$years < 72000)
  expect_identical(c$ids_per_tick, 64)
  expect_identical(c$ids_per_second, 64000)
})

test_that("Sonyflake lasts 174 years at 2^8 IDs per 10 ms, Twitter 69 years at 4096 per ms", {
  # sony/sonyflake's README: "The lifetime (174 years) is longer than that of
  # Snowflake (69 years)", "2^8 IDs per 10 msec at most", 2^16 machines.
  sony <- id_layout_capacity("sonyflake_v2")
  expect_identical(floor(sony$years), 174)
  expect_identical(c(sony$ids_per_tick, sony$ticks_per_second, sony$ids_per_second), c(256, 100, 25600))
  expect_identical(sony$nodes, 65536)
  twitter <- id_layout_capacity("twitter")
  expect_identical(floor(twitter$years), 69)
  # bwmarrin/snowflake's README: "4096 unique IDs ... every millisecond, per
  # Node ID"; 1024 nodes.
  expect_identical(c(twitter$ids_per_tick, twitter$ids_per_second, twitter$nodes), c(4096, 4096000, 1024))
  # The end of the last tick: the epoch plus 2^41 ms, exact as a double.
  expect_identical(as.numeric(twitter$end), (1288834974657 + 2^41) / 1000)
  expect_identical(as.numeric(twitter$start), 1288834974657 / 1000)
})

test_that("TSID lasts about 139 years using all 64 bits", {
  # tsid-creator's README: "The time component can be used for ~139 years if
  # stored in a UNSIGNED 64 bits integer field"; 4096 TSIDs per millisecond.
  c <- id_layout_capacity("tsid")
  expect_identical(floor(c$years), 139)
  expect_identical(c(c$ids_per_tick, c$nodes), c(4096, 1024))
})

test_that("every layout's end is one tick past its last tick's start", {
  for (layout in c(all_layouts(), lapply(c("baidu", "sonyflake_v2", "tsid", "yitter"), id_layout))) {
    c <- id_layout_capacity(layout)
    last <- zuid:::layout_facts_of(layout, NULL)$last_ms
    unit_ms <- unit_seconds(layout) * 1000
    expect_equal(as.numeric(c$end) * 1000, last + unit_ms, tolerance = 1e-12, label = layout$name)
    expect_identical(c$ids_per_tick, 2^layout$bits[["sequence"]], label = layout$name)
    expect_equal(c$ticks_per_second, 1 / unit_seconds(layout), label = layout$name)
    expect_identical(c$nodes, 2^sum(layout$bits[layout$kinds == "node"]), label = layout$name)
    expect_equal(c$years, (as.numeric(c$end) - as.numeric(c$start)) / (365.2425 * 86400),
                 label = layout$name)
  }
})

test_that("TIDs: 53 bits of microseconds end in 2255, one ID per microsecond per clock id", {
  c <- id_layout_capacity("tid")
  expect_identical(as.numeric(c$end), 2^53 / 1e6)
  expect_identical(c(c$ids_per_tick, c$ticks_per_second, c$nodes), c(1, 1e6, 1024))
})

test_that("capacities of several layouts bind into one table", {
  table <- do.call(rbind, lapply(c("twitter", "discord", "tsid"), id_layout_capacity))
  expect_identical(table$layout, c("twitter", "discord", "tsid"))
  expect_identical(names(table), c("layout", "start", "end", "years", "ticks_per_second",
                                   "ids_per_tick", "ids_per_second", "nodes"))
  expect_s3_class(table$end, "POSIXct")
  expect_identical(attr(table$end, "tzone"), "UTC")
})

test_that("summary() states the lifetime and capacity; print() is unchanged", {
  expect_snapshot({
    summary(id_layout("twitter"))
    summary(id_layout("baidu"))
    summary(id_layout("mastodon"))
    summary(id_layout("yitter"))
    summary(id_layout("tid"))
    summary(id_layout("scru64", node_bits = 8))
    summary(id_layout(time = list(bits = 45, unit = "3ms", epoch = 0), fields = list(w = 18), sequence = 0))
  })
  layout <- id_layout("twitter")
  out <- capture.output(summary(layout))
  expect_identical(out[1:3], capture.output(print(layout)))
  expect_identical(capture.output(print(layout)), c(
    "<zuid_layout twitter>",
    "| sign 1 | time 41 | datacenter 5 | worker 5 | sequence 12 |",
    "time: ms units from 2010-11-04T01:42:54.657Z"
  ))
  s <- summary(layout)
  expect_s3_class(s, "summary.zuid_layout")
  expect_identical(s$capacity$ids_per_tick, 4096)
})

test_that("a broken layout or a name that needs more is an error", {
  broken <- id_layout("twitter")
  broken$bits[["time"]] <- 40L
  expect_error(summary(broken), class = "zuid_error_layout")
  expect_error(id_layout_capacity(broken), class = "zuid_error_layout")
  expect_error(id_layout_capacity("sonyflake"), class = "zuid_error_layout", regexp = "needs more than its name")
  expect_error(id_layout_capacity("weibo"), class = "zuid_error_layout")
})
