#' IDs from links: posts, messages and records where users find them
#'
#' Researchers hold links more often than IDs: a column of tweet links, the
#' Discord message links of an export, Mastodon and Bluesky post links,
#' AT Protocol URIs, Instagram, Threads and TikTok links, LinkedIn URNs.
#' `id_from_url()` reads each into the platform, the ID (exactly, as decimal
#' text), its time and what else the link says (the user, the Mastodon
#' server, the Discord guild and channel), with no network access: the ID
#' and its time are in the link.
#'
#' The link forms read, and the layout each platform's IDs decode with:
#' * `"twitter"` (`twitter`): `twitter.com` and `x.com` (also `www.`,
#'   `mobile.`, `m.`) and the mirrors tweets are shared through
#'   (`fxtwitter.com`, `vxtwitter.com`, `fixupx.com`, `fixvx.com`,
#'   `twittpr.com`, `xcancel.com`, and Nitter instances: any host with a
#'   label containing `nitter`), `/<user>/status/<id>`,
#'   `/<user>/statuses/<id>`, `/i/web/status/<id>`, `/i/status/<id>`, the
#'   hash-bang `/#!/<user>/status/<id>` of 2010 to 2012, and a profile,
#'   `/<user>`.
#' * `"discord"` (`discord`): `discord.com` and `discordapp.com` (also `ptb.`,
#'   `canary.`), `/channels/<guild>/<channel>/<message>` (the guild `@me`
#'   for direct messages); without the message, a channel's link; without
#'   the channel, a guild's.
#' * `"mastodon"` (`mastodon`), on any server: `/@<user>/<id>`,
#'   `/@<user>@<server>/<id>` (another server's post as this one shows it),
#'   `/users/<user>/statuses/<id>`, `/web/statuses/<id>`, `/web/@<user>/<id>`
#'   and `/deck/@<user>/<id>`.
#' * `"bluesky"` (`tid`): `bsky.app/profile/<handle or DID>/post/<rkey>`
#'   (also `/lists/` and `/feed/`), and
#'   `at://<handle or DID>/<collection>/<rkey>`.
#' * `"instagram"` (`instagram`): `instagram.com` and `instagr.am`, `/p/`,
#'   `/reel/`, `/reels/` and `/tv/<shortcode>`, also after `/<user>`, and
#'   `/stories/<user>/<media id>`.
#' * `"threads"` (`instagram`: Threads' posts are Instagram media):
#'   `threads.net` and `threads.com`, `/@<user>/post/<shortcode>` and
#'   `/t/<shortcode>`.
#' * `"tiktok"` (`tiktok`): `tiktok.com`, `/@<user>/video/<id>`,
#'   `/@<user>/photo/<id>`, `/embed/v2/<id>`, `/embed/<id>`,
#'   `/share/video/<id>`, `m.tiktok.com/v/<id>.html`.
#' * `"linkedin"` (`linkedin`): the URNs `urn:li:activity:<id>`,
#'   `urn:li:share:<id>`, `urn:li:ugcPost:<id>` and
#'   `urn:li:comment:(<parent>,<id>)`, alone or in a link's path
#'   (`/feed/update/<urn>`), and `/posts/<user>_<words>-activity-<id>-<code>`.
#'
#' Links are read as people paste them: in `<...>` (as Discord users paste
#' a link without its preview), in brackets or quotes, and with the
#' punctuation of the sentence after them (`.`, `,`, `;`, `!`, `?`, `)`,
#' `]`, `>`, quotes), also percent-encoded as exporters write it (`%29`).
#' These belong to the text, not the link, as link detectors treat them;
#' a closing bracket the link opened stays part of it (`/wiki/Mercury_(planet)`,
#' LinkedIn's `urn:li:comment:(...)`). A profile link (`x.com/<user>`,
#' `instagram.com/<user>/`, `tiktok.com/@<user>`, `threads.net/@<user>`,
#' `bsky.app/profile/<handle>`) gives its platform and `user`, with no ID.
#'
#' Links are read with or without `https://`, in any case where the
#' platform takes any (hosts, `/status/`), with a query, a fragment, more
#' path after the ID (`/photo/1`), percent-escapes (`%40` for `@`,
#' LinkedIn's `urn%3Ali%3A...`) and white space around them. An Instagram or
#' Threads shortcode is the media ID in base 64 (`A-Z`, `a-z`, `0-9`, `-`,
#' `_`), read exactly; a private post's shortcode carries 28 more
#' characters, which are not part of it. A Bluesky record key is an ID
#' where it is a TID; `self` (a profile's) and a feed's name are not, and
#' give no ID. Short links (`t.co`, `vm.tiktok.com`, `lnkd.in`,
#' `discord.gg`) name no ID until followed, which `id_from_url()` does not
#' do.
#'
#' Mastodon's IDs are each server's own: the same post has another ID on
#' every server that shows it, and `instance` says whose it is. Meta's Graph
#' APIs give Instagram and Threads posts IDs of their own (17-digit numbers
#' such as `17855847105309514`), which are not the media IDs of the links
#' and hold no Instagram time: read the `permalink` they give with
#' `id_from_url()` instead. TIDs are
#' the time the client that wrote the record says it wrote it, not the
#' server's: see [id_to_tid()].
#'
#' Text that is no such link is no error, and gives a row of `NA`
#' silently: a column of links collected from posts holds news articles and
#' videos too, and `platform` says which are posts. A link of a known
#' platform that names no ID (a profile, a record key that is not a TID)
#' gives its platform and context with an `NA` ID, silently as well. What
#' is an invalid entry is a link whose ID is malformed where its form puts
#' one (`/status/12a`, a shortcode with other characters, a number of 2^64
#' or more, or one with the sign bit set where the layout keeps it 0): its
#' ID is `NA`, and the call gives one warning of class
#' `zuid_warning_invalid` that counts them and quotes the first one's ID
#' part. Bare digits of 2^64 or more are invalid entries too, as in
#' [as_zuid_id()]. Mastodon runs on any host, so any site's
#' `/@<user>/<digits>` reads as a Mastodon link: one whose ID decodes to a
#' time no post has, before 2008-07-02 (identi.ca's opening: Mastodon dates
#' a post it shows from another server by that post's time, and the
#' fediverse began there) or more than a day after now, is an invalid
#' entry as well, its ID `NA`. A tweet or Mastodon ID below
#' where its layout's IDs begin (tweets from before November 2010,
#' Mastodon's statuses from before 2.0) keeps its ID but has no time, with a
#' warning of class `zuid_warning_before_layout` (see
#' [id_layout_capacity()]).
#'
#' Text that is not a link but an ID (decimal digits, or any form the
#' readers take: rtweet's `x` prefix, a float column's `.0`, SCRU64 or TID
#' text under those layouts) gives the ID, with no platform; with `layout`
#' it is decoded with that layout, so that a column mixing links and bare
#' IDs of one platform reads in one call.
#'
#' @param x A character vector of links, AT-URIs, URNs or bare ID text.
#' @param layout `NULL`, or the layout of the entries of `x` that are bare
#'   IDs rather than links: a [id_layout()] or the name of a built-in layout
#'   that needs no further argument. Links are always read with their
#'   platform's layout.
#' @returns A data frame with one row per entry of `x`: `platform`
#'   (`"twitter"` for Twitter and X, `"discord"`, `"mastodon"`, `"bluesky"`,
#'   `"instagram"`, `"threads"`, `"tiktok"`, `"linkedin"`, or `NA`),
#'   `layout` (the layout its ID decodes with, `NA` where there is no ID),
#'   `id` (decimal text, `NA` where there is none), `time` (POSIXct, UTC: the
#'   start of the ID's tick, as [id_time()] gives it; TikTok's milliseconds
#'   are a field, see [id_layout()]), `kind` (what the ID identifies:
#'   `"status"`, `"message"`, `"channel"`, `"guild"`, `"post"`, `"reel"`,
#'   `"tv"`, `"story"`, `"video"`, `"photo"`, `"activity"`, `"share"`,
#'   `"ugcPost"`, `"comment"`, or an AT Protocol collection such as
#'   `"app.bsky.feed.post"`), `user` (the user name, handle or DID the link
#'   names, `"user@server"` for another Mastodon server's), `instance` (the
#'   Mastodon server, lower case), `guild` and `channel` (Discord's, as
#'   decimal text; `guild` is `"@me"` for direct messages). Turn `id` into
#'   IDs with `as_zuid_id(out$id, out$layout[1])` for one layout at a time.
#' @seealso [id_fields()] for all the fields of the IDs, [as_zuid_id()].
#' @export
#' @examples
#' links <- c(
#'   "https://x.com/Wikipedia/status/1888944671579078978",
#'   "https://discord.com/channels/197038439483310086/197038439483310086/1214004724031189004",
#'   "https://mastodon.social/@Gargron/103270115826048975",
#'   "https://bsky.app/profile/jay.bsky.team/post/3l25zusnsfck2",
#'   "https://www.instagram.com/p/DHtWpRvMBiw/",
#'   "https://www.tiktok.com/@billnye/video/6854717870488702213",
#'   "urn:li:activity:7206271470342131712",
#'   "https://www.r-project.org/"
#' )
#' id_from_url(links)[, c("platform", "id", "time", "user")]
#'
#' # Where the link says more: a Mastodon server, a Discord channel.
#' id_from_url(links[2:3])[, c("kind", "instance", "guild", "channel")]
#'
#' # A column mixing tweet links and bare tweet IDs, in rtweet's old text too.
#' id_from_url(c("https://twitter.com/jack/status/1888944671579078978", "x1888944671579078978"),
#'             layout = "twitter")
#'
#' # A link with a malformed ID is an invalid entry; tweet 20 (2006) has no
#' # time: tweets were numbered in sequence before Snowflake.
#' id_from_url(c("https://x.com/jack/status/12a", "https://x.com/jack/status/20"))[, c("id", "time")]
id_from_url <- function(x, layout = NULL) {
  call <- sys.call()
  if (is.logical(x) && all(is.na(x))) {
    x <- rep(NA_character_, length(x))
  }
  if (!is.character(x) || is.object(x)) {
    hint <- if (is.factor(x)) " Convert a factor with `as.character()` first." else ""
    zuid_abort(sprintf("`x` must be a character vector of links, not %s.%s", describe_value(x), hint),
               class = "zuid_error_type", call = call)
  }
  if (!is.null(layout)) {
    layout <- as_layout(layout, call)
  }
  # Invalid entries are links (or digits no ID can be): the first is
  # shown with the part of it that is wrong, whole, and why. The layout of a link's ID is its platform's, not `layout`.
  entries <- list(arg = "`x`",
                  are = c("is a link or an ID that is not valid", "are links or IDs that are not valid"),
                  first = " The first, %s: its ID %s.", first_part = " The first, %s: its ID %s %s.")
  columns <- rust_value(ids_from_links(x, layout), call, list(x = x, entries = entries))
  columns$time <- structure(columns$time, class = c("POSIXct", "POSIXt"), tzone = "UTC")
  structure(columns, class = "data.frame", row.names = c(NA_integer_, -length(x)))
}
