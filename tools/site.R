# Builds zuid's pkgdown site (README as home, the reference grouped as in
# _pkgdown.yml, the vignette, NEWS) and checks it:
#   - every documented topic is in _pkgdown.yml's reference index,
#   - every example runs without an error,
#   - every link from one page of the site to another (and every image or
#     script it loads from the site) points at a file that exists.
# Exits with status 1 and says what is wrong when any of these fails.
#
#   Rscript tools/site.R DEST [LIB]
# DEST is where the site goes (make site: docs/); LIB, when given, is a
# library holding an installed zuid (make test passes the one R CMD check
# installed), used instead of installing zuid again. Run from the package root.
#
# The build needs no network: pkgdown.internet = FALSE stops pkgdown 2.0.7
# from asking CRAN and Bioconductor whether zuid is published there (for a
# "View on CRAN" link) and crandb for release dates in the news.

args <- commandArgs(trailingOnly = TRUE)
if (length(args) < 1) stop("usage: Rscript tools/site.R DEST [LIB]")
dest <- normalizePath(args[1], mustWork = FALSE)
if (length(args) >= 2) {
  lib <- normalizePath(args[2], mustWork = TRUE)
  .libPaths(c(lib, .libPaths()))
  # The vignette is rendered in a child R process, which reads R_LIBS.
  Sys.setenv(R_LIBS = paste(.libPaths(), collapse = .Platform$path.sep))
}
if (!requireNamespace("zuid", quietly = TRUE)) {
  stop("zuid is not installed in ", paste(.libPaths(), collapse = ", "), "; run make install first")
}
options(pkgdown.internet = FALSE)

bad <- function(...) {
  cat("SITE CHECK FAILED: ", ..., "\n", sep = "")
  quit(status = 1, save = "no")
}

# Topics missing from the reference index make pkgdown stop; say which ones
# in a line of our own, so that the fix (add them to _pkgdown.yml) is plain.
# Only plain topic names are compared here; with selectors such as
# starts_with() in _pkgdown.yml, pkgdown's own error names the topics.
pkg <- pkgdown::as_pkgdown(".", override = list(destination = dest))
listed <- unlist(lapply(pkg$meta$reference, function(section) section$contents))
if (!any(grepl("(", listed, fixed = TRUE))) {
  topics <- pkg$topics[!pkg$topics$internal, ]
  in_index <- vapply(seq_len(nrow(topics)), function(i) {
    any(c(topics$name[i], topics$alias[[i]]) %in% listed)
  }, logical(1))
  if (!all(in_index)) {
    missing <- vapply(which(!in_index), function(i) {
      sprintf("%s (%s)", topics$name[i], paste(topics$alias[[i]], collapse = ", "))
    }, character(1))
    bad("topics missing from the reference index in _pkgdown.yml: ", paste(missing, collapse = "; "),
        ". Add each under the reference section for its task, or mark it @keywords internal.")
  }
}

unlink(dest, recursive = TRUE)
built <- tryCatch({
  pkgdown::build_site(".", examples = TRUE, devel = FALSE, install = FALSE, new_process = FALSE,
                      preview = FALSE, override = list(destination = dest))
  TRUE
}, error = function(e) {
  cat(conditionMessage(e), "\n")
  FALSE
})
if (!built) bad("pkgdown::build_site() stopped with the error above")

pages <- list.files(dest, pattern = "\\.html$", recursive = TRUE, full.names = TRUE)
cat("\n", length(pages), " pages in ", dest, "\n", sep = "")
problems <- character()

# An example that fails leaves pkgdown's error markup in its page.
for (page in list.files(file.path(dest, "reference"), pattern = "\\.html$", full.names = TRUE)) {
  html <- readLines(page, warn = FALSE)
  errors <- grep("class=\"r-err", html, value = TRUE)
  if (length(errors)) {
    text <- gsub("<[^>]+>", "", errors)
    text <- gsub("&gt;", ">", gsub("&lt;", "<", gsub("&quot;", "\"", text, fixed = TRUE), fixed = TRUE), fixed = TRUE)
    problems <- c(problems, sprintf("%s: an example fails: %s", basename(page), trimws(text[1])))
  }
}

# Links within the site: relative href/src values, resolved against the
# page's folder, must name a file (a folder means its index.html).
for (page in pages) {
  html <- paste(readLines(page, warn = FALSE), collapse = "\n")
  refs <- regmatches(html, gregexpr("(href|src)=\"[^\"]*\"", html))[[1]]
  refs <- unique(sub("^(href|src)=\"([^\"]*)\"$", "\\2", refs))
  refs <- refs[nzchar(refs) & !grepl("^([a-zA-Z][a-zA-Z0-9+.-]*:|#|//)", refs)]
  for (ref in refs) {
    target <- utils::URLdecode(sub("[?#].*$", "", ref))
    if (!nzchar(target)) next
    path <- file.path(dirname(page), target)
    if (dir.exists(path)) path <- file.path(path, "index.html")
    if (!file.exists(path)) {
      problems <- c(problems, sprintf("%s links to %s, which does not exist", sub(paste0(dest, "/"), "", page, fixed = TRUE), ref))
    }
  }
}

# The pages the home page promises: reference, the article, the news.
for (page in c("index.html", "reference/index.html", "articles/reading-ids.html", "news/index.html")) {
  if (!file.exists(file.path(dest, page))) problems <- c(problems, paste("no", page))
}

if (length(problems)) {
  cat(paste0("  - ", unique(problems)), sep = "\n")
  bad(length(unique(problems)), " problem(s) in the built site")
}
cat("site ok: every topic indexed, every example runs, every internal link resolves\n")
