//! `darkstar gen`: a generated level printed as a level file
//! (`darkstar run --level` reads it back).

use std::process::ExitCode;

use anyhow::Result;
use clap::Args;

use crate::args::GenFlags;

#[derive(Debug, Args)]
pub struct GenArgs {
    /// Seed of the level.
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    generator: GenFlags,
}

pub fn generate(args: GenArgs) -> Result<ExitCode> {
    let level = darkstar::mapgen::generate(&args.generator.params(), args.seed);
    crate::output::print(&level.to_text())?;
    Ok(ExitCode::SUCCESS)
}
