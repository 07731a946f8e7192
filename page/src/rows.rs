//! The screen in the page: a ratatui [`Buffer`] written into a `<pre>`
//! a row, each row a run of `<span>`s of one style
//! (`darkstar::ui::html`). Only the rows that changed since the last
//! frame are written again.
//!
//! Written here rather than taken from ratzilla 0.3.1's `DomBackend`,
//! which was read first: its `size()` counts cells of a fixed 10 x 20
//! pixels while its grid holds cells of the measured font, so a font
//! larger than that indexes past its grid (a panic), and its key
//! listener sits on a grid element that a resize replaces (keys stop).
//! A row's text is one `innerHTML` here, where that backend sets each
//! cell's; the headless browser test reads the rows' text.

use darkstar::ui::html::row_html;
use ratatui::buffer::Buffer;

/// The screen's rows in the page, and what each shows now.
pub struct Rows {
    /// One `<pre>` a row, in the screen's element.
    rows: Vec<web_sys::Element>,
    /// Each row's HTML as last written.
    html: Vec<String>,
    screen: web_sys::Element,
}

impl Rows {
    pub fn new(screen: web_sys::Element) -> Rows {
        Rows {
            rows: Vec::new(),
            html: Vec::new(),
            screen,
        }
    }

    /// Writes the rows of `buffer` that differ from the page's; rows are
    /// added or taken away to its height.
    pub fn show(&mut self, buffer: &Buffer) -> Result<(), wasm_bindgen::JsValue> {
        let height = usize::from(buffer.area.height);
        let document = self.screen.owner_document().expect("in a document");
        while self.rows.len() < height {
            let pre = document.create_element("pre")?;
            self.screen.append_child(&pre)?;
            self.rows.push(pre);
            self.html.push(String::new());
        }
        while self.rows.len() > height {
            let pre = self.rows.pop().expect("a row");
            pre.remove();
            self.html.pop();
        }
        for y in 0..height {
            let html = row_html(buffer, y as u16);
            if self.html[y] != html {
                self.rows[y].set_inner_html(&html);
                self.html[y] = html;
            }
        }
        Ok(())
    }
}
