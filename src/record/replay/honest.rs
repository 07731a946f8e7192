//! Whether a recorded game is one a player played: the one rule for the
//! mark DCSS gives wizard mode. A replay may hold what `darkstar play`
//! never records: commands no key gives (`advance`, `kill`, `goal`, an
//! `item` put down: tests and tools use them), simulation settings other
//! than the game's own, or a level line play never writes. Such a game
//! still plays back and resumes (they are kept for tests and tools), but
//! it is marked UNRANKED: the status row and its morgue file say so, and
//! it never enters the scores. Everything that shows or scores a game
//! asks [`Replay::unranked`].

use super::*;

/// Why a recorded game is not ranked: the first thing in it that
/// `darkstar play` never records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unranked {
    /// A command no key gives, on this line of the file (as
    /// [`Replay::line_of`] numbers it).
    Command { line: usize, command: String },
    /// Simulation settings other than the game's own
    /// ([`SimConfig::default`], all `darkstar play` plays with).
    Config(SimConfig),
    /// A level line play never writes: it records a run (`level run N`)
    /// or the level it plays as text (`level text`), never the
    /// generator's parameters.
    Level(String),
}

impl std::fmt::Display for Unranked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unranked::Command { line, command } => write!(
                f,
                "line {line} holds `{command}`, a command a player's game never records"
            ),
            Unranked::Config(c) => write!(
                f,
                "it ran with `{}`, not the game's own `{}`",
                format::config_line(c),
                format::config_line(&SimConfig::default())
            ),
            Unranked::Level(line) => {
                write!(f, "its level line `{line}` is not one darkstar play writes")
            }
        }
    }
}

impl Replay {
    /// Why this game is not ranked, if it is not: its settings, its level
    /// line, or its first command a player's game never records. Any seed
    /// is one play may write (`--seed` takes any, and `n` on the end
    /// screen plays the next).
    pub fn unranked(&self) -> Option<Unranked> {
        if self.config != SimConfig::default() {
            return Some(Unranked::Config(self.config));
        }
        if let LevelSource::Generated { params, play } = &self.level {
            return Some(Unranked::Level(format::generated_line(params, *play)));
        }
        self.items
            .iter()
            .enumerate()
            .find_map(|(i, item)| match item {
                Item::Command(_, c) if !matches!(c, Command::Player(_)) => {
                    Some(Unranked::Command {
                        line: self.line_of(i),
                        command: format::command_text(c),
                    })
                }
                _ => None,
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn replay(level: LevelSource, config: SimConfig, items: Vec<Item>) -> Replay {
        Replay {
            seed: 3,
            level,
            config,
            items,
            lines: Vec::new(),
        }
    }

    /// What play records is ranked; each thing play never records is
    /// named, with its line.
    #[test]
    fn only_what_play_records_is_ranked() {
        let run = LevelSource::Run { depth: 1 };
        let moves = vec![
            Item::Command(0, Command::Player(Action::Wait(None))),
            Item::Hash(1, 5),
            Item::Reveal(1),
        ];
        let honest = replay(run.clone(), SimConfig::default(), moves.clone());
        assert_eq!(honest.unranked(), None);
        let text = LevelSource::Text("map:\n@\n".into());
        assert_eq!(
            replay(text, SimConfig::default(), moves.clone()).unranked(),
            None
        );
        let mut killed = moves.clone();
        killed.push(Item::Command(1, Command::Kill { monster: 4 }));
        let u = replay(run.clone(), SimConfig::default(), killed).unranked();
        // Header (4 lines), then the items: the fourth is on line 8.
        assert_eq!(
            u,
            Some(Unranked::Command {
                line: 8,
                command: "kill 4".into()
            })
        );
        assert_eq!(
            u.unwrap().to_string(),
            "line 8 holds `kill 4`, a command a player's game never records"
        );
        let config = SimConfig {
            patience: 9,
            ..SimConfig::default()
        };
        let u = replay(run, config, moves.clone()).unranked().unwrap();
        assert!(u.to_string().contains("config 20000 9 8 2000 8"), "{u}");
        let generated = LevelSource::Generated {
            params: Default::default(),
            play: true,
        };
        let u = replay(generated, SimConfig::default(), moves)
            .unranked()
            .unwrap();
        assert_eq!(
            u.to_string(),
            "its level line `level generated dungeon 80 40 3 play` is not one darkstar play writes"
        );
    }
}
