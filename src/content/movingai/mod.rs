//! Reading the Moving AI grid benchmarks (Sturtevant, "Benchmarks for
//! Grid-Based Pathfinding", IEEE TCIAIG 4(2):144-148, 2012): `.map` files,
//! `.map.scen` scenario files with published optimal lengths, and a runner
//! that checks our A* against every one of them.
//!
//! Input is untrusted: every error names the file and line, sizes are
//! checked before anything is allocated, and nothing here panics on bad
//! bytes.

mod error;
mod map;
mod runner;
mod scen;

pub use error::MovingAiError;
pub use map::{MAX_MAP_BYTES, MAX_SIDE, MovingAiMap, Tile};
pub use runner::{Mismatch, ScenarioReport, run_scenario, run_scenario_with};
pub use scen::{MAX_SCEN_BYTES, MIN_TOLERANCE, Problem, Scenario};

use crate::content::textfile::ReadError;
use std::path::{Path, PathBuf};

/// Reads at most `max` bytes of `path` as UTF-8, refusing larger files
/// before allocating for them.
pub(crate) fn read_limited(path: &Path, max: u64) -> Result<String, MovingAiError> {
    crate::content::textfile::read_limited(path, max).map_err(|e| match e {
        ReadError::Io(error) => MovingAiError::Io {
            path: path.to_path_buf(),
            error,
        },
        ReadError::TooLarge(max) => {
            MovingAiError::parse(path, 1, format!("file is larger than the {max}-byte limit"))
        }
        ReadError::NotUtf8 { line } => {
            MovingAiError::parse(path, line, "not valid UTF-8 text".into())
        }
    })
}

/// Where the map of a scenario file lives: `X.map` for `X.map.scen` if it
/// exists, otherwise the file named in the scenario's first problem (only
/// its last path component; legacy files name `maps/dao/...`) beside the
/// scenario file. When neither is a file, the error says which files were
/// looked for, or that the scenario names no map.
pub fn locate_map(scen_path: &Path, scenario: &Scenario) -> Result<PathBuf, MovingAiError> {
    let mut tried = Vec::new();
    if scen_path.extension().is_some_and(|e| e == "scen") {
        let candidate = scen_path.with_extension("");
        if candidate.is_file() {
            return Ok(candidate);
        }
        tried.push(format!(
            "there is no file {} (the scenario's name without .scen)",
            candidate.display()
        ));
    }
    let dir = scen_path.parent().unwrap_or(Path::new(""));
    let named = scenario.problems.first().map(|p| {
        let file = p.map.rsplit(['/', '\\']).next().unwrap_or(&p.map);
        (p.line, file)
    });
    match named {
        Some((line, file)) if !file.is_empty() => {
            let candidate = dir.join(file);
            if candidate.is_file() {
                return Ok(candidate);
            }
            tried.push(format!(
                "there is no file {} (named on line {line})",
                candidate.display()
            ));
        }
        Some((line, _)) => tried.push(format!("the problem on line {line} names no map")),
        None => tried.push("the scenario has no problems, so it names no map".into()),
    }
    Err(MovingAiError::NoMap {
        path: scen_path.to_path_buf(),
        message: format!(
            "cannot find the scenario's map: {}; give the map's path (scen --map FILE)",
            tried.join("; ")
        ),
    })
}

/// The environment variable naming the folder of Moving AI data.
pub const DATA_DIR_VAR: &str = "DARKSTAR_MOVINGAI";

/// The folder of Moving AI benchmark data that tests and benchmarks read:
/// `$DARKSTAR_MOVINGAI`, else `../shared/movingai` beside this crate's
/// source; `None` when that folder does not exist (a fresh clone), so callers
/// can skip with a clear line. The data is never copied into the repository.
pub fn data_dir() -> Option<PathBuf> {
    let dir = std::env::var_os(DATA_DIR_VAR)
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/movingai"));
    dir.is_dir().then_some(dir)
}
