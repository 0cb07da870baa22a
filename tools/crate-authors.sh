#!/bin/sh
# Prints inst/AUTHORS: each vendored crate with its authors and licence,
# read from the [package] table of its Cargo.toml in the vendor folder $1.
set -eu
vendor="$1"
cat <<'HEAD'
zuid is written by the zuid authors (see DESCRIPTION). Its compiled code
statically links the following Rust crates, vendored in
src/rust/vendor.tar.xz; each is the work of its authors under its licence.

HEAD
for toml in "$vendor"/*/Cargo.toml; do
    awk '
        /^\[/ { in_pkg = ($0 == "[package]") ; next }
        in_pkg && /^name *=/    { sub(/^name *= */, ""); gsub(/"/, ""); name = $0 }
        in_pkg && /^version *=/ { sub(/^version *= */, ""); gsub(/"/, ""); version = $0 }
        in_pkg && /^license *=/ { sub(/^license *= */, ""); gsub(/"/, ""); license = $0 }
        in_pkg && /^repository *=/ { sub(/^repository *= */, ""); gsub(/"/, ""); repo = $0 }
        in_pkg && /^authors *=/ { authors = $0; grab = ($0 !~ /\]/) ; next }
        grab { authors = authors " " $0; if ($0 ~ /\]/) grab = 0 }
        END {
            sub(/^authors *= *\[ */, "", authors); sub(/ *,? *\] *$/, "", authors)
            gsub(/"/, "", authors); gsub(/ *, */, ", ", authors)
            if (authors == "") authors = "the " name " authors, " repo
            printf "%s %s (%s): %s\n", name, version, license, authors
        }' "$toml"
done
