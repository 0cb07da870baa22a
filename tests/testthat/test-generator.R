test_that("100,000 IDs are distinct, strictly increasing and carry the node", {
  g <- id_generator("twitter", datacenter = 3, worker = 17)
  ids <- c(id_next(g, 60000, as = "integer64"), id_next(g, 40000, as = "integer64"))
  expect_length(ids, 100000)
  expect_true(all(diff(ids) > bit64::as.integer64(0)))
  fields <- id_fields(ids, "twitter")
  expect_true(all(fields$datacenter == 3L))
  expect_true(all(fields$worker == 17L))
  # Never more IDs in a millisecond than the sequence holds.
  expect_lte(max(table(time_ms(fields$time))), 4096)
})

test_that("IDs come as zuid_ids by default and decode to the generator's time", {
  before <- Sys.time()
  g <- id_generator("discord", worker = 1, process = 2)
  ids <- id_next(g, 3)
  after <- Sys.time()
  expect_s3_class(ids, c("zuid_id", "integer64"), exact = TRUE)
  expect_identical(attr(ids, "layout"), id_layout("discord"))
  expect_type(id_next(g, 2, as = "character"), "character")
  t <- id_time(ids, "discord")
  expect_true(all(t >= trunc(before) & t <= after + 0.001))
  expect_identical(id_fields(ids, "discord")$sequence[1:2] + 1L, id_fields(ids, "discord")$sequence[2:3])
})

test_that("calls continue one sequence: unique and increasing across calls", {
  g <- id_generator("instagram", shard = 5)
  ids <- do.call(c, lapply(1:200, function(i) id_next(g, 7, as = "integer64")))
  expect_true(all(diff(ids) > bit64::as.integer64(0)))
  expect_identical(as.character(id_next(g, 0)), character())
})

test_that("two generators with different node values never collide", {
  a <- id_generator("twitter", datacenter = 0, worker = 1)
  b <- id_generator("twitter", datacenter = 0, worker = 2)
  ids_a <- id_next(a, 20000)
  ids_b <- id_next(b, 20000)
  expect_length(intersect(ids_a, ids_b), 0L)
  expect_false(anyDuplicated(c(ids_a, ids_b)) > 0)
})

test_that("every layout generates, with its node values", {
  layouts <- all_layouts()
  layouts$wide <- NULL # its time is in seconds from 1970 within 20 bits: long past
  for (layout in layouts) {
    fields <- names(layout$bits)[layout$kinds == "node"]
    values <- stats::setNames(as.list(seq_along(fields)), fields)
    g <- do.call(id_generator, c(list(layout), values))
    ids <- id_next(g, 2000)
    expect_false(anyNA(ids))
    decoded <- id_fields(ids, layout)
    for (f in fields) expect_true(all(decoded[[f]] == values[[f]]))
    order_key <- order(time_ms(decoded$time), decoded$sequence)
    expect_identical(order_key, seq_along(ids))
  }
})

test_that("SCRU64 generation follows its text form", {
  g <- id_generator(id_layout("scru64", node_bits = 8), node = 42)
  text <- id_to_scru64(id_next(g, 1000))
  expect_true(all(nchar(text) == 12L))
  expect_identical(sort(text), text)
  expect_true(all(id_fields(text, id_layout("scru64", node_bits = 8))$node == 42L))
})

test_that("a later generator of a node stays above what a gone one minted, not above its `after`", {
  g <- id_generator("discord", worker = 9, process = 21, on_clock_back = "error")
  minted <- id_next(g, 3)
  # An `after` in 2084, under which nothing is minted.
  far <- id_generator("discord", worker = 9, process = 22, on_clock_back = "error",
                      after = as_zuid_id("9218868437227405313", "discord"))
  expect_error(id_next(far), class = "zuid_error_clock")
  rm(g, far)
  invisible(gc())
  later <- id_generator("discord", worker = 9, process = 21, on_clock_back = "error")
  expect_true(id_next(later) > minted[[3]])
  other <- id_generator("discord", worker = 9, process = 22, on_clock_back = "error")
  expect_lt(abs(as.numeric(id_time(id_next(other))) - as.numeric(Sys.time())), 60)
})

test_that("a generator survives gc()", {
  g <- id_generator("discord", worker = 0, process = 0)
  first <- id_next(g)
  invisible(gc())
  # Others come and go, each collected before the next takes its node.
  for (i in 1:20) {
    other <- id_generator("discord", worker = 1, process = 1)
    rm(other)
    invisible(gc())
  }
  second <- id_next(g)
  expect_false(identical(first, second))
  expect_true(id_time(second, "discord") >= id_time(first, "discord"))
})

test_that("a generator restored from disk refuses", {
  g <- id_generator("twitter", datacenter = 1, worker = 1)
  path <- tempfile(fileext = ".rds")
  on.exit(unlink(path))
  saveRDS(g, path)
  restored <- readRDS(path)
  expect_error(id_next(restored), class = "zuid_error_generator", regexp = "restored from disk")
  # The original keeps working.
  expect_length(id_next(g), 1L)
})

test_that("a generator used in a forked child refuses", {
  skip_on_os("windows") # no fork there
  g <- id_generator("twitter", datacenter = 1, worker = 1)
  classes <- parallel::mclapply(1:2, function(i) {
    tryCatch(id_next(g), error = function(e) class(e))
  }, mc.cores = 2)
  for (cl in classes) expect_identical(cl, c("zuid_error_generator", "zuid_error", "error", "condition"))
  # Even if the R object is patched to claim the child's pid, Rust knows.
  patched <- parallel::mclapply(1:2, function(i) {
    g$pid <- Sys.getpid()
    tryCatch(id_next(g), error = function(e) conditionMessage(e))
  }, mc.cores = 2)
  for (message in patched) expect_match(message, "created in another process")
  expect_length(id_next(g), 1L)
})

test_that("every node field must be given, within its width", {
  expect_error(id_generator("twitter", worker = 1), class = "zuid_error_layout",
               regexp = "Give every node field of the twitter layout: `datacenter` is missing")
  expect_error(id_generator("discord"), class = "zuid_error_layout", regexp = "`worker`, `process` are missing")
  expect_error(id_generator("twitter", datacenter = 32, worker = 0), class = "zuid_error_range",
               regexp = "`datacenter` must be a whole number from 0 to 31, not 32")
  expect_error(id_generator("twitter", datacenter = c(1, 2), worker = 0), class = "zuid_error_range")
  expect_error(id_generator("twitter", datacenter = NA, worker = 0), class = "zuid_error_range")
  expect_error(id_generator("twitter", datacenter = 1, worker = 0, shard = 2), class = "zuid_error_layout",
               regexp = "no field `shard`")
  expect_error(id_generator(id_layout("scru64", node_bits = 8), node = 256), class = "zuid_error_range")
  expect_error(id_generator("sonyflake", machine = 1), class = "zuid_error_layout")
})

test_that("arguments are checked", {
  g <- id_generator("mastodon")
  expect_error(id_next(g, -1), class = "zuid_error_type", regexp = "`n` must be a whole number from 0")
  expect_error(id_next(g, 1.5), class = "zuid_error_type")
  expect_error(id_next(g, as = "text"), class = "zuid_error_type")
  expect_error(id_next("twitter"), class = "zuid_error_type", regexp = "`generator` must be a zuid_generator")
  expect_error(id_generator("mastodon", on_clock_back = "panic"), class = "zuid_error_type",
               regexp = "`on_clock_back` must be \"wait\", \"error\" or \"borrow\"")
  expect_identical(id_generator("instagram", shard = 9, on_clock_back = "borrow")$on_clock_back, "borrow")
})

test_that("a layout whose time has run out refuses", {
  old <- id_layout(time = list(bits = 20, unit = "s", epoch = 0), fields = list(n = 13), sequence = 31,
                   sign_bit = FALSE)
  g <- id_generator(old, n = 1)
  expect_error(id_next(g), class = "zuid_error_generator", regexp = "past the layout's last tick")
  future <- id_layout(time = list(bits = 41, unit = "ms", epoch = as.POSIXct("2200-01-01", tz = "UTC")),
                      fields = list(n = 10), sequence = 12)
  expect_error(id_next(id_generator(future, n = 1)), class = "zuid_error_generator",
               regexp = "before the layout's epoch, 2200-01-01T00:00:00.000Z")
})

test_that("generators print their layout, node and policy", {
  g <- id_generator("twitter", datacenter = 1, worker = 7, on_clock_back = "error")
  expect_identical(capture.output(print(g)), c(
    "<zuid_generator twitter>",
    "node: datacenter 1, worker 7; on_clock_back = \"error\""
  ))
})

test_that("a foreign external pointer in a generator is refused, not read", {
  g <- id_generator("twitter", datacenter = 1, worker = 2)
  g$pointer <- getNativeSymbolInfo("wrap__generator_next", "zuid")$address
  expect_error(id_next(g), class = "zuid_error_generator", regexp = "no state")
  g$pointer <- NULL
  expect_error(id_next(g), class = "zuid_error_generator")
})

test_that("TIDs are minted in microseconds from the clock, one per microsecond", {
  g <- id_generator("bluesky", clock_id = 816)
  before <- as.numeric(Sys.time())
  ids <- id_next(g, 5000, as = "character")
  after <- as.numeric(Sys.time())
  fields <- id_fields(ids, "tid")
  expect_true(all(fields$clock_id == 816L))
  # Strictly increasing: with one clock id and no sequence, a microsecond each.
  text <- id_to_tid(ids)
  expect_identical(order(text, method = "radix"), seq_along(text))
  expect_false(anyDuplicated(text) > 0)
  # Within the clock's readings, to the microsecond (and the millisecond
  # of Sys.time()'s precision either side).
  s <- as.numeric(fields$time)
  expect_true(all(s >= before - 0.001 & s <= after + 0.001))
  expect_error(id_generator("tid"), class = "zuid_error_layout", regexp = "`clock_id` is missing")
  expect_error(id_generator("tid", clock_id = 1024), class = "zuid_error_range")
})

test_that("Sonyflake with an off-grid start time mints on its reference's grid", {
  start_ms <- 1592224496789
  sony <- id_layout("sonyflake", epoch = start_ms)
  g <- id_generator(sony, machine = 4242)
  before_ms <- floor(as.numeric(Sys.time()) * 1000)
  ids <- id_next(g, 3)
  after_ms <- ceiling(as.numeric(Sys.time()) * 1000)
  ticks <- (time_ms(id_time(ids, sony)) - floor(start_ms / 10) * 10) / 10
  # The reference's elapsed time: floor(now / 10 ms) - floor(start / 10 ms).
  expect_true(all(ticks >= floor(before_ms / 10) - floor(start_ms / 10)))
  expect_true(all(ticks <= floor(after_ms / 10) - floor(start_ms / 10)))
  expect_true(all(ticks == round(ticks)))
  expect_identical(id_fields(ids, sony)$machine, rep(4242L, 3))
})

test_that("a second live generator with the same layout and node values is refused", {
  g <- id_generator("twitter", datacenter = 9, worker = 9)
  err <- expect_error(id_generator("twitter", datacenter = 9, worker = 9), class = "zuid_error_duplicate_node")
  expect_match(conditionMessage(err), "datacenter 9, worker 9) is alive in this R session")
  # What counts is what the IDs are made of, not the layout's name.
  s <- id_generator(id_layout("scru64", node_bits = 8), node = 9)
  same_bits <- id_layout(time = list(bits = 39, unit = "256ms", epoch = 0), fields = list(n = 8),
                         sequence = 16)
  expect_error(id_generator(same_bits, n = 9), class = "zuid_error_duplicate_node")
  # Other node values, or shared_node = TRUE, are allowed; both mint.
  expect_s3_class(id_generator("twitter", datacenter = 9, worker = 10), "zuid_generator")
  shared <- id_generator("twitter", datacenter = 9, worker = 9, shared_node = TRUE)
  expect_length(c(id_next(g), id_next(shared)), 2L)
  expect_error(id_generator("twitter", datacenter = 9, worker = 9, shared_node = NA), class = "zuid_error_type")
})

test_that("a garbage-collected generator frees its node", {
  g <- id_generator("discord", worker = 30, process = 30)
  # The binding's own answer, without id_generator()'s retry after gc().
  make <- function() zuid:::generator_new(id_layout("discord"), c(30, 30), "wait", NULL, "", FALSE, FALSE)
  expect_identical(make()$problems[[1]]$code, "duplicate_node")
  rm(g)
  invisible(gc())
  expect_length(make()$problems, 0L)
  # id_generator() collects garbage itself before refusing: the generator
  # make() returned is referenced no more.
  expect_s3_class(id_generator("discord", worker = 30, process = 30), "zuid_generator")
})

test_that("a generator starts above the last ID of a collected one with its node", {
  # The first runs 5 s ahead of the clock, from `after`.
  ahead <- id_from_time(Sys.time() + 5, "twitter")
  g <- id_generator("twitter", datacenter = 8, worker = 8, after = ahead, on_clock_back = "borrow")
  first <- id_next(g, 10)
  rm(g)
  invisible(gc())
  g <- id_generator("twitter", datacenter = 8, worker = 8, on_clock_back = "borrow")
  expect_true(all_above(id_next(g, 10), first))
})

test_that("`after` keeps a generator above an ID, in every form IDs come in", {
  ahead <- id_from_time(Sys.time() + 3, "twitter", as = "integer64") + 5L
  g <- id_generator("twitter", datacenter = 7, worker = 0, after = ahead, on_clock_back = "borrow")
  ids <- id_next(g, 100, as = "integer64")
  expect_true(all(ids > ahead))
  rm(g)
  text <- as.character(ahead)
  for (policy in c("borrow", "wait")) {
    g <- id_generator("twitter", datacenter = 7, worker = 1, after = text, on_clock_back = policy)
    expect_true(all_above(id_next(g, 5), text))
    rm(g)
  }
  # Under "error" a floor ahead of the clock is refused, as a clock behind.
  text <- id_from_time(Sys.time() + 60, "twitter")
  g <- id_generator("twitter", datacenter = 7, worker = 2, after = text, on_clock_back = "error")
  err <- expect_error(id_next(g), class = "zuid_error_clock", regexp = "must stay\\s+above \\(`after`")
  expect_gt(err$by_ms, 0)
  # A whole number, and SCRU64's text for a SCRU64 layout.
  small <- id_layout(time = list(bits = 40, unit = "s", epoch = as.POSIXct("2020-01-01", tz = "UTC")),
                     fields = list(n = 9), sequence = 14)
  floor <- id_from_time(Sys.time() + 5, small)
  g <- id_generator(small, n = 1, after = as.double(floor), on_clock_back = "borrow")
  expect_true(all_above(id_next(g, 3), floor))
  scru <- id_layout("scru64", node_bits = 8)
  floor <- id_to_scru64(id_from_time(Sys.time() + 2, scru))
  g <- id_generator(scru, node = 3, after = toupper(floor))
  expect_true(all(id_to_scru64(id_next(g, 3)) > floor))
})

test_that("`after` that is not one ID of the layout is refused", {
  expect_error(id_generator("twitter", datacenter = 1, worker = 3, after = "12x"), class = "zuid_error_type",
               regexp = "`after` must be an ID of the twitter layout.*\"12x\" is not decimal digits")
  expect_error(id_generator("twitter", datacenter = 1, worker = 3, after = c("1", "2")), class = "zuid_error_type",
               regexp = "`after` must be NULL or one ID")
  expect_error(id_generator("twitter", datacenter = 1, worker = 3, after = NA), class = "zuid_error_type")
  expect_error(id_generator("twitter", datacenter = 1, worker = 3, after = list(1)), class = "zuid_error_type")
  expect_error(id_generator("twitter", datacenter = 1, worker = 3, after = 2^60), class = "zuid_error_precision",
               regexp = "`after` is a double of 2\\^53 or more")
  expect_error(id_generator("twitter", datacenter = 1, worker = 3, after = "9223372036854775808"),
               class = "zuid_error_type", regexp = "top bit set")
  # The layout's largest ID leaves no ID above it.
  expect_error(id_generator("twitter", datacenter = 1, worker = 3, after = "9223372036854775807"),
               class = "zuid_error_range", regexp = "lies above `after`")
})

test_that("a SCRU64 burst on a steady clock waits instead of calling it a clock moving back", {
  # 23 node bits: 2 IDs per 256 ms tick, 80 within the 10 s allowance.
  layout <- id_layout("scru64", node_bits = 23)
  for (policy in c("wait", "error", "borrow")) {
    # A node of its own: a generator starts above the last ID of a collected
    # one with its node, which this burst leaves almost 10 s ahead.
    g <- id_generator(layout, node = match(policy, c("wait", "error", "borrow")), on_clock_back = policy)
    started <- Sys.time()
    ids <- id_next(g, 90, as = "character")
    expect_true(all(diff(bit64::as.integer64(ids)) > 0))
    # Never 10 s or more ahead of the clock; the last 10 IDs waited.
    expect_lt(as.double(id_time(ids[90], layout)) - as.double(Sys.time()), 10)
    expect_gte(as.double(Sys.time()) - as.double(started), 4 * 0.256)
    rm(g)
  }
})

test_that("print() says when a generator cannot mint", {
  g <- id_generator("twitter", datacenter = 6, worker = 6)
  restored <- unserialize(serialize(g, NULL))
  expect_identical(capture.output(print(restored))[[3]], paste(
    "cannot mint: it has no state (restored from disk, or sent to another",
    "R process); create a new one with id_generator()"
  ))
  g2 <- g
  g2$pointer <- NULL
  expect_match(capture.output(print(g2))[[3]], "holds no generator's state")
  skip_on_os("windows") # no fork there
  printed <- parallel::mclapply(1:2, function(i) capture.output(print(g)), mc.cores = 2)
  for (lines in printed) expect_match(lines[[3]], "forked child")
  expect_length(capture.output(print(g)), 2L)
})

test_that("IDs that a plain integer64 cannot hold become NA with a warning, in short and long calls", {
  top <- id_layout(time = list(bits = 41, unit = "ms", epoch = 0), fields = list(n = 11), sequence = 12,
                   sign_bit = FALSE)
  g <- id_generator(top, n = 1)
  for (n in c(3, 100)) {
    expect_warning(ids <- id_next(g, n, as = "integer64"), class = "zuid_warning_integer64")
    expect_true(all(is.na(ids)))
    # As text they are whole, and decode to now.
    text <- id_next(g, n, as = "character")
    expect_false(anyNA(text))
    expect_true(all(abs(as.double(id_time(text, top)) - as.double(Sys.time())) < 60))
  }
})

test_that("a short call that has to wait for the clock goes on after its first IDs", {
  per_second <- id_layout(time = list(bits = 40, unit = "s", epoch = as.POSIXct("2020-01-01", tz = "UTC")),
                          fields = list(node = 23), sequence = 0)
  g <- id_generator(per_second, node = 2)
  ids <- id_next(g, 3, as = "character")
  expect_true(all(diff(bit64::as.integer64(ids)) > 0))
  expect_identical(diff(as.double(id_time(ids, per_second))), c(1, 1))
})

# In child processes, where R must survive what the test does to it --------

test_that("Ctrl-C stops id_next() while it mints, waits or builds its output, and the next call goes on", {
  skip_on_cran()
  skip_on_os("windows") # no SIGINT there
  skip_if_not_installed("callr")
  per_second <- id_layout(time = list(bits = 40, unit = "s", epoch = as.POSIXct("2020-01-01", tz = "UTC")),
                          fields = list(node = 23), sequence = 0)
  runs <- list(
    # At least 4.9 s of minting: 4,096 IDs per millisecond.
    minting = interrupt_at_stage("minting", "twitter", list(datacenter = 1, worker = 1), n = 2e7,
                                 as = "integer64"),
    # One ID per second: a wait for the clock between two IDs.
    waiting = interrupt_at_stage("waiting", per_second, list(node = 1), n = 100, delay = 1.5),
    # SCRU64 with a 23-bit counter mints millions at once; R's strings take longer.
    output = interrupt_at_stage("output", id_layout("scru64", node_bits = 1), list(node = 1), n = 4e6,
                                policy = "borrow", delay = 0.4)
  )
  # How soon the call stops is a speed (make bench), not asserted here:
  # the call stops at the stage it was in, the Ctrl-C does not land after
  # it, and the next call goes on.
  for (stage in names(runs)) {
    run <- runs[[stage]]
    expect_identical(run$class, "zuid_error_generator", label = stage)
    expect_identical(run$stage, stage, label = stage)
    expect_false(run$late)
    expect_true(all_above(run$after, run$before), label = stage)
  }
})

test_that("Ctrl-C stops a generator of one ID per millisecond", {
  skip_on_cran()
  skip_on_os("windows")
  skip_if_not_installed("callr")
  one_per_ms <- id_layout(time = list(bits = 41, unit = "ms", epoch = 0), fields = list(node = 22), sequence = 0)
  # 100 s of minting without the interrupt.
  run <- interrupt_at_stage(NA_character_, one_per_ms, list(node = 1), n = 1e5, attempts = 1)
  expect_identical(run$class, "zuid_error_generator")
  expect_true(all_above(run$after, run$before))
})

test_that("memory R cannot allocate inside id_next() is a classed error, and the next call goes on", {
  skip_on_cran()
  skip_if_not_installed("callr")
  result <- child_result(child_start(function() {
    library(zuid)
    g <- id_generator("twitter", datacenter = 2, worker = 2)
    before <- id_next(g, 3)
    mem.maxVSize(100)
    failed <- list(
      # The vector itself is over the limit...
      integer64 = tryCatch(id_next(g, 2e7, as = "integer64"), error = function(e) e),
      text = tryCatch(id_next(g, 2e7, as = "character"), error = function(e) e),
      # ...or only its strings, once minting has begun.
      strings = tryCatch(id_next(g, 5e6, as = "character"), error = function(e) e)
    )
    after <- id_next(g, 3)
    mem.maxVSize(Inf)
    list(classes = lapply(failed, class), messages = lapply(failed, conditionMessage),
         bytes = lapply(failed, `[[`, "bytes"), before = before, after = after)
  }))
  for (form in names(result$classes)) {
    expect_identical(result$classes[[form]][1:2], c("zuid_error_memory", "zuid_error"), label = form)
  }
  expect_match(result$messages$integer64, paste("Not enough memory for 20000000 IDs: R could not allocate",
                                                "their vector of 152.6 Mb \\(160000000 bytes\\)"))
  expect_match(result$messages$strings, "Not enough memory for 5000000 IDs as text")
  expect_identical(result$bytes$integer64, 1.6e8)
  expect_true(all_above(result$after, result$before))
})

test_that("id_next(g, 2^31 - 1) in a capped address space is a classed error and R goes on", {
  skip_on_cran()
  skip_on_os("windows") # no ulimit there
  result <- run_with_ulimit(c(
    "library(zuid)",
    "g <- id_generator('twitter', datacenter = 3, worker = 3)",
    "before <- id_next(g, 3)",
    "failed <- lapply(c('character', 'integer64'), function(as)",
    "  tryCatch(id_next(g, 2^31 - 1, as = as), error = function(e) e))",
    "after <- id_next(g, 3)",
    "saveRDS(list(classes = lapply(failed, class), messages = lapply(failed, conditionMessage),",
    "             before = before, after = after), result_path)"
  ), kb = 4000000)
  for (cl in result$classes) expect_identical(cl[1:2], c("zuid_error_memory", "zuid_error"))
  expect_match(result$messages[[2]], "2147483647 IDs.*\\(17179869176 bytes\\)")
  expect_true(all_above(result$after, result$before))
})

test_that("a generator sent to a PSOCK worker says it has no state, not that it was forked", {
  skip_on_cran()
  cl <- parallel::makeCluster(1)
  on.exit(parallel::stopCluster(cl))
  parallel::clusterCall(cl, function(paths) {
    .libPaths(paths)
    library(zuid)
    NULL
  }, .libPaths())
  g <- id_generator("twitter", datacenter = 4, worker = 4)
  there <- parallel::clusterCall(cl, function(g) {
    list(printed = capture.output(print(g)),
         error = tryCatch(id_next(g), error = function(e) list(class = class(e), message = conditionMessage(e))))
  }, g)[[1]]
  expect_match(there$printed[[3]], "cannot mint: it has no state")
  expect_identical(there$error$class[[1]], "zuid_error_generator")
  expect_match(there$error$message, "sent to another R process")
  expect_no_match(there$error$message, "forked|another process:")
  expect_length(id_next(g), 1L)
})

test_that("node values come from ZUID_NODE when `...` gives none", {
  old <- Sys.getenv("ZUID_NODE", NA)
  on.exit(if (is.na(old)) Sys.unsetenv("ZUID_NODE") else Sys.setenv(ZUID_NODE = old))
  Sys.setenv(ZUID_NODE = " datacenter = 5 , worker=11")
  g <- id_generator("twitter")
  expect_equal(g$nodes, list(datacenter = 5, worker = 11))
  expect_identical(unique(id_fields(id_next(g, 10))[, c("datacenter", "worker")]),
                   data.frame(datacenter = 5L, worker = 11L))
  expect_identical(capture.output(print(g))[[2]],
                   "node: datacenter 5, worker 11 (from ZUID_NODE); on_clock_back = \"wait\"")
  # Values in `...` win; a layout without node fields ignores it.
  expect_equal(id_generator("twitter", datacenter = 6, worker = 11)$nodes, list(datacenter = 6, worker = 11))
  expect_s3_class(id_generator("mastodon"), "zuid_generator")
  # Checked as `...` is, and the message names the variable.
  for (spec in c("datacenter=1", "datacenter=1,worker=32", "datacenter=1,worker=2,shard=3", "datacenter=1,worker=x",
                 "datacenter=1;worker=2", "datacenter=-1,worker=2", "datacenter=1,worker=2.5", ",")) {
    Sys.setenv(ZUID_NODE = spec)
    err <- expect_error(id_generator("discord"), class = "zuid_error")
    expect_match(conditionMessage(err), "In the environment variable ZUID_NODE", fixed = TRUE)
  }
  Sys.setenv(ZUID_NODE = "worker=1,process=32")
  expect_error(id_generator("discord"), class = "zuid_error_range", regexp = "ZUID_NODE \\(\"worker=1,process=32\"\\)")
  Sys.setenv(ZUID_NODE = "worker=1,worker=2,process=3")
  expect_error(id_generator("discord"), class = "zuid_error_layout", regexp = "given more than once")
  Sys.setenv(ZUID_NODE = "worker=1")
  expect_error(id_generator("discord"), class = "zuid_error_layout", regexp = "`process` is missing")
  Sys.unsetenv("ZUID_NODE")
  expect_error(id_generator("discord"), class = "zuid_error_layout", regexp = "environment variable ZUID_NODE")
})

test_that("`after` that is an ID of another layout is refused", {
  twitter_id <- id_from_time(Sys.time(), "twitter")
  expect_error(id_generator("discord", worker = 1, process = 7, after = twitter_id), class = "zuid_error_layout",
               regexp = "`after` is an ID of the twitter layout, but the generator's layout is the discord layout")
  # Of the same layout under another name, or with no layout, it is taken.
  same <- id_layout(time = list(bits = 41, unit = "ms", epoch = 1288834974657),
                    fields = list(datacenter = 5, worker = 5), sequence = 12)
  expect_s3_class(id_generator(same, datacenter = 1, worker = 8, after = twitter_id), "zuid_generator")
  expect_s3_class(id_generator("discord", worker = 1, process = 8, after = as_zuid_id("1")), "zuid_generator")
})
