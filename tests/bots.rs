//! The three bots' outcomes on a few seeds, pinned: a change to a rule, a
//! kind or a bot that moves them shows here in review (with the bot table
//! in docs/manual.md, from `darkstar bot --style STYLE`). Each run starts on
//! depth 7, where the deep kinds are, for 3,000 turns at most.

use darkstar::sim::bot::{BotRun, Style, Trick, play_run_from};

/// One line a run: how it ended, where, when, and the tricks that counted.
fn line(style: Style, r: &BotRun) -> String {
    let end = match (&r.killed_by, r.won, r.timed_out) {
        (_, true, _) => "won".to_string(),
        (_, _, true) => "unfinished".to_string(),
        (Some(k), _, _) => format!("killed by {k}"),
        (None, _, _) => "died".to_string(),
    };
    let tricks: Vec<String> = Trick::ALL
        .iter()
        .map(|&t| {
            let n = r.tricks.total(t);
            format!("{}/{}", n.counted, n.tried)
        })
        .collect();
    format!(
        "{} seed {}: {end}, depth {}, turn {}, kills {}, tricks {}",
        style.name(),
        r.seed,
        r.depth,
        r.turns,
        r.kills,
        tricks.join(" ")
    )
}

#[test]
fn three_bots_on_four_seeds_end_as_pinned() {
    let mut lines = Vec::new();
    for style in Style::ALL {
        for seed in 1..=4 {
            let (run, _) = play_run_from(seed, 7, style, 3000, |g, c| g.apply(c)).unwrap();
            lines.push(line(style, &run));
        }
    }
    let got = lines.join("\n");
    crate::golden::check("tests/golden/bots.txt", &got);
}

/// A hall with a troll (slow, sees three cells, works no door) six cells
/// off, in the player's view: too strong to fight.
const TROLL_HALL: &str = "name: troll hall\n\
    faction: trolls glyph=T kind=troll hostile hearing=40\n\
    map:\n\
    ##########################\n\
    #........................#\n\
    #...........@.....T......#\n\
    #........................#\n\
    ##########################\n";

/// The hall in `text`, its one monster hunting the player (it heard a
/// step), the player holding `items`; and that monster.
fn hunted_in(text: &str, items: &[&str]) -> (darkstar::sim::Game, u32) {
    use darkstar::sim::{Action, Awareness, Command, Game, SimConfig};
    let level = darkstar::content::level::Level::parse(text, "hall.txt".as_ref()).unwrap();
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    let at = game.floor().player().unwrap().pos();
    for &name in items {
        game.apply(Command::PutItem {
            at,
            item: crate::common::item(name),
        });
    }
    game.apply(Command::Player(Action::Walk(darkstar::map::geom::Dir::W)));
    game.apply(Command::Player(Action::Walk(darkstar::map::geom::Dir::E)));
    let monster = game
        .floor()
        .monsters()
        .iter()
        .position(|m| !m.is_player())
        .unwrap() as u32;
    assert_eq!(
        game.floor().awareness(monster),
        Awareness::Hunting,
        "it heard the steps"
    );
    (game, monster)
}

/// The troll hall, its troll hunting the player, the player holding
/// `items`.
fn hunted_in_the_hall(items: &[&str]) -> darkstar::sim::Game {
    hunted_in(TROLL_HALL, items).0
}

/// Hunted by a troll it cannot fight that is beyond its sight (it hunts
/// by ear), the cunning bot throws its noise-maker far off, and the
/// trolls go there: they hunt a place that is not the player's.
#[test]
fn the_cunning_bot_lures_a_troll_off_with_a_noise_maker() {
    use darkstar::sim::{Action, Command};
    let mut game = hunted_in_the_hall(&["noise-maker"]);
    let at = game.floor().player().unwrap().pos();
    let Some(Action::Throw(0, q)) = darkstar::sim::bot::next_action(&game, Style::Cunning) else {
        panic!(
            "no lure: {:?}",
            darkstar::sim::bot::next_action(&game, Style::Cunning)
        );
    };
    let (dx, dy) = at.abs_delta(q);
    assert!(dx.max(dy) >= 4, "thrown far off: {q}");
    game.apply(Command::Player(Action::Throw(0, q)));
    assert_eq!(
        game.floor().mind(0).player_seen(),
        Some(q),
        "they go to the noise"
    );
    // The brawler keeps it and goes on as before.
    let game = hunted_in_the_hall(&["noise-maker"]);
    assert!(!matches!(
        darkstar::sim::bot::next_action(&game, Style::Brawler),
        Some(Action::Throw(..))
    ));
}

/// With no noise-maker, the cunning bot breaks away silent: the troll is
/// blind and hunts by ear, so it sneaks (a switch, then steps away from
/// it), and the troll, come to the last place it heard a step, has lost
/// the player: it searches there.
#[test]
fn the_cunning_bot_slips_away_silent_from_a_troll_that_hunts_by_ear() {
    use darkstar::sim::{Action, Awareness, Command};
    let mut game = hunted_in_the_hall(&[]);
    let troll = game
        .floor()
        .monsters()
        .iter()
        .position(|m| !m.is_player())
        .unwrap() as u32;
    let mut actions = Vec::new();
    while actions.len() < 12
        && game.floor().awareness(troll) == Awareness::Hunting
        && let Some(action) = darkstar::sim::bot::next_action(&game, Style::Cunning)
    {
        actions.push(action);
        game.apply(Command::Player(action));
    }
    assert_eq!(actions[0], Action::Sneak, "{actions:?}");
    assert!(
        actions[1..].iter().all(|a| matches!(a, Action::Walk(_))),
        "{actions:?}"
    );
    assert!(game.floor().play_state().unwrap().sneaking);
    assert_eq!(
        game.floor().awareness(troll),
        Awareness::Searching,
        "{actions:?}"
    );
    assert_eq!(
        game.floor().player().unwrap().hp(),
        darkstar::sim::PLAYER_HP
    );
}

/// A hall with an ogre (as fast as the player, sees four cells, hears
/// a step anywhere in it) six cells off.
const OGRE_HALL: &str = "name: ogre hall\n\
    faction: giants glyph=O kind=ogre hostile hearing=40\n\
    map:\n\
    ##########################\n\
    #........................#\n\
    #...........@.....O......#\n\
    #........................#\n\
    ##########################\n";

/// Seen by an ogre it cannot fight or outrun, the cunning bot reads its
/// scroll of darkness (no monster sees into it), goes silent and slips
/// away: the ogre, come to where it last saw the player, has lost it and
/// searches, and never lands a blow. Without the scroll it has no such
/// way: the trick is the scroll's, and the brawler keeps it unread.
#[test]
fn the_cunning_bot_reads_darkness_on_an_ogre_that_sees_it() {
    use darkstar::sim::{Action, Awareness, Command};
    let (mut game, ogre) = hunted_in(OGRE_HALL, &["darkness"]);
    let mut actions = Vec::new();
    while actions.len() < 30
        && let Some(action) = darkstar::sim::bot::next_action(&game, Style::Cunning)
    {
        actions.push(action);
        game.apply(Command::Player(action));
        if actions.len() > 2 && game.floor().awareness(ogre) != Awareness::Hunting {
            break;
        }
    }
    assert!(matches!(actions[0], Action::Use(0)), "{actions:?}");
    assert!(game.floor().darkness().is_some(), "{actions:?}");
    assert_eq!(actions[1], Action::Sneak, "{actions:?}");
    assert!(game.floor().play_state().unwrap().sneaking);
    assert_eq!(
        game.floor().awareness(ogre),
        Awareness::Searching,
        "{actions:?}"
    );
    assert_eq!(
        game.floor().player().unwrap().hp(),
        darkstar::sim::PLAYER_HP,
        "{actions:?}"
    );
    // The brawler keeps the scroll and goes for the ogre.
    let (game, _) = hunted_in(OGRE_HALL, &["darkness"]);
    assert!(!matches!(
        darkstar::sim::bot::next_action(&game, Style::Brawler),
        Some(Action::Use(_))
    ));
}

/// Hunters waiting at the foot of the stairs do not hold the cunning bot
/// for ever: on seed 26 three orcs stood there each time it came down to
/// depth 7, and it went back up, round depth 6 and down again, about 70
/// times until its 20,000 turns ran out. It now takes the stairs away
/// from hunters three times a depth at most, then breaks away on foot or
/// fights, and the run ends.
#[test]
fn the_cunning_bot_is_not_held_for_ever_by_hunters_at_the_stairs() {
    let (run, _) = play_run_from(26, 1, Style::Cunning, 20_000, |g, c| g.apply(c)).unwrap();
    assert!(!run.timed_out, "{}", line(Style::Cunning, &run));
    assert!(
        run.won || run.killed_by.is_some(),
        "{}",
        line(Style::Cunning, &run)
    );
}

/// A hall with a blind troll, awake (hunting by ear, its ear a cell short of the
/// player) and a raven of its faction, the trolls' eyes, further off
/// (within a dart's eight cells).
const RAVEN_HALL: &str = "name: raven hall\n\
    faction: trolls glyph=T kind=troll hearing=4 behaviours=melee,hunt,search\n\
    kind: raven of=trolls glyph=v kind=raven\n\
    map:\n\
    ##########################\n\
    #...................v....#\n\
    #...........@............#\n\
    #................T.......#\n\
    ##########################\n";

/// The cunning bot throws its darts at the raven, the eyes of the blind
/// troll, though the troll is nearer: killed, it tells the troll nothing
/// more. The brawler throws at the nearest, the troll.
#[test]
fn the_cunning_bot_kills_the_eyes_first() {
    use darkstar::sim::{Action, Command, Game, SimConfig};
    let level = darkstar::content::level::Level::parse(RAVEN_HALL, "hall.txt".as_ref()).unwrap();
    let new = || {
        let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
        let at = game.floor().player().unwrap().pos();
        for _ in 0..5 {
            game.apply(Command::PutItem {
                at,
                item: crate::common::item("dart"),
            });
        }
        game.apply(Command::Player(Action::Walk(darkstar::map::geom::Dir::W)));
        game.apply(Command::Player(Action::Walk(darkstar::map::geom::Dir::E)));
        game
    };
    let mut game = new();
    let raven = game
        .floor()
        .monsters()
        .iter()
        .position(|m| game.floor().kind_of(m).glyph == 'v')
        .unwrap();
    let troll = |game: &Game| {
        let t = game
            .floor()
            .monsters()
            .iter()
            .find(|m| game.floor().kind_of(m).glyph == 'T');
        t.unwrap().pos()
    };
    let Some(Action::Throw(_, q)) = darkstar::sim::bot::next_action(&game, Style::Cunning) else {
        panic!(
            "no dart: {:?}",
            darkstar::sim::bot::next_action(&game, Style::Cunning)
        );
    };
    assert_eq!(q, game.floor().monsters()[raven].pos(), "at the raven");
    // Dart after dart until the raven dies, the troll never landing one.
    let mut throws = 0;
    while game.floor().monsters()[raven].is_here() && throws < 8 {
        let Some(action @ Action::Throw(..)) =
            darkstar::sim::bot::next_action(&game, Style::Cunning)
        else {
            break;
        };
        game.apply(Command::Player(action));
        throws += 1;
    }
    assert!(!game.floor().monsters()[raven].is_here(), "{throws} darts");
    // The brawler throws at the nearest: the troll.
    let game = new();
    let b = darkstar::sim::bot::next_action(&game, Style::Brawler);
    assert!(
        matches!(b, Some(Action::Throw(_, q)) if q == troll(&game)),
        "{b:?} {:?} {:?}",
        troll(&game),
        game.floor()
            .monsters()
            .iter()
            .map(|m| (m.pos(), game.floor().awareness(m.id())))
            .collect::<Vec<_>>()
    );
}

/// A corridor between two halls (the stairs down in the southern one),
/// the player in it and a troll (too strong to fight, hears a step
/// anywhere) in the hall `troll_at` says: "north" or "south".
fn corridor_with_a_troll(troll_at: &str) -> String {
    let (north, south) = match troll_at {
        "north" => ("#....T....#", "#.........#"),
        _ => ("#.........#", "#....T....#"),
    };
    format!(
        "name: corridor\n\
         faction: trolls glyph=T kind=troll hostile hearing=40\n\
         map:\n\
         ###########\n\
         {north}\n\
         #.........#\n\
         #####.#####\n\
         #####.#####\n\
         #####@#####\n\
         #####.#####\n\
         #####.#####\n\
         #....>....#\n\
         {south}\n\
         ###########\n"
    )
}

/// Hunted down a corridor by a troll it cannot fight, the cunning bot
/// reads its scroll of collapse where the cell it walls (the first open
/// one clockwise from the north) is the troll's way: the troll, walled
/// off, never strikes, and the player's map holds the new wall. With the troll coming from the south the scroll
/// would wall the way north, not the troll's: it keeps it. The brawler
/// never reads one.
#[test]
fn the_cunning_bot_makes_a_dead_end_with_collapse() {
    use darkstar::map::geom::Dir;
    use darkstar::sim::{Action, Command};
    let hunted = |troll_at: &str| {
        let text = corridor_with_a_troll(troll_at);
        let level = darkstar::content::level::Level::parse(&text, "corridor.txt".as_ref()).unwrap();
        let mut game =
            darkstar::sim::Game::new(&level, 1, darkstar::sim::SimConfig::default()).unwrap();
        let at = game.floor().player().unwrap().pos();
        game.apply(Command::PutItem {
            at,
            item: crate::common::item("collapse"),
        });
        game.apply(Command::Player(Action::Walk(Dir::N)));
        game.apply(Command::Player(Action::Walk(Dir::S)));
        game
    };
    let mut game = hunted("north");
    assert_eq!(
        darkstar::sim::bot::next_action(&game, Style::Cunning),
        Some(Action::Use(0))
    );
    game.apply(Command::Player(Action::Use(0)));
    // The player saw it fall: at once (before any step of its own) its
    // map, and its autopilot, hold the new wall. Not so, on seed 6 the
    // bot walked into it, refused, for 14,000 turns.
    let walled = darkstar::map::geom::Pos::new(5, 4);
    let player = game.floor().player().unwrap().faction();
    assert!(
        !game.floor().factions()[player]
            .knowledge()
            .is_passable(walled)
    );
    let mut actions = Vec::new();
    while actions.len() < 30
        && let Some(action) = darkstar::sim::bot::next_action(&game, Style::Cunning)
    {
        actions.push(action);
        game.apply(Command::Player(action));
    }
    assert_eq!(
        game.floor().world().get(walled),
        Some(darkstar::map::terrain::Terrain::Wall),
        "{actions:?}"
    );
    assert_eq!(
        game.floor().player().unwrap().hp(),
        darkstar::sim::PLAYER_HP,
        "{actions:?}"
    );
    let game = hunted("south");
    assert_ne!(
        darkstar::sim::bot::next_action(&game, Style::Cunning),
        Some(Action::Use(0))
    );
    let game = hunted("north");
    assert_ne!(
        darkstar::sim::bot::next_action(&game, Style::Brawler),
        Some(Action::Use(0))
    );
}

/// Beside an ogre that could kill it before its next turn (its blow at
/// most 3d6+3: 21), the cunning bot drinks its healing potion whatever
/// its hit points; the brawler, above a third of them, strikes. Above
/// what the ogre can land, the cunning bot strikes too.
#[test]
fn the_cunning_bot_drinks_before_a_blow_that_could_kill_it() {
    use darkstar::map::geom::Pos;
    use darkstar::sim::{Action, Command, PLAYER_HP};
    let den = "name: ogre den\n\
        faction: giants glyph=O kind=ogre hostile\n\
        map:\n\
        ##########\n\
        #...@O...#\n\
        ##########\n";
    let most = 21;
    let (mut drank, mut struck) = (0, 0);
    for seed in 1..=20 {
        let level = darkstar::content::level::Level::parse(den, "den.txt".as_ref()).unwrap();
        let config = darkstar::sim::SimConfig::default();
        let mut game = darkstar::sim::Game::new(&level, seed, config).unwrap();
        // A potion a step west, picked up; the ogre follows.
        game.apply(Command::PutItem {
            at: Pos::new(3, 1),
            item: crate::common::item("healing"),
        });
        game.apply(Command::Player(Action::Walk(darkstar::map::geom::Dir::W)));
        // The ogre strikes while the player waits: what each bot would do
        // at each turn, the potion kept.
        for _ in 0..6 {
            let Some(player) = game.floor().player().filter(|p| p.hp() > 0) else {
                break;
            };
            let (hp, at) = (player.hp(), player.pos());
            let beside = game.floor().monsters().iter().any(|m| {
                let (dx, dy) = m.pos().abs_delta(at);
                !m.is_player() && dx.max(dy) == 1
            });
            if beside {
                let cunning = darkstar::sim::bot::next_action(&game, Style::Cunning);
                let brawler = darkstar::sim::bot::next_action(&game, Style::Brawler);
                if hp <= most {
                    assert_eq!(cunning, Some(Action::Use(0)), "seed {seed}, {hp} HP");
                    drank += 1;
                } else {
                    assert!(
                        matches!(cunning, Some(Action::Walk(_))),
                        "seed {seed}, {hp} HP: {cunning:?}"
                    );
                    struck += 1;
                }
                if hp * 3 > PLAYER_HP {
                    assert!(
                        matches!(brawler, Some(Action::Walk(_))),
                        "seed {seed}, {hp} HP: {brawler:?}"
                    );
                }
            }
            game.apply(Command::Player(Action::Wait(None)));
        }
    }
    assert!(drank > 0 && struck > 0, "drank {drank}, struck {struck}");
}
