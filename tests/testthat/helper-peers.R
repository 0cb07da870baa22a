# Other libraries' 128-bit IDs for test-peers-wide.R: peers.py (Python's
# uuid6, uuid, python-ulid, typeid-python, scru128, svix-ksuid, bson) and
# peers.mjs (npm's uuid, ulid, typeid-js) mint IDs and say what each
# library decodes from them; DuckDB mints UUIDv7s and reads their time.
# tools/setup.sh --engines installs the pinned libraries and tools/check.sh
# names them; without their variables the tests skip, saying why.
peer_runtimes <- list(
  python = list(
    program = "ZUID_TEST_PEERS_PYTHON",
    vars = "ZUID_TEST_PEERS_PYTHON",
    script = "peers.py",
    needs = "a Python with the peers of tools/setup.sh --engines named by ZUID_TEST_PEERS_PYTHON"
  ),
  node = list(
    program = "ZUID_TEST_PEERS_NODE",
    vars = c("ZUID_TEST_PEERS_NODE", "ZUID_TEST_PEERS_NODE_MODULES"),
    script = "peers.mjs",
    needs = paste("node named by ZUID_TEST_PEERS_NODE and the node_modules of tools/peers",
                  "(tools/setup.sh --engines) named by ZUID_TEST_PEERS_NODE_MODULES")
  )
)

peer_script <- function(name) shQuote(normalizePath(test_path(name)))

skip_unless_peers <- function(runtime) {
  skip_if_not_installed("bit64")
  found <- vapply(peer_runtimes[[runtime]]$vars, program_exists, logical(1))
  if (!all(found)) skip(sprintf("%s peers not found: needs %s", runtime, peer_runtimes[[runtime]]$needs))
}

# `n` IDs of each of the runtime's peers, as a data frame of text (peers.py
# says what its columns hold), in minting order.
peer_ids <- function(runtime, n) {
  r <- peer_runtimes[[runtime]]
  # What the libraries say on stderr (deprecations) stays out of the CSV.
  errors <- tempfile("zuid-peers")
  on.exit(unlink(errors))
  out <- system2(Sys.getenv(r$program), c(peer_script(r$script), n), stdout = TRUE, stderr = errors)
  if (!is.null(attr(out, "status"))) {
    stop(runtime, " peers failed: ", paste(utils::tail(readLines(errors), 30), collapse = "\n"))
  }
  utils::read.csv(text = out, colClasses = "character", na.strings = character())
}

# DuckDB's uuidv7() minted `n` times, with the milliseconds of DuckDB's
# uuid_extract_timestamp() of each.
duckdb_uuidv7 <- function(n) {
  sql <- sprintf(paste("SELECT u::VARCHAR AS id, epoch_ms(uuid_extract_timestamp(u)) AS time",
                       "FROM (SELECT uuidv7() AS u FROM range(%d))"), n)
  out <- system2(Sys.getenv("ZUID_TEST_DUCKDB"), c(":memory:", "-csv", "-c", shQuote(sql)),
                 stdout = TRUE, stderr = TRUE)
  if (!is.null(attr(out, "status"))) stop("duckdb failed: ", paste(out, collapse = "\n"))
  utils::read.csv(text = out, colClasses = "character")
}

# 100 ns units from 1582-10-15 (UUIDv1 and v6) to 1970-01-01 (a function:
# bit64 is only suggested, and helpers load without it).
gregorian_ticks <- function() bit64::as.integer64("122192928000000000")

# The 100 ns units of UUIDv1 or v6 IDs as zuid splits them (id_explain()'s
# parts time_high, time_mid and time_low, each in hex), exactly; explained
# 20 at a time, the most it takes.
zuid_ticks <- function(ids, layout) {
  chunks <- split(ids, ceiling(seq_along(ids) / 20))
  do.call(c, unname(lapply(chunks, chunk_ticks, layout = layout)))
}

chunk_ticks <- function(ids, layout) {
  # id_explain() prints the parts as it returns them.
  utils::capture.output(parts <- id_explain(ids, layout))
  parts <- parts[parts$kind == "time", , drop = FALSE]
  hex <- tapply(seq_len(nrow(parts)), parts$id, function(rows) {
    p <- parts[rows, , drop = FALSE]
    paste(p$hex[match(c("time_high", "time_mid", "time_low"), p$part)], collapse = "")
  })
  id_from_text(unname(as.character(hex)), "hex", as = "integer64")
}

# Milliseconds since 1970 of 100 ns units since 1582, as near as a double
# holds them (whole milliseconds and their fraction, each exact).
ticks_ms <- function(ticks) {
  since_1970 <- ticks - gregorian_ticks()
  as.numeric(since_1970 %/% 10000L) + as.numeric(since_1970 %% 10000L) / 1e4
}
