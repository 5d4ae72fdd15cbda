//! Hall's condition: the open files matched to open ranks among their free
//! squares, kept from node to node and repaired where a placement broke it
//! (a greedy pass, then Kuhn's augmenting paths).

use super::{Exact, Line, NONE};

impl Exact {
    /// Repairs the matching of open files to open ranks; false if none is perfect.
    pub(super) fn match_all(&mut self) -> bool {
        self.unmatched.clear();
        for k in 0..self.of_len {
            let f = self.of[k] as usize;
            let r = self.mate_f[f];
            let ok = r != NONE
                && self.rank_open(r as usize)
                && self.mate_r[r as usize] == f as u32
                && self.is_free(f, r as usize);
            if !ok {
                if r != NONE && self.mate_r[r as usize] == f as u32 {
                    self.mate_r[r as usize] = NONE;
                }
                self.mate_f[f] = NONE;
                self.unmatched.push(f as u32);
            }
        }
        if self.unmatched.is_empty() {
            return true;
        }
        // Greedy first: a free rank nobody holds, found a word at a time.
        let w = self.w;
        self.owned.clear();
        self.owned.resize(w, 0);
        for k in 0..self.of_len {
            let f = self.of[k] as usize;
            let r = self.mate_f[f];
            if r != NONE {
                self.owned[r as usize / 64] |= 1u64 << (r % 64);
            }
        }
        let mut rest = 0;
        for i in 0..self.unmatched.len() {
            let f = self.unmatched[i] as usize;
            let hit = (0..w).find_map(|k| {
                let m = self.fdom[f * w + k] & !self.owned[k];
                (m != 0).then(|| k * 64 + m.trailing_zeros() as usize)
            });
            match hit {
                Some(r) => {
                    self.owned[r / 64] |= 1u64 << (r % 64);
                    self.mate_f[f] = r as u32;
                    self.mate_r[r] = f as u32;
                }
                None => {
                    self.unmatched[rest] = f as u32;
                    rest += 1;
                }
            }
        }
        self.unmatched.truncate(rest);
        for i in 0..self.unmatched.len() {
            let f = self.unmatched[i];
            if !self.augment(f) {
                return false;
            }
        }
        true
    }

    /// Kuhn's augmenting path from the unmatched open file `f`, iteratively.
    fn augment(&mut self, f: u32) -> bool {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.rstamp.fill(0);
            self.stamp = 1;
        }
        self.aug.clear();
        self.aug.push((f, 0));
        while let Some(&(g, pos)) = self.aug.last() {
            let mut from = pos as usize;
            let found = loop {
                match self.next_in(Line::File(g), from) {
                    Some(r) if self.rstamp[r] == self.stamp => from = r + 1,
                    other => break other,
                }
            };
            let Some(r) = found else {
                self.aug.pop();
                continue;
            };
            self.aug.last_mut().expect("a frame").1 = r as u32 + 1;
            self.rstamp[r] = self.stamp;
            let h = self.mate_r[r];
            let owned =
                h != NONE && self.file_open(h as usize) && self.mate_f[h as usize] == r as u32;
            if owned {
                self.aug.push((h, 0));
            } else {
                let mut rr = r as u32;
                for i in (0..self.aug.len()).rev() {
                    let gi = self.aug[i].0 as usize;
                    let old = self.mate_f[gi];
                    self.mate_f[gi] = rr;
                    self.mate_r[rr as usize] = gi as u32;
                    rr = old;
                }
                return true;
            }
        }
        false
    }
}
