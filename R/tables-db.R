#' Bring IDs out of a database and into one, exactly
#'
#' `id_collect()` is `dplyr::collect()` for tables with ID columns: it
#' brings a lazy table into R with the ID columns as [zuid_id][as_zuid_id] vectors,
#' exact whatever the driver does with 64-bit integers. `id_write_table()`
#' is `DBI::dbWriteTable()` for data frames with `zuid_id` columns: it
#' stores every ID exactly, 2^63 and more included, in a column that the
#' verbs and `id_collect()` read back.
#'
#' DBI drivers read a `BIGINT` in one of three ways: as `bit64::integer64`
#' (RSQLite, RPostgres, RMariaDB with `bigint = "integer64"`, their
#' default), exact; as doubles (RPostgreSQL, Debian's PostgreSQL driver,
#' and RMySQL, which have no such option), which round every ID of 2^53 or
#' more to another; or as text. Other types lose IDs too: RMariaDB reads
#' `DECIMAL` as doubles, and a `BIGINT UNSIGNED` as the integer64 of its
#' bits, 2^63 itself as `NA`. `id_collect()` has the database write each
#' ID column as text in the query (`CAST(id AS TEXT)`, in the dialect's
#' words) and reads the text, so the IDs come back exact from every
#' driver, and as IDs: a signed `BIGINT`'s negative numbers are the IDs of
#' 2^63 and more it holds. Text that is not an ID becomes `NA`, with one
#' warning. On Arrow data (`arrow::open_dataset()`, a query of it, an Arrow
#' Table), Arrow casts each ID column to text the same way before it
#' reaches R, which would read an unsigned 64-bit column as rounded
#' doubles. On a data frame, `id_collect()` converts the columns with
#' [as_zuid_id()].
#'
#' `id_write_table()` writes each `zuid_id` column as a column of the kind
#' `type` (see [id_sql()], "ID columns"): `"integer"`, the engine's signed
#' `BIGINT` (SQLite's `INTEGER`), holds IDs of 2^63 and more as negative
#' numbers, which the verbs and [id_sql_range()] select as IDs;
#' `"unsigned"` (MySQL's `BIGINT UNSIGNED`, DuckDB's `UBIGINT`) and
#' `"decimal"` (`NUMERIC(20, 0)` or `DECIMAL(20, 0)`) hold them as they are,
#' in order; `"text"` as decimal text. It sends the IDs as decimal text
#' (signed for `"integer"`), which every driver writes exactly, and gives
#' the column's type in `field.types` (not with `append = TRUE`, where the
#' table's columns have theirs). The layout is not stored: give it to
#' `id_collect()` when reading back.
#'
#' @param .data A dbplyr lazy table (`dplyr::tbl()`), Arrow data (a dataset
#'   from `arrow::open_dataset()`, a query of it, an Arrow Table), or a data
#'   frame.
#' @param ... `id_collect()`: the ID columns, named bare (`id`) or as
#'   strings, at least one; a name held in a variable is given as `!!name`.
#'   `id_write_table()`: passed on to `DBI::dbWriteTable()` (`overwrite`,
#'   `append`, `temporary`, `row.names`, `field.types` for other columns).
#' @param layout `NULL`, or the layout of the IDs: a [id_layout()] or the
#'   name of a built-in layout, which the `zuid_id` columns then carry.
#' @param con A DBI connection whose class says its dialect (see
#'   [id_sql()], "Dialects").
#' @param name The table's name, as `DBI::dbWriteTable()` takes it.
#' @param value A data frame with `zuid_id` columns.
#' @param type The kind of column the IDs go into: `"integer"`,
#'   `"unsigned"`, `"decimal"` or `"text"`, where the engine has it.
#' @returns `id_collect()`: a data frame (a tibble for a lazy table or
#'   Arrow data) with the ID columns as `zuid_id`. `id_write_table()`: what
#'   `DBI::dbWriteTable()` returns, invisibly.
#' @seealso [id_add_fields()] and [id_filter_time()], whose results on lazy
#'   tables `id_collect()` brings into R.
#' @export
#' @examplesIf requireNamespace("dbplyr", quietly = TRUE) && requireNamespace("RSQLite", quietly = TRUE)
#' con <- DBI::dbConnect(RSQLite::SQLite(), ":memory:")
#' msgs <- data.frame(id = as_zuid_id(c("175928847299117063", "18446744073709551615"),
#'                                    "discord"), text = c("first", "last"))
#' id_write_table(con, "msgs", msgs)
#' # 2^64 - 1, stored as -1 in a signed BIGINT
#' DBI::dbGetQuery(con, "SELECT * FROM msgs")
#' m <- dplyr::tbl(con, "msgs")
#' back <- id_collect(m, id, layout = "discord")
#' identical(back$id, msgs$id)
#' id_collect(id_add_fields(m, id, "discord"), id, layout = "discord")
#' DBI::dbDisconnect(con)
id_collect <- function(.data, ..., layout = NULL) {
  call <- sys.call()
  check_table(.data, call)
  ids <- id_columns_arg(as.list(substitute(list(...)))[-1L], parent.frame(), .data, call)
  layout <- if (is.null(layout)) NULL else as_layout(layout, call)
  if (is_arrow_data(.data)) {
    return(arrow_collect(.data, ids, layout, call))
  }
  if (!is_lazy_table(.data)) {
    values <- lapply(ids, function(id) with_verb_conditions(as_zuid_id(.data[[id]], layout), call, id))
    return(add_columns(.data, ids, values))
  }
  con <- lazy_connection(.data, call)
  source <- lazy_source(.data, con)
  target <- sql_target(con, call)
  to_text <- sql_dialect(target$dialect)$to_text
  texts <- lapply(ids, function(id) {
    lazy_id_kind(source, id, con, call)
    dbplyr::sql(to_text(sql_column(id, target, call)))
  })
  out <- dplyr::collect(do.call(dplyr::mutate, c(list(source), stats::setNames(texts, ids))))
  for (id in ids) {
    out[[id]] <- ids_from_db_text(out[[id]], layout, id, call)
  }
  out
}

# The ID columns named in `...` of id_collect(), unevaluated.
id_columns_arg <- function(exprs, env, .data, call) {
  if (length(exprs) == 0L) {
    zuid_abort(paste("Name the ID columns in `...`, e.g. `id_collect(m, id)` or",
                     "`id_collect(m, id, parent_id, layout = \"discord\")`."),
               class = "zuid_error_type", call = call)
  }
  unique(vapply(exprs, column_arg, character(1), env = env, .data = .data, call = call))
}

# IDs from the decimal text the database wrote: a signed BIGINT's negative
# numbers are IDs of 2^63 and more, read as the 64 bits they hold (exactly,
# by bit64's reader) and then as zuid's unsigned text, so that one reading
# of all the text warns once of those that are not IDs.
ids_from_db_text <- function(text, layout, id, call) {
  text <- as.character(text)
  negative <- which(startsWith(text, "-"))
  if (length(negative) > 0L) {
    # -2^63 is integer64's NA: left as text, it is refused with the rest.
    unsigned <- as.character(as_zuid_id(bit64::as.integer64(text[negative])))
    text[negative] <- ifelse(is.na(unsigned), text[negative], unsigned)
  }
  with_verb_conditions(as_zuid_id(text, layout), call, id)
}

#' @rdname id_collect
#' @export
id_write_table <- function(con, name, value, ..., type = c("integer", "unsigned", "decimal", "text")) {
  call <- sys.call()
  target <- sql_target(con, call)
  if (is.null(target$con)) {
    zuid_abort(sprintf("`con` must be a DBI connection, not %s.", describe_value(con)),
               class = "zuid_error_type", call = call)
  }
  kind <- check_kind(type, target$dialect, call)
  ids <- if (is.data.frame(value)) names(value)[vapply(value, inherits, logical(1), "zuid_id")]
  if (length(ids) == 0L) {
    zuid_abort(sprintf(paste(
      "`value` must be a data frame with `zuid_id` columns, not %s. Make ID",
      "columns with `as_zuid_id()`, e.g. `df$id <- as_zuid_id(df$id, \"discord\")`."
    ), describe_value(value)), class = "zuid_error_type", call = call)
  }
  out <- as.data.frame(value)
  for (id in ids) {
    out[[id]] <- ids_as_db_text(value[[id]], kind)
  }
  args <- utils::modifyList(list(row.names = FALSE), list(...))
  if (!isTRUE(args$append)) {
    args$field.types <- write_field_types(con, value, ids, sql_dialect(target$dialect)$types[[kind]],
                                          args$field.types)
  }
  invisible(do.call(DBI::dbWriteTable, c(list(con, name, out), args)))
}

# The type of every column (some drivers take `field.types` as the whole
# table's): the ID columns', then those given, then the driver's.
write_field_types <- function(con, value, ids, id_type, given) {
  others <- setdiff(names(value), c(ids, names(given)))
  driver <- vapply(others, function(col) as.character(DBI::dbDataType(con, value[[col]])), character(1))
  types <- c(stats::setNames(rep(id_type, length(ids)), ids), given[setdiff(names(given), ids)], driver)
  types[names(value)]
}

# IDs as the decimal text a column of the kind reads exactly: signed for a
# signed BIGINT (the 64 bits as bit64 writes them), unsigned otherwise.
ids_as_db_text <- function(x, kind) {
  if (kind == "integer") as.character(plain_integer64(x)) else as.character(x)
}
