//! The terminal device the keys come from (stdin when it is a terminal,
//! else `/dev/tty`, as crossterm chooses), looked at without reading it:
//! whether it has hung up, and whether input waits there that crossterm
//! has not seen (and then the nudge that makes it look); and the one lock
//! under which this process changes the terminal's settings.

use std::io::{self, IsTerminal};
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::os::unix::fs::OpenOptionsExt;
use std::sync::{Mutex, PoisonError};

/// What `poll` says of a terminal that is gone.
const GONE: libc::c_short = libc::POLLHUP | libc::POLLERR | libc::POLLNVAL;

/// The terminal crossterm reads.
pub struct Tty {
    fd: RawFd,
    /// `/dev/tty` opened here (looked at, never read); none when it is
    /// stdin.
    _owned: Option<OwnedFd>,
}

impl Tty {
    /// Stdin if it is a terminal, else the controlling terminal; `None`
    /// when there is neither (crossterm then has nothing to read either).
    pub fn open() -> Option<Tty> {
        if io::stdin().is_terminal() {
            return Some(Tty {
                fd: libc::STDIN_FILENO,
                _owned: None,
            });
        }
        // Never anyone's controlling terminal by being opened here.
        let file = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NOCTTY)
            .open("/dev/tty")
            .ok()?;
        let owned = OwnedFd::from(file);
        Some(Tty {
            fd: owned.as_raw_fd(),
            _owned: Some(owned),
        })
    }

    /// The descriptor, open as long as the `Tty`.
    pub fn fd(&self) -> RawFd {
        self.fd
    }

    /// What `poll` says of the terminal now, without waiting.
    fn revents(&self) -> libc::c_short {
        let mut fds = libc::pollfd {
            fd: self.fd,
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one pollfd we own, no wait.
        match unsafe { libc::poll(&mut fds, 1, 0) } {
            1 => fds.revents,
            _ => 0,
        }
    }

    /// The terminal is gone (the window closed): a hang-up, an error, or
    /// no terminal on the descriptor any more.
    pub fn hung_up(&self) -> bool {
        self.revents() & GONE != 0
    }

    /// Input waits to be read (and the terminal is still there).
    pub fn has_input(&self) -> bool {
        let revents = self.revents();
        revents & libc::POLLIN != 0 && revents & GONE == 0
    }

    /// Makes crossterm look at the terminal again although no new input
    /// came. Its reader waits with epoll, edge-triggered (mio), and reads
    /// at most 1,024 bytes when told of input: more typed ahead (keys
    /// written faster than the game takes them, a paste) stays in the
    /// terminal unseen until the next key comes. Setting the terminal's
    /// settings, even to what they are, wakes its readers (Linux's line
    /// discipline: "the termios change make the tty ready for I/O"),
    /// which epoll counts as an edge. Only in raw mode (a session has the
    /// terminal), and under the settings lock, so the settings written
    /// back are never older than a change the session made meanwhile.
    pub fn wake_readers(&self) {
        changing_settings(|| {
            if !crossterm::terminal::is_raw_mode_enabled().unwrap_or(false) {
                return;
            }
            // SAFETY: a termios we own, read then written back unchanged.
            unsafe {
                let mut settings: libc::termios = std::mem::zeroed();
                if libc::tcgetattr(self.fd, &mut settings) == 0 {
                    libc::tcsetattr(self.fd, libc::TCSANOW, &settings);
                }
            }
        });
    }
}

/// Runs `change` (raw mode on or off, the terminal set up or restored)
/// holding the lock [`Tty::wake_readers`] holds, so the reader thread
/// never writes back settings read before the change.
pub fn changing_settings<T>(change: impl FnOnce() -> T) -> T {
    static SETTINGS: Mutex<()> = Mutex::new(());
    let _held = SETTINGS.lock().unwrap_or_else(PoisonError::into_inner);
    change()
}
