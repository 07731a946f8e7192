//! One fact for the tests: whether the Moving AI data folder is there
//! (`$DARKSTAR_MOVINGAI`, else `../shared/movingai` beside this crate, as
//! `content::movingai::data_dir` finds it). Without it, and outside CI,
//! the checks that need it are marked ignored, with the reason, so that
//! `cargo test` counts them as skipped rather than passed. In CI (`CI`
//! set) they always run, and fail without the data.

use std::path::PathBuf;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(movingai_absent)");
    println!("cargo::rerun-if-env-changed=DARKSTAR_MOVINGAI");
    println!("cargo::rerun-if-env-changed=CI");
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let dir = std::env::var_os("DARKSTAR_MOVINGAI")
        .map(PathBuf::from)
        .unwrap_or_else(|| manifest.join("../shared/movingai"));
    // Built again when the folder comes or goes (or its contents change).
    if let Some(parent) = dir.parent().filter(|p| p.is_dir()) {
        println!("cargo::rerun-if-changed={}", parent.display());
    }
    if !dir.is_dir() && std::env::var_os("CI").is_none() {
        println!("cargo::rustc-cfg=movingai_absent");
    }
}
