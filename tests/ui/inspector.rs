//! The search inspector: stepping through a monster's recorded search, the
//! field figure and the A*, the viewed faction's monsters only.

use super::*;

/// The inspector records the selected monster's search and steps through
/// it; the game waits meanwhile.
#[test]
fn the_inspector_steps_through_a_monsters_search() {
    let mut app = figure1();
    app.handle(Intent::Inspect);
    let total = app.inspector().expect("open").trace.expansions();
    assert!(total > 5, "{total}");
    assert_eq!(app.inspector().unwrap().shown, 0);
    app.handle(Intent::InspectStep(1));
    app.handle(Intent::InspectStep(10));
    assert_eq!(app.inspector().unwrap().shown, 11.min(total));
    app.handle(Intent::InspectStep(-100));
    assert_eq!(app.inspector().unwrap().shown, 0);
    app.tick();
    assert_eq!(
        app.game().floor().turn(),
        0,
        "the game waits while inspecting"
    );
    app.handle(Intent::Inspect);
    assert!(app.inspector().is_none());
}

#[test]
fn snapshot_inspector() {
    let mut app = figure1();
    app.handle(Intent::Inspect);
    app.handle(Intent::InspectStep(4));
    let stepping = screen(&mut app, 60, 14);
    app.handle(Intent::Zoom);
    let zoomed = screen(&mut app, 60, 14);
    app.handle(Intent::Zoom);
    app.handle(Intent::InspectStep(1000));
    let done = screen(&mut app, 60, 14);
    crate::golden::snapshot!(format!("{stepping}\n{zoomed}\n{done}"));
}

/// The inspector on a field-planning monster shows its faction's field
/// grown from the target, step by step, and `a` switches to the
/// monster's own A* (each keeping its step) and back; a monster with its
/// own A* has no field to switch to.
#[test]
fn snapshot_inspector_on_a_field_monster() {
    use darkstar::path::field_trace::FieldEvent;
    use darkstar::ui::app::Figure;
    use ratatui::style::Color;
    for mode in [Mode::Watch, Mode::Play] {
        let a = intent_for(key(KeyCode::Char('a')), mode);
        assert_eq!(a, Some(Intent::InspectFigure), "{mode:?}");
    }
    let mut app = dungeon();
    for _ in 0..6 {
        app.step();
    }
    app.handle(Intent::Inspect);
    let i = app.inspector().expect("open");
    assert_eq!(
        i.figure,
        Figure::Field,
        "a field monster shows its field first"
    );
    let field = i.field.clone().expect("a field trace");
    let m = &app.game().floor().monsters()[i.monster as usize];
    assert_eq!(
        (field.target, field.start),
        (m.plan().goal().unwrap(), m.pos())
    );
    let total = field.expansions();
    assert!(total > 30, "{total}");
    // The view over the target and the monster.
    app.handle(Intent::Inspect);
    let (t, s) = (field.target, field.start);
    app.handle(Intent::Scroll(t.x.min(s.x) - 10, t.y.min(s.y) - 2));
    app.handle(Intent::Inspect);
    app.handle(Intent::InspectStep(10));
    app.handle(Intent::InspectStep(10));
    app.handle(Intent::InspectStep(1));
    assert_eq!(app.inspector().unwrap().field_shown, 21);
    assert_eq!(app.inspector().unwrap().shown, 0);
    let stepping = screen(&mut app, 90, 56);
    // Colours: the cells expanded so far blue (the last yellow), the
    // frontier green, as the record has them after 21 expansions.
    let mut closed = Vec::new();
    let mut open = std::collections::BTreeSet::new();
    for e in &field.events {
        match *e {
            FieldEvent::Expanded { at, .. } if closed.len() < 21 => {
                open.remove(&(at.x, at.y));
                closed.push(at);
            }
            FieldEvent::Expanded { .. } => break,
            FieldEvent::Opened { at, .. } => {
                open.insert((at.x, at.y));
            }
        }
    }
    let area = ratatui::layout::Rect::new(0, 0, 90, 56);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    ratatui::widgets::Widget::render(&app, area, &mut buf);
    let cam = app.camera();
    // The map is the top 48 rows (2 for the legend, 6 for the status
    // and the log).
    let in_view = |p: Pos| (0..90).contains(&(p.x - cam.x)) && (0..48).contains(&(p.y - cam.y));
    let bg = |p: Pos| buf[((p.x - cam.x) as u16, (p.y - cam.y) as u16)].bg;
    assert_eq!(bg(field.target), Color::LightMagenta);
    let mut seen = 0;
    for (k, &p) in closed
        .iter()
        .enumerate()
        .skip(1)
        .filter(|(_, p)| in_view(**p))
    {
        let want = if k == 20 { Color::Yellow } else { Color::Blue };
        assert_eq!(bg(p), want, "expanded cell {p}");
        seen += 1;
    }
    for p in open
        .iter()
        .map(|&(x, y)| Pos::new(x, y))
        .filter(|&p| in_view(p))
    {
        assert_eq!(bg(p), Color::Green, "queued cell {p}");
        seen += 1;
    }
    assert!(seen > 20, "{seen} cells of the search in view");
    assert!(
        stepping.contains(&format!("expansion 21/{total}, frontier ")),
        "{stepping}"
    );
    app.handle(Intent::Zoom);
    let zoomed = screen(&mut app, 90, 56);
    assert!(zoomed.contains("settled") && zoomed.contains("queued"));
    app.handle(Intent::Zoom);
    app.handle(Intent::InspectStep(1_000_000));
    let done = screen(&mut app, 90, 56);
    assert!(done.contains("its cell "), "{done}");
    app.handle(Intent::InspectFigure);
    assert_eq!(app.inspector().unwrap().figure, Figure::AStar);
    app.handle(Intent::InspectStep(3));
    assert_eq!(app.inspector().unwrap().shown, 3);
    assert_eq!(app.inspector().unwrap().field_shown, total);
    let astar = screen(&mut app, 90, 56);
    assert!(astar.contains("expansion 3/"), "{astar}");
    app.handle(Intent::InspectFigure);
    assert_eq!(app.inspector().unwrap().figure, Figure::Field);
    crate::golden::snapshot!(format!("{stepping}\n{zoomed}\n{done}\n{astar}"));

    let mut app = figure1();
    app.handle(Intent::Inspect);
    app.handle(Intent::InspectFigure);
    let i = app.inspector().unwrap();
    assert!(i.field.is_none());
    assert_eq!(i.figure, Figure::AStar);
    assert!(app.log().last().unwrap().contains("no field"));
}

/// The inspector opens on the viewed faction's monsters only (`m` stays
/// among them), centres the view on the one it opens on, and says so when
/// that faction has none to inspect.
#[test]
fn the_inspector_inspects_the_viewed_faction_and_centres_on_it() {
    let mut app = App::new(&level("cave.txt"), 1).unwrap();
    app.step();
    app.handle(Intent::NextFaction);
    assert_eq!(app.faction(), 1);
    drawn(&mut app, 80, 24);
    app.handle(Intent::ToggleFollow); // Centring is not following.
    app.handle(Intent::Inspect);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..8 {
        let buf = drawn(&mut app, 80, 24);
        let i = app.inspector().expect("open");
        let m = &app.game().floor().monsters()[i.monster as usize];
        assert_eq!(m.faction(), 1, "a scout, over the scouts' knowledge");
        seen.insert(i.monster);
        let cam = app.camera();
        // The view (80 x 18, the map 120 x 60) centred on it, on the map.
        let want = Pos::new((m.pos().x - 40).clamp(0, 40), (m.pos().y - 9).clamp(0, 42));
        assert_eq!(cam, want, "centred on {}", m.pos());
        let s = ((m.pos().x - cam.x) as u16, (m.pos().y - cam.y) as u16);
        assert_eq!(buf[s].symbol(), "S", "the search's start, the monster");
        app.handle(Intent::NextMonster(1));
    }
    assert!(seen.len() > 1, "m cycles: {seen:?}");
    // `M` goes back the way `m` came.
    let at = app.inspector().unwrap().monster;
    app.handle(Intent::NextMonster(1));
    assert_ne!(app.inspector().unwrap().monster, at);
    app.handle(Intent::NextMonster(-1));
    assert_eq!(app.inspector().unwrap().monster, at, "m then M");
    app.handle(Intent::Inspect);
    // A faction with nowhere to go has nothing to inspect.
    let mut l = level("dead-end.txt");
    l.factions[0].goal = None;
    let mut app = App::new(&l, 1).unwrap();
    app.handle(Intent::Inspect);
    assert!(app.inspector().is_none());
    let said = app.log().last().unwrap().clone();
    assert!(said.contains("No blind monster"), "{said}");
}

/// `e` runs the search to its end at once (every expansion, the path), `E`
/// back to its start.
#[test]
fn snapshot_inspector_run_to_end() {
    for mode in [Mode::Watch, Mode::Play] {
        assert_eq!(
            intent_for(key(KeyCode::Char('e')), mode),
            Some(Intent::InspectEnd(true))
        );
        assert_eq!(
            intent_for(key(KeyCode::Char('E')), mode),
            Some(Intent::InspectEnd(false))
        );
    }
    let mut app = figure1();
    app.handle(Intent::Inspect);
    let total = app.inspector().unwrap().trace.expansions();
    app.handle(Intent::InspectEnd(true));
    assert_eq!(app.inspector().unwrap().shown, total);
    let text = screen(&mut app, 80, 24);
    assert!(
        text.contains(&format!("expansion {total}/{total}")),
        "{text}"
    );
    assert!(text.contains("path "), "{text}");
    app.handle(Intent::InspectEnd(false));
    assert_eq!(app.inspector().unwrap().shown, 0);
    crate::golden::snapshot!(text);
    // A field monster: its field to the end, then its A* to the end.
    let mut app = dungeon();
    app.step();
    app.handle(Intent::Inspect);
    app.handle(Intent::InspectEnd(true));
    let i = app.inspector().unwrap();
    assert_eq!(i.field_shown, i.field.as_ref().unwrap().expansions());
    app.handle(Intent::InspectFigure);
    app.handle(Intent::InspectEnd(true));
    let i = app.inspector().unwrap();
    assert_eq!(i.shown, i.trace.expansions());
}
