# The dialect table: every engine described once, with every field.

fields <- c("aliases", "connections", "quote", "types", "type_of", "shift", "mask", "int32",
            "int_div", "text_bits", "length", "literal", "timestamp", "time_range", "to_ms",
            "to_text", "columns_of", "lease")

test_that("every dialect has every field, in the documented form", {
  dialects <- zuid:::sql_dialects
  expect_identical(names(dialects), c("postgres", "sqlite", "duckdb", "spark", "mysql", "clickhouse"))
  for (name in names(dialects)) {
    d <- dialects[[name]]
    expect_setequal(names(d), fields)
    expect_identical(d$aliases[[1L]], name)
    expect_identical(d$aliases, tolower(d$aliases), label = name)
    expect_true(is.character(d$connections) && length(d$connections) > 0L, label = name)
    expect_named(d$quote, c("quote", "reads", "backslash"))
    expect_true(d$quote$quote %in% d$quote$reads, label = name)
    expect_named(d$types, c("bigint", "int", "text"))
    expect_length(d$time_range, 2L)
    if (!is.null(d$lease)) {
      expect_named(d$lease, c("now_ms", "insert_new", "busy_timeout"))
      expect_true(is.character(d$lease$now_ms) && is.function(d$lease$insert_new), label = name)
    }
    for (f in setdiff(fields, c("aliases", "connections", "quote", "types", "time_range", "lease"))) {
      expect_true(is.function(d[[f]]) || (f == "type_of" && is.null(d[[f]])), label = paste(name, f))
    }
  }
})

test_that("names and connection classes point to one dialect each", {
  dialects <- zuid:::sql_dialects
  aliases <- unlist(lapply(dialects, `[[`, "aliases"))
  expect_identical(anyDuplicated(aliases), 0L)
  classes <- unlist(lapply(dialects, `[[`, "connections"))
  expect_identical(anyDuplicated(classes), 0L)
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
  expect_match(d$sqlite$text_bits("x", bounds), "- 18446744072) \\* 1000000000")
  expect_match(d$postgres$text_bits("x", bounds), "x AS DECIMAL\\(20, 0\\)\\) - 18446744073709551616")
})
