//! Signals and the terminal: the built binary runs on a pseudo-terminal
//! (its own session, the pty as controlling terminal, so a hang-up is a
//! real one); SIGTERM, SIGHUP, SIGINT and SIGQUIT must leave the terminal
//! as it was (main screen, cursor shown, cooked mode) and the game saved so
//! that it resumes to the same hashes; SIGABRT (what an allocation failure
//! ends in) must still restore the terminal. Also: a save present is
//! resumed on launch.

use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use darkstar::record::replay::{Item, Replay};

const ENTER_ALT: &[u8] = b"\x1b[?1049h";
const LEAVE_ALT: &[u8] = b"\x1b[?1049l";
const SHOW_CURSOR: &[u8] = b"\x1b[?25h";
const MOUSE_ON: &[u8] = b"\x1b[?1000h";
const MOUSE_OFF: &[u8] = b"\x1b[?1000l";

/// A running darkstar on a pseudo-terminal, and everything it printed.
pub(crate) struct OnPty {
    child: Child,
    master: OwnedFd,
    /// Kept open so the slave's settings can be read after the child ends.
    slave: OwnedFd,
    pub(crate) output: Vec<u8>,
}

pub(crate) fn scratch(name: &str) -> crate::common::Scratch {
    crate::common::Scratch::new("signals", name)
}

/// A pseudo-terminal of `rows` x `cols`: (master, slave). Both are opened
/// close-on-exec in one step, so the children of tests running at the same
/// time never inherit them (a master held open elsewhere never hangs up);
/// the child's own copies are dup2'ed onto 0, 1, 2, which clears the flag.
fn open_pty(rows: u16, cols: u16) -> (OwnedFd, OwnedFd) {
    // SAFETY: plain libc calls on descriptors we own from here on.
    unsafe {
        let m = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC);
        assert!(m >= 0, "posix_openpt: {}", std::io::Error::last_os_error());
        let master = OwnedFd::from_raw_fd(m);
        assert_eq!(libc::grantpt(m), 0);
        assert_eq!(libc::unlockpt(m), 0);
        let mut name = [0 as libc::c_char; 128];
        assert_eq!(libc::ptsname_r(m, name.as_mut_ptr(), name.len()), 0);
        let s = libc::open(
            name.as_ptr(),
            libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC,
        );
        assert!(s >= 0, "open slave: {}", std::io::Error::last_os_error());
        let slave = OwnedFd::from_raw_fd(s);
        let size = libc::winsize {
            ws_row: rows,
            ws_col: cols,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        assert_eq!(libc::ioctl(s, libc::TIOCSWINSZ, &size), 0);
        (master, slave)
    }
}

/// A test that fails leaves no game running.
impl Drop for OnPty {
    fn drop(&mut self) {
        if self.child.try_wait().ok().flatten().is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

impl OnPty {
    pub(crate) fn spawn(args: &[&str], save: &Path) -> OnPty {
        OnPty::spawn_limited(args, save, None)
    }

    /// [`spawn`](Self::spawn) with files limited to `max_file_bytes`
    /// (`ulimit -f`), when given.
    pub(crate) fn spawn_limited(args: &[&str], save: &Path, max_file_bytes: Option<u64>) -> OnPty {
        let mut cmd = crate::common::darkstar_command();
        cmd.args(args).env("DARKSTAR_SAVE", save);
        OnPty::start(cmd, max_file_bytes)
    }

    /// Runs `cmd` on a new pty, as the leader of its own session with the
    /// pty as its controlling terminal.
    pub(crate) fn start(mut cmd: std::process::Command, max_file_bytes: Option<u64>) -> OnPty {
        let (master, slave) = open_pty(SIZE.0, SIZE.1);
        cmd.env("TERM", "xterm-256color")
            .stdin(Stdio::from(slave.try_clone().unwrap()))
            .stdout(Stdio::from(slave.try_clone().unwrap()))
            .stderr(Stdio::from(slave.try_clone().unwrap()));
        // SAFETY: only async-signal-safe calls between fork and exec.
        unsafe {
            cmd.pre_exec(move || {
                // A session of its own with the pty as its controlling
                // terminal; and no core file from the SIGABRT test.
                if libc::setsid() < 0 || libc::ioctl(0, libc::TIOCSCTTY as _, 0) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                let none = libc::rlimit {
                    rlim_cur: 0,
                    rlim_max: 0,
                };
                libc::setrlimit(libc::RLIMIT_CORE, &none);
                if let Some(bytes) = max_file_bytes {
                    // The soft limit, which the test may raise again on
                    // the running game ("space freed").
                    let limit = libc::rlimit {
                        rlim_cur: bytes,
                        rlim_max: libc::RLIM_INFINITY,
                    };
                    libc::setrlimit(libc::RLIMIT_FSIZE, &limit);
                }
                Ok(())
            });
        }
        let child = cmd.spawn().expect("run darkstar");
        OnPty {
            child,
            master,
            slave,
            output: Vec::new(),
        }
    }

    /// Reads what is there within `wait`; false once the child is gone.
    pub(crate) fn pump(&mut self, wait: Duration) {
        let mut fds = libc::pollfd {
            fd: self.master.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one pollfd; read into a buffer we own.
        unsafe {
            if libc::poll(&mut fds, 1, wait.as_millis() as i32) > 0 {
                let mut buf = [0u8; 65536];
                let n = libc::read(self.master.as_raw_fd(), buf.as_mut_ptr().cast(), buf.len());
                if n > 0 {
                    self.output.extend_from_slice(&buf[..n as usize]);
                }
            }
        }
    }

    /// Reads until `text` has been drawn (panics after a few seconds).
    pub(crate) fn wait_for(&mut self, text: &str) {
        self.wait_until(&format!("{text:?} drawn"), |out| {
            screen_text(out).contains(text)
        });
    }

    /// Reads until the screen as it stands now shows `text` (drawn since
    /// the output was last cleared; panics after a few seconds).
    pub(crate) fn wait_for_now(&mut self, text: &str) {
        self.wait_until(&format!("{text:?} on the screen"), |out| {
            screen_now(out).iter().any(|row| row.contains(text))
        });
    }

    /// Reads until the status row shows turn `turn` or later: the keys
    /// typed for the turns before have been taken (the screen is drawn
    /// after each key is acted on, and the save records it then), however
    /// slow the machine (panics after a few seconds).
    pub(crate) fn wait_for_turn(&mut self, turn: u64) {
        self.wait_until(&format!("turn {turn} shown"), |out| {
            shown_turn(&screen_now(out)).is_some_and(|t| t >= turn)
        });
    }

    /// The turn the status row shows now.
    pub(crate) fn turn_shown(&mut self) -> u64 {
        self.wait_until("a turn shown", |out| shown_turn(&screen_now(out)).is_some());
        shown_turn(&screen_now(&self.output)).unwrap()
    }

    /// Reads until `done` holds of what was printed (panics after a few
    /// seconds, or when the child ends first, naming `what`): a wait for
    /// what the screen shows, never for a fixed time.
    pub(crate) fn wait_until(&mut self, what: &str, done: impl Fn(&[u8]) -> bool) {
        let start = Instant::now();
        while !done(&self.output) {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "never {what}; the screen: {:?}; all drawn: {:?}",
                screen_now(&self.output),
                screen_text(&self.output)
            );
            if let Some(status) = self.child.try_wait().unwrap() {
                // What it printed before it ended may be unread still,
                // more than one read's worth: all of it first.
                self.drain();
                if done(&self.output) {
                    return;
                }
                panic!(
                    "darkstar ended ({status}) before {what}: {:?}",
                    String::from_utf8_lossy(&self.output)
                );
            }
            self.pump(Duration::from_millis(20));
        }
    }

    /// Reads until nothing more comes (the child has ended).
    pub(crate) fn drain(&mut self) {
        loop {
            let before = self.output.len();
            self.pump(Duration::from_millis(10));
            if self.output.len() == before {
                return;
            }
        }
    }

    pub(crate) fn type_keys(&mut self, keys: &[u8]) {
        // SAFETY: writes from a slice we own.
        let n = unsafe { libc::write(self.master.as_raw_fd(), keys.as_ptr().cast(), keys.len()) };
        assert_eq!(n, keys.len() as isize);
    }

    /// Closes the window: the pty's master side goes away, and the game's
    /// terminal hangs up (a copy of the slave keeps the struct whole).
    pub(crate) fn hang_up(&mut self) {
        let master = std::mem::replace(&mut self.master, self.slave.try_clone().unwrap());
        drop(master);
    }

    /// Waits for the child to end, without reading (there may be no
    /// terminal left to read).
    pub(crate) fn exit_status(&mut self) -> std::process::ExitStatus {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(start.elapsed() < Duration::from_secs(10), "still running");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Reads until a thread of the game waits in `read(2)` on its
    /// terminal (stdin): crossterm reads only once told there is input,
    /// so a thread that stays there waits for the rest of an escape
    /// sequence (panics after a few seconds).
    pub(crate) fn wait_for_a_read_left_waiting(&mut self) {
        let pid = self.child.id();
        let reading = move |_: &[u8]| {
            std::fs::read_dir(format!("/proc/{pid}/task"))
                .into_iter()
                .flatten()
                .flatten()
                .any(|task| {
                    let call =
                        std::fs::read_to_string(task.path().join("syscall")).unwrap_or_default();
                    let mut fields = call.split_whitespace();
                    fields.next() == Some(libc::SYS_read.to_string().as_str())
                        && fields.next() == Some("0x0")
                })
        };
        self.wait_until("a read of the terminal left waiting", reading);
    }

    pub(crate) fn signal(&self, sig: i32) {
        // SAFETY: a plain kill of our own child.
        assert_eq!(unsafe { libc::kill(self.child.id() as i32, sig) }, 0);
    }

    /// Waits for the child to end (reading its output meanwhile).
    pub(crate) fn finish(&mut self) -> std::process::ExitStatus {
        let start = Instant::now();
        loop {
            self.pump(Duration::from_millis(20));
            if let Some(status) = self.child.try_wait().unwrap() {
                self.pump(Duration::from_millis(20));
                return status;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "darkstar did not stop; output {:?}",
                String::from_utf8_lossy(&self.output)
            );
        }
    }

    /// The terminal is as it was: the output leaves the alternate screen
    /// and shows the cursor after it last entered it, turns mouse
    /// reporting off after it last turned it on, and the pty is back
    /// in cooked mode (canonical input, echo).
    pub(crate) fn assert_terminal_restored(&self) {
        let out = &self.output;
        let entered = rfind(out, ENTER_ALT).expect("never entered the alternate screen");
        let after = &out[entered..];
        assert!(contains(after, LEAVE_ALT), "still on the alternate screen");
        assert!(contains(after, SHOW_CURSOR), "cursor left hidden");
        let mouse_on = rfind(out, MOUSE_ON).expect("mouse clicks never reported");
        assert!(
            contains(&out[mouse_on..], MOUSE_OFF),
            "mouse reporting left on"
        );
        // SAFETY: tcgetattr into a struct we own.
        let t = unsafe {
            let mut t: libc::termios = std::mem::zeroed();
            assert_eq!(libc::tcgetattr(self.slave.as_raw_fd(), &mut t), 0);
            t
        };
        assert_ne!(t.c_lflag & libc::ICANON, 0, "raw mode left on (ICANON)");
        assert_ne!(t.c_lflag & libc::ECHO, 0, "raw mode left on (ECHO)");
    }
}

/// The printed text with escape sequences dropped and cursor moves read
/// as a space (ratatui moves over blanks instead of printing them), spaces
/// collapsed: enough to find a message on the screen.
fn screen_text(out: &[u8]) -> String {
    let mut text = Vec::new();
    let mut i = 0;
    while i < out.len() {
        if out[i] == 0x1b && out.get(i + 1) == Some(&b'[') {
            let mut j = i + 2;
            while j < out.len() && !(0x40..=0x7e).contains(&out[j]) {
                j += 1;
            }
            if out.get(j) == Some(&b'H') {
                text.push(b' ');
            }
            i = j + 1;
        } else {
            text.push(out[i]);
            i += 1;
        }
    }
    let text = String::from_utf8_lossy(&text);
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The pty's size: rows, columns.
const SIZE: (u16, u16) = (30, 100);

/// The screen as the terminal shows it now, row by row: `out` played onto
/// a blank grid of [`SIZE`] as a terminal would (cursor moves, text,
/// clears; colours and modes ignored). Where [`screen_text`] holds all
/// ever printed, this holds what is there now: ratatui redraws only the
/// cells that change, so a status row going from `turn 4` to `turn 5`
/// prints a lone `5`, which only the grid puts back in its place.
pub(crate) fn screen_now(out: &[u8]) -> Vec<String> {
    let (rows, cols) = (SIZE.0 as usize, SIZE.1 as usize);
    let mut grid = vec![vec![' '; cols]; rows];
    let (mut r, mut c) = (0usize, 0usize);
    let text = String::from_utf8_lossy(out);
    let mut chars = text.chars().peekable();
    while let Some(ch) = chars.next() {
        match ch {
            '\u{1b}' if chars.peek() == Some(&'[') => {
                chars.next();
                let mut params = String::new();
                let mut end = None;
                for p in chars.by_ref() {
                    if ('\u{40}'..='\u{7e}').contains(&p) {
                        end = Some(p);
                        break;
                    }
                    params.push(p);
                }
                let number = |i: usize| {
                    params
                        .split(';')
                        .nth(i)
                        .and_then(|n| n.parse::<usize>().ok())
                        .unwrap_or(1)
                        .max(1)
                };
                match end {
                    Some('H' | 'f') => (r, c) = (number(0) - 1, number(1) - 1),
                    // A clear, or the alternate screen entered (a new
                    // session: the terminal shows it blank).
                    Some('J') if params == "2" => grid = vec![vec![' '; cols]; rows],
                    Some('h') if params == "?1049" => grid = vec![vec![' '; cols]; rows],
                    Some('K') if params.is_empty() || params == "0" => {
                        if let Some(row) = grid.get_mut(r) {
                            row.iter_mut().skip(c).for_each(|cell| *cell = ' ');
                        }
                    }
                    _ => {}
                }
            }
            // Another escape: its one following character goes with it.
            '\u{1b}' => {
                chars.next();
            }
            '\r' => c = 0,
            '\n' => r += 1,
            ch if ch.is_control() => {}
            ch => {
                if let Some(cell) = grid.get_mut(r).and_then(|row| row.get_mut(c)) {
                    *cell = ch;
                }
                c += 1;
            }
        }
    }
    grid.into_iter()
        .map(|row| row.into_iter().collect())
        .collect()
}

/// The turn the play status row (`HP 40/40 | turn 5 | ...`) shows.
fn shown_turn(screen: &[String]) -> Option<u64> {
    screen.iter().find_map(|row| {
        let rest = &row[row.find("| turn ")? + "| turn ".len()..];
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok()
    })
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    rfind(hay, needle).is_some()
}

fn rfind(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).rposition(|w| w == needle)
}

fn commands(replay: &Replay) -> usize {
    replay
        .items
        .iter()
        .filter(|i| matches!(i, Item::Command(..)))
        .count()
}

/// A checked replay file: every hash verified; its command count.
fn verified_commands(path: &Path) -> usize {
    let replay = Replay::load(path).unwrap_or_else(|e| panic!("{e}"));
    match replay.verify() {
        Ok(Ok(v)) => {
            assert!(v.hashes >= 1);
            commands(&replay)
        }
        other => panic!("{} does not verify: {other:?}", path.display()),
    }
}

/// Plays a few turns, sends `sig`, and checks the terminal, the exit code
/// (128 + the signal) and the save.
fn a_signal_saves_and_restores(sig: i32, name: &str) {
    let dir = scratch(name);
    let save = dir.join("save.replay");
    let mut game = OnPty::spawn(&["play"], &save);
    game.wait_for("? help");
    // Five waits: five commands that must be in the save.
    game.type_keys(b".....");
    game.wait_for_turn(5);
    game.signal(sig);
    let status = game.finish();
    assert_eq!(status.code(), Some(128 + sig), "{status}");
    game.assert_terminal_restored();
    assert!(
        verified_commands(&save) >= 5,
        "the turns played before the signal are saved"
    );
    assert_eq!(
        verified_commands(&dir.join("last.replay")),
        verified_commands(&save)
    );
}

#[test]
fn sigterm_restores_the_terminal_and_saves() {
    a_signal_saves_and_restores(libc::SIGTERM, "term");
}

#[test]
fn sighup_restores_the_terminal_and_saves() {
    a_signal_saves_and_restores(libc::SIGHUP, "hup");
}

#[test]
fn sigint_restores_the_terminal_and_saves() {
    a_signal_saves_and_restores(libc::SIGINT, "int");
}

#[test]
fn sigquit_restores_the_terminal_and_saves() {
    a_signal_saves_and_restores(libc::SIGQUIT, "quit");
}

/// The window really closing (the pty's master side goes away): the
/// game is still saved, though no write to the terminal can succeed.
#[test]
fn closing_the_window_saves_the_game() {
    let dir = scratch("hangup");
    let save = dir.join("save.replay");
    let mut game = OnPty::spawn(&["play"], &save);
    game.wait_for("? help");
    game.type_keys(b"...");
    game.wait_for_turn(3);
    game.hang_up();
    let status = game.exit_status();
    assert_eq!(status.code(), Some(128 + libc::SIGHUP), "{status}");
    assert!(verified_commands(&save) >= 3);
}

/// How a game is left in [`an_unfinished_escape_then`].
enum Ending {
    Sigterm,
    WindowClosed,
}

/// Alt-[ sends ESC [, the start of an escape sequence: crossterm reads it
/// and waits in `read(2)` for the rest, a read every signal restarts; and
/// once the window closes that read returns 0 bytes and crossterm's read
/// loop, which ends only on `WouldBlock`, spins. The game must still save
/// and exit by the signal. When the event loop read the terminal itself
/// it was in there: SIGTERM was never acted on (the game ran on, unsaved,
/// until SIGKILL), and closing the window spun it at 100% CPU for ever,
/// the game since the last save lost and the save's lock held. Now the
/// read is on a thread of its own (`ui/input.rs`).
fn an_unfinished_escape_then(ending: Ending, name: &str) {
    let dir = scratch(name);
    let save = dir.join("save.replay");
    let mut game = OnPty::spawn(&["play"], &save);
    game.wait_for("? help");
    game.type_keys(b"...");
    game.wait_for_turn(3);
    game.type_keys(b"\x1b[");
    game.wait_for_a_read_left_waiting();
    let status = match ending {
        Ending::Sigterm => {
            game.signal(libc::SIGTERM);
            let status = game.finish();
            game.assert_terminal_restored();
            status
        }
        Ending::WindowClosed => {
            game.hang_up();
            game.exit_status()
        }
    };
    let sig = match ending {
        Ending::Sigterm => libc::SIGTERM,
        Ending::WindowClosed => libc::SIGHUP,
    };
    assert_eq!(status.code(), Some(128 + sig), "{status}");
    assert!(verified_commands(&save) >= 3, "the turns played are saved");
}

#[test]
fn sigterm_while_an_escape_sequence_is_unfinished_saves() {
    an_unfinished_escape_then(Ending::Sigterm, "escape-term");
}

#[test]
fn closing_the_window_while_an_escape_sequence_is_unfinished_saves() {
    an_unfinished_escape_then(Ending::WindowClosed, "escape-hup");
}

/// More keys typed at once than crossterm reads in one go (1,024 bytes;
/// here 1,500 moves and waits, written in one write as a paste or a key
/// held while the game is busy would come) are all taken, in their
/// order: the save holds every one. crossterm waits with epoll,
/// edge-triggered, so the rest stayed unseen in the terminal until a
/// further key came; when the loop polled the terminal itself it also
/// spun meanwhile (poll saying input, crossterm saying none), and the
/// game stopped on turn 1,024 at 98% CPU. The reader now nudges
/// crossterm when input waits that it has not seen (`Tty::wake_readers`).
#[test]
fn keys_typed_ahead_are_all_taken_in_their_order() {
    let dir = scratch("typed-ahead");
    let save = dir.join("save.replay");
    let level = dir.join("pace.txt");
    std::fs::write(
        &level,
        "name: Pace\n\
         description: A room to pace in, the sleeper behind a wall.\n\
         faction: sleepers glyph=s sight=0\n\
         map:\n\
         ##########\n\
         #@.......#\n\
         ##########\n\
         #s.......#\n\
         ##########\n",
    )
    .unwrap();
    let mut game = OnPty::spawn(&["play", "--level", level.to_str().unwrap()], &save);
    game.wait_for("? help");
    // East, wait, west, wait: each a turn, their order in the save.
    const KEYS: usize = 1500;
    let keys: Vec<u8> = b"l.h.".iter().copied().cycle().take(KEYS).collect();
    game.type_keys(&keys);
    game.wait_for_turn(KEYS as u64);
    game.signal(libc::SIGTERM);
    assert_eq!(game.finish().code(), Some(128 + libc::SIGTERM));
    let saved: Vec<String> = std::fs::read_to_string(&save)
        .unwrap()
        .lines()
        .filter(|l| l.starts_with("c "))
        .map(String::from)
        .collect();
    let typed: Vec<String> = ["move e", "wait", "move w", "wait"]
        .iter()
        .cycle()
        .take(KEYS)
        .enumerate()
        .map(|(turn, command)| format!("c {turn} {command}"))
        .collect();
    assert_eq!(saved, typed);
    verified_commands(&save);
}

/// An abort (an allocation failure aborts without unwinding): the SIGABRT
/// handler restores the terminal, then the process still dies of SIGABRT.
#[test]
fn an_abort_restores_the_terminal() {
    let dir = scratch("abort");
    let mut game = OnPty::spawn(&["watch"], &dir.join("save.replay"));
    game.wait_for("? help");
    game.signal(libc::SIGABRT);
    let status = game.finish();
    assert_eq!(status.signal(), Some(libc::SIGABRT), "{status}");
    game.assert_terminal_restored();
}

/// Watching: a signal restores the terminal and leaves last.replay.
#[test]
fn a_signal_while_watching_leaves_the_replay() {
    let dir = scratch("watch");
    let mut game = OnPty::spawn(&["watch"], &dir.join("save.replay"));
    game.wait_for("? help");
    game.signal(libc::SIGTERM);
    let status = game.finish();
    assert_eq!(status.code(), Some(128 + libc::SIGTERM), "{status}");
    game.assert_terminal_restored();
    verified_commands(&dir.join("last.replay"));
    assert!(
        !dir.join("save.replay").exists(),
        "watching is not a game to save"
    );
}

/// `darkstar` with a save present goes on with it; quitting by signal
/// saves the same game, longer or equal, still in sync.
#[test]
fn launching_with_a_save_resumes_it() {
    let dir = scratch("resume");
    let save = dir.join("save.replay");
    let original = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/play-seed7.replay");
    std::fs::copy(&original, &save).unwrap();
    let before = Replay::load(&save).unwrap();
    let mut game = OnPty::spawn(&["play"], &save);
    game.wait_for("Resumed on turn");
    game.signal(libc::SIGTERM);
    assert_eq!(game.finish().code(), Some(128 + libc::SIGTERM));
    game.assert_terminal_restored();
    let after = Replay::load(&save).unwrap();
    assert_eq!(after.seed, before.seed);
    assert_eq!(after.level, before.level);
    assert_eq!(commands(&after), commands(&before));
    verified_commands(&save);
}

/// Another game with a save present is refused before the terminal is
/// touched, naming the save and `--new`.
#[test]
fn a_new_game_over_a_save_is_refused_on_a_terminal_too() {
    let dir = scratch("refuse");
    let save = dir.join("save.replay");
    let original = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/play-seed7.replay");
    std::fs::copy(&original, &save).unwrap();
    let mut game = OnPty::spawn(&["play", "--seed", "2"], &save);
    let status = game.finish();
    assert_eq!(status.code(), Some(2));
    let out = String::from_utf8_lossy(&game.output);
    assert!(
        out.contains(save.to_str().unwrap()) && out.contains("--new"),
        "{out}"
    );
    assert!(
        !contains(&game.output, ENTER_ALT),
        "the terminal was not taken"
    );
    assert_eq!(
        std::fs::read(&save).unwrap(),
        std::fs::read(&original).unwrap()
    );
}

/// `play --new` over a save: the save goes to a dated backup (whole), and
/// the new game is saved in its place.
#[test]
fn new_backs_the_save_up_and_starts_the_game() {
    let dir = scratch("new");
    let save = dir.join("save.replay");
    let original = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/play-seed7.replay");
    std::fs::copy(&original, &save).unwrap();
    let mut game = OnPty::spawn(&["play", "--new", "--seed", "2"], &save);
    game.wait_for("? help");
    game.signal(libc::SIGTERM);
    assert_eq!(game.finish().code(), Some(128 + libc::SIGTERM));
    let backups: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".bak"))
        .collect();
    assert_eq!(backups.len(), 1, "{backups:?}");
    let name = backups[0]
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    assert!(
        name.starts_with("save.replay.20") && name.ends_with("Z.bak"),
        "{name}"
    );
    assert_eq!(
        std::fs::read(&backups[0]).unwrap(),
        std::fs::read(&original).unwrap()
    );
    assert_eq!(Replay::load(&save).unwrap().seed, 2);
    verified_commands(&save);
}

/// `n` on the end screen of a won game, on a terminal: the finished (and
/// resumed) game's save is removed, the new game (same level, the next seed) is
/// played and, when it is left, saved in the same slot.
#[test]
fn a_new_game_after_the_end_is_saved_in_place_of_the_finished_one() {
    let dir = scratch("next");
    let save = dir.join("save.replay");
    let level = dir.join("quick-win.txt");
    std::fs::write(
        &level,
        "name: Quick win\n\
         description: The treasure and the stairs are next to you.\n\
         faction: sleepers glyph=s sight=0\n\
         map:\n\
         ##########\n\
         #@$>....s#\n\
         #........#\n\
         ##########\n",
    )
    .unwrap();
    // First session: the treasure taken, then the window closed: saved.
    let mut first = OnPty::spawn(&["play", "--level", level.to_str().unwrap()], &save);
    first.wait_for("seed 1 Quick win");
    first.type_keys(b"l");
    // (Not "treasure": the level's description says that word at once.)
    first.wait_for_now("You take the treasure.");
    first.signal(libc::SIGTERM);
    assert_eq!(first.finish().code(), Some(128 + libc::SIGTERM));
    assert!(save.exists());
    // Second session resumes it, and the stairs win it.
    let mut game = OnPty::spawn(&["play"], &save);
    game.wait_for("Resumed on turn");
    game.type_keys(b"l");
    game.wait_for("n: new game");
    game.output.clear();
    game.type_keys(b"n");
    game.wait_for("seed 2 Quick win");
    assert!(!save.exists(), "the finished game left no save");
    game.type_keys(b"...");
    game.wait_for_turn(3);
    game.signal(libc::SIGTERM);
    assert_eq!(game.finish().code(), Some(128 + libc::SIGTERM));
    game.assert_terminal_restored();
    let saved = Replay::load(&save).unwrap();
    assert_eq!(saved.seed, 2, "the new game is the one saved");
    assert!(verified_commands(&save) >= 3);
}

// ---- The last leaks: a file-size limit, a deleted lock, no
// ---- terminal, a killed write of last.replay, a path with escapes.

use crate::common::listing;

/// Under `ulimit -f` smaller than the save, quitting used to die of
/// SIGXFSZ (exit 153) mid-write and leave `save.replay.tmp`. Now the write
/// fails like a full disk: exit 2 naming the file, the old save whole,
/// no temporary file, the terminal restored.
#[test]
fn a_file_size_limit_fails_the_save_like_a_full_disk() {
    let dir = scratch("fsize");
    let save = dir.join("save.replay");
    let original = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/play-seed7.replay");
    std::fs::copy(&original, &save).unwrap();
    let size = std::fs::metadata(&save).unwrap().len();
    let mut game = OnPty::spawn_limited(&["play"], &save, Some(size / 2));
    game.wait_for("Resumed on turn");
    let resumed = game.turn_shown();
    game.type_keys(b"..");
    game.wait_for_turn(resumed + 2);
    game.signal(libc::SIGTERM);
    let status = game.finish();
    assert_eq!(status.code(), Some(2), "{status}");
    game.assert_terminal_restored();
    let out = screen_text(&game.output);
    assert!(
        out.contains("darkstar: error:")
            && out.contains(save.to_str().unwrap())
            && out.contains("File too large"),
        "{out}"
    );
    assert_eq!(
        std::fs::read(&save).unwrap(),
        std::fs::read(&original).unwrap()
    );
    assert_eq!(listing(&dir), ["save.replay", "save.replay.lock"]);
}

/// `darkstar gen > FILE` past the file-size limit: exit 2 with the write's
/// error, not death by SIGXFSZ.
#[test]
fn a_file_size_limit_fails_output_to_a_file() {
    let dir = scratch("fsize-gen");
    let file = std::fs::File::create(dir.join("level.txt")).unwrap();
    let mut cmd = crate::common::darkstar_command();
    cmd.args(["gen", "--width", "200", "--height", "100"])
        .stdout(file)
        .stderr(Stdio::piped());
    // SAFETY: one async-signal-safe call between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: 4096,
                rlim_max: 4096,
            };
            libc::setrlimit(libc::RLIMIT_FSIZE, &limit);
            Ok(())
        });
    }
    let out = cmd.output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{:?}: {stderr}", out.status);
    assert!(
        stderr.starts_with("darkstar: error: writing to standard output")
            && stderr.contains("File too large"),
        "{stderr}"
    );
}

/// The lock file deleted during a game let a second game start on the same
/// save, and the first one's quit then overwrote the second's save. Now a
/// game whose lock file is no longer the one it locked writes nothing over
/// the save: it keeps its game in a dated file beside it and says where.
#[test]
fn a_deleted_lock_never_lets_one_game_overwrite_another() {
    let dir = scratch("lock-lost");
    let save = dir.join("save.replay");
    let mut first = OnPty::spawn(&["play", "--seed", "2"], &save);
    first.wait_for("? help");
    first.type_keys(b"...");
    first.wait_for_turn(3);
    std::fs::remove_file(dir.join("save.replay.lock")).unwrap();
    let mut second = OnPty::spawn(&["play", "--seed", "3"], &save);
    second.wait_for("? help");
    second.type_keys(b".....");
    second.wait_for_turn(5);
    second.signal(libc::SIGTERM);
    assert_eq!(second.finish().code(), Some(128 + libc::SIGTERM));
    let second_save = std::fs::read(&save).unwrap();
    assert_eq!(Replay::load(&save).unwrap().seed, 3);
    first.signal(libc::SIGTERM);
    let status = first.finish();
    assert_eq!(status.code(), Some(2), "{status}");
    first.assert_terminal_restored();
    let out = screen_text(&first.output);
    assert!(
        out.contains("was removed or replaced") && out.contains("this game is kept in"),
        "{out}"
    );
    assert_eq!(std::fs::read(&save).unwrap(), second_save, "overwritten");
    let kept: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".bak"))
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert!(out.contains(kept[0].to_str().unwrap()), "{out}");
    assert_eq!(Replay::load(&kept[0]).unwrap().seed, 2);
    assert!(verified_commands(&kept[0]) >= 3);
}

/// `darkstar play` without a terminal is refused before anything is made:
/// no folder, no lock file (one left in tests/replays/ once broke a
/// test), even after checking a save that is there.
#[test]
fn play_without_a_terminal_creates_nothing() {
    let dir = scratch("no-tty");
    let save = dir.join("sub/save.replay");
    let run = |args: &[&str]| {
        let out = crate::common::darkstar_command()
            .args(args)
            .env("DARKSTAR_SAVE", &save)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("needs a terminal"), "{args:?}: {stderr}");
    };
    run(&[]);
    run(&["play", "--seed", "4"]);
    assert_eq!(listing(&dir), Vec::<String>::new());
    std::fs::create_dir_all(save.parent().unwrap()).unwrap();
    let original = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/play-seed7.replay");
    std::fs::copy(&original, &save).unwrap();
    run(&[]);
    run(&["play", "--resume"]);
    assert_eq!(listing(save.parent().unwrap()), ["save.replay"]);
}

/// A darkstar killed while writing last.replay leaves its temporary file
/// (`last.replay.PID.tmp`); the next game or watch removes it on starting,
/// with the old-style `last.replay.tmp`. A live process's is a write in
/// progress, and other files are not ours: both stay.
#[test]
fn what_a_killed_write_left_of_last_replay_is_removed_at_start() {
    let dir = scratch("last-tmp");
    let save = dir.join("save.replay");
    let gone = {
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id();
        child.wait().unwrap();
        pid
    };
    let live = format!("last.replay.{}.tmp", std::process::id());
    for command in ["play", "watch"] {
        for name in [
            format!("last.replay.{gone}.tmp"),
            "last.replay.tmp".to_string(),
            live.clone(),
            "other.tmp".to_string(),
        ] {
            std::fs::write(dir.join(name), "half a write").unwrap();
        }
        let mut game = OnPty::spawn(&[command], &save);
        game.wait_for("? help");
        let left = listing(&dir);
        assert!(
            !left.contains(&format!("last.replay.{gone}.tmp"))
                && !left.contains(&"last.replay.tmp".to_string())
                && left.contains(&live)
                && left.contains(&"other.tmp".to_string()),
            "{command}: {left:?}"
        );
        game.signal(libc::SIGTERM);
        assert_eq!(game.finish().code(), Some(128 + libc::SIGTERM));
    }
}

/// A save path from the environment that holds escapes (`DARKSTAR_SAVE`)
/// used to retitle the terminal through "Saved to ..." and "Replay: ...":
/// both are printed escaped.
#[test]
fn saved_to_and_replay_lines_escape_the_path() {
    let dir = scratch("escaped");
    let folder = dir.join("t\u{1b}]2;PWNED\u{7}");
    let save = folder.join("save.replay");
    let mut game = OnPty::spawn(&["play"], &save);
    game.wait_for("? help");
    game.signal(libc::SIGTERM);
    assert_eq!(game.finish().code(), Some(128 + libc::SIGTERM));
    assert!(save.exists());
    let out = String::from_utf8_lossy(&game.output).into_owned();
    assert!(!out.contains("\u{1b}]2;PWNED"), "raw escape printed");
    assert!(
        out.contains(r"Saved to ") && out.contains(r"t\u{1b}]2;PWNED\u{7}/save.replay"),
        "{out:?}"
    );
    assert!(out.contains(r"t\u{1b}]2;PWNED\u{7}/last.replay"), "{out:?}");
}

/// Ctrl-Z under a shell with job control (bash with `set -m`, the game
/// its foreground job, as in a terminal): the game gives the terminal
/// back as on quit and stops (the shell sees a stopped job); `fg` continues
/// it, and it takes the terminal again and redraws the whole screen; the
/// game goes on and quits normally.
#[test]
fn ctrl_z_suspends_and_fg_resumes_with_the_screen_redrawn() {
    let dir = scratch("suspend");
    let save = dir.join("save.replay");
    let mut cmd = std::process::Command::new("bash");
    // After the job stops, the shell says so and waits for a line, then
    // brings it back with `fg`.
    cmd.args([
        "-c",
        "set -m; \"$0\" play --seed 3; echo \"[stopped $?]\"; read -r line; fg; echo \"[done $?]\"",
        env!("CARGO_BIN_EXE_darkstar"),
    ]);
    crate::common::isolate(&mut cmd);
    cmd.env("DARKSTAR_SAVE", &save);
    let mut pty = OnPty::start(cmd, None);
    pty.wait_for("Press ? for help.");
    let game_pid = {
        let bash = pty.child.id();
        let children = std::fs::read_to_string(format!("/proc/{bash}/task/{bash}/children"))
            .expect("the shell's children");
        children
            .split_whitespace()
            .next()
            .expect("the game")
            .parse::<i32>()
            .unwrap()
    };
    let state = |pid: i32| -> char {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        stat.rsplit(')')
            .next()
            .and_then(|r| r.trim().chars().next())
            .unwrap_or('?')
    };
    pty.type_keys(b"\x1a");
    pty.wait_for("[stopped 148]");
    assert_eq!(state(game_pid), 'T', "the game is a stopped job");
    pty.assert_terminal_restored();
    let suspended_at = pty.output.len();
    // `fg`: the game is continued, in the foreground.
    pty.type_keys(b"\n");
    let start = Instant::now();
    while !contains(&pty.output[suspended_at..], ENTER_ALT)
        || !screen_text(&pty.output[suspended_at..]).contains("The Darkstar ($) lies")
    {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "not redrawn after fg: {:?}",
            screen_text(&pty.output[suspended_at..])
        );
        pty.pump(Duration::from_millis(20));
    }
    assert_ne!(state(game_pid), 'T', "running again");
    // The whole screen, not just what changed: the map's walls and the
    // status row come again after the resume.
    let after = screen_text(&pty.output[suspended_at..]);
    assert!(
        after.contains('#') && after.contains("Nothing in view"),
        "{after:?}"
    );
    // And it still plays: quit (asked, then confirmed) ends it normally.
    pty.type_keys(b"q");
    pty.wait_for("Really quit?");
    pty.type_keys(b"q");
    pty.wait_for("[done 0]");
    assert!(pty.finish().success());
    pty.assert_terminal_restored();
}

// ---- Records: games that end together, a record that cannot
// ---- be written whole, darkstar again at once, an edited save.

/// A level won in two steps east (the treasure, then the stairs), named
/// `Quick win {stem}`, written to `dir/{stem}.txt`.
fn quick_win(dir: &Path, stem: &str) -> PathBuf {
    let level = dir.join(format!("{stem}.txt"));
    std::fs::write(
        &level,
        format!(
            "name: Quick win {stem}\n\
             description: The treasure and the stairs are next to you.\n\
             faction: sleepers glyph=s sight=0\n\
             map:\n\
             ##########\n\
             #@$>....s#\n\
             #........#\n\
             ##########\n"
        ),
    )
    .unwrap();
    level
}

/// Plays a quick-win game on `pty` to its end screen.
fn win(pty: &mut OnPty) {
    pty.type_keys(b"l");
    pty.wait_for("Now for the stairs");
    pty.type_keys(b"l");
    pty.wait_for("n: new game");
}

/// The score lines of `dir/scores.txt` (none if there is no file).
fn score_lines(dir: &Path) -> Vec<String> {
    std::fs::read_to_string(dir.join("scores.txt"))
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(String::from)
        .collect()
}

/// Three games ending at the same moment, eight times over, their saves
/// in one folder (so one `scores.txt`, one `morgue/`, one `replays/`, one
/// `last.replay`): every game's score line, morgue file and kept replay
/// is there and whole, and every darkstar exits 0 with nothing said
/// against it. (All wrote through one shared temporary name, and morgue
/// and replay names were checked free, then taken: 24 games left 19
/// score lines, 22 morgue files and "No such file or directory".)
#[test]
fn games_ending_together_keep_every_record() {
    const AT_ONCE: usize = 3;
    const ROUNDS: usize = 8;
    let dir = scratch("together");
    for round in 0..ROUNDS {
        let stems: Vec<String> = (0..AT_ONCE).map(|i| format!("{round}-{i}")).collect();
        let mut games: Vec<OnPty> = stems
            .iter()
            .enumerate()
            .map(|(i, stem)| {
                let level = quick_win(&dir, stem);
                let save = dir.join(format!("g{i}.replay"));
                OnPty::spawn(&["play", "--level", level.to_str().unwrap()], &save)
            })
            .collect();
        for game in &mut games {
            game.wait_for("? help");
            win(game);
        }
        // Every end screen is up: all leave at once, back to back.
        for game in &mut games {
            game.type_keys(b"q");
        }
        for game in &mut games {
            let status = game.finish();
            let out = screen_text(&game.output);
            assert!(status.success(), "{status}: {out}");
            assert!(
                out.contains("The game's record is in") && !out.contains("darkstar:"),
                "{out}"
            );
        }
        // This round's games are among the kept replays (the newest ten).
        let kept: Vec<String> = std::fs::read_dir(dir.join("replays"))
            .unwrap()
            .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
            .collect();
        assert_eq!(kept.len(), (AT_ONCE * (round + 1)).min(10));
        for stem in &stems {
            assert!(
                kept.iter()
                    .any(|t| t.contains(&format!("| name: Quick win {stem}\n"))),
                "round {round}: the replay of {stem} is lost"
            );
        }
    }
    let games = AT_ONCE * ROUNDS;
    let scores = score_lines(&dir);
    let morgues = listing(&dir.join("morgue"));
    eprintln!(
        "{games} games: {} score lines, {} morgue files",
        scores.len(),
        morgues.len()
    );
    assert_eq!(scores.len(), games, "{scores:?}");
    for line in &scores {
        assert!(
            line.starts_with("won 0 1 1 20")
                && line.contains("Z level:Quick%20win%20")
                && line.ends_with(" escaped with the treasure"),
            "torn: {line:?}"
        );
    }
    assert_eq!(morgues.len(), games, "{morgues:?}");
    for m in &morgues {
        let text = std::fs::read_to_string(dir.join("morgue").join(m)).unwrap();
        assert!(
            text.starts_with("Darkstar: the record of a game\n")
                && text.ends_with("You escape with the treasure!\n"),
            "torn: {m}: {text:?}"
        );
    }
    verified_commands(&dir.join("last.replay"));
    for folder in [dir.to_path_buf(), dir.join("morgue"), dir.join("replays")] {
        let left = listing(&folder);
        assert!(left.iter().all(|f| !f.ends_with(".tmp")), "{left:?}");
    }
}

/// A finished game whose morgue file cannot be written (`morgue` is a
/// file; a full disk, here a file-size limit the morgue is larger than)
/// still gets its score line and its replays, says which file could not
/// be written (not "File exists" of the morgue file), and exits 2. (The
/// player sneaks twice first: four messages make the morgue the larger
/// file, 492 bytes against the replay's 380, so the limit falls between.)
#[test]
fn a_record_that_cannot_be_written_whole_is_said_and_exits_2() {
    for (case, limit) in [("morgue-is-a-file", None), ("full", Some(440))] {
        let dir = scratch(case);
        let save = dir.join("save.replay");
        let morgue = dir.join("morgue");
        if limit.is_none() {
            std::fs::write(&morgue, "not a folder").unwrap();
        }
        let level = quick_win(&dir, case);
        let args = ["play", "--level", level.to_str().unwrap()];
        let mut game = OnPty::spawn_limited(&args, &save, limit);
        game.wait_for("? help");
        game.type_keys(b"ssss");
        game.wait_for("stop sneaking");
        win(&mut game);
        game.type_keys(b"q");
        let status = game.finish();
        let out = screen_text(&game.output);
        assert_eq!(status.code(), Some(2), "{case}: {out}");
        game.assert_terminal_restored();
        let said = format!(
            "darkstar: error: the game's morgue file could not be written: {}/morgue-",
            morgue.display()
        );
        let why = match limit {
            None => format!("{} is a file, not a folder", morgue.display()),
            Some(_) => "File too large".to_string(),
        };
        assert!(out.contains(&said) && out.contains(&why), "{case}: {out}");
        assert!(!out.contains("File exists"), "{case}: {out}");
        assert_eq!(score_lines(&dir).len(), 1, "{case}: the score is written");
        verified_commands(&dir.join("last.replay"));
        assert_eq!(listing(&dir.join("replays")).len(), 1, "{case}");
        match limit {
            None => assert_eq!(std::fs::read_to_string(&morgue).unwrap(), "not a folder"),
            Some(_) => assert_eq!(listing(&morgue), Vec::<String>::new(), "nothing torn"),
        }
    }
}

/// The window of a finished game closed, and `darkstar` run again at once:
/// the new darkstar is not told the save is in use. The save's lock was
/// held until the finished process exited, through last.replay, the kept
/// replay, the morgue file and the scores (eight fsyncs: half a second on
/// a slow disk); now it goes as soon as the save is removed, and a
/// darkstar started while the other is still noticing the hang-up waits
/// for it (`LOCK_GRACE`). Here another game's update of the scores holds
/// this one's record back (the test holds the scores' lock), so the
/// record is certainly still being written when the new darkstar starts.
#[test]
fn darkstar_again_at_once_after_a_finished_game_is_not_refused() {
    let dir = scratch("again");
    let save = dir.join("save.replay");
    let level = quick_win(&dir, "again");
    // A saved game: the treasure taken, then left.
    let mut first = OnPty::spawn(&["play", "--level", level.to_str().unwrap()], &save);
    first.wait_for("? help");
    first.type_keys(b"l");
    first.wait_for("Now for the stairs");
    first.signal(libc::SIGTERM);
    assert_eq!(first.finish().code(), Some(128 + libc::SIGTERM));
    // Resumed and won; the end screen is up, the save still there.
    let mut game = OnPty::spawn(&["play"], &save);
    game.wait_for("Resumed on turn");
    game.type_keys(b"l");
    game.wait_for("n: new game");
    assert!(save.exists());
    let scores_lock = std::fs::File::create(dir.join("scores.txt.lock")).unwrap();
    scores_lock.lock().unwrap();
    // The window closes, and at once darkstar runs again: a new game.
    game.hang_up();
    let mut again = OnPty::spawn(&["play"], &save);
    again.wait_for("? help");
    // Not the finished game (its save is gone): a new run.
    again.wait_for("seed 1 dungeon");
    assert!(
        game.child.try_wait().unwrap().is_none(),
        "the finished game's record was still to be written"
    );
    drop(scores_lock);
    let status = game.exit_status();
    assert_eq!(status.code(), Some(128 + libc::SIGHUP), "{status}");
    assert_eq!(score_lines(&dir).len(), 1, "the finished game is scored");
    assert_eq!(listing(&dir.join("morgue")).len(), 1);
    again.signal(libc::SIGTERM);
    assert_eq!(again.finish().code(), Some(128 + libc::SIGTERM));
    verified_commands(&save);
}

/// A real save (written by darkstar when its window was closed), edited
/// as a cheat would (a war axe conjured, the sleeper killed, the hashes
/// made again so it verifies): it resumes, with UNRANKED in the status
/// row; won, its morgue file says why it is unranked and the scores get
/// no line. The same game unedited, played before, was scored.
#[test]
fn an_edited_save_is_unranked_on_screen_and_in_its_morgue_and_never_scored() {
    use darkstar::record::replay::{HASH_EVERY, Recorder};
    use darkstar::sim::Command;
    let dir = scratch("unranked");
    let save = dir.join("save.replay");
    let level = quick_win(&dir, "honest");
    let play = ["play", "--level", level.to_str().unwrap()];
    // An honest game, won: scored.
    let mut honest = OnPty::spawn(&play, &save);
    honest.wait_for("? help");
    win(&mut honest);
    honest.type_keys(b"q");
    assert!(honest.finish().success());
    assert!(!screen_text(&honest.output).contains("UNRANKED"));
    assert_eq!(score_lines(&dir).len(), 1);
    // The same level again, the treasure taken, the window closed: saved.
    let mut saved = OnPty::spawn(&play, &save);
    saved.wait_for("? help");
    saved.type_keys(b"l");
    saved.wait_for("Now for the stairs");
    saved.signal(libc::SIGHUP);
    assert_eq!(saved.finish().code(), Some(128 + libc::SIGHUP));
    // Edited: the cheat's commands first, then the game's own, recorded
    // again so every hash is right.
    let original = Replay::load(&save).unwrap();
    assert_eq!(original.unranked(), None);
    let mut game = original.start().unwrap();
    let mut edit = Recorder::new(
        original.level.clone(),
        original.seed,
        original.config,
        HASH_EVERY,
    );
    let sleeper = game
        .floor()
        .monsters()
        .iter()
        .find(|m| !m.is_player())
        .unwrap()
        .id();
    let below = darkstar::map::geom::Pos::new(1, 2);
    edit.apply(
        &mut game,
        Command::PutItem {
            at: below,
            item: crate::common::item("axe"),
        },
    );
    edit.apply(&mut game, Command::Kill { monster: sleeper });
    for item in &original.items {
        if let Item::Command(_, c) = item {
            edit.apply(&mut game, c.clone());
        }
    }
    let cheat = edit.replay().to_text();
    std::fs::write(&save, &cheat).unwrap();
    assert!(matches!(Replay::load(&save).unwrap().verify(), Ok(Ok(_))));
    let line = 1 + cheat.lines().position(|l| l == "c 0 item 1 2 axe").unwrap();
    let why = format!("line {line} holds `item 1 2 axe`, a command a player's game never records");
    // Resumed: marked on the status row.
    let mut game = OnPty::spawn(&["play"], &save);
    game.wait_for("Resumed on turn");
    game.wait_for("UNRANKED | HP");
    // The treasure is carried: the stairs win it.
    game.type_keys(b"l");
    game.wait_for("n: new game");
    game.wait_for("UNRANKED: not in the scores");
    game.type_keys(b"q");
    assert!(game.finish().success());
    let out = screen_text(&game.output);
    assert!(
        out.contains(&format!(
            "This game is UNRANKED ({why}): it is not in the scores."
        )),
        "{out}"
    );
    assert_eq!(score_lines(&dir).len(), 1, "no score for the edited game");
    let morgues: Vec<String> = listing(&dir.join("morgue"))
        .iter()
        .map(|m| std::fs::read_to_string(dir.join("morgue").join(m)).unwrap())
        .collect();
    assert_eq!(morgues.len(), 2);
    let marked: Vec<&String> = morgues.iter().filter(|t| t.contains("Unranked:")).collect();
    assert_eq!(marked.len(), 1, "{morgues:?}");
    assert!(
        marked[0].contains(&format!("Unranked:    {why}; not in the scores")),
        "{}",
        marked[0]
    );
}

// ---- A save written as the game is played: a SIGKILL, a power cut or a
// ---- full disk loses at most the last few commands, never the session.

/// The save at `path`, every hash checked: the turn its game stands on.
fn verified_turn(path: &Path) -> u64 {
    let replay = Replay::load(path).unwrap_or_else(|e| panic!("{e}"));
    match replay.verify() {
        Ok(Ok(v)) => v.turn as u64,
        other => panic!("{} does not verify: {other:?}", path.display()),
    }
}

/// A game SIGKILLed (no handler runs, nothing is saved on the way out)
/// after 45 waits keeps in its save all but at most the last
/// `KEEP_COMMANDS` (20) of them, and resumes there; a few commands left
/// alone for `KEEP_EVERY` (a second) are written too. Before saves were
/// written as the game was played, the save held nothing of a session
/// killed so.
#[test]
fn a_sigkill_loses_at_most_the_last_twenty_commands() {
    use darkstar::record::save::KEEP_COMMANDS;
    let dir = scratch("sigkill");
    let save = dir.join("save.replay");
    let mut game = OnPty::spawn(&["play", "--seed", "2"], &save);
    game.wait_for("? help");
    game.type_keys(&[b'.'; 45]);
    game.wait_for_turn(45);
    game.signal(libc::SIGKILL);
    assert_eq!(game.exit_status().signal(), Some(libc::SIGKILL));
    let saved = verified_commands(&save);
    assert!(
        saved + KEEP_COMMANDS >= 45 && saved <= 45,
        "{saved} of 45 commands saved"
    );
    // It resumes where the save stands, and three more waits, left alone
    // a while, are written without a quit.
    let mut game = OnPty::spawn(&["play"], &save);
    game.wait_for("Resumed on turn");
    game.type_keys(b"...");
    game.wait_until("the three waits saved", |_| {
        Replay::load(&save).is_ok_and(|r| commands(&r) == saved + 3)
    });
    game.signal(libc::SIGKILL);
    game.exit_status();
    assert_eq!(verified_commands(&save), saved + 3);
}

/// A full disk (a save on a 64 KiB tmpfs filled while
/// playing; here `ulimit -f` below the save's size, which fails every
/// write of it the same way): the game says it cannot save as it is
/// played and goes on; a quit is refused with what to do, the player
/// still in the game; once space is freed (the limit raised on the
/// running game) the save is written again, and after the quit no
/// command is lost. Before, the quit printed "No space left on device"
/// and exited, the session's turns gone.
#[test]
fn a_full_disk_keeps_the_game_going_and_loses_nothing_once_space_is_freed() {
    let dir = scratch("save-on-full-disk");
    let save = dir.join("save.replay");
    let original = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/play-seed7.replay");
    std::fs::copy(&original, &save).unwrap();
    let before = verified_commands(&save);
    let size = std::fs::metadata(&save).unwrap().len();
    let mut game = OnPty::spawn_limited(&["play"], &save, Some(size / 2));
    game.wait_for("Resumed on turn");
    let resumed = game.turn_shown();
    game.type_keys(b"........");
    game.wait_for_turn(resumed + 8);
    game.wait_for_now("cannot be saved as you play");
    game.type_keys(b"qq");
    game.wait_for_now("could not be saved, so it goes on");
    assert!(game.child.try_wait().unwrap().is_none(), "the game ended");
    assert_eq!(
        std::fs::read(&save).unwrap(),
        std::fs::read(&original).unwrap(),
        "the old save is whole meanwhile"
    );
    // Space is freed.
    let unlimited = libc::rlimit {
        rlim_cur: libc::RLIM_INFINITY,
        rlim_max: libc::RLIM_INFINITY,
    };
    // SAFETY: raising a limit of our own child.
    let raised = unsafe {
        libc::prlimit(
            game.child.id() as i32,
            libc::RLIMIT_FSIZE,
            &unlimited,
            std::ptr::null_mut(),
        )
    };
    assert_eq!(raised, 0, "{}", std::io::Error::last_os_error());
    game.wait_for_now("saved again");
    game.type_keys(b"qq");
    let status = game.finish();
    assert!(status.success(), "{status}");
    assert_eq!(verified_commands(&save), before + 8);
}

/// Forty SIGKILLs at random moments of a depth-7 game (while keys are
/// being taken, while the save may be being written), each followed by
/// a resume: every save verifies, and none stands more than
/// `KEEP_COMMANDS` turns behind the last turn the screen showed (each
/// key is a wait, a turn). A game that ends is followed by a new one.
#[test]
fn forty_sigkills_at_random_moments_never_lose_more_than_twenty_commands() {
    use darkstar::record::save::KEEP_COMMANDS;
    let dir = scratch("kills");
    let save = dir.join("save.replay");
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut draw = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let (mut kills, mut seed, mut games, mut resumed_turns) = (0, 7, 1, 0);
    let mut game = OnPty::spawn(&["play", "--depth", "7", "--seed", "7"], &save);
    game.wait_for("? help");
    while kills < 40 {
        let keys = 1 + draw(40) as usize;
        game.type_keys(&vec![b'.'; keys]);
        // A random moment: at once, while the keys are taken, or a while
        // after (when a write may be under way).
        let wait = Instant::now() + Duration::from_millis(draw(800));
        while Instant::now() < wait {
            game.pump(Duration::from_millis(10));
        }
        let shown = shown_turn(&screen_now(&game.output)).unwrap_or(0);
        game.signal(libc::SIGKILL);
        game.exit_status();
        kills += 1;
        let saved = if save.exists() {
            verified_turn(&save)
        } else {
            0
        };
        assert!(
            saved + KEEP_COMMANDS as u64 >= shown,
            "kill {kills}: the save stands on turn {saved}, the screen showed {shown}"
        );
        game = if save.exists() {
            let mut game = OnPty::spawn(&["play"], &save);
            game.wait_for("Resumed on turn");
            assert_eq!(game.turn_shown(), saved, "kill {kills}");
            resumed_turns += saved;
            game
        } else {
            seed += 1;
            let mut game = OnPty::spawn(
                &["play", "--depth", "7", "--seed", &seed.to_string()],
                &save,
            );
            game.wait_for("? help");
            game
        };
        if screen_text(&game.output).contains("n: new game") {
            // The game ended (the save held its end): leave it, and a
            // new one begins.
            game.type_keys(b"q");
            game.finish();
            assert!(!save.exists(), "a finished game leaves no save");
            seed += 1;
            games += 1;
            game = OnPty::spawn(
                &["play", "--depth", "7", "--seed", &seed.to_string()],
                &save,
            );
            game.wait_for("? help");
        }
    }
    game.signal(libc::SIGKILL);
    game.exit_status();
    // The kills came while games were being played, not before any key
    // was taken.
    assert!(
        resumed_turns > 100,
        "{resumed_turns} turns resumed in {games} games"
    );
}
