//! The `darkstar` command: argument parsing and output only; all the work
//! is in the library.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use darkstar::movingai::{self, MovingAiMap, Scenario};
use darkstar::path::SearchContext;

const USAGE: &str = "\
darkstar: a roguelike whose monsters find their way by what their faction knows

USAGE:
    darkstar                      the headless pathfinding demo (seed 1)
    darkstar demo [--seed N]      the demo for seed N
    darkstar scen FILE.map.scen [--map FILE.map] [--every N] [--verbose]
                                  solve every (or every N-th) problem of a
                                  Moving AI scenario and compare each length
                                  with the published optimum; exits 1 on any
                                  mismatch
    darkstar help                 this text
";

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("darkstar: error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run(args: Vec<String>) -> Result<ExitCode> {
    let mut args = args.into_iter();
    match args.next().as_deref() {
        None => demo(Vec::new()),
        Some("demo") => demo(args.collect()),
        Some("scen") => scen(args.collect()),
        Some("help" | "--help" | "-h") => {
            print!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        Some(other) => bail!("unknown command {other:?}\n\n{USAGE}"),
    }
}

/// Takes the value after a flag, or fails naming the flag.
fn value(flag: &str, args: &mut impl Iterator<Item = String>) -> Result<String> {
    args.next().with_context(|| format!("{flag} needs a value"))
}

fn number<T: std::str::FromStr>(flag: &str, text: &str) -> Result<T> {
    text.parse()
        .map_err(|_| anyhow::anyhow!("{flag} expects a whole number, got {text:?}"))
}

fn demo(args: Vec<String>) -> Result<ExitCode> {
    let mut seed = 1u64;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seed" => seed = number("--seed", &value("--seed", &mut args)?)?,
            other => bail!("demo: unknown argument {other:?}\n\n{USAGE}"),
        }
    }
    print!("{}", darkstar::demo::run(seed).render());
    Ok(ExitCode::SUCCESS)
}

fn scen(args: Vec<String>) -> Result<ExitCode> {
    let mut scen_path = None;
    let mut map_path = None;
    let mut every = 1usize;
    let mut verbose = false;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--map" => map_path = Some(PathBuf::from(value("--map", &mut args)?)),
            "--every" => every = number("--every", &value("--every", &mut args)?)?,
            "--verbose" | "-v" => verbose = true,
            flag if flag.starts_with('-') => bail!("scen: unknown option {flag:?}\n\n{USAGE}"),
            file if scen_path.is_none() => scen_path = Some(PathBuf::from(file)),
            extra => bail!("scen: unexpected argument {extra:?}\n\n{USAGE}"),
        }
    }
    if every == 0 {
        bail!("--every must be at least 1");
    }
    let scen_path = scen_path.context("scen: which .map.scen file?")?;
    let scenario = Scenario::load(&scen_path)?;
    let map_path = map_path.unwrap_or_else(|| movingai::locate_map(&scen_path, &scenario));
    let map = MovingAiMap::load(&map_path)?;

    let mut ctx = SearchContext::new();
    let started = Instant::now();
    let report = movingai::run_scenario(&map, &scenario, &scen_path, every, &mut ctx)?;
    let elapsed = started.elapsed();

    if verbose {
        for p in scenario.problems.iter().step_by(every) {
            println!(
                "line {}: {} -> {} optimal {:.8}",
                p.line, p.start, p.goal, p.optimal
            );
        }
    }
    for m in &report.mismatches {
        let found = m.found.map_or("no path".to_string(), |l| format!("{l:.8}"));
        println!(
            "MISMATCH {}:{}: {} -> {}: published {:.8}, found {found}",
            scen_path.display(),
            m.line,
            m.start,
            m.goal,
            m.expected
        );
    }
    println!(
        "{}: {} problems on {} ({}x{}), {} mismatches, {} nodes expanded, {} pushed, {:.3} s",
        scen_path.display(),
        report.problems,
        map_path.display(),
        map.width(),
        map.height(),
        report.mismatches.len(),
        report.expanded,
        report.pushed,
        elapsed.as_secs_f64()
    );
    Ok(if report.mismatches.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
