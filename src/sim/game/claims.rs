//! Claimed paths and units to avoid: the cells of allies' plans near a
//! monster (dearer, so groups spread) and the units it plans round.

use super::*;

impl Game {
    /// Cells on the future paths of allies near monster `id` (within the
    /// claim radius of it, at most twice that many cells along each path),
    /// one entry per ally per cell, sorted.
    pub(super) fn claims_near(&self, id: usize) -> Vec<usize> {
        let r = self.config.claim_radius as i32;
        if r == 0 {
            return Vec::new();
        }
        let m = &self.monsters[id];
        let width = self.world.terrain().width() as usize;
        let near = |p: Pos| {
            let (dx, dy) = p.abs_delta(m.pos);
            dx.max(dy) as i32 <= r
        };
        let mut claims = Vec::new();
        for y in m.pos.y - r..=m.pos.y + r {
            for x in m.pos.x - r..=m.pos.x + r {
                let Some(o) = self.world.occupant(Pos::new(x, y)) else {
                    continue;
                };
                let ally = &self.monsters[o as usize];
                if o == m.id || ally.faction != m.faction {
                    continue;
                }
                let future = ally.planner.remaining().iter().skip(1).take(2 * r as usize);
                claims.extend(
                    future
                        .filter(|&&p| near(p))
                        .map(|p| p.row_major(width as u32)),
                );
            }
        }
        claims.sort_unstable();
        claims
    }

    /// Cells of the units monster `id` plans around: every unit next to it,
    /// and stopped units of its own faction within the avoid radius.
    /// Row-major order, so the list is sorted.
    pub(in crate::sim) fn units_to_avoid(&self, id: usize) -> Vec<usize> {
        let m = &self.monsters[id];
        let r = self.config.avoid_radius as i32;
        let width = self.world.terrain().width() as usize;
        let mut out = Vec::new();
        for y in m.pos.y - r..=m.pos.y + r {
            for x in m.pos.x - r..=m.pos.x + r {
                let p = Pos::new(x, y);
                let Some(o) = self.world.occupant(p) else {
                    continue;
                };
                let other = &self.monsters[o as usize];
                let (dx, dy) = p.abs_delta(m.pos);
                let adjacent = dx.max(dy) == 1;
                if adjacent || (other.faction == m.faction && other.is_stopped() && o != m.id) {
                    out.push(p.row_major(width as u32));
                }
            }
        }
        out
    }
}
