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
