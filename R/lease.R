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
#' @section Renewal and fencing:
#' A generator renews its lease as it mints: one database call each half
#' of `lease_ttl`, never one per ID. At each renewal it reserves a horizon,
#' the last time its IDs may have, `lease_ttl` past the later of its clock
#' and its last ID, stored in the lease row; it never mints an ID past that
#' horizon, nor once half of `lease_ttl` has passed since the renewal
#' began, until it renews again. When the lease cannot be renewed (it
#' expired and another process took the node, or the database cannot be
#' reached) `id_next()` fails with a `zuid_error_lease` that says so, and
#' the IDs it had minted in that call are skipped. An expired lease that no
#' one took is renewed; a node that another process took is claimed back
#' by the next `id_next()` once it is free again. A generator never mints
#' an ID under a node that another process may hold.
#'
#' @section Restarts:
#' The next holder of a node starts above the horizon its previous holder
#' reserved (or, for a node given back, above the last ID it minted), so
#' that a holder killed with SIGKILL, a clock that stepped back across the
#' restart, or a new machine whose clock is slower never repeat an ID: no
#' `after` is needed. A horizon ahead of the new holder's clock is met as
#' `on_clock_back` says: `"wait"` waits for the clock to pass it, `"error"`
#' refuses, `"borrow"` counts on from it at once. After a SIGKILL the node
#' is free when the lease expires, at most `lease_ttl` later.
#'
#' @section Giving nodes back:
#' `id_release()` closes the generator (it mints no more) and frees its
#' node at once; so does a generator that is garbage-collected or alive
#' when R exits, at the end of the top-level call in which it was
#' collected (R may collect garbage in the middle of any call, when
#' running SQL would be unsafe). A generator of a process that was killed
#' keeps its node until its lease expires.
#'
#' @section Connections:
#' The lease statements run on `lease` itself, between the calls that use
#' it: give the generator a connection of its own, not one that is reading
#' a result in pieces. For SQLite, every process must open the same file;
#' zuid sets a busy timeout of 10 seconds on a connection that has a
#' shorter one, so that processes claiming at once wait for each other.
#' The connection must not be inside a transaction.
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
  lease_claim_first(state, call)
  structure(
    list(pointer = state$pointer, layout = layout, nodes = state$nodes, on_clock_back = policy,
         lease = state),
    class = "zuid_generator"
  )
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
# finalizer gives the node back. `node` and `token` are set by the claim.
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
  lease_prepare(state, call)
  state
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

check_lease_table <- function(table, call) {
  if (!is.character(table) || length(table) != 1L || is.na(table) || !nzchar(table) ||
      is.object(table)) {
    zuid_abort(sprintf("`lease_table` must be the name of a table, one non-empty string, not %s.",
                       describe_value(table)), class = "zuid_error_type", call = call)
  }
  enc2utf8(table)
}

# The lease table, created when missing, and the connection's settings.
lease_prepare <- function(state, call) {
  timeout <- state$sql$lease$busy_timeout
  lease_db(state, call, "prepare the connection for", {
    if (!is.null(timeout) && lease_number(DBI::dbGetQuery(state$con, timeout$get)[[1L]]) < 10000) {
      DBI::dbExecute(state$con, timeout$set(10000))
    }
    # Processes that start together may all create it: one wins.
    if (!DBI::dbExistsTable(state$con, state$table_name)) {
      tryCatch(DBI::dbExecute(state$con, lease_sql_create(state)), error = function(e) {
        if (!DBI::dbExistsTable(state$con, state$table_name)) stop(e)
      })
    }
  })
}

# Claiming -------------------------------------------------------------------

# Claims the lowest free node, makes the generator for it and grants its
# first window. A node that a generator of this process already uses (one
# given node values by hand) is given back and skipped.
lease_claim_first <- function(state, call) {
  skipped <- numeric()
  for (attempt in seq_len(100L)) {
    candidate <- lease_candidate(state, skipped, call)
    if (is.null(candidate)) abort_lease_all_taken(state, call)
    values <- rust_value(lease_node_values(state$layout, candidate$node), call)
    state$nodes <- stats::setNames(as.list(values), node_fields(state$layout))
    token <- lease_token()
    took <- if (candidate$fresh) lease_insert(state, candidate$node, token, call) else
      lease_take(state, candidate$node, token, call)
    if (!took) next
    state$node <- candidate$node
    state$token <- token
    if (lease_make_generator(state, call)) {
      lease_start(state, call)
      return(invisible(state))
    }
    lease_give_back(state, NULL, call)
    skipped <- c(skipped, candidate$node)
  }
  zuid_abort(sprintf(paste(
    "No node of the %s could be claimed in %s after 100 attempts: other",
    "processes took each one first. Try again."
  ), layout_label(state$layout), state$table_name), class = "zuid_error_lease", call = call,
  reason = "contention")
}

# The generator of the claimed node (`state$nodes`); FALSE when this
# process has a live generator whose IDs clash with it.
lease_make_generator <- function(state, call) {
  made <- tryCatch(new_generator(state$layout, state$nodes, state$policy, state$after, FALSE, TRUE, call),
                   zuid_error_duplicate_node = function(e) NULL)
  if (is.null(made)) {
    return(FALSE)
  }
  state$pointer <- made$pointer
  TRUE
}

# After a claim: the generator stays above the horizon the node's previous
# holder reserved, no other split of the layout's ID space is leased, and
# the first window is granted.
lease_start <- function(state, call) {
  row <- lease_row(state, call)
  tryCatch({
    if (!is.na(row$horizon)) {
      rust_value(generator_lease_floor(state$pointer, row$horizon), call, lease_context(state))
    }
    if (row$other_splits > 0) abort_lease_split(state, call)
    if (!lease_renew_once(state, call)) abort_lease_lost(state, call)
  }, error = function(e) {
    lease_give_back(state, lease_close_quietly(state), call)
    stop(e)
  })
}

# Renewing -------------------------------------------------------------------

# Renews the lease: reserves a new horizon and opens a new window. A
# lease that another process took is claimed back if it is free again.
lease_renew <- function(state, call) {
  lease_flush_pending()
  if (state$released) abort_lease_released(state, call)
  if (lease_renew_once(state, call)) {
    return(invisible(TRUE))
  }
  token <- lease_token()
  if (!lease_take(state, state$node, token, call)) abort_lease_lost(state, call)
  state$token <- token
  row <- lease_row(state, call)
  if (!is.na(row$horizon)) {
    rust_value(generator_lease_floor(state$pointer, row$horizon), call, lease_context(state))
  }
  if (!lease_renew_once(state, call)) abort_lease_lost(state, call)
  invisible(TRUE)
}

# One renewal: TRUE when the database took it (the lease was still this
# generator's), FALSE when it did not.
lease_renew_once <- function(state, call) {
  plan <- rust_value(generator_lease_begin(state$pointer, state$ttl_ms), call, lease_context(state))
  changed <- lease_db(state, call, "renew", DBI::dbExecute(state$con, lease_sql_renew(state, plan)))
  if (changed != 1) {
    return(FALSE)
  }
  rust_value(generator_lease_grant(state$pointer, plan$horizon, floor(state$ttl_ms / 2)), call,
             lease_context(state))
  TRUE
}

# Minting ------------------------------------------------------------------

# `n` IDs of a leased generator: minted window by window, the lease renewed
# whenever the binding stops for it.
lease_next <- function(generator, n, as, call) {
  state <- generator$lease
  context <- list(generator = generator, n = n, as = as)
  pieces <- list()
  done <- 0
  idle <- 0L
  repeat {
    minted <- rust_value(generator_next_leased(state$pointer, n - done, as, generator$layout), call,
                         context)
    got <- length(minted$ids)
    if (got > 0L) pieces[[length(pieces) + 1L]] <- minted$ids
    done <- done + got
    if (minted$complete) break
    idle <- if (got == 0L) idle + 1L else 0L
    if (idle > 2L) zuid_abort_internal("a renewed lease let the generator mint nothing", call)
    lease_renew(state, call)
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
    last <- rust_value(generator_lease_close(state$pointer), call, list(generator = generator))
    state$released <- TRUE
    lease_flush_pending()
    lease_give_back(state, last, call)
  }
  invisible(generator)
}

# Frees the node in the lease table, leaving as its horizon the last tick
# the generator minted in (`last` from the binding; NULL: it minted
# nothing), if the lease is still this generator's.
lease_give_back <- function(state, last, call) {
  lease_db(state, call, "give back", DBI::dbExecute(state$con, lease_sql_release(state, last)))
  invisible()
}

# The generator fenced off, and its last tick, whatever state it is in.
lease_close_quietly <- function(state) {
  tryCatch(rust_value(generator_lease_close(state$pointer)), error = function(e) NULL)
}

# The finalizer of a lease's state: R may run it in the middle of any call
# (SQL on the connection could break a query in progress), so the release
# waits for the end of the top-level call, or for the next lease call.
lease_finalize <- function(state) {
  if (state$released || !identical(state$pid, Sys.getpid()) || is.null(state$token)) {
    return(invisible())
  }
  state$released <- TRUE
  last <- if (is.null(state$pointer)) NULL else lease_close_quietly(state)
  if (isTRUE(the$lease_exiting)) {
    return(lease_release_quietly(state, last))
  }
  the$lease_pending <- c(the$lease_pending, list(list(state = state, last = last)))
  if (is.null(the$lease_callback)) {
    the$lease_callback <- addTaskCallback(function(...) {
      lease_flush_pending()
      the$lease_callback <- NULL
      FALSE
    }, name = "zuid lease releases")
  }
  invisible()
}

lease_release_quietly <- function(state, last) {
  tryCatch(lease_give_back(state, last, NULL), error = function(e) NULL)
}

# Gives back the nodes of generators collected since the last flush.
lease_flush_pending <- function() {
  pending <- the$lease_pending
  the$lease_pending <- NULL
  for (p in pending) lease_release_quietly(p$state, p$last)
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
#'   `"expired"` or `"released"`), `host` and `pid` (of the holder),
#'   `claimed`, `renewed` and `expires` (POSIXct, the database's clock),
#'   `horizon` (POSIXct: the next holder's IDs start at or after it),
#'   `id_space` and `node_mask` (the layout as the lease table keys it). An
#'   empty data frame when the table does not exist.
#' @export
id_leases <- function(con, lease_table = "zuid_node_leases") {
  call <- sys.call()
  state <- lease_table_state(con, lease_table, call)
  lease_flush_pending()
  rows <- lease_db(state, call, "list", {
    if (DBI::dbExistsTable(con, state$table_name)) DBI::dbGetQuery(con, lease_sql_list(state)) else NULL
  })
  lease_frame(rows)
}

# What every use of a lease table needs: the connection, its dialect's
# entry, and the table's name as given and quoted.
lease_table_state <- function(con, table, call) {
  dialect <- lease_dialect(con, call)
  state <- new.env(parent = emptyenv())
  state$con <- con
  state$sql <- sql_dialect(dialect)
  state$table_name <- check_lease_table(table, call)
  state$table <- sql_quote_name(state$table_name, list(dialect = dialect, con = con), call)
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
  released <- lease_number(rows$released) == 1
  data.frame(
    layout = as.character(rows$layout), node = lease_number(rows$node),
    node_values = as.character(rows$node_values),
    state = ifelse(released, "released", ifelse(expires < now, "expired", "held")),
    host = as.character(rows$host), pid = as.integer(lease_number(rows$pid)),
    claimed = time(rows$claimed_ms), renewed = time(rows$renewed_ms), expires = time(expires),
    horizon = time(rows$horizon_ms), id_space = as.character(rows$id_space),
    node_mask = as.character(rows$node_mask), stringsAsFactors = FALSE
  )
}
