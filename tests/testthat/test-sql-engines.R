# id_sql(), id_sql_range() and the verbs run by six real engines: thousands
# of IDs per layout (half of them 2^63 or more where the layout has no sign
# bit) stored in every kind of ID column the engine has (a signed bigint,
# an unsigned one, a decimal, decimal text), decoded and selected by the
# engine, compared row for row with id_fields() and with ranges computed by
# bit64 arithmetic.

check_sql <- function(engine) {
  skip_unless_engine(engine)
  cases <- engine_cases()
  results <- run_engine(engine, list(ids_table(cases, engine)), sql_statements(cases, engine))
  for (name in names(cases$layouts)) {
    layout <- cases$layouts[[name]]
    rows <- layout_rows(cases, name)
    for (column in kind_columns[engine_kinds(engine)]) {
      what <- sprintf("%s %s on %s", name, column, engine)
      expect_decoded(results[[paste("decode", column, name)]], rows, layout, engine, what)
      for (r in names(cases$ranges[[name]])) {
        expect_selected(range_rows(results[[paste("ranges", column, name)]], r), rows, layout,
                        cases$ranges[[name]][[r]], paste(what, r))
      }
    }
  }
}

test_that("SQLite decodes and selects exactly as zuid does", {
  check_sql("sqlite")
})
test_that("PostgreSQL decodes and selects exactly as zuid does", {
  check_sql("postgres")
})
test_that("DuckDB decodes and selects exactly as zuid does", {
  check_sql("duckdb")
})
test_that("Spark SQL decodes and selects exactly as zuid does", {
  check_sql("spark")
})
test_that("MySQL/MariaDB decodes and selects exactly as zuid does", {
  check_sql("mysql")
})
test_that("ClickHouse decodes and selects exactly as zuid does", {
  check_sql("clickhouse")
})

# The verbs ---------------------------------------------------------------------

# The forms an ID column takes in a pipeline before the verbs: the column
# itself, and the column renamed, selected under a new name, copied by
# mutate(), or the result of an aggregate (one group per row), each named
# `x_id`. The verbs must find it in each; every form keeps `n`.
alias_forms <- list(
  plain = function(lazy, column) list(lazy = lazy, column = column),
  rename = function(lazy, column) {
    list(lazy = dplyr::rename(lazy, x_id = !!column), column = "x_id")
  },
  select = function(lazy, column) {
    list(lazy = dplyr::select(lazy, n, x_id = !!column), column = "x_id")
  },
  mutate = function(lazy, column) {
    list(lazy = dplyr::mutate(lazy, x_id = !!as.name(column)), column = "x_id")
  },
  summarise = function(lazy, column) {
    grouped <- dplyr::group_by(lazy, n)
    list(lazy = dplyr::summarise(grouped, x_id = max(!!as.name(column), na.rm = TRUE)), column = "x_id")
  }
)

# The form for a layout's k-th kind of column, so that every engine meets
# every form.
alias_form <- function(cases, name, kind_index) {
  k <- match(name, names(cases$layouts)) + kind_index
  alias_forms[[k %% length(alias_forms) + 1L]]
}

# The verbs on a lazy table of one layout's rows, with the ID column in
# one of its forms: id_add_fields(), and id_filter_time() for each range.
verb_tables <- function(lazy, cases, name, column, form) {
  layout <- cases$layouts[[name]]
  rows <- form(dplyr::filter(lazy, layout == !!name), column)
  filters <- lapply(cases$ranges[[name]], function(range) {
    id_filter_time(rows$lazy, !!rows$column, from = range$from, to = range$to, layout = layout)
  })
  list(fields = id_add_fields(rows$lazy, !!rows$column, layout), filters = filters)
}

# DBI engines: dbplyr lazy tables on a live connection, collected.
check_verbs_dbi <- function(engine) {
  skip_unless_engine(engine)
  skip_if_not_installed("dbplyr")
  cases <- engine_cases()
  con <- engine_connect(engine)
  on.exit(DBI::dbDisconnect(con))
  for (sql in table_statements(ids_table(cases, engine), engine, tempdir())) DBI::dbExecute(con, sql)
  ids <- quietly_dbplyr(dplyr::tbl(con, "ids"))
  kinds <- engine_kinds(engine)
  for (name in names(cases$layouts)) {
    rows <- layout_rows(cases, name)
    for (k in seq_along(kinds)) {
      column <- kind_columns[[kinds[[k]]]]
      form <- alias_form(cases, name, k)
      what <- sprintf("%s %s on %s through dbplyr", name, column, engine)
      verbs <- quietly_dbplyr(verb_tables(ids, cases, name, column, form))
      got <- as.data.frame(quietly_dbplyr(dplyr::collect(verbs$fields)))
      got$time <- collected_ms(got$time)
      got$n <- as.character(got$n)
      expect_decoded(got, rows, cases$layouts[[name]], engine, what, driver_time_range(engine))
      for (r in names(verbs$filters)) {
        got <- quietly_dbplyr(dplyr::collect(dplyr::select(dplyr::ungroup(verbs$filters[[r]]), "n")))
        expect_selected(data.frame(n = as.character(got$n)), rows, cases$layouts[[name]],
                        cases$ranges[[name]][[r]], paste(what, r))
      }
    }
  }
}

# The programs: the verbs' SQL, rendered by dbplyr, run by the engine.
check_verbs_program <- function(engine) {
  skip_unless_engine(engine)
  skip_if_not_installed("dbplyr")
  cases <- engine_cases()
  table <- ids_table(cases, engine)
  q <- function(x) quote_name(x, engine)
  kinds <- engine_kinds(engine)
  statements <- list()
  for (name in names(cases$layouts)) {
    layout <- cases$layouts[[name]]
    for (k in seq_along(kinds)) {
      column <- kind_columns[[kinds[[k]]]]
      lazy <- stub_table(engine, table, table$types[[column]])
      verbs <- verb_tables(lazy, cases, name, column, alias_form(cases, name, k))
      added <- c("time", names(layout$bits)[layout$kinds == "node"], "sequence")
      columns <- stats::setNames(as.list(q(added)), added)
      statements[[paste("fields", column, name)]] <- query(
        decode_select(columns, engine, sprintf("(%s) AS q", render_sql(verbs$fields))))
      selects <- vapply(names(verbs$filters), function(r) {
        sprintf("SELECT '%s' AS r, %s AS n FROM (%s) AS q", r, q("n"), render_sql(verbs$filters[[r]]))
      }, character(1))
      statements[[paste("filters", column, name)]] <- query(union_all(selects))
    }
  }
  results <- run_engine(engine, list(table), statements)
  for (name in names(cases$layouts)) {
    rows <- layout_rows(cases, name)
    for (column in kind_columns[kinds]) {
      what <- sprintf("%s %s on %s through dbplyr's SQL", name, column, engine)
      expect_decoded(results[[paste("fields", column, name)]], rows, cases$layouts[[name]], engine, what)
      for (r in names(cases$ranges[[name]])) {
        expect_selected(range_rows(results[[paste("filters", column, name)]], r), rows,
                        cases$layouts[[name]], cases$ranges[[name]][[r]], paste(what, r))
      }
    }
  }
}

test_that("the verbs work on SQLite tables through dbplyr", {
  check_verbs_dbi("sqlite")
})
test_that("the verbs work on PostgreSQL tables through dbplyr", {
  check_verbs_dbi("postgres")
})
test_that("the verbs work on MySQL/MariaDB tables through dbplyr", {
  check_verbs_dbi("mysql")
})
test_that("the verbs work on MariaDB tables through RMariaDB and dbplyr", {
  check_verbs_dbi("mariadb")
})
test_that("the verbs' SQL works on DuckDB", {
  check_verbs_program("duckdb")
})
test_that("the verbs' SQL works on Spark SQL", {
  check_verbs_program("spark")
})
test_that("the verbs' SQL works on ClickHouse", {
  check_verbs_program("clickhouse")
})

# Hostile column names ------------------------------------------------------------

# Names that would change a statement if pasted into it: quotes of every
# kind, a statement separator, a tautology, comment markers, backslashes
# (an escape inside ClickHouse's quotes), and non-ASCII text (MySQL takes
# no characters beyond Unicode's first plane in names).
hostile_names <- function(engine) {
  names <- c("id\"; DROP TABLE hostile; --", "id' OR '1'='1", "id OR 1=1", "id -- comment",
             "id`) OR (1=1", "id\\", "id\\` OR 1=1 --", "/* id */", "\u00efd \u5217")
  if (!identical(engines[[engine]]$astral_names, FALSE)) names <- c(names, "\U0001f194")
  names
}

hostile_table <- function(engine, ids) {
  names <- hostile_names(engine)
  data <- c(list(n = as.character(seq_along(ids))),
            stats::setNames(rep(list(as.character(ids)), length(names)), names))
  engine_table("hostile", c(n = "int", stats::setNames(rep("integer", length(names)), names)),
               as.data.frame(data, check.names = FALSE))
}

# One disjoint hour of the IDs' span per name, so that each DELETE removes
# rows of its own.
hostile_ranges <- function(names, start) {
  lapply(seq_along(names), function(k) list(from = start + (k - 1) * 3600, to = start + k * 3600))
}

deletes <- function(engine) !identical(engines[[engine]]$deletes, FALSE)

# For each name: the rows its range selects, its decoded sequence, and,
# where the engine deletes (Spark's views do not), a DELETE of its range
# followed by the rows that are left.
hostile_statements <- function(engine, dialect, layout, ranges) {
  names <- hostile_names(engine)
  statements <- list(columns = query(dialect_of(engine)$columns_of("hostile")))
  for (k in seq_along(names)) {
    cond <- id_sql_range(ranges[[k]]$from, ranges[[k]]$to, layout, column = names[[k]], dialect = dialect)
    sql <- id_sql(layout, column = names[[k]], dialect = dialect)
    statements[[paste("select", k)]] <- query(sprintf("SELECT n FROM hostile WHERE %s", cond))
    statements[[paste("fields", k)]] <- query(sprintf("SELECT n, %s AS s FROM hostile", sql[["sequence"]]))
    if (deletes(engine)) {
      statements[[paste("delete", k)]] <- execute(sprintf("DELETE FROM hostile WHERE %s", cond))
      statements[[paste("left", k)]] <- query("SELECT n FROM hostile")
    }
  }
  statements
}

check_hostile <- function(engine, through_connection = FALSE) {
  skip_unless_engine(engine)
  layout <- id_layout("discord")
  start <- as.POSIXct("2024-03-05", tz = "UTC")
  names <- hostile_names(engine)
  ids <- id_compose(start + stats::runif(300, 0, 3600 * length(names)), layout,
                    sequence = sample.int(4096, 300, replace = TRUE) - 1L, as = "integer64")
  ranges <- hostile_ranges(names, start)
  dialect <- if (through_connection) engine_connect(engine) else engine_dialect(engine)
  if (through_connection) on.exit(DBI::dbDisconnect(dialect))
  statements <- hostile_statements(engine, dialect, layout, ranges)
  results <- run_engine(engine, list(hostile_table(engine, ids)), statements)
  expect_identical(enc2utf8(results$columns[[1L]]), enc2utf8(c("n", names)))
  expected_seq <- id_fields(ids, layout)$sequence
  left <- seq_along(ids)
  for (k in seq_along(names)) {
    inside <- expected_in_range(ids, layout, ranges[[k]]$from, ranges[[k]]$to)
    expect_gt(sum(inside), 0)
    # Earlier DELETEs removed the rows of earlier ranges.
    expect_setequal(as.integer(results[[paste("select", k)]]$n), intersect(which(inside), left))
    fields <- results[[paste("fields", k)]]
    expect_identical(as.integer(fields$s[order(as.integer(fields$n))]), expected_seq[sort(left)])
    if (deletes(engine)) {
      left <- setdiff(left, which(inside))
      expect_setequal(as.integer(results[[paste("left", k)]]$n), left)
    }
  }
}

for (engine in engine_names) {
  local({
    engine <- engine
    test_that(sprintf("hostile column names cannot change statements on %s", engine), {
      check_hostile(engine)
    })
  })
}
for (engine in dbi_engines) {
  local({
    engine <- engine
    test_that(sprintf("hostile names quoted by the %s driver cannot change statements", engine), {
      check_hostile(engine, through_connection = TRUE)
    })
  })
}

test_that("pasted unquoted, a hostile name does change the statement (SQLite)", {
  # The control for the tests above: the same DELETE with the name pasted
  # in as zuid 0.1 did empties the table instead of removing one hour.
  skip_unless_engine("sqlite")
  con <- engine_connect("sqlite")
  on.exit(DBI::dbDisconnect(con))
  DBI::dbExecute(con, "CREATE TABLE hostile (n INTEGER, id INTEGER)")
  ids <- id_compose(as.POSIXct("2024-03-05", tz = "UTC") + 0:9 * 3600, "discord")
  DBI::dbExecute(con, sprintf("INSERT INTO hostile VALUES %s", paste0("(", 1:10, ", ", ids, ")", collapse = ", ")))
  cond <- id_sql_range(as.POSIXct("2024-03-05", tz = "UTC"), as.POSIXct("2024-03-05 01:00", tz = "UTC"),
                       "discord", column = "id", dialect = "sqlite")
  pasted <- gsub("`id`", "id OR 1=1", cond, fixed = TRUE)
  expect_identical(DBI::dbExecute(con, paste("DELETE FROM hostile WHERE", pasted)), 10L)
})

# The verbs on a table of hostile column names, through dbplyr: the type
# query and the SQL that dbplyr wraps around zuid's both quote them.
check_hostile_verbs <- function(engine) {
  skip_unless_engine(engine)
  skip_if_not_installed("dbplyr")
  layout <- id_layout("twitter")
  start <- as.POSIXct("2024-03-05", tz = "UTC")
  ids <- id_compose(start + 0:99 * 60, layout, as = "integer64")
  con <- engine_connect(engine)
  on.exit(DBI::dbDisconnect(con))
  for (sql in table_statements(hostile_table(engine, ids), engine, tempdir())) DBI::dbExecute(con, sql)
  tbl <- quietly_dbplyr(dplyr::tbl(con, "hostile"))
  for (name in hostile_names(engine)) {
    kept <- quietly_dbplyr(dplyr::collect(id_filter_time(tbl, !!name, start + 600, start + 1200, layout)))
    expect_setequal(as.integer(kept$n), 11:20)
    added <- quietly_dbplyr(dplyr::collect(id_add_fields(tbl, !!name, layout)))
    expect_identical(collected_ms(added$time[order(added$n)]), time_ms(start + 0:99 * 60))
  }
}

for (engine in dbi_engines) {
  local({
    engine <- engine
    test_that(sprintf("the verbs take hostile column names on %s tables through dbplyr", engine), {
      check_hostile_verbs(engine)
    })
  })
}

# Values that are not IDs ------------------------------------------------------------

# Text that R reads as no ID is NULL in every engine (SQLite and MySQL read
# 'junk' as 0 and MySQL '-1' as 2^64 - 1 when cast); so are decimals that
# are negative or above 2^64 - 1. R also reads an ID with white space
# around it, and rtweet's `x` prefix and pandas' `.0`, which SQL does not
# (as documented), and programs read an empty CSV field as NULL: those two
# only through DBI.
junk_texts <- function(engine) {
  texts <- c("175928847299117063", "18446744073709551615", "0", "05", "junk", "-1", "+5", "18446744073709551616",
             "1e5", "5.0", "x5", "5.5", "0x10", "\u0663", "99999999999999999999999", "12a", NA)
  if (engine %in% dbi_engines) c(texts, "", " 5") else texts
}
junk_decimals <- c("5", "-5", "99999999999999999999", "18446744073709551615", NA)

check_junk <- function(engine) {
  skip_unless_engine(engine)
  texts <- junk_texts(engine)
  has_decimal <- "decimal" %in% engine_kinds(engine)
  n <- max(length(texts), length(junk_decimals))
  data <- data.frame(n = as.character(seq_len(n)), t = c(texts, rep(NA, n - length(texts))))
  types <- c(n = "int", t = "text")
  if (has_decimal) {
    data$d <- c(junk_decimals, rep(NA, n - length(junk_decimals)))
    types <- c(types, d = "decimal")
  }
  q <- function(x) quote_name(x, engine)
  decode <- function(column, kind) {
    sql <- id_sql("discord", column = column, dialect = engine_dialect(engine), type = kind)
    query(sprintf("SELECT %s AS n, %s AS time, %s AS s FROM junk", q("n"), sql_millis(sql[["time"]], engine),
                  sql[["sequence"]]))
  }
  statements <- list(text = decode("t", "text"), all = query(sprintf(
    "SELECT %s AS n FROM junk WHERE %s", q("n"), id_sql_range(NULL, NULL, "discord", column = "t",
                                                               dialect = engine_dialect(engine),
                                                               type = "text"))))
  if (has_decimal) statements$decimal <- decode("d", "decimal")
  results <- run_engine(engine, list(engine_table("junk", types, data)), statements)
  got <- rows_by_n(results$text, data$n)[seq_along(texts), ]
  # ("1e5" is scientific text: decoding also says the column looks rounded.)
  quiet <- c("zuid_warning_invalid", "zuid_warning_rounded")
  expected <- suppressWarnings(id_fields(texts, "discord"), classes = quiet)
  spaced <- !is.na(texts) & (grepl(" ", texts, fixed = TRUE) | texts %in% c("5.0", "x5"))
  expected$sequence[spaced] <- NA
  expect_identical(as.numeric(got$s), as.numeric(expected$sequence), label = paste(engine, "text"))
  ms <- suppressWarnings(id_time(texts, "discord", as = "ms"), classes = quiet)
  ms[spaced] <- NA
  expect_identical(as.numeric(got$time), ms, label = paste(engine, "text time"))
  expect_setequal(as.integer(results$all$n), which(!is.na(expected$sequence)))
  if (has_decimal) {
    got <- rows_by_n(results$decimal, data$n)[seq_along(junk_decimals), ]
    expect_identical(as.numeric(got$s), c(5, NA, NA, 4095, NA), label = paste(engine, "decimal"))
  }
}

for (engine in engine_names) {
  local({
    engine <- engine
    test_that(sprintf("text and decimals that are not IDs decode to NULL on %s", engine), {
      check_junk(engine)
    })
  })
}
