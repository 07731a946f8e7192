//! The pack's lists: `U` offers only what does something used (not the
//! darts or the noise-maker, which the game refuses to use), and the
//! list's title keeps its count whole at 60 columns.

use darkstar::content::level::Level;
use darkstar::map::geom::{Dir, Pos};
use darkstar::sim::Command;
use darkstar::ui::app::App;
use darkstar::ui::keymap::Intent;

use super::screen;
use crate::common::item;

/// A player in a room with `words` at its feet's east, picked up.
fn carrying(words: &[&str]) -> App {
    let level = Level::parse(
        "name: pack\nmap:\n############\n#@.........#\n#..........#\n############\n",
        "pack.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    for word in words {
        app.apply(Command::PutItem {
            at: Pos::new(2, 1),
            item: item(word),
        });
    }
    app.handle(Intent::Move(Dir::E));
    assert_eq!(app.game().floor().pack().len(), words.len());
    app
}

/// `U` lists the potion, not the dart or the noise-maker (whose letters
/// there pick nothing); with only those left it says so plainly and
/// opens no list; they are still listed to throw.
#[test]
fn the_use_list_offers_only_what_works_used() {
    let mut app = carrying(&["healing", "dart", "noise-maker"]);
    app.handle(Intent::UseItem);
    let list = screen(&mut app, 80, 14);
    assert!(list.contains("> a - ! a healing potion"), "{list}");
    assert!(!list.contains("- ( a noise-maker"), "{list}");
    assert!(!list.contains("- ( a dart"), "{list}");
    for letter in ['c', 'f'] {
        app.handle(Intent::Letter(letter));
        assert!(app.takes_letters(), "{letter} picks nothing");
    }
    assert_eq!(app.game().floor().turn(), 1, "no turn spent");
    app.handle(Intent::Letter('a'));
    assert!(!app.takes_letters(), "the potion used");
    assert_eq!(app.game().floor().pack().len(), 2);
    app.handle(Intent::UseItem);
    assert!(!app.takes_letters(), "no list");
    assert_eq!(
        app.log().last().unwrap(),
        "You have nothing to use: none of your items does anything used."
    );
    app.handle(Intent::ThrowItem);
    let list = screen(&mut app, 80, 14);
    assert!(
        list.contains("c - ( a noise-maker") && list.contains("f - ( a dart"),
        "{list}"
    );
}

/// At 60 columns the list's title is whole ("Pack 2/26. Use which?"),
/// the keys under the list; at 80 they are in the title.
#[test]
fn the_pack_title_fits_at_60_columns() {
    let mut app = carrying(&["healing", "dart"]);
    for (intent, verb) in [(Intent::UseItem, "Use"), (Intent::DropItem, "Drop")] {
        app.handle(intent);
        let narrow = screen(&mut app, 60, 14);
        let title = format!(" Pack 2/26. {verb} which? ");
        assert!(narrow.contains(&title), "{title:?} cut:\n{narrow}");
        assert!(
            narrow.contains("letter, or arrows and Enter; Esc: none"),
            "the keys:\n{narrow}"
        );
        let wide = screen(&mut app, 80, 14);
        assert!(
            wide.contains(&format!(
                " Pack 2/26. {verb} which? (letter, or arrows and Enter; Esc: none) "
            )),
            "{wide}"
        );
        app.handle(Intent::Quit);
    }
}
