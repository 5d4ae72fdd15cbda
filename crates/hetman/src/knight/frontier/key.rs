//! The packed frontier states and what every part of the count shares
//! about them: the key types, their hash, the table's chunks of states and
//! the scoped threads that work on them. (The bottom of the folder's
//! stack: it uses no other file of it.)

use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use crate::Error;

/// The maps of groups by their degree key (see `sides`), with a fast
/// fixed hash instead of the default SipHash (with it and both threads
/// placing, 8×8 open's 452 million far states were read back from their
/// checkpoint and grouped in about 3 minutes, where grouping alone had
/// taken 10 on one thread).
pub(super) type Map<V> = HashMap<u64, V, foldhash::fast::FixedState>;

/// A packed frontier state.
pub(super) trait Key: Copy + Ord + Hash + Send + Sync {
    fn pack(x: u128) -> Self;
    fn unpack(self) -> u128;
}

impl Key for u64 {
    #[inline]
    fn pack(x: u128) -> Self {
        x as u64
    }
    #[inline]
    fn unpack(self) -> u128 {
        u128::from(self)
    }
}

/// A 128-bit key with 8-byte alignment, so a `(key, count)` pair is 24 bytes.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) struct Wide(u64, u64);

impl Key for Wide {
    #[inline]
    fn pack(x: u128) -> Self {
        Wide(x as u64, (x >> 64) as u64)
    }
    #[inline]
    fn unpack(self) -> u128 {
        u128::from(self.0) | u128::from(self.1) << 64
    }
}

/// A multiply-rotate hash (after rustc's FxHash) with a final mix so the
/// table's low bits see every input bit.
#[derive(Default, Clone, Copy)]
pub(super) struct MixHasher(u64);

impl Hasher for MixHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(26) ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    #[inline]
    fn finish(&self) -> u64 {
        let h = self.0;
        (h ^ (h >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9) ^ (h >> 32)
    }
}

#[inline]
pub(super) fn hash_of<K: Key>(k: &K) -> u64 {
    let mut h = MixHasher::default();
    k.hash(&mut h);
    h.finish()
}

/// States between squares: chunks of `(state, ways)` pairs. A step's output
/// has each state once; a shard's input may hold a state once per sending
/// shard, which a step handles like any other input (expansion is linear in
/// the ways). A step consumes its input chunk by chunk, dropping each once
/// expanded, so the old and new tables share memory.
pub(super) type Parts<K, W = u64> = Vec<Vec<(K, W)>>;

/// Runs `f` on each item, on one scoped thread per item (inline for one item).
pub(super) fn par<T: Send, R: Send>(items: Vec<T>, f: impl Fn(T) -> R + Sync) -> Vec<R> {
    if items.len() <= 1 {
        return items.into_iter().map(f).collect();
    }
    let f = &f;
    std::thread::scope(|s| {
        let handles: Vec<_> = items.into_iter().map(|x| s.spawn(move || f(x))).collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("frontier worker panicked"))
            .collect()
    })
}

/// The parts of a table in runs of about as many parts, one a thread, in
/// the table's order (each run's parts are moved, not copied).
pub(super) fn runs<K, W>(parts: Parts<K, W>, threads: usize) -> Vec<Parts<K, W>> {
    let per = parts.len().div_ceil(threads.max(1)).max(1);
    let mut runs: Vec<Parts<K, W>> = Vec::new();
    let mut parts = parts.into_iter();
    loop {
        let run: Parts<K, W> = parts.by_ref().take(per).collect();
        if run.is_empty() {
            break;
        }
        runs.push(run);
    }
    runs
}

/// The error of a state's count outgrowing its width (the count is run
/// again with wider counts, see the `ways` module).
pub(super) fn state_overflow() -> Error {
    Error::TooLarge {
        reason: "a frontier state's count overflows its width".into(),
    }
}
