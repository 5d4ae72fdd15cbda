//! A plain bitset backtracker for queens completion, the baseline of
//! `bench/complete.sh`: the branching rule of the issue's C solver and
//! nothing more.
//!
//! One bitset of free ranks per file and of free files per rank, copied at
//! every node; the open file or rank with the fewest free squares next
//! (files and ranks alike); forward checking (a line left with no free
//! square fails at once). No forced-move chains, no matching, no restarts.
//!
//! ```text
//! cargo run --release --example plain_complete -- puzzle.txt
//! ```
//! reads a puzzle in the format of `hetman queens complete --instance` and
//! prints the completion's code (checked) or `none`, then the nodes searched
//! on stderr.

use hetman::queens::complete::parse_instance;
use hetman::queens::{check, Placement};

struct Plain {
    n: usize,
    w: usize,
    nodes: u64,
}

#[derive(Clone)]
struct State {
    fdom: Vec<u64>,
    rdom: Vec<u64>,
    open_f: Vec<bool>,
    open_r: Vec<bool>,
    ranks: Vec<u32>,
}

impl Plain {
    fn clear(&self, s: &mut State, f: usize, r: usize) {
        s.fdom[f * self.w + r / 64] &= !(1u64 << (r % 64));
        s.rdom[r * self.w + f / 64] &= !(1u64 << (f % 64));
    }

    fn is_free(&self, s: &State, f: usize, r: usize) -> bool {
        s.fdom[f * self.w + r / 64] >> (r % 64) & 1 != 0
    }

    fn place(&self, s: &mut State, f: usize, r: usize) {
        s.ranks[f] = r as u32;
        s.open_f[f] = false;
        s.open_r[r] = false;
        for k in 0..self.n {
            self.clear(s, f, k);
            self.clear(s, k, r);
            let d = k.abs_diff(f);
            if r + d < self.n {
                self.clear(s, k, r + d);
            }
            if r >= d {
                self.clear(s, k, r - d);
            }
        }
    }

    fn count(&self, dom: &[u64], i: usize) -> u32 {
        dom[i * self.w..(i + 1) * self.w]
            .iter()
            .map(|w| w.count_ones())
            .sum()
    }

    fn search(&mut self, s: &State) -> Option<Vec<u32>> {
        let mut best: Option<(u32, bool, usize)> = None;
        for i in 0..self.n {
            for (is_file, open, dom) in [(true, &s.open_f, &s.fdom), (false, &s.open_r, &s.rdom)] {
                if open[i] {
                    let c = self.count(dom, i);
                    if c == 0 {
                        return None;
                    }
                    if best.is_none_or(|b| c < b.0) {
                        best = Some((c, is_file, i));
                    }
                }
            }
        }
        let Some((_, is_file, i)) = best else {
            return Some(s.ranks.clone());
        };
        for v in 0..self.n {
            let (f, r) = if is_file { (i, v) } else { (v, i) };
            if !self.is_free(s, f, r) {
                continue;
            }
            self.nodes += 1;
            let mut next = s.clone();
            self.place(&mut next, f, r);
            if let Some(found) = self.search(&next) {
                return Some(found);
            }
        }
        None
    }
}

fn main() {
    let path = std::env::args().nth(1).expect("usage: plain_complete FILE");
    let text = std::fs::read_to_string(&path).expect("cannot read the instance");
    let inst = parse_instance(&text).expect("a valid instance");
    let puzzle = inst.puzzle().expect("a consistent instance");
    let n = inst.n;
    let w = n.div_ceil(64);
    let mut line = vec![u64::MAX; w];
    if !n.is_multiple_of(64) {
        line[w - 1] = (1u64 << (n % 64)) - 1;
    }
    let mut s = State {
        fdom: line.repeat(n),
        rdom: line.repeat(n),
        open_f: vec![true; n],
        open_r: vec![true; n],
        ranks: vec![0; n],
    };
    let mut plain = Plain { n, w, nodes: 0 };
    for b in &inst.blocked {
        plain.clear(&mut s, b.file() as usize, b.rank() as usize);
    }
    let mut ok = true;
    for g in &inst.given {
        let (f, r) = (g.file() as usize, g.rank() as usize);
        ok &= plain.is_free(&s, f, r);
        plain.place(&mut s, f, r);
    }
    let found = if ok { plain.search(&s) } else { None };
    match found {
        Some(ranks) => {
            let p = Placement::from_ranks(ranks).expect("ranks on the board");
            assert!(
                check(&p).is_solution() && puzzle.allows(&p),
                "not a completion"
            );
            println!("{p}");
        }
        None => println!("none"),
    }
    eprintln!("nodes {}", plain.nodes);
}
