//! The generators alive in this process, by what their IDs are made of:
//! two with the same layout bits, tick, epoch and node values mint the
//! same IDs, so a second one is refused unless asked for. Each key also
//! keeps the last ID of its generators that are gone, so that a later one
//! starts above them: a generator made after another was collected, in the
//! same millisecond, would otherwise mint its IDs again.
//!
//! Entries are added when a generator's external pointer exists and
//! removed by its finalizer (`Shared`'s drop), which R runs when the
//! generator is garbage-collected.

use crate::layout::{Layout, Part};
use crate::problem::{Code, Problem};
use crate::unit::Unit;
use std::sync::{Mutex, MutexGuard};

/// What a generator's IDs depend on. The text form is left out: a SCRU64
/// layout and a custom one with the same bits mint the same numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Key {
    parts: Vec<Part>,
    unit: Unit,
    epoch_ms: i64,
    nodes: Vec<u64>,
}

impl Key {
    pub fn new(layout: &Layout, nodes: &[u64]) -> Key {
        Key {
            parts: layout.parts().to_vec(),
            unit: layout.unit(),
            epoch_ms: layout.epoch_ms(),
            nodes: nodes.to_vec(),
        }
    }
}

struct Slot {
    key: Key,
    /// The process that made each live generator: a forked child inherits
    /// its parent's, which still mint in the parent.
    owners: Vec<u32>,
    /// The largest last ID of the key's generators that are gone.
    last_id: Option<u64>,
}

static SLOTS: Mutex<Vec<Slot>> = Mutex::new(Vec::new());

/// The registry, even after a panic elsewhere: every change to it is a
/// single push or removal.
fn slots() -> MutexGuard<'static, Vec<Slot>> {
    SLOTS.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
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

/// The holder of `key`, if a live generator has it.
pub fn holder(key: &Key) -> Option<Holder> {
    let pid = std::process::id();
    let slots = slots();
    let owners = &slots.iter().find(|s| s.key == *key)?.owners;
    if owners.contains(&pid) {
        Some(Holder::ThisProcess)
    } else {
        owners.first().map(|_| Holder::Parent)
    }
}

/// Whether a new generator may have `key`: not while another live one has
/// it, unless `shared_node` allows it. The problem names where that one is.
pub fn check_free(key: &Key, shared_node: bool) -> Result<(), Problem> {
    match holder(key) {
        _ if shared_node => Ok(()),
        Some(Holder::ThisProcess) => Err(Problem::new(Code::DuplicateNode).element("session")),
        Some(Holder::Parent) => Err(Problem::new(Code::DuplicateNode).element("parent")),
        None => Ok(()),
    }
}

/// The last ID that generators of `key` which are gone minted.
pub fn last_id(key: &Key) -> Option<u64> {
    slots().iter().find(|s| s.key == *key)?.last_id
}

/// A live generator's entry, released when the generator is dropped.
#[derive(Debug)]
pub struct Registration {
    key: Key,
    pid: u32,
}

pub fn register(key: Key) -> Registration {
    let pid = std::process::id();
    let mut slots = slots();
    match slots.iter_mut().find(|s| s.key == key) {
        Some(slot) => slot.owners.push(pid),
        None => slots.push(Slot {
            key: key.clone(),
            owners: vec![pid],
            last_id: None,
        }),
    }
    Registration { key, pid }
}

impl Registration {
    /// Frees the generator's place, keeping the last ID it minted.
    pub fn release(self, last_id: Option<u64>) {
        let mut slots = slots();
        if let Some(slot) = slots.iter_mut().find(|s| s.key == self.key) {
            if let Some(i) = slot.owners.iter().position(|&p| p == self.pid) {
                slot.owners.swap_remove(i);
            }
            slot.last_id = slot.last_id.max(last_id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_cases::{discord, scru64, twitter};

    // The registry is one per process: each test uses node values no other
    // test uses.

    #[test]
    fn a_live_key_is_held_and_released_with_its_last_id() {
        let key = Key::new(&twitter(), &[31, 1]);
        assert_eq!(holder(&key), None);
        assert_eq!(check_free(&key, false), Ok(()));
        let registration = register(key.clone());
        assert_eq!(holder(&key), Some(Holder::ThisProcess));
        let refused = check_free(&key, false).unwrap_err();
        assert_eq!((refused.code, refused.element), (Code::DuplicateNode, Some("session")));
        assert_eq!(check_free(&key, true), Ok(()));
        registration.release(Some(42));
        assert_eq!(holder(&key), None);
        assert_eq!(last_id(&key), Some(42));
        // A later generator that minted less keeps the larger last ID.
        register(key.clone()).release(Some(7));
        assert_eq!(last_id(&key), Some(42));
    }

    #[test]
    fn keys_differ_by_layout_bits_epoch_and_nodes_not_by_text_form() {
        let a = Key::new(&discord(), &[30, 2]);
        assert_ne!(a, Key::new(&discord(), &[30, 3]));
        assert_ne!(a, Key::new(&twitter(), &[30, 2]));
        let scru = scru64(8);
        let plain = Layout::new(
            &scru.parts().iter().map(|p| (p.kind(), p.bits())).collect::<Vec<_>>(),
            scru.unit(),
            scru.epoch_ms(),
        )
        .unwrap();
        assert_eq!(Key::new(&scru, &[200]), Key::new(&plain, &[200]));
    }

    #[test]
    fn two_generators_of_one_key_both_count() {
        let key = Key::new(&discord(), &[29, 29]);
        let first = register(key.clone());
        let second = register(key.clone());
        first.release(None);
        assert_eq!(holder(&key), Some(Holder::ThisProcess));
        second.release(None);
        assert_eq!(holder(&key), None);
        assert_eq!(last_id(&key), None);
    }
}
