//! The one integration-test binary: each module is one area.

mod common;
mod movingai;
mod parsers;
mod searches;
