//! The `darkstar` command: parses the command line (clap) and hands each
//! command to its own file; all the work is in the library. Errors print
//! as one `darkstar: error: ...` line (exit 2); output that can no longer
//! be written because the reader went away (`darkstar gen | head`) ends
//! the command quietly.

mod args;
mod bot;
mod demo;
mod digest;
mod gen_level;
mod output;
mod play;
mod progress;
mod replay;
mod run;
mod saves;
mod scen;
mod scores;
mod sweep;
mod title;
mod watch;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use darkstar::content::textfile::escape_for_terminal;

/// A roguelike whose monsters find their way by what their faction knows:
/// A* in the dark. With no command, `darkstar` opens its title screen.
#[derive(Debug, Parser)]
#[command(name = "darkstar", version, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play as @: down ten depths for the Darkstar $ and back out by depth
    /// 1's stairs <, while monsters hunt you by what they have seen (the
    /// default command; with a level, take its treasure $ to its stairs >).
    Play(play::PlayArgs),
    /// Watch the AI play a level in the terminal.
    Watch(watch::WatchArgs),
    /// Play a recorded replay back in the terminal, or check it headless.
    Replay(replay::ReplayArgs),
    /// Play a level headless and print a per-faction summary.
    Run(run::RunArgs),
    /// Print a generated level as a level file.
    Gen(gen_level::GenArgs),
    /// Solve a Moving AI scenario and compare every length with the
    /// published optimum.
    Scen(scen::ScenArgs),
    /// Play many generated levels headless on all cores and print totals.
    Sweep(sweep::SweepArgs),
    /// The headless pathfinding demo.
    Demo(demo::DemoArgs),
    /// A scripted player plays runs headless on all cores: wins, median
    /// depth and run length, deaths by kind.
    Bot(bot::BotArgs),
    /// Play a fixed set of games headless and print one hash of each:
    /// the same digest, the same play (see tests/golden/digest.txt).
    Digest(digest::DigestArgs),
    /// The best games recorded (a line each, written when a game ends
    /// with its morgue file).
    Scores(scores::ScoresArgs),
}

fn main() -> ExitCode {
    ignore_file_size_signal();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return args::clap_exit(e),
    };
    let result = match cli.command {
        None => title::title(),
        Some(Command::Play(a)) => play::play(a),
        Some(Command::Watch(a)) => watch::watch(a),
        Some(Command::Replay(a)) => replay::replay(a),
        Some(Command::Run(a)) => run::run(a),
        Some(Command::Gen(a)) => gen_level::generate(a),
        Some(Command::Scen(a)) => scen::scen(a),
        Some(Command::Sweep(a)) => sweep::sweep(a),
        Some(Command::Demo(a)) => demo::demo(a),
        Some(Command::Digest(a)) => digest::digest(a),
        Some(Command::Bot(a)) => bot::bot(a),
        Some(Command::Scores(a)) => scores::scores(a),
    };
    match result {
        Ok(code) => code,
        Err(e) if output::reader_went_away(&e) => ExitCode::SUCCESS,
        Err(e) => {
            // Paths and values from the command line or the environment
            // (`DARKSTAR_SAVE`) are in the message: never raw escapes.
            let message = format!("{e:#}");
            eprintln!("darkstar: error: {}", escape_for_terminal(&message));
            ExitCode::from(2)
        }
    }
}

/// A write past the file-size limit (`ulimit -f`) raises SIGXFSZ, whose
/// default action kills the process, mid-save, leaving the temporary file.
/// Ignored, the write fails with EFBIG instead, and that is reported like
/// a full disk: exit 2, the old save whole, the temporary file removed.
fn ignore_file_size_signal() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to SIG_IGN, before any thread
    // is started.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// Keeps clap's view of the command line consistent (checked by a test in
/// debug builds of the binary).
#[cfg(test)]
#[test]
fn the_command_line_is_well_formed() {
    use clap::CommandFactory;
    Cli::command().debug_assert();
}
