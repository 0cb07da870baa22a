# Columns of IDs rounded before zuid saw them: flagged when a spreadsheet
# or a double rounded them, never for genuine IDs (random, or minted one
# per tick with sequence 0). Rounded columns are made here with bit64 and
# base R, as a spreadsheet or a double would make them.

utc <- function(x) as.POSIXct(x, tz = "UTC")

# Where each layout's genuine IDs of recent years lie.
windows <- list(
  twitter = c("2021-01-01", "2025-12-31"), discord = c("2018-01-01", "2025-12-31"),
  instagram = c("2018-01-01", "2025-12-31"), mastodon = c("2020-01-01", "2025-12-31"),
  sonyflake = c("2018-01-01", "2025-12-31"), scru64 = c("2022-01-01", "2025-12-31"),
  tid = c("2023-01-01", "2025-12-31"), baidu = c("2017-01-01", "2024-11-01"),
  sonyflake_v2 = c("2025-01-02", "2026-12-31"), tsid = c("2021-01-01", "2025-12-31"),
  yitter = c("2021-01-01", "2025-12-31")
)

layout_named <- function(name) {
  switch(name,
    sonyflake = id_layout("sonyflake", epoch = utc("2014-09-01")),
    scru64 = id_layout("scru64", node_bits = 8),
    id_layout(name)
  )
}

# `n` IDs of `layout` at random times of its window, with random node
# values and sequences (or the sequence given), as integer64.
genuine_ids <- function(name, n, sequence = NULL, nodes = NULL) {
  layout <- layout_named(name)
  window <- as.numeric(utc(windows[[name]]))
  t <- as.POSIXct(stats::runif(n, window[[1]], window[[2]]), origin = "1970-01-01", tz = "UTC")
  fields <- names(layout$bits)[layout$kinds == "node"]
  values <- nodes %||% lapply(fields, function(f) floor(stats::runif(n, 0, 2^layout$bits[[f]])))
  seq <- sequence %||% floor(stats::runif(n, 0, 2^layout$bits[["sequence"]]))
  do.call(id_compose, c(list(t, layout), stats::setNames(values, fields),
                        list(sequence = seq, as = "integer64")))
}

`%||%` <- function(x, y) if (is.null(x)) y else x

# As a spreadsheet writes numbers: 15 significant digits, then zeros.
spreadsheet <- function(x) {
  digits <- nchar(as.character(x))
  step <- bit64::as.integer64(10)^pmax(digits - 15L, 0L)
  as.character(((x + step %/% 2L) %/% step) * step)
}

# As a JSON or CSV writer that went through doubles writes them: the
# shortest decimal text that reads back as the same double.
double_text <- function(x) {
  d <- as.numeric(as.character(x))
  vapply(d, function(v) {
    for (k in 15:17) {
      text <- sprintf("%.*e", k - 1L, v)
      if (as.numeric(text) == v) break
    }
    mantissa <- gsub("[.]", "", sub("e.*", "", text))
    exponent <- as.integer(sub(".*e", "", text))
    paste0(mantissa, strrep("0", exponent + 1L - nchar(mantissa)))
  }, character(1))
}

# A double's value converted back exactly, as as.integer64(<double>) does.
double_value <- function(x) bit64::as.integer64(as.numeric(as.character(x)))

# The zuid_warning_rounded warnings `expr` gives (or, with `all`, every
# warning), caught so that `expr`'s value stays.
rounded_warning <- function(expr, all = FALSE) {
  warnings <- list()
  withCallingHandlers(expr, warning = function(w) {
    warnings[[length(warnings) + 1L]] <<- w
    invokeRestart("muffleWarning")
  })
  if (all) warnings else Filter(function(w) inherits(w, "zuid_warning_rounded"), warnings)
}

test_that("1,000 IDs as a spreadsheet saves them are flagged, in every layout of 17 digits or more", {
  set.seed(241)
  for (name in setdiff(names(windows), "yitter")) {
    saved <- spreadsheet(genuine_ids(name, 1000))
    if (median(nchar(saved)) < 17) next
    layout <- layout_named(name)
    found <- rounded_warning(f <- id_fields(saved, layout))
    expect_length(found, 1L)
    expect_identical(found[[1]]$cause, "spreadsheet", label = name)
    expect_s3_class(found[[1]], c("zuid_warning_rounded", "zuid_warning", "warning", "condition"))
    expect_identical(nrow(f), 1000L)
    report <- id_check_damage(saved, layout)
    expect_true(report$rounded, label = name)
    expect_identical(report$cause, "spreadsheet", label = name)
    expect_gt(report$decimal$showing, 900)
  }
})

test_that("no false alarm in 100 columns of 1,000 random genuine IDs of each layout", {
  set.seed(242)
  for (name in names(windows)) {
    layout <- layout_named(name)
    alarms <- 0
    for (k in 1:100) {
      ids <- genuine_ids(name, 1000)
      alarms <- alarms + length(rounded_warning(id_time(ids, layout)))
      if (k <= 5) {
        text <- format(as_zuid_id(ids))
        alarms <- alarms + length(rounded_warning(id_time(text, layout)))
        alarms <- alarms + id_check_damage(text, layout)$rounded
      }
    }
    expect_identical(alarms, 0, label = name)
  }
  # Nor in random 64-bit values of the whole range.
  for (k in 1:100) {
    expect_length(rounded_warning(id_time(random_ids(1000), "discord")), 0L)
  }
})

test_that("IDs minted one per tick, sequence 0, are no sign, even through a double", {
  set.seed(243)
  for (name in c("twitter", "discord", "instagram", "tsid", "baidu")) {
    layout <- layout_named(name)
    fields <- names(layout$bits)[layout$kinds == "node"]
    for (nodes in list(rep(list(0), length(fields)), rep(list(8), length(fields)))) {
      for (k in 1:20) {
        ids <- genuine_ids(name, 1000, sequence = 0, nodes = nodes)
        expect_length(rounded_warning(id_time(ids, layout)), 0L)
        # Zero low bits survive a double: nothing is lost, nothing flagged.
        expect_identical(as.character(double_value(ids)), as.character(ids))
        expect_false(id_check_damage(double_value(ids), layout)$rounded)
      }
    }
  }
})

test_that("IDs that went through a double are flagged by their zero low bits", {
  set.seed(244)
  for (name in c("twitter", "discord", "instagram", "mastodon", "tsid", "baidu", "scru64")) {
    layout <- layout_named(name)
    through <- double_value(genuine_ids(name, 1000))
    found <- rounded_warning(id_fields(through, layout))
    expect_length(found, 1L)
    expect_identical(found[[1]]$cause, "double_value", label = name)
    report <- id_check_damage(through, layout)
    expect_identical(report$cause, "double_value", label = name)
    expect_identical(report$binary$showing, report$binary$informative, label = name)
  }
})

test_that("the text of doubles (16 or 17 significant digits) is flagged", {
  set.seed(245)
  for (name in c("twitter", "discord", "instagram")) {
    layout <- layout_named(name)
    written <- double_text(genuine_ids(name, 1000))
    expect_true(all(grepl("0$", written)))
    found <- rounded_warning(id_time(written, layout))
    expect_identical(found[[1]]$cause, "double_text", label = name)
  }
})

test_that("where node fields fill the low bits, a double's zeros prove nothing", {
  set.seed(246)
  for (name in c("sonyflake", "sonyflake_v2", "tid")) {
    layout <- layout_named(name)
    report <- id_check_damage(double_value(genuine_ids(name, 1000)), layout)
    expect_false(report$rounded)
    expect_true(is.null(report$binary) || report$binary$informative == 0, label = name)
  }
})

test_that("one ID repeated, a few IDs, NA and invalid entries are no sign", {
  set.seed(247)
  saved <- spreadsheet(genuine_ids("twitter", 20))
  expect_length(rounded_warning(id_time(rep(saved[[1]], 1000), "twitter")), 0L)
  expect_length(rounded_warning(id_time(saved[1:3], "twitter")), 0L)
  report <- id_check_damage(saved[1:3], "twitter")
  expect_false(report$rounded)
  expect_identical(report$decimal$showing, 3)
  expect_length(rounded_warning(id_time(saved, "twitter")), 1L)
  # NA and invalid entries are left out; the invalid ones keep their warning.
  mixed <- c(saved, NA, "x", "-1")
  found <- rounded_warning(id_time(mixed, "twitter"), all = TRUE)
  expect_identical(vapply(found, function(w) class(w)[[1]], ""),
                   c("zuid_warning_invalid", "zuid_warning_rounded"))
  expect_identical(found[[2]]$count, 20)
  report <- id_check_damage(mixed, "twitter")
  expect_identical(c(report$examined, report$invalid), c(20, 2))
})

test_that("id_from_time() bounds at round times are no sign", {
  days <- utc("2020-01-01") + 86400 * 0:999
  for (name in c("discord", "mastodon", "tsid", "twitter")) {
    bounds <- id_from_time(days, name)
    expect_length(rounded_warning(id_time(bounds, name)), 0L)
    expect_false(id_check_damage(bounds, name)$rounded)
  }
})

test_that("decoding looks at a sample of a long column and still warns once", {
  set.seed(248)
  saved <- spreadsheet(genuine_ids("twitter", 1000))
  long <- rep(saved, 200)
  found <- rounded_warning(t <- id_time(long, "twitter"))
  expect_length(found, 1L)
  expect_length(t, 200000L)
  # Its positions are entries of the column that show the sign.
  at <- found[[1]]$positions
  expect_identical(at[[1]], 1)
  expect_true(all(grepl("00$", long[at])))
  expect_match(conditionMessage(found[[1]]), "looking at 1000 of its 200000 entries", fixed = TRUE)
})

test_that("decoding looks at 1,000 entries at most, as the warning says", {
  size <- zuid:::decode_sample_size()
  expect_identical(size, 1000)
  base <- bit64::as.integer64("1888944671579080000")
  column <- function(n) as.character(base + bit64::as.integer64(0:(n - 1)) * 10000L)
  all <- rounded_warning(id_time(column(size), "twitter"))[[1]]
  expect_identical(all$count, size)
  expect_no_match(conditionMessage(all), "looking at")
  sampled <- rounded_warning(id_time(column(size + 1), "twitter"))[[1]]
  expect_identical(sampled$count, size)
  expect_match(conditionMessage(sampled), "looking at 1000 of its 1001 entries", fixed = TRUE)
})

test_that("a column whose rounded part is a short run is still found by the sample", {
  # 50 spreadsheet-rounded IDs in each stretch of 500 genuine ones repeat
  # every 550 rows: every row the sample reads differs from the last.
  set.seed(250)
  saved <- c(spreadsheet(genuine_ids("twitter", 500)), as.character(genuine_ids("twitter", 50)))
  long <- rep(saved, 400)
  expect_length(rounded_warning(id_time(long, "twitter")), 1L)
  genuine <- rep(as.character(genuine_ids("twitter", 550)), 400)
  expect_length(rounded_warning(id_time(genuine, "twitter")), 0L)
})

test_that("the check without a layout looks for decimal zeros only", {
  set.seed(249)
  ids <- genuine_ids("twitter", 500)
  expect_true(id_check_damage(spreadsheet(ids))$rounded)
  report <- id_check_damage(double_value(ids))
  expect_false(report$rounded)
  expect_null(report$binary)
  # A zuid_id carries its layout.
  expect_identical(id_check_damage(as_zuid_id(double_value(ids), "twitter"))$cause, "double_value")
  expect_error(id_check_damage(ids, "sonyflake"), class = "zuid_error_layout")
  expect_error(id_check_damage(list(1)), class = "zuid_error_type")
  expect_error(id_check_damage(2^60), class = "zuid_error_precision")
})

test_that("what the check and the warning say", {
  ids <- id_compose(utc("2025-02-10") + 0:99 * 3600 + 0.123, "twitter",
                    datacenter = 11, worker = 8, sequence = 0:99 * 41)
  saved <- paste0(substr(format(ids), 1, 15), "0000")
  expect_snapshot(cnd_class = TRUE, {
    id_check_damage(saved, "twitter")
    id_check_damage(ids)
    id_check_damage(double_value(ids), "twitter")
    id_check_damage(double_value(ids), "tid")
    id_check_damage(saved[1:4])
    invisible(id_time(saved, "twitter"))
    invisible(id_time(double_value(ids), "twitter"))
    invisible(id_time(double_text(ids), "twitter"))
  })
})
