//! The terminal device the keys come from (stdin when it is a terminal,
//! else `/dev/tty`, as crossterm chooses), looked at without reading it:
//! whether it has hung up.

use std::io::{self, IsTerminal};
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::os::unix::fs::OpenOptionsExt;

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
        self.revents() & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0
    }
}
