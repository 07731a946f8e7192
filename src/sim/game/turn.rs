//! The end of a turn: time passes (energy, healing, danger decay), the
//! fields are tended and the discovery logs compacted; and a death.

use super::*;

impl Game {
    /// Before the first turn, as the level is set up: every field monster's
    /// first read is made in full, outside any turn's budget, so the
    /// faction's field toward its goal covers its monsters before play
    /// starts (as a roguelike computes its maps when a level loads) and
    /// nobody waits for a first plan. Each read is charged to its monster;
    /// what it cost shows in `expanded`. The work is one search from the
    /// goal per faction, at most the map: on a 512x512 dungeon with four
    /// factions about a million expansions in all.
    pub(super) fn grow_fields(&mut self) {
        for id in 0..self.monsters.len() {
            let m = &self.monsters[id];
            if m.is_player || m.planner.kind() != Replanner::Field {
                continue;
            }
            let Some(goal) = m.planner.goal() else {
                continue;
            };
            let (fi, at) = (m.faction, m.pos);
            let (field, knowledge) = self.factions[fi].field(goal, 0);
            let before = field.expanded();
            field.value(knowledge, at);
            let expanded = field.expanded() - before;
            self.monsters[id].stats.expanded += expanded;
        }
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
        // Searches left over from last turn go first.
        self.pump(ev);
        self.serve_field_waits();
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
        self.tend_fields();
        self.compact_logs();
    }

    /// Each faction's fields catch up with its log, and those no monster
    /// of it heads for any more are dropped.
    pub(super) fn tend_fields(&mut self) {
        // (faction, target) of every field monster here: one pass over the
        // monsters, not one per faction.
        let mut targets: Vec<(usize, Pos)> = self
            .monsters
            .iter()
            .filter(|m| m.is_here() && !m.is_player)
            .filter(|m| m.planner.kind() == Replanner::Field)
            .filter_map(|m| m.planner.goal().map(|g| (m.faction, g)))
            .collect();
        targets.sort_unstable_by_key(|&(f, p)| (f, p.y, p.x));
        targets.dedup();
        for (fi, f) in self.factions.iter_mut().enumerate() {
            if f.fields().is_empty() {
                continue;
            }
            let lo = targets.partition_point(|&(tf, _)| tf < fi);
            let hi = targets.partition_point(|&(tf, _)| tf <= fi);
            let mine: Vec<Pos> = targets[lo..hi].iter().map(|&(_, p)| p).collect();
            f.tend_fields(&mine);
        }
    }

    /// Drops each faction's log entries that all its readers have taken
    /// in: every monster still on the level (but the player, whose plan
    /// nothing reads the log for) and a suspended search.
    pub(super) fn compact_logs(&mut self) {
        let mut read: Vec<usize> = self.factions.iter().map(|f| f.log().total()).collect();
        for m in self.monsters.iter().filter(|m| m.is_here() && !m.is_player) {
            read[m.faction] = read[m.faction].min(m.planner.log_seen());
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
