//! How much a property test checked. A case that can skip (an assumption
//! refused, an early return, a check only on some outcomes, a loop that
//! may not run) adds what it did check to a [`Checked`]; after the run,
//! [`Checked::at_least`] says how much that was and fails the test when
//! all its cases together checked less than the bound it states. So a
//! property never passes on cases that checked nothing.
//!
//! The property runs inside an ordinary `#[test]` function, in
//! proptest's closure form, so the count is checked once, after every
//! case has run:
//!
//! ```text
//! #[test]
//! fn a_property() {
//!     let config = ProptestConfig::with_cases(100);
//!     let reads = Checked::new("reads", &config);
//!     proptest!(config, |(x in 0u32..10)| {
//!         if x > 2 {
//!             prop_assert!(x > 1);
//!             reads.add(1);
//!         }
//!     });
//!     reads.at_least(0.5);
//! }
//! ```

use std::sync::atomic::{AtomicU64, Ordering};

use proptest::test_runner::{Config, contextualize_config};

/// A count of what a property's cases checked, kept over the whole run.
pub struct Checked {
    what: &'static str,
    /// The cases the run makes, as the environment may set them
    /// (`PROPTEST_CASES`): the bound is stated per case.
    cases: u32,
    count: AtomicU64,
}

impl Checked {
    /// Counts `what` over the cases of a run with `config`.
    pub fn new(what: &'static str, config: &Config) -> Checked {
        Checked {
            what,
            cases: contextualize_config(config.clone()).cases,
            count: AtomicU64::new(0),
        }
    }

    /// A case checked `n` more.
    pub fn add(&self, n: u64) {
        self.count.fetch_add(n, Ordering::Relaxed);
    }

    /// What the cases checked so far.
    pub fn count(&self) -> u64 {
        self.count.load(Ordering::Relaxed)
    }

    /// After the run: prints how much was checked, and fails unless it is
    /// at least `per_case` times the number of cases (rounded up, and never
    /// less than one).
    pub fn at_least(&self, per_case: f64) {
        let bound = ((self.cases as f64 * per_case).ceil() as u64).max(1);
        let count = self.count();
        println!(
            "checked {count} {} in {} cases (at least {bound})",
            self.what, self.cases
        );
        assert!(
            count >= bound,
            "the property checked {count} {} in {} cases, fewer than the {bound} it needs: its cases skipped too much to prove anything",
            self.what,
            self.cases
        );
    }
}
