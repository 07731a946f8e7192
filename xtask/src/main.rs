//! The project's own tasks, run as `cargo xtask TASK` (an alias in
//! `.cargo/config.toml`).
//!
//! `cargo xtask web [--out DIR]` builds the web page into a folder
//! (`target/site` unless told), which works from any static host: the
//! page crate (`page/`) for wasm32 in the `web` profile, glued by
//! `wasm-bindgen` at the version the lock file names (installed with
//! cargo into `target/xtask/` the first time, unless `$WASM_BINDGEN` or
//! the `PATH` has that version), beside `page/static/`.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("web") => parse_out(&args[1..]).and_then(|out| web(&out)),
        _ => Err(
            "usage: cargo xtask web [--out DIR]   (builds the web page into DIR, \
                  target/site by default)"
                .into(),
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace's root (xtask's parent folder).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask is in the workspace")
        .to_path_buf()
}

fn parse_out(args: &[String]) -> Result<PathBuf, String> {
    match args {
        [] => Ok(root().join("target/site")),
        [flag, dir] if flag == "--out" => Ok(PathBuf::from(dir)),
        _ => Err(format!("cargo xtask web: unexpected arguments {args:?}")),
    }
}

/// Runs `command`, failing with what it was if it fails.
fn run(command: &mut Command) -> Result<(), String> {
    let status = command.status().map_err(|e| format!("{command:?}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{command:?} failed ({status})"))
    }
}

fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// The target the page is built for.
const WASM32: &str = "wasm32-unknown-unknown";

/// Fails, saying how to mend it, unless this toolchain has the wasm32
/// target's standard library.
fn has_wasm32() -> Result<(), String> {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let sysroot = Command::new(&rustc)
        .args(["--print", "sysroot"])
        .output()
        .map_err(|e| format!("rustc --print sysroot: {e}"))?;
    let sysroot = PathBuf::from(String::from_utf8_lossy(&sysroot.stdout).trim());
    if sysroot.join("lib/rustlib").join(WASM32).is_dir() {
        Ok(())
    } else {
        Err(format!(
            "this Rust toolchain has no {WASM32} target: rustup target add {WASM32}"
        ))
    }
}

fn web(out: &Path) -> Result<(), String> {
    let root = root();
    has_wasm32()?;
    let version = locked_version(&root.join("Cargo.lock"), "wasm-bindgen")?;
    let bindgen = wasm_bindgen(&root, &version)?;
    run(cargo().current_dir(&root).args([
        "build",
        "--locked",
        "--profile",
        "web",
        "-p",
        "darkstar-page",
        "--target",
        WASM32,
    ]))?;
    let target_dir =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let wasm = target_dir.join(WASM32).join("web/darkstar_page.wasm");
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    run(Command::new(&bindgen)
        .args(["--target", "web", "--no-typescript", "--out-dir"])
        .arg(out)
        .arg(&wasm))?;
    let statics = root.join("page/static");
    let entries = std::fs::read_dir(&statics).map_err(|e| format!("{}: {e}", statics.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("{}: {e}", statics.display()))?;
        let to = out.join(entry.file_name());
        std::fs::copy(entry.path(), &to).map_err(|e| format!("{}: {e}", to.display()))?;
    }
    println!(
        "The site is in {}: serve that folder (for example `python3 -m http.server -d {}`) and open index.html.",
        out.display(),
        out.display()
    );
    Ok(())
}

/// The version of `package` that `lock` names.
fn locked_version(lock: &Path, package: &str) -> Result<String, String> {
    let text = std::fs::read_to_string(lock).map_err(|e| format!("{}: {e}", lock.display()))?;
    let wanted = format!("name = \"{package}\"");
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line == wanted
            && let Some(version) = lines
                .next()
                .and_then(|l| l.strip_prefix("version = \""))
                .and_then(|l| l.strip_suffix('"'))
        {
            return Ok(version.to_string());
        }
    }
    Err(format!("{}: no {package} in the lock file", lock.display()))
}

/// A `wasm-bindgen` of `version` (its glue must match the library's):
/// `$WASM_BINDGEN`, or the one on the `PATH`, or one installed with cargo
/// into `target/xtask/`.
fn wasm_bindgen(root: &Path, version: &str) -> Result<PathBuf, String> {
    let says = |program: &Path| {
        Command::new(program)
            .arg("--version")
            .output()
            .ok()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let wanted = format!("wasm-bindgen {version}");
    let given = std::env::var_os("WASM_BINDGEN").map(PathBuf::from);
    if let Some(program) = &given {
        return match says(program) {
            Some(v) if v == wanted => Ok(program.clone()),
            v => Err(format!(
                "$WASM_BINDGEN ({}) says {v:?}; the lock file needs {wanted}",
                program.display()
            )),
        };
    }
    let on_path = PathBuf::from("wasm-bindgen");
    if says(&on_path).as_deref() == Some(wanted.as_str()) {
        return Ok(on_path);
    }
    let tools = root
        .join("target/xtask")
        .join(format!("wasm-bindgen-{version}"));
    let program = tools.join("bin/wasm-bindgen");
    if says(&program).as_deref() != Some(wanted.as_str()) {
        eprintln!(
            "xtask: installing {wanted} (wasm-bindgen-cli) into {}: a few minutes, once",
            tools.display()
        );
        // Unoptimised: it builds in a quarter of the time, and glues the
        // page's module in two seconds all the same, byte for byte.
        run(cargo()
            .args([
                "install",
                "--debug",
                "--quiet",
                "wasm-bindgen-cli",
                "--version",
            ])
            .arg(format!("={version}"))
            .arg("--root")
            .arg(&tools))?;
    }
    Ok(program)
}
