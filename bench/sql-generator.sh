#!/bin/sh
# make bench, second part: the cost per ID of id_sql_generator()'s functions
# in PostgreSQL and MariaDB, each started for the run in a temporary
# directory as make test starts them (tools/postgres.sh, tools/mariadb.sh)
# and stopped after it. Not a test: nothing here asserts a time.
#   sh bench/sql-generator.sh          (R_LIBS must hold zuid: make bench sets it)
# ZUID_BENCH_SQL_N sets the rows per statement (default 1000000).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
pg_dir=$(mktemp -d /tmp/zuid-bench-pg.XXXXXX)
chmod 755 "$pg_dir"
my_dir=$(mktemp -d /tmp/zuid-bench-my.XXXXXX)
trap 'sh "$root/tools/postgres.sh" stop "$pg_dir"; sh "$root/tools/mariadb.sh" stop "$my_dir"' EXIT
for setting in $(sh "$root/tools/postgres.sh" start "$pg_dir") $(sh "$root/tools/mariadb.sh" start "$my_dir"); do
    export "$setting"
done
Rscript "$root/bench/sql-generator.R"
