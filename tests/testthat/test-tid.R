# AT Protocol TIDs: their text both ways, and the "tid" layout reading it.

# 2024-08-20T16:31:35.793Z in microseconds, with clock ids 512 and 816:
# @atcute/tid's published examples.
atcute_us <- 1724171495793000

test_that("the published examples read and write both ways", {
  # The Go reference library's (indigo) examples of numbers and text.
  examples <- c("2222222222222" = "0", "2222222222223" = "1",
                "242k52k4kg3sc" = "72623859790382856",      # 0x0102030405060708
                "6222222222222" = "4611686018427387904")    # 0x4000000000000000
  expect_identical(id_from_tid(names(examples), as = "character"), unname(examples))
  expect_identical(id_to_tid(unname(examples)), names(examples))
  # @atcute/tid: a time in microseconds and a clock id, as text.
  expect_identical(id_to_tid(id_compose(as.POSIXct(atcute_us / 1e6, origin = "1970-01-01", tz = "UTC"),
                                        "tid", clock_id = 512, as = "character")), "3l25zusnsfck2")
  fields <- id_fields("3l25zusnsfctk", "tid")
  expect_identical(as.numeric(fields$time), atcute_us / 1e6)
  expect_identical(fields$clock_id, 816L)
  expect_identical(fields$sequence, 0L)
  # The specification's example comes back as itself.
  expect_identical(id_to_tid(id_from_tid("3jzfcijpj2z2a", as = "character")), "3jzfcijpj2z2a")
})

test_that("the AT Protocol's interoperability files: valid and invalid text", {
  valid <- c("3jzfcijpj2z2a", "7777777777777", "3zzzzzzzzzzzz",
             "a222222222222", "j222222222222", "azzzzzzzzzzzz")
  ids <- id_from_tid(valid, as = "character")
  expect_false(anyNA(ids))
  expect_identical(id_to_tid(ids), valid)
  invalid <- c("3jzfcijpj2z21", "0000000000000", "3JZFCIJPJ2Z2A", "3jzfcijpj2z2aa",
               "3jzfcijpj2z2", "222", "3jzf-cij-pj2z-2a", "zzzzzzzzzzzzz", "kjzfcijpj2z2a")
  cnd <- expect_warning(out <- id_from_tid(c(invalid, NA, "2222222222223"), as = "character"),
                        class = "zuid_warning_invalid")
  expect_identical(out, c(rep(NA_character_, length(invalid)), NA, "1"))
  expect_equal(cnd$count, length(invalid))
  expect_identical(cnd$reason, "not_tid_text")
  expect_match(conditionMessage(cnd), paste(
    "The first, \"3jzfcijpj2z21\", is not TID text: 13 lowercase characters of",
    "\"234567abcdefghijklmnopqrstuvwxyz\", the first of them one of \"234567abcdefghij\""), fixed = TRUE)
})

test_that("the tid layout reads TID text wherever it reads IDs", {
  decimal <- id_from_tid("3l25zusnsfctk", as = "character")
  expect_identical(id_fields("3l25zusnsfctk", "tid"), id_fields(decimal, "tid"))
  expect_identical(id_time(" 3l25zusnsfctk ", "bluesky"), id_time(decimal, "tid"))
  expect_identical(id_shard("3l25zusnsfctk", 7, "tid"), id_shard(decimal, 7, "tid"))
  # A 13-character string is always TID text there, even of digits only.
  expect_identical(id_fields("2222222222223", "tid")$clock_id, 1L)
  expect_warning(t <- id_time("1234567890123", "tid"), class = "zuid_warning_invalid",
                 regexp = "is not TID text")
  expect_true(is.na(t))
  # Other layouts read only decimal digits.
  expect_warning(id_time("3l25zusnsfctk", "twitter"), class = "zuid_warning_invalid",
                 regexp = "is not decimal digits")
  # Text of the TID alphabet that is not 13 characters long is no TID.
  expect_warning(id_time("3l25zusnsfct", "tid"), class = "zuid_warning_invalid",
                 regexp = "is not TID text")
})

test_that("text whose number has the top bit set is read, and refused by the layout", {
  expect_identical(id_from_tid("c222222222222", as = "character"), "9223372036854775808")
  expect_identical(id_from_tid("jzzzzzzzzzzzz", as = "character"), "18446744073709551615")
  expect_warning(x <- id_from_tid("jzzzzzzzzzzzz", as = "integer64"), class = "zuid_warning_integer64")
  expect_true(zuid:::id_is_na(x))
  expect_warning(t <- id_time("c222222222222", "tid"), class = "zuid_warning_invalid",
                 regexp = "has the top bit set, which the tid layout keeps 0")
  expect_true(is.na(t))
  expect_identical(id_to_tid("18446744073709551615"), "jzzzzzzzzzzzz")
})

test_that("text and numbers round trip, and text sorts as the numbers do", {
  set.seed(13)
  ids <- random_ids(3000)
  text <- id_to_tid(ids)
  expect_true(all(nchar(text) == 13L))
  expect_identical(id_from_tid(text, as = "character"), unsigned_decimal(ids))
  # Text from integer64, decimal text and doubles agree.
  expect_identical(id_to_tid(unsigned_decimal(ids)), text)
  small <- c(0, 1, 2^52, 2^53 - 1)
  expect_identical(id_to_tid(small), id_to_tid(format(small, scientific = FALSE)))
  # In the C locale, text order is number order (as unsigned numbers).
  by_text <- order(text, method = "radix")
  decimal <- unsigned_decimal(ids)
  by_value <- order(nchar(decimal), decimal, method = "radix")
  expect_identical(by_text, by_value)
})

test_that("microsecond times: id_time() gives the nearest double, composing floors", {
  t <- id_time("3l25zusnsfctk", "tid")
  # The double nearest 1724171495.793 s, the TID's exact microsecond.
  expect_identical(as.numeric(t), 1724171495.793)
  expect_identical(id_compose(t, "tid", clock_id = 816, as = "character"),
                   id_from_tid("3l25zusnsfctk", as = "character"))
  # Any time within that microsecond floors to it; the next one does not.
  expect_identical(id_to_tid(id_compose(t + 0.0000004, "tid", clock_id = 816, as = "character")),
                   "3l25zusnsfctk")
  later <- id_compose(t + 0.000001, "tid", clock_id = 816, as = "integer64")
  exact <- id_from_tid("3l25zusnsfctk", as = "integer64")
  expect_identical(as.character(later - exact), "1024") # one microsecond: 1 << 10
  # Range bounds count microseconds too.
  expect_identical(id_from_time(t, "tid", as = "character"),
                   id_from_tid("3l25zusnsfc22", as = "character"))
})

test_that("arguments are checked", {
  expect_error(id_from_tid(1), class = "zuid_error_type", regexp = "`text` must be a character vector of TID text")
  expect_error(id_from_tid(factor("3jzfcijpj2z2a")), class = "zuid_error_type")
  expect_error(id_from_tid("3jzfcijpj2z2a", as = "text"), class = "zuid_error_type", regexp = "`as` must be")
  expect_identical(id_from_tid(NA, as = "character"), NA_character_)
  expect_identical(id_from_tid(character(), as = "character"), character())
  expect_error(id_to_tid(factor("1")), class = "zuid_error_type")
  expect_warning(out <- id_to_tid(c("1", "x", NA)), class = "zuid_warning_invalid")
  expect_identical(out, c("2222222222223", NA, NA))
  expect_s3_class(id_from_tid("2222222222223"), "zuid_id")
  expect_s3_class(id_from_tid("2222222222223", as = "integer64"), "integer64")
})

test_that("TIDs' times as milliseconds are floored, and IDs carry the tid layout", {
  # 1724171495793000 µs, and 999 µs later.
  ids <- id_compose(as.POSIXct(c(1724171495.793, 1724171495.793999), origin = "1970-01-01", tz = "UTC"),
                    "tid", clock_id = 1)
  expect_identical(id_time(ids, as = "ms"), c(1724171495793, 1724171495793))
  expect_identical(id_shard(ids, 1000), id_shard(as.character(ids), 1000, "tid"))
  expect_identical(id_shard(ids, 1000), as.integer(c(1724171495793000, 1724171495793999) %% 1000))
})

test_that("id_from_tid() returns IDs under the tid layout, which refuses the top bit", {
  ids <- id_from_tid(c("3jzfcijpj2z2a", NA))
  expect_identical(attr(ids, "layout"), id_layout("tid"))
  expect_identical(id_time(ids), id_time(c("3jzfcijpj2z2a", NA), "tid"))
  expect_warning(top <- id_from_tid(c("3jzfcijpj2z2a", "c222222222223")), class = "zuid_warning_invalid",
                 regexp = "1 of 2 entries of `text` .* \"c222222222223\", has the top bit set")
  expect_identical(is.na(top), c(FALSE, TRUE))
  expect_null(attr(id_from_tid("3jzfcijpj2z2a", as = "integer64"), "layout"))
})
