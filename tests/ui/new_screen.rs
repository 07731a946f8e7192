//! A new screen is one file and one line that opens it: [`Compass`] is
//! defined here, outside the library, with nothing else changed; one line
//! (`app.open(...)`) opens it. Its keys reach it before the game's, the
//! keys it leaves go on down, it draws itself over the game, and the help
//! opened over it shows its keys, written from the key table.

use darkstar::map::geom::Dir;
use darkstar::ui::app::{Ask, Ctx, DrawCtx, Handled, Screen};
use darkstar::ui::keymap::{Command, Intent};
use darkstar::ui::paint::draw_box_at;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::*;

/// A compass in the map's corner: the move keys turn its needle, `q`
/// puts it away; every other key is the game's.
#[derive(Clone, Debug, Default)]
struct Compass {
    needle: Option<Dir>,
}

impl Screen for Compass {
    fn name(&self) -> &str {
        "compass"
    }

    fn handle(&mut self, intent: Intent, _: Ctx<'_>, asks: &mut Vec<Ask>) -> Handled {
        match intent {
            Intent::Move(d) => self.needle = Some(d),
            Intent::Quit => asks.push(Ask::Close),
            _ => return Handled::Ignored,
        }
        Handled::Used
    }

    fn draw(&self, dc: &DrawCtx<'_>, buf: &mut Buffer) {
        let line = format!("needle: {:?}", self.needle);
        let area = Rect::new(dc.map.x, dc.map.y, 20, 3).intersection(dc.map);
        draw_box_at(" Compass ", &[line], area, buf);
    }

    fn commands(&self, _: Mode) -> Vec<Command> {
        let moves = [Intent::Move(Dir::W), Intent::Move(Dir::E)];
        vec![
            Command::new(&moves, "turn the needle west / east"),
            Command::new(&[Intent::Quit], "put the compass away"),
        ]
    }
}

#[test]
fn a_new_screen_is_one_file_and_one_line() {
    let mut app = play_app();
    let at = app.game().floor().player().unwrap().pos();
    app.open(Box::new(Compass::default()));
    // Its keys first: a move turns the needle, and the player stays.
    app.handle(Intent::Move(Dir::E));
    assert_eq!(app.game().floor().player().unwrap().pos(), at);
    assert_eq!(app.screen::<Compass>().unwrap().needle, Some(Dir::E));
    // A key it leaves is the game's: a wait passes a turn.
    app.handle(Intent::Wait);
    assert_eq!(app.game().floor().turn(), 1);
    let drawn = screen(&mut app, 80, 24);
    assert!(drawn.contains("needle: Some(E)"), "{drawn}");
    // The help opened over it: its page of keys first, the game's next.
    app.handle(Intent::Help);
    let page = screen(&mut app, 80, 24);
    assert!(page.contains("Darkstar: compass keys (1/4)"), "{page}");
    assert!(page.contains("h l  turn the needle west / east"), "{page}");
    assert!(page.contains("q Esc  put the compass away"), "{page}");
    app.handle(Intent::Wait);
    assert!(screen(&mut app, 80, 24).contains("Darkstar: keys (2/4)"));
    app.handle(Intent::Quit);
    // Closed by its own key, it is gone; the game has its keys back.
    app.handle(Intent::Quit);
    assert!(app.screen::<Compass>().is_none());
    app.handle(Intent::Move(Dir::E));
    assert_ne!(
        app.game().floor().player().unwrap().pos(),
        at,
        "the player moves"
    );
}
