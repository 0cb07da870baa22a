# What each problem the Rust binding reports becomes: its classed
# condition, worded here with the user's own values ("thrown from Rust").
# `rust_value()` (conditions.R) looks a problem's code up in
# `problem_handlers`; a test checks that every code Rust can send is here.
#
# Each handler takes the problem (`code` and the numbers its message needs:
# `position`, `part`, `value`, `element`, `count`, `positions`), the call
# and the caller's context: `layout`, `x` (the IDs read), `n` (how many),
# `args` (the parts composed), `entries` (how to word invalid entries),
# `constructing` (TRUE inside `id_layout()`).

problem_handlers <- list()

# Layouts ---------------------------------------------------------------

# A layout rule broken while `id_layout()` builds a layout is worded as
# the rule; in a layout passed in, as what makes it invalid.
layout_handler <- function(words) {
  function(problem, call, context) {
    message <- words(problem, context$layout)
    if (isTRUE(context$constructing)) {
      zuid_abort(message, class = "zuid_error_layout", call = call)
    }
    abort_invalid_layout(call, message, context$layout_what)
  }
}

# "The time part" or "The field `worker`", for the part a problem names.
part_label <- function(problem, layout) {
  part <- if (is.null(problem$part)) NA else names(layout$bits)[problem$part]
  if (part %in% c("time", NA)) "The time part" else sprintf("The field `%s`", part)
}

problem_handlers$layout_shape <- function(problem, call, context) {
  what <- if (identical(problem$element, "layout")) "it is not a list" else
    sprintf("its element `%s` is missing or malformed", problem$element)
  abort_invalid_layout(call, what, context$layout_what)
}

problem_handlers$layout_roles <- layout_handler(function(problem, layout) {
  "its parts are not one time at the top (below an optional sign bit), node fields and one sequence"
})

problem_handlers$layout_sign_width <- layout_handler(function(problem, layout) {
  sprintf("the sign part has %s bits; it has exactly 1", whole_text(problem$value))
})

problem_handlers$layout_empty_part <- layout_handler(function(problem, layout) {
  sprintf("%s has 0 bits; every part but the sequence has at least 1.", part_label(problem, layout))
})

problem_handlers$layout_part_too_wide <- layout_handler(function(problem, layout) {
  sprintf(paste(
    "%s has %d bits; a part has at most 53, so that its values read",
    "exactly as doubles."
  ), part_label(problem, layout), as.integer(problem$value))
})

problem_handlers$layout_sequence_too_wide <- layout_handler(function(problem, layout) {
  sprintf(paste(
    "`sequence` has %d bits; it has at most 31, so that `id_fields()`",
    "returns it as an integer."
  ), as.integer(problem$value))
})

problem_handlers$layout_bits_total <- layout_handler(function(problem, layout) {
  sign_bit <- "sign" %in% layout$kinds
  parts <- layout$bits[layout$kinds != "sign"]
  sprintf(paste(
    "With `sign_bit = %s`, the time, fields and sequence must add up to %d",
    "bits; they add up to %d (%s)."
  ), sign_bit, if (sign_bit) 63L else 64L, sum(parts),
  paste(names(parts), parts, collapse = " + "))
})

problem_handlers$layout_epoch_range <- layout_handler(function(problem, layout) {
  # The layout's own number: the core's saturates beyond 2^63.
  sprintf("The epoch (%s ms since 1970) must lie in the years 1 to 9999.", whole_text(layout$epoch_ms))
})

problem_handlers$layout_unknown_kind <- layout_handler(function(problem, layout) {
  sprintf("the kind of part %s is not \"sign\", \"time\", \"node\" or \"sequence\"", whole_text(problem$part))
})

problem_handlers$layout_unknown_unit <- function(problem, call, context) {
  if (isTRUE(context$constructing)) {
    abort_unit(context$layout$unit, call)
  }
  abort_invalid_layout(call, sprintf("its unit is not %s", unit_choices), context$layout_what)
}

problem_handlers$layout_unknown_text <- layout_handler(function(problem, layout) {
  "its `text` is not \"decimal\", \"scru64\" or \"tid\""
})

# Reading IDs -------------------------------------------------------------

problem_handlers$input_type <- function(problem, call, context) {
  zuid_abort_internal("the binding was given an input it cannot read", call)
}

# A zuid_id or integer64 whose storage is not doubles (see
# check_id_storage()): the problem names the type it holds.
problem_handlers$id_storage <- function(problem, call, context) {
  abort_id_storage(problem$element, context$entries$arg %||% "`x`", call)
}

problem_handlers$imprecise_double <- function(problem, call, context) {
  position <- problem$position
  entries <- context$entries %||% list()
  zuid_abort(sprintf(paste(
    "%s is a double of 2^53 or more (%s). A double holds 53 bits, so the",
    "ID's low digits may have been lost before zuid saw it, and %s. %s",
    "Where only the rounded values are left, `id_time_bounds()` gives the",
    "earliest and latest times of the IDs each may stand for."
  ), sentence(entry_label(entries$arg, position, length(context$x))),
  format(unclass(context$x)[[position]], digits = 17), entries$effect %||% "its fields would be wrong",
  read_ids_advice), class = "zuid_error_precision", call = call, position = position)
}

# How to read IDs without a double on the way: briefly, where the details
# are (the section of `?id_fields`).
read_ids_advice <- paste(
  "Read IDs as text or as bit64::integer64 where they come from",
  "(`?id_fields` says how, for CSV, JSON and databases)."
)

# Entry `i` of an argument of length `n` as messages name it: `x[3]` for an
# argument named in backticks (the default `x`), else "entry 3 of the right
# side of `==`", or that side alone when it has one entry.
entry_label <- function(arg, i, n) {
  if (is.null(arg) || startsWith(arg, "`")) {
    return(sprintf("`%s[%s]`", gsub("`", "", arg %||% "x", fixed = TRUE), whole_text(i)))
  }
  if (n == 1L) arg else sprintf("entry %s of %s", whole_text(i), arg)
}

# IDs that look rounded before zuid saw them (see damage.R): one warning,
# with the sign, its likely cause and the fix.
problem_handlers$rounded_ids <- function(problem, call, context) {
  arg <- context$entries$arg %||% "`x`"
  # Decoding looks at up to `decode_sample_size()` entries spread over a
  # longer column.
  n <- length(context$x)
  looked_at <- decode_sample_size()
  if (n > looked_at) {
    arg <- sprintf("%s (looking at %s of its %s entries)", arg, whole_text(looked_at), whole_text(n))
  }
  cause <- problem$element
  at <- positions_text(problem$count, problem$positions)
  sign <- rounded_sign_text(cause, problem$count, problem$value, problem$detail, problem$chance, arg, at)
  advice <- !isTRUE(context$merged)
  zuid_warn(paste(sign, rounded_cause_text(cause, advice)), class = "zuid_warning_rounded", call = call,
            count = problem$count, positions = problem$positions, cause = cause,
            looked_at = problem$value)
}

# Entries that became NA: one warning for the call, with the first of
# them and why it is not an ID. `context$entries` may name the argument and
# say what its entries should have been (`what`), or say what they are
# (`are`, for one and for many) and how the first one's reason reads
# (`first`, a format of the entry and the reason).
problem_handlers$invalid_entries <- function(problem, call, context) {
  entries <- context$entries %||% list()
  arg <- entries$arg %||% "`x`"
  n <- context$n %||% length(context$x)
  count <- problem$count
  what <- entries$what %||% {
    name <- if (identical(context$layout$name, "custom") || is.null(context$layout)) "" else
      paste0(context$layout$name, " ")
    plural(count, sprintf("a valid %sID", name), sprintf("valid %sIDs", name))
  }
  are <- if (is.null(entries$are)) sprintf("%s not %s", plural(count, "is", "are"), what) else
    plural(count, entries$are[[1]], entries$are[[2]])
  first <- if (is.null(context$x)) "" else first_invalid_text(problem, context, entries)
  zuid_warn(sprintf(
    "%s of %s %s of %s %s and became NA (at %s).%s",
    whole_text(count), whole_text(n), plural(n, "entry", "entries"), arg,
    are, positions_text(count, problem$positions), first
  ), class = "zuid_warning_invalid", call = call, count = count,
  positions = problem$positions, reason = problem$reason)
}

# Entries of more than one kind (see `entry_warning_codes`): one warning
# that lists each kind as its own warning words it, without the advice,
# which comes once. It inherits each kind's class, carries each kind's
# fields in `kinds` (named by class) and counts the entries of all kinds;
# entries in scientific notation, already among the NA entries, are not
# listed again as rounded.
warn_entries <- function(problems, call, context) {
  context$merged <- TRUE
  kinds <- lapply(problems, function(p) {
    tryCatch(throw_problem(p, call, context), zuid_warning = identity)
  })
  classes <- vapply(kinds, function(w) class(w)[[1]], character(1))
  invalid <- "zuid_warning_invalid" %in% classes
  shown <- !(classes == "zuid_warning_rounded" & invalid &
               vapply(kinds, function(w) identical(w$cause, "scientific"), logical(1)))
  rounded <- any(classes == "zuid_warning_rounded")
  positions <- sort(unique(unlist(lapply(kinds, function(w) w$positions))))
  fields <- lapply(kinds, function(w) unclass(w)[setdiff(names(w), c("message", "call"))])
  names(fields) <- classes
  # The advice to read IDs as text is for IDs a double rounded: never for
  # entries that are not numbers, nor for those below a layout's beginning.
  through_double <- rounded || identical(fields$zuid_warning_invalid$reason, "scientific")
  advice <- if (!through_double) character() else
    paste0(read_ids_advice, if (rounded) " `id_check_damage()` says what a column shows." else "")
  messages <- vapply(kinds[shown], conditionMessage, character(1))
  text <- if (length(messages) == 1L) paste(c(messages, advice), collapse = " ") else
    paste(c(sprintf("Entries of %s of %s kinds:", context$entries$arg %||% "`x`", whole_text(length(messages))),
            paste("*", messages), advice), collapse = "\n")
  zuid_warn(text,
            class = c("zuid_warning_entries", unique(classes)), call = call,
            count = sum(vapply(kinds[shown], function(w) w$count, numeric(1))),
            positions = positions, kinds = fields,
            reason = fields$zuid_warning_invalid$reason, cause = fields$zuid_warning_rounded$cause)
}

# The first invalid entry and why it is not an ID. Where the core says which
# part of the entry is wrong (`value` to `detail`, its characters), and the
# call's words have a place for it (`first_part`), that part is quoted
# whole, so that a long entry shortened in the message still shows it.
first_invalid_text <- function(problem, context, entries) {
  i <- problem$positions[[1]]
  reason <- reason_words(problem$reason, context$layout, advice = !isTRUE(context$merged))
  part <- entry_part(context$x, i, problem$value, problem$detail)
  if (is.null(part) || is.null(entries$first_part)) {
    return(sprintf(entries$first %||% " The first, %s, %s.", entry_text(context$x, i), reason))
  }
  sprintf(entries$first_part, entry_text(context$x, i), visible_text(part, 60L), reason)
}

# Characters `start` to `end` of text entry `i`, or NULL where there is no
# such part, or it is the whole entry.
entry_part <- function(x, i, start, end) {
  value <- if (is.character(x)) x[[i]] else NA_character_
  if (is.null(start) || is.na(start) || is.na(value) || !valid_text(value) ||
      nchar(value, "bytes") != nchar(value, "chars")) {
    return(NULL)
  }
  part <- substr(value, start, end)
  if (identical(part, trimws(value)) || !nzchar(part)) NULL else part
}

# IDs below where the layout's IDs begin (see `begins` in the core's table
# of built-in layouts): a platform's older sequential numbers, which hold
# no time, so that decoding gives NA instead of a time near the epoch. They
# are IDs all the same (as_zuid_id() keeps them), so this is a warning of
# its own, not one of invalid entries.
problem_handlers$before_layout <- function(problem, call, context) {
  # A call that decodes with several layouts (id_from_url()) names each.
  element <- problem$element
  layout <- if (is.null(element) || is.na(element)) context$layout else id_layout(element)
  arg <- context$entries$arg %||% "`x`"
  n <- context$n %||% length(context$x)
  count <- problem$count
  begins <- layout_beginning(layout, call)
  zuid_warn(sprintf(paste(
    "%s of %s %s of %s %s below %s, where the %s's IDs begin: %s time and",
    "fields are NA (at %s). Below it are %s; such a number holds no time."
  ), whole_text(count), whole_text(n), plural(n, "entry", "entries"), arg, plural(count, "is", "are"),
  begins$first_id, layout_label(layout), plural(count, "its", "their"),
  positions_text(count, problem$positions), begins$before),
  class = "zuid_warning_before_layout", call = call, count = count,
  positions = problem$positions, first_id = begins$first_id)
}

# Entry `i` of `x` as a message shows it: text quoted and shortened,
# integer64 as its unsigned digits.
entry_text <- function(x, i) {
  if (inherits(x, "integer64")) {
    return(rust_value(ids_text(unclass(x)[i])))
  }
  value <- unclass(x)[[i]]
  if (is.character(value)) visible_text(value) else format(value, digits = 17)
}

# Why an entry is not an ID, as the core's reason names it (those of the
# 96- to 160-bit formats in wide-problems.R).
reason_words <- function(reason, layout = NULL, advice = TRUE) {
  if (reason %in% wide_reason_codes()) {
    return(wide_reason_words(reason, layout))
  }
  switch(reason,
    not_digits = switch(layout$text %||% "decimal",
      scru64 = "is neither decimal digits nor SCRU64's 12 base36 digits",
      tid = "is neither decimal digits nor a TID's 13 base32-sortable characters",
      "is not decimal digits"
    ),
    too_large = "is 2^64 or more",
    sign_bit = sprintf("has the top bit set, which the %s keeps 0 as a sign bit", layout_label(layout)),
    above_scru64 = "is 36^12 or more, beyond what SCRU64's 12 base36 digits hold",
    not_scru64_text = "is not 12 base36 digits",
    not_tid_text = paste(
      "is not TID text: 13 lowercase characters of \"234567abcdefghijklmnopqrstuvwxyz\",",
      "the first of them one of \"234567abcdefghij\""
    ),
    negative = "is negative",
    fraction = "is not a whole number",
    not_finite = "is not a finite number",
    integer64_na = paste(
      "is 2^63, which an integer64, and so a zuid_id, holds as its NA: keep",
      "such an ID as text"
    ),
    not_hex_text = "is not hex digits (`0-9` and `a-f` in either case, after an optional `0x`)",
    not_base32_text = sprintf(paste(
      "is not Crockford base32 digits (`%s` in either case, with I and L read",
      "as 1 and O as 0)"
    ), core_facts("bases")$base32$alphabet),
    not_base36_text = "is not base36 digits (`0-9` and `a-z` in either case)",
    not_base58_text = sprintf("is not base58 digits (Flickr's alphabet, `%s`)",
                              core_facts("bases")$base58$alphabet),
    not_base62_text = "is not base62 digits (`0-9`, `A-Z` and `a-z`)",
    not_shortcode = "is not an Instagram shortcode (`A-Z`, `a-z`, `0-9`, `-` and `_`)",
    implausible_time = paste(
      "decodes to a time no Mastodon post has (before 2008-07-02, when the fediverse",
      "began, or more than a day from now): the site is no Mastodon server, or the number is no post's"
    ),
    scientific = paste0(
      "is a number in scientific notation, as a spreadsheet or a double writes ",
      "large numbers: its low digits are lost (`id_time_bounds()` bounds its time)",
      if (advice) ". Read the IDs as text where they come from"
    ),
    before_layout = "is below where the layout's IDs begin, and holds no time"
  )
}

# IDs an integer64 form could not hold: a plain integer64 holds none of
# 2^63 or more, a zuid_id only 2^63, whose bits are integer64's NA.
problem_handlers$integer64_lost <- function(problem, call, context) {
  n <- context$n
  what <- if (identical(context$as, "id")) {
    "2^63, the one ID a zuid_id cannot hold (integer64 keeps its bits for NA),"
  } else {
    "2^63 or more, which integer64 cannot hold,"
  }
  zuid_warn(sprintf(paste(
    "%s of %s %s %s %s and became NA (at %s). Use `as = \"character\"` for",
    "%s."
  ), whole_text(problem$count), whole_text(n), plural(n, "ID", "IDs"),
  plural(problem$count, "is", "are"), what, positions_text(problem$count, problem$positions),
  plural(problem$count, "it", "them")),
  class = "zuid_warning_integer64", call = call, count = problem$count,
  positions = problem$positions)
}

# Making IDs --------------------------------------------------------------

problem_handlers$part_range <- function(problem, call, context) {
  layout <- context$layout
  part <- names(layout$bits)[[problem$part]]
  i <- problem$position
  value <- context$args[[part]]
  value <- value[[if (length(value) == 1L) 1L else i]]
  max <- layout_facts_of(layout, call)$max_values[[part]]
  zuid_abort(sprintf(
    "`%s` is %s; the %s's `%s` holds whole numbers from 0 to %s.",
    indexed(part, context$args[[part]], i), describe_value(value), layout_label(layout),
    part, whole_text(max)
  ), class = "zuid_error_range", call = call)
}

# A time before the epoch or past the last tick: of an argument when
# composing, of the clock when generating.
time_handler <- function(problem, call, context) {
  if (!is.null(context$generator)) {
    abort_generator(problem, call, context)
  }
  layout <- context$layout
  i <- problem$position
  time <- context$args$time
  seconds <- as.numeric(time[[if (length(time) == 1L) 1L else i]])
  shown <- rust_value(format_seconds(seconds))
  shown <- if (is.na(shown)) describe_value(seconds) else shown
  limit <- if (problem$code == "before_epoch") {
    sprintf("before the %s's epoch, %s", layout_label(layout), epoch_text(layout, call))
  } else {
    last <- rust_value(format_epoch_ms(layout_facts_of(layout, call)$last_ms))
    sprintf("past the %s's last tick, which starts at %s",
            layout_label(layout), if (is.na(last)) "a time after the year 9999" else last)
  }
  zuid_abort(sprintf("`%s` (%s) is %s.", indexed("time", time, i), shown, limit),
             class = "zuid_error_range", call = call)
}

problem_handlers$before_epoch <- time_handler
problem_handlers$past_end <- time_handler

problem_handlers$node_count <- function(problem, call, context) {
  zuid_abort_internal("the binding was given the wrong number of node values", call)
}

# `x` or `x[3]`, as the user would index the argument.
indexed <- function(name, value, i) {
  if (length(value) == 1L) name else sprintf("%s[%s]", name, whole_text(i))
}

# Generating IDs ------------------------------------------------------------

abort_generator <- function(problem, call, context) {
  layout <- context$generator$layout
  message <- switch(problem$code,
    forked = paste(
      "This generator was created in another process: a forked child (as in",
      "`parallel::mclapply()`) would mint the same IDs as its parent. Create",
      "a generator in each process, with node values of its own."
    ),
    not_generator = paste(
      "This generator has no state: it was restored from disk (`readRDS()`,",
      "a saved workspace) or sent to another R process (a parallel worker,",
      "callr). Create a new one with `id_generator()`."
    ),
    clock_back = clock_back_words(problem),
    before_epoch = sprintf("The clock reads a time before the %s's epoch, %s.",
                           layout_label(layout), epoch_text(layout, call)),
    past_end = sprintf("The clock reads a time past the %s's last tick: it has no IDs left.",
                       layout_label(layout)),
    interrupted = sprintf(paste(
      "Interrupted while %s; none were returned. The generator stays",
      "usable, and the IDs it skipped are never made again."
    ), switch(problem$element %||% "", waiting = "waiting for the clock",
              output = "building the output", "making IDs"))
  )
  class <- if (problem$code == "clock_back") "zuid_error_clock" else "zuid_error_generator"
  zuid_abort(message, class = class, call = call, by_ms = problem$value %||% NA_real_,
             back_ms = problem$detail %||% NA_real_, stage = problem$element)
}

# The clock's step back, and how far behind the last ID it leaves the clock
# when a SCRU64 burst or `after` had put that ID ahead already.
clock_back_words <- function(problem) {
  back <- problem$detail %||% problem$value
  where <- if (back == problem$value) "behind the last ID this generator issued" else
    sprintf("(to %s ms behind the last ID this generator issued)", whole_text(problem$value))
  sprintf(paste(
    "The clock moved back %s ms %s; with `on_clock_back = \"error\"` it refuses",
    "rather than risk a duplicate. Try again once the clock has caught up, or",
    "use \"wait\" or \"borrow\"."
  ), whole_text(back), where)
}

problem_handlers$forked <- abort_generator
problem_handlers$not_generator <- abort_generator
problem_handlers$clock_back <- abort_generator
problem_handlers$interrupted <- abort_generator

problem_handlers$busy <- function(problem, call, context) {
  zuid_abort(paste(
    "This generator is in use by a call that has not finished (one made from",
    "inside `id_next()`, such as a finalizer's); try again once it has."
  ), class = "zuid_error_generator", call = call)
}

# R, or the buffer of IDs, could not have the memory for `n` IDs.
problem_handlers$memory <- function(problem, call, context) {
  bytes <- problem$value
  size <- sprintf("%s (%s bytes)", format(structure(bytes, class = "object_size"), units = "auto"),
                  whole_text(bytes))
  n <- whole_text(context$n)
  message <- if (!identical(problem$element, "r")) {
    sprintf("Not enough memory to make %s IDs: a buffer of %s could not be had.", n, size)
  } else if (identical(context$as, "character")) {
    sprintf(paste(
      "Not enough memory for %s IDs as text: R could not allocate them (the",
      "vector alone takes %s, and each ID's string more). Ask for fewer at a time."
    ), n, size)
  } else {
    sprintf("Not enough memory for %s IDs: R could not allocate their vector of %s. Ask for fewer at a time.",
            n, size)
  }
  zuid_abort(message, class = "zuid_error_memory", call = call, bytes = bytes, n = context$n)
}

problem_handlers$duplicate_node <- function(problem, call, context) {
  where <- if (identical(problem$element, "parent")) {
    "in the process this one was forked from, which may still mint with it"
  } else {
    "in this R session"
  }
  zuid_abort(sprintf(paste(
    "A generator for the %s with the same node values (%s) is alive %s: the",
    "two would mint the same IDs. Use that one, or remove it (`rm()`) first;",
    "`shared_node = TRUE` allows both, if they never share an ID space."
  ), layout_label(context$layout), node_words(context$nodes), where),
  class = "zuid_error_duplicate_node", call = call)
}

problem_handlers$after_invalid <- function(problem, call, context) {
  zuid_abort(sprintf(
    "`after` must be an ID of the %s, the last one a previous process minted; %s %s.",
    layout_label(context$layout), entry_text(context$x, 1L),
    reason_words(problem$reason, context$layout)
  ), class = "zuid_error_type", call = call)
}

problem_handlers$after_imprecise <- function(problem, call, context) {
  zuid_abort(sprintf(paste(
    "`after` is a double of 2^53 or more (%s): its low digits may have been lost",
    "before zuid saw it. Give it as text or as bit64::integer64."
  ), format(context$x[[1L]], digits = 17)), class = "zuid_error_precision", call = call)
}

problem_handlers$after_none_left <- function(problem, call, context) {
  zuid_abort(sprintf(paste(
    "No ID of the %s with these node values (%s) lies above `after` (%s): the",
    "layout has none left for this generator."
  ), layout_label(context$layout), node_words(context$nodes), entry_text(context$x, 1L)),
  class = "zuid_error_range", call = call)
}

problem_handlers$after_ahead <- function(problem, call, context) {
  zuid_abort(sprintf(paste(
    "The clock reads %s ms before the time of the ID this generator must stay",
    "above (`after`, the last ID of an earlier generator with these node",
    "values, or the horizon that the node's previous lease holder reserved);",
    "with `on_clock_back = \"error\"` it refuses rather than wait. Try",
    "again once the clock has caught up, or use \"wait\" or \"borrow\"."
  ), whole_text(problem$value)), class = "zuid_error_clock", call = call, by_ms = problem$value)
}

# Node leases (lease.R) ------------------------------------------------------
# Each stop of the core's lease machine; `context$lease` is the lease's
# state (its table, layout, and the database's last error).

problem_handlers$lease_closed <- function(problem, call, context) {
  zuid_abort(paste(
    "This generator is fenced off by its node lease: the lease was not renewed,",
    "or was given back. `id_next()` renews the lease of a generator made with",
    "`lease`; one given back mints no more."
  ), class = "zuid_error_lease", call = call, reason = "closed")
}

problem_handlers$lease_none_left <- function(problem, call, context) {
  zuid_abort(sprintf(paste(
    "No ID of the %s with these node values (%s) lies above the horizon that",
    "the node's previous holder reserved: the layout has none left for this node."
  ), layout_label(context$layout), node_words(context$nodes)), class = "zuid_error_range", call = call)
}

lease_doing_word <- function(doing) {
  words <- c(claim = "claimed", renew = "renewed", release = "given back")
  if (length(doing) == 1L && doing %in% names(words)) words[[doing]] else "written"
}

problem_handlers$lease_transaction <- function(problem, call, context) {
  zuid_abort(sprintf(paste(
    "The connection given as `lease` is inside a transaction: a node lease %s",
    "there would be undone if the transaction were rolled back, while this",
    "generator minted on. Commit or roll back first, or give the generator a",
    "connection of its own."
  ), lease_doing_word(problem$element)), class = "zuid_error_lease", call = call,
  reason = "transaction", doing = problem$element)
}

problem_handlers$lease_database <- function(problem, call, context) {
  state <- context$lease
  if (identical(problem$element, "release")) {
    return(zuid_warn(sprintf(paste(
      "Could not give the node lease in %s back: %s. The generator mints no more;",
      "its node stays leased until the lease expires, at most `lease_ttl` later."
    ), state$table_name, lease_error_words(state)), class = "zuid_warning_lease", call = call,
    reason = "database", database_error = state$db_error))
  }
  lease_abort_database(state, problem$element, call)
}

problem_handlers$lease_all_taken <- function(problem, call, context) {
  state <- context$lease
  first <- state$first_expiry %||% NA_real_
  here <- if (problem$value > 0) sprintf(paste(
    " (%s of them because generators of this R session were given their node",
    "values by hand)"), whole_text(problem$value)) else ""
  lost <- if (is.na(problem$detail %||% NA)) "" else sprintf(paste(
    "This generator's lease of node %s was lost: another client took it, gave",
    "it back, or deleted or changed its row, and no node is free to claim again. "
  ), whole_text(problem$detail))
  zuid_abort(sprintf(paste0(
    "%sEvery node of the %s is leased in %s: all %s are held%s. %s"
  ), lost, layout_label(state$layout), state$table_name, whole_text(state$count), here,
  if (is.na(first)) "No lease of another process is live." else sprintf(paste(
    "The first lease expires at %s (the database's clock), unless its holder",
    "renews it."), lease_time_text(first))),
  class = "zuid_error_lease", call = call, reason = if (nzchar(lost)) "lost" else "all_taken",
  nodes = state$count, first_expiry = lease_time(first))
}

problem_handlers$lease_contention <- function(problem, call, context) {
  state <- context$lease
  zuid_abort(sprintf(paste(
    "No node of the %s could be claimed in %s after %s attempts: other",
    "processes took each one first. Try again."
  ), layout_label(state$layout), state$table_name, whole_text(problem$value)),
  class = "zuid_error_lease", call = call, reason = "contention")
}

problem_handlers$lease_split <- function(problem, call, context) {
  state <- context$lease
  zuid_abort(sprintf(paste(
    "The lease table %s holds live leases of a layout that mints the same ID",
    "space as the %s but splits the bits below its time into other fields:",
    "their nodes could mint the same IDs. Use one layout for the whole ID space,",
    "or wait until the other layout's leases expire."
  ), state$table_name, layout_label(state$layout)), class = "zuid_error_lease",
  call = call, reason = "split")
}

problem_handlers$lease_slow <- function(problem, call, context) {
  state <- context$lease
  zuid_abort(sprintf(paste(
    "Renewing the node lease in %s took %s ms, more than half of `lease_ttl`",
    "(%s s), %s times in a row: the generator could mint only in what was left",
    "of each window. Use a longer `lease_ttl`, or a connection that answers sooner."
  ), state$table_name, whole_text(problem$value), format(state$ttl_ms / 1000),
  whole_text(problem$detail %||% NA_real_)),
  class = "zuid_error_lease", call = call, reason = "slow", took_ms = problem$value)
}

problem_handlers$lease_released <- function(problem, call, context) {
  abort_lease_released(context$lease, call)
}

# Layouts, continued -------------------------------------------------------

# The core counts a layout's times in milliseconds (microseconds for "us"
# ticks), exactly as doubles: within 2^53 of them from 1970, a span the
# problem gives as its first and last millisecond.
problem_handlers$layout_time_range <- layout_handler(function(problem, layout) {
  micros <- identical(layout$unit, "us")
  reach <- if (micros) {
    sprintf("outside 2^53 microseconds of 1970 (%s to %s): other", format_day(problem$value),
            format_day(problem$detail))
  } else {
    "past 2^53 ms after 1970 (some 285,000 years on): later"
  }
  sprintf(paste(
    "The time part's %s bits of %s units from %s reach %s times are not exact",
    "as the doubles in which `id_time()` gives them and `id_compose()` reads",
    "them. Use fewer time bits or %s."
  ), whole_text(layout$bits[layout$kinds == "time"][[1L]]), layout$unit,
  rust_value(format_epoch_ms(layout$epoch_ms)), reach,
  if (micros) "an epoch nearer 1970" else "a shorter unit")
})

# The day of a time in milliseconds since 1970, as "2255-06-05".
format_day <- function(ms) substr(rust_value(format_epoch_ms(ms)), 1L, 10L)

# The epoch as messages show it: where tick 0 starts, with the epoch given
# when it was floored to a whole number of units.
epoch_text <- function(layout, call) {
  first_ms <- layout_facts_of(layout, call)$first_ms
  shown <- rust_value(format_epoch_ms(first_ms))
  if (first_ms == layout$epoch_ms) shown else
    sprintf("%s (%s floored to whole %s units)", shown, rust_value(format_epoch_ms(layout$epoch_ms)),
            layout$unit)
}
