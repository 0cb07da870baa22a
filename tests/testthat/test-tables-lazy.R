# The verbs on dbplyr tables whose ID column is an alias, a copy or an
# aggregate, against the same pipeline on a data frame; the kind of the ID
# column from what the backend tells; columns of types that hold no IDs.

# Discord IDs on both sides of 2^63 (from 2084 on), in groups that hold
# IDs of one side only: a signed column's max() is the unsigned one there.
alias_frame <- function() {
  set.seed(21)
  t <- as.POSIXct(c("2024-03-05", "2090-03-05"), tz = "UTC")
  side <- rep(1:2, each = 60)
  ids <- id_compose(t[side] + stats::runif(120, 0, 86400 * 30), "discord",
                    sequence = sample.int(4096, 120, replace = TRUE) - 1L)
  data.frame(n = seq_along(ids), g = side * 10L + rep(1:3, 40), id = ids)
}

# The pipelines of issue 21, each with the name of the column it makes and
# the column that identifies its rows.
alias_pipelines <- list(
  rename = list(f = function(x) dplyr::rename(x, message_id = id), id = "message_id", by = "n"),
  select = list(f = function(x) dplyr::select(x, n, g, new = id), id = "new", by = "n"),
  mutate = list(f = function(x) dplyr::mutate(x, id2 = id), id = "id2", by = "n"),
  summarise = list(f = function(x) dplyr::summarise(dplyr::group_by(x, g), max_id = max(id, na.rm = TRUE)),
                   id = "max_id", by = "g"),
  # A table of SQL written by hand (in memory, its result).
  subquery = list(f = function(x) {
    if (!inherits(x, "tbl_lazy")) return(dplyr::select(x, n, g, sub_id = id))
    dplyr::tbl(dbplyr::remote_con(x), dbplyr::sql("SELECT n, g, id AS sub_id FROM aliased"))
  }, id = "sub_id", by = "n")
)

# Rows of a result in a common form: ordered by their key, time as
# milliseconds, IDs as text.
comparable <- function(x, by, id) {
  x <- as.data.frame(x)[order(as.data.frame(x)[[by]]), , drop = FALSE]
  x[[by]] <- as.integer(x[[by]])
  if ("time" %in% names(x)) x$time <- collected_ms(x$time)
  if ("time" %in% names(x) && inherits(x$time, "POSIXct")) x$time <- time_ms(x$time)
  x[[id]] <- as.character(x[[id]])
  for (col in intersect(c("worker", "process", "sequence"), names(x))) x[[col]] <- as.integer(x[[col]])
  rownames(x) <- NULL
  x[intersect(c(by, id, "time", "worker", "process", "sequence"), names(x))]
}

check_alias_pipelines <- function(engine) {
  skip_unless_engine(engine)
  skip_if_not_installed("dbplyr")
  con <- engine_connect(engine)
  on.exit(DBI::dbDisconnect(con))
  df <- alias_frame()
  id_write_table(con, "aliased", df, overwrite = TRUE)
  lazy <- quietly_dbplyr(dplyr::tbl(con, "aliased"))
  ranges <- list(below = as.POSIXct(c("2024-03-10", "2024-03-20"), tz = "UTC"),
                 across = as.POSIXct(c("2024-03-20", "2090-03-20"), tz = "UTC"),
                 above = as.POSIXct(c("2090-03-10", "2091-01-01"), tz = "UTC"))
  for (name in names(alias_pipelines)) {
    p <- alias_pipelines[[name]]
    what <- sprintf("%s before the verbs on %s", name, engine)
    in_memory <- id_add_fields(p$f(df), !!p$id, "discord")
    in_db <- quietly_dbplyr(id_collect(id_add_fields(p$f(lazy), !!p$id, "discord"), !!p$id, layout = "discord"))
    expect_identical(comparable(in_db, p$by, p$id), comparable(in_memory, p$by, p$id), label = what)
    # (An aggregate's max() may fall outside a range.)
    for (r in names(ranges)) {
      kept <- id_filter_time(p$f(df), !!p$id, ranges[[r]][[1L]], ranges[[r]][[2L]], "discord")
      got <- quietly_dbplyr(dplyr::collect(id_filter_time(p$f(lazy), !!p$id, ranges[[r]][[1L]],
                                                          ranges[[r]][[2L]], "discord")))
      if (p$by == "n") expect_gt(nrow(kept), 0)
      expect_setequal(as.integer(got[[p$by]]), kept[[p$by]])
    }
  }
  # A join's columns, `id` of both sides renamed by dplyr.
  other <- quietly_dbplyr(dplyr::tbl(con, "aliased"))
  joined <- dplyr::left_join(lazy, dplyr::select(other, n, id), by = "n")
  got <- quietly_dbplyr(id_collect(id_add_fields(joined, id.y, "discord"), id.y, layout = "discord"))
  expect_identical(got$id.y[order(got$n)], df$id)
  expect_identical(collected_ms(got$time[order(got$n)]), time_ms(id_time(df$id)))
}

for (engine in dbi_engines) {
  local({
    engine <- engine
    test_that(sprintf("aliases, copies, aggregates and joins before the verbs on %s give the rows of memory",
                      engine), {
      check_alias_pipelines(engine)
    })
  })
}

test_that("the verbs keep a lazy table's groups", {
  skip_if_not_installed("dbplyr")
  skip_unless_engine("sqlite")
  con <- engine_connect("sqlite")
  on.exit(DBI::dbDisconnect(con))
  id_write_table(con, "grouped", alias_frame())
  grouped <- dplyr::mutate(dplyr::group_by(dplyr::tbl(con, "grouped"), g), x = id)
  kept <- id_filter_time(grouped, x, as.Date("2090-01-01"), layout = "discord")
  expect_identical(dplyr::group_vars(kept), "g")
  expect_identical(dplyr::group_vars(id_add_fields(grouped, x, "discord")), "g")
  expect_identical(nrow(dplyr::collect(kept)), 60L)
})

test_that("a column's kind comes from the engine's type of a value, or from the driver's", {
  skip_if_not_installed("dbplyr")
  skip_unless_engine("postgres")
  con <- engine_connect("postgres")
  on.exit(DBI::dbDisconnect(con))
  DBI::dbExecute(con, "DROP TABLE IF EXISTS kinds")
  DBI::dbExecute(con, "CREATE TABLE kinds (n NUMERIC(20, 0), t TEXT, b BIGINT)")
  kinds <- quietly_dbplyr(dplyr::tbl(con, "kinds"))
  kind <- function(lazy, id) zuid:::lazy_id_kind(lazy, id, con, NULL)
  # No rows: RPostgreSQL's field types (DECIMAL for numeric).
  expect_identical(kind(kinds, "n"), "decimal")
  expect_identical(kind(kinds, "t"), "text")
  expect_identical(kind(dplyr::mutate(kinds, s = as.character(b)), "s"), "text")
  DBI::dbExecute(con, "INSERT INTO kinds VALUES (NULL, NULL, 5), (18446744073709551615, '1', NULL)")
  expect_identical(kind(kinds, "n"), "decimal")
  expect_identical(kind(kinds, "b"), "integer")
  got <- quietly_dbplyr(dplyr::collect(id_add_fields(kinds, n, "discord")))
  expect_identical(got$sequence[!is.na(got$n)], 4095L)
})

test_that("columns of types that hold no IDs are refused, naming the type", {
  skip_if_not_installed("dbplyr")
  for (engine in c("postgres", "mysql", "mariadb")) {
    if (!engine_available(engine)) next
    con <- engine_connect(engine)
    DBI::dbExecute(con, "DROP TABLE IF EXISTS wrong")
    DBI::dbExecute(con, "CREATE TABLE wrong (f DOUBLE PRECISION, d DATE, ts TIMESTAMP)")
    DBI::dbExecute(con, "INSERT INTO wrong VALUES (1.5, '2020-01-01', '2020-01-01 00:00:00')")
    wrong <- quietly_dbplyr(dplyr::tbl(con, "wrong"))
    for (column in c("f", "d", "ts")) {
      expect_error(id_add_fields(wrong, !!column, "discord"), class = "zuid_error_type",
                   regexp = sprintf("Column `%s` of `.data` holds the type \"[A-Za-z ]+\"", column))
      expect_error(id_filter_time(dplyr::rename(wrong, x = !!column), x, layout = "discord"),
                   class = "zuid_error_type", regexp = "not from floating point numbers, dates")
    }
    DBI::dbDisconnect(con)
  }
  skip_unless_engine("mysql")
  skip_unless_engine("postgres")
})

test_that("values that are not integers in an SQLite INTEGER column are no IDs, in SQL as in R", {
  skip_if_not_installed("dbplyr")
  skip_if_not_installed("RSQLite")
  con <- DBI::dbConnect(RSQLite::SQLite(), ":memory:")
  on.exit(DBI::dbDisconnect(con))
  # An INTEGER column keeps text, blobs and fractions as they are; a column
  # of no type keeps an integer's text as text.
  DBI::dbExecute(con, "CREATE TABLE m (n INTEGER, id INTEGER, any_id)")
  DBI::dbExecute(con, paste(
    "INSERT INTO m VALUES (1, 175928847299117063, '175928847299117063'), (2, 'abc', x'31'),",
    "(3, '12abc', 1.5), (4, x'01', '12abc'), (5, 1.5, 175928847299117063), (6, NULL, NULL),",
    "(7, -5, '1e3'), (8, 1000, 1000)"
  ))
  m <- dplyr::tbl(con, "m")
  from <- as.POSIXct("2015-01-01", tz = "UTC")
  quiet <- function(expr) suppressWarnings(expr, classes = "zuid_warning_invalid")
  for (id in c("id", "any_id")) {
    # The R path: the column brought into R exactly, then the verbs in R.
    local <- quiet(id_collect(dplyr::select(m, n, dplyr::all_of(id)), !!id, layout = "discord"))
    in_r <- quiet(id_add_fields(local, !!id, "discord"))
    # (Collecting the mixed columns themselves would make RSQLite warn.)
    in_db <- dplyr::collect(dplyr::select(id_add_fields(m, !!id, "discord"), -id, -any_id))
    expect_identical(collected_ms(in_db$time), as.numeric(zuid:::floor_ms(in_r$time)), label = id)
    expect_identical(as.integer(in_db$sequence), in_r$sequence, label = id)
    for (range in list(list(from, NULL), list(NULL, NULL), list(NULL, from + 86400 * 365 * 100))) {
      kept_db <- dplyr::collect(dplyr::select(id_filter_time(m, !!id, range[[1L]], range[[2L]],
                                                             layout = "discord"), n))$n
      kept_r <- quiet(id_filter_time(local, !!id, range[[1L]], range[[2L]], layout = "discord"))$n
      expect_setequal(kept_db, kept_r)
    }
  }
  expect_identical(sort(dplyr::collect(dplyr::select(id_filter_time(m, id, layout = "discord"), n))$n),
                   c(1L, 7L, 8L))
  # id_collect() shows a blob as a blob, not as the text of its bytes.
  expect_warning(got <- id_collect(dplyr::select(m, n, any_id), any_id, layout = "discord"), "blob x'31'",
                 class = "zuid_warning_invalid")
  expect_identical(is.na(got$any_id), c(FALSE, TRUE, TRUE, TRUE, FALSE, TRUE, TRUE, FALSE))
})
