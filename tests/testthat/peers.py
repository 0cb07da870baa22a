"""Mints IDs with Python's ID libraries for zuid's tests (test-peers-wide.R).

Usage: python peers.py N

Writes CSV to stdout, one row per ID, N IDs per peer, in minting order:
peer, the zuid layout that reads it, the ID as the peer spells it, the time
the peer itself decodes from it (a whole number in `unit`: "ms", "s", or
"100ns" since 1582-10-15 for UUIDv1 and v6), the same bits as the peer
spells them as a UUID and as a ULID (where it has those spellings), the
UUIDv6 that the peer converts a UUIDv1 to, and whether the peer promises
that its IDs increase in minting order (1) or not (0).
"""
import csv
import sys
import uuid

import bson
import scru128
import ulid
import uuid6
from ksuid import Ksuid
from typeid import TypeID


def uuid6_v7():
    u = uuid6.uuid7()
    # python-ulid's spelling of the same 128 bits.
    return str(u), u.time, "ms", "", str(ulid.ULID.from_uuid(u)), ""


def uuid6_v6():
    u = uuid6.uuid6()
    return str(u), u.time, "100ns", "", "", ""


def stdlib_v1():
    u = uuid.uuid1()
    return str(u), u.time, "100ns", "", "", str(uuid6.uuid1_to_uuid6(u))


def python_ulid():
    u = ulid.ULID()
    return str(u), u.milliseconds, "ms", str(u.to_uuid()), "", ""


def typeid_python():
    t = TypeID(prefix="user")
    ms = round(t.created_at.timestamp() * 1000)
    return str(t), ms, "ms", str(t.uuid), "", ""


def scru128_new():
    s = scru128.new()
    return str(s), s.timestamp, "ms", "", "", ""


def svix_ksuid():
    k = Ksuid()
    return str(k), int(k.timestamp), "s", "", "", ""


def bson_objectid():
    o = bson.ObjectId()
    return str(o), int(o.generation_time.timestamp()), "s", "", "", ""


# name: (zuid layout, minting function, promises increasing IDs)
PEERS = {
    "uuid6 uuid7()": ("uuidv7", uuid6_v7, 1),
    "uuid6 uuid6()": ("uuidv6", uuid6_v6, 1),
    "uuid uuid1() + uuid6 uuid1_to_uuid6()": ("uuidv1", stdlib_v1, 0),
    "python-ulid ULID()": ("ulid", python_ulid, 1),
    "typeid-python TypeID()": ("typeid", typeid_python, 0),
    "scru128 new()": ("scru128", scru128_new, 1),
    "svix-ksuid Ksuid()": ("ksuid", svix_ksuid, 0),
    "bson ObjectId()": ("objectid", bson_objectid, 0),
}


def main(n):
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["peer", "layout", "id", "time", "unit", "uuid", "ulid", "v6", "ordered"])
    for name, (layout, mint, ordered) in PEERS.items():
        for _ in range(n):
            text, time, unit, as_uuid, as_ulid, v6 = mint()
            out.writerow([name, layout, text, time, unit, as_uuid, as_ulid, v6, ordered])


if __name__ == "__main__":
    main(int(sys.argv[1]))
