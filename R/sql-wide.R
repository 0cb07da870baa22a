# The SQL of id_sql() and id_sql_range() for the 96- to 160-bit layouts
# (wide-layout.R): the time an ID column's text carries, as a timestamp, and
# a range condition on the column itself between bounds the core computes
# (id_from_time()). The engines' UUID columns are read through their
# canonical text; no ID bits are computed here, only the digits of the
# text's time are read as a number, in SQL.

# The kinds of column that hold wide IDs: the engine's UUID type, or text.
wide_kinds <- c("uuid", "text")

# What each dialect needs beyond sql_dialects for wide IDs:
#   uuid_type  its native UUID column type, NA where it has none
#   uuid_any   whether its UUID type holds any 128 bits in byte order, so
#              that a ULID can live there (MariaDB's refuses some values and
#              sorts RFC 4122 versions 1 to 5 by their swapped groups)
#   uuid_text  function(x): a UUID column as canonical (lowercase) text
#   uuid_value function(x): a UUID column as compared in a range, in the
#              order of its bytes (ClickHouse sorts UUIDs by their second
#              half first: its canonical text is compared instead)
#   uuid_literal  function(text): a UUID literal from canonical text
#   matches    function(x, pattern): whether text matches `pattern`, a
#              regular expression made only of literal characters and
#              bracketed classes, anchored at both ends (SQLite: GLOB)
#   only       function(x, class): whether text is one or more characters
#              of the bracketed class `class`
#   hex        function(x): hex digits (at most 15) as a signed bigint, or
#              NULL where the engine parses none (then each digit is read)
#   concat     function(parts): text joined
#   bigint     function(x): a small integer as a 64-bit one, so that
#              products of digits and powers of the base do not overflow
#   position   function(alphabet, x): the 1-based place of the one
#              character `x` in `alphabet` (0 if absent)
#   substr     function(x, start, n) (`start` and `n` numbers or SQL)
#   from_us    function(us): microseconds since 1970 (a bigint) as the
#              engine's timestamp in UTC; NULL outside `us_range`
#   us_range   the microseconds since 1970 its timestamp holds
#   to_us      function(x): a timestamp of `from_us()` back to microseconds
wide_dialects <- list(
  postgres = list(
    uuid_type = "UUID",
    uuid_any = TRUE,
    uuid_text = cast_as("TEXT"),
    uuid_value = identity,
    uuid_literal = function(text) sprintf("CAST('%s' AS UUID)", text),
    matches = function(x, pattern) sprintf("(%s ~ '%s')", x, pattern),
    only = function(x, class) sprintf("(%s ~ '^%s+$')", x, class),
    hex = function(x) sprintf("CAST(CAST('x' || LPAD(%s, 16, '0') AS BIT(64)) AS BIGINT)", x),
    concat = function(parts) paste(parts, collapse = " || "),
    bigint = cast_as("BIGINT"),
    position = function(alphabet, x) sprintf("STRPOS('%s', %s)", alphabet, x),
    substr = function(x, start, n) sprintf("SUBSTR(%s, %s, %s)", x, start, n),
    # As the 64-bit timestamp: whole days and the rest added to a
    # TIMESTAMP, exact in every year.
    from_us = function(us) {
      sprintf(paste("((TIMESTAMP '1970-01-01 00:00:00' + (%1$s / 86400000000) * INTERVAL '1 day'",
                    "+ (%1$s %% 86400000000) * INTERVAL '1 microsecond') AT TIME ZONE 'UTC')"), us)
    },
    us_range = c(-Inf, Inf),
    to_us = function(x) sprintf("CAST(EXTRACT(EPOCH FROM %s) * 1000000 AS BIGINT)", x)
  ),
  sqlite = list(
    uuid_type = NA_character_,
    uuid_any = FALSE,
    uuid_text = identity,
    uuid_value = identity,
    uuid_literal = function(text) sprintf("'%s'", text),
    matches = function(x, pattern) sprintf("(%s GLOB '%s')", x, gsub("^\\^|\\$$", "", pattern)),
    only = function(x, class) {
      sprintf("(%1$s <> '' AND %1$s NOT GLOB '*[^%2$s]*')", x, substr(class, 2L, nchar(class) - 1L))
    },
    # No hex parsing: each digit's place in the alphabet.
    hex = NULL,
    concat = function(parts) paste(parts, collapse = " || "),
    bigint = identity,
    position = function(alphabet, x) sprintf("INSTR('%s', %s)", alphabet, x),
    substr = function(x, start, n) sprintf("SUBSTR(%s, %s, %s)", x, start, n),
    # No timestamp type: whole microseconds since 1970.
    from_us = identity,
    us_range = c(-Inf, Inf),
    to_us = identity
  ),
  duckdb = list(
    uuid_type = "UUID",
    uuid_any = TRUE,
    uuid_text = cast_as("VARCHAR"),
    uuid_value = identity,
    uuid_literal = function(text) sprintf("CAST('%s' AS UUID)", text),
    matches = function(x, pattern) sprintf("regexp_full_match(%s, '%s')", x, pattern),
    only = function(x, class) sprintf("regexp_full_match(%s, '^%s+$')", x, class),
    hex = function(x) sprintf("TRY_CAST('0x' || %s AS BIGINT)", x),
    concat = function(parts) paste(parts, collapse = " || "),
    bigint = cast_as("BIGINT"),
    position = function(alphabet, x) sprintf("STRPOS('%s', %s)", alphabet, x),
    substr = function(x, start, n) sprintf("SUBSTR(%s, %s, %s)", x, start, n),
    from_us = function(us) sprintf("make_timestamp(%s)", us),
    us_range = c(-Inf, Inf),
    to_us = function(x) sprintf("epoch_us(%s)", x)
  ),
  spark = list(
    uuid_type = NA_character_,
    uuid_any = FALSE,
    uuid_text = identity,
    uuid_value = identity,
    uuid_literal = function(text) sprintf("'%s'", text),
    matches = function(x, pattern) sprintf("(%s RLIKE '%s')", x, pattern),
    only = function(x, class) sprintf("(%s RLIKE '^%s+$')", x, class),
    hex = function(x) sprintf("CAST(conv(%s, 16, 10) AS BIGINT)", x),
    concat = function(parts) sprintf("concat(%s)", paste(parts, collapse = ", ")),
    bigint = cast_as("BIGINT"),
    position = function(alphabet, x) sprintf("instr('%s', %s)", alphabet, x),
    substr = function(x, start, n) sprintf("substr(%s, %s, %s)", x, start, n),
    from_us = function(us) sprintf("timestamp_micros(%s)", us),
    us_range = c(-Inf, Inf),
    to_us = function(x) sprintf("unix_micros(%s)", x)
  ),
  mysql = list(
    # MariaDB from 10.7; MySQL has no UUID type.
    uuid_type = "UUID",
    uuid_any = FALSE,
    uuid_text = cast_as("CHAR"),
    uuid_value = identity,
    uuid_literal = function(text) sprintf("CAST('%s' AS UUID)", text),
    # Matched case-sensitively: the column's collation may ignore case.
    matches = function(x, pattern) sprintf("(CAST(%s AS BINARY) REGEXP '%s')", x, pattern),
    only = function(x, class) sprintf("(CAST(%s AS BINARY) REGEXP '^%s+$')", x, class),
    hex = function(x) sprintf("CAST(CONV(%s, 16, 10) AS SIGNED)", x),
    concat = function(parts) sprintf("CONCAT(%s)", paste(parts, collapse = ", ")),
    bigint = identity,
    position = function(alphabet, x) sprintf("INSTR(BINARY '%s', %s)", alphabet, x),
    substr = function(x, start, n) sprintf("SUBSTR(%s, %s, %s)", x, start, n),
    from_us = function(us) {
      sprintf(paste("CAST(DATE_ADD(CAST('1970-01-01 00:00:00' AS DATETIME(6)),",
                    "INTERVAL %s MICROSECOND) AS DATETIME(6))"), us)
    },
    us_range = c(-Inf, 253402300800000000),
    to_us = function(x) sprintf("TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', %s)", x)
  ),
  clickhouse = list(
    uuid_type = "Nullable(UUID)",
    uuid_any = TRUE,
    uuid_text = function(x) sprintf("toString(%s)", x),
    uuid_value = function(x) sprintf("toString(%s)", x),
    uuid_literal = function(text) sprintf("'%s'", text),
    matches = function(x, pattern) sprintf("match(%s, '%s')", x, pattern),
    only = function(x, class) sprintf("match(%s, '^%s+$')", x, class),
    hex = function(x) sprintf("reinterpretAsInt64(reverse(unhex(leftPad(%s, 16, '0'))))", x),
    concat = function(parts) sprintf("concat(%s)", paste(parts, collapse = ", ")),
    bigint = identity,
    position = function(alphabet, x) sprintf("position('%s', %s)", alphabet, x),
    substr = function(x, start, n) sprintf("substring(%s, %s, %s)", x, start, n),
    # DateTime64 as zuid keeps it for 64-bit IDs: 1900-01-01 to 2299-12-31.
    from_us = function(us) {
      sprintf("if(%1$s >= %2$s AND %1$s < %3$s, fromUnixTimestamp64Micro(toInt64(%1$s), 'UTC'), NULL)",
              us, "-2208988800000000", "10413792000000000")
    },
    us_range = c(-2208988800000000, 10413792000000000),
    to_us = function(x) sprintf("toUnixTimestamp64Micro(%s)", x)
  )
)

wide_dialect <- function(name) wide_dialects[[name]]

# Text patterns of canonical IDs, as regular expressions of literal
# characters and bracketed classes (which SQLite's GLOB also reads).
hex_class <- "[0-9a-f]"
uuid_pattern <- function(version, variant = "[89ab]") {
  paste0("^", strrep(hex_class, 8L), "-", strrep(hex_class, 4L), "-", version, strrep(hex_class, 3L),
         "-", variant, strrep(hex_class, 3L), "-", strrep(hex_class, 12L), "$")
}
crockford <- "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
base32hex <- "0123456789abcdefghijklmnopqrstuv"

# The number that the characters of `text` at `places` (most significant
# first) write in the digits of `alphabet` (hex, Crockford's base 32 or
# base32hex): hex through the engine's own parsing where it has one, else
# each digit by its place in the alphabet.
hex_digits <- "0123456789abcdef"
wide_number <- function(text, places, alphabet, w) {
  if (alphabet == hex_digits && !is.null(w$hex)) {
    runs <- split(places, cumsum(c(1L, diff(places) != 1L)))
    parts <- vapply(runs, function(r) w$substr(text, r[[1L]], length(r)), character(1), USE.NAMES = FALSE)
    return(w$hex(if (length(parts) == 1L) parts else w$concat(parts)))
  }
  base <- nchar(alphabet)
  n <- length(places)
  terms <- vapply(seq_len(n), function(i) {
    digit <- w$bigint(sprintf("(%s - 1)", w$position(alphabet, w$substr(text, places[[i]], 1L))))
    sprintf("%s * %s", digit, whole_text(base^(n - i)))
  }, character(1))
  sprintf("(%s)", paste(terms, collapse = " + "))
}

# The wide layouts id_sql() writes SQL for, each with the kinds of column
# it takes (the first by default), the case of its canonical text (read in
# either case, unless "as is"), the pattern of that text and `us`,
# function(text, w, d, layout): its time in whole microseconds since 1970
# (floored), from the canonical text `text` (NULL: no time in SQL, and
# `no_time` says why). UUIDv1 and v6 count 100 ns
# from 1582-10-15 (122192928000000000 of them before 1970).
gregorian_at <- function(places) {
  function(text, w, d, layout) {
    sprintf("(%s - 12219292800000000)", d$int_div(wide_number(text, places, hex_digits, w), "10"))
  }
}
v1_places <- c(16:18, 10:13, 1:8)
v6_places <- c(1:8, 10:13, 16:18)
v7_us <- function(text, w, d, layout) {
  ms <- wide_number(text, c(1:8, 10:13), hex_digits, w)
  rand_a <- wide_number(text, 16:18, hex_digits, w)
  switch(layout$sub_ms,
    none = sprintf("(%s * 1000)", ms),
    # RFC 9562's method 3: the fraction of a millisecond in 4096ths.
    fraction = sprintf("(%s * 1000 + %s)", ms, d$int_div(sprintf("(%s * 1000)", rand_a), "4096")),
    # Go's google/uuid: steps of 256 ns.
    `256ns` = sprintf("(%s * 1000 + %s)", ms, d$int_div(sprintf("(%s * 256)", rand_a), "1000"))
  )
}
wide_sql_formats <- list(
  uuidv7 = list(kinds = wide_kinds, case = "lower", pattern = uuid_pattern("7"), us = v7_us),
  uuidv6 = list(kinds = wide_kinds, case = "lower", pattern = uuid_pattern("6"),
                us = gregorian_at(v6_places)),
  uuidv1 = list(kinds = wide_kinds, case = "lower", pattern = uuid_pattern("1"),
                us = gregorian_at(v1_places)),
  # Each entry by its own version.
  uuid = list(kinds = wide_kinds, case = "lower", pattern = uuid_pattern("[167]"),
              us = function(text, w, d, layout) {
                sprintf("(CASE %s WHEN '7' THEN %s WHEN '6' THEN %s ELSE %s END)", w$substr(text, 15L, 1L),
                        v7_us(text, w, d, list(sub_ms = "none")), gregorian_at(v6_places)(text, w, d, layout),
                        gregorian_at(v1_places)(text, w, d, layout))
              }),
  # The first 10 characters are the 48 bits of milliseconds; in a UUID
  # column (`in_uuid`), the first 12 hex digits, as UUIDv7's.
  ulid = list(kinds = wide_kinds[2:1], case = "upper",
              pattern = paste0("^[0-7]", strrep("[0-9A-HJKMNP-TV-Z]", 25L), "$"),
              us = function(text, w, d, layout) sprintf("(%s * 1000)", wide_number(text, 1:10, crockford, w)),
              in_uuid = list(pattern = uuid_pattern(hex_class, "[0-9a-f]"), spelling = "ulid",
                             us = function(text, w, d, layout) v7_us(text, w, d, list(sub_ms = "none")))),
  # The first 8 hex digits are seconds since 1970.
  objectid = list(kinds = "text", case = "lower", pattern = paste0("^", strrep(hex_class, 24L), "$"),
                  us = function(text, w, d, layout) sprintf("(%s * 1000000)", wide_number(text, 1:8, hex_digits, w))),
  # A lowercase prefix and `_` (or none) before 26 characters of Crockford's
  # base 32 in lowercase, whose first 10 are the milliseconds. TypeIDs
  # sort by time only within one prefix: no range on the column (`ranges`).
  typeid = list(kinds = "text", case = "as is", valid = function(text, w, d) typeid_valid(text, w, d), ranges = FALSE,
                us = function(text, w, d, layout) {
                  sprintf("(%s * 1000)", wide_number(typeid_suffix(text, w, d), 1:10, tolower(crockford), w))
                }),
  # Base 36 of all 128 bits: no time in SQL's 64-bit integers (`us`
  # NULL), but canonical (lowercase) text sorts by time, for ranges.
  scru128 = list(kinds = "text", case = "lower", pattern = NULL, us = NULL,
                 no_time = paste("its time is the top 48 bits of a 128-bit number written in base 36,",
                                 "which SQL's 64-bit integers cannot divide out")),
  # base32hex of 12 bytes: the first 7 characters hold the 32 bits of
  # seconds and 3 more; the last character holds 1 bit and 4 unused.
  # Only lowercase text is an Xid.
  xid = list(kinds = "text", case = "as is", pattern = paste0("^", strrep("[0-9a-v]", 19L), "[0g]$"),
             us = function(text, w, d, layout) {
               sprintf("(%s * 1000000)", d$int_div(wide_number(text, 1:7, base32hex, w), "8"))
             })
)

# A TypeID's last 26 characters, and whether its text is a TypeID: the
# suffix of the right characters, after a prefix of 1 to 63 of `a`-`z` and
# `_` that starts and ends with a letter, and `_`, or no prefix.
typeid_suffix <- function(text, w, d) w$substr(text, sprintf("%s - 25", d$length(text)), 26L)
typeid_valid <- function(text, w, d) {
  len <- d$length(text)
  letter <- function(at) w$matches(w$substr(text, at, 1L), "^[a-z]$")
  underscore <- sprintf("%s = '_'", w$substr(text, sprintf("%s - 26", len), 1L))
  prefix <- paste(sprintf("%s BETWEEN 28 AND 90", len), underscore, letter(1L), letter(sprintf("%s - 27", len)),
                  w$only(w$substr(text, 1L, sprintf("%s - 27", len)), "[a-z_]"), sep = " AND ")
  sprintf("(%s AND (%s = 26 OR (%s)))",
          w$matches(typeid_suffix(text, w, d), paste0("^[0-7]", strrep("[0-9a-hjkmnp-tv-z]", 25L), "$")), len, prefix)
}

# The format's SQL, or an error naming a layout that has none.
wide_sql_format <- function(layout, call) {
  format <- wide_sql_formats[[layout$name]]
  if (!is.null(format)) {
    return(c(list(name = layout$name), format))
  }
  zuid_abort(sprintf(paste(
    "id_sql() and id_sql_range() write no SQL for the \"%s\" layout yet (only for %s).",
    "Read the column into R and use `id_time()` or `id_filter_time()` there."
  ), layout$name, paste0("\"", names(wide_sql_formats), "\"", collapse = ", ")),
  class = "zuid_error_layout", call = call, layout_name = layout$name)
}

# The format as read from a column of the kind: a ULID in a UUID column
# through the UUID's text.
in_column <- function(format, kind) {
  if (kind == "uuid" && !is.null(format$in_uuid)) utils::modifyList(format, format$in_uuid) else format
}

# `type` as a kind of column that holds the layout's IDs in the dialect:
# by default the engine's UUID type for UUIDs where it has one, else text.
wide_kind <- function(type, format, dialect, call) {
  w <- wide_dialect(dialect)
  uuid <- !is.na(w$uuid_type) && (is.null(format$in_uuid) || w$uuid_any)
  has <- format$kinds[format$kinds != "uuid" | uuid]
  if (identical(type, id_kinds)) {
    return(has[[1L]])
  }
  if (!is.character(type) || length(type) != 1L || !type %in% has) {
    zuid_abort(sprintf("`type` must be %s for the %s layout in the %s dialect, not %s.",
                       if (length(has) == 1L) sprintf("\"%s\"", has) else choices_text(has), format$name,
                       dialect, describe_value(type)), class = "zuid_error_type", call = call)
  }
  type
}

# id_sql() of a wide layout: the time alone, as the dialect's timestamp to
# the microsecond, NULL where the column's text is not the layout's.
wide_sql <- function(layout, column, target, type, call) {
  format <- wide_sql_format(layout, call)
  kind <- wide_kind(type, format, target$dialect, call)
  format <- in_column(format, kind)
  if (is.null(format$us)) {
    zuid_abort(sprintf(paste(
      "id_sql() cannot decode \"%s\" IDs in SQL: %s. `id_sql_range()` selects them by time;",
      "read the column into R and use `id_time()` for their times."
    ), layout$name, format$no_time), class = "zuid_error_layout", call = call, layout_name = layout$name)
  }
  w <- wide_dialect(target$dialect)
  column <- sql_column(column, target, call)
  text <- if (kind == "uuid") w$uuid_text(column) else
    if (format$case == "as is") column else sprintf("%s(%s)", toupper(format$case), column)
  d <- sql_dialect(target$dialect)
  valid <- if (is.null(format$valid)) w$matches(text, format$pattern) else format$valid(text, w, d)
  list(time = sprintf("CASE WHEN %s THEN %s END", valid, w$from_us(format$us(text, w, d, layout))))
}

# id_sql_range() of a wide layout: the column from the lowest ID of `from`
# to the lowest of `to` (id_from_time()'s bounds), as UUID literals or as
# canonical text.
wide_sql_range <- function(from, to, layout, column, target, type, call) {
  format <- wide_sql_format(layout, call)
  if (isFALSE(format$ranges)) {
    zuid_abort(sprintf(paste(
      "id_sql_range() has no range on a column of \"%s\" IDs: they sort by time only within",
      "one prefix. Filter on the time of `id_sql()` instead."
    ), layout$name), class = "zuid_error_layout", call = call, layout_name = layout$name)
  }
  kind <- wide_kind(type, format, target$dialect, call)
  w <- wide_dialect(target$dialect)
  column <- sql_column(column, target, call)
  range <- range_seconds(from, to, call)
  # UUIDv1 and "uuid" do not sort by time: the core refuses their bounds,
  # open ends too (1970 may be before a layout's epoch: no warning).
  suppressWarnings(wide_bounds(as_utc_posixct(0), layout, "min", "character", call), classes = "zuid_warning")
  low <- wide_range_end(range$from, layout, call)
  high <- wide_range_end(range$to, layout, call)
  if (identical(low, "past") || identical(high, "before")) {
    return("1 = 0")
  }
  value <- if (kind == "uuid") w$uuid_value(column) else column
  literal <- if (kind == "uuid") w$uuid_literal else function(text) sprintf("'%s'", text)
  # A ULID's bounds in a UUID column: the same 128 bits spelled as a UUID.
  if (kind == "uuid" && !is.null(format$in_uuid)) {
    spelled <- function(text) rust_value(wide_convert(text, format$in_uuid$spelling, "uuid", ""), call)
    if (!low %in% c("before", "open")) low <- spelled(low)
    if (!high %in% c("past", "open")) high <- spelled(high)
  }
  sides <- c(if (!low %in% c("before", "open")) sprintf("%s >= %s", value, literal(low)),
             if (!high %in% c("past", "open")) sprintf("%s < %s", value, literal(high)))
  if (length(sides) == 0L) sprintf("%s IS NOT NULL", column) else paste(sides, collapse = " AND ")
}

# The lowest ID of the tick holding time `s` (seconds, NA for an open
# end), or "open", "before" (the layout's first time) or "past" (its last).
# Whole-second formats take the first second starting at or after `s`
# (floored to the millisecond), as 64-bit layouts with long ticks do.
wide_range_end <- function(s, layout, call) {
  if (is.na(s)) {
    return("open")
  }
  if (is.infinite(s)) {
    return(if (s < 0) "before" else "past")
  }
  if (layout$unit == "s") {
    ms <- round(s * 1000)
    if (ms / 1000 > s) ms <- ms - 1
    s <- ceiling(ms / 1000)
  }
  if (s * 1000 < layout$epoch_ms) {
    return("before")
  }
  time <- structure(s, class = c("POSIXct", "POSIXt"), tzone = "UTC")
  bound <- suppressWarnings(wide_bounds(time, layout, "min", "character", call), classes = "zuid_warning")
  if (is.na(bound)) "past" else bound
}
