//! The progress bar long commands draw on stderr (`run`, `sweep`, `scen`,
//! `replay --verify`, resuming a long save): it appears only once the work
//! has lasted a second (a quarter of a second for resuming, which a
//! player waits on; short runs print nothing extra) and never when
//! stderr is not a terminal (piped output stays clean). The library only
//! reports progress through callbacks; drawing is the binary's business.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long work runs before its bar appears.
const SHOW_AFTER: Duration = Duration::from_secs(1);

/// A bar on stderr, hidden until the work has lasted [`SHOW_AFTER`] (or
/// the time given to [`Bar::after`]).
pub struct Bar {
    bar: ProgressBar,
    started: Instant,
    show_after: Duration,
    shown: AtomicBool,
    /// stderr is a terminal: the bar may be shown at all.
    terminal: bool,
}

impl Bar {
    /// A bar drawn with indicatif `template` (`{pos}`, `{len}`, `{msg}`,
    /// `{per_sec}`...), labelled `what`.
    pub fn new(template: &str, what: &str) -> Result<Bar> {
        Bar::after(template, what, SHOW_AFTER)
    }

    /// [`Bar::new`], shown once the work has lasted `show_after`.
    pub fn after(template: &str, what: &str, show_after: Duration) -> Result<Bar> {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        let style = ProgressStyle::with_template(template)
            .context("the progress bar")?
            .progress_chars("=> ");
        bar.set_style(style);
        bar.set_message(what.to_string());
        Ok(Bar {
            bar,
            started: Instant::now(),
            show_after,
            shown: AtomicBool::new(false),
            terminal: std::io::stderr().is_terminal(),
        })
    }

    /// `done` of `total` steps are done. Safe to call from several threads.
    pub fn update(&self, done: u64, total: u64) {
        if self.bar.length() != Some(total) {
            self.bar.set_length(total);
        }
        self.bar.set_position(done);
        if self.terminal
            && !self.shown.load(Ordering::Relaxed)
            && self.started.elapsed() >= self.show_after
            && !self.shown.swap(true, Ordering::Relaxed)
        {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    /// True once the bar is on the screen.
    #[cfg(test)]
    fn is_shown(&self) -> bool {
        self.shown.load(Ordering::Relaxed)
    }

    /// Takes the bar off the screen.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Short work never shows a bar; long work on a terminal does, and
    /// never when stderr is not a terminal.
    #[test]
    fn the_bar_waits_a_second_and_needs_a_terminal() {
        let mut bar = Bar::new("{pos}/{len}", "t").unwrap();
        bar.terminal = true;
        bar.bar.set_draw_target(ProgressDrawTarget::hidden());
        bar.update(1, 10);
        assert!(!bar.is_shown(), "shown before a second");
        bar.started -= SHOW_AFTER;
        bar.update(2, 10);
        assert!(bar.is_shown(), "not shown after a second");
        assert_eq!(bar.bar.position(), 2);
        assert_eq!(bar.bar.length(), Some(10));
        bar.finish();

        let mut quiet = Bar::new("{pos}/{len}", "t").unwrap();
        quiet.terminal = false;
        quiet.started -= SHOW_AFTER;
        quiet.update(2, 10);
        assert!(!quiet.is_shown(), "shown on a stderr that is no terminal");
    }
}
