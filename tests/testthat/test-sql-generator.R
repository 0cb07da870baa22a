# id_sql_generator(): its arguments, names, plan and refusals, and the
# functions it creates, run on the PostgreSQL and MariaDB servers that make
# test starts: bulk and concurrent inserts, a clock that steps back (a test
# clock in place of the server's), column defaults, every kind of layout,
# hostile names. The helpers are in helper-sql-generator.R; each engine's
# own SQL is tested in test-sql-generator-postgres.R and -mysql.R.

# The SQL ---------------------------------------------------------------------------

test_that("the statements are dbplyr SQL, named for what each creates", {
  skip_if_not_installed("dbplyr")
  pg <- id_sql_generator("twitter", datacenter = 1, worker = 7, dialect = "postgres")
  expect_s3_class(pg, "sql")
  expect_identical(names(pg), c("state", "seen", "check", "clock", "function"))
  my <- id_sql_generator("twitter", datacenter = 1, worker = 7, dialect = "mariadb", table = "t")
  expect_identical(names(my), c("state", "state_row", "check", "drop_clock", "clock", "drop_function",
                                "function", "column", "drop_trigger", "trigger", "default"))
  expect_identical(names(id_sql_generator("mastodon", dialect = "pg", table = "t")),
                   c("state", "seen", "check", "clock", "function", "column"))
})

test_that("the plan's numbers are the core's, on the layout's tick grid", {
  plan <- function(layout, nodes = list()) {
    zuid:::generator_plan(test_layout(layout), nodes, "wait", NULL)
  }
  digits <- function(x) format(x, scientific = FALSE)
  twitter <- plan("twitter", list(datacenter = 1, worker = 7))
  expect_identical(twitter[c("origin_us", "unit_us", "time_shift", "seq_bits", "seq_shift", "seq_max")],
                   list(origin_us = "1288834974657000", unit_us = "1000", time_shift = "22",
                        seq_bits = "12", seq_shift = "0", seq_max = "4095"))
  expect_identical(twitter$time_mask, digits(2^41 - 1))
  expect_identical(twitter$last_tick, digits(2^41 - 1))
  expect_identical(twitter$max_lead, "0")
  expect_null(twitter$start_bound)
  expect_identical(twitter$nodes, c(datacenter = "1", worker = "7"))
  expect_identical(twitter$node_shifts, c(datacenter = 17L, worker = 12L))
  # Sonyflake's start time is floored to its 10 ms grid.
  epoch_ms <- 1592224496789
  sony <- plan(id_layout("sonyflake", epoch = epoch_ms), list(machine = 3))
  expect_identical(sony$origin_us, paste0(digits(floor(epoch_ms / 10) * 10), "000"))
  expect_identical(sony$unit_us, "10000")
  # SCRU64: the last tick is the last whose IDs are all below 36^12, a
  # lead of less than 10 s in ticks of 256 ms, counters below half their range.
  scru <- plan(id_layout("scru64", node_bits = 8), list(node = 1))
  last <- bit64::as.integer64(36)^12 %/% bit64::as.integer64(2^24) - 1L
  expect_identical(scru$last_tick, as.character(last))
  expect_identical(scru$max_lead, digits(floor((10000 - 1) / 256)))
  expect_identical(scru$start_bound, digits(2^15))
  expect_null(plan(id_layout("scru64", node_bits = 23), list(node = 1))$start_bound)
  expect_identical(plan("tid", list(clock_id = 5))$unit_us, "1")
  # The state: counters in the bits below the time, taken without the lock
  # where a tick's counter holds the margin (see sql-generator-steps.R).
  expect_identical(twitter[c("state_bits", "tick_offset", "counter_mask", "put_margin", "lock_free")],
                   list(state_bits = "23", tick_offset = digits(2^40), counter_mask = digits(2^23 - 1),
                        put_margin = digits(4096 + 3 * 2^18), lock_free = TRUE))
  expect_false(plan("tid", list(clock_id = 5))$lock_free)
  expect_false(plan("mastodon")$lock_free)
  expect_true(scru$lock_free)
  # Before 1970, in parentheses, so that no `- -` is written.
  before_1970 <- id_layout(time = list(bits = 41, unit = "s", epoch = -86400500), sequence = 22)
  expect_identical(plan(before_1970)$origin_us, "(-86401000000)")
})

test_that("names are quoted, derived names stay in the function's schema", {
  name <- c("app's schema", "next \"id\"`; DROP TABLE t; --")
  pg <- id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = "postgres", name = name,
                         table = c("s", "t;x"), column = "i\"d")
  q <- function(x) paste(vapply(x, quote_name, "", engine = "postgres"), collapse = ".")
  expect_match(pg[["state"]], paste("EXISTS", q(c(name[1], paste0(name[2], "_state")))), fixed = TRUE)
  expect_match(pg[["function"]], sprintf("FUNCTION %s()", q(name)), fixed = TRUE)
  expect_match(pg[["function"]], sprintf("%s()", q(c(name[1], paste0(name[2], "_clock")))),
               fixed = TRUE)
  # The state's name in a string: quotes doubled, and no search_path setting
  # for a qualified name.
  expect_match(pg[["function"]], "nextval(E'\"app''s schema\".\"next \"\"id\"\"`; DROP TABLE t; --_state\"')",
               fixed = TRUE)
  expect_no_match(pg[["function"]], "search_path", fixed = TRUE)
  expect_match(pg[["column"]], sprintf(
    "ALTER TABLE %s ALTER COLUMN %s SET DEFAULT %s();", q(c("s", "t;x")), q("i\"d"), q(name)), fixed = TRUE)
  my <- id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = "mysql", name = name,
                         table = "t`x")
  expect_match(my[["trigger"]], "CREATE TRIGGER `t``x_id_zuid` BEFORE INSERT ON `t``x`", fixed = TRUE)
  expect_match(my[["function"]], "UPDATE `app's schema`.`next \"id\"``; DROP TABLE t; --_state` AS `z`", fixed = TRUE)
  # In strings (the catalogs' names, the lock's), quotes are doubled.
  expect_match(my[["check"]],
               "`TABLE_SCHEMA` = 'app''s schema' AND `TABLE_NAME` = 'next \"id\"`; DROP TABLE t; --_state'",
               fixed = TRUE)
  # An unqualified PostgreSQL name keeps the search path it was created with.
  expect_match(id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = "pg")[["function"]],
               "SET search_path FROM CURRENT", fixed = TRUE)
})

test_that("a name can be a DBI::Id", {
  skip_if_not_installed("DBI")
  expect_match(id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = "pg",
                                name = DBI::Id(schema = "s", table = "f"))[["function"]],
               "FUNCTION \"s\".\"f\"()", fixed = TRUE)
})

test_that("nodes, layouts and arguments are checked as id_generator() checks them", {
  expect_error(id_sql_generator("twitter", datacenter = 1, dialect = "pg"),
               class = "zuid_error_layout")
  expect_error(id_sql_generator("twitter", datacenter = 1, worker = 32, dialect = "pg"),
               class = "zuid_error_range")
  expect_error(id_sql_generator("twitter", datacenter = 1, worker = 1, shard = 2, dialect = "pg"),
               class = "zuid_error_layout")
  expect_error(id_sql_generator("twiter", dialect = "pg"), class = "zuid_error_layout")
  expect_error(id_sql_generator("twitter", datacenter = 1, worker = 1), class = "zuid_error_type")
  expect_error(id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = "oracle"),
               class = "zuid_error_type")
  expect_error(id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = "pg",
                                on_clock_back = "borrow"), class = "zuid_error_type")
  expect_error(id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = "pg",
                                execute = TRUE), class = "zuid_error_type")
  expect_error(id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = "pg",
                                name = c("a", "b", "c")), class = "zuid_error_type")
  expect_error(id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = "pg",
                                name = NA_character_), class = "zuid_error_type")
  expect_error(id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = "pg",
                                table = "t", column = c("a", "b")), class = "zuid_error_type")
})

test_that("names the servers would cut short are refused", {
  gen <- function(name, dialect) {
    id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = dialect, name = name)
  }
  # PostgreSQL keeps 63 bytes: with "_state", 57 bytes of name fit.
  expect_length(gen(strrep("a", 57), "pg"), 5L)
  expect_error(gen(strrep("a", 58), "pg"), class = "zuid_error_range")
  expect_error(gen(strrep("\u00e9", 29), "pg"), class = "zuid_error_range")
  # MySQL keeps 64 characters.
  expect_length(gen(strrep("\u00e9", 58), "mysql"), 7L)
  expect_error(gen(strrep("a", 59), "mysql"), class = "zuid_error_range")
})

test_that("engines without a safe generator are refused, saying why", {
  for (dialect in c("sqlite", "duckdb", "spark", "clickhouse")) {
    expect_error(id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = dialect),
                 class = "zuid_error_dialect")
  }
  skip_if_not_installed("DBI")
  skip_if_not_installed("RSQLite")
  con <- DBI::dbConnect(RSQLite::SQLite(), ":memory:")
  on.exit(DBI::dbDisconnect(con))
  expect_error(id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = con),
               class = "zuid_error_dialect")
})

test_that("messages name the problem", {
  expect_snapshot(cnd_class = TRUE, error = TRUE, {
    id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = "sqlite")
    id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = "duckdb")
    id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = "spark")
    id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = "clickhouse")
    id_sql_generator("twitter", datacenter = 1, worker = 1)
    id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = "pg", execute = TRUE)
    id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = "pg", name = strrep("n", 60))
    id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = "pg", on_clock_back = "borrow")
    id_sql_generator("twitter", worker = 1, dialect = "mysql")
    id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = "pg", adopt = TRUE)
    id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = "pg", table = "t", adopt = NA)
  })
})

test_that("the dialect table says of every engine whether it holds a generator", {
  dialects <- zuid:::sql_dialects
  for (name in names(dialects)) {
    g <- dialects[[name]]$generator
    if (is.null(g$refusal)) {
      expect_named(g, c("label", "statements", "name_limit", "schema"))
      expect_true(is.function(g$statements), label = name)
      expect_named(g$name_limit, c("max", "type"))
      expect_true(g$name_limit$type %in% c("bytes", "chars"), label = name)
    } else {
      expect_named(g, "refusal")
      expect_error(id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = name),
                   g$refusal, fixed = TRUE, class = "zuid_error_dialect")
    }
  }
  holds <- Filter(function(d) is.null(d$generator$refusal), dialects)
  expect_identical(names(holds), c("postgres", "mysql"))
})

# Live servers ------------------------------------------------------------------------

for (engine in names(gen_engines)) {
  label <- gen_engines[[engine]]

  test_that(sprintf("every kind of layout mints the node's IDs on the clock's ticks (%s)", label), {
    skip_unless_engine(engine)
    con <- gen_connect(engine)
    on.exit({
      drop_generator(con, engine, "zgen_next")
      DBI::dbDisconnect(con)
    })
    layouts <- list(
      twitter = list("twitter", list(datacenter = 17, worker = 30)),
      discord = list("discord", list(worker = 1, process = 31)),
      instagram = list("instagram", list(shard = 8191)),
      mastodon = list("mastodon", list()),
      sonyflake = list(id_layout("sonyflake", epoch = as.POSIXct("2020-06-15 12:34:56.789", tz = "UTC")),
                       list(machine = 65535)),
      scru64 = list(id_layout("scru64", node_bits = 12), list(node = 4000)),
      tid = list("tid", list(clock_id = 1023)),
      seconds = list(id_layout(time = list(bits = 40, unit = "s", epoch = 1e12 + 500), fields = list(a = 3),
                               sequence = 20), list(a = 5)),
      five_ms = list(id_layout(name = "acme", time = list(bits = 39, unit = "5ms", epoch = 1735689600003),
                               fields = list(sequence = 8, machine = 16)), list(machine = 77))
    )
    for (what in names(layouts)) {
      layout <- test_layout(layouts[[what]][[1L]])
      nodes <- layouts[[what]][[2L]]
      install_generator(con, engine, layout, nodes)
      from <- Sys.time()
      ids <- mint(con, engine, layout, 3000)
      to <- Sys.time()
      # SCRU64 may run ahead of the clock in a burst, less than 10 s.
      expect_minted(ids, layout, nodes, from, if (what == "scru64") to + 10 else to, what)
    }
  })

  test_that(sprintf("one INSERT ... SELECT of a million rows (%s)", label), {
    skip_unless_engine(engine)
    con <- gen_connect(engine, timeout = 600)
    on.exit({
      DBI::dbExecute(con, "DROP TABLE IF EXISTS zgen_bulk")
      drop_generator(con, engine, "zgen_next")
      DBI::dbDisconnect(con)
    })
    DBI::dbExecute(con, "DROP TABLE IF EXISTS zgen_bulk")
    DBI::dbExecute(con, "CREATE TABLE zgen_bulk (id BIGINT NOT NULL PRIMARY KEY, n INTEGER NOT NULL)")
    install_generator(con, engine, "twitter", list(datacenter = 3, worker = 9), table = "zgen_bulk")
    from <- Sys.time()
    DBI::dbExecute(con, sprintf("INSERT INTO zgen_bulk (n) SELECT %s", gen_sql[[engine]]$numbers(1L, 1000000L)))
    to <- Sys.time()
    rows <- DBI::dbGetQuery(con, sprintf("SELECT n, %s AS id FROM zgen_bulk", sql_text("id", engine)))
    expect_identical(nrow(rows), 1000000L)
    rows <- rows[order(rows$n), ]
    expect_identical(as.numeric(rows$n), as.numeric(1:1000000))
    fields <- expect_minted(as_minted(rows$id, "twitter"), "twitter", list(datacenter = 3, worker = 9),
                            from, to, "a million rows")
    expect_lte(max(table(as.numeric(fields$time))), 4096)
  })

  test_that(sprintf("a tick never holds more IDs than the sequence: the function waits (%s)", label), {
    skip_unless_engine(engine)
    con <- gen_connect(engine)
    on.exit({
      drop_generator(con, engine, "zgen_next")
      DBI::dbDisconnect(con)
    })
    # Two IDs per millisecond: 3000 IDs take at least 1.5 s of ticks.
    layout <- id_layout(time = list(bits = 41, unit = "ms", epoch = 0), fields = list(w = 21),
                        sequence = 1)
    install_generator(con, engine, layout, list(w = 12345))
    from <- Sys.time()
    ids <- mint(con, engine, layout, 3000)
    to <- Sys.time()
    fields <- expect_minted(ids, layout, list(w = 12345), from, to, "two per tick")
    ticks <- table(id_time(ids, layout, as = "ms"))
    expect_lte(max(ticks), 2)
    expect_gte(length(ticks), 1500)
  })

  test_that(sprintf("four sessions inserting at once get unique, increasing IDs (%s)", label), {
    skip_unless_engine(engine)
    skip_if_not_installed("callr")
    con <- gen_connect(engine)
    on.exit({
      DBI::dbExecute(con, "DROP TABLE IF EXISTS zgen_sessions")
      drop_generator(con, engine, "zgen_next")
      DBI::dbDisconnect(con)
    })
    DBI::dbExecute(con, "DROP TABLE IF EXISTS zgen_sessions")
    DBI::dbExecute(con, paste("CREATE TABLE zgen_sessions (id BIGINT NOT NULL PRIMARY KEY,",
                              "session INTEGER NOT NULL, n INTEGER NOT NULL)"))
    nodes <- list(worker = 21, process = 2)
    install_generator(con, engine, "discord", nodes, table = "zgen_sessions")
    go <- tempfile("go")
    connection <- gen_sql[[engine]]$child_connection(Sys.getenv(c(
      "ZUID_TEST_PG_HOST", "ZUID_TEST_PG_PORT", "ZUID_TEST_MYSQL_SOCKET")))
    children <- lapply(1:4, function(session) {
      child_start(insert_session, list(connection, session_inserts(engine, session), go))
    })
    for (p in children) child_wait_for(p)
    from <- Sys.time()
    file.create(go)
    results <- lapply(children, child_result, timeout = 600)
    to <- Sys.time()
    unlink(go)
    expect_identical(unlist(results), rep(50000, 4))
    rows <- DBI::dbGetQuery(con, sprintf("SELECT session, n, %s AS id FROM zgen_sessions",
                                         sql_text("id", engine)))
    expect_identical(nrow(rows), 200000L)
    expect_identical(anyDuplicated(rows$id), 0L)
    for (session in 1:4) {
      mine <- rows[rows$session == session, ]
      mine <- mine[order(mine$n), ]
      expect_minted(as_minted(mine$id, "discord"), "discord", nodes, from, to,
                    sprintf("session %d", session))
    }
    # The sessions did run at once: their IDs interleave.
    all <- rows[order(as_minted(rows$id, "discord")), ]
    expect_gt(sum(diff(all$session) != 0), 4)
  })

  test_that(sprintf("a table with the documented default, filled by plain INSERTs (%s)", label), {
    skip_unless_engine(engine)
    con <- gen_connect(engine)
    on.exit({
      DBI::dbExecute(con, "DROP TABLE IF EXISTS zgen_events")
      drop_generator(con, engine, "zuid_next_id")
      DBI::dbDisconnect(con)
    })
    drop_generator(con, engine, "zuid_next_id")
    DBI::dbExecute(con, "DROP TABLE IF EXISTS zgen_events")
    id_sql_generator("instagram", shard = 1234, dialect = con, execute = TRUE)
    # As the documentation has it.
    for (s in gen_sql[[engine]]$default_table) DBI::dbExecute(con, s)
    from <- Sys.time()
    for (i in 1:20) DBI::dbExecute(con, sprintf("INSERT INTO zgen_events (body) VALUES ('row %d')", i))
    DBI::dbExecute(con, "INSERT INTO zgen_events (body) VALUES ('row 21'), ('row 22'), ('row 23')")
    DBI::dbExecute(con, "INSERT INTO zgen_events (id, body) VALUES (42, 'given')")
    to <- Sys.time()
    events <- DBI::dbGetQuery(con, sprintf("SELECT %s AS id, body FROM zgen_events", sql_text("id", engine)))
    given <- events$body == "given"
    expect_identical(events$id[given], "42")
    events <- id_add_fields(events[!given, ], id, "instagram")
    events <- events[order(as.integer(sub("row ", "", events$body))), ]
    expect_identical(nrow(events), 23L)
    expect_true(all(events$shard == 1234L))
    expect_true(all(events$time >= trunc(from) & events$time <= to))
    expect_identical(order(as_minted(events$id, "instagram")), 1:23)
  })

  test_that(sprintf("a statement the server refuses is a zuid_error naming it (%s)", label), {
    skip_unless_engine(engine)
    con <- gen_connect(engine)
    on.exit(DBI::dbDisconnect(con))
    err <- tryCatch(
      suppressWarnings(id_sql_generator("twitter", datacenter = 1, worker = 1, dialect = con,
                                        name = c("zgen_no_such_schema", "f"), execute = TRUE)),
      zuid_error_database = function(e) e)
    expect_s3_class(err, "zuid_error_database")
    expect_match(conditionMessage(err), "^Statement 1 of [0-9]+ \\(state\\) of the ID generator failed: ")
  })

  test_that(sprintf("the table argument adds the default to an existing table (%s)", label), {
    skip_unless_engine(engine)
    con <- gen_connect(engine)
    on.exit({
      DBI::dbExecute(con, "DROP TABLE IF EXISTS zgen_t")
      drop_generator(con, engine, "zgen_next")
      DBI::dbDisconnect(con)
    })
    DBI::dbExecute(con, "DROP TABLE IF EXISTS zgen_t")
    DBI::dbExecute(con, "CREATE TABLE zgen_t (k BIGINT NOT NULL PRIMARY KEY, body TEXT)")
    layout <- id_layout("sonyflake", epoch = as.POSIXct("2025-01-01", tz = "UTC"))
    install_generator(con, engine, layout, list(machine = 4242), table = "zgen_t", column = "k")
    # Run again: the statements replace what they made.
    install_generator(con, engine, layout, list(machine = 4242), table = "zgen_t", column = "k")
    from <- Sys.time()
    DBI::dbExecute(con, "INSERT INTO zgen_t (body) VALUES ('a'), ('b'), ('c')")
    to <- Sys.time()
    rows <- DBI::dbGetQuery(con, sprintf("SELECT %s AS k, body FROM zgen_t", sql_text("k", engine)))
    rows <- rows[order(rows$body), ]
    expect_minted(as_minted(rows$k, layout), layout, list(machine = 4242), from, to, "table argument")
  })

  test_that(sprintf("running the statements again keeps the state (%s)", label), {
    skip_unless_engine(engine)
    con <- gen_connect(engine)
    on.exit({
      drop_generator(con, engine, "zgen_next")
      DBI::dbDisconnect(con)
    })
    install_generator(con, engine, "twitter", list(datacenter = 1, worker = 1), clock = "offset")
    first <- mint(con, engine, "twitter", 10)
    # The clock is 5 s back when the function is made again for another node:
    # with on_clock_back = "error", the kept state refuses to mint again.
    install_generator(con, engine, "twitter", list(datacenter = 1, worker = 2), on_clock_back = "error",
                      clock = "offset", fresh = FALSE)
    set_test_clock(con, offset = -5)
    expect_error(mint(con, engine, "twitter", 1), "ms before the last ID")
    set_test_clock(con, offset = 0)
    later <- mint(con, engine, "twitter", 10)
    expect_true(min(later) > max(first))
    expect_true(all(id_fields(later)$worker == 2L))
  })

  test_that(sprintf("the clock stepping back: an error that says by how much (%s)", label), {
    skip_unless_engine(engine)
    con <- gen_connect(engine)
    on.exit({
      drop_generator(con, engine, "zgen_next")
      DBI::dbDisconnect(con)
    })
    install_generator(con, engine, "discord", list(worker = 3, process = 4), on_clock_back = "error", clock = "offset")
    before <- mint(con, engine, "discord", 5)
    set_test_clock(con, offset = -3)
    err <- tryCatch(mint(con, engine, "discord", 1), error = function(e) conditionMessage(e))
    expect_match(err, "zuid: the clock reads [0-9]+ ms before the last ID this function minted")
    behind <- as.numeric(sub(".*clock reads ([0-9]+) ms.*", "\\1", err))
    expect_gt(behind, 2000)
    expect_lte(behind, 3000)
    # The next ID, with the clock back, follows (the failed call took a
    # value of the state: a gap, as a sequence leaves).
    set_test_clock(con, offset = 0)
    after <- mint(con, engine, "discord", 5)
    expect_true(min(after) > max(before))
  })

  test_that(sprintf("the clock stepping back: the function waits until it is back (%s)", label), {
    skip_unless_engine(engine)
    con <- gen_connect(engine)
    on.exit({
      drop_generator(con, engine, "zgen_next")
      DBI::dbDisconnect(con)
    })
    install_generator(con, engine, "twitter", list(datacenter = 2, worker = 2), clock = "offset")
    before <- mint(con, engine, "twitter", 5)
    set_test_clock(con, offset = -1.5)
    started <- Sys.time()
    after <- mint(con, engine, "twitter", 5)
    waited <- as.numeric(difftime(Sys.time(), started, units = "secs"))
    expect_true(min(after) > max(before))
    # It waited for the clock to reach the last ID's tick again.
    expect_gt(waited, 1)
    expect_identical(anyDuplicated(c(before, after)), 0L)
  })

  test_that(sprintf("a clock that does not move is an error, not a hang (%s)", label), {
    skip_unless_engine(engine)
    con <- gen_connect(engine, timeout = 30)
    on.exit({
      drop_generator(con, engine, "zgen_next")
      DBI::dbDisconnect(con)
    })
    # One ID per tick: the second must wait for a clock that stands still.
    layout <- id_layout(time = list(bits = 41, unit = "ms", epoch = 0), fields = list(w = 22),
                        sequence = 0)
    install_generator(con, engine, layout, list(w = 1), clock = "offset")
    set_test_clock(con, fixed = Sys.time())
    expect_length(mint(con, engine, layout, 1), 1L)
    expect_error(mint(con, engine, layout, 2), "the clock did not move while the ID generator waited")
  })

  test_that(sprintf("clocks before the epoch and past the layout's end are errors (%s)", label), {
    skip_unless_engine(engine)
    con <- gen_connect(engine)
    on.exit({
      drop_generator(con, engine, "zgen_next")
      DBI::dbDisconnect(con)
    })
    install_generator(con, engine, "twitter", list(datacenter = 1, worker = 1), clock = "offset")
    set_test_clock(con, fixed = as.POSIXct("2005-01-01", tz = "UTC"))
    expect_error(mint(con, engine, "twitter", 1), "before the layout's epoch")
    # Twitter's 41 bits of milliseconds end in 2080.
    set_test_clock(con, fixed = as.POSIXct("2090-01-01", tz = "UTC"))
    expect_error(mint(con, engine, "twitter", 1), "past the layout's last tick")
    set_test_clock(con, offset = 0)
    expect_length(mint(con, engine, "twitter", 2), 2L)
  })

  test_that(sprintf("IDs of 2^63 and more come as the negative BIGINT of their bits (%s)", label), {
    skip_unless_engine(engine)
    con <- gen_connect(engine)
    on.exit({
      drop_generator(con, engine, "zgen_next")
      DBI::dbDisconnect(con)
    })
    install_generator(con, engine, "instagram", list(shard = 77), clock = "offset")
    # Instagram's top bit is set from 2046 on.
    at <- as.POSIXct("2047-03-01 12:00:00", tz = "UTC")
    set_test_clock(con, offset = as.numeric(at) - as.numeric(Sys.time()))
    from <- Sys.time()
    text <- mint(con, engine, "instagram", 2000, text = TRUE)
    elapsed <- as.numeric(Sys.time()) - as.numeric(from)
    expect_true(all(startsWith(text, "-")))
    ids <- as_minted(text, "instagram")
    expect_true(all(ids > "9223372036854775807"))
    expect_minted(ids, "instagram", list(shard = 77), at, at + elapsed + 1, "past 2^63")
  })

  test_that(sprintf("SCRU64 bursts run ahead, within 10 s, and small steps back are absorbed (%s)", label), {
    skip_unless_engine(engine)
    con <- gen_connect(engine)
    on.exit({
      drop_generator(con, engine, "zgen_next")
      DBI::dbDisconnect(con)
    })
    # 4 bits of counter: each tick starts below 8, so at least 8 IDs a tick.
    layout <- id_layout("scru64", node_bits = 20)
    install_generator(con, engine, layout, list(node = 99), on_clock_back = "error", clock = "offset")
    from <- Sys.time()
    ids <- mint(con, engine, layout, 300)
    to <- Sys.time()
    fields <- expect_minted(ids, layout, list(node = 99), from, to + 10, "burst")
    # The burst went on past the clock's tick without waiting, not 10 s ahead.
    expect_gt(as.numeric(max(fields$time)), as.numeric(to))
    expect_lt(as.numeric(max(fields$time)) - as.numeric(to), 10)
    first_seq <- tapply(fields$sequence, as.numeric(fields$time), min)
    expect_true(all(first_seq < 8))
    # A step back within the allowance (from the last ID's tick): no error
    # under on_clock_back = "error"; a larger one is an error.
    install_generator(con, engine, layout, list(node = 99), on_clock_back = "error", clock = "offset")
    before <- mint(con, engine, layout, 3)
    set_test_clock(con, offset = -5)
    more <- mint(con, engine, layout, 5)
    expect_true(min(more) > max(before))
    set_test_clock(con, offset = -30)
    expect_error(mint(con, engine, layout, 1), "ms before the last ID")
  })

  test_that(sprintf("hostile names are names: schemas, quotes, semicolons (%s)", label), {
    skip_unless_engine(engine)
    con <- gen_connect(engine)
    schema <- "zgen s'ch\"e`ma\\"
    name <- c(schema, "n\"ext`; DROP TABLE zgen_canary; -- $zuid$ {{state}}")
    table <- c(schema, "t'b`l")
    on.exit({
      DBI::dbExecute(con, sprintf(gen_sql[[engine]]$drop_schema, qualify(schema, engine)))
      DBI::dbExecute(con, "DROP TABLE IF EXISTS zgen_canary")
      DBI::dbExecute(con, "DROP TABLE IF EXISTS zgen_minted")
      DBI::dbDisconnect(con)
    })
    DBI::dbExecute(con, sprintf(gen_sql[[engine]]$drop_schema, qualify(schema, engine)))
    DBI::dbExecute(con, sprintf(gen_sql[[engine]]$create_schema, qualify(schema, engine)))
    DBI::dbExecute(con, "DROP TABLE IF EXISTS zgen_canary")
    DBI::dbExecute(con, "CREATE TABLE zgen_canary (x INTEGER)")
    if (gen_sql[[engine]]$minted_table) make_minted_table(con)
    DBI::dbExecute(con, sprintf("CREATE TABLE %s (%s BIGINT NOT NULL PRIMARY KEY, v INTEGER)",
                                qualify(table, engine), quote_name("i;d", engine)))
    id_sql_generator("twitter", datacenter = 9, worker = 9, dialect = con, name = name, table = table,
                     column = "i;d", execute = TRUE)
    from <- Sys.time()
    DBI::dbExecute(con, sprintf("INSERT INTO %s (v) VALUES (1), (2), (3)", qualify(table, engine)))
    ids <- mint(con, engine, "twitter", 3, fn = name)
    to <- Sys.time()
    expect_true(DBI::dbExistsTable(con, "zgen_canary"))
    rows <- DBI::dbGetQuery(con, sprintf("SELECT %s AS id FROM %s ORDER BY v", sql_text(quote_name("i;d", engine),
                                                                                        engine),
                                         qualify(table, engine)))
    expect_minted(c(as_minted(rows$id, "twitter"), ids), "twitter", list(datacenter = 9, worker = 9),
                  from, to, "hostile names")
  })

  test_that(sprintf("the state knows its layout: another one under the same name is refused (%s)", label), {
    skip_unless_engine(engine)
    con <- gen_connect(engine)
    on.exit({
      drop_generator(con, engine, "zgen_next")
      DBI::dbDisconnect(con)
    })
    install_generator(con, engine, "twitter", list(datacenter = 1, worker = 2))
    before <- mint(con, engine, "twitter", 3)
    # A narrower sequence and another epoch: the old state's ticks and
    # counters would mean nothing (and the function would wait for ages).
    err <- tryCatch(id_sql_generator("discord", worker = 1, process = 2, dialect = con, name = "zgen_next",
                                     execute = TRUE),
                    zuid_error_generator_state = function(e) e)
    expect_s3_class(err, "zuid_error_generator_state")
    expect_match(conditionMessage(err), "zgen_next_state was made for another layout: zuid ID generator state",
                 fixed = TRUE)
    expect_match(conditionMessage(err), "Create this generator under another name", fixed = TRUE)
    # Refused before anything was replaced: the old function mints on.
    after <- mint(con, engine, "twitter", 3)
    expect_true(min(after) > max(before))
    expect_true(all(id_fields(after)$worker == 2L))
    # Another node of the same layout keeps the state (and says so in its stamp).
    install_generator(con, engine, "twitter", list(datacenter = 1, worker = 3), fresh = FALSE)
    expect_true(min(mint(con, engine, "twitter", 3)) > max(after))
  })

  test_that(sprintf("a column is taken over with new IDs above every existing one (%s)", label), {
    skip_unless_engine(engine)
    con <- gen_connect(engine)
    on.exit({
      DBI::dbExecute(con, "DROP TABLE IF EXISTS zgen_adopt")
      drop_generator(con, engine, "zgen_next")
      DBI::dbDisconnect(con)
    })
    layout <- id_layout("twitter")
    nodes <- list(datacenter = 4, worker = 4)
    for (kind in names(gen_sql[[engine]]$adoptable)) {
      DBI::dbExecute(con, "DROP TABLE IF EXISTS zgen_adopt")
      DBI::dbExecute(con, sprintf("CREATE TABLE zgen_adopt (%s, body TEXT)", gen_sql[[engine]]$adoptable[[kind]]))
      DBI::dbExecute(con, "INSERT INTO zgen_adopt (body) VALUES ('old 1'), ('old 2'), ('old 3')")
      # Without adopt = TRUE, a column that gets its values elsewhere is refused.
      err <- tryCatch(install_generator(con, engine, layout, nodes, table = "zgen_adopt"),
                      zuid_error_generator_column = function(e) e)
      expect_s3_class(err, "zuid_error_generator_column")
      expect_match(conditionMessage(err), "adopt = TRUE takes it over", fixed = TRUE)
      install_generator(con, engine, layout, nodes, table = "zgen_adopt", adopt = TRUE)
      from <- Sys.time()
      DBI::dbExecute(con, "INSERT INTO zgen_adopt (body) VALUES ('new 1'), ('new 2')")
      to <- Sys.time()
      rows <- DBI::dbGetQuery(con, sprintf("SELECT %s AS id, body FROM zgen_adopt", sql_text("id", engine)))
      old <- as.numeric(rows$id[startsWith(rows$body, "old")])
      new <- as_minted(rows$id[startsWith(rows$body, "new")], layout)
      expect_identical(sort(old), c(1, 2, 3), label = kind)
      expect_minted(new, layout, nodes, from, to, kind)
      expect_true(all(new > "3"), label = kind)
    }
  })

  test_that(sprintf("a column's greatest ID ahead of the clock: new IDs start above it (%s)", label), {
    skip_unless_engine(engine)
    con <- gen_connect(engine)
    on.exit({
      DBI::dbExecute(con, "DROP TABLE IF EXISTS zgen_adopt")
      drop_generator(con, engine, "zgen_next")
      DBI::dbDisconnect(con)
    })
    layout <- id_layout("twitter")
    DBI::dbExecute(con, "DROP TABLE IF EXISTS zgen_adopt")
    DBI::dbExecute(con, "CREATE TABLE zgen_adopt (id BIGINT NOT NULL PRIMARY KEY, body TEXT)")
    # An ID of a higher node, minted elsewhere, a second ahead of this clock.
    ahead <- id_compose(Sys.time() + 1, layout, datacenter = 31, worker = 31, sequence = 9)
    DBI::dbExecute(con, sprintf("INSERT INTO zgen_adopt VALUES (%s, 'old')", as.character(ahead)))
    # Said at install (see test-sql-generator-ahead.R).
    expect_warning(install_generator(con, engine, layout, list(datacenter = 1, worker = 1), table = "zgen_adopt"),
                   class = "zuid_warning_generator_ahead")
    DBI::dbExecute(con, "INSERT INTO zgen_adopt (body) VALUES ('new')")
    new <- as_minted(DBI::dbGetQuery(con, sprintf("SELECT %s AS id FROM zgen_adopt WHERE body = 'new'",
                                                  sql_text("id", engine)))$id, layout)
    expect_true(new > ahead)
    # The column must hold 64-bit IDs.
    DBI::dbExecute(con, "DROP TABLE zgen_adopt")
    DBI::dbExecute(con, sprintf("CREATE TABLE zgen_adopt (%s, body TEXT)", gen_sql[[engine]]$narrow_column))
    expect_error(install_generator(con, engine, layout, list(datacenter = 1, worker = 1), table = "zgen_adopt",
                                   adopt = TRUE),
                 "is not a BIGINT", class = "zuid_error_generator_column")
  })

  test_that(sprintf("at capacity, sessions under \"error\" wait for ticks, never fail (%s)", label), {
    skip_unless_engine(engine)
    skip_if_not_installed("callr")
    con <- gen_connect(engine)
    on.exit({
      DBI::dbExecute(con, "DROP TABLE IF EXISTS zgen_sessions")
      drop_generator(con, engine, "zgen_next")
      DBI::dbDisconnect(con)
    })
    # Two IDs a millisecond: four sessions keep every tick used up, and a
    # session's value is often ahead of its clock because of the others'.
    layout <- id_layout(time = list(bits = 41, unit = "ms", epoch = 0), fields = list(w = 21), sequence = 1)
    DBI::dbExecute(con, "DROP TABLE IF EXISTS zgen_sessions")
    DBI::dbExecute(con, paste("CREATE TABLE zgen_sessions (id BIGINT NOT NULL PRIMARY KEY,",
                              "session INTEGER NOT NULL, n INTEGER NOT NULL)"))
    install_generator(con, engine, layout, list(w = 3), table = "zgen_sessions", on_clock_back = "error")
    go <- tempfile("go")
    connection <- gen_sql[[engine]]$child_connection(Sys.getenv(c(
      "ZUID_TEST_PG_HOST", "ZUID_TEST_PG_PORT", "ZUID_TEST_MYSQL_SOCKET")))
    children <- lapply(1:4, function(session) {
      statements <- sprintf("INSERT INTO zgen_sessions (session, n) VALUES (%d, %d)", session, 1:150)
      child_start(insert_session, list(connection, statements, go))
    })
    for (p in children) child_wait_for(p)
    file.create(go)
    results <- lapply(children, child_result, timeout = 600)
    unlink(go)
    expect_identical(unlist(results), rep(150, 4))
    rows <- DBI::dbGetQuery(con, sprintf("SELECT session, n, %s AS id FROM zgen_sessions", sql_text("id", engine)))
    ids <- as_minted(rows$id, layout)
    expect_identical(anyDuplicated(ids), 0L)
    expect_lte(max(table(id_time(ids, layout, as = "ms"))), 2)
  })
}
