# What other clients type into a lease table (issue 40): a horizon from the
# far future, a negative one, a row of a node the layout does not have,
# text in a number column. Each is typed by another connection than the
# claims', and a claim, run in a child R so that a hang fails the test
# instead of stopping it, passes the row over in one zuid_warning_lease_row,
# goes on to another node and mints IDs dated now; id_leases() shows the
# row, and once it is deleted later claims go on as before. No ID is minted
# twice.

# Milliseconds, eight nodes (the default claim takes the lowest free one).
eight_nodes <- function() {
  id_layout(time = list(bits = 41, unit = "ms", epoch = as.POSIXct("2020-01-01", tz = "UTC")),
            fields = list(node = 3), sequence = 19)
}

# What another client types, as the SET of an UPDATE of node 0's row: the
# row it leaves (`row`, the node that id_leases() then shows), whether the
# claim must pass node 0 over (`passes`), and where the engine takes it.
unreadable_words <- "node 0, whose horizon is not a tick"
hostile_rows <- list(
  far_horizon = list(set = "horizon = 2199023255000", row = 0, passes = TRUE,
                     words = "node 0 \\(tick 2199023255000\\)"),
  negative_horizon = list(set = "horizon = -5", row = 0, passes = TRUE, words = unreadable_words),
  foreign_node = list(set = "node = 99", row = 99, passes = FALSE, words = "the rows of node 99"),
  text_horizon = list(set = "horizon = 'soon'", row = 0, passes = TRUE, words = unreadable_words, engines = "sqlite")
)

# A claim in a child R with its own connection: its node, a few IDs (as
# text) and the warnings it gave (class, message, nodes named). Its lease
# is given back as the child ends.
claim_child <- function(db, layout) {
  lease_child(db, function(con, table, layout) {
    warnings <- list()
    keep <- function(w) {
      warnings[[length(warnings) + 1L]] <<- list(class = class(w), message = conditionMessage(w),
                                                 nodes = w$nodes, foreign = w$foreign_nodes)
      invokeRestart("muffleWarning")
    }
    withCallingHandlers({
      g <- zuid::id_generator(layout, lease = con, lease_table = table)
      ids <- zuid::id_next(g, 5, as = "character")
    }, warning = keep)
    list(node = g$nodes$node, ids = ids, warnings = warnings)
  }, list(db$table, layout))
}

# The rows' numbers and the table's name vary from run to run.
scrub_lease_numbers <- function(x) gsub("[0-9]+", "#", x)

for (engine in lease_engines()) {
  for (what in names(hostile_rows)) {
    hostile <- hostile_rows[[what]]
    if (!is.null(hostile$engines) && !engine %in% hostile$engines) next

    test_that(sprintf("a lease row with a %s typed by another client is passed over, never waited for (%s)",
                      gsub("_", " ", what), engine), {
      skip_unless_lease_engine(engine)
      skip_if_not_installed("callr")
      db <- lease_database(engine)
      layout <- eight_nodes()
      # Node 0 minted, and was given back; then another client types into its row.
      first <- id_generator(layout, lease = db$con, lease_table = db$table)
      before <- id_next(first, 100, as = "character")
      id_release(first)
      other <- lease_connect(db)
      DBI::dbExecute(other, sprintf("UPDATE %s SET %s WHERE node = 0", db$table, hostile$set))
      from <- Sys.time()
      claim <- lease_results(list(claim_child(db, layout)), timeout = 120)[[1]]
      to <- Sys.time()
      expect_null(claim$error)
      expect_true(if (hostile$passes) claim$node != 0 else claim$node == 0, label = sprintf("node %s", claim$node))
      times <- as.numeric(id_time(as_zuid_id(claim$ids, layout), layout))
      expect_true(all(times >= as.numeric(from) - 1 & times <= as.numeric(to) + 1), label = "IDs dated now")
      # One warning, naming the row.
      expect_length(claim$warnings, 1L)
      warned <- claim$warnings[[1]]
      expect_identical(warned$class[1:2], c("zuid_warning_lease_row", "zuid_warning_lease"))
      expect_match(warned$message, hostile$words)
      # Another driver of the same engine (RPostgres, RMariaDB) says the same.
      if (identical(engine, engine_dialect(engine))) {
        expect_snapshot(writeLines(warned$message), transform = scrub_lease_numbers)
      }
      # The listing shows the row, with no warning and every state read.
      listed <- expect_warning(id_leases(db$con, db$table), NA)
      expect_false(anyNA(listed$state))
      expect_true(hostile$row %in% listed$node)
      # Deleted by the other client, the row holds up no later claim. The
      # child gave its node back as it ended: a holder here takes that
      # node's row again, and the next claim the node of the deleted row
      # (passed over before), with no warning, dated now.
      DBI::dbExecute(other, sprintf("DELETE FROM %s WHERE node = %s", db$table, hostile$row))
      DBI::dbDisconnect(other)
      holder <- id_generator(layout, lease = db$con, lease_table = db$table)
      held <- id_next(holder, 100, as = "character")
      expect_identical(holder$nodes$node, claim$node)
      later <- lease_results(list(claim_child(db, layout)), timeout = 120)[[1]]
      expect_null(later$error)
      expect_identical(later$node, if (hostile$passes) 0 else 1)
      expect_length(later$warnings, 0L)
      times <- as.numeric(id_time(as_zuid_id(later$ids, layout), layout))
      expect_true(all(times >= as.numeric(from) - 1 & times <= as.numeric(Sys.time()) + 1), label = "later IDs")
      expect_no_twice(before, claim$ids, held, later$ids)
      id_release(holder)
    })
  }
}

test_that("a row zuid cannot read lists as unreadable, without base R's coercion warnings", {
  rows <- data.frame(layout = "x", node = c("0", "1", "2", "3"), node_values = "node=0", host = "h",
                     pid = c("1", "z", "3", "4"), token = "t", claimed_ms = "1700000000000",
                     renewed_ms = "1700000000000", expires_ms = c("1700000001000", "later", "1700000001000", "9"),
                     horizon = c("1", "2", "soon", "4"), horizon_ms = c("1700000000000", "x", "1", "2"),
                     released = c("0", "0", "yes", "1"), renewals = "0", now_ms = "1700000000500",
                     id_space = "s", node_mask = "m", stringsAsFactors = FALSE)
  listed <- expect_warning(zuid:::lease_frame(rows), NA)
  expect_identical(listed$state, c("held", "unreadable", "unreadable", "released"))
  expect_identical(listed$pid, c(1L, NA, 3L, 4L))
})
