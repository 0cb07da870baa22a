# zuid_ids compare as unsigned 64-bit numbers, by value, and refuse
# arithmetic wherever R lets zuid's methods see them.

test_that("the text trap: a range query on IDs of 18 and 19 digits picks the right rows", {
  skip_if_not_installed("dplyr")
  skip_if_not_installed("tibble")
  set.seed(2022)
  t <- as.POSIXct("2022-01-01", tz = "UTC") + sort(stats::runif(2000, 0, 365 * 86400))
  d <- tibble::tibble(id = id_compose(t, "discord", worker = 1))
  from <- id_from_time(as.POSIXct("2022-03-01", tz = "UTC"), "discord")
  to <- id_from_time(as.POSIXct("2022-12-01", tz = "UTC"), "discord")
  kept <- dplyr::filter(d, id >= from, id < to)
  want <- sum(t >= as.POSIXct("2022-03-01", tz = "UTC") & t < as.POSIXct("2022-12-01", tz = "UTC"))
  expect_gt(want, 1000)
  expect_identical(nrow(kept), want)
  expect_identical(dplyr::arrange(d, dplyr::desc(id))$id, rev(d$id))
  expect_identical(max(d$id), d$id[[2000]])
  # The same rows from the IDs as text, compared with zuid_id bounds.
  text <- as.character(d$id)
  expect_identical(sum(text >= from & text < to), want)
  expect_false(sum(text >= as.character(from) & text < as.character(to)) == want)
})

test_that("comparisons are numeric, against zuid_ids, text and exact numbers", {
  x <- mixed()
  expect_identical(x > "1000000000000000000", c(FALSE, TRUE, FALSE, TRUE, FALSE))
  expect_identical(x == "5", c(FALSE, FALSE, FALSE, FALSE, TRUE))
  expect_identical(x <= 5, c(FALSE, FALSE, FALSE, FALSE, TRUE))
  expect_identical("6" > x, c(FALSE, FALSE, FALSE, FALSE, TRUE))
  expect_identical(x != x[1], c(FALSE, TRUE, TRUE, TRUE, TRUE))
  expect_identical(x[2] > x[4], TRUE)
  expect_identical(c(x[1], NA) < "7", c(FALSE, NA))
  expect_identical(x >= bit64::as.integer64("999999999999999999") |> as_zuid_id(), c(TRUE, TRUE, TRUE, TRUE, FALSE))
  expect_warning(x > "not an id", class = "zuid_warning_invalid")
  expect_error(x > as_zuid_id("1", "twitter"), class = "zuid_error_layout", regexp = "cannot be combined or compared")
})

test_that("a plain integer64 compares with a zuid_id on R 4.3, and is refused with a warning before", {
  x <- mixed()
  y <- bit64::as.integer64("999999999999999999")
  if (getRversion() >= "4.3.0") {
    expect_identical(x > y, c(FALSE, TRUE, TRUE, TRUE, FALSE))
    expect_identical(y < x, c(FALSE, TRUE, TRUE, TRUE, FALSE))
    # bit64 4.8 and later would claim the comparison with y on the left.
    expect_silent(y >= x)
  } else {
    expect_warning(x > y, "Incompatible methods")
    expect_warning(y < x, "Incompatible methods")
  }
})

test_that("comparisons with integer64, text or numbers on either side are by value, however bit64 is attached", {
  skip_if_not_installed("callr")
  compare_all <- function() {
    x <- zuid::as_zuid_id(c("18446744073709551615", "999999999999999999", "42", "5"), "discord")
    others <- list(integer64 = bit64::as.integer64(c("-1", "1000000000000000000", "5", "42")),
                   text = c("18446744073709551615", "1000000000000000000", "5", "42"), numbers = c(42, 5, 6, 42))
    ops <- c("==", "!=", "<", "<=", ">", ">=")
    if (getRversion() < "4.3.0") others$integer64 <- NULL
    out <- list()
    for (kind in names(others)) {
      for (op in ops) {
        out[[paste(kind, op, "right")]] <- do.call(op, list(x, others[[kind]]))
        out[[paste(kind, op, "left")]] <- do.call(op, list(others[[kind]], x))
      }
    }
    out
  }
  # What each gives with the other side read as IDs first, compared as two
  # zuid_ids (whose comparison the other tests check against bit64).
  x <- as_zuid_id(c("18446744073709551615", "999999999999999999", "42", "5"), "discord")
  others <- list(integer64 = bit64::as.integer64(c("-1", "1000000000000000000", "5", "42")),
                 text = c("18446744073709551615", "1000000000000000000", "5", "42"), numbers = c(42, 5, 6, 42))
  if (getRversion() < "4.3.0") others$integer64 <- NULL
  expected <- list()
  for (kind in names(others)) {
    as_ids <- as_zuid_id(others[[kind]], "discord")
    for (op in c("==", "!=", "<", "<=", ">", ">=")) {
      expected[[paste(kind, op, "right")]] <- do.call(op, list(x, as_ids))
      expected[[paste(kind, op, "left")]] <- do.call(op, list(as_ids, x))
    }
  }
  expect_identical(expected[["text < right"]], c(FALSE, TRUE, FALSE, TRUE))
  for (attach in c(list(character()), attach_orders)) {
    expect_identical(with_attached(attach, compare_all), expected,
                     label = paste(c("attached:", attach), collapse = " "))
  }
})

test_that("arithmetic is refused with a zuid_error that points at id_compose()", {
  x <- mixed()
  for (expr in list(quote(x + 1), quote(x * 2), quote(-x), quote(sum(x)), quote(mean(x)),
                    quote(abs(x)), quote(x %/% 2), quote(!x), quote(diff(x)),
                    quote(seq(x[1], by = 1, length.out = 2)), quote(scale(x)), quote(cumsum(x)),
                    quote(round(x)), quote(prod(x)), quote(x & TRUE))) {
    cnd <- tryCatch(eval(expr), error = identity)
    expect_s3_class(cnd, "zuid_error_arithmetic")
    expect_match(conditionMessage(cnd), "id_compose()", fixed = TRUE)
  }
})

test_that("a double of 2^53 or more names the side of the comparison, not fields", {
  x <- mixed()
  cnd <- tryCatch(x == 1212921505332342792, error = identity)
  expect_s3_class(cnd, "zuid_error_precision")
  expect_match(conditionMessage(cnd), "^The right side of `==` is a double of 2\\^53 or more \\(1212921505332342784\\)")
  expect_match(conditionMessage(cnd), "the comparison would be wrong", fixed = TRUE)
  expect_no_match(conditionMessage(cnd), "its fields would be wrong", fixed = TRUE)
  expect_identical(conditionCall(cnd)[[1]], as.name("=="))
  cnd <- tryCatch(c(1, 2^60) < x[1], error = identity)
  expect_match(conditionMessage(cnd), "^Entry 2 of the left side of `<` is a double")
  expect_warning(x > "nope", class = "zuid_warning_invalid", regexp = "entry of the right side of `>`")
  expect_error(x == TRUE, class = "zuid_error_type", regexp = "^The right side of `==` must be IDs")
})

test_that("a time, a factor or a data frame is refused where zuid's method sees it", {
  x <- mixed()
  # On R 4.2 R itself decides (see below); compare_ids() is the method's
  # body, which R 4.3 runs.
  compare <- function(a, b) compare_ids("<", a, b, quote(x < y))
  expect_error(compare(x, Sys.time()), class = "zuid_error_type", regexp = "id_from_time")
  expect_error(compare(Sys.Date(), x), class = "zuid_error_type", regexp = "^The left side of `<` is a Date")
  expect_error(compare(x, factor("5")), class = "zuid_error_type", regexp = "as.character()", fixed = TRUE)
  expect_error(compare(x, data.frame(a = 1)), class = "zuid_error_type", regexp = "one of its columns")
  expect_error(compare(x, list(1)), class = "zuid_error_type")
  expect_identical(compare(x, I("6")), x < "6")
})

test_that("on R 4.2 R runs neither method against a time, a factor or a data frame, and warns", {
  skip_if(getRversion() >= "4.3.0", "R 4.3 lets zuid's method run")
  x <- mixed()
  for (other in list(Sys.time(), Sys.Date(), factor("5"), data.frame(a = 1))) {
    expect_warning(x < other, "Incompatible methods")
  }
})
