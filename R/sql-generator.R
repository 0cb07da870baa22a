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
#' Three objects, named after `name` and in its schema:
#' * `name()`: the generator, returning a signed `BIGINT`;
#' * `name_state`: the last tick and sequence it issued. In PostgreSQL a
#'   sequence (non-transactional, so that IDs handed out in a transaction
#'   that rolls back are never minted again), read and written under a
#'   transaction-level advisory lock; in MySQL/MariaDB a one-row InnoDB
#'   table, read with a locking read (`SELECT ... FOR UPDATE`) and updated
#'   inside the caller's transaction;
#' * `name_clock()`: the server's wall clock in microseconds since 1970, which
#'   `name()` reads. It is a function of its own so that a test can replace
#'   it with a clock that steps back (zuid's tests do); leave it alone
#'   otherwise.
#'
#' Running the statements again (to change the node, or `on_clock_back`)
#' replaces the functions and keeps the state, so the function never mints
#' again an ID it minted before. The state belongs to the layout's ticks:
#' to use a name for another layout, drop `name_state` first, or choose
#' another name. A name longer, with the `_state` and `_clock` suffixes,
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
#' and the trigger `<table>_<column>_zuid`.
#'
#' IDs are unique across the sessions of one server because they share one
#' state. Two servers (or two databases, or two function names) that mint
#' the same layout must have different node values, as two R generators
#' must: give each database or server a node of its own, from
#' configuration or from a lease (see [id_generator()]), and create its
#' function with that node.
#'
#' @section Sessions and transactions:
#' Callers are serialised: a call waits for the lock until every other
#' transaction that called the function has ended, since the lock (a
#' PostgreSQL advisory lock, a MySQL InnoDB row lock) is held until the
#' caller's transaction commits or rolls back. Statements in autocommit,
#' and short transactions, interleave freely; a long transaction that minted
#' an ID makes every other inserter wait until it ends (in MySQL, a wait
#' longer than `innodb_lock_wait_timeout`, 50 s by default, fails), and two
#' transactions that each wait for a lock the other holds are a deadlock,
#' which the server resolves by failing one of them. So mint in short
#' transactions. In MySQL/MariaDB the state is part of the transaction: a
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
#' there, holding the lock, so that every caller waits with it; `"error"`
#' refuses with an error saying by how many milliseconds the clock is
#' behind, and leaves the state as it was. A clock before the layout's
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
#' `make test` starts them, Twitter layout, one `INSERT ... SELECT` of a
#' million rows: the default adds about 3 microseconds per row in
#' PostgreSQL (the insert itself costs 1), and 18 to 25 in MariaDB, whose
#' trigger, locking read and update of the state row, each a statement of a
#' stored program, cost more (the more rows one transaction holds, the
#' more). The function alone takes about 3.5 and 20 microseconds. That is
#' below the Twitter layout's capacity of 4,096 IDs per millisecond, so a
#' session rarely waits for a tick; four sessions inserting at once take
#' turns and together mint at about the rate of one. A schema-qualified
#' PostgreSQL name saves the search path's setting on each call, about 1
#' microsecond when measured alone, within the noise of a million-row run.
#'
#' @param layout A [id_layout()], or the name of a built-in layout that
#'   needs no further argument (`"twitter"`, `"discord"`, `"instagram"`,
#'   `"mastodon"`, `"tid"`).
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
                             execute = FALSE) {
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
  execute <- check_flag(execute, "execute", call)
  if (execute && is.null(target$con)) {
    zuid_abort(sprintf(paste(
      "`execute = TRUE` runs the statements on a DBI connection given as `dialect`;",
      "`dialect` is the name %s. Pass the connection, or run the statements yourself."
    ), describe_value(dialect)), class = "zuid_error_type", call = call)
  }
  names <- generator_names(name, table, column, target$dialect, call)
  plan <- generator_plan(layout, nodes, policy, call)
  statements <- engine$statements(plan, names)
  if (execute) {
    run_generator_sql(statements, target$con, call)
    return(invisible(sql_result(statements)))
  }
  sql_result(statements)
}

# Engines -------------------------------------------------------------------

# Why each engine that zuid decodes IDs in cannot hold a safe generator.
generator_refusals <- c(
  sqlite = paste(
    "SQLite has no stored functions (an application registers its functions",
    "on each connection), so SQL alone cannot keep a generator's state between calls"),
  duckdb = paste(
    "DuckDB's macros keep no state between calls, and its clock (now(),",
    "current_timestamp) is the transaction's start, the same for every row of a statement"),
  spark = paste(
    "Spark SQL's functions keep no state between calls, and current_timestamp()",
    "is the query's start, the same for every row"),
  clickhouse = paste(
    "ClickHouse has no stored procedures that keep state between calls (its own",
    "generateSnowflakeID() mints one fixed layout)")
)

generator_engine <- function(dialect, call) {
  engine <- sql_generator_engines[[dialect]]
  if (is.null(engine)) {
    zuid_abort(sprintf("id_sql_generator() makes generators for PostgreSQL and MySQL/MariaDB: %s.",
                       generator_refusals[[dialect]]),
               class = "zuid_error_dialect", call = call, dialect = dialect)
  }
  engine
}

run_generator_sql <- function(statements, con, call) {
  for (i in seq_along(statements)) {
    tryCatch(DBI::dbExecute(con, statements[[i]]), error = function(e) {
      zuid_abort(sprintf("Statement %d of %d (%s) of the ID generator failed: %s",
                         i, length(statements), names(statements)[[i]], conditionMessage(e)),
                 class = "zuid_error_database", call = call, parent = e)
    })
  }
}

# The generator's numbers ------------------------------------------------------

# What the SQL of every engine needs, as SQL text: the tick grid in
# microseconds (tick 0 starts at `origin_us`, the epoch floored to the unit),
# the parts' widths and shifts, the node values, the last tick (for SCRU64
# the last whose IDs are all below 36^12, which is 2^24 * 3^24), and
# SCRU64's lead allowance (10 s of ticks) and counter start (below half its
# range), as id_generator()'s core has them. Every number is below 2^53.
generator_plan <- function(layout, nodes, policy, call) {
  facts <- layout_facts_of(layout, call)
  if (abs(facts$first_ms) >= 9e15) {
    zuid_abort(sprintf(paste(
      "The %s starts too far from 1970 for a database's clock: its tick 0 in",
      "microseconds does not fit a BIGINT."), layout_label(layout)),
      class = "zuid_error_layout", call = call)
  }
  shifts <- facts$offsets
  time_bits <- layout$bits[["time"]]
  seq_bits <- layout$bits[["sequence"]]
  scru64 <- identical(layout$text, "scru64")
  unit_us <- round(facts$unit_ms * 1000)
  list(
    origin_us = micros_text(facts$first_ms), unit_us = whole_text(unit_us),
    time_mask = whole_text(2^time_bits - 1),
    last_tick = whole_text(if (scru64) 3^24 - 1 else 2^time_bits - 1),
    time_shift = whole_text(shifts[["time"]]), seq_bits = whole_text(seq_bits),
    seq_shift = whole_text(shifts[["sequence"]]), seq_max = whole_text(2^seq_bits - 1),
    max_lead = whole_text(if (scru64) floor((1e7 - 1) / unit_us) else 0),
    start_half = if (scru64 && seq_bits > 1) whole_text(2^(seq_bits - 1)) else NULL,
    nodes = vapply(nodes, whole_text, ""), node_shifts = shifts[names(nodes)],
    policy = policy,
    about = sprintf("zuid's ID generator: %s; node %s; on_clock_back = \"%s\".",
                    layout_label(layout), node_words(nodes), policy)
  )
}

# Milliseconds as microseconds, exactly: the digits and three zeros, in
# parentheses when negative (an epoch before 1970), so that no `- -`
# or `--` can appear where the number is written in.
micros_text <- function(ms) {
  if (ms == 0) {
    return("0")
  }
  text <- paste0(whole_text(abs(ms)), "000")
  if (ms < 0) sprintf("(-%s)", text) else text
}

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
# its state and clock (named after it, in its schema), and for a column
# default the table, column and trigger; `state_text`, the state's quoted
# name as PostgreSQL's functions take it (in a string).
generator_names <- function(name, table, column, dialect, call) {
  rules <- sql_dialects[[dialect]]$quote
  limit <- sql_generator_engines[[dialect]]$name_limit
  fn <- name_parts(name, "name", limit, dialect, call)
  base <- fn[[length(fn)]]
  derived <- function(suffix, parts = fn, what = "name") {
    name_parts(c(parts[-length(parts)], paste0(parts[[length(parts)]], suffix)), what,
               limit, dialect, call, derived = suffix)
  }
  quote <- function(parts) paste(vapply(parts, quote_with, "", rules = rules), collapse = ".")
  state <- quote(derived("_state"))
  out <- list(fn = quote(fn), clock = quote(derived("_clock")), state = state,
              qualified = length(fn) == 2L, state_text = state)
  if (!is.null(table)) {
    table <- name_parts(table, "table", limit, dialect, call)
    column <- name_parts(column, "column", limit, dialect, call, parts = 1L)
    trigger <- derived(paste0("_", column, "_zuid"), table, "table")
    out <- c(out, list(table = quote(table), column = quote(column), trigger = quote(trigger)))
  }
  out
}

# A name as its parts (`c(schema, name)`, or one part), each a non-empty
# string within the engine's length limit; `derived` is the suffix that
# made it, for the message.
name_parts <- function(x, arg, limit, dialect, call, parts = 2L, derived = NULL) {
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

# Filling in the SQL ---------------------------------------------------------------

# `template` (lines) with each {{key}} replaced by `values[[key]]`, in one
# pass, so that a value (holding a user's quoted name) is never read for
# keys itself.
fill_sql <- function(template, values) {
  text <- paste(template, collapse = "\n")
  at <- gregexpr("\\{\\{[a-z_]+\\}\\}", text)
  keys <- gsub("[{}]", "", regmatches(text, at)[[1L]])
  missing <- setdiff(keys, names(values))
  if (length(missing) > 0L) stop("internal error in zuid: no value for {{", missing[[1L]], "}}")
  regmatches(text, at) <- list(vapply(keys, function(k) values[[k]], "", USE.NAMES = FALSE))
  text
}

# PostgreSQL ------------------------------------------------------------------------

# A string literal that reads the same whatever standard_conforming_strings
# says: E'...' with backslashes and quotes doubled.
pg_string <- function(x) {
  paste0("E'", gsub("'", "''", gsub("\\", "\\\\", x, fixed = TRUE), fixed = TRUE), "'")
}

# A dollar quote tag that `body` does not hold.
pg_dollar_tag <- function(body) {
  tag <- "$zuid$"
  k <- 0L
  while (grepl(tag, body, fixed = TRUE)) {
    k <- k + 1L
    tag <- sprintf("$zuid%d$", k)
  }
  tag
}

pg_dollar_quoted <- function(body) {
  body <- paste(body, collapse = "\n")
  tag <- pg_dollar_tag(body)
  paste0(tag, "\n", body, "\n", tag)
}

pg_generator_statements <- function(plan, names) {
  state <- pg_string(names$state_text)
  values <- c(plan[c("origin_us", "unit_us", "time_mask", "last_tick", "time_shift", "seq_bits",
                     "seq_shift", "seq_max", "max_lead", "about")],
              list(state = state, clock = names$clock,
                   node = sprintf("(%s)", node_bits_sql(plan, "CAST(%s AS bigint)")),
                   tick_start = if (is.null(plan$start_half)) "0" else
                     sprintf("CAST(floor(random() * %s) AS bigint)", plan$start_half)))
  values$clock_back <- fill_sql(pg_clock_back[[plan$policy]], values)
  body <- fill_sql(pg_generator_body, values)
  function_sql <- paste0(
    sprintf("CREATE OR REPLACE FUNCTION %s() RETURNS bigint\nLANGUAGE plpgsql VOLATILE%s\nAS ",
            names$fn, if (names$qualified) "" else "\nSET search_path FROM CURRENT"),
    pg_dollar_quoted(body))
  clock_sql <- paste0(
    sprintf("CREATE OR REPLACE FUNCTION %s() RETURNS bigint\nLANGUAGE sql VOLATILE\nAS ", names$clock),
    pg_dollar_quoted(pg_clock_body))
  out <- c(
    state = sprintf(paste("CREATE SEQUENCE IF NOT EXISTS %s AS bigint MINVALUE -9223372036854775808",
                          "MAXVALUE 9223372036854775807 START WITH -9223372036854775807 CACHE 1 NO CYCLE"),
                    names$state),
    clock = clock_sql,
    "function" = function_sql
  )
  if (!is.null(names$table)) {
    out[["default"]] <- sprintf("ALTER TABLE %s ALTER COLUMN %s SET DEFAULT %s()",
                                names$table, names$column, names$fn)
  }
  out
}

pg_clock_body <- c(
  "-- The server's wall clock in microseconds since 1970, which the ID generator reads.",
  "SELECT CAST(round(EXTRACT(EPOCH FROM clock_timestamp()) * 1000000) AS bigint)"
)

# The state is the sequence: its value is the last tick and sequence issued,
# (tick << seq_bits) | seq with the top bit flipped (so that the 64 bits of
# a layout without a sign bit count up through the sequence's signed
# range). nextval() moves it to the next sequence value of the last tick;
# every other move is a setval(), and a call that fails puts the state back.
# The two common cases (a new tick, the next sequence value in the last
# one) come first; the numbers are written in, since plpgsql evaluates a
# variable's initial value on every call.
pg_generator_body <- c(
  "-- {{about}}",
  "-- Ticks of {{unit_us}} us from {{origin_us}} us after 1970 (tick 0), up to tick",
  "-- {{last_tick}}; {{seq_bits}} bits of sequence.",
  "DECLARE",
  "  flip CONSTANT bigint := -9223372036854775807 - 1;",
  "  prev bigint; tick bigint; seq bigint; now_us bigint; now_tick bigint;",
  "  target bigint; slept_at bigint; spins integer := 0;",
  "BEGIN",
  "  -- One caller at a time, until its transaction ends.",
  "  PERFORM pg_advisory_xact_lock(2054514020, CAST(CAST(CAST({{state}} AS regclass) AS oid) AS integer));",
  "  prev := (nextval({{state}}) # flip) - 1;",
  "  tick := (prev >> {{seq_bits}}) & {{time_mask}};",
  "  seq := prev & {{seq_max}};",
  "  LOOP",
  "    now_us := {{clock}}();",
  "    now_tick := (now_us - {{origin_us}}) / {{unit_us}};",
  "    IF now_tick > tick THEN",
  "      IF now_tick > {{last_tick}} THEN",
  "        PERFORM setval({{state}}, prev # flip);",
  "        RAISE EXCEPTION 'zuid: the clock reads a time past the layout''s last tick';",
  "      END IF;",
  "      tick := now_tick;",
  "      seq := {{tick_start}};",
  "      PERFORM setval({{state}}, ((tick << {{seq_bits}}) | seq) # flip);",
  "      RETURN (tick << {{time_shift}}) | {{node}} | (seq << {{seq_shift}});",
  "    END IF;",
  "    IF seq < {{seq_max}} AND tick - now_tick <= {{max_lead}} AND now_us >= {{origin_us}} THEN",
  "      RETURN (tick << {{time_shift}}) | {{node}} | ((seq + 1) << {{seq_shift}});",
  "    END IF;",
  "    IF now_us < {{origin_us}} THEN",
  "      PERFORM setval({{state}}, prev # flip);",
  "      RAISE EXCEPTION 'zuid: the clock reads a time before the layout''s epoch';",
  "    END IF;",
  "    IF tick - now_tick > {{max_lead}} THEN",
  "{{clock_back}}",
  "    ELSIF tick >= {{last_tick}} THEN",
  "      PERFORM setval({{state}}, prev # flip);",
  "      RAISE EXCEPTION 'zuid: the layout''s last tick is used up';",
  "    ELSIF tick + 1 <= now_tick + {{max_lead}} THEN",
  "      -- SCRU64: a used-up tick moves on to the next, up to 10 s ahead of the clock.",
  "      tick := tick + 1;",
  "      seq := {{tick_start}};",
  "      PERFORM setval({{state}}, ((tick << {{seq_bits}}) | seq) # flip);",
  "      RETURN (tick << {{time_shift}}) | {{node}} | (seq << {{seq_shift}});",
  "    ELSE",
  "      -- The tick's sequence is used up: wait for the next tick.",
  "      target := tick + 1 - {{max_lead}};",
  "    END IF;",
  "    IF now_us = slept_at THEN",
  "      PERFORM setval({{state}}, prev # flip);",
  "      RAISE EXCEPTION 'zuid: the clock did not move while the ID generator waited for it';",
  "    END IF;",
  "    -- Wait for tick `target`: sleep, then re-read the clock in its last millisecond.",
  "    slept_at := NULL;",
  "    spins := spins + 1;",
  "    IF {{origin_us}} + target * {{unit_us}} - now_us > 2000 OR spins > 10000 THEN",
  "      slept_at := now_us;",
  "      spins := 0;",
  "      PERFORM pg_sleep(greatest({{origin_us}} + target * {{unit_us}} - now_us - 1000, 1000) / 1000000.0);",
  "    END IF;",
  "  END LOOP;",
  "END"
)

pg_clock_back <- list(
  wait = c(
    "      -- The clock is behind the last ID: wait until it is back.",
    "      target := tick - {{max_lead}};"
  ),
  error = c(
    "      PERFORM setval({{state}}, prev # flip);",
    "      RAISE EXCEPTION 'zuid: the clock reads % ms before the last ID this function minted (on_clock_back = \"error\")',",
    "        ({{origin_us}} + tick * {{unit_us}} - now_us + 999) / 1000;"
  )
)

# MySQL and MariaDB -------------------------------------------------------------------

my_generator_statements <- function(plan, names) {
  values <- c(plan[c("origin_us", "unit_us", "time_mask", "last_tick", "time_shift",
                     "seq_shift", "seq_max", "max_lead", "about")],
              list(state = names$state, clock = names$clock,
                   node = sprintf("(%s)", node_bits_sql(plan, "%s")),
                   tick_start = if (is.null(plan$start_half)) "0" else
                     sprintf("FLOOR(RAND() * %s)", plan$start_half)))
  values$clock_back <- fill_sql(my_clock_back[[plan$policy]], values)
  out <- c(
    state = sprintf(paste("CREATE TABLE IF NOT EXISTS %s (`id` TINYINT NOT NULL PRIMARY KEY,",
                          "`last_tick` BIGINT NOT NULL, `last_sequence` BIGINT NOT NULL) ENGINE = InnoDB"),
                    names$state),
    state_row = sprintf("INSERT IGNORE INTO %s (`id`, `last_tick`, `last_sequence`) VALUES (1, 0, 0)",
                        names$state),
    drop_clock = sprintf("DROP FUNCTION IF EXISTS %s", names$clock),
    clock = paste0(sprintf("CREATE FUNCTION %s() RETURNS BIGINT\nNOT DETERMINISTIC NO SQL\n", names$clock),
                   paste(my_clock_body, collapse = "\n")),
    drop_function = sprintf("DROP FUNCTION IF EXISTS %s", names$fn),
    "function" = paste0(sprintf("CREATE FUNCTION %s() RETURNS BIGINT\nNOT DETERMINISTIC MODIFIES SQL DATA\n",
                                names$fn), fill_sql(my_generator_body, values))
  )
  if (!is.null(names$table)) {
    out <- c(out, my_trigger_statements(names))
  }
  out
}

my_trigger_statements <- function(names) {
  column <- sprintf("NEW.%s", names$column)
  c(default = sprintf("ALTER TABLE %s ALTER COLUMN %s SET DEFAULT 0", names$table, names$column),
    drop_trigger = sprintf("DROP TRIGGER IF EXISTS %s", names$trigger),
    trigger = sprintf(paste("CREATE TRIGGER %s BEFORE INSERT ON %s FOR EACH ROW\nSET %s = CASE",
                            "WHEN %s IS NULL OR %s = 0 THEN %s() ELSE %s END"),
                      names$trigger, names$table, column, column, column, names$fn, column))
}

# SYSDATE(6) is the wall clock in the session's time zone: read in UTC, a
# DATETIME's distance from 1970 is Unix time, also where the session's zone
# has daylight saving time.
my_clock_body <- c(
  "BEGIN",
  "  -- The server's wall clock in microseconds since 1970, which the ID generator reads.",
  "  DECLARE z_zone VARCHAR(64) DEFAULT @@session.time_zone;",
  "  DECLARE z_us BIGINT;",
  "  SET @@session.time_zone = '+00:00';",
  "  SET z_us = TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', SYSDATE(6));",
  "  SET @@session.time_zone = z_zone;",
  "  RETURN z_us;",
  "END"
)

# The state is the one row of an InnoDB table, read with a locking read and
# updated in the caller's transaction. Local variables are named z_... and
# the columns are qualified, since MySQL reads an unqualified name that is
# also a local variable as the variable. The common cases come first, and
# the numbers are written in: each statement of a stored function costs.
my_generator_body <- c(
  "BEGIN",
  "  -- {{about}}",
  "  -- Ticks of {{unit_us}} us from {{origin_us}} us after 1970 (tick 0), up to tick",
  "  -- {{last_tick}}; sequence values up to {{seq_max}}.",
  "  DECLARE z_tick, z_seq, z_now_us, z_now_tick, z_target, z_slept_at BIGINT;",
  "  DECLARE z_spins INT DEFAULT 0;",
  "  DECLARE z_message VARCHAR(128);",
  "  -- One caller at a time, until its transaction ends.",
  "  SELECT `z`.`last_tick`, `z`.`last_sequence` INTO z_tick, z_seq",
  "    FROM {{state}} AS `z` WHERE `z`.`id` = 1 FOR UPDATE;",
  "  IF z_tick IS NULL THEN",
  "    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'zuid: the ID generator''s state row is missing';",
  "  END IF;",
  "  zuid_loop: LOOP",
  "    SET z_now_us = {{clock}}();",
  "    SET z_now_tick = (z_now_us - {{origin_us}}) DIV {{unit_us}};",
  "    IF z_now_tick > z_tick THEN",
  "      IF z_now_tick > {{last_tick}} THEN",
  "        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'zuid: the clock reads a time past the layout''s last tick';",
  "      END IF;",
  "      SET z_tick = z_now_tick, z_seq = {{tick_start}};",
  "      UPDATE {{state}} AS `z` SET `z`.`last_tick` = z_tick, `z`.`last_sequence` = z_seq WHERE `z`.`id` = 1;",
  "      RETURN CAST((z_tick << {{time_shift}}) | {{node}} | (z_seq << {{seq_shift}}) AS SIGNED);",
  "    END IF;",
  "    IF z_seq < {{seq_max}} AND z_tick - z_now_tick <= {{max_lead}} AND z_now_us >= {{origin_us}} THEN",
  "      SET z_seq = z_seq + 1;",
  "      UPDATE {{state}} AS `z` SET `z`.`last_sequence` = z_seq WHERE `z`.`id` = 1;",
  "      RETURN CAST((z_tick << {{time_shift}}) | {{node}} | (z_seq << {{seq_shift}}) AS SIGNED);",
  "    END IF;",
  "    IF z_now_us < {{origin_us}} THEN",
  "      SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'zuid: the clock reads a time before the layout''s epoch';",
  "    END IF;",
  "    IF z_tick - z_now_tick > {{max_lead}} THEN",
  "{{clock_back}}",
  "    ELSEIF z_tick >= {{last_tick}} THEN",
  "      SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'zuid: the layout''s last tick is used up';",
  "    ELSEIF z_tick + 1 <= z_now_tick + {{max_lead}} THEN",
  "      -- SCRU64: a used-up tick moves on to the next, up to 10 s ahead of the clock.",
  "      SET z_tick = z_tick + 1, z_seq = {{tick_start}};",
  "      UPDATE {{state}} AS `z` SET `z`.`last_tick` = z_tick, `z`.`last_sequence` = z_seq WHERE `z`.`id` = 1;",
  "      RETURN CAST((z_tick << {{time_shift}}) | {{node}} | (z_seq << {{seq_shift}}) AS SIGNED);",
  "    ELSE",
  "      -- The tick's sequence is used up: wait for the next tick.",
  "      SET z_target = z_tick + 1 - {{max_lead}};",
  "    END IF;",
  "    IF z_now_us = z_slept_at THEN",
  "      SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'zuid: the clock did not move while the ID generator waited for it (--sysdate-is-now?)';",
  "    END IF;",
  "    -- Wait for tick z_target: sleep, then re-read the clock in its last millisecond.",
  "    SET z_slept_at = NULL, z_spins = z_spins + 1;",
  "    IF {{origin_us}} + z_target * {{unit_us}} - z_now_us > 2000 OR z_spins > 10000 THEN",
  "      SET z_slept_at = z_now_us, z_spins = 0;",
  "      DO SLEEP(GREATEST({{origin_us}} + z_target * {{unit_us}} - z_now_us - 1000, 1000) / 1000000);",
  "    END IF;",
  "  END LOOP zuid_loop;",
  "END"
)

my_clock_back <- list(
  wait = c(
    "      -- The clock is behind the last ID: wait until it is back.",
    "      SET z_target = z_tick - {{max_lead}};"
  ),
  error = c(
    "      SET z_message = CONCAT('zuid: the clock reads ', ({{origin_us}} + z_tick * {{unit_us}} - z_now_us + 999) DIV 1000,",
    "        ' ms before the last ID this function minted (on_clock_back = \"error\")');",
    "      SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = z_message;"
  )
)

# The engines' generators, with the longest name each keeps whole: one
# place to move into a table of dialects.
sql_generator_engines <- list(
  postgres = list(statements = pg_generator_statements,
                  name_limit = list(engine = "PostgreSQL", max = 63L, type = "bytes")),
  mysql = list(statements = my_generator_statements,
               name_limit = list(engine = "MySQL", max = 64L, type = "chars"))
)
