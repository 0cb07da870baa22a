test_that("100,000 IDs are distinct, strictly increasing and carry the node", {
  skip_if_not_installed("bit64")
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
  skip_if_not_installed("bit64")
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

test_that("a generator survives gc()", {
  g <- id_generator("discord", worker = 0, process = 0)
  first <- id_next(g)
  invisible(gc())
  lapply(1:50, function(i) id_generator("discord", worker = 1, process = 1))
  invisible(gc())
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
  expect_identical(id_generator("mastodon", on_clock_back = "borrow")$on_clock_back, "borrow")
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
