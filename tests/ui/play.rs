//! Playing as `@`: moves and turns, fog-honest overlays, the look cursor,
//! the status row, the pack and targeting.

use super::*;

#[test]
fn play_keys_move_in_eight_directions() {
    let press = |c| intent_for(key(c), Mode::Play);
    for (c, d) in [
        (KeyCode::Char('h'), Dir::W),
        (KeyCode::Char('j'), Dir::S),
        (KeyCode::Char('k'), Dir::N),
        (KeyCode::Char('l'), Dir::E),
        (KeyCode::Char('y'), Dir::NW),
        (KeyCode::Char('u'), Dir::NE),
        (KeyCode::Char('b'), Dir::SW),
        (KeyCode::Char('n'), Dir::SE),
        (KeyCode::Left, Dir::W),
        (KeyCode::Up, Dir::N),
        (KeyCode::Char('7'), Dir::NW),
        (KeyCode::Char('3'), Dir::SE),
    ] {
        assert_eq!(press(c), Some(Intent::Move(d)), "{c:?}");
    }
    assert_eq!(press(KeyCode::Char('.')), Some(Intent::Wait));
    assert_eq!(press(KeyCode::Char('x')), Some(Intent::Look));
    assert_eq!(press(KeyCode::Char('?')), Some(Intent::Help));
    assert_eq!(press(KeyCode::Char('q')), Some(Intent::Quit));
}

/// The player moves, time passes only when it acts, look mode moves a
/// cursor and not the player, and ticks never play a turn in play mode.
#[test]
fn play_mode_is_turn_based_and_looking_is_free() {
    let mut app = play_app();
    let start = app.game().floor().player().unwrap().pos();
    app.tick();
    assert_eq!(app.game().floor().turn(), 0, "ticks do not play turns");
    app.handle(Intent::Wait);
    assert_eq!(app.game().floor().turn(), 1);
    app.handle(Intent::Look);
    app.handle(Intent::Move(Dir::E));
    assert_eq!(app.cursor(), Some(Pos::new(start.x + 1, start.y)));
    assert_eq!(app.game().floor().turn(), 1, "looking takes no time");
    assert_eq!(app.game().floor().player().unwrap().pos(), start);
    app.handle(Intent::Look);
    assert_eq!(app.cursor(), None);
    // Walk somewhere open: some direction from the start is floor.
    let moved = Dir::ALL.into_iter().any(|d| {
        app.handle(Intent::Move(d));
        app.game().floor().player().unwrap().pos() != start
    });
    assert!(moved);
}

#[test]
fn snapshot_play() {
    let mut app = play_app();
    app.handle(Intent::Wait);
    crate::golden::snapshot!(screen(&mut app, 80, 30));
}

#[test]
fn snapshot_play_look_and_death() {
    let level = Level::parse(
        "name: duel\nfaction: goblins glyph=g sight=12 hostile\nmap:\n\
         ##########\n#g......@#\n#........#\n##########\n",
        "duel.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 3).unwrap();
    app.handle(Intent::Look);
    app.handle(Intent::Move(Dir::W));
    let look = screen(&mut app, 60, 14);
    app.handle(Intent::Look);
    for _ in 0..200 {
        app.handle(Intent::Wait);
    }
    assert!(app.game_over());
    let end = screen(&mut app, 60, 14);
    app.handle(Intent::Quit);
    assert!(app.should_quit(), "after the end q quits without asking");
    crate::golden::snapshot!(format!("{look}\n{end}"));
}

/// In play mode `y` is a move (north-west), so quitting is confirmed with
/// `q` or Enter, as the prompt says.
#[test]
fn play_mode_quits_with_q_twice() {
    let mut app = play_app();
    for c in ['q', 'q'] {
        let intent = intent_for(key(KeyCode::Char(c)), Mode::Play).unwrap();
        app.handle(intent);
    }
    assert!(app.should_quit());
    let mut app = play_app();
    app.handle(intent_for(key(KeyCode::Char('q')), Mode::Play).unwrap());
    app.handle(intent_for(key(KeyCode::Enter), Mode::Play).unwrap());
    assert!(app.should_quit());
    assert!(screen(&mut play_app(), 80, 30).contains("HP 40/40"));
}

/// Playing, no overlay key (nor faction, nor inspector) shows a cell the
/// player does not know or a monster the player does not see; revealing
/// shows them (so the check can see a leak), and marks the game.
#[test]
fn play_overlays_show_only_what_the_player_knows_unless_revealed() {
    let (w, h) = (80, 30);
    let mut app = played_a_while();
    let keys = [
        Intent::Show(Overlay::Knowledge),
        Intent::Show(Overlay::Danger),
        Intent::Show(Overlay::Cost),
        Intent::Show(Overlay::Claims),
        Intent::NextFaction,
        Intent::Inspect,
    ];
    assert_eq!(unknown_cells_drawn(&app, w, h), 0);
    for k in keys {
        app.handle(k);
        assert_eq!(unknown_cells_drawn(&app, w, h), 0, "after {k:?}");
        assert!(app.inspector().is_none(), "no inspector without reveal");
    }
    assert!(!status_row(&app).contains("REVEALED"));
    assert!(app.recording().revealed().is_none());
    // Revealed: the monsters' knowledge overlay shows the true ground they
    // know (and their plans), which the player has never seen.
    app.handle(intent_for(key(KeyCode::Char('V')), Mode::Play).unwrap());
    assert!(app.revealing());
    app.handle(Intent::Show(Overlay::Knowledge));
    assert_eq!(app.overlay(), Overlay::Knowledge);
    assert!(
        unknown_cells_drawn(&app, w, h) > 0,
        "reveal shows the hidden"
    );
    let turn = app.game().floor().turn();
    assert!(status_row(&app).starts_with("REVEALED (V: hide) | HP"));
    // Turned off again: honest again, and still marked.
    app.handle(Intent::Reveal);
    assert_eq!(unknown_cells_drawn(&app, w, h), 0);
    assert!(status_row(&app).starts_with("REVEALED | HP"));
    // The mark is in the recording (and its text), and a replay of it
    // says so.
    let recording = app.recording();
    assert_eq!(recording.revealed(), Some(turn));
    let text = recording.to_text();
    assert!(text.contains(&format!("\nr {turn}\n")), "{text}");
    let back = darkstar::record::replay::Replay::parse(&text, "x.replay".as_ref()).unwrap();
    assert_eq!(back, recording);
    assert!(back.verify().unwrap().is_ok());
    let mut replayed = App::replay(&back).unwrap();
    assert_eq!(replayed.revealed_at(), Some(turn));
    assert!(status_row(&replayed).starts_with("REVEALED | "));
    play_to_pause(&mut replayed);
    assert!(replayed.desync().is_none(), "{:?}", replayed.desync());
    assert!(
        replayed
            .log()
            .any(|l| *l == format!("{turn}: The player revealed the map here."))
    );
    // A resumed save stays marked.
    let resumed = App::resume(recording).unwrap();
    assert_eq!(resumed.revealed_at(), Some(turn));
    assert!(status_row(&resumed).starts_with("REVEALED | "));
}

/// The look box says how a hunter knows where the player is: a scout
/// that saw it, and a blind brute in view that a scout's cry told.
#[test]
fn the_look_box_says_how_a_hunter_knows_where_you_are() {
    use darkstar::ui::widgets::describe;
    let level = Level::parse(
        "name: told\n\
         faction: goblins glyph=s one=scout sight=8 hp=3 behaviours=cry,melee,hunt,search,wander\n\
         kind: brute of=goblins glyph=B hp=30 hearing=10 hostile\n\
         map:\n\
         ##########\n\
         #@..s..B.#\n\
         ##########\n",
        "told.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    app.handle(Intent::Wait);
    let said =
        |app: &App, i: usize| describe(app, app.game().floor().monsters()[i].pos()).join("\n");
    assert!(
        said(&app, 0).contains("It is hunting you: it has seen you."),
        "{}",
        said(&app, 0)
    );
    assert!(
        said(&app, 1).contains("It is hunting you: a cry told it where you were."),
        "{}",
        said(&app, 1)
    );
}

/// Look names the stairs, the treasure and each terrain with what a step
/// costs in turns, and a monster the player sees with its faction, HP,
/// speed, sight and whether it hunts the player; a monster out of sight is
/// not described.
#[test]
fn snapshot_look_descriptions() {
    use darkstar::ui::widgets::describe;
    let level = look_level();
    let mut app = App::play(&level, 1).unwrap();
    let mut out = Vec::new();
    for x in 1..=9 {
        out.extend(describe(&app, Pos::new(x, 1)));
    }
    let goblin = app.game().floor().monsters()[0].pos();
    let before = describe(&app, goblin);
    out.extend(before.clone());
    app.handle(Intent::Wait);
    let goblin = app.game().floor().monsters()[0].pos();
    let after = describe(&app, goblin);
    out.extend(after.clone());
    // The mole is behind walls: the player knows nothing of its cell.
    let mole = app.game().floor().monsters()[1].pos();
    let unseen = describe(&app, mole);
    assert!(!unseen.iter().any(|l| l.contains("mole")), "{unseen:?}");
    out.extend(unseen);
    let text = out.join("\n");
    assert!(
        text.contains("Swamp (,): a step costs 3 turns (4.2 diagonally)."),
        "{text}"
    );
    assert!(text.contains("The stairs (>)") && text.contains("The treasure ($)"));
    assert!(
        after
            .iter()
            .any(|l| l.contains("It is hunting you: it has seen you.")),
        "{after:?}"
    );
    assert!(
        before
            .iter()
            .any(|l| l.contains("HP 6, speed 1.5, sight 12")),
        "{before:?}"
    );
    // Drawn: a box over the map, the status row says how to leave.
    app.handle(Intent::Look);
    for _ in 0..3 {
        app.handle(Intent::Move(Dir::E));
    }
    let drawn = screen(&mut app, 60, 16);
    assert!(drawn.contains("Swamp"), "{drawn}");
    crate::golden::snapshot!(format!("{text}\n\n{drawn}"));
}

/// A monster on a cell the player knows but does not see now is not
/// described (it was, before), only remembered, and the look says how
/// old the memory is: the player's last sight of the cell was its move
/// on turn 5.
#[test]
fn look_shows_monsters_only_where_the_player_sees_now() {
    use darkstar::ui::widgets::describe;
    let level = Level::parse(
        "name: corner\nfaction: moles glyph=m sight=0\nmap:\n\
         #######\n#@....#\n#####.#\n#m....#\n#######\n",
        "corner.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    let mole = app.game().floor().monsters()[0].pos();
    assert!(!app.player_sees(mole));
    // Round the corner, where the mole's corridor is in sight.
    for d in [Dir::E, Dir::E, Dir::E, Dir::E, Dir::S, Dir::S] {
        app.handle(Intent::Move(d));
    }
    assert!(app.player_sees(mole));
    let seen = describe(&app, mole);
    assert!(seen.iter().any(|l| l.contains("A mole (m)")), "{seen:?}");
    // Back out of sight: the cell is known, the mole no longer shown.
    for d in [Dir::N, Dir::N, Dir::W, Dir::W, Dir::W, Dir::W] {
        app.handle(Intent::Move(d));
    }
    assert_eq!(
        app.game().floor().monsters()[0].pos(),
        mole,
        "moles stay put"
    );
    assert!(!app.player_sees(mole));
    let text = describe(&app, mole);
    assert!(!text.iter().any(|l| l.contains("A mole (m)")), "{text:?}");
    // What the player remembers of it, said as a memory.
    assert!(
        text.iter()
            .any(|l| l == "You saw a mole here, going its way, 7 turns ago."),
        "{text:?}"
    );
    assert!(
        text.iter()
            .any(|l| l == "You do not see it now (last seen on turn 5; now turn 12)."),
        "{text:?}"
    );
}

/// The look box names a monster with its article as the log does
/// (`FactionSpec::a_one`): "An orc", "An ogre", "A goblin", never "A orc".
#[test]
fn the_look_box_says_an_orc() {
    use darkstar::ui::widgets::describe;
    let level = Level::parse(
        "name: orcs\nfaction: orcs glyph=o kind=orc\nfaction: ogres glyph=O kind=ogre\n\
         faction: goblins glyph=g kind=goblin\nmap:\n\
         ########\n#@o.O.g#\n########\n",
        "orcs.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    let said = |app: &App, x: i32| describe(app, Pos::new(x, 1)).join("\n");
    let (orc, ogre, goblin) = (said(&app, 2), said(&app, 4), said(&app, 6));
    assert!(orc.contains("An orc (o), of the orcs: "), "{orc}");
    assert!(ogre.contains("An ogre (O), of the ogres: "), "{ogre}");
    assert!(
        goblin.contains("A goblin (g), of the goblins: "),
        "{goblin}"
    );
    // Drawn: the look box over the map, its cursor on the orc.
    app.handle(Intent::Look);
    app.handle(Intent::Move(Dir::E));
    let text = screen(&mut app, 60, 16);
    assert!(text.contains("An orc (o)"), "{text}");
    assert!(!text.contains("A orc"), "{text}");
}

/// A step refused on what the player knows says why: into a wall, "A
/// wall."; diagonally past a wall's corner to open ground, that the corner
/// is what stops it.
#[test]
fn a_blocked_diagonal_says_why() {
    let level = Level::parse(
        "name: corner\nmap:\n#####\n#..##\n#@#.#\n#####\n",
        "corner.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    app.handle(Intent::Move(Dir::NE));
    assert_eq!(app.game().floor().turn(), 0, "no time passes");
    assert!(
        app.log()
            .last()
            .unwrap()
            .ends_with("You cannot squeeze past the corner."),
        "{:?}",
        app.log().last()
    );
    app.handle(Intent::Move(Dir::W));
    assert!(
        app.log().last().unwrap().ends_with("A wall."),
        "{:?}",
        app.log().last()
    );
}

/// Low hit points show at a glance: the status row's "HP n/m" turns red
/// at a third of the player's and below, and not before.
#[test]
fn low_hit_points_turn_red() {
    use darkstar::sim::PLAYER_HP;
    use ratatui::style::Color;
    let hp_is_red = |app: &App| {
        let b = buffer(&mut app.clone());
        let area = *b.area();
        (0..area.height).any(|y| {
            let row: String = (0..area.width).map(|x| b[(x, y)].symbol()).collect();
            row.find("HP ")
                .is_some_and(|x| b[(x as u16, y)].bg == Color::Red)
        })
    };
    let mut app = duel();
    assert!(!hp_is_red(&app), "full health");
    let mut was_red_above_a_third = false;
    while app.game().floor().player().unwrap().hp() * 3 > PLAYER_HP
        && app.game().floor().turn() < 200
    {
        was_red_above_a_third |= hp_is_red(&app);
        app.handle(Intent::Wait);
    }
    assert!(!was_red_above_a_third);
    let hp = app.game().floor().player().unwrap().hp();
    assert!(
        hp * 3 <= PLAYER_HP,
        "the goblin never brought the player low ({hp})"
    );
    assert!(hp_is_red(&app), "{hp} of {PLAYER_HP}, not red");
}

/// The play status row is never cut inside a word, at any width from 40
/// columns: every word it shows is a whole word of the row at full width
/// (parts that do not fit are left out whole).
#[test]
fn the_play_status_row_keeps_whole_words_at_every_width() {
    let mut app = play_app();
    for _ in 0..5 {
        app.handle(Intent::Wait);
    }
    let row_at = |app: &App, w: u16| -> String {
        let text = screen(&mut app.clone(), w, 24);
        let rows: Vec<&str> = text.lines().collect();
        let row = rows
            .iter()
            .find(|r| r.contains("HP ") && !r.contains("@ you"))
            .expect("the status row (not the monsters panel's)");
        row.trim_matches('"').trim_end().to_string()
    };
    for revealed in [false, true] {
        if revealed {
            app.handle(Intent::Reveal); // the longest row: REVEALED (V: hide)
        }
        let full = row_at(&app, 250);
        let words: Vec<&str> = full.split_whitespace().collect();
        for w in 40..=200 {
            let row = row_at(&app, w);
            for word in row.split_whitespace() {
                assert!(
                    words.contains(&word),
                    "width {w}: {word:?} cut in {row:?} ({full:?})"
                );
            }
        }
    }
}

/// A sleeper shows as one: dim on the map, "It is asleep." in the look
/// box; a fleer down to a third of its hit points, "It is fleeing."
#[test]
fn sleepers_and_fleers_say_so() {
    use ratatui::style::Modifier;
    let level = Level::parse(
        "name: den\nfaction: jackals glyph=j kind=jackal hostile\nmap:\n\
         ##########\n#@..j....#\n##########\n",
        "den.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    let jackal = app.game().floor().monsters()[0].pos();
    assert!(app.game().floor().mind(0).is_asleep());
    let lines = darkstar::ui::widgets::describe(&app, jackal);
    assert!(lines.iter().any(|l| l == "It is asleep."), "{lines:?}");
    // Its senses, by the game's own rules: three steps off, walking, a
    // sleeper that sees the player wakes 5 times in 16 a turn.
    let odds = app.game().floor().notice_odds(0).unwrap();
    assert_eq!(odds.chance, darkstar::sim::wake_chance(3, false));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("It hears your steps within ")
                && l.ends_with("it sees you and wakes 5 in 16 a turn.")),
        "{lines:?}"
    );
    let buf = drawn(&mut app, 80, 24);
    let cam = app.camera();
    let j = buf[((jackal.x - cam.x) as u16, (jackal.y - cam.y) as u16)].clone();
    assert_eq!(j.symbol(), "j");
    assert!(j.modifier.contains(Modifier::DIM) && !j.modifier.contains(Modifier::BOLD));
    // A kobold (it flees) hurt to a third: it says so.
    let level = Level::parse(
        "name: run\nfaction: kobolds glyph=k kind=kobold hp=10 hostile\nmap:\n\
         ##########\n#@k......#\n#........#\n##########\n",
        "run.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 2).unwrap();
    // A turn, so it has noticed the player (no stealth blow).
    app.handle(Intent::Wait);
    for _ in 0..12 {
        let k = &app.game().floor().monsters()[0];
        if k.hp() * 3 <= 10 || !k.is_here() {
            break;
        }
        let me = app.game().floor().player().unwrap().pos();
        match me.dir_to(k.pos()) {
            Some(d) => app.handle(Intent::Move(d)),
            None => app.handle(Intent::Wait),
        }
    }
    let k = &app.game().floor().monsters()[0];
    assert!(k.is_here() && k.hp() * 3 <= 10, "{} hp", k.hp());
    let lines = darkstar::ui::widgets::describe(&app, k.pos());
    assert!(lines.iter().any(|l| l == "It is fleeing."), "{lines:?}");
}

/// The pack: `U` lists it (the move keys pick, Enter uses), `t` lists it
/// for throwing and then puts up a target cursor on the nearest monster
/// in view (Enter throws), `D` drops; an empty pack says so.
#[test]
fn snapshot_inventory_and_targeting() {
    use crate::common::item;
    use darkstar::sim::Command;
    let level = Level::parse(
        "name: pack\nfaction: goblins glyph=g sight=0 hostile\nmap:\n\
         ############\n#@.......g.#\n#..........#\n############\n",
        "pack.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    app.handle(Intent::UseItem);
    assert!(app.log().any(|l| l == "Your pack is empty."));
    // Items beside the player (put there, recorded), walked onto.
    for item in ["healing", "dart", "noise-maker"].map(item) {
        app.apply(Command::PutItem {
            at: Pos::new(2, 1),
            item,
        });
    }
    app.handle(Intent::Move(Dir::E));
    assert_eq!(app.game().floor().pack().len(), 3);
    // Sorted by kind, what works thrown: the noise-maker, the dart.
    app.handle(Intent::ThrowItem);
    app.handle(Intent::Move(Dir::S));
    app.handle(Intent::Move(Dir::S));
    let list = screen(&mut app, 60, 14);
    app.handle(Intent::Confirm);
    let aiming = screen(&mut app, 60, 14);
    assert!(aiming.contains("Throw where?"), "{aiming}");
    app.handle(Intent::Confirm);
    assert_eq!(app.game().floor().pack().len(), 2, "thrown");
    assert!(
        app.log().any(|l| l.contains("You throw a dart.")),
        "{:?}",
        app.log().collect::<Vec<_>>()
    );
    app.handle(Intent::UseItem);
    app.handle(Intent::Confirm);
    assert!(app.log().any(|l| l.contains("You feel whole again.")));
    crate::golden::snapshot!(format!("{list}\n{aiming}"));
}

/// The row under the status row opens with the stealth range (halved
/// sneaking) and says of each monster in view what its mind is and
/// whether the next step at full pace may reach its ears: by the
/// sleeping pack's passage the jackals are asleep and in earshot; sneaking,
/// no longer in earshot.
#[test]
fn the_in_view_row_tells_stealth_and_earshot() {
    let mut app = App::play(&level("sleeping-pack.txt"), 1).unwrap();
    let row = |app: &mut App| {
        screen(app, 80, 24)
            .lines()
            .find(|l| l.contains("Stealth"))
            .unwrap_or_default()
            .to_string()
    };
    assert!(
        row(&mut app).contains("Stealth 14 | Nothing in view."),
        "{}",
        row(&mut app)
    );
    app.handle(Intent::Sneak);
    assert!(
        row(&mut app).contains("Stealth 7 | Nothing in view."),
        "{}",
        row(&mut app)
    );
    for _ in 0..9 {
        app.handle(Intent::Move(Dir::E));
    }
    let sneaking = row(&mut app);
    assert!(
        sneaking.contains("j jackal 6 HP a fair fight, asleep  "),
        "{sneaking}"
    );
    app.handle(Intent::Sneak);
    let walking = row(&mut app);
    assert!(
        walking.contains("Stealth 14 | In view: j jackal 6 HP a fair fight, asleep, in earshot"),
        "{walking}"
    );
}

/// Each cursor's status row says what it is for and how to leave it: the
/// travel cursor travels (it said "look at ...; x: stop looking"), the
/// look cursor looks.
#[test]
fn the_travel_cursor_says_travel_and_the_look_cursor_look() {
    let mut app = play_app();
    app.handle(Intent::TravelTo);
    let travel = status_row(&app);
    assert!(
        travel.starts_with("travel to (") && travel.contains("Esc: not now"),
        "{travel}"
    );
    assert!(!travel.contains("look"), "{travel}");
    app.handle(Intent::Quit);
    app.handle(Intent::Look);
    let look = status_row(&app);
    assert!(
        look.starts_with("look at (") && look.contains("x: stop"),
        "{look}"
    );
}

/// At 80 columns a run's status row keeps the help and the hit points
/// whatever else it says (it was cut at "... seed 41 dungeon | your",
/// losing `? help`): the least worth (the seed, the view) goes first.
#[test]
fn the_status_row_keeps_the_help_at_80_columns() {
    let mut app = App::play_run(41, 1).unwrap();
    let full = status_row(&app);
    assert!(full.starts_with("HP 40/40 | turn 0 |"), "{full}");
    assert!(full.ends_with("| ? help"), "{full}");
    app.handle(Intent::Sneak);
    let sneaking = status_row(&app);
    assert!(
        sneaking.contains("| sneaking |") && sneaking.ends_with("| ? help"),
        "{sneaking}"
    );
    assert!(sneaking.chars().count() <= 80, "{sneaking}");
}

/// A slow step is never silent with danger near: onto swamp (three turns,
/// four sneaking) with an orc awake in view, the first key says how long
/// and what watches and takes no time; the same key again takes the step.
/// With nothing awake in view, or onto floor, one key steps.
#[test]
fn a_slow_step_with_a_monster_awake_in_view_is_asked_first() {
    let text = "name: swamp\nfaction: orcs glyph=o one=orc sight=10 hostile\nmap:\n\
                ############\n#@,.......o#\n#..........#\n############\n";
    let level = Level::parse(text, "swamp.txt".as_ref()).unwrap();
    let mut app = App::play(&level, 1).unwrap();
    let said = |app: &App| app.log().last().unwrap().clone();
    app.handle(Intent::Wait);
    let turn = app.game().floor().turn();
    app.handle(Intent::Move(Dir::E));
    assert_eq!(
        said(&app),
        "A step into the swamp takes 3 turns with an orc awake in view: again to go (hurt, you stop short)."
    );
    assert_eq!(app.game().floor().turn(), turn, "asked, not stepped");
    assert_eq!(app.game().floor().player().unwrap().pos(), Pos::new(1, 1));
    app.handle(Intent::Move(Dir::E));
    assert_eq!(app.game().floor().player().unwrap().pos(), Pos::new(2, 1));
    // Floor: no question.
    app.handle(Intent::Move(Dir::S));
    assert_eq!(app.game().floor().player().unwrap().pos(), Pos::new(2, 2));
    // Sneaking, back onto the swamp: four turns, said.
    app.handle(Intent::Sneak);
    app.handle(Intent::Move(Dir::N));
    assert!(
        said(&app).starts_with("Sneaking through the swamp takes 4 turns"),
        "{}",
        said(&app)
    );
    assert_eq!(app.game().floor().player().unwrap().pos(), Pos::new(2, 2));
    // With no monster in view, a slow step is taken at once.
    let alone = "name: alone\nmap:\n#####\n#@,.#\n#####\n";
    let mut app = App::play(&Level::parse(alone, "alone.txt".as_ref()).unwrap(), 1).unwrap();
    app.handle(Intent::Move(Dir::E));
    assert_eq!(app.game().floor().player().unwrap().pos(), Pos::new(2, 1));
}

/// The pack list stacks alike items ("3 darts", one line), and `t` opens
/// on the darts (a quiver), so `t` Enter Enter throws a dart even with a
/// noise-maker listed above it (it threw the noise-maker); after a throw
/// of another kind, `t` opens on that kind.
#[test]
fn the_throw_list_stacks_alike_items_and_opens_on_the_last_thrown() {
    use crate::common::item;
    use darkstar::sim::Command;
    let level = Level::parse(
        "name: quiver\nmap:\n############\n#@.........#\n#..........#\n############\n",
        "quiver.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    for word in ["noise-maker", "noise-maker", "dart", "dart", "dart"] {
        app.apply(Command::PutItem {
            at: Pos::new(2, 1),
            item: item(word),
        });
    }
    app.handle(Intent::Move(Dir::E));
    assert_eq!(app.game().floor().pack().len(), 5);
    app.handle(Intent::ThrowItem);
    let list = screen(&mut app, 60, 14);
    assert!(list.contains("> f - ( 3 darts"), "{list}");
    assert!(list.contains("  c - ( 2 noise-makers"), "{list}");
    assert!(!list.contains("( a dart"), "one line for the three: {list}");
    // Picked, then aimed two cells further east (the cursor opens where
    // the last throw went) and thrown.
    let throw = |app: &mut App| {
        app.handle(Intent::Confirm);
        for _ in 0..2 {
            app.handle(Intent::Move(Dir::E));
        }
        app.handle(Intent::Confirm);
    };
    throw(&mut app);
    let count = |app: &App, word: &str| {
        app.game()
            .floor()
            .pack()
            .iter()
            .filter(|&&k| k == item(word))
            .count()
    };
    assert_eq!(
        (count(&app, "dart"), count(&app, "noise-maker")),
        (2, 2),
        "a dart thrown"
    );
    // The noise-maker, picked by hand; then t opens on it.
    app.handle(Intent::ThrowItem);
    app.handle(Intent::Move(Dir::N));
    throw(&mut app);
    assert_eq!(count(&app, "noise-maker"), 1, "a noise-maker thrown");
    // t opens on the noise-makers now: Enter throws the other.
    app.handle(Intent::ThrowItem);
    throw(&mut app);
    assert_eq!(count(&app, "noise-maker"), 0, "the last noise-maker thrown");
    app.handle(Intent::ThrowItem);
    throw(&mut app);
    assert_eq!(
        count(&app, "dart"),
        1,
        "back to the darts once no noise-maker is left"
    );
}

/// The look box says what a monster can do to you and you to it, from
/// the numbers the game rolls with: a troll's blows and a goblin's read
/// apart (they looked the same). While it has not noticed you it says
/// what a stealth blow would do; once it hunts you, not.
#[test]
fn the_look_box_reads_the_threat_from_the_real_numbers() {
    use darkstar::ui::widgets::describe;
    let level = Level::parse(
        "name: threat\n\
         faction: trolls glyph=T one=troll sight=12 hostile hp=75 accuracy=70 damage=3d6+4\n\
         faction: goblins glyph=g one=goblin sight=0 hostile hp=6 accuracy=70 damage=1d4+1\n\
         map:\n##########\n#@..T....#\n#.......g#\n##########\n",
        "threat.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    app.handle(Intent::Wait);
    let player = app.game().floor().player().unwrap();
    let me = app.game().floor().kind_of(player).clone();
    let at = |glyph: char| {
        let game = app.game();
        let m = game
            .floor()
            .monsters()
            .iter()
            .find(|m| game.floor().kind_of(m).glyph == glyph)
            .unwrap();
        m.pos()
    };
    let troll = describe(&app, at('T')).join("\n");
    let hp = player.hp();
    // 3d6+4: 7 to 22; 22 of 40 is 55%; two such blows kill.
    let chance = darkstar::sim::hit_chance(70, me.defence);
    assert!(
        troll.contains(&format!(
            "Deadly: it hits you {chance}% of blows, 7-22 (up to {}% of your HP); 2 blows can kill you.",
            22 * 100 / hp
        )),
        "{troll}"
    );
    let (lo, hi) = (me.damage.min(), me.damage.max());
    assert!(
        troll.contains(&format!(
            "You hit it {}% of blows, {lo}-{hi}: it dies in {} to {} blows.",
            darkstar::sim::hit_chance(me.accuracy, 0),
            (75 + hi - 1) / hi,
            (75 + lo - 1) / lo
        )),
        "{troll}"
    );
    // The goblin is blind and has not found you: a stealth blow, five
    // times a blow, kills it surely.
    let goblin = describe(&app, at('g')).join("\n");
    assert!(
        goblin.contains(": it hits you") && goblin.contains("2-5 (up to"),
        "{goblin}"
    );
    assert!(
        goblin.contains(&format!(
            "Unaware of you: a stealth blow lands surely, {}-{}:",
            lo * 5,
            hi * 5
        )),
        "{goblin}"
    );
    // The troll sees you and hunts you: no stealth blow to speak of.
    let troll_id = app.game().floor().world().occupant(at('T')).unwrap();
    assert_eq!(
        app.game().floor().awareness(troll_id),
        darkstar::sim::Awareness::Hunting
    );
    assert!(!troll.contains("Unaware"), "{troll}");
}

/// Playing on a screen wide enough, the monsters panel stands beside the
/// map: you with your hit points, then each monster in view with its HP
/// bar, its state, its threat in words, how it knows where you are and
/// what it cannot do (the door lesson's zombies: they saw you; deaf, no
/// doors, fast). Too narrow for the level and
/// the panel: no panel.
#[test]
fn snapshot_the_monsters_panel_beside_the_door_lesson() {
    let level = level("door-shut.txt");
    let mut app = App::play(&level, 1).unwrap();
    app.handle(Intent::Move(Dir::E));
    let buf = drawn(&mut app, 80, 24);
    let panel: Vec<String> = (0..18).map(|y| row(&buf, y)[50..].to_string()).collect();
    let text = panel.join("\n");
    assert!(text.contains("@ you  HP 40/40"), "{text}");
    assert!(text.contains("z zombie: hunting you"), "{text}");
    assert!(text.contains("a fair fight, saw you, deaf,"), "{text}");
    assert!(text.contains("no doors, fast"), "{text}");
    crate::golden::snapshot!(text);
    let narrow = drawn(&mut app, 52, 24);
    assert!(!row(&narrow, 0).contains("@ you"), "no room: no panel");
}

/// A monster's glyph is drawn in its threat's colour, and the threat grows
/// as the player is hurt: the zombies' 6-point blows are a fair fight at
/// 40 HP, dangerous at 24 or less; the row of monsters in view says so in
/// words.
#[test]
fn a_monsters_colour_and_words_follow_its_threat_to_the_player_as_they_are() {
    use darkstar::ui::app::threat::{Threat, threat_of};
    let level = level("door-shut.txt");
    let mut app = App::play(&level, 1).unwrap();
    app.handle(Intent::Wait);
    let zombie = |app: &App| {
        app.game()
            .floor()
            .monsters()
            .iter()
            .find(|m| !m.is_player() && m.is_here())
            .map(|m| (m.id(), m.pos()))
            .unwrap()
    };
    assert_eq!(threat_of(app.game(), zombie(&app).0), Threat::Fair);
    // Stand and let them come.
    for _ in 0..200 {
        let hp = app.game().floor().player().unwrap().hp();
        if hp <= 24 {
            break;
        }
        app.handle(Intent::Wait);
    }
    let hp = app.game().floor().player().unwrap().hp();
    assert!((1..=24).contains(&hp), "hp {hp}");
    let (id, at) = zombie(&app);
    assert_eq!(threat_of(app.game(), id), Threat::Dangerous);
    let buf = drawn(&mut app, 80, 24);
    let glyphs: Vec<_> = (0..buf.area.height)
        .flat_map(|y| (0..50).map(move |x| (x, y)))
        .filter(|&(x, y)| buf[(x, y)].symbol() == "z")
        .map(|(x, y)| buf[(x, y)].fg)
        .collect();
    assert!(!glyphs.is_empty(), "a zombie drawn near {at}");
    assert!(glyphs.contains(&Threat::Dangerous.colour()), "{glyphs:?}");
    let in_view = row(&buf, 19);
    assert!(in_view.contains("dangerous, hunting"), "{in_view}");
}

/// Each kind keeps its letter in every game and every pack (the item
/// book's order: `c` the noise-maker, `f` the dart), and typing it in the
/// list picks it at once, even a letter that moves the player elsewhere
/// (`h`, `j`, `k`, `l` are letters in the list): `t` `f` aims a dart.
#[test]
fn an_items_letter_picks_it_in_the_list_at_once() {
    use crate::common::item;
    use darkstar::sim::Command;
    use darkstar::ui::keymap::letter_intent_for;
    let level = Level::parse(
        "name: letters\nmap:\n############\n#@.........#\n#..........#\n############\n",
        "letters.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    for word in ["dart", "noise-maker", "healing"] {
        app.apply(Command::PutItem {
            at: Pos::new(2, 1),
            item: item(word),
        });
    }
    app.handle(Intent::Move(Dir::E));
    assert_eq!(
        ["healing", "noise-maker", "dart"].map(|w| item(w).letter()),
        ['a', 'c', 'f']
    );
    assert!(!app.takes_letters());
    app.handle(Intent::UseItem);
    assert!(app.takes_letters(), "the list picks by letters");
    // `l` moves the player everywhere else; here it is a letter of no
    // item, and nothing happens.
    let l = letter_intent_for(key(KeyCode::Char('l')), app.mode()).unwrap();
    assert_eq!(l, Intent::Letter('l'));
    app.handle(l);
    assert_eq!(app.game().floor().player().unwrap().pos(), Pos::new(2, 1));
    assert!(app.takes_letters(), "still open");
    app.handle(Intent::Quit);
    app.handle(Intent::ThrowItem);
    app.handle(Intent::Letter('f'));
    let aiming = status_row(&app);
    assert!(aiming.starts_with("throw at"), "{aiming}");
    app.handle(Intent::Quit);
    assert_eq!(app.game().floor().pack().len(), 3, "nothing thrown yet");
    // Through the event loop, as keys: `U` then `a` drinks the potion (the
    // loop hands the open list a letter, not `a`'s binding), then `q`
    // asks to quit and Enter quits.
    let mut script: VecDeque<Event> = ['U', 'a', 'q']
        .map(|c| typed(key(KeyCode::Char(c))))
        .into_iter()
        .chain([typed(key(KeyCode::Enter))])
        .collect();
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    darkstar::ui::event_loop(&mut terminal, &mut app, |_| Ok(script.pop_front())).unwrap();
    assert_eq!(app.game().floor().pack().len(), 2, "the potion drunk");
    assert!(!app.takes_letters());
    assert!(app.should_quit());
}

/// At 80 columns the status row keeps `? help` in every mode: playing a
/// run (and sneaking, and revealed), watching, and playing a recorded
/// game back.
#[test]
fn the_status_row_keeps_the_help_at_80_columns_in_every_mode() {
    use darkstar::record::replay::Replay;
    let mut play = App::play_run(41, 1).unwrap();
    play.handle(Intent::Sneak);
    let mut revealed = play.clone();
    revealed.handle(Intent::Reveal);
    let watch = App::new(&level("deadly-pass.txt"), 1).unwrap();
    let file =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/play-seed7.replay");
    let back = App::replay(&Replay::load(&file).unwrap()).unwrap();
    for (mode, app) in [
        ("play", &play),
        ("revealed", &revealed),
        ("watch", &watch),
        ("replay", &back),
    ] {
        let row = status_row(app);
        assert!(row.ends_with("? help"), "{mode}: {row}");
        assert!(row.chars().count() <= 80, "{mode}: {row}");
    }
}

/// `C` in the doorway says the player stands in it and must step out to
/// shut it (it said there was no open door next to you); a step out and
/// `C` shuts it.
#[test]
fn closing_a_door_from_its_doorway_says_step_out() {
    let level = Level::parse(
        "name: doorway\nmap:\n#######\n#@+...#\n#######\n",
        "doorway.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    app.handle(Intent::Move(Dir::E));
    app.handle(Intent::Move(Dir::E));
    assert_eq!(app.game().floor().player().unwrap().pos(), Pos::new(2, 1));
    let turn = app.game().floor().turn();
    app.handle(Intent::CloseDoor);
    assert_eq!(
        app.log().last().unwrap(),
        "You stand in the doorway: step out of it to shut the door."
    );
    assert_eq!(app.game().floor().turn(), turn, "no time passes");
    app.handle(Intent::Move(Dir::E));
    app.handle(Intent::CloseDoor);
    assert_eq!(
        app.game().floor().world().terrain().get(Pos::new(2, 1)),
        Some(darkstar::map::terrain::Terrain::Door)
    );
}

/// `t` lists only what does something thrown (the darts and the
/// noise-maker, not the healing potion, whose letter there picks
/// nothing); with none of those left it says so plainly and opens no
/// list (it offered the potion, which the game then refused).
#[test]
fn the_throw_list_offers_only_what_works_thrown() {
    use crate::common::item;
    use darkstar::sim::Command;
    let level = Level::parse(
        "name: throwables\nmap:\n############\n#@.........#\n#..........#\n############\n",
        "throwables.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    for word in ["healing", "dart", "noise-maker"] {
        app.apply(Command::PutItem {
            at: Pos::new(2, 1),
            item: item(word),
        });
    }
    app.handle(Intent::Move(Dir::E));
    assert_eq!(app.game().floor().pack().len(), 3);
    app.handle(Intent::ThrowItem);
    let list = screen(&mut app, 60, 14);
    assert!(list.contains("c - ( a noise-maker"), "{list}");
    assert!(list.contains("> f - ( a dart"), "{list}");
    assert!(!list.contains("a - ! a healing potion"), "{list}");
    app.handle(Intent::Letter('a'));
    assert!(app.takes_letters(), "the potion's letter picks nothing");
    app.handle(Intent::Quit);
    // Both thrown (each picked by its letter, aimed two cells east).
    for letter in ['f', 'c'] {
        app.handle(Intent::ThrowItem);
        app.handle(Intent::Letter(letter));
        for _ in 0..2 {
            app.handle(Intent::Move(Dir::E));
        }
        app.handle(Intent::Confirm);
    }
    assert_eq!(app.game().floor().pack(), &[item("healing")][..]);
    app.handle(Intent::ThrowItem);
    assert!(!app.takes_letters(), "no list");
    assert_eq!(
        app.log().last().unwrap(),
        "You have nothing to throw: none of your items does anything thrown."
    );
    // The potion is still listed to use.
    app.handle(Intent::UseItem);
    assert!(screen(&mut app, 60, 14).contains("a - ! a healing potion"));
}

/// The pack's limit is shown where the pack is listed (the list's title,
/// "Pack 26/26", though alike items stack to three lines), and a full
/// pack says its count when it leaves an item behind.
#[test]
fn the_pack_list_and_the_full_pack_say_the_count_against_the_limit() {
    use crate::common::item;
    use darkstar::sim::{Command, PACK_SIZE};
    assert_eq!(PACK_SIZE, 26);
    let level = Level::parse(
        "name: full\nmap:\n############\n#@.........#\n#..........#\n############\n",
        "full.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    app.apply(Command::PutItem {
        at: Pos::new(2, 1),
        item: item("healing"),
    });
    app.handle(Intent::Move(Dir::E));
    app.handle(Intent::UseItem);
    let one = screen(&mut app, 80, 14);
    assert!(one.contains("┌ Pack 1/26. Use which?"), "{one}");
    app.handle(Intent::Quit);
    let words = ["noise-maker"]
        .into_iter()
        .chain(std::iter::repeat_n("dart", PACK_SIZE));
    for word in words {
        app.apply(Command::PutItem {
            at: Pos::new(3, 1),
            item: item(word),
        });
    }
    app.handle(Intent::Move(Dir::E));
    assert_eq!(app.game().floor().pack().len(), PACK_SIZE);
    assert_eq!(
        app.log().last().unwrap(),
        "1: Your pack is full (26 of 26 items): a dart stays here."
    );
    app.handle(Intent::DropItem);
    let full = screen(&mut app, 80, 14);
    assert!(full.contains("┌ Pack 26/26. Drop which?"), "{full}");
    assert!(full.contains("f - ( 24 darts"), "three lines: {full}");
}

/// A level for the cursor's jumps: the player beside a dart, three
/// goblins that stay put (not hostile), at one, three and six cells from
/// where the player stands once it has picked the dart up.
fn three_goblins() -> App {
    use crate::common::item;
    use darkstar::sim::Command;
    let level = Level::parse(
        "name: goblins\nfaction: goblins glyph=g sight=0\nmap:\n\
         ############\n#@...g..g..#\n#..g.......#\n############\n",
        "goblins.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    app.apply(Command::PutItem {
        at: Pos::new(2, 1),
        item: item("dart"),
    });
    app.handle(Intent::Move(Dir::E));
    assert_eq!(app.game().floor().pack().len(), 1);
    app
}

/// Looking (`x`), `+` jumps the cursor to the next monster in view, the
/// nearest first, cycling; `-` goes back; the help of look mode lists the
/// keys. With no monster in view it says so and the cursor stays.
#[test]
fn look_jumps_the_cursor_from_monster_to_monster_in_view() {
    use darkstar::ui::widgets::help_lines;
    let mut app = three_goblins();
    app.handle(Intent::Look);
    assert_eq!(app.cursor(), Some(Pos::new(2, 1)));
    let mut jumps = Vec::new();
    for intent in [Intent::Faster; 4].into_iter().chain([Intent::Slower; 2]) {
        app.handle(intent);
        jumps.push(app.cursor().unwrap());
    }
    let [near, mid, far] = [(3, 2), (5, 1), (8, 1)].map(|(x, y)| Pos::new(x, y));
    assert_eq!(jumps, [near, mid, far, near, far, mid]);
    app.handle(Intent::Help);
    let (_, lines) = help_lines(&app, 0);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("+ = -") && l.contains("next / previous monster in view")),
        "{lines:#?}"
    );
    // Alone: said, and the cursor stays.
    let alone = "name: alone\nmap:\n#####\n#@..#\n#####\n";
    let mut app = App::play(&Level::parse(alone, "alone.txt".as_ref()).unwrap(), 1).unwrap();
    app.handle(Intent::Look);
    app.handle(Intent::Faster);
    assert_eq!(app.cursor(), Some(Pos::new(1, 1)));
    assert_eq!(app.log().last().unwrap(), "No monster in view.");
}

/// Aiming a throw, the map draws the line of fire: `*` on the cells the
/// dart would cross to the cursor, and red behind a monster that would
/// take it first; `+` jumps the aim from monster to monster too.
#[test]
fn aiming_draws_the_line_of_fire_to_the_cursor() {
    use ratatui::style::Color;
    let mut app = three_goblins();
    app.handle(Intent::ThrowItem);
    app.handle(Intent::Confirm);
    assert_eq!(app.cursor(), Some(Pos::new(3, 2)), "the nearest first");
    app.handle(Intent::Faster);
    app.handle(Intent::Faster);
    assert_eq!(app.cursor(), Some(Pos::new(8, 1)));
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    darkstar::ui::draw(&mut terminal, &mut app).unwrap();
    let buf = terminal.backend().buffer().clone();
    let row: String = (0..11).map(|x| buf[(x, 1)].symbol().to_string()).collect();
    // The goblin at (5, 1) stands in the way: the line stops there.
    assert_eq!(row, "#.@**g..g..", "{}", screen(&mut app, 80, 24));
    assert_eq!(buf[(5, 1)].bg, Color::Red, "what takes the dart first");
    assert_eq!(buf[(3, 1)].fg, Color::Yellow);
    assert_ne!(buf[(8, 1)].bg, Color::Red, "the cursor's own cell");
    // Aimed at that goblin, nothing in the way: no red.
    app.handle(Intent::Slower);
    assert_eq!(app.cursor(), Some(Pos::new(5, 1)));
    darkstar::ui::draw(&mut terminal, &mut app).unwrap();
    let buf = terminal.backend().buffer().clone();
    let row: String = (0..11).map(|x| buf[(x, 1)].symbol().to_string()).collect();
    assert_eq!(row, "#.@**g..g..");
    assert!((0..11).all(|x| buf[(x, 1)].bg != Color::Red));
    // Looking, no line.
    app.handle(Intent::Quit);
    app.handle(Intent::Look);
    app.handle(Intent::Faster);
    app.handle(Intent::Faster);
    let text = screen(&mut app, 80, 24);
    assert!(
        text.lines().nth(1).unwrap().starts_with("\"#.@..g..g.. "),
        "{text}"
    );
}

/// What a lure and a shut door did, where the player can know it: the
/// orc in view that hears the noise-maker turns toward it; the goblin
/// hunting the player, shut out by a door, knows only where it last saw
/// it.
#[test]
fn the_log_says_what_a_lure_and_a_shut_door_did() {
    let level = Level::parse(
        "name: hall\nfaction: orcs glyph=o one=orc sight=1 hearing=16 hostile\npack: noise-maker\nmap:\n\
         ##################\n#@...............#\n#................#\n#.......o........#\n#................#\n##################\n",
        "hall.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    app.handle(Intent::ThrowItem);
    app.handle(Intent::Confirm); // The noise-maker (the only item).
    for _ in 0..3 {
        app.handle(Intent::Move(Dir::W)); // From the orc, three cells west.
    }
    app.handle(Intent::Confirm);
    assert!(
        app.game().floor().pack().is_empty(),
        "not thrown: {:?}",
        app.log().collect::<Vec<_>>()
    );
    let log: Vec<&String> = app.log().collect();
    assert!(
        log.iter()
            .any(|l| l.ends_with(": The orc turns toward the noise.")),
        "{log:?}"
    );
    // A goblin that saw the player, shut out by the door it stepped through.
    let level = Level::parse(
        "name: door\nfaction: goblins glyph=g one=goblin sight=9 hostile speed=50\nmap:\n\
         ###########\n#....#....#\n#.@..+...g#\n#....#....#\n###########\n",
        "door.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    // Through the door, to be seen, and back.
    for d in [Dir::E, Dir::E, Dir::E, Dir::E] {
        app.handle(Intent::Move(d));
    }
    assert_eq!(
        app.game().floor().awareness(0),
        darkstar::sim::Awareness::Hunting
    );
    app.handle(Intent::Move(Dir::W));
    app.handle(Intent::CloseDoor);
    let log: Vec<&String> = app.log().collect();
    assert!(
        log.iter().any(|l| l.ends_with(
            ": The door hides you from the goblin: it knows only where it last saw you."
        )),
        "{log:?}"
    );
}

/// Looking, Esc puts the cursor away (it asked to quit the game), and
/// the cursor never leaves the map (a playtest's "travel to (64, 49)" on
/// an 80x40 map).
#[test]
fn esc_stops_looking_and_the_cursor_stays_on_the_map() {
    let level = Level::parse(
        "name: small\nmap:\n#####\n#@..#\n#####\n",
        "small.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    app.handle(Intent::Look);
    for _ in 0..10 {
        app.handle(Intent::Move(Dir::SE));
    }
    assert_eq!(app.cursor(), Some(Pos::new(2, 2)), "off the map");
    for _ in 0..10 {
        app.handle(Intent::Move(Dir::NW));
    }
    assert_eq!(app.cursor(), Some(Pos::new(0, 0)));
    app.handle(Intent::Quit);
    assert_eq!(app.cursor(), None, "Esc did not put the cursor away");
    assert!(!app.log().any(|l| l.contains("Really quit")));
}
