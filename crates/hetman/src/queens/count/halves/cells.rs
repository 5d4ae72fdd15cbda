//! The cells in hand during a count: each built when a rank set first needs
//! it, shared by the workers, and dropped after its last use, so that only
//! the cells of the units being counted are held.

use super::tables::{Cell, Geometry, Side};
use std::collections::HashMap;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

/// A cell: the middle queen's rank (odd N), the quarter, its rank set.
pub(super) type Key = (Option<usize>, Side, u32);

#[derive(Default)]
struct Entry {
    cell: Option<Arc<Cell>>,
    building: bool,
    /// Uses not yet released.
    uses: usize,
}

#[derive(Default)]
struct State {
    /// A fast hash: the keys are the program's own, a few per rank set.
    entries: HashMap<Key, Entry, foldhash::fast::FixedState>,
    /// Bytes of the cells held now, and at most so far.
    held: u64,
    peak: u64,
}

/// The cells of one count.
pub(super) struct Cells {
    geo: Geometry,
    state: Mutex<State>,
    ready: Condvar,
}

impl Cells {
    /// Expects each key as many times as `uses` lists it.
    pub(super) fn new(geo: Geometry, uses: impl IntoIterator<Item = Key>) -> Cells {
        let mut state = State::default();
        for key in uses {
            state.entries.entry(key).or_default().uses += 1;
        }
        Cells {
            geo,
            state: Mutex::new(state),
            ready: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The cell of `key`, built now if it is not held (by this thread; a
    /// thread that needs it meanwhile waits).
    pub(super) fn get(&self, key: Key) -> Arc<Cell> {
        let mut state = self.lock();
        loop {
            let entry = state.entries.entry(key).or_default();
            if let Some(cell) = &entry.cell {
                return Arc::clone(cell);
            }
            if !entry.building {
                entry.building = true;
                break;
            }
            state = self
                .ready
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
        drop(state);
        let cell = Arc::new(Cell::build(&self.geo, key.0, key.1, key.2));
        let mut state = self.lock();
        state.held += cell.bytes();
        state.peak = state.peak.max(state.held);
        let entry = state.entries.entry(key).or_default();
        entry.building = false;
        entry.cell = Some(Arc::clone(&cell));
        drop(state);
        self.ready.notify_all();
        cell
    }

    /// Counts one use of `key` done, and drops its cell after the last.
    pub(super) fn release(&self, key: Key) {
        let mut state = self.lock();
        let Some(entry) = state.entries.get_mut(&key) else {
            return;
        };
        entry.uses = entry.uses.saturating_sub(1);
        if entry.uses == 0 && !entry.building {
            let bytes = entry.cell.as_ref().map_or(0, |c| c.bytes());
            state.entries.remove(&key);
            state.held = state.held.saturating_sub(bytes);
        }
    }

    /// Bytes of cells held at once at most so far.
    pub(super) fn peak_bytes(&self) -> u64 {
        self.lock().peak
    }
}
