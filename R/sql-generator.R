#' IDs minted inside the database
#'
#' `id_sql_generator()` gives the SQL statements that create, in PostgreSQL
#' or MySQL/MariaDB, a function `name()` returning the next ID of a layout
#' for one node, with the state it keeps between calls, so that rows
#' inserted by any program (an application, a loader, `INSERT ... SELECT`)
#' get their IDs from the database itself, as a column default. The
#' function keeps zuid's generator guarantees inside the database: IDs are
#' unique and strictly increasing across every session that calls it, never
#' more in a tick than the sequence holds (it waits for the next tick, as
#' [id_generator()] does), never ahead of the server's clock, and the clock
#' stepping back makes it wait or fail, as `on_clock_back` says.
#'
#' @section What it creates:
#' These objects, named after `name` and in its schema:
#' * `name()`: the generator, returning a signed `BIGINT`;
#' * `name_state`: the last tick and sequence it issued. In PostgreSQL a
#'   sequence (non-transactional, so that IDs handed out in a transaction
#'   that rolls back are never minted again) whose next value each call
#'   takes without a lock; only moving it to a new tick takes a
#'   session-level advisory lock, for that move alone (see "Sessions and
#'   transactions"). In PostgreSQL also `name_seen`, a sequence holding the
#'   latest clock reading a call acted on (for `on_clock_back = "error"`). In
#'   MySQL/MariaDB a one-row InnoDB table, read with a locking read
#'   (`SELECT ... FOR UPDATE`) and updated inside the caller's transaction;
#' * `name_clock()`: the server's wall clock in microseconds since 1970, which
#'   `name()` reads. It is a function of its own so that a test can replace
#'   it with a clock that steps back (zuid's tests do); leave it alone
#'   otherwise.
#'
#' Running the statements again (to change the node, or `on_clock_back`)
#' replaces the functions and keeps the state, so the function never mints
#' again an ID it minted before. The state records the layout it counts
#' ticks of: the statements of another layout under the same name are
#' refused, before anything changes, with a `zuid_error_generator_state`
#' (with `execute = TRUE`; run by hand, the server's error says the same).
#' Choose another name, or drop the old generator once nothing mints with
#' it; with `table =` the new one starts above the column's IDs. A name longer, with the `_state` and `_clock` suffixes,
#' than PostgreSQL's 63 bytes or MySQL's 64 characters is refused, since the
#' server would cut it short.
#'
#' In PostgreSQL an unqualified `name` is created in the current schema
#' with `SET search_path FROM CURRENT`, so that the function finds its state
#' and clock whatever the caller's search path; a schema-qualified name,
#' such as `c("ids", "next_id")`, names them with that schema instead,
#' which saves that setting's cost on each call. In MySQL, an unqualified
#' name is in the current database.
#'
#' @section Column defaults:
#' In PostgreSQL the function is the column's default:
#'
#' ```
#' CREATE TABLE t (id BIGINT PRIMARY KEY DEFAULT zuid_next_id(), body TEXT);
#' ```
#'
#' MySQL and MariaDB allow no stored function in a `DEFAULT`, so a
#' `BEFORE INSERT` trigger sets the column when an `INSERT` leaves it out
#' (or gives `NULL` or 0); the column's default is 0, since MariaDB refuses
#' an `INSERT ... SELECT` that leaves out a `NOT NULL` column without one:
#'
#' ```
#' CREATE TABLE t (id BIGINT NOT NULL DEFAULT 0 PRIMARY KEY, body TEXT);
#' CREATE TRIGGER t_id_zuid BEFORE INSERT ON t FOR EACH ROW
#'   SET NEW.id = CASE WHEN NEW.id IS NULL OR NEW.id = 0
#'                THEN zuid_next_id() ELSE NEW.id END;
#' ```
#'
#' `table` (and `column`) add those statements for an existing table: in
#' PostgreSQL `ALTER TABLE ... SET DEFAULT`, in MySQL the column's default 0
#' and the trigger `<table>_<column>_zuid`. The column must be a `BIGINT`.
#' With the table locked against writes, the state first rises above every
#' ID already in the column (and above the last value of a sequence behind
#' it), so that new IDs sort after the old ones even where the old ones lie
#' ahead of the clock (the function then waits, or under `"error"` fails,
#' as for a clock behind). Since that wait holds up every insert, from
#' every session, the column statement measures how far the greatest ID
#' lies ahead of the server's clock: a lead of a millisecond or more is
#' said in a `zuid_warning_generator_ahead` (with `execute = TRUE`; its
#' `ahead` is the lead in seconds), and one of more than `max_ahead`
#' seconds is refused, before the state or the column changes, with a
#' `zuid_error_generator_ahead` (its `ahead`, `max_ahead` and the driver's
#' condition as `database_error`; run by hand,
#' the server's error says the same). Such an ID was usually minted where
#' a clock ran fast; raise `max_ahead` to accept the wait. A column whose values come from elsewhere (a
#' PostgreSQL `BIGSERIAL` or `IDENTITY`, another default, a MySQL
#' `AUTO_INCREMENT`) is refused with a `zuid_error_generator_column` unless
#' `adopt = TRUE`, which takes it over: the identity or `AUTO_INCREMENT` is
#' dropped (the sequence behind a `BIGSERIAL` stays, unused) and the
#' function becomes the column's source of IDs, all above the column's
#' numbers so far, in one transaction.
#'
#' IDs are unique across the sessions of one server because they share one
#' state. Two servers (or two databases, or two function names) that mint
#' the same layout must have different node values, as two R generators
#' must: give each database or server a node of its own, from
#' configuration or from a lease (see [id_generator()]), and create its
#' function with that node.
#'
#' @section Sessions and transactions:
#' In PostgreSQL sessions do not take turns: a call takes the sequence's
#' next value, as `nextval()` does for a `BIGSERIAL`, and only the call that
#' finds the clock in a new tick moves the state there, under a
#' session-level advisory lock that it releases before returning (and on
#' every error and cancel). Sessions that find the lock taken wait, taking
#' no value, until the state reaches their tick, then go on; a
#' transaction's length does not matter. In MySQL/MariaDB callers are
#' serialised: the state row's InnoDB lock is held until the caller's
#' transaction commits or rolls back. Statements in autocommit, and short
#' transactions, interleave freely; a long transaction that minted an ID
#' makes every other inserter wait until it ends (a wait longer than
#' `innodb_lock_wait_timeout`, 50 s by default, fails), and two transactions
#' that each wait for a lock the other holds are a deadlock, which the
#' server resolves by failing one of them. So mint in short transactions
#' there. In MySQL/MariaDB the state is part of the transaction: a
#' transaction that rolls back also takes back the IDs it minted, which a
#' later call may mint again. Its rows are gone with it, so a column
#' default stays unique, but an ID read from a transaction that then rolls
#' back must not be used elsewhere. In PostgreSQL the state is
#' non-transactional, so that an ID is never minted twice. Under
#' `REPEATABLE READ` and `SERIALIZABLE` the function works as under
#' `READ COMMITTED`: the lock and the state are not subject to the
#' snapshot. PostgreSQL's advisory lock has the keys 2054514020 and the
#' state sequence's OID: an application's own two-key advisory locks should
#' not use 2054514020 as their first key.
#'
#' Callers need the right to call the functions and, in PostgreSQL, to
#' update the state sequence (`GRANT USAGE, UPDATE ON SEQUENCE`); MySQL's
#' function runs with its definer's rights. Where MySQL writes a binary log,
#' creating the functions needs `log_bin_trust_function_creators` (or the
#' `SUPER` privilege), since they read the clock.
#'
#' @section The clock:
#' The function reads the server's wall clock at each call:
#' `clock_timestamp()` in PostgreSQL, `SYSDATE(6)` in MySQL/MariaDB (read in
#' UTC: the clock function sets the session's `time_zone` to `+00:00` for
#' the reading and back, so that a zone with daylight saving time does not
#' make it step), both to the microsecond. It never
#' reads `now()`, which is the transaction's start in PostgreSQL and the
#' statement's start in MySQL, so a statement inserting a million rows gets
#' the times of its run. A server started with `--sysdate-is-now` makes
#' `SYSDATE()` the statement's start: the clock then stands still, and a
#' call that has to wait for it fails, saying so, instead of waiting for
#' ever.
#'
#' When a tick's sequence is used up, the function waits for the next tick
#' (sleeping, or for the last millisecond re-reading the clock): never more
#' IDs in a tick than the sequence holds. When the clock reads earlier than
#' the last ID's tick, `"wait"` (the default) waits until the clock is back
#' there (every caller waits with it, since the state is ahead of the
#' clock); `"error"` refuses with an error saying by how many milliseconds
#' the clock is behind, and moves the state to no new tick. A clock before the layout's
#' epoch or past its last tick is an error. SCRU64 follows its
#' specification, as [id_generator()] does: a counter that starts each tick
#' at a random number below half its range, bursts that move on to later
#' ticks up to 10 seconds ahead of the clock, and steps back within those 10
#' seconds absorbed.
#'
#' @section Layouts and large IDs:
#' Every layout works, whatever its unit: milliseconds, `"<n>ms"` such as
#' Sonyflake's 10 ms and SCRU64's 256 ms, seconds, and microseconds (TIDs).
#' The tick is computed on Unix time's grid, as everywhere in zuid (see
#' "Ticks on Unix time's grid" in [id_layout()]). The Discord, Instagram and
#' Mastodon layouts use the top bit: their IDs of 2^63 and more (Instagram's
#' from 2046) come out of the function as the negative `BIGINT` with the
#' same 64 bits, which is how zuid reads and decodes such IDs in a signed
#' column (see [id_sql()]); they are still unique and increasing as
#' unsigned numbers, but a signed column sorts them before the others.
#'
#' @section Cost:
#' Measured by `make bench` (`bench/sql-generator.R`) on a 2-core virtual
#' machine shared with other work, PostgreSQL 15 and MariaDB 10.11 as
#' `make test` starts them, Twitter layout, commits not waiting for the
#' disk. In PostgreSQL the default costs about 3 microseconds per row more
#' than `BIGSERIAL` in an `INSERT ... SELECT` of 200,000 rows (1.7 times
#' its time), and single-row `INSERT`s from 1, 4 and 16 sessions ran at
#' 0.7, 0.8 and 0.94 times `BIGSERIAL`'s rate, growing with the sessions as
#' `BIGSERIAL`'s does. In MariaDB each row costs about 70 microseconds more
#' than `AUTO_INCREMENT` (the trigger, and the update of the state row, each
#' a statement of a stored program, and the more rows one transaction
#' holds, the more), and sessions take turns on the state row, so that 16
#' mint no faster than one. The Twitter layout's capacity of 4,096 IDs per
#' millisecond is above these rates, so a session rarely waits for a tick.
#' A schema-qualified PostgreSQL name saves the search path's setting on
#' each call, about 1 microsecond.
#'
#' @param layout A [id_layout()] (`id_layout("sonyflake", epoch = ...)`,
#'   `id_layout("scru64", node_bits = ...)` or a custom one), or the name of
#'   a built-in layout that needs no further argument: `"twitter"` (or
#'   `"x"`), `"discord"`, `"instagram"`, `"mastodon"`, `"tid"` (or
#'   `"bluesky"`), `"baidu"`, `"sonyflake_v2"`, `"tsid"`, `"yitter"`,
#'   `"linkedin"` or `"tiktok"`, in any case.
#' @param ... Every node field of the layout by name, as [id_generator()]
#'   takes them, such as `datacenter = 1, worker = 7`; for `scru64`, `node`.
#' @param dialect `"postgres"` (or `"postgresql"`) or `"mysql"` (or
#'   `"mariadb"`), or a DBI connection to one of them (see [id_sql()]). Other
#'   dialects are a `zuid_error_dialect` that says why the engine cannot
#'   hold a safe generator.
#' @param name The function's name: a string, or `c(schema, name)` (or
#'   `DBI::Id()`) for a schema-qualified one. Always quoted as an identifier.
#' @param on_clock_back `"wait"` or `"error"`: what the function does when
#'   the server's clock reads earlier than its last ID (see "The clock").
#' @param table `NULL`, or a table (a name, or `c(schema, table)`) whose
#'   `column` should get its IDs from the function: see "Column defaults".
#' @param column The ID column of `table`.
#' @param adopt `TRUE` to take over a `column` that gets its values from
#'   elsewhere (`BIGSERIAL`, `IDENTITY`, another default, `AUTO_INCREMENT`),
#'   which is otherwise refused: see "Column defaults". Needs `table`.
#' @param max_ahead With `table`, the most seconds (60 by default; `Inf`
#'   for no bound) that the column's greatest ID may lie ahead of the
#'   server's clock: new IDs start above it, so inserts wait until the clock
#'   gets there. See "Column defaults".
#' @param execute `TRUE` to run the statements on `dialect`, which must then
#'   be a DBI connection.
#' @returns The SQL statements in the order to run them, named for what
#'   each does: a `dbplyr::sql()` vector when dbplyr is installed, a
#'   character vector otherwise; invisibly when `execute = TRUE`, after
#'   running them. Run each as one statement (`DBI::dbExecute()`); in the
#'   `mysql` client, set a `DELIMITER` other than `;` first.
#' @seealso [id_generator()] for IDs minted in R, [id_sql()] and
#'   [id_add_fields()] to decode them in the database.
#' @export
#' @examples
#' sql <- id_sql_generator("twitter", datacenter = 1, worker = 7, dialect = "postgres")
#' names(sql)
#' cat(sql[["function"]])
#'
#' # MySQL/MariaDB, with the trigger that fills `events.id`.
#' names(id_sql_generator("discord", worker = 3, process = 0, dialect = "mariadb",
#'                        table = "events"))
#'
#' # Engines that cannot hold a safe generator say why.
#' try(id_sql_generator("twitter", datacenter = 1, worker = 7, dialect = "sqlite"))
#'
#' \dontrun{
#' con <- DBI::dbConnect(RPostgreSQL::PostgreSQL(), dbname = "app")
#' id_sql_generator("twitter", datacenter = 1, worker = 7, dialect = con, execute = TRUE)
#' DBI::dbExecute(con, "CREATE TABLE t (id BIGINT PRIMARY KEY DEFAULT zuid_next_id(), body TEXT)")
#' DBI::dbExecute(con, "INSERT INTO t (body) VALUES ('hello')")
#' ids <- DBI::dbGetQuery(con, "SELECT CAST(id AS TEXT) AS id, body FROM t")
#' id_add_fields(ids, id, "twitter")
#' }
id_sql_generator <- function(layout, ..., dialect, name = "zuid_next_id",
                             on_clock_back = c("wait", "error"), table = NULL, column = "id",
                             adopt = FALSE, max_ahead = 60, execute = FALSE) {
  call <- sys.call()
  layout <- as_layout(layout, call)
  nodes <- check_generator_nodes(list(...), layout, call)
  if (missing(dialect)) {
    zuid_abort(paste(
      "`dialect` is missing: give \"postgres\" or \"mysql\" (or \"mariadb\"), or a DBI",
      "connection to one of them."
    ), class = "zuid_error_type", call = call)
  }
  target <- sql_target(dialect, call)
  engine <- generator_engine(target$dialect, call)
  policy <- check_choice(on_clock_back, c("wait", "error"), "on_clock_back", call)
  adopt <- check_flag(adopt, "adopt", call)
  max_ahead <- check_max_ahead(max_ahead, call)
  execute <- check_flag(execute, "execute", call)
  if (adopt && is.null(table)) {
    zuid_abort("`adopt = TRUE` takes over the column `column` of `table`: give `table` too.",
               class = "zuid_error_type", call = call)
  }
  if (execute && is.null(target$con)) {
    zuid_abort(sprintf(paste(
      "`execute = TRUE` runs the statements on a DBI connection given as `dialect`;",
      "`dialect` is the name %s. Pass the connection, or run the statements yourself."
    ), describe_value(dialect)), class = "zuid_error_type", call = call)
  }
  if (!is.null(engine$schema) && !is.null(target$con) && is.character(name) && length(name) == 1L) {
    # The function then names its state and clock by schema, which costs
    # less than SET search_path on each call.
    name <- c(engine$schema(target$con), name)
  }
  names <- generator_names(name, table, column, target$dialect, call)
  plan <- generator_plan(layout, nodes, policy, call)
  plan$adopt <- adopt
  plan$max_ahead_us <- max_ahead_us(max_ahead)
  statements <- engine$statements(plan, names)
  if (execute) {
    run_generator_sql(statements, names, target$con, call, max_ahead)
    if (!is.null(table)) warn_generator_ahead(target$con, target$dialect, names, call)
    return(invisible(sql_result(statements)))
  }
  sql_result(statements)
}

# The statements of a generator whose clock (and its sleep and pause) the
# tests set: `test_clock` is a list of SQL for `clock` (an expression),
# `sleep` and `pause` (statements; `sleep` with a %s for milliseconds).
# Only the tests call this; users get the server's clock.
generator_statements_for_tests <- function(layout, nodes, dialect, name, on_clock_back = "wait", table = NULL,
                                           column = "id", adopt = FALSE, max_ahead = 60, test_clock = NULL) {
  layout <- as_layout(layout, NULL)
  engine <- generator_engine(sql_target(dialect, NULL)$dialect, NULL)
  names <- generator_names(name, table, column, sql_target(dialect, NULL)$dialect, NULL)
  plan <- generator_plan(layout, check_generator_nodes(nodes, layout, NULL), on_clock_back, NULL)
  plan$adopt <- adopt
  plan$max_ahead_us <- max_ahead_us(max_ahead)
  plan$test_clock <- test_clock
  engine$statements(plan, names)
}

# Engines -------------------------------------------------------------------

# The dialect's generator (its `generator` in sql-dialects.R), or the error
# that says why the engine cannot hold a safe one.
generator_engine <- function(dialect, call) {
  engine <- sql_dialect(dialect)$generator
  if (is.null(engine$statements)) {
    zuid_abort(sprintf("id_sql_generator() makes generators for %s: %s.",
                       generator_engine_labels(), engine$refusal),
               class = "zuid_error_dialect", call = call, dialect = dialect)
  }
  engine
}

# The engines that hold a generator, as a message lists them.
generator_engine_labels <- function() {
  labels <- unlist(lapply(sql_dialects, function(d) d$generator$label))
  paste(labels, collapse = " and ")
}

# Runs the statements in order. A refusal of the state or of the column
# (the server's "zuid: ..." errors of the check and column statements) is
# a zuid_error_generator_state or zuid_error_generator_column with the
# server's words (a column's ID too far ahead, a zuid_error_generator_ahead);
# any other failure a zuid_error_database naming the statement.
run_generator_sql <- function(statements, names, con, call, max_ahead = NULL) {
  for (i in seq_along(statements)) {
    what <- names(statements)[[i]]
    tryCatch(DBI::dbExecute(con, statements[[i]]), error = function(e) {
      said <- conditionMessage(e)
      # The server's own "zuid: ..." error (not its quote of a statement).
      refusal <- sub("^:\\s+", "", regmatches(said, regexpr(":\\s+zuid: [^\n]*", said)))
      if (length(refusal) && generator_ahead_refused(refusal)) {
        abort_generator_ahead(refusal, names, max_ahead, e, call)
      }
      if (length(refusal) && what %in% c("check", "column", "default")) {
        state <- what == "check"
        zuid_abort(paste0(sub("^zuid: ", "", refusal), if (state) paste0(". ", generator_refusal_advice(names))),
                   call = call, parent = e,
                   class = if (state) "zuid_error_generator_state" else "zuid_error_generator_column")
      }
      zuid_abort(sprintf("Statement %d of %d (%s) of the ID generator failed: %s",
                         i, length(statements), what, said),
                 class = "zuid_error_database", call = call, parent = e)
    })
  }
}

# The generator's numbers ------------------------------------------------------

# What the SQL of every engine needs, as SQL text, all of it the core's
# (facts.R): the tick grid in microseconds (tick 0 starts at `origin_us`,
# the epoch floored to the unit), the parts' widths, shifts and masks, the
# node values, the last tick (for SCRU64 the last whose IDs are all
# SCRU64's), SCRU64's lead allowance in ticks and the bound its counter
# starts below (NULL: a tick starts at 0), as id_generator() mints; and
# the state's: the counter's bits below the tick, whether values are taken
# without the lock and how far past a taken value a put goes (see
# sql-generator-steps.R). Powers of two below 2^53 are exact doubles.
generator_plan <- function(layout, nodes, policy, call) {
  facts <- layout_facts_of(layout, call)
  minting <- minting_facts_of(layout, call)
  offsets <- facts$offsets
  max_values <- facts$max_values
  state_bits <- as.integer(minting$state_counter_bits)
  plan <- list(
    origin_us = sql_number(minting$origin_us), unit_us = minting$unit_us,
    time_mask = whole_text(max_values[["time"]]), last_tick = minting$last_tick,
    time_shift = whole_text(offsets[["time"]]), seq_bits = whole_text(layout$bits[["sequence"]]),
    seq_shift = whole_text(offsets[["sequence"]]), seq_max = whole_text(max_values[["sequence"]]),
    seq_unit = whole_text(2^offsets[["sequence"]]),
    max_lead = minting$max_lead,
    start_bound = if (is.na(minting$counter_start_bound)) NULL else minting$counter_start_bound,
    state_bits = minting$state_counter_bits, tick_offset = whole_text(2^(63 - state_bits)),
    counter_mask = whole_text(2^state_bits - 1), put_margin = minting$put_margin,
    lock_free = minting$lock_free,
    id_limit = facts$id_limit, sign_bit = "sign" %in% layout$kinds,
    nodes = vapply(nodes, whole_text, ""), node_shifts = offsets[names(nodes)],
    policy = policy,
    about = sprintf("zuid's ID generator: %s; node %s; on_clock_back = \"%s\".",
                    layout_label(layout), node_words(nodes), policy)
  )
  plan$stamp <- generator_stamp(plan, layout, nodes)
  plan
}

# What the state's stamp says: `layout`, the numbers that give its values
# their meaning (the tick grid, the time and sequence bits, the counter's
# width), which must match for a function to use a state; and `full`,
# those with the node and the layout's name, renewed when the node changes.
generator_stamp <- function(plan, layout, nodes) {
  grid <- sprintf(paste("zuid ID generator state 1: ticks of %s us from %s us after 1970; time %s bits",
                        "at %s; sequence %s bits at %s; counter %s bits"),
                  plan$unit_us, gsub("[()]", "", plan$origin_us), layout$bits[["time"]], plan$time_shift,
                  plan$seq_bits, plan$seq_shift, plan$state_bits)
  list(layout = grid, full = sprintf("%s; node %s; %s", grid, node_words(nodes), layout_label(layout)))
}

# The server's error when the state belongs to another layout, followed by
# the state's stamp (short: MariaDB keeps 128 characters of a message).
generator_refusal <- function(names) {
  sprintf("zuid: the ID generator state %s was made for another layout: ", names$state_name)
}

# What R adds to that error: why, and what to do.
generator_refusal_advice <- function(names) {
  sprintf(paste(
    "Its values mean nothing in this layout. Create this generator under another name, or drop",
    "the old one (its function and the objects named after it, %s among them) once nothing mints",
    "with it; a generator made with `table` starts above the IDs in the column."), names$state)
}

# The server's error when a column cannot be taken over.
generator_column_refusal <- function(names, what) {
  paste0("zuid: ", switch(what,
    missing = sprintf("the table %s has no column %s", names$table, names$column),
    type = sprintf("the column %s of %s is not a BIGINT, which IDs need", names$column, names$table),
    taken = sprintf("%s.%s has an identity, default or AUTO_INCREMENT: adopt = TRUE takes it over",
                    names$table, names$column)
  ))
}

# A number's decimal text as SQL, in parentheses when negative (tick 0
# before 1970), so that no `- -` or `--` appears where it is written in.
sql_number <- function(text) if (startsWith(text, "-")) sprintf("(%s)", text) else text

# The node fields' bits in place, as an expression: `(v << shift) | ...`,
# each value cast to `type` first where the engine needs it.
node_bits_sql <- function(plan, cast) {
  if (length(plan$nodes) == 0L) {
    return("0")
  }
  paste(sprintf("(%s << %s)", sprintf(cast, plan$nodes), whole_text(plan$node_shifts)),
        collapse = " | ")
}

# Names --------------------------------------------------------------------------

# The names the statements use, quoted by the dialect's rules: the function,
# its state, `seen` and clock (named after it, in its schema), and for a
# column the table, column and trigger; also, as text, what catalogs and
# locks name them by: the state's and the table's schema (SQL: the schema
# given, or the current one) and bare names, and the generator's lock.
generator_names <- function(name, table, column, dialect, call) {
  rules <- sql_dialect(dialect)$quote
  limit <- generator_name_limit(dialect)
  fn <- name_parts(name, "name", limit, call)
  derived <- function(suffix, parts = fn, what = "name") {
    name_parts(c(parts[-length(parts)], paste0(parts[[length(parts)]], suffix)), what,
               limit, call, derived = suffix)
  }
  quote <- function(parts) paste(vapply(parts, quote_with, "", rules = rules), collapse = ".")
  schema_sql <- function(parts) {
    if (length(parts) == 2L) my_string(parts[[1L]]) else "DATABASE()"
  }
  # The state's name is checked before the others: a message names the first too long.
  state <- derived("_state")
  out <- list(fn = quote(fn), state = quote(state), seen = quote(derived("_seen")),
              clock = quote(derived("_clock")), qualified = length(fn) == 2L,
              state_name = state[[length(state)]], schema_sql = schema_sql(state))
  out$lock <- sprintf("CONCAT('zuid_', MD5(CONCAT(%s, '.', %s)))", out$schema_sql, my_string(out$state_name))
  if (!is.null(table)) {
    table <- name_parts(table, "table", limit, call)
    column <- name_parts(column, "column", limit, call, parts = 1L)
    trigger <- derived(paste0("_", column, "_zuid"), table, "table")
    out <- c(out, list(table = quote(table), column = quote(column), trigger = quote(trigger),
                       column_text = column, table_name = table[[length(table)]],
                       table_schema_sql = schema_sql(table)))
  }
  out
}

# The longest name the engine keeps whole, with its name for messages.
generator_name_limit <- function(dialect) {
  engine <- sql_dialect(dialect)$generator
  c(engine$name_limit, list(engine = engine$label))
}

# A name as its parts (`c(schema, name)`, or one part), each a non-empty
# string within the engine's length limit; `derived` is the suffix that
# made it, for the message.
name_parts <- function(x, arg, limit, call, parts = 2L, derived = NULL) {
  if (inherits(x, "Id")) x <- unname(x@name)
  if (!is.character(x) || is.object(x) || !length(x) %in% seq_len(parts) || anyNA(x) ||
      !all(nzchar(x))) {
    zuid_abort(sprintf(paste(
      "`%s` must be %s; not %s."
    ), arg, if (parts == 1L) "one non-empty string" else
      "a name, or a schema and a name such as `c(\"ids\", \"next_id\")` or `DBI::Id()`",
    describe_value(x)), class = "zuid_error_type", call = call)
  }
  x <- enc2utf8(x)
  size <- nchar(x, type = limit$type)
  if (any(size > limit$max)) {
    long <- x[size > limit$max][[1L]]
    zuid_abort(sprintf(paste(
      "`%s` makes the name %s%s, longer than %s's %d %s for a name, which the",
      "server would cut short: choose a shorter one."
    ), arg, encodeString(trunc_text(long, 70L), quote = "\""),
    if (is.null(derived)) "" else sprintf(" (with \"%s\")", derived),
    limit$engine, limit$max, limit$type), class = "zuid_error_range", call = call)
  }
  x
}
