// Mints IDs with npm's ID libraries for zuid's tests (test-peers-wide.R).
//
// Usage: ZUID_TEST_PEERS_NODE_MODULES=DIR node peers.mjs N
//
// DIR is the node_modules folder that tools/setup.sh --engines fills from
// tools/peers/package-lock.json. Writes the CSV that peers.py writes (see
// there), N IDs per peer. Where a library decodes no time (uuid, typeid-js),
// its IDs are minted at times given to it, which are the times written,
// spread over the format's whole range; where it decodes one (ulid's
// decodeTime()), that is the time written. The time column is empty where
// the library neither decodes nor takes a time.
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(path.join(process.env.ZUID_TEST_PEERS_NODE_MODULES, "peers.cjs"));
const uuid = require("uuid");
const ulid = require("ulid");
const typeid = require("typeid-js");

const n = Number(process.argv[2]);
// 100 ns units from 1582-10-15 to 1970-01-01.
const gregorianMs = 12219292800000n;

// Whole milliseconds in [0, max], both ends included among them.
function spread(i, max) {
  if (i === 0) return 0;
  if (i === 1) return max;
  return Math.floor(Math.random() * (max + 1));
}

const maxMs48 = 2 ** 48 - 1;
// UUIDv1/v6 hold 60 bits of 100 ns: to the year 5236; the library's
// arithmetic on msecs is exact to 2^42 ms (the year 2109).
const maxMsV1 = 2 ** 42 - 1;

function ticks(msecs, nsecs) {
  return ((BigInt(msecs) + gregorianMs) * 10000n + BigInt(nsecs)).toString();
}

const peers = {
  "uuid v7() in order": ["uuidv7", 1, () => {
    const u = uuid.v7();
    return [u, "", "ms", "", ulid.uuidToULID(u), ""];
  }],
  "uuid v7() at given times": ["uuidv7", 0, (i) => {
    const msecs = spread(i, maxMs48);
    const u = uuid.v7({ msecs });
    return [u, msecs, "ms", "", ulid.uuidToULID(u), ""];
  }],
  "uuid v6() at given times": ["uuidv6", 0, (i) => {
    const msecs = spread(i, maxMsV1);
    const nsecs = Math.floor(Math.random() * 10000);
    return [uuid.v6({ msecs, nsecs }), ticks(msecs, nsecs), "100ns", "", "", ""];
  }],
  "uuid v1() at given times + v1ToV6()": ["uuidv1", 0, (i) => {
    const msecs = spread(i, maxMsV1);
    const nsecs = Math.floor(Math.random() * 10000);
    const u = uuid.v1({ msecs, nsecs });
    return [u, ticks(msecs, nsecs), "100ns", "", "", uuid.v1ToV6(u)];
  }],
  "ulid monotonicFactory()": ["ulid", 1, (() => {
    const next = ulid.monotonicFactory();
    return () => {
      const u = next();
      return [u, ulid.decodeTime(u), "ms", ulid.ulidToUUID(u), "", ""];
    };
  })()],
  "ulid ulid() at given times": ["ulid", 0, (i) => {
    const u = ulid.ulid(spread(i, maxMs48));
    return [u, ulid.decodeTime(u), "ms", ulid.ulidToUUID(u), "", ""];
  }],
  "typeid-js typeid()": ["typeid", 0, () => {
    const t = typeid.typeid("user");
    return [t.toString(), "", "ms", t.toUUID(), "", ""];
  }],
  "typeid-js fromUUID() of uuid v7() at given times": ["typeid", 0, (i) => {
    const msecs = spread(i, maxMs48);
    const u = uuid.v7({ msecs });
    // The TypeID that typeid-js spells for the UUID.
    return [typeid.fromUUID(u, "user"), msecs, "ms", u, "", ""];
  }],
};

const rows = [["peer", "layout", "id", "time", "unit", "uuid", "ulid", "v6", "ordered"].join(",")];
for (const [name, [layout, ordered, mint]] of Object.entries(peers)) {
  for (let i = 0; i < n; i++) {
    const [text, time, unit, asUuid, asUlid, v6] = mint(i);
    rows.push([name, layout, text, time, unit, asUuid, asUlid, v6, ordered].join(","));
  }
}
process.stdout.write(rows.join("\n") + "\n");
