# Columns of IDs rounded before zuid saw them, in whole or in part: found
# when a spreadsheet or a double rounded them, never for genuine IDs. Two
# tables of columns: clean ones (random IDs of every layout, bursts,
# sequences with patterns, regular times, bounds at round times) that must
# not alarm, and damaged ones (5% to 100% of their rows, in a run or
# scattered, by a spreadsheet, a double's text or a double's value) that
# must. Rounded columns are made here with bit64 and base R, as a
# spreadsheet or a double would make them.

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
  warnings <- with_warnings(expr)$warnings
  if (all) warnings else Filter(function(w) inherits(w, "zuid_warning_rounded"), warnings)
}


# `ids` (integer64) with the rows `rows` rounded by `how`, as text (or
# integer64 for a double's value).
damaged <- function(ids, rows, how) {
  out <- as.character(ids)
  out[rows] <- switch(how, spreadsheet = spreadsheet(ids[rows]), double_text = double_text(ids[rows]),
                      double_value = as.character(double_value(ids[rows])))
  if (how == "double_value") bit64::as.integer64(out) else out
}

# The clean columns: each must give no alarm, with its layout (and, as
# text, without one).
clean_columns <- function() {
  t <- utc("2025-03-01 12:00:00.123")
  burst <- function(layout, seq, ...) id_compose(t, layout, ..., sequence = seq, as = "integer64")
  g <- id_generator("twitter", datacenter = 3, worker = 9)
  list(
    `burst of 2` = list(burst("twitter", 0:1, worker = 3), "twitter"),
    `burst of 300` = list(burst("twitter", 0:299, worker = 3), "twitter"),
    `burst of 4096` = list(burst("discord", 0:4095, worker = 1, process = 2), "discord"),
    `steps of 256 in one tick` = list(burst("twitter", 256 * 1:15, datacenter = 3, worker = 5), "twitter"),
    `steps of 1024 in one tick` = list(burst("discord", 1024 * 1:3, worker = 7), "discord"),
    `steps of 100 in one tick` = list(burst("twitter", 100 * 0:40, worker = 1), "twitter"),
    `sequence 256 in 12 ticks` = list(id_compose(t + 0:11 / 1000 + 1e-5, "twitter", worker = 5, sequence = 256,
                                                 as = "integer64"), "twitter"),
    `one per tick, node 0` = list(genuine_ids("twitter", 1000, sequence = 0, nodes = list(0, 0)), "twitter"),
    `one per tick, node 8` = list(genuine_ids("discord", 1000, sequence = 0, nodes = list(8, 8)), "discord"),
    `every second to the ms` = list(id_compose(t + 0:999, "twitter", datacenter = 1, worker = 2,
                                               as = "integer64"), "twitter"),
    `every hour, sequences 41k` = list(id_compose(t + 0:99 * 3600, "twitter", datacenter = 11, worker = 8,
                                                  sequence = 0:99 * 41, as = "integer64"), "twitter"),
    `every minute, node 25` = list(id_compose(utc("2024-01-01") + 0:999 * 60, "twitter", datacenter = 1,
                                              worker = 25, as = "integer64"), "twitter"),
    `bounds at whole days` = list(id_from_time(utc("2020-01-01") + 86400 * 0:999, "discord", as = "integer64"),
                                  "discord"),
    `minted at capacity` = list(id_next(g, 5000, as = "integer64"), "twitter"),
    `small sequences` = list(genuine_ids("discord", 1000, sequence = rep(1:3, length.out = 1000)), "discord"),
    `random 64-bit values` = list(random_ids(1000), "discord")
  )
}

test_that("no clean column alarms, decoded or checked, with its layout or as text without one", {
  set.seed(241)
  for (case in names(clean <- clean_columns())) {
    x <- clean[[case]][[1]]
    layout <- clean[[case]][[2]]
    expect_length(rounded_warning(id_time(x, layout)), 0L)
    report <- id_check_damage(x, layout)
    expect_false(report$rounded, label = case)
    expect_false(id_check_damage(format(as_zuid_id(x)))$rounded, label = paste(case, "as text"))
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
      if (k <= 10) {
        text <- format(as_zuid_id(ids))
        alarms <- alarms + id_check_damage(text, layout)$rounded + id_check_damage(text)$rounded
      }
    }
    expect_identical(alarms, 0, label = name)
  }
})

# The damaged columns: how each layout's IDs can be rounded, and from what
# share of rounded rows on a column of 1,000 IDs the check is sure to find
# them (measured: see the report of the change that made the verdicts). A
# spreadsheet's zeros (1 in 625 by chance for 19 digits, 1 in 25 for 17)
# are found from a twentieth of the rows in every layout whose IDs have 16
# digits or more; a double's value where it zeroes 5 bits or more of the
# sequence (1 in 32) from a twentieth, 4 bits (Mastodon's, Baidu's) from a
# tenth; a double's shortest text (1 in 2^(r - 2) for r bits lost) from a
# twentieth to a half, fewer bits lost needing more rows.
damage_table <- list(
  spreadsheet = c(twitter = 0.05, discord = 0.05, instagram = 0.05, mastodon = 0.05, sonyflake = 0.05,
                  scru64 = 0.05, tid = 0.05, baidu = 0.05, sonyflake_v2 = 0.05, tsid = 0.05),
  double_text = c(twitter = 0.1, discord = 0.1, instagram = 0.05, baidu = 0.05, sonyflake = 0.2, tid = 0.2,
                  tsid = 0.2, mastodon = 0.45, scru64 = 0.45),
  double_value = c(twitter = 0.05, discord = 0.05, instagram = 0.05, tsid = 0.05, baidu = 0.05, scru64 = 0.1,
                   mastodon = 0.1)
)

test_that("every damaged column of the table is found, as a run of rows or scattered, with its rows", {
  set.seed(243)
  for (how in names(damage_table)) {
    for (name in names(damage_table[[how]])) {
      layout <- layout_named(name)
      for (share in c(0.05, 0.1, 0.2, 0.45, 0.95, 1)[c(0.05, 0.1, 0.2, 0.45, 0.95, 1) >= damage_table[[how]][[name]]]) {
        ids <- genuine_ids(name, 1000)
        n <- round(share * 1000)
        for (rows in list(run = 300 + seq_len(n) - (n > 700) * 300, scattered = sort(sample(1000, n)))) {
          x <- damaged(ids, rows, how)
          label <- sprintf("%s, %s, %s of rows", how, name, share)
          report <- id_check_damage(x, layout)
          expect_true(report$rounded, label = label)
          expect_identical(report$cause, how, label = label)
          # The rows found are those rounded, and a few genuine ones.
          changed <- rows[as.character(x[rows]) != as.character(ids[rows])]
          expect_true(all(changed %in% report$rows), label = label)
          expect_lte(length(setdiff(report$rows, rows)), 20 + 0.1 * (1000 - n), label = label)
          # Decoding warns once, with the same cause.
          found <- rounded_warning(id_time(x, layout))
          expect_length(found, 1L)
          expect_identical(found[[1]]$cause, how, label = label)
        }
      }
    }
  }
})

test_that("a spreadsheet's column is found in every layout of 17 digits or more, with all its rows", {
  set.seed(244)
  for (name in setdiff(names(windows), "yitter")) {
    ids <- genuine_ids(name, 1000)
    saved <- spreadsheet(ids)
    if (median(nchar(saved)) < 17) next
    layout <- layout_named(name)
    found <- rounded_warning(f <- id_fields(saved, layout))
    expect_length(found, 1L)
    expect_identical(found[[1]]$cause, "spreadsheet", label = name)
    expect_s3_class(found[[1]], c("zuid_warning_rounded", "zuid_warning", "warning", "condition"))
    expect_identical(nrow(f), 1000L)
    report <- id_check_damage(saved, layout)
    expect_identical(report$cause, "spreadsheet", label = name)
    # Every row it changed (those of 16 digits or more) is found, and a
    # few it left as they were, since they already ended in zeros.
    changed <- which(saved != as.character(ids))
    expect_true(all(changed %in% report$rows), label = name)
    expect_lte(length(report$rows) - length(changed), 30)
    expect_true(report$signs$found[report$signs$sign == "digits15"])
  }
})

test_that("where node fields fill the low bits, a double's zeros prove nothing", {
  set.seed(246)
  for (name in c("sonyflake", "sonyflake_v2", "tid")) {
    layout <- layout_named(name)
    report <- id_check_damage(double_value(genuine_ids(name, 1000)), layout)
    expect_false(report$rounded, label = name)
    low <- report$signs[report$signs$sign == "low_bits", ]
    expect_true(nrow(low) == 0L || low$informative == 0, label = name)
  }
})

test_that("doubles and scientific text are rounded by their form, and counted as such", {
  set.seed(247)
  ids <- genuine_ids("twitter", 100)
  doubles <- as.numeric(as.character(ids))
  report <- id_check_damage(doubles, "twitter")
  expect_identical(c(report$doubles, report$examined), c(100, 0))
  expect_identical(report$cause, "double")
  expect_identical(report$rows, 1:100)
  # write.csv() of doubles: the exact value of each double, and scientific
  # text where that is shorter.
  written <- c(as.character(double_value(ids[1:95])), sprintf("%.7e", doubles[96:100]))
  report <- id_check_damage(written, "twitter")
  expect_identical(report$scientific, 5)
  expect_true(all(96:100 %in% report$rows))
  expect_identical(report$cause, "double_value")
  # Decoding warns of the scientific entries too, which become NA.
  found <- rounded_warning(t <- id_time(c(format(ids[1:50]), sprintf("%.14e", doubles[51:52])), "twitter"),
                           all = TRUE)
  # One warning of both kinds.
  expect_length(found, 1L)
  expect_s3_class(found[[1]], c("zuid_warning_entries", "zuid_warning_invalid", "zuid_warning_rounded"))
  expect_identical(found[[1]]$cause, "scientific")
  expect_identical(found[[1]]$kinds$zuid_warning_rounded$positions, c(51, 52))
  expect_identical(sum(is.na(t)), 2L)
})

test_that("one ID repeated, a few IDs, NA and invalid entries are no sign", {
  set.seed(248)
  saved <- spreadsheet(genuine_ids("twitter", 20))
  expect_length(rounded_warning(id_time(rep(saved[[1]], 1000), "twitter")), 0L)
  expect_length(rounded_warning(id_time(saved[1:3], "twitter")), 0L)
  report <- id_check_damage(saved[1:3], "twitter")
  expect_false(report$rounded)
  expect_identical(report$signs$showing[[1]], 3)
  expect_length(rounded_warning(id_time(saved, "twitter")), 1L)
  # NA and invalid entries are left out; the invalid ones keep their warning.
  mixed <- c(saved, NA, "x", "-1")
  found <- rounded_warning(id_time(mixed, "twitter"), all = TRUE)
  expect_length(found, 1L)
  expect_s3_class(found[[1]], c("zuid_warning_entries", "zuid_warning_invalid", "zuid_warning_rounded"))
  expect_identical(found[[1]]$kinds$zuid_warning_rounded$count, 20)
  report <- id_check_damage(mixed, "twitter")
  expect_identical(c(report$examined, report$invalid), c(20, 2))
})

test_that("decoding looks at a sample of a long column and still warns once", {
  set.seed(249)
  saved <- spreadsheet(genuine_ids("twitter", 1000))
  long <- rep(saved, 200)
  found <- rounded_warning(t <- id_time(long, "twitter"))
  expect_length(found, 1L)
  expect_length(t, 200000L)
  # Its positions are entries of the column that show the sign.
  at <- found[[1]]$positions
  expect_identical(at[[1]], 1)
  expect_true(all(grepl("0000$", long[at])))
  expect_match(conditionMessage(found[[1]]), "looking at 1000 of its 200000 entries", fixed = TRUE)
})

test_that("decoding looks at 1,000 entries at most, as the warning says", {
  size <- zuid:::decode_sample_size()
  expect_identical(size, 1000)
  set.seed(250)
  column <- function(n) spreadsheet(genuine_ids("twitter", n))
  all <- rounded_warning(id_time(column(size), "twitter"))[[1]]
  expect_identical(all$looked_at, size)
  expect_no_match(conditionMessage(all), "looking at")
  sampled <- rounded_warning(id_time(column(size + 1), "twitter"))[[1]]
  expect_identical(sampled$looked_at, size)
  expect_match(conditionMessage(sampled), "looking at 1000 of its 1001 entries", fixed = TRUE)
})

test_that("a column whose rounded part is a short run is still found by the sample", {
  # 50 spreadsheet-rounded IDs in each stretch of 500 genuine ones repeat
  # every 550 rows: every row the sample reads differs from the last.
  set.seed(251)
  saved <- c(spreadsheet(genuine_ids("twitter", 50)), as.character(genuine_ids("twitter", 500)))
  long <- rep(saved, 400)
  expect_length(rounded_warning(id_time(long, "twitter")), 1L)
  genuine <- rep(as.character(genuine_ids("twitter", 550)), 400)
  expect_length(rounded_warning(id_time(genuine, "twitter")), 0L)
})

test_that("the check without a layout looks for decimal zeros only", {
  set.seed(252)
  ids <- genuine_ids("twitter", 500)
  expect_true(id_check_damage(spreadsheet(ids))$rounded)
  report <- id_check_damage(double_value(ids))
  expect_false(report$rounded)
  expect_false("low_bits" %in% report$signs$sign)
  # A zuid_id carries its layout.
  expect_identical(id_check_damage(as_zuid_id(double_value(ids), "twitter"))$cause, "double_value")
  expect_error(id_check_damage(ids, "sonyflake"), class = "zuid_error_layout")
  expect_error(id_check_damage(list(1)), class = "zuid_error_type")
})

test_that("what the check and the warning say", {
  set.seed(253)
  t <- utc("2025-02-10") + sort(stats::runif(100, 0, 100 * 3600))
  ids <- id_compose(t, "twitter", datacenter = 11, worker = 8, sequence = 0:99 * 41)
  saved <- paste0(substr(format(ids), 1, 15), "0000")
  part <- format(ids)
  part[41:60] <- saved[41:60]
  expect_snapshot(cnd_class = TRUE, {
    id_check_damage(saved, "twitter")
    id_check_damage(ids)
    id_check_damage(part, "twitter")
    id_check_damage(double_value(ids), "twitter")
    id_check_damage(double_value(ids), "tid")
    id_check_damage(as.numeric(format(ids)))
    id_check_damage(c(format(ids[1:3]), "1.88894467157908E+18"))
    id_check_damage(saved[1:4])
    invisible(id_time(saved, "twitter"))
    invisible(id_time(part, "twitter"))
    invisible(id_time(double_value(ids), "twitter"))
    invisible(id_time(double_text(ids), "twitter"))
  })
})
