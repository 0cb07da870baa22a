#' Decode and filter ID columns of data frames and database tables
#'
#' `id_add_fields()` adds the columns of [id_fields()], decoded from an ID
#' column: `time` and the layout's node fields and sequence.
#' `id_filter_time()` keeps the rows whose IDs were made in `[from, to)`.
#' Both work the same on a data frame (base, tibble or data.table), where
#' zuid decodes in R, on a dbplyr lazy table, where the database does the
#' work, and on Arrow data (a dataset from `arrow::open_dataset()`, a query
#' of it, an Arrow Table), where Arrow does; the result of the last two
#' stays lazy until `collect()`.
#'
#' In a database, the verbs use [id_sql()] and [id_sql_range()] in
#' `mutate()` and `filter()`, with the dialect and the quoting of the
#' table's connection (see [id_sql()] for the engines and their timestamp
#' types: SQLite's `time` is an integer of milliseconds). They apply to any
#' dbplyr backend whose connection zuid knows, Spark through sparklyr
#' included, and to any column of a lazy table: one of a table, or one
#' made by `rename()`, `select()`, `mutate()`, a join or `summarise()`.
#' Such a table's query becomes a subquery (`SELECT ... FROM (<query>)`),
#' so that the conditions and expressions name the column where it exists
#' (a `WHERE` or `HAVING` cannot name a column its own `SELECT` defines);
#' its groups are kept.
#'
#' To learn the kind of the ID column (signed or unsigned integers,
#' decimals or text: see "ID columns" in [id_sql()]), the verbs ask the
#' database, reading the table's query as a subquery: the engine's name for
#' the type of one value that is not `NULL` (`pg_typeof()`, `typeof()`,
#' `toTypeName()`; SQLite's columns hold any type, so it is the value's),
#' one row; where the engine has no such function (MySQL) or there is no
#' such row, the driver's field type of the column in a query of no rows
#' (`LIMIT 0`); where the driver says none, the class R reads the column
#' as. RMariaDB names `DECIMAL`, `FLOAT` and `DOUBLE` columns alike
#' `"double"`: then MySQL's own name for the type is read from a temporary
#' table of no rows made from the query. A column of floating point
#' numbers, dates or another type that holds no IDs is an error naming the
#' type. On dbplyr's simulated
#' connections (`dbplyr::simulate_postgres()` and others, for
#' `show_query()`), which hold no data, the column is taken as integers.
#'
#' `id_filter_time()` is a range condition on the ID column itself, so that
#' a database answers it from the index on its key: IDs from the first one
#' that the layout can make at `from` to the last before `to` (on a signed
#' `BIGINT` column, a range that reaches IDs of 2^63 and more, stored as
#' negative numbers, is two such ranges). It is exact, to the layout's
#' resolution (microseconds for TIDs, milliseconds for the others), for
#' every kind of column; text is compared by value, not as text. In a
#' database, text must be plain decimal digits (no spaces, sign or leading
#' zeros). In R, the IDs are compared with the same bounds, from the same
#' ends (see `from` and `to` in [id_sql_range()]: floored to the layout's
#' resolution, `NULL`, `-Inf` as `from` and `Inf` as `to` open), so that in
#' R and in the database a range keeps the same rows; rows whose IDs are
#' missing or invalid are dropped, with the one warning that [id_time()]
#' gives for invalid ones.
#'
#' On Arrow data, the verbs are Arrow compute expressions (shifts and masks
#' of the column's 64 bits as an unsigned 64-bit integer, exact) that
#' Arrow evaluates where the data are, with its dplyr verbs: R's arrow
#' reads an unsigned 64-bit column as doubles, rounding every ID of 2^53
#' or more, so no ID passes through R on the way. The ID column is a
#' signed or unsigned integer column (a signed one's negative numbers are
#' the IDs of 2^63 and more), a whole decimal (`decimal128(20, 0)`) or
#' text (decimal digits, as the SQL dialects read them). The time is a UTC
#' timestamp to the microsecond for microsecond layouts (`tid`), else to
#' the millisecond, as [id_fields()] gives it. `id_filter_time()` compares
#' a 64-bit integer column itself with the range's bounds, so that Parquet
#' files' statistics skip the row groups outside it.
#'
#' After the verbs on a lazy table, bring the result into R with
#' [id_collect()], which reads the ID column exactly whatever the driver
#' does with 64-bit integers (RPostgreSQL and RMySQL read them as doubles,
#' rounded): `id_collect(id_add_fields(m, id, "discord"), id, layout =
#' "discord")`.
#'
#' IDs of the 96- to 160-bit layouts (`"uuidv7"`, `"ulid"`, `"typeid"`,
#' `"ksuid"`, ...) are read in data frames, from text in any spelling of
#' their format or from an ID vector of [as_zuid_id()]: `id_add_fields()`
#' adds the columns [id_fields()] gives for them, and `id_filter_time()`
#' compares each ID by value with the bounds [id_from_time()] gives for
#' `from` and `to` (a UUIDv1, and each entry of a `"uuid"` column, by its
#' exact time, since their bytes do not sort by time). A TypeID is compared
#' by its suffix, whatever its prefix. On a dbplyr lazy table,
#' `id_add_fields()` adds `time` alone, the one field [id_sql()] gives for
#' these layouts (SQLite's is an integer of microseconds), and
#' `id_filter_time()` is the condition of [id_sql_range()] on the column;
#' the column is read as the engine's UUID type where the engine names its
#' type so (PostgreSQL's `uuid`, DuckDB's `UUID`, ...), else as text. The
#' database reads the layout's canonical text (the time in either case):
#' an entry in another spelling (braces, `urn:uuid:`) gets no time, and a
#' range compares the text as it is with the canonical text of its bounds.
#' Where [id_sql()] writes no SQL for the verb (`"ksuid"`, the time of
#' `"scru128"`, ranges of `"typeid"`, `"uuidv1"` and `"uuid"`, whose
#' columns do not sort by time: filter on the `time` that `id_add_fields()`
#' adds), and on Arrow data, these layouts are an error: `collect()` the
#' rows first.
#'
#' On a data.table the verbs return a new data.table, sharing no column
#' with `.data`, which they never change.
#'
#' @param .data A data frame (base, tibble or data.table), a dbplyr lazy
#'   table (`dplyr::tbl()`), or Arrow data: a dataset
#'   (`arrow::open_dataset()`), a query of one, an Arrow Table.
#' @param id The ID column, named bare (`id`) or as a string (`"id"`); a
#'   name held in a variable is given as `!!name`. In R, the column is read
#'   as [id_fields()] reads `x`; in a database, it is an integer, decimal
#'   or text column.
#' @param layout A [id_layout()], or the name of a built-in layout that needs
#'   no further argument. Required: zuid cannot tell a layout from the IDs.
#' @param ... Must be empty; `prefix` is given by name.
#' @param prefix Put before the names of the added columns, such as
#'   `"id_"` for `id_time`, `id_sequence`. An added column that already
#'   exists in `.data` is an error, never overwritten: give a prefix.
#' @param from,to The start (included) and end (excluded) of the range, as
#'   POSIXct, Date or ISO 8601 text such as `"2024-03-05 10:00"` (UTC unless
#'   it names a zone, as in [id_from_time()]), to the microsecond for TIDs and to the millisecond for
#'   other layouts; `NULL` leaves that end open (see [id_sql_range()] for
#'   the precision of a POSIXct, infinite ends and ends past the layout's).
#' @returns `.data` of the same kind: with the added columns, or with the
#'   rows kept. A lazy table stays lazy; Arrow data becomes a query
#'   (`arrow_dplyr_query`), evaluated by `collect()` or `compute()`.
#' @seealso [id_sql()] for the SQL itself, [id_collect()] to bring a lazy
#'   table's IDs into R exactly.
#' @export
#' @examples
#' msgs <- data.frame(id = c("175928847299117063", "1214004724031189004"),
#'                    text = c("first", "second"))
#' id_add_fields(msgs, id, "discord")
#' id_add_fields(msgs, "id", "discord", prefix = "id_")
#' id_filter_time(msgs, id, from = as.POSIXct("2017-01-01", tz = "UTC"),
#'                layout = "discord")
#'
#' @examplesIf requireNamespace("dbplyr", quietly = TRUE) && requireNamespace("RSQLite", quietly = TRUE)
#' con <- DBI::dbConnect(RSQLite::SQLite(), ":memory:")
#' DBI::dbWriteTable(con, "msgs", msgs)
#' m <- dplyr::tbl(con, "msgs")
#' from <- as.POSIXct("2017-01-01", tz = "UTC")
#' found <- id_add_fields(id_filter_time(m, id, from, layout = "discord"),
#'                        id, "discord")
#' dplyr::show_query(found)
#' found <- id_collect(found, id, layout = "discord")
#' # SQLite's time is milliseconds since 1970.
#' found$time <- as.POSIXct(found$time / 1000, origin = "1970-01-01", tz = "UTC")
#' found
#' DBI::dbDisconnect(con)
id_add_fields <- function(.data, id, layout = NULL, ..., prefix = "") {
  call <- sys.call()
  check_dots_empty(...length(), call)
  check_table(.data, call)
  id <- column_arg(substitute(id), parent.frame(), .data, call)
  layout <- verb_layout(layout, .data, id, call)
  check_wide_in_r(.data, layout, "id_add_fields", call)
  added <- added_names(layout, prefix, .data, call)
  if (is_lazy_table(.data)) {
    con <- lazy_connection(.data, call)
    source <- lazy_source(.data, con)
    kind <- lazy_kind(source, id, layout, con, call)
    exprs <- with_verb_conditions(id_sql(layout, column = id, dialect = con, type = kind), call)
    return(do.call(dplyr::mutate, c(list(source), stats::setNames(exprs, added))))
  }
  if (is_arrow_data(.data)) {
    return(arrow_add_fields(.data, id, layout, added, call))
  }
  fields <- with_verb_conditions(id_fields(.data[[id]], layout), call, id)
  add_columns(.data, added, fields)
}

#' @rdname id_add_fields
#' @export
id_filter_time <- function(.data, id, from = NULL, to = NULL, layout = NULL) {
  call <- sys.call()
  check_table(.data, call)
  id <- column_arg(substitute(id), parent.frame(), .data, call)
  layout <- verb_layout(layout, .data, id, call)
  check_wide_in_r(.data, layout, "id_filter_time", call)
  if (is_lazy_table(.data)) {
    con <- lazy_connection(.data, call)
    source <- lazy_source(.data, con)
    kind <- lazy_kind(source, id, layout, con, call)
    condition <- with_verb_conditions(
      id_sql_range(from, to, layout, column = id, dialect = con, type = kind), call)
    return(do.call(dplyr::filter, list(source, condition)))
  }
  range <- range_seconds(from, to, call)
  if (is_arrow_data(.data)) {
    return(arrow_filter_time(.data, id, range, layout, call))
  }
  # The core's ID bounds of the range, as id_sql_range() uses them, so that
  # in R and in SQL a range keeps the same rows.
  in_range <- if (is_wide_layout(layout)) in_wide_range else in_id_range
  keep <- with_verb_conditions(in_range(.data[[id]], layout, range, call), call, id)
  keep_rows(.data, which(keep))
}

# Whether each ID of `x` was made in the range (POSIXct seconds, NA for an
# open end): NA for a missing entry or one that is not an ID.
in_id_range <- function(x, layout, range, call) {
  ids <- check_ids(x, call)
  rust_value(ids_in_range(ids$x, ids$input, layout, range$from, range$to), call, list(layout = layout, x = x))
}

# The verbs never change their input: a data.table, which can be changed
# by reference, is copied before columns are added, and its rows are
# taken by data.table itself, so that the result is a data.table of its
# own (with no column shared and nothing for its self-reference check to
# warn of).
add_columns <- function(.data, names, values) {
  if (inherits(.data, "data.table")) {
    out <- data.table::copy(.data)
    data.table::set(out, j = names, value = as.list(values))
    return(out)
  }
  .data[, names] <- as.list(values)
  .data
}

keep_rows <- function(.data, rows) {
  if (inherits(.data, "data.table")) {
    out <- as.data.frame(.data)[rows, , drop = FALSE]
    rownames(out) <- NULL
    # The rows keep their order, so the key still holds.
    return(data.table::setDT(out, key = data.table::key(.data)))
  }
  .data[rows, , drop = FALSE]
}

is_lazy_table <- function(x) inherits(x, "tbl_lazy")

check_table <- function(.data, call) {
  if (!is.data.frame(.data) && !is_lazy_table(.data) && !is_arrow_data(.data)) {
    zuid_abort(sprintf(paste(
      "`.data` must be a data frame (base, tibble or data.table), a dbplyr lazy",
      "table from `dplyr::tbl()` or Arrow data (`arrow::open_dataset()`, a query",
      "of it, an Arrow Table), not %s."
    ), describe_value(.data)), class = "zuid_error_type", call = call)
  }
}

# The names of the table's columns (a query of Arrow data has no colnames()).
table_columns <- function(.data) if (is_arrow_data(.data)) names(.data) else colnames(.data)

check_dots_empty <- function(n, call) {
  if (n > 0L) {
    zuid_abort(sprintf(paste(
      "`...` must be empty; %d argument%s went there. Give `prefix` by name,",
      "e.g. `prefix = \"id_\"`."
    ), n, if (n == 1L) "" else "s"), class = "zuid_error_type", call = call)
  }
}

# The ID column's name from the unevaluated `id`: a bare name, a string,
# or `!!name` for a name held in a variable (as tidyverse verbs take it).
column_arg <- function(expr, env, .data, call) {
  name <- if (is.symbol(expr)) {
    as.character(expr)
  } else if (is.character(expr)) {
    expr
  } else if (is_bang_bang(expr)) {
    eval(expr[[2L]][[2L]], env)
  }
  if (!is.character(name) || length(name) != 1L || is.na(name) || !nzchar(name)) {
    given <- if (identical(expr, substitute())) "it is missing" else
      sprintf("not `%s`", trunc_text(paste(deparse(expr), collapse = " ")))
    zuid_abort(sprintf(paste(
      "`id` must name the ID column, bare (`id`) or as a string (`\"id\"`);",
      "a name held in a variable is given as `!!name`; %s."
    ), given), class = "zuid_error_type", call = call)
  }
  if (!name %in% table_columns(.data)) {
    zuid_abort(sprintf("`.data` has no column %s; its columns are %s.",
                       encodeString(name, quote = "`"), columns_text(table_columns(.data))),
               class = "zuid_error_column", call = call)
  }
  name
}

is_bang_bang <- function(expr) {
  is.call(expr) && identical(expr[[1L]], as.name("!")) && length(expr) == 2L &&
    is.call(expr[[2L]]) && identical(expr[[2L]][[1L]], as.name("!")) && length(expr[[2L]]) == 2L
}

columns_text <- function(names) {
  shown <- encodeString(utils::head(names, 10L), quote = "`")
  paste0(paste(shown, collapse = ", "), if (length(names) > 10L) ", ..." else "")
}

# The layout the verbs decode with: `layout`, or the one a `zuid_id`
# column carries (a database or Arrow column carries none; a different
# explicit layout is an error, as in id_fields()).
verb_layout <- function(layout, .data, id, call) {
  carried <- if (is.data.frame(.data)) id_layout_attr(.data[[id]]) else NULL
  if (!is.null(layout) || !is.null(carried)) {
    column <- if (is.data.frame(.data)) .data[[id]] else NULL
    return(resolve_layout(column, layout, call))
  }
  zuid_abort(sprintf(paste(
    "`layout` is missing: column %s does not carry a layout. Give the layout",
    "that made its IDs, e.g. `layout = \"discord\"` or `layout = id_layout(...)`."
  ), encodeString(id, quote = "`")), class = "zuid_error_layout", call = call)
}

# The names of the added columns: `prefix` and the columns of id_fields();
# none may exist already.
added_names <- function(layout, prefix, .data, call) {
  if (!is.character(prefix) || length(prefix) != 1L || is.na(prefix)) {
    zuid_abort(sprintf("`prefix` must be one string (\"\" for none), not %s.",
                       describe_value(prefix)), class = "zuid_error_type", call = call)
  }
  names <- paste0(prefix, verb_field_names(layout, is_lazy_table(.data)))
  taken <- names[names %in% table_columns(.data)]
  if (length(taken) > 0L) {
    zuid_abort(sprintf(paste(
      "`.data` already has %s %s, which id_add_fields() would overwrite. Give a",
      "`prefix` for the new columns, e.g. `prefix = \"id_\"`, or rename %s."
    ), if (length(taken) == 1L) "a column" else "columns", columns_text(taken),
    if (length(taken) == 1L) "it" else "them"), class = "zuid_error_column", call = call)
  }
  names
}

# Runs `expr`, giving zuid's conditions from it the verb's call and, with
# `id`, the column's name where they name the argument `x`.
with_verb_conditions <- function(expr, call, id = NULL) {
  reword <- function(cnd) {
    if (!is.null(id)) {
      name <- encodeString(id, quote = "`")
      bracket <- substr(name, 1L, nchar(name) - 1L)
      message <- gsub("`x`", name, conditionMessage(cnd), fixed = TRUE)
      cnd$message <- gsub("`x[", paste0(bracket, "["), message, fixed = TRUE)
    }
    cnd$call <- call
    cnd
  }
  withCallingHandlers(expr,
    zuid_warning = function(w) {
      warning(reword(w))
      invokeRestart("muffleWarning")
    },
    zuid_error = function(e) stop(reword(e))
  )
}
