//! The searches and the fog are crates of their own (`crates/`), so the
//! compiler keeps them from the game: `darkstar-path` depends on nothing
//! of the workspace, `darkstar-fog` only on it, and neither can name a
//! terrain, a monster or the front end. What crates cannot say is the
//! order of the game's own folders, which are its layers (see
//! `src/lib.rs`): a layer imports only the layers below it. This reads
//! every source file of the game and checks each `crate::` path in its
//! code (comments and `#[cfg(test)]` modules aside: a lower layer's unit
//! tests may build fixtures from a higher one).

use std::path::{Path, PathBuf};

/// The layers, lowest first.
const LAYERS: [&str; 9] = [
    "rng", "clock", "map", "path", "fog", "content", "sim", "record", "ui",
];

fn layer(name: &str) -> Option<usize> {
    LAYERS.iter().position(|&l| l == name)
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// Every `crate::LAYER` named in `code` (comments and test modules cut).
fn imported_layers(code: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, line) in code.lines().enumerate() {
        let t = line.trim_start();
        if t.starts_with("#[cfg(test)]") {
            break;
        }
        if t.starts_with("//") {
            continue;
        }
        let mut rest = t;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            if let Some(group) = rest.strip_prefix('{') {
                // `crate::{a::x, b::{y, z}}`: the first name of each
                // top-level item.
                let mut depth = 0;
                let mut items = vec![String::new()];
                for c in group.chars() {
                    match c {
                        '}' if depth == 0 => break,
                        ',' if depth == 0 => items.push(String::new()),
                        c => {
                            depth += (c == '{') as i32 - (c == '}') as i32;
                            items.last_mut().unwrap().push(c);
                        }
                    }
                }
                for item in items {
                    let name: String = item
                        .trim()
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                        .collect();
                    if !name.is_empty() {
                        out.push((i + 1, name));
                    }
                }
                continue;
            }
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            out.push((i + 1, name));
        }
    }
    out
}

/// No file imports a layer above its own, and every module of the crate
/// root is one of the layers.
#[test]
fn lower_layers_never_import_higher_ones() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut wrong = Vec::new();
    let mut checked = 0;
    for file in &files {
        let rel = file.strip_prefix(&src).unwrap();
        let top = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let top = top.trim_end_matches(".rs");
        if top == "bin" || top == "lib" {
            continue;
        }
        let own = layer(top).unwrap_or_else(|| panic!("{} is in no layer", rel.display()));
        let code = std::fs::read_to_string(file).unwrap();
        for (line, name) in imported_layers(&code) {
            let Some(theirs) = layer(&name) else {
                wrong.push(format!(
                    "{}:{line}: crate::{name} is no layer",
                    rel.display()
                ));
                continue;
            };
            checked += 1;
            if theirs > own {
                wrong.push(format!(
                    "{}:{line}: {top} imports crate::{name}, a higher layer",
                    rel.display()
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(
        checked > 200,
        "only {checked} imports seen: is the scan broken?"
    );
    // The crate root declares exactly the layers.
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    let mut declared: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.strip_prefix("pub mod "))
        .map(|l| l.trim_end_matches(';'))
        .collect();
    declared.sort();
    let mut expected = LAYERS.to_vec();
    expected.sort();
    assert_eq!(declared, expected);
}

/// The scan itself: a higher import in code is seen, one in a comment or a
/// test module is not.
#[test]
fn the_layer_scan_reads_code_not_comments_or_tests() {
    let code = "use crate::map::geom::Pos;\n/// See crate::sim::Game.\nfn f() { crate::sim::x(); }\nuse crate::{fog::sight::look, path::{A, B}};\n#[cfg(test)]\nmod tests { use crate::ui::App; }\n";
    let found: Vec<String> = imported_layers(code).into_iter().map(|(_, n)| n).collect();
    assert_eq!(found, ["map", "sim", "fog", "path"]);
}

/// What the player sees is shadowcast once, by the simulation, when the
/// player looks (`Game::player_view`): the screen, the look box, the log
/// and the autopilot read that view and never cast their own (the
/// autopilot's care asks the game's sight what a remembered monster could
/// see). Outside `fog/` (where shadowcasting lives), only the game's own
/// sight calls `visible_from` or `look_seeing`.
#[test]
fn only_the_simulation_casts_the_players_view() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut casts = Vec::new();
    for file in &files {
        let rel = file.strip_prefix(&src).unwrap();
        if rel.starts_with("fog") {
            continue;
        }
        let code = std::fs::read_to_string(file).unwrap();
        for (i, line) in code.lines().enumerate() {
            let t = line.trim_start();
            if t.starts_with("#[cfg(test)]") {
                break;
            }
            if !t.starts_with("//") && (t.contains("visible_from(") || t.contains("look_seeing(")) {
                casts.push(format!("{}:{}", rel.display(), i + 1));
            }
        }
    }
    let outside: Vec<&String> = casts
        .iter()
        .filter(|c| !c.starts_with("sim/game/sight.rs"))
        .collect();
    assert!(
        outside.is_empty(),
        "shadowcasts outside the game's sight: {outside:?}"
    );
    assert_eq!(
        casts.len(),
        3,
        "the player's look, a monster's sight of a target, and a monster's \
         sight as the player can know it: {casts:?}"
    );
}

/// The search and fog crates, the map, the simulation and its generator
/// hold no unsafe code, and say so to the compiler: each forbids it, so
/// an `unsafe` block there fails the build.
#[test]
fn the_safe_layers_forbid_unsafe_code() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for file in [
        "crates/darkstar-path/src/lib.rs",
        "crates/darkstar-fog/src/lib.rs",
        "src/path/mod.rs",
        "src/fog/mod.rs",
        "src/map/mod.rs",
        "src/sim/mod.rs",
        "src/rng.rs",
    ] {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        assert!(
            text.lines().any(|l| l.trim() == "#![forbid(unsafe_code)]"),
            "{file} does not forbid unsafe code"
        );
    }
}

/// The two library crates depend on nothing of the game: their manifests
/// name no crate of the workspace but `darkstar-path` (the fog's one
/// dependency), and no terminal crate; `serde` is optional in both (their
/// `serde` feature).
#[test]
fn the_library_crates_depend_on_nothing_of_the_game() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates");
    for (krate, allowed) in [
        ("darkstar-path", &["serde", "thiserror"][..]),
        ("darkstar-fog", &["darkstar-path", "serde"][..]),
    ] {
        let manifest = std::fs::read_to_string(root.join(krate).join("Cargo.toml")).unwrap();
        let deps: Vec<&str> = manifest
            .split("[dependencies]")
            .nth(1)
            .unwrap()
            .lines()
            .take_while(|l| !l.starts_with('['))
            .filter_map(|l| l.split_once('=').map(|(name, _)| name.trim()))
            .filter(|name| !name.is_empty() && !name.starts_with('#'))
            .collect();
        assert_eq!(deps, allowed, "{krate}'s dependencies");
    }
}
