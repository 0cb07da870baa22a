# Issue 23, point 3: the SQL path and the R path agree. For 17 layouts (the
# built-in ones, off-grid epochs, 5 ms and 256 ms and 100 ms ticks, seconds
# with an epoch off their grid, TIDs' microseconds), random IDs (2^63 and
# more where the layout has no sign bit, IDs it cannot hold) and random
# ranges (ends anywhere, inside ticks, below a millisecond, on tick
# starts, open, infinite, before the epoch and past the end), the rows
# that id_filter_time() keeps from a data frame and the fields that
# id_add_fields() adds are those that id_sql_range() and id_sql() give in
# the database, for every kind of ID column: on SQLite, PostgreSQL and
# MariaDB for every layout, and on all six engines for the microsecond and
# off-grid layouts.

differential_layouts <- function() {
  builtin <- c("baidu", "sonyflake_v2", "tsid", "yitter")
  c(all_layouts(), stats::setNames(lapply(builtin, id_layout), builtin), list(
    # Seconds from an epoch half a second off their grid.
    seconds_off_grid = id_layout(time = list(bits = 32, unit = "s", epoch = 1700000000500),
                                 fields = list(node = 10), sequence = 21)
  ))
}

# The layouts whose ticks do not start on whole milliseconds of their
# epoch, or are shorter than one.
odd_layouts <- c("tid", "off_grid", "v2", "seconds_off_grid")

# The span of a layout's times in seconds: the start of tick 0 and the end
# of its last tick (SCRU64's ends before its time part does).
layout_span <- function(layout) {
  c(first_ms(layout), zuid:::layout_facts_of(layout, NULL)$last_ms) / 1000 + c(0, unit_seconds(layout))
}

# One end of a random range, as seconds (NA for an open end).
random_end <- function(layout) {
  span <- layout_span(layout)
  unit <- unit_seconds(layout)
  # Most ends near IDs: within a few years of tick 0 or anywhere.
  near <- min(span[[2L]], span[[1L]] + 3 * 365 * 86400)
  t <- stats::runif(1, span[[1L]], if (stats::runif(1) < 0.6) near else span[[2L]])
  switch(sample(c("any", "inside_tick", "below_ms", "on_tick", "open", "infinite", "before", "after"), 1L,
                prob = c(3, 2, 2, 1, 1, 1, 0.5, 0.5)),
    any = t,
    inside_tick = (floor(t / unit) + stats::runif(1)) * unit,
    below_ms = floor(t * 1000) / 1000 + stats::runif(1) / 1000,
    on_tick = ceiling(t / unit) * unit,
    open = NA,
    infinite = Inf,
    before = span[[1L]] - stats::runif(1, 0, 1e6),
    after = span[[2L]] + stats::runif(1, 0, 1e6)
  )
}

at_or_null <- function(s) if (is.na(s)) NULL else at(s)

# Random ranges [from, to) with from before to: two random ends in order,
# an infinite one on its own side (or, now and then, on the other, where
# the range holds no ID).
random_ranges <- function(layout, n) {
  ranges <- list()
  while (length(ranges) < n) {
    ends <- c(random_end(layout), random_end(layout))
    finite <- ends[is.finite(ends)]
    if (length(finite) == 2L && finite[[1L]] == finite[[2L]]) next
    from <- if (length(finite) == 2L) min(finite) else if (is.infinite(ends[[1L]])) -Inf else ends[[1L]]
    to <- if (length(finite) == 2L) max(finite) else if (is.infinite(ends[[2L]])) Inf else ends[[2L]]
    if (stats::runif(1) < 0.05) {
      from <- Inf
      to <- NA
    } else if (stats::runif(1) < 0.05) {
      from <- NA
      to <- -Inf
    }
    if (!is.na(from) && !is.na(to) && !(from < to)) next
    ranges[[paste0("r", length(ranges) + 1L)]] <- list(from = at_or_null(from), to = at_or_null(to))
  }
  ranges
}

# The bits of IDs as plain integer64, read as unsigned (as the engine
# cases hold them): a zuid_id's doubles are its 64 bits.
id_bits <- function(x) structure(as.vector(unclass(x)), class = "integer64")

# IDs around the finite ends of the ranges: the first and last of the
# ticks around each, and IDs made a fraction of a millisecond around it
# with random fields.
ids_near <- function(layout, ranges) {
  ends <- unlist(lapply(ranges, function(r) c(as.numeric(r$from), as.numeric(r$to))))
  span <- layout_span(layout)
  unit <- unit_seconds(layout)
  offsets <- c(-unit, 0, unit, -6e-4, -1e-4, 1e-4, 6e-4)
  times <- outer(ends[is.finite(ends)], offsets, `+`)
  times <- at(times[times >= span[[1L]] & times < span[[2L]] - unit])
  nodes <- names(layout$bits)[layout$kinds == "node"]
  values <- lapply(nodes, function(f) floor(stats::runif(length(times), 0, 2^min(layout$bits[[f]], 20))))
  composed <- do.call(id_compose, c(list(times, layout), stats::setNames(values, nodes),
                                    list(sequence = floor(stats::runif(length(times), 0,
                                                                       min(4, 2^layout$bits[["sequence"]]))))))
  c(id_bits(id_from_time(times, layout)), id_bits(id_from_time(times, layout, side = "max")),
    id_bits(composed))
}

differential_cases <- local({
  cases <- NULL
  function() {
    if (!is.null(cases)) return(cases)
    set.seed(23)
    layouts <- differential_layouts()
    ranges <- lapply(layouts, random_ranges, n = 12L)
    ids <- Map(function(layout, ranges) {
      x <- c(random_layout_ids(layout, 400), ids_near(layout, ranges), bit64::as.integer64(NA),
             invalid_ids(layout))
      x[sample.int(length(x))]
    }, layouts, ranges)
    cases <<- list(layouts = layouts, ids = ids, ranges = ranges)
    cases
  }
})

only_layouts <- function(cases, names) lapply(cases, function(x) x[names])

# The R path: the rows id_filter_time() keeps and the fields
# id_add_fields() adds (time as whole milliseconds, floored), from a data
# frame of the IDs as text and as integer64, which must agree.
r_path <- function(rows, layout, ranges) {
  text <- unsigned_decimal(rows$ids)
  text[is.na(rows$ids)] <- NA
  frames <- list(data.frame(n = rows$n, id = text), data.frame(n = rows$n, id = rows$ids))
  quiet <- function(expr) suppressWarnings(expr, classes = "zuid_warning_invalid")
  kept <- lapply(frames, function(df) {
    lapply(ranges, function(r) quiet(id_filter_time(df, id, r$from, r$to, layout))$n)
  })
  expect_identical(kept[[1L]], kept[[2L]])
  fields <- quiet(id_add_fields(frames[[1L]], id, layout))
  fields$time <- zuid:::floor_ms(as.numeric(fields$time))
  list(kept = kept[[1L]], fields = fields[setdiff(names(fields), "id")])
}

check_differential <- function(engine, layouts) {
  skip_unless_engine(engine)
  cases <- only_layouts(differential_cases(), layouts)
  results <- run_engine(engine, list(ids_table(cases, engine)), sql_statements(cases, engine))
  limits <- engine_time_range(engine)
  for (name in names(cases$layouts)) {
    layout <- cases$layouts[[name]]
    rows <- layout_rows(cases, name)
    r <- r_path(rows, layout, cases$ranges[[name]])
    outside <- is.na(r$fields$time) | r$fields$time < limits[[1L]] | r$fields$time >= limits[[2L]]
    r$fields$time[outside] <- NA
    for (column in kind_columns[engine_kinds(engine)]) {
      what <- sprintf("%s %s on %s", name, column, engine)
      got <- rows_by_n(results[[paste("decode", column, name)]], rows$n)
      for (field in names(r$fields)[-1L]) {
        expect_identical(as.numeric(got[[field]]), as.numeric(r$fields[[field]]),
                         label = paste(what, field))
      }
      selected <- results[[paste("ranges", column, name)]]
      for (k in names(cases$ranges[[name]])) {
        got_n <- range_rows(selected, k)$n
        expect_setequal(got_n, r$kept[[k]])
        expect_identical(anyDuplicated(got_n), 0L, label = paste(what, k, "no row twice"))
      }
    }
  }
}

test_that("the random ranges reach every kind of end, and IDs on both sides of 2^63", {
  cases <- differential_cases()
  expect_length(cases$layouts, 17L)
  end_seconds <- function(r) {
    c(if (is.null(r$from)) NA else as.numeric(r$from), if (is.null(r$to)) NA else as.numeric(r$to))
  }
  ends <- unlist(lapply(cases$ranges, function(rs) lapply(rs, end_seconds)))
  expect_true(anyNA(ends) && any(ends == Inf, na.rm = TRUE) && any(ends == -Inf, na.rm = TRUE))
  expect_true(any(ends %% 0.001 > 1e-6, na.rm = TRUE))
  expect_gt(sum(cases$ids$discord < 0, na.rm = TRUE), 100)
  # Every range keeps some rows and leaves others, for most layouts.
  kept <- vapply(names(cases$layouts), function(name) {
    r <- r_path(layout_rows(cases, name), cases$layouts[[name]], cases$ranges[[name]])
    mean(lengths(r$kept) > 0 & lengths(r$kept) < length(cases$ids[[name]]))
  }, numeric(1))
  expect_gt(mean(kept), 0.5)
})

for (engine in c("sqlite", "postgres", "mysql")) {
  local({
    engine <- engine
    test_that(sprintf("%s and R agree on every layout, range and kind of ID column", engine), {
      check_differential(engine, names(differential_layouts()))
    })
  })
}
for (engine in c("duckdb", "spark", "clickhouse")) {
  local({
    engine <- engine
    test_that(sprintf("%s and R agree on microsecond and off-grid layouts", engine), {
      check_differential(engine, odd_layouts)
    })
  })
}
