#!/bin/sh
# Re-vendors the Rust crates after a change to src/rust/Cargo.toml:
# refreshes Cargo.lock, packs every crate into src/rust/vendor.tar.xz (which
# the package builds from, offline) and rewrites inst/AUTHORS from the
# crates' own metadata. Commit all three together.
set -eu
cd "$(dirname "$0")/../src/rust"
cargo generate-lockfile --offline 2>/dev/null || cargo generate-lockfile
cargo vendor --locked --versioned-dirs vendor > vendor-config.toml
# A fixed order, owner and time make the tarball depend only on the crates.
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime='2000-01-01 00:00Z' \
    -cf - vendor | xz -9 -T1 > vendor.tar.xz
sh ../../tools/crate-authors.sh vendor > ../../inst/AUTHORS
rm -rf vendor
echo "vendored $(tar -tJf vendor.tar.xz | grep -c '/Cargo.toml$') crates into src/rust/vendor.tar.xz"
