# make demo: decodes documented example IDs and a column of IDs.
library(zuid)

# ISO 8601 with milliseconds from the integer milliseconds: format()'s %OS3
# truncates, and 1575776913.849 is stored as 1575776913.8489999...
iso_ms <- function(t) {
  ms <- round(as.numeric(t) * 1000)
  seconds <- as.POSIXct(ms %/% 1000, origin = "1970-01-01", tz = "UTC")
  sprintf("%s.%03dZ", format(seconds, "%Y-%m-%dT%H:%M:%S"), as.integer(ms %% 1000))
}

show <- function(title, value) {
  cat("\n## ", title, "\n", sep = "")
  print(value)
}

show("Twitter's layout", id_layout("twitter"))

examples <- data.frame(
  platform = c("discord", "twitter", "mastodon"),
  id = c("175928847299117063", "1888944671579078978", "103270115826048975"),
  source = c("Discord API reference", "tweet used by Wikipedia", "Mastodon API docs")
)
for (i in seq_len(nrow(examples))) {
  fields <- id_fields(examples$id[[i]], examples$platform[[i]])
  fields$time <- iso_ms(fields$time)
  show(sprintf("%s ID %s (%s)", examples$platform[[i]], examples$id[[i]], examples$source[[i]]), fields)
}

scru64 <- id_fields("0u2pf62ji4b9", id_layout("scru64", node_bits = 8))
scru64$time <- iso_ms(scru64$time)
show("SCRU64 text 0u2pf62ji4b9, with an 8-bit node", scru64)

# 128-bit IDs are text, in any spelling their specifications accept.
uuid <- "017F22E2-79B0-7CC3-98C4-DC0C0C07398F"
show(sprintf("UUIDv7 %s (RFC 9562, appendix A)", uuid), iso_ms(id_time(uuid, "uuidv7")))
show("the same 128 bits as a ULID", id_to_text(uuid, "ulid"))

path <- system.file("extdata", "discord-messages.csv", package = "zuid")
messages <- read.csv(path, colClasses = c(id = "character"))
fields <- id_fields(messages$id, "discord")
show(sprintf("%d made-up Discord messages: created between", nrow(messages)),
     range(fields$time))
show("messages per worker", table(worker = fields$worker))

ids <- rep(messages$id, length.out = 1e6)
elapsed <- system.time(id_fields(ids, "discord"))[["elapsed"]]
cat(sprintf("\nid_fields() on 1,000,000 IDs as text: %.3f s\n", elapsed))

cat("\n## One ID bit by bit\n")
id_explain("1888944671579078978", "twitter")

# The vignette comes with make demo's install (a built tarball).
if (nrow(vignette(package = "zuid")$results) == 0L) {
  stop("the vignette was not installed: run make demo, not make install")
}
cat('\nNext: the vignette walks through all of it on a shipped data set:\n',
    '  R_LIBS=.lib R -e \'vignette("reading-ids", package = "zuid")\'\n', sep = "")
