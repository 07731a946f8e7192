//! How much of an exact field changes in one turn: the churn that decides
//! whether a field is repaired or rebuilt (see `sim/fields.rs`).
//!
//! Plays a level (fields are brought up to date at the start of every
//! turn, outside the search budget, which is set out of the way for the
//! per-monster planners too) and prints, per turn and per faction, the
//! field expansions made and the number of cells whose field value at the
//! end of the turn differs from the start. Any exact field has to rewrite
//! at least that many values each turn, however it is brought up to date.
//!
//! ```text
//! cargo run --release -- gen --seed 1 --width 512 --height 512 --spread 1000 > /tmp/s512.txt
//! cargo run --release --example field_churn -- /tmp/s512.txt 20
//! ```

use darkstar::content::level::Level;
use darkstar::sim::{Command, Game, SimConfig};
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args_os().skip(1);
    let Some(path) = args.next().map(PathBuf::from) else {
        return Err("usage: field_churn LEVEL [TURNS]".into());
    };
    let turns: u32 = match args.next() {
        Some(t) => t
            .to_str()
            .and_then(|t| t.parse().ok())
            .ok_or("TURNS must be a number")?,
        None => 20,
    };
    let level = Level::load(&path)?;
    let config = SimConfig {
        expansion_budget: u64::MAX / 4,
        ..SimConfig::default()
    };
    let mut game = Game::new(&level, 1, config)?;
    // Each faction's first field (the goal's): expansions so far, values.
    let snapshot = |g: &Game| -> Vec<Option<(u64, Vec<u64>)>> {
        g.floor()
            .factions()
            .iter()
            .map(|f| {
                f.fields()
                    .iter()
                    .next()
                    .map(|fl| (fl.expanded(), fl.cells()[0].to_vec()))
            })
            .collect()
    };
    let names: Vec<String> = game
        .floor()
        .factions()
        .iter()
        .map(|f| f.spec().name.clone())
        .collect();
    let mut before = snapshot(&game);
    let (mut sum_expanded, mut sum_changed) = (vec![0u64; names.len()], vec![0u64; names.len()]);
    for turn in 1..=turns {
        game.apply(Command::Advance);
        let after = snapshot(&game);
        let mut line = format!("turn {turn:>3}:");
        for (i, (b, a)) in before.iter().zip(&after).enumerate() {
            let (expanded, changed) = match (b, a) {
                (Some((e0, g0)), Some((e1, g1))) if g0.len() == g1.len() => (
                    e1.saturating_sub(*e0),
                    g0.iter().zip(g1).filter(|(x, y)| x != y).count(),
                ),
                _ => (0, 0),
            };
            sum_expanded[i] += expanded;
            sum_changed[i] += changed as u64;
            line += &format!("  {} {expanded} expanded, {changed} changed", names[i]);
        }
        println!("{line}");
        before = after;
    }
    println!("per turn, averaged over {turns} turns:");
    for (i, name) in names.iter().enumerate() {
        println!(
            "  {name}: {} expansions, {} field values changed",
            sum_expanded[i] / turns.max(1) as u64,
            sum_changed[i] / turns.max(1) as u64
        );
    }
    Ok(())
}
