# The reproducers of issue 23 (the hostile-testing breaks), each section
# asserting the fixed behaviour of one point of the issue.

# Issue 23, point 1: the duplicate-node guard evaded by a layout split ----
# differently and by a forked child; the registry never freeing slots.

test_that("a bit-identical layout split into other fields is the same node", {
  a <- id_generator("twitter", datacenter = 3, worker = 1)
  one_field <- id_layout(time = list(bits = 41, unit = "ms", epoch = 1288834974657), fields = list(node = 10),
                         sequence = 12)
  # datacenter 3, worker 1 is the 10-bit node 97: the same bit patterns.
  expect_error(id_generator(one_field, node = 97), class = "zuid_error_duplicate_node",
               regexp = "is alive in this R session")
  b <- id_generator(one_field, node = 98)
  expect_length(intersect(id_next(a, 20000), id_next(b, 20000)), 0L)
  # Once the first is gone, the other split starts above its last ID.
  last <- id_next(a, 1000)
  rm(a)
  invisible(gc())
  c <- id_generator(one_field, node = 97)
  expect_true(all_above(id_next(c, 1000), last))
  # And the other way round.
  expect_error(id_generator("twitter", datacenter = 3, worker = 1), class = "zuid_error_duplicate_node")
})

test_that("layouts that put the sequence on either side of the node clash where their node bits agree", {
  epoch <- as.POSIXct("2021-03-04", tz = "UTC")
  seq_high <- id_layout(time = list(bits = 39, unit = "10ms", epoch = epoch),
                        fields = list(sequence = 8, machine = 16))
  node_high <- id_layout(time = list(bits = 39, unit = "10ms", epoch = epoch), fields = list(machine = 16),
                         sequence = 8)
  g <- id_generator(seq_high, machine = 0xBEEF)
  # Bits 8 to 15 are node bits in both: 0xBE here, the low byte there.
  expect_error(id_generator(node_high, machine = 0x12BE), class = "zuid_error_duplicate_node")
  other <- id_generator(node_high, machine = 0x12BF)
  expect_length(intersect(id_next(g, 3000), id_next(other, 3000)), 0L)
})

test_that("a forked child cannot make a generator for a node its parent's live generator holds", {
  skip_on_os("windows") # no fork there
  g <- id_generator("twitter", datacenter = 21, worker = 21)
  # Two jobs, so that mclapply() forks (it runs a single job in this process).
  results <- parallel::mclapply(1:2, function(i) {
    # The child drops its copy: its finalizer must not free the parent's node.
    rm(g)
    invisible(gc())
    same <- tryCatch(id_generator("twitter", datacenter = 21, worker = 21), error = identity)
    one_field <- id_layout(time = list(bits = 41, unit = "ms", epoch = 1288834974657), fields = list(node = 10),
                           sequence = 12)
    split <- tryCatch(id_generator(one_field, node = 21 * 32 + 21), error = identity)
    list(same = class(same), message = conditionMessage(same), split = class(split),
         other = class(id_generator("twitter", datacenter = 21, worker = 21 + i)))
  }, mc.cores = 2)
  for (result in results) {
    expect_identical(result$same[[1]], "zuid_error_duplicate_node")
    expect_match(result$message, "alive in the process this one was forked from")
    expect_identical(result$split[[1]], "zuid_error_duplicate_node")
    expect_identical(result$other[[1]], "zuid_generator")
  }
  expect_length(id_next(g, 5), 5L)
})

test_that("thousands of generators come and go, and a node's next generator still starts above its last", {
  wide <- id_layout(time = list(bits = 41, unit = "ms", epoch = as.POSIXct("2022-01-01", tz = "UTC")),
                    fields = list(node = 15), sequence = 7)
  # The first generator of node 1 runs 5 s ahead of the clock.
  ahead <- id_from_time(Sys.time() + 5, wide)
  first <- id_generator(wide, node = 1, after = ahead, on_clock_back = "borrow")
  last <- id_next(first, 10)
  rm(first)
  invisible(gc())
  # Thousands more, each gone before the next: the registry frees their
  # slots as their ticks pass.
  for (node in 2:3001) {
    g <- id_generator(wide, node = node)
    id_next(g)
  }
  rm(g)
  invisible(gc())
  again <- id_generator(wide, node = 1, on_clock_back = "borrow")
  expect_true(all_above(id_next(again, 10), last))
  # Kept alive together, each still refuses its twin.
  kept <- lapply(5000:5999, function(node) id_generator(wide, node = node))
  expect_error(id_generator(wide, node = 5500), class = "zuid_error_duplicate_node")
  expect_length(kept, 1000L)
})
