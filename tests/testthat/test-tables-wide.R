# id_add_fields() and id_filter_time() on IDs of 96 to 160 bits in data
# frames: text in any spelling and ID vectors, compared by value with the
# bounds of id_from_time(). Each vector names its source.

# RFC 9562 appendix A.6: the UUIDv7 example, made at 2022-02-22T19:22:22Z.
rfc_v7 <- "017f22e2-79b0-7cc3-98c4-dc0c0c07398f"
rfc_instant <- as.POSIXct("2022-02-22 19:22:22", tz = "UTC")

wide_frame_kinds <- function() {
  kinds <- list(base = function(df) df)
  if (requireNamespace("tibble", quietly = TRUE)) kinds$tibble <- tibble::as_tibble
  if (requireNamespace("data.table", quietly = TRUE)) kinds$data.table <- data.table::as.data.table
  kinds
}

# UUIDv7s around the RFC instant: its bounds and IDs a millisecond apart,
# spelled four ways (uppercase, braces, urn:uuid:, 32 digits).
near_rfc <- function() {
  ms <- c(-1, 0, 0.5, 1, 2) / 1000
  ids <- c(as.character(id_from_time(rfc_instant + ms, "uuidv7", side = "min", as = "character")),
           id_from_time(rfc_instant, "uuidv7", side = "max", as = "character"), rfc_v7)
  spelled <- ids
  spelled[1] <- toupper(ids[1])
  spelled[2] <- paste0("{", ids[2], "}")
  spelled[3] <- paste0("urn:uuid:", ids[3])
  spelled[4] <- gsub("-", "", ids[4], fixed = TRUE)
  list(canonical = ids, spelled = spelled)
}

test_that("id_add_fields() adds id_fields()'s columns for wide layouts in every kind of data frame", {
  ids <- near_rfc()
  for (kind in names(wide_frame_kinds())) {
    make <- wide_frame_kinds()[[kind]]
    df <- make(data.frame(key = seq_along(ids$spelled), id = ids$spelled))
    got <- id_add_fields(df, id, "uuidv7")
    expected <- id_fields(ids$canonical, "uuidv7")
    expect_identical(class(got), class(df), label = kind)
    expect_identical(names(got), c("key", "id", "time", "ver", "rand_a", "var", "rand_b"), label = kind)
    for (col in names(expected)) expect_identical(got[[col]], expected[[col]], label = paste(kind, col))
    # The input is never changed (a data.table by reference included).
    expect_identical(names(df), c("key", "id"))
  }
  # A column of IDs carries its layout; a prefix names the new columns.
  df <- data.frame(key = 1:2)
  df$id <- as_zuid_id(c("01ARYZ6S41TSV4RRFFQ69G5FAV", NA), "ulid")
  got <- id_add_fields(df, "id", prefix = "id_")
  expect_identical(names(got), c("key", "id", "id_time", "id_randomness"))
  # ulid/javascript: 01ARYZ6S41 is 1469918176385 ms.
  expect_identical(id_time(got$id, as = "ms"), c(1469918176385, NA))
  expect_identical(got$id_time, id_time(df$id))
  expect_identical(got$id_randomness, id_fields(df$id)$randomness)
  expect_identical(nchar(got$id_randomness), c(20L, NA))
})

test_that("id_add_fields() reads every wide layout's own fields", {
  df <- data.frame(id = c("0ujtsYcgvSTl8PAuAdqWYSMnLOv"))
  # segmentio/ksuid README: 2017-10-09 21:00:47 -0700.
  got <- id_add_fields(df, id, "ksuid")
  expect_identical(names(got), c("id", "time", "payload"))
  expect_identical(as.numeric(got$time), 1400000000 + 107608047)
  # rs/xid id_test.go: machine 60f486, pid 0xe428, counter 4271561.
  got <- id_add_fields(data.frame(id = "9m4e2mr0ui3e8a215n4g"), id, "xid")
  expect_identical(unlist(got[c("machine", "pid", "counter")], use.names = FALSE), c(0x60f486, 0xe428, 4271561))
  # A `uuid` column: version and variant, whatever each entry's version.
  # The v4 entry carries no time, and the call says so once.
  expect_warning(got <- id_add_fields(data.frame(id = c(rfc_v7, "919108f7-52d1-4320-9bac-f847db4148a8")), id, "uuid"),
                 class = "zuid_warning_no_time")
  expect_identical(names(got), c("id", "time", "ver", "var"))
  expect_identical(got$ver, c(7, 4))
})

test_that("id_add_fields() makes invalid wide entries NA with one warning naming the column", {
  df <- data.frame(msg = c(rfc_v7, "not a uuid", NA))
  expect_snapshot(got <- id_add_fields(df, msg, "uuidv7"))
  expect_identical(is.na(got$time), c(FALSE, TRUE, TRUE))
  # An added column that exists is refused, as for 64-bit layouts.
  expect_snapshot(id_add_fields(data.frame(id = rfc_v7, rand_b = 1), id, "uuidv7"), error = TRUE)
})

test_that("id_filter_time() keeps exactly the wide IDs made in [from, to), in any spelling", {
  ids <- near_rfc()
  from <- rfc_instant
  to <- rfc_instant + 0.002
  # The bounds id_sql_range() compares with: [min of from, min of to).
  x <- as_zuid_id(ids$canonical, "uuidv7")
  want <- which(x >= id_from_time(from, "uuidv7") & x < id_from_time(to, "uuidv7"))
  expect_identical(want, c(2L, 3L, 4L, 6L, 7L))
  for (kind in names(wide_frame_kinds())) {
    make <- wide_frame_kinds()[[kind]]
    for (column in list(ids$spelled, x)) {
      df <- make(data.frame(key = seq_along(ids$spelled)))
      df$id <- column
      got <- id_filter_time(df, id, from, to, "uuidv7")
      expect_identical(class(got), class(df), label = kind)
      expect_identical(got$key, want, label = kind)
      # The IDs are the rows' own: text as it was, ID vectors as IDs.
      expect_identical(got$id, column[want], label = kind)
    }
  }
  # Open ends, ISO text, and the layout a column carries.
  df <- data.frame(key = seq_along(x))
  df$id <- x
  expect_identical(id_filter_time(df, id, to = "2022-02-22 19:22:22.001")$key, c(1L, 2L, 3L, 6L, 7L))
  expect_identical(id_filter_time(df, id, from = "2022-02-22T19:22:22.001Z")$key, c(4L, 5L))
  expect_identical(id_filter_time(df, id)$key, seq_along(x))
  expect_identical(id_filter_time(df, id, from = .POSIXct(-Inf, "UTC"), to = .POSIXct(Inf, "UTC"))$key, seq_along(x))
})

test_that("id_filter_time() compares each wide format by value at its own resolution", {
  # ulid/javascript: 01ARYZ6S41... is 1469918176385 ms; floored ends.
  ms <- as.POSIXct("2016-07-30 22:36:16.385", tz = "UTC")
  df <- data.frame(id = c("01ARYZ6S41TSV4RRFFQ69G5FAV", "01aryz6s41tsv4rrffq69g5fav", "01ARYZ6S420000000000000000"))
  expect_identical(nrow(id_filter_time(df, id, ms, ms + 0.001, "ulid")), 2L)
  expect_identical(nrow(id_filter_time(df, id, ms + 0.0004, NULL, "ulid")), 3L)
  # segmentio/ksuid README: 2017-10-09 21:00:47 -0700, whole seconds.
  at <- as.POSIXct("2017-10-10 04:00:47", tz = "UTC")
  ksuid <- data.frame(id = c("0ujtsYcgvSTl8PAuAdqWYSMnLOv", "0ujzPyRiIAffKhBux4PvQdDqMHY"))
  expect_identical(id_filter_time(ksuid, id, at, at + 1, "ksuid")$id, "0ujtsYcgvSTl8PAuAdqWYSMnLOv")
  # TypeIDs of any prefix are compared by their suffix's value
  # (jetify-com/typeid valid.yml: 0x01890a5dac96 ms).
  tid <- data.frame(id = c("prefix_01h455vb4pex5vsknk084sn02q", "01h455vb4pex5vsknk084sn02q",
                           "x_00000000000000000000000000"))
  at <- as.POSIXct(0x01890a5dac96 / 1000, tz = "UTC", origin = "1970-01-01")
  expect_identical(id_filter_time(tid, id, at, NULL, "typeid")$id, tid$id[1:2])
})

test_that("id_filter_time() reads UUIDv1 and mixed uuid columns by each entry's time", {
  # RFC 9562 A.1 (v1), A.5 (v6), A.6 (v7): all made at the RFC instant.
  v1 <- "C232AB00-9414-11EC-B3C8-9F6BDECED846"
  v6 <- "1EC9414C-232A-6B00-B3C8-9F6BDECED846"
  df <- data.frame(id = c(v1, v6, rfc_v7))
  expect_identical(nrow(id_filter_time(df[1, , drop = FALSE], id, rfc_instant, rfc_instant + 1, "uuidv1")), 1L)
  expect_identical(nrow(id_filter_time(df[1, , drop = FALSE], id, rfc_instant + 1e-6, NULL, "uuidv1")), 0L)
  expect_identical(id_filter_time(df, id, rfc_instant, rfc_instant + 1, "uuid")$id, df$id)
  expect_identical(nrow(id_filter_time(df, id, NULL, rfc_instant, "uuid")), 0L)
  # A UUIDv4 carries no time: dropped, with the one warning.
  v4 <- data.frame(id = c(rfc_v7, "919108f7-52d1-4320-9bac-f847db4148a8"))
  expect_snapshot(got <- id_filter_time(v4, id, NULL, NULL, "uuid"))
  expect_identical(got$id, rfc_v7)
})

test_that("id_filter_time() drops invalid wide entries with one warning", {
  df <- data.frame(key = 1:4, id = c(rfc_v7, "not a uuid", NA, "017f22e2-79b0-1cc3-98c4-dc0c0c07398f"))
  expect_snapshot(got <- id_filter_time(df, id, NULL, NULL, "uuidv7"))
  expect_identical(got$key, 1L)
  expect_snapshot(id_filter_time(data.frame(id = 1:2), id, NULL, NULL, "ulid"), error = TRUE)
})

# Lazy tables: test-tables-lazy-wide.R.
test_that("Arrow data refuses wide layouts with a way on", {
  arrow_like <- structure(list(id = "x"), class = "arrow_dplyr_query")
  expect_snapshot(id_filter_time(arrow_like, id, NULL, NULL, "uuidv7"), error = TRUE)
  expect_snapshot(id_add_fields(arrow_like, id, "ulid"), error = TRUE)
})

test_that("id_filter_time() agrees with id_from_time()'s bounds for every sortable wide layout", {
  t0 <- as.POSIXct("2024-03-05 10:00:00", tz = "UTC")
  # Each layout's unit: a range of one unit keeps the IDs of that tick only.
  units <- c(uuidv7 = 0.001, uuidv6 = 1e-6, ulid = 0.001, typeid = 0.001, scru128 = 0.001,
             ksuid = 1, objectid = 1, xid = 1)
  for (name in names(units)) {
    at <- t0 + c(-2, -1, 0, 1, 2) * units[[name]]
    ids <- c(id_from_time(at, name, side = "min", as = "character"),
             id_from_time(at, name, side = "max", as = "character"))
    x <- as_zuid_id(ids, name)
    from <- t0
    to <- t0 + units[[name]]
    want <- which(x >= id_from_time(from, name) & x < id_from_time(to, name))
    # The min and max IDs of t0's tick, and nothing else.
    expect_identical(want, c(3L, 8L), label = name)
    df <- data.frame(key = seq_along(ids), id = toupper(ids))
    if (name %in% c("ksuid", "xid", "typeid")) df$id <- ids
    expect_identical(id_filter_time(df, id, from, to, name)$key, want, label = name)
  }
})
