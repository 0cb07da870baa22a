#!/bin/sh
# Starts or stops a throwaway PostgreSQL server for the tests, in a
# temporary directory, listening only on a Unix socket there.
#   tools/postgres.sh start DIR   prints the environment the tests read
#   tools/postgres.sh stop DIR
# As root, the server runs as the "postgres" user, since PostgreSQL refuses
# to run as root.
set -eu
action="$1"
dir="$2"
# The newest of the installed major versions' programs.
bin=$(for d in /usr/lib/postgresql/*/bin; do [ -d "$d" ] && echo "$d"; done | sort -V | tail -n 1)
port=54329

as_owner() {
    if [ "$(id -u)" = 0 ]; then
        su postgres -s /bin/sh -c "$1"
    else
        sh -c "$1"
    fi
}

case "$action" in
start)
    if [ -z "$bin" ]; then
        echo "# PostgreSQL not found: its tests will skip" >&2
        exit 0
    fi
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_owner "'$bin/initdb' -D '$dir/data' -A trust -U postgres --no-sync" > "$dir/initdb.log" 2>&1
    as_owner "'$bin/pg_ctl' -D '$dir/data' -l '$dir/server.log' -w \
        -o \"-k '$dir' -p $port -c listen_addresses='' -c fsync=off\" start" > /dev/null
    echo "ZUID_TEST_PG_HOST=$dir"
    echo "ZUID_TEST_PG_PORT=$port"
    ;;
stop)
    if [ -n "$bin" ] && [ -d "$dir/data" ]; then
        as_owner "'$bin/pg_ctl' -D '$dir/data' -m fast -w stop" > /dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
esac
