//! The Moving AI `.map.scen` scenario format: problems with published
//! optimal lengths.

use std::num::IntErrorKind;
use std::path::Path;

use super::{MAX_SIDE, MovingAiError, read_limited};
use crate::content::textfile::{ECHO, clip};
use crate::map::geom::Pos;

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
    /// One unit in the last decimal `optimal` was printed with (1e-8 for
    /// current files, which print 8 decimals; legacy ones print 6
    /// significant digits, and some published files only 2 decimals). A
    /// computed length matches when it lies from half a unit below the
    /// printed value (a rounded print) to one unit above it (a truncated
    /// one: the legacy files truncate, lak303d's 235.76450 is printed
    /// `235.764`), and never tighter than [`MIN_TOLERANCE`] either way.
    pub printed_unit: f64,
}

impl Problem {
    /// True when `length` matches the published optimum.
    pub fn matches(&self, length: f64) -> bool {
        let off = length - self.optimal;
        let below = (self.printed_unit / 2.0).max(MIN_TOLERANCE);
        let above = self.printed_unit.max(MIN_TOLERANCE);
        -below <= off && off <= above
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
    /// use darkstar::content::movingai::Scenario;
    /// let text = "version 1\n0\tm.map\t3\t2\t0\t0\t2\t1\t2.41421356\n";
    /// let s = Scenario::parse(text, "m.map.scen".as_ref()).unwrap();
    /// assert_eq!(s.problems[0].goal, darkstar::map::geom::Pos::new(2, 1));
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
        printed_unit: printed_unit(length),
    })
}

/// The tightest a match is checked, whatever the digits printed: the
/// current files print 8 decimals, but their lengths carry the publisher's
/// floating-point error of a few units in the 8th (8room_000's line 175:
/// 71.18376618411 is printed `71.18376617`).
pub const MIN_TOLERANCE: f64 = 1e-6;

/// One unit in the last decimal of `text` (1e-8 for `1.41421356`, 0.01
/// for `244.95`, 1 for `12`).
fn printed_unit(text: &str) -> f64 {
    let decimals = text.split_once('.').map_or(0, |(_, f)| f.len());
    10f64.powi(-(decimals.min(15) as i32))
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
    fn lengths_match_rounded_or_truncated_to_their_last_printed_decimal() {
        let one = |len: &str| {
            let text = format!("version 1\n0\tm\t9\t9\t0\t0\t1\t1\t{len}\n");
            parse(&text).unwrap().problems[0].clone()
        };
        // Eight decimals: within the publisher's float error, 1e-6.
        let p = one("1.41421356");
        let printed = p.optimal;
        assert!(p.matches(2f64.sqrt()) && p.matches(printed - 9e-7));
        assert!(!p.matches(2f64.sqrt() + 2e-6));
        assert!(!p.matches(printed - 2e-6));
        // Two decimals, as some published legacy files print: 244.95 may
        // stand for 244.945 (rounded) up to 244.96 (truncated).
        let p = one("244.95");
        assert!(p.matches(170.0 + 53.0 * 2f64.sqrt())); // 244.953...
        assert!(p.matches(244.946) && p.matches(244.9599));
        assert!(!p.matches(244.961));
        assert!(!p.matches(244.944));
        // Whole numbers: from half a unit below to one above.
        let p = one("12");
        assert!(p.matches(11.6) && p.matches(12.9));
        assert!(!p.matches(11.4) && !p.matches(13.1));
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
