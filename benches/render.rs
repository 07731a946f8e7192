//! Drawing a 200x60 view of a 1024x1024 level: how long one frame takes,
//! with every overlay. `cargo bench -p darkstar-benches --bench render`.

use std::hint::black_box;
use std::time::Duration;

use darkstar::content::generator::{GenParams, generate};
use darkstar::ui::app::{App, Overlay};
use darkstar::ui::keymap::Intent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

mod support;

fn main() {
    let level = generate(
        &GenParams {
            width: 1024,
            height: 1024,
            monsters_per_faction: 30,
            ..GenParams::default()
        },
        1,
    );
    let mut app = App::new(&level, 1).unwrap();
    for _ in 0..20 {
        app.step();
    }
    let area = Rect::new(0, 0, 200, 60);
    let mut c = support::criterion(Duration::from_secs(3));
    let mut group = c.benchmark_group("render_200x60_of_1024x1024");
    for overlay in [
        Overlay::None,
        Overlay::Knowledge,
        Overlay::Danger,
        Overlay::Cost,
        Overlay::Claims,
    ] {
        let mut app = app.clone();
        if overlay != Overlay::None {
            app.handle(Intent::Show(overlay));
        }
        group.bench_function(overlay.name().replace(' ', "_"), |b| {
            b.iter(|| {
                let mut buf = Buffer::empty(area);
                black_box(&app).render(area, &mut buf);
                black_box(buf)
            })
        });
    }
    group.finish();
    c.final_summary();
    println!("\nRendering a 200x60 view of a 1024x1024 level (criterion medians):");
    for overlay in [
        "true_map",
        "knowledge",
        "danger",
        "terrain_cost",
        "claimed_paths",
    ] {
        if let Some(ns) = support::median_ns("render_200x60_of_1024x1024", overlay) {
            println!("| {overlay} | {:.3} ms |", ns / 1e6);
        }
    }
}
