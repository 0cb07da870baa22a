# How a vector of IDs is read, and the conditions about its entries.

input_codes <- c(character = 0L, integer64 = 1L, double = 2L, integer = 3L)

# Which reader the Rust binding uses for `x`; anything else is an error.
input_code <- function(x, call) {
  if (inherits(x, "integer64") && is.double(x)) {
    return(input_codes[["integer64"]])
  }
  if (!is.factor(x) && (!is.object(x) || identical(class(x), "AsIs"))) {
    if (is.character(x)) return(input_codes[["character"]])
    if (is.double(x)) return(input_codes[["double"]])
    if (is.integer(x)) return(input_codes[["integer"]])
    # A vector of NA alone, such as an empty column read as logical.
    if (is.logical(x) && all(is.na(x))) return(input_codes[["character"]])
  }
  hint <- if (is.factor(x)) " Convert a factor with `as.character()` first." else ""
  zuid_abort(sprintf(
    "`x` must be IDs as a character, bit64::integer64, double or integer vector, not %s.%s",
    describe_value(x), hint
  ), class = "zuid_error_type", call = call)
}

# `x` as the binding reads it: its input code, and a vector of NA alone
# (such as an empty column read as logical) turned into NA text.
ids_for_rust <- function(x, call) {
  code <- input_code(x, call)
  if (is.logical(x)) x <- rep(NA_character_, length(x))
  list(x = x, code = code)
}

abort_imprecise <- function(x, position, call) {
  zuid_abort(sprintf(paste(
    "`x[%s]` is a double of 2^53 or more (%s). A double holds 53 bits, so the",
    "ID's low digits may have been lost before zuid saw it, and its fields",
    "would be wrong. Read the column as character (`read.csv(...,",
    "colClasses = \"character\")`) or as bit64::integer64."
  ), whole_text(position), format(x[[position]], digits = 17)),
  class = "zuid_error_precision", call = call)
}

warn_invalid <- function(invalid, n, layout, call) {
  what <- if (identical(layout$name, "custom")) "" else paste0(layout$name, " ")
  count <- invalid$count
  zuid_warn(sprintf(
    "%s of %s %s of `x` %s and became NA (at %s).",
    whole_text(count), whole_text(n), if (n == 1) "entry" else "entries",
    if (count == 1) sprintf("is not a valid %sID", what) else sprintf("are not valid %sIDs", what),
    positions_text(invalid)
  ), class = "zuid_warning_invalid", call = call, count = count, positions = invalid$positions)
}

# "2, 5, 9" or "2, 5, 9, 11, 12, ..." when there were more.
positions_text <- function(invalid) {
  more <- if (invalid$count > length(invalid$positions)) ", ..." else ""
  paste0(paste(whole_text(invalid$positions), collapse = ", "), more)
}

# Which entries of `x` are missing, without needing bit64: NA_integer64_ is
# the bit pattern of -0.0 in the double that holds it (the ID 0 is +0.0).
id_is_na <- function(x) {
  if (inherits(x, "integer64")) {
    v <- unclass(x)
    return(v == 0 & 1 / v < 0)
  }
  is.na(x)
}
