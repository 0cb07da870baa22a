#!/bin/sh
# Installs what zuid needs on a fresh Debian 12 / Ubuntu machine, as root:
# R 4.2 and the R packages from Debian's r-cran-* packages (CRAN is not
# needed), pandoc for the vignette, qpdf and checkbashisms for
# R CMD check --as-cran. With --engines, also the database engines that
# id_sql()'s tests run against: PostgreSQL from Debian, and DuckDB's
# command-line program and Spark (pyspark, on Java 17) from PyPI in ./.venv.
# Rust (cargo, rustc) must already be installed. Does nothing when
# everything is there already.
set -eu

engines=false
[ "${1:-}" = "--engines" ] && engines=true

packages="r-base-dev r-cran-testthat r-cran-bit64 r-cran-knitr r-cran-rmarkdown r-cran-callr
r-cran-bench r-cran-dplyr r-cran-pkgbuild r-cran-codetools pandoc qpdf tidy devscripts
r-cran-dbi r-cran-rsqlite r-cran-rpostgresql r-cran-dbplyr"
if $engines; then
    packages="$packages postgresql"
    command -v java > /dev/null 2>&1 || packages="$packages openjdk-17-jre-headless"
fi

missing=""
for p in $packages; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
        missing="$missing $p"
    fi
done

if [ -n "$missing" ]; then
    echo "setup: installing$missing"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $missing > /dev/null
fi

# The engines from PyPI, pinned, in a project-local virtual environment.
venv="$(cd "$(dirname "$0")/.." && pwd)/.venv"
if $engines && { [ ! -x "$venv/bin/duckdb" ] || [ ! -x "$venv/bin/pyspark" ]; }; then
    echo "setup: installing duckdb-cli and pyspark into .venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check duckdb-cli==1.5.6 pyspark==4.3.0
fi

PATH="$PATH:$HOME/.cargo/bin"
if ! command -v cargo > /dev/null 2>&1 || ! command -v rustc > /dev/null 2>&1; then
    echo "setup: zuid needs Rust (cargo and rustc); install it first, e.g. from rustup." >&2
    exit 1
fi
echo "setup: $(R --version | head -n 1); $(rustc --version)"
