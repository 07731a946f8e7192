//! FNV-1a, 64 bits, over integers in a fixed order, with a
//! word-at-a-time variant for whole grids: the hasher every part of the
//! state hash (`hash.rs`, the planners', the fields') feeds, the same on
//! every machine. Apart from `hash.rs` so those parts need not import the
//! game.

use crate::fog::knowledge::Knowledge;
use crate::map::terrain::Terrain;

const FNV_PRIME: u64 = 0x0100_0000_01b3;

/// FNV-1a, 64 bits: fixed by its definition (std's hasher is not).
#[derive(Clone, Debug)]
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    /// Feeds bytes.
    pub fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(FNV_PRIME);
        }
    }

    /// Feeds an integer (as 8 little-endian bytes).
    pub fn int(&mut self, v: i64) {
        self.bytes(&v.to_le_bytes());
    }

    /// Feeds a 64-bit word at once: FNV's step on the whole word, then the
    /// high bits folded down (multiplying only carries upwards). Each step
    /// is a bijection of the state, so one differing word always changes
    /// the hash. For grids: a 1024x1024 byte grid is 131,072 words.
    pub fn word(&mut self, w: u64) {
        self.0 = (self.0 ^ w).wrapping_mul(FNV_PRIME);
        self.0 ^= self.0 >> 29;
    }

    /// Feeds a slice's length, then its words over four independent
    /// lanes folded in at the end: a grid hashes at the speed of four
    /// multiplications at once, not one after another. Still one
    /// differing word changes the hash (every step of a lane, and each
    /// fold, is a bijection).
    fn absorb(&mut self, len: usize, words: impl Iterator<Item = u64>) {
        self.word(len as u64);
        let mut lanes = [self.0, self.0 ^ 1, self.0 ^ 2, self.0 ^ 3].map(Fnv);
        for (i, w) in words.enumerate() {
            lanes[i & 3].word(w);
        }
        for lane in lanes {
            self.word(lane.0);
        }
    }

    /// Feeds a slice of bytes eight to a word, with its length.
    pub fn u8s(&mut self, v: &[u8]) {
        let chunks = v.chunks_exact(8);
        let rest = pack(chunks.remainder().iter().map(|&b| b as u64), 8);
        let words = chunks.map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")));
        self.absorb(v.len(), words.chain([rest]));
    }

    /// Feeds a slice of `u16`s four to a word, with its length.
    pub fn u16s(&mut self, v: &[u16]) {
        let chunks = v.chunks_exact(4);
        let rest = pack(chunks.remainder().iter().map(|&x| x as u64), 16);
        let words = chunks
            .map(|c| c[0] as u64 | (c[1] as u64) << 16 | (c[2] as u64) << 32 | (c[3] as u64) << 48);
        self.absorb(v.len(), words.chain([rest]));
    }

    /// Feeds a slice of `u32`s two to a word, with its length.
    pub fn u32s(&mut self, v: &[u32]) {
        let chunks = v.chunks_exact(2);
        let rest = pack(chunks.remainder().iter().map(|&x| x as u64), 32);
        let words = chunks.map(|c| c[0] as u64 | (c[1] as u64) << 32);
        self.absorb(v.len(), words.chain([rest]));
    }

    /// Feeds a slice of `usize`s a word each, with its length.
    pub fn usizes(&mut self, v: &[usize]) {
        self.absorb(v.len(), v.iter().map(|&x| x as u64));
    }

    /// Feeds a slice of `u64`s a word each, with its length.
    pub fn u64s(&mut self, v: &[u64]) {
        self.absorb(v.len(), v.iter().copied());
    }

    /// Feeds a slice of flags eight to a word, with its length.
    pub fn bools(&mut self, v: &[bool]) {
        let chunks = v.chunks_exact(8);
        let rest = pack(chunks.remainder().iter().map(|&b| b as u64), 8);
        let words = chunks.map(|c| pack(c.iter().map(|&b| b as u64), 8));
        self.absorb(v.len(), words.chain([rest]));
    }

    /// The hash so far.
    pub fn finish(&self) -> u64 {
        self.0
    }
}

/// Packs small values into one word, `bits` each, the first lowest.
fn pack(values: impl Iterator<Item = u64>, bits: u32) -> u64 {
    values
        .enumerate()
        .fold(0, |w, (i, v)| w | v << (bits * i as u32))
}

pub(crate) fn hash_pos(h: &mut Fnv, p: Option<crate::map::geom::Pos>) {
    match p {
        Some(p) => {
            h.int(p.x as i64);
            h.int(p.y as i64);
        }
        None => h.int(i64::MIN),
    }
}

/// A belief byte as a stable id: the terrain's glyph in the level format
/// (`?` for unknown), never the order of the `Terrain` enum, so adding
/// or reordering terrain moves no hash.
const STABLE_BELIEF: [u8; 256] = {
    let mut table = [b'?'; 256];
    let mut i = 0;
    while i < Terrain::ALL.len() {
        table[Terrain::ALL[i] as usize] = Terrain::ALL[i].glyph() as u8;
        i += 1;
    }
    table
};

/// Cells by their stable ids (see [`STABLE_BELIEF`]).
fn stable(bytes: &[u8]) -> Vec<u8> {
    bytes.iter().map(|&b| STABLE_BELIEF[b as usize]).collect()
}

/// What decides a faction's planning costs from here on (see the module
/// notes): beliefs, the cheapest step known, danger and chokepoints.
pub(crate) fn hash_knowledge(h: &mut Fnv, k: &Knowledge) {
    h.u8s(&stable(k.belief_bytes()));
    h.int(k.unknown_cost() as i64);
    let cheapest = crate::path::CostMap::cheapest_steps(k);
    h.int(cheapest.straight as i64);
    h.int(cheapest.diagonal as i64);
    let influence = k.influence();
    h.int(influence.weight() as i64);
    let (danger, choke, dangerous, undrained) = influence.state();
    h.u16s(danger);
    h.bools(choke);
    h.u32s(dangerous);
    h.int(undrained as i64);
}
