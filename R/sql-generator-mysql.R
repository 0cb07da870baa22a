# The MySQL/MariaDB generator of id_sql_generator() (the `generator` of the
# dialect table's mysql entry): a one-row InnoDB table for the state, a
# clock function, a stored function that mints, with the numbers of the
# plan (sql-generator.R) written in, and for a column the trigger that
# stands in for a default.

my_generator_statements <- function(plan, names) {
  values <- c(plan[c("origin_us", "unit_us", "time_mask", "last_tick", "time_shift",
                     "seq_shift", "seq_max", "max_lead", "about")],
              list(state = names$state, clock = names$clock,
                   node = sprintf("(%s)", node_bits_sql(plan, "%s")),
                   tick_start = if (is.null(plan$start_bound)) "0" else
                     sprintf("FLOOR(RAND() * %s)", plan$start_bound)))
  values$clock_back <- fill_sql(my_clock_back[[plan$policy]], values)
  values$lead_branch <- fill_sql(my_lead_branch, values)
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
                                names$fn), fill_sql(without_lead(my_generator_body, plan), values))
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
  "{{lead_branch}}",
  "    ELSE",
  "      -- The tick's sequence is used up: wait for the next tick.",
  "      SET z_target = z_tick + 1 - {{max_lead}};",
  "    END IF;",
  "    IF z_now_us = z_slept_at THEN",
  paste("      SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'zuid: the clock did not move while the ID",
        "generator waited for it (--sysdate-is-now?)';"),
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

# SCRU64's generator may run ahead of the clock: a used-up tick moves on to
# the next (see without_lead()).
my_lead_branch <- c(
  "    ELSEIF z_tick + 1 <= z_now_tick + {{max_lead}} THEN",
  "      -- SCRU64: a used-up tick moves on to the next, up to 10 s ahead of the clock.",
  "      SET z_tick = z_tick + 1, z_seq = {{tick_start}};",
  "      UPDATE {{state}} AS `z` SET `z`.`last_tick` = z_tick, `z`.`last_sequence` = z_seq WHERE `z`.`id` = 1;",
  "      RETURN CAST((z_tick << {{time_shift}}) | {{node}} | (z_seq << {{seq_shift}}) AS SIGNED);"
)

my_clock_back <- list(
  wait = c(
    "      -- The clock is behind the last ID: wait until it is back.",
    "      SET z_target = z_tick - {{max_lead}};"
  ),
  error = c(
    paste("      SET z_message = CONCAT('zuid: the clock reads ',",
          "({{origin_us}} + z_tick * {{unit_us}} - z_now_us + 999) DIV 1000,"),
    "        ' ms before the last ID this function minted (on_clock_back = \"error\")');",
    "      SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = z_message;"
  )
)
