//! Drawing the title screen from its state, in the game's own look: the
//! title, a few cells of a faction planning through a wall it does not
//! know (when the screen is tall enough), the menu with its keys, and a
//! row of what the keys do. The highlighted entry is marked `>` and drawn
//! reversed, so it reads without colour.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Widget};

use super::{Entry, Page, Title};
use crate::map::geom::Dir;
use crate::ui::keymap::{Intent, keys_for};
use crate::ui::mode::Mode;

/// The menu's width: a key, a lesson's trick (at most 60), "won".
const WIDTH: u16 = 74;

/// `levels/dead-end.txt` as a watcher sees it: the blind faction `b`
/// plans (`*`) straight through the wall before its goal.
const VIGNETTE: [&str; 6] = [
    "##############",
    "#...........##",
    "#......b****>#",
    "#.########.#.#",
    "#............#",
    "##############",
];

fn vignette_style(c: char) -> Style {
    match c {
        '#' => Style::new().fg(Color::White),
        '.' => Style::new().fg(Color::Gray),
        'b' | '*' => Style::new()
            .fg(Color::LightRed)
            .add_modifier(Modifier::BOLD),
        '>' => Style::new().fg(Color::Yellow),
        _ => Style::new(),
    }
}

fn key_style() -> Style {
    Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD)
}

fn key(c: char) -> Span<'static> {
    Span::styled(format!("{c}  "), key_style())
}

/// `spans` cut to `width` characters, an ellipsis marking the cut.
fn fit(spans: Vec<Span<'static>>, width: usize) -> Vec<Span<'static>> {
    let total: usize = spans.iter().map(|s| s.content.chars().count()).sum();
    if total <= width {
        return spans;
    }
    let mut left = width.saturating_sub(1);
    let mut out = Vec::new();
    for span in spans {
        let n = span.content.chars().count();
        if n <= left {
            left -= n;
            out.push(span);
            continue;
        }
        let cut: String = span.content.chars().take(left).collect();
        out.push(Span::styled(format!("{cut}\u{2026}"), span.style));
        break;
    }
    out
}

/// `text` in at most `width` characters, an ellipsis marking a cut.
fn shortened(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let cut: String = text.chars().take(width.saturating_sub(1)).collect();
    format!("{cut}\u{2026}")
}

/// The last four entries, which share a row on a short screen.
const LAST: [Entry; 4] = [Entry::Watch, Entry::Games, Entry::Scores, Entry::Quit];

impl Title {
    /// Each row of the menu page in `width` columns and which of them is
    /// highlighted. `compact` (a screen too short for a row each): no
    /// heading over the lessons, and the last four entries on one row.
    fn menu_rows(&self, width: u16, compact: bool) -> (Vec<Line<'static>>, usize) {
        let mut rows = Vec::new();
        let mut highlighted = 0;
        let width = usize::from(width);
        let narrow = width < usize::from(WIDTH);
        let dim = Style::new().fg(Color::DarkGray);
        let reversed = |spans: Vec<Span<'static>>| -> Vec<Span<'static>> {
            spans
                .into_iter()
                .map(|s| {
                    let style = s.style.add_modifier(Modifier::REVERSED);
                    s.style(style)
                })
                .collect()
        };
        let entries = self.entries();
        if compact {
            let at = entries[self.at.min(entries.len() - 1)];
            let mut spans = vec![Span::raw(if LAST.contains(&at) { " > " } else { "   " })];
            for entry in LAST {
                let label = match entry {
                    Entry::Watch => "watch  ",
                    Entry::Games => "games  ",
                    Entry::Scores => "scores  ",
                    _ => "quit",
                };
                let item = vec![
                    Span::styled(format!("{} ", Title::key_of(entry)), key_style()),
                    Span::raw(label),
                ];
                spans.extend(if entry == at { reversed(item) } else { item });
            }
            let last = Line::from(fit(spans, width));
            for (i, entry) in entries.iter().enumerate() {
                if LAST.contains(entry) {
                    continue;
                }
                if i == self.at {
                    highlighted = rows.len();
                }
                rows.push(self.entry_row(*entry, i == self.at, width, narrow, dim));
            }
            if LAST.contains(&at) {
                highlighted = rows.len();
            }
            rows.push(last);
            return (rows, highlighted);
        }
        for (i, entry) in entries.into_iter().enumerate() {
            if entry == Entry::Lesson(0) {
                rows.push(Line::from(Span::styled(
                    shortened("   lessons: win by what the monsters do not know", width),
                    dim,
                )));
            }
            if i == self.at {
                highlighted = rows.len();
            }
            rows.push(self.entry_row(entry, i == self.at, width, narrow, dim));
        }
        (rows, highlighted)
    }

    /// The row of `entry`, highlighted or not, in `width` columns (its
    /// shorter words when `narrow`).
    fn entry_row(
        &self,
        entry: Entry,
        at: bool,
        width: usize,
        narrow: bool,
        dim: Style,
    ) -> Line<'static> {
        let mut spans = vec![
            Span::raw(if at { " > " } else { "   " }),
            key(Title::key_of(entry)),
        ];
        match entry {
            Entry::Continue => {
                spans.push(Span::raw("continue: "));
                spans.push(Span::raw(self.menu.saved.clone().unwrap_or_default()));
            }
            Entry::NewRun => {
                spans.push(Span::raw(if narrow {
                    "a new run, seed "
                } else {
                    "a new run of ten depths, seed "
                }));
                match &self.typing {
                    Some(typed) => {
                        spans.push(Span::styled(
                            format!("{typed}_"),
                            Style::new().add_modifier(Modifier::UNDERLINED),
                        ));
                    }
                    None => {
                        spans.push(Span::raw(self.menu.seed.to_string()));
                        spans.push(Span::styled(
                            if narrow {
                                " (e: another)"
                            } else {
                                "  (e: type a seed)"
                            },
                            dim,
                        ));
                    }
                }
            }
            Entry::Lesson(n) => {
                let lesson = &self.menu.lessons[n];
                // The key's six columns, the mark's five.
                let room = width.saturating_sub(11).min(60);
                let trick = shortened(&lesson.trick, room);
                spans.push(Span::raw(format!("{trick:<room$}")));
                if lesson.won {
                    spans.push(Span::styled(" won", Style::new().fg(Color::LightGreen)));
                } else if lesson.saved {
                    spans.push(Span::styled(" left", dim));
                }
            }
            Entry::Watch => spans.push(Span::raw("watch the monsters alone")),
            Entry::Games => spans.push(Span::raw(if narrow {
                format!("play back a game ({})", self.menu.games.len())
            } else {
                format!(
                    "play back one of the last games ({})",
                    self.menu.games.len()
                )
            })),
            Entry::Scores => spans.push(Span::raw("the best scores")),
            Entry::Quit => spans.push(Span::raw("quit")),
        }
        let spans = fit(spans, width);
        if at {
            return Line::from(
                spans
                    .into_iter()
                    .map(|s| {
                        let style = s.style.add_modifier(Modifier::REVERSED);
                        s.style(style)
                    })
                    .collect::<Vec<_>>(),
            );
        }
        Line::from(spans)
    }

    /// The row of keys at the bottom for the page shown.
    fn hint(&self, narrow: bool) -> String {
        if let Some(note) = &self.note {
            return note.clone();
        }
        match self.page {
            Page::Menu if self.typing.is_some() => {
                "type the seed: Enter starts the run, Esc: not now".into()
            }
            Page::Menu if narrow => "k/j, Enter, an entry's key; ? help".into(),
            Page::Menu => "up/down or k/j, then Enter; or the key before an entry; ? help".into(),
            Page::Games { .. } => "up/down or k/j, Enter plays it back, Esc: back".into(),
            Page::Help { .. } if narrow => "j k scroll, other keys: back".into(),
            Page::Help { .. } => "j k or arrows scroll, space a page; other keys: back".into(),
            Page::Scores => "any key: back".into(),
        }
    }

    /// The page's heading, its rows and the highlighted row, in `area`.
    fn page_rows(&self, area: Rect) -> (String, Vec<Line<'static>>, usize) {
        match self.page {
            Page::Menu => {
                // A row each, the lessons' heading, the title and the hint.
                let compact = self.entries().len() as u16 + 3 > area.height;
                let width = area.width.min(WIDTH);
                let (rows, at) = self.menu_rows(width, compact);
                (String::new(), rows, at)
            }
            Page::Games { at } => {
                let rows = self
                    .menu
                    .games
                    .iter()
                    .enumerate()
                    .map(|(i, g)| {
                        let text = format!("{}{g}", if i == at { " > " } else { "   " });
                        let style = if i == at {
                            Style::new().add_modifier(Modifier::REVERSED)
                        } else {
                            Style::new()
                        };
                        Line::from(Span::styled(text, style))
                    })
                    .collect();
                ("The last games, newest first".into(), rows, at)
            }
            Page::Scores => {
                let rows: Vec<Line<'static>> = if self.menu.scores.is_empty() {
                    vec![Line::from(
                        "   No games recorded yet: a game's record is written when it ends.",
                    )]
                } else {
                    self.menu
                        .scores
                        .iter()
                        .map(|s| Line::from(s.clone()))
                        .collect()
                };
                ("The best games".into(), rows, 0)
            }
            Page::Help { .. } => (
                "How to win, and the keys".into(),
                help_rows(usize::from(area.width))
                    .into_iter()
                    .map(Line::from)
                    .collect(),
                0,
            ),
        }
    }
}

/// The keys of a game the title's help names, and what each does; the
/// keys are the key table's ([`keys_for`]), so the page stays true to it.
const HELP_KEYS: [(Intent, &str); 11] = [
    (Intent::Wait, "wait a turn"),
    (Intent::Look, "look: a cursor, and what you know of a cell"),
    (
        Intent::Sneak,
        "sneak: no sound, a turn more a step (again: stop)",
    ),
    (Intent::CloseDoor, "close an open door next to you"),
    (Intent::ThrowItem, "throw: a dart, a noise-maker"),
    (Intent::UseItem, "use an item: a potion, a scroll"),
    (Intent::Explore, "explore: walk to the unknown"),
    (Intent::TravelStairs, "take the stairs down, or go to them"),
    (Intent::Upstairs, "take the stairs up, or go to them"),
    (Intent::Help, "every key, in a game"),
    (Intent::Quit, "quit and save"),
];

/// The help's first row shown at most: on the smallest screen (its
/// rows most, at its narrowest, and its room least: all but the title,
/// the heading and the hint), its last row at the bottom. A larger
/// screen stops sooner (drawing keeps the last row at the bottom).
pub(super) fn help_last_top() -> usize {
    use crate::ui::widgets::{MIN_HEIGHT, MIN_WIDTH};
    let room = usize::from(MIN_HEIGHT) - 3;
    help_rows(usize::from(MIN_WIDTH)).len().saturating_sub(room)
}

/// How to win, as the help page says it.
const HOW_TO_WIN: &str = "A run: go down the stairs > to depth 10, take the Darkstar $, and \
carry it back up and out of depth 1's stairs <. A lesson: take its treasure $ to its \
stairs >. Monsters hunt you by what they saw, heard or were told.";

/// The help page's rows in `width` columns: how to win a run and a
/// lesson (wrapped), then the keys (a row each, cut with an ellipsis on
/// a narrow screen).
fn help_rows(width: usize) -> Vec<String> {
    let moves: Vec<String> = [
        Dir::W,
        Dir::S,
        Dir::N,
        Dir::E,
        Dir::NW,
        Dir::NE,
        Dir::SW,
        Dir::SE,
    ]
    .into_iter()
    .filter_map(|d| keys_for(Intent::Move(d), Mode::Play).into_iter().next())
    .collect();
    let room = width.saturating_sub(3).max(10);
    let mut rows = Vec::new();
    let mut line = String::new();
    for word in HOW_TO_WIN.split(' ') {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > room {
            rows.push(format!("   {line}"));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += word;
    }
    rows.push(format!("   {line}"));
    rows.push(String::new());
    let keys = std::iter::once((
        moves.join(" "),
        "move, or arrows; into a monster attacks it",
    ))
    .chain(
        HELP_KEYS
            .iter()
            .map(|&(intent, what)| (keys_for(intent, Mode::Play).join(" "), what)),
    );
    for (keys, what) in keys {
        rows.push(format!(
            "   {}",
            shortened(&format!("{keys:<17}{what}"), room)
        ));
    }
    rows
}

impl Widget for &Title {
    fn render(self, area: Rect, buf: &mut Buffer) {
        Clear.render(area, buf);
        if !crate::ui::widgets::fits(area) {
            return crate::ui::widgets::draw_too_small(area, buf);
        }
        let x = area.x + area.width.saturating_sub(WIDTH) / 2;
        let width = area.right().saturating_sub(x);
        let mut y = area.y;
        let (heading, rows, at) = self.page_rows(Rect::new(x, area.y, width, area.height));
        let hint_row = area.bottom() - 1;
        // Top to bottom: the title (and its line, room allowing), the
        // vignette on a tall screen, the rows (scrolled to keep the
        // highlight in view), the hint on the last row.
        let spare = area
            .height
            .saturating_sub(rows.len() as u16 + 2 + u16::from(!heading.is_empty()));
        let mut put = |y: &mut u16, line: &Line<'_>| {
            if *y < hint_row {
                buf.set_line(x, *y, line, width);
                *y += 1;
            }
        };
        let tall = spare >= 9 && self.page == Page::Menu;
        if spare >= 2 + 7 * u16::from(tall) {
            y += 1;
        }
        put(
            &mut y,
            &Line::from(Span::styled(
                "   $  D A R K S T A R  $",
                Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
            )),
        );
        if spare >= 4 {
            put(
                &mut y,
                &Line::from(
                    "   A* in the dark: monsters find their way by what their faction knows.",
                ),
            );
            y += 1;
        }
        if tall {
            for row in VIGNETTE {
                let spans: Vec<Span> = std::iter::once(Span::raw("      "))
                    .chain(
                        row.chars()
                            .map(|c| Span::styled(c.to_string(), vignette_style(c))),
                    )
                    .collect();
                put(&mut y, &Line::from(spans));
            }
            y += 1;
        }
        if !heading.is_empty() {
            put(
                &mut y,
                &Line::from(Span::styled(
                    format!("   {heading}"),
                    Style::new().add_modifier(Modifier::BOLD),
                )),
            );
        }
        let room = hint_row.saturating_sub(y) as usize;
        let first = match self.page {
            // Scrolled by its keys, never past its last row.
            Page::Help { top } => top.min(rows.len().saturating_sub(room)),
            // Scrolled to keep the highlight in view.
            _ => (at + 1).saturating_sub(room),
        };
        for row in rows.iter().skip(first).take(room) {
            put(&mut y, row);
        }
        buf.set_line(
            x,
            hint_row,
            &Line::from(Span::styled(
                format!(
                    "   {}",
                    shortened(&self.hint(width < WIDTH), usize::from(width) - 3)
                ),
                Style::new().fg(Color::DarkGray),
            )),
            width,
        );
    }
}
