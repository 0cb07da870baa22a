#' The shard an ID routes to
#'
#' Discord routes each ID to one of its shards by the time part alone:
#' `shard = (id >> 22) %% num_shards`, the ID shifted right past its worker,
#' process and sequence bits, modulo the number of shards. Decoder tools
#' call this the "shard bucket". `id_shard()` computes it for any layout as
#' `(id >> bits below the time part) %% n`: 22 bits for Discord and Twitter,
#' 24 for Sonyflake, 10 for TIDs.
#'
#' The shift and the remainder run on 64-bit integers in compiled code, so
#' the result is exact for every ID. `NA` gives `NA`; entries that are not
#' IDs of the layout become `NA` with one warning, as in [id_fields()].
#'
#' @inheritParams id_fields
#' @param n The number of shards: a whole number from 1 to 2^31 - 1.
#' @returns An integer vector of shards, from 0 to `n - 1`.
#' @export
#' @examples
#' # Discord's documented example ID among 16 shards.
#' id_shard("175928847299117063", 16, "discord")
#'
#' # Several IDs at once; IDs that carry their layout need no `layout`.
#' ids <- as_zuid_id(c("175928847299117063", "1214004724031189004", NA), "discord")
#' id_shard(ids, 1000)
id_shard <- function(x, n, layout = NULL) {
  call <- sys.call()
  layout <- resolve_layout(x, layout, call)
  n <- check_whole(n, "n", 1, .Machine$integer.max, call, class = "zuid_error_type")
  ids <- check_ids(x, call)
  rust_value(ids_shard(ids$x, ids$input, layout, as.double(n)), call,
             list(layout = layout, x = x))
}
