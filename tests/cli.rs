//! The command line: clap's help and version for every command, errors
//! that name the flag (exit 2, never a panic), paths that are not UTF-8,
//! and output to a closed pipe or a full device.

use std::io::Read;
use std::process::{Command, Stdio};

fn darkstar() -> Command {
    crate::common::darkstar_command()
}

fn run(args: &[&str]) -> std::process::Output {
    darkstar().args(args).output().expect("run darkstar")
}

#[test]
fn every_command_has_help_and_the_version_is_printed() {
    for command in [
        "play", "watch", "replay", "run", "gen", "scen", "sweep", "demo",
    ] {
        for args in [vec![command, "--help"], vec!["help", command]] {
            let out = run(&args);
            let stdout = String::from_utf8_lossy(&out.stdout);
            assert!(out.status.success(), "{args:?}");
            assert!(
                stdout.contains(&format!("Usage: darkstar {command}")),
                "{args:?}: {stdout}"
            );
        }
    }
    let out = run(&["--version"]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!("darkstar {}", env!("CARGO_PKG_VERSION"))
    );
    let out = run(&["help"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("Commands:"));
}

#[test]
fn errors_name_the_flag() {
    for (args, flag) in [
        (&["run", "--width", "3"][..], "--width"),
        (&["run", "--budget", "0"], "--budget"),
        (&["gen", "--monsters", "0"], "--monsters"),
        (&["gen", "--style", "hexagons"], "--style"),
        (&["sweep", "--seeds", "9..3"], "--seeds"),
        (&["scen", "x.map.scen", "--every", "0"], "--every"),
        (&["run", "--seed", "1", "--level", "x.txt"], "--level"),
        (&["play", "--resume", "--seed", "3"], "--resume"),
        (&["run", "--frobnicate"], "--frobnicate"),
    ] {
        let out = run(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("darkstar: error:") && stderr.contains(flag),
            "{args:?}: {stderr}"
        );
    }
}

#[cfg(unix)]
#[test]
fn arguments_that_are_not_utf8_are_errors_not_panics() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let bad = OsStr::from_bytes(b"/nonexistent/\xff\xfe.txt");
    // A path: taken as it is, and the missing file is the error.
    let out = darkstar()
        .arg("run")
        .arg("--level")
        .arg(bad)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("/nonexistent/"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    // A number: refused by the parser.
    let out = darkstar()
        .arg("run")
        .arg("--seed")
        .arg(bad)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("UTF-8"), "{stderr}");
}

/// `darkstar gen | head`: the reader leaves early; the command ends
/// quietly (no panic, no error) instead of crashing on the closed pipe.
#[test]
fn a_closed_pipe_ends_output_quietly() {
    let mut child = darkstar()
        .args(["gen", "--width", "1024", "--height", "1024"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 64];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?}: {stderr}", out.status);
    assert!(stderr.is_empty(), "{stderr}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_device_is_an_error() {
    let full = std::fs::File::create("/dev/full").unwrap();
    let out = darkstar().args(["gen"]).stdout(full).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with("darkstar: error: writing to standard output"),
        "{stderr}"
    );
}
