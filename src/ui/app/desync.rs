//! A replay played back that parted from its recording, as a screen:
//! opened where playback stopped, it says so in red in the status row and
//! in a box, and keeps the watched game still. It passes on every key but
//! space (the rest still show the game as it stopped: overlays, the
//! inspector, quit), and says that playback cannot go on rather than
//! seeming to run.

use ratatui::buffer::Buffer;
use ratatui::style::{Color, Style};

use super::App;
use super::screen::{Ask, Ctx, DrawCtx, Handled, Screen};
use crate::ui::keymap::{Command, Intent};
use crate::ui::mode::Mode;
use crate::ui::paint::{draw_box, status_row};

/// Where playback parted from the recording, while shown.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Desynced;

impl Screen for Desynced {
    fn name(&self) -> &str {
        "desync"
    }

    fn handle(&mut self, intent: Intent, _: Ctx<'_>, asks: &mut Vec<Ask>) -> Handled {
        match intent {
            Intent::TogglePause => {
                asks.push(Ask::Say("Playback stopped at the desync.".to_string()));
                Handled::Used
            }
            _ => Handled::Ignored,
        }
    }

    /// The desync in red over the status row, and in a box.
    fn draw(&self, dc: &DrawCtx<'_>, buf: &mut Buffer) {
        let Some(d) = dc.app.desync() else { return };
        let line = App::desync_text(d);
        let alarm = Style::default().fg(Color::White).bg(Color::Red);
        status_row(&line, alarm, dc.status, buf);
        draw_box(
            " Replay out of sync ",
            &[
                line.as_str(),
                "",
                "Playback stopped on this turn: the game no longer",
                "matches the recording. q: quit",
            ],
            dc.area,
            buf,
        );
    }

    fn commands(&self, _: Mode) -> Vec<Command> {
        vec![Command::new(
            &[Intent::TogglePause],
            "playback stopped here: it cannot go on",
        )]
    }

    fn stills_the_game(&self) -> bool {
        true
    }
}
