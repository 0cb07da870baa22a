# id_sql() and id_sql_range() for 128-bit layouts: the SQL they write, and
# six engines decoding and selecting IDs minted by zuid and random ones,
# compared with id_time() and with ranges computed in R.

test_that("id_sql() gives a wide layout's time alone, NULL for text not of the layout", {
  sql <- id_sql("uuidv7", dialect = "duckdb")
  expect_named(sql, "time")
  expect_match(text_of(sql[["time"]]), "^CASE WHEN regexp_full_match\\(CAST\\(\"id\" AS VARCHAR\\), '\\^")
  expect_match(text_of(sql[["time"]]), "-7\\[0-9a-f\\]", fixed = FALSE)
  # UUIDs default to the engine's UUID type, read through its text; text
  # columns are read in either case.
  expect_match(text_of(id_sql("uuidv6", dialect = "postgres")$time), "CAST(\"id\" AS TEXT)", fixed = TRUE)
  expect_match(text_of(id_sql("uuidv6", dialect = "postgres", type = "text")$time), "LOWER(\"id\")",
               fixed = TRUE)
  expect_match(text_of(id_sql("ulid", column = c("m", "id"), dialect = "mysql")$time), "UPPER(`m`.`id`)",
               fixed = TRUE)
  # Engines without a UUID type read UUIDs as text.
  expect_match(text_of(id_sql("uuidv7", dialect = "sqlite")$time), "LOWER(`id`) GLOB", fixed = TRUE)
  expect_identical(id_sql("uuidv7", dialect = "spark"), id_sql("uuidv7", dialect = "spark", type = "text"))
})

test_that("id_sql_range() compares the column with id_from_time()'s bounds", {
  t <- as.POSIXct("2024-03-05 10:00:00.1234", tz = "UTC")
  low <- id_from_time(t, "uuidv7", as = "character")
  high <- id_from_time(t + 3600, "uuidv7", as = "character")
  expect_identical(text_of(id_sql_range(t, t + 3600, "uuidv7")),
                   sprintf("\"id\" >= CAST('%s' AS UUID) AND \"id\" < CAST('%s' AS UUID)", low, high))
  expect_identical(text_of(id_sql_range(t, NULL, "uuidv7", dialect = "sqlite")), sprintf("`id` >= '%s'", low))
  # ClickHouse sorts UUIDs by their second half: their text is compared.
  expect_identical(text_of(id_sql_range(NULL, t, "uuidv7", dialect = "clickhouse")),
                   sprintf("toString(`id`) < '%s'", low))
  # ULIDs as canonical (uppercase) text.
  expect_identical(text_of(id_sql_range(t, t + 1, "ulid", dialect = "duckdb")),
                   sprintf("\"id\" >= '%s' AND \"id\" < '%s'", id_from_time(t, "ulid", as = "character"),
                           id_from_time(t + 1, "ulid", as = "character")))
  # SCRU128 has no time in SQL, but its lowercase text sorts by time.
  expect_identical(text_of(id_sql_range(t, NULL, "scru128", dialect = "mysql")),
                   sprintf("`id` >= '%s'", id_from_time(t, "scru128", as = "character")))
  # ULIDs in a UUID column: the same bounds spelled as UUIDs.
  expect_identical(text_of(id_sql_range(t, NULL, "ulid", type = "uuid")), sprintf(
    "\"id\" >= CAST('%s' AS UUID)", id_to_text(id_from_time(t, "ulid"), "uuid")))
  # The sub-millisecond bits are time when the layout says so.
  fraction <- id_layout("uuidv7", sub_ms = "fraction")
  expect_match(text_of(id_sql_range(t, NULL, fraction)), id_from_time(t, fraction, as = "character"),
               fixed = TRUE)
  # Whole-second formats begin at the first second at or after `from`.
  expect_identical(text_of(id_sql_range(t, NULL, "objectid", type = "text")),
                   sprintf("\"id\" >= '%s'", id_from_time(t + 1 - 0.1234, "objectid", as = "character")))
  # Open, infinite and out-of-range ends.
  inf <- as.POSIXct(Inf, origin = "1970-01-01", tz = "UTC")
  expect_identical(text_of(id_sql_range(NULL, NULL, "uuidv7")), "\"id\" IS NOT NULL")
  expect_identical(text_of(id_sql_range(inf, NULL, "uuidv7")), "1 = 0")
  expect_identical(text_of(id_sql_range(as.Date("1960-01-01"), t, "ulid")), sprintf("\"id\" < '%s'",
                   id_from_time(t, "ulid", as = "character")))
  expect_identical(text_of(id_sql_range(NULL, as.Date("1960-01-01"), "uuidv7")), "1 = 0")
})

test_that("layouts without SQL and kinds a layout or engine has not are refused", {
  expect_snapshot(error = TRUE, {
    id_sql("ksuid")
    id_sql_range(NULL, NULL, "ksuid", dialect = "sqlite")
    id_sql("scru128")
    id_sql_range(NULL, NULL, "typeid")
    id_sql("objectid", type = "uuid")
    id_sql("ulid", dialect = "mariadb", type = "uuid")
    id_sql("uuidv7", dialect = "spark", type = "uuid")
    id_sql("uuidv7", type = "integer")
    id_sql_range(NULL, NULL, "uuidv1")
    id_sql_range(as.Date("2024-01-01"), NULL, "uuid")
  })
  expect_error(id_sql("ksuid", dialect = "duckdb"), class = "zuid_error_layout")
  expect_error(id_sql_range(NULL, NULL, "uuidv1"), class = "zuid_error")
  # uuidv1 and uuid still decode.
  expect_named(id_sql("uuidv1"), "time")
  expect_named(id_sql("uuid", dialect = "clickhouse"), "time")
  # TypeIDs have a time but no range.
  expect_match(text_of(id_sql("typeid", dialect = "sqlite")$time), "BETWEEN 28 AND 90", fixed = TRUE)
})

# Live engines ------------------------------------------------------------------

# Hex digits of the chosen places as an exact integer64 (at most 15 digits,
# in chunks of 5).
hex_value <- function(x, places) {
  digits <- vapply(x, function(s) paste(substring(s, places, places), collapse = ""), "", USE.NAMES = FALSE)
  n <- length(places)
  out <- bit64::as.integer64(rep(0, length(x)))
  for (start in seq(1L, n, by = 5L)) {
    chunk <- substring(digits, start, min(start + 4L, n))
    out <- out * bit64::as.integer64(16^nchar(chunk)) + bit64::as.integer64(strtoi(chunk, 16L))
  }
  out
}

crockford_value <- function(x, n, alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ") {
  out <- bit64::as.integer64(rep(0, length(x)))
  for (i in seq_len(n)) {
    digit <- match(substring(x, i, i), strsplit(alphabet, "")[[1L]]) - 1L
    out <- out * 32L + bit64::as.integer64(digit)
  }
  out
}

# The microseconds since 1970 of valid IDs, floored, read from their text
# apart from zuid and from the SQL.
expected_us <- function(x, layout) {
  lower <- tolower(x)
  i64 <- bit64::as.integer64
  gregorian <- function(places) hex_value(lower, places) %/% i64(10) - i64("12219292800000000")
  v7 <- function(sub_ms) {
    ms <- hex_value(lower, c(1:8, 10:13))
    r <- hex_value(lower, 16:18)
    switch(sub_ms, none = ms * 1000L, fraction = ms * 1000L + (r * 1000L) %/% i64(4096),
           `256ns` = ms * 1000L + (r * 256L) %/% i64(1000))
  }
  us <- switch(layout$name,
    uuidv7 = v7(layout$sub_ms),
    uuidv6 = gregorian(c(1:8, 10:13, 16:18)),
    uuidv1 = gregorian(c(16:18, 10:13, 1:8)),
    uuid = {
      v <- substring(lower, 15, 15)
      out <- gregorian(c(16:18, 10:13, 1:8))
      out[which(v == "6")] <- gregorian(c(1:8, 10:13, 16:18))[which(v == "6")]
      out[which(v == "7")] <- v7("none")[which(v == "7")]
      out
    },
    ulid = crockford_value(toupper(x), 10L) * 1000L,
    objectid = hex_value(lower, 1:8) * 1000000L,
    xid = crockford_value(x, 7L, "0123456789abcdefghijklmnopqrstuv") %/% i64(8) * 1000000L,
    typeid = crockford_value(substring(x, nchar(x) - 25L), 10L, "0123456789abcdefghjkmnpqrstvwxyz") * 1000L
  )
  # IDs with no time ("uuid" of versions other than 1, 6 and 7) too.
  us[is.na(suppressWarnings(id_time(x, layout, as = "ms")))] <- NA
  us
}

floor_div <- function(x, d) {
  q <- x %/% bit64::as.integer64(d)
  behind <- which(x - q * bit64::as.integer64(d) < 0)
  q[behind] <- q[behind] - 1L
  q
}

random_hex <- function(n, k) {
  vapply(seq_len(n), function(i) paste(sample(c(0:9, letters[1:6]), k, replace = TRUE), collapse = ""), "")
}

# TypeIDs with and without prefixes, and text that is no TypeID: a prefix
# of 64 letters, one ending or starting with `_`, with a capital, an
# uppercase suffix, no `_` before the suffix.
typeid_cases <- function(n) {
  suffixes <- id_from_time(random_times(n), "typeid", as = "character")
  minted <- as.character(id_next(id_generator("typeid", prefix = "user"), n))
  prefixed <- paste0(sample(c("a", "ab_c", strrep("q", 63)), n, replace = TRUE), "_", suffixes)
  bad <- paste0(c(strrep("q", 64), "a_", "_a", "User", "user", "user"), c("_", "_", "_", "_", "_", ""),
                c(suffixes[1:4], toupper(suffixes[5]), suffixes[6]))
  c(minted, suffixes, prefixed, bad)
}

random_xids <- function(n) {
  digits <- c(0:9, letters[1:22])
  vapply(seq_len(n), function(i) {
    paste0(paste(sample(digits, 19, replace = TRUE), collapse = ""), sample(c("0", "g"), 1))
  }, "")
}

random_uuids <- function(n, version) {
  h <- random_hex(n, 32L)
  variant <- sample(c("8", "9", "a", "b"), n, replace = TRUE)
  sprintf("%s-%s-%s%s-%s%s-%s", substr(h, 1, 8), substr(h, 9, 12), version, substr(h, 14, 16), variant,
          substr(h, 18, 20), substr(h, 21, 32))
}

random_times <- function(n) at(stats::runif(n, 946684800, 4102444800))

# IDs per case: minted by zuid's generators, bounds of random times, random
# text of the format (times far from today included), other versions and
# other text (no ID of the layout), the same IDs in upper case, and NULLs.
wide_engine_cases <- local({
  cases <- NULL
  function() {
    if (!is.null(cases)) return(cases)
    set.seed(37)
    n <- 300
    bounds <- function(layout) {
      t <- random_times(n)
      c(id_from_time(t, layout, as = "character"), id_from_time(t, layout, side = "max", as = "character"))
    }
    v7 <- function(sub_ms) id_layout("uuidv7", sub_ms = sub_ms)
    crock <- strsplit("0123456789ABCDEFGHJKMNPQRSTVWXYZ", "")[[1L]]
    random_ulids <- vapply(seq_len(n), function(i) {
      paste0(sample(crock[1:8], 1), paste(sample(crock, 25, replace = TRUE), collapse = ""))
    }, "")
    others <- c("not an id", "", random_uuids(3, "4"), "00000000-0000-0000-0000-000000000000")
    made <- list(
      uuidv7 = list(layout = v7("none"), ids = c(as.character(id_next(id_generator("uuidv7"), n)),
                                                  bounds(v7("none")), random_uuids(n, "7"))),
      uuidv7_fraction = list(layout = v7("fraction"), ids = c(bounds(v7("fraction")), random_uuids(n, "7"))),
      uuidv7_256ns = list(layout = v7("256ns"), ids = c(bounds(v7("256ns")), random_uuids(n, "7"))),
      uuidv6 = list(layout = id_layout("uuidv6"), ids = c(bounds(id_layout("uuidv6")), random_uuids(n, "6"))),
      uuidv1 = list(layout = id_layout("uuidv1"), ids = random_uuids(n, "1")),
      uuid = list(layout = id_layout("uuid"), ids = c(random_uuids(n, "1"), random_uuids(n, "6"),
                                                      random_uuids(n, "7"))),
      ulid = list(layout = id_layout("ulid"),
                  ids = c(as.character(id_next(id_generator("ulid"), n)), bounds(id_layout("ulid")), random_ulids,
                          "8ZZZZZZZZZZZZZZZZZZZZZZZZZ", "01HR70WHBV000000000000000U")),
      objectid = list(layout = id_layout("objectid"), ids = c(bounds(id_layout("objectid")), random_hex(n, 24L))),
      xid = list(layout = id_layout("xid"), ids = c(bounds(id_layout("xid")), random_xids(n))),
      typeid = list(layout = id_layout("typeid"), ids = typeid_cases(n)),
      scru128 = list(layout = id_layout("scru128"),
                     ids = c(as.character(id_next(id_generator("scru128"), n)), bounds(id_layout("scru128"))))
    )
    cases <<- lapply(made, function(case) {
      upper <- sample(case$ids, 20)
      case$ids <- c(case$ids, others, if (case$layout$name == "ulid") tolower(upper) else toupper(upper), NA)
      case$ranges <- if (case$layout$name %in% c("uuidv1", "uuid", "typeid")) list() else wide_ranges(case$layout)
      case
    })
    cases
  }
})

wide_ranges <- function(layout) {
  t <- sort(random_times(2))
  list(between = list(from = t[[1L]], to = t[[2L]]), open_from = list(from = NULL, to = t[[2L]]),
       open_to = list(from = t[[1L]], to = NULL))
}

# The IDs as a UUID column holds them: UUIDs, and ULIDs spelled as UUIDs.
uuid_column <- function(x, layout) {
  if (layout$name == "ulid") {
    valid <- which(suppressWarnings(id_is_valid(x, layout)))
    out <- rep(NA_character_, length(x))
    out[valid] <- id_to_text(x[valid], "uuid")
    return(out)
  }
  if (layout$text == "uuid") ifelse(is_uuid_text(x), x, NA) else rep(NA_character_, length(x))
}

is_uuid_text <- function(x) !is.na(x) & grepl("^[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}$", x)

# Whether each ID may be in a range condition's rows: canonical text of a
# valid ID of the layout (the condition assumes a column of those).
in_canonical_form <- function(x, layout) {
  canonical <- if (layout$name == "ulid") x == toupper(x) else x == tolower(x)
  !is.na(x) & canonical & suppressWarnings(id_is_valid(x, layout))
}

wide_table <- function(cases, engine) {
  has_uuid <- !is.na(engine_type("uuid", engine))
  any_bits <- zuid:::wide_dialect(engine_dialect(engine))$uuid_any
  data <- do.call(rbind, lapply(names(cases), function(name) {
    x <- cases[[name]]$ids
    ok <- in_canonical_form(x, cases[[name]]$layout)
    uuid <- if (cases[[name]]$layout$name == "ulid" && !any_bits) NA_character_ else
      uuid_column(x, cases[[name]]$layout)
    data.frame(layout = name, ok = as.character(as.integer(ok)), t = x, u = uuid)
  }))
  data <- cbind(data[1L], n = as.character(seq_len(nrow(data))), data[-1L])
  types <- c(layout = "text", n = "int", ok = "int", t = "long_text", u = "uuid")
  if (!has_uuid) {
    data$u <- NULL
    types <- types[-5L]
  }
  engine_table("wide_ids", types, data)
}

wide_kinds_of <- function(case, engine) {
  w <- zuid:::wide_dialect(engine_dialect(engine))
  takes_uuid <- case$layout$text == "uuid" || (case$layout$name == "ulid" && w$uuid_any)
  c(if (takes_uuid && !is.na(engine_type("uuid", engine))) c(uuid = "u"), text = "t")
}

# Whether id_sql() decodes the layout (SCRU128's time is beyond SQL).
decodes <- function(layout) !is.null(zuid:::wide_sql_formats[[layout$name]]$us)

wide_statements <- function(cases, engine) {
  w <- zuid:::wide_dialect(engine_dialect(engine))
  statements <- list()
  for (name in names(cases)) {
    case <- cases[[name]]
    where <- sprintf("wide_ids WHERE layout = '%s'", name)
    kinds <- wide_kinds_of(case, engine)
    for (kind in names(kinds)) {
      if (decodes(case$layout)) {
        sql <- id_sql(case$layout, column = kinds[[kind]], dialect = engine_dialect(engine), type = kind)
        # The microseconds as text: drivers read big numbers as doubles.
        us <- sql_text(w$to_us(text_of(sql$time)), engine)
        statements[[paste("decode", kind, name)]] <- query(sprintf(
          "SELECT %s AS n, %s AS time FROM %s", quote_name("n", engine), us, where))
      }
      if (length(case$ranges) == 0L) next
      selects <- vapply(names(case$ranges), function(r) {
        cond <- id_sql_range(case$ranges[[r]]$from, case$ranges[[r]]$to, case$layout, column = kinds[[kind]],
                             dialect = engine_dialect(engine), type = kind)
        sprintf("SELECT '%s' AS r, n FROM %s AND ok = 1 AND (%s)", r, where, text_of(cond))
      }, character(1))
      statements[[paste("ranges", kind, name)]] <- query(union_all(selects))
    }
  }
  statements
}

# The rows R selects: valid canonical IDs from the lowest ID of `from`'s
# tick to the lowest of `to`'s, compared by their bytes; for millisecond
# layouts the same rows as id_time() within the range.
wide_expected_rows <- function(case, range) {
  x <- case$ids
  keep <- in_canonical_form(x, case$layout)
  ids <- as_zuid_id(ifelse(keep, x, NA), case$layout)
  low <- if (!is.null(range$from)) id_from_time(range$from, case$layout, as = "character")
  high <- if (!is.null(range$to)) id_from_time(range$to, case$layout, as = "character")
  if (!is.null(low)) keep <- keep & ids >= as_zuid_id(low, case$layout)
  if (!is.null(high)) keep <- keep & ids < as_zuid_id(high, case$layout)
  keep <- !is.na(keep) & keep
  if (case$layout$unit == "ms" && identical(case$layout$sub_ms, "none")) {
    ms <- suppressWarnings(id_time(ifelse(in_canonical_form(x, case$layout), x, NA), case$layout, as = "ms"))
    by_time <- !is.na(ms)
    if (!is.null(range$from)) by_time <- by_time & ms >= floor(as.numeric(range$from) * 1000)
    if (!is.null(range$to)) by_time <- by_time & ms < floor(as.numeric(range$to) * 1000)
    expect_identical(keep, by_time)
  }
  keep
}

# The microseconds an engine should give each ID (NA for NULL), after
# checking them against id_time(): its milliseconds exactly (both floored),
# its seconds within the microsecond lost to flooring and half a double's
# step twice (under half a microsecond each, below 2^52 microseconds).
wide_wanted <- function(case, engine) {
  us <- expected_us(case$ids, case$layout)
  ms <- suppressWarnings(id_time(case$ids, case$layout, as = "ms"))
  seconds <- suppressWarnings(as.numeric(id_time(case$ids, case$layout)))
  expect_identical(is.na(us), is.na(ms))
  expect_identical(as.numeric(floor_div(us, 1000)), ms)
  near <- suppressWarnings(as.numeric(us))
  near <- !is.na(near) & abs(near) < 2^52
  expect_true(all(abs(as.numeric(us[near]) - seconds[near] * 1e6) < 2))
  limits <- zuid:::wide_dialect(engine_dialect(engine))$us_range
  inside <- !is.na(us) & suppressWarnings(as.numeric(us)) >= limits[[1L]] &
    suppressWarnings(as.numeric(us)) < limits[[2L]]
  ifelse(inside, as.character(us), NA_character_)
}

check_wide_sql <- function(engine) {
  skip_unless_engine(engine)
  cases <- wide_engine_cases()
  table <- wide_table(cases, engine)
  results <- run_engine(engine, list(table), wide_statements(cases, engine))
  for (name in names(cases)) {
    case <- cases[[name]]
    n <- table$data$n[table$data$layout == name]
    want <- if (decodes(case$layout)) wide_wanted(case, engine)
    for (kind in names(wide_kinds_of(case, engine))) {
      what <- sprintf("%s %s on %s", name, kind, engine)
      if (!is.null(want)) {
        got <- rows_by_n(results[[paste("decode", kind, name)]], n)
        expect_false(anyNA(got$n), label = sprintf("%s: every row came back", what))
        if (kind == "uuid") want[is.na(uuid_column(case$ids, case$layout))] <- NA
        expect_identical(got$time, want, label = sprintf("%s time", what))
      }
      for (r in names(case$ranges)) {
        selected <- range_rows(results[[paste("ranges", kind, name)]], r)$n
        expected <- n[wide_expected_rows(case, case$ranges[[r]])]
        expect_gt(length(expected), 0)
        expect_setequal(selected, expected)
      }
    }
  }
}

test_that("SQLite decodes and selects 128-bit IDs exactly as zuid does", {
  check_wide_sql("sqlite")
})
test_that("PostgreSQL decodes and selects 128-bit IDs exactly as zuid does", {
  check_wide_sql("postgres")
})
test_that("DuckDB decodes and selects 128-bit IDs exactly as zuid does", {
  check_wide_sql("duckdb")
})
test_that("Spark SQL decodes and selects 128-bit IDs exactly as zuid does", {
  check_wide_sql("spark")
})
test_that("MariaDB decodes and selects 128-bit IDs exactly as zuid does", {
  check_wide_sql("mysql")
})
test_that("ClickHouse decodes and selects 128-bit IDs exactly as zuid does", {
  check_wide_sql("clickhouse")
})

# UUIDv7s minted by the engine itself (DuckDB's uuidv7(), ClickHouse's
# generateUUIDv7(); PostgreSQL's uuidv7() comes with version 18), decoded
# and selected in the engine, and read in R.
engine_minted_v7 <- list(
  duckdb = "CREATE TABLE minted AS SELECT uuidv7() AS u FROM range(200)",
  clickhouse = paste("CREATE TABLE minted ENGINE = MergeTree ORDER BY tuple() AS",
                     "SELECT generateUUIDv7() AS u FROM numbers(200)")
)

check_engine_minted <- function(engine) {
  skip_unless_engine(engine)
  w <- zuid:::wide_dialect(engine)
  now <- Sys.time()
  sql <- id_sql("uuidv7", column = "u", dialect = engine)
  ranges <- list(around = list(from = now - 3600, to = now + 3600), later = list(from = now + 3600, to = NULL))
  selects <- vapply(names(ranges), function(r) {
    cond <- id_sql_range(ranges[[r]]$from, ranges[[r]]$to, "uuidv7", column = "u", dialect = engine)
    sprintf("SELECT '%s' AS r, %s AS t FROM minted WHERE %s", r, w$uuid_text("u"), text_of(cond))
  }, character(1))
  results <- run_engine(engine, list(), list(
    mint = execute(engine_minted_v7[[engine]]),
    decoded = query(sprintf("SELECT %s AS t, %s AS time FROM minted", w$uuid_text("u"),
                            sql_text(w$to_us(text_of(sql$time)), engine))),
    ranges = query(union_all(selects))
  ))
  got <- results$decoded
  expect_identical(nrow(got), 200L)
  ms <- id_time(got$t, "uuidv7", as = "ms")
  expect_false(anyNA(ms))
  expect_identical(got$time, as.character(bit64::as.integer64(ms) * 1000L))
  expect_setequal(range_rows(results$ranges, "around")$t, got$t)
  expect_identical(nrow(range_rows(results$ranges, "later")), 0L)
}

test_that("UUIDv7s that DuckDB mints decode and select as zuid reads them", {
  check_engine_minted("duckdb")
})
test_that("UUIDv7s that ClickHouse mints decode and select as zuid reads them", {
  check_engine_minted("clickhouse")
})
