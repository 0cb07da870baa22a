#!/bin/sh
# Starts or stops a throwaway MariaDB server for the tests, in a temporary
# directory, listening only on a Unix socket there (no TCP port, so that
# several checkouts can test at once).
#   tools/mariadb.sh start DIR   prints the environment the tests read
#   tools/mariadb.sh stop DIR
# Only the server whose process id is in DIR/pid is stopped.
set -eu
action="$1"
dir="$2"
server=$(command -v mariadbd 2>/dev/null || ls /usr/sbin/mariadbd 2>/dev/null || true)

case "$action" in
start)
    if [ -z "$server" ] || ! command -v mariadb-install-db > /dev/null 2>&1; then
        echo "# MariaDB not found: its tests will skip" >&2
        exit 0
    fi
    mkdir -p "$dir"
    # As root the server must be told to run as root; otherwise it runs
    # as the calling user, who owns DIR.
    user=$(id -un)
    mariadb-install-db --user="$user" --datadir="$dir/data" \
        --auth-root-authentication-method=normal --skip-test-db > "$dir/install.log" 2>&1
    "$server" --no-defaults --user="$user" --datadir="$dir/data" --socket="$dir/sock" \
        --skip-networking --pid-file="$dir/pid" --log-error="$dir/server.log" \
        --innodb-buffer-pool-size=32M > /dev/null 2>&1 &
    # Ready when the client can run a statement (about 2 s).
    tries=0
    until mariadb --no-defaults -S "$dir/sock" -u root -e "SELECT 1" > /dev/null 2>&1; do
        tries=$((tries + 1))
        if [ "$tries" -gt 60 ]; then
            echo "# MariaDB did not start; see $dir/server.log" >&2
            exit 1
        fi
        sleep 0.5
    done
    echo "ZUID_TEST_MYSQL_SOCKET=$dir/sock"
    ;;
stop)
    if [ -f "$dir/pid" ]; then
        pid=$(cat "$dir/pid")
        kill "$pid" 2>/dev/null || true
        # Wait for a clean shutdown before the files go.
        tries=0
        while kill -0 "$pid" 2>/dev/null && [ "$tries" -lt 60 ]; do
            tries=$((tries + 1))
            sleep 0.5
        done
    fi
    rm -rf "$dir"
    ;;
esac
