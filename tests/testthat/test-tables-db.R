# IDs into databases and out of them, exactly: id_write_table() and
# id_collect() on the three DBI drivers, and their arguments.

# 10,000 random IDs, half of them 2^63 or more, and an NA.
round_trip_frame <- function() {
  set.seed(2163)
  ids <- as_zuid_id(random_ids(10000), "discord")
  ids[17] <- NA
  data.frame(k = seq_along(ids), id = ids, note = sprintf("row %d", seq_along(ids)))
}

for (engine in dbi_engines) {
  local({
    engine <- engine
    test_that(sprintf("a data frame of IDs goes into %s and back identical, in every kind of column", engine), {
      skip_unless_engine(engine)
      skip_if_not_installed("dbplyr")
      con <- engine_connect(engine)
      on.exit(DBI::dbDisconnect(con))
      df <- round_trip_frame()
      expect_gt(sum(df$id > "9223372036854775807", na.rm = TRUE), 4000)
      for (kind in engine_kinds(engine)) {
        id_write_table(con, "round_trip", df, overwrite = TRUE, type = kind)
        back <- quietly_dbplyr(id_collect(dplyr::tbl(con, "round_trip"), id, layout = "discord"))
        back <- back[order(back$k), ]
        expect_identical(back$id, df$id, label = paste(engine, kind))
        expect_identical(back$note, df$note)
        # In the database too: the verbs read the IDs as zuid does.
        kept <- quietly_dbplyr(dplyr::collect(id_filter_time(dplyr::tbl(con, "round_trip"), id,
                                                             as.Date("2084-09-01"), layout = "discord")))
        expect_setequal(kept$k, which(id_time(df$id) >= as.POSIXct("2084-09-01", tz = "UTC")))
      }
      # Appending takes the table's column types.
      id_write_table(con, "round_trip", df[1:10, ], append = TRUE)
      back <- quietly_dbplyr(id_collect(dplyr::tbl(con, "round_trip"), id, layout = "discord"))
      expect_identical(sort(back$id[back$k <= 10]), sort(rep(df$id[1:10], 2)))
    })
  })
}

test_that("IDs come out of RPostgreSQL exact through id_collect(), and the precision error says so", {
  skip_unless_engine("postgres")
  skip_if_not_installed("dbplyr")
  con <- engine_connect("postgres")
  on.exit(DBI::dbDisconnect(con))
  ids <- as_zuid_id(c("175928847299117063", "1214004724031189004", "18446744073709551615"), "discord")
  id_write_table(con, "exact", data.frame(id = ids), overwrite = TRUE)
  m <- quietly_dbplyr(dplyr::tbl(con, "exact"))
  # RPostgreSQL reads a bigint as a double: collect() rounds every ID.
  rounded <- quietly_dbplyr(dplyr::collect(m))$id
  expect_type(rounded, "double")
  cnd <- tryCatch(id_fields(rounded, "discord"), error = identity)
  expect_s3_class(cnd, "zuid_error_precision")
  # The message points to ?id_fields, whose section names id_collect().
  expect_match(conditionMessage(cnd), "`?id_fields` says how, for CSV, JSON and databases", fixed = TRUE)
  rd <- tools::Rd_db("zuid")[["id_fields.Rd"]]
  expect_match(paste(as.character(rd), collapse = ""), "id_collect", fixed = TRUE)
  # The advice, followed.
  got <- quietly_dbplyr(id_collect(id_add_fields(m, id, "discord"), id, layout = "discord"))
  expect_setequal(got$id, ids)
  expect_identical(got$sequence[match(ids, got$id)], id_fields(ids)$sequence)
})

test_that("id_collect() converts data frames too, and reads every kind of text as IDs", {
  df <- data.frame(a = c("175928847299117063", "junk"), b = c("-1", "5"), v = 1:2)
  expect_warning(got <- id_collect(df, a, layout = "discord"), class = "zuid_warning_invalid",
                 regexp = "1 of 2 entries of `a`")
  expect_s3_class(got$a, "zuid_id")
  expect_identical(got$v, 1:2)
  # A signed BIGINT's text: -1 is 2^64 - 1.
  expect_identical(zuid:::ids_from_db_text(c("-1", "5", NA), NULL, "b", NULL),
                   as_zuid_id(c("18446744073709551615", "5", NA)))
  skip_if_not_installed("data.table")
  dt <- data.table::data.table(id = c("175928847299117063", "5"), v = 1:2)
  out <- id_collect(dt, id)
  data.table::set(out, 1L, "v", 9L)
  expect_identical(dt$v, 1:2)
  expect_type(dt$id, "character")
})

test_that("id_collect() and id_write_table() check their arguments", {
  df <- data.frame(id = "1")
  expect_error(id_collect(df), class = "zuid_error_type", regexp = "Name the ID columns in `...`")
  expect_error(id_collect(df, idd), class = "zuid_error_column", regexp = "has no column `idd`")
  expect_error(id_collect(list(id = "1"), id), class = "zuid_error_type", regexp = "`.data` must be a data frame")
  skip_if_not_installed("RSQLite")
  con <- DBI::dbConnect(RSQLite::SQLite(), ":memory:")
  on.exit(DBI::dbDisconnect(con))
  expect_error(id_write_table("sqlite", "t", df), class = "zuid_error_type", regexp = "`con` must be a DBI connection")
  expect_error(id_write_table(con, "t", df), class = "zuid_error_type",
               regexp = "`value` must be a data frame with `zuid_id` columns")
  ids <- data.frame(id = as_zuid_id("5"))
  expect_error(id_write_table(con, "t", ids, type = "unsigned"), class = "zuid_error_type",
               regexp = "sqlite dialect has no unsigned")
  # Types of other columns given by the caller are kept.
  id_write_table(con, "t", cbind(ids, v = 2L), field.types = c(v = "TEXT"))
  expect_identical(DBI::dbGetQuery(con, "SELECT typeof(id) AS i, typeof(v) AS v FROM t"),
                   data.frame(i = "integer", v = "text"))
})
