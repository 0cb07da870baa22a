# IDs on a ggplot2 axis: as numbers, with no warning.

test_that("ggplot2 plots IDs against times, and their histogram, without a warning", {
  skip_if_not_installed("ggplot2")
  skip_if_not_installed("scales")
  t <- as.POSIXct("2024-01-01", tz = "UTC") + sort(stats::runif(40, 0, 86400))
  d <- data.frame(time = t, id = id_compose(t, "discord", worker = 1))
  expect_identical(ggplot2::scale_type(d$id), c("zuid_id", "continuous"))
  # ggplot2 finds scale_y_zuid_id() by name where zuid is attached; in a
  # user's session that is the global environment.
  env <- new.env(parent = globalenv())
  assign("d", d, envir = env)
  p <- eval(quote(ggplot2::ggplot(d, ggplot2::aes(time, id)) + ggplot2::geom_line()), env)
  expect_no_warning(built <- ggplot2::ggplot_build(p))
  expect_identical(built$data[[1]]$y, as.double(d$id))
  labels <- built$layout$panel_params[[1]]$y$get_labels()
  expect_match(labels[!is.na(labels)], "^[0-9]{19}$")
  h <- eval(quote(ggplot2::ggplot(d, ggplot2::aes(id)) + ggplot2::geom_histogram(bins = 5)), env)
  expect_no_warning(built <- ggplot2::ggplot_build(h))
  expect_identical(sum(built$data[[1]]$count), 40)
  # With zuid not attached, the scale is added by hand.
  p <- ggplot2::ggplot(d, ggplot2::aes(id, time)) + ggplot2::geom_point() + scale_x_zuid_id(name = "ID")
  expect_no_warning(built <- ggplot2::ggplot_build(p))
  expect_identical(built$plot$scales$get_scales("x")$name, "ID")
})
