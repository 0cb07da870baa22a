# make bench: id_from_url() on a million links as a chat export holds them
# (tweets, Discord messages, Mastodon statuses, some pasted in Markdown or
# <...>, some other sites). Issue 39's goal: at least 1 million links per
# second. Not a test: nothing here asserts a time.
suppressPackageStartupMessages({
  library(zuid)
  library(bench)
})

n <- as.integer(Sys.getenv("ZUID_BENCH_LINKS", "1e6"))
set.seed(39)
ids <- format(1.8e18 + sample.int(1e9, n, TRUE) * 1e6, scientific = FALSE, trim = TRUE)
forms <- c("https://x.com/user%d/status/%s", "https://discord.com/channels/197038439483310086/%d/%s",
           "<https://mastodon.social/@user%d/%s>", "(https://fxtwitter.com/user%d/status/%s).",
           "https://www.r-project.org/%d/%s")
form <- sample(forms, n, TRUE, prob = c(0.4, 0.3, 0.1, 0.1, 0.1))
# Mastodon's IDs are milliseconds shifted by 16 bits: 11... is 2023.
ids <- ifelse(grepl("mastodon", form), paste0("11", substr(ids, 3, 18)), ids)
links <- sprintf(form, sample.int(1e4, n, TRUE), ids)
m <- bench::mark(id_from_url(links), iterations = 5, check = FALSE, filter_gc = FALSE)
seconds <- as.numeric(m$median)
# On a shared machine the wall time waits for the cores: the CPU time too.
cpu <- system.time(id_from_url(links))[["user.self"]]
cat(sprintf(paste("id_from_url(): %s links in %.2f s (median of 5): %.2f million links per second;",
                  "%.2f s of CPU time: %.2f million per CPU second\n"),
            format(n, big.mark = ","), seconds, n / seconds / 1e6, cpu, n / cpu / 1e6))
