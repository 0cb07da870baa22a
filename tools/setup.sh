#!/bin/sh
# Installs what zuid needs on a fresh Debian 12 / Ubuntu machine, as root:
# R 4.2 and the R packages from Debian's r-cran-* packages (CRAN is not
# needed), pandoc for the vignette, qpdf and checkbashisms for
# R CMD check --as-cran. Rust (cargo, rustc) must already be installed.
# Does nothing when everything is there already.
set -eu

packages="r-base-dev r-cran-testthat r-cran-bit64 r-cran-knitr r-cran-rmarkdown
r-cran-bench r-cran-dplyr r-cran-pkgbuild r-cran-codetools pandoc qpdf tidy devscripts"

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

PATH="$PATH:$HOME/.cargo/bin"
if ! command -v cargo > /dev/null 2>&1 || ! command -v rustc > /dev/null 2>&1; then
    echo "setup: zuid needs Rust (cargo and rustc); install it first, e.g. from rustup." >&2
    exit 1
fi
echo "setup: $(R --version | head -n 1); $(rustc --version)"
