//! A turn: time passes (energy, healing, danger decay), the fields are
//! brought up to date (plan), every monster acts (act), the discovery
//! logs are compacted; and a death.

use super::*;
use crate::sim::fields::FieldPolicy;

impl Game {
    /// The plan phase, at the start of every turn (and once as the level
    /// is set up, so nobody's first action waits for a plan): every
    /// faction with plans to make brings its islands up to date, and its
    /// fields take in everything it has learnt up to now and
    /// grow until the cell of every monster reading them is settled (see
    /// `sim/fields.rs`), by repair or rebuild, whichever its cost model
    /// finds cheaper. Factions are independent, so they are updated in
    /// parallel (rayon's pool: all cores unless the caller's pool says
    /// otherwise); each faction's update is serial, so the result is the
    /// same with any number of threads.
    pub(super) fn update_fields(&mut self) {
        self.update_fields_by(FieldPolicy::Chosen);
    }

    /// The plan phase alone, bringing fields up to date by `policy`: what
    /// `Command::Advance` does first (with [`FieldPolicy::Chosen`]), for
    /// benchmarks that weigh one kind of update against another on the
    /// same state. Deterministic like the rest of the game.
    pub fn update_fields_by(&mut self, policy: FieldPolicy) {
        use rayon::prelude::*;
        let mut readers: Vec<Vec<(Pos, Pos)>> = vec![Vec::new(); self.factions.len()];
        let mut plans = vec![false; self.factions.len()];
        for m in self.monsters.iter() {
            if m.is_here()
                && !m.is_player
                && let Some(goal) = m.plan.goal()
            {
                plans[m.faction] = true;
                if m.plan.kind() == Replanner::Field {
                    readers[m.faction].push((goal, m.pos));
                }
            }
        }
        for r in &mut readers {
            r.sort_unstable_by_key(|&(t, c)| (t.y, t.x, c.y, c.x));
            r.dedup();
        }
        let turn = self.turn;
        self.factions
            .par_iter_mut()
            .zip(readers.into_iter().zip(plans).collect::<Vec<_>>())
            // One task a faction, so idle threads steal whole factions: a
            // faction's work varies tenfold (the blind rebuild the whole
            // map, the natives nothing), and halves split by count would
            // leave one thread the two dearest.
            .with_max_len(1)
            .filter(|(f, (r, plans))| *plans || !r.is_empty() || !f.fields().is_empty())
            .for_each(|(f, (r, plans))| f.plan_phase(&r, plans, turn, policy));
    }

    pub(in crate::sim) fn kill(&mut self, monster: MonsterId, ev: &mut Vec<Event>) {
        let Some(m) = self.monsters.get_mut(monster as usize) else {
            return;
        };
        if !m.is_here() {
            return;
        }
        m.presence = Presence::Dead(self.turn);
        let (at, fi) = (m.pos, m.faction);
        self.world.remove(at);
        self.unqueue(monster);
        let f = &mut self.factions[fi];
        let (knowledge, _) = f.knowledge_mut();
        let changed = knowledge.death(at);
        f.log_changes(changed);
        ev.push(Event::Died { monster, at });
        if let Some(play) = &mut self.play
            && play.player == monster
        {
            play.outcome = PlayOutcome::Lost(self.turn);
        }
    }

    pub(in crate::sim) fn advance(&mut self, ev: &mut Vec<Event>) {
        self.turn += 1;
        self.spent = 0;
        self.limited_now = false;
        self.monster_turns += self
            .monsters
            .iter()
            .filter(|m| m.is_here() && !m.is_player)
            .count() as u64;
        self.regenerate();
        if self.turn.is_multiple_of(DECAY_PERIOD) {
            for f in &mut self.factions {
                let (knowledge, _) = f.knowledge_mut();
                let changed = knowledge.decay();
                f.log_changes(changed);
            }
        }
        for m in self.monsters.iter_mut().filter(|m| m.is_here()) {
            m.energy = (m.energy + m.speed as i64).min(ACTION_READY + m.speed as i64);
        }
        // Plan, then act: the fields first, then searches left over from
        // last turn.
        self.update_fields();
        self.pump(ev);
        for id in 0..self.monsters.len() {
            let mut actions = 0;
            while actions < MAX_ACTIONS
                && !self.monsters[id].is_player
                && self.monsters[id].is_here()
                && self.monsters[id].energy >= ACTION_READY
                && self
                    .play
                    .as_ref()
                    .is_none_or(|p| p.outcome == PlayOutcome::Playing)
            {
                self.act(id, ev);
                actions += 1;
            }
        }
        self.budget_limited += self.limited_now as u64;
        self.compact_logs();
    }

    /// Drops each faction's log entries that all its readers have taken
    /// in: every path plan of a monster still on the level (but the
    /// player's, which nothing reads the log for), a suspended search, and
    /// the faction's fields.
    pub(super) fn compact_logs(&mut self) {
        let mut read: Vec<usize> = self.factions.iter().map(|f| f.log().total()).collect();
        for m in self.monsters.iter().filter(|m| m.is_here() && !m.is_player) {
            if let Some(seen) = m.plan.log_seen() {
                read[m.faction] = read[m.faction].min(seen);
            }
        }
        if let (Some(s), Some(&head)) = (&self.queue.suspended, self.queue.waiting.front()) {
            let f = self.monsters[head as usize].faction;
            read[f] = read[f].min(s.log_len);
        }
        for (f, r) in self.factions.iter_mut().zip(read) {
            let r = f.fields().log_read().map_or(r, |fr| fr.min(r));
            f.compact_log(r);
        }
    }
}
