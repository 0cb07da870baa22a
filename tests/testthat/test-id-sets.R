# Looking IDs up by value, against every form an ID comes in, with bit64
# attached or not.

test_that("unique(), duplicated(), match() and %in% work on values", {
  x <- c(mixed(), mixed()[2:3])
  expect_identical(duplicated(x), c(rep(FALSE, 5), TRUE, TRUE))
  expect_identical(unique(x), mixed())
  expect_identical(match(c("5", "4"), x), c(5L, NA))
  expect_identical(match(x[6], x), 2L)
  expect_identical(bit64::match(x[6:7], c("18446744073709551615", "1000000000000000000")), c(1L, 2L))
  expect_identical(x %in% c("5", "18446744073709551615"), c(FALSE, TRUE, FALSE, FALSE, TRUE, TRUE, FALSE))
  expect_identical(bit64::`%in%`(x[1:2], "18446744073709551615"), c(FALSE, TRUE))
})


test_that("match() and %in% find IDs in plain integer64, text and exact numbers", {
  x <- mixed()
  b <- bit64::as.integer64(c("1000000000000000000", "5"))
  expect_identical(x %in% b, c(FALSE, FALSE, TRUE, FALSE, TRUE))
  expect_identical(match(x, b), c(NA, NA, 1L, NA, 2L))
  expect_identical(match(b, x), c(3L, 5L))
  expect_identical(b %in% x, c(TRUE, TRUE))
  # A plain integer64 holds IDs of 2^63 and more as negative numbers.
  expect_identical(match(bit64::as.integer64("-1"), x), 2L)
  expect_identical(x %in% c(5, 9007199254740991), c(FALSE, FALSE, FALSE, FALSE, TRUE))
  expect_identical(match(9007199254740991, as_zuid_id("9007199254740991")), 1L)
  expect_identical(match(c(NA, "5"), c(x, NA)), c(6L, 5L))
  expect_identical(match(x, "5", nomatch = 0L), c(0L, 0L, 0L, 0L, 1L))
  expect_identical(match(x, x, incomparables = "5"), c(1:4, NA))
  expect_error(x %in% 2^60, class = "zuid_error_precision", regexp = "`table\\[1\\]` is a double")
  expect_error(2^60 %in% x, class = "zuid_error_precision", regexp = "`x\\[1\\]` is a double")
  expect_error(match(x, as_zuid_id("1", "twitter")), class = "zuid_error_layout")
  # Values that are not IDs go to bit64's match(), as before.
  expect_identical(match(c("a", "b"), "b"), c(NA, 1L))
  expect_identical(3 %in% 1:3, TRUE)
})

test_that("base R's match(), merge(), table() and factor() match by value", {
  x <- mixed()
  b <- bit64::as.integer64(c("1000000000000000000", "-1"))
  expect_identical(base::match(x, b), c(NA, 2L, 1L, NA, NA))
  expect_identical(base::match(b, x), c(3L, 2L))
  expect_identical(base::`%in%`(b, x), c(TRUE, TRUE))
  expect_identical(base::match("5", x), 5L)
  expect_identical(base::match(x, c("5", "1000000000000000000")), c(NA, NA, 2L, NA, 1L))
  m <- merge(data.frame(id = x, n = 1:5), data.frame(id = b, m = 1:2))
  expect_identical(as.character(m$id), as.character(x[c(3, 2)]))
  expect_identical(m$m, 1:2)
  m <- merge(data.frame(id = x, n = 1:5), data.frame(id = c("5", "7"), m = 1:2))
  expect_identical(m$n, 5L)
  tab <- table(c(x, x[2]))
  expect_identical(names(tab), as.character(sort(x)))
  expect_identical(as.vector(tab), c(1L, 1L, 1L, 1L, 2L))
  expect_identical(names(table(id = x)), as.character(sort(x)))
  expect_identical(names(dimnames(table(id = x))), "id")
  expect_identical(levels(factor(x)), as.character(sort(x)))
  # A plain integer64's form for base R's match() is its signed text, as
  # bit64 4.6 and later make it: zuid leaves plain integer64 to bit64.
  expect_identical(base::match(bit64::as.integer64(c(-5, 7)), c(7, -5)), c(2L, 1L))
})

test_that("union(), intersect(), setdiff(), setequal() and is.element() give IDs by value", {
  x <- mixed()
  y <- c(x[2], "7")
  expect_identical(union(x, y), c(x, as_zuid_id("7", "discord")))
  expect_identical(union(y, x), as_zuid_id(c(as.character(x[2]), "7", as.character(x[-2])), "discord"))
  expect_identical(intersect(x, y), x[2])
  expect_identical(setdiff(x, y), x[-2])
  expect_identical(setdiff(y, x), as_zuid_id("7", "discord"))
  expect_true(setequal(x, rev(c(x, x[1]))))
  expect_false(setequal(x, y))
  expect_identical(is.element(y, x), c(TRUE, FALSE))
  expect_identical(is.element(x[1:2], y), c(FALSE, TRUE))
  # 0 and NA, and IDs whose bits are NaNs as doubles, stay apart.
  z <- as_zuid_id(c("0", NA, "9218868437227407266", "18446744073709551615"), "discord")
  expect_identical(union(z, z), z)
  expect_identical(setdiff(z, z[1]), z[-1])
  expect_identical(intersect(z, rev(z)), z)
  expect_identical(unique(z), z)
  expect_identical(duplicated(c(z, z[3])), c(FALSE, FALSE, FALSE, FALSE, TRUE))
  # Names go, as in base R; NULL is no IDs; sets keep the layout.
  expect_null(names(union(stats::setNames(x, letters[1:5]), NULL)))
  expect_identical(intersect(x, NULL), x[0])
  expect_identical(x %in% character(), rep(FALSE, 5))
  expect_identical(attr(union("5", x), "layout"), attr(x, "layout"))
  expect_error(union(x, 2^60), class = "zuid_error_precision", regexp = "`y\\[1\\]` is a double")
  expect_error(intersect(x, as_zuid_id("1", "twitter")), class = "zuid_error_layout")
  expect_warning(u <- union(x, "not an id"), class = "zuid_warning_invalid")
  expect_identical(u, c(x, as_zuid_id(NA, "discord")))
  # Values that are not IDs get bit64's or base R's set operations.
  expect_identical(union(c("a", "b"), "c"), c("a", "b", "c"))
  expect_identical(setdiff(1:5, 2:3), c(1L, 4L, 5L))
  expect_identical(table(c("a", "b", "a"))[["a"]], 2L)
})

test_that("set operations with integer64, text and numbers on either side agree with text, however bit64 is attached", {
  skip_if_not_installed("callr")
  set_all <- function() {
    x <- zuid::as_zuid_id(c("18446744073709551615", "999999999999999999", "42", "5", "42"), "discord")
    others <- list(integer64 = bit64::as.integer64(c("-1", "1000000000000000000", "5")),
                   text = c("1000000000000000000", "5", "7"), numbers = c(42, 7, 6),
                   text_2_63 = c("18446744073709551615", "5"))
    # bit64 (4.8 and later) attached after zuid masks these with its own,
    # which read text with as.integer64() (text of 2^63 and more is NA)
    # and count IDs as signed (?zuid_id-sets).
    masked <- function(name) search()[2] == "package:bit64" && name %in% getNamespaceExports("bit64")
    if (masked("union")) others$text_2_63 <- NULL
    text <- function(v) if (is.logical(v)) v else as.character(zuid::as_zuid_id(v, "discord"))
    out <- list()
    for (kind in names(others)) {
      o <- others[[kind]]
      for (f in c("union", "intersect", "setdiff", "is.element")) {
        out[[paste(kind, f, "right")]] <- text(do.call(f, list(x, o)))
        out[[paste(kind, f, "left")]] <- text(do.call(f, list(o, x)))
      }
      out[[paste(kind, "setequal")]] <- c(setequal(x, o), setequal(o, x))
    }
    out$setequal <- c(setequal(x, bit64::as.integer64(c("-1", "999999999999999999", "42", "5"))),
                      setequal(c("999999999999999999", "42", "5", "5"), x[2:5]),
                      setequal(x[3:5], c(5, 42)), setequal(c(42, 5), x[3:4]))
    out$table <- if (!masked("table")) table(c(x, x[1]))
    out$matrix <- matrix(x[1:4], 2)
    out$array <- array(x[1:2])
    out
  }
  # What base R gives on the IDs' exact text.
  x <- as.character(as_zuid_id(c("18446744073709551615", "999999999999999999", "42", "5", "42"), "discord"))
  others <- list(integer64 = c("18446744073709551615", "1000000000000000000", "5"),
                 text = c("1000000000000000000", "5", "7"), numbers = c("42", "7", "6"),
                 text_2_63 = c("18446744073709551615", "5"))
  expected <- list()
  for (kind in names(others)) {
    o <- others[[kind]]
    for (f in c("union", "intersect", "setdiff", "is.element")) {
      expected[[paste(kind, f, "right")]] <- do.call(get(f, baseenv()), list(x, o))
      expected[[paste(kind, f, "left")]] <- do.call(get(f, baseenv()), list(o, x))
    }
    expected[[paste(kind, "setequal")]] <- c(FALSE, FALSE)
  }
  expected$setequal <- rep(TRUE, 4)
  counted <- c(x, x[1])
  ordered <- c("5", "42", "999999999999999999", "18446744073709551615")
  expected$table <- base::table(factor(counted, levels = ordered))
  names(dimnames(expected$table)) <- ""
  expected$matrix <- base::matrix(x[1:4], 2)
  expected$array <- base::array(x[1:2])
  expect_identical(expected[["integer64 intersect right"]], c("18446744073709551615", "5"))
  for (attach in attach_orders) {
    got <- with_attached(attach, set_all)
    want <- expected
    if (is.null(got$table)) want$table <- NULL
    if (is.null(got[["text_2_63 setequal"]])) want <- want[!startsWith(names(want), "text_2_63")]
    expect_identical(got, want, label = paste(c("attached:", attach), collapse = " "))
  }
})

test_that("lookups are the same with bit64 attached, before or after zuid", {
  skip_if_not_installed("callr")
  lookups <- function() {
    x <- zuid::as_zuid_id(c("18446744073709551615", "1000000000000000000", "5"), "discord")
    b <- bit64::as.integer64(c("-1", "5"))
    list(attached = search()[grepl("bit64|zuid", search())], in_b = x %in% b, match_b = match(b, x),
         in_text = x %in% "5", text_in = "5" %in% x, numbers = x %in% c(5, 1e15),
         precision = tryCatch(x %in% 2^60, error = function(e) class(e)[[1]]),
         reverse = tryCatch(2^60 %in% x, error = function(e) class(e)[[1]]))
  }
  expected <- list(in_b = c(TRUE, FALSE, TRUE), match_b = c(1L, 3L), in_text = c(FALSE, FALSE, TRUE),
                   text_in = TRUE, numbers = c(FALSE, FALSE, TRUE), precision = "zuid_error_precision",
                   reverse = "zuid_error_precision")
  for (attach in attach_orders) {
    got <- with_attached(attach, lookups)
    expect_identical(got$attached, paste0("package:", rev(attach)))
    expect_identical(got[names(expected)], expected, label = paste(attach, collapse = ", then "))
  }
  # bit64 alone, zuid loaded but not attached: bit64's generics run zuid's methods.
  got <- with_attached("bit64", function() {
    x <- zuid::as_zuid_id(c("18446744073709551615", "5"))
    list(x %in% bit64::as.integer64("-1"), tryCatch(x %in% 2^60, error = function(e) class(e)[[1]]))
  })
  expect_identical(got, list(c(TRUE, FALSE), "zuid_error_precision"))
})
