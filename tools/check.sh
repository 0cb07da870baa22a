#!/bin/sh
# The whole test suite: R CMD build (with the vignette), then
# R CMD check --as-cran --no-manual offline, which must end in
# "Status: OK", with throwaway PostgreSQL and MariaDB servers, DuckDB,
# Spark and ClickHouse for the SQL tests; then cargo test of the Rust core
# from the vendored crates; then the static checks of tools/static-checks.sh
# (build files, MSRV, workflow, cargo fmt and clippy, the pkgdown site).
# Ends with the line "N passed, N failed, N skipped" summing the testthat
# expectations (from testthat's own summary line in R CMD check's output),
# the Rust tests and the static checks. CI reads that line.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/.check"
rm -rf "$out" && mkdir -p "$out/repo/src/contrib"
cd "$out" || exit 1

# No CRAN here: point R at an empty local repository.
: > repo/src/contrib/PACKAGES
echo "options(repos = c(CRAN = \"file://$out/repo\"))" > Rprofile
export R_PROFILE_USER="$out/Rprofile"
export _R_CHECK_CRAN_INCOMING_=false _R_CHECK_CRAN_INCOMING_REMOTE_=false
export _R_CHECK_SYSTEM_CLOCK_=FALSE
# Snapshot tests run only when testthat knows it is not on CRAN.
export NOT_CRAN=true
export PATH="$PATH:$HOME/.cargo/bin"

# The engines id_sql()'s tests run against (tools/setup.sh installs them).
pg_dir=$(mktemp -d /tmp/zuid-pg.XXXXXX)
chmod 755 "$pg_dir"
trap 'sh "$root/tools/postgres.sh" stop "$pg_dir"' EXIT
for setting in $(sh "$root/tools/postgres.sh" start "$pg_dir"); do
    export "$setting"
done
[ -x "$root/.venv/bin/duckdb" ] && export ZUID_TEST_DUCKDB="$root/.venv/bin/duckdb"
[ -x "$root/.venv/bin/pyspark" ] && export ZUID_TEST_SPARK_PYTHON="$root/.venv/bin/python"
# MariaDB on a socket in its own directory, stopped on exit like PostgreSQL;
# ClickHouse runs inside .venv's Python (chdb).
my_dir=$(mktemp -d /tmp/zuid-my.XXXXXX)
trap 'sh "$root/tools/postgres.sh" stop "$pg_dir"; sh "$root/tools/mariadb.sh" stop "$my_dir"' EXIT
for setting in $(sh "$root/tools/mariadb.sh" start "$my_dir"); do
    export "$setting"
done
"$root/.venv/bin/python" -c "import chdb" > /dev/null 2>&1 &&
    export ZUID_TEST_CLICKHOUSE_PYTHON="$root/.venv/bin/python"

status=0
R CMD build "$root" > build.log 2>&1 || { cat build.log; status=1; }
tarball=$(ls zuid_*.tar.gz 2>/dev/null | head -n 1)
if [ -n "$tarball" ]; then
    R CMD check --as-cran --no-manual "$tarball" > check.log 2>&1
    cat check.log
    if ! grep -q "^Status: OK" zuid.Rcheck/00check.log; then
        echo "R CMD check did not end in Status: OK" >&2
        for f in zuid.Rcheck/00install.out zuid.Rcheck/tests/testthat.Rout.fail; do
            [ -f "$f" ] && tail -n 60 "$f"
        done
        status=1
    fi
fi

# cargo test of the core and of the binding (which runs R embedded),
# offline, from the same vendored crates.
mkdir -p cargo && cd cargo || exit 1
tar -xJf "$root/src/rust/vendor.tar.xz"
mkdir -p .cargo && cp "$root/src/rust/vendor-config.toml" .cargo/config.toml
CARGO_HOME="$out/cargo/.cargo" cargo test --offline --locked --workspace \
    --manifest-path "$root/src/rust/Cargo.toml" --target-dir "$out/cargo/target" \
    > "$out/cargo-test.log" 2>&1 || status=1
cat "$out/cargo-test.log"
cd "$out" || exit 1

# testthat's summary, "[ FAIL n | WARN n | SKIP n | PASS n ]", is the last
# such line of tests/testthat.Rout (testthat.Rout.fail when tests failed).
summary=""
for f in zuid.Rcheck/tests/testthat.Rout zuid.Rcheck/tests/testthat.Rout.fail; do
    [ -f "$f" ] && summary=$(grep -E '^\[ FAIL [0-9]+ \| WARN [0-9]+ \| SKIP [0-9]+ \| PASS [0-9]+ \]' "$f" | tail -n 1)
    [ -n "$summary" ] && break
done
if [ -n "$summary" ]; then
    set -- $(echo "$summary" | sed -e 's/[^0-9]/ /g')
    r_failed=$1 r_warned=$2 r_skipped=$3 r_passed=$4
else
    echo "no testthat summary in zuid.Rcheck/tests: the tests did not run to the end" >&2
    r_passed=0 r_failed=1 r_warned=0 r_skipped=0
    status=1
fi

rust_passed=$(grep '^test result:' cargo-test.log | sed 's/.* \([0-9][0-9]*\) passed.*/\1/' | awk '{s += $1} END {print s + 0}')
rust_failed=$(grep '^test result:' cargo-test.log | sed 's/.* \([0-9][0-9]*\) failed.*/\1/' | awk '{s += $1} END {print s + 0}')
[ "$rust_failed" -eq 0 ] && [ "$r_failed" -eq 0 ] || status=1

# The static checks; the installed zuid of R CMD check builds the site.
echo
echo "== static checks"
ZUID_LIB="$out/zuid.Rcheck" sh "$root/tools/static-checks.sh" "$out" > static-checks.log 2>&1 || status=1
grep -v '^[0-9]* passed, [0-9]* failed, [0-9]* skipped$' static-checks.log
set -- $(tail -n 1 static-checks.log | sed -e 's/[^0-9]/ /g')
if [ $# -eq 3 ]; then
    s_passed=$1 s_failed=$2 s_skipped=$3
else
    echo "the static checks did not finish" >&2
    s_passed=0 s_failed=1 s_skipped=0
    status=1
fi

echo
echo "testthat: $r_passed passed, $r_failed failed, $r_skipped skipped ($r_warned warnings); cargo test: $rust_passed passed, $rust_failed failed; static checks: $s_passed passed, $s_failed failed"
echo "$((r_passed + rust_passed + s_passed)) passed, $((r_failed + rust_failed + s_failed)) failed, $((r_skipped + s_skipped)) skipped"
exit $status
