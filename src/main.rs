//! The `darkstar` command: argument parsing and output only; all the work
//! is in the library.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use darkstar::level::Level;
use darkstar::mapgen::{GenParams, Style};
use darkstar::movingai::{self, MovingAiMap, Scenario};
use darkstar::path::SearchContext;
use darkstar::sim::{Game, SimConfig};

const USAGE: &str = "\
darkstar: a roguelike whose monsters find their way by what their faction knows

USAGE:
    darkstar                      play: the default level (seed 1)
    darkstar play [--level FILE | --seed N] [--style S] [--width W]
                  [--height H] [--monsters M] [--save FILE]
                                  play as @: take the treasure $ to the
                                  stairs > while monsters hunt you by what
                                  they have seen (? in the game for keys);
                                  quitting saves the game (to FILE, default
                                  ~/.local/share/darkstar/save.replay)
    darkstar play --resume [--save FILE]
                                  go on with the saved game
    darkstar demo [--seed N]      the headless pathfinding demo
    darkstar scen FILE.map.scen [--map FILE.map] [--every N] [--verbose]
                                  solve every (or every N-th) problem of a
                                  Moving AI scenario and compare each length
                                  with the published optimum; exits 1 on any
                                  mismatch
    darkstar run [--level FILE | --seed N] [--turns T] [--budget B]
                 [--style dungeon|cave|maze] [--width W] [--height H]
                 [--monsters M]
                                  play a level headless for at most T turns
                                  (default 5000; stops early when nothing more
                                  can happen) and print a per-faction summary
                                  and event counts; --seed (default 1)
                                  generates a W x H level (default an 80x40
                                  dungeon) with M monsters in each of three
                                  factions (default 3); B is the A* expansion
                                  budget a turn (default 20000)
    darkstar gen [--seed N] [--style S] [--width W] [--height H]
                 [--monsters M]
                                  print the generated level as text (a level
                                  file: darkstar run --level reads it back)
    darkstar watch [--level FILE | --seed N] [--style S] [--width W]
                   [--height H] [--monsters M]
                                  watch the AI play a level in the terminal:
                                  space pause, . step, +/- speed, f faction,
                                  v knowledge and plans, d danger, c cost,
                                  p claimed paths, ? help, q quit
    darkstar replay FILE          play a recorded replay back in the terminal
                                  (space pause, . step, +/- speed)
    darkstar replay --verify FILE play it back headless and check every
                                  state hash; exits 1 naming the first turn
                                  (and line) that differs
    darkstar sweep [--seeds A..B] [--turns T] [--style S] [--width W]
                   [--height H] [--monsters M]
                                  play generated levels A to B (default
                                  1..100) headless on all cores, T turns at
                                  most (default 1000), and print totals
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
        None => play(Vec::new()),
        Some("play") => play(args.collect()),
        Some("demo") => demo(args.collect()),
        Some("scen") => scen(args.collect()),
        Some("run") => run_headless(args.collect()),
        Some("gen") => generate_level(args.collect()),
        Some("watch") => watch(args.collect()),
        Some("replay") => replay(args.collect()),
        Some("sweep") => sweep(args.collect()),
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

/// The generator settings `run` and `gen` share: `--style`, `--width`,
/// `--height`, `--monsters`. Returns false for a flag that is not one.
fn gen_flag(
    flag: &str,
    params: &mut GenParams,
    args: &mut impl Iterator<Item = String>,
) -> Result<bool> {
    match flag {
        "--style" => {
            let name = value(flag, args)?;
            params.style = Style::from_name(&name)
                .with_context(|| format!("--style must be dungeon, cave or maze, got {name:?}"))?;
        }
        "--width" => params.width = number(flag, &value(flag, args)?)?,
        "--height" => params.height = number(flag, &value(flag, args)?)?,
        "--monsters" => params.monsters_per_faction = number(flag, &value(flag, args)?)?,
        _ => return Ok(false),
    }
    Ok(true)
}

fn check_gen(params: &GenParams) -> Result<()> {
    let (lo_w, lo_h, hi) = (
        darkstar::mapgen::MIN_WIDTH,
        darkstar::mapgen::MIN_HEIGHT,
        darkstar::mapgen::MAX_GEN_SIDE,
    );
    if !(lo_w..=hi).contains(&params.width) || !(lo_h..=hi).contains(&params.height) {
        bail!("--width must be from {lo_w} to {hi} and --height from {lo_h} to {hi}");
    }
    if params.monsters_per_faction == 0 || params.monsters_per_faction > 10_000 {
        bail!("--monsters must be from 1 to 10000");
    }
    Ok(())
}

fn generate_level(args: Vec<String>) -> Result<ExitCode> {
    let mut seed = 1u64;
    let mut params = GenParams::default();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        if arg == "--seed" {
            seed = number("--seed", &value("--seed", &mut args)?)?;
        } else if !gen_flag(&arg, &mut params, &mut args)? {
            bail!("gen: unknown argument {arg:?}\n\n{USAGE}");
        }
    }
    check_gen(&params)?;
    print!("{}", darkstar::mapgen::generate(&params, seed).to_text());
    Ok(ExitCode::SUCCESS)
}

fn run_headless(args: Vec<String>) -> Result<ExitCode> {
    let mut level_path = None;
    let mut seed = None;
    let mut turns = 5000u32;
    let mut config = SimConfig::default();
    let mut params = GenParams::default();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let mut v = |flag: &str| value(flag, &mut args);
        match arg.as_str() {
            "--level" => level_path = Some(PathBuf::from(v("--level")?)),
            "--seed" => seed = Some(number("--seed", &v("--seed")?)?),
            "--turns" => turns = number("--turns", &v("--turns")?)?,
            "--budget" => config.expansion_budget = number("--budget", &v("--budget")?)?,
            other => {
                if !gen_flag(other, &mut params, &mut args)? {
                    bail!("run: unknown argument {other:?}\n\n{USAGE}");
                }
            }
        }
    }
    if config.expansion_budget == 0 {
        bail!("--budget must be at least 1");
    }
    check_gen(&params)?;
    let (level, seed) = choose_level(level_path, seed, &params)?;
    let mut game = Game::new(&level, seed, config)
        .with_context(|| format!("level {:?} cannot start", level.name))?;
    let started = Instant::now();
    let report = darkstar::sim::run_headless(&mut game, turns);
    let elapsed = started.elapsed();
    println!(
        "{} ({}x{}): {}",
        level.name,
        level.terrain.width(),
        level.terrain.height(),
        level.description
    );
    print!("{report}");
    println!(
        "{:.3} s, {:.0} turns/s",
        elapsed.as_secs_f64(),
        report.turns as f64 / elapsed.as_secs_f64().max(1e-9)
    );
    Ok(ExitCode::SUCCESS)
}

/// The level `run` and `watch` play: a file (a Moving AI map gets the
/// default factions) or a generated one; and the game seed.
fn choose_level(
    level_path: Option<PathBuf>,
    seed: Option<u64>,
    params: &GenParams,
) -> Result<(Level, u64)> {
    Ok(match (level_path, seed) {
        (Some(_), Some(_)) => bail!("give --level or --seed, not both"),
        (Some(path), None) => {
            let level = Level::load(&path)?;
            if level.factions.is_empty() {
                // A bare map (Moving AI): put the default factions on it.
                let name = level.name.clone();
                let populated = darkstar::mapgen::populate_map(
                    level.terrain,
                    1,
                    params.monsters_per_faction,
                    &name,
                );
                (populated, 1)
            } else {
                (level, 1)
            }
        }
        (None, seed) => {
            let seed = seed.unwrap_or(1);
            (darkstar::mapgen::generate(params, seed), seed)
        }
    })
}

fn watch(args: Vec<String>) -> Result<ExitCode> {
    let (level, seed) = screen_level("watch", args, false)?;
    let app = darkstar::ui::App::new(&level, seed)
        .with_context(|| format!("level {:?} cannot start", level.name))?;
    let app = darkstar::ui::run(app).context("the terminal")?;
    write_last_replay(&darkstar::save::default_save_path(), &app)?;
    Ok(ExitCode::SUCCESS)
}

/// Every game played or watched leaves its replay as `last.replay` beside
/// the save (`darkstar replay` plays it back).
fn write_last_replay(save: &std::path::Path, app: &darkstar::ui::App) -> Result<()> {
    let path = darkstar::save::last_replay_path(save);
    darkstar::save::write_atomically(&path, &app.recording().to_text())
        .with_context(|| format!("writing the replay {}", path.display()))?;
    println!("Replay: {} (darkstar replay plays it)", path.display());
    Ok(())
}

fn play(args: Vec<String>) -> Result<ExitCode> {
    // `--resume` and `--save FILE` are play's own; the rest pick the level.
    let mut resume = false;
    let mut save = darkstar::save::default_save_path();
    let mut rest = Vec::new();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--resume" => resume = true,
            "--save" => save = PathBuf::from(value("--save", &mut args)?),
            _ => rest.push(arg),
        }
    }
    let app = if resume {
        if !rest.is_empty() {
            bail!("play --resume takes no level options (the save has its level)");
        }
        let replay = darkstar::replay::Replay::load(&save)
            .with_context(|| format!("cannot resume from {}", save.display()))?;
        darkstar::ui::App::resume(replay)?
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
        let (level, seed) = screen_level("play", rest, true)?;
        if level.player.is_none() {
            bail!(
                "level {:?} has no player (@) to play; `darkstar watch` shows it",
                level.name
            );
        }
        darkstar::ui::App::play(&level, seed)
            .with_context(|| format!("level {:?} cannot start", level.name))?
    };
    let app = darkstar::ui::run(app).context("the terminal")?;
    write_last_replay(&save, &app)?;
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
    Ok(ExitCode::SUCCESS)
}

/// The level for `watch` or `play` (`--level` or a generated one; a play
/// level when `to_play`) and its seed.
fn screen_level(command: &str, args: Vec<String>, to_play: bool) -> Result<(Level, u64)> {
    let mut level_path = None;
    let mut seed = None;
    let mut params = GenParams::default();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--level" => level_path = Some(PathBuf::from(value("--level", &mut args)?)),
            "--seed" => seed = Some(number("--seed", &value("--seed", &mut args)?)?),
            other => {
                if !gen_flag(other, &mut params, &mut args)? {
                    bail!("{command}: unknown argument {other:?}\n\n{USAGE}");
                }
            }
        }
    }
    check_gen(&params)?;
    if to_play && level_path.is_none() {
        let seed = seed.unwrap_or(1);
        return Ok((darkstar::mapgen::play_level(&params, seed), seed));
    }
    choose_level(level_path, seed, &params)
}

fn replay(args: Vec<String>) -> Result<ExitCode> {
    let mut verify = false;
    let mut file = None;
    for arg in args {
        match arg.as_str() {
            "--verify" => verify = true,
            flag if flag.starts_with('-') => bail!("replay: unknown option {flag:?}\n\n{USAGE}"),
            f if file.is_none() => file = Some(PathBuf::from(f)),
            extra => bail!("replay: unexpected argument {extra:?}"),
        }
    }
    let file = file.context("replay: which file?")?;
    let replay = darkstar::replay::Replay::load(&file)?;
    if !verify {
        let app = darkstar::ui::App::replay(&replay)?;
        darkstar::ui::run(app).context("the terminal")?;
        return Ok(ExitCode::SUCCESS);
    }
    match replay.verify()? {
        Ok(v) => {
            println!(
                "{}: in sync: {} commands, {} state hashes checked, up to turn {}",
                file.display(),
                v.commands,
                v.hashes,
                v.turn
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(d) => {
            println!(
                "{}:{}: desync on turn {}: expected {:016x}, found {:016x}",
                file.display(),
                d.item + replay_header_lines(&replay),
                d.turn,
                d.expected,
                d.found
            );
            Ok(ExitCode::FAILURE)
        }
    }
}

/// Lines before the first item of a replay file, to turn an item number
/// into a line number.
fn replay_header_lines(replay: &darkstar::replay::Replay) -> usize {
    match &replay.level {
        darkstar::replay::LevelSource::Generated { .. } => 4,
        darkstar::replay::LevelSource::Text(t) => 5 + t.lines().count(),
    }
}

fn sweep(args: Vec<String>) -> Result<ExitCode> {
    let mut seeds = 1u64..=100;
    let mut turns = 1000u32;
    let mut params = GenParams::default();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seeds" => {
                let text = value("--seeds", &mut args)?;
                let (a, b) = text
                    .split_once("..")
                    .with_context(|| format!("--seeds expects A..B, got {text:?}"))?;
                let (a, b): (u64, u64) = (number("--seeds", a)?, number("--seeds", b)?);
                if a > b || b - a >= 1_000_000 {
                    bail!("--seeds A..B needs A <= B and at most a million seeds");
                }
                seeds = a..=b;
            }
            "--turns" => turns = number("--turns", &value("--turns", &mut args)?)?,
            other => {
                if !gen_flag(other, &mut params, &mut args)? {
                    bail!("sweep: unknown argument {other:?}\n\n{USAGE}");
                }
            }
        }
    }
    check_gen(&params)?;
    let s = darkstar::sweep::sweep(&params, seeds.clone(), turns);
    println!(
        "seeds {}..{} ({} levels, {}x{} {}), at most {turns} turns each, on {} threads",
        seeds.start(),
        seeds.end(),
        s.levels,
        params.width,
        params.height,
        params.style.name(),
        rayon::current_num_threads()
    );
    println!(
        "monsters {}, reached their goal {}, steps {}, bumps {}, replans {}, nodes expanded {}",
        s.monsters, s.reached, s.stats.steps, s.stats.bumps, s.stats.replans, s.stats.expanded
    );
    println!(
        "{} turns in {:.2} s: {:.0} turns/s",
        s.turns,
        s.seconds,
        s.turns as f64 / s.seconds.max(1e-9)
    );
    Ok(ExitCode::SUCCESS)
}
