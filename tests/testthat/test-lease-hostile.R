# Node leases against what happens around a lease table (issue 29): other
# clients that delete, empty or edit its rows, statements that fail, warn,
# answer in another form or lose their answer, a caller's transaction, two
# layouts that split one ID space differently, waits longer than a lease's
# window. On every engine that holds leases; the invariant checked
# everywhere is that no ID is minted twice. (The core's tests drive the
# same protocol through thousands of scripted runs.)

# Milliseconds, a 10-bit node and a 12-bit sequence (Twitter's bits); and
# the same ID space split into an 8-bit node and a 14-bit sequence.
split_ten <- function() {
  id_layout(name = "ten", time = list(bits = 41, unit = "ms", epoch = 1288834974657),
            fields = list(node = 10), sequence = 12)
}
split_eight <- function() {
  id_layout(name = "eight", time = list(bits = 41, unit = "ms", epoch = 1288834974657),
            fields = list(node = 8), sequence = 14)
}

# Seconds: two splits of a space whose IDs coincide wherever their ticks do.
seconds_four <- function() {
  id_layout(name = "four", time = list(bits = 32, unit = "s", epoch = as.POSIXct("2024-01-01", tz = "UTC")),
            fields = list(node = 2), sequence = 29)
}
seconds_two <- function() {
  id_layout(name = "two", time = list(bits = 32, unit = "s", epoch = as.POSIXct("2024-01-01", tz = "UTC")),
            fields = list(node = 1), sequence = 30)
}

# A child that claims a node of `layout` and mints `n` IDs (as text), then
# holds its lease (renewing it) until the file `stop` exists, and gives
# the node back. `env` may set its clock back. Its lease lasts 5 s, so that
# it stays live on a loaded machine.
minting_child <- function(db, layout, n, stop, env = character(), policy = "borrow") {
  lease_child(db, function(con, table, layout, n, stop, policy) {
    g <- zuid::id_generator(layout, lease = con, lease_table = table, lease_ttl = 5, on_clock_back = policy)
    ids <- zuid::id_next(g, n, as = "character")
    cat("ready\n")
    while (!file.exists(stop)) {
      ids <- c(ids, zuid::id_next(g, 50, as = "character"))
      Sys.sleep(0.05)
    }
    zuid::id_release(g)
    list(ids = ids, nodes = g$nodes)
  }, list(db$table, layout, n, stop, policy), env = env)
}

for (engine in lease_engines()) {
  test_that(sprintf("two splits of one ID space never hold it at once, nor renew into it (%s)", engine), {
    skip_unless_lease_engine(engine)
    skip_if_not_installed("callr")
    db <- lease_database(engine)
    # Two ID spaces (milliseconds, seconds), each with two splits. Waits
    # are at least as long as the leases: a slow machine only lengthens
    # them.
    pairs <- list(list(split_ten(), split_eight()), list(seconds_four(), seconds_two()))
    old <- lapply(pairs, function(p) id_generator(p[[1]], lease = db$con, lease_table = db$table, lease_ttl = 8))
    before <- lapply(old, id_next, n = 300, as = "character")
    for (p in pairs) {
      # While the old split's lease is live, the other split is refused.
      err <- expect_error(id_generator(p[[2]], lease = db$con, lease_table = db$table), class = "zuid_error_lease",
                          regexp = "splits the bits below its time into other fields")
      expect_identical(err$reason, "split")
    }
    # The old holders go idle past their leases; the other splits take the
    # spaces in another process and mint.
    Sys.sleep(8.2)
    stops <- c(tempfile(), tempfile())
    children <- lapply(1:2, function(i) minting_child(db, pairs[[i]][[2]], 300, stops[[i]]))
    for (child in children) child_wait_for(child)
    # The old holders may not renew in place: the spaces are the others'.
    for (g in old) {
      err <- expect_error(id_next(g, 300), class = "zuid_error_lease", regexp = "splits the bits")
      expect_identical(err$reason, "split")
    }
    file.create(stops)
    others <- lease_results(children)
    for (other in others) expect_null(other$error)
    # Once the other splits' ownership expires, the old ones claim again,
    # above every ID the others minted.
    Sys.sleep(5.2)
    for (i in 1:2) {
      after <- suppressWarnings(id_next(old[[i]], 300, as = "character"))
      expect_length(after, 300)
      expect_true(all_above(after, others[[i]]$ids))
      expect_no_twice(before[[i]], others[[i]]$ids, after)
    }
  })

  test_that(sprintf("rows deleted or emptied under a live holder never let another mint its IDs (%s)", engine), {
    skip_unless_lease_engine(engine)
    skip_if_not_installed("callr")
    skip_on_os("windows")
    shim <- clock_shim()
    if (is.null(shim)) skip("no C compiler to build the clock shim")
    for (statement in emptying(engine, "%s")) {
      db <- lease_database(engine)
      holder <- id_generator("twitter", lease = db$con, lease_table = db$table, lease_ttl = 2)
      first <- id_next(holder, 2000, as = "character")
      other <- lease_connect(db)
      DBI::dbExecute(other, sprintf(statement, db$table))
      DBI::dbDisconnect(other)
      # Another process finds node 0 with no row and claims it, its clock
      # 2 s behind (it would mint the holder's ticks again): it starts above
      # the horizon the holder reserved, while the holder mints on.
      stop <- tempfile()
      child <- minting_child(db, "twitter", 3000, stop,
                             env = c(LD_PRELOAD = shim, ZUID_TEST_CLOCK_OFFSET_MS = "-2000"))
      child_wait_for(child)
      # The holder mints on in its window, then its renewal finds its row
      # gone or taken: it says so, and claims a node again. (Starting the
      # child may take longer than the window: the renewal may come first.)
      warnings <- list()
      keep <- function(w) {
        warnings[[length(warnings) + 1L]] <<- w
        invokeRestart("muffleWarning")
      }
      during <- withCallingHandlers(id_next(holder, 2000, as = "character"), zuid_warning_lease = keep)
      Sys.sleep(1.1)
      later <- withCallingHandlers(id_next(holder, 2000, as = "character"), zuid_warning_lease = keep)
      expect_length(warnings, 1L)
      expect_match(conditionMessage(warnings[[1]]), "lease of node 0 in zuid_leases_[a-z]+_[0-9]+ was lost")
      expect_identical(warnings[[1]]$from, "0")
      file.create(stop)
      taker <- lease_results(list(child))[[1]]
      expect_null(taker$error)
      # An SQLite file's clock is each process's own: the child's lease,
      # 2 s behind, has expired for the holder, which may take node 0 back.
      if (engine != "sqlite") expect_identical(taker$nodes, list(datacenter = 0, worker = 0))
      expect_true(all_above(later, c(first, during)))
      expect_no_twice(first, during, later, taker$ids)
    }
  })

  test_that(sprintf("a live row edited by another client never lowers what the next holder starts after (%s)",
                    engine), {
    skip_unless_lease_engine(engine)
    edits <- c("horizon = NULL, horizon_ms = NULL, expires_ms = 0", "released = 1, horizon = 0",
               "token = 'someone else', expires_ms = 0", "node = 77")
    for (edit in edits) {
      db <- lease_database(engine)
      a <- id_generator(two_nodes_ms(), lease = db$con, lease_table = db$table, lease_ttl = 2,
                        on_clock_back = "borrow")
      first <- id_next(a, 3000, as = "character")
      DBI::dbExecute(db$con, sprintf("UPDATE %s SET %s", db$table, edit))
      # Another holder in this process takes node 0 (its row free, or gone);
      # a row moved to a node the layout lacks is passed over, and named.
      claim <- function() {
        id_generator(two_nodes_ms(), lease = db$con, lease_table = db$table, lease_ttl = 2, on_clock_back = "borrow")
      }
      if (edit == "node = 77") expect_warning(b <- claim(), class = "zuid_warning_lease_row") else b <- claim()
      expect_identical(b$nodes, list(node = 0))
      both <- c(id_next(b, 3000, as = "character"), id_next(a, 3000, as = "character"))
      expect_no_twice(first, both)
    }
  })

  test_that(sprintf("a claim or renewal inside the caller's transaction is refused, and goes on after (%s)",
                    engine), {
    skip_unless_lease_engine(engine)
    db <- lease_database(engine)
    DBI::dbBegin(db$con)
    err <- expect_error(id_generator("twitter", lease = db$con, lease_table = db$table), class = "zuid_error_lease",
                        regexp = "inside a transaction: a node lease claimed there would be undone")
    expect_identical(c(err$reason, err$doing), c("transaction", "claim"))
    DBI::dbRollback(db$con)
    g <- id_generator("twitter", lease = db$con, lease_table = db$table, lease_ttl = 1)
    first <- id_next(g, 10)
    Sys.sleep(0.6)
    DBI::dbBegin(db$con)
    err <- expect_error(id_next(g, 10), class = "zuid_error_lease", regexp = "a node lease renewed there")
    expect_identical(err$doing, "renew")
    expect_error(id_release(g), class = "zuid_error_lease", regexp = "a node lease given back there")
    DBI::dbRollback(db$con)
    # Giving back was asked: the generator mints no more, and giving back
    # outside the transaction works.
    expect_error(id_next(g, 1), class = "zuid_error_lease", regexp = "gave its node .* back")
    id_release(g)
    expect_identical(id_leases(db$con, db$table)$state, "released")
    if (engine == "mysql") {
      DBI::dbExecute(db$con, "SET autocommit = 0")
      expect_error(id_generator("twitter", lease = db$con, lease_table = db$table), class = "zuid_error_lease",
                   regexp = "inside a transaction")
      DBI::dbExecute(db$con, "SET autocommit = 1")
    }
  })

  test_that(sprintf("a statement that fails, warns, answers in another form or loses its answer is no answer (%s)",
                    engine), {
    skip_unless_lease_engine(engine)
    db <- lease_database(engine)
    # How many statements a claim and its first IDs take, on this engine.
    plan <- fault_plan()
    con <- faulty_connection(db$con, plan)
    g <- id_generator(two_nodes_ms(), lease = con, lease_table = db$table)
    id_next(g, 5)
    claim_statements <- plan$count
    id_release(g)
    expect_gt(claim_statements, 10)
    for (how in c("error", "null", "shape", "lost")) {
      for (at in seq_len(claim_statements)) {
        table <- fresh_lease_table(db)
        plan <- fault_plan()
        con <- faulty_connection(db$con, plan)
        plan$how <- how
        plan$at <- at
        minted <- tryCatch(id_next(id_generator(two_nodes_ms(), lease = con, lease_table = table), 5),
                           zuid_error_lease = function(e) e)
        if (is.null(plan$statement)) {
          # Fewer statements than the first claim took (it set SQLite's
          # busy timeout, which this connection keeps).
          expect_lt(plan$count, at)
          next
        }
        label <- sprintf("%s at statement %d (%s)", how, at, plan$statement)
        if (!inherits(minted, "zuid_error_lease")) {
          # The failures that change nothing: a table made, and the answer
          # lost (it is there); and the read that only names the rows of
          # nodes the layout lacks, for a warning (the claim's own
          # statements say whether the database answers).
          made <- how == "lost" && grepl("^CREATE TABLE", plan$statement)
          foreign_read <- grepl("AND NOT (node >= 0 AND node <", plan$statement, fixed = TRUE)
          expect_true(made || foreign_read, label = label)
          next
        }
        expect_identical(minted$reason, "database", label = label)
        expect_match(conditionMessage(minted), if (how == "shape") "could not be read|not a table" else "injected",
                     label = label)
        # Whatever the failure left, a claim with a sound connection goes
        # on and mints above what any holder of the table may have minted.
        g <- id_generator(two_nodes_ms(), lease = db$con, lease_table = table)
        expect_length(id_next(g, 5), 5L)
      }
    }
  })

  test_that(sprintf("a listing that cannot be read is an error, never an empty table (%s)", engine), {
    skip_unless_lease_engine(engine)
    db <- lease_database(engine)
    id_generator("twitter", lease = db$con, lease_table = db$table)
    for (how in c("error", "null", "shape")) {
      plan <- fault_plan()
      con <- faulty_connection(db$con, plan)
      # The table's existence, then its rows.
      for (at in 1:2) {
        plan$count <- 0L
        plan$at <- at
        plan$how <- how
        err <- expect_error(id_leases(con, db$table), class = "zuid_error_lease", regexp = "Could not (read|list)")
        expect_identical(err$reason, "database")
      }
    }
    expect_identical(nrow(id_leases(db$con, db$table)), 1L)
  })

  test_that(sprintf("a failed renewal or give-back mints nothing it could not be sure of (%s)", engine), {
    skip_unless_lease_engine(engine)
    db <- lease_database(engine)
    for (how in c("null", "lost")) {
      for (at in 1:6) {
        plan <- fault_plan()
        con <- faulty_connection(db$con, plan)
        g <- id_generator(two_nodes_ms(), lease = con, lease_table = fresh_lease_table(db), lease_ttl = 1)
        first <- id_next(g, 100, as = "character")
        Sys.sleep(0.6)
        plan$how <- how
        plan$at <- plan$count + at
        renewed <- tryCatch(id_next(g, 100, as = "character"), zuid_error_lease = function(e) e)
        if (inherits(renewed, "zuid_error_lease")) {
          expect_identical(renewed$reason, "database")
          renewed <- id_next(g, 100, as = "character")
        }
        expect_true(all_above(renewed, first))
        plan$at <- plan$count + 1L
        expect_warning(id_release(g), class = "zuid_warning_lease", regexp = "stays leased")
        expect_error(id_next(g), class = "zuid_error_lease", regexp = "gave its node")
      }
    }
  })

  test_that(sprintf("a node given back without minting lets its next holder start at once (%s)", engine), {
    skip_unless_lease_engine(engine)
    db <- lease_database(engine)
    id_release(id_generator("mastodon", lease = db$con, lease_table = db$table))
    # Under "error", a horizon ahead of the clock would be refused.
    g <- id_generator("mastodon", lease = db$con, lease_table = db$table, on_clock_back = "error")
    expect_length(id_next(g, 10), 10L)
    last <- id_next(g, 1, as = "character")
    id_release(g)
    h <- id_generator("mastodon", lease = db$con, lease_table = db$table, on_clock_back = "wait")
    expect_true(all_above(id_next(h, 10), last))
  })

  test_that(sprintf("a generator that waits longer than its lease's window waits, renewing (%s)", engine), {
    skip_unless_lease_engine(engine)
    db <- lease_database(engine)
    # Ticks of 1.5 s and 4 IDs a tick, under a lease of 1 s: 12 IDs wait
    # for two more ticks, three windows.
    slow <- id_layout(time = list(bits = 40, unit = "1500ms", epoch = 0), fields = list(node = 21),
                      sequence = 2)
    g <- id_generator(slow, lease = db$con, lease_table = db$table, lease_ttl = 1)
    ids <- id_next(g, 12, as = "integer64")
    expect_length(ids, 12L)
    expect_true(all(diff(ids) > 0))
    expect_gte(length(unique(id_time(ids, slow))), 3L)
  })

  test_that(sprintf("lease table names the engine would cut short are refused (%s)", engine), {
    skip_unless_lease_engine(engine)
    db <- lease_database(engine)
    if (engine == "sqlite") {
      long <- strrep("t", 100)
      g <- id_generator("twitter", lease = db$con, lease_table = long)
      expect_identical(id_leases(db$con, long)$state, "held")
      id_release(g)
    } else {
      limit <- if (engine == "postgres") 63 else 64
      fits <- strrep("t", limit - nchar("_horizons"))
      id_release(id_generator("twitter", lease = db$con, lease_table = fits))
      for (table in c(paste0(fits, "t"), strrep("t", limit + 1))) {
        expect_error(id_generator("twitter", lease = db$con, lease_table = table), class = "zuid_error_range",
                     regexp = "longer than")
        expect_error(id_leases(db$con, table), class = "zuid_error_range")
      }
      for (table in c(fits, paste0(fits, "_horizons"))) DBI::dbExecute(db$con, sprintf("DROP TABLE %s", table))
    }
  })
}

for (engine in names(table_lock)) {
  test_that(sprintf("a read the server refuses (a lock timeout) stops a claim; none guesses (%s)", engine), {
    skip_unless_lease_engine(engine)
    db <- lease_database(engine)
    lock <- table_lock[[engine]]
    a <- id_generator("mastodon", lease = db$con, lease_table = db$table, lease_ttl = 1)
    first <- id_next(a, 1000, as = "character")
    id_release(a)
    # A client holds the horizon ledger; this session gives up waiting.
    other <- lease_connect(db)
    on.exit(DBI::dbDisconnect(other), add = TRUE)
    for (sql in lock$hold(paste0(db$table, "_horizons"))) DBI::dbExecute(other, sql)
    DBI::dbExecute(db$con, lock$impatient)
    err <- expect_error(id_generator("mastodon", lease = db$con, lease_table = db$table), class = "zuid_error_lease",
                        regexp = "Could not claim the node lease|Could not prepare")
    expect_identical(err$reason, "database")
    DBI::dbExecute(other, lock$release)
    b <- id_generator("mastodon", lease = db$con, lease_table = db$table, on_clock_back = "borrow")
    expect_true(all_above(id_next(b, 1000, as = "character"), first))
  })
}

test_that("a generator whose renewal failed never keeps its node from a claim in this process", {
  skip_if_not_installed("RSQLite")
  db <- lease_database("sqlite")
  local({
    g <- id_generator(two_nodes_ms(), lease = db$con, lease_table = db$table, lease_ttl = 1)
    id_next(g, 5)
    read_only(db$con, "sqlite", TRUE)
    Sys.sleep(0.6)
    expect_error(id_next(g, 5), class = "zuid_error_lease")
    read_only(db$con, "sqlite", FALSE)
  })
  # Whether or not R has collected it, once its lease expired its node is
  # free to claim, and the claims that follow say what holds the others.
  Sys.sleep(1.1)
  a <- id_generator(two_nodes_ms(), lease = db$con, lease_table = db$table)
  b <- id_generator(two_nodes_ms(), lease = db$con, lease_table = db$table)
  expect_setequal(c(a$nodes$node, b$nodes$node), c(0, 1))
  err <- expect_error(id_generator(two_nodes_ms(), lease = db$con, lease_table = db$table), class = "zuid_error_lease")
  expect_no_match(conditionMessage(err), "NA")
  expect_match(conditionMessage(err), "The first lease expires at 20")
})
