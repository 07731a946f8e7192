//! The end of a played game: the end screen, the tally of kills and
//! damage, `n` for a new game.

use super::*;

/// The killer is named with its article everywhere it is named: "an
/// orc", not "a orc" (seen on the end screen of a run played in tmux).
#[test]
fn the_killer_is_an_orc_not_a_orc() {
    let level = Level::parse(
        "name: duel\nfaction: orcs glyph=o sight=12 hostile hp=90 damage=3d6\nmap:\n\
         ######\n#o.@.#\n######\n",
        "duel.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 3).unwrap();
    while !app.game_over() {
        app.handle(Intent::Wait);
        assert!(app.game().floor().turn() < 300);
    }
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("killed by an orc (o)."), "{text}");
    assert!(text.contains("Killed by an orc (o)."), "{text}");
    assert_eq!(
        darkstar::record::morgue::Morgue::of(app.game()).cause,
        "killed by an orc"
    );
}

/// The end screens: turns, kills, damage taken, what killed the player,
/// cells explored, and `n` for a new game; after a win the status row no
/// longer sends the player to the stairs.
#[test]
fn snapshot_end_summaries() {
    use darkstar::ui::widgets::end_summary;
    // Death: the goblin of the duel.
    let mut app = duel();
    while !app.game_over() {
        app.handle(Intent::Wait);
        assert!(app.game().floor().turn() < 200);
    }
    let death = end_summary(&app).unwrap();
    let taken: i32 = app
        .log()
        .filter_map(|l| l.split("hits you for ").nth(1))
        .map(|n| {
            // A message said again in a row is counted, "... for 2. x2".
            let (amount, times) = n.split_once(". x").unwrap_or((n, "1"));
            let amount: i32 = amount.trim_end_matches('.').parse().unwrap();
            amount * times.parse::<i32>().unwrap()
        })
        .sum();
    assert_eq!(app.game().chronicle().damage_taken(), taken);
    assert!(death[0].contains("killed by a goblin (g)"), "{death:?}");
    let death_screen = screen(&mut app, 60, 18);
    // Win: the treasure beside the player, the stairs two steps back.
    let level = Level::parse(
        "name: haul\nfaction: moles glyph=m sight=0\nmap:\n#######\n#>.@$.#\n#.....#\n#######\n#m....#\n#######\n",
        "haul.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 1).unwrap();
    for d in [Dir::E, Dir::W, Dir::W, Dir::W] {
        app.handle(Intent::Move(d));
    }
    assert!(app.game_over());
    let win = end_summary(&app).unwrap();
    let win_screen = screen(&mut app, 60, 18);
    let status = status_row(&app);
    assert!(status.contains("| escaped with the $ |"), "{status}");
    assert!(!status.contains("carried"), "{status}");
    assert!(win.iter().any(|l| l == "Turns played      3"), "{win:?}");
    crate::golden::snapshot!(format!(
        "{}\n\n{death_screen}\n{}\n\n{win_screen}",
        death.join("\n"),
        win.join("\n")
    ));
}

/// Kills and damage are counted from what happened, exactly, also for a
/// resumed save (its replay is counted again).
#[test]
fn the_tally_counts_kills_and_survives_a_resume() {
    let level = Level::parse(
        "name: brawl\nfaction: rats glyph=r sight=8 hostile\nmap:\n\
         #########\n#r.....@#\n#r.......#\n##########\n",
        "brawl.txt".as_ref(),
    );
    let level = match level {
        Ok(l) => l,
        Err(_) => Level::parse(
            "name: brawl\nfaction: rats glyph=r sight=8 hostile\nmap:\n\
             #########\n#r.....@#\n#r......#\n#########\n",
            "brawl.txt".as_ref(),
        )
        .unwrap(),
    };
    let mut app = App::play(&level, 5).unwrap();
    let mut guard = 0;
    while !app.game_over() && guard < 300 {
        guard += 1;
        let me = app.game().floor().player().unwrap().pos();
        let near = app
            .game()
            .floor()
            .monsters()
            .iter()
            .filter(|m| m.is_here() && !m.is_player())
            .find_map(|m| me.dir_to(m.pos()));
        match near {
            Some(d) => app.handle(Intent::Move(d)),
            None => app.handle(Intent::Wait),
        }
        if app.game().chronicle().kills() > 0 && !app.game_over() {
            break;
        }
    }
    let dead = app
        .game()
        .floor()
        .monsters()
        .iter()
        .filter(|m| !m.is_player() && !m.is_here())
        .count() as u32;
    assert!(
        app.game().chronicle().kills() >= 1,
        "{:?}",
        app.log().collect::<Vec<_>>()
    );
    assert_eq!(
        app.game().chronicle().kills(),
        dead,
        "only the player kills here"
    );
    assert!(app.log().any(|l| l.contains("You kill the rat!")));
    if !app.game_over() {
        let resumed = App::resume(app.recording()).unwrap();
        assert_eq!(resumed.game().chronicle(), app.game().chronicle());
    }
}

/// `n` on the end screen asks for a new game (a move key while playing):
/// the app quits with the wish, and the next game is the same level with
/// the next seed, from turn 0.
#[test]
fn n_on_the_end_screen_starts_a_new_game() {
    use darkstar::ui::keymap::end_intent_for;
    let n = key(KeyCode::Char('n'));
    assert_eq!(intent_for(n, Mode::Play), Some(Intent::Move(Dir::SE)));
    assert_eq!(end_intent_for(n, Mode::Play), Some(Intent::NewGame));
    let mut app = duel();
    app.handle(Intent::NewGame);
    assert!(!app.should_quit(), "not while playing");
    while !app.game_over() {
        app.handle(Intent::Wait);
    }
    app.handle(end_intent_for(n, Mode::Play).unwrap());
    assert!(app.should_quit() && app.wants_new_game());
    let next = app.next_game().unwrap();
    assert_eq!(next.game().floor().seed(), app.game().floor().seed() + 1);
    assert_eq!(next.game().floor().turn(), 0);
    assert_eq!(next.mode(), Mode::Play);
    assert!(!next.game_over() && !next.wants_new_game());
    assert_eq!(
        next.game().floor().world().terrain().to_ascii(),
        app.game().floor().world().terrain().to_ascii()
    );
    // Quitting the end screen plainly is no wish for another.
    let mut app = duel();
    while !app.game_over() {
        app.handle(Intent::Wait);
    }
    app.handle(Intent::Quit);
    assert!(app.should_quit() && !app.wants_new_game());
}
