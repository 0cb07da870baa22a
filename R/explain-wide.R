# id_explain() of IDs of 96 to 160 bits: the core (wide::explain) reads
# each entry in any spelling of its format into its canonical text, time
# and parts (a `uuid` layout's entries each by their own version); the
# lines are the 64-bit explanation's (explain_lines()), with the canonical
# text where a 64-bit ID shows its decimal, and parts too wide for a
# double shown in hex.

explain_wide <- function(x, layout, call) {
  text <- wide_text(x, layout$width, call)
  read <- rust_value(wide_explain(text, layout), call, list(layout = layout, x = text))
  parts <- wide_explain_parts(read)
  colour <- isTRUE(getOption("zuid.colour", use_colour()))
  lines <- unlist(lapply(seq_along(read$canonical), function(i) {
    mine <- parts[parts$id == i, ]
    shown <- ifelse(is.na(mine$value), paste0("0x", mine$hex), whole_text(mine$value))
    explain_lines(read$canonical[[i]], read$parts[[i]]$digits, mine, read$time[[i]], layout, colour,
                  why = "no time (its UUID version carries none)", shown = shown)
  }))
  cat(lines, sep = "\n")
  invisible(parts)
}

# One row per ID and part, as the 64-bit explanation's with `kind` and
# `hex`: `value` is NA where a part is wider than a double holds exactly.
wide_explain_parts <- function(read) {
  columns <- c("part", "kind", "bits", "offset", "value", "hex")
  rows <- lapply(seq_along(read$parts), function(i) {
    p <- read$parts[[i]]
    if (is.null(p)) NULL else data.frame(id = rep(i, length(p$part)), p[columns])
  })
  empty <- data.frame(id = integer(), part = character(), kind = character(), bits = integer(),
                      offset = integer(), value = double(), hex = character())
  out <- do.call(rbind, c(list(empty), rows))
  rownames(out) <- NULL
  out
}
