# The problems the Rust binding reports, and the conditions R makes of them.

# What a lease's messages read of its state: its table, layout and count,
# and the database's last error.
lease_message_state <- function() {
  state <- new.env()
  state$table_name <- "zuid_node_leases"
  state$layout <- id_layout("twitter")
  state$count <- 1024
  state$ttl_ms <- 30000
  state$nodes <- list(datacenter = 3, worker = 4)
  state$db_error <- simpleError("server closed the connection unexpectedly")
  state$first_expiry <- 1796000000123
  state
}

test_that("every problem code the binding can send has an R handler", {
  codes <- zuid:::rust_value(zuid:::problem_codes())
  expect_gt(length(codes), 20)
  expect_identical(setdiff(codes, names(zuid:::problem_handlers)), character())
  # And R knows no codes that Rust cannot send.
  expect_identical(setdiff(names(zuid:::problem_handlers), codes), character())
})

test_that("every handler raises a classed condition carrying a message", {
  layout <- id_layout("twitter")
  generator <- id_generator("twitter", datacenter = 0, worker = 0)
  context <- list(layout = layout, x = c(2^60, 1), n = 2, generator = NULL,
                  args = list(time = c(0, 1), datacenter = 40, worker = 0, sequence = 0))
  internal <- c("input_type", "node_count")
  for (code in zuid:::rust_value(zuid:::problem_codes())) {
    problem <- list(code = code, position = 1, part = 3, value = 2, element = "bits",
                    count = 1, positions = 1, reason = "not_digits")
    ctx <- context
    if (code %in% c("forked", "not_generator", "clock_back", "interrupted")) ctx$generator <- generator
    if (startsWith(code, "lease_")) ctx$lease <- lease_message_state()
    cnd <- tryCatch(zuid:::throw_problem(problem, quote(f()), ctx),
                    error = identity, warning = identity)
    expect_true(inherits(cnd, "condition"), label = code)
    if (code %in% internal) {
      expect_match(conditionMessage(cnd), "internal error in zuid", label = code)
      expect_s3_class(cnd, "zuid_error_internal")
    } else {
      expect_true(inherits(cnd, "zuid_error") || inherits(cnd, "zuid_warning"), label = code)
      expect_gt(nchar(conditionMessage(cnd)), 20)
    }
  }
})

test_that("problems come back as values: a warning and the value, or an error", {
  result <- zuid:::decode_ids(c("1", "x"), "character", id_layout("discord"), TRUE, FALSE)
  expect_identical(names(result), c("value", "problems"))
  expect_length(result$problems, 1L)
  expect_identical(result$problems[[1]]$code, "invalid_entries")
  expect_identical(result$problems[[1]]$positions, 2)
  expect_length(result$value$time, 2L)
  refused <- zuid:::decode_ids(2^60, "double", id_layout("discord"), TRUE, FALSE)
  expect_null(refused$value)
  expect_identical(refused$problems[[1]]$code, "imprecise_double")
  expect_identical(refused$problems[[1]]$position, 1)
})

# Every problem's message, pinned. Each is raised as users meet it, through
# the function that reports it; those that need a fork, a clock that moves
# back, an interrupt or a lack of memory are thrown from the problem R gets,
# as the binding sends it.

# The codes of the problems the tests below raise, as R throws them.
raised <- new.env()
raised$codes <- character()
suppressMessages(trace(
  "throw_problem", where = asNamespace("zuid"), print = FALSE,
  tracer = bquote(assign("codes", c(get("codes", envir = .(raised)), problem$code), envir = .(raised)))
))

# `layout` with one element replaced, as hand edits do.
edited <- function(layout, name, value) {
  layout[[name]] <- value
  layout
}

# The problem `code` as the binding sends it, thrown with `context`.
throw <- function(code, context, ...) {
  problem <- utils::modifyList(list(code = code, position = NA, part = NA, value = NA, detail = NA,
                                    element = NULL, count = NA, positions = NULL, reason = NULL),
                               list(...))
  zuid:::throw_problem(problem, quote(id_next(g)), context)
}

test_that("every problem of a layout reads well", {
  twitter <- id_layout("twitter")
  expect_snapshot(cnd_class = TRUE, error = TRUE, {
    id_fields("1", edited(twitter, "epoch_ms", "2010-11-04"))
    id_fields("1", edited(twitter, "kinds", c("time", "sign", "node", "node", "sequence")))
    id_fields("1", edited(twitter, "bits", c(sign = 2L, time = 40L, datacenter = 5L, worker = 5L,
                                              sequence = 12L)))
    id_fields("1", edited(twitter, "bits", c(sign = 1L, time = 0L, datacenter = 5L, worker = 5L,
                                              sequence = 53L)))
    id_layout(time = list(bits = 20, unit = "ms", epoch = 0), fields = list(w = 54), sequence = 0,
              sign_bit = FALSE)
    id_layout(time = list(bits = 30, unit = "ms", epoch = 0), fields = list(w = 1), sequence = 32)
    id_layout(time = list(bits = 41, unit = "ms", epoch = 0), fields = list(w = 10), sequence = 11)
    id_layout("sonyflake", epoch = 1e15)
    id_fields("1", edited(twitter, "kinds", c("sign", "time", "shard", "node", "sequence")))
    id_fields("1", edited(twitter, "unit", "5 ms"))
    id_layout(time = list(bits = 41, unit = "5 ms", epoch = 0), fields = list(w = 10), sequence = 12)
    id_fields("1", edited(twitter, "text", "base58"))
    id_layout(time = list(bits = 53, unit = "86400000ms", epoch = 0), fields = list(w = 11), sequence = 0,
              sign_bit = FALSE)
    id_layout(time = list(bits = 53, unit = "us", epoch = as.Date("2020-01-01")), fields = list(w = 10),
              sequence = 0)
  })
})

test_that("every problem of reading IDs reads well", {
  expect_snapshot(cnd_class = TRUE, error = TRUE, {
    id_time(c("175928847299117063", "x", "-1", "1.5"), "discord")
    id_time(c("20", "1888944671579078978", "29700859247", "x"), "twitter")
    id_fields("1", "mastodon")
    id_fields(c(1, 2^60), "discord")
    as_zuid_id(c("9223372036854775808", "1"))
    sort(structure(1:2, class = c("zuid_id", "integer64")))
  })
})

test_that("every problem of 128-bit IDs reads well, one warning a call", {
  v4 <- "550e8400-e29b-41d4-a716-446655440000"
  v7 <- "01890a5d-ac96-774b-bcce-b302099a8057"
  expect_snapshot(cnd_class = TRUE, error = TRUE, {
    id_time(c(v4, v7), "uuid")
    id_time(c(v4, "x", v7), "uuid")
    id_from_time(as.POSIXct("2024-01-01", tz = "UTC"), "uuidv1")
  })
  cnd <- tryCatch(id_time(c(v4, "x", v7), "uuid"), warning = identity)
  expect_s3_class(cnd, c("zuid_warning_entries", "zuid_warning_invalid", "zuid_warning_no_time"))
  expect_identical(cnd$positions, c(1, 2))
})

test_that("every reason an entry of text is not an ID reads well", {
  expect_snapshot(cnd_class = TRUE, {
    id_from_text(c("ff", "fg"), "hex", as = "character")
    id_from_text(c("7ZZZZZZZZZZZZ", "0U"), "base32", as = "character")
    id_from_text(c("z", "z-1"), "base36", as = "character")
    id_from_text(c("2", "0"), "base58", as = "character")
    id_from_text(c("Z", "Z_"), "base62", as = "character")
    id_time(c("1.21400472403119E+18", "1888944671579078978"), "twitter")
    id_time(c("1888944671579078978", "1888944671579078978.5"), "twitter")
    id_from_url(c("https://x.com/jack/status/12a", "https://www.instagram.com/p/a.b/"))
  })
})

test_that("a column rounded before zuid saw it reads well", {
  # 100 tweet IDs, and the same as a spreadsheet saves them (15 significant
  # digits) and through doubles (53 bits).
  set.seed(120)
  t <- as.POSIXct("2025-02-10", tz = "UTC") + sort(stats::runif(100, 0, 100 * 3600))
  ids <- id_compose(t, "twitter", datacenter = 11, worker = 8, sequence = 0:99 * 41)
  saved <- paste0(substr(format(ids), 1, 15), "0000")
  through_doubles <- bit64::as.integer64(as.numeric(format(ids)))
  expect_snapshot(cnd_class = TRUE, {
    invisible(id_time(saved, "twitter"))
    invisible(id_fields(through_doubles, "twitter"))
  })
})

test_that("every problem of making IDs reads well", {
  may <- as.POSIXct("2016-05-01", tz = "UTC")
  expect_snapshot(cnd_class = TRUE, error = TRUE, {
    id_compose(may, "discord", worker = c(1, 32))
    id_compose(c(may, as.POSIXct("2000-01-01", tz = "UTC")), "discord")
    id_compose(as.POSIXct("2090-01-01", tz = "UTC"), "twitter")
    id_compose(as.POSIXct("2090-01-01", tz = "UTC"), "discord", as = "integer64")
    # The tick whose smallest ID is 2^63, which a zuid_id cannot hold.
    id_compose(as.POSIXct(3619093655.552, origin = "1970-01-01", tz = "UTC"), "discord")
  })
})

test_that("every problem of generating IDs reads well", {
  g <- id_generator("twitter", datacenter = 3, worker = 4)
  context <- list(generator = g, layout = g$layout, n = 5, as = "id")
  expect_snapshot(cnd_class = TRUE, error = TRUE, {
    id_generator("twitter", datacenter = 3, worker = 4)
    id_next(unserialize(serialize(g, NULL)))
    throw("forked", context)
    throw("clock_back", context, value = 120, detail = 120)
    throw("clock_back", context, value = 9000, detail = 50)
    throw("interrupted", context, element = "minting")
    throw("interrupted", context, element = "waiting")
    throw("interrupted", context, element = "output")
    throw("memory", context, value = 8e9, element = "r")
    throw("memory", utils::modifyList(context, list(as = "character")), value = 8e9, element = "r")
    throw("memory", context, value = 524288)
    throw("busy", context)
    throw("before_epoch", context)
    throw("past_end", context)
    id_generator("twitter", datacenter = 3, worker = 5, after = "1a")
    id_generator("twitter", datacenter = 3, worker = 5, after = 2^60)
    id_generator("twitter", datacenter = 3, worker = 5, after = "9223372036854775807")
    throw("after_ahead", context, value = 2500)
    throw("lease_closed", context)
    throw("lease_none_left", c(context, list(nodes = list(datacenter = 3, worker = 4))))
    leased <- c(context, list(nodes = list(datacenter = 3, worker = 4), lease = lease_message_state()))
    throw("lease_transaction", leased, element = "claim")
    throw("lease_transaction", leased, element = "renew")
    throw("lease_transaction", leased, element = "release")
    throw("lease_database", leased, element = "claim")
    throw("lease_database", leased, element = "renew")
    throw("lease_database", leased, element = "release")
    throw("lease_all_taken", leased, value = 0)
    throw("lease_all_taken", leased, value = 2, detail = 5)
    throw("lease_contention", leased, value = 100)
    throw("lease_split", leased)
    throw("lease_slow", leased, value = 18250, detail = 3)
    throw("lease_released", leased)
  })
})

test_that("internal errors are classed and say so", {
  layout <- id_layout("twitter")
  expect_snapshot(cnd_class = TRUE, error = TRUE, {
    zuid:::rust_value(zuid:::decode_ids(1, "list", layout, TRUE, FALSE))
    zuid:::rust_value(zuid:::generator_new(layout, 1, "wait", NULL, "", TRUE, FALSE))
    zuid:::throw_problem(list(code = "no_such_code"), NULL, list())
  })
  cnd <- tryCatch(zuid:::rust_value(zuid:::decode_ids(1, "list", layout, TRUE, FALSE)), error = identity)
  expect_s3_class(cnd, c("zuid_error_internal", "zuid_error"))
})

test_that("every code the binding sends is raised by one of the snapshots above", {
  suppressMessages(untrace("throw_problem", where = asNamespace("zuid")))
  expect_setequal(intersect(raised$codes, zuid:::rust_value(zuid:::problem_codes())),
                  zuid:::rust_value(zuid:::problem_codes()))
})
