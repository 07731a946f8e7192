//! The life cycle over a storage in memory: every decision, no terminal
//! and no disk.

use std::time::Duration;

use super::*;
use crate::content::lessons::LESSONS;
use crate::content::level::Level;
use crate::map::geom::Dir;
use crate::record::replay::{LevelSource, Recorder};
use crate::sim::{Action, Command, SimConfig};

/// A level won in three steps: east (the treasure), then west twice
/// (the stairs).
const LEVEL: &str = "name: t\nmap:\n#####\n#>@$#\n#####\n";

/// A game being played, as the front end records it, and the front
/// end's clock as last told to the life cycle (by [`Play::keep`]).
struct Play {
    game: Game,
    recorder: Recorder,
    now: std::cell::Cell<Duration>,
}

impl Play {
    fn new(text: &str, seed: u64) -> Play {
        let level = Level::parse(text, "t.txt".as_ref()).unwrap();
        let config = SimConfig::default();
        Play {
            game: Game::new(&level, seed, config).unwrap(),
            recorder: Recorder::new(LevelSource::Text(level.to_text()), seed, config, 50),
            now: Default::default(),
        }
    }

    fn resumed(checked: CheckedSave) -> Play {
        let turn = checked.game.floor().turn();
        Play {
            game: checked.game,
            recorder: Recorder::resume(checked.replay, turn, 50),
            now: Default::default(),
        }
    }

    fn step(&mut self, dir: Dir) {
        self.recorder
            .apply(&mut self.game, Command::Player(Action::Walk(dir)));
    }

    fn wait(&mut self, n: usize) {
        for _ in 0..n {
            self.recorder
                .apply(&mut self.game, Command::Player(Action::Wait(None)));
        }
    }

    fn win(&mut self) {
        for dir in [Dir::E, Dir::W, Dir::W] {
            self.step(dir);
        }
    }

    fn over(&self) -> bool {
        self.game
            .floor()
            .play_state()
            .is_some_and(|p| p.outcome != crate::sim::PlayOutcome::Playing)
    }

    fn recording(&self) -> Replay {
        self.recorder.closed(&self.game)
    }

    fn commands(&self) -> usize {
        self.recorder.commands()
    }

    /// What [`Life::keep`] does with the game as it stands, at `at`.
    fn keep<S: Storage>(&self, life: &mut Life<S>, at: Duration) -> Option<String> {
        self.now.set(at);
        life.keep(self.commands(), self.game.depth(), at, || self.recording())
    }

    fn end<S: Storage>(&self, life: &mut Life<S>, wants_new: bool, ending: Ending) -> After {
        life.end(
            &self.game,
            &self.recording(),
            self.over(),
            wants_new,
            ending,
            self.now.get(),
        )
    }
}

fn open<S: Storage>(storage: S, name: SaveName, wish: Wish) -> Result<(Life<S>, Start), LifeError> {
    let decided = Life::look(storage, name)?
        .check(|_| ControlFlow::Continue(()))?
        .decide(&wish)?;
    Ok(decided.take()?)
}

/// The commands of the save `name` in `storage`.
fn saved_commands(storage: &MemoryStorage, name: SaveName) -> usize {
    storage.save(name).map_or(0, |r| {
        r.items
            .iter()
            .filter(|i| matches!(i, crate::record::replay::Item::Command(..)))
            .count()
    })
}

/// A storage holding a run saved after `waits` turns.
fn with_a_save(waits: usize) -> MemoryStorage {
    let mut play = Play::new(LEVEL, 3);
    play.wait(waits);
    let mut storage = MemoryStorage::default();
    storage.put(SaveName::Run, play.recording());
    storage
}

#[test]
fn a_first_game_is_new_and_a_quit_saves_it_then_lets_it_go_before_the_records() {
    let (mut life, start) = open(MemoryStorage::default(), SaveName::Run, Wish::default()).unwrap();
    assert!(matches!(start, Start::New));
    let mut play = Play::new(LEVEL, 1);
    life.started(&play.game, 0, Duration::ZERO, true).unwrap();
    play.wait(3);
    assert_eq!(play.end(&mut life, false, Ending::Quit), After::Leave);
    let said = life.take_said();
    assert_eq!(
        said[0],
        Said::Say("Saved to save.replay; `darkstar` goes on.".into())
    );
    let (_, outcome) = life.finish();
    assert!(outcome.unwrap());
    // finish consumed life: look at the order through a second game.
    let (mut life, start) = open(with_a_save(2), SaveName::Run, Wish::default()).unwrap();
    let Start::Resume(checked) = start else {
        panic!("a save waiting is resumed")
    };
    let mut play = Play::resumed(*checked);
    life.started(&play.game, play.commands(), Duration::ZERO, false)
        .unwrap();
    play.wait(1);
    play.end(&mut life, false, Ending::Quit);
    assert_eq!(
        life.storage().done,
        ["look", "take", "write", "release", "last replay"],
        "saved, let go, then the last replay; nothing backed up"
    );
    assert_eq!(saved_commands(life.storage(), SaveName::Run), 3);
}

#[test]
fn a_game_asked_for_over_a_save_is_refused_unless_new_which_backs_it_up_once_started() {
    let wish = Wish {
        asks_for_a_game: true,
        ..Wish::default()
    };
    let refused = open(with_a_save(2), SaveName::Run, wish).unwrap_err();
    assert!(
        matches!(refused, LifeError::SaveWaiting { .. }),
        "{refused}"
    );
    let missing = open(
        MemoryStorage::default(),
        SaveName::Run,
        Wish {
            resume: true,
            ..Wish::default()
        },
    )
    .unwrap_err();
    assert!(matches!(missing, LifeError::Save(SaveError::Missing(_))));

    let wish = Wish {
        asks_for_a_game: true,
        new: true,
        ..Wish::default()
    };
    let (mut life, start) = open(with_a_save(2), SaveName::Run, wish).unwrap();
    assert!(matches!(start, Start::New));
    assert!(
        life.storage().backups.is_empty(),
        "nothing moved before the game starts"
    );
    let play = Play::new(LEVEL, 9);
    life.started(&play.game, 0, Duration::ZERO, true).unwrap();
    assert_eq!(life.storage().backups.len(), 1);
    assert!(life.storage().save(SaveName::Run).is_none());
    play.end(&mut life, false, Ending::Quit);
    let (said, outcome) = life.finish();
    assert!(outcome.unwrap());
    assert_eq!(
        said.last(),
        Some(&Said::Say(
            "The game saved before this one is in save.replay.1.bak.".into()
        ))
    );
}

#[test]
fn a_quit_on_a_full_disk_keeps_the_player_and_loses_nothing_once_space_is_freed() {
    let (mut life, _) = open(MemoryStorage::default(), SaveName::Run, Wish::default()).unwrap();
    let mut play = Play::new(LEVEL, 1);
    let start = Duration::from_secs(5);
    life.started(&play.game, 0, start, true).unwrap();
    life.storage.full = true;
    play.wait(25);
    let note = play.keep(&mut life, start);
    assert!(note.is_some_and(|n| n.contains("cannot be saved as you play")));
    let After::Stay(why) = play.end(&mut life, false, Ending::Quit) else {
        panic!("a quit whose save fails is not carried out")
    };
    assert!(why.contains("Free space there and quit again"), "{why}");
    assert!(
        !life.storage().done.contains(&"release"),
        "the save is still held"
    );
    play.wait(4);
    life.storage.full = false;
    let later = start + Duration::from_secs(2);
    let note = play.keep(&mut life, later);
    assert_eq!(
        note.as_deref(),
        Some("The game is saved again: nothing was lost.")
    );
    assert_eq!(saved_commands(life.storage(), SaveName::Run), 29);
    assert_eq!(play.end(&mut life, false, Ending::Quit), After::Leave);
    // A signal on a full disk ends the session whatever happens, and
    // the last replay keeps what the save could not.
    let (mut life, _) = open(MemoryStorage::default(), SaveName::Run, Wish::default()).unwrap();
    life.storage.full = true;
    assert_eq!(play.end(&mut life, false, Ending::Stopped), After::Leave);
    assert_eq!(life.storage().last.as_ref(), Some(&play.recording()));
    let (_, outcome) = life.finish();
    assert!(matches!(outcome, Err(SaveError::Io { .. })));
}

#[test]
fn a_finished_game_leaves_no_save_but_its_record_and_n_plays_the_next_in_the_same_save() {
    let (mut life, _) = open(MemoryStorage::default(), SaveName::Run, Wish::default()).unwrap();
    let mut play = Play::new(LEVEL, 1);
    life.started(&play.game, 0, Duration::ZERO, true).unwrap();
    play.win();
    assert!(play.over());
    assert_eq!(play.end(&mut life, true, Ending::Quit), After::Next);
    assert!(life.storage().save(SaveName::Run).is_none(), "permadeath");
    assert_eq!(life.storage().records.len(), 1);
    assert!(
        life.storage().records[0].contains("won"),
        "{}",
        life.storage().records[0]
    );
    assert!(
        !life.storage().done.contains(&"release"),
        "the next game keeps the save"
    );
    let mut next = Play::new(LEVEL, 2);
    life.started(&next.game, 0, Duration::ZERO, false).unwrap();
    next.wait(2);
    assert_eq!(next.end(&mut life, false, Ending::Quit), After::Leave);
    assert_eq!(saved_commands(life.storage(), SaveName::Run), 2);
    assert!(
        life.storage().backups.is_empty(),
        "the finished game is not backed up"
    );
}

#[test]
fn a_lessons_save_holding_another_game_is_refused_and_a_lesson_won_is_marked() {
    let lesson = &LESSONS[0];
    let mut storage = with_a_save(1);
    let run = storage.save(SaveName::Run).unwrap().clone();
    storage.put(SaveName::Lesson(lesson), run);
    let refused = open(storage, SaveName::Lesson(lesson), Wish::default()).unwrap_err();
    assert!(
        matches!(refused, LifeError::NotTheLesson { .. }),
        "{refused}"
    );
    assert!(
        refused.to_string().contains("holds another game"),
        "{refused}"
    );

    let (mut life, start) = open(
        MemoryStorage::default(),
        SaveName::Lesson(lesson),
        Wish::default(),
    )
    .unwrap();
    assert!(matches!(start, Start::New));
    let mut play = Play::new(&lesson.level().to_text(), 1);
    life.started(&play.game, 0, Duration::ZERO, true).unwrap();
    play.wait(1);
    play.end(&mut life, false, Ending::Quit);
    assert!(life.storage().save(SaveName::Lesson(lesson)).is_some());
    assert!(
        life.storage().save(SaveName::Run).is_none(),
        "the run's save is not the lesson's"
    );
    assert!(matches!(
        life.take_said()[0],
        Said::Say(ref s) if s.contains("the lesson goes on where you left it")
    ));
}

#[test]
fn the_save_is_kept_every_twenty_commands_and_once_a_second() {
    let (mut life, _) = open(MemoryStorage::default(), SaveName::Run, Wish::default()).unwrap();
    let mut play = Play::new(LEVEL, 1);
    let start = Duration::from_secs(5);
    life.started(&play.game, 0, start, true).unwrap();
    play.wait(5);
    play.keep(&mut life, start);
    assert_eq!(
        saved_commands(life.storage(), SaveName::Run),
        0,
        "not yet due"
    );
    play.keep(&mut life, start + Duration::from_secs(1));
    assert_eq!(
        saved_commands(life.storage(), SaveName::Run),
        5,
        "a second later"
    );
    play.wait(20);
    play.keep(&mut life, start + Duration::from_secs(1));
    assert_eq!(
        saved_commands(life.storage(), SaveName::Run),
        25,
        "twenty commands on"
    );
}

/// A browser's storage (texts by name, no files): a game saved as it is
/// played is resumed after a reload (a new `Keyed` over the same texts),
/// a finished one leaves no save but its morgue, its score and
/// last.replay, under the names the files have on disk; a lesson won is
/// marked.
#[test]
fn a_browsers_storage_keeps_a_game_across_a_reload_and_records_it_when_it_ends() {
    let texts = MemoryTexts {
        now: Some(std::time::UNIX_EPOCH + Duration::from_secs(1_796_000_000)),
        ..MemoryTexts::default()
    };
    let (mut life, start) =
        open(Keyed::new(texts, "page"), SaveName::Run, Wish::default()).unwrap();
    assert!(matches!(start, Start::New));
    let mut play = Play::new(LEVEL, 1);
    life.started(&play.game, 0, Duration::ZERO, true).unwrap();
    play.wait(2);
    assert_eq!(play.end(&mut life, false, Ending::Quit), After::Leave);
    let texts = life.storage().texts().clone();
    assert!(life.finish().1.unwrap());
    assert!(texts.texts["save.replay"].starts_with("darkstar-replay"));
    assert!(texts.texts.contains_key("last.replay"));

    // The page is loaded again: the save is there, and resumed.
    let keyed = Keyed::new(texts, "page");
    assert!(keyed.has(SaveName::Run));
    let (mut life, start) = open(keyed, SaveName::Run, Wish::default()).unwrap();
    let Start::Resume(checked) = start else {
        panic!("a saved game is resumed after a reload")
    };
    let mut play = Play::resumed(*checked);
    assert_eq!(play.commands(), 2);
    life.started(&play.game, play.commands(), Duration::ZERO, false)
        .unwrap();
    play.win();
    assert!(play.over());
    assert_eq!(play.end(&mut life, false, Ending::Quit), After::Leave);
    let keyed = Keyed::new(life.storage().texts().clone(), "page");
    assert!(life.finish().1.unwrap());
    assert!(!keyed.has(SaveName::Run), "a finished game leaves no save");
    let scores = keyed.scores();
    assert_eq!(scores.len(), 1);
    assert!(scores[0].won);
    assert_eq!(scores[0].when, "2026-11-30T00-53-20Z");
    let morgues: Vec<&String> = keyed
        .texts()
        .texts
        .keys()
        .filter(|k| k.starts_with("morgue/"))
        .collect();
    assert_eq!(morgues, ["morgue/morgue-2026-11-30T00-53-20Z.txt"]);

    let mut keyed = keyed;
    assert_eq!(keyed.lessons_won(), [false; 8]);
    Storage::mark_won(&mut keyed, &LESSONS[1]).unwrap();
    Storage::mark_won(&mut keyed, &LESSONS[1]).unwrap();
    assert_eq!(
        keyed.texts().texts["lessons/won.txt"],
        format!("{}\n", LESSONS[1].stem())
    );
    assert!(keyed.lessons_won()[1]);
}

/// A browser's storage that is full refuses the write, naming the save,
/// and the game is not lost (the life cycle keeps it); a save changed by
/// another page between the look and the take is refused.
#[test]
fn a_full_browser_storage_is_said_and_a_save_changed_meanwhile_is_refused() {
    let full = MemoryTexts {
        room: Some(10),
        ..MemoryTexts::default()
    };
    let (mut life, _) = open(Keyed::new(full, "page"), SaveName::Run, Wish::default()).unwrap();
    let mut play = Play::new(LEVEL, 1);
    life.started(&play.game, 0, Duration::ZERO, true).unwrap();
    play.wait(1);
    let After::Stay(why) = play.end(&mut life, false, Ending::Quit) else {
        panic!("a quit whose save cannot be written keeps the player in the game")
    };
    assert!(why.contains("save.replay: "), "{why}");

    // Two pages on one storage: the second writes a game between the
    // first's look and take.
    let shared = Shared::default();
    let mut first = Keyed::new(shared.clone(), "first");
    assert!(first.look(SaveName::Run).unwrap().is_none());
    let mut second = Keyed::new(shared.clone(), "second");
    assert!(second.look(SaveName::Run).unwrap().is_none());
    second.take(SaveName::Run).unwrap();
    second.write(&play.recording()).unwrap();
    // The second holds the save's lease: the first is refused it.
    assert!(matches!(
        first.take(SaveName::Run),
        Err(SaveError::Locked { .. })
    ));
    // Let go, the save changed since the first looked: refused still.
    second.release();
    assert!(!shared.0.borrow().texts.contains_key("save.replay.lock"));
    assert!(matches!(
        first.take(SaveName::Run),
        Err(SaveError::Changed { .. })
    ));
}

/// A second page (tab) is refused a save whose lease is fresh; a lease
/// not renewed for [`LEASE`] lets it go, and the page that held it then
/// finds it taken over: its next write keeps its game aside, dated, and
/// says so, never writing over the other's.
#[test]
fn a_second_page_waits_for_the_lease_and_a_page_overtaken_keeps_its_game_aside() {
    let at = |s: u64| std::time::UNIX_EPOCH + Duration::from_secs(1_796_000_000 + s);
    let shared = Shared::default();
    shared.0.borrow_mut().now = Some(at(0));
    let mut first = Keyed::new(shared.clone(), "first");
    first.look(SaveName::Run).unwrap();
    first.take(SaveName::Run).unwrap();
    let play = Play::new(LEVEL, 1);
    first.write(&play.recording()).unwrap();
    // Renewed as it plays.
    shared.0.borrow_mut().now = Some(at(8));
    assert!(renew_lease(&mut shared.clone(), SaveName::Run, "first"));
    let mut second = Keyed::new(shared.clone(), "second");
    shared.0.borrow_mut().now = Some(at(15));
    second.look(SaveName::Run).unwrap();
    assert!(matches!(
        second.take(SaveName::Run),
        Err(SaveError::Locked { .. })
    ));
    // The first page stopped renewing (its tab was killed, or slept).
    shared.0.borrow_mut().now = Some(at(19));
    second.take(SaveName::Run).unwrap();
    assert!(!renew_lease(&mut shared.clone(), SaveName::Run, "first"));
    let lost = first.write(&play.recording()).unwrap_err();
    let SaveError::LockLost {
        kept: Some(kept), ..
    } = &lost
    else {
        panic!("{lost:?}")
    };
    assert_eq!(
        kept.to_str(),
        Some("save.replay.2026-11-30T00-53-39Z.kept.replay")
    );
    assert!(
        shared
            .0
            .borrow()
            .texts
            .contains_key("save.replay.2026-11-30T00-53-39Z.kept.replay")
    );
    // Letting go does not take the other's lease away.
    first.release();
    assert!(shared.0.borrow().texts.contains_key("save.replay.lock"));
}

/// One storage that two `Keyed` read and write, as two pages share a
/// browser's.
#[derive(Clone, Default)]
struct Shared(std::rc::Rc<std::cell::RefCell<MemoryTexts>>);

impl KeyValue for Shared {
    fn get(&self, key: &str) -> Option<String> {
        self.0.borrow().get(key)
    }
    fn set(&mut self, key: &str, text: &str) -> std::io::Result<()> {
        self.0.borrow_mut().set(key, text)
    }
    fn remove(&mut self, key: &str) {
        self.0.borrow_mut().remove(key);
    }
    fn now(&self) -> std::time::SystemTime {
        self.0.borrow().now()
    }
}
