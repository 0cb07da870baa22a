# The SQL of node leases (see lease.R): the lease table and the statements
# that claim, renew and give back a node. Each change is one statement that
# changes a row only if it is still in the state the change expects (free,
# or held with this holder's token), and its count of changed rows says
# whether it did: no lock is needed, and two processes can never both take
# a row. Times are the database's clock, in milliseconds since 1970, as
# each engine's entry in the dialect table writes it (`lease` in
# sql-dialects.R). Every value in these statements is zuid's own: numbers,
# and text of a few safe characters (`lease_literal()`).

# The lease table: a row per node of an ID space (`id_space`, `node_mask`,
# see the core's lease.rs) ever claimed. Types that are keys of the
# dialect's `types` are the engine's: `integer` its 64-bit integer, `int`
# its 32-bit one.
lease_columns <- c(
  id_space = "VARCHAR(100)", node_mask = "VARCHAR(20)", node = "integer",
  layout = "VARCHAR(100)", node_values = "VARCHAR(400)", host = "VARCHAR(255)", pid = "integer",
  token = "VARCHAR(60)", claimed_ms = "integer", renewed_ms = "integer", expires_ms = "integer",
  horizon = "integer", horizon_ms = "integer", released = "int", renewals = "integer"
)

lease_sql_create <- function(state) {
  types <- state$sql$types
  columns <- vapply(names(lease_columns), function(name) {
    type <- lease_columns[[name]]
    type <- if (type %in% names(types)) types[[type]] else type
    nullable <- name %in% c("horizon", "horizon_ms")
    sprintf("%s %s%s", name, type, if (nullable) "" else " NOT NULL")
  }, "")
  sprintf("CREATE TABLE IF NOT EXISTS %s (%s, PRIMARY KEY (id_space, node_mask, node))",
          state$table, paste(columns, collapse = ", "))
}

# Runs `expr` (DBI calls on the lease's connection), turning a database's
# error into a zuid_error_lease that says what zuid was doing (`doing`).
lease_db <- function(state, call, doing, expr) {
  tryCatch(expr, error = function(e) {
    zuid_abort(sprintf(paste(
      "Could not %s the node lease in %s: the database said: %s"
    ), doing, state$table_name, conditionMessage(e)), class = "zuid_error_lease", call = call,
    reason = "database", parent = e)
  })
}

# The rows of the lease's ID space and node mask.
lease_where <- function(state) {
  sprintf("id_space = %s AND node_mask = %s", lease_literal(state$space), lease_literal(state$mask))
}

lease_now <- function(state) state$sql$lease$now_ms

# A node to claim: `list(node, fresh)`, the lowest node whose lease is free
# (given back or expired), or else the lowest that has no row yet (fresh);
# NULL when every node is held. Nodes in `skip` are passed over.
lease_candidate <- function(state, skip, call) {
  skipping <- if (length(skip) > 0L) {
    sprintf(" AND node NOT IN (%s)", paste(whole_text(skip), collapse = ", "))
  } else {
    ""
  }
  free <- sprintf(paste(
    "SELECT node FROM %s WHERE %s AND (released = 1 OR expires_ms < %s)%s",
    "ORDER BY node LIMIT 1"
  ), state$table, lease_where(state), lease_now(state), skipping)
  found <- lease_db(state, call, "look for a free", DBI::dbGetQuery(state$con, free))
  if (nrow(found) > 0L) {
    return(list(node = lease_number(found[[1L]]), fresh = FALSE))
  }
  node <- lease_lowest_new(state, skip, call)
  if (is.na(node)) NULL else list(node = node, fresh = TRUE)
}

# The lowest node with no row (or skipped), or NA: node 0, or the node
# after a row whose next node has no row. A layout may have millions of
# nodes; only the rows there are are read.
lease_lowest_new <- function(state, skip, call) {
  taken <- sprintf(paste(
    "(SELECT 1 FROM %s b WHERE b.id_space = a.id_space AND b.node_mask = a.node_mask",
    "AND b.node = a.node + 1)"
  ), state$table)
  zero <- sprintf("SELECT COUNT(*) FROM %s WHERE %s AND node = 0", state$table, lease_where(state))
  gaps <- sprintf(paste(
    "SELECT a.node + 1 AS node FROM %s a WHERE a.id_space = %s AND a.node_mask = %s",
    "AND a.node + 1 < %s AND NOT EXISTS %s ORDER BY a.node LIMIT %d"
  ), state$table, lease_literal(state$space), lease_literal(state$mask), whole_text(state$count),
  taken, length(skip) + 1L)
  lease_db(state, call, "look for a free", {
    candidates <- if (lease_number(DBI::dbGetQuery(state$con, zero)[[1L]]) == 0) 0 else numeric()
    candidates <- c(candidates, lease_number(DBI::dbGetQuery(state$con, gaps)$node))
  })
  candidates <- setdiff(candidates, skip)
  if (length(candidates) == 0L) NA_real_ else min(candidates)
}

# What a claim writes of its holder, as `column = value` pairs.
lease_holder_values <- function(state, token) {
  now <- lease_now(state)
  c(layout = lease_literal(state$layout$name), node_values = lease_literal(lease_node_text(state)),
    host = lease_literal(state$host), pid = whole_text(state$pid), token = lease_literal(token),
    claimed_ms = now, renewed_ms = now,
    expires_ms = sprintf("%s + %s", now, whole_text(state$ttl_ms)), released = "0")
}

# Claims node `node`, which has no row yet: TRUE when this insert made it.
lease_insert <- function(state, node, token, call) {
  values <- c(id_space = lease_literal(state$space), node_mask = lease_literal(state$mask),
              node = whole_text(node), lease_holder_values(state, token), horizon = "NULL",
              horizon_ms = "NULL", renewals = "0")
  sql <- state$sql$lease$insert_new(state$table, names(values), values)
  lease_db(state, call, "claim", DBI::dbExecute(state$con, sql)) == 1
}

# Claims node `node`, whose lease is free: TRUE when this update took it.
lease_take <- function(state, node, token, call) {
  values <- lease_holder_values(state, token)
  sql <- sprintf(paste(
    "UPDATE %s SET %s, renewals = renewals + 1 WHERE %s AND node = %s",
    "AND (released = 1 OR expires_ms < %s)"
  ), state$table, paste(names(values), "=", values, collapse = ", "), lease_where(state),
  whole_text(node), lease_now(state))
  lease_db(state, call, "claim", DBI::dbExecute(state$con, sql)) == 1
}

# The lease's own row: its horizon (NA when none was reserved) and how many
# live leases of other splits of the ID space there are.
lease_row <- function(state, call) {
  own <- sprintf("SELECT horizon FROM %s WHERE %s AND node = %s", state$table, lease_where(state),
                 whole_text(state$node))
  others <- sprintf(paste(
    "SELECT COUNT(*) FROM %s WHERE id_space = %s AND node_mask <> %s AND released = 0",
    "AND expires_ms >= %s"
  ), state$table, lease_literal(state$space), lease_literal(state$mask), lease_now(state))
  lease_db(state, call, "read", list(
    horizon = lease_number(DBI::dbGetQuery(state$con, own)$horizon)[1L],
    other_splits = lease_number(DBI::dbGetQuery(state$con, others)[[1L]])
  ))
}

# The renewal of a lease this generator holds (its token), with the
# horizon `plan` reserves.
lease_sql_renew <- function(state, plan) {
  now <- lease_now(state)
  sprintf(paste(
    "UPDATE %s SET renewed_ms = %s, expires_ms = %s + %s, horizon = %s, horizon_ms = %s,",
    "renewals = renewals + 1 WHERE %s AND node = %s AND token = %s AND released = 0"
  ), state$table, now, now, whole_text(state$ttl_ms), whole_text(plan$horizon),
  whole_text(plan$horizon_ms), lease_where(state), whole_text(state$node), lease_literal(state$token))
}

# Gives back a lease this generator holds; the next holder starts above
# `last` (`list(horizon, horizon_ms)` from the binding). NULL leaves the
# row's horizon as it is: the generator minted nothing and stayed above
# nothing, so the previous holder's horizon still stands.
lease_sql_release <- function(state, last) {
  horizon <- if (is.null(last)) "" else
    sprintf(" horizon = %s, horizon_ms = %s,", whole_text(last$horizon), whole_text(last$horizon_ms))
  sprintf(paste(
    "UPDATE %s SET released = 1, expires_ms = %s,%s renewals = renewals + 1",
    "WHERE %s AND node = %s AND token = %s AND released = 0"
  ), state$table, lease_now(state), horizon, lease_where(state), whole_text(state$node),
  lease_literal(state$token))
}

lease_sql_list <- function(state) {
  sprintf("SELECT %s, %s AS now_ms FROM %s ORDER BY id_space, node_mask, node",
          paste(names(lease_columns), collapse = ", "), lease_now(state), state$table)
}

# Values -------------------------------------------------------------------------

# Text as an SQL literal: letters, digits and a few signs kept, every other
# character written as its code point (`<U+00E9>`; R writes bytes that are
# not UTF-8 as `<ff>`, and any left as `<FF>`), so that no quote or
# backslash ever needs escaping, in any dialect. Names are shown, not read
# back.
lease_literal <- function(x) {
  x <- enc2utf8(as.character(x))
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

# A number DBI returned (a double, an integer or a bit64::integer64).
lease_number <- function(x) as.double(x)

# Milliseconds since 1970 in the lease table, as POSIXct and as the core
# writes a time (to the millisecond, which format()'s %OS3 can miss by one).
lease_time <- function(ms) as.POSIXct(lease_number(ms) / 1000, origin = "1970-01-01", tz = "UTC")
lease_time_text <- function(ms) rust_value(format_epoch_ms(lease_number(ms)))

# A token that names one claim: the process, a counter and the time.
lease_token <- function() {
  the$lease_claims <- (the$lease_claims %||% 0) + 1
  sprintf("%s-%s-%s", whole_text(Sys.getpid()), whole_text(the$lease_claims),
          whole_text(floor(as.double(Sys.time()) * 1e6)))
}

# The node values of a lease as ZUID_NODE writes them: "datacenter=1,worker=7".
lease_node_text <- function(state) {
  paste(names(state$nodes), vapply(state$nodes, whole_text, ""), sep = "=", collapse = ",")
}

lease_context <- function(state) list(layout = state$layout, nodes = state$nodes)

# What print() says of a generator's lease.
lease_words <- function(state) {
  if (state$released) {
    return(sprintf("lease: released (node %s in %s)", whole_text(state$node), state$table_name))
  }
  sprintf("lease: node %s of %s in %s, for %s s at a time", whole_text(state$node),
          whole_text(state$count), state$table_name, format(state$ttl_ms / 1000))
}

# Conditions ---------------------------------------------------------------------

abort_lease_all_taken <- function(state, call) {
  first <- sprintf("SELECT MIN(expires_ms) AS first FROM %s WHERE %s AND released = 0",
                   state$table, lease_where(state))
  row <- lease_db(state, call, "read", DBI::dbGetQuery(state$con, first))
  expires <- lease_time(row$first)
  zuid_abort(sprintf(paste(
    "Every node of the %s is leased in %s: all %s are held. The first lease",
    "expires at %s (the database's clock), unless its holder renews it."
  ), layout_label(state$layout), state$table_name, whole_text(state$count),
  lease_time_text(row$first)), class = "zuid_error_lease", call = call,
  reason = "all_taken", nodes = state$count, first_expiry = expires)
}

abort_lease_lost <- function(state, call) {
  holder <- sprintf("SELECT host, pid, expires_ms FROM %s WHERE %s AND node = %s",
                    state$table, lease_where(state), whole_text(state$node))
  row <- lease_db(state, call, "read", DBI::dbGetQuery(state$con, holder))
  by <- if (nrow(row) == 1L) sprintf("host %s, process %s, until %s", row$host,
                                     whole_text(lease_number(row$pid)),
                                     lease_time_text(row$expires_ms)) else "no row"
  zuid_abort(sprintf(paste(
    "This generator's lease of node %s (%s) in %s was lost: it expired and",
    "another process holds the node (%s). No ID was minted under it; the",
    "generator claims the node back once it is free."
  ), whole_text(state$node), node_words(state$nodes), state$table_name, by),
  class = "zuid_error_lease", call = call, reason = "lost")
}

abort_lease_released <- function(state, call) {
  zuid_abort(sprintf(paste(
    "This generator gave its node (%s) back with `id_release()`, or was",
    "collected: it mints no more. Create a new one with `id_generator()`."
  ), node_words(state$nodes)), class = "zuid_error_lease", call = call, reason = "released")
}

abort_lease_split <- function(state, call) {
  zuid_abort(sprintf(paste(
    "%s holds live leases of a layout that mints the same ID space as the %s",
    "but splits the bits below its time into other fields: their nodes could",
    "mint the same IDs. Use one layout for the whole ID space."
  ), sentence(state$table_name), layout_label(state$layout)), class = "zuid_error_lease",
  call = call, reason = "split")
}
