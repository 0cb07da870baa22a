# id_check_damage() for the 96- to 160-bit layouts. Such IDs are text, so no
# double rounds them; what mangles them is different (see the core's
# src/rust/core/src/wide/damage.rs, which finds every sign): seconds written
# where milliseconds belong, a set top bit or a time far ahead, times ahead
# of now or before the format existed, UUIDs of another version, digits
# above the format's largest value, text cut short, and a column spelled in
# more than one case or form. The report has the 64-bit report's shape and
# class; its print says what was found.

# The check of `x` under the wide `layout`, judged against the clock now.
wide_check_damage <- function(x, layout, call) {
  text <- wide_text(x, layout$width, call)
  now_ms <- floor(as.numeric(Sys.time()) * 1000)
  report <- rust_value(wide_damage(text, layout, now_ms), call, list(layout = layout, x = text))
  # Text is never rounded: the damage found is in `cause` and `rows`.
  damage_report(report, layout, cause_is_rounding = FALSE)
}

# What each sign of a wide column is, as the report names it; `layout` for
# the version a single-version UUID layout expects.
wide_sign_name <- function(sign, layout) {
  switch(sign,
    seconds_as_ms = "times in seconds where milliseconds belong (January 1970)",
    far_future = "a time's top bit set, or a time over ten years ahead",
    ahead_of_now = "a time ahead of now",
    before_format = "a time before the format existed",
    other_version = sprintf("UUIDs of another version (not v%s)", sub("^uuidv", "", layout$name)),
    above_max = "digits above the format's largest value",
    truncated = "text cut short",
    mixed_case = "letters in the case fewer IDs have, or in both",
    mixed_spelling = "a UUID spelling (32 digits, braces, urn:uuid:) other than most have"
  )
}

print_wide_damage <- function(x) {
  left_out <- if (x$invalid > 0) sprintf("; %s entries that are not IDs left out", whole_text(x$invalid)) else ""
  cat(sprintf("<zuid_damage> %s IDs (%s distinct), read as the %s%s\n", whole_text(x$examined),
              whole_text(x$distinct), layout_label(x$layout), left_out))
  for (i in seq_along(x$signs$sign)) {
    s <- x$signs[i, ]
    cat(sprintf("%s: %s of %s %s\n", wide_sign_name(s$sign, x$layout), whole_text(s$showing),
                whole_text(s$informative), if (s$sign %in% c("other_version", "above_max", "truncated"))
                  "entries" else "IDs"))
  }
  if (is.na(x$cause)) {
    cat("verdict: no sign of damage.\n")
    return(invisible(x))
  }
  cat(sprintf("verdict: damaged, in %s of %s entries (at %s). %s\n", whole_text(length(x$rows)),
              whole_text(x$examined + x$invalid), positions_text(length(x$rows), utils::head(x$rows, 5L)),
              wide_cause_text(x$cause)))
  invisible(x)
}

# What most likely did the damage most rows show, and what to do.
wide_cause_text <- function(cause) {
  switch(cause,
    seconds_as_ms = paste(
      "Most have seconds where milliseconds belong, as R's `ulid` before 0.3.1 wrote them:",
      "their times fall in January 1970. Mint them again, or read their times as seconds."
    ),
    far_future = paste(
      "Most carry times no generator of the format writes (a set top bit, or years ahead):",
      "their bits were shifted or written by a writer that does not follow the format."
    ),
    ahead_of_now = paste(
      "Most are dated ahead of now: the clock of the generator was ahead, or the IDs were made up or edited."
    ),
    before_format = paste(
      "Most are dated before the format existed: their time bits were zeroed, or written in another unit."
    ),
    other_version = paste(
      "Most are UUIDs of another version than the layout's: the column mixes sources. The \"uuid\"",
      "layout reads each entry by its own version."
    ),
    above_max = paste(
      "Most hold digits above the format's largest value, which no generator that follows the format writes."
    ),
    truncated = paste(
      "Most are shorter than the format's text: a column width or a reader cut them. Read them again",
      "from where they came."
    ),
    paste(
      "The column spells IDs in more than one way, as columns joined from several sources or edited",
      "by hand do. zuid reads every spelling the format accepts; `as_zuid_id()` keeps one."
    )
  )
}
