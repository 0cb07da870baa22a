# id_check_damage() with the 96- to 160-bit layouts: clean columns of every
# format say no sign of damage, and each kind of mangling such text columns
# suffer is found with its rows.

utc <- function(x) as.POSIXct(x, tz = "UTC")

# IDs a day apart through 2025 (the lowest ID of each instant), as text.
clean_column <- function(layout, n = 100) {
  id_from_time(utc("2025-01-01") + (seq_len(n) - 1) * 86400 + 0.5, layout, as = "character")
}

sign_rows <- function(report, sign) report$signs$showing[report$signs$sign == sign]

test_that("a clean column of every format shows no sign of damage", {
  for (name in c("uuidv7", "uuidv6", "ulid", "typeid", "scru128", "ksuid", "objectid", "xid")) {
    report <- id_check_damage(clean_column(name), name)
    expect_s3_class(report, "zuid_damage")
    expect_identical(report$examined, 100, label = name)
    expect_identical(report$invalid, 0, label = name)
    expect_identical(report$cause, NA_character_, label = name)
    expect_identical(report$rows, integer())
    expect_false(report$rounded)
    expect_true(all(report$signs$informative > 0), label = name)
    expect_identical(names(report), c("rounded", "cause", "rows", "examined", "distinct", "invalid", "doubles",
                                      "scientific", "signs", "layout"))
  }
  v1 <- c("c232ab00-9414-11ec-b3c8-9f6bdeced846", "C232AB00-9414-11EC-B3C8-9F6BDECED846")
  expect_identical(id_check_damage(v1[1], "uuidv1")$cause, NA_character_)
  expect_identical(id_check_damage(v1, "uuid")$cause, "mixed_case")
})

test_that("ULIDs written in seconds (R's ulid before 0.3.1) are found in January 1970", {
  x <- clean_column("ulid")
  seconds <- as.numeric(utc("2025-03-01")) + 0:9
  # The same seconds written as milliseconds.
  x[21:30] <- id_from_time(utc("1970-01-01") + seconds / 1000, "ulid", as = "character")
  report <- id_check_damage(x, "ulid")
  expect_identical(report$cause, "seconds_as_ms")
  expect_identical(report$rows, 21:30)
  expect_identical(sign_rows(report, "seconds_as_ms"), 10)
  expect_identical(sign_rows(report, "before_format"), 0)
})

test_that("UUIDs of another version in a v7 column are not_v7 entries", {
  x <- clean_column("uuidv7", 10)
  x[c(2, 5)] <- c("f81d4fae-7dec-41d0-a765-00a0c91e6bf6", "c232ab00-9414-11ec-b3c8-9f6bdeced846")
  report <- id_check_damage(x, "uuidv7")
  expect_identical(report$cause, "other_version")
  expect_identical(report$rows, c(2L, 5L))
  expect_identical(report$invalid, 2)
  expect_identical(report$examined, 8)
})

test_that("overflowing and truncated text is found, other invalid text only counted", {
  x <- c(clean_column("ulid", 5), "8ZZZZZZZZZZZZZZZZZZZZZZZZZ", "01ARYZ6S41TSV4RRFFQ6", "x", NA)
  report <- id_check_damage(x, "ulid")
  expect_identical(sign_rows(report, "above_max"), 1)
  expect_identical(sign_rows(report, "truncated"), 1)
  expect_identical(report$rows, 6:7)
  expect_identical(report$invalid, 3)
  k <- c(clean_column("ksuid", 3), strrep("z", 27))
  expect_identical(id_check_damage(k, "ksuid")$rows, 4L)
})

test_that("times ahead of now, far ahead or with the top bit set are found", {
  x <- clean_column("uuidv7", 10)
  x[3] <- id_from_time(Sys.time() + 86400, "uuidv7", as = "character")
  x[4] <- id_from_time(utc("2100-01-01"), "uuidv7", as = "character")
  report <- id_check_damage(x, "uuidv7")
  expect_identical(sign_rows(report, "ahead_of_now"), 1)
  expect_identical(sign_rows(report, "far_future"), 1)
  expect_identical(report$rows, 3:4)
  oid <- c(clean_column("objectid", 3), "80000000aaaaaaaaaaaaaaaa")
  expect_identical(id_check_damage(oid, "objectid")$cause, "far_future")
})

test_that("a column spelled in more than one case or form is found", {
  x <- clean_column("uuidv7", 10)
  x[2] <- toupper("017f22e2-79b0-7cc3-98c4-dc0c0c07398f")
  x[3] <- gsub("-", "", x[3], fixed = TRUE)
  x[4] <- paste0("{", x[4], "}")
  report <- id_check_damage(x, "uuidv7")
  expect_identical(report$invalid, 0)
  expect_identical(sign_rows(report, "mixed_case"), 1)
  expect_identical(sign_rows(report, "mixed_spelling"), 2)
  expect_identical(report$rows, 2:4)
  # One case throughout, even not the canonical one, is no damage.
  expect_identical(id_check_damage(tolower(clean_column("ulid")), "ulid")$cause, NA_character_)
})

test_that("an ID vector of a wide layout is checked under the layout it carries", {
  ids <- as_zuid_id(clean_column("ulid", 5), "ulid")
  report <- id_check_damage(ids)
  expect_identical(report$layout$name, "ulid")
  expect_identical(report$examined, 5)
})

test_that("what the check of a wide column says", {
  ulids <- clean_column("ulid", 20)
  ulids[3:4] <- id_from_time(utc("1970-01-01") + c(1740787200, 1740787201) / 1000, "ulid", as = "character")
  ulids[5] <- "01ARYZ6S41TSV4RRFFQ6"
  v7 <- clean_column("uuidv7", 5)
  v7[2] <- "f81d4fae-7dec-41d0-a765-00a0c91e6bf6"
  mixed <- clean_column("uuidv7", 5)
  mixed[5] <- toupper(mixed[5])
  expect_snapshot(cnd_class = TRUE, {
    id_check_damage(clean_column("ulid", 20), "ulid")
    id_check_damage(ulids, "ulid")
    id_check_damage(v7, "uuidv7")
    id_check_damage(mixed, "uuidv7")
    id_check_damage(clean_column("xid", 3), "xid")
    id_check_damage(c(clean_column("ksuid", 3), strrep("z", 27)), "ksuid")
    id_check_damage(c(clean_column("scru128", 3), "00000000000000000000000000"), "scru128")
    id_check_damage(c(clean_column("uuidv6", 3), paste0("urn:uuid:", clean_column("uuidv6", 1))), "uuidv6")
    id_check_damage(c(clean_column("objectid", 3), "80000000aaaaaaaaaaaaaaaa"), "objectid")
    id_check_damage(c(clean_column("typeid", 3), paste0("user_", substr(clean_column("typeid", 1), 1, 20))),
                    "typeid")
    id_check_damage(c(clean_column("scru128", 3), id_from_time(Sys.time() + 86400, "scru128", as = "character")),
                    "scru128")
    id_check_damage(c(clean_column("uuidv7", 3), id_from_time(utc("2010-01-01"), "uuidv7", as = "character")),
                    "uuidv7")
  })
  expect_snapshot(error = TRUE, cnd_class = TRUE, id_check_damage(1:3, "ulid"))
})
