//! `darkstar play` (and `darkstar` alone): play as @ on a generated level
//! or a level file; quitting saves the game, `--resume` goes on with it.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::Args;

use crate::args::{LevelFlags, needs_player};
use darkstar::textfile::escape_controls;

#[derive(Debug, Default, Args)]
pub struct PlayArgs {
    #[command(flatten)]
    level: LevelFlags,
    /// Go on with the saved game.
    #[arg(long, conflicts_with_all = ["level", "seed"])]
    resume: bool,
    /// The save file (default: $DARKSTAR_SAVE, else save.replay in the
    /// data folder).
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
}

pub fn play(args: PlayArgs) -> Result<ExitCode> {
    let save = args
        .save
        .clone()
        .unwrap_or_else(darkstar::save::default_save_path);
    let app = if args.resume {
        let replay = darkstar::replay::Replay::load(&save)
            .with_context(|| format!("cannot resume from {}", save.display()))?;
        // Played once, checking every hash, with a progress bar; Ctrl-C
        // breaks off (the save is untouched).
        let playback = crate::replay::Playback::new("resuming")?;
        let resumed = darkstar::ui::App::resume_with(replay, playback.callback());
        playback.finish();
        match resumed {
            Err(darkstar::replay::ReplayError::Interrupted { turn }) => {
                eprintln!("darkstar: interrupted on turn {turn}; the save is untouched");
                return Ok(ExitCode::from(crate::replay::INTERRUPTED));
            }
            resumed => resumed.with_context(|| format!("cannot resume from {}", save.display()))?,
        }
    } else {
        if save.exists() {
            // Never overwrite a save that cannot be read: it may be the
            // only copy of a game.
            darkstar::replay::Replay::load(&save).with_context(|| {
                format!(
                    "the save {} cannot be read; move it away (it has not been touched) or use --save FILE",
                    save.display()
                )
            })?;
        }
        let (level, seed) = args.level.choose(true)?;
        needs_player(&level)?;
        darkstar::ui::App::play(&level, seed)
            .with_context(|| format!("level \"{}\" cannot start", escape_controls(&level.name)))?
    };
    let app = darkstar::ui::run(app).context("the terminal")?;
    if app.game_over() {
        // Permadeath: a finished game leaves no save.
        if save.exists() {
            std::fs::remove_file(&save)
                .with_context(|| format!("removing the finished game's save {}", save.display()))?;
        }
    } else {
        darkstar::save::write_atomically(&save, &app.recording().to_text())
            .with_context(|| format!("saving to {}", save.display()))?;
        println!(
            "Saved to {}; `darkstar play --resume` goes on.",
            save.display()
        );
    }
    write_last_replay(&save, &app);
    Ok(ExitCode::SUCCESS)
}

/// Every game played or watched leaves its replay as `last.replay` beside
/// the save (`darkstar replay` plays it back). Written after the save, and
/// a failure here is reported but never costs the save.
pub fn write_last_replay(save: &std::path::Path, app: &darkstar::ui::App) {
    let path = darkstar::save::last_replay_path(save);
    match darkstar::save::write_atomically(&path, &app.recording().to_text()) {
        Ok(()) => println!("Replay: {} (darkstar replay plays it)", path.display()),
        Err(e) => eprintln!(
            "darkstar: warning: the replay {} was not written: {e}",
            path.display()
        ),
    }
}
