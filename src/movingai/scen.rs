//! The Moving AI `.map.scen` scenario format: problems with published
//! optimal lengths.

use std::num::IntErrorKind;
use std::path::Path;

use super::{MAX_SIDE, MovingAiError, read_limited};
use crate::geom::Pos;
use crate::textfile::{ECHO, clip};

/// Largest scenario file read (the largest published ones are a few MiB).
pub const MAX_SCEN_BYTES: u64 = 64 << 20;

/// One pathfinding problem.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    /// 1-based line of the scenario file it came from.
    pub line: usize,
    /// Difficulty bucket (roughly optimal length / 4).
    pub bucket: u32,
    /// The map file named by the problem.
    pub map: String,
    pub width: u32,
    pub height: u32,
    pub start: Pos,
    pub goal: Pos,
    /// Published optimal length in tiles (straight 1, diagonal sqrt(2)).
    pub optimal: f64,
    /// How far a computed length may be from `optimal` and still match:
    /// 1e-6 for current files, which print 8 decimals; for legacy files,
    /// which print 6 significant digits, half a unit in the last digit
    /// (at most 5e-6 relative).
    pub tolerance: f64,
}

impl Problem {
    /// True when `length` matches the published optimum.
    pub fn matches(&self, length: f64) -> bool {
        (length - self.optimal).abs() <= self.tolerance
    }
}

/// A parsed scenario file.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// The version on the first line (`1` or `1.0`).
    pub version: String,
    pub problems: Vec<Problem>,
}

impl Scenario {
    /// Reads and parses a `.map.scen` file.
    pub fn load(path: &Path) -> Result<Scenario, MovingAiError> {
        let text = read_limited(path, MAX_SCEN_BYTES)?;
        Scenario::parse(&text, path)
    }

    /// Parses scenario text; `path` only names the source in errors.
    /// Fields are tab-separated (legacy files: any whitespace).
    ///
    /// ```
    /// use darkstar::movingai::Scenario;
    /// let text = "version 1\n0\tm.map\t3\t2\t0\t0\t2\t1\t2.41421356\n";
    /// let s = Scenario::parse(text, "m.map.scen".as_ref()).unwrap();
    /// assert_eq!(s.problems[0].goal, darkstar::geom::Pos::new(2, 1));
    /// assert!(s.problems[0].matches(1.0 + 2f64.sqrt()));
    /// let bad = Scenario::parse("version 1\n0\tm.map\t3\t2\t0\t0\t9\t1\t2.4\n", "m.map.scen".as_ref());
    /// assert_eq!(bad.unwrap_err().to_string(), "m.map.scen:2: goal (9, 1) is outside the 3x2 map");
    /// ```
    pub fn parse(text: &str, path: &Path) -> Result<Scenario, MovingAiError> {
        let err = |line: usize, message: String| MovingAiError::parse(path, line, message);
        // A byte-order mark (Windows editors write one) is not part of the
        // text.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if text.trim().is_empty() {
            return Err(err(
                1,
                "the file is empty: a scenario starts with 'version 1'".into(),
            ));
        }
        let mut lines = text
            .split('\n')
            .map(|l| l.strip_suffix('\r').unwrap_or(l))
            .enumerate()
            .map(|(i, l)| (i + 1, l));
        let version = match lines
            .next()
            .map(|(_, l)| l.split_whitespace().collect::<Vec<_>>())
        {
            Some(words) if words.len() == 2 && words[0] == "version" => words[1].to_string(),
            _ => return Err(err(1, "expected 'version 1' on the first line".into())),
        };
        if version != "1" && version != "1.0" {
            return Err(err(
                1,
                format!("unsupported scenario version {:?}", clip(&version, ECHO)),
            ));
        }
        let mut problems = Vec::new();
        for (n, line) in lines {
            if line.trim().is_empty() {
                continue;
            }
            problems.push(parse_problem(n, line).map_err(|m| err(n, m))?);
        }
        Ok(Scenario { version, problems })
    }
}

/// A number or word from the file as written, cut to [`ECHO`] characters.
fn clip_echo(text: &str) -> std::borrow::Cow<'_, str> {
    clip(text, ECHO)
}

fn parse_problem(line_no: usize, line: &str) -> Result<Problem, String> {
    let fields: Vec<&str> = if line.contains('\t') {
        line.split('\t').map(str::trim).collect()
    } else {
        line.split_whitespace().collect()
    };
    let [bucket, map, width, height, sx, sy, gx, gy, length] = fields[..] else {
        return Err(format!(
            "expected 9 fields (bucket, map, width, height, start x, start y, goal x, goal y, length), found {}",
            fields.len()
        ));
    };
    // Numbers are checked as written: one too large for any type is
    // reported in the file's own digits (cut after `ECHO` characters),
    // never wrapped or clipped to a type's range.
    let int = |name: &str, text: &str| -> Result<Option<u32>, String> {
        match text.parse::<u32>() {
            Ok(v) => Ok(Some(v)),
            Err(e) if *e.kind() == IntErrorKind::PosOverflow => Ok(None),
            Err(_) => Err(format!(
                "{name} {:?} is not a whole number",
                clip_echo(text)
            )),
        }
    };
    let bucket = int("bucket", bucket)?
        .ok_or_else(|| format!("bucket {} is larger than {}", clip_echo(bucket), u32::MAX))?;
    let size = (int("width", width)?, int("height", height)?);
    let (width, height) = match size {
        (Some(w), Some(h)) if (1..=MAX_SIDE).contains(&w) && (1..=MAX_SIDE).contains(&h) => (w, h),
        _ => {
            return Err(format!(
                "map size {}x{} is outside 1..={MAX_SIDE}",
                clip_echo(width),
                clip_echo(height)
            ));
        }
    };
    let cell = |name: &str, x: &str, y: &str| -> Result<Pos, String> {
        let (name_x, name_y) = (format!("{name} x"), format!("{name} y"));
        match (int(&name_x, x)?, int(&name_y, y)?) {
            // Both below MAX_SIDE, so they fit a coordinate.
            (Some(px), Some(py)) if px < width && py < height => Ok(Pos::new(px as i32, py as i32)),
            _ => Err(format!(
                "{name} ({}, {}) is outside the {width}x{height} map",
                clip_echo(x),
                clip_echo(y)
            )),
        }
    };
    let start = cell("start", sx, sy)?;
    let goal = cell("goal", gx, gy)?;
    let optimal = length
        .parse::<f64>()
        .ok()
        .filter(|l| l.is_finite() && *l >= 0.0)
        .ok_or_else(|| {
            format!(
                "optimal length {:?} is not a non-negative number",
                clip_echo(length)
            )
        })?;
    Ok(Problem {
        line: line_no,
        bucket,
        map: map.to_string(),
        width,
        height,
        start,
        goal,
        optimal,
        tolerance: tolerance(length, optimal),
    })
}

/// The matching tolerance implied by how the length was printed.
fn tolerance(text: &str, value: f64) -> f64 {
    let decimals = text.split_once('.').map_or(0, |(_, f)| f.len());
    if decimals >= 8 {
        1e-6
    } else {
        // Six significant digits: half a unit in the sixth digit.
        5e-6 * value.max(1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Scenario, MovingAiError> {
        Scenario::parse(text, Path::new("t.map.scen"))
    }

    #[test]
    fn legacy_whitespace_and_crlf_parse() {
        let s = parse("version 1.0\r\n0 maps/dao/x.map 10 10 1 2 3 4 2.82843\r\n\r\n").unwrap();
        let p = &s.problems[0];
        assert_eq!(
            (p.start, p.goal, p.line),
            (Pos::new(1, 2), Pos::new(3, 4), 2)
        );
        assert!(p.matches(2.0 * 2f64.sqrt()));
        assert!(!p.matches(2.8285));
    }

    #[test]
    fn current_files_match_within_1e_6() {
        let s = parse("version 1\n0\tm\t9\t9\t0\t0\t1\t1\t1.41421356\n").unwrap();
        assert!(s.problems[0].matches(2f64.sqrt()));
        assert!(!s.problems[0].matches(2f64.sqrt() + 2e-6));
    }

    #[test]
    fn errors_name_the_line() {
        let line = |t: &str| parse(t).unwrap_err().line();
        assert_eq!(line(""), Some(1));
        assert_eq!(line("version 2\n"), Some(1));
        assert_eq!(line("version 1\n\n0\tm\t9\t9\t0\t0\t1\n"), Some(3));
        assert_eq!(line("version 1\n0\tm\t9\t9\t0\t0\t1\t-1\t1.0\n"), Some(2));
        assert_eq!(line("version 1\n0\tm\t9\t9\t0\t0\t1\t1\tNaN\n"), Some(2));
        assert_eq!(line("version 1\n0\tm\t0\t9\t0\t0\t1\t1\t1\n"), Some(2));
    }
}
