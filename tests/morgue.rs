//! The game's record is the simulation's: a morgue file written by the
//! bot (`darkstar bot --morgue DIR`) and one written by playing the same
//! commands through the front end are the same file, and the chronicle a
//! played game keeps is the one its replay rebuilds.

use darkstar::record::morgue::{Morgue, morgue_dir, record};
use darkstar::record::replay::{Item, Replay};
use darkstar::sim::{Action, Command, PlayOutcome};
use darkstar::ui::app::App;
use darkstar::ui::keymap::Intent;

/// The careless bot's run of seed 5 from depth 3: it walks (into
/// monsters: blows) and takes the stairs down, and an orc kills it on
/// turn 1,508 of depth 5.
const SEED: u64 = 5;
const DEPTH: u32 = 3;

/// The key that gives `action` in play, where the bot gave it.
fn key_for(action: &Action) -> Intent {
    match *action {
        Action::Walk(d) => Intent::Move(d),
        Action::Wait(_) => Intent::Wait,
        Action::Descend => Intent::TravelStairs,
        Action::Ascend => Intent::Upstairs,
        Action::Sneak => Intent::Sneak,
        ref other => panic!("the careless bot gave {other:?}, which has no single key"),
    }
}

#[test]
fn the_bots_morgue_file_is_the_one_playing_its_commands_leaves() {
    let dir = crate::common::Scratch::new("morgue", "bot");
    let out = crate::common::darkstar_command()
        .args(["bot", "--careless", "--turns", "3000"])
        .args(["--seeds", &format!("{SEED}..{SEED}")])
        .args(["--depth", &DEPTH.to_string(), "--record"])
        .arg(&*dir)
        .arg("--morgue")
        .arg(&*dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("morgue files of the 1 runs in"), "{stdout}");
    let bots = std::fs::read_to_string(dir.join(format!("seed-{SEED}.txt"))).unwrap();
    let replay = Replay::load(&dir.join(format!("seed-{SEED}.replay"))).unwrap();

    // The same commands, as keys, through the front end.
    let mut app = App::play_run(SEED, DEPTH).unwrap();
    for item in &replay.items {
        if let Item::Command(turn, Command::Player(action)) = item {
            assert_eq!(app.game().floor().turn(), *turn, "in step with the bot");
            app.handle(key_for(action));
            // A slow step with a monster awake in view is asked about
            // first: the same key again, as the player would.
            let asked = app.log().last().is_some_and(|l| l.contains("again to go"));
            if asked && app.game().floor().turn() == *turn {
                app.handle(key_for(action));
            }
        }
    }
    assert!(
        matches!(
            app.game().floor().play_state().map(|p| p.outcome),
            Some(PlayOutcome::Lost(_))
        ),
        "the run ends in a death"
    );
    // Recorded as the binary records a finished game.
    let save = dir.join("played").join("save.replay");
    let now = std::time::SystemTime::now();
    let recorded = record(&save, &Morgue::of(app.game()), &app.recording(), now);
    assert!(recorded.is_whole(), "{recorded:?}");
    let played = std::fs::read_to_string(recorded.morgue.unwrap()).unwrap();
    assert_eq!(played, bots);
    // And it says how the run went, from the chronicle.
    for part in [
        "Outcome:     lost",
        "How:         killed by an ogre on depth 6",
        "Kills:       ",
        "taken, ",
        "The last messages:",
        "You die...",
    ] {
        assert!(bots.contains(part), "{part} in {bots}");
    }
    assert_eq!(crate::common::listing(&morgue_dir(&save)).len(), 1);
}

/// The chronicle of a game resumed from its save is the chronicle of the
/// game played: it is the game's, rebuilt by replaying its commands.
#[test]
fn a_resumed_game_has_the_chronicle_it_was_saved_with() {
    use darkstar::content::level::Level;
    let level = Level::parse(
        "name: brawl\nfaction: goblins glyph=g sight=4 hostile hp=40\nmap:\n\
         #######\n#@.g..#\n#.....#\n#######\n",
        "brawl.txt".as_ref(),
    )
    .unwrap();
    let mut app = App::play(&level, 3).unwrap();
    for i in 0..40 {
        if app.game_over() {
            break;
        }
        let me = app.game().floor().player().unwrap().pos();
        let goblin = app.game().floor().monsters()[1].pos();
        app.handle(match (i % 3, me.dir_to(goblin)) {
            (0, Some(d)) => Intent::Move(d),
            _ => Intent::Wait,
        });
    }
    let chronicle = app.game().chronicle();
    assert!(chronicle.last_said().len() > 3, "{chronicle:?}");
    assert!(chronicle.damage_taken() > 0, "{chronicle:?}");
    let resumed = App::resume(app.recording()).unwrap();
    assert_eq!(resumed.game().chronicle(), chronicle);
    assert_eq!(
        Morgue::of(resumed.game()).to_text(),
        Morgue::of(app.game()).to_text()
    );
}

/// The morgue's map is the player's: cropped to the cells it knew (a big
/// level seen in one corner is that corner, not rows of blanks), with
/// the items it knew of drawn where they lie, and nothing it never saw.
#[test]
fn the_morgue_map_is_cropped_to_what_was_known_and_shows_known_items() {
    use darkstar::content::level::Level;
    use darkstar::map::geom::Pos;
    use darkstar::sim::{Game, SimConfig};
    let mut text = String::from("name: corner\nmap:\n");
    text += &format!("{}\n", "#".repeat(40));
    text += &format!("#@..#{}#\n", ".".repeat(34));
    text += &format!("#####{}#\n", ".".repeat(34));
    for _ in 0..20 {
        text += &format!("#{}#\n", ".".repeat(38));
    }
    text += &format!("{}\n", "#".repeat(40));
    let level = Level::parse(&text, "corner.txt".as_ref()).unwrap();
    let mut game = Game::new(&level, 1, SimConfig::default()).unwrap();
    let dart = crate::common::item("dart");
    // One where the player sees it, one beyond the wall it never saw.
    game.apply(Command::PutItem {
        at: Pos::new(3, 1),
        item: dart,
    });
    game.apply(Command::PutItem {
        at: Pos::new(20, 10),
        item: dart,
    });
    game.apply(Command::Player(Action::Wait(None)));
    let map = Morgue::of(&game).map;
    assert_eq!(map, ["#####", "#@.(#", "#####"]);
}
