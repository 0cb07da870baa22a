# The one description of the SQL generators' algorithm (sql-generator-steps.R)
# against the core's Generator: the same scripted clock readings, fed to the
# core (through generator_script(), over the core's stepped clock) and to
# each engine's function (through a test clock that moves the same way:
# each reading by a step, each sleep by the time slept, each pause by a
# microsecond), give the same IDs and errors, for ticks of a millisecond,
# 10 ms, a second and a microsecond, SCRU64's lead, and a layout whose
# values are taken under the lock.

# Each step: the clock at tick `tick` of the layout plus `frac` of a tick,
# moving on by `step` microseconds a reading, then `calls` calls. After a
# call that fails, the next step starts a later tick: a refused call takes
# a value of the sequence (a gap), where the core's generator takes none.
generator_script <- function(capacity) {
  data.frame(
    tick = c(0, 2, 1, 8, 10, 40, 30, 41, -1e9, 45),
    frac = c(0.3, 0.5, 0.5, 0.1, 0.1, 0.2, 0.2, 0.3, 0, 0.5),
    step = c(1, 1, 1, 1, 0, 1, 1, 1, 1, 1),
    calls = c(3, 1, 1, 1, capacity + 2, 2, 1, 1, 1, 2)
  )
}

# The layouts: `capacity` is how many calls the used-up tick takes (the
# whole sequence and two more) where that is a few hundred at most.
scripted_layouts <- list(
  "ms ticks, 2 sequence bits" = list(id_layout(time = list(bits = 41, unit = "ms", epoch = 1288834974657),
                                               fields = list(w = 20), sequence = 2), list(w = 77), 4),
  "twitter" = list(id_layout("twitter"), list(datacenter = 3, worker = 30), 0),
  "sonyflake, 10 ms ticks" = list(id_layout("sonyflake", epoch = 1592224496789), list(machine = 4242), 256),
  "second ticks" = list(id_layout(time = list(bits = 36, unit = "s", epoch = 0), fields = list(n = 26),
                                  sequence = 1), list(n = 5), 2),
  "tid, microsecond ticks" = list(id_layout("tid"), list(clock_id = 513), 1),
  "scru64, 1-bit counter" = list(id_layout("scru64", node_bits = 23), list(node = 12345), 2),
  "mastodon, under the lock" = list(id_layout("mastodon"), list(), 0)
)

script_base_us <- 1748779200000000 # 2025-06-01T12:00:00Z

script_times <- function(layout, script) {
  facts <- zuid:::minting_facts_of(layout, NULL)
  origin <- as.numeric(facts$origin_us)
  unit <- as.numeric(facts$unit_us)
  tick0 <- (script_base_us - origin) %/% unit
  at <- origin + (tick0 + script$tick) * unit + floor(script$frac * unit)
  at[script$tick < -1e8] <- origin - 5 * unit
  at
}

# The core's IDs and errors for the script, as text.
core_scripted <- function(layout, nodes, policy, script) {
  at <- script_times(layout, script)
  zuid:::rust_value(zuid:::generator_script(layout, as.numeric(unlist(nodes)), policy, at,
                                            as.numeric(script$step), as.numeric(script$calls)))
}

# The engine's, called once per statement: an ID as unsigned decimal text,
# or the error as the core names it.
engine_scripted <- function(con, engine, layout, policy, script) {
  at <- script_times(layout, script)
  out <- character()
  for (i in seq_len(nrow(script))) {
    set_step_clock(con, at[[i]], script$step[[i]])
    for (k in seq_len(script$calls[[i]])) out <- c(out, mint_one(con, engine, layout))
  }
  out
}

mint_one <- function(con, engine, layout) {
  tryCatch(as.character(mint(con, engine, layout, 1)), error = function(e) {
    said <- conditionMessage(e)
    if (grepl("ms before the last ID", said)) {
      return(paste("clock_back", sub(".*clock reads ([0-9]+) ms.*", "\\1", said)))
    }
    if (grepl("before the layout's epoch", said)) return("before_epoch")
    paste("unexpected:", said)
  })
}

for (engine in names(gen_engines)) {
  test_that(sprintf("the core and the function mint the same IDs for the same clock (%s)", gen_engines[[engine]]), {
    skip_unless_engine(engine)
    con <- gen_connect(engine)
    on.exit({
      drop_generator(con, engine, "zgen_next")
      DBI::dbDisconnect(con)
    })
    for (what in names(scripted_layouts)) {
      case <- scripted_layouts[[what]]
      script <- generator_script(case[[3L]])
      if (case[[3L]] == 0) script <- script[script$step > 0, ]
      for (policy in c("wait", "error")) {
        install_generator(con, engine, case[[1L]], case[[2L]], on_clock_back = policy, clock = "step")
        expected <- core_scripted(case[[1L]], case[[2L]], policy, script)
        got <- engine_scripted(con, engine, case[[1L]], policy, script)
        expect_identical(got, expected, label = sprintf("%s, %s: the function's", what, policy))
      }
    }
  })
}

test_that("the scripts reach every branch: ticks, sequences, waits, errors", {
  layout <- scripted_layouts[["ms ticks, 2 sequence bits"]][[1L]]
  script <- generator_script(4)
  wait <- core_scripted(layout, list(w = 77), "wait", script)
  error <- core_scripted(layout, list(w = 77), "error", script)
  expect_identical(sum(startsWith(error, "clock_back")), 2L)
  expect_identical(sum(error == "before_epoch"), 1L)
  ids <- as_zuid_id(wait[!wait %in% c("before_epoch")], layout)
  fields <- id_fields(ids, layout)
  # The frozen clock's tick took 4 IDs, the next the other 2: a wait.
  expect_identical(max(table(as.numeric(fields$time))), 4L)
  expect_false(anyDuplicated(ids) > 0)
})
