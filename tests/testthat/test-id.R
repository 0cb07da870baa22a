# as_zuid_id(): reading IDs into the ID vector class, and layouts carried.

discord_ids <- c("175928847299117063", "1212912214386673976", "176120502681600000")

test_that("as_zuid_id() reads every form readers read, into integer64 bits", {
  ids <- as_zuid_id(discord_ids, "discord")
  expect_s3_class(ids, c("zuid_id", "integer64"), exact = TRUE)
  expect_type(ids, "double")
  expect_identical(attr(ids, "layout"), id_layout("discord"))
  expect_identical(as.character(ids), discord_ids)
  expect_identical(as_zuid_id(bit64::as.integer64(discord_ids), "discord"), ids)
  expect_identical(as.character(as_zuid_id(c(0, 2^53 - 1, NA))), c("0", "9007199254740991", NA))
  expect_identical(as.character(as_zuid_id(c(7L, NA))), c("7", NA))
  expect_identical(as_zuid_id(paste0(" ", discord_ids, "\t"), "discord"), ids)
  expect_null(attr(as_zuid_id("1"), "layout"))
  scru64 <- id_layout("scru64", node_bits = 8)
  expect_identical(as.character(as_zuid_id("0u2pf62ji4b9", scru64)), "109959589539758421")
})

test_that("entries that are not IDs of the layout become NA with one warning", {
  expect_warning(ids <- as_zuid_id(c("1", "x", "9223372036854775808"), "twitter"),
                 class = "zuid_warning_invalid", regexp = "2 of 3 entries .* \\(at 2, 3\\)\\. The first, \"x\"")
  expect_identical(is.na(ids), c(FALSE, TRUE, TRUE))
  # 2^63 is integer64's NA: it cannot be held, even without a layout.
  expect_warning(ids <- as_zuid_id(c("9223372036854775808", "9223372036854775809")),
                 class = "zuid_warning_invalid",
                 regexp = "is 2\\^63, which an integer64, and so a zuid_id, holds as its NA")
  expect_identical(as.character(ids), c(NA, "9223372036854775809"))
  expect_error(as_zuid_id(2^60), class = "zuid_error_precision")
  expect_error(as_zuid_id(list(1)), class = "zuid_error_type")
})

test_that("a zuid_id keeps its layout; another layout is an error; one without gets it", {
  ids <- as_zuid_id(discord_ids, "discord")
  expect_identical(as_zuid_id(ids), ids)
  expect_identical(as_zuid_id(ids, "Discord"), ids)
  expect_error(as_zuid_id(ids, "twitter"), class = "zuid_error_layout",
               regexp = "holds IDs of the discord layout, but `layout` is the twitter layout")
  bare <- as_zuid_id(discord_ids)
  expect_identical(as_zuid_id(bare, "discord"), ids)
  expect_warning(checked <- as_zuid_id(as_zuid_id("18446744073709551615"), "twitter"),
                 class = "zuid_warning_invalid", regexp = "top bit set")
  expect_true(is.na(checked))
  expect_true(is_zuid_id(ids))
  expect_false(is_zuid_id(discord_ids))
})

test_that("functions that take x and layout use the layout x carries", {
  ids <- as_zuid_id(discord_ids, "discord")
  expect_identical(id_fields(ids), id_fields(discord_ids, "discord"))
  expect_identical(id_time(ids), id_time(discord_ids, "discord"))
  expect_identical(id_is_valid(ids), rep(TRUE, 3))
  op <- options(zuid.colour = FALSE)
  on.exit(options(op))
  expect_identical(capture.output(id_explain(ids[1])), capture.output(id_explain(discord_ids[1], "discord")))
  expect_error(id_fields(ids, "twitter"), class = "zuid_error_layout", regexp = "holds IDs of the discord layout")
  expect_error(id_time(discord_ids), class = "zuid_error_layout", regexp = "`layout` is missing")
  expect_error(id_time(as_zuid_id(discord_ids)), class = "zuid_error_layout", regexp = "`layout` is missing")
  expect_identical(id_time(as_zuid_id(discord_ids), "discord"), id_time(ids))
})

test_that("IDs that zuid makes are zuid_ids carrying their layout", {
  t <- as.POSIXct("2022-06-01", tz = "UTC")
  for (id in list(id_compose(t, "discord"), id_from_time(t, "discord"),
                  id_next(id_generator("discord", worker = 30, process = 29)))) {
    expect_s3_class(id, "zuid_id")
    expect_identical(attr(id, "layout"), id_layout("discord"))
  }
  scru <- id_from_scru64("0u2pf62ji4b9")
  expect_s3_class(scru, "zuid_id")
  expect_null(attr(scru, "layout"))
})

test_that("id_time(as = \"ms\") gives exact milliseconds where POSIXct shows one less", {
  t <- as.POSIXct("2024-05-01 12:00:00.698", tz = "UTC")
  id <- id_compose(t, "discord")
  ms <- id_time(id, as = "ms")
  expect_identical(ms, 1714564800698)
  expect_identical(id_time("175928847299117063", "discord", as = "ms"), 1462015105796)
  expect_identical(id_time(c(NA, "x"), "discord", as = "ms"), c(NA_real_, NA_real_)) |> expect_warning()
  expect_error(id_time(id, as = "seconds"), class = "zuid_error_type")
})

test_that("id_is_valid() says which entries are IDs of the layout", {
  expect_identical(id_is_valid(c("1", "x", NA, "18446744073709551615", " 2", "-1"), "twitter"),
                   c(TRUE, FALSE, NA, FALSE, TRUE, FALSE))
  expect_identical(id_is_valid("18446744073709551615", "discord"), TRUE)
  expect_identical(id_is_valid(c(1, 1.5, NA, -2), "discord"), c(TRUE, FALSE, NA, FALSE))
  expect_identical(id_is_valid(character(), "discord"), logical())
  expect_silent(id_is_valid(c("x", "y"), "discord"))
  expect_error(id_is_valid(2^60, "discord"), class = "zuid_error_precision")
})
