"""Runs SQL queries on a local Spark for zuid's tests.

Usage: python spark-query.py IDS_CSV QUERIES_DIR OUT_DIR

Loads IDS_CSV (columns layout, id as text) into the view `ids` with `id`
as BIGINT, runs each QUERIES_DIR/<name>.sql and writes OUT_DIR/<name>.csv
with every value as text. Spark runs in-process on one core, its UI off,
bound to 127.0.0.1, with the session time zone UTC.
"""
import csv
import os
import sys

from pyspark.sql import SparkSession


def main(ids_csv, queries_dir, out_dir):
    spark = (
        SparkSession.builder.master("local[1]")
        .appName("zuid-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.sql.ansi.enabled", "true")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    raw = spark.read.csv(ids_csv, header=True, schema="layout STRING, id STRING")
    raw.selectExpr("layout", "CAST(id AS BIGINT) AS id").createOrReplaceTempView("ids")
    for name in sorted(os.listdir(queries_dir)):
        if not name.endswith(".sql"):
            continue
        with open(os.path.join(queries_dir, name)) as f:
            result = spark.sql(f.read())
        rows = result.collect()
        with open(os.path.join(out_dir, name[:-4] + ".csv"), "w", newline="") as f:
            writer = csv.writer(f)
            writer.writerow(result.columns)
            for row in rows:
                writer.writerow(["NA" if v is None else str(v) for v in row])
    spark.stop()


if __name__ == "__main__":
    main(*sys.argv[1:4])
