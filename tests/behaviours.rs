//! Behaviours as data and the one `Action`: a kind's behaviours are a
//! list its bestiary block gives, a new behaviour is one small type, and
//! every actor's action goes through one `perform` that says done,
//! failed or "do this instead".

use std::path::Path;
use std::sync::Arc;

use darkstar::content::bestiary::Bestiary;
use darkstar::content::level::Level;
use darkstar::map::geom::{Dir, Pos};
use darkstar::sim::behaviour::{Behaviour, Choice, Repertoire, Situation};
use darkstar::sim::{Action, Command, Event, Game, GameError, SimConfig};

/// A behaviour only this test knows: seen by the player, it freezes
/// (it waits, hoping not to be noticed).
#[derive(Debug)]
struct Freeze;

impl Behaviour for Freeze {
    fn name(&self) -> &str {
        "freeze"
    }
    fn choose(&self, now: &Situation) -> Choice {
        match now.player_in_sight() {
            Some(_) => Choice::Act(Action::Wait(None)),
            None => Choice::Pass,
        }
    }
}

/// One bestiary block: a kind that freezes when it sees you, else hunts.
const HARE: &str = "kind: hare
plural: hares
glyph: h
faction: hares
depths: 1-2
hp: 5
accuracy: 60
defence: 5
damage: 1d3
speed: 100
sight: 8
hearing: 8
unknown: 1
doors: cannot
pack: 1-2
behaviours: freeze melee hunt search
";

/// A corridor: the player at one end, the kind's monster six cells off
/// (in sight).
fn corridor(kind: &darkstar::content::bestiary::Kind) -> Level {
    let text = "name: corridor\nfaction: them glyph=h\nmap:\n##########\n#@.....h.#\n##########\n";
    let mut level = Level::parse(text, Path::new("corridor.txt")).unwrap();
    level.factions[0].take_kind(kind);
    level
}

/// Where the monster is after the player waits `turns` turns.
fn after_waits(game: &mut Game, turns: u32) -> Pos {
    for _ in 0..turns {
        game.apply(Command::Player(Action::Wait(None)));
    }
    game.floor().monsters()[0].pos()
}

#[test]
fn a_new_behaviour_is_one_bestiary_block_and_one_small_type() {
    let known = Repertoire::builtin().with(Arc::new(Freeze));
    // The built-in bestiary reader refuses a name it does not know, and
    // says which line.
    let e = Bestiary::parse(HARE, Path::new("hares.txt")).unwrap_err();
    assert!(e.to_string().contains("hares.txt:16"), "{e}");
    let hares = Bestiary::parse_knowing(HARE, Path::new("hares.txt"), &|n| known.knows(n)).unwrap();
    let level = corridor(hares.kind("hare").unwrap());
    // A game that does not know it says so, naming it.
    let e = Game::new(&level, 1, SimConfig::default()).unwrap_err();
    assert!(matches!(&e, GameError::UnknownBehaviour { name, .. } if name == "freeze"));
    let mut game = Game::new_knowing(&level, 1, SimConfig::default(), &known).unwrap();
    let start = game.floor().monsters()[0].pos();
    assert_eq!(after_waits(&mut game, 20), start, "it freezes in sight");
    // Without it, the same kind comes for the player and hits it.
    let mut hunter = hares.kind("hare").unwrap().clone();
    hunter.behaviours = darkstar::content::behaviours::Behaviours::new(["melee", "hunt", "search"]);
    let mut game = Game::new(&corridor(&hunter), 1, SimConfig::default()).unwrap();
    let at = after_waits(&mut game, 20);
    assert_eq!(at, Pos::new(2, 1), "it came next to the player");
    assert!(game.floor().player().unwrap().hp() < 40, "and hit it");
}

/// A kind fights only if its list says `melee`: one that only hunts comes
/// to the player and never hits it.
#[test]
fn a_kind_without_melee_never_attacks() {
    let hares = Bestiary::parse_knowing(HARE, Path::new("hares.txt"), &|n| {
        Repertoire::builtin().knows(n) || n == "freeze"
    })
    .unwrap();
    let mut walker = hares.kind("hare").unwrap().clone();
    walker.behaviours = darkstar::content::behaviours::Behaviours::new(["hunt", "search"]);
    let mut game = Game::new(&corridor(&walker), 1, SimConfig::default()).unwrap();
    assert_eq!(after_waits(&mut game, 30), Pos::new(2, 1), "it came");
    assert_eq!(game.floor().player().unwrap().hp(), 40, "and never hit");
}

/// A level's flags still read, as the list they always meant, and a
/// level may give the list itself; a level written back reads the same.
#[test]
fn level_flags_and_lists_read_and_round_trip() {
    let text = "name: x\nfaction: a glyph=a sleeps hostile wanders\nfaction: b glyph=b behaviours=hunt,melee\nmap:\n#####\n#a.b#\n#####\n";
    let level = Level::parse(text, Path::new("x.txt")).unwrap();
    let names = |i: usize| level.factions[i].kind().behaviours.to_string();
    assert_eq!(names(0), "asleep melee hunt search wander");
    assert_eq!(names(1), "hunt melee");
    let again = Level::parse(&level.to_text(), Path::new("x.txt")).unwrap();
    assert_eq!(again.factions, level.factions);
    for (bad, column) in [
        ("behaviours=hunt,dance", "dance"),
        ("behaviours=hunt hostile", "not both"),
    ] {
        let text = format!("name: x\nfaction: a glyph=a {bad}\nmap:\n###\n#a#\n###\n");
        let e = Level::parse(&text, Path::new("x.txt"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("x.txt:2") && e.contains(column), "{e}");
    }
}

/// One `perform` for every actor: the player's walk into a monster is
/// an attack, into a closed door an opening; an attack out of reach and
/// an opening of a wall fail with their event and take no time.
#[test]
fn the_players_walk_becomes_an_attack_or_an_opening_and_failures_take_no_time() {
    let text = "name: d\nfaction: a glyph=a hp=50\nmap:\n#######\n#@+..a#\n#######\n";
    let level = Level::parse(text, Path::new("d.txt")).unwrap();
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    let turn = game.floor().turn();
    let e = game.apply(Command::Player(Action::Open(Dir::N)));
    assert!(
        e.contains(&Event::CannotOpen { at: Pos::new(1, 0) }),
        "{e:?}"
    );
    let far = game.floor().monsters()[0].id();
    let e = game.apply(Command::Player(Action::Attack(far)));
    assert!(
        e.contains(&Event::OutOfReach { at: Pos::new(5, 1) }),
        "{e:?}"
    );
    assert_eq!(game.floor().turn(), turn, "failures take no time");
    let e = game.apply(Command::Player(Action::Walk(Dir::E)));
    assert!(
        e.iter()
            .any(|e| matches!(e, Event::Door { open: true, .. })),
        "a walk into a closed door opens it: {e:?}"
    );
    assert!(game.floor().turn() > turn);
    for _ in 0..3 {
        game.apply(Command::Player(Action::Walk(Dir::E)));
    }
    assert_eq!(game.floor().player().unwrap().pos(), Pos::new(4, 1));
    let e = game.apply(Command::Player(Action::Walk(Dir::E)));
    assert!(
        e.iter().any(|e| matches!(e, Event::Attacked { attacker, .. } | Event::Missed { attacker, .. } if *attacker == 1)),
        "a walk into a monster attacks it: {e:?}"
    );
}

/// A faction of two kinds: a sighted scout (3 hit points) that cries out
/// when it notices the player, and a blind brute (30) that hears, each
/// with its own numbers, one knowledge between them.
const PACK: &str = "name: pack
faction: goblins glyph=s one=scout sight=8 hp=3 behaviours=cry,melee,hunt,search,wander
kind: brute of=goblins glyph=B hp=30 damage=2d4 hearing=20 hostile
map:
###########
#@.....s..#
#.#########
#....B....#
###########
";

#[test]
fn one_faction_holds_kinds_with_their_own_numbers_and_the_blind_learn_from_the_sighted_cry() {
    let level = Level::parse(PACK, Path::new("pack.txt")).unwrap();
    let goblins = &level.factions[0];
    assert_eq!(goblins.kinds.len(), 2);
    assert_eq!(goblins.one_of(1), "brute");
    assert_eq!(
        Level::parse(&level.to_text(), Path::new("pack.txt")).unwrap(),
        level,
        "a level of two kinds writes back as it reads"
    );
    let game = Game::new(&level, 1, SimConfig::default()).unwrap();
    let (scout, brute) = (&game.floor().monsters()[0], &game.floor().monsters()[1]);
    assert_eq!((scout.faction(), brute.faction()), (0, 0));
    assert_eq!((scout.hp(), brute.hp()), (3, 30));
    assert_eq!(
        (
            game.floor().kind_of(scout).sight,
            game.floor().kind_of(brute).sight
        ),
        (8, 0)
    );
    let brute_start = brute.pos();
    // The scout sees the player and cries out; the blind brute hears
    // where it saw the player, and comes.
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    let player = game.floor().player().unwrap().pos();
    let cried = (0..6).any(|_| {
        let e = game.apply(Command::Player(Action::Wait(None)));
        e.iter().any(|e| matches!(e, Event::Cried { monster: 0 }))
    });
    assert!(cried, "the scout cried out");
    let told = game.floor().mind(1).knows().expect("the brute was told");
    assert_eq!((told.at, told.how), (player, darkstar::sim::Learnt::Told));
    let near = after_waits(&mut game, 6);
    let moved = game.floor().monsters()[1].pos();
    assert_ne!(moved, brute_start, "the brute came: {near:?}");
    assert!(moved.x < brute_start.x || moved.y < brute_start.y);
    // A scout that makes no sound: its faction shares the map, not the
    // player; when it sees the player, the brute knows nothing of it.
    let silent = PACK.replace("behaviours=cry,melee,hunt,search,wander", "hostile");
    let silent = Level::parse(&silent, Path::new("pack.txt")).unwrap();
    let mut game = Game::new(&silent, 1, SimConfig::default()).unwrap();
    let saw = (0..6).any(|_| {
        game.apply(Command::Player(Action::Wait(None)));
        game.floor().mind(0).knows().is_some()
    });
    assert!(saw, "the scout saw the player");
    assert_eq!(
        game.floor().mind(1).knows(),
        None,
        "the brute was told nothing"
    );
    // A deaf brute hears no cry.
    let deaf = PACK.replace(" hearing=20", "");
    let deaf = Level::parse(&deaf, Path::new("pack.txt")).unwrap();
    let mut game = Game::new(&deaf, 1, SimConfig::default()).unwrap();
    after_waits(&mut game, 6);
    assert_eq!(
        game.floor().monsters()[1].pos(),
        brute_start,
        "the deaf brute heard nothing"
    );
    // Kill the scout first: the pack's eyes are gone, and the brute,
    // blind and knowing nothing of the player, never moves.
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    game.apply(Command::Kill { monster: 0 });
    after_waits(&mut game, 30);
    assert_eq!(
        game.floor().monsters()[1].pos(),
        brute_start,
        "blind, it learnt nothing"
    );
}

/// A kind line's mistakes name their line and column; what is the
/// faction's cannot be set on a kind.
#[test]
fn kind_lines_are_checked() {
    for (line, expect) in [
        ("kind: brute glyph=B", "needs of=FACTION"),
        ("kind: brute of=trolls glyph=B", "declared above"),
        (
            "kind: brute of=goblins glyph=s",
            "already faction goblins's",
        ),
        ("kind: brute of=goblins glyph=B unknown=3", "the faction's"),
        (
            "kind: brute of=goblins glyph=B kind=rat",
            "one knowledge serves",
        ),
        ("kind: brute of=goblins", "needs glyph"),
    ] {
        let text = format!("name: x\nfaction: goblins glyph=s\n{line}\nmap:\n###\n#s#\n###\n");
        let e = Level::parse(&text, Path::new("x.txt"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("x.txt:3") && e.contains(expect), "{line}: {e}");
    }
}
