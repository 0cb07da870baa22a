# The words of what goes wrong with 96- to 160-bit IDs, beside the code
# that reads them (wide-layout.R): the rule of its format that an entry
# broke, an entry that is an ID but carries no time, and bounds asked of a
# layout that does not sort by time. The core names each rule
# (src/rust/core/src/wide/problem.rs); the numbers in the entry (the
# position of a wrong character) are shown by the entry itself.

wide_reason_codes <- function() core_facts("wide_reasons")

wide_reason_words <- function(reason, layout = NULL) {
  what <- wide_spelling_words(layout$name %||% "")
  switch(reason,
    wide_length = sprintf("is not %s: no spelling of one has its length", what),
    wide_alphabet = sprintf("is not %s: it has a character out of place", what),
    wide_above_max = sprintf("is above the largest value %s holds (a ULID or TypeID starts with 0 to 7)", what),
    wide_padding_bits = "sets bits past an Xid's 96 in its last character (only `0` and `g` end one)",
    typeid_prefix_too_long = "has a TypeID prefix of more than 63 characters",
    typeid_prefix_character = "has a TypeID prefix with a character other than `a`-`z` and `_`",
    typeid_prefix_underscore = "has a TypeID prefix that starts or ends with `_`",
    typeid_prefix_empty = "has a `_` with no TypeID prefix before it",
    uuid_variant = "is not an RFC 9562 UUID: its variant bits are not `10`",
    uuid_version = sprintf("is a UUID of another version than the %s's", layout_label(layout)),
    uuid_unknown_version = "is a UUID of a version RFC 9562 does not define",
    uuid_no_time = "is a UUID of a version that carries no time (v3, v4, v5, v8, nil or max)",
    not_sortable = "has no bounds in a layout that does not sort by time",
    time_range = sprintf("lies outside the times %s can hold", what),
    not_128_bits = "is not 128 bits wide: only UUIDs, ULIDs and TypeIDs share a spelling"
  )
}

# "a UUID", "a ULID", ... as messages name an entry of the layout.
wide_spelling_words <- function(name) {
  switch(sub("^uuid.*$", "uuid", name),
    uuid = "a UUID (8-4-4-4-12 or 32 hex digits, in braces or after `urn:uuid:`)",
    ulid = "a ULID (26 Crockford base32 characters)",
    typeid = "a TypeID (a lowercase prefix, `_`, and 26 base32 characters)",
    scru128 = "SCRU128 text (25 base36 characters)",
    ksuid = "a KSUID (27 base62 characters)",
    objectid = "an ObjectId (24 hex digits)",
    xid = "an Xid (20 base32hex characters)",
    "the format"
  )
}

# UUIDs whose version carries no time: IDs all the same, NA in every time
# and field, counted apart from malformed entries.
problem_handlers$no_time <- function(problem, call, context) {
  n <- context$n %||% length(context$x)
  count <- problem$count
  zuid_warn(sprintf(paste(
    "%s of %s %s of `x` %s of a version that carries no time (v3, v4, v5,",
    "v8, nil or max): %s time is NA (at %s)."
  ), whole_text(count), whole_text(n), plural(n, "entry", "entries"), plural(count, "is a UUID", "are UUIDs"),
  plural(count, "its", "their"), positions_text(count, problem$positions)),
  class = c("zuid_warning_no_time"), call = call, count = count, positions = problem$positions)
}

problem_handlers$not_sortable <- function(problem, call, context) {
  zuid_abort(sprintf(paste(
    "The %s has no ID bounds of a time: its IDs do not sort by time (UUIDv1 puts",
    "the time's low bits first; a \"uuid\" column mixes versions). Filter on",
    "`id_time()` instead, or use \"uuidv6\", its sortable form."
  ), layout_label(context$layout)), class = "zuid_error_layout", call = call)
}
