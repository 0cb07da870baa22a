#!/bin/sh
# The R-release flavour: a Debian unstable (sid) chroot with today's R and
# the current releases of the R packages zuid is tested with, made with
# debootstrap from Debian's packages and kept between runs on one machine.
#   tools/sid.sh ensure     makes the chroot, or adds what its package list
#                           gained since; prints its directory
#   tools/sid.sh run CMD    runs CMD (a shell command) inside it, with this
#                           checkout mounted at its own path (so that runs
#                           from several checkouts at once keep apart) and
#                           the working directory there; the test engines' socket
#                           directories (ZUID_TEST_PG_HOST, and the
#                           directory of ZUID_TEST_MYSQL_SOCKET) are mounted
#                           at the same paths, and the ZUID_TEST_* variables
#                           passed on
# The chroot lives in $ZUID_SID_ROOT (default /var/cache/zuid/sid): a
# debootstrap takes about 3 minutes and the packages about 4, once.
# Needs root (debootstrap, chroot and mount).
set -eu

# Every run gets its own mount namespace: the bind mounts it makes are its
# own and go when it ends. Two runs share the chroot at once (make test's
# coverage and its R-release check), and with shared mounts the one that
# ended first unmounted the checkout under the other, whose working
# directory then vanished mid-install (getcwd: no such file). Without
# unshare the mounts are shared and unmounted as before.
if [ -z "${SID_PRIVATE_MOUNTS:-}" ] && unshare --mount --propagation private true 2> /dev/null; then
    export SID_PRIVATE_MOUNTS=1
    exec unshare --mount --propagation private sh "$0" "$@"
fi

root_dir=${ZUID_SID_ROOT:-/var/cache/zuid/sid}
here=$(cd "$(dirname "$0")/.." && pwd)

# What the R-release flavour installs: R, sid's own Rust, the tools
# R CMD check --as-cran uses, and every R package of DESCRIPTION's Suggests
# that Debian packages (RMariaDB, arrow and covr are sid's alone).
packages="r-base-dev cargo rustc xz-utils pandoc qpdf tidy devscripts \
locales r-cran-testthat r-cran-bit64 r-cran-knitr r-cran-rmarkdown r-cran-callr r-cran-dplyr \
r-cran-pkgbuild r-cran-codetools r-cran-dbi r-cran-rsqlite r-cran-rpostgresql r-cran-dbplyr r-cran-vctrs \
r-cran-pillar r-cran-tibble r-cran-data.table r-cran-jsonlite r-cran-rmysql r-cran-rmariadb r-cran-tidyr \
r-cran-purrr r-cran-ggplot2 r-cran-scales r-cran-arrow r-cran-covr r-cran-withr"

# One ensure at a time on a machine (several checkouts may run make test at
# once, and two debootstraps into one directory would spoil it); the lock
# is held only while ensuring.
ensure() {
    mkdir -p "$(dirname "$root_dir")"
    (
        flock 9
        ensure_unlocked
    ) 9> "$root_dir.lock"
}

ensure_unlocked() {
    stamp="$root_dir/.zuid-packages"
    if [ ! -x "$root_dir/usr/bin/apt-get" ]; then
        command -v debootstrap > /dev/null 2>&1 || {
            echo "sid: installing debootstrap" >&2
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap > /dev/null
        }
        echo "sid: debootstrap of Debian unstable into $root_dir (about 3 minutes)" >&2
        rm -rf "$root_dir"
        mkdir -p "$(dirname "$root_dir")"
        debootstrap --variant=minbase sid "$root_dir" http://deb.debian.org/debian > "$root_dir.log" 2>&1 || {
            tail -n 30 "$root_dir.log" >&2
            exit 1
        }
    fi
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$packages" ]; then
        echo "$root_dir"
        return 0
    fi
    echo "sid: installing R and the packages in the chroot (about 4 minutes)" >&2
    cp /etc/resolv.conf "$root_dir/etc/resolv.conf"
    # The registry's copy of sid can carry an expired Release file.
    in_chroot "apt-get -qq -o Acquire::Check-Valid-Until=false update && \
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $packages > /dev/null && \
        apt-get clean" || exit 1
    echo "$packages" > "$stamp"
    echo "$root_dir"
}

# Mounts what a command in the chroot needs, runs it, unmounts again.
mounts=""
mount_at() {
    mkdir -p "$root_dir$2"
    mount --bind "$1" "$root_dir$2"
    mounts="$root_dir$2 $mounts"
}
unmount_all() {
    for m in $mounts; do umount -l "$m" 2> /dev/null || true; done
    mounts=""
}

in_chroot() {
    trap unmount_all EXIT INT TERM
    mount_at /proc /proc
    mount_at /dev /dev
    if [ -d /dev/shm ]; then mount_at /dev/shm /dev/shm; fi
    mkdir -p "$root_dir/tmp"
    chmod 1777 "$root_dir/tmp"
    status=0
    chroot "$root_dir" /usr/bin/env -i HOME=/root PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin \
        LANG=C.UTF-8 TZ=UTC sh -c "$1" || status=$?
    unmount_all
    trap - EXIT INT TERM
    return $status
}

run() {
    ensure > /dev/null
    trap unmount_all EXIT INT TERM
    mount_at /proc /proc
    mount_at /dev /dev
    if [ -d /dev/shm ]; then mount_at /dev/shm /dev/shm; fi
    mount_at "$here" "$here"
    pass=""
    if [ -n "${ZUID_TEST_PG_HOST:-}" ]; then
        mount_at "$ZUID_TEST_PG_HOST" "$ZUID_TEST_PG_HOST"
    fi
    if [ -n "${ZUID_TEST_MYSQL_SOCKET:-}" ]; then
        mount_at "$(dirname "$ZUID_TEST_MYSQL_SOCKET")" "$(dirname "$ZUID_TEST_MYSQL_SOCKET")"
    fi
    for v in $(env | sed -n 's/^\(ZUID_[A-Z0-9_]*\)=.*/\1/p'); do
        pass="$pass $v=$(printenv "$v")"
    done
    chmod 1777 "$root_dir/tmp"
    status=0
    # shellcheck disable=SC2086
    chroot "$root_dir" /usr/bin/env -i HOME=/root PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin \
        LANG=C.UTF-8 TZ=UTC NOT_CRAN=true $pass sh -c "cd '$here' && $1" || status=$?
    unmount_all
    trap - EXIT INT TERM
    return $status
}

case "${1:-}" in
ensure) ensure ;;
run) shift; run "$*" ;;
*) echo "sid: usage: tools/sid.sh ensure | run CMD" >&2; exit 2 ;;
esac
