#' Generators under a node lease
#'
#' With a DBI connection as `lease`, [id_generator()] takes no node values:
#' it claims a free node of the layout from a lease table in that database
#' (SQLite, PostgreSQL or MySQL/MariaDB), created when missing, and mints
#' only while its lease is valid. `id_release()` gives the node back at
#' once; `id_leases()` lists the leases of a table.
#'
#' @section Claiming a node:
#' The nodes of a layout are all the values its node fields can take
#' together (the 1,024 datacenter and worker pairs of Twitter's layout),
#' numbered by their bits. A claim takes the lowest node that is free:
#' never leased, given back, or whose lease expired. Each step of a claim
#' is one statement that takes a row only if it is still free, so that two
#' processes can never hold one node of one layout at once, however they
#' race; the loser takes another node. The lease's times are the
#' database's clock, the same for every holder. Layouts that mint the same
#' bit patterns share their nodes, however their fields are named (see
#' "One generator per node" in [id_generator()]). A row records who holds
#' the node (host, process), since when and until when.
#'
#' When every node is taken, `id_generator()` fails with a
#' `zuid_error_lease` that says how many nodes there are and when the first
#' lease expires.
#'
#' @section Renewal, horizons and hand-over:
#' A generator renews its lease as it mints: a few statements each half of
#' `lease_ttl`, never one per ID. Each renewal reserves a horizon, the last
#' tick its IDs may have (`lease_ttl` past the later of its clock and its
#' last ID), in a horizon ledger beside the lease table
#' (`<lease_table>_horizons`), and mints up to it until half of `lease_ttl`
#' has passed since the renewal began (counted on a monotonic clock). The
#' next holder of a node starts above every horizon reserved for it, so a
#' holder killed with SIGKILL, a clock that stepped back across the
#' restart, or a new machine whose clock is slower never repeat an ID: no
#' `after` is needed. A horizon ahead of the new holder's clock is met as
#' `on_clock_back` says: `"wait"` waits (renewing the lease as it waits),
#' `"error"` refuses, `"borrow"` counts on from it at once. A node given
#' back hands on only the last tick its holder minted in, so that the next
#' holder starts at once.
#'
#' When a renewal finds the lease no longer the generator's (it expired and
#' another process took the node, or another client gave it back, deleted
#' or changed its row), the generator claims a node again, the same one if
#' it is free, and goes on with a `zuid_warning_lease` that says so: its
#' IDs keep increasing, under the node it now holds (`g$nodes`). When the
#' database cannot be reached or fails a statement, `id_next()` fails with
#' a `zuid_error_lease` that says what the database said; the IDs it had
#' minted in that call are skipped, and the next call tries again.
#'
#' @section The guarantee:
#' No two generators under leases of one table, in any processes on any
#' machines, mint the same ID. zuid keeps this by one rule: a generator
#' mints only in ticks up to a horizon that it reserved in the ledger while
#' the database held its lease, and a new holder of a node starts above
#' every horizon reserved for that node (and, where the ID space changed
#' hands between layouts that split it differently, for every node of the
#' space). It does not depend on clocks agreeing, nor on the lease table
#' being left alone. It assumes:
#' * that each statement zuid sends is atomic and, once the database
#'   answers it, committed: zuid refuses (`zuid_error_lease`, reason
#'   `"transaction"`) to claim, renew or give back a node while the
#'   connection is inside a transaction (MySQL's `autocommit = 0` is one),
#'   whose rollback would undo it;
#' * that the database's clock moves forward (it decides only when a node
#'   may change hands) and that a generator's monotonic clock runs at about
#'   its rate (within half of `lease_ttl`);
#' * that only zuid writes the horizon ledger.
#'
#' Other clients may read the lease table, and delete, truncate or edit its
#' rows (a cleanup job, say): a live holder then loses its lease at its next
#' renewal and claims again, and the next holder still starts above the
#' ledger's horizons. The ledger must not be edited, emptied or dropped
#' while generators hold leases; dropping both tables when no generator
#' runs starts afresh. A statement that fails, an answer that is lost or
#' has the wrong form (a driver that returns `NULL` with a warning, say) is
#' never taken as "nothing there": the step stops with a `zuid_error_lease`,
#' and whatever it may have written is treated as written.
#'
#' Two layouts that split the bits below the time differently (a team that
#' changes its node and sequence bits while old workers run) may share a
#' table: while one holds live leases of the ID space, the other's claims
#' are refused (reason `"split"`); once they expire, it takes the space and
#' starts above every horizon the first reserved, and the first may not
#' renew into it again.
#'
#' @section Giving nodes back:
#' `id_release()` closes the generator (it mints no more) and frees its
#' node at once; so does a generator that is garbage-collected or alive
#' when R exits, at the end of the top-level call in which it was
#' collected (R may collect garbage in the middle of any call, when
#' running SQL would be unsafe). A generator of a process that was killed
#' keeps its node until its lease expires. When the database cannot be
#' told, `id_release()` warns: the node stays leased until it expires.
#'
#' @section Connections:
#' The lease statements run on `lease` itself, between the calls that use
#' it: give the generator a connection of its own, not one that is reading
#' a result in pieces or inside a transaction. For SQLite, every process
#' must open the same file, and each process's clock is that file's
#' clock; zuid sets a busy timeout of 10 seconds on a connection that has a
#' shorter one, so that processes claiming at once wait for each other.
#' Names of the lease table (with `_horizons`) must fit the engine's names
#' whole (PostgreSQL's 63 bytes, MySQL's 64 characters). A statement that
#' fails, warns or answers in a form zuid cannot read stops the claim or
#' renewal with a `zuid_error_lease` of reason `"database"`, which quotes
#' the database and keeps the driver's condition as `database_error`.
#'
#' @name leases
#' @seealso [id_generator()]; the vignette's "Many processes" section.
#' @examplesIf requireNamespace("DBI", quietly = TRUE) && requireNamespace("RSQLite", quietly = TRUE)
#' path <- tempfile(fileext = ".sqlite")
#' con <- DBI::dbConnect(RSQLite::SQLite(), path)
#' g <- id_generator("twitter", lease = con)
#' g
#' ids <- id_next(g, 3)
#' id_fields(ids)
#' id_leases(con)[, c("layout", "node_values", "state")]
#' id_release(g)
#' DBI::dbDisconnect(con)
#' unlink(path)
NULL

# Creating a leased generator ----------------------------------------------

# A generator of `layout` under a lease of the lease table `table` in the
# database of `con`, for `ttl` seconds at a time.
lease_generator <- function(layout, nodes, policy, after, shared_node, con, ttl, table, call) {
  if (length(nodes) > 0L) {
    zuid_abort(paste(
      "Give node values in `...` or a connection as `lease`, not both: a generator",
      "under a lease mints with the node it claims."
    ), class = "zuid_error_type", call = call)
  }
  if (shared_node) {
    zuid_abort("`shared_node = TRUE` cannot be used with `lease`: a lease is a node of one generator.",
               class = "zuid_error_type", call = call)
  }
  state <- lease_open(con, table, check_lease_ttl(ttl, call), layout, call)
  state$policy <- policy
  state$after <- after
  # From here on a node this state claims is given back when the state is
  # collected, even if the claim is cut short (an error, Ctrl-C).
  reg.finalizer(state, lease_finalize, onexit = TRUE)
  lease_sentinel()
  lease_flush_pending()
  lease_drive(state, "claim", call)
  structure(list(layout = layout, on_clock_back = policy, lease = state), class = "zuid_generator")
}

# A leased generator's pointer and node values are its lease's: a claim
# made again after the lease was lost may hold another node.
#' @export
`$.zuid_generator` <- function(x, name) {
  state <- .subset2(x, "lease")
  if (is.environment(state) && name %in% c("pointer", "nodes")) {
    return(state[[name]])
  }
  .subset2(x, name)
}

check_lease_ttl <- function(ttl, call) {
  ok <- is.numeric(ttl) && !is.object(ttl) && length(ttl) == 1L && !is.na(ttl) && ttl >= 1 &&
    ttl <= 86400
  if (!ok) {
    zuid_abort(sprintf("`lease_ttl` must be a number of seconds from 1 to 86400, not %s.",
                       describe_value(ttl)), class = "zuid_error_type", call = call)
  }
  round(ttl * 1000)
}

# The state of a lease: an environment shared by the copies of its
# generator (R copies the generator's list as it is passed around), whose
# finalizer gives the node back. It holds the core's lease machine, the
# generator of the node held (`pointer`, `nodes`, `node`) and what the
# statements need.
lease_open <- function(con, table, ttl_ms, layout, call) {
  state <- lease_table_state(con, table, call)
  state$ttl_ms <- ttl_ms
  state$layout <- layout
  space <- rust_value(lease_node_space(layout), call, list(layout = layout))
  state$space <- space$space
  state$mask <- space$mask
  state$count <- space$count
  state$pid <- Sys.getpid()
  state$host <- Sys.info()[["nodename"]]
  state$released <- FALSE
  state$machine <- rust_value(lease_new(layout, ttl_ms), call)
  lease_keep(state)
  state
}

# The machine and generator of a lease are kept reachable from the
# package until its node is given back: R finalizes what became
# unreachable together in any order, and the state's finalizer, which
# gives the node back, needs both.
lease_keep <- function(state) {
  if (is.null(state$key)) {
    the$lease_keys <- (the$lease_keys %||% 0) + 1
    state$key <- sprintf("lease%s", whole_text(the$lease_keys))
  }
  if (is.null(the$lease_kept)) the$lease_kept <- new.env(parent = emptyenv())
  assign(state$key, list(machine = state$machine, pointer = state$pointer), envir = the$lease_kept)
}

lease_unkeep <- function(state) {
  if (!is.null(state$key) && exists(state$key, envir = the$lease_kept, inherits = FALSE)) {
    rm(list = state$key, envir = the$lease_kept)
  }
}

# The dialect of a connection that can hold leases.
lease_dialect <- function(con, call) {
  dialect <- if (inherits(con, "DBIConnection") || isS4(con)) connection_dialect(con) else NA_character_
  if (is.na(dialect) || is.null(sql_dialect(dialect)$lease) || !requireNamespace("DBI", quietly = TRUE)) {
    known <- names(Filter(function(d) !is.null(d$lease), sql_dialects))
    zuid_abort(sprintf(paste(
      "`lease` must be a DBI connection to a database that holds node leases (%s),",
      "not %s."
    ), paste(known, collapse = ", "), describe_value(con)), class = "zuid_error_type", call = call)
  }
  dialect
}

# The lease table's name, and the horizon ledger's beside it: both must fit
# the engine's names whole (PostgreSQL would cut them short).
check_lease_table <- function(table, dialect, call) {
  if (!is.character(table) || length(table) != 1L || is.na(table) || !nzchar(table) ||
      is.object(table)) {
    zuid_abort(sprintf("`lease_table` must be the name of a table, one non-empty string, not %s.",
                       describe_value(table)), class = "zuid_error_type", call = call)
  }
  table <- enc2utf8(table)
  limit <- sql_dialect(dialect)$generator$name_limit
  if (!is.null(limit)) {
    limit <- c(limit, list(engine = sql_dialect(dialect)$generator$label))
    name_parts(table, "lease_table", limit, call, parts = 1L)
    name_parts(paste0(table, lease_ledger_suffix), "lease_table", limit, call, parts = 1L,
               derived = lease_ledger_suffix)
  }
  table
}

# The lease table and its ledger, created when missing, and the
# connection's settings: once the connection is known to be outside any
# transaction (MySQL would commit one at a CREATE TABLE), before each claim
# and renewal (a table dropped meanwhile is made again).
lease_prepare <- function(state, call) {
  timeout <- state$sql$lease$busy_timeout
  if (!is.null(timeout)) {
    doing <- "prepare the connection for"
    now <- lease_query(state, timeout$get, call = call, doing = doing)
    now <- if (nrow(now) == 1L && ncol(now) == 1L) lease_number(now[[1L]])
    if (length(now) != 1L || is.na(now)) {
      state$db_error <- simpleError("its busy timeout could not be read")
      lease_abort_database(state, doing, call)
    }
    if (now < 10000) lease_execute(state, timeout$set(10000), call = call, doing = doing)
  }
  for (table in c("table", "ledger")) lease_create(state, table, call)
}

# Creates the lease table or its ledger (`which`) when missing. Processes
# that start together may all create it: one wins.
lease_create <- function(state, which, call) {
  name <- state[[paste0(which, "_name")]]
  exists <- function() lease_exists(state, name, call)
  if (!exists()) {
    made <- lease_execute(state, lease_sql_create(state, which), call = NULL)
    if (is.null(made) && !exists()) lease_abort_database(state, "create", call)
  }
}

# Driving the lease -------------------------------------------------------------

# Runs one operation of the lease's machine, "claim", "renew" or
# "release": the machine asks, the database answers, until it is done. A
# stop is raised as the machine words it.
lease_drive <- function(state, doing, call) {
  state$db_error <- NULL
  state$start_error <- NULL
  state$foreign_rows <- NULL
  state$doing <- doing
  step <- lease_reply(lease_begin(state$machine, state$pointer, doing), state, call)
  while (identical(step$kind, "do")) {
    answer <- lease_steps[[step$step]](state, step, call)
    step <- lease_reply(lease_answer(state$machine, state$pointer, answer), state, call)
  }
  if (identical(step$kind, "minting")) lease_minting(state, step, call)
  if (identical(step$kind, "released")) {
    state$released <- TRUE
    lease_unkeep(state)
  }
  invisible(step)
}

# The machine's next step; a stop raised as its condition. A generator
# that could not be made stops the claim with the reason R had.
lease_reply <- function(result, state, call) {
  if (!identical(result$value$kind, "do")) lease_warn_passed_over(state, call)
  if (length(result$problems) > 0L && !is.null(state$start_error)) stop(state$start_error)
  rust_value(result, call, lease_context(state))
}

# Minting goes on, maybe under another node than before (said once).
lease_minting <- function(state, step, call) {
  state$node <- step$node
  if (!is.null(step$notice)) {
    from <- step$notice$from
    zuid_warn(sprintf(paste(
      "The lease of node %s in %s was lost: another client took it, gave it back,",
      "or deleted or changed its row. The generator %s; its IDs keep increasing."
    ), from, state$table_name, if (identical(from, step$notice$to)) "claimed it again" else
      sprintf("now mints as node %s (%s)", step$notice$to, node_words(state$nodes))),
    class = "zuid_warning_lease", call = call, from = from, to = step$notice$to)
  }
}

# The rows the operation's claim passed over, in one warning: those whose
# horizon the machine would not start above (further ahead than any zuid
# reserves, or unreadable), and those of nodes the layout does not have.
lease_warn_passed_over <- function(state, call) {
  passed <- rust_value(lease_skipped(state$machine))
  foreign <- state$foreign_rows
  state$foreign_rows <- NULL
  if (length(passed$node) == 0L && length(foreign) == 0L) {
    return(invisible())
  }
  zuid_warn(lease_passed_over_message(state, passed, foreign),
            class = c("zuid_warning_lease_row", "zuid_warning_lease"), call = call,
            nodes = passed$node, horizons = passed$horizon,
            horizon_times = lease_time(passed$horizon_ms), reach = lease_time(passed$reach_ms),
            foreign_nodes = foreign)
}

# What the warning of rows passed over says: each row, why, and that the
# claim went on. Node text another client typed is shown cut short.
lease_passed_over_message <- function(state, passed, foreign) {
  far <- !is.na(passed$horizon)
  nodes <- function(x) paste(x, collapse = ", ")
  why <- c(
    if (any(far)) sprintf(paste(
      "node %s, whose horizon (%s) lies further ahead than any zuid reserves (`lease_ttl`",
      "and an allowance for clocks that disagree past this machine's clock: %s)"
    ), nodes(sprintf("%s (tick %s)", passed$node[far], passed$horizon[far])),
    nodes(lease_time_text(passed$horizon_ms[far])), lease_time_text(passed$reach_ms[far][[1L]])),
    if (any(!far)) sprintf("node %s, whose horizon is not a tick", nodes(passed$node[!far])),
    if (length(foreign) > 0L) sprintf("the rows of node %s, which the layout does not have (it has %s)",
                                      nodes(encodeString(substr(foreign, 1L, 24L))),
                                      whole_text(state$count))
  )
  sprintf(paste(
    "Passed over %s in %s: another client wrote them there. Waiting for such a",
    "horizon or minting at it would stop minting; the claim went on to the next node,",
    "and the rows are left as they are (see `id_leases()`)."
  ), paste(why, collapse = "; "), state$table_name)
}

# Makes the generator of the node a claim took: stays above the last ID
# this lease's previous generator minted (or the `after` given), so that
# the IDs keep increasing. The registry of this process may refuse it.
lease_start_generator <- function(state, step, call) {
  values <- rust_value(lease_node_values(state$layout, step$node), call)
  nodes <- stats::setNames(as.list(values), node_fields(state$layout))
  last <- if (is.null(state$pointer)) NULL else rust_value(generator_last_issued(state$pointer))
  after <- if (is.null(last)) state$after else list(x = last, input = "character")
  made <- tryCatch(new_generator(state$layout, nodes, state$policy, after, FALSE, TRUE, call),
                   zuid_error_duplicate_node = function(e) NULL,
                   error = function(e) {
                     state$start_error <- lease_start_error(e, call)
                     FALSE
                   })
  if (is.null(made)) {
    return(list(answer = "clash"))
  }
  if (isFALSE(made)) {
    return(list(answer = "failed"))
  }
  state$pointer <- made$pointer
  state$nodes <- nodes
  lease_keep(state)
  list(answer = "started")
}

# Why the claim's generator could not be made, as the claim raises it: a
# zuid_error as it is, any other error (one R raised, out of memory) as a
# zuid_error_lease that carries it, so that no claim ends unclassed.
lease_start_error <- function(e, call) {
  if (inherits(e, "zuid_error")) {
    return(e)
  }
  tryCatch(zuid_abort(paste("The node's generator could not be made:", conditionMessage(e)),
                      class = "zuid_error_lease", call = call, reason = "start", cause = e),
           zuid_error_lease = identity)
}

# Minting ------------------------------------------------------------------

# `n` IDs of a leased generator: minted window by window, the lease renewed
# whenever the binding stops for it.
lease_next <- function(generator, n, as, call) {
  state <- generator$lease
  pieces <- list()
  done <- 0
  repeat {
    if (state$released) abort_lease_released(state, call)
    minted <- rust_value(generator_next_leased(state$pointer, n - done, as, generator$layout), call,
                         list(generator = generator, n = n, as = as))
    got <- length(minted$ids)
    if (got > 0L) pieces[[length(pieces) + 1L]] <- minted$ids
    done <- done + got
    if (minted$complete) break
    lease_flush_pending()
    lease_drive(state, "renew", call)
  }
  # Most calls mint in one window: their vector is returned as it is.
  if (length(pieces) == 0L) minted$ids else if (length(pieces) == 1L) pieces[[1L]] else do.call(c, pieces)
}

# Giving back ----------------------------------------------------------------

#' @rdname leases
#' @param generator A `zuid_generator` made with `lease`.
#' @returns `id_release()`: the generator, invisibly, which mints no more.
#' @export
id_release <- function(generator) {
  call <- sys.call()
  if (!inherits(generator, "zuid_generator") || !is.environment(generator$lease)) {
    zuid_abort(sprintf(paste(
      "`generator` must be a zuid_generator made with a connection as `lease`, not %s."
    ), if (inherits(generator, "zuid_generator")) "one given its node values" else
      describe_value(generator)), class = "zuid_error_type", call = call)
  }
  state <- generator$lease
  if (!state$released) {
    lease_flush_pending()
    lease_drive(state, "release", call)
    state$released <- TRUE
    lease_unkeep(state)
  }
  invisible(generator)
}

# The finalizer of a lease's state: R may run it in the middle of any call
# (SQL on the connection could break a query in progress), so its
# generator is shut at once and the node given back at the end of the
# top-level call, or at the next lease call.
lease_finalize <- function(state) {
  if (state$released || !identical(state$pid, Sys.getpid()) || is.null(state$machine)) {
    return(invisible())
  }
  state$released <- TRUE
  if (!is.null(state$pointer)) try(generator_shut(state$pointer), silent = TRUE)
  if (isTRUE(the$lease_exiting)) {
    return(lease_release_quietly(state))
  }
  the$lease_pending <- c(the$lease_pending, list(state))
  if (is.null(the$lease_callback)) {
    the$lease_callback <- addTaskCallback(function(...) {
      lease_flush_pending()
      the$lease_callback <- NULL
      FALSE
    }, name = "zuid lease releases")
  }
  invisible()
}

# Gives a collected generator's node back; a failure leaves the lease to
# expire, which is safe.
lease_release_quietly <- function(state) {
  tryCatch(lease_drive(state, "release", NULL), error = function(e) NULL,
           warning = function(w) NULL)
  lease_unkeep(state)
}

# Gives back the nodes of generators collected since the last flush.
lease_flush_pending <- function() {
  pending <- the$lease_pending
  the$lease_pending <- NULL
  for (state in pending) lease_release_quietly(state)
}

# An object alive until R exits, whose finalizer then gives back the nodes
# still pending and has the finalizers that run after it release at once.
lease_sentinel <- function() {
  if (is.null(the$lease_sentinel)) {
    the$lease_sentinel <- new.env(parent = emptyenv())
    reg.finalizer(the$lease_sentinel, function(e) {
      the$lease_exiting <- TRUE
      lease_flush_pending()
    }, onexit = TRUE)
  }
}

# Listing ----------------------------------------------------------------------

#' @rdname leases
#' @param con A DBI connection to the database of the lease table.
#' @param lease_table The name of the lease table.
#' @returns `id_leases()`: a data frame of the table's leases, one row per
#'   node ever claimed: `layout` (its name when claimed), `node` (its number),
#'   `node_values` (as `ZUID_NODE` writes them), `state` (`"held"`,
#'   `"expired"`, `"released"`, or `"unreadable"` for a row into which
#'   another client typed what zuid cannot read, such as text in a number
#'   column; claims pass over it), `host` and `pid` (of the holder),
#'   `claimed`, `renewed` and `expires` (POSIXct, the database's clock),
#'   `horizon` (POSIXct: the next holder's IDs start at or after it),
#'   `id_space` and `node_mask` (the layout as the lease table keys it). An
#'   empty data frame when the table does not exist.
#' @export
id_leases <- function(con, lease_table = "zuid_node_leases") {
  call <- sys.call()
  state <- lease_table_state(con, lease_table, call)
  lease_flush_pending()
  rows <- if (lease_exists(state, state$table_name, call)) {
    lease_query(state, lease_sql_list(state), names(lease_list_columns), call = call, doing = "list")
  }
  lease_frame(rows)
}

# What every use of a lease table needs: the connection, its dialect's
# entry, and the table's name as given and quoted.
lease_table_state <- function(con, table, call) {
  dialect <- lease_dialect(con, call)
  state <- new.env(parent = emptyenv())
  state$con <- con
  state$sql <- sql_dialect(dialect)
  state$table_name <- check_lease_table(table, dialect, call)
  state$ledger_name <- paste0(state$table_name, lease_ledger_suffix)
  target <- list(dialect = dialect, con = con)
  state$table <- sql_quote_name(state$table_name, target, call)
  state$ledger <- sql_quote_name(state$ledger_name, target, call)
  state
}

# The rows of the lease table as id_leases() returns them.
lease_frame <- function(rows) {
  if (is.null(rows) || nrow(rows) == 0L) {
    rows <- NULL
  }
  time <- lease_time
  now <- lease_number(rows$now_ms)
  expires <- lease_number(rows$expires_ms)
  released <- lease_number(rows$released)
  data.frame(
    layout = as.character(rows$layout), node = lease_number(rows$node),
    node_values = as.character(rows$node_values),
    state = lease_row_state(released, expires, now),
    host = as.character(rows$host), pid = as.integer(lease_number(rows$pid)),
    claimed = time(rows$claimed_ms), renewed = time(rows$renewed_ms), expires = time(expires),
    horizon = time(rows$horizon_ms), id_space = as.character(rows$id_space),
    node_mask = as.character(rows$node_mask), stringsAsFactors = FALSE
  )
}

# A row's state: released (1), or held until it expires; "unreadable" where
# another client wrote what is neither (text in a number column, a flag
# other than 0 or 1), which claims pass over.
lease_row_state <- function(released, expires, now) {
  readable <- !is.na(released) & released %in% c(0, 1) & (released == 1 | !is.na(expires))
  ifelse(!readable, "unreadable", ifelse(released == 1, "released", ifelse(expires < now, "expired", "held")))
}

# Conditions ---------------------------------------------------------------------

# A failure of the database while zuid was `doing` something with the
# lease table (a statement that failed, warned, or answered in a form zuid
# cannot read): nothing is guessed from it.
lease_abort_database <- function(state, doing, call) {
  words <- c(claim = "claim", renew = "renew", release = "give back")
  doing <- if (doing %in% names(words)) words[[doing]] else doing
  zuid_abort(sprintf(paste(
    "Could not %s the node lease in %s: %s. No ID was minted past what the",
    "lease reserved; `id_next()` tries again."
  ), doing, state$table_name, lease_error_words(state)), class = "zuid_error_lease", call = call,
  reason = "database", database_error = state$db_error)
}

lease_error_words <- function(state) {
  e <- state$db_error
  if (is.null(e)) "its answer could not be read" else
    sprintf("the database said: %s", conditionMessage(e))
}

abort_lease_released <- function(state, call) {
  zuid_abort(sprintf(paste(
    "This generator gave its node (%s) back with `id_release()`, or was",
    "collected: it mints no more. Create a new one with `id_generator()`."
  ), node_words(state$nodes)), class = "zuid_error_lease", call = call, reason = "released")
}
