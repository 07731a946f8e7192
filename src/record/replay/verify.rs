//! Playing a replay back: every command applied on its turn and every
//! state hash compared, headless (`verify`) or to restore a saved game
//! (`restore`); the first difference is a [`Desync`] naming its line.

use super::*;

impl Replay {
    /// Plays the replay back and checks every hash.
    pub fn verify(&self) -> Result<Result<Verified, Desync>, ReplayError> {
        match self.verify_with(|_| ControlFlow::Continue(()))? {
            Checked::InSync(v) => Ok(Ok(v)),
            Checked::Desync(d) => Ok(Err(d)),
            Checked::Interrupted { turn } => Err(ReplayError::Interrupted { turn }),
        }
    }

    /// Plays the replay back checking every hash, telling `progress` each
    /// turn reached; it stops when `progress` breaks.
    pub fn verify_with(
        &self,
        progress: impl FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<Checked, ReplayError> {
        let level = self.level()?;
        let (_, checked) = self.play_checked(&level, progress)?;
        Ok(checked)
    }

    /// Plays every command of the replay, checking its hashes as it goes
    /// (one pass): the game as it stood when the replay was saved. A
    /// replay out of sync with this build is refused (its game cannot be
    /// restored faithfully).
    pub fn restore(&self) -> Result<Game, ReplayError> {
        self.restore_with(|_| ControlFlow::Continue(()))
    }

    /// [`Replay::restore`], telling `progress` each turn reached; a break
    /// is [`ReplayError::Interrupted`].
    pub fn restore_with(
        &self,
        progress: impl FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<Game, ReplayError> {
        let level = self.level()?;
        self.restore_on(&level, progress)
    }

    /// [`Replay::restore_with`] on `level`, this replay's level already
    /// made (so a caller that needs the level too makes it once).
    pub fn restore_on(
        &self,
        level: &Level,
        progress: impl FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<Game, ReplayError> {
        match self.play_checked(level, progress)? {
            (game, Checked::InSync(_)) => Ok(game),
            (_, Checked::Desync(d)) => Err(ReplayError::Desync(d)),
            (_, Checked::Interrupted { turn }) => Err(ReplayError::Interrupted { turn }),
        }
    }

    /// The one pass behind verifying and restoring, through the [`Script`]
    /// the terminal's playback plays too: every command applied on the
    /// turn it was recorded on (its events shown to `observe`), every hash
    /// compared when the game reaches its turn; stops at the first
    /// difference.
    pub(super) fn play_checked(
        &self,
        level: &Level,
        mut progress: impl FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<(Game, Checked), ReplayError> {
        let (mut game, mut script) = self.begin_on(level)?;
        let total = script.last_turn();
        let mut told = None;
        loop {
            let turn = game.floor().turn();
            if told != Some(turn) {
                told = Some(turn);
                if script.is_done() {
                    // The end: a bar can show it full (nothing is left
                    // to stop).
                    let _ = progress(Progress { turn, total });
                    break;
                }
                if progress(Progress { turn, total }).is_break() {
                    return Ok((game, Checked::Interrupted { turn }));
                }
            }
            match script.play_next(&mut game) {
                None => break,
                Some(Err(desync)) => return Ok((game, Checked::Desync(desync))),
                Some(Ok(Played::Command(_) | Played::Hash | Played::Reveal(_) | Played::Mark)) => {}
            }
        }
        let verified = script.verified(game.floor().turn());
        Ok((game, Checked::InSync(verified)))
    }
}

/// Plays one replay item on `game`: a command is applied if the game is on
/// its turn (what happened, in order), a hash compared if the game is on
/// its turn. Otherwise what differed.
pub fn check(game: &mut Game, item: &Item) -> Result<Vec<Event>, DesyncKind> {
    match item {
        _ if game.floor().turn() != item.turn() => {
            let recorded = &item.turn();
            Err(match item {
                Item::Command(..) => DesyncKind::CommandTurn {
                    recorded: *recorded,
                },
                Item::Hash(..) => DesyncKind::HashTurn {
                    recorded: *recorded,
                },
                Item::Reveal(_) => DesyncKind::RevealTurn {
                    recorded: *recorded,
                },
                Item::Mark(..) => DesyncKind::MarkTurn {
                    recorded: *recorded,
                },
            })
        }
        Item::Reveal(_) => Ok(Vec::new()),
        Item::Mark(_, at, reach) => {
            game.mark(*at, *reach);
            Ok(Vec::new())
        }
        Item::Command(_, command) => Ok(game.apply(command.clone())),
        Item::Hash(_, expected) => {
            let found = game.state_hash();
            if found != *expected {
                return Err(DesyncKind::Hash {
                    expected: *expected,
                    found,
                });
            }
            Ok(Vec::new())
        }
    }
}
