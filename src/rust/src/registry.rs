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

use std::sync::{Mutex, MutexGuard};
use zuid_core::layout::Part;
use zuid_core::{Layout, Unit};

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
