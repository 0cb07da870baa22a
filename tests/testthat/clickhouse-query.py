"""Runs SQL statements on an in-process ClickHouse (chdb) for zuid's tests.

Usage: python clickhouse-query.py PLAN_DIR OUT_DIR SESSION_DIR

Runs each PLAN_DIR/<nnn>-<kind>.sql in name order in one chdb session whose
files live in SESSION_DIR: a "query" writes its rows to OUT_DIR/<nnn>.csv
(CSV with a header; NULL is \\N); an "execute" runs only.
"""
import os
import sys

from chdb import session


def main(plan_dir, out_dir, session_dir):
    db = session.Session(session_dir)
    try:
        for name in sorted(os.listdir(plan_dir)):
            if not name.endswith(".sql"):
                continue
            step, kind = name[:-4].split("-", 1)
            with open(os.path.join(plan_dir, name), encoding="utf-8") as f:
                sql = f.read()
            if kind != "query":
                db.query(sql)
                continue
            result = db.query(sql, "CSVWithNames")
            with open(os.path.join(out_dir, step + ".csv"), "wb") as f:
                f.write(result.bytes())
    finally:
        db.close()


if __name__ == "__main__":
    main(*sys.argv[1:4])
