# id_from_url(): IDs from links. The link forms and their reading are the
# core's (src/rust/core/src/links.rs, with its own tests); these test what
# R users get: the columns, the times, the warnings.

tweet <- "1888944671579078978"

test_that("every platform's link gives its platform, ID, time and context", {
  links <- c(
    twitter = "https://x.com/Wikipedia/status/1888944671579078978?s=20",
    discord = "https://discord.com/channels/197038439483310086/197038439483310087/175928847299117063",
    mastodon = "https://mastodon.social/@Gargron/103270115826048975",
    bluesky = "https://bsky.app/profile/jay.bsky.team/post/3l25zusnsfck2",
    instagram = "https://www.instagram.com/p/DHtWpRvMBiw/",
    threads = "https://www.threads.net/@zuck/post/DHtWpRvMBiw",
    tiktok = "https://www.tiktok.com/@billnye/video/6854717870488702213",
    linkedin = "urn:li:activity:7206271470342131712"
  )
  out <- id_from_url(unname(links))
  expect_s3_class(out, "data.frame")
  expect_identical(names(out), c("platform", "layout", "id", "time", "kind", "user", "instance", "guild",
                                 "channel"))
  expect_identical(out$platform, names(links))
  expect_identical(out$layout, c("twitter", "discord", "mastodon", "tid", "instagram", "instagram", "tiktok",
                                 "linkedin"))
  expect_identical(out$id, c(tweet, "175928847299117063", "103270115826048975",
                             as.character(id_from_tid("3l25zusnsfck2")),
                             "3597631270905977008", "3597631270905977008", "6854717870488702213",
                             "7206271470342131712"))
  # Each time is id_time() of the ID under the layout: exactly the same.
  for (i in seq_along(links)) {
    expect_identical(out$time[i], id_time(out$id[i], out$layout[i]), label = names(links)[i])
  }
  expect_identical(attr(out$time, "tzone"), "UTC")
  expect_identical(format(out$time[[2]], "%Y-%m-%d %H:%M:%OS3"), "2016-04-30 11:18:25.796")
  expect_identical(out$kind, c("status", "message", "status", "app.bsky.feed.post", "post", "post", "video",
                               "activity"))
  expect_identical(out$user, c("Wikipedia", NA, "Gargron", "jay.bsky.team", NA, "zuck", "billnye", NA))
  expect_identical(out$instance, c(NA, NA, "mastodon.social", NA, NA, NA, NA, NA))
  expect_identical(out$guild, c(NA, "197038439483310086", rep(NA, 6)))
  expect_identical(out$channel, c(NA, "197038439483310087", rep(NA, 6)))
})

test_that("the documented and sources' examples read as their sources say", {
  # Ollie-Boyd's LinkedIn extractor: the post of 2024-06-11T12:30:04Z.
  expect_identical(format(id_from_url("urn:li:activity:7206271470342131712")$time, "%Y-%m-%dT%H:%M:%S"),
                   "2024-06-11T12:30:04")
  # Bill Nye's TikTok of 2020-07-29T02:06:13Z, 872 ms (the 10-bit field).
  tiktok <- id_from_url("https://www.tiktok.com/@billnye/video/6854717870488702213")
  expect_identical(format(tiktok$time, "%Y-%m-%dT%H:%M:%S"), "2020-07-29T02:06:13")
  expect_identical(id_fields(tiktok$id, "tiktok")$millisecond, 872L)
  # Mastodon's API docs: status 103270115826048975 of 2019-12-08T03:48:33.849Z.
  mastodon <- id_from_url("https://mastodon.social/@Gargron/103270115826048975")
  expect_identical(id_time(mastodon$id, "mastodon", as = "ms"), 1575776913849)
  expect_identical(format(mastodon$time, "%Y-%m-%dT%H:%M:%S"), "2019-12-08T03:48:33")
})

test_that("text that is no link, and NA, give rows of NA silently", {
  x <- c("https://www.r-project.org/", "hello", NA, "", "mailto:a@b.org", "https://t.co/abc", "%s%n")
  expect_silent(out <- id_from_url(x))
  expect_identical(nrow(out), length(x))
  expect_true(all(is.na(out$platform)))
  expect_true(all(is.na(out$id)))
  expect_true(all(is.na(out$time)))
  expect_identical(id_from_url(NA)$id, NA_character_)
  expect_identical(nrow(id_from_url(character())), 0L)
  expect_s3_class(id_from_url(character())$time, "POSIXct")
})

test_that("a platform's link that names no ID gives its platform and context, silently", {
  expect_silent(out <- id_from_url(c(
    "https://x.com/Wikipedia", "https://bsky.app/profile/jay.bsky.team",
    "at://did:plc:oky5czdrnfjpqslsw2a5iclo/app.bsky.actor.profile/self", "https://discord.com/channels/@me"
  )))
  expect_identical(out$platform, c("twitter", "bluesky", "bluesky", "discord"))
  expect_true(all(is.na(out$id) & is.na(out$layout) & is.na(out$time)))
  expect_identical(out$user[1:3], c("Wikipedia", "jay.bsky.team", "did:plc:oky5czdrnfjpqslsw2a5iclo"))
  expect_identical(out$kind[3], "app.bsky.actor.profile")
  expect_identical(out$guild[4], "@me")
})

test_that("links with a malformed ID are invalid entries: NA and one warning", {
  x <- c("https://x.com/jack/status/12a", "https://x.com/jack/status/1888944671579078978",
         "https://www.instagram.com/p/DH.WpRvMBiw/", "https://x.com/jack/status/9223372036854775808",
         "hello")
  w <- tryCatch(id_from_url(x), warning = identity)
  expect_s3_class(w, c("zuid_warning_invalid", "zuid_warning"))
  expect_identical(w$count, 3)
  expect_identical(w$positions, c(1, 3, 4))
  expect_match(conditionMessage(w), paste0(
    "3 of 5 entries of `x` are links or IDs that are not valid and became NA (at 1, 3, 4). The first, ",
    "\"https://x.com/jack/status/12a\": its ID \"12a\" is not decimal digits."
  ), fixed = TRUE)
  out <- suppressWarnings(id_from_url(x), classes = "zuid_warning_invalid")
  expect_identical(out$id, c(NA, tweet, NA, NA, NA))
  expect_identical(out$platform, c("twitter", "twitter", "instagram", "twitter", NA))
  expect_identical(out$kind, c("status", "status", "post", "status", NA))
})

test_that("tweets and Mastodon statuses older than their layout keep their ID, without a time", {
  x <- c("https://twitter.com/jack/status/20", "https://mastodon.social/@Gargron/1",
         "https://x.com/Wikipedia/status/1888944671579078978")
  caught <- with_warnings(id_from_url(x))
  out <- caught$value
  warnings <- caught$warnings
  # One warning for the call, with each layout's kind in `kinds`.
  expect_length(warnings, 1L)
  w <- warnings[[1]]
  expect_s3_class(w, c("zuid_warning_entries", "zuid_warning_before_layout"))
  expect_identical(vapply(w$kinds, `[[`, "", "first_id"), c("29700859248", "5662310400000"),
                   ignore_attr = TRUE)
  expect_identical(w$positions, c(1, 2))
  expect_match(conditionMessage(w), "where the twitter layout's IDs begin", fixed = TRUE)
  expect_match(conditionMessage(w), "where the mastodon layout's IDs begin", fixed = TRUE)
  expect_no_match(conditionMessage(w), "bit64::integer64", fixed = TRUE)
  expect_identical(out$id, c("20", "1", tweet))
  expect_identical(is.na(out$time), c(TRUE, TRUE, FALSE))
})

test_that("bare IDs give their ID, and decode with `layout`", {
  x <- c("https://twitter.com/jack/status/1888944671579078978", tweet, paste0("x", tweet),
         paste0(tweet, ".0"), "20")
  out <- id_from_url(x)
  expect_identical(out$id, c(tweet, tweet, tweet, tweet, "20"))
  expect_identical(out$platform, c("twitter", NA, NA, NA, NA))
  expect_identical(out$layout, c("twitter", NA, NA, NA, NA))
  expect_identical(is.na(out$time), c(FALSE, TRUE, TRUE, TRUE, TRUE))
  expect_warning(with_layout <- id_from_url(x, layout = "x"), class = "zuid_warning_before_layout")
  expect_identical(with_layout$layout, rep("twitter", 5))
  expect_identical(with_layout$time[1:4], rep(with_layout$time[[1]], 4))
  expect_true(is.na(with_layout$time[[5]]))
  # Under the tid layout its text is read; links keep their own layout.
  tid <- id_from_url(c("3l25zusnsfck2", "https://x.com/Wikipedia/status/1888944671579078978"), layout = "tid")
  expect_identical(tid$layout, c("tid", "twitter"))
  expect_identical(tid$time[[1]], id_time("3l25zusnsfck2", "tid"))
  # A bare ID the layout cannot hold is invalid under it.
  expect_warning(id_from_url("9223372036854775808", layout = "twitter"), class = "zuid_warning_invalid")
  expect_silent(id_from_url("9223372036854775808"))
  acme <- id_layout(name = "acme", time = list(bits = 41, unit = "ms", epoch = 0), fields = list(n = 10),
                    sequence = 12)
  expect_identical(id_from_url("4194304", layout = acme)$layout, "acme")
})

test_that("the columns turn into IDs exactly, one layout at a time", {
  out <- id_from_url(c("https://x.com/a/status/1888944671579078978", "https://x.com/b/status/1888944671579078979"))
  ids <- as_zuid_id(out$id, out$layout[[1]])
  expect_identical(as.character(ids), c(tweet, "1888944671579078979"))
  expect_identical(id_time(ids), out$time)
})

test_that("links read as people paste them, from a chat export", {
  # Markdown, Discord's <...>, a sentence's punctuation, an exporter's %29;
  # balanced brackets in a path stay part of it.
  link <- "https://x.com/Wikipedia/status/1888944671579078978"
  pasted <- c(paste0(link, ")"), paste0("(", link, ")."), paste0("<", link, ">"), paste0(link, "."),
              paste0(link, ","), paste0(link, "]"), paste0("\"", link, "\""), paste0(link, "%29"),
              paste0(link, "%3E"), paste0(" ", link, "\n"))
  expect_silent(out <- id_from_url(pasted))
  expect_identical(out$id, rep(tweet, length(pasted)))
  expect_identical(out$user, rep("Wikipedia", length(pasted)))
  comment <- id_from_url("urn:li:comment:(activity:7206271470342131712,7243992047441870850).")
  expect_identical(comment$id, "7243992047441870850")
  expect_true(is.na(id_from_url("https://en.wikipedia.org/wiki/Mercury_(planet)")$platform))
})

test_that("mirrors of tweets and Discord's other hosts are their platforms' links", {
  hosts <- c("fxtwitter.com", "vxtwitter.com", "fixupx.com", "fixvx.com", "twittpr.com", "nitter.net",
             "nitter.poast.org", "xcancel.com", "mobile.twitter.com")
  out <- id_from_url(sprintf("https://%s/Wikipedia/status/1888944671579078978", hosts))
  expect_identical(out$platform, rep("twitter", length(hosts)))
  expect_identical(out$id, rep(tweet, length(hosts)))
  message <- "/channels/197038439483310086/197038439483310087/175928847299117063"
  discord <- id_from_url(paste0("https://", c("canary.discord.com", "ptb.discord.com", "discordapp.com",
                                             "canary.discordapp.com"), message))
  expect_identical(discord$platform, rep("discord", 4))
  expect_identical(discord$id, rep("175928847299117063", 4))
})

test_that("a profile link gives its user, with no ID or time", {
  out <- id_from_url(c("https://x.com/Wikipedia", "https://nitter.net/jack/", "https://www.instagram.com/natgeo/",
                       "https://www.tiktok.com/@billnye", "https://www.threads.net/@zuck", "https://x.com/home"))
  expect_identical(out$platform, c("twitter", "twitter", "instagram", "tiktok", "threads", "twitter"))
  expect_identical(out$user, c("Wikipedia", "jack", "natgeo", "billnye", "zuck", NA))
  expect_true(all(is.na(out$id) & is.na(out$time) & is.na(out$kind)))
})

test_that("the warning quotes the part of the entry that is wrong, whole", {
  long <- paste0("https://discord.com/channels/197038439483310086/197038439483310087/", "17592884729911706x")
  w <- tryCatch(id_from_url(c(long, "fine")), warning = identity)
  expect_s3_class(w, "zuid_warning_invalid")
  expect_match(conditionMessage(w), "its ID \"17592884729911706x\" is not decimal digits", fixed = TRUE)
})

test_that("digits of 2^64 or more warn as as_zuid_id() does", {
  x <- c("18446744073709551616", "18446744073709551615", " 99999999999999999999999 ")
  expect_warning(as_zuid_id(x[1]), class = "zuid_warning_invalid")
  w <- tryCatch(id_from_url(x), warning = identity)
  expect_s3_class(w, "zuid_warning_invalid")
  expect_identical(w$positions, c(1, 3))
  expect_match(conditionMessage(w), "\"18446744073709551616\": its ID is 2^64 or more", fixed = TRUE)
  out <- suppressWarnings(id_from_url(x, layout = "discord"), classes = "zuid_warning_invalid")
  expect_identical(out$id, c(NA, "18446744073709551615", NA))
})

test_that("a Mastodon link whose ID holds no post's time is NA, with the call's one warning", {
  # On any host `/@<user>/<digits>` reads as Mastodon's: 2^63 - 1 decodes to
  # the year 10889, 41382604800000000 to 1990, before the fediverse began.
  x <- c("https://example.org/@someone/9223372036854775807", "https://example.org/@someone/41382604800000000",
         "https://mastodon.social/@Gargron/103270115826048975", "https://x.com/jack/status/12a",
         "18446744073709551616")
  caught <- with_warnings(id_from_url(x))
  out <- caught$value
  warnings <- caught$warnings
  expect_length(warnings, 1L)
  expect_s3_class(warnings[[1]], c("zuid_warning_invalid", "zuid_warning"))
  expect_identical(warnings[[1]]$positions, c(1, 2, 4, 5))
  expect_match(conditionMessage(warnings[[1]]), "no Mastodon post has", fixed = TRUE)
  expect_identical(out$id, c(NA, NA, "103270115826048975", NA, NA))
  expect_identical(out$platform[1:3], rep("mastodon", 3))
  expect_identical(out$instance[1:2], rep("example.org", 2))
  # Now is within the window, a week ahead is not.
  now <- id_from_time(Sys.time(), "mastodon", as = "character")
  week <- id_from_time(Sys.time() + 7 * 86400, "mastodon", as = "character")
  expect_silent(id_from_url(paste0("https://a.example/@b/", now)))
  expect_warning(id_from_url(paste0("https://a.example/@b/", week)), class = "zuid_warning_invalid")
})

test_that("wrong arguments are errors", {
  expect_snapshot(cnd_class = TRUE, error = TRUE, {
    id_from_url(1888944671579078978)
    id_from_url(factor("https://x.com/jack/status/20"))
    id_from_url(list("https://x.com/jack/status/20"))
    id_from_url("https://x.com/jack/status/20", layout = "twiter")
    id_from_url("https://x.com/jack/status/20", layout = "sonyflake")
  })
})

test_that("the warnings read well", {
  expect_snapshot(cnd_class = TRUE, {
    out <- id_from_url(c("https://x.com/jack/status/12a", "https://www.instagram.com/p/a.b/",
                         "https://x.com/jack/status/20", "https://mastodon.social/@Gargron/1"))
    out <- id_from_url(c(paste0("https://discord.com/channels/197038439483310086/197038439483310087/",
                                "17592884729911706x)."), "https://example.org/@someone/9223372036854775807"))
    out <- id_from_url(c("https://example.org/@someone/9223372036854775807",
                         "https://x.com/a/status/1888944671579078978"))
    out <- id_from_url(c("18446744073709551616", "https://x.com/a/status/1888944671579078978"))
  })
})

test_that("hostile text neither crashes nor is misread", {
  hostile <- c(strrep("https://x.com/", 1e4), paste0("https://x.com/jack/status/", strrep("9", 1e5)),
               "https://x.com/jack/status/\u0661\u0662", iconv("https://x.com/caf\u00e9/status/1", "UTF-8", "latin1"),
               rawToChar(as.raw(c(0x68, 0x74, 0x74, 0x70, 0x3a, 0x2f, 0x2f, 0xff))), "at://%00/x/y",
               "https://x.com/jack/status/1\n2", "urn:li:activity:(((", "https://x.com/%ff%fe/status/20")
  out <- suppressWarnings(id_from_url(hostile))
  expect_identical(nrow(out), length(hostile))
  expect_true(all(is.na(out$time)))
  expect_identical(out$id[[length(hostile)]], "20")
  expect_true(is.na(out$user[[length(hostile)]]))
})

test_that("a million links read in one call", {
  x <- rep(c("https://x.com/Wikipedia/status/1888944671579078978", "https://www.r-project.org/"), 5e5)
  out <- id_from_url(x)
  expect_identical(sum(!is.na(out$id)), 5e5L)
})
