# Layouts given by name or as objects, however they were edited: every
# function that takes a layout refuses a broken one with zuid_error_layout.

test_that("layouts are a zuid_layout or a name that needs nothing more", {
  expect_error(id_time("1", "weibo"), class = "zuid_error_layout",
               regexp = paste("`layout` must be a zuid_layout from `id_layout\\(\\)` or one of \"twitter\",",
                              "\"discord\", \"instagram\", \"mastodon\", \"tid\", \"baidu\", \"sonyflake_v2\",",
                              "\"tsid\", \"yitter\", \"linkedin\", \"tiktok\", not \"weibo\""))
  expect_error(id_time("1", "sonyflake"), class = "zuid_error_layout",
               regexp = "needs more than its name.*id_layout\\(\"sonyflake\", epoch")
  expect_error(id_time("1", "scru64"), class = "zuid_error_layout", regexp = "node_bits")
  expect_error(id_time("1", 1), class = "zuid_error_layout")
  expect_error(id_time("1"), class = NULL)
  broken <- id_layout("twitter")
  broken$bits[["time"]] <- 40L
  expect_error(id_time("1", broken), class = "zuid_error_layout", regexp = "not a valid zuid_layout")
})

test_that("hand-edited layouts are refused with a zuid_error, never misread", {
  edits <- list(
    function(l) {
      l$epoch_ms <- "%s"
      l
    },
    function(l) {
      l$epoch_ms <- NA_real_
      l
    },
    function(l) {
      l$epoch_ms <- c(1, 2)
      l
    },
    function(l) {
      l$epoch_ms <- NULL
      l
    },
    function(l) {
      l$epoch_ms <- factor("x")
      l
    },
    function(l) {
      l$bits <- c(a = 1)
      l
    },
    function(l) {
      l$unit <- "x"
      l
    },
    function(l) {
      l$unit <- NULL
      l
    },
    function(l) {
      l$kinds <- NULL
      l
    },
    function(l) {
      l$name <- NULL
      l
    },
    function(l) {
      l$bits[["time"]] <- NA_integer_
      l
    }
  )
  for (edit in edits) {
    broken <- edit(id_layout("twitter"))
    expect_error(id_fields("1", broken), class = "zuid_error_layout")
    expect_error(id_compose(as.POSIXct("2020-01-01", tz = "UTC"), broken), class = "zuid_error_layout")
  }
})

# Every exported function that takes a layout, called with `layout`.
layout_takers <- list(
  id_fields = function(layout) id_fields("1", layout),
  id_time = function(layout) id_time("1", layout),
  id_compose = function(layout) id_compose(as.POSIXct("2020-01-01", tz = "UTC"), layout),
  id_from_time = function(layout) id_from_time(as.POSIXct("2020-01-01", tz = "UTC"), layout),
  id_generator = function(layout) id_generator(layout),
  id_sql = function(layout) id_sql(layout),
  id_sql_range = function(layout) {
    id_sql_range(as.POSIXct("2020-01-01", tz = "UTC"), as.POSIXct("2020-01-02", tz = "UTC"), layout)
  },
  print = function(layout) print(layout),
  format = function(layout) format(layout),
  plot = function(layout) {
    grDevices::pdf(NULL)
    on.exit(grDevices::dev.off())
    plot(layout)
  },
  id_explain = function(layout) id_explain("1", layout),
  id_guess_layout = function(layout) id_guess_layout("1", layouts = list(layout))
)

# Hand edits of a valid layout, each breaking it in one way.
layout_edits <- list(
  "a list no more" = function(l) unclass(l)$bits,
  "text widths" = function(l) {
    l$bits[] <- as.character(l$bits)
    l
  },
  "double widths" = function(l) {
    l$bits <- stats::setNames(as.double(l$bits), names(l$bits))
    l
  },
  "widths that do not add up" = function(l) {
    l$bits[["time"]] <- 40L
    l
  },
  "a negative width" = function(l) {
    l$bits[["worker"]] <- -5L
    l$bits[["time"]] <- 51L
    l
  },
  "an NA width" = function(l) {
    l$bits[["time"]] <- NA_integer_
    l
  },
  "one width too few" = function(l) {
    l$bits <- l$bits[-3]
    l
  },
  "swapped kinds" = function(l) {
    l$kinds[2:3] <- l$kinds[3:2]
    l
  },
  "an unknown kind" = function(l) {
    l$kinds[[3]] <- "shard"
    l
  },
  "no kinds" = function(l) {
    l$kinds <- NULL
    l
  },
  "a text epoch" = function(l) {
    l$epoch_ms <- "2010-11-04"
    l
  },
  "a format string as epoch" = function(l) {
    l$epoch_ms <- "%s%s%n"
    l
  },
  "an NA epoch" = function(l) {
    l$epoch_ms <- NA_real_
    l
  },
  "two epochs" = function(l) {
    l$epoch_ms <- c(1, 2)
    l
  },
  "a POSIXct epoch" = function(l) {
    l$epoch_ms <- Sys.time()
    l
  },
  "a factor epoch" = function(l) {
    l$epoch_ms <- factor("x")
    l
  },
  "an epoch after 9999" = function(l) {
    l$epoch_ms <- 1e15
    l
  },
  "an unknown unit" = function(l) {
    l$unit <- "5 ms"
    l
  },
  "no unit" = function(l) {
    l$unit <- NULL
    l
  },
  "an unknown text form" = function(l) {
    l$text <- "base58"
    l
  },
  "no text form" = function(l) {
    l$text <- NULL
    l
  },
  "no name" = function(l) {
    l$name <- NULL
    l
  },
  "a renamed part" = function(l) {
    names(l$bits)[[2]] <- "tick"
    l
  },
  "unnamed widths" = function(l) {
    l$bits <- unname(l$bits)
    l
  },
  "a field named sign" = function(l) {
    names(l$bits)[[3]] <- "sign"
    l
  },
  "a field named time" = function(l) {
    names(l$bits)[[3]] <- "time"
    l
  },
  "a field with a space" = function(l) {
    names(l$bits)[[3]] <- "data center"
    l
  },
  "two fields of one name" = function(l) {
    names(l$bits)[3:4] <- "worker"
    l
  },
  "a sequence of 40 bits" = function(l) {
    l$bits[["sequence"]] <- 40L
    l$bits[["time"]] <- 13L
    l
  }
)

test_that("every function that takes a layout refuses every broken one with zuid_error_layout", {
  for (edit in names(layout_edits)) {
    broken <- structure(layout_edits[[edit]](unclass(id_layout("twitter"))), class = "zuid_layout")
    for (fun in names(layout_takers)) {
      cnd <- tryCatch(layout_takers[[fun]](broken), error = identity)
      expect_s3_class(cnd, "zuid_error_layout")
      expect_match(conditionMessage(cnd), "`layout` is not a valid zuid_layout",
                   fixed = TRUE, label = sprintf("%s, given %s", fun, edit))
    }
  }
})

test_that("the message says what is wrong with the layout", {
  broken <- function(edit) structure(layout_edits[[edit]](unclass(id_layout("twitter"))), class = "zuid_layout")
  expect_error(id_time("1", broken("widths that do not add up")), class = "zuid_error_layout",
               regexp = "add up to 63 bits; they add up to 62")
  expect_error(id_time("1", broken("a field named sign")), class = "zuid_error_layout",
               regexp = "cannot be named \"sign\"")
  expect_error(id_time("1", broken("a text epoch")), class = "zuid_error_layout",
               regexp = "its element `epoch_ms` is missing or malformed")
  expect_error(id_time("1", broken("swapped kinds")), class = "zuid_error_layout",
               regexp = "not one time at the top")
  expect_error(id_time("1", broken("an unknown unit")), class = "zuid_error_layout",
               regexp = "its unit is not \"us\" \\(microseconds\\), \"s\", or a whole number of milliseconds")
  expect_error(id_time("1", broken("a renamed part")), class = "zuid_error_layout",
               regexp = "not named for what they are")
})

test_that("a layout IDs carry is checked where it is read, and named as theirs", {
  ids <- as_zuid_id("1888944671579078978", "twitter")
  for (edit in names(layout_edits)) {
    broken <- ids
    attr(broken, "layout") <- layout_edits[[edit]](unclass(id_layout("twitter")))
    expect_error(id_time(broken), class = "zuid_error_layout", regexp = "The layout `x` carries is not a valid",
                 label = edit)
    expect_error(broken == ids, class = "zuid_error_layout", label = edit)
  }
  named_by_a_function <- unclass(id_layout("discord"))
  named_by_a_function$name <- sum
  expect_error(id_time("1", structure(named_by_a_function, class = "zuid_layout")), class = "zuid_error_layout",
               regexp = "its element `name` is not one string")
})

test_that("a layout survives saveRDS() and readRDS()", {
  path <- tempfile(fileext = ".rds")
  on.exit(unlink(path))
  layouts <- all_layouts()
  saveRDS(layouts, path)
  restored <- readRDS(path)
  expect_identical(restored, layouts)
  for (name in names(layouts)) {
    expect_identical(format(restored[[name]]), format(layouts[[name]]))
  }
  expect_identical(id_fields("0u2pf62ji4b9", restored$scru64), id_fields("109959589539758421", layouts$scru64))
})

test_that("SCRU64 text is a field of the layout, not a reading of its name", {
  scru64 <- id_layout("scru64", node_bits = 8)
  expect_identical(scru64$text, "scru64")
  expect_identical(id_layout("twitter")$text, "decimal")
  renamed <- scru64
  renamed$name <- "my ids"
  expect_identical(id_fields("0u2pf62ji4b9", renamed), id_fields("0u2pf62ji4b9", scru64))
  plain <- scru64
  plain$text <- "decimal"
  expect_warning(id_time("0u2pf62ji4b9", plain), class = "zuid_warning_invalid")
})
