"""make bench: polars, numpy and DuckDB decoding the same Twitter IDs as
zuid (bench/versus.R drives this; not a test). Reads the IDs that
bench/versus.R wrote (little-endian int64, or one decimal per line for
text), then times one tool on one task: "warm" prints the best of 5 calls in
this process, "cold" the first call. Prints the seconds.

    python versus.py FILE TOOL TASK MODE
    TOOL: polars | numpy | duckdb;  TASK: fields | time | fields_text
"""
import sys
import time

import numpy as np

EPOCH = 1288834974657  # Twitter's, in ms


def polars_task(task, ids):
    import polars as pl

    col = pl.col("id")
    if task == "fields_text":
        df = pl.DataFrame({"id": pl.Series("id", ids, dtype=pl.String)})
        col = col.cast(pl.Int64)
    else:
        df = pl.DataFrame({"id": ids})

    def time_of(c):
        return (c // 4194304 + EPOCH).cast(pl.Datetime("ms"))

    if task == "time":
        return lambda: df.select(time=time_of(col))
    return lambda: df.select(
        time=time_of(col),
        datacenter=(col // 131072 % 32).cast(pl.Int32),
        worker=(col // 4096 % 32).cast(pl.Int32),
        sequence=(col % 4096).cast(pl.Int32),
    )


def numpy_task(task, ids):
    def time_of(a):
        return ((a >> 22) + EPOCH).astype("datetime64[ms]")

    def fields(a):
        return (time_of(a), ((a >> 17) & 31).astype(np.int32),
                ((a >> 12) & 31).astype(np.int32), (a & 4095).astype(np.int32))

    if task == "time":
        return lambda: time_of(ids)
    if task == "fields_text":
        return lambda: fields(ids.astype(np.int64))
    return lambda: fields(ids)


def duckdb_task(task, ids):
    import duckdb
    import pyarrow as pa

    con = duckdb.connect()
    con.execute("SET threads = 2")
    con.register("ids_table", pa.table({"id": pa.array(ids)}))
    id_ = "CAST(id AS BIGINT)" if task == "fields_text" else "id"
    time_ = f"epoch_ms(({id_} >> 22) + {EPOCH}) AS time"
    rest = (f", CAST(({id_} >> 17) & 31 AS INTEGER) AS datacenter,"
            f" CAST(({id_} >> 12) & 31 AS INTEGER) AS worker,"
            f" CAST({id_} & 4095 AS INTEGER) AS sequence")
    sql = f"SELECT {time_}{'' if task == 'time' else rest} FROM ids_table"
    return lambda: con.sql(sql).to_arrow_table()


def main():
    path, tool, task, mode = sys.argv[1:5]
    if task == "fields_text":
        with open(path) as f:
            ids = np.array(f.read().split(), dtype=object if tool == "numpy" else None)
            if tool == "numpy":
                ids = ids.astype(str)
            else:
                ids = list(ids)
    else:
        ids = np.fromfile(path, dtype="<i8")
    call = {"polars": polars_task, "numpy": numpy_task, "duckdb": duckdb_task}[tool](task, ids)
    best = float("inf")
    for _ in range(1 if mode == "cold" else 5):
        start = time.perf_counter()
        out = call()
        best = min(best, time.perf_counter() - start)
        del out
    print(f"{best:.6f}")


if __name__ == "__main__":
    main()
