//! The threat colours: `P` chooses the colour-blind-safe palette, in
//! which no two threat levels are a red and a green, and the deadliest is
//! underlined too (a cue that is not a colour); the map and the row of
//! monsters in view draw what the palette says.

use darkstar::content::level::Level;
use darkstar::ui::app::App;
use darkstar::ui::app::threat::{Palette, Threat, threat_of};
use darkstar::ui::keymap::Intent;
use ratatui::style::{Color, Modifier};

use super::drawn;

const THREATS: [Threat; 5] = [
    Threat::Harmless,
    Threat::Weak,
    Threat::Fair,
    Threat::Dangerous,
    Threat::Deadly,
];

/// A colour's red, green and blue, as xterm draws it (the basic sixteen
/// as xterm's defaults, the 256's cube and greys).
fn rgb(c: Color) -> (f64, f64, f64) {
    let basic = [
        (0, 0, 0),
        (205, 0, 0),
        (0, 205, 0),
        (205, 205, 0),
        (0, 0, 238),
        (205, 0, 205),
        (0, 205, 205),
        (229, 229, 229),
        (127, 127, 127),
        (255, 0, 0),
        (0, 255, 0),
        (255, 255, 0),
        (92, 92, 255),
        (255, 0, 255),
        (0, 255, 255),
        (255, 255, 255),
    ];
    let index = match c {
        Color::Black => 0,
        Color::Red => 1,
        Color::Green => 2,
        Color::Yellow => 3,
        Color::Blue => 4,
        Color::Magenta => 5,
        Color::Cyan => 6,
        Color::Gray => 7,
        Color::DarkGray => 8,
        Color::LightRed => 9,
        Color::LightGreen => 10,
        Color::LightYellow => 11,
        Color::LightBlue => 12,
        Color::LightMagenta => 13,
        Color::LightCyan => 14,
        Color::White => 15,
        Color::Indexed(i) => i,
        Color::Rgb(r, g, b) => return (r.into(), g.into(), b.into()),
        // The terminal's own (Reset): no colour of the palette's.
        _ => return (0.0, 0.0, 0.0),
    };
    let (r, g, b) = match index {
        0..=15 => basic[usize::from(index)],
        16..=231 => {
            let level = |v: u8| if v == 0 { 0 } else { 55 + 40 * v };
            let i = index - 16;
            (level(i / 36), level(i / 6 % 6), level(i % 6))
        }
        _ => {
            let v = 8 + 10 * (index - 232);
            (v, v, v)
        }
    };
    (r.into(), g.into(), b.into())
}

/// Red or green as a red-green colour-blind eye cannot tell them: a
/// saturated colour whose hue is red's (past magenta to short of
/// orange) or green's (yellow-green to green-cyan).
#[derive(Debug, PartialEq)]
enum Confusable {
    Red,
    Green,
    Neither,
}

fn confusable(c: Color) -> Confusable {
    let (r, g, b) = rgb(c);
    let (max, min) = (r.max(g).max(b), r.min(g).min(b));
    if max == 0.0 || (max - min) / max < 0.4 {
        return Confusable::Neither;
    }
    let d = max - min;
    let hue = if max == r {
        (60.0 * (g - b) / d).rem_euclid(360.0)
    } else if max == g {
        60.0 * (b - r) / d + 120.0
    } else {
        60.0 * (r - g) / d + 240.0
    };
    match hue {
        h if !(15.0..340.0).contains(&h) => Confusable::Red,
        h if (75.0..=165.0).contains(&h) => Confusable::Green,
        _ => Confusable::Neither,
    }
}

fn colour(t: Threat, p: Palette) -> Color {
    t.style(p).fg.expect("a colour")
}

#[test]
fn the_safe_palette_has_no_red_against_green_and_underlines_the_deadliest() {
    let pairs = |p: Palette| {
        let kinds: Vec<Confusable> = THREATS.iter().map(|&t| confusable(colour(t, p))).collect();
        kinds.contains(&Confusable::Red) && kinds.contains(&Confusable::Green)
    };
    // The test sees the standard palette's pair (green harmless, light
    // red deadly), so its not seeing one in the safe palette counts.
    assert!(pairs(Palette::Standard));
    assert!(!pairs(Palette::Safe));
    // Every level its own colour, and the deadliest's second cue.
    for (i, &a) in THREATS.iter().enumerate() {
        for &b in &THREATS[i + 1..] {
            assert_ne!(colour(a, Palette::Safe), colour(b, Palette::Safe));
        }
    }
    for t in THREATS {
        let underlined = t
            .style(Palette::Safe)
            .add_modifier
            .contains(Modifier::UNDERLINED);
        assert_eq!(underlined, t == Threat::Deadly, "{t:?}");
    }
}

/// A troll that kills in a blow and a rat that needs dozens, in view.
fn menagerie() -> App {
    let level = Level::parse(
        "name: menagerie\n\
         faction: trolls glyph=T one=troll sight=12 hostile damage=6d6+30\n\
         faction: rats glyph=r one=rat sight=12 hostile damage=1d1\nmap:\n\
         ########\n#T....@#\n#r.....#\n########\n",
        "menagerie.txt".as_ref(),
    )
    .unwrap();
    App::play(&level, 3).unwrap()
}

/// Where `glyph` is drawn in `buf`, first from the top.
fn find(buf: &ratatui::buffer::Buffer, glyph: &str) -> (u16, u16) {
    let area = buf.area;
    (0..area.height)
        .flat_map(|y| (0..area.width).map(move |x| (x, y)))
        .find(|&p| buf[p].symbol() == glyph)
        .unwrap_or_else(|| panic!("no {glyph} drawn"))
}

#[test]
fn p_draws_the_map_and_the_row_in_view_in_the_safe_palette() {
    let mut app = menagerie();
    let floor = app.game().floor();
    let id = |g: char| {
        let m = floor
            .monsters()
            .iter()
            .find(|m| floor.kind_of(m).glyph == g)
            .unwrap();
        m.id()
    };
    let (troll, rat) = (id('T'), id('r'));
    assert_eq!(threat_of(app.game(), troll), Threat::Deadly);
    assert_eq!(threat_of(app.game(), rat), Threat::Weak);
    let buf = drawn(&mut app, 80, 24);
    let t = &buf[find(&buf, "T")];
    assert_eq!(t.fg, Color::LightRed);
    assert!(!t.modifier.contains(Modifier::UNDERLINED));
    app.handle(Intent::Palette);
    assert_eq!(app.palette(), Palette::Safe);
    let buf = drawn(&mut app, 80, 24);
    // The map.
    let t = &buf[find(&buf, "T")];
    assert_eq!(t.fg, colour(Threat::Deadly, Palette::Safe));
    assert!(t.modifier.contains(Modifier::UNDERLINED));
    let r = &buf[find(&buf, "r")];
    assert_eq!(r.fg, colour(Threat::Weak, Palette::Safe));
    // The row of monsters in view says "deadly" in the same colour.
    let row = (0..24u16)
        .find(|&y| super::row(&buf, y).contains("In view"))
        .expect("the row of monsters in view");
    let text = super::row(&buf, row);
    let x = text.find("deadly").expect("the troll's word") as u16;
    assert_eq!(buf[(x, row)].fg, colour(Threat::Deadly, Palette::Safe));
    // No cell of the screen draws a red-green pair of threats.
    let greens = (0..24u16)
        .flat_map(|y| (0..80u16).map(move |x| (x, y)))
        .filter(|&p| buf[p].symbol() != " " && confusable(buf[p].fg) == Confusable::Green)
        .count();
    assert_eq!(greens, 0, "nothing green beside the deadly troll");
    // `P` again: the standard colours back, and the log said each.
    app.handle(Intent::Palette);
    assert_eq!(app.palette(), Palette::Standard);
    assert!(app.log().any(|l| l.contains("colour-blind safe")));
}
