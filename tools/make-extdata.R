# Writes inst/extdata/discord-messages.csv: 3,000 made-up Discord messages
# over four weeks of 2024, with Snowflake IDs built here by bit64 arithmetic
# (independently of zuid) from a time, a worker, a process and a sequence.
# Run from the package root: Rscript tools/make-extdata.R
set.seed(2024)
n <- 3000
epoch_ms <- 1420070400000 # Discord's epoch, 2015-01-01
start_ms <- as.numeric(as.POSIXct("2024-03-04", tz = "UTC")) * 1000
ms <- sort(start_ms + floor(stats::runif(n, 0, 28 * 86400000)))
worker <- sample(0:3, n, replace = TRUE)
process <- sample(0:7, n, replace = TRUE)
sequence <- sample(0:40, n, replace = TRUE)

i64 <- bit64::as.integer64
id <- (i64(ms - epoch_ms) * i64(2)^22) + i64(worker) * i64(2)^17 +
  i64(process) * i64(2)^12 + i64(sequence)

channels <- c("general", "help", "random", "releases")
messages <- data.frame(
  id = as.character(id),
  channel = sample(channels, n, replace = TRUE, prob = c(0.5, 0.3, 0.15, 0.05)),
  author = sprintf("user%03d", sample(1:120, n, replace = TRUE)),
  chars = as.integer(stats::rpois(n, 60) + 1)
)
utils::write.csv(messages, "inst/extdata/discord-messages.csv", row.names = FALSE)
