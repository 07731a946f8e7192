//! `darkstar replay FILE`: plays a recorded game back in the terminal;
//! `--verify` plays it headless, checks every state hash, and exits 0 in
//! sync, 1 naming the line and turn of the first difference, 2 on a file
//! that is not a replay.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use clap::Args;
use darkstar::replay::{LevelSource, Replay};

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The replay file.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Play it headless and check every state hash.
    #[arg(long)]
    verify: bool,
}

pub fn replay(args: ReplayArgs) -> Result<ExitCode> {
    let file = &args.file;
    let replay = Replay::load(file)?;
    if !args.verify {
        darkstar::ui::require_terminal("replay")?;
        let app = darkstar::ui::App::replay(&replay)?;
        return crate::play::finish(darkstar::ui::run(app).1);
    }
    match replay.verify()? {
        Ok(v) => {
            crate::output::print(&format!(
                "{}: in sync: {} commands, {} state hashes checked, up to turn {}\n",
                file.display(),
                v.commands,
                v.hashes,
                v.turn
            ))?;
            Ok(ExitCode::SUCCESS)
        }
        Err(d) => {
            crate::output::print(&format!(
                "{}:{}: desync on turn {}: expected {:016x}, found {:016x}\n",
                file.display(),
                d.item + header_lines(&replay),
                d.turn,
                d.expected,
                d.found
            ))?;
            Ok(ExitCode::FAILURE)
        }
    }
}

/// Lines before the first item of a replay file, to turn an item number
/// into a line number.
fn header_lines(replay: &Replay) -> usize {
    match &replay.level {
        LevelSource::Generated { .. } => 4,
        LevelSource::Text(t) => 5 + t.lines().count(),
    }
}
