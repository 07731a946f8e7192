//! `darkstar demo`: the headless pathfinding demo.

use std::process::ExitCode;

use anyhow::Result;
use clap::Args;

#[derive(Debug, Args)]
pub struct DemoArgs {
    /// Seed of the demo's map.
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
}

pub fn demo(args: DemoArgs) -> Result<ExitCode> {
    crate::output::print(&darkstar::content::demo::run(args.seed).render())?;
    Ok(ExitCode::SUCCESS)
}
