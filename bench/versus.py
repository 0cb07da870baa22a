"""make bench: polars, numpy and DuckDB decoding the same Twitter IDs as
zuid (bench/versus.R drives this; not a test), and DuckDB reading the times
of UUIDv7 strings (bench/versus-uuid.R). Reads the IDs that the R script
wrote (little-endian int64, or one ID per line for text), then times one
tool on one task: "warm" prints the best of 5 calls in this process, "cold"
the first call. Prints the seconds of wall time and the CPU time of that
call. uuidv7_check prints the first three times in ms instead, for the R
script to compare with zuid's.

    python versus.py FILE TOOL TASK MODE
    TOOL: polars | numpy | duckdb;  TASK: fields | time | fields_text
    TOOL duckdb only: TASK uuidv7_time | uuidv7_check
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


def duckdb_uuid_task(task, path):
    """The strings in a table of DuckDB's own, VARCHAR as a text column
    holds them; the call casts each to UUID and reads its time."""
    import duckdb

    con = duckdb.connect()
    con.execute("SET threads = 2")
    con.execute("CREATE TABLE ids AS SELECT s FROM read_csv(?, header = false, columns = {'s': 'VARCHAR'})",
                [path])
    if task == "uuidv7_check":
        sql = "SELECT epoch_ms(uuid_extract_timestamp(s::uuid)) FROM ids LIMIT 3"
        return lambda: con.sql(sql).fetchall()
    sql = "SELECT uuid_extract_timestamp(s::uuid) AS time FROM ids"
    return lambda: con.sql(sql).to_arrow_table()


def read_ids(path, tool, task):
    if task != "fields_text":
        return np.fromfile(path, dtype="<i8")
    with open(path) as f:
        ids = np.array(f.read().split(), dtype=object if tool == "numpy" else None)
    return ids.astype(str) if tool == "numpy" else list(ids)


def main():
    path, tool, task, mode = sys.argv[1:5]
    if task.startswith("uuidv7"):
        call = duckdb_uuid_task(task, path)
    else:
        tools = {"polars": polars_task, "numpy": numpy_task, "duckdb": duckdb_task}
        call = tools[tool](task, read_ids(path, tool, task))
    if task == "uuidv7_check":
        print(" ".join(str(row[0]) for row in call()))
        return
    best, best_cpu = float("inf"), float("inf")
    for _ in range(1 if mode == "cold" else 5):
        start, start_cpu = time.perf_counter(), time.process_time()
        out = call()
        wall, cpu = time.perf_counter() - start, time.process_time() - start_cpu
        if wall < best:
            best, best_cpu = wall, cpu
        del out
    print(f"{best:.6f} {best_cpu:.6f}")


if __name__ == "__main__":
    main()
