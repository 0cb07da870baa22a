#!/bin/sh
# Re-vendors the Rust crates after a change to src/rust/Cargo.toml:
# refreshes Cargo.lock, packs every crate into src/rust/vendor.tar.xz (which
# the package builds from, offline) and rewrites inst/AUTHORS from the
# crates' own metadata. Commit all three together.
#
# Cargo.lock stays within zuid's minimum Rust version (rust-version in
# src/rust/Cargo.toml): cargo's MSRV-aware resolver picks, for every crate,
# the newest version whose own rust-version that MSRV can build, and falls
# back to a newer one only when none can (tools/static-checks.sh then fails).
# That resolver needs cargo 1.84 or later here; the build itself does not.
# It is turned on by CARGO_RESOLVER_INCOMPATIBLE_RUST_VERSIONS below (and
# src/rust/.cargo/config.toml for cargo run by hand), not by
# `resolver = "3"` in Cargo.toml, which cargo before 1.84 cannot parse.
# To raise the MSRV, change rust-version and the rustc in DESCRIPTION's
# SystemRequirements, then run this script.
set -eu
cd "$(dirname "$0")/../src/rust"

# cargo prints "cargo 1.95.0 (...)": the MSRV-aware resolver came in 1.84.
minor=$(cargo --version | sed -e 's/^cargo 1\.\([0-9][0-9]*\)\..*/\1/')
if [ "$minor" -lt 84 ]; then
    echo "vendor.sh needs cargo 1.84 or later (for its MSRV-aware resolver); found $(cargo --version)" >&2
    exit 1
fi
export CARGO_RESOLVER_INCOMPATIBLE_RUST_VERSIONS=fallback

cargo generate-lockfile --offline 2>/dev/null || cargo generate-lockfile
cargo vendor --locked --versioned-dirs vendor > vendor-config.toml
# A fixed order, owner and time make the tarball depend only on the crates.
# These are GNU tar's flags: run this on Linux (the build itself untars with
# whatever $(TAR) R names, GNU or BSD).
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime='2000-01-01 00:00Z' \
    -cf - vendor | xz -9 -T1 > vendor.tar.xz
sh ../../tools/crate-authors.sh vendor > ../../inst/AUTHORS
rm -rf vendor
echo "vendored $(tar -tJf vendor.tar.xz | grep -c '/Cargo.toml$') crates into src/rust/vendor.tar.xz"
