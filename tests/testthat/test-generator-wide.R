# 128-bit generators: UUIDv7 (counter and fraction), ULID, TypeID, SCRU128.

minted_layouts <- list(
  uuidv7 = id_layout("uuidv7"),
  uuidv7_fraction = id_layout("uuidv7", sub_ms = "fraction"),
  ulid = id_layout("ulid"),
  typeid = id_layout("typeid"),
  scru128 = id_layout("scru128")
)

test_that("each layout mints strictly increasing IDs that read back with the time minted at", {
  for (name in names(minted_layouts)) {
    layout <- minted_layouts[[name]]
    g <- if (name == "typeid") id_generator(layout, prefix = "user") else id_generator(layout)
    before <- Sys.time()
    ids <- id_next(g, 2000)
    after <- Sys.time()
    expect_s3_class(ids, "zuid_text_id")
    expect_identical(attr(ids, "layout"), layout, label = name)
    text <- as.character(ids)
    # Byte order (the C locale's) equals mint order, and no ID repeats.
    expect_identical(order(text, method = "radix"), seq_along(text), label = name)
    expect_false(anyDuplicated(text) > 0L, label = name)
    # Across calls too.
    more <- as.character(id_next(g, 10))
    expect_true(all(more > max(text)), label = name)
    times <- id_time(ids)
    expect_true(all(!is.na(times)), label = name)
    # The millisecond truncated, and at most a few ms ahead after bursts.
    expect_true(all(times >= trunc(before, "secs") & times <= after + 0.05), label = name)
    if (name == "typeid") expect_true(all(startsWith(text, "user_")))
  }
})

test_that("as = \"character\" gives plain text; n = 0 gives none", {
  g <- id_generator("ulid")
  expect_type(id_next(g, 3, as = "character"), "character")
  expect_false(inherits(id_next(g, 3, as = "character"), "zuid_text_id"))
  expect_length(id_next(g, 0), 0L)
})

test_that("a million UUIDv7 are unique and increasing", {
  g <- id_generator("uuidv7")
  text <- id_next(g, 1e6 + 5, as = "character")
  expect_length(text, 1e6 + 5)
  expect_identical(anyDuplicated(text), 0L)
  expect_identical(order(text, method = "radix"), seq_along(text))
})

test_that("set.seed() does not make two R processes mint the same IDs", {
  rscript <- file.path(R.home("bin"), "Rscript")
  # Every library of this session, not zuid's alone: under
  # _R_CHECK_DEPENDS_ONLY_ bit64 lives in a library of its own.
  libs <- paste(c(dirname(system.file(package = "zuid")), .libPaths()), collapse = .Platform$path.sep)
  code <- "set.seed(1); g <- zuid::id_generator('uuidv7'); cat(zuid::id_next(g, 5, as = 'character'), sep = '\\n')"
  run <- function() {
    system2(rscript, c("-e", shQuote(code)), stdout = TRUE, env = paste0("R_LIBS=", shQuote(libs)))
  }
  first <- run()
  second <- run()
  expect_length(first, 5L)
  expect_length(second, 5L)
  expect_length(intersect(first, second), 0L)
})

test_that("a forked child goes on with IDs of its own, above its last", {
  skip_on_os("windows") # no fork there
  for (name in c("uuidv7", "ulid", "scru128")) {
    g <- id_generator(name)
    last <- id_next(g, 5, as = "character")
    child <- parallel::mcparallel(id_next(g, 1000, as = "character"))
    mine <- id_next(g, 1000, as = "character")
    theirs <- parallel::mccollect(child)[[1]]
    expect_length(theirs, 1000L)
    expect_length(intersect(mine, theirs), 0L)
    expect_true(all(theirs > max(last)), label = name)
  }
})

test_that("wrong arguments for a 128-bit generator are errors", {
  expect_snapshot(error = TRUE, {
    id_generator("uuidv7", node = 1)
    id_generator("typeid", prefix = "User")
    id_generator("ulid", after = "01ARZ3NDEKTSV4RRFFQ69G5FAV")
    id_generator("ksuid")
    id_generator(id_layout("uuidv7", sub_ms = "256ns"))
    id_next(id_generator("uuidv7"), as = "integer64")
  })
})

test_that("a generator restored from disk refuses and says so when printed", {
  g <- id_generator("typeid", prefix = "user", on_clock_back = "error")
  expect_snapshot(print(g))
  path <- tempfile(fileext = ".rds")
  saveRDS(g, path)
  restored <- readRDS(path)
  expect_match(format(restored)[[3]], "no state")
  expect_error(id_next(restored), class = "zuid_error_generator")
})
