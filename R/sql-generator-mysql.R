# The MySQL/MariaDB generator of id_sql_generator() (the `generator` of the
# dialect table's mysql entry): a one-row InnoDB table for the state, a
# clock function, the check of the state's layout, and a stored function
# rendered from the one description of the algorithm
# (sql-generator-steps.R) in MariaDB's syntax; for a column, the trigger
# that stands in for a default and the blocks that take the column over.
#
# The state is transactional: every value is taken by an UPDATE of the
# state's row (the description's locked mode), whose lock MariaDB holds to
# the end of the caller's transaction. MariaDB gives a stored function no
# other way to keep a computed value between calls without a lock that
# outlives the statement: SETVAL() takes only literals; an INSERT into a
# SEQUENCE (its only other write) makes every other session's NEXTVAL()
# wait until the inserting transaction ends, and deadlocks them when
# statements call the function for many rows; MyISAM, Aria and MEMORY
# tables are locked for the whole calling statement. So sessions take
# turns at commit pace, and a transaction that rolls back takes back the
# values it took (its rows go with it).

my_generator_statements <- function(plan, names) {
  plan$lock_free <- FALSE
  syntax <- my_syntax(plan, names)
  steps <- generator_steps(plan)
  out <- c(
    state = sprintf(paste("CREATE TABLE IF NOT EXISTS %s (`id` TINYINT NOT NULL PRIMARY KEY,",
                          "`v` BIGINT UNSIGNED NOT NULL, `seen_us` BIGINT NULL) ENGINE = InnoDB COMMENT = %s"),
                    names$state, my_string(plan$stamp$full)),
    state_row = sprintf("INSERT IGNORE INTO %s (`id`, `v`, `seen_us`) VALUES (1, 1, NULL)", names$state),
    check = my_check_statement(plan, names),
    drop_clock = sprintf("DROP FUNCTION IF EXISTS %s", names$clock),
    clock = paste0(sprintf("CREATE FUNCTION %s() RETURNS BIGINT\nNOT DETERMINISTIC NO SQL\n", names$clock),
                   paste(my_clock_body, collapse = "\n")),
    drop_function = sprintf("DROP FUNCTION IF EXISTS %s", names$fn),
    "function" = paste0(sprintf("CREATE FUNCTION %s() RETURNS BIGINT\nNOT DETERMINISTIC MODIFIES SQL DATA\n",
                                names$fn), paste(my_function_body(plan, steps, syntax), collapse = "\n"))
  )
  if (!is.null(names$table)) out <- c(out, my_column_statements(plan, names, syntax))
  out
}

# A string literal: quotes and backslashes doubled.
my_string <- function(x) {
  paste0("'", gsub("'", "''", gsub("\\", "\\\\", x, fixed = TRUE), fixed = TRUE), "'")
}

# SYSDATE(6) is the wall clock in the session's time zone: read in UTC, a
# DATETIME's distance from 1970 is Unix time, also where the session's zone
# has daylight saving time. The generator calls this only for zones that
# may have daylight saving time (see my_clock()), since setting the zone
# costs more than minting.
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

# The clock as the generator reads it. UNIX_TIMESTAMP() of SYSDATE(6) is
# exact where the session's zone is a fixed offset (UTC, or the system's
# zone when that is UTC); elsewhere it can be an hour off while daylight
# saving time ends, and the clock function is exact. The common case reads
# the first (reading the zone costs more than minting): a reading an hour
# off never matches the tick of a value taken, and the other cases read
# the clock again exactly (`exact_clock`).
my_fast_clock <- "CAST(UNIX_TIMESTAMP(SYSDATE(6)) * 1000000 AS SIGNED)"

my_fixed_zone <- paste("(@@session.time_zone LIKE '+%' OR @@session.time_zone LIKE '-%' OR",
                       "(@@session.time_zone = 'SYSTEM' AND @@system_time_zone = 'UTC'))")

my_clock <- function(names, fast = my_fast_clock) sprintf("IF(%s, %s, %s())", my_fixed_zone, fast, names$clock)

my_var <- function(x) paste0("z_", x)

# Declarations: the state's values (taken, mine, put_to) unsigned, the others signed.
my_declare <- function(vars, pad) {
  if (length(vars) == 0L) return(character())
  sprintf("%sDECLARE %s BIGINT%s;", pad, my_var(vars), ifelse(vars %in% c("taken", "mine", "put_to"), " UNSIGNED", ""))
}

# The function: the common case's variables are declared first (each
# statement of a stored program costs a few microseconds), the rest in the
# block that needs them.
my_function_body <- function(plan, steps, syntax) {
  fast <- Filter(function(s) s$op != "block", steps)
  fast_vars <- step_variables(fast)
  syntax$declare(fast_vars)
  c("BEGIN",
    paste("  --", plan$about),
    sprintf("  -- Ticks of %s us from %s us after 1970 (tick 0), up to tick %s; state values are",
            plan$unit_us, plan$origin_us, plan$last_tick),
    sprintf("  -- (tick << %s) | counter; counters up to %s are IDs.", plan$state_bits, plan$seq_max),
    my_declare(fast_vars, "  "),
    render_steps(steps, syntax),
    "END")
}

# How MariaDB's stored programs write each step and expression (see
# render_steps()). Local variables are named z_..., since MariaDB reads an
# unqualified name that is also a column as the variable; the state's
# values are unsigned (BIGINT UNSIGNED), so no top bit is flipped. A value
# is taken by one UPDATE, which locks the state's row to the end of the
# transaction: the sections under the lock need nothing more.
my_syntax <- function(plan, names) {
  test <- plan$test_clock
  node <- node_bits_sql(plan, "%s")
  row <- sprintf("%s AS `z` SET", names$state)
  where <- "WHERE `z`.`id` = 1"
  take <- "<take>"
  labels <- character()
  depth <- 0L
  declared <- character()
  list(
    var = my_var,
    # The variables declared already, which a block must not declare again
    # (it would hide them).
    declare = function(vars) declared <<- vars,
    set = function(var, x) {
      if (identical(var, x)) return(character())
      if (identical(x, take)) {
        return(c(sprintf("UPDATE %s `z`.`v` = LAST_INSERT_ID(`z`.`v` + 1) %s;", row, where),
                 sprintf("SET %s = LAST_INSERT_ID();", var)))
      }
      sprintf("SET %s = %s;", var, x)
    },
    if_ = function(cond, then, otherwise) {
      c(sprintf("IF %s THEN", cond), then, if (length(otherwise)) c("ELSE", otherwise), "END IF;")
    },
    enter_loop = function() {
      depth <<- depth + 1L
      labels <<- c(labels, sprintf("zuid_loop%d", depth))
    },
    loop = function(body) {
      label <- labels[[length(labels)]]
      labels <<- labels[-length(labels)]
      c(sprintf("%s: LOOP", label), body, sprintf("END LOOP %s;", label))
    },
    next_ = function() sprintf("ITERATE %s;", labels[[length(labels)]]),
    exit = function() sprintf("LEAVE %s;", labels[[length(labels)]]),
    return_ = function(x) sprintf("RETURN %s;", x),
    # MariaDB keeps 128 characters of a message.
    fail = function(message, arg) {
      if (is.null(arg)) return(sprintf("SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = %s;", my_string(message)))
      parts <- strsplit(message, "%s", fixed = TRUE)[[1L]]
      c(sprintf("SET z_message = CONCAT(%s, %s, %s);", my_string(parts[[1L]]), arg, my_string(parts[[2L]])),
        "SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = z_message;")
    },
    locked = function(body, level, until = NULL, var = NULL) body,
    put = function(x) sprintf("UPDATE %s `z`.`v` = %s %s;", row, x, where),
    mark = function(x) sprintf("UPDATE %s `z`.`seen_us` = %s %s;", row, x, where),
    sleep = function(ms) if (is.null(test$sleep)) sprintf("DO SLEEP(%s / 1000);", ms) else sprintf(test$sleep, ms),
    pause = function() if (is.null(test$pause)) "-- (the clock moves on meanwhile)" else test$pause,
    block = function(body, vars) {
      c("BEGIN", my_declare(setdiff(vars, declared), "  "), "  DECLARE z_message VARCHAR(200);", body, "END;")
    },
    ops = list(
      `%/%` = function(a, b) sprintf("(%s DIV %s)", a, b),
      take = function() take,
      clock = function() if (is.null(test)) my_clock(names) else test$clock,
      fast_clock = function() if (is.null(test)) my_fast_clock else test$clock,
      exact_clock = function(x) if (is.null(test)) my_clock(names, x) else x,
      seen = function() sprintf("(SELECT `z`.`seen_us` FROM %s AS `z` %s)", names$state, where),
      tick_of = function(s) sprintf("CAST(%s >> %s AS SIGNED)", s, plan$state_bits),
      counter_of = function(s) sprintf("CAST(%s & %s AS SIGNED)", s, plan$counter_mask),
      state_at = function(t, c) sprintf("((%s << %s) | %s)", t, plan$state_bits, c),
      id_at = function(t, c) {
        sprintf("CAST((%s << %s) | %s | (%s << %s) AS SIGNED)", t, plan$time_shift, node, c, plan$seq_shift)
      },
      time_of = function(id) sprintf("CAST((%s >> %s) & %s AS SIGNED)", id, plan$time_shift, plan$time_mask),
      time_bits_of = function(t) sprintf("CAST(%s << %s AS SIGNED)", t, plan$time_shift),
      node_bits = function() sprintf("CAST(%s AS SIGNED)", node),
      random_below = function(n) sprintf("FLOOR(RAND() * %s)", n),
      greatest = function(a, b) sprintf("GREATEST(%s, %s)", a, b),
      least = function(a, b) sprintf("LEAST(%s, %s)", a, b),
      coalesce = function(a, b) sprintf("COALESCE(%s, %s)", a, b)
    )
  )
}

# The state knows its layout: the state table's comment (the stamp; see
# generator_stamp()), given when it is made. A state of another layout, or
# one without a stamp, is refused before anything is replaced; the stamp is
# renewed for a new node.
my_check_statement <- function(plan, names) {
  paste(c(
    "BEGIN NOT ATOMIC",
    "  -- The state's layout must be this function's (see id_sql_generator()).",
    "  DECLARE z_stamp TEXT DEFAULT (SELECT `TABLE_COMMENT` FROM `information_schema`.`TABLES`",
    sprintf("    WHERE `TABLE_SCHEMA` = %s AND `TABLE_NAME` = %s);", names$schema_sql, my_string(names$state_name)),
    "  DECLARE z_message TEXT;",
    sprintf("  IF COALESCE(SUBSTRING_INDEX(z_stamp, '; node ', 1), '') <> %s THEN", my_string(plan$stamp$layout)),
    sprintf("    SET z_message = LEFT(CONCAT(%s, COALESCE(NULLIF(z_stamp, ''), 'unknown')), 128);",
            my_string(generator_refusal(names))),
    "    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = z_message;",
    "  END IF;",
    sprintf("  IF z_stamp <> %s THEN", my_string(plan$stamp$full)),
    sprintf("    ALTER TABLE %s COMMENT = %s;", names$state, my_string(plan$stamp$full)),
    "  END IF;",
    "END"), collapse = "\n")
}

# Takes a column over, MariaDB's way: MariaDB allows no stored function in
# a DEFAULT, so a BEFORE INSERT trigger sets the column when an INSERT
# leaves it out (or gives NULL or 0), and its default is 0. Before the
# trigger, the column is checked (a BIGINT; AUTO_INCREMENT only with
# `adopt = TRUE`) and the state rises above its greatest ID and its
# AUTO_INCREMENT counter; after it, above the rows inserted meanwhile, and
# AUTO_INCREMENT goes (the column keeps its type and comment).
my_column_statements <- function(plan, names, syntax) {
  column <- sprintf("NEW.%s", names$column)
  where <- sprintf("WHERE `TABLE_SCHEMA` = %s AND `TABLE_NAME` = %s", names$table_schema_sql,
                   my_string(names$table_name))
  refuse <- function(what) {
    c(sprintf("    SET z_message = LEFT(%s, 128);", my_string(generator_column_refusal(names, what))),
      "    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = z_message;")
  }
  floor <- my_floor_block(plan, names, syntax)
  check <- c(
    "BEGIN NOT ATOMIC",
    "  DECLARE z_message TEXT;",
    "  DECLARE z_type TEXT;",
    "  DECLARE z_extra TEXT;",
    "  DECLARE z_counter BIGINT UNSIGNED;",
    sprintf("  SELECT LOWER(`COLUMN_TYPE`), LOWER(`EXTRA`) INTO z_type, z_extra FROM `information_schema`.`COLUMNS`"),
    sprintf("    %s AND `COLUMN_NAME` = %s;", where, my_string(names$column_text)),
    "  IF z_type IS NULL THEN", refuse("missing"), "  END IF;",
    sprintf("  IF z_type NOT IN ('bigint(20)', 'bigint'%s) THEN",
            if (plan$sign_bit) ", 'bigint(20) unsigned', 'bigint unsigned'" else ""),
    refuse("type"), "  END IF;",
    "  IF z_extra LIKE '%auto_increment%' THEN",
    if (plan$adopt) {
      c(sprintf("    SET z_counter = (SELECT `AUTO_INCREMENT` FROM `information_schema`.`TABLES` %s);", where),
        floor$call("CAST(z_counter - 1 AS SIGNED)"))
    } else {
      refuse("taken")
    },
    "  END IF;",
    floor$call(floor$greatest, ahead = TRUE),
    "END")
  modify <- c(
    "BEGIN NOT ATOMIC",
    "  DECLARE z_type TEXT;",
    "  DECLARE z_comment TEXT;",
    "  DECLARE z_extra TEXT;",
    "  SELECT `COLUMN_TYPE`, `COLUMN_COMMENT`, LOWER(`EXTRA`) INTO z_type, z_comment, z_extra",
    sprintf("    FROM `information_schema`.`COLUMNS` %s AND `COLUMN_NAME` = %s;", where,
            my_string(names$column_text)),
    "  -- The rows inserted before the trigger was made.",
    floor$call(floor$greatest),
    "  IF z_extra LIKE '%auto_increment%' THEN",
    sprintf(paste("    EXECUTE IMMEDIATE CONCAT('ALTER TABLE %s MODIFY COLUMN %s ', z_type,",
                  "' NOT NULL DEFAULT 0 COMMENT ', QUOTE(z_comment));"),
            gsub("'", "''", names$table, fixed = TRUE), gsub("'", "''", names$column, fixed = TRUE)),
    "  ELSE",
    sprintf("    ALTER TABLE %s ALTER COLUMN %s SET DEFAULT 0;", names$table, names$column),
    "  END IF;",
    "END")
  c(column = paste(check, collapse = "\n"),
    drop_trigger = sprintf("DROP TRIGGER IF EXISTS %s", names$trigger),
    trigger = sprintf(paste("CREATE TRIGGER %s BEFORE INSERT ON %s FOR EACH ROW\nSET %s = CASE",
                            "WHEN %s IS NULL OR %s = 0 THEN %s() ELSE %s END"),
                      names$trigger, names$table, column, column, column, names$fn, column),
    default = paste(modify, collapse = "\n"))
}

# The floor steps as a nested block raising the state above the ID `x`
# (SQL); `greatest` is the column's greatest ID as zuid reads a signed
# column (IDs of 2^63 and more are negative). With `ahead`, the ID's lead
# over the clock is measured (and refused past `max_ahead`) first, and
# left in a user variable.
my_floor_block <- function(plan, names, syntax) {
  greatest <- sprintf(paste("COALESCE((SELECT MAX(%1$s) FROM %2$s WHERE %1$s < 0),",
                            "(SELECT MAX(%1$s) FROM %2$s))"), names$column, names$table)
  list(greatest = greatest, call = function(x, ahead = FALSE) {
    steps <- floor_steps(plan, quote(floor), ahead = ahead)
    store <- if (ahead) generator_ahead_store$mysql
    c("  BEGIN",
      sprintf("    DECLARE z_floor BIGINT DEFAULT %s;", x),
      my_declare(setdiff(step_variables(steps), "floor"), "    "),
      "    DECLARE z_message VARCHAR(200);",
      if (ahead) paste0("    ", store$clear),
      "    IF z_floor IS NOT NULL THEN",
      render_steps(steps, syntax, 3L),
      "    END IF;",
      if (ahead) paste0("    ", store$record),
      "  END;")
  })
}
