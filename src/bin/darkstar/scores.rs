//! `darkstar scores`: the best games recorded beside the save (a line each
//! in `scores.txt`, written when a game ends, with its morgue file), the
//! runs, then the lessons and levels, each line naming its level. The
//! file is untrusted: every field is shown escaped (a `when` or `how`
//! holding terminal escapes must not retitle the window or clear the
//! screen), and a line that cannot be read is skipped with a warning on
//! stderr naming the file and line.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use clap::Args;

use darkstar::content::textfile::{escape_for_terminal, escape_path};
use darkstar::record::morgue::morgue_dir;
use darkstar::record::scores::{read_scores, table};

#[derive(Debug, Args)]
pub struct ScoresArgs {
    /// The save file whose folder holds the scores (default:
    /// $DARKSTAR_SAVE, else save.replay in the data folder).
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// How many to list of the runs, and of the lessons and levels.
    #[arg(long, value_name = "N", default_value_t = 20)]
    top: usize,
}

pub fn scores(args: ScoresArgs) -> Result<ExitCode> {
    let save = args.save.unwrap_or_else(crate::saves::default_save_path);
    let read = read_scores(&save)?;
    for skipped in &read.skipped {
        // Not `eprintln!`, which panics if stderr is gone.
        let _ = writeln!(
            std::io::stderr(),
            "darkstar: warning: {}; the line is skipped",
            escape_for_terminal(&skipped.to_string())
        );
    }
    let scores = read.list;
    let mut out = String::new();
    if scores.is_empty() {
        out += "No games recorded yet: a game's record is written when it ends.\n";
    } else {
        for line in table(&scores, args.top) {
            out += &line;
            out.push('\n');
        }
        out += &format!("Morgue files: {}\n", escape_path(&morgue_dir(&save)));
    }
    crate::output::print(&out)?;
    Ok(ExitCode::SUCCESS)
}
