# The SQL of node leases: statements built from zuid's own values, in each
# engine's dialect, and the database clock they read.

lease_state <- function(dialect, table = "\"t\"") {
  state <- new.env()
  state$sql <- zuid:::sql_dialect(dialect)
  state$table <- table
  state$table_name <- "t"
  state$space <- "time<<22 ms from 1288834974657"
  state$mask <- "0x3ff000"
  state$count <- 1024
  state$ttl_ms <- 30000
  state$node <- 5
  state$token <- "123-1-1700000000000000"
  state$layout <- id_layout("twitter")
  state$nodes <- list(datacenter = 0, worker = 5)
  state$host <- "vm"
  state$pid <- 123L
  state
}

test_that("text in lease statements keeps a few safe characters and nothing that needs escaping", {
  literal <- zuid:::lease_literal
  expect_identical(literal("time<<22 ms from 1288834974657"), "'time<<22 ms from 1288834974657'")
  expect_identical(literal("datacenter=1,worker=7"), "'datacenter=1,worker=7'")
  expect_identical(literal("a'b\\c\"d;e\u00e9"), "'a<U+0027>b<U+005C>c<U+0022>d<U+003B>e<U+00E9>'")
  expect_identical(literal(rawToChar(as.raw(c(0x61, 0xff, 0x27)))), "'a<FF><U+0027>'")
  expect_identical(literal(iconv("caf\u00e9", "UTF-8", "latin1")), "'caf<U+00E9>'")
  expect_identical(nchar(literal(strrep("x", 500))), 92L)
  for (text in c("'; DROP TABLE t; --", "\\' OR 1=1", "\u2028x")) {
    inner <- substr(literal(text), 2L, nchar(literal(text)) - 1L)
    expect_false(grepl("['\"\\\\;]", inner), label = text)
  }
})

test_that("each dialect creates both tables and writes its own insert, upsert and casts", {
  for (dialect in c("postgres", "sqlite", "mysql")) {
    state <- lease_state(dialect)
    state$ledger <- "\"t_horizons\""
    for (which in c("table", "ledger")) {
      create <- zuid:::lease_sql_create(state, which)
      expect_match(create, "PRIMARY KEY (id_space, node_mask, node)", fixed = TRUE)
      expect_match(create, sprintf("node %s NOT NULL", state$sql$types[["integer"]]), fixed = TRUE)
      expect_match(create, "horizon [A-Z]+,")
    }
    expect_match(zuid:::lease_sql_create(state, "ledger"), "owner_mask VARCHAR\\(20\\), owner_until_ms")
    expect_match(sprintf(state$sql$lease$text, "x"), "^CAST\\(x AS (TEXT|CHAR)\\)$")
    expect_match(sprintf(state$sql$lease$greatest, "a", "b"), "^(GREATEST|MAX)\\(a, b\\)$")
  }
  insert <- function(dialect) zuid:::sql_dialect(dialect)$lease$insert_new("t", c("a", "b"), c("1", "'x'"))
  expect_identical(insert("postgres"), "INSERT INTO t (a, b) VALUES (1, 'x') ON CONFLICT DO NOTHING")
  expect_identical(insert("sqlite"), insert("postgres"))
  expect_identical(insert("mysql"), "INSERT IGNORE INTO t (a, b) VALUES (1, 'x')")
  upsert <- function(dialect) {
    zuid:::sql_dialect(dialect)$lease$upsert_max("t", c("k1", "k2", "k3", "h", "changes"),
                                                c("1", "2", "3", "9", "0"), "h")
  }
  expect_identical(upsert("postgres"), paste(
    "INSERT INTO t (k1, k2, k3, h, changes) VALUES (1, 2, 3, 9, 0) ON CONFLICT (k1, k2, k3) DO UPDATE SET",
    "h = GREATEST(COALESCE(t.h, excluded.h), excluded.h), changes = t.changes + 1"))
  expect_identical(upsert("sqlite"), paste(
    "INSERT INTO t (k1, k2, k3, h, changes) VALUES (1, 2, 3, 9, 0) ON CONFLICT (k1, k2, k3) DO UPDATE SET",
    "h = MAX(COALESCE(h, excluded.h), excluded.h), changes = changes + 1"))
  expect_identical(upsert("mysql"), paste(
    "INSERT INTO t (k1, k2, k3, h, changes) VALUES (1, 2, 3, 9, 0) ON DUPLICATE KEY UPDATE",
    "h = GREATEST(COALESCE(h, VALUES(h)), VALUES(h)), changes = changes + 1"))
  expect_null(zuid:::sql_dialect("duckdb")$lease)
  expect_null(zuid:::sql_dialect("sqlite")$lease$outside)
})

test_that("numbers from any driver, and a table with no rows, read as id_leases() returns them", {
  expect_identical(zuid:::lease_number(bit64::as.integer64("1700000000123")), 1700000000123)
  expect_identical(zuid:::lease_number(5L), 5)
  expect_identical(zuid:::lease_number(NULL), numeric())
  empty <- zuid:::lease_frame(NULL)
  expect_identical(nrow(empty), 0L)
  expect_s3_class(empty$expires, "POSIXct")
  expect_type(empty$pid, "integer")
})

for (engine in lease_engines()) {
  test_that(sprintf("the lease clock is the database's, in milliseconds since 1970 (%s)", engine), {
    skip_unless_engine(engine)
    con <- engine_connect(engine)
    on.exit(DBI::dbDisconnect(con))
    sql <- sprintf("SELECT %s AS now_ms", dialect_of(engine)$lease$now_ms)
    before <- as.double(Sys.time()) * 1000
    now <- as.double(DBI::dbGetQuery(con, sql)$now_ms)
    after <- as.double(Sys.time()) * 1000
    expect_true(now >= before - 1000 && now <= after + 1000,
                label = sprintf("%s: %f in [%f, %f]", engine, now, before, after))
    expect_identical(now, round(now))
  })
}

for (engine in lease_engines()) {
  test_that(sprintf("the ledger's upsert only raises, counts every change, and text casts are exact (%s)", engine), {
    skip_unless_engine(engine)
    db <- lease_database(engine)
    state <- zuid:::lease_table_state(db$con, db$table, NULL)
    zuid:::lease_prepare(state, NULL)
    upsert <- function(horizon) {
      values <- c(id_space = "'s'", node_mask = "'m'", node = "7", horizon = horizon, updated_ms = "0",
                  changes = "0")
      DBI::dbExecute(db$con, state$sql$lease$upsert_max(state$ledger, names(values), values, "horizon"))
      row <- DBI::dbGetQuery(db$con, sprintf("SELECT %s AS horizon, changes FROM %s WHERE node = 7",
                                              sprintf(state$sql$lease$text, "horizon"), state$ledger))
      list(horizon = row$horizon, changes = as.double(row$changes))
    }
    expect_identical(upsert("5"), list(horizon = "5", changes = 0))
    expect_identical(upsert("3"), list(horizon = "5", changes = 1))
    expect_identical(upsert("9007199254740993"), list(horizon = "9007199254740993", changes = 2))
    expect_identical(upsert("9007199254740993"), list(horizon = "9007199254740993", changes = 3))
    # The connection outside and inside a transaction.
    expect_identical(zuid:::lease_step_outside(state, list(), NULL), list(answer = "outside", outside = TRUE))
    DBI::dbBegin(db$con)
    expect_identical(zuid:::lease_step_outside(state, list(), NULL), list(answer = "outside", outside = FALSE))
    DBI::dbRollback(db$con)
    expect_identical(zuid:::lease_step_outside(state, list(), NULL), list(answer = "outside", outside = TRUE))
  })
}
