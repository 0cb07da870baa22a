# The SQL of node leases (see lease.R): the lease table and its horizon
# ledger, and the statement behind each request of the core's lease
# machine (`lease_steps`). Each request is one statement (two for
# `own_space`), which changes a row only if it is still in the state the
# request expects, so that no lock is needed and two processes can never
# both take a row; its count of changed rows is the answer. Every read and
# every count is checked: a statement that fails, warns, or gives an answer
# of the wrong shape is a failed answer, never an empty one. Times are the
# database's clock, in milliseconds since 1970; nodes and horizons cross
# to the machine as decimal text, exact at any size. Every value in these
# statements is zuid's own: numbers, and text of a few safe characters
# (`lease_literal()`).

# The lease table: a row per node of an ID space (`id_space`, `node_mask`,
# see the core's lease.rs) ever claimed, which other clients may clean up.
# Types that are keys of the dialect's `types` are the engine's: `integer`
# its 64-bit integer, `int` its 32-bit one.
lease_columns <- c(
  id_space = "VARCHAR(100)", node_mask = "VARCHAR(20)", node = "integer",
  layout = "VARCHAR(100)", node_values = "VARCHAR(400)", host = "VARCHAR(255)", pid = "integer",
  token = "VARCHAR(60)", claimed_ms = "integer", renewed_ms = "integer", expires_ms = "integer",
  horizon = "integer", horizon_ms = "integer", released = "int", renewals = "integer"
)

# The horizon ledger, `<lease_table>_horizons`: per node the highest
# horizon any holder reserved, and per ID space (node_mask "space", node
# -1) the split that owns the space (`owner_mask`, until `owner_until_ms`),
# the space's highest horizon and the floor of its owner's holders. Only
# zuid writes it; `changes` counts its updates, so that every update
# changes its row (MySQL counts changed rows, not matched ones).
lease_ledger_columns <- c(
  id_space = "VARCHAR(100)", node_mask = "VARCHAR(20)", node = "integer", horizon = "integer",
  updated_ms = "integer", owner_mask = "VARCHAR(20)", owner_until_ms = "integer",
  split_floor = "integer", changes = "integer"
)

lease_ledger_suffix <- "_horizons"
lease_space_row <- "node_mask = 'space' AND node = -1"

lease_sql_create <- function(state, which) {
  columns <- if (which == "table") lease_columns else lease_ledger_columns
  nullable <- c("horizon", "horizon_ms", "owner_mask", "owner_until_ms", "split_floor")
  types <- state$sql$types
  defs <- vapply(names(columns), function(name) {
    type <- columns[[name]]
    type <- if (type %in% names(types)) types[[type]] else type
    sprintf("%s %s%s", name, type, if (name %in% nullable) "" else " NOT NULL")
  }, "")
  sprintf("CREATE TABLE %s (%s, PRIMARY KEY (id_space, node_mask, node))",
          state[[which]], paste(defs, collapse = ", "))
}

# Running statements -------------------------------------------------------------

# The result of `expr` (a DBI call on the lease's connection), or NULL when
# it failed or warned (RPostgreSQL warns and returns NULL when a statement
# fails); the condition is kept in `state$db_error` for the message.
lease_try <- function(state, expr) {
  tryCatch(expr, error = function(e) {
    state$db_error <- e
    NULL
  }, warning = function(w) {
    state$db_error <- w
    NULL
  })
}

# The rows of a query with `columns`, or NULL when it failed or gave
# something else. With `call`, a failure is raised (saying what zuid was
# `doing`) instead.
lease_query <- function(state, sql, columns = NULL, call = NULL, doing = "read") {
  rows <- lease_try(state, DBI::dbGetQuery(state$con, sql))
  ok <- is.data.frame(rows) && (is.null(columns) || all(columns %in% names(rows)))
  if (!ok) {
    if (is.null(state$db_error)) state$db_error <- simpleError("its answer was not a table of the expected columns")
    if (!is.null(call)) lease_abort_database(state, doing, call)
    return(NULL)
  }
  rows
}

# The count of rows a statement changed, or NULL when it failed or gave
# something else; with `call`, a failure is raised.
lease_execute <- function(state, sql, call = NULL, doing = "write") {
  count <- lease_try(state, DBI::dbExecute(state$con, sql))
  count <- if (length(count) == 1L && (is.numeric(count) || inherits(count, "integer64"))) as.double(count)
  if (is.null(count) || is.na(count) || count < 0 || count != round(count)) {
    if (is.null(state$db_error)) state$db_error <- simpleError("its count of changed rows could not be read")
    if (!is.null(call)) lease_abort_database(state, doing, call)
    return(NULL)
  }
  count
}

# Whether table `name` exists, checked (a failure is raised).
lease_exists <- function(state, name, call) {
  exists <- lease_try(state, DBI::dbExistsTable(state$con, name))
  if (!is.logical(exists) || length(exists) != 1L || is.na(exists)) lease_abort_database(state, "read", call)
  exists
}

lease_changed <- function(count) {
  if (is.null(count)) list(answer = "failed") else list(answer = "changed", count = count)
}

lease_done <- function(count) if (is.null(count)) list(answer = "failed") else list(answer = "done")

# One text value of a one-row answer (NA allowed), or a failure.
lease_text_of <- function(rows, column) {
  if (is.null(rows) || nrow(rows) != 1L) {
    return(NULL)
  }
  x <- rows[[column]]
  if (!is.character(x) && !all(is.na(x))) {
    return(NULL)
  }
  as.character(x)
}

# The requests ---------------------------------------------------------------------

lease_now <- function(state) state$sql$lease$now_ms
lease_text <- function(state, x) sprintf(state$sql$lease$text, x)
lease_greatest <- function(state, a, b) sprintf(state$sql$lease$greatest, a, b)

# The rows of the lease's ID space and node mask.
lease_where <- function(state) {
  sprintf("id_space = %s AND node_mask = %s", lease_literal(state$space), lease_literal(state$mask))
}

lease_node_where <- function(state, node) sprintf("%s AND node = %s", lease_where(state), node)

lease_free <- function(state) sprintf("(released = 1 OR expires_ms < %s)", lease_now(state))

# Whether a row's node is one of the layout's: another client may have
# typed any number (or, in SQLite, text: greater than every number) there.
lease_in_range <- function(state, column = "node") {
  sprintf("%s >= 0 AND %s < %s", column, column, whole_text(state$count))
}

# Whether the connection is outside any transaction: what the next
# statements write is then committed as each runs, and a rollback cannot
# take a claim or a renewal back. SQLite cannot be asked; its BEGIN fails
# inside a transaction.
lease_step_outside <- function(state, step, call) {
  answer <- lease_outside(state)
  if (isTRUE(answer$outside) && !identical(state$doing, "release")) lease_prepare(state, call)
  answer
}

lease_outside <- function(state) {
  sql <- state$sql$lease$outside
  if (is.null(sql)) {
    return(lease_sqlite_outside(state))
  }
  rows <- lease_query(state, sql, "outside")
  flag <- if (!is.null(rows) && nrow(rows) == 1L) lease_number(rows$outside)
  if (length(flag) != 1L || !flag %in% c(0, 1)) {
    return(list(answer = "failed"))
  }
  if (inherits(state$con, "MariaDBConnection")) {
    idle <- if (!is.null(rows$idle)) lease_number(rows$idle)
    driver <- lease_rmariadb_outside(state)
    if (length(idle) != 1L || !idle %in% c(0, 1) || is.na(driver)) return(list(answer = "failed"))
    flag <- idle * driver
  }
  list(answer = "outside", outside = flag == 1)
}

# RMariaDB runs with autocommit off and commits each statement itself,
# except between dbBegin() and dbCommit() or dbRollback(); dbBegin() sends
# nothing, so the server cannot tell until a statement has run. The driver
# is asked (its flag, unexported): 1 outside, 0 inside, NA when this
# RMariaDB cannot say (the claim then stops as a database failure).
lease_rmariadb_outside <- function(state) {
  ns <- asNamespace("RMariaDB")
  if (!exists("connection_is_transacting", envir = ns, inherits = FALSE)) {
    state$db_error <- simpleError("this RMariaDB cannot say whether the connection is in a transaction")
    return(NA_real_)
  }
  inside <- tryCatch(get("connection_is_transacting", envir = ns)(state$con@ptr), error = function(e) NA)
  if (!is.logical(inside) || length(inside) != 1L || is.na(inside)) {
    state$db_error <- simpleError("RMariaDB could not say whether the connection is in a transaction")
    return(NA_real_)
  }
  if (inside) 0 else 1
}

# SQLite's answer: an empty transaction of its own, which BEGIN refuses to
# start inside another. Whatever fails, no transaction of zuid's is left
# open: a BEGIN that failed otherwise (its answer lost, say) may have
# started one, which can only be this empty one, and is committed; a
# COMMIT that failed is followed by a ROLLBACK.
lease_sqlite_outside <- function(state) {
  quietly <- function(sql) try(DBI::dbExecute(state$con, sql), silent = TRUE)
  if (is.null(lease_execute(state, "BEGIN"))) {
    if (grepl("within a transaction", conditionMessage(state$db_error), fixed = TRUE)) {
      return(list(answer = "outside", outside = FALSE))
    }
    quietly("COMMIT")
    return(list(answer = "failed"))
  }
  if (is.null(lease_execute(state, "COMMIT"))) {
    quietly("ROLLBACK")
    return(list(answer = "failed"))
  }
  list(answer = "outside", outside = TRUE)
}

# A free node: the one preferred when it is free, else the lowest whose
# lease is free (given back or expired), else the lowest with no row. Rows
# of nodes the layout does not have are never candidates (named once per
# claim, see lease_note_foreign_rows()).
lease_step_find <- function(state, step, call) {
  lease_note_foreign_rows(state)
  skipping <- if (length(step$skip) > 0L) sprintf(" AND node NOT IN (%s)", paste(step$skip, collapse = ", "))
  if (!is.null(step$prefer) && !step$prefer %in% step$skip) {
    row <- lease_query(state, sprintf("SELECT CASE WHEN %s THEN 1 ELSE 0 END AS free FROM %s WHERE %s",
                                      lease_free(state), state$table, lease_node_where(state, step$prefer)),
                       "free")
    if (is.null(row) || nrow(row) > 1L) {
      return(list(answer = "failed"))
    }
    if (nrow(row) == 0L || lease_number(row$free) == 1) {
      return(list(answer = "found", node = step$prefer, fresh = nrow(row) == 0L))
    }
  }
  free <- lease_query(state, sprintf(
    "SELECT %s AS node FROM %s WHERE %s AND %s AND %s%s ORDER BY node LIMIT 1",
    lease_text(state, "node"), state$table, lease_where(state), lease_in_range(state), lease_free(state),
    skipping %||% ""
  ), "node")
  if (is.null(free) || nrow(free) > 1L) {
    return(list(answer = "failed"))
  }
  if (nrow(free) == 1L) {
    return(list(answer = "found", node = lease_text_of(free, "node"), fresh = FALSE))
  }
  lease_find_new(state, step$skip)
}

# The lowest node with no row (and not skipped): node 0, or the node after
# a row whose next node has no row. A layout may have millions of nodes;
# only the rows there are are read.
lease_find_new <- function(state, skip) {
  zero <- lease_query(state, sprintf("SELECT COUNT(*) AS n FROM %s WHERE %s", state$table,
                                     lease_node_where(state, "0")), "n")
  taken <- sprintf(paste(
    "(SELECT 1 FROM %s b WHERE b.id_space = a.id_space AND b.node_mask = a.node_mask",
    "AND b.node = a.node + 1)"
  ), state$table)
  gaps <- lease_query(state, sprintf(paste(
    "SELECT %s AS node FROM %s a WHERE a.id_space = %s AND a.node_mask = %s",
    "AND %s AND a.node + 1 < %s AND NOT EXISTS %s ORDER BY a.node LIMIT %d"
  ), lease_text(state, "a.node + 1"), state$table, lease_literal(state$space),
  lease_literal(state$mask), lease_in_range(state, "a.node"), whole_text(state$count), taken,
  length(skip) + 1L), "node")
  if (is.null(zero) || nrow(zero) != 1L || is.null(gaps) || !is.character(gaps$node) && nrow(gaps) > 0L) {
    return(list(answer = "failed"))
  }
  candidates <- c(if (lease_number(zero$n) == 0) "0", gaps$node)
  candidates <- setdiff(candidates, skip)
  if (length(candidates) == 0L) {
    lease_note_first_expiry(state)
    return(list(answer = "none_free"))
  }
  # The lowest, by number: text of digits, compared by length then digits.
  list(answer = "found", node = candidates[order(nchar(candidates), candidates)][[1L]], fresh = TRUE)
}

# Rows of the lease's ID space and mask whose node the layout does not
# have (negative, too large, or text), read once per claim: they are no
# candidates, and the claim's warning names them. A read that fails names
# none; the claim's own statements say whether the database answers.
lease_note_foreign_rows <- function(state) {
  if (!is.null(state$foreign_rows)) {
    return(invisible())
  }
  rows <- lease_query(state, sprintf("SELECT %s AS node FROM %s WHERE %s AND NOT (%s) ORDER BY node LIMIT 6",
                                     lease_text(state, "node"), state$table, lease_where(state),
                                     lease_in_range(state)), "node")
  state$foreign_rows <- if (!is.null(rows) && is.character(rows$node)) rows$node else character()
  state$db_error <- NULL
}

# When the first lease of a full table expires, for the message.
lease_note_first_expiry <- function(state) {
  first <- lease_query(state, sprintf("SELECT MIN(expires_ms) AS first FROM %s WHERE %s AND released = 0",
                                      state$table, lease_where(state)), "first")
  state$first_expiry <- if (!is.null(first) && nrow(first) == 1L) lease_number(first$first) else NA_real_
}

# What a claim writes of its holder, as `column = value` pairs.
lease_holder_values <- function(state, step, call) {
  now <- lease_now(state)
  values <- rust_value(lease_node_values(state$layout, step$node), call)
  nodes <- stats::setNames(as.list(values), node_fields(state$layout))
  c(layout = lease_literal(state$layout$name), node_values = lease_literal(lease_node_text(nodes)),
    host = lease_literal(state$host), pid = whole_text(state$pid), token = lease_literal(step$token),
    claimed_ms = now, renewed_ms = now, expires_ms = sprintf("%s + %s", now, whole_text(state$ttl_ms)),
    released = "0")
}

# Takes a node for a token: inserts its row, or takes the row if its lease
# is still free.
lease_step_take <- function(state, step, call) {
  values <- lease_holder_values(state, step, call)
  sql <- if (isTRUE(step$fresh)) {
    values <- c(id_space = lease_literal(state$space), node_mask = lease_literal(state$mask),
                node = step$node, values, horizon = "NULL", horizon_ms = "NULL", renewals = "0")
    state$sql$lease$insert_new(state$table, names(values), values)
  } else {
    sprintf("UPDATE %s SET %s, renewals = renewals + 1 WHERE %s AND %s", state$table,
            paste(names(values), "=", values, collapse = ", "), lease_node_where(state, step$node),
            lease_free(state))
  }
  lease_changed(lease_execute(state, sql))
}

# Takes the ID space for this split if no other owns it or its ownership
# expired; a split that takes it from another records the space's horizon
# as its floor. (In MySQL the assignments run in order: `split_floor`
# reads the old owner before `owner_mask` changes.)
lease_step_own_space <- function(state, step, call) {
  now <- lease_now(state)
  until <- sprintf("%s + %s", now, whole_text(state$ttl_ms))
  mask <- lease_literal(state$mask)
  values <- c(id_space = lease_literal(state$space), node_mask = "'space'", node = "-1",
              horizon = "NULL", updated_ms = now, owner_mask = mask, owner_until_ms = until,
              split_floor = "NULL", changes = "0")
  if (is.null(lease_execute(state, state$sql$lease$insert_new(state$ledger, names(values), values)))) {
    return(list(answer = "failed"))
  }
  lease_changed(lease_execute(state, sprintf(paste(
    "UPDATE %s SET split_floor = CASE WHEN owner_mask = %s THEN split_floor ELSE horizon END,",
    "owner_mask = %s, owner_until_ms = %s, updated_ms = %s, changes = changes + 1",
    "WHERE id_space = %s AND %s AND (owner_mask = %s OR owner_until_ms < %s)"
  ), state$ledger, mask, mask, lease_greatest(state, "owner_until_ms", until), now,
  lease_literal(state$space), lease_space_row, mask, now)))
}

# The horizons a new holder of the node starts above: its lease row's, the
# ledger's, and the floor of the space's split.
lease_step_floors <- function(state, step, call) {
  rows <- lease_query(state, sprintf(
    "SELECT %s AS row_horizon, %s AS fence, %s AS split",
    lease_text(state, sprintf("(SELECT horizon FROM %s WHERE %s)", state$table,
                              lease_node_where(state, step$node))),
    lease_text(state, sprintf("(SELECT horizon FROM %s WHERE %s)", state$ledger,
                              lease_node_where(state, step$node))),
    lease_text(state, sprintf("(SELECT split_floor FROM %s WHERE id_space = %s AND %s)", state$ledger,
                              lease_literal(state$space), lease_space_row))
  ), c("row_horizon", "fence", "split"))
  texts <- lapply(c("row_horizon", "fence", "split"), function(column) lease_text_of(rows, column))
  if (any(vapply(texts, is.null, NA))) {
    return(list(answer = "failed"))
  }
  list(answer = "floors", row = texts[[1L]], fence = texts[[2L]], split = texts[[3L]])
}

# Raises the space's horizon and extends this split's ownership.
lease_step_reserve_space <- function(state, step, call) {
  now <- lease_now(state)
  lease_changed(lease_execute(state, sprintf(paste(
    "UPDATE %s SET horizon = %s, owner_until_ms = %s, updated_ms = %s, changes = changes + 1",
    "WHERE id_space = %s AND %s AND owner_mask = %s"
  ), state$ledger, lease_greatest(state, sprintf("COALESCE(horizon, %s)", step$horizon), step$horizon),
  lease_greatest(state, "owner_until_ms", sprintf("%s + %s", now, whole_text(state$ttl_ms))), now,
  lease_literal(state$space), lease_space_row, lease_literal(state$mask))))
}

# Raises the ledger's horizon of the node (a row made when missing).
lease_step_reserve_node <- function(state, step, call) {
  values <- c(id_space = lease_literal(state$space), node_mask = lease_literal(state$mask),
              node = step$node, horizon = step$horizon, updated_ms = lease_now(state), changes = "0")
  lease_done(lease_execute(state, state$sql$lease$upsert_max(state$ledger, names(values), values, "horizon")))
}

# Renews the lease if its token still holds it, recording the horizon.
lease_step_extend <- function(state, step, call) {
  now <- lease_now(state)
  lease_changed(lease_execute(state, sprintf(paste(
    "UPDATE %s SET renewed_ms = %s, expires_ms = %s + %s, horizon = %s, horizon_ms = %s,",
    "renewals = renewals + 1 WHERE %s AND token = %s AND released = 0"
  ), state$table, now, now, whole_text(state$ttl_ms), step$horizon, whole_text(step$horizon_ms),
  lease_node_where(state, step$node), lease_literal(step$token))))
}

# Gives the node back if its token still holds it; the row's horizon
# becomes the hand-over (or stays as it is, or none).
lease_step_give_back <- function(state, step, call) {
  horizon <- if (isTRUE(step$keep)) "" else if (is.null(step$horizon))
    " horizon = NULL, horizon_ms = NULL," else
    sprintf(" horizon = %s, horizon_ms = %s,", step$horizon, whole_text(step$horizon_ms))
  lease_changed(lease_execute(state, sprintf(paste(
    "UPDATE %s SET released = 1, expires_ms = %s,%s renewals = renewals + 1",
    "WHERE %s AND token = %s AND released = 0"
  ), state$table, lease_now(state), horizon, lease_node_where(state, step$node),
  lease_literal(step$token))))
}

# Lowers the ledger's horizon of the node from this holder's own
# reservation to its hand-over, only if it still is its own.
lease_step_lower <- function(state, step, call) {
  lease_done(lease_execute(state, sprintf(paste(
    "UPDATE %s SET horizon = %s, updated_ms = %s, changes = changes + 1 WHERE %s AND horizon = %s"
  ), state$ledger, step$to %||% "NULL", lease_now(state), lease_node_where(state, step$node),
  step$from)))
}

# The statement behind each request of the machine, by its name.
lease_steps <- list(
  outside = lease_step_outside, find = lease_step_find, take = lease_step_take,
  start = function(state, step, call) lease_start_generator(state, step, call),
  own_space = lease_step_own_space, floors = lease_step_floors,
  reserve_space = lease_step_reserve_space, reserve_node = lease_step_reserve_node,
  extend = lease_step_extend, give_back = lease_step_give_back, lower = lease_step_lower
)

lease_list_columns <- c(lease_columns, now_ms = "integer")

# The numbers come as text (lease_text()): a driver reads a column into
# which another client typed text with its own warning (RSQLite's "mixed
# type"), which would fail the listing, where text reads as NA.
lease_sql_list <- function(state) {
  columns <- names(lease_columns)
  numbers <- lease_columns %in% c("integer", "int")
  columns[numbers] <- sprintf("%s AS %s", vapply(columns[numbers], lease_text, "", state = state),
                              columns[numbers])
  sprintf("SELECT %s, %s AS now_ms FROM %s ORDER BY id_space, node_mask, node",
          paste(columns, collapse = ", "), lease_text(state, lease_now(state)), state$table)
}

# Values -------------------------------------------------------------------------

# Text as an SQL literal: letters, digits and a few signs kept, every other
# character written as its code point (`<U+00E9>`), and a byte that is not
# UTF-8 as itself (`<FF>`), so that no quote or backslash ever needs
# escaping, in any dialect. Only text marked latin1 is converted: R 4.2's
# enc2utf8() wrote such bytes as "<ff>", R 4.3 and later leave them.
# Names are shown, not read back.
lease_literal <- function(x) {
  x <- as.character(x)
  if (identical(Encoding(x), "latin1")) x <- enc2utf8(x)
  if (validUTF8(x)) {
    codes <- utf8ToInt(x)
    chars <- intToUtf8(codes, multiple = TRUE)
    shown <- ifelse(grepl("^[-A-Za-z0-9 _.,:=<>/+@]$", chars), chars, sprintf("<U+%04X>", codes))
  } else {
    bytes <- as.integer(charToRaw(x))
    chars <- vapply(bytes, function(b) intToUtf8(min(b, 127L)), "")
    safe <- bytes < 128L & grepl("^[-A-Za-z0-9 _.,:=<>/+@]$", chars)
    shown <- ifelse(safe, chars, sprintf(ifelse(bytes < 128L, "<U+%04X>", "<%02X>"), bytes))
  }
  paste0("'", substr(paste(shown, collapse = ""), 1L, 90L), "'")
}

# A number DBI returned (a double, an integer or a bit64::integer64); text
# another client typed into a number column (SQLite keeps it) is NA.
lease_number <- function(x) if (is.character(x)) suppressWarnings(as.double(x)) else as.double(x)

# Milliseconds since 1970 in the lease table, as POSIXct and as the core
# writes a time (to the millisecond, which format()'s %OS3 can miss by one).
lease_time <- function(ms) as.POSIXct(lease_number(ms) / 1000, origin = "1970-01-01", tz = "UTC")
lease_time_text <- function(ms) rust_value(format_epoch_ms(lease_number(ms)))

# Node values as ZUID_NODE writes them: "datacenter=1,worker=7".
lease_node_text <- function(nodes) {
  paste(names(nodes), vapply(nodes, whole_text, ""), sep = "=", collapse = ",")
}

lease_context <- function(state) list(layout = state$layout, nodes = state$nodes, lease = state)

# What print() says of a generator's lease.
lease_words <- function(state) {
  if (state$released) {
    return(sprintf("lease: released (node %s in %s)", state$node %||% "none", state$table_name))
  }
  sprintf("lease: node %s of %s in %s, for %s s at a time", state$node %||% "none",
          whole_text(state$count), state$table_name, format(state$ttl_ms / 1000))
}
