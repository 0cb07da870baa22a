# The dialect table: every engine described once, with every field.

fields <- c("aliases", "connections", "dbplyr", "quote", "types", "type_of", "type_names", "declared_type",
            "sign_unknown", "stored_as",
            "bits", "digits", "shift", "mask", "int32", "int_div", "length", "literal", "timestamp",
            "time_range", "to_ms", "to_text", "columns_of", "lease")
kinds <- c("integer", "unsigned", "decimal", "text")

test_that("every dialect has every field, in the documented form", {
  dialects <- zuid:::sql_dialects
  expect_identical(names(dialects), c("postgres", "sqlite", "duckdb", "spark", "mysql", "clickhouse"))
  for (name in names(dialects)) {
    d <- dialects[[name]]
    expect_setequal(names(d), c(fields, "generator"))
    expect_identical(d$aliases[[1L]], name)
    expect_identical(d$aliases, tolower(d$aliases), label = name)
    expect_true(is.character(d$connections) && length(d$connections) > 0L, label = name)
    expect_true(is.character(d$dbplyr) && length(d$dbplyr) > 0L, label = name)
    expect_named(d$quote, c("quote", "reads", "backslash", "driver"))
    expect_true(d$quote$quote %in% d$quote$reads, label = name)
    expect_named(d$types, c(kinds, "int"))
    # Every engine has signed integers and text; each kind it has has its
    # bits and its type names.
    has <- kinds[!is.na(d$types[kinds])]
    expect_true(all(c("integer", "text") %in% has), label = name)
    expect_setequal(names(d$bits), has)
    expect_true(all(vapply(d$bits, is.function, logical(1))), label = name)
    expect_setequal(names(d$type_names), has)
    expect_true(isTRUE(d$sign_unknown) || isFALSE(d$sign_unknown), label = name)
    expect_length(d$time_range, 2L)
    if (!is.null(d$lease)) {
      expect_named(d$lease, c("now_ms", "text", "greatest", "outside", "insert_new", "upsert_max", "busy_timeout"))
      expect_true(is.character(d$lease$now_ms) && is.function(d$lease$insert_new), label = name)
      expect_true(is.function(d$lease$upsert_max), label = name)
      for (format in c("text", "greatest", "outside")) {
        expect_true(is.null(d$lease[[format]]) || is.character(d$lease[[format]]), label = paste(name, format))
      }
    }
    plain <- c("aliases", "connections", "dbplyr", "quote", "types", "type_names", "sign_unknown", "bits",
               "time_range", "lease")
    for (f in setdiff(fields, plain)) {
      optional <- f %in% c("type_of", "declared_type", "stored_as")
      expect_true(is.function(d[[f]]) || (optional && is.null(d[[f]])), label = paste(name, f))
    }
  }
})

test_that("names and connection classes point to one dialect each", {
  dialects <- zuid:::sql_dialects
  aliases <- unlist(lapply(dialects, `[[`, "aliases"))
  expect_identical(anyDuplicated(aliases), 0L)
  classes <- unlist(lapply(dialects, `[[`, "connections"))
  expect_identical(anyDuplicated(classes), 0L)
  dbplyr_names <- unlist(lapply(dialects, `[[`, "dbplyr"))
  expect_identical(anyDuplicated(dbplyr_names), 0L)
  # The engines refused are none of these.
  refused <- zuid:::refused_engines
  expect_length(intersect(unlist(lapply(refused, `[[`, "aliases")), aliases), 0L)
  expect_length(intersect(unlist(lapply(refused, `[[`, "connections")), classes), 0L)
  expect_length(intersect(unlist(lapply(refused, `[[`, "dbplyr")), dbplyr_names), 0L)
})

test_that("the functions' default dialects are the table's, first the default", {
  for (f in list(id_sql, id_sql_range)) {
    expect_identical(eval(formals(f)$dialect), names(zuid:::sql_dialects))
  }
})

test_that("the builders write what the table says, with the core's numbers", {
  d <- zuid:::sql_dialects
  expect_identical(d$spark$shift("x", 3L), "shiftright(x, 3)")
  expect_identical(d$mysql$mask("x", "31"), "CAST((x & 31) AS SIGNED)")
  expect_identical(d$clickhouse$timestamp("ms", d$clickhouse$time_range),
                   paste("if(ms >= -2208988800000 AND ms < 10413792000000,",
                         "fromUnixTimestamp64Milli(toInt64(ms), 'UTC'), NULL)"))
  bounds <- zuid:::core_facts("bounds")
  expect_match(d$sqlite$bits$text("x", bounds), "- 18446744072) \\* 1000000000")
  expect_match(d$postgres$bits$text("x", bounds), "x AS DECIMAL\\(20, 0\\)\\) - 18446744073709551616")
  expect_identical(d$mysql$bits$unsigned("x", bounds), "CAST(x AS SIGNED)")
  expect_identical(d$duckdb$literal("5", "unsigned"), "CAST(5 AS UBIGINT)")
  expect_identical(d$duckdb$literal("5", "integer"), "5")
})

test_that("the halves of 2^63 and 2^64 that SQLite's text conversion uses are the core's", {
  bounds <- zuid:::core_facts("bounds")
  i64 <- bit64::as.integer64
  expect_identical(bounds$max_unsigned, unsigned_decimal(i64(-1)))
  half <- bounds$signed_end_split
  expect_identical(i64(half$high) * 1000000000L + (i64(half$low) - 1L), i64(bounds$max_signed))
  expect_lt(as.numeric(half$low), 1e9)
  end <- bounds$unsigned_end_split
  expect_identical(paste0(i64(end$high) + 1L, sprintf("%09.0f", as.numeric(end$low) - 1e9)), bounds$unsigned_end)
})
