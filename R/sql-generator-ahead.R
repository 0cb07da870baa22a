# A column whose greatest ID lies ahead of the server's clock (issue 40),
# for id_sql_generator(table = ): the state rises above that ID, so every
# insert, from every session, waits until the clock reaches it. The column
# statement measures the lead in the database, from the same greatest ID it
# raises the state above, against the generator's own clock; past
# `max_ahead` it refuses before the state or the column changes, and
# otherwise leaves the lead in a session variable that R reads after the
# statements ran, to say it in a warning.

# id_sql_generator()'s `max_ahead` is 60 seconds unless the caller says
# more: a minute covers clocks a little fast and SCRU64's bursts (under
# 10 s), not a machine whose clock is a day ahead.

# A lead shorter than this (in microseconds) is not worth a warning: the
# inserts' wait is below a millisecond.
generator_ahead_noted_us <- 1000

check_max_ahead <- function(x, call) {
  if (!is.numeric(x) || is.object(x) || length(x) != 1L || is.na(x) || x < 0) {
    zuid_abort(sprintf(paste(
      "`max_ahead` must be a number of seconds of 0 or more (Inf for no bound), not %s."
    ), describe_value(x)), class = "zuid_error_type", call = call)
  }
  as.numeric(x)
}

# The bound as whole microseconds (SQL text), or NULL for none: Inf, or one
# beyond what a BIGINT of microseconds compares.
max_ahead_us <- function(seconds) {
  us <- round(seconds * 1e6)
  if (us >= 2^62) NULL else whole_text(us)
}

# The steps that measure the lead of the floor's tick (`now_us`, its start)
# over the clock into `ahead_us` and refuse it past the plan's bound; spliced
# into floor_steps() for the column's greatest ID, before anything is put.
column_ahead_steps <- function(p) {
  refuse <- if (!is.null(p$max_ahead_us)) {
    s_if(bquote(ahead_us > .(p$max_ahead_us)), list(s_fail("ahead", quote((ahead_us + 999) %/% 1000))))
  }
  step("splice", body = list(
    s_comment("How far the column's greatest ID lies ahead of the clock (see max_ahead)."),
    s_set("ahead_us", quote(now_us - clock())),
    refuse
  ))
}

# Where the column statement leaves the lead it measured, per engine: a
# session setting (PostgreSQL) or user variable (MariaDB), empty or NULL
# when the column is empty. `record` is the statement that sets it from
# the variable z_ahead_us; `read` the query R runs after.
generator_ahead_store <- list(
  postgres = list(
    record = "PERFORM set_config('zuid.generator_ahead_us', coalesce(CAST(z_ahead_us AS text), ''), false);",
    read = "SELECT current_setting('zuid.generator_ahead_us', true) AS ahead_us"
  ),
  mysql = list(
    clear = "SET @zuid_generator_ahead_us = NULL;",
    record = "SET @zuid_generator_ahead_us = z_ahead_us;",
    read = "SELECT CAST(@zuid_generator_ahead_us AS CHAR) AS ahead_us"
  )
)

# After the statements ran with `table`: the lead the column statement
# measured, said in a zuid_warning_generator_ahead when it is a millisecond
# or more.
warn_generator_ahead <- function(con, dialect, names, call) {
  read <- DBI::dbGetQuery(con, generator_ahead_store[[dialect]]$read)$ahead_us
  us <- suppressWarnings(as.numeric(read))
  if (length(us) != 1L || is.na(us) || us < generator_ahead_noted_us) {
    return(invisible(NULL))
  }
  ahead <- us / 1e6
  zuid_warn(sprintf(paste(
    "The greatest ID in %s.%s lies %s ahead of the server's clock (minted where a clock ran fast?).",
    "New IDs start above it, so until the clock gets there every insert waits for it, or fails under",
    "on_clock_back = \"error\"."
  ), names$table, names$column, ahead_words(ahead)),
  class = "zuid_warning_generator_ahead", call = call, ahead = ahead, table = names$table,
  column = names$column)
}

# The server's refusal of a lead past `max_ahead` (generator_failures'
# "ahead", which gives it in milliseconds) as a zuid_error_generator_ahead.
generator_ahead_refused <- function(refusal) grepl("ms ahead of the clock, past max_ahead", refusal, fixed = TRUE)

abort_generator_ahead <- function(refusal, names, max_ahead, database_error, call) {
  ahead <- as.numeric(sub("^.* lies ([0-9]+) ms ahead .*$", "\\1", refusal)) / 1000
  zuid_abort(sprintf(paste(
    "The greatest ID in %s.%s lies %s ahead of the server's clock, more than `max_ahead` (%s):",
    "new IDs would start above it, and every insert would wait until the clock gets there. The",
    "column and the generator's state were left as they were. Find out why the ID lies ahead (a",
    "clock that ran fast where it was minted), or raise `max_ahead` to accept the wait."
  ), names$table, names$column, ahead_words(ahead), ahead_words(max_ahead)),
  class = "zuid_error_generator_ahead", call = call, database_error = database_error, ahead = ahead,
  max_ahead = max_ahead, table = names$table, column = names$column)
}

# A lead in seconds as a person reads it: seconds to the millisecond under
# two minutes, then minutes, hours or days to a tenth.
ahead_words <- function(seconds) {
  if (seconds < 120) {
    return(sprintf("%s s", format(round(seconds, 3), scientific = FALSE)))
  }
  units <- c(minutes = 60, hours = 3600, days = 86400)
  unit <- units[max(which(seconds >= 2 * units), 1L)]
  sprintf("%s %s", formatC(seconds / unit, format = "f", digits = 1), names(unit))
}
