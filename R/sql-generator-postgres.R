# The PostgreSQL generator of id_sql_generator() (the `generator` of the
# dialect table's postgres entry): two sequences (the state and `seen`), a
# clock function, the check of the state's layout, and a PL/pgSQL
# function rendered from the one description of the algorithm
# (sql-generator-steps.R) in PL/pgSQL's syntax; for a column, the block that
# takes it over.

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
  syntax <- pg_syntax(plan, names)
  steps <- generator_steps(plan)
  body <- c(
    paste("--", plan$about),
    sprintf("-- Ticks of %s us from %s us after 1970 (tick 0), up to tick %s; state values are", plan$unit_us,
            plan$origin_us, plan$last_tick),
    sprintf("-- (tick << %s) | counter, top bit flipped; counters up to %s are IDs.", plan$state_bits,
            plan$seq_max),
    pg_declare(step_variables(steps)),
    "BEGIN",
    render_steps(steps, syntax),
    "END"
  )
  function_sql <- paste0(
    sprintf("CREATE OR REPLACE FUNCTION %s() RETURNS bigint\nLANGUAGE plpgsql VOLATILE%s\nAS ",
            names$fn, if (names$qualified) "" else "\nSET search_path FROM CURRENT"),
    pg_dollar_quoted(body))
  clock_sql <- paste0(
    sprintf("CREATE OR REPLACE FUNCTION %s() RETURNS bigint\nLANGUAGE sql VOLATILE\nAS ", names$clock),
    pg_dollar_quoted(pg_clock_body))
  out <- c(state = pg_sequence_statement(names$state, 1L), seen = pg_sequence_statement(names$seen, 0L),
           check = pg_check_statement(plan, names), clock = clock_sql, "function" = function_sql)
  if (!is.null(names$table)) out[["column"]] <- pg_column_statement(plan, names, syntax)
  out
}

# A sequence over the signed 64-bit range (the core's bounds), starting
# `above` its least value: the state's first value reads as tick 0,
# counter 1; `seen` has no value until a reading is noted.
pg_sequence_statement <- function(name, above) {
  bounds <- core_facts("bounds")
  start <- if (above == 0L) bounds$min_signed else sprintf("-%s", bounds$max_signed)
  sprintf(paste("CREATE SEQUENCE IF NOT EXISTS %s AS bigint MINVALUE %s MAXVALUE %s",
                "START WITH %s CACHE 1 NO CYCLE"), name, bounds$min_signed, bounds$max_signed, start)
}

pg_clock_body <- c(
  "-- The server's wall clock in microseconds since 1970, which the ID generator reads.",
  "SELECT CAST(round(EXTRACT(EPOCH FROM clock_timestamp()) * 1000000) AS bigint)"
)

# The schema where an unqualified name would be created.
pg_current_schema <- function(con) DBI::dbGetQuery(con, "SELECT current_schema() AS s")$s

pg_declare <- function(vars) c("DECLARE", sprintf("  %s bigint;", pg_var(vars)))

pg_var <- function(x) paste0("z_", x)

# How PL/pgSQL writes each step and expression (see render_steps()). The
# lock is a session-level advisory lock, held only while a section runs:
# an error there (a cancel too) releases it before it goes on.
pg_syntax <- function(plan, names) {
  flip <- sprintf("(-%s - 1)", core_facts("bounds")$max_signed)
  key <- sprintf("(CAST(2054514020 AS bigint) << 32) | CAST(CAST(CAST(%s AS regclass) AS oid) AS bigint)",
                 pg_string(names$state))
  test <- plan$test_clock
  node <- node_bits_sql(plan, "CAST(%s AS bigint)")
  state <- pg_string(names$state)
  list(
    var = pg_var,
    set = function(var, x) if (identical(var, x)) character() else sprintf("%s := %s;", var, x),
    if_ = function(cond, then, otherwise) {
      c(sprintf("IF %s THEN", cond), then, if (length(otherwise)) c("ELSE", otherwise), "END IF;")
    },
    enter_loop = function() NULL,
    loop = function(body) c("LOOP", body, "END LOOP;"),
    next_ = function() "CONTINUE;",
    exit = function() "EXIT;",
    return_ = function(x) sprintf("RETURN %s;", x),
    fail = function(message, arg) {
      text <- gsub("'", "''", sub("%s", "%", message, fixed = TRUE), fixed = TRUE)
      sprintf("RAISE EXCEPTION '%s'%s;", text, if (is.null(arg)) "" else paste0(", ", arg))
    },
    # A section under the session-level lock; an error in it, a cancel
    # too, releases the lock before it goes on. At the gate, a session that
    # finds the lock taken waits until the state's last value reaches
    # `until` (a session moving it to a new tick), taking none meanwhile,
    # then takes one into `var`: racing sessions wait for the move, not
    # in turn for the lock (which, when many sessions share two cores,
    # queued them behind a holder that was not running). A holder that
    # moved the state to an earlier tick frees the lock at once, so the
    # next try takes it.
    locked = function(body, level, until = NULL, var = NULL) {
      release <- c(
        "EXCEPTION WHEN OTHERS OR QUERY_CANCELED THEN",
        sprintf(paste("  PERFORM pg_advisory_unlock(%s) FROM pg_catalog.pg_locks WHERE locktype = 'advisory'",
                      "AND pid = pg_backend_pid() AND objsubid = 1 AND classid = 2054514020 AND objid =",
                      "CAST(%s AS regclass);"), key, state),
        "  RAISE;", "END;")
      if (level != "gate") {
        return(c("BEGIN", sprintf("  PERFORM pg_advisory_lock(%s);", key), body,
                 sprintf("  PERFORM pg_advisory_unlock(%s);", key), release))
      }
      c("LOOP",
        "  BEGIN",
        sprintf("    IF pg_try_advisory_lock(%s) THEN", key), sub("^\t", "\t    ", body),
        sprintf("      PERFORM pg_advisory_unlock(%s);", key),
        "      EXIT;",
        "    END IF;",
        paste0("  ", release),
        sprintf("  IF pg_sequence_last_value(%s) >= %s THEN", state, until),
        sprintf("    %s := nextval(%s);", pg_var(var), state),
        "    EXIT;",
        "  END IF;",
        "  PERFORM pg_sleep(0.001);",
        "END LOOP;")
    },
    put = function(x) sprintf("PERFORM setval(%s, %s);", pg_string(names$state), x),
    mark = function(x) sprintf("PERFORM setval(%s, %s);", pg_string(names$seen), x),
    sleep = function(ms) {
      if (is.null(test$sleep)) sprintf("PERFORM pg_sleep(%s / 1000.0);", ms) else sprintf(test$sleep, ms)
    },
    pause = function() if (is.null(test$pause)) "-- (the clock moves on meanwhile)" else test$pause,
    block = function(body, vars) body,
    ops = list(
      `%/%` = function(a, b) sprintf("(%s / %s)", a, b),
      take = function() sprintf("nextval(%s)", pg_string(names$state)),
      clock = function() if (is.null(test)) sprintf("%s()", names$clock) else test$clock,
      fast_clock = function() if (is.null(test)) sprintf("%s()", names$clock) else test$clock,
      exact_clock = function(x) x,
      seen = function() sprintf("pg_sequence_last_value(%s)", pg_string(names$seen)),
      # (s >> k) + 2^(63 - k) is (s with its top bit flipped) >> k, as a
      # logical shift, for every s.
      tick_of = function(s) sprintf("((%s >> %s) + %s)", s, plan$state_bits, plan$tick_offset),
      counter_of = function(s) sprintf("(%s & %s)", s, plan$counter_mask),
      state_at = function(t, c) sprintf("(((%s << %s) | %s) # %s)", t, plan$state_bits, c, flip),
      id_at = function(t, c) {
        sprintf("((%s << %s) | %s | (%s << %s))", t, plan$time_shift, node, c, plan$seq_shift)
      },
      time_of = function(id) sprintf("((%s >> %s) & %s)", id, plan$time_shift, plan$time_mask),
      time_bits_of = function(t) sprintf("(%s << %s)", t, plan$time_shift),
      node_bits = function() sprintf("(%s)", node),
      random_below = function(n) sprintf("CAST(floor(random() * %s) AS bigint)", n),
      greatest = function(a, b) sprintf("greatest(%s, %s)", a, b),
      least = function(a, b) sprintf("least(%s, %s)", a, b),
      coalesce = function(a, b) sprintf("coalesce(%s, %s)", a, b)
    )
  )
}

# The state knows its layout: a comment on the state sequence (the stamp;
# see generator_stamp()), which a new state gets here. A state of another
# layout (or one with values and no stamp) is refused before anything is
# replaced: its ticks and counters mean nothing in this layout.
pg_check_statement <- function(plan, names) {
  state <- pg_string(names$state)
  body <- c(
    "-- The state's layout must be this function's (see id_sql_generator()).",
    sprintf("DECLARE stamp text := obj_description(CAST(%s AS regclass), 'pg_class');", state),
    "BEGIN",
    sprintf("  IF coalesce(split_part(stamp, '; node ', 1) <> %s,", pg_string(plan$stamp$layout)),
    sprintf("              pg_sequence_last_value(%s) IS NOT NULL) THEN", state),
    sprintf("    RAISE EXCEPTION USING MESSAGE = %s || coalesce(stamp, 'unknown');",
            pg_string(generator_refusal(names))),
    "  END IF;",
    sprintf("  COMMENT ON SEQUENCE %s IS %s;", names$state, pg_string(plan$stamp$full)),
    "END"
  )
  paste0("DO ", pg_dollar_quoted(body))
}

# Takes a column over: it must be a bigint; an identity, or a default that
# is not the function, only with `adopt = TRUE` (which drops the identity);
# with the table locked against writes, the state rises above the column's
# greatest ID and the last value of the sequence behind the column (unless
# that lies further ahead of the clock than `max_ahead`), then the default
# is set. All in one transaction; the lead is left in a session setting.
pg_column_statement <- function(plan, names, syntax) {
  table <- pg_string(names$table)
  column <- pg_string(names$column_text)
  floor_steps <- floor_steps(plan, quote(floor), ahead = TRUE)
  vars <- setdiff(step_variables(floor_steps), "floor")
  refuse <- function(what) {
    sprintf("    RAISE EXCEPTION USING MESSAGE = %s;", pg_string(generator_column_refusal(names, what)))
  }
  body <- c(
    "DECLARE",
    "  col_type regtype; col_identity \"char\"; col_default text; mine text; serial text; last bigint;",
    "  z_floor bigint;",
    sprintf("  %s bigint;", pg_var(vars)),
    "BEGIN",
    "  SELECT a.atttypid, a.attidentity, pg_get_expr(d.adbin, d.adrelid)",
    "    INTO col_type, col_identity, col_default",
    "    FROM pg_catalog.pg_attribute AS a LEFT JOIN pg_catalog.pg_attrdef AS d",
    "      ON d.adrelid = a.attrelid AND d.adnum = a.attnum",
    sprintf("    WHERE a.attrelid = CAST(%s AS regclass) AND a.attname = %s AND NOT a.attisdropped;", table, column),
    "  IF NOT FOUND THEN", refuse("missing"), "  END IF;",
    "  IF col_type <> CAST('bigint' AS regtype) THEN", refuse("type"), "  END IF;",
    sprintf("  mine := CAST(CAST(%s AS regprocedure) AS text);", pg_string(paste0(names$fn, "()"))),
    "  IF col_identity <> '' OR (col_default IS NOT NULL AND col_default <> mine) THEN",
    if (plan$adopt) "    NULL; -- adopt = TRUE: taken over" else refuse("taken"),
    "  END IF;",
    sprintf("  LOCK TABLE %s IN SHARE ROW EXCLUSIVE MODE;", names$table),
    "  -- The greatest ID as zuid reads a signed column: IDs of 2^63 and more are negative.",
    sprintf("  SELECT max(%1$s) INTO z_floor FROM %2$s WHERE %1$s < 0;", names$column, names$table),
    sprintf("  IF z_floor IS NULL THEN SELECT max(%s) INTO z_floor FROM %s; END IF;", names$column, names$table),
    sprintf("  serial := pg_get_serial_sequence(%s, %s);", pg_string(names$table), column),
    "  IF serial IS NOT NULL THEN",
    "    last := pg_sequence_last_value(CAST(serial AS regclass));",
    "    IF last IS NOT NULL AND (z_floor IS NULL OR (z_floor >= 0 AND last > z_floor)) THEN z_floor := last; END IF;",
    "  END IF;",
    "  IF z_floor IS NOT NULL THEN",
    paste0("  ", render_steps(floor_steps, syntax, 1L)),
    "  END IF;",
    "  IF col_identity <> '' THEN",
    sprintf("    ALTER TABLE %s ALTER COLUMN %s DROP IDENTITY;", names$table, names$column),
    "  END IF;",
    sprintf("  ALTER TABLE %s ALTER COLUMN %s SET DEFAULT %s();", names$table, names$column, names$fn),
    paste0("  ", generator_ahead_store$postgres$record),
    "END"
  )
  paste0("DO ", pg_dollar_quoted(body))
}
