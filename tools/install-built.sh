#!/bin/sh
# make demo's install: R CMD build (which builds the vignette), then
# R CMD INSTALL of the tarball into .lib/, so that
# vignette("reading-ids", package = "zuid") is found afterwards.
# R CMD INSTALL of the source directory (make install, the quick one for
# working on zuid) installs no vignettes. As in tools/check.sh, the build
# starts from a copy of the files git has or would add: R CMD build copies
# the whole directory first, and the engines' .venv alone is 1.5 GB.
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
lib="$root/${1:-.lib}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source_dir="$root"
if git -C "$root" rev-parse --is-inside-work-tree > /dev/null 2>&1; then
    source_dir="$work/source/zuid"
    mkdir -p "$source_dir"
    (cd "$root" && git ls-files -z --cached --others --exclude-standard |
        tar --null --files-from=- --ignore-failed-read -cf -) | tar -xf - -C "$source_dir"
fi
mkdir -p "$lib"
cd "$work"
echo "building zuid with its vignette (a few minutes)"
R CMD build --no-manual "$source_dir" > "$lib/build.log" 2>&1 || { cat "$lib/build.log"; exit 1; }
R CMD INSTALL --library="$lib" zuid_*.tar.gz > "$lib/install.log" 2>&1 || { cat "$lib/install.log"; exit 1; }
echo "installed zuid with its vignette into $lib/"
