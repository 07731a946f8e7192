//! Two things. The hand-made levels (`levels/*.txt`), built into the
//! library as `content::level::HAND_MADE`, so a front end without files
//! (a browser) has them too. And one fact for the tests: whether the Moving AI data folder is there
//! (`$DARKSTAR_MOVINGAI`, else `../shared/movingai` beside this crate, as
//! `content::movingai::data_dir` finds it). Without it, and outside CI,
//! the checks that need it are marked ignored, with the reason, so that
//! `cargo test` counts them as skipped rather than passed. In CI (`CI`
//! set) they always run, and fail without the data.

use std::path::PathBuf;

fn main() {
    hand_made_levels();
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

/// Writes `$OUT_DIR/hand_made.rs`: each `levels/*.txt`'s file name and
/// text (`include_str!`), sorted by name.
fn hand_made_levels() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let dir = manifest.join("levels");
    println!("cargo::rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("levels/ is part of the package")
        .map(|e| e.expect("levels/ can be listed").file_name())
        .map(|n| n.into_string().expect("level files have UTF-8 names"))
        .filter(|n| n.ends_with(".txt"))
        .collect();
    names.sort();
    let mut out = String::from("&[\n");
    for name in names {
        let path = dir.join(&name);
        println!("cargo::rerun-if-changed={}", path.display());
        out.push_str(&format!(
            "    ({name:?}, include_str!({:?})),\n",
            path.display().to_string()
        ));
    }
    out.push_str("]\n");
    let target =
        PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo")).join("hand_made.rs");
    std::fs::write(target, out).expect("OUT_DIR is writable");
}
