//! [`BigCount`]: an exact count of any size.

use std::cmp::Ordering;
use std::fmt;

/// An exact nonnegative integer of any size: a tour count.
///
/// The frontier count carries its per-state counts in fixed-width words
/// (one 64-bit word while the counts provably fit, more when they grow) and
/// hands the total back as a `BigCount`. It prints in decimal, compares with
/// `u128`, and converts to `u64`/`u128` when it fits.
///
/// # Example
/// ```
/// use hetman::knight::frontier::BigCount;
/// let n = BigCount::from(u128::MAX).mul_u64(10);
/// assert_eq!(n.to_string(), "3402823669209384634633746074317682114550");
/// assert_eq!(n.to_u128(), None);
/// assert_eq!(BigCount::from(9862u64), 9862u128);
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct BigCount {
    /// Little-endian 64-bit limbs, no zero limb at the top.
    limbs: Vec<u64>,
}

impl BigCount {
    /// Zero.
    ///
    /// ```
    /// assert!(hetman::knight::frontier::BigCount::zero().is_zero());
    /// ```
    #[must_use]
    pub const fn zero() -> BigCount {
        BigCount { limbs: Vec::new() }
    }

    /// The number whose little-endian 64-bit limbs are `limbs`.
    ///
    /// ```
    /// use hetman::knight::frontier::BigCount;
    /// assert_eq!(BigCount::from_limbs(&[0, 1]), 1u128 << 64);
    /// ```
    #[must_use]
    pub fn from_limbs(limbs: &[u64]) -> BigCount {
        let mut n = BigCount {
            limbs: limbs.to_vec(),
        };
        n.trim();
        n
    }

    /// The little-endian 64-bit limbs (none for zero).
    ///
    /// ```
    /// use hetman::knight::frontier::BigCount;
    /// assert_eq!(BigCount::from(5u64).limbs(), &[5]);
    /// ```
    #[must_use]
    pub fn limbs(&self) -> &[u64] {
        &self.limbs
    }

    /// Whether this is zero.
    ///
    /// ```
    /// assert!(!hetman::knight::frontier::BigCount::from(1u64).is_zero());
    /// ```
    #[must_use]
    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// The number of bits, 0 for zero.
    ///
    /// ```
    /// use hetman::knight::frontier::BigCount;
    /// assert_eq!(BigCount::from(1u128 << 64).bits(), 65);
    /// ```
    #[must_use]
    pub fn bits(&self) -> u64 {
        match self.limbs.last() {
            None => 0,
            Some(&top) => 64 * self.limbs.len() as u64 - u64::from(top.leading_zeros()),
        }
    }

    /// The value as a `u64`, when it fits.
    ///
    /// ```
    /// use hetman::knight::frontier::BigCount;
    /// assert_eq!(BigCount::from(7u64).to_u64(), Some(7));
    /// ```
    #[must_use]
    pub fn to_u64(&self) -> Option<u64> {
        match self.limbs[..] {
            [] => Some(0),
            [a] => Some(a),
            _ => None,
        }
    }

    /// The value as a `u128`, when it fits.
    ///
    /// ```
    /// use hetman::knight::frontier::BigCount;
    /// assert_eq!(BigCount::from(1u128 << 100).to_u128(), Some(1 << 100));
    /// ```
    #[must_use]
    pub fn to_u128(&self) -> Option<u128> {
        match self.limbs[..] {
            [] => Some(0),
            [a] => Some(u128::from(a)),
            [a, b] => Some(u128::from(a) | u128::from(b) << 64),
            _ => None,
        }
    }

    /// This number times `m`.
    ///
    /// ```
    /// use hetman::knight::frontier::BigCount;
    /// assert_eq!(BigCount::from(u64::MAX).mul_u64(2), 2 * u128::from(u64::MAX));
    /// ```
    #[must_use]
    pub fn mul_u64(&self, m: u64) -> BigCount {
        let mut out = Vec::with_capacity(self.limbs.len() + 1);
        let mut carry = 0u128;
        for &l in &self.limbs {
            let p = u128::from(l) * u128::from(m) + carry;
            out.push(p as u64);
            carry = p >> 64;
        }
        out.push(carry as u64);
        let mut n = BigCount { limbs: out };
        n.trim();
        n
    }

    /// The quotient and remainder of a division by `d`; `None` when `d` is 0.
    ///
    /// ```
    /// use hetman::knight::frontier::BigCount;
    /// let (q, r) = BigCount::from(1001u64).div_rem_u64(2).unwrap();
    /// assert_eq!((q, r), (BigCount::from(500u64), 1));
    /// ```
    #[must_use]
    pub fn div_rem_u64(&self, d: u64) -> Option<(BigCount, u64)> {
        if d == 0 {
            return None;
        }
        let mut q = vec![0u64; self.limbs.len()];
        let mut rem = 0u128;
        for (i, &l) in self.limbs.iter().enumerate().rev() {
            let cur = rem << 64 | u128::from(l);
            q[i] = (cur / u128::from(d)) as u64;
            rem = cur % u128::from(d);
        }
        let mut q = BigCount { limbs: q };
        q.trim();
        Some((q, rem as u64))
    }

    /// Adds the number with little-endian limbs `x`.
    pub(crate) fn add_limbs(&mut self, x: &[u64]) {
        if self.limbs.len() < x.len() {
            self.limbs.resize(x.len(), 0);
        }
        let mut carry = false;
        for (i, l) in self.limbs.iter_mut().enumerate() {
            let y = x.get(i).copied().unwrap_or(0);
            if i >= x.len() && !carry {
                break;
            }
            let (s, c1) = l.overflowing_add(y);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *l = s;
            carry = c1 || c2;
        }
        if carry {
            self.limbs.push(1);
        }
        self.trim();
    }

    /// Adds the product of the numbers with little-endian limbs `a` and `b`.
    pub(crate) fn add_product(&mut self, a: &[u64], b: &[u64]) {
        let need = a.len() + b.len() + 1;
        if self.limbs.len() < need {
            self.limbs.resize(need, 0);
        }
        for (i, &x) in a.iter().enumerate() {
            if x == 0 {
                continue;
            }
            let mut carry = 0u128;
            for (j, &y) in b.iter().enumerate() {
                let t = u128::from(x) * u128::from(y) + u128::from(self.limbs[i + j]) + carry;
                self.limbs[i + j] = t as u64;
                carry = t >> 64;
            }
            let mut k = i + b.len();
            while carry != 0 {
                let t = u128::from(self.limbs[k]) + carry;
                self.limbs[k] = t as u64;
                carry = t >> 64;
                k += 1;
            }
        }
        self.trim();
    }

    fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }
}

impl From<u64> for BigCount {
    fn from(x: u64) -> BigCount {
        BigCount::from_limbs(&[x])
    }
}

impl From<u128> for BigCount {
    fn from(x: u128) -> BigCount {
        BigCount::from_limbs(&[x as u64, (x >> 64) as u64])
    }
}

impl std::ops::AddAssign<&BigCount> for BigCount {
    fn add_assign(&mut self, other: &BigCount) {
        self.add_limbs(&other.limbs);
    }
}

impl PartialEq<u128> for BigCount {
    fn eq(&self, other: &u128) -> bool {
        self.to_u128() == Some(*other)
    }
}

impl PartialEq<BigCount> for u128 {
    fn eq(&self, other: &BigCount) -> bool {
        other == self
    }
}

impl Ord for BigCount {
    fn cmp(&self, other: &BigCount) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

impl PartialOrd for BigCount {
    fn partial_cmp(&self, other: &BigCount) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for BigCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(x) = self.to_u128() {
            return fmt::Display::fmt(&x, f);
        }
        // Groups of 19 decimal digits, least significant first.
        const TEN19: u64 = 10_000_000_000_000_000_000;
        let mut groups = Vec::new();
        let mut n = self.clone();
        while !n.is_zero() {
            let Some((q, r)) = n.div_rem_u64(TEN19) else {
                return Err(fmt::Error);
            };
            groups.push(r);
            n = q;
        }
        let mut s = String::with_capacity(19 * groups.len());
        for (i, g) in groups.iter().rev().enumerate() {
            if i == 0 {
                s.push_str(&g.to_string());
            } else {
                s.push_str(&format!("{g:019}"));
            }
        }
        f.pad_integral(true, "", &s)
    }
}

/// Reads a count written in decimal digits (as [`BigCount`] prints it,
/// without separators).
///
/// ```
/// use hetman::knight::frontier::BigCount;
/// let n: BigCount = "3402823669209384634633746074317682114550".parse().unwrap();
/// assert_eq!(n, BigCount::from(u128::MAX).mul_u64(10));
/// assert!("12a".parse::<BigCount>().is_err());
/// assert!("".parse::<BigCount>().is_err());
/// ```
impl std::str::FromStr for BigCount {
    type Err = String;

    fn from_str(s: &str) -> Result<BigCount, String> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("'{s}' is not a count in decimal digits"));
        }
        let mut n = BigCount::zero();
        // Up to 19 digits at a time fit a word.
        for chunk in s.as_bytes().chunks(19) {
            let digits = std::str::from_utf8(chunk).map_err(|e| e.to_string())?;
            let value: u64 = digits.parse().map_err(|e| format!("'{s}': {e}"))?;
            n = n.mul_u64(10u64.pow(chunk.len() as u32));
            n.add_limbs(&[value]);
        }
        Ok(n)
    }
}

impl fmt::Debug for BigCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_agrees_with_u128() {
        let xs = [
            0u128,
            1,
            9,
            u64::MAX as u128,
            1 << 64,
            123_456_789_012_345_678_901_234,
        ];
        for &a in &xs {
            for &b in &xs {
                let mut n = BigCount::from(a);
                n.add_limbs(BigCount::from(b).limbs());
                assert_eq!(n, a + b, "{a} + {b}");
                if let Some(p) = a.checked_mul(b) {
                    let mut m = BigCount::from(7u64);
                    m.add_product(BigCount::from(a).limbs(), BigCount::from(b).limbs());
                    assert_eq!(m, p + 7, "{a} * {b}");
                }
                assert_eq!(BigCount::from(a).cmp(&BigCount::from(b)), a.cmp(&b));
            }
            assert_eq!(BigCount::from(a).to_string(), a.to_string());
            assert_eq!(a.to_string().parse::<BigCount>(), Ok(BigCount::from(a)));
        }
    }

    #[test]
    fn big_values_print_in_decimal() {
        // 2^128 = 340282366920938463463374607431768211456; squared is 2^256.
        let two128 = BigCount::from_limbs(&[0, 0, 1]);
        assert_eq!(
            two128.to_string(),
            "340282366920938463463374607431768211456"
        );
        let mut sq = BigCount::zero();
        sq.add_product(two128.limbs(), two128.limbs());
        assert_eq!(
            sq.to_string(),
            "115792089237316195423570985008687907853269984665640564039457584007913129639936"
        );
        let (q, r) = sq.div_rem_u64(1 << 32).unwrap();
        assert_eq!((q.bits(), r), (225, 0));
        assert_eq!(format!("{:>5}", BigCount::from(42u64)), "   42");
        assert_eq!(sq.to_string().parse::<BigCount>(), Ok(sq.clone()));
        assert_eq!("00042".parse::<BigCount>(), Ok(BigCount::from(42u64)));
        assert!("-1".parse::<BigCount>().is_err());
    }
}
