//! `darkstar watch`: the AI plays a level in the terminal while you watch
//! (space pause, . step, +/- speed, f faction, v knowledge and plans, d
//! danger, c cost, p claimed paths, A the alarm on a level with a player,
//! ? help, q quit).

use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::Args;

use crate::args::LevelFlags;
use darkstar::content::textfile::escape_controls;

#[derive(Debug, Default, Args)]
pub struct WatchArgs {
    #[command(flatten)]
    level: LevelFlags,
    #[arg(long, value_name = "N", value_parser = crate::args::parse_speed,
          help = crate::args::speed_help(false))]
    speed: Option<usize>,
}

pub fn watch(args: WatchArgs) -> Result<ExitCode> {
    let (level, seed) = args.level.choose_to_watch()?;
    darkstar::ui::require_terminal("watch")?;
    // What a killed darkstar left of a last.replay write beside the save.
    let save = crate::saves::default_save_path();
    darkstar::record::save::remove_stale_tmps(&save);
    let at_speed = |app: darkstar::ui::App| match args.speed {
        Some(speed) => app.at_speed(speed),
        None => app,
    };
    let mut app = darkstar::ui::App::new(&level, seed)
        .with_context(|| format!("level \"{}\" cannot start", escape_controls(&level.name)))?;
    app = at_speed(app);
    let ended = loop {
        let (done, ended) = darkstar::ui::run(app);
        // Watching does not take the save, only leaves last.replay beside
        // it (and in replays/), for every game watched.
        crate::play::write_last_replay(darkstar::record::save::write_last_replay(
            &save,
            &done.recording(),
        ));
        // `n` on the end screen: the same level with the next seed.
        if matches!(ended, Ok(darkstar::ui::Exit::Quit)) && done.wants_new_game() {
            app = at_speed(done.next_game().context("the next game cannot start")?);
            continue;
        }
        break ended;
    };
    crate::play::finish(ended)
}
