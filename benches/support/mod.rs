//! What both benchmarks need: where criterion writes, its medians, and the
//! Moving AI data folder (or one line saying why the bench is skipped).

use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::Criterion;
use darkstar::content::movingai;

/// Where criterion writes its estimates.
pub fn criterion_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../target"))
        .join("criterion")
}

/// Criterion's median estimate for one benchmark of this run, in ns.
pub fn median_ns(group: &str, id: &str) -> Option<f64> {
    let file = criterion_dir()
        .join(group)
        .join(id)
        .join("new/estimates.json");
    let json: serde_json::Value = serde_json::from_slice(&std::fs::read(file).ok()?).ok()?;
    json["median"]["point_estimate"].as_f64()
}

/// The Moving AI folder, or `None` after printing that `what` is skipped.
// Not every bench reads Moving AI data (render does not).
#[allow(dead_code)]
pub fn data_dir_or_skip(what: &str) -> Option<PathBuf> {
    let dir = movingai::data_dir();
    // In CI (`CI` set) missing data is a failure, not a skip.
    assert!(
        dir.is_some() || std::env::var_os("CI").is_none(),
        "CI is set but there is no Moving AI data folder (set {})",
        movingai::DATA_DIR_VAR
    );
    if dir.is_none() {
        println!(
            "skipping {what}: no Moving AI data (set {} or add ../shared/movingai)",
            movingai::DATA_DIR_VAR
        );
    }
    dir
}

/// Criterion set up as both benches use it: ten samples, results where
/// `median_ns` reads them.
pub fn criterion(measurement: Duration) -> Criterion {
    Criterion::default()
        .output_directory(&criterion_dir())
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(measurement)
        .configure_from_args()
}
