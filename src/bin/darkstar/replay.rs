//! `darkstar replay [FILE]`: plays a recorded game back in the terminal
//! (the last game played or watched when no file is named)
//! (with its recorded settings, checking every state hash as it plays;
//! `--eyes` draws a played game through the player's fog of war; `A`
//! shows the alarm: who knew where the player was, and the cries);
//! `--verify` plays it headless, checks every state hash, and exits 0 in
//! sync, 1 naming the line and turn of the first difference, 2 on a file
//! that is not a replay, 130 when interrupted (Ctrl-C). Long replays show
//! a progress bar on stderr; so does resuming a long save (see
//! [`Playback`]).

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::args::MemoryFlag;
use crate::progress::Bar;
use anyhow::{Context, Result};
use clap::Args;
use darkstar::content::textfile::escape_path;
use darkstar::record::replay::{Checked, Progress, Replay};
use signal_hook::SigId;
use signal_hook::consts::SIGINT;

/// The exit code of a run interrupted by SIGINT (128 + 2, as shells do).
pub const INTERRUPTED: u8 = 130;

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The replay file [default: the last game played or watched,
    /// `last.replay` beside the save].
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
    /// Play it headless and check every state hash.
    #[arg(long)]
    verify: bool,
    /// A played game: draw it through the player's eyes (their fog of
    /// war, as they played it); `@` switches to the true map and back.
    #[arg(long, conflicts_with = "verify")]
    eyes: bool,
    #[arg(long, value_name = "N", value_parser = crate::args::parse_speed,
          conflicts_with = "verify", help = crate::args::speed_help(true))]
    speed: Option<usize>,
    #[command(flatten)]
    memory: MemoryFlag,
}

impl ReplayArgs {
    /// Plays `file` back in the terminal (the title screen's last games).
    pub fn of(file: PathBuf) -> ReplayArgs {
        ReplayArgs {
            file: Some(file),
            verify: false,
            eyes: false,
            speed: None,
            memory: MemoryFlag::default(),
        }
    }
}

pub fn replay(args: ReplayArgs) -> Result<ExitCode> {
    let last = darkstar::record::save::last_replay_path(&crate::saves::default_save_path());
    let file = match &args.file {
        Some(file) => file,
        None if last.exists() => &last,
        None => anyhow::bail!(
            "no game to replay: {} does not exist yet (play or watch a game first, or name a \
             replay file)",
            escape_path(&last)
        ),
    };
    let replay = Replay::load(file)?;
    args.memory.check(&replay.footprint()?)?;
    if !args.verify {
        if args.eyes && replay.level()?.player.is_none() {
            anyhow::bail!(
                "{}: --eyes needs a played game, and this replay has no player",
                escape_path(file)
            );
        }
        darkstar::ui::require_terminal("replay")?;
        let app = darkstar::ui::App::replay(&replay)?;
        let app = if args.eyes { app.with_eyes() } else { app };
        let app = match args.speed {
            Some(speed) => app.at_speed(speed),
            None => app,
        };
        return crate::play::finish(darkstar::ui::run(app).1);
    }
    let playback = Playback::new("verifying")?;
    let checked = replay.verify_with(playback.callback());
    playback.finish();
    match checked? {
        Checked::InSync(v) => {
            crate::output::print(&format!(
                "{}: in sync: {} commands, {} state hashes checked, up to turn {}\n",
                escape_path(file),
                v.commands,
                v.hashes,
                v.turn
            ))?;
            Ok(ExitCode::SUCCESS)
        }
        Checked::Desync(d) => {
            crate::output::print(&format!("{}:{}: {}\n", escape_path(file), d.line, d.what()))?;
            Ok(ExitCode::FAILURE)
        }
        Checked::Interrupted { turn } => {
            eprintln!(
                "darkstar: {}: interrupted on turn {turn}",
                escape_path(file)
            );
            Ok(ExitCode::from(INTERRUPTED))
        }
    }
}

/// Playing a replay headless (verifying it, resuming a save): a progress
/// bar on stderr (see [`Bar`]: after a second, on a terminal), and SIGINT
/// (Ctrl-C) breaking off at the next turn instead of killing the process.
pub struct Playback {
    bar: Bar,
    stop: Arc<AtomicBool>,
    sigint: SigId,
}

impl Playback {
    /// Starts catching SIGINT; `what` labels the bar.
    pub fn new(what: &str) -> Result<Playback> {
        let bar = Bar::new(
            "{msg} turn {pos}/{len} [{bar:40}] {percent}% ({eta} left)",
            what,
        )?;
        Playback::with_bar(bar)
    }

    /// Resuming (or checking) a save, `what`: "resuming the save: turn N
    /// of M", shown after a quarter of a second, since a player waits on
    /// it before the game appears.
    pub fn resuming(what: &str) -> Result<Playback> {
        let bar = Bar::after(
            "{msg}: turn {pos} of {len} [{bar:40}] {percent}%",
            what,
            std::time::Duration::from_millis(250),
        )?;
        Playback::with_bar(bar)
    }

    fn with_bar(bar: Bar) -> Result<Playback> {
        let stop = Arc::new(AtomicBool::new(false));
        let sigint =
            signal_hook::flag::register(SIGINT, Arc::clone(&stop)).context("catching SIGINT")?;
        Ok(Playback { bar, stop, sigint })
    }

    /// The progress callback for [`Replay::verify_with`] and the like.
    pub fn callback(&self) -> impl FnMut(Progress) -> ControlFlow<()> + '_ {
        |p: Progress| {
            if self.stop.load(Ordering::SeqCst) {
                return ControlFlow::Break(());
            }
            self.bar.update(p.turn as u64, p.total as u64);
            ControlFlow::Continue(())
        }
    }

    /// Takes the bar off the screen.
    pub fn finish(&self) {
        self.bar.finish();
    }
}

impl Drop for Playback {
    fn drop(&mut self) {
        // Unregistering does not bring back SIGINT's default (killing the
        // process): until the terminal loop registers its own handler,
        // a Ctrl-C is ignored. Nothing is lost by that: the save is
        // untouched until the game runs.
        signal_hook::low_level::unregister(self.sigint);
    }
}
