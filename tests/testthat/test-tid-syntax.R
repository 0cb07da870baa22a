# TID text as the AT Protocol's interoperability tests list it:
# bluesky-social/atproto-interop-tests, syntax/tid_syntax_valid.txt and
# syntax/tid_syntax_invalid.txt (commit 056e574), every line. The core
# tests the same rows (src/rust/core/src/tid.rs); these test what R users
# get from id_is_valid() and the other readers under the tid layout.

tid_syntax <- rbind(
  data.frame(text = c("3jzfcijpj2z2a", "7777777777777", "3zzzzzzzzzzzz", "2222222222222"),
             valid = TRUE, source = "tid_syntax_valid.txt"),
  data.frame(text = c("3jzfcijpj2z21", "0000000000000", "3JZFCIJPJ2Z2A", "3jzfcijpj2z2aa", "3jzfcijpj2z2",
                      "222", "3jzf-cij-pj2z-2a", "zzzzzzzzzzzzz", "kjzfcijpj2z2a"),
             valid = FALSE, source = "tid_syntax_invalid.txt")
)

test_that("id_is_valid(x, \"tid\") follows the interop tests' TID vectors", {
  for (i in seq_len(nrow(tid_syntax))) {
    row <- tid_syntax[i, ]
    expect_identical(suppressWarnings(id_is_valid(row$text, "tid")), row$valid,
                     label = sprintf("%s (%s)", row$text, row$source))
  }
})

test_that("the readers under the tid layout take the valid vectors and refuse the others", {
  valid <- tid_syntax$text[tid_syntax$valid]
  expect_identical(id_to_tid(as_zuid_id(valid, "tid")), valid)
  expect_identical(id_to_tid(id_from_tid(valid)), valid)
  invalid <- tid_syntax$text[!tid_syntax$valid]
  w <- tryCatch(as_zuid_id(invalid, "tid"), warning = identity)
  expect_s3_class(w, "zuid_warning_invalid")
  expect_identical(w$count, as.numeric(length(invalid)))
  expect_true(all(is.na(suppressWarnings(id_time(invalid, "tid")))))
  # A TID's decimal number is read: 14 digits or more.
  expect_true(id_is_valid(as.character(id_from_tid("3jzfcijpj2z2a")), "tid"))
})
