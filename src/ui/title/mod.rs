//! The title screen: what plain `darkstar` opens on, as Brogue CE opens on
//! its menu and DCSS on its start menu. Its entries: continue the saved
//! game (first, and highlighted, when there is one: Enter resumes it), a
//! new run with its seed shown (`e` types another), the lessons in order
//! with their tricks (marked once won), watch the AI, play back one of
//! the last games, the best scores, quit; `?` shows how to win and the
//! keys of a game (`j` `k`, the arrows, space and the page keys scroll
//! it on a short screen; any other key back). It is a [`Screen`] like the
//! others: it owns its state, reads its keys itself ([`Intent::Key`]: a
//! seed is typed, letters and digits choose), draws itself, and asks the
//! app to quit once a choice is made. [`Title::into_app`] opens it over a
//! still game (the opening level, never drawn: the title covers it), so
//! the one event loop drives it, with its signals, suspend and
//! too-small screen; what the choice starts (a game, a watch, a playback)
//! is the caller's, who reads [`Title::choice`] from the app when the
//! loop ends.
//!
//! What it lists is given ([`TitleMenu`]), read from disk by the caller:
//! the screen knows no file.

mod draw;

use super::key::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::widgets::Widget;

use crate::content::level::Level;
use crate::sim::GameError;
use crate::ui::App;
use crate::ui::app::{Ask, Ctx, DrawCtx, Handled, Screen};
use crate::ui::keymap::Intent;

/// What the title screen offers, read by the caller.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TitleMenu {
    /// The saved run, in a line ("depth 3 of a run, turn 2114, seed 41"),
    /// or why it cannot be read; `None`: no save.
    pub saved: Option<String>,
    /// The seed a new run gets unless another is typed.
    pub seed: u64,
    /// The lessons, in order.
    pub lessons: Vec<LessonLine>,
    /// The last games kept, newest first, a line each.
    pub games: Vec<String>,
    /// The best scores as a table (header first); empty: none yet.
    pub scores: Vec<String>,
}

/// A lesson as the title screen lists it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LessonLine {
    /// Its trick in plain words.
    pub trick: String,
    /// Won once.
    pub won: bool,
    /// Left unfinished: choosing it goes on with it.
    pub saved: bool,
}

/// What the player chose.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Go on with the saved game.
    Continue,
    /// A new run on this seed.
    NewRun { seed: u64 },
    /// This lesson (an index into the menu's lessons).
    Lesson(usize),
    /// Watch the AI on the opening level.
    Watch,
    /// Play back this kept game (an index into the menu's games).
    PlayBack(usize),
    /// Leave darkstar.
    Quit,
}

/// One line of the menu: its key, and what choosing it does.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Entry {
    Continue,
    NewRun,
    Lesson(usize),
    Watch,
    Games,
    Scores,
    Quit,
}

/// A page of the title screen.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Page {
    Menu,
    /// The last games, with a highlight.
    Games {
        at: usize,
    },
    Scores,
    /// How to win, and the keys of a game (`?`), from row `top` (it
    /// scrolls on a short screen).
    Help {
        top: usize,
    },
}

/// The title screen's state.
#[derive(Clone, Debug)]
pub struct Title {
    menu: TitleMenu,
    /// The highlighted entry.
    at: usize,
    page: Page,
    /// The seed being typed (`e`), digits so far.
    typing: Option<String>,
    /// A line under the menu (an entry with nothing behind it, an
    /// error from what was chosen before).
    note: Option<String>,
    /// A new run was asked for once with a run saved: asked again, the
    /// saved run goes to a backup and the new one starts.
    asked_new: bool,
    choice: Option<Choice>,
}

/// Longest seed typed: a `u64` has twenty digits.
const SEED_DIGITS: usize = 20;

/// Rows the help scrolls by for a page key or space.
const HELP_PAGE: usize = 5;

impl Title {
    /// The title screen over `menu`, the saved game highlighted if there
    /// is one, else the new run.
    pub fn new(menu: TitleMenu) -> Title {
        Title {
            menu,
            at: 0,
            page: Page::Menu,
            typing: None,
            note: None,
            asked_new: false,
            choice: None,
        }
    }

    /// An app with this title screen open over a still game: run it, then
    /// read the choice with [`Title::of`].
    pub fn into_app(self) -> Result<App, GameError> {
        let mut app = App::new(&Level::opening(), 1)?;
        app.open(Box::new(self));
        Ok(app)
    }

    /// The title screen open in `app`, if it is.
    pub fn of(app: &App) -> Option<&Title> {
        app.screen::<Title>()
    }

    /// Highlights the entry of `choice` (what was chosen last time; a
    /// run left saved is gone on with by Continue).
    pub fn highlight(&mut self, choice: Choice) {
        let entry = match choice {
            Choice::Continue | Choice::NewRun { .. } if self.menu.saved.is_some() => {
                Entry::Continue
            }
            Choice::Continue => Entry::NewRun,
            Choice::NewRun { .. } => Entry::NewRun,
            Choice::Lesson(i) => Entry::Lesson(i),
            Choice::Watch => Entry::Watch,
            Choice::PlayBack(_) => Entry::Games,
            Choice::Quit => Entry::Quit,
        };
        if let Some(at) = self.entries().iter().position(|&e| e == entry) {
            self.at = at;
        }
    }

    /// Shows `note` on the hint row until the next key.
    pub fn say(&mut self, note: String) {
        self.note = Some(note);
    }

    /// What was chosen, once the loop has ended ([`Choice::Quit`] if
    /// nothing was: the loop ended by a signal).
    pub fn choice(&self) -> Choice {
        self.choice.unwrap_or(Choice::Quit)
    }

    /// What it offers.
    pub fn menu(&self) -> &TitleMenu {
        &self.menu
    }

    fn entries(&self) -> Vec<Entry> {
        let mut entries = Vec::new();
        if self.menu.saved.is_some() {
            entries.push(Entry::Continue);
        }
        entries.push(Entry::NewRun);
        entries.extend((0..self.menu.lessons.len()).map(Entry::Lesson));
        entries.extend([Entry::Watch, Entry::Games, Entry::Scores, Entry::Quit]);
        entries
    }

    /// The key that chooses `entry` at once.
    fn key_of(entry: Entry) -> char {
        match entry {
            Entry::Continue => 'c',
            Entry::NewRun => 'n',
            // Lessons are numbered from 1; there are eight.
            Entry::Lesson(i) => char::from_digit(i as u32 + 1, 10).unwrap_or('?'),
            Entry::Watch => 'w',
            Entry::Games => 'r',
            Entry::Scores => 's',
            Entry::Quit => 'q',
        }
    }

    /// Acts on a key; true once a choice is made (the loop ends).
    pub fn press(&mut self, key: KeyEvent) -> bool {
        if key.kind == KeyEventKind::Release {
            return false;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            self.choice = Some(Choice::Quit);
            return true;
        }
        self.note = None;
        let asked_new = std::mem::take(&mut self.asked_new);
        match self.page {
            Page::Menu if self.typing.is_some() => self.type_seed(key.code, asked_new),
            Page::Menu if key.code == KeyCode::Char('?') => self.page = Page::Help { top: 0 },
            Page::Menu => self.on_menu(key.code, asked_new),
            Page::Games { at } => self.on_games(at, key.code),
            // The help scrolls (a short screen shows part of it); any
            // other key leaves it, and the scores.
            Page::Help { top } => self.page = Title::on_help(top, key.code),
            Page::Scores => self.page = Page::Menu,
        }
        self.choice.is_some()
    }

    /// The help page after `code` with row `top` first: the arrows, `j`
    /// `k`, space and the page keys scroll it (never past its last
    /// row); any other key goes back to the menu.
    fn on_help(top: usize, code: KeyCode) -> Page {
        let last = draw::help_last_top();
        let top = match code {
            KeyCode::Down | KeyCode::Char('j') => top + 1,
            KeyCode::Up | KeyCode::Char('k') => top.saturating_sub(1),
            KeyCode::PageDown | KeyCode::Char(' ') => top + HELP_PAGE,
            KeyCode::PageUp => top.saturating_sub(HELP_PAGE),
            _ => return Page::Menu,
        };
        Page::Help { top: top.min(last) }
    }

    fn on_menu(&mut self, code: KeyCode, asked_new: bool) {
        let entries = self.entries();
        match code {
            KeyCode::Up | KeyCode::Char('k') => {
                self.at = (self.at + entries.len() - 1) % entries.len();
            }
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => {
                self.at = (self.at + 1) % entries.len();
            }
            KeyCode::Home => self.at = 0,
            KeyCode::End => self.at = entries.len() - 1,
            KeyCode::Enter => self.choose(entries[self.at.min(entries.len() - 1)], asked_new),
            KeyCode::Esc => self.choose(Entry::Quit, asked_new),
            KeyCode::Char('e') => {
                self.at = entries
                    .iter()
                    .position(|&e| e == Entry::NewRun)
                    .unwrap_or(0);
                self.typing = Some(String::new());
            }
            KeyCode::Char(c) => {
                if let Some(i) = entries.iter().position(|&e| Title::key_of(e) == c) {
                    self.at = i;
                    self.choose(entries[i], asked_new);
                }
            }
            _ => {}
        }
    }

    /// Chooses `entry`; `asked_new`: the key before asked for a new run
    /// over a saved one, and this one confirms it.
    fn choose(&mut self, entry: Entry, asked_new: bool) {
        self.choice = match entry {
            Entry::Continue => Some(Choice::Continue),
            // A saved run is not set aside on one key.
            Entry::NewRun if self.menu.saved.is_some() && !asked_new => {
                self.asked_new = true;
                self.note = Some(format!(
                    "A new run backs up the saved one: n or Enter again to start seed {}.",
                    self.menu.seed
                ));
                None
            }
            Entry::NewRun => Some(Choice::NewRun {
                seed: self.menu.seed,
            }),
            Entry::Lesson(i) => Some(Choice::Lesson(i)),
            Entry::Watch => Some(Choice::Watch),
            Entry::Quit => Some(Choice::Quit),
            Entry::Games if self.menu.games.is_empty() => {
                self.note = Some("No games kept yet: a game played or watched is.".into());
                None
            }
            Entry::Games => {
                self.page = Page::Games { at: 0 };
                None
            }
            Entry::Scores => {
                self.page = Page::Scores;
                None
            }
        };
    }

    fn type_seed(&mut self, code: KeyCode, asked_new: bool) {
        let Some(typed) = &mut self.typing else {
            return;
        };
        match code {
            KeyCode::Char(d) if d.is_ascii_digit() && typed.len() < SEED_DIGITS => {
                let longer = format!("{typed}{d}");
                // A digit that would overflow a seed is not taken.
                if longer.parse::<u64>().is_ok() {
                    *typed = longer;
                }
            }
            KeyCode::Backspace => {
                typed.pop();
            }
            KeyCode::Enter => match typed.parse::<u64>() {
                Ok(seed) => {
                    self.menu.seed = seed;
                    self.typing = None;
                    self.choose(Entry::NewRun, asked_new);
                }
                // Nothing typed: back to the menu, the seed as it was.
                Err(_) => self.typing = None,
            },
            KeyCode::Esc => self.typing = None,
            _ => {}
        }
    }

    fn on_games(&mut self, at: usize, code: KeyCode) {
        let n = self.menu.games.len().max(1);
        match code {
            KeyCode::Up | KeyCode::Char('k') => {
                self.page = Page::Games {
                    at: (at + n - 1) % n,
                }
            }
            KeyCode::Down | KeyCode::Char('j') => self.page = Page::Games { at: (at + 1) % n },
            KeyCode::Enter if at < self.menu.games.len() => {
                self.choice = Some(Choice::PlayBack(at));
            }
            KeyCode::Esc | KeyCode::Char('q') => self.page = Page::Menu,
            _ => {}
        }
    }
}

impl Screen for Title {
    fn name(&self) -> &str {
        "title"
    }

    /// Every key is its own ([`Screen::takes_keys`]); a choice made asks
    /// the app to quit, so the loop ends and the caller reads it.
    fn handle(&mut self, intent: Intent, _ctx: Ctx<'_>, asks: &mut Vec<Ask>) -> Handled {
        if let Intent::Key(key) = intent
            && self.press(key)
        {
            asks.push(Ask::Quit);
        }
        Handled::Used
    }

    fn draw(&self, dc: &DrawCtx<'_>, buf: &mut Buffer) {
        self.render(dc.area, buf);
    }

    fn takes_keys(&self) -> bool {
        true
    }

    /// The game under it never plays.
    fn stills_the_game(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn menu(saved: bool) -> TitleMenu {
        TitleMenu {
            saved: saved.then(|| "depth 3 of a run, turn 2114, seed 41".into()),
            seed: 7,
            lessons: vec![
                LessonLine {
                    trick: "Sneak.".into(),
                    won: true,
                    saved: false,
                },
                LessonLine {
                    trick: "Shut a door.".into(),
                    won: false,
                    saved: true,
                },
            ],
            games: vec!["one".into(), "two".into()],
            scores: Vec::new(),
        }
    }

    fn press(title: &mut Title, code: KeyCode) -> bool {
        title.press(KeyEvent::new(code, KeyModifiers::NONE))
    }

    #[test]
    fn enter_continues_a_save_and_otherwise_starts_the_shown_seed() {
        let mut t = Title::new(menu(true));
        assert!(press(&mut t, KeyCode::Enter));
        assert_eq!(t.choice(), Choice::Continue);
        let mut t = Title::new(menu(false));
        assert!(press(&mut t, KeyCode::Enter));
        assert_eq!(t.choice(), Choice::NewRun { seed: 7 });
    }

    #[test]
    fn a_typed_seed_starts_that_run_and_an_empty_one_changes_nothing() {
        let mut t = Title::new(menu(true));
        assert!(!press(&mut t, KeyCode::Char('e')));
        assert!(!press(&mut t, KeyCode::Enter));
        assert_eq!(t.menu().seed, 7);
        press(&mut t, KeyCode::Char('e'));
        for c in "4x2".chars() {
            assert!(!press(&mut t, KeyCode::Char(c)));
        }
        assert!(
            !press(&mut t, KeyCode::Enter),
            "a saved run is not set aside on one key"
        );
        assert_eq!(t.menu().seed, 42);
        assert!(press(&mut t, KeyCode::Char('n')));
        assert_eq!(t.choice(), Choice::NewRun { seed: 42 });
        let mut t = Title::new(menu(false));
        press(&mut t, KeyCode::Char('e'));
        for _ in 0..25 {
            press(&mut t, KeyCode::Char('9'));
        }
        press(&mut t, KeyCode::Enter);
        assert_eq!(
            t.choice(),
            Choice::NewRun {
                seed: 9_999_999_999_999_999_999
            }
        );
    }

    #[test]
    fn a_new_run_over_a_saved_one_is_asked_twice_and_any_other_key_forgets() {
        let mut t = Title::new(menu(true));
        assert!(!press(&mut t, KeyCode::Char('n')));
        assert!(!press(&mut t, KeyCode::Down));
        assert!(!press(&mut t, KeyCode::Char('n')), "asked afresh");
        assert!(press(&mut t, KeyCode::Enter));
        assert_eq!(t.choice(), Choice::NewRun { seed: 7 });
    }

    #[test]
    fn letters_choose_and_pages_go_back() {
        let mut t = Title::new(menu(false));
        assert!(press(&mut t, KeyCode::Char('2')));
        assert_eq!(t.choice(), Choice::Lesson(1));
        let mut t = Title::new(menu(false));
        assert!(!press(&mut t, KeyCode::Char('c')), "no save, no continue");
        assert!(!press(&mut t, KeyCode::Char('s')));
        assert!(
            !press(&mut t, KeyCode::Char('x')),
            "any key leaves the scores"
        );
        assert!(!press(&mut t, KeyCode::Char('r')));
        assert!(!press(&mut t, KeyCode::Down));
        assert!(press(&mut t, KeyCode::Enter));
        assert_eq!(t.choice(), Choice::PlayBack(1));
        let mut t = Title::new(menu(true));
        assert!(!press(&mut t, KeyCode::Up), "up from the top wraps to quit");
        assert!(press(&mut t, KeyCode::Enter));
        assert_eq!(t.choice(), Choice::Quit);
    }
}
