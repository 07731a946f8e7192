//! Drawing that reads nothing of the app: boxes over the screen
//! ([`popup`]) and text fitted to rows ([`text`]). The game's widgets and
//! the screens both draw with them; being below the app, they let a
//! screen draw itself without the widgets, which read the app, being
//! below it.

pub mod popup;
pub mod text;

pub use popup::{draw_box, draw_box_at};
pub use text::{STATUS, cut_words, fit, fit_parts, status_row, wrap};
