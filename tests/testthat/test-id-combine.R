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

# The bits of NA_real_, the fill R and vctrs use for doubles, are those of a
# real Discord ID of 2084: only where an element was made up is it NA.
na_real_id <- function() as_zuid_id("9218868437227407266", "discord")

expect_na_id <- function(y, at, layout = id_layout("discord")) {
  expect_s3_class(y, "zuid_id")
  expect_identical(attr(y, "layout"), layout)
  expect_true(all(is.na(y[at])))
  expect_true(all(is.na(id_time(y[at]))))
  expect_true(all(is.na(as.character(y[at]))))
}

test_that("the ID whose bits are NA_real_'s is an ID, not NA", {
  z <- na_real_id()
  expect_identical(as.character(z), "9218868437227407266")
  expect_false(is.na(z))
  expect_identical(serialize(as.vector(unclass(z)), NULL), serialize(NA_real_, NULL))
  expect_identical(format(id_time(z), "%Y"), "2084")
})

test_that("out-of-range and NA indices, length<- and growing assignment make NA", {
  x <- ids()
  expect_na_id(x[4], 1)
  expect_na_id(x[c(1, NA)], 2)
  expect_identical(as.character(x[c(1, NA)])[[1]], as.character(x[1]))
  named <- stats::setNames(x, c("a", "b", "c"))
  expect_na_id(named["nope"], 1)
  expect_identical(as.character(named[c("c", "a")]), as.character(x[c(3, 1)]))
  expect_na_id(x[c(TRUE, NA, FALSE)], 2)
  y <- x
  length(y) <- 5
  expect_na_id(y, 4:5)
  expect_identical(as.character(y[1:3]), as.character(x))
  length(y) <- 2
  expect_identical(y, x[1:2])
  y <- x
  y[5] <- "7"
  expect_na_id(y, 4)
  expect_identical(as.character(y[5]), "7")
  y <- x
  y[[6]] <- x[[1]]
  expect_na_id(y, 4:5)
  expect_identical(y[[6]], x[[1]])
  y <- x
  y[[4]] <- "9"
  expect_identical(as.character(y), c(as.character(x), "9"))
  y <- named
  y["d"] <- "8"
  expect_identical(names(y), c("a", "b", "c", "d"))
  expect_identical(as.character(y), c(as.character(x), "8"))
  is.na(y) <- 2
  expect_na_id(y, 2)
  # The ID with NA_real_'s bits passes through untouched.
  z <- c(na_real_id(), x)
  expect_identical(as.character(z[c(1, 5)]), c("9218868437227407266", NA))
  expect_identical(as.character(z[z == na_real_id()]), "9218868437227407266")
  expect_identical(x[], x)
})

test_that("c() takes its own arguments, drops NULL, and makes lists as base R does", {
  x <- ids()
  expect_identical(c(x, recursive = TRUE), x)
  expect_identical(names(c(a = x[1:2], use.names = FALSE)), NULL)
  expect_identical(names(c(a = x[1:2])), c("a1", "a2"))
  expect_identical(c(x, NULL), x)
  l <- c(x[1:2], list(5))
  expect_type(l, "list")
  expect_identical(l[[2]], x[2])
  expect_identical(c(x[1], list(x[2], list("5")), recursive = TRUE), c(x[1:2], "5"))
  # A vector without a layout joins one with a layout only if its IDs fit.
  expect_warning(y <- c(as_zuid_id("18446744073709551615"), as_zuid_id("1", "twitter")),
                 class = "zuid_warning_invalid", regexp = "top bit set")
  expect_identical(as.character(y), c(NA, "1"))
})

test_that("vctrs fills with NA: vec_init(), vec_slice(), lag(), lead(), joins and bind_rows()", {
  skip_if_not_installed("vctrs")
  x <- ids()
  expect_na_id(vctrs::vec_init(x, 2), 1:2)
  expect_na_id(vctrs::vec_slice(x, c(NA, 1)), 1)
  z <- c(na_real_id(), x)
  expect_identical(vctrs::vec_slice(z, 1), z[1])
  expect_identical(vctrs::vec_c(z, NA)[1:4], z)
  skip_if_not_installed("dplyr")
  skip_if_not_installed("tibble")
  expect_na_id(dplyr::lag(x), 1)
  expect_na_id(dplyr::lead(x, 2), 2:3)
  expect_identical(as.character(dplyr::lag(z)[2]), "9218868437227407266")
  d <- tibble::tibble(k = 1:3, id = x)
  expect_na_id(dplyr::left_join(tibble::tibble(k = 1:4), d, by = "k")$id, 4)
  expect_na_id(dplyr::full_join(d, tibble::tibble(k = 9L), by = "k")$id, 4)
  expect_na_id(dplyr::bind_rows(d, tibble::tibble(k = 4L))$id, 4)
  expect_na_id(dplyr::if_else(c(TRUE, NA, FALSE), x, rev(x)), 2)
  expect_identical(dplyr::coalesce(c(x[1], NA), x[2]), x[1:2])
  skip_if_not_installed("tidyr")
  expect_na_id(tidyr::complete(tibble::tibble(k = 1L, id = x[1]), k = 1:2)$id, 2)
  wide <- tidyr::pivot_wider(tibble::tibble(g = 1:2, k = c("a", "b"), id = x[1:2]),
                             names_from = k, values_from = id)
  expect_na_id(wide$a, 2)
  expect_identical(wide$b[[2]], x[[2]])
})

test_that("merge(all = TRUE) and data.table's joins and fills make NA", {
  x <- ids()
  m <- merge(data.frame(k = 1:3, id = x), data.frame(k = 4L), all = TRUE)
  expect_na_id(m$id, 4)
  skip_if_not_installed("data.table")
  dt <- data.table::data.table(k = 1:3, id = x)
  # data.table's own syntax, as a user's script (not a package) writes it.
  env <- list2env(list(dt = dt), parent = globalenv())
  joined <- eval(quote(dt[data.table::data.table(k = c(3L, 9L)), on = "k", nomatch = NA]), env)
  expect_identical(joined$id[1], x[3])
  expect_na_id(joined$id, 2)
  expect_na_id(data.table::rbindlist(list(dt, data.table::data.table(k = 4L)), fill = TRUE)$id, 4)
})

test_that("vctrs combines IDs with text and integer64 into IDs, and refuses numbers", {
  skip_if_not_installed("vctrs")
  x <- ids()
  text <- as.character(x)
  expect_identical(vctrs::vec_c(x, text[2]), c(x, x[2]))
  expect_identical(vctrs::vec_c(text[1], x[2]), x[1:2])
  expect_identical(vctrs::vec_c(x[1], bit64::as.integer64(text[2])), x[1:2])
  expect_identical(vctrs::vec_c(bit64::as.integer64(text[1]), x[2]), x[1:2])
  expect_identical(vctrs::vec_cast(x, character()), text)
  expect_identical(vctrs::vec_cast(x[1:2], bit64::integer64()), bit64::as.integer64(text[1:2]))
  expect_warning(y <- vctrs::vec_c(x[1], "nope"), class = "zuid_warning_invalid")
  expect_true(is.na(y[2]))
  expect_error(vctrs::vec_c(x, 5), class = "vctrs_error_incompatible_type", regexp = "as_zuid_id()", fixed = TRUE)
  expect_error(vctrs::vec_c(5L, x), class = "vctrs_error_incompatible_type", regexp = "as_zuid_id()", fixed = TRUE)
  skip_if_not_installed("dplyr")
  skip_if_not_installed("tibble")
  d <- tibble::tibble(id = x, n = 1:3)
  joined <- dplyr::inner_join(d, tibble::tibble(id = text[3:2], m = 1:2), by = "id")
  expect_identical(joined$id, x[2:3])
  expect_identical(joined$m, 2:1)
  joined <- dplyr::left_join(tibble::tibble(id = bit64::as.integer64(text[2])), d, by = "id")
  expect_identical(joined$n, 2L)
  expect_s3_class(joined$id, "zuid_id")
  bound <- dplyr::bind_rows(d, tibble::tibble(id = bit64::as.integer64(1), n = 4L))
  expect_identical(as.character(bound$id), c(text, "1"))
  expect_error(dplyr::bind_rows(d, tibble::tibble(id = 1, n = 4L)), regexp = "as_zuid_id()", fixed = TRUE)
})

test_that("vctrs keeps one layout per vector, whichever part carries none", {
  skip_if_not_installed("vctrs")
  discord <- ids()[1]
  twitter <- as_zuid_id("1", "twitter")
  bare <- as_zuid_id("1")
  expect_identical(attr(vctrs::vec_c(bare, discord), "layout"), id_layout("discord"))
  expect_error(vctrs::vec_c(bare, discord, twitter), class = "zuid_error_layout")
  expect_error(vctrs::vec_c(discord, bare, twitter), class = "zuid_error_layout")
  expect_error(vctrs::vec_cast(discord, twitter), class = "zuid_error_layout")
  expect_warning(vctrs::vec_cast(as_zuid_id("18446744073709551615"), twitter), class = "zuid_warning_invalid")
  skip_if_not_installed("dplyr")
  skip_if_not_installed("tibble")
  expect_error(dplyr::bind_rows(tibble::tibble(id = bare), tibble::tibble(id = discord),
                                tibble::tibble(id = twitter)), class = "zuid_error_layout")
})
