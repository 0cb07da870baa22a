# The problems the Rust binding reports, and the conditions R makes of them.

test_that("every problem code the binding can send has an R handler", {
  codes <- zuid:::rust_value(zuid:::problem_codes())
  expect_gt(length(codes), 20)
  expect_identical(setdiff(codes, names(zuid:::problem_handlers)), character())
  # And R knows no codes that Rust cannot send.
  expect_identical(setdiff(names(zuid:::problem_handlers), codes), character())
})

test_that("every handler raises a classed condition carrying a message", {
  layout <- id_layout("twitter")
  generator <- id_generator("twitter", datacenter = 0, worker = 0)
  context <- list(layout = layout, x = c(2^60, 1), n = 2, generator = NULL,
                  args = list(time = c(0, 1), datacenter = 40, worker = 0, sequence = 0))
  internal <- c("input_type", "node_count")
  for (code in zuid:::rust_value(zuid:::problem_codes())) {
    problem <- list(code = code, position = 1, part = 3, value = 2, element = "bits",
                    count = 1, positions = 1, reason = "not_digits")
    ctx <- context
    if (code %in% c("forked", "not_generator", "clock_back", "interrupted")) ctx$generator <- generator
    cnd <- tryCatch(zuid:::throw_problem(problem, quote(f()), ctx),
                    error = identity, warning = identity)
    expect_true(inherits(cnd, "condition"), label = code)
    if (code %in% internal) {
      expect_match(conditionMessage(cnd), "internal error in zuid", label = code)
    } else {
      expect_true(inherits(cnd, "zuid_error") || inherits(cnd, "zuid_warning"), label = code)
      expect_gt(nchar(conditionMessage(cnd)), 20)
    }
  }
})

test_that("problems come back as values: a warning and the value, or an error", {
  result <- zuid:::decode_ids(c("1", "x"), "character", id_layout("discord"), TRUE, FALSE)
  expect_identical(names(result), c("value", "problems"))
  expect_length(result$problems, 1L)
  expect_identical(result$problems[[1]]$code, "invalid_entries")
  expect_identical(result$problems[[1]]$positions, 2)
  expect_length(result$value$time, 2L)
  refused <- zuid:::decode_ids(2^60, "double", id_layout("discord"), TRUE, FALSE)
  expect_null(refused$value)
  expect_identical(refused$problems[[1]]$code, "imprecise_double")
  expect_identical(refused$problems[[1]]$position, 1)
})
