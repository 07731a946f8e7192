//! The camera: shared by the app, the screens and the widgets, not a
//! screen (it is always there; the inspector centres it, the map reads
//! it), so the app keeps it and it has its keys after the screens'. Where
//! the map view stands when it is not
//! following anyone, whether it follows the selected monster, which one is
//! selected, and the size of the map view as laid out for the next frame
//! (set before drawing, never while). Its keys move the view by hand,
//! send it home, follow or free it, and pick the next or previous monster.

use super::screen::{Ask, Ctx, Handled};
use crate::map::geom::Pos;
use crate::sim::{Game, MonsterId};
use crate::ui::keymap::Intent;
use crate::ui::mode::Mode;

/// The map view's size before the first layout (an 80x24 terminal's), so
/// keys pressed before it are clamped sensibly.
const FIRST_VIEW: (u16, u16) = (80, 16);

/// The camera over the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Camera {
    /// World cell at the top-left of the view when not following.
    origin: Pos,
    /// Following the selected (or inspected) monster.
    follow: bool,
    /// The monster picked with `m`/`M` (or the player a played game's
    /// replay follows); none, gone, or of another faction: the viewed
    /// faction's first on the map.
    picked: Option<MonsterId>,
    /// The map view's size (columns, rows) as laid out.
    view: (u16, u16),
    /// Where the map view's top-left is on the screen (column, row) as
    /// laid out: where a click is read from.
    at: (u16, u16),
}

impl Camera {
    /// A camera at the top-left, following or not.
    pub fn new(follow: bool) -> Camera {
        Camera {
            origin: Pos::new(0, 0),
            follow,
            picked: None,
            view: FIRST_VIEW,
            at: (0, 0),
        }
    }

    /// True while it follows the selected (or inspected) monster.
    pub fn following(&self) -> bool {
        self.follow
    }

    /// The map view's size as laid out (columns, rows).
    pub fn view_size(&self) -> (u16, u16) {
        self.view
    }

    /// The top-left cell when not following (kept on the map when used).
    pub fn origin(&self) -> Pos {
        self.origin
    }

    /// The map view will be `size` (the layout, before a frame).
    pub fn set_view_size(&mut self, size: (u16, u16)) {
        self.view = size;
    }

    /// The map view will be `size` with its top-left at screen column
    /// and row `at` (the layout, before a frame).
    pub fn set_view(&mut self, at: (u16, u16), size: (u16, u16)) {
        (self.at, self.view) = (at, size);
    }

    /// The map cell drawn at screen column `col` and row `row` when the
    /// view's top-left cell is `origin` (as [`App::camera`] says it):
    /// the inverse of the map widget's drawing, which puts cell
    /// `origin + (dx, dy)` at the view's top-left plus `(dx, dy)`. `None`
    /// off the map view (the status rows, the log, the panel).
    ///
    /// [`App::camera`]: super::App::camera
    pub fn cell_at(&self, origin: Pos, col: u16, row: u16) -> Option<Pos> {
        let (dx, dy) = (col.checked_sub(self.at.0)?, row.checked_sub(self.at.1)?);
        (dx < self.view.0 && dy < self.view.1)
            .then(|| Pos::new(origin.x + i32::from(dx), origin.y + i32::from(dy)))
    }

    /// Selects monster `id` and follows it.
    pub fn select(&mut self, id: MonsterId) {
        self.picked = Some(id);
        self.follow = true;
    }

    /// Picks monster `id` as the selected one, following or not.
    pub fn pick(&mut self, id: MonsterId) {
        self.picked = Some(id);
    }

    /// The monster picked, if any (on the map or not).
    pub fn picked(&self) -> Option<MonsterId> {
        self.picked
    }

    /// Forgets the monster picked (the faction viewed changed).
    pub fn unpick(&mut self) {
        self.picked = None;
    }

    /// Puts the top-left at `origin` (kept on the map when used).
    pub fn set_origin(&mut self, origin: Pos) {
        self.origin = origin;
    }

    /// The selected monster: the one picked while it is on the map and of
    /// faction `faction` (or the player), else that faction's first on the
    /// map.
    pub fn selected(&self, game: &Game, faction: usize) -> Option<MonsterId> {
        let picked = self.picked.filter(|&id| {
            game.floor()
                .monsters()
                .get(id as usize)
                .is_some_and(|m| m.is_here() && (m.faction() == faction || m.is_player()))
        });
        picked.or_else(|| faction_monsters(game, faction).next())
    }

    /// Selects the next (`+1`) or previous (`-1`) monster of the viewed
    /// faction and follows it.
    fn select_step(&mut self, step: i32, ctx: Ctx<'_>, asks: &mut Vec<Ask>) {
        let ids: Vec<MonsterId> = faction_monsters(ctx.game, ctx.faction).collect();
        let name = ctx
            .game
            .floor()
            .factions()
            .get(ctx.faction)
            .map(|f| &f.spec().name);
        if ids.is_empty() {
            let name = name.map_or("-", |n| n.as_str());
            return asks.push(Ask::Say(format!("No {name} on the map.")));
        }
        let at = self
            .selected(ctx.game, ctx.faction)
            .and_then(|s| ids.iter().position(|&i| i == s))
            .map_or(0, |k| {
                (k as i32 + step).rem_euclid(ids.len() as i32) as usize
            });
        self.select(ids[at]);
        let m = &ctx.game.floor().monsters()[ids[at] as usize];
        // Playing, the view stays on the player: the pick is for `i`.
        let doing = match ctx.mode {
            Mode::Play => "Picked",
            Mode::Watch => "Following",
        };
        asks.push(Ask::Say(format!(
            "{doing} {}{} at {}.",
            ctx.game.floor().kind_of(m).glyph,
            m.id(),
            m.pos()
        )));
    }
}

/// Faction `faction`'s monsters on the map (not the player), in id order.
pub fn faction_monsters(game: &Game, faction: usize) -> impl Iterator<Item = MonsterId> + '_ {
    game.floor()
        .monsters()
        .iter()
        .filter(move |m| m.is_here() && !m.is_player() && m.faction() == faction)
        .map(|m| m.id())
}

/// `origin` kept so a `width` x `height` view of `game`'s map shows only
/// map cells (top-left at 0 when the map is smaller than the view).
pub fn clamp_origin(game: &Game, origin: Pos, (width, height): (u16, u16)) -> Pos {
    let terrain = game.floor().world().terrain();
    let (w, h) = (terrain.width() as i32, terrain.height() as i32);
    Pos::new(
        origin.x.clamp(0, (w - width as i32).max(0)),
        origin.y.clamp(0, (h - height as i32).max(0)),
    )
}

/// The top-left of a `size` view centred on `centre`, kept on the map.
pub fn centred_origin(game: &Game, centre: Pos, size: (u16, u16)) -> Pos {
    let (w, h) = size;
    clamp_origin(
        game,
        Pos::new(centre.x - w as i32 / 2, centre.y - h as i32 / 2),
        size,
    )
}

impl Camera {
    /// Scroll keys move the view from where it stands as shown (following
    /// or not), kept on the map; moving by hand, or home, stops following.
    pub fn handle(&mut self, intent: Intent, ctx: Ctx<'_>, asks: &mut Vec<Ask>) -> Handled {
        match intent {
            Intent::Scroll(dx, dy) => {
                let to = Pos::new(ctx.shown.x + dx, ctx.shown.y + dy);
                self.origin = clamp_origin(ctx.game, to, self.view);
                self.follow = false;
            }
            Intent::Home => {
                self.origin = Pos::new(0, 0);
                self.follow = false;
            }
            Intent::ToggleFollow => {
                if self.follow {
                    // Stay where the view is, not where the camera was.
                    self.origin = ctx.shown;
                }
                self.follow = !self.follow;
                asks.push(Ask::Say(
                    if self.follow {
                        "Following the selected monster (m/M picks)."
                    } else {
                        "Camera free (F follows again)."
                    }
                    .to_string(),
                ));
            }
            Intent::NextMonster(step) => self.select_step(step, ctx, asks),
            _ => return Handled::Ignored,
        }
        Handled::Used
    }
}
