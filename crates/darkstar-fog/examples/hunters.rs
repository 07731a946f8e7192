//! Two hunters of one faction share what they see: one map of beliefs, one
//! shared field toward their prey. They plan through what they have not
//! seen as if it were open, and replan when they see a wall.
//!
//! Run: `cargo run -p darkstar-fog --example hunters`

use darkstar_fog::{Knowledge, OpenOrWall, Visible, sight::look};
use darkstar_path::{Connectivity, Field, geom::Pos};

const CAVE: [&str; 7] = [
    "##############",
    "#h.....#.....#",
    "#.####.#.###.#",
    "#.#....#...#.#",
    "#.#.######.#.#",
    "#h.........#@#",
    "##############",
];

/// The true map, which only sight reads.
struct Cave;
impl Visible<OpenOrWall> for Cave {
    fn is_opaque(&self, p: Pos) -> bool {
        self.seen_as(p) != Some(OpenOrWall::Open)
    }
    fn seen_as(&self, p: Pos) -> Option<OpenOrWall> {
        let row = CAVE.get(usize::try_from(p.y).ok()?)?.as_bytes();
        let c = *row.get(usize::try_from(p.x).ok()?)?;
        Some(if c == b'#' {
            OpenOrWall::Wall
        } else {
            OpenOrWall::Open
        })
    }
}

fn main() {
    let mut known = Knowledge::<OpenOrWall>::new(14, 7);
    let mut hunters = [Pos::new(1, 1), Pos::new(1, 5)];
    let prey = Pos::new(12, 5);
    let mut field = Field::new(&known, prey, Connectivity::Eight);
    for turn in 1..=40 {
        for h in &mut hunters {
            // What this hunter sees, the whole faction knows; the shared
            // field is repaired where it learnt something.
            let learnt = look(&mut known, &Cave, *h, 4, turn);
            field.cells_changed(&known, &learnt);
            if let Some(next) = field.next_step(&known, *h) {
                *h = next;
            }
        }
        if hunters.contains(&prey) {
            println!(
                "turn {turn}: caught, hunters at {} and {}",
                hunters[0], hunters[1]
            );
            break;
        }
    }
    let seen = (0..7 * 14)
        .filter(|&i| known.is_known(Pos::new(i % 14, i / 14)))
        .count();
    println!(
        "the faction has seen {seen} of 98 cells; the field expanded {}",
        field.expanded()
    );
}
