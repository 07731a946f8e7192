//! Watching: the combined view, the overlays, the legend, the camera, the
//! status rows at 80 columns, the end of a watched game.

use super::*;

#[test]
fn snapshot_watch() {
    let mut app = dungeon();
    for _ in 0..12 {
        app.step();
    }
    crate::golden::snapshot!(screen(&mut app, 90, 48));
}

#[test]
fn snapshot_watch_with_a_faction_overlay() {
    let mut app = App::new(&level("dead-end.txt"), 1).unwrap();
    for _ in 0..12 {
        app.step();
    }
    app.handle(Intent::Show(Overlay::Knowledge));
    crate::golden::snapshot!(screen(&mut app, 60, 16));
}

#[test]
fn snapshot_danger_and_claims() {
    let mut app = App::new(&level("deadly-pass.txt"), 1).unwrap();
    app.step();
    app.handle(Intent::Show(Overlay::Claims));
    let claims = screen(&mut app, 60, 20);
    app.handle(Intent::Show(Overlay::Danger));
    let danger = screen(&mut app, 60, 20);
    crate::golden::snapshot!(format!("{claims}\n{danger}"));
}

/// Field-planning monsters' routes on the knowledge overlay are read off
/// their faction's field from their cell (their plan is only their next
/// step): each drawn route is `Field::route` from the step it chose, and
/// the overlay shows them as far as they go, through unknown ground too.
#[test]
fn snapshot_knowledge_overlay_draws_field_routes() {
    let mut app = dungeon();
    for _ in 0..12 {
        app.step();
    }
    app.handle(Intent::Show(Overlay::Knowledge));
    let game = app.game();
    let f = &game.floor().factions()[0];
    let routed: Vec<_> = game
        .floor()
        .monsters()
        .iter()
        .filter(|m| m.is_here() && m.faction() == 0 && !m.is_player())
        .filter(|m| m.plan().kind() == darkstar::path::Replanner::Field)
        .filter_map(|m| {
            let field = f.fields().get(m.plan().goal()?)?;
            let from = *m.plan().remaining().last()?;
            Some(field.route(f.knowledge(), from, 4096))
        })
        .collect();
    assert!(!routed.is_empty(), "the first faction plans with fields");
    let (w, h) = (90u16, 48u16);
    let text = screen(&mut app.clone(), w, h);
    let rows: Vec<Vec<char>> = text
        .lines()
        .map(|l| l.trim_matches('"').chars().collect())
        .collect();
    // Each route's cells in view, past its first two, are drawn as plan
    // cells unless a monster or a goal stands there.
    let mut checked = 0;
    for route in &routed {
        for &p in route.iter().skip(2) {
            let (x, y) = (p.x as usize, p.y as usize);
            if x >= w as usize
                || y >= (h - 6) as usize
                || game.floor().world().occupant(p).is_some()
            {
                continue;
            }
            if f.spec().goal == Some(p) {
                continue;
            }
            assert_eq!(rows[y][x], '*', "route cell {p} of {route:?}");
            checked += 1;
        }
    }
    assert!(checked > 20, "only {checked} route cells in view");
    crate::golden::snapshot!(text);
}

/// The danger overlay on `deadly-pass.txt` after the first raider died in
/// the pass: the cell of the death red (two floor steps of danger), its
/// outer ring yellow (half a floor step), the one-cell corridor of the way
/// round blue (chokepoints: a tenth of a floor step each, shown apart from
/// the dead), open floor unmarked.
#[test]
fn the_danger_overlay_shows_chokepoints_apart_from_the_dead() {
    use darkstar::sim::Presence;
    use ratatui::style::Color;
    let mut app = App::new(&level("deadly-pass.txt"), 1).unwrap();
    let died = |app: &App| {
        app.game()
            .floor()
            .monsters()
            .iter()
            .find(|m| matches!(m.presence(), Presence::Dead(_)))
            .map(|m| m.pos())
    };
    for _ in 0..50 {
        if died(&app).is_some() {
            break;
        }
        app.step();
    }
    let death = died(&app).expect("a raider died in the pass");
    app.handle(Intent::Show(Overlay::Danger));
    let area = ratatui::layout::Rect::new(0, 0, 80, 30);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    ratatui::widgets::Widget::render(&app, area, &mut buf);
    let cam = app.camera();
    let bg = |p: Pos| buf[((p.x - cam.x) as u16, (p.y - cam.y) as u16)].bg;
    let corridor = Pos::new(30, 1);
    let raiders = app.game().floor().factions()[0].knowledge().influence();
    assert!(raiders.is_choke(corridor) && raiders.danger(corridor) == 0);
    assert_eq!(bg(corridor), Color::Blue, "a chokepoint");
    assert_eq!(bg(death), Color::Red, "where a raider died");
    assert_eq!(bg(Pos::new(death.x - 3, death.y + 3)), Color::Yellow);
    assert_eq!(bg(Pos::new(5, 5)), Color::Reset, "open floor");
}

#[test]
fn watch_opens_at_two_turns_a_second_on_the_combined_view() {
    let mut app = dungeon();
    assert_eq!(app.speed(), Speed::PerSecond(2));
    assert_eq!(app.overlay(), Overlay::Combined);
    assert!(app.following());
    // `T` shows the pure true map, and again the combined view.
    let t = intent_for(key(KeyCode::Char('T')), Mode::Watch);
    assert_eq!(t, Some(Intent::Show(Overlay::None)));
    app.handle(t.unwrap());
    assert_eq!(app.overlay(), Overlay::None);
    app.handle(t.unwrap());
    assert_eq!(app.overlay(), Overlay::Combined);
    app.handle(Intent::Show(Overlay::Knowledge));
    app.handle(Intent::Show(Overlay::Knowledge));
    assert_eq!(app.overlay(), Overlay::Combined, "a second press goes back");
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("true map+plans of blind"), "{text}");
    // Playing, the default stays the player's own view.
    let play = play_app();
    assert_eq!(play.overlay(), Overlay::None);
    // Playing, `t` throws, and `T` is the same key as in watch: no
    // overlay (the player's own view), after `V`.
    assert_eq!(
        intent_for(key(KeyCode::Char('t')), Mode::Play),
        Some(Intent::ThrowItem)
    );
    assert_eq!(intent_for(key(KeyCode::Char('T')), Mode::Play), t);
}

/// The combined view on Dead-end alley: the blind (sight 0) plan
/// straight through the wall they have not found (`*` on grey where the
/// truth is `#`); walls they have not found are drawn dim on grey, known
/// cells plain.
#[test]
fn snapshot_combined_watch_view() {
    use ratatui::style::Color;
    let mut app = App::new(&level("dead-end.txt"), 1).unwrap();
    for _ in 0..6 {
        app.step();
    }
    let buf = drawn(&mut app, 80, 24);
    let wall = Pos::new(11, 2);
    assert_eq!(
        app.game().floor().world().get(wall),
        Some(darkstar::map::terrain::Terrain::Wall)
    );
    // The plan goes through the unknown wall, which stays a `#` (in the
    // plan's colour, the `*` before it's) on the unknown's grey.
    let cell = &buf[(11, 2)];
    let plan = &buf[(10, 2)];
    assert_eq!(
        (cell.symbol(), cell.fg, cell.bg),
        ("#", plan.fg, Color::DarkGray),
        "the plan through the unknown wall"
    );
    assert_eq!(plan.symbol(), "*");
    assert_ne!(plan.fg, Color::Black, "not an unknown wall's colour");
    let corner = &buf[(0, 0)];
    assert_eq!(
        (corner.symbol(), corner.fg, corner.bg),
        ("#", Color::Black, Color::DarkGray),
        "an undiscovered wall, dim on grey"
    );
    let b = app.game().floor().monsters()[0].pos();
    let (x, y) = (b.x as u16, b.y as u16);
    assert_eq!(buf[(x, y)].symbol(), "b");
    assert!(app.game().floor().factions()[0].knowledge().is_known(b));
    let start = Pos::new(1, 1);
    assert_eq!(buf[(1, 1)].bg, Color::Reset, "{start}: known, plain");
    crate::golden::snapshot!(screen(&mut app, 80, 24));
}

/// A bump flashes and the frame after the replan draws the new plan: the
/// wall bumped into is no longer on it, and every cell of the new plan in
/// view is drawn in the plan's colour (`*`, or `#` where it goes through
/// another wall the faction has not found).
#[test]
fn the_frame_after_a_bump_draws_the_new_plan() {
    use ratatui::style::Color;
    let mut app = App::new(&level("dead-end.txt"), 1).unwrap();
    let mut turns = 0;
    while !app.log().any(|l| l.contains("bumps into")) {
        app.step();
        turns += 1;
        assert!(turns < 50, "no bump");
    }
    let buf = drawn(&mut app, 80, 24);
    let &(flash, _) = app.flashes().last().unwrap();
    assert_eq!(buf[(flash.x as u16, flash.y as u16)].bg, Color::Red);
    let m = &app.game().floor().monsters()[0];
    let plan = m.plan().remaining();
    assert!(plan.len() > 2, "{plan:?}");
    assert!(!plan.contains(&flash), "the new plan avoids the wall");
    use darkstar::map::terrain::Terrain;
    // The plan's colour: its first step's, on floor.
    let plan_colour = buf[(plan[1].x as u16, plan[1].y as u16)].fg;
    assert_ne!(plan_colour, Color::Black, "an unknown wall's colour");
    for &p in plan.iter().skip(1) {
        if app.game().floor().factions()[0].spec().goal == Some(p) {
            continue;
        }
        // A wall the faction has not found keeps its glyph, in the plan's
        // colour.
        let wall = app.game().floor().world().get(p) == Some(Terrain::Wall);
        let cell = &buf[(p.x as u16, p.y as u16)];
        let want = if wall { "#" } else { "*" };
        assert_eq!(cell.symbol(), want, "plan cell {p}");
        assert_eq!(cell.fg, plan_colour, "plan cell {p}");
    }
}

/// The legend is on screen in watch at 80x24 on every level: each glyph
/// and the viewed faction (sight, planner, unknown cost); beside the map
/// on a small level (which it does not cover), under it on a wide one.
#[test]
fn the_legend_is_always_on_screen_in_watch() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".txt"))
        .collect();
    names.sort();
    assert!(names.len() >= 5);
    for name in names {
        let mut app = App::new(&level(&name), 1).unwrap();
        app.step();
        let text = screen(&mut app, 80, 24);
        let f = app.game().floor().factions()[app.faction()].spec();
        let planner = match f.planner {
            darkstar::path::Replanner::AStar => "A*",
            darkstar::path::Replanner::DStarLite => "D* Lite",
            darkstar::path::Replanner::Field => "field",
        };
        for want in [
            "floor 1", "road .7", "plan", "goal", "unknown", "bump", planner,
        ] {
            assert!(text.contains(want), "{name}: no {want:?}\n{text}");
        }
        assert!(
            text.contains("sight ") || text.contains("knows map"),
            "{name}\n{text}"
        );
        assert!(
            text.contains(&format!("{} {}", f.glyph(), f.name)),
            "{name}\n{text}"
        );
        // The level's top-left corner is drawn: the legend hides none of
        // a small level.
        let buf = drawn(&mut app, 80, 24);
        let w = app.game().floor().world().terrain().width() as u16;
        if w + 28 <= 80 {
            for x in 0..w {
                let drawn = buf[(x, 0)].symbol();
                assert_ne!(drawn, " ", "{name}: top row at {x}");
            }
        }
    }
    let mut app = App::new(&level("maze.txt"), 1).unwrap();
    app.step();
    let panel = screen(&mut app, 80, 24);
    let mut app = dungeon();
    app.step();
    let rows = screen(&mut app, 80, 24);
    crate::golden::snapshot!(format!("{panel}\n{rows}"));
}

/// `f`/Tab cycles over the factions with monsters of their own, and the
/// legend names the one viewed.
#[test]
fn factions_cycle_over_monster_factions() {
    let mut app = App::new(&many_factions(4), 1).unwrap();
    let mut seen = Vec::new();
    for _ in 0..4 {
        seen.push(app.faction());
        app.handle(Intent::NextFaction);
    }
    assert_eq!(seen, [0, 1, 2, 3]);
    assert_eq!(app.faction(), 0);
    // Watching a game with a player (a played game's replay), the
    // player's faction is left out.
    let level = darkstar::content::generator::play_level(
        &darkstar::content::generator::GenParams::default(),
        1,
    );
    let mut app = App::new(&level, 1).unwrap();
    let player = app.game().floor().player().unwrap().faction();
    let n = app.game().floor().factions().len();
    assert!(n >= 4, "{n}");
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..2 * n {
        assert_ne!(app.faction(), player);
        seen.insert(app.faction());
        app.handle(Intent::NextFaction);
    }
    assert_eq!(seen.len(), n - 1);
}

/// Ten presses of `j` (or `l`) never show blank space past the map; a
/// map smaller than the view stays at 0; moving the view stops following.
#[test]
fn the_camera_stays_on_the_map() {
    let mut app = dungeon();
    let (w, h) = (80u16, 24u16);
    drawn(&mut app, w, h);
    for _ in 0..10 {
        app.handle(Intent::Scroll(0, 8));
        app.handle(Intent::Scroll(8, 0));
    }
    assert!(!app.following());
    let buf = drawn(&mut app, w, h);
    // The map view is 80 x 18 (two legend rows, status, counters, two
    // log rows); the map 80 x 40.
    let map_h = app.game().floor().world().terrain().height() as i32;
    assert_eq!(app.camera(), Pos::new(0, map_h - 18));
    for y in 0..18 {
        assert!(
            row(&buf, y).trim_end().len() == 80,
            "row {y} runs to the edge"
        );
    }
    let bottom = row(&buf, 17);
    assert!(bottom.chars().all(|c| c == '#'), "{bottom}");
    // Straight back up: no dead presses spent beyond the edge.
    app.handle(Intent::Scroll(0, -8));
    assert_eq!(app.camera(), Pos::new(0, map_h - 26));
    let mut small = App::new(&level("dead-end.txt"), 1).unwrap();
    drawn(&mut small, w, h);
    for _ in 0..10 {
        small.handle(Intent::Scroll(8, 8));
    }
    assert_eq!(small.camera(), Pos::new(0, 0));
}

/// Following (the default, `F` toggles, `m`/`M` pick the monster): the
/// selected monster stays in view however far it goes.
#[test]
fn the_camera_follows_the_selected_monster() {
    let key_is =
        |c: char, i: Intent| assert_eq!(intent_for(key(KeyCode::Char(c)), Mode::Watch), Some(i));
    key_is('F', Intent::ToggleFollow);
    key_is('m', Intent::NextMonster(1));
    key_is('M', Intent::NextMonster(-1));
    let mut app = dungeon();
    app.handle(Intent::NextMonster(1));
    let id = app.selected().unwrap();
    assert_eq!(
        app.game().floor().monsters()[id as usize].faction(),
        app.faction()
    );
    app.handle(Intent::NextMonster(-1));
    app.handle(Intent::NextMonster(1));
    assert_eq!(app.selected(), Some(id), "m then M then m: the same one");
    let (mut moved, mut lowest) = (false, 0);
    for _ in 0..120 {
        app.step();
        drawn(&mut app, 80, 24);
        let Some(sel) = app.selected() else { break };
        let p = app.game().floor().monsters()[sel as usize].pos();
        let cam = app.camera();
        assert!(
            (0..80).contains(&(p.x - cam.x)) && (0..18).contains(&(p.y - cam.y)),
            "{p} out of the view at {cam}"
        );
        moved |= cam != Pos::new(0, 0);
        lowest = lowest.max(p.y);
    }
    assert!(
        moved && lowest >= 18,
        "the monster left the first screen ({lowest})"
    );
    // F: the view stays put while the monsters move on.
    app.handle(Intent::ToggleFollow);
    assert!(!app.following());
    let cam = app.camera();
    for _ in 0..20 {
        app.step();
        drawn(&mut app, 80, 24);
    }
    assert_eq!(app.camera(), cam);
}

/// The cost overlay tells every terrain cost apart: road (0.7) from floor
/// (1) from door (1.2), by digit or colour.
#[test]
fn the_cost_overlay_tells_road_from_floor() {
    let mut app = App::new(&level("road-swamp.txt"), 1).unwrap();
    app.handle(Intent::Show(Overlay::Cost));
    let buf = drawn(&mut app, 80, 24);
    let look = |x: u16, y: u16| {
        let c = &buf[(x, y)];
        (c.symbol().to_string(), c.fg, c.bg)
    };
    let (road, floor, swamp) = (look(2, 2), look(1, 1), look(3, 3));
    assert_eq!(
        app.game().floor().world().get(Pos::new(2, 2)),
        Some(darkstar::map::terrain::Terrain::Road)
    );
    assert_ne!(road, floor, "road is not floor");
    assert_eq!(swamp.0, "3");
    assert_eq!(floor.0, "1");
    // Every cost's swatch differs: the six passable terrains cost five
    // different amounts (a closed door takes as long as rubble: a turn to
    // open it, a step in), and an open door is floor.
    let mut l = level("road-swamp.txt");
    l.terrain = darkstar::map::terrain::TerrainMap::from_ascii("#.=+:,~'#").unwrap();
    l.spawns.clear();
    l.factions[0].goal = None;
    let mut app = App::new(&l, 1).unwrap();
    app.handle(Intent::Show(Overlay::Cost));
    let buf = drawn(&mut app, 80, 24);
    let swatch = |x: u16| {
        let c = &buf[(x, 0)];
        (c.symbol().to_string(), format!("{:?}", c.bg))
    };
    let swatches: std::collections::BTreeSet<_> = (1..8).map(swatch).collect();
    assert_eq!(swatches.len(), 5, "{swatches:?}");
    assert_eq!(swatch(3), swatch(4), "a closed door costs what rubble does");
    assert_eq!(swatch(7), swatch(1), "an open door costs what floor does");
}

/// The status row and the counters fit 80 columns with many factions
/// (and the play level's three hostile ones), never cut inside a word.
#[test]
fn the_status_rows_fit_80_columns() {
    let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    let check = |app: &App, what: &str| {
        let narrow = drawn(&mut app.clone(), 80, 24);
        let wide = drawn(&mut app.clone(), 300, 24);
        // The status row: each word as the wide screen has it. The
        // counters are reworded, each faction whole.
        let n = row(&narrow, 20);
        let all = words(&row(&wide, 20));
        for w in words(&n) {
            assert!(all.contains(&w), "{what}: {w:?} cut in {n:?}");
        }
        let counters = row(&narrow, 21);
        for f in app
            .game()
            .floor()
            .factions()
            .iter()
            .filter(|f| f.spec().glyph() != '@')
        {
            assert!(
                counters.contains(&format!("{} ", f.spec().glyph())),
                "{what}: {} missing from {counters:?}",
                f.spec().name
            );
        }
        row(&narrow, 20)
    };
    let mut app = App::new(&many_factions(5), 1).unwrap();
    for _ in 0..5 {
        app.step();
    }
    let status = check(&app, "five factions");
    assert!(status.trim_end().ends_with("? help"), "{status}");
    app.handle(Intent::Inspect);
    let status = check(&app, "inspector");
    assert!(
        status.contains("e end") && status.contains("i close"),
        "{status}"
    );
    let mut play = play_app();
    play.handle(Intent::Wait);
    // The play screen has four log rows: status and counters at 18, 19.
    // Playing, the counters row names only the monsters in view (the
    // factions' counters would tell the player what it cannot see).
    let narrow = drawn(&mut play, 80, 24);
    let counters = row(&narrow, 19);
    assert!(counters.contains("in view"), "{counters}");
}

/// `darkstar watch` with no arguments opens on the built-in opening level
/// (`args::tests` checks the choice), and the idea shows within twenty
/// turns (ten seconds at the opening speed) at 80x24, read off the screen:
/// the viewed faction is the blind one, its goal is drawn, its plan is
/// drawn (`*`) across a wall it has not discovered (the wall's `#` in the
/// plan's colour), and one of its
/// monsters bumps (a red cell on the map).
#[test]
fn watch_opens_on_the_idea() {
    use ratatui::style::Color;
    let level = Level::opening();
    let mut app = App::new(&level, 1).unwrap();
    assert_eq!(app.speed(), Speed::PerSecond(2), "the opening speed");
    let viewed = app.faction();
    assert_eq!(
        level.factions[viewed].kind().sight,
        0,
        "the blind are watched first"
    );
    let goal = level.factions[viewed].goal.unwrap();
    let (mut plan_through_wall, mut bumped_on) = (false, None);
    for _ in 0..=20 {
        let screen = buffer(&mut app);
        let cam = app.camera();
        let at = |p: Pos| screen.cell(((p.x - cam.x) as u16, (p.y - cam.y) as u16));
        assert_eq!(
            at(goal).map(|c| c.symbol()),
            Some(">"),
            "the goal on screen"
        );
        let knowledge = app.game().floor().factions()[viewed].knowledge();
        for p in level.terrain.grid().positions() {
            let Some(cell) = at(p) else { continue };
            let wall = level.terrain.get(p) == Some(darkstar::map::terrain::Terrain::Wall);
            // The plan goes through the wall, which keeps its glyph in the
            // plan's colour.
            // (An undiscovered wall off the plan is black on grey.)
            plan_through_wall |= wall
                && !knowledge.is_known(p)
                && cell.symbol() == "#"
                && cell.fg != Color::Black
                && cell.modifier.contains(ratatui::style::Modifier::BOLD);
            if cell.bg == Color::Red && bumped_on.is_none() {
                bumped_on = Some(app.game().floor().turn());
            }
        }
        app.step();
    }
    assert!(
        plan_through_wall,
        "no plan drawn across an undiscovered wall"
    );
    let turn = bumped_on.expect("no bump within twenty turns");
    assert!(turn <= 20, "first bump on turn {turn}");
}

/// The end of a watched game is said on screen: who got home and when,
/// with keys for the next seed and quit; `n` asks for the same level with
/// the next seed, watched again.
#[test]
fn the_end_of_a_watched_game_is_said_and_n_plays_the_next_seed() {
    let mut app = App::new(&Level::opening(), 1).unwrap();
    while !app.game_over() {
        assert!(app.game().floor().turn() < 500, "the opening never ended");
        app.step();
    }
    let end = screen(&mut app, 80, 24);
    crate::golden::snapshot!(end);
    assert!(end.contains("Everyone is home") && end.contains("n: the next seed (2)"));
    let turn = app.game().floor().turn();
    app.tick();
    assert_eq!(app.game().floor().turn(), turn, "nothing more is played");
    app.handle(Intent::NewGame);
    assert!(app.wants_new_game() && app.should_quit());
    let next = app.next_game().unwrap();
    assert_eq!(
        (next.game().floor().seed(), next.game().floor().turn()),
        (2, 0)
    );
    assert_eq!(next.mode(), Mode::Watch);
    // A game still running takes no `n` for a new one.
    let mut running = App::new(&Level::opening(), 1).unwrap();
    running.handle(Intent::NewGame);
    assert!(!running.wants_new_game() && !running.should_quit());
    // Guards go nowhere: the end says how many are still here, not that
    // they have no way on (found watching the deadly pass in tmux).
    let mut pass = App::new(&level("deadly-pass.txt"), 1).unwrap();
    while !pass.game_over() {
        assert!(pass.game().floor().turn() < 500, "the pass never ended");
        pass.step();
    }
    let end = screen(&mut pass, 80, 24);
    assert!(end.contains("g guards: no goal, 4 still here"), "{end}");
    assert!(!end.contains("guards: 0 of 4 home"), "{end}");
}

/// Messages and the status row speak plainly: a replan says why in words
/// (never the code's `NewWall`), and the true map (`t`) is nobody's, so
/// the status row does not name a faction for it.
#[test]
fn watch_speaks_plainly() {
    let mut app = App::new(&Level::opening(), 1).unwrap();
    for _ in 0..20 {
        app.step();
    }
    let log: Vec<&String> = app.log().collect();
    assert!(
        log.iter()
            .any(|l| l.contains("finds a wall in its way and plans again")),
        "{log:?}"
    );
    let text = screen(&mut app, 80, 24);
    for internal in ["NewWall", "Costlier", "Blocked)", "queued"] {
        assert!(!text.contains(internal), "{internal} on screen:\n{text}");
    }
    app.handle(Intent::Show(Overlay::None));
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("| true map |"), "{text}");
    assert!(!text.contains("true map of"), "{text}");
}

/// The danger overlay keeps the viewed faction's fog (what it has not
/// seen shaded as in the combined view) and never colours a wall: no
/// chokepoint on the map's border walls. Checked for every faction of the
/// opening: the blind have fog, the natives chokepoints.
#[test]
fn the_danger_overlay_keeps_the_fog_and_spares_the_walls() {
    use darkstar::map::terrain::Terrain;
    use ratatui::style::Color;
    let level = Level::opening();
    let mut app = App::new(&level, 1).unwrap();
    for _ in 0..6 {
        app.step();
    }
    let (mut unknown, mut choke) = (0, 0);
    for _ in 0..level.factions.len() {
        app.handle(Intent::Show(Overlay::Combined));
        let combined = buffer(&mut app);
        app.handle(Intent::Show(Overlay::Danger));
        let danger = buffer(&mut app);
        let cam = app.camera();
        let knowledge = app.game().floor().factions()[app.faction()].knowledge();
        for p in level.terrain.grid().positions() {
            let at = ((p.x - cam.x) as u16, (p.y - cam.y) as u16);
            let (Some(d), Some(c)) = (danger.cell(at), combined.cell(at)) else {
                continue;
            };
            if !knowledge.is_known(p) {
                unknown += 1;
                assert_eq!(d.bg, c.bg, "{p} unknown, shaded as in the combined view");
            }
            if level.terrain.get(p) == Some(Terrain::Wall) {
                assert_ne!(d.bg, Color::Blue, "a wall at {p} drawn as a chokepoint");
            }
            choke += usize::from(d.bg == Color::Blue);
        }
        app.handle(Intent::NextFaction);
    }
    assert!(unknown > 100, "{unknown} unknown cells");
    assert!(
        choke > 0,
        "the natives know the door and the alley for chokepoints"
    );
}

/// At 200x60 the legend sits beside the map (one column off the level's
/// right edge), not at the far side of the screen.
#[test]
fn the_legend_sits_beside_the_map_on_a_wide_screen() {
    let mut app = dungeon();
    let width = app.game().floor().world().terrain().width() as usize;
    let text = screen(&mut app, 200, 60);
    let top = text.lines().next().unwrap().trim_matches('"');
    let at = top
        .find("Legend")
        .expect("the legend's title on the top row");
    assert!(
        at <= width + 2,
        "the legend at column {at}, the map {width} wide:\n{top}"
    );
}

/// At 40x13, the smallest screen, the counters keep a label saying what
/// their numbers are.
#[test]
fn the_counters_keep_their_label_at_40_columns() {
    let mut app = App::new(&Level::opening(), 1).unwrap();
    for _ in 0..12 {
        app.step();
    }
    let text = screen(&mut app, 40, 13);
    let row = text
        .lines()
        .find(|l| l.contains("b 1/"))
        .expect("the counters");
    assert!(row.trim_matches('"').starts_with("h/b/r: "), "{text}");
}
