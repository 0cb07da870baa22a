# The static checks of tools/static-checks.sh that read the package's files
# (no Rust toolchain, no network). Run as
#   Rscript tools/static-checks.R CHECK
# from the package root, where CHECK is one of the names in `checks` below.
# A check prints what it looked at and exits with status 1 when it fails,
# saying why. Base R only (plus yaml, which rmarkdown brings), so that it
# runs wherever R CMD check does.

`%||%` <- function(x, y) if (is.null(x)) y else x

fail <- function(...) {
  cat("FAILED: ", ..., "\n", sep = "")
  quit(status = 1, save = "no")
}

# Every problem of a check, reported together before it fails.
problems <- character()
problem <- function(...) problems <<- c(problems, paste0(...))
finish <- function(what) {
  if (length(problems)) {
    cat(paste0("  - ", problems), sep = "\n")
    fail(length(problems), " problem(s) in ", what)
  }
  cat("ok: ", what, "\n", sep = "")
}

# ---- Cargo.toml, Cargo.lock and the vendored crates -----------------------

# The [table] each line of a TOML file sits in ("" before the first one).
toml_tables <- function(lines) {
  header <- grepl("^\\s*\\[[^]]*\\]\\s*(#.*)?$", lines)
  names <- sub("^\\s*\\[+\\s*([^]]*?)\\s*\\]+.*$", "\\1", lines)
  table <- cumsum(header)
  c("", names[header])[table + 1]
}

# The string value of `key = "..."` in TOML table `table`, or NA.
toml_value <- function(lines, table, key) {
  in_table <- toml_tables(lines) == table
  pattern <- paste0("^\\s*", gsub(".", "\\.", key, fixed = TRUE), "\\s*=\\s*\"([^\"]*)\".*$")
  hit <- in_table & grepl(pattern, lines)
  if (!any(hit)) return(NA_character_)
  sub(pattern, "\\1", lines[hit][1])
}

msrv <- function() {
  lines <- readLines("src/rust/Cargo.toml")
  v <- toml_value(lines, "workspace.package", "rust-version")
  if (is.na(v)) fail("no rust-version = \"...\" in [workspace.package] of src/rust/Cargo.toml")
  v
}

check_rust_version_stated_once <- function() {
  v <- msrv()
  cat("zuid's minimum Rust version (src/rust/Cargo.toml [workspace.package]):", v, "\n")
  for (toml in c("src/rust/Cargo.toml", "src/rust/core/Cargo.toml")) {
    lines <- readLines(toml)
    tables <- toml_tables(lines)
    stated <- grepl("^\\s*rust-version\\s*=", lines)
    if (any(stated & tables != "workspace.package")) {
      problem(toml, ": rust-version is stated outside [workspace.package]; write rust-version.workspace = true")
    }
    if (!any(grepl("^\\s*rust-version\\.workspace\\s*=\\s*true", lines) & tables == "package")) {
      problem(toml, ": its [package] does not inherit rust-version.workspace = true")
    }
  }
  sysreq <- read.dcf("DESCRIPTION", fields = "SystemRequirements")[1, 1]
  if (!grepl(paste0("rustc >= ", gsub(".", "\\.", v, fixed = TRUE), "($|[^0-9.])"), sysreq)) {
    problem("DESCRIPTION's SystemRequirements (", sysreq, ") does not say rustc >= ", v)
  }
  configure <- readLines("configure")
  if (!any(grepl("src/rust/Cargo.toml", configure, fixed = TRUE))) {
    problem("configure does not read rust-version from src/rust/Cargo.toml")
  }
  code <- sub("#.*$", "", configure)
  if (any(grepl("[\"' =]1\\.[0-9]+", code))) {
    problem("configure hard-codes a Rust version: ", paste(trimws(configure[grepl("[\"' =]1\\.[0-9]+", code)]), collapse = "; "))
  }
  readme <- readLines("README.md")
  if (!any(grepl(paste0("rustc ", v, " or later"), readme, fixed = TRUE))) {
    problem("README.md's install section does not say \"rustc ", v, " or later\"")
  }
  finish(paste("rust-version", v, "stated once and repeated in DESCRIPTION and README"))
}

# ---- src/Makevars.in, and the Makevars configure writes from it ----------

# A Makevars file as variables, rules and recipes: comment lines dropped and
# backslash-continued lines joined into one.
read_makevars <- function(path) {
  lines <- readLines(path)
  lines <- lines[!grepl("^\\s*#", lines)]
  text <- gsub("\\\\\n[ \t]*", " ", paste(lines, collapse = "\n"))
  lines <- strsplit(text, "\n", fixed = TRUE)[[1]]
  vars <- list()
  rules <- list()
  current <- NULL
  for (line in lines) {
    if (grepl("^\t", line)) {
      if (is.null(current)) fail(path, ": a recipe line outside a rule: ", line)
      rules[[current]]$recipe <- c(rules[[current]]$recipe, trimws(line))
    } else if (grepl("^[A-Za-z_][A-Za-z0-9_]*\\s*[:?+]?=", line)) {
      name <- sub("^([A-Za-z_][A-Za-z0-9_]*).*$", "\\1", line)
      vars[[name]] <- trimws(sub("^[^=]*=", "", line))
      current <- NULL
    } else if (grepl(":", line, fixed = TRUE)) {
      current <- trimws(sub(":.*$", "", line))
      rules[[current]] <- list(prereqs = trimws(sub("^[^:]*:", "", line)), recipe = character())
    } else if (nzchar(trimws(line))) {
      fail(path, ": a line that is neither a variable nor a rule: ", line)
    }
  }
  list(path = path, vars = vars, rules = rules)
}

# The parts of a recipe's shell commands, split at && and ;.
command_parts <- function(recipe) {
  parts <- unlist(strsplit(recipe, "&&|;;|;", perl = TRUE))
  parts <- trimws(parts)
  parts[nzchar(parts)]
}

tokens <- function(x) strsplit(trimws(x), "\\s+")[[1]]

# src/Makevars as configure writes it from src/Makevars.in, in a copy.
unix_makevars <- function() {
  dir <- tempfile("configure")
  dir.create(file.path(dir, "src", "rust"), recursive = TRUE)
  file.copy("configure", dir)
  file.copy("src/Makevars.in", file.path(dir, "src"))
  file.copy("src/rust/Cargo.toml", file.path(dir, "src", "rust"))
  out <- system2("sh", c("-c", shQuote(sprintf("cd %s && sh ./configure", shQuote(dir)))), stdout = TRUE, stderr = TRUE)
  path <- file.path(dir, "src", "Makevars")
  if (!file.exists(path)) fail("configure did not write src/Makevars: ", paste(out, collapse = "\n"))
  path
}

# Nothing in the Unix build files needs GNU make or GNU tools: macOS has BSD
# tar and sed, and CRAN's macOS builders use them.
check_build_files_portable <- function() {
  path <- unix_makevars()
  makevars <- read_makevars(path)
  raw <- readLines(path)
  code <- raw[!grepl("^\\s*#", raw)]
  # GNU make's directives (outside recipes) and functions (anywhere).
  directives <- "^(ifeq|ifneq|ifdef|ifndef|else|endif|include|define|override|export|vpath)\\b|^[^\t]*:="
  functions <- "\\$\\((shell|subst|patsubst|wildcard|filter|filter-out|foreach|call|eval|if|or|and|word|words|dir|notdir|basename|suffix|addprefix|addsuffix|strip|findstring|sort|realpath|abspath|info|warning|error) "
  for (line in code[grepl(directives, code, perl = TRUE) | grepl(functions, code, perl = TRUE)]) {
    problem("src/Makevars uses GNU make syntax: ", trimws(line))
  }
  for (rule in makevars$rules) {
    for (part in command_parts(rule$recipe)) {
      first <- tokens(part)[1]
      if (identical(first, "tar")) problem("src/Makevars runs tar directly; use $(TAR): ", part)
      if (!(first %in% c("cargo", "rustc")) && grepl("(^|\\s)--[a-z]", part)) {
        problem("src/Makevars passes a GNU-style long option to ", first, ": ", part)
      }
      if (grepl("^(sed\\s.*-i|cp\\s+-a|readlink\\s+-f|grep\\s+-P|xargs\\s+-r|stat\\s+-c|date\\s+-d)", part)) {
        problem("src/Makevars uses a GNU-only flag: ", part)
      }
    }
  }
  for (script in c("configure", "configure.win", "cleanup")) {
    lines <- readLines(script)
    if (!identical(lines[1], "#!/bin/sh")) problem(script, " does not start with #!/bin/sh")
    code <- sub("^\\s*#.*$", "", lines)
    sed_lines <- grep("\\bsed\\b", code, value = TRUE)
    for (line in sed_lines) {
      if (grepl("sed\\s+(-[a-zA-Z]*[ir]|--)", line)) problem(script, ": sed with a GNU-only flag: ", trimws(line))
      if (grepl("\\\\[+?|]", line)) problem(script, ": sed with GNU-only \\+, \\? or \\|: ", trimws(line))
    }
  }
  finish("src/Makevars (as configure writes it), configure, configure.win and cleanup use POSIX make, sh, tar and sed")
}

# ---- DESCRIPTION ------------------------------------------------------------

check_suggests_used <- function() {
  desc <- read.dcf("DESCRIPTION")
  field <- function(name) if (name %in% colnames(desc)) desc[1, name] else ""
  suggests <- trimws(sub("\\(.*$", "", strsplit(field("Suggests"), ",")[[1]]))
  suggests <- suggests[nzchar(suggests)]
  files <- c(list.files("R", full.names = TRUE), list.files("tests", recursive = TRUE, full.names = TRUE),
             list.files("vignettes", pattern = "\\.Rmd$", full.names = TRUE))
  files <- files[grepl("\\.(R|Rmd|r)$", files)]
  builders <- trimws(strsplit(field("VignetteBuilder"), ",")[[1]])
  for (pkg in suggests) {
    q <- gsub(".", "\\.", pkg, fixed = TRUE)
    pattern <- paste0("\\b", q, "::|(library|require|requireNamespace)\\(\\s*[\"']?", q, "\\b")
    users <- files[vapply(files, function(f) any(grepl(pattern, readLines(f, warn = FALSE), perl = TRUE)), logical(1))]
    if (pkg %in% builders) users <- c(users, "DESCRIPTION (VignetteBuilder)")
    cat(sprintf("%-12s used in: %s\n", pkg, if (length(users)) paste(users, collapse = ", ") else "nothing"))
    if (!length(users)) problem(pkg, " is in Suggests but nothing in R/, tests/ or vignettes/ uses it")
  }
  finish("every package in Suggests is used by the package, its tests or its vignette")
}

# ---- the GitHub Actions workflow ------------------------------------------

check_workflow_jobs <- function() {
  path <- ".github/workflows/R-CMD-check.yaml"
  if (!file.exists(path)) fail(path, " does not exist")
  wf <- yaml::read_yaml(path)
  uses <- function(job) vapply(job$steps, function(s) s$uses %||% "", character(1))
  runs <- function(job) paste(vapply(job$steps, function(s) s$run %||% "", character(1)), collapse = "\n")
  check <- wf$jobs[["R-CMD-check"]]
  if (is.null(check)) fail("no R-CMD-check job")
  configs <- check$strategy$matrix$config
  oses <- vapply(configs, function(x) x$os %||% "", character(1))
  for (os in c("ubuntu-latest", "macos-latest", "windows-latest")) {
    if (!(os %in% oses)) problem("the R-CMD-check matrix has no ", os)
  }
  rusts <- vapply(configs, function(x) as.character(x$rust %||% ""), character(1))
  if (!(msrv() %in% rusts)) problem("no R-CMD-check job builds with Rust ", msrv(), ", zuid's rust-version")
  # actions/checkout's major version is left to actionlint, which flags
  # majors whose Node runtime GitHub is retiring.
  if (!any(grepl("^actions/checkout@v[0-9]+$", uses(check)))) problem("the R-CMD-check job does not check out the repository")
  for (action in c("r-lib/actions/setup-r@v2", "r-lib/actions/setup-r-dependencies@v2",
                   "r-lib/actions/check-r-package@v2")) {
    if (!(action %in% uses(check))) problem("the R-CMD-check job does not use ", action)
  }
  if (!any(grepl("^dtolnay/rust-toolchain@", uses(check)))) problem("the R-CMD-check job installs no Rust")
  deps <- Filter(function(s) identical(s$uses, "r-lib/actions/setup-r-dependencies@v2"), check$steps)
  if (length(deps) && (!grepl("any::rcmdcheck", deps[[1]]$with$`extra-packages` %||% "") ||
                       !identical(deps[[1]]$with$needs, "check"))) {
    problem("setup-r-dependencies lacks extra-packages: any::rcmdcheck or needs: check")
  }
  rust <- wf$jobs$rust
  if (is.null(rust)) {
    problem("no rust job")
  } else {
    script <- runs(rust)
    for (cmd in c("cargo test", "cargo fmt --all --check", "cargo clippy")) {
      if (!grepl(cmd, script, fixed = TRUE)) problem("the rust job does not run ", cmd)
    }
    if (!grepl("-D warnings", script, fixed = TRUE)) problem("the rust job's clippy does not deny warnings")
  }
  cat("R-CMD-check on:", paste(unique(oses), collapse = ", "), "; Rust:", paste(unique(rusts), collapse = ", "), "\n")
  finish("the workflow checks on Linux, macOS and Windows, at the MSRV, and runs cargo test, fmt and clippy")
}

# ---- the table of built-in layouts ------------------------------------------

# The rows of the Markdown tables whose first cell names a layout in
# backticks, read by their table's header: a 64-bit table's time bits and
# sequence; a wider table's ("| Name | Width | ...") width, time bits ("by
# version" for a time that is not one run of bits) and whether it sorts.
layout_rows <- function(lines) {
  lines <- sub("^#' ", "", lines)
  headers <- grep("^\\| Name \\|", lines)
  rows <- grep("^\\| `[a-z0-9_]+`", lines)
  header <- lines[headers[findInterval(rows, headers)]]
  cells <- lapply(strsplit(lines[rows], "\\|"), function(x) trimws(x[-1]))
  cell <- function(k) vapply(cells, `[`, "", k)
  bits_of <- function(text) ifelse(grepl("^\\d+ bits", text), sub("^(\\d+) bits.*$", "\\1", text), "by version")
  wide <- grepl("| Width |", header, fixed = TRUE)
  data.frame(name = sub("^`([a-z0-9_]+)`.*$", "\\1", cell(1)),
             width = ifelse(wide, bits_of(cell(2)), "64"),
             bits = ifelse(wide, bits_of(cell(3)), bits_of(cell(2))),
             rest = ifelse(wide, sub("^(\\w+).*$", "\\1", cell(5)), cell(4)))
}

# The README's tables of built-in layouts say what ?id_layout's say (whose
# rows testthat checks against the core's layouts, test-facts.R): the same
# layouts, widths and time bits, and the same sequences (64 bits) or
# whether they sort by time (wider).
check_builtin_table <- function() {
  doc <- layout_rows(readLines("R/layout.R", warn = FALSE))
  readme <- layout_rows(readLines("README.md", warn = FALSE))
  if (sum(doc$width == "64") < 10) problem("R/layout.R: found only ", sum(doc$width == "64"), " rows of 64-bit layouts")
  if (sum(doc$width != "64") < 10) problem("R/layout.R: found only ", sum(doc$width != "64"), " rows of wider layouts")
  for (name in union(doc$name, readme$name)) {
    a <- doc[doc$name == name, ]
    b <- readme[readme$name == name, ]
    said <- function(r) {
      what <- if (r$width == "64") "sequence" else "sorts:"
      sprintf("%s bits wide, %s time bits, %s %s", r$width, r$bits, what, r$rest)
    }
    if (nrow(a) != 1 || nrow(b) != 1) {
      problem(name, ": ", nrow(a), " row(s) in R/layout.R's tables, ", nrow(b), " in README.md's")
    } else if (!identical(said(a), said(b))) {
      problem(name, ": R/layout.R says ", said(a), "; README.md ", said(b))
    }
  }
  finish("README.md's tables of built-in layouts agree with ?id_layout's")
}

# ---- the README's map of the source ---------------------------------------

# Every source file is named in the README's "Layout of the source", each
# core file with its folder's bullet: a map that misses files tells a
# newcomer the wrong place to look.
check_source_map <- function() {
  readme <- readLines("README.md", warn = FALSE)
  start <- grep("^## Layout of the source", readme)
  end <- start + grep("^## ", readme[-seq_len(start)])[1]
  section <- readme[start:(end - 1)]
  bullets <- split(section, cumsum(grepl("^ *- ", section)))
  bullets <- vapply(bullets, paste, character(1), collapse = " ")
  named_in <- function(file, where) any(grepl(paste0("`", file, "`"), where, fixed = TRUE))
  flat <- c(list.files("R", pattern = "\\.R$"), list.files("src/rust/src", pattern = "\\.rs$"))
  for (file in setdiff(flat, c("lib.rs", "zuid-package.R"))) {
    if (!named_in(file, section)) problem(file, " is not named in README.md's map of the source")
  }
  core <- list.files("src/rust/core/src", pattern = "\\.rs$", recursive = TRUE)
  for (path in core[!basename(core) %in% c("lib.rs", "mod.rs")]) {
    folder <- dirname(path)
    where <- if (folder == ".") section else bullets[grepl(paste0("`", folder, "/`"), bullets, fixed = TRUE)]
    if (!named_in(basename(path), where)) {
      problem(path, " is not named in README.md's map of the source", if (folder != ".") " under `", folder, "/`")
    }
  }
  finish("README.md's map of the source names every source file, core files under their folders")
}

# R CMD check's NOTE on Rd lines too wide for the PDF manual, caught before
# a whole check, by the function R CMD check itself calls (its limits).
check_rd_width <- function() {
  found <- tools:::.check_Rd_line_widths(".")
  if (length(found)) problem(paste(utils::capture.output(print(found)), collapse = "\n"))
  finish("no usage or example line in man/ is too wide for R CMD check")
}

checks <- list(
  "source-map" = check_source_map,
  "rd-width" = check_rd_width,
  "builtin-table" = check_builtin_table,
  "rust-version-stated-once" = check_rust_version_stated_once,
  "build-files-portable" = check_build_files_portable,
  "suggests-used" = check_suggests_used,
  "workflow-jobs" = check_workflow_jobs
)

args <- commandArgs(trailingOnly = TRUE)
if (length(args) != 1 || !(args %in% names(checks))) {
  fail("usage: Rscript tools/static-checks.R CHECK, with CHECK one of: ", paste(names(checks), collapse = ", "))
}
checks[[args]]()
