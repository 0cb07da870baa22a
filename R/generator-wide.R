# Generators of the 128-bit layouts ("uuidv7", "ulid", "typeid",
# "scru128"): no node values (their random bits keep generators apart),
# randomness from the operating system (never R's RNG, which set.seed()
# would make repeat across processes), and IDs as zuid_text_id vectors.

# The wide layouts a generator can mint.
wide_minted <- c("uuidv7", "ulid", "typeid", "scru128")

new_wide_generator <- function(layout, args, policy, after, call) {
  if (!layout$name %in% wide_minted || identical(layout$sub_ms, "256ns")) {
    zuid_abort(sprintf(paste(
      "`id_generator()` mints the \"uuidv7\" (with `sub_ms` \"none\" or \"fraction\"),",
      "\"ulid\", \"typeid\" and \"scru128\" layouts of 128 bits, not the %s%s."
    ), layout_label(layout), if (identical(layout$sub_ms, "256ns")) " with `sub_ms = \"256ns\"`" else ""),
    class = "zuid_error_layout", call = call)
  }
  prefix <- args$prefix
  extra <- setdiff(names(args), if (layout$name == "typeid") "prefix")
  if (length(extra) > 0L || (length(args) > 0L && is.null(names(args)))) {
    zuid_abort(sprintf(paste(
      "The %s has no node fields: its random bits keep generators apart, so `...`",
      "takes nothing%s."
    ), layout_label(layout), if (layout$name == "typeid") " but `prefix`" else ""),
    class = "zuid_error_layout", call = call)
  }
  if (!is.null(after)) {
    zuid_abort(paste(
      "`after` belongs to the 64-bit layouts; a 128-bit generator needs none,",
      "since its random bits keep it apart from a previous process's IDs."
    ), class = "zuid_error_type", call = call)
  }
  prefix <- if (layout$name == "typeid") check_typeid_prefix(prefix, "typeid", call) else ""
  pointer <- rust_value(wide_generator_new(layout, policy, prefix), call)
  structure(list(pointer = pointer, layout = layout, prefix = prefix, on_clock_back = policy,
                 wide = TRUE), class = "zuid_generator")
}

# The next `n` IDs of a 128-bit generator, a million at a time so that R
# allocates the result; a clock that moved back under "wait" is waited out
# here, in R, so that Ctrl-C stops the wait.
wide_next <- function(generator, n, as, call) {
  if (as == "integer64") {
    zuid_abort("128-bit IDs do not fit `bit64::integer64`: use `as = \"id\"` or \"character\".",
               class = "zuid_error_type", call = call)
  }
  chunks <- list()
  left <- n
  while (left > 0) {
    got <- rust_value(wide_generator_next(generator$pointer, min(left, 1e6)), call,
                      list(generator = generator, n = n, as = as))
    if (is.na(got$wait_ms)) {
      zuid_abort("The operating system gave no random bits (getrandom(2), /dev/urandom).",
                 class = "zuid_error_generator", call = call)
    }
    chunks[[length(chunks) + 1L]] <- got$text
    left <- left - length(got$text)
    if (got$wait_ms > 0) Sys.sleep(min(got$wait_ms, 50) / 1000)
  }
  text <- if (length(chunks) == 0L) character() else unlist(chunks, use.names = FALSE)
  if (as == "character") text else new_text_id(text, generator$layout)
}

# What print() shows of a 128-bit generator.
format_wide_generator <- function(x) {
  c(sprintf("<zuid_generator %s>", x$layout$name),
    sprintf("%son_clock_back = \"%s\"; random bits from the operating system",
            if (nzchar(x$prefix)) sprintf("prefix: %s; ", x$prefix) else "", x$on_clock_back),
    if (!wide_generator_live(x$pointer)) generator_status_words$restored)
}
