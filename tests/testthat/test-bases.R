# IDs as hex, Crockford base32, base36, base58 and base62 text. Expected
# text comes from the peers' published vectors or from bit64 arithmetic on
# each alphabet, never from zuid itself.

bases <- c("hex", "base32", "base36", "base58", "base62")

alphabets <- c(
  hex = "0123456789abcdef",
  base32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ",
  base36 = "0123456789abcdefghijklmnopqrstuvwxyz",
  base58 = "123456789abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ",
  base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
)
widths <- c(hex = 16, base32 = 13, base36 = 0, base58 = 0, base62 = 11)

# The digits of non-negative integer64 values (below 2^63) in `alphabet`,
# most significant first, padded to `width`, by bit64's division.
positional_text <- function(x, alphabet, width) {
  digits <- strsplit(alphabet, "")[[1]]
  radix <- length(digits)
  vapply(seq_along(x), function(i) {
    v <- x[i]
    out <- character()
    repeat {
      out <- c(digits[as.integer(v %% radix) + 1L], out)
      v <- v %/% radix
      if (v == 0) break
    }
    text <- paste(out, collapse = "")
    pad <- max(0, width - nchar(text))
    paste0(strrep(digits[[1]], pad), text)
  }, character(1))
}

# The value of text in `alphabet`, by bit64's arithmetic, as decimal text
# (values below 2^63).
positional_value <- function(text, alphabet) {
  digits <- strsplit(alphabet, "")[[1]]
  vapply(text, function(t) {
    v <- bit64::as.integer64(0)
    for (ch in strsplit(t, "")[[1]]) v <- v * length(digits) + (match(ch, digits) - 1L)
    as.character(v)
  }, character(1), USE.NAMES = FALSE)
}

test_that("the core's table of bases has the conventions' alphabets and widths", {
  table <- zuid:::core_facts("bases")
  expect_identical(names(table), bases)
  expect_identical(vapply(table, `[[`, "", "alphabet"), alphabets)
  fixed <- vapply(table, function(b) if (is.na(b$width)) 0 else b$width, 0)
  expect_identical(fixed, widths)
  # `base`'s default lists the same bases, in the same order.
  expect_identical(eval(formals(id_to_text)$base), c(names(table), "uuid", "ulid", "typeid"))
})

test_that("100,000 random IDs over all 64 bits round-trip through every base", {
  set.seed(24)
  x <- random_ids(1e5)
  edges <- c("0", "1", "9007199254740993", "9223372036854775807", "9223372036854775808",
             "18446744073709551614", "18446744073709551615")
  decimal <- c(unsigned_decimal(x), edges)
  for (base in bases) {
    text <- id_to_text(decimal, base)
    expect_identical(id_from_text(text, base, as = "character"), decimal, label = base)
    # integer64 in gives the same text as decimal text.
    expect_identical(id_to_text(x, base), text[seq_along(x)], label = base)
    expect_true(all(nchar(text) <= 16L), label = base)
  }
})

test_that("hex is the 16 lower-case digits of the two 32-bit halves", {
  set.seed(1)
  x <- random_ids(10000)
  low63 <- low63_of(x)
  hi <- as.double(low63 %/% two_pow(32)) + top_bit_of(x) * 2^31
  lo <- as.double(low63 %% two_pow(32))
  quarters <- lapply(list(hi %/% 65536, hi %% 65536, lo %/% 65536, lo %% 65536), as.integer)
  expect_identical(id_to_text(x), do.call(sprintf, c("%04x%04x%04x%04x", quarters)))
})

test_that("every base writes positional notation in its alphabet, at its width", {
  set.seed(2)
  x <- random_ids(300, top_bit = FALSE)
  x <- c(x, bit64::as.integer64(c(0, 1, 57, 58, 61, 62)))
  for (base in bases) {
    expect_identical(id_to_text(x, base), positional_text(x, alphabets[[base]], widths[[base]]),
                     label = base)
  }
})

test_that("tsid-creator's published hex and base62 agree with zuid both ways", {
  # TsidBaseNTest.java, the BASE62 table: hex of a number, then its base62.
  published <- matrix(byrow = TRUE, ncol = 2, c(
    "0000000000000000", "00000000000",
    "ffffffffffffffff", "LygHa16AHYF",
    "2133fb480623f824", "2qjozYFz4T6",
    "8e461b1c52fff88e", "CDJrVSigTC2",
    "85ca989d20b232d8", "BUART0BRYVs",
    "7c698c3f5d295ae7", "AgF6uYBdK1X",
    "f87ffa9579b8e4fc", "LKl4TXM8L1g",
    "560a85a1bd22dab9", "7NzfsGdcfO5",
    "1b9da222a05ff1cd", "2MzsNQOVIth",
    "0be8fd96aa05223e", "11OdAT4OcRy",
    "ffdf08fb80e6f6fd", "LxzmlZkaCyb"
  ))
  hex <- published[, 1]
  b62 <- published[, 2]
  expect_identical(id_to_text(id_from_text(hex, "hex"), "base62"), b62)
  expect_identical(id_to_text(id_from_text(b62, "base62"), "hex"), hex)
  # TsidBaseNTest refuses 2^64 + 1 ("LygHa16AHYH") as an overflow.
  expect_warning(out <- id_from_text("LygHa16AHYH", "base62", as = "character"),
                 "is 2\\^64 or more", class = "zuid_warning_invalid")
  expect_identical(out, NA_character_)
})

test_that("Crockford's base32 reads and writes as tsid-creator and ferroid have it", {
  # ferroid (base32/snowflake.rs): 2424242424242424242 is 23953MG16DJDJ;
  # Twitter's largest ID (2^63 - 1) 7ZZZZZZZZZZZZ; 0 is 13 zeros.
  expect_identical(id_to_text(c("2424242424242424242", "9223372036854775807", "0"), "base32"),
                   c("23953MG16DJDJ", "7ZZZZZZZZZZZZ", "0000000000000"))
  # tsid-creator (TsidTest.java): FZZZZZZZZZZZZ is the largest; its README
  # and Javadoc: TSID 0AXS476XSZ43M is 05772439BB9F9074 in hex, and
  # 0AXS751X00W7C is 0T5jFDIkmmy in base62.
  expect_identical(id_from_text("FZZZZZZZZZZZZ", "base32", as = "character"), "18446744073709551615")
  expect_identical(id_to_text(id_from_text("0AXS476XSZ43M", "base32"), "hex"), "05772439bb9f9074")
  expect_identical(id_to_text(id_from_text("0AXS751X00W7C", "base32"), "base62"), "0T5jFDIkmmy")
  # Either case, and I, L, O read as 1, 1, 0, as both libraries read them.
  value <- positional_value("0123456789ABC", alphabets[["base32"]])
  read <- id_from_text(c("0123456789ABC", "0123456789abc", "0123456789AbC"), "base32", as = "character")
  expect_identical(read, rep(value, 3))
  expect_identical(id_from_text(c("0123456789ABi", "0123456789ABl", "0123456789ABo"), "base32", as = "character"),
                   id_from_text(c("0123456789AB1", "0123456789AB1", "0123456789AB0"), "base32", as = "character"))
  # U is no digit; 13 digits above F... are 2^64 or more.
  expect_warning(out <- id_from_text(c("0123456789ABu", "G000000000000", "000000@000000"), "base32"),
                 class = "zuid_warning_invalid")
  expect_true(all(is.na(out)))
})

test_that("base36 and base58 agree with bwmarrin/snowflake's and Flickr's", {
  # bwmarrin/snowflake's test parses "8hgmw4blvlkw" as Base36; its value by
  # bit64, and its text back.
  expect_identical(id_from_text("8hgmw4blvlkw", "base36", as = "character"),
                   positional_value("8hgmw4blvlkw", alphabets[["base36"]]))
  expect_identical(id_to_text(positional_value("8hgmw4blvlkw", alphabets[["base36"]]), "base36"),
                   "8hgmw4blvlkw")
  # Flickr's short URLs (python-flickrapi's doctests), the alphabet and
  # shortest text bwmarrin/snowflake's Base58() writes.
  expect_identical(id_to_text(c("4325695128", "2811466321", "0"), "base58"), c("7Afjsu", "5hruZg", "1"))
  expect_identical(id_from_text(c("7Afjsu", "5hruZg"), "base58", as = "character"),
                   c("4325695128", "2811466321"))
})

test_that("base36 and base58 agree with bwmarrin/snowflake run on its own examples", {
  # bwmarrin/snowflake at bc74ab2, run with Go 1.19: ID.Base36() and
  # ID.Base58() of the IDs of its tests (TestInt64's 1116766490855473152,
  # TestBase64's 1116819494660997120, TestBase36's "8hgmw4blvlkw"), a tweet,
  # Discord's documented ID, the edges and xorshift64 values.
  peer <- matrix(byrow = TRUE, ncol = 3, c(
    "0", "0", "1",
    "57", "1l", "Z",
    "58", "1m", "21",
    "1116766490855473152", "8hg4ojd30u80", "3Amry1HHf7U",
    "1116819494660997120", "8hgngwz4bbpc", "3AmRykhv8xo",
    "1116817865006120960", "8hgmw4blvlkw", "3AmQPwptVby",
    "1888944671579078978", "ecnb02fk1oaq", "5oj7rrjit4y",
    "175928847299117063", "1c49kkphnxtz", "pFLuuKMHer",
    "9223372036854775807", "1y2p0ij32e8e7", "npL6MjP8Qfc",
    "7930201051061921494", "1o8zxnpi6qqja", "jpEbjmQC2QS",
    "3636787938290249787", "rmp9qac01xkr", "9rCpNevudfg",
    "322634644144280970", "2g8sfpdbul56", "KrkP1yAwTU",
    "1681745519080869761", "crz515ty72pt", "4Uqaz3NcwEn"
  ))
  expect_identical(id_to_text(peer[, 1], "base36"), peer[, 2])
  expect_identical(id_to_text(peer[, 1], "base58"), peer[, 3])
  expect_identical(id_from_text(peer[, 2], "base36", as = "character"), peer[, 1])
  expect_identical(id_from_text(peer[, 3], "base58", as = "character"), peer[, 1])
})

test_that("readers take shorter, zero-padded and prefixed text, in each base's case", {
  expect_identical(id_from_text(c("ff", "0xFF", "0X00ff", "00000000000000000000ff"), "hex", as = "character"),
                   rep("255", 4))
  expect_identical(id_from_text(c("z", "Z", "000000000000z"), "base36", as = "character"), rep("35", 3))
  expect_identical(id_from_text("11117Afjsu", "base58", as = "character"), "4325695128")
  expect_identical(id_from_text(c("a", "A"), "base62", as = "character"), c("36", "10"))
  expect_identical(id_from_text(c("a", "A"), "base58", as = "character"), c("9", "34"))
})

test_that("fixed-width text sorts as the numbers do", {
  set.seed(3)
  x <- as_zuid_id(random_ids(2000))
  by_value <- order(x)
  for (base in c("hex", "base32", "base62")) {
    text <- id_to_text(x, base)
    expect_identical(order(text, method = "radix"), by_value, label = base)
  }
})

test_that("malformed text is NA with one warning; NA is NA silently", {
  expect_silent(out <- id_from_text(c(NA, "1"), "hex", as = "character"))
  expect_identical(out, c(NA, "1"))
  w <- expect_warning(out <- id_from_text(c("1f", " 1f", "", "g", "10000000000000000", NA), "hex"),
                      class = "zuid_warning_invalid")
  expect_identical(w$count, 4)
  expect_identical(w$positions, c(2, 3, 4, 5))
  expect_identical(is.na(out), c(FALSE, TRUE, TRUE, TRUE, TRUE, TRUE))
  expect_identical(id_from_text(NA, "base58"), as_zuid_id(NA_character_))
  expect_snapshot(cnd_class = TRUE, {
    id_from_text(c("1f", "1 f"), "hex", as = "character")
    id_from_text(c("0O1", "OIL", "U"), "base32", as = "character")
    id_from_text("0", "base58", as = "character")
    id_from_text(c("3w5e11264sgsg", "3w5e11264sgsf"), "base36", as = "character")
    id_from_text("zz-zz", "base62", as = "character")
  })
})

test_that("`as` follows the other readers", {
  big <- "ffffffffffffffff"
  id <- id_from_text(c("1", big), "hex")
  expect_s3_class(id, "zuid_id")
  expect_null(attr(id, "layout"))
  expect_identical(format(id), c("1", "18446744073709551615"))
  expect_warning(plain <- id_from_text(c("1", big), "hex", as = "integer64"), class = "zuid_warning_integer64")
  expect_identical(class(plain), "integer64")
  expect_identical(as.character(plain), c("1", NA))
  expect_identical(id_from_text(character(), "base62"), as_zuid_id(character()))
})

test_that("id_to_text() reads IDs as every reader does", {
  id <- "1888944671579078978"
  expect_identical(id_to_text(bit64::as.integer64(id)), id_to_text(id))
  expect_identical(id_to_text(as_zuid_id(id), "base58"), id_to_text(id, "base58"))
  expect_identical(id_to_text(c(255, 255L)), rep("00000000000000ff", 2))
  expect_identical(id_to_text(NA), NA_character_)
  expect_error(id_to_text(2^60), class = "zuid_error_precision")
  w <- expect_warning(out <- id_to_text(c("x", "1")), class = "zuid_warning_invalid")
  expect_identical(out, c(NA, "0000000000000001"))
  expect_identical(w$positions, 1)
})

test_that("wrong arguments are errors", {
  expect_snapshot(cnd_class = TRUE, error = TRUE, {
    id_from_text("ff")
    id_from_text("ff", "base64")
    id_to_text("1", "HEX")
    id_from_text(1, "hex")
    id_to_text(factor("1"))
    id_from_text("ff", "hex", as = "numeric")
  })
  expect_error(id_from_text("ff", c("hex", "base32")), class = "zuid_error_type")
  expect_error(id_to_text("1", NA), class = "zuid_error_type")
})
