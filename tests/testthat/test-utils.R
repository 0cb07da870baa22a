# Small helpers: what is valid text.

test_that("valid text is UTF-8, declared Latin-1 or NA; bytes that are neither are not", {
  latin1 <- iconv("caf\u00e9", "UTF-8", "latin1")
  bytes <- rawToChar(as.raw(c(0x61, 0xff)))
  marked <- "\u00e9"
  Encoding(marked) <- "bytes"
  expect_identical(zuid:::valid_text(c("a", "\u00e9", latin1, NA, bytes, marked)),
                   c(TRUE, TRUE, TRUE, TRUE, FALSE, FALSE))
})
