//! Giving the memory of a finished walk back to the system.
//!
//! A walk holds its states in many bucket-sized vectors, freed and made
//! again square by square; the C allocator keeps the freed pages of those
//! for the next square. When the walk ends and the join builds its large
//! arrays (which the allocator maps afresh), those pages stay resident for
//! nothing: after the first walk of the 8×8 open count, 17 GiB stayed
//! resident for a table of 7.2 GB, and grouping the table for the join
//! then passed the machine's memory. [`give_back`] returns the free pages.

/// Returns the allocator's free pages to the system (glibc's `malloc_trim`;
/// nothing elsewhere).
pub(super) fn give_back() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `malloc_trim` takes no pointers and only releases pages the
    // allocator holds free; it is safe to call at any time from any thread.
    #[allow(unsafe_code)]
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Freed memory is given back: the resident size drops after a large
    /// fragmented allocation is freed (Linux with glibc, where it applies).
    #[test]
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    fn freed_buckets_leave_the_resident_set() {
        let resident = || -> u64 {
            let s = std::fs::read_to_string("/proc/self/statm").unwrap();
            s.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap() * 4096
        };
        // Many bucket-sized vectors, as a walk makes, every other one kept
        // so that the heap cannot simply shrink from its top.
        let mut kept = Vec::new();
        let mut freed = Vec::new();
        for i in 0..4096 {
            let v = vec![i as u64 | 1; 8192];
            if i % 64 == 63 {
                kept.push(v);
            } else {
                freed.push(v);
            }
        }
        drop(freed);
        let before = resident();
        give_back();
        let after = resident();
        assert!(
            after + (100 << 20) < before,
            "resident {before} bytes before, {after} after"
        );
        assert_eq!(kept.len(), 64);
    }
}
