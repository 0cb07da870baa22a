# The reproducers of issue 23 ("No silent duplicates, no disagreement
# between R and SQL, no unclassed error"), a section per point, each
# asserting the fixed behaviour.

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
  # Compared as digits: IDs of two layouts are not compared as IDs.
  expect_length(intersect(as.character(id_next(a, 20000)), as.character(id_next(b, 20000))), 0L)
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
  expect_length(intersect(as.character(id_next(g, 3000)), as.character(id_next(other, 3000))), 0L)
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

# Issue 23, point 2: the verbs never modify their input ---------------------------

# An environment of the global one, as a user's session: data.table's `:=`
# works there (zuid's namespace does not use data.table).
hostile_user <- function() new.env(parent = globalenv())

test_that("23.2 id_add_fields() on a data.table shares no column with it", {
  skip_if_not_installed("data.table")
  evalq({
    dt <- data.table::data.table(id = c("175928847299117063", "1214004724031189004"), v = 1:2)
    r <- id_add_fields(dt, id, "discord")
    r[1, v := 99L]
    expect_identical(dt$v, 1:2)
    data.table::set(r, 2L, "v", 77L)
    expect_identical(dt$v, 1:2)
    expect_identical(r$v, c(99L, 77L))
    expect_identical(names(dt), c("id", "v"))
  }, hostile_user())
})

test_that("23.2 id_filter_time() on a data.table leaves nothing for data.table to warn of", {
  skip_if_not_installed("data.table")
  evalq({
    dt <- data.table::data.table(id = c("175928847299117063", "1214004724031189004"), v = 1:2)
    data.table::setkey(dt, v)
    kept <- id_filter_time(dt, id, as.Date("2015-01-01"), layout = "discord")
    expect_no_warning(kept[, w := 1L])
    expect_no_warning(data.table::set(kept, 1L, "v", 5L))
    expect_identical(dt$v, 1:2)
    expect_false("w" %in% names(dt))
    expect_s3_class(kept, "data.table")
    kept2 <- id_filter_time(dt, id, as.Date("2019-01-01"), layout = "discord")
    expect_identical(data.table::key(kept2), "v")
  }, hostile_user())
})

# Issue 23, point 3: the SQL path and the R path agree -----------------------------
# (The differential test over random IDs and ranges is test-sql-differential.R.)

# The rows that `condition` selects from a table of `ids` (text and
# signed bigint columns) on a DBI engine.
rows_where <- function(engine, ids, condition_of) {
  con <- engine_connect(engine)
  on.exit(DBI::dbDisconnect(con))
  id_write_table(con, "hostile_range", data.frame(n = seq_along(ids), id = ids), overwrite = TRUE)
  id_write_table(con, "hostile_range_text", data.frame(n = seq_along(ids), id = ids), overwrite = TRUE,
                 type = "text")
  rows <- function(table, type) {
    sort(as.integer(DBI::dbGetQuery(con, paste("SELECT n FROM", table, "WHERE", condition_of(con, type)))$n))
  }
  list(integer = rows("hostile_range", "integer"), text = rows("hostile_range_text", "text"))
}

test_that("23.3 an open `from` keeps tick 0 of off-grid epochs in SQL as in R, on the DBI engines", {
  epoch <- as.POSIXct("2020-06-15 12:34:56.789", tz = "UTC")
  layouts <- list(
    sonyflake = id_layout("sonyflake", epoch = epoch),
    five_ms = id_layout(time = list(bits = 39, unit = "5ms", epoch = epoch), fields = list(machine = 16),
                        sequence = 8),
    seconds = id_layout(time = list(bits = 32, unit = "s", epoch = epoch), fields = list(node = 10),
                        sequence = 21)
  )
  for (name in names(layouts)) {
    L <- layouts[[name]]
    node <- names(L$bits)[L$kinds == "node"]
    ids <- do.call(id_compose, c(list(epoch + c(0, 1, 3600), L), stats::setNames(list(1), node)))
    in_r <- id_filter_time(data.frame(n = 1:3, id = ids), id, NULL, NULL, L)$n
    expect_identical(in_r, 1:3)
    for (engine in dbi_engines) {
      if (!engine_available(engine)) next
      got <- rows_where(engine, ids, function(con, type) id_sql_range(NULL, NULL, L, dialect = con, type = type))
      expect_identical(got, list(integer = 1:3, text = 1:3), label = paste(name, engine))
    }
  }
  skip_unless_engine("postgres")
  skip_unless_engine("mysql")
})

test_that("23.3 TID ranges count to the microsecond in SQL as in R", {
  # Issue 30: a range's ends keep the layout's resolution (a microsecond
  # for TIDs), so a TID minted at T + 0.4 ms is in [T, T + 0.7 ms).
  skip_unless_engine("sqlite")
  t <- as.POSIXct("2024-03-05 10:00:00", tz = "UTC")
  tid <- id_compose(t + 0.0004, "tid")
  last <- as_zuid_id("9223372036854775807", "tid")
  ids <- c(tid, last)
  df <- data.frame(n = 1:2, id = ids)
  expect_identical(id_filter_time(df, id, NULL, t + 0.0007, "tid")$n, 1L)
  expect_identical(id_filter_time(df, id, t + 0.0007, NULL, "tid")$n, 2L)
  expect_identical(id_filter_time(df, id, t, t + 0.0007, "tid")$n, 1L)
  got <- rows_where("sqlite", ids, function(con, type) {
    id_sql_range(NULL, t + 0.0007, "tid", dialect = con, type = type)
  })
  expect_identical(got, list(integer = 1L, text = 1L))
  # An open `to` keeps the layout's last ID, of its last microsecond.
  got <- rows_where("sqlite", ids, function(con, type) {
    id_sql_range(t + 0.0007, NULL, "tid", dialect = con, type = type)
  })
  expect_identical(got, list(integer = 2L, text = 2L))
})

test_that("23.3 infinite ends give the same rows in SQL as in R", {
  skip_unless_engine("sqlite")
  inf <- as.POSIXct(Inf, origin = "1970-01-01", tz = "UTC")
  minus_inf <- as.POSIXct(-Inf, origin = "1970-01-01", tz = "UTC")
  ids <- id_compose(as.POSIXct("2024-03-05", tz = "UTC") + c(0, 1e9), "discord")
  df <- data.frame(n = 1:2, id = ids)
  ends <- list(list(minus_inf, inf), list(minus_inf, NULL), list(NULL, inf), list(inf, NULL), list(NULL, minus_inf),
               list(minus_inf, as.POSIXct("2030-01-01", tz = "UTC")))
  for (e in ends) {
    in_r <- id_filter_time(df, id, e[[1L]], e[[2L]], "discord")$n
    got <- rows_where("sqlite", ids, function(con, type) {
      id_sql_range(e[[1L]], e[[2L]], "discord", dialect = con, type = type)
    })
    expect_identical(got, list(integer = in_r, text = in_r))
  }
})

test_that("23.3 PostgreSQL's times after 2255 are exact", {
  skip_unless_engine("postgres")
  con <- engine_connect("postgres")
  on.exit(DBI::dbDisconnect(con))
  # Mastodon's 48 bits of milliseconds reach the year 10889.
  ms <- c(9000000000123, 253402300799999, 200000000000001)
  ids <- id_compose(as.POSIXct(ms / 1000, origin = "1970-01-01", tz = "UTC"), "mastodon")
  expect_identical(id_time(ids, as = "ms"), ms)
  sql <- id_sql("mastodon", column = "id", dialect = con)[["time"]]
  got <- DBI::dbGetQuery(con, sprintf(paste(
    "SELECT EXTRACT(MICROSECONDS FROM t) AS us, CAST(EXTRACT(EPOCH FROM t) * 1000 AS BIGINT) AS ms",
    "FROM (SELECT %s AS t FROM (VALUES %s) AS v(id)) AS q"), sql,
    paste0("(CAST(", as.character(structure(as.vector(unclass(ids)), class = "integer64")), " AS BIGINT))",
           collapse = ", ")))
  # Microseconds within the minute: whole milliseconds, no drift.
  expect_identical(as.numeric(got$us) %% 1000, c(0, 0, 0))
  expect_identical(as.numeric(got$ms), ms)
})

test_that("23.3 the widest layout's times take any range end, in SQL as in R", {
  skip_unless_engine("sqlite")
  # Times past 2^53 ms are refused when the layout is made (point 7); 53
  # bits of ms from 1970 reach just below.
  expect_error(id_layout(time = list(bits = 53, unit = "ms", epoch = 1e12), fields = list(), sequence = 11,
                         sign_bit = FALSE), class = "zuid_error_layout", regexp = "past 2\\^53 ms")
  big <- id_layout(time = list(bits = 53, unit = "ms", epoch = 0), fields = list(), sequence = 11,
                   sign_bit = FALSE)
  t <- as.POSIXct("2024-03-05", tz = "UTC")
  ids <- id_compose(t + c(0, 86400), big)
  far <- as.POSIXct(1e13, origin = "1970-01-01", tz = "UTC")
  expect_no_error(id_sql_range(t, far, big))
  expect_identical(text_of(id_sql_range(t, far, big)), text_of(id_sql_range(t, NULL, big)))
  df <- data.frame(n = 1:2, id = ids)
  for (from in list(t, t + 1)) {
    in_r <- id_filter_time(df, id, from, far, big)$n
    got <- rows_where("sqlite", ids, function(con, type) id_sql_range(from, far, big, dialect = con, type = type))
    expect_identical(got, list(integer = in_r, text = in_r))
  }
})

# Issue 23, point 4: column names are identifiers, never literals -------------------

test_that("23.4 a mistyped column name is an error in SQLite, not the text of the name", {
  skip_unless_engine("sqlite")
  con <- engine_connect("sqlite")
  on.exit(DBI::dbDisconnect(con))
  ids <- id_compose(as.POSIXct("2024-03-05", tz = "UTC") + 0:2, "discord")
  DBI::dbWriteTable(con, "m", data.frame(id = bit64::as.integer64(ids)))
  for (dialect in list("sqlite", con)) {
    sql <- id_sql("discord", column = "idd", dialect = dialect)
    expect_error(DBI::dbGetQuery(con, sprintf("SELECT %s FROM m", sql[["time"]])), regexp = "no such column: idd")
    cond <- id_sql_range(as.Date("2024-01-01"), as.Date("2024-02-01"), "discord", column = "idd", dialect = dialect)
    expect_error(DBI::dbGetQuery(con, paste("SELECT * FROM m WHERE", cond)), regexp = "no such column: idd")
  }
  # The name that is there decodes.
  got <- DBI::dbGetQuery(con, sprintf("SELECT %s AS s FROM m", id_sql("discord", dialect = "sqlite")$sequence))
  expect_identical(got$s, c(0L, 0L, 0L))
})

test_that("23.4 a mistyped column name is an error on every engine", {
  table <- engine_table("names", c(n = "int", id = "integer"), data.frame(n = "1", id = "175928847299117063"))
  for (engine in engine_names) {
    if (!engine_available(engine)) next
    sql <- id_sql("discord", column = "idd", dialect = engine_dialect(engine))[["sequence"]]
    sql <- sprintf("SELECT %s AS s FROM names", sql)
    if (engine %in% dbi_engines) {
      # RPostgreSQL warns instead of raising; either names the column.
      con <- engine_connect(engine)
      for (step in table_statements(table, engine, tempdir())) DBI::dbExecute(con, step)
      said <- NULL
      # (RPostgreSQL also prints the error.)
      utils::capture.output(type = "message", {
        said <- tryCatch(DBI::dbGetQuery(con, sql), error = conditionMessage, warning = conditionMessage)
      })
      DBI::dbDisconnect(con)
      expect_match(said, "idd", label = engine)
    } else {
      expect_error(suppressWarnings(run_engine(engine, list(table), list(decode = query(sql)))),
                   regexp = "idd", label = engine)
    }
  }
  for (engine in engine_names) skip_unless_engine(engine)
})

# Issue 23, point 5: integer64 bits that are NaN as doubles are IDs --------

# integer64 values whose doubles are NaN (every bit of the exponent set),
# as bit64 arithmetic makes them: from both halves of the 64-bit range,
# R's NA_real_'s bits and 2^64 - 1 among them.
nan_bit_ids <- function(n) {
  high <- c(floor(stats::runif(n, 2146435072, 2^31)), -floor(stats::runif(n, 1, 2^20)))
  low <- floor(stats::runif(2 * n, 0, 2^32))
  c(bit64::as.integer64(high) * two_pow(32) + bit64::as.integer64(low),
    bit64::as.integer64(c("9218868437227407266", "-1")))
}

# Decimal text of unsigned IDs, padded to 20 digits: it sorts as the IDs do.
padded <- function(text) ifelse(is.na(text), NA_character_, formatC(text, width = 20, flag = "0"))

test_that("`after` of NaN bits is an ID, refused or accepted as the layout says", {
  # -5 is 2^64 - 5: the sign bit the Twitter layout keeps 0 is set.
  expect_error(id_generator("twitter", datacenter = 1, worker = 4, after = bit64::as.integer64(-5)),
               class = "zuid_error_type", regexp = "18446744073709551611 has the top bit set")
  # The largest Twitter ID leaves no ID above it.
  expect_error(id_generator("twitter", datacenter = 1, worker = 4,
                            after = as_zuid_id("9223372036854775807", "twitter")),
               class = "zuid_error_range", regexp = "No ID of the twitter layout")
  # A Discord ID of 2084 whose bits are a NaN: a floor far ahead of the clock.
  g <- id_generator("discord", worker = 1, process = 2, on_clock_back = "error",
                    after = as_zuid_id("9218868437227405313", "discord"))
  expect_error(id_next(g), class = "zuid_error_clock")
})

test_that("id_guess_layout() reads NaN bit patterns as IDs", {
  guess <- id_guess_layout(as_zuid_id("18446744073709551615"), now = as.POSIXct("2026-01-01", tz = "UTC"))
  expect_identical(nrow(guess), length(zuid:::default_guess_layouts()))
  expect_true(all(guess$plausible == 0))
  ids <- bit64::as.integer64(c("-1", "9218868437227405313"))
  guess <- id_guess_layout(ids, now = as.POSIXct("2100-01-01", tz = "UTC"))
  discord <- guess[guess$layout == "discord", ]
  # 2^64 - 1 is a Discord ID of 2154, past `now`; 9218868437227405313 one of
  # 2084, whose time bit64 computes.
  expect_identical(discord$plausible, 0.5)
  ms <- as.double(bit64::as.integer64("9218868437227405313") %/% two_pow(22)) + 1420070400000
  expect_identical(time_ms(discord$first), ms)
})

test_that("every method reads NaN bit patterns as the IDs they are", {
  set.seed(2305)
  bits <- c(nan_bit_ids(50), random_ids(50), NA)
  text <- unsigned_decimal(bits)
  ids <- as_zuid_id(bits, "discord")
  expect_identical(is.na(ids), is.na(bits))
  expect_identical(as.character(ids), text)
  known <- text[!is.na(text)]
  expect_identical(as.character(sort(ids)), known[order(padded(known))])
  expect_identical(order(ids), order(padded(text), method = "radix"))
  n <- length(ids)
  expect_identical(ids[-1] < ids[-n], padded(text[-1]) < padded(text[-n]))
  expect_identical(ids == rev(ids), text == rev(text))
  expect_identical(as.character(unique(c(ids, ids))), unique(text))
  expect_identical(match(rev(ids), ids), match(rev(text), text))
  expect_identical(as.character(range(ids, na.rm = TRUE)),
                   known[c(which.min(padded(known)), which.max(padded(known)))])
  expect_identical(as.character(ids[c(3, NA, 500)]), c(text[[3]], NA, NA))
  expect_identical(zuid:::id_is_na(bits), is.na(bits))
})

# Issue 23, point 6: tampered objects are zuid_errors -----------------------

# IDs whose storage is not doubles, as `storage.mode<-` or `class<-` on
# other values leaves them.
tampered_storage <- function() {
  ids <- as_zuid_id(c("1212912214386673976", "175928847299117063"), "discord")
  integers <- ids
  storage.mode(integers) <- "integer"
  list(integer = integers, character = structure(c("1", "2"), class = c("zuid_id", "integer64")),
       logical = structure(c(TRUE, NA), class = c("zuid_id", "integer64")),
       plain_integer64 = structure(1:2, class = "integer64"))
}

# The calls that read IDs, each a function of the tampered vector `x` and
# a valid one `y`.
storage_calls <- list(
  print = function(x, y) print(x), format = function(x, y) format(x),
  as.character = function(x, y) as.character(x), `==` = function(x, y) x == y,
  `<` = function(x, y) y < x, sort = function(x, y) sort(x), order = function(x, y) order(x),
  is.na = function(x, y) is.na(x), anyNA = function(x, y) anyNA(x), c = function(x, y) c(y, x),
  `[` = function(x, y) x[1], `[[` = function(x, y) x[[1]], `[<-` = function(x, y) {
    x[1] <- "5"
    x
  }, `[<-value` = function(x, y) {
    y[1] <- x[1]
    y
  }, rep = function(x, y) rep(x, 2), `length<-` = function(x, y) {
    length(x) <- 3
    x
  }, unique = function(x, y) unique(x), duplicated = function(x, y) duplicated(x),
  match = function(x, y) match(x, y), `%in%` = function(x, y) y %in% x, max = function(x, y) max(x),
  cummax = function(x, y) cummax(x), median = function(x, y) median(x),
  quantile = function(x, y) quantile(x), summary = function(x, y) summary(x),
  all.equal = function(x, y) all.equal(y, x), as.list = function(x, y) as.list(x),
  as.double = function(x, y) as.double(x), as.integer64 = function(x, y) bit64::as.integer64(x),
  as.POSIXct = function(x, y) as.POSIXct(x), str = function(x, y) utils::str(x),
  as.data.frame = function(x, y) as.data.frame(x), is.unsorted = function(x, y) is.unsorted(x),
  id_fields = function(x, y) id_fields(x, "discord"), id_time = function(x, y) id_time(x, "discord"),
  as_zuid_id = function(x, y) as_zuid_id(x), id_to_tid = function(x, y) id_to_tid(x),
  id_guess_layout = function(x, y) id_guess_layout(x)
)

# The calls above where a plain integer64 meets zuid's code, not bit64's.
zuid_readers <- c("c", "[<-value", "match", "%in%", "id_fields", "id_time", "as_zuid_id", "id_to_tid",
                  "id_guess_layout")

# What `f` signals: "value", or the classes of its condition.
outcome <- function(f) {
  tryCatch({
    utils::capture.output(f())
    "value"
  }, error = function(e) class(e), warning = function(w) class(w))
}

test_that("IDs whose storage was changed are a zuid_error_type in every method", {
  y <- as_zuid_id(c("1212912214386673976", "5"), "discord")
  for (kind in names(tampered_storage())) {
    x <- tampered_storage()[[kind]]
    for (name in names(storage_calls)) {
      got <- outcome(function() storage_calls[[name]](x, y))
      # A plain integer64 meets zuid's code only where zuid reads IDs.
      if (kind == "plain_integer64" && !name %in% zuid_readers) next
      expect_true("zuid_error_type" %in% got, label = sprintf("%s of %s storage: %s", name, kind,
                                                             paste(got, collapse = "/")))
    }
  }
  expect_error(print(tampered_storage()$character), class = "zuid_error_type",
               regexp = "`x` is a zuid_id that holds character values, not the doubles")
  # print() refuses before it prints anything.
  expect_identical(utils::capture.output(try(print(tampered_storage()$integer), silent = TRUE)), character())
})

test_that("vctrs refuses IDs whose storage was changed with a zuid_error_type", {
  skip_if_not_installed("vctrs")
  x <- tampered_storage()$integer
  y <- as_zuid_id("5", "discord")
  expect_error(vctrs::vec_c(y, x), class = "zuid_error_type")
  expect_error(vctrs::vec_proxy(x), class = "zuid_error_type")
  expect_error(vctrs::vec_order(x), class = "zuid_error_type")
})

# Layout attributes edited by hand.
tampered_layouts <- function() {
  layout <- id_layout("discord")
  numeric_unit <- layout
  numeric_unit$unit <- 5
  function_name <- layout
  function_name$name <- sum
  list(numeric_unit = numeric_unit, environment = new.env(), fn = function() "discord",
       function_name = function_name, classed_environment = structure(new.env(), class = "zuid_layout"))
}

test_that("IDs with a tampered layout attribute are a zuid_error_layout where it is read", {
  y <- as_zuid_id(c("1212912214386673976", "5"), "discord")
  reads <- list(print = function(x) print(x), `==` = function(x) x == y, `==x` = function(x) x == x,
                c = function(x) c(x, y), c1 = function(x) c(x), summary = function(x) summary(x),
                id_time = function(x) id_time(x), as_zuid_id = function(x) as_zuid_id(x, "discord"),
                max = function(x) max(x), match = function(x) match(y, x), all.equal = function(x) all.equal(y, x),
                as.POSIXct = function(x) as.POSIXct(x))
  for (kind in names(tampered_layouts())) {
    x <- y
    attr(x, "layout") <- tampered_layouts()[[kind]]
    for (name in names(reads)) {
      got <- outcome(function() reads[[name]](x))
      expect_true("zuid_error_layout" %in% got, label = sprintf("%s with a %s layout: %s", name, kind,
                                                               paste(got, collapse = "/")))
    }
    # Subsetting passes the attribute on as it is; format() does not read it.
    expect_identical(attr(x[2:1], "layout"), attr(x, "layout"))
    expect_identical(format(x), c("1212912214386673976", "5"))
  }
  x <- y
  attr(x, "layout") <- tampered_layouts()$numeric_unit
  expect_error(print(x), class = "zuid_error_layout",
               regexp = "The layout `x` carries is not a valid zuid_layout: its element `unit` is missing or malformed")
  attr(x, "layout") <- tampered_layouts()$function_name
  expect_error(x == y, class = "zuid_error_layout", regexp = "its element `name` is not one string")
})

test_that("a tampered layout given as `layout` is a zuid_error_layout", {
  for (kind in names(tampered_layouts())) {
    layout <- tampered_layouts()[[kind]]
    if (!inherits(layout, "zuid_layout")) class(layout) <- "zuid_layout"
    for (call in list(quote(print(layout)), quote(layout == "discord"), quote(id_fields("5", layout)),
                      quote(as.data.frame(layout)), quote(id_compose(Sys.time(), layout)))) {
      got <- outcome(function() eval(call))
      expect_true("zuid_error_layout" %in% got, label = sprintf("%s with a %s layout", deparse(call), kind))
    }
  }
})

test_that("a data frame on the left of `==` is R's business before R 4.3, zuid's after", {
  x <- as_zuid_id(c("1212912214386673976", "175928847299117063", "5"), "discord")
  if (getRversion() >= "4.3.0") {
    expect_error(data.frame(a = 1:3) == x, class = "zuid_error_type", regexp = "compare with one of its columns")
  } else {
    # R 4.2 runs neither method (see ?as_zuid_id): it warns, then fails on
    # its own; zuid's refusal is met where zuid's method runs.
    expect_warning(expect_error(data.frame(a = 1:3) == x, "cannot be coerced"), "Incompatible methods")
  }
  expect_error(zuid:::compare_ids("==", data.frame(a = 1:3), x, quote(df == x)), class = "zuid_error_type",
               regexp = "The left side of `==` is a data.frame of length 1, not IDs: compare with one of its columns")
})

# A fuzz test: random tampering of zuid_ids and layouts through every
# exported function and S3 method. Every error must be a zuid_error.

# Values that replace an element of a layout, or the storage of IDs.
junk <- function() {
  list(5, -1e300, NaN, Inf, NA, NA_character_, "x", "", c("ms", "s"), TRUE, 1:3, c(a = 1L), list(),
       list(1, "a"), NULL, new.env(), sum, function() 1, quote(x), factor("a"), raw(2), 1i,
       as.Date("2020-01-01"), data.frame(a = 1), rawToChar(as.raw(255)), bit64::as.integer64(7))
}

tamper_layout <- function(layout) {
  element <- sample(c(names(layout), "name", "bits_names", "whole"), 1L)
  value <- sample(junk(), 1L)[[1L]]
  if (element == "whole") {
    return(if (is.null(value)) list() else value)
  }
  if (element == "bits_names") {
    names(layout$bits) <- if (is.character(value)) rep_len(value, length(layout$bits)) else NULL
    return(layout)
  }
  layout[element] <- list(value)
  layout
}

tamper_ids <- function(ids) {
  switch(sample(c("storage", "layout", "class"), 1L),
    storage = {
      value <- sample(junk(), 1L)[[1L]]
      if (is.null(value) || is.function(value) || is.environment(value) || is.symbol(value)) value <- 1:2
      structure(unclass(value), class = c("zuid_id", "integer64"), layout = id_layout_attr(ids))
    },
    layout = {
      attr(ids, "layout") <- tamper_layout(attr(ids, "layout"))
      ids
    },
    class = structure(unclass(ids), class = sample(list("zuid_id", c("integer64", "zuid_id")), 1L)[[1L]])
  )
}

id_layout_attr <- function(x) attr(x, "layout", exact = TRUE)

# A data frame whose column `id` is `x` as it is.
as_table <- function(x) structure(list(id = x), class = "data.frame", row.names = c(NA, -length(x)))

# Every call a vector of IDs `x`, a valid one `y`, and a layout `l` meet.
fuzz_calls <- c(storage_calls, list(
  as.vector = function(x, y) as.vector(x), as.matrix = function(x, y) as.matrix(x),
  as.integer = function(x, y) as.integer(x), as.Date = function(x, y) as.Date(x),
  xtfrm = function(x, y) xtfrm(x), rank = function(x, y) rank(x), rev = function(x, y) rev(x),
  head = function(x, y) utils::head(x, 1), range = function(x, y) range(x), min = function(x, y) min(x, y),
  cummin = function(x, y) cummin(x), is.finite = function(x, y) is.finite(x),
  is.infinite = function(x, y) is.infinite(x), is.nan = function(x, y) is.nan(x),
  mtfrm = function(x, y) mtfrm(x), `!=` = function(x, y) x != "5", `+` = function(x, y) x + 1,
  id_is_valid = function(x, y) id_is_valid(x, "discord"), id_explain = function(x, y) id_explain(x),
  id_shard = function(x, y) id_shard(x, 4), id_to_scru64 = function(x, y) id_to_scru64(x),
  id_generator = function(x, y) id_generator("discord", worker = 30, process = 30, after = x[1]),
  id_add_fields = function(x, y) id_add_fields(as_table(x), id),
  id_filter_time = function(x, y) id_filter_time(as_table(x), id, from = Sys.time())
))

layout_calls <- list(
  print = function(l) print(l), format = function(l) format(l), `==` = function(l) l == "discord",
  as.data.frame = function(l) as.data.frame(l), id_fields = function(l) id_fields("5", l),
  id_compose = function(l) id_compose(Sys.time(), l), id_from_time = function(l) id_from_time(Sys.time(), l),
  as_zuid_id = function(l) as_zuid_id("5", l), id_generator = function(l) id_generator(l),
  id_guess_layout = function(l) id_guess_layout("5", list(l)), id_sql = function(l) id_sql(l, dialect = "sqlite"),
  id_sql_range = function(l) id_sql_range(Sys.time(), NULL, l, dialect = "sqlite")
)

# The message of the error `f` raises if it is not a zuid_error, else
# NULL. Warnings are let pass: R's own (as.integer() of an ID beyond R's
# integers, "Incompatible methods" for a class set in another order) are
# what R gives for such values.
unclassed <- function(f) {
  tryCatch({
    suppressWarnings(utils::capture.output(f()))
    NULL
  }, zuid_error = function(e) NULL, error = function(e) conditionMessage(e))
}

test_that("randomly tampered IDs and layouts give zuid_errors only (fuzz)", {
  set.seed(23)
  y <- as_zuid_id(c("1212912214386673976", "175928847299117063"), "discord")
  failures <- character()
  for (round in 1:40) {
    x <- tamper_ids(y)
    layout <- tamper_layout(id_layout("discord"))
    # The methods of a layout run for what is classed as one.
    classed <- !is.object(layout) && !is.null(layout) && tryCatch({
      class(layout) <- "zuid_layout"
      TRUE
    }, error = function(e) FALSE)
    for (name in names(fuzz_calls)) {
      message <- unclassed(function() fuzz_calls[[name]](x, y))
      failures <- c(failures, sprintf("round %d, %s: %s", round, name, message))
    }
    methods <- c("print", "format", "==", "as.data.frame")
    for (name in setdiff(names(layout_calls), if (!classed && !inherits(layout, "zuid_layout")) methods)) {
      message <- unclassed(function() layout_calls[[name]](layout))
      failures <- c(failures, sprintf("round %d, layout %s: %s", round, name, message))
    }
  }
  expect_identical(failures, character())
})

# Issue 23, point 7: the edges give values or classed errors ---------------

test_that("id_guess_layout() takes one layout as well as a list", {
  ids <- c("1212912214386673976", "175928847299117063")
  one <- id_guess_layout(ids, layouts = id_layout("discord"), now = as.POSIXct("2026-01-01", tz = "UTC"))
  listed <- id_guess_layout(ids, layouts = list(id_layout("discord")), now = as.POSIXct("2026-01-01", tz = "UTC"))
  expect_identical(one, listed)
  expect_identical(one$layout, "discord")
  expect_identical(id_guess_layout(ids, layouts = "discord", now = as.POSIXct("2026-01-01", tz = "UTC")), one)
})

test_that("id_explain() of no IDs is an empty data frame of parts", {
  expect_silent(parts <- id_explain(character(), "discord"))
  one <- utils::capture.output(p1 <- id_explain("175928847299117063", "discord"))
  expect_identical(parts, p1[0L, ])
  expect_identical(names(parts), c("id", "part", "bits", "offset", "value"))
  expect_identical(nrow(parts), 0L)
})

test_that("a field name that is not valid UTF-8 is a zuid_error_layout", {
  bad <- rawToChar(as.raw(255))
  expect_error(id_layout(time = list(bits = 41, unit = "ms", epoch = 0), fields = stats::setNames(list(10), bad),
                         sequence = 12),
               class = "zuid_error_layout", regexp = "must be valid text: \"\\\\xff\" is not valid UTF-8")
  expect_error(id_layout(name = bad, time = list(bits = 41, unit = "ms", epoch = 0), fields = list(w = 10),
                         sequence = 12), class = "zuid_error_layout")
  expect_error(id_layout(bad), class = "zuid_error_layout")
  expect_error(id_fields("1", bad), class = "zuid_error_layout")
})

test_that("a node value beyond R's integers keeps its digits, with no warning of R's", {
  wide <- id_layout(time = list(bits = 11, unit = "ms", epoch = 0), fields = list(w = 53), sequence = 0,
                    sign_bit = FALSE)
  expect_silent(g <- id_generator(wide, w = 2^40))
  expect_identical(g$nodes$w, 2^40)
  expect_error(id_generator(wide, w = 2^53), class = "zuid_error_range")
  ids <- expect_silent(id_compose(as.POSIXct(1, origin = "1970-01-01", tz = "UTC"), wide, w = 2^40 + 1))
  expect_identical(id_fields(ids)$w, 2^40 + 1)
})

test_that("a layout whose times pass 2^53 ms is refused, so every time composes back", {
  expect_error(id_layout(time = list(bits = 53, unit = "ms", epoch = 1e12), fields = list(w = 11), sequence = 0,
                         sign_bit = FALSE),
               class = "zuid_error_layout", regexp = "reach past 2\\^53 ms after 1970")
  # The widest that is not refused: 53 bits of ms from 1970. Its times
  # compose back to their IDs up to 2^43 seconds, where a POSIXct still
  # holds every millisecond (see ?id_layout), and `as = "ms"` is exact.
  widest <- id_layout(time = list(bits = 53, unit = "ms", epoch = 0), fields = list(w = 11), sequence = 0,
                      sign_bit = FALSE)
  set.seed(7)
  ticks <- bit64::as.integer64(floor(stats::runif(200, 0, 2^43 * 1000)))
  # tick * 2^11 as integer64 bits: from 2^52 ticks on, past 2^63, negative.
  high <- ticks >= two_pow(52)
  bits <- bit64::integer64(length(ticks))
  bits[!high] <- ticks[!high] * two_pow(11)
  bits[high] <- (ticks[high] - two_pow(52)) * two_pow(11) - two_pow(62) - two_pow(62)
  ids <- as_zuid_id(bits, widest)
  f <- id_fields(ids)
  expect_identical(id_compose(f$time, widest, w = f$w), ids)
  expect_identical(id_time(ids, as = "ms"), as.double(ticks))
})

test_that("the bound 2^63 of id_from_time() is held by its neighbour in a zuid_id", {
  # Discord's tick of 2^41 ms from its epoch starts at 2^63.
  start <- as.POSIXct((1420070400000 + 2^41) / 1000, origin = "1970-01-01", tz = "UTC")
  from <- expect_silent(id_from_time(start, "discord"))
  expect_identical(as.character(from), unsigned_decimal(-(two_pow(62) - 1L) - two_pow(62)))
  expect_identical(id_from_time(start, "discord", as = "character"), "9223372036854775808")
  # Every ID a zuid_id holds compares with it as with 2^63.
  ids <- as_zuid_id(c("9223372036854775807", "9223372036854775809", "18446744073709551615"), "discord")
  expect_identical(ids >= from, c(FALSE, TRUE, TRUE))
  # Composed, 2^63 is an ID that a zuid_id cannot hold: NA, with words for it.
  expect_warning(composed <- id_compose(start, "discord"), class = "zuid_warning_integer64",
                 regexp = "1 of 1 ID is 2\\^63, the one ID a zuid_id cannot hold")
  expect_true(is.na(composed))
})
