# Generators under node leases: claims, renewals, fencing and restarts, on
# every engine that holds lease tables, with child R processes where the
# test needs more than one process (callr).

# 32 bits of seconds, one node bit and a 30-bit sequence: two nodes.
two_nodes <- function() {
  id_layout(time = list(bits = 32, unit = "s", epoch = as.POSIXct("2024-01-01", tz = "UTC")),
            fields = list(node = 1), sequence = 30)
}

# Four IDs a millisecond: minting takes wall time.
slow_layout <- function() {
  id_layout(time = list(bits = 41, unit = "ms", epoch = as.POSIXct("2020-01-01", tz = "UTC")),
            fields = list(node = 20), sequence = 2)
}

test_that("arguments of a lease are checked", {
  skip_if_not_installed("RSQLite")
  db <- lease_database("sqlite")
  expect_error(id_generator("twitter", datacenter = 1, worker = 2, lease = db$con), class = "zuid_error_type",
               regexp = "node values in `...` or a connection as `lease`, not both")
  expect_error(id_generator("twitter", lease = db$con, shared_node = TRUE), class = "zuid_error_type")
  expect_error(id_generator("twitter", lease = "postgres"), class = "zuid_error_type",
               regexp = "a database that holds node leases \\(postgres, sqlite, mysql\\)")
  for (ttl in list(0.5, NA, "30", c(1, 2), 1e6)) {
    expect_error(id_generator("twitter", lease = db$con, lease_ttl = ttl), class = "zuid_error_type",
                 regexp = "`lease_ttl` must be a number of seconds from 1 to 86400")
  }
  expect_error(id_generator("twitter", lease = db$con, lease_table = c("a", "b")), class = "zuid_error_type")
  expect_error(id_generator("twitter", lease = db$con, lease_table = ""), class = "zuid_error_type")
  expect_error(id_release(id_generator("twitter", datacenter = 1, worker = 30)), class = "zuid_error_type",
               regexp = "made with a connection as `lease`, not one given its node values")
  expect_error(id_release("g"), class = "zuid_error_type")
  expect_error(id_leases("con"), class = "zuid_error_type")
  # A table name is always a name, never SQL.
  hostile <- "leases\"; DROP TABLE x; --"
  g <- id_generator("twitter", lease = db$con, lease_table = hostile)
  expect_true(DBI::dbExistsTable(db$con, hostile))
  expect_identical(id_leases(db$con, hostile)$node, 0)
  id_release(g)
  # A table that does not exist lists no leases.
  expect_identical(nrow(id_leases(db$con, "no_such_table")), 0L)
  expect_named(id_leases(db$con, "no_such_table"), c("layout", "node", "node_values", "state", "host", "pid",
                                                      "claimed", "renewed", "expires", "horizon", "id_space",
                                                      "node_mask"))
})

for (engine in lease_engines()) {
  test_that(sprintf("claims take the lowest free node and reuse those given back (%s)", engine), {
    skip_unless_lease_engine(engine)
    db <- lease_database(engine)
    a <- id_generator("twitter", lease = db$con, lease_table = db$table)
    b <- id_generator("twitter", lease = db$con, lease_table = db$table)
    expect_identical(list(a$nodes, b$nodes), list(list(datacenter = 0, worker = 0),
                                                   list(datacenter = 0, worker = 1)))
    ids <- c(id_next(a, 3), id_next(b, 3))
    expect_identical(id_fields(ids)$worker, rep(c(0L, 1L), each = 3))
    leases <- id_leases(db$con, db$table)
    expect_identical(leases$node_values, c("datacenter=0,worker=0", "datacenter=0,worker=1"))
    expect_identical(leases$state, c("held", "held"))
    expect_identical(leases$pid, rep(Sys.getpid(), 2))
    expect_identical(leases$host, rep(Sys.info()[["nodename"]], 2))
    expect_true(all(leases$expires > leases$claimed))
    expect_identical(unique(leases$id_space), "time<<22 ms from 1288834974657")
    # A node given back is the next one claimed, and its IDs go on above.
    id_release(a)
    expect_identical(id_leases(db$con, db$table)$state, c("released", "held"))
    expect_error(id_next(a), class = "zuid_error_lease", regexp = "gave its node \\(datacenter 0, worker 0\\) back")
    c <- id_generator("twitter", lease = db$con, lease_table = db$table)
    expect_identical(c$nodes, list(datacenter = 0, worker = 0))
    expect_true(all_above(id_next(c, 5), ids[1:3]))
    expect_match(format(c)[[3]], "lease: node 0 of 1024 in zuid_leases_")
    # A layout of the same bits under other names shares the nodes.
    same <- id_layout(time = list(bits = 41, unit = "ms", epoch = 1288834974657), fields = list(node = 10),
                      sequence = 12)
    d <- id_generator(same, lease = db$con, lease_table = db$table)
    expect_identical(d$nodes, list(node = 2))
    expect_identical(id_leases(db$con, db$table)$layout, c("twitter", "twitter", "custom"))
    # Another ID space has nodes of its own.
    expect_identical(id_generator("discord", lease = db$con, lease_table = db$table)$nodes,
                     list(worker = 0, process = 0))
  })

  test_that(sprintf("every node taken is a classed error that says how many and until when (%s)", engine), {
    skip_unless_lease_engine(engine)
    db <- lease_database(engine)
    a <- id_generator(two_nodes(), lease = db$con, lease_table = db$table)
    b <- id_generator(two_nodes(), lease = db$con, lease_table = db$table)
    err <- expect_error(id_generator(two_nodes(), lease = db$con, lease_table = db$table),
                        class = "zuid_error_lease", regexp = "Every node of the layout is leased in zuid_leases_")
    expect_identical(err$reason, "all_taken")
    expect_identical(err$nodes, 2)
    expect_match(conditionMessage(err), "all 2 are held. The first lease expires at 20")
    expect_true(abs(as.double(err$first_expiry) - as.double(Sys.time()) - 30) < 10)
    id_release(b)
    expect_identical(id_generator(two_nodes(), lease = db$con, lease_table = db$table)$nodes, list(node = 1))
  })

  test_that(sprintf("a lease that expires while idle is renewed, or refused once another holds it (%s)", engine), {
    skip_unless_lease_engine(engine)
    skip_if_not_installed("callr")
    db <- lease_database(engine)
    one <- id_layout("mastodon")
    g <- id_generator(one, lease = db$con, lease_table = db$table, lease_ttl = 1)
    first <- id_next(g, 10)
    Sys.sleep(1.3)
    expect_identical(id_leases(db$con, db$table)$state, "expired")
    # No one took it: the next call renews it and goes on.
    second <- id_next(g, 10)
    expect_true(all_above(second, first))
    expect_identical(id_leases(db$con, db$table)$state, "held")
    # Expired again, and taken by another process, which mints and keeps it
    # (it is killed later, so that it never gives the node back).
    Sys.sleep(1.3)
    out <- tempfile(fileext = ".rds")
    # (Its lease lasts 5 s: live still when this process next renews, even
    # on a loaded machine.)
    taker <- lease_child(db, function(con, table, out) {
      h <- zuid::id_generator("mastodon", lease = con, lease_table = table, lease_ttl = 5)
      saveRDS(list(ids = zuid::id_next(h, 1000, as = "character"), pid = Sys.getpid()), out)
      cat("ready\n")
      Sys.sleep(120)
    }, list(db$table, out))
    on.exit(taker$kill(), add = TRUE)
    child_wait_for(taker)
    took <- readRDS(out)
    expect_true(all_above(took$ids, second))
    # The layout has one node: there is none to claim instead.
    err <- expect_error(id_next(g, 5), class = "zuid_error_lease",
                        regexp = "lease of node 0 was lost: another client took it")
    expect_identical(err$reason, "lost")
    expect_match(conditionMessage(err), "all 1 are held. The first lease expires at 20")
    # Killed, its lease expires; the generator claims the node back and
    # mints above the taker's IDs.
    taker$kill()
    Sys.sleep(5.3)
    expect_warning(third <- id_next(g, 10), class = "zuid_warning_lease", regexp = "The generator claimed it again")
    expect_true(all_above(third, took$ids))
    expect_identical(id_leases(db$con, db$table)$pid, Sys.getpid())
  })

  test_that(sprintf("a call longer than a window renews its lease as it goes, once per window (%s)", engine), {
    skip_unless_lease_engine(engine)
    db <- lease_database(engine)
    g <- id_generator(slow_layout(), lease = db$con, lease_table = db$table, lease_ttl = 1)
    renewals <- function() {
      DBI::dbGetQuery(db$con, sprintf("SELECT renewals FROM %s", db$table))$renewals
    }
    before <- as.double(renewals())
    # 4,000 IDs at 4 a millisecond: a second or more, two windows of 0.5 s
    # or more. A renewal updates the row twice, before and after reserving:
    # at least one renewal, and at most one per window the call spanned.
    started <- Sys.time()
    ids <- id_next(g, 4000, as = "integer64")
    windows <- ceiling(as.double(difftime(Sys.time(), started, units = "secs")) / 0.5)
    expect_length(ids, 4000)
    expect_true(all(diff(ids) > 0))
    expect_gte(as.double(renewals()) - before, 2)
    expect_lte(as.double(renewals()) - before, 2 * (windows + 1))
    # Many short calls inside one window: no database call for any of them.
    g <- id_generator(two_nodes(), lease = db$con, lease_table = db$table, lease_ttl = 60)
    before <- as.double(DBI::dbGetQuery(db$con, sprintf("SELECT renewals FROM %s WHERE node_mask = '0x40000000'",
                                                        db$table))$renewals)
    for (i in 1:2000) id_next(g, 3)
    after <- as.double(DBI::dbGetQuery(db$con, sprintf("SELECT renewals FROM %s WHERE node_mask = '0x40000000'",
                                                       db$table))$renewals)
    expect_identical(after, before)
  })

  test_that(sprintf("a database that cannot be written is a classed error, and minting goes on once it can (%s)",
                    engine), {
    skip_unless_lease_engine(engine)
    db <- lease_database(engine)
    g <- id_generator(two_nodes(), lease = db$con, lease_table = db$table, lease_ttl = 1)
    first <- id_next(g, 5)
    read_only(db$con, engine, TRUE)
    Sys.sleep(0.6)
    err <- expect_error(id_next(g, 5), class = "zuid_error_lease",
                        regexp = "Could not renew the node lease in zuid_leases_[a-z]+_[0-9]+: the database said: ")
    expect_identical(err$reason, "database")
    expect_s3_class(err$database_error, "condition")
    read_only(db$con, engine, FALSE)
    expect_true(all_above(id_next(g, 5), first))
    expect_identical(id_leases(db$con, db$table)$state, "held")
  })

  test_that(sprintf("a connection that is gone is a classed error (%s)", engine), {
    skip_unless_lease_engine(engine)
    db <- lease_database(engine)
    con <- lease_connect(db)
    g <- id_generator(two_nodes(), lease = con, lease_table = db$table, lease_ttl = 1)
    id_next(g, 5)
    DBI::dbDisconnect(con)
    Sys.sleep(0.6)
    expect_error(id_next(g, 5), class = "zuid_error_lease", regexp = "Could not renew the node lease")
    expect_error(id_generator(two_nodes(), lease = con, lease_table = db$table), class = "zuid_error_lease",
                 regexp = "Could not claim the node lease")
    expect_warning(id_release(g), class = "zuid_warning_lease", regexp = "stays leased until the lease expires")
  })

  test_that(sprintf("8 processes lease 8 nodes at once and mint 200,000 IDs each, none twice (%s)", engine), {
    skip_unless_lease_engine(engine)
    skip_if_not_installed("callr")
    db <- lease_database(engine)
    # All claim at once, and hold their nodes until all 8 have claimed one
    # (a node given back could be claimed again by a child that started late).
    start <- start_together_at(8)
    children <- lapply(1:8, function(i) {
      lease_child(db, function(con, table, start) {
        while (as.double(Sys.time()) < start) Sys.sleep(0.005)
        g <- zuid::id_generator("twitter", lease = con, lease_table = table, lease_ttl = 60)
        ids <- zuid::id_next(g, 200000, as = "integer64")
        while (nrow(zuid::id_leases(con, table)) < 8 && as.double(Sys.time()) < start + 120) Sys.sleep(0.05)
        zuid::id_release(g)
        list(ids = ids, nodes = g$nodes)
      }, list(db$table, start))
    })
    results <- lease_results(children)
    for (r in results) expect_null(r$error)
    all_ids <- do.call(c, lapply(results, `[[`, "ids"))
    expect_length(all_ids, 8 * 200000)
    expect_false(anyDuplicated(all_ids) > 0)
    nodes <- vapply(results, function(r) r$nodes$datacenter * 32 + r$nodes$worker, 0)
    expect_setequal(nodes, 0:7)
    for (r in results) {
      fields <- id_fields(r$ids, "twitter")
      expect_true(all(fields$datacenter == r$nodes$datacenter & fields$worker == r$nodes$worker))
    }
  })

  test_that(sprintf("two processes race for the last free node: one gets it, the other an error (%s)", engine), {
    skip_unless_lease_engine(engine)
    skip_if_not_installed("callr")
    db <- lease_database(engine)
    held <- id_generator(two_nodes(), lease = db$con, lease_table = db$table)
    start <- start_together_at()
    # Each holds what it got until both have tried (a node given back at
    # exit would be the other's to take).
    race <- function(con, table, layout, start) {
      while (as.double(Sys.time()) < start) Sys.sleep(0.001)
      result <- tryCatch({
        g <- zuid::id_generator(layout, lease = con, lease_table = table)
        list(got = g$nodes$node)
      }, zuid_error_lease = function(e) list(refused = e$reason, class = class(e)))
      while (as.double(Sys.time()) < start + 5) Sys.sleep(0.05)
      result
    }
    results <- lease_results(lapply(1:2, function(i) lease_child(db, race, list(db$table, two_nodes(), start))))
    for (r in results) expect_null(r$error)
    got <- Filter(function(r) !is.null(r$got), results)
    refused <- Filter(function(r) !is.null(r$refused), results)
    expect_length(got, 1L)
    expect_identical(got[[1]]$got, 1)
    expect_length(refused, 1L)
    expect_identical(refused[[1]]$refused, "all_taken")
    expect_identical(refused[[1]]$class[1:2], c("zuid_error_lease", "zuid_error"))
  })

  test_that(sprintf("after a SIGKILL the next holder mints above, even with its clock 5 s back (%s)", engine), {
    skip_unless_lease_engine(engine)
    skip_on_os("windows")
    skip_if_not_installed("callr")
    for (clock_back in c(FALSE, TRUE)) {
      db <- lease_database(engine)
      env <- character()
      if (clock_back) {
        shim <- clock_shim()
        if (is.null(shim)) skip("no C compiler to build the clock shim")
        env <- c(LD_PRELOAD = shim, ZUID_TEST_CLOCK_OFFSET_MS = "-5000")
      }
      log <- tempfile()
      # One node (Mastodon's layout has no node fields): the next holder
      # must wait for the killed one's lease to expire.
      holder <- lease_child(db, function(con, table, log) {
        g <- zuid::id_generator("mastodon", lease = con, lease_table = table, lease_ttl = 2)
        repeat {
          ids <- zuid::id_next(g, 20000, as = "character")
          cat(ids[[length(ids)]], "\n", file = log, append = TRUE)
        }
      }, list(db$table, log))
      # The next holder asks for the node until it gets it, from before the
      # kill (once the holder has it), so that it claims the node as soon as
      # the lease expires.
      go <- tempfile()
      next_holder <- lease_child(db, function(con, table, policy, go) {
        cat("ready\n")
        while (!file.exists(go)) Sys.sleep(0.01)
        repeat {
          g <- tryCatch(zuid::id_generator("mastodon", lease = con, lease_table = table, on_clock_back = policy),
                        zuid_error_lease = function(e) NULL)
          if (!is.null(g)) break
          Sys.sleep(0.05)
        }
        claimed <- Sys.time()
        ids <- zuid::id_next(g, 50000, as = "character")
        list(ids = ids, claimed = claimed)
      }, list(db$table, if (clock_back) "borrow" else "wait", go), env = env)
      child_wait_for(next_holder)
      deadline <- Sys.time() + 60
      lines <- function() if (file.exists(log)) length(readLines(log)) else 0L
      while (lines() < 1 && Sys.time() < deadline && holder$is_alive()) Sys.sleep(0.05)
      file.create(go)
      while (lines() < 20 && Sys.time() < deadline && holder$is_alive()) Sys.sleep(0.05)
      holder$kill() # SIGKILL
      # Killed, it may have left half a line.
      killed <- trimws(readLines(log, warn = FALSE))
      killed <- killed[nchar(killed) >= 15]
      expect_gte(length(killed), 20)
      horizon <- id_leases(db$con, db$table)$horizon
      later <- lease_results(list(next_holder))[[1]]
      expect_null(later$error)
      expect_true(all_above(later$ids, killed))
      expect_true(all(id_time(later$ids, "mastodon") >= horizon))
      if (clock_back && engine != "sqlite") {
        # The child's clock was 5 s behind the horizon when the server's
        # clock let it claim the node: it borrowed, its IDs ahead of it.
        # (An SQLite file's clock is each process's own: the child saw the
        # lease expire 5 s later, with its own clock at the horizon.)
        expect_gt(as.double(id_time(later$ids[[1]], "mastodon")) - as.double(later$claimed), 3)
      }
    }
  })
}

test_that("the clock shim sets a child's wall clock back, and its monotonic clock runs on", {
  skip_on_os("windows")
  skip_if_not_installed("callr")
  shim <- clock_shim()
  if (is.null(shim)) skip("no C compiler to build the clock shim")
  child <- callr::r_bg(function() {
    g <- zuid::id_generator("twitter", datacenter = 1, worker = 1)
    list(now = Sys.time(), id = zuid::id_next(g, as = "character"))
  }, libpath = .libPaths(),
  env = c(callr::rcmd_safe_env(), LD_PRELOAD = shim, ZUID_TEST_CLOCK_OFFSET_MS = "-5000"))
  child$wait(120000)
  result <- child$get_result()
  expect_lt(abs(as.double(Sys.time()) - as.double(result$now) - 5), 2)
  expect_lt(abs(as.double(id_time(result$id, "twitter")) - as.double(result$now)), 1)
})

test_that("a generator collected or alive at exit gives its node back", {
  skip_if_not_installed("RSQLite")
  skip_if_not_installed("callr")
  db <- lease_database("sqlite")
  local({
    g <- id_generator("twitter", lease = db$con, lease_table = db$table)
    id_next(g)
  })
  invisible(gc())
  # The release waits for a safe moment: the next lease call is one.
  expect_identical(id_leases(db$con, db$table)$state, "released")
  child <- lease_child(db, function(con, table) {
    g <- zuid::id_generator("twitter", lease = con, lease_table = table)
    g$nodes
  }, list(db$table))
  expect_identical(lease_results(list(child))[[1]], list(datacenter = 0, worker = 0))
  expect_identical(id_leases(db$con, db$table)$state, "released")
})

test_that("a forked child refuses its parent's leased generator and gives back nothing", {
  skip_on_os("windows")
  skip_if_not_installed("RSQLite")
  db <- lease_database("sqlite")
  g <- id_generator("twitter", lease = db$con, lease_table = db$table)
  id_next(g)
  # Two jobs, so that mclapply() forks (it runs a single job in this process).
  results <- parallel::mclapply(1:2, function(i) {
    refused <- tryCatch(id_next(g), error = function(e) class(e)[[1]])
    released <- tryCatch(id_release(g), error = function(e) class(e)[[1]])
    rm(g)
    invisible(gc())
    list(refused = refused, released = released)
  }, mc.cores = 2)
  for (result in results) {
    expect_identical(result, list(refused = "zuid_error_generator", released = "zuid_error_generator"))
  }
  expect_identical(id_leases(db$con, db$table)$state, "held")
  expect_length(id_next(g, 2), 2L)
})

test_that("a leased generator sent to another process has no state there", {
  skip_if_not_installed("RSQLite")
  db <- lease_database("sqlite")
  g <- id_generator("twitter", lease = db$con, lease_table = db$table)
  copy <- unserialize(serialize(g, NULL))
  expect_error(id_next(copy), class = "zuid_error_generator", regexp = "no state")
  expect_length(id_next(g), 1L)
})

test_that("a claim whose generator fails for a reason R gave raises a classed lease error", {
  # Any error making the node's generator (R's own, a lack of memory) ends
  # the claim as a zuid_error_lease carrying it; zuid's own pass as they are.
  boom <- simpleError("cannot allocate vector of size 8 Gb")
  cnd <- zuid:::lease_start_error(boom, quote(id_next(g)))
  expect_s3_class(cnd, c("zuid_error_lease", "zuid_error", "error"))
  expect_identical(cnd$reason, "start")
  expect_identical(cnd$cause, boom)
  expect_snapshot(error = TRUE, stop(cnd))
  own <- tryCatch(zuid:::zuid_abort("taken", class = "zuid_error_layout"), error = identity)
  expect_identical(zuid:::lease_start_error(own, NULL), own)
})
