//! A thread that wakes the event loop at once when a signal it must act on
//! comes (a stop signal, a continue) or the terminal hangs up, so the loop
//! does not wait out its timeout to save and exit. The loop waits on the
//! input's channel, which no signal interrupts (a signal handler cannot
//! send on it); this thread waits in `poll(2)` on signal-hook's self-pipe
//! and on the terminal, and sends the wake-up. Without it the loop still
//! sees them within [`SIGNAL_POLL`](super::SIGNAL_POLL).

use std::io::{self, Read};
use std::os::fd::{AsRawFd, RawFd};
use std::os::unix::net::UnixStream;

/// Starts the thread: `wake` is called after each of `signals` (the
/// handlers registered before these, such as the stop signals' flags,
/// have run by then) and once when the terminal on `tty` hangs up. Once
/// per process: the handlers it registers stay.
pub fn spawn(
    signals: &[i32],
    tty: Option<RawFd>,
    wake: impl Fn() + Send + 'static,
) -> io::Result<()> {
    let (mut pipe, write_end) = UnixStream::pair()?;
    // The handler must never block: a full pipe already wakes the thread.
    write_end.set_nonblocking(true)?;
    for &signal in signals {
        signal_hook::low_level::pipe::register(signal, write_end.try_clone()?)?;
    }
    std::thread::Builder::new()
        .name("darkstar-wake".into())
        .spawn(move || {
            // Only a hang-up wakes the poll on the terminal (no events
            // asked for: poll reports hang-ups and errors regardless), and
            // only once: a hung-up terminal stays so.
            let mut tty = tty.unwrap_or(-1);
            loop {
                let mut fds = [
                    libc::pollfd {
                        fd: pipe.as_raw_fd(),
                        events: libc::POLLIN,
                        revents: 0,
                    },
                    libc::pollfd {
                        fd: tty,
                        events: 0,
                        revents: 0,
                    },
                ];
                // SAFETY: two pollfds we own (a negative fd is skipped).
                if unsafe { libc::poll(fds.as_mut_ptr(), 2, -1) } <= 0 {
                    continue; // EINTR
                }
                if fds[0].revents & libc::POLLIN != 0 {
                    // Emptied before the wake-up: a signal coming after
                    // the read writes again, and is never lost.
                    let _ = pipe.read(&mut [0u8; 64]);
                    wake();
                }
                if fds[1].revents != 0 {
                    tty = -1;
                    wake();
                }
            }
        })?;
    Ok(())
}
