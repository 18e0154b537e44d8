//! One candidate-set type: the values a cell may still hold, for boards of every size.

use std::fmt;

use crate::model::geometry::MAX_SIZE;

/// Words of 64 bits that hold a value of every board: 7 up to 400.
const WORDS: usize = MAX_SIZE.div_ceil(64);

/// A set of cell values (1 to N, N up to 400): the candidates of a cell,
/// as [`Candidates::candidates`](crate::logic::Candidates::candidates) and
/// [`Game::candidates`](crate::Game::candidates) give them.
///
/// It is `Copy`, iterates its values in increasing order, and converts
/// from and to the bit mask the engines use (bit `v - 1` for value `v`)
/// for boards up to 64×64. With the `serde` feature it is written as the
/// list of its values.
///
/// ```
/// use ndoku::model::Values;
///
/// let set = Values::from_mask(0b1011); // 1, 2 and 4
/// assert_eq!(set.iter().collect::<Vec<_>>(), [1, 2, 4]);
/// assert!(set.contains(4) && !set.contains(3));
/// assert_eq!(set.len(), 3);
/// assert_eq!(set.mask(), Some(0b1011));
/// let big: Values = [2, 81, 400].into_iter().collect();
/// assert_eq!(big.iter().max(), Some(400));
/// assert_eq!(big.mask(), None); // past 64 values, no single mask holds it
/// assert_eq!(format!("{big:?}"), "{2, 81, 400}");
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Values {
    words: [u64; WORDS],
}

impl Values {
    /// The empty set.
    pub const EMPTY: Values = Values { words: [0; WORDS] };

    /// The set of values 1 to `n` (at most 400).
    #[must_use]
    pub fn all(n: usize) -> Self {
        (1..=n.min(MAX_SIZE) as u16).collect()
    }

    /// The set of a mask: bit `v - 1` for value `v`.
    #[must_use]
    pub const fn from_mask(mask: u64) -> Self {
        let mut words = [0; WORDS];
        words[0] = mask;
        Self { words }
    }

    /// Its mask, bit `v - 1` for value `v`, when every value is at most 64;
    /// `None` when one is past 64, which no `u64` holds.
    #[must_use]
    pub fn mask(self) -> Option<u64> {
        self.words[1..]
            .iter()
            .all(|&w| w == 0)
            .then_some(self.words[0])
    }

    /// Whether `value` is in the set.
    #[must_use]
    pub fn contains(self, value: u16) -> bool {
        Self::place(value).is_some_and(|(w, b)| self.words[w] & b != 0)
    }

    /// Adds `value` (1 to 400); others are ignored. Returns whether it was
    /// added.
    pub fn insert(&mut self, value: u16) -> bool {
        match Self::place(value) {
            Some((w, b)) if self.words[w] & b == 0 => {
                self.words[w] |= b;
                true
            }
            _ => false,
        }
    }

    /// Takes `value` out. Returns whether it was in the set.
    pub fn remove(&mut self, value: u16) -> bool {
        match Self::place(value) {
            Some((w, b)) if self.words[w] & b != 0 => {
                self.words[w] &= !b;
                true
            }
            _ => false,
        }
    }

    /// How many values the set holds.
    #[must_use]
    pub fn len(self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set holds no value.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Its values in increasing order.
    #[must_use]
    pub fn iter(self) -> ValuesIter {
        ValuesIter { set: self, word: 0 }
    }

    /// The word and bit of `value`, when it is 1 to 400.
    fn place(value: u16) -> Option<(usize, u64)> {
        let k = usize::from(value).checked_sub(1)?;
        (k < MAX_SIZE).then(|| (k / 64, 1u64 << (k % 64)))
    }

    /// The set of the `words` of a mask of any width, bit `v - 1` for `v`.
    pub(crate) fn from_words(words: &[u64]) -> Self {
        let mut set = Self::EMPTY;
        for (to, &from) in set.words.iter_mut().zip(words) {
            *to = from;
        }
        set
    }
}

impl From<u64> for Values {
    /// [`Values::from_mask`].
    fn from(mask: u64) -> Self {
        Self::from_mask(mask)
    }
}

impl FromIterator<u16> for Values {
    /// The set of the values 1 to 400 among `iter`; others are ignored.
    fn from_iter<I: IntoIterator<Item = u16>>(iter: I) -> Self {
        let mut set = Self::EMPTY;
        for v in iter {
            set.insert(v);
        }
        set
    }
}

impl IntoIterator for Values {
    type Item = u16;
    type IntoIter = ValuesIter;
    fn into_iter(self) -> ValuesIter {
        self.iter()
    }
}

impl fmt::Debug for Values {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// The values of a [`Values`] in increasing order.
#[derive(Clone, Debug)]
pub struct ValuesIter {
    set: Values,
    word: usize,
}

impl Iterator for ValuesIter {
    type Item = u16;

    fn next(&mut self) -> Option<u16> {
        while self.word < WORDS {
            let w = &mut self.set.words[self.word];
            if *w != 0 {
                let bit = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some((self.word * 64 + bit + 1) as u16);
            }
            self.word += 1;
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.set.len();
        (left, Some(left))
    }
}

impl ExactSizeIterator for ValuesIter {}

#[cfg(feature = "serde")]
impl serde::Serialize for Values {
    /// The list of its values, in increasing order.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Values {
    /// A list of values from 1 to 400; any other is an error.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let list = Vec::<u16>::deserialize(deserializer)?;
        let mut set = Self::EMPTY;
        for v in list {
            if Self::place(v).is_none() {
                return Err(serde::de::Error::custom(format!(
                    "value {v} is out of range 1..={MAX_SIZE}"
                )));
            }
            set.insert(v);
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_hold_every_value_of_every_size() {
        for n in [1usize, 4, 9, 64, 65, 128, 400] {
            let all = Values::all(n);
            assert_eq!(all.len(), n);
            assert_eq!(
                all.iter().collect::<Vec<_>>(),
                (1..=n as u16).collect::<Vec<_>>()
            );
            assert_eq!(all.mask().is_some(), n <= 64, "n = {n}");
            let mut set = all;
            assert!(set.remove(n as u16) && !set.remove(n as u16));
            assert!(!set.contains(n as u16) && set.len() == n - 1);
        }
        let mut set = Values::EMPTY;
        assert!(!set.insert(0) && !set.insert(401) && set.is_empty());
        assert!(!set.contains(0) && !set.contains(u16::MAX));
        assert_eq!(Values::from(u64::MAX).len(), 64);
        assert_eq!(
            Values::from_words(&[1, 1]).iter().collect::<Vec<_>>(),
            [1, 65]
        );
    }
}
