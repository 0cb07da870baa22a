"""Runs SQL statements on a local Spark for zuid's tests.

Usage: python spark-query.py PLAN_DIR OUT_DIR

Runs each PLAN_DIR/<nnn>-<kind>.sql in name order: a "query" writes its
rows to OUT_DIR/<nnn>.csv with every value as text ("NA" for NULL); an
"execute" runs only. Tables are temporary views that the statements create
from CSV files. Spark runs in-process on one core, its UI off, bound to
127.0.0.1, with the session time zone UTC and ANSI SQL on.
"""
import csv
import os
import sys

from pyspark.sql import SparkSession


def main(plan_dir, out_dir):
    spark = (
        SparkSession.builder.master("local[1]")
        .appName("zuid-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.sql.ansi.enabled", "true")
        .config("spark.sql.shuffle.partitions", "1")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    for name in sorted(os.listdir(plan_dir)):
        if not name.endswith(".sql"):
            continue
        step, kind = name[:-4].split("-", 1)
        with open(os.path.join(plan_dir, name), encoding="utf-8") as f:
            result = spark.sql(f.read())
        if kind != "query":
            continue
        rows = result.collect()
        with open(os.path.join(out_dir, step + ".csv"), "w", newline="", encoding="utf-8") as f:
            writer = csv.writer(f)
            writer.writerow(result.columns)
            for row in rows:
                writer.writerow(["NA" if v is None else str(v) for v in row])
    spark.stop()


if __name__ == "__main__":
    main(*sys.argv[1:3])
