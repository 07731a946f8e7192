//! The real terminal session: checks for a tty, sets the terminal up
//! (raw mode, the alternate screen, mouse clicks reported) and restores
//! it on every way out (quit, error, panic, stop signals, hang-up,
//! abort), gives it back on Ctrl-Z and takes it again on `fg` (job
//! control, as a shell expects of a full-screen program), and feeds
//! crossterm's events to the [`event_loop`], read on a thread of their
//! own ([`input`](super::input)): crossterm can stay inside its read for
//! ever (a hung-up terminal, an unfinished escape sequence), and the loop
//! must still see a stop signal or the hang-up, save and exit.
//!
//! [`event_loop`]: fn@super::event_loop

use std::io::{self, IsTerminal};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use crossterm::event::{self, Event};

use super::app::App;
use super::event_loop::{Exit, Session, event_loop_until};
use super::input::Input;
use super::title::Title;
use super::tty::{Tty, changing_settings};
use super::wake;

/// The signals that end a session cleanly (restore, save, exit).
pub const STOP_SIGNALS: [i32; 4] = [
    signal_hook::consts::SIGTERM,
    signal_hook::consts::SIGHUP,
    signal_hook::consts::SIGINT,
    signal_hook::consts::SIGQUIT,
];

/// The last stop signal received (0: none). Static so the handler needs no
/// allocation; the handlers are registered once per process.
static SIGNALLED: AtomicUsize = AtomicUsize::new(0);

/// Set (to 1) when the process is continued (SIGCONT) after a stop: the
/// screen is then redrawn whole.
static CONTINUED: AtomicUsize = AtomicUsize::new(0);

/// The terminal was not a terminal: `play`, `watch` and `replay` need one.
#[derive(Debug, thiserror::Error)]
#[error("darkstar {command} needs a terminal (stdin/stdout are not a tty)")]
pub struct NoTerminal {
    pub command: String,
}

/// Checks that stdin and stdout are a terminal, before any terminal set-up
/// (which would otherwise fail oddly, or wait for keys that never come).
pub fn require_terminal(command: &str) -> Result<(), NoTerminal> {
    if io::stdin().is_terminal() && io::stdout().is_terminal() {
        Ok(())
    } else {
        Err(NoTerminal {
            command: command.to_string(),
        })
    }
}

/// Registers (once per process) the stop-signal flags and the SIGABRT
/// handler, and remembers the terminal's settings as they are now, before
/// raw mode, for that handler to put back.
fn install_handlers() -> io::Result<()> {
    static INSTALLED: OnceLock<Result<(), String>> = OnceLock::new();
    INSTALLED
        .get_or_init(|| {
            for sig in STOP_SIGNALS {
                signal_hook::flag::register_usize(sig, &SIGNALLED, sig as usize)
                    .map_err(|e| e.to_string())?;
            }
            // A flag only: SIGCONT's default action (continuing) still
            // happens, the handler runs after it.
            signal_hook::flag::register_usize(signal_hook::consts::SIGCONT, &CONTINUED, 1)
                .map_err(|e| e.to_string())?;
            install_mouse_panic_hook();
            install_abort_handler().map_err(|e| e.to_string())
        })
        .clone()
        .map_err(io::Error::other)
}

/// Mouse reporting on: presses and releases of the buttons (1000), in
/// SGR's form (1006), which crossterm reads. Not crossterm's
/// `EnableMouseCapture`, which also reports every movement of the mouse
/// (1003): a stream of events for nothing, each a wake-up of the loop.
const MOUSE_ON: &[u8] = b"\x1b[?1000h\x1b[?1006h";
/// Mouse reporting off, as it was before [`MOUSE_ON`] (crossterm's
/// `DisableMouseCapture` turns off 1003 and 1015 too, which were never
/// on).
const MOUSE_OFF: &[u8] = b"\x1b[?1006l\x1b[?1000l";

/// Writes `sequence` to the terminal, flushed.
fn write_terminal(sequence: &[u8]) -> io::Result<()> {
    use std::io::Write;
    let mut out = io::stdout();
    out.write_all(sequence)?;
    out.flush()
}

/// On a panic, mouse reporting off before the message (ratatui's own
/// hook, which each session's set-up wraps round this one, leaves raw
/// mode and the alternate screen first): a shell left reporting clicks
/// prints escape sequences for each one.
fn install_mouse_panic_hook() {
    let before = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = write_terminal(MOUSE_OFF);
        before(info);
    }));
}

/// The terminal settings before raw mode, for the SIGABRT handler.
static ORIGINAL_TERMIOS: OnceLock<libc::termios> = OnceLock::new();

/// On abort (an allocation failure aborts without unwinding, so neither
/// `Drop` nor the panic hook runs): restore the original terminal settings
/// and leave the alternate screen, using only async-signal-safe calls
/// (`tcsetattr`, `write`), then let the default action run (the process
/// still dies of SIGABRT, with its core dump if enabled).
fn install_abort_handler() -> io::Result<()> {
    // SAFETY: `tcgetattr` writes a plain C struct we own.
    unsafe {
        let mut t: libc::termios = std::mem::zeroed();
        if libc::tcgetattr(libc::STDIN_FILENO, &mut t) == 0 {
            let _ = ORIGINAL_TERMIOS.set(t);
        }
    }
    let action = || {
        // Mouse reporting off (as `MOUSE_OFF`), leave the alternate
        // screen, show the cursor.
        const RESTORE: &[u8] = b"\x1b[?1006l\x1b[?1000l\x1b[?1049l\x1b[?25h";
        // SAFETY: only async-signal-safe calls, on data set before the
        // handler was registered (`OnceLock::get` is an atomic load).
        unsafe {
            if let Some(t) = ORIGINAL_TERMIOS.get() {
                libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, t);
            }
            libc::write(libc::STDOUT_FILENO, RESTORE.as_ptr().cast(), RESTORE.len());
        }
        let _ = signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGABRT);
    };
    // SAFETY: the action is async-signal-safe (see above).
    unsafe { signal_hook::low_level::register(signal_hook::consts::SIGABRT, action) }?;
    Ok(())
}

/// The stop signal received since the last call, if any (and forgets it).
fn take_signal() -> Option<i32> {
    match SIGNALLED.swap(0, Ordering::SeqCst) {
        0 => None,
        sig => Some(sig as i32),
    }
}

/// Runs `app` in the real terminal until the user quits or a stop signal
/// arrives; the terminal is restored either way. Returns the app (for its
/// recording, which the caller saves even when the terminal failed: a
/// closed window makes every write fail) and how the session ended.
pub fn run(app: App) -> (App, io::Result<Exit>) {
    run_keeping(app, &mut |_| {})
}

/// [`run`], with `keep` run after every key and tick (see
/// [`super::Session::keep`]): how `darkstar play` writes the save as the
/// game is played.
pub fn run_keeping(mut app: App, keep: &mut dyn FnMut(&mut App)) -> (App, io::Result<Exit>) {
    let result = in_terminal(|terminal, session| {
        let input = session.input;
        let mut keeping = super::event_loop::Keeping { session, keep };
        event_loop_until(
            terminal,
            &mut app,
            |timeout| input.next(timeout),
            &mut keeping,
        )
    });
    (app, result)
}

/// Shows the title screen in the real terminal, a screen over a still
/// game run by the one event loop ([`Title::into_app`]), until a choice is
/// made ([`Title::choice`]) or a stop signal arrives; the terminal is
/// restored either way.
pub fn run_title(title: Title) -> (Title, io::Result<Exit>) {
    let app = match title.clone().into_app() {
        Ok(app) => app,
        Err(e) => return (title, Err(io::Error::other(e.to_string()))),
    };
    let (app, ended) = run(app);
    (Title::of(&app).cloned().unwrap_or(title), ended)
}

/// Sets the terminal up, runs `body` in it, and restores it whatever
/// `body` returned.
fn in_terminal(
    body: impl FnOnce(&mut ratatui::DefaultTerminal, &mut RealSession) -> io::Result<Exit>,
) -> io::Result<Exit> {
    let result = install_handlers().and_then(|()| {
        let input = input()?;
        let mut terminal = changing_settings(ratatui::try_init)?;
        // Clicks on the map look and travel (`keymap::mouse_intent_for`);
        // a terminal that cannot take it fails at the first frame.
        let _ = write_terminal(MOUSE_ON);
        input.open();
        let mut session = RealSession { input, tty: tty() };
        let result = body(&mut terminal, &mut session);
        // Keys typed from now on are the shell's (or the next session's).
        input.close();
        // Dropping a terminal whose cursor is hidden shows it, and on
        // failure (a hung-up terminal) reports that with `eprintln!`,
        // which panics on the dead terminal and loses the save. So show
        // it here; a terminal that cannot is gone, and is forgotten.
        match terminal.show_cursor() {
            Ok(()) => drop(terminal),
            Err(_) => std::mem::forget(terminal),
        }
        restore_terminal();
        result
    });
    // A failing terminal is often a hung-up one: if a signal came with the
    // failure, or the terminal has hung up, report the signal (the caller
    // saves and exits by it).
    match result {
        Err(e) => take_signal()
            .or_else(|| hung_up(tty()))
            .map(Exit::Signal)
            .ok_or(e),
        ok => ok,
    }
}

/// The terminal's input: crossterm's events read on a thread of their
/// own. One per process, started by the first session and kept for the
/// next (a new game after `n`): crossterm's reader is process-global, and
/// a thread stuck inside it cannot be stopped, only left.
fn input() -> io::Result<&'static Input> {
    static INPUT: OnceLock<Result<Input, String>> = OnceLock::new();
    let start = || -> io::Result<Input> {
        let input = Input::spawn(read_terminal)?;
        // A stop signal or the hang-up ends the loop's wait at once; a
        // continue too (the screen is redrawn).
        let waker = input.waker();
        let mut signals = STOP_SIGNALS.to_vec();
        signals.push(signal_hook::consts::SIGCONT);
        wake::spawn(&signals, tty().map(Tty::fd), move || waker.wake())?;
        Ok(input)
    };
    INPUT
        .get_or_init(|| start().map_err(|e| e.to_string()))
        .as_ref()
        .map_err(|e| io::Error::other(e.clone()))
}

/// The terminal crossterm reads, looked at for a hang-up (none: neither
/// stdin nor `/dev/tty` is one).
fn tty() -> Option<&'static Tty> {
    static TTY: OnceLock<Option<Tty>> = OnceLock::new();
    TTY.get_or_init(Tty::open).as_ref()
}

/// SIGHUP if the terminal has hung up (the window closed): taken for the
/// signal that may not have come (a game that is not the session's
/// leader, or noticed before the signal is).
fn hung_up(tty: Option<&Tty>) -> Option<i32> {
    tty.is_some_and(Tty::hung_up)
        .then_some(signal_hook::consts::SIGHUP)
}

/// The reader thread's source: crossterm's next event within `wait`. On a
/// hung-up terminal crossterm's read would spin, so it is not asked again:
/// nothing more will come, and the loop ends on the hang-up. (A hang-up
/// while crossterm waits still spins that thread, until the exit.) When
/// crossterm saw nothing but input waits, it is input crossterm was not
/// told of (more than it reads at once came together), and it is made to
/// look again: keys typed ahead are all taken, in their order.
fn read_terminal(wait: Duration) -> io::Result<Option<Event>> {
    let tty = tty();
    if hung_up(tty).is_some() {
        std::thread::sleep(wait);
        return Ok(None);
    }
    if event::poll(wait)? {
        return Ok(Some(event::read()?));
    }
    if let Some(tty) = tty
        && tty.has_input()
    {
        tty.wake_readers();
    }
    Ok(None)
}

/// The real terminal's side of the loop: its signals, its hang-up and job
/// control.
struct RealSession {
    input: &'static Input,
    tty: Option<&'static Tty>,
}

impl Session for RealSession {
    /// A stop signal, or the terminal hung up (the window closed), which
    /// is the SIGHUP it means; looked at every pass of the loop, which
    /// never waits in crossterm.
    fn stop_signal(&mut self) -> Option<i32> {
        take_signal().or_else(|| hung_up(self.tty))
    }

    /// Gives the terminal back exactly as on quit (raw mode off, main
    /// screen, cursor shown), stops with SIGTSTP under its default action
    /// (no handler is registered for it) so the shell sees a stopped job,
    /// and once continued takes the terminal again. The reader reads
    /// nothing meanwhile: what is typed at the shell is the shell's.
    ///
    /// SIGTSTP rather than SIGSTOP: in an orphaned process group (a
    /// session with no job control, nobody to `fg` it) the kernel discards
    /// SIGTSTP, so the game comes straight back instead of stopping for
    /// ever; SIGSTOP would stop it with no way back.
    fn suspend(&mut self) -> io::Result<()> {
        self.input.close();
        restore_terminal();
        // SAFETY: raising a signal at ourselves.
        unsafe { libc::raise(libc::SIGTSTP) };
        changing_settings(crossterm::terminal::enable_raw_mode)?;
        crossterm::execute!(
            io::stdout(),
            crossterm::terminal::EnterAlternateScreen,
            crossterm::cursor::Hide
        )?;
        write_terminal(MOUSE_ON)?;
        self.input.open();
        Ok(())
    }

    fn continued(&mut self) -> bool {
        CONTINUED.swap(0, Ordering::SeqCst) != 0
    }
}

/// Mouse reporting off, raw mode off, main screen, cursor shown; each
/// step tried even if the one before failed. Not `ratatui::restore`: it reports a failure with
/// `eprintln!`, which panics when the terminal is gone (SIGHUP), and that
/// would lose the save; nor `try_restore`, which leaves the cursor hidden.
fn restore_terminal() {
    let _ = write_terminal(MOUSE_OFF);
    let _ = changing_settings(crossterm::terminal::disable_raw_mode);
    let _ = crossterm::execute!(
        io::stdout(),
        crossterm::terminal::LeaveAlternateScreen,
        crossterm::cursor::Show
    );
}
