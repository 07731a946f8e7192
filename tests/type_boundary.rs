//! The type boundary: the AI plans over a faction's `Knowledge`, never the
//! true map. Every public planner entry point that reads a map
//! (`Planner::plan_incremental`, `Planner::sync`, `Planner::view`) is
//! called with a `TerrainMap` in `tests/compile_fail/` and must fail to
//! compile with the mismatched-types error pinned in its `.stderr`; the same
//! calls on `Knowledge` in `tests/compiles/` must compile. (Everything else
//! a planner does is `pub(crate)`, driven by the game's turn loop.)
//!
//! After an intended change to the messages, rewrite the `.stderr` files
//! with `TRYBUILD=overwrite cargo test --release type_boundary` and review
//! them.

#[test]
fn planners_refuse_the_true_map_and_take_knowledge() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/compile_fail/*.rs");
    t.pass("tests/compiles/*.rs");
}
