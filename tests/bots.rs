//! The three bots' outcomes on a few seeds, pinned: a change to a rule, a
//! kind or a bot that moves them shows here in review (with the bot table
//! in README, from `darkstar bot --style STYLE`). Each run starts on
//! depth 7, where the deep kinds are, for 3,000 turns at most.

use darkstar::sim::bot::{BotRun, Style, Trick, play_run_from};

/// One line a run: how it ended, where, when, and the tricks that counted.
fn line(style: Style, r: &BotRun) -> String {
    let end = match (&r.killed_by, r.won, r.timed_out) {
        (_, true, _) => "won".to_string(),
        (_, _, true) => "unfinished".to_string(),
        (Some(k), _, _) => format!("killed by {k}"),
        (None, _, _) => "died".to_string(),
    };
    let tricks: Vec<String> = Trick::ALL
        .iter()
        .map(|&t| {
            let n = r.tricks.total(t);
            format!("{}/{}", n.counted, n.tried)
        })
        .collect();
    format!(
        "{} seed {}: {end}, depth {}, turn {}, kills {}, tricks {}",
        style.name(),
        r.seed,
        r.depth,
        r.turns,
        r.kills,
        tricks.join(" ")
    )
}

#[test]
fn three_bots_on_four_seeds_end_as_pinned() {
    let mut lines = Vec::new();
    for style in Style::ALL {
        for seed in 1..=4 {
            let (run, _) = play_run_from(seed, 7, style, 3000, |g, c| g.apply(c)).unwrap();
            lines.push(line(style, &run));
        }
    }
    let got = lines.join("\n");
    let pinned = include_str!("golden/bots.txt").trim_end();
    if std::env::var_os("DARKSTAR_UPDATE_GOLDEN").is_some() {
        std::fs::write(
            concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/bots.txt"),
            format!("{got}\n"),
        )
        .unwrap();
        return;
    }
    assert_eq!(
        got, pinned,
        "the bots' runs moved: if a rule or kind changed on purpose, rerun with \
         DARKSTAR_UPDATE_GOLDEN=1 and say so"
    );
}
