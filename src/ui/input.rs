//! Terminal events read on a thread of their own and handed over a
//! channel, so the event loop waits for them with a timeout and is never
//! inside the read itself. crossterm 0.29's reader can stay inside for
//! ever: on a hung-up terminal its read loop spins (it stops only on
//! `WouldBlock`, and a hung-up terminal answers 0 bytes or `EIO`), and
//! after the start of an escape sequence (`ESC [`, what Alt-[ sends) it
//! waits in `read(2)` for the rest, restarted after every signal. With
//! the read on this thread the loop still looks at the stop signals
//! every [`SIGNAL_POLL`](super::SIGNAL_POLL), saves and exits, and the
//! exit ends the reader wherever it is.
//!
//! One channel, so events come in the order they were read: keys typed
//! ahead keep their order. A [`Waker`] ends a wait on it at once (a stop
//! signal came: the loop need not wait out its timeout to see it). The
//! reader reads only while the input is [open](Input::open), so keys typed
//! after a session (to the shell, once the game has exited) are not taken.
//! Generic over where the events come from, so tests give it a source
//! that blocks for ever.

use std::io;
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Duration;

use crossterm::event::Event;

/// How long the reader asks its source to wait each time, at most: how
/// soon it sees the input closed, and how often the real terminal's
/// source looks for input crossterm missed (see `terminal.rs`).
pub const READ_SLICE: Duration = Duration::from_millis(40);

/// Events read but not yet taken, at most. Past that the reader waits for
/// the loop (the keys wait in the terminal, as without a reader), so a
/// paste or a key held down never grows memory without bound.
const QUEUED: usize = 1024;

/// Where the reader thread gets its events: like the event loop's own
/// source, the next event within the timeout, or `None`.
pub trait Source: FnMut(Duration) -> io::Result<Option<Event>> + Send + 'static {}

impl<S: FnMut(Duration) -> io::Result<Option<Event>> + Send + 'static> Source for S {}

/// What the channel carries: an event read (or the reader's error), or a
/// wake-up.
enum Message {
    Read(io::Result<Event>),
    Wake,
}

/// The reading end: the events a reader thread has read, in order.
pub struct Input {
    events: Mutex<Receiver<Message>>,
    sender: SyncSender<Message>,
    gate: Arc<Gate>,
}

/// Ends a wait for an event at once, from any thread (not a signal
/// handler: it may take a lock).
#[derive(Clone)]
pub struct Waker(SyncSender<Message>);

impl Waker {
    /// The wait in [`Input::next`] (the one going on, or else the next)
    /// returns with no event. When the channel is full of events the
    /// wake-up is dropped: the loop is busy taking them, and looks at its
    /// signals on every pass anyway.
    pub fn wake(&self) {
        let _ = self.0.try_send(Message::Wake);
    }
}

/// Whether the reader may read (open) or waits (closed).
struct Gate {
    open: Mutex<bool>,
    changed: Condvar,
}

impl Gate {
    fn set(&self, open: bool) {
        *self.open.lock().unwrap_or_else(PoisonError::into_inner) = open;
        self.changed.notify_all();
    }

    fn wait_open(&self) {
        let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let _open = self
            .changed
            .wait_while(open, |open| !*open)
            .unwrap_or_else(PoisonError::into_inner);
    }
}

impl Input {
    /// Starts a reader thread over `source`, closed: it reads nothing
    /// until [`open`](Self::open). The thread is never joined: it may be
    /// stuck in its source for good, and the process's exit ends it.
    pub fn spawn(source: impl Source) -> io::Result<Input> {
        let (sender, events) = mpsc::sync_channel(QUEUED);
        let gate = Arc::new(Gate {
            open: Mutex::new(false),
            changed: Condvar::new(),
        });
        let (reader_gate, reader_sender) = (Arc::clone(&gate), sender.clone());
        std::thread::Builder::new()
            .name("darkstar-input".into())
            .spawn(move || read(source, &reader_gate, &reader_sender))?;
        Ok(Input {
            events: Mutex::new(events),
            sender,
            gate,
        })
    }

    /// A handle that ends the wait for an event at once.
    pub fn waker(&self) -> Waker {
        Waker(self.sender.clone())
    }

    /// Lets the reader read (a session has the terminal).
    pub fn open(&self) {
        self.gate.set(true);
    }

    /// Stops the reader after what it is reading now (the terminal is
    /// being given back). Events already read stay queued, for the next
    /// session.
    pub fn close(&self) {
        self.gate.set(false);
    }

    /// The next event read, waiting at most `timeout` (none: only one
    /// already read), or `None` after the timeout or a wake-up. An error
    /// the source returned is returned once; after it the reader is gone,
    /// and every wait lasts its timeout.
    pub fn next(&self, timeout: Duration) -> io::Result<Option<Event>> {
        let events = self.events.lock().unwrap_or_else(PoisonError::into_inner);
        // Never closed: the input holds a sender itself.
        let got = if timeout.is_zero() {
            events.try_recv().ok()
        } else {
            events.recv_timeout(timeout).ok()
        };
        match got {
            Some(Message::Read(event)) => event.map(Some),
            Some(Message::Wake) | None => Ok(None),
        }
    }
}

/// The reader thread: reads while the gate is open and sends what it
/// reads, until the source fails or nobody listens. An event read just as
/// the gate closes is sent all the same: it was taken from the terminal,
/// and dropping it would lose a key.
fn read(mut source: impl Source, gate: &Gate, sender: &SyncSender<Message>) {
    loop {
        gate.wait_open();
        match source(READ_SLICE) {
            Ok(None) => {}
            Ok(Some(event)) => {
                if sender.send(Message::Read(Ok(event))).is_err() {
                    return;
                }
            }
            Err(e) => {
                let _ = sender.send(Message::Read(Err(e)));
                return;
            }
        }
    }
}
