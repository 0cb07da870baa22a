# The PostgreSQL generator of id_sql_generator() (the `generator` of the
# dialect table's postgres entry): a sequence for the state, a clock
# function, and a PL/pgSQL function that mints, with the numbers of the
# plan (sql-generator.R) written in.

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
  values <- c(plan[c("origin_us", "unit_us", "time_mask", "last_tick", "time_shift", "seq_bits",
                     "seq_shift", "seq_max", "max_lead", "about")],
              list(state = pg_string(names$state), clock = names$clock,
                   max_signed = core_facts("bounds")$max_signed,
                   node = sprintf("(%s)", node_bits_sql(plan, "CAST(%s AS bigint)")),
                   tick_start = if (is.null(plan$start_bound)) "0" else
                     sprintf("CAST(floor(random() * %s) AS bigint)", plan$start_bound)))
  values$clock_back <- fill_sql(pg_clock_back[[plan$policy]], values)
  values$lead_branch <- fill_sql(pg_lead_branch, values)
  function_sql <- paste0(
    sprintf("CREATE OR REPLACE FUNCTION %s() RETURNS bigint\nLANGUAGE plpgsql VOLATILE%s\nAS ",
            names$fn, if (names$qualified) "" else "\nSET search_path FROM CURRENT"),
    pg_dollar_quoted(fill_sql(without_lead(pg_generator_body, plan), values)))
  clock_sql <- paste0(
    sprintf("CREATE OR REPLACE FUNCTION %s() RETURNS bigint\nLANGUAGE sql VOLATILE\nAS ", names$clock),
    pg_dollar_quoted(pg_clock_body))
  out <- c(state = pg_state_statement(names$state), clock = clock_sql, "function" = function_sql)
  if (!is.null(names$table)) {
    out[["default"]] <- sprintf("ALTER TABLE %s ALTER COLUMN %s SET DEFAULT %s()",
                                names$table, names$column, names$fn)
  }
  out
}

# The state sequence spans the signed 64-bit range (the core's bounds) and
# starts one above its least value, so that the first nextval() reads as
# tick 0, sequence 0 (see pg_generator_body).
pg_state_statement <- function(state) {
  bounds <- core_facts("bounds")
  sprintf(paste("CREATE SEQUENCE IF NOT EXISTS %s AS bigint MINVALUE %s MAXVALUE %s",
                "START WITH -%s CACHE 1 NO CYCLE"),
          state, bounds$min_signed, bounds$max_signed, bounds$max_signed)
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
  "  flip CONSTANT bigint := -{{max_signed}} - 1;",
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
  "{{lead_branch}}",
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

# SCRU64's generator may run ahead of the clock: a used-up tick moves on to
# the next (see without_lead()).
pg_lead_branch <- c(
  "    ELSIF tick + 1 <= now_tick + {{max_lead}} THEN",
  "      -- SCRU64: a used-up tick moves on to the next, up to 10 s ahead of the clock.",
  "      tick := tick + 1;",
  "      seq := {{tick_start}};",
  "      PERFORM setval({{state}}, ((tick << {{seq_bits}}) | seq) # flip);",
  "      RETURN (tick << {{time_shift}}) | {{node}} | (seq << {{seq_shift}});"
)

pg_clock_back <- list(
  wait = c(
    "      -- The clock is behind the last ID: wait until it is back.",
    "      target := tick - {{max_lead}};"
  ),
  error = c(
    "      PERFORM setval({{state}}, prev # flip);",
    paste("      RAISE EXCEPTION 'zuid: the clock reads % ms before the last ID this function minted",
          "(on_clock_back = \"error\")',"),
    "        ({{origin_us}} + tick * {{unit_us}} - now_us + 999) / 1000;"
  )
)
