# IDs on a ggplot2 axis: as numbers, each in its own place, with breaks on
# round IDs labelled with every digit, and no warning; with zuid not
# attached, a warning that says what to add.

# A plot built in a user's session, where ggplot2 finds scale_*_zuid_id()
# by name in the global environment's search path (zuid attached).
build_in_session <- function(expr, d) {
  env <- new.env(parent = globalenv())
  assign("d", d, envir = env)
  ggplot2::ggplot_build(eval(expr, env))
}

discord_frame <- function(n = 40) {
  t <- as.POSIXct("2024-01-01", tz = "UTC") + sort(stats::runif(n, 0, 86400 * 30))
  data.frame(time = t, id = id_compose(t, "discord", worker = 1, sequence = sample(0:4095, n)))
}

panel_axis <- function(built, axis) built$layout$panel_params[[1]][[axis]]

test_that("ggplot2 plots IDs against times, and their histogram, without a warning", {
  skip_if_not_installed("ggplot2")
  skip_if_not_installed("scales")
  set.seed(401)
  d <- discord_frame()
  expect_identical(ggplot2::scale_type(d$id), c("zuid_id", "continuous"))
  expect_no_warning(built <- build_in_session(quote(ggplot2::ggplot(d, ggplot2::aes(time, id)) +
                                                      ggplot2::geom_line()), d))
  # Each ID at its exact distance from the axis's origin, the smallest.
  y <- built$data[[1]]$y
  expect_identical(y[[1]], 0)
  expect_identical(y, as.double(zuid:::rust_value(zuid:::ids_offsets(d$id, min(d$id)))))
  labels <- panel_axis(built, "y")$get_labels()
  expect_match(labels[!is.na(labels)], "^[0-9]{19}$")
  h <- quote(ggplot2::ggplot(d, ggplot2::aes(id)) + ggplot2::geom_histogram(bins = 5))
  expect_no_warning(built <- build_in_session(h, d))
  expect_identical(sum(built$data[[1]]$count), 40)
  # With zuid not attached, the scale is added by hand.
  p <- ggplot2::ggplot(d, ggplot2::aes(id, time)) + ggplot2::geom_point() + scale_x_zuid_id(name = "ID")
  expect_no_warning(built <- ggplot2::ggplot_build(p))
  expect_identical(built$plot$scales$get_scales("x")$name, "ID")
})

test_that("breaks fall on round IDs, labelled with their exact digits, off the ends of the x axis", {
  skip_if_not_installed("ggplot2")
  set.seed(402)
  d <- discord_frame(200)
  for (axis in c("x", "y")) {
    p <- if (axis == "x") quote(ggplot2::ggplot(d, ggplot2::aes(id, time)) + ggplot2::geom_point()) else
      quote(ggplot2::ggplot(d, ggplot2::aes(time, id)) + ggplot2::geom_point())
    params <- panel_axis(build_in_session(p, d), axis)
    labels <- params$get_labels()
    labels <- labels[!is.na(labels)]
    ids <- as_zuid_id(labels)
    # Round: the IDs end in the same many zeros, a step apart, exactly.
    zeros <- nchar(sub("^.*[^0]", "", labels))
    expect_true(all(zeros >= 14), label = paste(axis, "round breaks"))
    range <- params$continuous_range
    breaks <- params$breaks[!is.na(params$breaks)]
    if (axis == "x") {
      # About 3 wide labels, none within 8% of the data's span of its ends.
      expect_lte(length(labels), 4L)
      expect_true(all(ids >= min(d$id) & ids <= max(d$id)))
      data <- range(as.double(zuid:::rust_value(zuid:::ids_offsets(d$id, min(d$id)))))
      margin <- 0.08 * diff(data)
      expect_true(all(breaks >= data[[1]] + margin - 1 & breaks <= data[[2]] - margin + 1))
    } else {
      expect_gte(length(labels), 3L)
    }
  }
  # The x scale drops labels that would overlap.
  expect_true(scale_x_zuid_id()$guide$params$check.overlap %||% scale_x_zuid_id()$guide$check.overlap)
})

test_that("300 consecutive IDs stand apart, with labels a few IDs apart", {
  skip_if_not_installed("ggplot2")
  g <- id_generator("twitter", datacenter = 1, worker = 2, shared_node = TRUE)
  burst <- data.frame(id = id_next(g, 300), n = 1:300)
  # As doubles they share a handful of positions.
  expect_lt(length(unique(as.double(burst$id))), 5L)
  built <- build_in_session(quote(ggplot2::ggplot(d, ggplot2::aes(id, n)) + ggplot2::geom_point()), burst)
  expect_identical(built$data[[1]]$x, as.double(0:299))
  labels <- panel_axis(built, "x")$get_labels()
  labels <- labels[!is.na(labels)]
  expect_gte(length(labels), 2L)
  offsets <- as.double(zuid:::rust_value(zuid:::ids_offsets(as_zuid_id(labels), burst$id[[1]])))
  expect_true(all(offsets > 0 & offsets < 299 & offsets == round(offsets)))
  expect_true(all(as.numeric(substr(labels, 17, 19)) %% 50 == 0))
})

test_that("IDs given as limits and breaks are placed as the data are", {
  skip_if_not_installed("ggplot2")
  set.seed(403)
  d <- discord_frame()
  lims <- c(min(d$id), max(d$id))
  p <- ggplot2::ggplot(d, ggplot2::aes(time, id)) + ggplot2::geom_point() +
    scale_y_zuid_id(limits = lims, breaks = d$id[c(5, 20)])
  expect_no_warning(built <- ggplot2::ggplot_build(p))
  expect_identical(panel_axis(built, "y")$get_labels(), format(d$id[c(5, 20)]))
  expect_false(anyNA(built$data[[1]]$y))
})

test_that("ggplot2's transform argument is used where ggplot2 has it, and trans before", {
  skip_if_not_installed("ggplot2")
  arg <- names(zuid:::id_transform_arg(NULL))
  expect_identical(arg, if (utils::packageVersion("ggplot2") >= "3.5.0") "transform" else "trans")
  expect_no_warning(scale_x_zuid_id())
  expect_no_warning(scale_y_zuid_id())
})

test_that("without zuid attached, ggplot2's search for the scale ends in a warning that says what to add", {
  skip_if_not_installed("ggplot2")
  skip_if_not_installed("callr")
  # A fresh R that loads zuid from the same library, without attaching it.
  out <- callr::r(function() {
    t <- as.POSIXct("2024-01-01", tz = "UTC") + 0:39 * 3600
    d <- data.frame(id = zuid::id_compose(t, "discord"))
    found <- NULL
    tryCatch(withCallingHandlers(
      ggplot2::ggplot_build(ggplot2::ggplot(d, ggplot2::aes(id)) + ggplot2::geom_histogram(bins = 5)),
      zuid_warning_plot = function(w) {
        found <<- conditionMessage(w)
        invokeRestart("muffleWarning")
      }), error = function(e) NULL)
    found
  }, libpath = .libPaths())
  expect_match(out, "zuid::scale_x_zuid_id()", fixed = TRUE)
  expect_snapshot(cat(out))
})

# Message IDs of one week against their authors' IDs of nine years, as in
# a chat export.
messages_and_authors <- function(n = 300) {
  tm <- as.POSIXct("2024-03-01", tz = "UTC") + sort(stats::runif(n, 0, 7 * 86400))
  ta <- as.POSIXct("2015-06-01", tz = "UTC") + stats::runif(n, 0, 9 * 365 * 86400)
  data.frame(message = id_compose(tm, "discord", worker = 1), author = id_compose(ta, "discord"))
}

test_that("IDs spread over years get a few breaks, not hundreds", {
  skip_if_not_installed("ggplot2")
  set.seed(404)
  d <- messages_and_authors()
  built <- build_in_session(quote(ggplot2::ggplot(d, ggplot2::aes(message, author)) +
                                    ggplot2::geom_point()), d)
  for (axis in c("x", "y")) {
    labels <- panel_axis(built, axis)$get_labels()
    labels <- labels[!is.na(labels)]
    expect_gte(length(labels), 2L)
    expect_lte(length(labels), 7L)
    expect_match(labels, "^[0-9]+$")
  }
  # Round IDs one step apart, a step of two significant digits at most
  # (pretty breaks: 1, 2, 2.5 or 5 times a power of ten).
  steps <- diff(as.double(as_zuid_id(panel_axis(built, "y")$get_labels())))
  expect_true(all(steps == steps[[1]]) && signif(steps[[1]], 2) == steps[[1]])
})

test_that("time = TRUE puts breaks on round times and labels them, as short as the span allows", {
  skip_if_not_installed("ggplot2")
  set.seed(405)
  d <- messages_and_authors()
  p <- ggplot2::ggplot(d, ggplot2::aes(message, author)) + ggplot2::geom_point() +
    scale_x_zuid_id(time = TRUE) + scale_y_zuid_id(time = TRUE)
  expect_no_warning(built <- ggplot2::ggplot_build(p))
  y <- panel_axis(built, "y")
  labels <- y$get_labels()[!is.na(y$get_labels())]
  expect_match(labels, "^20[12][0-9]$")
  # Each break is the smallest ID of its year's first millisecond.
  breaks <- y$breaks[!is.na(y$breaks)]
  years <- as.POSIXct(paste0(labels, "-01-01"), tz = "UTC")
  origin <- min(d$author)
  expect_identical(breaks, as.double(zuid:::rust_value(zuid:::ids_offsets(id_from_time(years, "discord"), origin))))
  x <- panel_axis(built, "x")$get_labels()
  expect_match(x[!is.na(x)], "^[A-Z][a-z]+ 0[1-8]$")
  # Seconds on an axis of 40 s (44 s with ggplot2's margins), none at its
  # very ends: base R's pretty() of those times steps by 15 s.
  one <- data.frame(id = id_compose(as.POSIXct("2024-03-05 10:00", tz = "UTC") + 0:40, "twitter"))
  built <- ggplot2::ggplot_build(ggplot2::ggplot(one, ggplot2::aes(id, id)) + ggplot2::geom_point() +
                                   scale_x_zuid_id(time = TRUE))
  x <- panel_axis(built, "x")$get_labels()
  expect_identical(x[!is.na(x)], c("10:00:00", "10:00:15", "10:00:30"))
  # IDs without a layout keep their digits.
  plain <- data.frame(id = bit64::as.integer64(as.character(d$author)), n = 1)
  built <- ggplot2::ggplot_build(ggplot2::ggplot(plain, ggplot2::aes(id, n)) + ggplot2::geom_point() +
                                   scale_x_zuid_id(time = TRUE))
  x <- panel_axis(built, "x")$get_labels()
  expect_match(x[!is.na(x)], "^[0-9]{18,19}$")
})

test_that("base plot() places IDs by value on an axis of times", {
  set.seed(406)
  d <- messages_and_authors(100)
  axis <- zuid:::base_axis(d$author, time = TRUE)
  expect_identical(axis$at, as.double(zuid:::rust_value(zuid:::ids_offsets(d$author, min(d$author)))))
  expect_match(axis$axis$labels, "^20[12][0-9]$")
  ids <- zuid:::base_axis(d$message, time = FALSE)$axis$labels
  expect_match(ids, "^[0-9]{19}$")
  expect_identical(zuid:::base_axis(1:3, TRUE), list(at = 1:3, axis = NULL))
  grDevices::pdf(NULL)
  on.exit(grDevices::dev.off())
  expect_null(expect_silent(plot(d$message)))
  expect_silent(plot(d$message, d$author, main = "messages by their authors"))
  expect_silent(plot(d$message, seq_len(100), time = FALSE))
  expect_snapshot(error = TRUE, {
    plot(d$message, time = "yes")
    scale_x_zuid_id(time = NA)
  })
})
