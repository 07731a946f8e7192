//! `darkstar digest`: the digest of games (`darkstar::sim::digest`), one
//! line a game: its hash, the turns it lasted and its name. Compare it
//! with `tests/golden/digest.txt` to see that a change left play alone.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Result, anyhow};
use clap::Args;

#[derive(Debug, Args)]
pub struct DigestArgs {
    /// The folder of hand-made levels.
    #[arg(long, value_name = "DIR", default_value = "levels")]
    levels: PathBuf,
}

pub fn digest(args: DigestArgs) -> Result<ExitCode> {
    let lines = darkstar::sim::digest::digest(&args.levels).map_err(|e| anyhow!(e))?;
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    crate::output::print(&text)?;
    Ok(ExitCode::SUCCESS)
}
