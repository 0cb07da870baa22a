//! The generators alive in this process, by what their IDs mean. Two
//! generators clash when they can mint the same bit patterns: their
//! layouts put the time in the same place on the same tick grid (the same
//! ID space, however the bits below it are split into fields), and their
//! node bits agree wherever both layouts have node bits. A second one is
//! refused unless asked for. The registry also keeps the last ID of the
//! generators that are gone, so that a later one starts above them: a
//! generator made after another was collected, in the same millisecond,
//! would otherwise mint its IDs again.
//!
//! Entries are added when a generator's external pointer exists and
//! removed by its finalizer (`Shared`'s drop), which R runs when the
//! generator is garbage-collected; a forked child's finalizer of a
//! generator inherited from its parent removes nothing, since the parent's
//! generator still mints. Looking a generator up costs the same however
//! many there are (node values are hashed; only layouts that split one ID
//! space differently are compared one by one), and the slots of gone
//! generators whose last tick has passed are freed, their ticks folded
//! into one floor for their ID space.

use crate::layouts::layout::Layout;
use crate::layouts::unit::Unit;
use crate::problem::{Code, Problem};
use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};

/// What the time bits of a layout's IDs mean: where they sit and the tick
/// grid they count (the tick's length and the start of tick 0). Layouts of
/// one space whose node bits agree mint the same IDs at the same moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Space {
    time_shift: u32,
    unit: Unit,
    origin: i64,
}

impl Space {
    pub fn of(layout: &Layout) -> Space {
        Space {
            time_shift: layout.time().shift(),
            unit: layout.unit(),
            origin: layout.origin(),
        }
    }

    /// The tick of an ID of this space.
    pub fn tick_of(&self, id: u64) -> u64 {
        id >> self.time_shift
    }

    /// The largest ID of `tick`, whatever its node and sequence: a
    /// generator that stays above it starts in a later tick.
    pub fn tick_floor(&self, tick: u64) -> u64 {
        let low = (1u64 << self.time_shift) - 1;
        (tick << self.time_shift) | low
    }

    pub fn time_shift(&self) -> u32 {
        self.time_shift
    }

    pub fn unit(&self) -> Unit {
        self.unit
    }

    /// The start of tick 0 in the unit's resolution.
    pub fn origin(&self) -> i64 {
        self.origin
    }
}

/// A generator's place: its ID space and the bits its node values fix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Key {
    space: Space,
    /// The bits of the layout's node fields.
    mask: u64,
    /// The node values in place.
    value: u64,
}

impl Key {
    /// The key of a generator of `layout` with `nodes`, one value per node
    /// field in layout order (values wider than their field are cut).
    pub fn new(layout: &Layout, nodes: &[u64]) -> Key {
        let mut mask = 0;
        let mut value = 0;
        for (part, &v) in layout.nodes().zip(nodes) {
            let field = part.max_value() << part.shift();
            mask |= field;
            value |= (v << part.shift()) & field;
        }
        Key {
            space: Space::of(layout),
            mask,
            value,
        }
    }

    /// The ID space of the key.
    pub fn space(&self) -> Space {
        self.space
    }

    /// Whether generators of the two keys can mint the same ID: same space,
    /// and node bits that agree where both fix them (elsewhere one layout's
    /// node bits are the other's sequence, which takes every value).
    pub fn clashes(&self, other: &Key) -> bool {
        self.space == other.space && (self.value ^ other.value) & self.mask & other.mask == 0
    }
}

struct Slot {
    /// The process that made each live generator, and whether it holds the
    /// node under a lease: a forked child inherits its parent's, which
    /// still mint in the parent.
    owners: Vec<Owner>,
    /// The largest last ID of the key's generators that are gone.
    last_id: Option<u64>,
}

/// The slots of one ID space: by node mask (one per way of splitting the
/// bits below the time into fields), then by node bits.
#[derive(Default)]
struct SpaceSlots {
    groups: HashMap<u64, HashMap<u64, Slot>>,
    /// The latest tick of the gone generators whose slots were freed: every
    /// later generator of the space starts above it.
    freed_tick: Option<u64>,
    /// Slots with no live generator, kept for their last ID, and how many
    /// were left after the last sweep.
    gone: usize,
    gone_after_sweep: usize,
}

impl SpaceSlots {
    /// The slots that clash with `key`: its own, found by hashing, and
    /// those of other splits of the space, compared one by one.
    fn clashing<'a>(&'a self, key: &'a Key) -> impl Iterator<Item = &'a Slot> + 'a {
        self.groups.iter().flat_map(move |(&mask, group)| {
            let own = (mask == key.mask).then(|| group.get(&key.value)).flatten();
            let others = (mask != key.mask).then(|| {
                group
                    .iter()
                    .filter(move |(&value, _)| (value ^ key.value) & mask & key.mask == 0)
                    .map(|(_, slot)| slot)
            });
            own.into_iter().chain(others.into_iter().flatten())
        })
    }

    /// Frees the slots of gone generators whose last tick is before
    /// `now_tick`, folding their ticks into `freed_tick`, once enough of
    /// them have gathered that the sweep costs nothing per generator.
    fn sweep(&mut self, space: Space, now_tick: Option<u64>) {
        let Some(now_tick) = now_tick else { return };
        if self.gone <= 2 * self.gone_after_sweep + 64 {
            return;
        }
        let mut freed = self.freed_tick;
        for group in self.groups.values_mut() {
            group.retain(|_, slot| {
                let old = slot.owners.is_empty() && slot.last_id.map_or(true, |id| space.tick_of(id) < now_tick);
                if old {
                    freed = freed.max(slot.last_id.map(|id| space.tick_of(id)));
                }
                !old
            });
        }
        self.groups.retain(|_, group| !group.is_empty());
        self.freed_tick = freed;
        self.gone = self
            .groups
            .values()
            .flat_map(|g| g.values())
            .filter(|s| s.owners.is_empty())
            .count();
        self.gone_after_sweep = self.gone;
    }
}

static SPACES: Mutex<Option<HashMap<Space, SpaceSlots>>> = Mutex::new(None);

/// The registry, even after a panic elsewhere: every change to it leaves
/// it consistent.
fn spaces() -> MutexGuard<'static, Option<HashMap<Space, SpaceSlots>>> {
    SPACES.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Owner {
    pid: u32,
    leased: bool,
}

/// Who holds a key that a new generator asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holder {
    /// A live generator of this process.
    ThisProcess,
    /// A generator this process inherited from the parent it was forked
    /// from.
    Parent,
}

/// The holder of a key that clashes with `key`, if a live generator has
/// one; this process's own before a parent's. A generator under a lease
/// (`leased`) passes over the others under leases: the lease table keeps
/// leased generators apart, in this process as in others, and one whose
/// lease was lost but that R has not collected yet mints nothing.
pub fn holder(key: &Key, leased: bool) -> Option<Holder> {
    let pid = std::process::id();
    let guard = spaces();
    let slots = guard.as_ref()?.get(&key.space)?;
    let mut found = None;
    for slot in slots.clashing(key) {
        let mut owners = slot.owners.iter().filter(|o| !(leased && o.leased));
        if owners.clone().any(|o| o.pid == pid) {
            return Some(Holder::ThisProcess);
        }
        if owners.next().is_some() {
            found = Some(Holder::Parent);
        }
    }
    found
}

/// Whether a new generator (under a lease: `leased`) may have `key`: not
/// while another live one clashes with it, unless `shared_node` allows it.
/// The problem names where that one is.
pub fn check_free(key: &Key, shared_node: bool, leased: bool) -> Result<(), Problem> {
    match holder(key, leased) {
        _ if shared_node => Ok(()),
        Some(Holder::ThisProcess) => Err(Problem::new(Code::DuplicateNode).element("session")),
        Some(Holder::Parent) => Err(Problem::new(Code::DuplicateNode).element("parent")),
        None => Ok(()),
    }
}

/// The ID that a new generator of `key` must stay above: the last ID of
/// the gone generators that clash with it, or the floor of the freed ones.
pub fn last_id(key: &Key) -> Option<u64> {
    let guard = spaces();
    let slots = guard.as_ref()?.get(&key.space)?;
    let kept = slots.clashing(key).filter_map(|s| s.last_id).max();
    kept.max(slots.freed_tick.map(|tick| key.space.tick_floor(tick)))
}

/// A live generator's entry, released when the generator is dropped.
#[derive(Debug)]
pub struct Registration {
    key: Key,
    owner: Owner,
}

/// Registers a live generator of `key` (under a lease: `leased`).
/// `now_tick` is the clock's tick in the key's space (`None` before its
/// epoch), against which slots of gone generators are freed.
pub fn register(key: Key, now_tick: Option<u64>, leased: bool) -> Registration {
    let owner = Owner {
        pid: std::process::id(),
        leased,
    };
    let mut guard = spaces();
    let slots = guard.get_or_insert_with(HashMap::new).entry(key.space).or_default();
    let slot = slots
        .groups
        .entry(key.mask)
        .or_default()
        .entry(key.value)
        .or_insert_with(|| Slot {
            owners: Vec::new(),
            last_id: None,
        });
    if slot.owners.is_empty() && slot.last_id.is_some() {
        slots.gone = slots.gone.saturating_sub(1);
    }
    slot.owners.push(owner);
    slots.sweep(key.space, now_tick);
    Registration { key, owner }
}

impl Registration {
    /// Frees the generator's place, keeping the last ID it minted. In a
    /// forked child, whose copy of a parent's generator is refused and
    /// whose parent may go on minting with it, nothing is freed.
    pub fn release(self, last_id: Option<u64>) {
        if self.owner.pid != std::process::id() {
            return;
        }
        let mut guard = spaces();
        let Some(slots) = guard.as_mut().and_then(|s| s.get_mut(&self.key.space)) else {
            return;
        };
        let Some(group) = slots.groups.get_mut(&self.key.mask) else {
            return;
        };
        let Some(slot) = group.get_mut(&self.key.value) else {
            return;
        };
        if let Some(i) = slot.owners.iter().position(|&o| o == self.owner) {
            slot.owners.swap_remove(i);
        }
        slot.last_id = slot.last_id.max(last_id);
        if slot.owners.is_empty() {
            if slot.last_id.is_none() {
                group.remove(&self.key.value);
            } else {
                slots.gone += 1;
            }
        }
    }
}

/// How many slots the registry holds for `space`, for tests of its size.
pub fn slot_count(space: &Space) -> usize {
    spaces()
        .as_ref()
        .and_then(|s| s.get(space))
        .map_or(0, |slots| slots.groups.values().map(HashMap::len).sum())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layouts::layout::PartKind::*;
    use crate::test_cases::{discord, scru64, twitter};

    // The registry is one per process: each test uses node values (or an
    // epoch) no other test uses.

    #[test]
    fn a_live_key_is_held_and_released_with_its_last_id() {
        let key = Key::new(&twitter(), &[31, 1]);
        assert_eq!(holder(&key, false), None);
        assert_eq!(check_free(&key, false, false), Ok(()));
        let registration = register(key.clone(), None, false);
        assert_eq!(holder(&key, false), Some(Holder::ThisProcess));
        let refused = check_free(&key, false, false).unwrap_err();
        assert_eq!((refused.code, refused.element), (Code::DuplicateNode, Some("session")));
        assert_eq!(check_free(&key, true, false), Ok(()));
        registration.release(Some(42));
        assert_eq!(holder(&key, false), None);
        assert_eq!(last_id(&key), Some(42));
        // A later generator that minted less keeps the larger last ID.
        register(key.clone(), None, false).release(Some(7));
        assert_eq!(last_id(&key), Some(42));
    }

    #[test]
    fn keys_differ_by_space_and_nodes_not_by_text_form() {
        let a = Key::new(&discord(), &[30, 2]);
        assert_ne!(a, Key::new(&discord(), &[30, 3]));
        assert_ne!(a, Key::new(&twitter(), &[30, 2]));
        assert!(
            !a.clashes(&Key::new(&twitter(), &[30, 2])),
            "another epoch is another space"
        );
        let scru = scru64(8);
        let plain = Layout::new(
            &scru.parts().iter().map(|p| (p.kind(), p.bits())).collect::<Vec<_>>(),
            scru.unit(),
            scru.epoch_ms(),
        )
        .unwrap();
        assert_eq!(Key::new(&scru, &[200]), Key::new(&plain, &[200]));
    }

    /// Twitter's layout with its two node fields as one of 10 bits.
    fn twitter_one_field() -> Layout {
        let t = twitter();
        Layout::new(
            &[(Sign, 1), (Time, 41), (Node, 10), (Sequence, 12)],
            t.unit(),
            t.epoch_ms(),
        )
        .unwrap()
    }

    #[test]
    fn a_layout_split_differently_clashes_where_its_bits_agree() {
        // datacenter 3, worker 1 is the 10-bit node 97: the same IDs, the
        // same key.
        let split = Key::new(&twitter(), &[3, 1]);
        let whole = Key::new(&twitter_one_field(), &[97]);
        assert_eq!(split, whole);
        assert!(split.clashes(&whole) && whole.clashes(&split));
        assert!(!split.clashes(&Key::new(&twitter_one_field(), &[98])));
        // Sequence above the node (Sonyflake's order) against node above the
        // sequence: the 8 bits both fix must agree.
        let t = twitter();
        let seq_high = Layout::new(
            &[(Sign, 1), (Time, 39), (Sequence, 8), (Node, 16)],
            Unit::TEN_MILLIS,
            t.epoch_ms(),
        )
        .unwrap();
        let node_high = Layout::new(
            &[(Sign, 1), (Time, 39), (Node, 16), (Sequence, 8)],
            Unit::TEN_MILLIS,
            t.epoch_ms(),
        )
        .unwrap();
        let a = Key::new(&seq_high, &[0xBEEF]);
        assert!(a.clashes(&Key::new(&node_high, &[0x12BE])));
        assert!(!a.clashes(&Key::new(&node_high, &[0x12BF])));
    }

    #[test]
    fn the_registry_refuses_a_clash_of_two_splits_and_keeps_its_last_id() {
        // An epoch of its own, and the node on either side of the sequence.
        let seq_high = Layout::new(
            &[(Sign, 1), (Time, 39), (Sequence, 8), (Node, 16)],
            Unit::TEN_MILLIS,
            7_000,
        )
        .unwrap();
        let node_high = Layout::new(
            &[(Sign, 1), (Time, 39), (Node, 16), (Sequence, 8)],
            Unit::TEN_MILLIS,
            7_000,
        )
        .unwrap();
        let live = register(Key::new(&seq_high, &[0x3344]), None, false);
        let clash = Key::new(&node_high, &[0x5533]);
        assert_eq!(check_free(&clash, false, false).unwrap_err().code, Code::DuplicateNode);
        assert_eq!(check_free(&Key::new(&node_high, &[0x5534]), false, false), Ok(()));
        live.release(Some(1 << 40));
        assert_eq!(holder(&clash, false), None);
        assert_eq!(last_id(&clash), Some(1 << 40));
        assert_eq!(last_id(&Key::new(&node_high, &[0x5534])), None);
    }

    #[test]
    fn two_generators_of_one_key_both_count() {
        let key = Key::new(&discord(), &[29, 29]);
        let first = register(key.clone(), None, false);
        let second = register(key.clone(), None, false);
        first.release(None);
        assert_eq!(holder(&key, false), Some(Holder::ThisProcess));
        second.release(None);
        assert_eq!(holder(&key, false), None);
        assert_eq!(last_id(&key), None);
    }

    #[test]
    fn a_registration_from_another_process_frees_nothing() {
        let key = Key::new(&discord(), &[28, 28]);
        let registration = register(key.clone(), None, false);
        // What a forked child's finalizer holds: the parent's pid.
        let inherited = Registration {
            key: key.clone(),
            owner: Owner {
                pid: registration.owner.pid + 1,
                leased: false,
            },
        };
        inherited.release(Some(5));
        assert_eq!(holder(&key, false), Some(Holder::ThisProcess));
        assert_eq!(last_id(&key), None);
        registration.release(None);
    }

    #[test]
    fn slots_of_gone_generators_are_freed_into_one_floor() {
        // A space of its own: an epoch no other test uses.
        let layout = Layout::new(
            &[(Sign, 1), (Time, 41), (Node, 10), (Sequence, 12)],
            Unit::MILLIS,
            1_234_567,
        )
        .unwrap();
        let space = Space::of(&layout);
        let id_at = |tick: u64, node: u64| tick << 22 | node << 12;
        for node in 0..1000u64 {
            register(Key::new(&layout, &[node]), Some(100), false).release(Some(id_at(90 + node % 7, node)));
        }
        // Those of ticks before 100 were freed as they came; a floor keeps
        // every later generator above the latest of them, whatever its node.
        assert!(slot_count(&space) < 200, "{}", slot_count(&space));
        let floor = last_id(&Key::new(&layout, &[1023])).unwrap();
        assert_eq!(floor, space.tick_floor(96));
        assert!(floor > id_at(96, 1023));
        // A generator gone in the clock's tick keeps its own slot.
        register(Key::new(&layout, &[1022]), Some(100), false).release(Some(id_at(100, 1022)));
        for node in 0..200u64 {
            register(Key::new(&layout, &[node]), Some(100), false).release(Some(id_at(95, node)));
        }
        assert_eq!(last_id(&Key::new(&layout, &[1022])), Some(id_at(100, 1022)));
        assert!(slot_count(&space) < 200, "{}", slot_count(&space));
    }

    #[test]
    fn a_leased_generator_passes_over_other_leased_ones_but_not_the_others() {
        let layout = crate::test_cases::tsid();
        let key = Key::new(&layout, &[777]);
        let leased = register(key.clone(), None, true);
        // The lease table keeps leased generators apart; a generator given
        // its node by hand is refused, as is a leased one beside it.
        assert_eq!(check_free(&key, false, true), Ok(()));
        assert_eq!(check_free(&key, false, false).unwrap_err().code, Code::DuplicateNode);
        let by_hand = register(key.clone(), None, false);
        assert_eq!(check_free(&key, false, true).unwrap_err().code, Code::DuplicateNode);
        by_hand.release(None);
        leased.release(Some(5));
        assert_eq!(holder(&key, false), None);
        assert_eq!(last_id(&key), Some(5));
    }
}
