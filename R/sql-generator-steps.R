# The algorithm of id_sql_generator()'s functions, written once: the steps
# below are rendered into PL/pgSQL by sql-generator-postgres.R and into
# MariaDB's stored-program SQL by sql-generator-mysql.R, each engine saying
# only how a step is written (its `syntax`). It mints what the core's
# `Generator` mints: the differential test feeds the same clock readings to
# both (test-sql-generator-steps.R).
#
# The state. A database sequence holds the last value taken, a tick and a
# counter: `(tick << counter_bits) | counter`, its top bit flipped so that
# the 64 bits count up through the sequence's signed range. Counters up to
# the layout's largest sequence value are IDs; those above say that the
# tick is used up. `take()` is the sequence's next value: atomic, outside
# transactions (never given back by a rollback), kept across crashes and
# restarts. A value is taken once, and every ID comes from a value taken
# (or put) by the call that returns it, so no ID is minted twice.
#
# Moving to a new tick. When the clock has moved past the tick of the value
# taken, the state must jump: a `put` sets the sequence to the new tick's
# first value. Puts happen under the generator's lock (a session-level
# lock, released before the function returns and by every error path), by
# a session that first took a value `mine` under it, and only forwards of `mine`.
# Values taken by other sessions while a put is pending could lie past the
# put's target, and the put would then move the state back over them. In
# "lock free" mode (the core's `MintingFacts::lock_free`) that cannot
# happen: while a put is pending, each session takes at most three values
# (the one it found stale, one before the gate, one once the state reached
# the tick it waited for) before it must wait for the gate or the clock,
# except those that return one of a tick's valid values, so fewer than
# `put_margin` values are taken meanwhile, and a put goes at
# least that far past `mine` (one tick later than the clock in the rare case
# where it must). Where a tick's counter is too narrow for that margin
# (Mastodon's, TIDs'), every value is taken under the lock.
#
# The clock stepping back. A value ahead of the clock is waited for (the
# tick was used up, or the clock is behind the last ID and the policy is
# "wait"); under "error", a clock behind the last ID fails, once a second
# reading confirms that it reads earlier than `seen`: the latest reading a
# call acted on, kept in a second sequence, so that a value ahead of the
# clock because other sessions used up its tick is not taken for a clock
# that moved back. That check runs under the lock, so that failing calls
# take at most one value each while a put is pending.

# Steps ----------------------------------------------------------------------

# A step is a list with `op` and its parts; an expression is an R call of
# the vocabulary the syntaxes render (see render_expr()), its numbers the
# plan's decimal text.
step <- function(op, ...) list(op = op, ...)
s_set <- function(var, expr) step("set", var = var, expr = expr)
s_if <- function(cond, then, otherwise = NULL) step("if", cond = cond, then = then, otherwise = otherwise)
s_loop <- function(...) step("loop", body = list(...))
s_next <- function() step("next")
s_exit <- function() step("exit")
s_return <- function(expr) step("return", expr = expr)
s_fail <- function(code, arg = NULL) step("fail", code = code, arg = arg)
s_comment <- function(text) step("comment", text = text)
# A section under the lock. At the "gate", only the session that gets the
# lock runs it; the others wait until the state reaches `until` and then
# take a value into `var`, without taking any before (see advance_steps()).
s_locked <- function(..., level = "full", until = NULL, var = NULL) {
  step("locked", level = level, until = until, var = var, body = list(...))
}
s_put <- function(expr) step("put", expr = expr)
# Notes a reading in `seen` (under the lock): the latest reading acted on.
s_note <- function(expr) {
  step("splice", body = list(s_set("seen_us", quote(seen())),
                             step("mark", expr = bquote(greatest(coalesce(seen_us, .(expr)), .(expr))))))
}
s_sleep <- function(ms) step("sleep", ms = ms)
s_pause <- function() step("pause")

# What a failing call says, by code; `%s` is the step's argument.
generator_failures <- c(
  before_epoch = "zuid: the clock reads a time before the layout's epoch",
  past_end = "zuid: the clock reads a time past the layout's last tick",
  used_up = "zuid: the layout's last tick is used up",
  clock_back = "zuid: the clock reads %s ms before the last ID this function minted (on_clock_back = \"error\")",
  stuck = "zuid: the clock did not move while the ID generator waited for it",
  beyond = "zuid: the column holds an ID above every ID of the layout",
  none_left = "zuid: no ID of this node lies above the column's greatest",
  ahead = "zuid: the column's greatest ID lies %s ms ahead of the clock, past max_ahead"
)

# The function: the common case first (a value of the clock's tick), then
# the loop that handles the others, each of its branches as the core's
# Generator::next_id() has it. `p` is the plan (sql-generator.R).
generator_steps <- function(p) {
  take <- if (p$lock_free) list(s_set("taken", quote(take()))) else
    list(s_comment("This layout's ticks are too narrow to take values without the lock."),
         s_locked(s_set("taken", quote(take()))))
  fast <- if (p$max_lead == "0") {
    bquote(tick_of(taken) == (now_us - .(p$origin_us)) %/% .(p$unit_us))
  } else {
    bquote(tick_of(taken) >= (now_us - .(p$origin_us)) %/% .(p$unit_us) &&
             tick_of(taken) - (now_us - .(p$origin_us)) %/% .(p$unit_us) <= .(p$max_lead))
  }
  fast <- bquote(.(fast) && now_us >= .(p$origin_us) && counter_of(taken) <= .(p$seq_max) &&
                   tick_of(taken) <= .(p$last_tick))
  c(take, list(
    s_set("now_us", quote(fast_clock())),
    s_comment("The common case: a value of the clock's tick."),
    s_if(fast, list(s_return(quote(id_at(tick_of(taken), counter_of(taken))))))
  ), list(step("block", body = generator_loop(p))))
}

generator_loop <- function(p) {
  list(s_comment("The clock read again where the first reading may be inexact (see fast_clock())."),
       s_set("now_us", quote(exact_clock(now_us))),
       s_loop(
    s_if(bquote(now_us < .(p$origin_us)), list(s_fail("before_epoch"))),
    s_set("now_tick", bquote((now_us - .(p$origin_us)) %/% .(p$unit_us))),
    s_if(bquote(now_tick > .(p$last_tick)), list(s_fail("past_end"))),
    s_set("taken_tick", quote(tick_of(taken))),
    s_set("taken_count", quote(counter_of(taken))),
    s_comment("The clock has moved past the value's tick: start the clock's tick."),
    s_if(quote(taken_tick < now_tick), c(advance_steps(p, quote(now_tick)), list(s_next()))),
    s_comment("The value lies ahead of the clock: wait for it, or fail."),
    s_if(bquote(taken_tick - now_tick > .(p$max_lead)), c(ahead_steps(p), wait_steps(p, quote(target)),
                                                  list(s_set("now_us", quote(clock())), s_next()))),
    s_comment("The tick is used up: the next one."),
    s_if(bquote(taken_count > .(p$seq_max)), c(
      list(s_if(bquote(taken_tick >= .(p$last_tick)), list(s_fail("used_up")))),
      if (p$max_lead != "0") {
        list(s_comment("SCRU64 moves on at once while the next tick is within its lead."),
             s_if(bquote(taken_tick + 1 - now_tick <= .(p$max_lead)),
                  c(advance_steps(p, quote(taken_tick + 1)), list(s_next()))))
      },
      wait_steps(p, bquote(taken_tick + 1 - .(p$max_lead))),
      list(s_set("now_us", quote(clock())), s_next()))),
    s_return(quote(id_at(taken_tick, taken_count)))
  ))
}

# The value `taken` lies past the clock's tick by more than the lead: its
# tick was used up (the previous value lies within reach of the clock), or
# the clock is behind the last ID: wait until the clock is back there, or
# under "error" fail, once a second reading, after `seen` was read,
# confirms it; otherwise other sessions used up the tick.
ahead_steps <- function(p) {
  behind <- if (p$policy == "wait") {
    list(s_set("target", bquote(prev - .(p$max_lead))))
  } else {
    list(s_locked(
      s_set("seen_us", quote(seen())),
      s_if(quote(now_us < seen_us && clock() < seen_us), list(
        s_fail("clock_back", bquote((.(p$origin_us) + prev * .(p$unit_us) - now_us + 999) %/% 1000))))
    ))
  }
  list(
    s_set("prev", quote(tick_of(taken - 1))),
    s_set("target", bquote(taken_tick - .(p$max_lead))),
    s_if(bquote(prev - now_tick > .(p$max_lead)), behind)
  )
}

# The value becomes the first of tick `tick` (or a later value another
# session took). Without the lock (lock-free mode): take a value `mine`; when
# it lies before the tick, the session that gets the lock takes another
# and, when that one does too, puts the state at the tick, at least
# `put_margin` past it; the others wait until the state has moved there
# and take a value past it. In locked mode, every value is taken under the
# lock. The mover notes the clock's reading.
advance_steps <- function(p, tick) {
  start <- if (is.null(p$start_bound)) "0" else bquote(random_below(.(p$start_bound)))
  put <- list(s_put(quote(put_to)), s_set("mine", quote(put_to)))
  # Under either policy, so that a function made again with "error" finds
  # the readings the one before it acted on.
  note <- s_note(quote(now_us))
  moves <- if (p$lock_free) {
    margin <- s_if(bquote(mine + .(p$put_margin) >= put_to),
                   list(s_set("put_to", bquote(state_at(tick_of(mine + .(p$put_margin)) + 1, .(start))))))
    list(s_set("mine", quote(take())), s_if(quote(mine < put_to), list(s_locked(
      level = "gate", until = quote(put_to), var = "mine",
      s_set("mine", quote(take())),
      s_if(quote(mine < put_to), c(list(margin), put)),
      note
    ))))
  } else {
    list(s_locked(s_set("mine", quote(take())), s_if(quote(mine < put_to), put), note))
  }
  c(list(s_set("put_to", bquote(state_at(.(tick), .(start))))), moves, list(s_set("taken", quote(mine))))
}

# Ticks this long (10 ms) are slept through whole: a sleep's lateness is
# small beside them. Shorter ones sleep to their last millisecond and then
# re-read the clock, at most `spins_max` times before sleeping again (a
# clock that stands still must not spin forever).
coarse_tick_us <- 10000
spins_max <- 100000

# Waits until the clock reaches tick `tick`, as the core's wait_for_tick():
# for ticks of 10 ms and more, sleeps until then; for shorter ones, sleeps
# until their last millisecond and re-reads the clock in it. A clock that
# stands still across a sleep is an error, not a hang. Under "error", the
# reading reached is noted.
wait_steps <- function(p, tick) {
  coarse <- as.numeric(p$unit_us) >= coarse_tick_us
  sleep <- if (coarse) {
    list(s_set("slept_at", quote(now_us)), s_sleep(quote(remaining_ms)))
  } else {
    list(s_if(bquote(remaining_ms > 1 || spins > .(spins_max)),
              list(s_set("slept_at", quote(now_us)), s_set("spins", "0"), s_sleep(quote(remaining_ms - 1))),
              list(s_set("slept_at", "NULL"), s_set("spins", quote(spins + 1)), s_pause())))
  }
  c(list(
    s_set("until_us", bquote(.(p$origin_us) + .(tick) * .(p$unit_us))),
    s_set("slept_at", "NULL"),
    s_set("spins", "0"),
    s_loop(
      s_set("now_us", quote(clock())),
      s_if(quote(now_us >= until_us), list(s_exit())),
      s_if(quote(now_us == slept_at), list(s_fail("stuck"))),
      s_set("remaining_ms", quote((until_us - now_us + 999) %/% 1000)),
      step("splice", body = sleep)
    )
  ), if (p$policy == "error") list(s_locked(s_note(quote(now_us)))))
}

# Raises the state above `floor` (a column's greatest ID, as its signed
# bits), as the core's Generator::stay_above() does: the floor's tick and
# the last sequence value of this node at or below it count as used, and
# under "error" a floor ahead of the clock fails as a clock behind it. With
# `ahead`, the floor's lead over the clock is measured first, and refused
# past `max_ahead` (sql-generator-ahead.R).
floor_steps <- function(p, floor, ahead = FALSE) {
  beyond <- if (!is.na(p$id_limit)) {
    bquote(.(floor) < 0 || .(floor) >= .(p$id_limit))
  } else if (p$sign_bit) {
    bquote(.(floor) < 0)
  }
  list(
    if (!is.null(beyond)) s_if(beyond, list(s_fail("beyond"))),
    s_set("floor_tick", bquote(time_of(.(floor)))),
    s_set("floor_count", bquote(.(floor) - time_bits_of(floor_tick) - node_bits())),
    s_if(quote(floor_count < 0), list(s_set("floor_count", "0")),
         list(s_set("floor_count", bquote(least(floor_count %/% .(p$seq_unit), .(p$seq_max)))))),
    s_if(bquote(floor_tick >= .(p$last_tick) && floor_count >= .(p$seq_max)), list(s_fail("none_left"))),
    s_set("now_us", bquote(.(p$origin_us) + floor_tick * .(p$unit_us))),
    if (ahead) column_ahead_steps(p),
    s_locked(
      s_set("mine", quote(take())),
      s_set("put_to", quote(state_at(floor_tick, floor_count))),
      s_if(quote(put_to > mine), c(
        if (p$lock_free) {
          list(s_if(bquote(mine + .(p$put_margin) >= put_to),
                    list(s_set("put_to", bquote(state_at(tick_of(mine + .(p$put_margin)) + 1, 0))))))
        },
        list(s_put(quote(put_to))))),
      s_note(quote(now_us))
    )
  )
}

# Rendering ------------------------------------------------------------------

# Lines of SQL for `steps`, indented by `depth` levels, in the engine's
# `syntax`: a list of functions that write each kind of step (see the
# engines' files) and `ops`, the expression vocabulary.
render_steps <- function(steps, syntax, depth = 1L) {
  unlist(lapply(Filter(Negate(is.null), steps), render_step, syntax = syntax, depth = depth),
         use.names = FALSE)
}

render_step <- function(s, syntax, depth) {
  pad <- strrep("  ", depth)
  e <- function(x) render_expr(x, syntax)
  # Nested lines come marked, indented already; the step's own get `pad`.
  inner <- function(x) paste0("\t", render_steps(x, syntax, depth + 1L))
  lines <- switch(s$op,
    set = syntax$set(syntax$var(s$var), e(s$expr)),
    "if" = syntax$if_(e(s$cond), inner(s$then), if (!is.null(s$otherwise)) inner(s$otherwise)),
    loop = {
      syntax$enter_loop()
      body <- inner(s$body)
      syntax$loop(body)
    },
    "next" = syntax$next_(),
    exit = syntax$exit(),
    return = syntax$return_(e(s$expr)),
    fail = syntax$fail(generator_failures[[s$code]], if (!is.null(s$arg)) e(s$arg)),
    comment = paste("--", s$text),
    locked = syntax$locked(inner(s$body), s$level, if (!is.null(s$until)) e(s$until), s$var),
    put = syntax$put(e(s$expr)),
    mark = syntax$mark(e(s$expr)),
    sleep = syntax$sleep(e(s$ms)),
    pause = syntax$pause(),
    block = syntax$block(inner(s$body), step_variables(s$body)),
    splice = return(render_steps(s$body, syntax, depth)),
    zuid_abort_internal(sprintf("unknown step %s", s$op))
  )
  ifelse(startsWith(lines, "\t"), sub("^\t", "", lines), paste0(pad, lines))
}

# An expression as SQL: a name is a variable, text is a number (or NULL)
# written as it is, a call is an operator or function of `syntax$ops` (or
# the common binary operators), fully parenthesised.
render_expr <- function(x, syntax) {
  if (is.character(x)) return(x)
  if (is.symbol(x)) return(syntax$var(as.character(x)))
  if (is.numeric(x)) return(format(x, scientific = FALSE))
  f <- as.character(x[[1L]])
  args <- vapply(as.list(x)[-1L], render_expr, "", syntax = syntax)
  if (f == "(") return(args[[1L]])
  op <- syntax$ops[[f]]
  if (is.function(op)) return(do.call(op, as.list(args)))
  if (is.null(op)) op <- sql_binary_ops[[f]]
  if (is.null(op)) zuid_abort_internal(sprintf("no SQL for %s()", f))
  if (length(args) == 1L) sprintf("(%s %s)", op, args[[1L]]) else sprintf("(%s %s %s)", args[[1L]], op, args[[2L]])
}

sql_binary_ops <- list(`+` = "+", `-` = "-", `*` = "*", `==` = "=", `!=` = "<>", `<` = "<", `<=` = "<=",
                       `>` = ">", `>=` = ">=", `&&` = "AND", `||` = "OR", `!` = "NOT")

# Every variable the steps assign, for the engines' declarations.
step_variables <- function(steps) {
  vars <- character()
  walk <- function(s) {
    if (is.null(s)) return()
    if (identical(s$op, "set")) vars <<- c(vars, s$var)
    for (part in c("then", "otherwise", "body")) for (x in s[[part]]) walk(x)
  }
  for (s in steps) walk(s)
  unique(vars)
}
