# zuid beside the libraries that mint 128-bit IDs (helper-peers.R): on
# thousands of IDs of each, zuid reads every one, its time is the time the
# library decodes (to the library's unit), as_zuid_id()'s text is the
# library's spelling, its order is the minting order where the library
# promises increasing IDs, and the ID's UUID, ULID and TypeID spellings are
# the library's.

n_peer_ids <- 2000L

# Whole milliseconds since 1970 (floored) of the time a peer gives in `unit`.
peer_ms <- function(time, unit) {
  switch(unit, ms = as.numeric(time), s = as.numeric(time) * 1000,
         "100ns" = as.numeric((bit64::as.integer64(time) - gregorian_ticks()) %/% 10000L))
}

# The time zuid reads equals the peer's: exactly in whole milliseconds
# (id_time()'s `as = "ms"`, which floors 100 ns units to them) and seconds;
# 100 ns units exactly in id_explain()'s parts, and in id_time()'s POSIXct as
# near as its double holds them.
expect_peer_times <- function(p, layout, label) {
  has <- nzchar(p$time)
  if (!any(has)) return(invisible())
  unit <- p$unit[[1L]]
  expect_identical(id_time(p$id[has], layout, as = "ms"), peer_ms(p$time[has], unit), label = label)
  if (unit == "100ns") {
    expect_identical(zuid_ticks(p$id[has], layout), bit64::as.integer64(p$time[has]), label = label)
    seconds <- as.numeric(id_time(p$id[has], layout))
    expect_lt(max(abs(seconds - ticks_ms(bit64::as.integer64(p$time[has])) / 1000)), 2e-6)
  }
}

# Other spellings of the same ID that zuid reads as that ID.
respellings <- function(ids, layout) {
  if (startsWith(layout, "uuid")) {
    return(list(toupper(ids), paste0("{", ids, "}"), paste0("urn:uuid:", toupper(ids)), gsub("-", "", ids)))
  }
  if (layout == "ulid") return(list(tolower(ids)))
  list()
}

expect_peer_values <- function(p, layout, label) {
  z <- as_zuid_id(p$id, layout)
  expect_identical(as.character(z), p$id, label = label)
  for (other in respellings(p$id, layout)) {
    expect_identical(as.character(as_zuid_id(other, layout)), p$id, label = label)
  }
  if (p$ordered[[1L]] == "1") {
    expect_identical(order(z), seq_along(z), label = label)
    expect_false(anyDuplicated(z) > 0L, label = label)
  } else if (layout != "uuidv1" && all(nzchar(p$time))) {
    # Sorted by zuid, the peer's times are in order.
    time <- if (p$unit[[1L]] == "100ns") bit64::as.integer64(p$time) else as.numeric(p$time)
    expect_false(is.unsorted(time[order(z)]), label = label)
  }
}

# The peer's UUID, ULID and TypeID spellings of the ID are zuid's, both ways;
# the UUIDv6 it converts a UUIDv1 to has the v1's time.
expect_peer_spellings <- function(p, layout, label) {
  as_uuid <- tolower(p$uuid)
  if (all(nzchar(as_uuid))) {
    expect_identical(id_to_text(p$id, "uuid"), as_uuid, label = label)
    back <- if (layout == "typeid") id_to_text(as_uuid, "typeid", prefix = "user") else id_to_text(as_uuid, layout)
    expect_identical(back, p$id, label = label)
  }
  if (all(nzchar(p$ulid))) {
    expect_identical(id_to_text(p$id, "ulid"), p$ulid, label = label)
    expect_identical(id_to_text(p$ulid, "uuid"), p$id, label = label)
  }
  if (all(nzchar(p$v6))) {
    expect_identical(zuid_ticks(p$v6, "uuidv6"), bit64::as.integer64(p$time), label = label)
    expect_identical(id_time(p$v6, "uuidv6", as = "ms"), id_time(p$id, "uuidv1", as = "ms"), label = label)
  }
}

expect_peers <- function(ids) {
  for (p in split(ids, factor(ids$peer, unique(ids$peer)))) {
    layout <- p$layout[[1L]]
    label <- sprintf("%s (%s)", p$peer[[1L]], layout)
    expect_identical(nrow(p), n_peer_ids, label = label)
    expect_true(all(id_is_valid(p$id, layout)), label = label)
    expect_peer_times(p, layout, label)
    expect_peer_values(p, layout, label)
    expect_peer_spellings(p, layout, label)
  }
}

test_that("zuid reads Python's uuid6, uuid, python-ulid, typeid-python, scru128, svix-ksuid and bson as they do", {
  skip_unless_peers("python")
  ids <- peer_ids("python", n_peer_ids)
  expect_setequal(ids$layout, c("uuidv7", "uuidv6", "uuidv1", "ulid", "typeid", "scru128", "ksuid", "objectid"))
  expect_peers(ids)
})

test_that("zuid reads npm's uuid, ulid and typeid-js as they do", {
  skip_unless_peers("node")
  ids <- peer_ids("node", n_peer_ids)
  expect_setequal(ids$layout, c("uuidv7", "uuidv6", "uuidv1", "ulid", "typeid"))
  expect_peers(ids)
})

test_that("zuid reads DuckDB's uuidv7() as uuid_extract_timestamp() does", {
  skip_unless_engine("duckdb")
  ids <- duckdb_uuidv7(n_peer_ids)
  expect_identical(nrow(ids), n_peer_ids)
  expect_true(all(id_is_valid(ids$id, "uuidv7")))
  expect_identical(id_time(ids$id, "uuidv7", as = "ms"), as.numeric(ids$time))
  expect_identical(id_time(ids$id, "uuid", as = "ms"), as.numeric(ids$time))
  expect_identical(as.character(as_zuid_id(toupper(ids$id), "uuidv7")), ids$id)
})
