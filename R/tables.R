#' Decode and filter ID columns of data frames and database tables
#'
#' `id_add_fields()` adds the columns of [id_fields()], decoded from an ID
#' column: `time` and the layout's node fields and sequence.
#' `id_filter_time()` keeps the rows whose IDs were made in `[from, to)`.
#' Both work the same on a data frame (base, tibble or data.table), where
#' zuid decodes in R, and on a dbplyr lazy table, where the database does
#' the work and the result stays lazy until `collect()`.
#'
#' In a database, the verbs use [id_sql()] and [id_sql_range()] in
#' `mutate()` and `filter()`, with the dialect and the quoting of the
#' table's connection (see [id_sql()] for the engines and their timestamp
#' types: SQLite's `time` is an integer of milliseconds). They apply to any
#' dbplyr backend whose connection zuid knows, Spark through sparklyr
#' included. To learn whether the ID column holds integers or decimal text,
#' they ask the database for the type of one ID (MySQL has no function for
#' it: there the driver's type for the column tells). On dbplyr's simulated
#' connections (`dbplyr::simulate_postgres()` and others, for
#' `show_query()`), which hold no data, the column is taken as integers.
#'
#' `id_filter_time()` is a range condition on the ID column itself, so that
#' a database answers it from the index on its key: IDs from the first one
#' that the layout can make at `from` to the last before `to`. It is exact,
#' to the millisecond, for integer, `bit64::integer64` and decimal text
#' columns; text is compared by value, not as text. In a database, text
#' must be plain decimal digits (no spaces, sign or leading zeros). In R,
#' the IDs are decoded with [id_time()], and rows whose IDs are missing or
#' invalid are dropped (with the one warning that [id_time()] gives for
#' invalid ones). In a database, a range that reaches IDs of 2^63 or more
#' in a signed `BIGINT` column is an error (see [id_sql_range()]), unless
#' `to` is open.
#'
#' @param .data A data frame (base, tibble or data.table) or a dbplyr lazy
#'   table (`dplyr::tbl()`).
#' @param id The ID column, named bare (`id`) or as a string (`"id"`); a
#'   name held in a variable is given as `!!name`. In R, the column is read
#'   as [id_fields()] reads `x`; in a database, it is a 64-bit integer or
#'   decimal text column.
#' @param layout A [id_layout()], or the name of a built-in layout that needs
#'   no further argument. Required: zuid cannot tell a layout from the IDs.
#' @param ... Must be empty; `prefix` is given by name.
#' @param prefix Put before the names of the added columns, such as
#'   `"id_"` for `id_time`, `id_sequence`. An added column that already
#'   exists in `.data` is an error, never overwritten: give a prefix.
#' @param from,to The start (included) and end (excluded) of the range, as
#'   POSIXct or Date, to the millisecond; `NULL` leaves that end open.
#' @returns `.data` of the same kind: with the added columns, or with the
#'   rows kept. A lazy table stays lazy.
#' @seealso [id_sql()] for the SQL itself.
#' @export
#' @examples
#' msgs <- data.frame(id = c("175928847299117063", "1214004724031189004"),
#'                    text = c("first", "second"))
#' id_add_fields(msgs, id, "discord")
#' id_add_fields(msgs, "id", "discord", prefix = "id_")
#' id_filter_time(msgs, id, from = as.POSIXct("2017-01-01", tz = "UTC"),
#'                layout = "discord")
#'
#' if (requireNamespace("dbplyr", quietly = TRUE) &&
#'     requireNamespace("RSQLite", quietly = TRUE)) {
#'   con <- DBI::dbConnect(RSQLite::SQLite(), ":memory:")
#'   DBI::dbWriteTable(con, "msgs", msgs)
#'   m <- dplyr::tbl(con, "msgs")
#'   from <- as.POSIXct("2017-01-01", tz = "UTC")
#'   found <- id_add_fields(id_filter_time(m, id, from, layout = "discord"),
#'                          id, "discord")
#'   dplyr::show_query(found)
#'   found <- dplyr::collect(found)
#'   # SQLite's time is milliseconds since 1970.
#'   found$time <- as.POSIXct(found$time / 1000, origin = "1970-01-01", tz = "UTC")
#'   found
#'   DBI::dbDisconnect(con)
#' }
id_add_fields <- function(.data, id, layout = NULL, ..., prefix = "") {
  call <- sys.call()
  check_dots_empty(...length(), call)
  check_table(.data, call)
  id <- column_arg(substitute(id), parent.frame(), .data, call)
  layout <- verb_layout(layout, .data, id, call)
  added <- added_names(layout, prefix, .data, call)
  if (is_lazy_table(.data)) {
    con <- lazy_connection(.data, call)
    type <- lazy_id_type(.data, id, con, call)
    exprs <- with_verb_conditions(id_sql(layout, column = id, dialect = con, type = type), call)
    return(do.call(dplyr::mutate, c(list(.data), stats::setNames(exprs, added))))
  }
  fields <- with_verb_conditions(id_fields(.data[[id]], layout), call, id)
  .data[, added] <- as.list(fields)
  .data
}

#' @rdname id_add_fields
#' @export
id_filter_time <- function(.data, id, from = NULL, to = NULL, layout = NULL) {
  call <- sys.call()
  check_table(.data, call)
  id <- column_arg(substitute(id), parent.frame(), .data, call)
  layout <- verb_layout(layout, .data, id, call)
  if (is_lazy_table(.data)) {
    con <- lazy_connection(.data, call)
    type <- lazy_id_type(.data, id, con, call)
    condition <- with_verb_conditions(
      id_sql_range(from, to, layout, column = id, dialect = con, type = type), call)
    return(do.call(dplyr::filter, list(.data, condition)))
  }
  range <- range_seconds(from, to, call)
  tick_ms <- with_verb_conditions(id_time(.data[[id]], layout, as = "ms"), call, id)
  keep <- !is.na(tick_ms)
  # The ends floored to the millisecond as the core reads them, so that in
  # R and in SQL a range is the same.
  if (!range$open_from) keep <- keep & tick_ms >= floor_ms(range$from)
  if (!range$open_to) keep <- keep & tick_ms < floor_ms(range$to)
  .data[which(keep), , drop = FALSE]
}

is_lazy_table <- function(x) inherits(x, "tbl_lazy")

check_table <- function(.data, call) {
  if (!is.data.frame(.data) && !is_lazy_table(.data)) {
    zuid_abort(sprintf(paste(
      "`.data` must be a data frame (base, tibble or data.table) or a dbplyr lazy",
      "table from `dplyr::tbl()`, not %s."
    ), describe_value(.data)), class = "zuid_error_type", call = call)
  }
}

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
  if (!name %in% colnames(.data)) {
    zuid_abort(sprintf("`.data` has no column %s; its columns are %s.",
                       encodeString(name, quote = "`"), columns_text(colnames(.data))),
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
# column carries (a database column carries none; a different explicit
# layout is an error, as in id_fields()).
verb_layout <- function(layout, .data, id, call) {
  carried <- if (is_lazy_table(.data)) NULL else id_layout_attr(.data[[id]])
  if (!is.null(layout) || !is.null(carried)) {
    column <- if (is_lazy_table(.data)) NULL else .data[[id]]
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
  names <- paste0(prefix, c("time", node_fields(layout), "sequence"))
  taken <- names[names %in% colnames(.data)]
  if (length(taken) > 0L) {
    zuid_abort(sprintf(paste(
      "`.data` already has %s %s, which id_add_fields() would overwrite. Give a",
      "`prefix` for the new columns, e.g. `prefix = \"id_\"`, or rename %s."
    ), if (length(taken) == 1L) "a column" else "columns", columns_text(taken),
    if (length(taken) == 1L) "it" else "them"), class = "zuid_error_column", call = call)
  }
  names
}

# The connection behind a lazy table, whose class must say its dialect.
lazy_connection <- function(.data, call) {
  con <- dbplyr::remote_con(.data)
  if (is.na(connection_dialect(con))) {
    zuid_abort(sprintf(paste(
      "`.data` is a table reached through a connection of class <%s>, whose SQL",
      "dialect zuid does not know (it knows %s). Decode with `id_sql(dialect = ...)`",
      "and `dplyr::mutate()` if the database speaks one of those."
    ), class(con)[[1L]], dialect_names_text()),
    class = "zuid_error_type", call = call)
  }
  con
}

# Whether the lazy table's ID column holds integers or text. The engine
# names the type of one ID that is not NULL (the type of a value, since an
# SQLite column holds any type, and since drivers can be told to return
# 64-bit integers as text); MySQL has no such function, and a column of
# NULLs no such value: then the type R reads for no rows tells.
lazy_id_type <- function(.data, id, con, call) {
  if (inherits(con, "TestConnection")) {
    # dbplyr's simulated connections (for show_query()) hold no data: their
    # ID columns are taken as integers, unless a test double answers.
    return(tryCatch(lazy_id_type_queried(.data, id, con, call), error = function(e) "integer"))
  }
  lazy_id_type_queried(.data, id, con, call)
}

lazy_id_type_queried <- function(.data, id, con, call) {
  target <- sql_target(con, call)
  quoted <- sql_column(id, target, call)
  column <- dplyr::select(.data, dplyr::all_of(id))
  type_of <- sql_dialect(target$dialect)$type_of
  if (!is.null(type_of)) {
    present <- do.call(dplyr::filter, list(column, dbplyr::sql(paste(quoted, "IS NOT NULL"))))
    named <- do.call(dplyr::transmute, list(present, zuid_type = dbplyr::sql(type_of(quoted))))
    found <- dplyr::collect(utils::head(named, 1L))[["zuid_type"]]
    if (length(found) == 1L) {
      return(id_type_from_name(found, id, call))
    }
  }
  sample <- dplyr::collect(utils::head(column, 0L))[[1L]]
  if (is.character(sample)) {
    return("text")
  }
  if ((is.numeric(sample) && !is.object(sample)) || inherits(sample, "integer64") ||
      is.logical(sample)) {
    return("integer")
  }
  abort_id_type(describe_value(sample), id, call)
}

id_type_from_name <- function(type, id, call) {
  # Type names as the engines give them: "text", "character varying",
  # "VARCHAR", "string", "Nullable(String)"; "integer", "bigint",
  # "UBIGINT", "Int64", "numeric", "decimal(20,0)".
  name <- tolower(type)
  text <- "text|varchar|character varying|character|char|bpchar|string|fixedstring"
  integer <- paste0("u?int(8|16|32|64|128|256)?|integer|smallint|bigint|ubigint|hugeint|",
                    "uhugeint|decimal|numeric")
  if (grepl(sprintf("\\b(%s)\\b", text), name)) {
    return("text")
  }
  if (grepl(sprintf("\\b(%s)\\b", integer), name)) {
    return("integer")
  }
  abort_id_type(sprintf("the type %s", encodeString(type, quote = "\"")), id, call)
}

abort_id_type <- function(what, id, call) {
  zuid_abort(sprintf(paste(
    "Column %s of `.data` holds %s; zuid reads IDs from 64-bit integer columns",
    "(BIGINT) and decimal text. Cast it in a `mutate()` first, e.g. to BIGINT."
  ), encodeString(id, quote = "`"), what), class = "zuid_error_type", call = call)
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
