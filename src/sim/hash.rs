//! A hash of a game's state, the same on every machine (FNV-1a over
//! integers in a fixed order), for replays' sync checks: two games with
//! the same hash on a turn are, as far as anything that can change what
//! happens next goes, the same game.

use super::game::Game;
use super::monster::Presence;
use super::play::PlayOutcome;

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
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    /// Feeds an integer (as 8 little-endian bytes).
    pub fn int(&mut self, v: i64) {
        self.bytes(&v.to_le_bytes());
    }

    /// The hash so far.
    pub fn finish(&self) -> u64 {
        self.0
    }
}

impl Game {
    /// The state hash: turn, the RNG's position, every monster (where, its
    /// hit points, energy, presence, counters, the plan it follows), what
    /// every faction has learnt (how much, and the order: its log), and
    /// the player's state.
    pub fn state_hash(&self) -> u64 {
        let mut h = Fnv::default();
        h.int(self.turn as i64);
        h.bytes(&self.rng.get_word_pos().to_le_bytes());
        for m in &self.monsters {
            h.int(m.id as i64);
            h.int(m.pos.x as i64);
            h.int(m.pos.y as i64);
            h.int(m.hp as i64);
            h.int(m.energy);
            h.int(match m.presence {
                Presence::Here => 0,
                Presence::Escaped(t) => 1 + 2 * t as i64,
                Presence::Dead(t) => 2 + 2 * t as i64,
            });
            let s = m.stats;
            for v in [s.steps, s.bumps, s.replans, s.expanded, s.wasted, s.waits] {
                h.int(v as i64);
            }
            for p in m.planner.remaining() {
                h.int(p.x as i64);
                h.int(p.y as i64);
            }
        }
        for f in &self.factions {
            h.int(f.log().len() as i64);
            for p in f.log() {
                h.int(p.x as i64);
                h.int(p.y as i64);
            }
            if let Some(p) = f.player_seen() {
                h.int(p.x as i64);
                h.int(p.y as i64);
            }
        }
        if let Some(play) = &self.play {
            h.int(play.carrying as i64);
            h.int(match play.outcome {
                PlayOutcome::Playing => 0,
                PlayOutcome::Won(t) => 1 + 2 * t as i64,
                PlayOutcome::Lost(t) => 2 + 2 * t as i64,
            });
        }
        h.finish()
    }
}
