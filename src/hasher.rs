//! `FxHasher`: the multiply-and-rotate hash of rustc and Firefox, for the tables of the staged
//! recorder and of terms, whose keys (operations on node numbers, constants' bits) are small
//! integers that an attacker does not choose — where std's SipHash spends its time guarding
//! against one.

use std::hash::{BuildHasherDefault, Hasher};

/// A hash map keyed by [`FxHasher`].
pub(crate) type FxHashMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// A hash set keyed by [`FxHasher`].
pub(crate) type FxHashSet<K> = std::collections::HashSet<K, BuildHasherDefault<FxHasher>>;

/// The hash state: each word written is xored in after a rotation, then multiplied by a constant
/// with well-mixed bits.
#[derive(Clone, Copy, Default)]
pub(crate) struct FxHasher {
    hash: u64,
}

/// The multiplier (from rustc-hash), odd and with bits spread across the word.
const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.add(u64::from_le_bytes(chunk.try_into().expect("eight bytes")));
        }
        for &byte in chunks.remainder() {
            self.add(u64::from(byte));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    fn finish(&self) -> u64 {
        self.hash
    }
}

#[cfg(test)]
mod tests {
    use super::FxHashMap;

    #[test]
    fn a_map_keyed_by_fx_hashes_finds_what_it_holds() {
        let map: FxHashMap<(u32, u64), usize> = (0..1000_u32)
            .map(|i| ((i, u64::from(i) << 40), i as usize))
            .collect();
        assert_eq!(map.len(), 1000);
        assert!((0..1000_u32).all(|i| map[&(i, u64::from(i) << 40)] == i as usize));
        assert!(!map.contains_key(&(1000, 0)));
    }
}
