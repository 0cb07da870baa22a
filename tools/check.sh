#!/bin/sh
# The whole test suite (make test):
#   1. R CMD build (with the vignette), then R CMD check --as-cran
#      --no-manual offline, which must end in "Status: OK", with throwaway
#      PostgreSQL and MariaDB servers, DuckDB, Spark and ClickHouse for the
#      SQL tests;
#   2. CRAN's no-Suggests flavour: the same tarball checked again with
#      _R_CHECK_DEPENDS_ONLY_=true (only Depends and Imports installed), no
#      engines and no vignette rebuild, which must end in "Status: OK" too;
#   3. the R-release flavour: the same tarball checked in a Debian sid
#      chroot (tools/sid.sh: R 4.6 and the current releases of the R
#      packages), in a directory of its own, against the same PostgreSQL
#      and MariaDB servers (their socket directories are shared into the
#      chroot), which must end in "Status: OK" and must have reached both
#      servers; DuckDB, Spark and ClickHouse stay on the Debian 12 flavour.
#      Then the tests of RMariaDB and arrow, which --as-cran cannot see
#      (tools/driver-tests.R). covr's coverage of zuid's R code by its
#      tests, printed as "coverage: N% ...", is measured there too, without
#      the servers, while step 1 runs;
#   4. cargo test of the core and the binding, from the vendored crates;
#   5. the static checks of tools/static-checks.sh (build files, R style
#      with lintr, the shell scripts, roxygen, the workflow, cargo fmt and
#      clippy, the site).
# Ends with the line "N passed, N failed, N skipped" summing the testthat
# expectations of both flavours (from testthat's own summary line in
# R CMD check's output), the Rust tests, the R CMD checks, the coverage run
# and the static checks. CI reads that line.
#
#   sh tools/check.sh          the whole suite, in .check/
#   sh tools/check.sh --fast   make check-fast, the inner loop, in
#                              .check-fast/: steps 1 (no engines, no
#                              vignette) and 4 only
#   sh tools/check.sh --sid DIR TARBALL
#                              step 3's check and driver tests, run inside
#                              the chroot by step 3 (tools/sid.sh run)
#   sh tools/check.sh --coverage DIR TARBALL
#                              step 3's coverage, run inside the chroot
#                              while step 1 runs
set -u
fast=false
sid_dir=""
cov_dir=""
case "${1:-}" in
    --fast) fast=true ;;
    --sid) sid_dir="${2:?check: --sid DIR TARBALL}"; sid_tarball="${3:?check: --sid DIR TARBALL}" ;;
    --coverage) cov_dir="${2:?check: --coverage DIR TARBALL}"; cov_tarball="${3:?check: --coverage DIR TARBALL}" ;;
    "") ;;
    *) echo "check: unknown option $1 (known: --fast, --sid, --coverage)" >&2; exit 2 ;;
esac
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/.check"
$fast && out="$root/.check-fast"

# The settings of every R CMD check here: no CRAN, so R points at an empty
# local repository (the Rprofile in OUT).
check_settings() {
    export R_PROFILE_USER="$1/Rprofile"
    export _R_CHECK_CRAN_INCOMING_=false _R_CHECK_CRAN_INCOMING_REMOTE_=false
    export _R_CHECK_SYSTEM_CLOCK_=FALSE
    # Snapshot tests run only when testthat knows it is not on CRAN.
    export NOT_CRAN=true
}

if [ -z "$sid_dir" ] && [ -z "$cov_dir" ]; then
    rm -rf "$out" && mkdir -p "$out/repo/src/contrib"
    cd "$out" || exit 1
    : > repo/src/contrib/PACKAGES
    echo "options(repos = c(CRAN = \"file://$out/repo\"))" > Rprofile
    check_settings "$out"
    export PATH="$PATH:$HOME/.cargo/bin"
fi

# The engines id_sql()'s tests run against (tools/setup.sh installs them):
# PostgreSQL and MariaDB each on a socket in a directory of its own,
# stopped on exit; DuckDB's program; Spark and ClickHouse (chdb) in .venv's
# Python. Each start prints NAME=VALUE lines for the tests.
start_engines() {
    pg_dir=$(mktemp -d /tmp/zuid-pg.XXXXXX)
    my_dir=$(mktemp -d /tmp/zuid-my.XXXXXX)
    chmod 755 "$pg_dir"
    trap 'sh "$root/tools/postgres.sh" stop "$pg_dir"; sh "$root/tools/mariadb.sh" stop "$my_dir"' EXIT
    for setting in $(sh "$root/tools/postgres.sh" start "$pg_dir") $(sh "$root/tools/mariadb.sh" start "$my_dir"); do
        export "${setting?}"
    done
    if [ -x "$root/.venv/bin/duckdb" ]; then export ZUID_TEST_DUCKDB="$root/.venv/bin/duckdb"; fi
    if [ -x "$root/.venv/bin/pyspark" ]; then export ZUID_TEST_SPARK_PYTHON="$root/.venv/bin/python"; fi
    if "$root/.venv/bin/python" -c "import chdb" > /dev/null 2>&1; then
        export ZUID_TEST_CLICKHOUSE_PYTHON="$root/.venv/bin/python"
    fi
    # Other libraries' IDs, read beside zuid's (test-peers-wide.R).
    if "$root/.venv/bin/python" -c "import uuid6, ulid, typeid, scru128, ksuid, bson" > /dev/null 2>&1; then
        export ZUID_TEST_PEERS_PYTHON="$root/.venv/bin/python"
    fi
    if command -v node > /dev/null 2>&1 && [ -d "$root/tools/peers/node_modules" ]; then
        ZUID_TEST_PEERS_NODE=$(command -v node)
        export ZUID_TEST_PEERS_NODE ZUID_TEST_PEERS_NODE_MODULES="$root/tools/peers/node_modules"
    fi
}

# check_tarball DIR TARBALL ARGS...: R CMD check in DIR, its log shown;
# fails unless it ends in Status: OK.
check_tarball() {
    dir=$1
    tarball=$2
    shift 2
    mkdir -p "$dir"
    # The tests send Ctrl-C to child R processes: a shell that started this
    # script in the background may have left SIGINT ignored, and R would
    # inherit that.
    (cd "$dir" && $default_sigint R CMD check --as-cran --no-manual "$@" "$tarball" > check.log 2>&1)
    cat "$dir/check.log"
    if grep -q "^Status: OK" "$dir/zuid.Rcheck/00check.log"; then
        return 0
    fi
    echo "R CMD check in $dir did not end in Status: OK" >&2
    for f in "$dir/zuid.Rcheck/00install.out" "$dir/zuid.Rcheck/tests/testthat.Rout.fail"; do
        if [ -f "$f" ]; then tail -n 60 "$f"; fi
    done
    return 1
}

# The four counts of testthat's summary, "[ FAIL n | WARN n | SKIP n |
# PASS n ]", the last such line of tests/testthat.Rout (testthat.Rout.fail
# when tests failed) under DIR/zuid.Rcheck; empty when there is none.
testthat_counts() {
    for f in "$1/zuid.Rcheck/tests/testthat.Rout" "$1/zuid.Rcheck/tests/testthat.Rout.fail"; do
        if [ -f "$f" ]; then
            line=$(grep -E '^\[ FAIL [0-9]+ \| WARN [0-9]+ \| SKIP [0-9]+ \| PASS [0-9]+ \]' "$f" | tail -n 1)
            if [ -n "$line" ]; then
                echo "$line" | sed -e 's/[^0-9][^0-9]*/ /g' -e 's/^ //'
                return 0
            fi
        fi
    done
}

default_sigint=""
if env --default-signal=INT true > /dev/null 2>&1; then default_sigint="env --default-signal=INT"; fi

# Whether the tests of DIR's check met an engine they skip without: the
# skip reasons testthat lists name it ("postgres not found").
engine_skipped() {
    for f in "$1/zuid.Rcheck/tests/testthat.Rout" "$1/zuid.Rcheck/tests/testthat.Rout.fail"; do
        # Anchored: "rpostgres not found" is not "postgres not found".
        if [ -f "$f" ] && grep -Eq "(^|[^a-z])$2 not found" "$f"; then return 0; fi
    done
    return 1
}

# Step 3 inside the chroot: the check of the tarball in DIR, then the
# driver tests against the package it installed.
if [ -n "$sid_dir" ]; then
    check_settings "$root/.check"
    status=0
    check_tarball "$sid_dir" "$sid_tarball" || status=1
    for engine in postgres mysql; do
        if engine_skipped "$sid_dir" "$engine"; then
            echo "R CMD check on R-release: the $engine tests skipped: the server was not reached from the chroot" >&2
            status=1
        fi
    done
    # RMariaDB's and arrow's tests, which --as-cran cannot see (see
    # tools/driver-tests.R), against the package the check installed.
    if [ -d "$sid_dir/zuid.Rcheck/zuid" ]; then
        (cd "$sid_dir" && Rscript "$root/tools/driver-tests.R" "$sid_dir" > drivers.log 2>&1) || status=1
        cat "$sid_dir/drivers.log"
    fi
    exit $status
fi
# Step 3's coverage inside the chroot, from the tarball's sources.
if [ -n "$cov_dir" ]; then
    rm -rf "$cov_dir" && mkdir -p "$cov_dir"
    tar -xzf "$cov_tarball" -C "$cov_dir"
    (cd "$cov_dir" && Rscript "$root/tools/coverage.R" zuid > coverage.log 2>&1)
    exit $?
fi

status=0
$fast || start_engines
# The R-release flavour's chroot, made or brought up to date (about 7
# minutes the first time on a machine, mostly downloads) while the Debian
# 12 flavour runs.
sid_ensure=""
if ! $fast; then
    sh "$root/tools/sid.sh" ensure > "$out/sid-ensure.log" 2>&1 &
    sid_ensure=$!
fi

# 1. The tarball and R CMD check of it. R CMD build copies the whole
# directory before it drops what .Rbuildignore names, and the engines'
# .venv alone is 1.5 GB: in a git checkout it builds from a copy of the
# files git has or would add (uncommitted changes included).
source_dir="$root"
if git -C "$root" rev-parse --is-inside-work-tree > /dev/null 2>&1; then
    source_dir="$out/source/zuid"
    mkdir -p "$source_dir"
    (cd "$root" && git ls-files -z --cached --others --exclude-standard |
        tar --null --files-from=- --ignore-failed-read -cf -) | tar -xf - -C "$source_dir" ||
        source_dir="$root"
fi
if $fast; then
    R CMD build --no-build-vignettes "$source_dir" > build.log 2>&1 || { cat build.log; status=1; }
else
    R CMD build "$source_dir" > build.log 2>&1 || { cat build.log; status=1; }
fi
tarball=""
for f in zuid_*.tar.gz; do
    if [ -f "$f" ]; then tarball="$out/$f"; fi
done
# covr's run of the whole suite takes as long as a check: it runs on
# R-release while the Debian 12 flavour is checked, without the servers
# (the checks use them; covr's figure is of the tests that need none).
cov_job=""
if ! $fast && [ -n "$tarball" ]; then
    (sh "$root/tools/sid.sh" ensure > /dev/null 2>&1 &&
        env -u ZUID_TEST_PG_HOST -u ZUID_TEST_PG_PORT -u ZUID_TEST_MYSQL_SOCKET -u ZUID_TEST_DUCKDB \
            -u ZUID_TEST_SPARK_PYTHON -u ZUID_TEST_CLICKHOUSE_PYTHON -u ZUID_TEST_PEERS_PYTHON \
            -u ZUID_TEST_PEERS_NODE -u ZUID_TEST_PEERS_NODE_MODULES \
            sh "$root/tools/sid.sh" run "sh tools/check.sh --coverage '$out/covr' '$tarball'") \
        > "$out/covr.log" 2>&1 &
    cov_job=$!
fi
checks_passed=0
checks_failed=0
if [ -n "$tarball" ]; then
    if $fast; then
        check_tarball "$out/check" "$tarball" --ignore-vignettes || status=1
    elif check_tarball "$out/check" "$tarball"; then
        checks_passed=$((checks_passed + 1))
    else
        checks_failed=$((checks_failed + 1))
        status=1
    fi
fi
counts=$(testthat_counts "$out/check")
if [ -n "$counts" ]; then
    read -r r_failed r_warned r_skipped r_passed <<EOF
$counts
EOF
else
    echo "no testthat summary in $out/check/zuid.Rcheck/tests: the tests did not run to the end" >&2
    r_passed=0 r_failed=1 r_warned=0 r_skipped=0
    status=1
fi

# 2. CRAN's no-Suggests flavour, on the same tarball, without engines.
if ! $fast && [ -n "$tarball" ]; then
    echo
    echo "== R CMD check with _R_CHECK_DEPENDS_ONLY_=true"
    if (unset ZUID_TEST_PG_HOST ZUID_TEST_MYSQL_SOCKET ZUID_TEST_DUCKDB ZUID_TEST_SPARK_PYTHON \
            ZUID_TEST_CLICKHOUSE_PYTHON ZUID_TEST_PEERS_PYTHON ZUID_TEST_PEERS_NODE ZUID_TEST_PEERS_NODE_MODULES
        export _R_CHECK_DEPENDS_ONLY_=true
        check_tarball "$out/no-suggests" "$tarball" --no-build-vignettes); then
        checks_passed=$((checks_passed + 1))
        read -r n_failed n_warned n_skipped n_passed <<EOF
$(testthat_counts "$out/no-suggests")
EOF
        echo "ok   no-suggests-check (its tests: $n_passed passed, $n_failed failed, $n_skipped skipped, $n_warned warnings)"
    else
        checks_failed=$((checks_failed + 1))
        echo "FAIL no-suggests-check (log: $out/no-suggests/check.log)"
        status=1
    fi
fi

# 3. The R-release flavour, in the sid chroot, on the same tarball, with
# PostgreSQL and MariaDB; the chroot is made (about 7 minutes) the first
# time on a machine and kept.
sid_passed=0 sid_failed=0 sid_skipped=0
if ! $fast && [ -n "$tarball" ]; then
    echo
    echo "== R CMD check on R-release (Debian sid)"
    if wait "$sid_ensure"; then
        sid_status=0
        (unset ZUID_TEST_DUCKDB ZUID_TEST_SPARK_PYTHON ZUID_TEST_CLICKHOUSE_PYTHON ZUID_TEST_PEERS_PYTHON \
                ZUID_TEST_PEERS_NODE ZUID_TEST_PEERS_NODE_MODULES
            sh "$root/tools/sid.sh" run "sh tools/check.sh --sid '$out/sid' '$tarball'") || sid_status=1
    else
        cat "$out/sid-ensure.log"
        sid_status=1
    fi
    counts=$(testthat_counts "$out/sid")
    if [ -n "$counts" ]; then
        read -r sid_failed sid_warned sid_skipped sid_passed <<EOF
$counts
EOF
        echo "R-release tests: $sid_passed passed, $sid_failed failed, $sid_skipped skipped, $sid_warned warnings"
    else
        echo "no testthat summary in $out/sid/zuid.Rcheck/tests: the R-release tests did not run to the end" >&2
        sid_failed=1
    fi
    if [ "$sid_status" -eq 0 ]; then
        checks_passed=$((checks_passed + 1))
        echo "ok   r-release-check"
    else
        checks_failed=$((checks_failed + 1))
        echo "FAIL r-release-check (log: $out/sid/check.log)"
        status=1
    fi
    # The driver tests' counts join the R-release flavour's.
    drivers=$(grep '^driver tests: [0-9]* passed, [0-9]* failed' "$out/sid/drivers.log" 2> /dev/null | tail -n 1)
    if [ -n "$drivers" ]; then
        read -r d_passed d_failed d_skipped <<EOF
$(echo "$drivers" | sed -e 's/[^0-9][^0-9]*/ /g' -e 's/^ //')
EOF
        echo "R-release driver tests (RMariaDB, arrow): $d_passed passed, $d_failed failed, $d_skipped skipped"
        sid_passed=$((sid_passed + d_passed))
        sid_failed=$((sid_failed + d_failed))
    fi
    if [ -z "$drivers" ] || grep -q "did not run" "$out/sid/drivers.log"; then
        echo "FAIL r-release driver tests (log: $out/sid/drivers.log)"
        sid_failed=$((sid_failed + 1))
    fi
    wait "$cov_job"
    cat "$out/covr/coverage.log" 2> /dev/null
    if grep -q "^coverage: " "$out/covr/coverage.log" 2> /dev/null; then
        checks_passed=$((checks_passed + 1))
    else
        checks_failed=$((checks_failed + 1))
        echo "FAIL coverage (log: $out/covr.log, $out/covr/coverage.log)"
        status=1
    fi
fi

# 4. cargo test of the core and of the binding (which runs R embedded),
# offline, from the same vendored crates.
mkdir -p cargo && cd cargo || exit 1
tar -xJf "$root/src/rust/vendor.tar.xz"
mkdir -p .cargo && cp "$root/src/rust/vendor-config.toml" .cargo/config.toml
CARGO_HOME="$out/cargo/.cargo" cargo test --offline --locked --workspace \
    --manifest-path "$root/src/rust/Cargo.toml" --target-dir "$out/cargo/target" \
    > "$out/cargo-test.log" 2>&1 || status=1
cat "$out/cargo-test.log"
cd "$out" || exit 1
rust_passed=$(grep '^test result:' cargo-test.log | sed 's/.* \([0-9][0-9]*\) passed.*/\1/' | awk '{s += $1} END {print s + 0}')
rust_failed=$(grep '^test result:' cargo-test.log | sed 's/.* \([0-9][0-9]*\) failed.*/\1/' | awk '{s += $1} END {print s + 0}')
if [ "$rust_passed" -eq 0 ]; then
    echo "cargo test ran no test" >&2
    rust_failed=$((rust_failed + 1))
fi
if [ "$rust_failed" -ne 0 ] || [ "$r_failed" -ne 0 ] || [ "$sid_failed" -ne 0 ]; then status=1; fi

# 5. The static checks; the installed zuid of R CMD check builds the site.
s_passed=0 s_failed=0 s_skipped=0
if ! $fast; then
    echo
    echo "== static checks"
    ZUID_LIB="$out/check/zuid.Rcheck" sh "$root/tools/static-checks.sh" "$out" > static-checks.log 2>&1 || status=1
    grep -v '^[0-9]* passed, [0-9]* failed, [0-9]* skipped$' static-checks.log
    last=$(tail -n 1 static-checks.log)
    case "$last" in
        *" passed, "*" failed, "*" skipped")
            read -r s_passed s_failed s_skipped <<EOF
$(echo "$last" | sed -e 's/[^0-9][^0-9]*/ /g' -e 's/^ //')
EOF
            ;;
        *)
            echo "the static checks did not finish" >&2
            s_failed=1
            status=1
            ;;
    esac
fi
s_passed=$((s_passed + checks_passed))
s_failed=$((s_failed + checks_failed))

echo
echo "testthat on Debian 12: $r_passed passed, $r_failed failed, $r_skipped skipped ($r_warned warnings); testthat on R-release: $sid_passed passed, $sid_failed failed, $sid_skipped skipped; cargo test: $rust_passed passed, $rust_failed failed; checks: $s_passed passed, $s_failed failed"
echo "$((r_passed + sid_passed + rust_passed + s_passed)) passed, $((r_failed + sid_failed + rust_failed + s_failed)) failed, $((r_skipped + sid_skipped + s_skipped)) skipped"
exit $status
