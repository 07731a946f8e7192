//! The type boundary: the AI plans over a faction's `Knowledge`, never the
//! true map. Every public planner entry point that reads a map
//! (`DStarPlan::plan_incremental`, `Plan::sync`, `Plan::view`) is
//! called with a `TerrainMap` in `tests/compile_fail/` and must fail to
//! compile with the mismatched-types error pinned in its `.stderr`; the same
//! calls on `Knowledge` in `tests/compiles/` must compile. (Everything else
//! a plan does is `pub(crate)`, driven by the game's turn loop, and its
//! decisions are made over a context built from a `Knowledge`.)
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
