# id_guess_layout() for text of 96- to 160-bit IDs: the candidates, and when
# each format began (the core's since_seconds()), before which a time read
# under it is not plausible.

# Whether `x` looks like text of wide IDs rather than of 64-bit ones: some
# entry of 20 characters or more that is not a decimal number (a 64-bit
# ID's decimal text has at most 20 digits).
looks_wide <- function(x) {
  if (inherits(x, "zuid_text_id")) {
    return(TRUE)
  }
  if (!is.character(x)) {
    return(FALSE)
  }
  s <- x[!is.na(x)]
  s <- s[nchar(s, type = "bytes") >= 20L]
  any(!grepl("^[-+]?[0-9]+$", s, useBytes = TRUE))
}

# Every wide layout but "uuid" (whose entries mix versions: each of
# "uuidv7", "uuidv6" and "uuidv1" reads the entries of its version), with
# UUIDv7's bits after the millisecond not read as time.
default_wide_guess_layouts <- function() {
  names <- setdiff(wide_names(), "uuid")
  stats::setNames(lapply(names, wide_layout), names)
}

# When a wide layout's format began, in seconds since 1970.
wide_first_seconds <- function(layout) core_facts("wide_since")[[layout$name]]
