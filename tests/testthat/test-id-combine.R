# A zuid_id keeps its class and layout through subsetting, combining and
# dplyr's verbs; mixing layouts is an error.

ids <- function() as_zuid_id(c("175928847299117063", "1212912214386673976", "18446744073709551615"), "discord")

test_that("subsetting, assignment, rep(), rev(), head() and tail() keep class and layout", {
  x <- ids()
  for (y in list(x[2:3], x[[1]], rep(x, 2), rev(x), utils::head(x, 2), utils::tail(x, 1), x[x > "5"])) {
    expect_s3_class(y, c("zuid_id", "integer64"), exact = TRUE)
    expect_identical(attr(y, "layout"), id_layout("discord"))
  }
  expect_identical(as.character(rev(x)), rev(as.character(x)))
  y <- x
  y[2] <- "176120502681600000"
  expect_identical(as.character(y), c("175928847299117063", "176120502681600000", "18446744073709551615"))
  y[[1]] <- x[[3]]
  expect_identical(y[[1]], x[[3]])
  expect_error(y[1] <- as_zuid_id("1", "twitter"), class = "zuid_error_layout")
  expect_warning(y[3] <- "nope", class = "zuid_warning_invalid")
  expect_true(is.na(y[3]))
})

test_that("c() combines IDs of one layout, and reads text and numbers as its IDs", {
  x <- ids()
  both <- c(x[1], x[2:3])
  expect_identical(both, x)
  expect_identical(c(x[1], "5", 7), as_zuid_id(c("175928847299117063", "5", "7"), "discord"))
  expect_identical(attr(c(as_zuid_id("1"), x[1]), "layout"), id_layout("discord"))
  expect_error(c(x, as_zuid_id("1", "twitter")), class = "zuid_error_layout")
})

test_that("dplyr's verbs, joins and bind_rows() keep zuid_ids", {
  skip_if_not_installed("dplyr")
  skip_if_not_installed("tibble")
  x <- ids()
  d <- tibble::tibble(id = x, n = 1:3)
  checks <- list(
    dplyr::filter(d, n > 1)$id,
    dplyr::arrange(d, dplyr::desc(id))$id,
    dplyr::slice(d, 3:1)$id,
    dplyr::mutate(d, id2 = id)$id2,
    dplyr::bind_rows(d[1, ], d[2:3, ])$id,
    dplyr::distinct(dplyr::bind_rows(d, d))$id,
    dplyr::inner_join(d, tibble::tibble(id = x[2:3], m = 2:3), by = "id")$id,
    dplyr::left_join(tibble::tibble(id = x[3:1]), d, by = "id")$id,
    dplyr::summarise(d, last = max(id))$last
  )
  for (y in checks) {
    expect_s3_class(y, "zuid_id")
    expect_identical(attr(y, "layout"), id_layout("discord"))
  }
  expect_identical(dplyr::arrange(d, dplyr::desc(id))$id, rev(x))
  expect_identical(dplyr::inner_join(d, tibble::tibble(id = x[2:3], m = 2:3), by = "id")$n, 2:3)
  # NA's bits are -0 as a double: a join must not match NA with the ID 0.
  zero <- tibble::tibble(id = as_zuid_id(c("0", NA), "discord"), k = 1:2)
  expect_identical(dplyr::inner_join(zero, zero[1, ], by = c("id", "k"))$k, 1L)
  expect_identical(nrow(dplyr::distinct(zero)), 2L)
  other <- tibble::tibble(id = as_zuid_id("1", "twitter"), n = 4L)
  expect_error(dplyr::bind_rows(d, other), class = "zuid_error_layout")
})

test_that("data.table subsets, orders and joins zuid_ids", {
  skip_if_not_installed("data.table")
  x <- ids()
  # data.table's own syntax, as a user's script (not a package) writes it.
  env <- list2env(list(dt = data.table::data.table(id = rev(x), n = 3:1)), parent = globalenv())
  sub <- eval(quote(dt[id > "1000000000000000000"]), env)
  expect_identical(sub$n, 3:2)
  expect_s3_class(sub$id, "zuid_id")
  # data.table sorts integer64 columns itself, as signed: IDs of 2^63 and
  # more first, as ?as_zuid_id says; base R's order() sorts them last.
  expect_identical(eval(quote(dt[order(id)]), env)$id, x[c(3, 1, 2)])
  expect_identical(eval(quote(dt[base::order(id)]), env)$id, x)
})
