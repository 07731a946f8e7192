//! The browser's `localStorage` as the game's store of texts
//! ([`KeyValue`]): saves and records survive a reload, under the names
//! their files have on disk, each after [`PREFIX`].

use std::time::{Duration, SystemTime};

use std::cell::RefCell;
use std::rc::Rc;

use darkstar::record::life::{KeyValue, MemoryTexts};

/// Before every name the page keeps, so that other pages of the same
/// site keep theirs apart.
pub const PREFIX: &str = "darkstar/";

/// The page's storage: the browser's, or, where the browser gives none
/// (storage turned off), one in memory that lasts as long as the page.
#[derive(Clone)]
pub enum LocalTexts {
    Browser(web_sys::Storage),
    Memory(Rc<RefCell<MemoryTexts>>),
}

impl LocalTexts {
    /// The browser's storage, if it gives one.
    pub fn open() -> LocalTexts {
        match web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
            Some(storage) => LocalTexts::Browser(storage),
            None => LocalTexts::Memory(Rc::default()),
        }
    }
}

impl KeyValue for LocalTexts {
    fn get(&self, key: &str) -> Option<String> {
        match self {
            LocalTexts::Browser(s) => s.get_item(&format!("{PREFIX}{key}")).ok().flatten(),
            LocalTexts::Memory(m) => m.borrow().get(key),
        }
    }

    fn set(&mut self, key: &str, text: &str) -> std::io::Result<()> {
        match self {
            // The browser refuses a write past its quota (a few
            // megabytes) with an exception: the storage is full.
            LocalTexts::Browser(s) => s
                .set_item(&format!("{PREFIX}{key}"), text)
                .map_err(|_| std::io::ErrorKind::StorageFull.into()),
            LocalTexts::Memory(m) => m.borrow_mut().set(key, text),
        }
    }

    fn remove(&mut self, key: &str) {
        match self {
            LocalTexts::Browser(s) => {
                let _ = s.remove_item(&format!("{PREFIX}{key}"));
            }
            LocalTexts::Memory(m) => m.borrow_mut().remove(key),
        }
    }

    fn now(&self) -> SystemTime {
        let ms = js_sys::Date::now();
        SystemTime::UNIX_EPOCH + Duration::from_millis(ms.max(0.0) as u64)
    }
}
