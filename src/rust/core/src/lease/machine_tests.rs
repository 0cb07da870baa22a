//! The lease protocol against a scripted database: an in-memory model of
//! the lease table and the horizon ledger with the semantics of zuid's SQL
//! (each request one atomic statement), holders whose generators read
//! scripted wall clocks, and scripted faults: failed and lost answers,
//! other clients deleting, truncating and editing lease rows, transactions,
//! paused holders, clocks that step, and two splits of one ID space. The
//! invariant checked everywhere: no ID is minted twice.

use super::*;
use crate::generate::clock::Clock;
use crate::generate::generator::{Fence, FloorError, Generator, OnClockBack};
use crate::layouts::layout::{Layout, PartKind::*};
use crate::layouts::unit::Unit;
use std::cell::Cell;
use std::collections::{BTreeMap, HashSet};
use std::rc::Rc;

const EPOCH: i64 = 1_600_000_000_000;
const START: i64 = 1_700_000_000_000;
/// A tick in 2090, as another client may type into a lease row (issue 40).
const FAR_FUTURE: u64 = 2_199_023_255_000;

/// Four nodes and a 20-bit sequence, or two nodes and 21 bits: two splits
/// of one ID space, whose IDs coincide wherever their ticks do.
fn four_nodes() -> Layout {
    Layout::new(&[(Sign, 1), (Time, 41), (Node, 2), (Sequence, 20)], Unit::MILLIS, EPOCH).unwrap()
}

fn two_nodes() -> Layout {
    Layout::new(&[(Sign, 1), (Time, 41), (Node, 1), (Sequence, 21)], Unit::MILLIS, EPOCH).unwrap()
}

/// The world's time: the database's wall clock and a monotonic clock,
/// which move on together.
#[derive(Default)]
struct World {
    wall_ms: Cell<i64>,
    mono_ms: Cell<u64>,
}

impl World {
    fn new() -> Rc<World> {
        let world = World::default();
        world.wall_ms.set(START);
        Rc::new(world)
    }

    fn advance(&self, ms: u64) {
        self.wall_ms.set(self.wall_ms.get() + ms as i64);
        self.mono_ms.set(self.mono_ms.get() + ms);
    }

    fn mono(&self) -> Mono {
        Duration::from_millis(self.mono_ms.get())
    }
}

/// A holder's wall clock: the world's plus an offset (a clock that is
/// behind, or that steps); a wait is cut short at once.
struct SimClock {
    world: Rc<World>,
    offset_ms: Rc<Cell<i64>>,
    window_end: Cell<Mono>,
}

impl Clock for SimClock {
    fn now_ms(&self) -> i64 {
        self.world.wall_ms.get() + self.offset_ms.get()
    }

    fn sleep_ms(&self, _ms: i64) -> bool {
        false
    }
}

impl Windowed for SimClock {
    fn end_window_at(&self, end: Mono) {
        self.window_end.set(end);
    }
}

/// The generator of a holder, once a claim made one.
#[derive(Default)]
struct Slot(Option<Generator<SimClock>>);

impl Fenced for Slot {
    fn propose(&self, window_ticks: u64) -> u64 {
        self.0.as_ref().map_or(0, |g| g.propose(window_ticks))
    }

    fn stay_after(&mut self, tick: u64) -> Result<(), FloorError> {
        self.0.as_mut().map_or(Ok(()), |g| g.stay_after(tick))
    }

    fn open(&mut self, horizon: u64, until: Mono) {
        if let Some(g) = self.0.as_mut() {
            g.open(horizon, until);
        }
    }

    fn shut(&mut self) -> Option<u64> {
        self.0.as_mut().and_then(|g| g.shut())
    }
}

#[derive(Clone, Copy, Debug)]
struct Row {
    token: u64,
    expires: i64,
    released: bool,
    horizon: Option<u64>,
    /// Another client wrote a horizon zuid cannot read (a negative number,
    /// text): the row's SQL answers it as such.
    garbled: bool,
}

#[derive(Clone, Copy, Debug)]
struct SpaceRow {
    owner: u64,
    until: i64,
    horizon: Option<u64>,
    split_floor: Option<u64>,
}

/// A fault scripted for a holder's next request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fault {
    /// The statement fails before it runs.
    Fail,
    /// The statement runs, and its answer is lost.
    Lose,
}

/// The lease table and the horizon ledger of one ID space, keyed by the
/// split's node mask and the node.
#[derive(Default)]
struct Db {
    leases: BTreeMap<(u64, u64), Row>,
    fences: BTreeMap<(u64, u64), u64>,
    space: Option<SpaceRow>,
}

fn greatest(a: Option<u64>, b: u64) -> u64 {
    a.map_or(b, |a| a.max(b))
}

/// A process holding (or trying to hold) a lease.
struct Holder {
    name: &'static str,
    layout: Layout,
    mask: u64,
    ttl_ms: u64,
    lease: Lease,
    slot: Slot,
    policy: OnClockBack,
    offset_ms: Rc<Cell<i64>>,
    in_transaction: bool,
    fault: Option<Fault>,
    clash: bool,
    minted: Vec<u64>,
    stops: Vec<Stop>,
    notices: Vec<Notice>,
    skipped: Vec<Skipped>,
}

impl Holder {
    fn new(name: &'static str, layout: Layout, policy: OnClockBack, seed: u64) -> Holder {
        let nodes = NodeSpace::of(&layout);
        let mask = nodes.mask();
        Holder {
            name,
            layout,
            mask,
            ttl_ms: 1_000,
            lease: Lease::new(nodes, 1_000, seed),
            slot: Slot::default(),
            policy,
            offset_ms: Rc::new(Cell::new(0)),
            in_transaction: false,
            fault: None,
            clash: false,
            minted: Vec::new(),
            stops: Vec::new(),
            notices: Vec::new(),
            skipped: Vec::new(),
        }
    }

    fn node(&self) -> Option<u64> {
        self.lease.node()
    }

    /// Runs one operation to its end against `db`.
    fn drive(&mut self, doing: Doing, db: &mut Db, world: &Rc<World>) -> Next {
        let mut next = self.lease.begin(doing, &mut self.slot);
        while let Next::Do(request) = next {
            let answer = self.run(&request, db, world);
            if std::env::var("ZUID_TRACE").is_ok() {
                eprintln!(
                    "{} t={} {:?} -> {:?}",
                    self.name,
                    world.wall_ms.get() - START,
                    request,
                    answer
                );
            }
            next = self.lease.answer(answer, world.mono(), &mut self.slot);
        }
        if std::env::var("ZUID_TRACE").is_ok() {
            eprintln!("{} {:?} => {:?}", self.name, doing, next);
        }
        match next {
            Next::Stopped(stop) => self.stops.push(stop),
            _ => self.notices.extend(self.lease.take_notice()),
        }
        self.skipped.extend(self.lease.take_skipped());
        next
    }

    /// One request, with the fault scripted for it.
    fn run(&mut self, request: &Request, db: &mut Db, world: &Rc<World>) -> Answer {
        let fault = if matches!(request, Request::Start { .. }) {
            None
        } else {
            self.fault.take()
        };
        if fault == Some(Fault::Fail) {
            return Answer::Failed;
        }
        let answer = self.execute(request, db, world);
        if fault == Some(Fault::Lose) {
            Answer::Failed
        } else {
            answer
        }
    }

    fn start(&mut self, node: u64, world: &Rc<World>) -> Answer {
        if self.clash {
            self.clash = false;
            return Answer::Clash;
        }
        let values = NodeSpace::of(&self.layout).values(node);
        let clock = SimClock {
            world: world.clone(),
            offset_ms: self.offset_ms.clone(),
            window_end: Cell::new(Mono::ZERO),
        };
        let mut g = Generator::new(self.layout.clone(), &values, self.policy, clock, 7).unwrap();
        g.set_fence(Fence::Closed);
        // IDs keep increasing across nodes, as R's `after` makes them.
        if let Some(last) = self.slot.0.as_ref().and_then(|g| g.last_issued_id()) {
            let _ = g.stay_above(last);
        }
        self.slot.0 = Some(g);
        Answer::Started
    }

    /// The request, as zuid's SQL does it: one atomic statement each.
    fn execute(&mut self, request: &Request, db: &mut Db, world: &Rc<World>) -> Answer {
        let now = world.wall_ms.get();
        let (mask, ttl) = (self.mask, self.ttl_ms as i64);
        let count = NodeSpace::of(&self.layout).count();
        let free = |row: &Row| row.released || row.expires < now;
        match *request {
            Request::Outside => Answer::Outside(!self.in_transaction),
            Request::Find { prefer, ref skip } => {
                if let Some(p) = prefer.filter(|p| !skip.contains(p)) {
                    match db.leases.get(&(mask, p)) {
                        None => return Answer::Found { node: p, fresh: true },
                        Some(row) if free(row) => return Answer::Found { node: p, fresh: false },
                        _ => {}
                    }
                }
                let free_row = db
                    .leases
                    .iter()
                    .find(|(&(m, n), row)| m == mask && free(row) && !skip.contains(&n));
                if let Some((&(_, node), _)) = free_row {
                    return Answer::Found { node, fresh: false };
                }
                (0..count)
                    .find(|n| !db.leases.contains_key(&(mask, *n)) && !skip.contains(n))
                    .map_or(Answer::NoneFree, |node| Answer::Found { node, fresh: true })
            }
            Request::Take { node, fresh, token } => {
                let row = db.leases.get_mut(&(mask, node));
                let taken = match (fresh, row) {
                    (true, None) => {
                        db.leases.insert(
                            (mask, node),
                            Row {
                                token,
                                expires: now + ttl,
                                released: false,
                                horizon: None,
                                garbled: false,
                            },
                        );
                        true
                    }
                    (false, Some(row)) if free(row) => {
                        *row = Row {
                            token,
                            expires: now + ttl,
                            released: false,
                            ..*row
                        };
                        true
                    }
                    _ => false,
                };
                Answer::Changed(u64::from(taken))
            }
            Request::Start { node } => self.start(node, world),
            Request::OwnSpace => {
                let row = db.space.get_or_insert(SpaceRow {
                    owner: mask,
                    until: now + ttl,
                    horizon: None,
                    split_floor: None,
                });
                if row.owner == mask || row.until < now {
                    if row.owner != mask {
                        row.split_floor = row.horizon;
                    }
                    row.owner = mask;
                    row.until = row.until.max(now + ttl);
                    Answer::Changed(1)
                } else {
                    Answer::Changed(0)
                }
            }
            Request::Floors { node } => match db.leases.get(&(mask, node)) {
                Some(row) if row.garbled => Answer::Unreadable,
                row => Answer::Floors {
                    row: row.and_then(|r| r.horizon),
                    fence: db.fences.get(&(mask, node)).copied(),
                    split: db.space.and_then(|s| s.split_floor),
                },
            },
            Request::ReserveSpace { horizon } => match db.space.as_mut() {
                Some(row) if row.owner == mask => {
                    row.horizon = Some(greatest(row.horizon, horizon));
                    row.until = row.until.max(now + ttl);
                    Answer::Changed(1)
                }
                _ => Answer::Changed(0),
            },
            Request::ReserveNode { node, horizon } => {
                let fence = db.fences.entry((mask, node)).or_insert(horizon);
                *fence = (*fence).max(horizon);
                Answer::Done
            }
            Request::Extend { node, token, horizon } => match db.leases.get_mut(&(mask, node)) {
                Some(row) if row.token == token && !row.released => {
                    row.expires = now + ttl;
                    row.horizon = Some(horizon);
                    row.garbled = false;
                    Answer::Changed(1)
                }
                _ => Answer::Changed(0),
            },
            Request::GiveBack { node, token, horizon } => match db.leases.get_mut(&(mask, node)) {
                Some(row) if row.token == token && !row.released => {
                    row.released = true;
                    row.expires = now;
                    match horizon {
                        RowHorizon::Keep => {}
                        RowHorizon::Set(tick) => row.horizon = Some(tick),
                        RowHorizon::Clear => row.horizon = None,
                    }
                    row.garbled &= horizon == RowHorizon::Keep;
                    Answer::Changed(1)
                }
                _ => Answer::Changed(0),
            },
            Request::Lower { node, from, to } => {
                if db.fences.get(&(mask, node)) == Some(&from) {
                    match to {
                        Some(tick) => db.fences.insert((mask, node), tick),
                        None => db.fences.remove(&(mask, node)),
                    };
                }
                Answer::Done
            }
        }
    }

    /// Mints up to `n` IDs while the window is open, as the binding does:
    /// it renews when minting stops for the lease.
    fn mint(&mut self, n: usize, world: &Rc<World>) -> usize {
        let Some(g) = self.slot.0.as_mut() else {
            return 0;
        };
        let mut count = 0;
        while count < n && world.mono() < g.clock().window_end.get() {
            match g.next_id() {
                Ok(id) => {
                    self.minted.push(id);
                    count += 1;
                }
                Err(_) => break,
            }
        }
        count
    }

    fn window_open(&self, world: &Rc<World>) -> bool {
        self.slot
            .0
            .as_ref()
            .is_some_and(|g| world.mono() < g.clock().window_end.get())
    }
}

/// No ID minted twice, and each holder's IDs increasing.
fn assert_unique(holders: &[&Holder]) {
    let mut seen = HashSet::new();
    for h in holders {
        for pair in h.minted.windows(2) {
            assert!(pair[0] < pair[1], "{}: {} then {}", h.name, pair[0], pair[1]);
        }
        for &id in &h.minted {
            assert!(seen.insert(id), "{} minted {id} a second time", h.name);
        }
    }
}

fn claim(h: &mut Holder, db: &mut Db, world: &Rc<World>) -> Next {
    h.drive(Doing::Claim, db, world)
}

#[test]
fn holders_claim_the_lowest_free_nodes_and_mint_within_their_windows() {
    let (world, mut db) = (World::new(), Db::default());
    let mut a = Holder::new("a", four_nodes(), OnClockBack::Wait, 1);
    let mut b = Holder::new("b", four_nodes(), OnClockBack::Wait, 2);
    assert_eq!(claim(&mut a, &mut db, &world), Next::Minting);
    assert_eq!(claim(&mut b, &mut db, &world), Next::Minting);
    assert_eq!((a.node(), b.node()), (Some(0), Some(1)));
    assert_eq!(a.mint(100, &world), 100);
    // The horizon reserved is the lease's length past the clock: 1,000 ticks.
    let tick = (START - EPOCH) as u64;
    assert_eq!(db.fences[&(a.mask, 0)], tick + 1_000);
    assert_eq!(db.leases[&(a.mask, 0)].horizon, Some(tick + 1_000));
    // The window closes half a lease after the renewal began.
    world.advance(499);
    assert!(a.window_open(&world));
    world.advance(1);
    assert_eq!(a.mint(5, &world), 0);
    assert_eq!(a.drive(Doing::Renew, &mut db, &world), Next::Minting);
    assert_eq!(a.mint(5, &world), 5);
    assert_unique(&[&a, &b]);
}

#[test]
fn a_new_holder_starts_above_the_horizon_its_predecessor_reserved() {
    let (world, mut db) = (World::new(), Db::default());
    let mut a = Holder::new("a", four_nodes(), OnClockBack::Wait, 1);
    claim(&mut a, &mut db, &world);
    a.mint(1_000, &world);
    // `a` stops renewing (killed, or paused); its lease expires, and `b`,
    // whose clock is 5 s behind, takes the node: it counts on from the
    // horizon rather than mint `a`'s IDs again.
    world.advance(1_001);
    let mut b = Holder::new("b", four_nodes(), OnClockBack::Borrow, 2);
    b.offset_ms.set(-5_000);
    assert_eq!(claim(&mut b, &mut db, &world), Next::Minting);
    assert_eq!(b.node(), Some(0));
    assert_eq!(b.mint(1_000, &world), 1_000);
    let horizon = db.leases[&(a.mask, 0)].horizon.unwrap();
    assert!(b
        .minted
        .iter()
        .all(|&id| four_nodes().time().extract(id) > (START - EPOCH) as u64 + 999));
    assert!(b.minted.iter().all(|&id| four_nodes().time().extract(id) <= horizon));
    // `a` wakes: its window closed long ago, and its renewal finds the
    // node taken: it claims another.
    assert_eq!(a.mint(10, &world), 0);
    assert_eq!(a.drive(Doing::Renew, &mut db, &world), Next::Minting);
    assert_eq!(a.node(), Some(1));
    assert_eq!(a.notices, vec![Notice::Moved { from: 0, to: 1 }]);
    a.mint(1_000, &world);
    assert_unique(&[&a, &b]);
}

#[test]
fn a_node_given_back_without_minting_costs_its_next_holder_no_wait() {
    let (world, mut db) = (World::new(), Db::default());
    let mut a = Holder::new("a", four_nodes(), OnClockBack::Error, 1);
    claim(&mut a, &mut db, &world);
    assert_eq!(a.drive(Doing::Release, &mut db, &world), Next::Released);
    assert!(a.lease.is_closed());
    assert_eq!(db.leases[&(a.mask, 0)].horizon, None);
    assert_eq!(db.fences.get(&(a.mask, 0)), None);
    // Under "error", a horizon ahead of the clock would be refused.
    let mut b = Holder::new("b", four_nodes(), OnClockBack::Error, 2);
    assert_eq!(claim(&mut b, &mut db, &world), Next::Minting);
    assert_eq!((b.node(), b.mint(10, &world)), (Some(0), 10));
    // Given back after minting: the next holder starts after the last tick.
    world.advance(3);
    b.mint(10, &world);
    let last = four_nodes().time().extract(*b.minted.last().unwrap());
    assert_eq!(b.drive(Doing::Release, &mut db, &world), Next::Released);
    assert_eq!(db.fences[&(b.mask, 0)], last);
    let mut c = Holder::new("c", four_nodes(), OnClockBack::Wait, 3);
    claim(&mut c, &mut db, &world);
    world.advance(1);
    assert_eq!(c.mint(10, &world), 10);
    assert_unique(&[&a, &b, &c]);
    // A released lease is closed for good.
    assert_eq!(b.drive(Doing::Renew, &mut db, &world), Next::Stopped(Stop::Released));
}

#[test]
fn another_split_of_the_space_waits_for_the_first_and_the_first_cannot_renew_in_place() {
    let (world, mut db) = (World::new(), Db::default());
    let mut old = Holder::new("old", four_nodes(), OnClockBack::Wait, 1);
    let mut new = Holder::new("new", two_nodes(), OnClockBack::Borrow, 2);
    // The new split's clock is behind, by as much as the old lease lasted:
    // it reads the ticks the old split minted in.
    new.offset_ms.set(-1_001);
    claim(&mut old, &mut db, &world);
    old.mint(500, &world);
    // While the old split holds the space, the new one is refused.
    assert_eq!(claim(&mut new, &mut db, &world), Next::Stopped(Stop::Split));
    assert_eq!(new.node(), None);
    assert!(db.leases[&(new.mask, 0)].released, "the node it took is given back");
    // The old split's lease expires unclaimed: the new one takes the space
    // and starts above every horizon the old one reserved.
    world.advance(1_001);
    assert_eq!(claim(&mut new, &mut db, &world), Next::Minting);
    new.mint(500, &world);
    // The old holder may not renew in place: the space is the other split's.
    assert_eq!(old.drive(Doing::Renew, &mut db, &world), Next::Stopped(Stop::Split));
    assert_eq!(old.mint(10, &world), 0);
    assert!(db.leases[&(old.mask, 0)].released);
    assert_unique(&[&old, &new]);
}

#[test]
fn lease_rows_deleted_under_a_live_holder_leave_the_ledger_to_keep_ids_apart() {
    for truncate in [false, true] {
        let (world, mut db) = (World::new(), Db::default());
        let mut a = Holder::new("a", four_nodes(), OnClockBack::Wait, 1);
        claim(&mut a, &mut db, &world);
        a.mint(100, &world);
        if truncate {
            db.leases.clear();
        } else {
            db.leases.remove(&(a.mask, 0));
        }
        // `b` finds node 0 without a row and claims it fresh, with a clock
        // 3 s behind; `a` still mints in its window.
        let mut b = Holder::new("b", four_nodes(), OnClockBack::Borrow, 2);
        b.offset_ms.set(-3_000);
        assert_eq!(claim(&mut b, &mut db, &world), Next::Minting);
        assert_eq!(b.node(), Some(0));
        for _ in 0..4 {
            world.advance(100);
            a.mint(300, &world);
            b.mint(300, &world);
        }
        assert!(b.minted.len() >= 1_000);
        // `a`'s renewal finds its row gone (or taken): it claims node 1.
        world.advance(100);
        assert_eq!(a.drive(Doing::Renew, &mut db, &world), Next::Minting);
        assert_eq!(a.node(), Some(1));
        a.mint(100, &world);
        assert_unique(&[&a, &b]);
    }
}

#[test]
fn a_holder_whose_row_was_deleted_claims_it_again_without_waiting_for_its_own_horizon() {
    let (world, mut db) = (World::new(), Db::default());
    let mut a = Holder::new("a", four_nodes(), OnClockBack::Error, 1);
    claim(&mut a, &mut db, &world);
    a.mint(10, &world);
    db.leases.clear();
    world.advance(600);
    // Under "error" a floor ahead of the clock would stop it: the ledger
    // holds its own reservation, so its own last tick is the floor.
    assert_eq!(a.drive(Doing::Renew, &mut db, &world), Next::Minting);
    assert_eq!(a.notices, vec![Notice::Moved { from: 0, to: 0 }]);
    assert_eq!(a.mint(10, &world), 10);
    assert_unique(&[&a]);
}

#[test]
fn edits_of_a_live_row_by_other_clients_never_lower_what_the_next_holder_starts_above() {
    type Edit = fn(&mut Row);
    let edits: [Edit; 4] = [
        |r| {
            r.expires = 0;
            r.horizon = None;
        },
        |r| {
            r.released = true;
            r.horizon = Some(0);
        },
        |r| r.token = 99,
        |r| {
            r.expires = 0;
            r.token = 5;
        },
    ];
    for edit in edits {
        let (world, mut db) = (World::new(), Db::default());
        let mut a = Holder::new("a", four_nodes(), OnClockBack::Wait, 1);
        claim(&mut a, &mut db, &world);
        a.mint(200, &world);
        edit(db.leases.get_mut(&(a.mask, 0)).unwrap());
        let mut b = Holder::new("b", four_nodes(), OnClockBack::Borrow, 2);
        b.offset_ms.set(-2_000);
        claim(&mut b, &mut db, &world);
        for _ in 0..3 {
            world.advance(100);
            a.mint(200, &world);
            b.mint(200, &world);
        }
        world.advance(300);
        a.drive(Doing::Renew, &mut db, &world);
        b.drive(Doing::Renew, &mut db, &world);
        a.mint(200, &world);
        b.mint(200, &world);
        assert_unique(&[&a, &b]);
    }
}

#[test]
fn a_failed_or_lost_answer_is_never_taken_as_one() {
    // Each request of a claim fails in turn, or runs and loses its answer:
    // the claim stops, nothing is minted, and a later claim by another
    // holder still mints above everything.
    for step in 0..9 {
        for fault in [Fault::Fail, Fault::Lose] {
            let (world, mut db) = (World::new(), Db::default());
            let mut a = Holder::new("a", four_nodes(), OnClockBack::Wait, 1);
            claim(&mut a, &mut db, &world);
            a.mint(300, &world);
            world.advance(1_001);
            let mut b = Holder::new("b", four_nodes(), OnClockBack::Borrow, 2);
            b.offset_ms.set(-4_000);
            let mut next = b.lease.begin(Doing::Claim, &mut b.slot);
            let mut i = 0;
            while let Next::Do(request) = next.clone() {
                if i == step {
                    b.fault = Some(fault);
                }
                let answer = b.run(&request, &mut db, &world);
                next = b.lease.answer(answer, world.mono(), &mut b.slot);
                i += 1;
            }
            assert!(i > step, "{i} requests");
            assert!(
                matches!(next, Next::Stopped(Stop::Database(_))),
                "{step} {fault:?} {next:?}"
            );
            assert_eq!(b.mint(10, &world), 0);
            // Whatever happened, b's next attempt and a's renewal stay apart.
            b.drive(Doing::Renew, &mut db, &world);
            b.mint(300, &world);
            a.drive(Doing::Renew, &mut db, &world);
            a.mint(300, &world);
            assert_unique(&[&a, &b]);
        }
    }
}

#[test]
fn a_connection_inside_a_transaction_writes_nothing() {
    let (world, mut db) = (World::new(), Db::default());
    let mut a = Holder::new("a", four_nodes(), OnClockBack::Wait, 1);
    a.in_transaction = true;
    assert_eq!(
        claim(&mut a, &mut db, &world),
        Next::Stopped(Stop::InTransaction(Doing::Claim))
    );
    assert!(db.leases.is_empty());
    a.in_transaction = false;
    claim(&mut a, &mut db, &world);
    world.advance(500);
    a.in_transaction = true;
    let before = db.leases[&(a.mask, 0)].expires;
    assert_eq!(
        a.drive(Doing::Renew, &mut db, &world),
        Next::Stopped(Stop::InTransaction(Doing::Renew))
    );
    assert_eq!(db.leases[&(a.mask, 0)].expires, before);
    assert_eq!(a.mint(1, &world), 0);
    assert_eq!(
        a.drive(Doing::Release, &mut db, &world),
        Next::Stopped(Stop::InTransaction(Doing::Release))
    );
    assert!(!db.leases[&(a.mask, 0)].released);
    // Giving back shut the generator, for good: it is not renewed, and
    // giving back can be tried again outside the transaction.
    a.in_transaction = false;
    assert_eq!(a.drive(Doing::Renew, &mut db, &world), Next::Stopped(Stop::Released));
    assert_eq!(a.mint(1, &world), 0);
    assert_eq!(a.drive(Doing::Release, &mut db, &world), Next::Released);
    assert!(db.leases[&(a.mask, 0)].released);
}

#[test]
fn a_clash_in_this_process_passes_the_node_over() {
    let (world, mut db) = (World::new(), Db::default());
    let mut a = Holder::new("a", four_nodes(), OnClockBack::Wait, 1);
    a.clash = true;
    assert_eq!(claim(&mut a, &mut db, &world), Next::Minting);
    assert_eq!(a.node(), Some(1));
    assert!(db.leases[&(a.mask, 0)].released);
    // Every node clashing or held: all taken, and how many were skipped.
    let mut b = Holder::new("b", two_nodes(), OnClockBack::Wait, 2);
    let mut db2 = Db::default();
    claim(&mut b, &mut db2, &world);
    let mut c = Holder::new("c", two_nodes(), OnClockBack::Wait, 3);
    c.clash = true;
    assert_eq!(
        claim(&mut c, &mut db2, &world),
        Next::Stopped(Stop::AllTaken { skipped: 1, lost: None })
    );
}

#[test]
fn renewals_slower_than_the_window_stop_the_lease() {
    let (world, mut db) = (World::new(), Db::default());
    let mut a = Holder::new("a", four_nodes(), OnClockBack::Wait, 1);
    claim(&mut a, &mut db, &world);
    let mut last = Next::Minting;
    for _ in 0..MAX_SLOW {
        world.advance(600);
        let mut next = a.lease.begin(Doing::Renew, &mut a.slot);
        while let Next::Do(request) = next {
            let answer = a.run(&request, &mut db, &world);
            // The database takes 200 ms over each statement.
            world.advance(200);
            next = a.lease.answer(answer, world.mono(), &mut a.slot);
        }
        last = next;
    }
    // From the first renewal of the row to the second: four statements.
    assert_eq!(
        last,
        Next::Stopped(Stop::Slow {
            took: Duration::from_millis(800)
        })
    );
    assert_eq!(a.mint(1, &world), 0);
}

#[test]
fn an_operation_cut_short_never_lets_a_generator_mint_below_its_floor() {
    let (world, mut db) = (World::new(), Db::default());
    let mut a = Holder::new("a", four_nodes(), OnClockBack::Wait, 1);
    claim(&mut a, &mut db, &world);
    a.mint(300, &world);
    world.advance(1_001);
    // `b` is interrupted at each step of its claim in turn, then renews.
    for cut in 1..7 {
        let mut b = Holder::new("b", four_nodes(), OnClockBack::Borrow, 10 + cut);
        b.offset_ms.set(-4_000);
        let mut next = b.lease.begin(Doing::Claim, &mut b.slot);
        for _ in 0..cut {
            if let Next::Do(request) = next {
                let answer = b.run(&request, &mut db, &world);
                next = b.lease.answer(answer, world.mono(), &mut b.slot);
            }
        }
        b.mint(100, &world);
        b.drive(Doing::Renew, &mut db, &world);
        b.mint(100, &world);
        b.drive(Doing::Release, &mut db, &world);
        assert_unique(&[&a, &b]);
    }
}

/// The clock's tick now, in the layouts of these tests (milliseconds).
fn tick_now(world: &World) -> u64 {
    (world.wall_ms.get() - EPOCH) as u64
}

/// The ledger holds nothing further ahead than a lease's length past the
/// clock: no horizon typed into a lease row was copied into it.
fn assert_ledger_near(db: &Db, world: &World, ttl_ticks: u64) {
    let bound = tick_now(world) + ttl_ticks;
    for (key, &fence) in &db.fences {
        assert!(fence <= bound, "{key:?}: ledger at {fence}, past {bound}");
    }
    let space = db.space.and_then(|s| s.horizon).unwrap_or(0);
    assert!(space <= bound, "space horizon {space}, past {bound}");
}

/// Node 0's row given back with `horizon` typed into it by another client.
fn typed_horizon(db: &mut Db, world: &Rc<World>, horizon: Option<u64>, garbled: bool) {
    let mut a = Holder::new("a", four_nodes(), OnClockBack::Wait, 100);
    claim(&mut a, db, world);
    a.drive(Doing::Release, db, world);
    let row = db.leases.get_mut(&(a.mask, 0)).unwrap();
    row.horizon = horizon;
    row.garbled = garbled;
}

#[test]
fn a_horizon_from_the_far_future_in_a_lease_row_is_passed_over_under_every_policy() {
    for policy in [OnClockBack::Wait, OnClockBack::Borrow, OnClockBack::Error] {
        let (world, mut db) = (World::new(), Db::default());
        typed_horizon(&mut db, &world, Some(FAR_FUTURE), false);
        let mut b = Holder::new("b", four_nodes(), policy, 2);
        assert_eq!(claim(&mut b, &mut db, &world), Next::Minting, "{policy:?}");
        assert_eq!(b.node(), Some(1));
        let reach = tick_now(&world) + 1_000 + CLOCK_ALLOWANCE_MS;
        assert_eq!(
            b.skipped,
            vec![Skipped {
                node: 0,
                horizon: Some(FAR_FUTURE),
                reach
            }]
        );
        // Minted now, not in 2090, and not waited for.
        assert_eq!(b.mint(10, &world), 10);
        let time = four_nodes().time();
        assert!(b.minted.iter().all(|&id| time.extract(id) <= tick_now(&world)));
        // Renewals push nothing of it into the ledger; later claims pass
        // it over too, and the row is left as typed.
        for _ in 0..3 {
            world.advance(500);
            assert_eq!(b.drive(Doing::Renew, &mut db, &world), Next::Minting);
        }
        let mut c = Holder::new("c", four_nodes(), policy, 3);
        assert_eq!(claim(&mut c, &mut db, &world), Next::Minting);
        assert_eq!((c.node(), c.skipped.len()), (Some(2), 1));
        assert_eq!(db.leases[&(b.mask, 0)].horizon, Some(FAR_FUTURE));
        assert_ledger_near(&db, &world, 1_000);
        assert_unique(&[&b, &c]);
    }
}

#[test]
fn a_far_horizon_typed_into_a_live_holders_row_is_overwritten_by_its_renewal_never_copied() {
    let (world, mut db) = (World::new(), Db::default());
    let mut a = Holder::new("a", four_nodes(), OnClockBack::Wait, 1);
    claim(&mut a, &mut db, &world);
    a.mint(100, &world);
    db.leases.get_mut(&(a.mask, 0)).unwrap().horizon = Some(FAR_FUTURE);
    world.advance(500);
    assert_eq!(a.drive(Doing::Renew, &mut db, &world), Next::Minting);
    assert_eq!(a.node(), Some(0));
    assert!(db.leases[&(a.mask, 0)].horizon < Some(FAR_FUTURE));
    // Typed again, and the lease freed: the next claim passes node 0 over,
    // and the holder, whose token still holds the row, renews as before.
    let row = db.leases.get_mut(&(a.mask, 0)).unwrap();
    (row.horizon, row.expires) = (Some(FAR_FUTURE), 0);
    let mut b = Holder::new("b", four_nodes(), OnClockBack::Borrow, 2);
    assert_eq!(claim(&mut b, &mut db, &world), Next::Minting);
    assert_eq!((b.node(), b.skipped.len()), (Some(1), 1));
    world.advance(500);
    assert_eq!(a.drive(Doing::Renew, &mut db, &world), Next::Minting);
    a.mint(100, &world);
    b.mint(100, &world);
    assert_ledger_near(&db, &world, 1_000);
    assert_unique(&[&a, &b]);
}

#[test]
fn a_far_horizon_in_the_ledger_passes_its_node_over_instead_of_waiting_for_it() {
    // An earlier zuid copied a typed horizon into the ledger, and the rows
    // were deleted since: the node is passed over, never waited for.
    let (world, mut db) = (World::new(), Db::default());
    let mask = NodeSpace::of(&four_nodes()).mask();
    db.fences.insert((mask, 0), FAR_FUTURE);
    let mut a = Holder::new("a", four_nodes(), OnClockBack::Wait, 1);
    assert_eq!(claim(&mut a, &mut db, &world), Next::Minting);
    assert_eq!(a.node(), Some(1));
    assert_eq!(a.skipped[0].horizon, Some(FAR_FUTURE));
    assert_eq!(db.fences[&(mask, 0)], FAR_FUTURE, "never lowered by another holder");
    assert_eq!(a.mint(10, &world), 10);
}

#[test]
fn a_horizon_within_a_lease_and_the_clock_allowance_is_met_one_tick_further_is_not() {
    let reach = 1_000 + CLOCK_ALLOWANCE_MS;
    for (ahead, passed) in [(reach, false), (reach + 1, true)] {
        let (world, mut db) = (World::new(), Db::default());
        typed_horizon(&mut db, &world, Some(tick_now(&world) + ahead), false);
        let mut b = Holder::new("b", four_nodes(), OnClockBack::Borrow, 2);
        assert_eq!(claim(&mut b, &mut db, &world), Next::Minting);
        assert_eq!(b.node(), Some(u64::from(passed)), "{ahead} ticks ahead");
        assert_eq!(b.skipped.len(), usize::from(passed));
        b.mint(5, &world);
        if !passed {
            // Borrowed: counted on from just past the horizon.
            let first = four_nodes().time().extract(b.minted[0]);
            assert_eq!(first, tick_now(&world) + ahead + 1);
        }
    }
}

#[test]
fn a_row_whose_horizon_cannot_be_read_is_passed_over_and_named() {
    let (world, mut db) = (World::new(), Db::default());
    typed_horizon(&mut db, &world, Some(5), true);
    let mut b = Holder::new("b", four_nodes(), OnClockBack::Wait, 2);
    assert_eq!(claim(&mut b, &mut db, &world), Next::Minting);
    assert_eq!(b.node(), Some(1));
    assert_eq!((b.skipped[0].node, b.skipped[0].horizon), (0, None));
    // Passed over, the row counts as no clash of this process when every
    // node is taken, and is still named.
    let (world, mut db) = (World::new(), Db::default());
    let mut x = Holder::new("x", two_nodes(), OnClockBack::Wait, 9);
    claim(&mut x, &mut db, &world);
    x.drive(Doing::Release, &mut db, &world);
    db.leases.get_mut(&(x.mask, 0)).unwrap().garbled = true;
    let mut y = Holder::new("y", two_nodes(), OnClockBack::Wait, 10);
    assert_eq!(claim(&mut y, &mut db, &world), Next::Minting);
    assert_eq!(y.node(), Some(1));
    let mut z = Holder::new("z", two_nodes(), OnClockBack::Wait, 11);
    assert_eq!(
        claim(&mut z, &mut db, &world),
        Next::Stopped(Stop::AllTaken { skipped: 0, lost: None })
    );
    assert_eq!(z.skipped.len(), 1);
    // A holder that renews a garbled row of its own overwrites it.
    world.advance(500);
    db.leases.get_mut(&(y.mask, 1)).unwrap().garbled = true;
    assert_eq!(y.drive(Doing::Renew, &mut db, &world), Next::Minting);
    assert!(!db.leases[&(y.mask, 1)].garbled);
}

/// A reproducible pseudo-random sequence for the scripted runs.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// Five holders of two splits of one space, in random order, through every
/// fault at random: no ID is ever minted twice.
#[test]
fn random_runs_of_holders_faults_and_other_clients_never_mint_an_id_twice() {
    let mut total = 0;
    let only: Option<u64> = std::env::var("ZUID_SEED").ok().map(|s| s.parse().unwrap());
    for seed in 1..=300u64 {
        if only.is_some_and(|o| o != seed) {
            continue;
        }
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let (world, mut db) = (World::new(), Db::default());
        let policies = [OnClockBack::Wait, OnClockBack::Borrow, OnClockBack::Error];
        let mut holders: Vec<Holder> = ["a", "b", "c", "d", "e"]
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let layout = if i < 3 { four_nodes() } else { two_nodes() };
                let policy = policies[rng.below(3) as usize];
                Holder::new(name, layout, policy, seed * 10 + i as u64)
            })
            .collect();
        for h in holders.iter_mut() {
            h.drive(Doing::Claim, &mut db, &world);
        }
        for _ in 0..200 {
            let i = rng.below(holders.len() as u64) as usize;
            let event = rng.below(20);
            if std::env::var("ZUID_TRACE").is_ok() {
                eprintln!(
                    "event {event} for holder {i} ({}) at t={}",
                    holders[i].name,
                    world.wall_ms.get() - START
                );
            }
            match event {
                0..=7 => {
                    let h = &mut holders[i];
                    let got = h.mint(rng.below(400) as usize + 1, &world);
                    if std::env::var("ZUID_TRACE").is_ok() && got > 0 {
                        let (first, last) = (h.minted[h.minted.len() - got], h.minted[h.minted.len() - 1]);
                        eprintln!(
                            "  minted {got}: ticks {}..{} ids {first}..{last}",
                            first >> 22,
                            last >> 22
                        );
                    }
                    if got == 0 && !h.lease.is_closed() {
                        h.drive(Doing::Renew, &mut db, &world);
                    }
                }
                8..=10 => world.advance(rng.below(400)),
                11 => holders[i].fault = Some(if rng.below(2) == 0 { Fault::Fail } else { Fault::Lose }),
                12 => holders[i].offset_ms.set(rng.below(8_000) as i64 - 6_000),
                13 => holders[i].in_transaction = !holders[i].in_transaction,
                14 => {
                    if rng.below(4) == 0 {
                        db.leases.clear();
                    } else {
                        let keys: Vec<_> = db.leases.keys().copied().collect();
                        if !keys.is_empty() {
                            db.leases.remove(&keys[rng.below(keys.len() as u64) as usize]);
                        }
                    }
                }
                15 => {
                    let keys: Vec<_> = db.leases.keys().copied().collect();
                    if !keys.is_empty() {
                        let row = db.leases.get_mut(&keys[rng.below(keys.len() as u64) as usize]).unwrap();
                        match rng.below(4) {
                            0 => row.expires = 0,
                            1 => row.released = true,
                            2 => row.horizon = if rng.below(2) == 0 { None } else { Some(0) },
                            _ => row.token = rng.below(1_000),
                        }
                    }
                }
                16 => {
                    holders[i].drive(Doing::Release, &mut db, &world);
                }
                17 => holders[i].clash = true,
                _ => {
                    // A holder cut short in the middle of an operation.
                    let h = &mut holders[i];
                    let mut next = h.lease.begin(Doing::Renew, &mut h.slot);
                    for _ in 0..rng.below(5) {
                        if let Next::Do(request) = next {
                            let answer = h.run(&request, &mut db, &world);
                            next = h.lease.answer(answer, world.mono(), &mut h.slot);
                        }
                    }
                }
            }
            // A released holder is replaced by a new process.
            if holders[i].lease.is_closed() {
                let layout = holders[i].layout.clone();
                let policy = policies[rng.below(3) as usize];
                let name = holders[i].name;
                let old = std::mem::replace(&mut holders[i], Holder::new(name, layout, policy, rng.below(u64::MAX)));
                holders.push(Holder { name: "gone", ..old });
            }
        }
        let all: Vec<&Holder> = holders.iter().collect();
        assert_unique_across(&all, seed);
        total += holders.iter().map(|h| h.minted.len()).sum::<usize>();
    }
    // The runs mint: the check above is not vacuous.
    assert!(total > 200_000, "{total}");
}

/// As `assert_unique`, across replaced holders too (a process and its
/// successor under one name are different processes).
fn assert_unique_across(holders: &[&Holder], seed: u64) {
    let mut seen = std::collections::HashMap::new();
    for (i, h) in holders.iter().enumerate() {
        for &id in &h.minted {
            if let Some(first) = seen.insert(id, i) {
                panic!(
                    "seed {seed}: {} (holder {i}) minted {id}, which holder {first} minted",
                    h.name
                );
            }
        }
    }
}
