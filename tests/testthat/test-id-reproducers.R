# Issue 19, "IDs that stay IDs": every reproducer, run as a user runs it
# (in an environment of the global one, where zuid is attached and bit64
# is not), with the value it must give. Where base R never asks zuid (a
# loop over a vector, unlist(), ...), the reproducer is the way the
# vignette's "Pitfalls" section says to write it.

user <- function() {
  env <- new.env(parent = globalenv())
  env$x <- as_zuid_id(c("1212921505332342792", "1212921992261677074"), "discord")
  env$b <- bit64::as.integer64(c("1212921505332342792", "1212921992261677074"))
  env$digits <- c("1212921505332342792", "1212921992261677074")
  env
}

test_that("the session is a user's: zuid attached, bit64 not", {
  expect_true("package:zuid" %in% search())
  expect_false("package:bit64" %in% search())
})

test_that("1. a missing value is NA, not a real-looking ID", {
  skip_if_not_installed("vctrs")
  skip_if_not_installed("dplyr")
  skip_if_not_installed("tibble")
  evalq({
    for (y in list(dplyr::lag(x), rev(dplyr::lead(x)), x[c(3, 1)], vctrs::vec_init(x, 2))) {
      expect_true(is.na(y[1]))
      expect_true(is.na(id_time(y[1])))
      expect_identical(attr(y, "layout"), id_layout("discord"))
    }
    unmatched <- dplyr::left_join(tibble::tibble(k = 1:3), tibble::tibble(k = 1:2, id = x), by = "k")$id
    expect_identical(is.na(unmatched), c(FALSE, FALSE, TRUE))
    filled <- dplyr::bind_rows(tibble::tibble(id = x), tibble::tibble(n = 1))$id
    expect_identical(is.na(filled), c(FALSE, FALSE, TRUE))
    y <- x
    length(y) <- 5
    expect_identical(is.na(y), c(FALSE, FALSE, TRUE, TRUE, TRUE))
    expect_identical(attr(y, "layout"), id_layout("discord"))
  }, user())
})

test_that("2. lookups against plain integer64 find the IDs; inexact doubles are an error", {
  evalq({
    expect_identical(x %in% b, c(TRUE, TRUE))
    expect_identical(match(x, b), 1:2)
    m <- merge(data.frame(id = x, a = 1:2), data.frame(id = b, c = 3:4))
    expect_identical(nrow(m), 2L)
    expect_identical(m$c, 3:4)
    expect_error(x %in% 2^60, class = "zuid_error_precision")
    expect_error(match(x, 1212921505332342792), class = "zuid_error_precision")
  }, user())
})

test_that("3. base idioms keep IDs: lapply(), sapply(), as.matrix(), sets; the rest as the vignette says", {
  evalq({
    expect_identical(sapply(x, as.character), digits)
    expect_identical(lapply(x, identity), list(x[1], x[2]))
    expect_identical(union(x, x), x)
    expect_identical(intersect(x, x[2]), x[2])
    expect_identical(setdiff(x, x[1]), x[2])
    expect_identical(unname(as.matrix(data.frame(id = x))[, 1]), digits)
    # Hookless: what the vignette says to write instead.
    seen <- character()
    for (i in seq_along(x)) seen <- c(seen, as.character(x[i]))
    expect_identical(seen, digits)
    seen <- character()
    for (id in as.list(x)) seen <- c(seen, format(id))
    expect_identical(seen, digits)
    expect_identical(do.call(c, list(x[1], x[2])), x)
    expect_identical(c(as_zuid_id("1212921505332342792"), x[2]), x)
    expect_identical(c(x, "1212921505332342793")[3], as_zuid_id("1212921505332342793", "discord"))
    out <- x
    out[c(FALSE, TRUE)] <- rev(x)[c(FALSE, TRUE)]
    expect_identical(out, c(x[1], x[1]))
    both <- rbind(data.frame(id = x), data.frame(id = "5"))
    expect_identical(as.character(both$id), c(digits, "5"))
    text_first <- rbind(data.frame(id = "5"), data.frame(id = as.character(x)))
    expect_identical(as_zuid_id(text_first$id, "discord"), c(as_zuid_id("5", "discord"), x))
  }, user())
})

test_that("4. summary() works, alone and in a data frame; numeric summaries skip IDs", {
  skip_if_not_installed("dplyr")
  evalq({
    s <- summary(data.frame(id = x, n = 1:2))
    expect_match(s[3, 1], "1212921505332342792", fixed = TRUE)
    out <- dplyr::summarise(dplyr::tibble(id = x, n = 1:2), dplyr::across(where(is.numeric), mean))
    expect_identical(out$n, 1.5)
    expect_match(all.equal(x, rev(x)), "2 of 2 IDs differ")
    expect_identical(median(x), x[1])
    expect_identical(cummax(rev(x)), c(x[2], x[2]))
    expect_identical(unname(quantile(x, c(0, 1))), x)
    expect_error(diff(x), class = "zuid_error_arithmetic")
  }, user())
})

test_that("5. text and integer64 keys join and bind with IDs in dplyr", {
  skip_if_not_installed("dplyr")
  skip_if_not_installed("tibble")
  evalq({
    j <- dplyr::inner_join(tibble::tibble(id = x), tibble::tibble(id = as.character(x)), by = "id")
    expect_identical(j$id, x)
    r <- dplyr::bind_rows(tibble::tibble(id = x), tibble::tibble(id = bit64::as.integer64(1)))
    expect_identical(r$id, c(x, as_zuid_id("1", "discord")))
    expect_error(dplyr::bind_rows(tibble::tibble(id = x), tibble::tibble(id = 1)),
                 regexp = "as_zuid_id()", fixed = TRUE)
  }, user())
})

test_that("6. the smaller ones", {
  evalq({
    expect_s3_class(id_guess_layout(x), "zuid_guess")
    expect_identical(attr(id_from_tid("3jzfcijpj2z2a"), "layout"), id_layout("tid"))
    if (requireNamespace("jsonlite", quietly = TRUE)) {
      json <- jsonlite::toJSON(as_zuid_id(c("18446744073709551615", NA)))
      expect_identical(as.character(json), '["18446744073709551615",null]')
    }
    expect_identical(as_zuid_id(eval(parse(text = deparse(as.character(x)))), "discord"), x)
    expect_error(x == 1212921505332342792, class = "zuid_error_precision", regexp = "^The right side of `==`")
    expect_identical(as.POSIXct(x), id_time(x))
    expect_identical(as.Date(x), as.Date(c("2024-03-01", "2024-03-01")))
    expect_warning(as_zuid_id("1\u00a02"), regexp = "\\u00a0", fixed = TRUE)
    # R 4.2 runs neither method against a time: compare with the time's ID.
    t <- as.POSIXct("2024-03-01 00:38", tz = "UTC")
    expect_identical(x < id_from_time(t, "discord"), c(TRUE, FALSE))
    expect_identical(id_time(x) < t, c(TRUE, FALSE))
  }, user())
  skip_if_not_installed("ggplot2")
  skip_if_not_installed("scales")
  evalq({
    d <- data.frame(time = id_time(x), id = x)
    expect_no_warning(ggplot2::ggplot_build(ggplot2::ggplot(d, ggplot2::aes(time, id)) + ggplot2::geom_point()))
    expect_no_warning(ggplot2::ggplot_build(ggplot2::ggplot(d, ggplot2::aes(id)) + ggplot2::geom_histogram(bins = 2)))
  }, user())
})

test_that("7. generics order by value, refuse arithmetic, keep one layout, print what they show", {
  evalq({
    big <- as_zuid_id(c("5", "18446744073709551615", "9223372036854775809", "100"), "discord")
    expect_identical(unname(quantile(big, 1)), big[2])
    expect_false(is.unsorted(sort(big)))
    for (f in list(function(v) diff(v), function(v) seq(v[1], by = 1, length.out = 2), scale)) {
      expect_error(f(big), class = "zuid_error_arithmetic")
    }
    expect_error(rowSums(data.frame(id = big)), "numeric")
    expect_error(big %o% big)
    expect_identical(capture.output(print(rep(big, 3), max = 2))[[3]],
                     " [ reached 'max' / getOption(\"max.print\") -- omitted 10 entries ]")
    expect_identical(format(big[1], width = 3), "  5")
    expect_identical(c(big[1], recursive = TRUE), big[1])
    expect_null(names(c(a = big[1:2], use.names = FALSE)))
    expect_identical(range(c(big, NA), finite = TRUE), big[c(1, 2)])
    expect_output(print(big[1], quote = TRUE), "\"5\"")
    # Hookless: what the vignette says to write instead.
    expect_identical(which.max(xtfrm(big)), 2L)
    expect_identical(which.min(xtfrm(big)), 1L)
    expect_identical(big >= "1" & big <= "100", c(TRUE, FALSE, FALSE, TRUE))
    expect_error(as_zuid_id(as_zuid_id("1", "twitter"), attr(x, "layout")), class = "zuid_error_layout")
  }, user())
  skip_if_not_installed("vctrs")
  evalq(expect_error(vctrs::vec_c(as_zuid_id("1"), x, as_zuid_id("1", "twitter")), class = "zuid_error_layout"),
        user())
})

test_that("8. the docs say what the functions do", {
  rd <- tools::Rd_db("zuid")
  text <- function(topic) paste(unlist(lapply(rd[[paste0(topic, ".Rd")]], as.character)), collapse = "")
  expect_no_match(text("id_generator"), "POSIXct\"")
  expect_match(text("id_generator"), "\"character\"", fixed = TRUE)
  for (topic in c("id_compose", "id_generator", "id_sql")) {
    expect_no_match(text(topic), "when `?x`? is a `?zuid_id", label = topic)
    expect_no_match(text(topic), "when \\\\code\\{x\\} is a", label = topic)
  }
  expect_match(text("zuid-package"), "Bluesky")
  expect_match(utils::packageDescription("zuid")$Description, "Bluesky")
  expect_warning(as_zuid_id("9223372036854775808"), regexp = "keep such an ID as text")
  msg <- tryCatch(as_zuid_id("9223372036854775808"), warning = conditionMessage)
  expect_no_match(msg, "`as`")
})
