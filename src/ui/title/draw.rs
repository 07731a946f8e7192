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

fn key(c: char) -> Span<'static> {
    Span::styled(
        format!("{c}  "),
        Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
    )
}

impl Title {
    /// Each row of the menu page and which of them is highlighted.
    fn menu_rows(&self) -> (Vec<Line<'static>>, usize) {
        let mut rows = Vec::new();
        let mut highlighted = 0;
        let dim = Style::new().fg(Color::DarkGray);
        for (i, entry) in self.entries().into_iter().enumerate() {
            if entry == Entry::Lesson(0) {
                rows.push(Line::from(Span::styled(
                    "   lessons: win by what the monsters do not know",
                    dim,
                )));
            }
            let mut spans = vec![
                Span::raw(if i == self.at { " > " } else { "   " }),
                key(Title::key_of(entry)),
            ];
            match entry {
                Entry::Continue => {
                    spans.push(Span::raw("continue: "));
                    spans.push(Span::raw(self.menu.saved.clone().unwrap_or_default()));
                }
                Entry::NewRun => {
                    spans.push(Span::raw("a new run of ten depths, seed "));
                    match &self.typing {
                        Some(typed) => {
                            spans.push(Span::styled(
                                format!("{typed}_"),
                                Style::new().add_modifier(Modifier::UNDERLINED),
                            ));
                        }
                        None => {
                            spans.push(Span::raw(self.menu.seed.to_string()));
                            spans.push(Span::styled("  (e: type a seed)", dim));
                        }
                    }
                }
                Entry::Lesson(n) => {
                    let lesson = &self.menu.lessons[n];
                    spans.push(Span::raw(format!("{:<60}", lesson.trick)));
                    if lesson.won {
                        spans.push(Span::styled(" won", Style::new().fg(Color::LightGreen)));
                    } else if lesson.saved {
                        spans.push(Span::styled(" left", dim));
                    }
                }
                Entry::Watch => spans.push(Span::raw("watch the monsters alone")),
                Entry::Games => spans.push(Span::raw(format!(
                    "play back one of the last games ({})",
                    self.menu.games.len()
                ))),
                Entry::Scores => spans.push(Span::raw("the best scores")),
                Entry::Quit => spans.push(Span::raw("quit")),
            }
            if i == self.at {
                highlighted = rows.len();
                spans = spans
                    .into_iter()
                    .map(|s| {
                        let style = s.style.add_modifier(Modifier::REVERSED);
                        s.style(style)
                    })
                    .collect();
            }
            rows.push(Line::from(spans));
        }
        (rows, highlighted)
    }

    /// The row of keys at the bottom for the page shown.
    fn hint(&self) -> String {
        if let Some(note) = &self.note {
            return note.clone();
        }
        match self.page {
            Page::Menu if self.typing.is_some() => {
                "type the seed: Enter starts the run, Esc: not now".into()
            }
            Page::Menu => "up/down or k/j, then Enter; or the key before an entry".into(),
            Page::Games { .. } => "up/down or k/j, Enter plays it back, Esc: back".into(),
            Page::Scores => "any key: back".into(),
        }
    }

    fn page_rows(&self) -> (String, Vec<Line<'static>>, usize) {
        match self.page {
            Page::Menu => {
                let (rows, at) = self.menu_rows();
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
        }
    }
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
        let (heading, rows, at) = self.page_rows();
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
        let first = (at + 1).saturating_sub(room);
        for row in rows.iter().skip(first).take(room) {
            put(&mut y, row);
        }
        buf.set_line(
            x,
            hint_row,
            &Line::from(Span::styled(
                format!("   {}", self.hint()),
                Style::new().fg(Color::DarkGray),
            )),
            width,
        );
    }
}
