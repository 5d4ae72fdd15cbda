//! The ways of reaching a state: fixed-width unsigned integers that widen
//! as the counts grow.
//!
//! A state table holds its counts in one fixed width: one 64-bit word
//! ([`u64`]) to begin with, then [`Limbs`] of 2, 4, ... 64 words. Before a
//! step, a table whose largest count is within [`MARGIN`] bits of its width
//! is widened (see [`Table::fit`]): a count grows by a factor of about two
//! a square on the boards measured, far less than 2^8. Every addition is
//! checked all the same, so a count is exact or fails: a step that
//! overflows its width ends the count with `state_overflow`, and the count
//! runs again with twice the width from the start (or from its checkpoint,
//! whose states are exact). Small boards never leave one word and pay
//! nothing; the additions stay plain carries, with no modular arithmetic.

use super::bignum::BigCount;
use super::key::{Key, Parts};
use crate::Error;

/// A fixed-width count of ways.
pub(crate) trait Ways: Copy + Send + Sync + PartialEq + std::fmt::Debug + 'static {
    /// 64-bit words.
    const LIMBS: usize;
    /// Zero.
    fn zero() -> Self;
    /// The sum, or `None` when it overflows.
    fn checked_add(self, other: Self) -> Option<Self>;
    /// Bitwise or (for the bit length of the largest of many).
    fn or(self, other: Self) -> Self;
    /// The little-endian words.
    fn limbs(&self) -> &[u64];
    /// The value with little-endian words `x`, or `None` when it does not fit.
    fn from_limbs(x: &[u64]) -> Option<Self>;
    /// The number of bits.
    fn bits(&self) -> u64 {
        let l = self.limbs();
        match l.iter().rposition(|&x| x != 0) {
            None => 0,
            Some(i) => 64 * i as u64 + 64 - u64::from(l[i].leading_zeros()),
        }
    }
    /// A table of these counts.
    fn table<K: Key>(parts: Parts<K, Self>) -> Table<K>;
}

impl Ways for u64 {
    const LIMBS: usize = 1;
    #[inline]
    fn zero() -> Self {
        0
    }
    #[inline]
    fn checked_add(self, other: Self) -> Option<Self> {
        u64::checked_add(self, other)
    }
    #[inline]
    fn or(self, other: Self) -> Self {
        self | other
    }
    #[inline]
    fn limbs(&self) -> &[u64] {
        std::slice::from_ref(self)
    }
    fn from_limbs(x: &[u64]) -> Option<Self> {
        match x.iter().rposition(|&l| l != 0) {
            None => Some(0),
            Some(0) => Some(x[0]),
            Some(_) => None,
        }
    }
    fn table<K: Key>(parts: Parts<K, Self>) -> Table<K> {
        Table::W1(parts)
    }
}

/// `L` little-endian 64-bit words.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Limbs<const L: usize>([u64; L]);

macro_rules! limbs {
    ($($l:literal $variant:ident),*) => {$(
        impl Ways for Limbs<$l> {
            const LIMBS: usize = $l;
            #[inline]
            fn zero() -> Self {
                Limbs([0; $l])
            }
            #[inline]
            fn checked_add(self, other: Self) -> Option<Self> {
                let mut out = [0u64; $l];
                let mut carry = false;
                for i in 0..$l {
                    let (s, c1) = self.0[i].overflowing_add(other.0[i]);
                    let (s, c2) = s.overflowing_add(u64::from(carry));
                    out[i] = s;
                    carry = c1 | c2;
                }
                (!carry).then_some(Limbs(out))
            }
            #[inline]
            fn or(self, other: Self) -> Self {
                let mut out = self.0;
                for (o, x) in out.iter_mut().zip(other.0) {
                    *o |= x;
                }
                Limbs(out)
            }
            #[inline]
            fn limbs(&self) -> &[u64] {
                &self.0
            }
            fn from_limbs(x: &[u64]) -> Option<Self> {
                if x.iter().skip($l).any(|&l| l != 0) {
                    return None;
                }
                let mut out = [0u64; $l];
                for (o, &l) in out.iter_mut().zip(x) {
                    *o = l;
                }
                Some(Limbs(out))
            }
            fn table<K: Key>(parts: Parts<K, Self>) -> Table<K> {
                Table::$variant(parts)
            }
        }
    )*};
}

limbs!(2 W2, 4 W4, 8 W8, 16 W16, 32 W32, 64 W64);

/// A table of states with its counts in one of the widths.
pub(crate) enum Table<K> {
    W1(Parts<K, u64>),
    W2(Parts<K, Limbs<2>>),
    W4(Parts<K, Limbs<4>>),
    W8(Parts<K, Limbs<8>>),
    W16(Parts<K, Limbs<16>>),
    W32(Parts<K, Limbs<32>>),
    W64(Parts<K, Limbs<64>>),
}

/// Runs `$body` with `$p` bound to the parts of table `$t`, whatever its width.
macro_rules! on_table {
    ($t:expr, $p:pat => $body:expr) => {
        match $t {
            $crate::knight::frontier::ways::Table::W1($p) => $body,
            $crate::knight::frontier::ways::Table::W2($p) => $body,
            $crate::knight::frontier::ways::Table::W4($p) => $body,
            $crate::knight::frontier::ways::Table::W8($p) => $body,
            $crate::knight::frontier::ways::Table::W16($p) => $body,
            $crate::knight::frontier::ways::Table::W32($p) => $body,
            $crate::knight::frontier::ways::Table::W64($p) => $body,
        }
    };
}
pub(crate) use on_table;

/// The headroom a table keeps above its largest count, in bits.
pub(crate) const MARGIN: u64 = 8;

/// The widest counts: 64 words, 4096 bits.
pub(crate) const MAX_BITS: u64 = 4096;

fn convert<K: Key, A: Ways, B: Ways>(mut parts: Parts<K, A>) -> Parts<K, B> {
    let mut out = Vec::with_capacity(parts.len());
    // Chunk by chunk, so the two tables hardly overlap in memory.
    while let Some(chunk) = parts.pop() {
        out.push(
            chunk
                .into_iter()
                .map(|(k, w)| (k, B::from_limbs(w.limbs()).expect("a wider count holds it")))
                .collect(),
        );
    }
    out
}

impl<K: Key> Table<K> {
    /// The one state `key` with one way.
    pub(crate) fn start(key: K) -> Table<K> {
        Table::W1(vec![vec![(key, 1)]])
    }

    /// Words per count.
    pub(crate) fn limbs(&self) -> usize {
        on_table!(self, p => limbs_of(p))
    }

    /// The number of states.
    pub(crate) fn len(&self) -> usize {
        on_table!(self, p => p.iter().map(Vec::len).sum())
    }

    /// The same table with counts twice as wide; fails beyond [`MAX_BITS`].
    pub(crate) fn widen(self) -> Result<Table<K>, Error> {
        Ok(match self {
            Table::W1(p) => Table::W2(convert(p)),
            Table::W2(p) => Table::W4(convert(p)),
            Table::W4(p) => Table::W8(convert(p)),
            Table::W8(p) => Table::W16(convert(p)),
            Table::W16(p) => Table::W32(convert(p)),
            Table::W32(p) => Table::W64(convert(p)),
            Table::W64(_) => {
                return Err(Error::TooLarge {
                    reason: format!("the tour count may exceed {MAX_BITS} bits"),
                });
            }
        })
    }

    /// Widens the table until its largest count, of `high` bits, is
    /// [`MARGIN`] bits below its width, and it has at least `limbs` words.
    pub(crate) fn fit(mut self, high: u64, limbs: usize) -> Result<Table<K>, Error> {
        while high + MARGIN > 64 * self.limbs() as u64 || self.limbs() < limbs {
            self = self.widen()?;
        }
        Ok(self)
    }

    /// The states with counts of `W`, which must hold every count (a table
    /// of the same width, or one [`fit`](Table::fit) to it).
    pub(crate) fn into_parts<W: Ways>(self) -> Parts<K, W> {
        on_table!(self, p => convert(p))
    }

    /// The bit length of the largest count.
    pub(crate) fn high(&self) -> u64 {
        on_table!(self, p => p
            .iter()
            .flatten()
            .fold(Ways::zero(), |a: _, &(_, w)| Ways::or(a, w))
            .bits())
    }
}

fn limbs_of<K, W: Ways>(_: &Parts<K, W>) -> usize {
    W::LIMBS
}

/// A sum of counts and of products of counts, in 128 bits while it fits.
#[derive(Default)]
pub(crate) struct Sum {
    small: u128,
    big: BigCount,
}

impl Sum {
    /// Adds `x`.
    #[inline]
    pub(crate) fn add<W: Ways>(&mut self, x: W) {
        match x.limbs() {
            [a] => self.add_small(u128::from(*a)),
            l => self.big.add_limbs(l),
        }
    }

    #[inline]
    fn add_small(&mut self, p: u128) {
        match self.small.checked_add(p) {
            Some(s) => self.small = s,
            None => {
                self.big += &BigCount::from(self.small);
                self.small = p;
            }
        }
    }

    /// Adds the product of `a` and `b`.
    #[inline]
    pub(crate) fn add_product(&mut self, a: &[u64], b: &[u64]) {
        match (a, b) {
            ([x], [y]) => self.add_small(u128::from(*x) * u128::from(*y)),
            _ => self.big.add_product(a, b),
        }
    }

    /// Adds another sum.
    pub(crate) fn absorb(&mut self, other: Sum) {
        self.add_small(other.small);
        self.big += &other.big;
    }

    /// The total.
    pub(crate) fn total(mut self) -> BigCount {
        self.big += &BigCount::from(self.small);
        self.big
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limbs_carry_and_refuse_overflow() {
        let a = Limbs::<2>::from_limbs(&[u64::MAX, 0]).unwrap();
        let s = a
            .checked_add(Limbs::<2>::from_limbs(&[1]).unwrap())
            .unwrap();
        assert_eq!(s.limbs(), &[0, 1]);
        assert_eq!(s.bits(), 65);
        let top = Limbs::<2>::from_limbs(&[0, u64::MAX]).unwrap();
        assert_eq!(top.checked_add(top), None);
        assert_eq!(Limbs::<2>::from_limbs(&[1, 2, 3]), None);
        assert_eq!(<u64 as Ways>::from_limbs(&[5, 0]), Some(5));
    }

    #[test]
    fn tables_widen_to_fit() {
        let t: Table<u64> = Table::W1(vec![vec![(3, u64::MAX >> 1)]]);
        let t = t.fit(63, 1).unwrap();
        assert_eq!(t.limbs(), 2);
        assert_eq!(t.high(), 63);
        let t: Table<u64> = Table::start(7);
        assert_eq!(t.fit(1, 1).unwrap().limbs(), 1);
        let t: Table<u64> = Table::start(7);
        assert_eq!(t.fit(1, 4).unwrap().limbs(), 4);
    }

    #[test]
    fn sums_spill_into_big_counts() {
        let mut s = Sum::default();
        for _ in 0..4 {
            s.add_product(&[u64::MAX], &[u64::MAX]);
        }
        s.add(Limbs::<2>::from_limbs(&[1, 1]).unwrap());
        let want = {
            let mut b = BigCount::zero();
            for _ in 0..4 {
                b.add_product(&[u64::MAX], &[u64::MAX]);
            }
            b.add_limbs(&[1, 1]);
            b
        };
        assert_eq!(s.total(), want);
    }
}
