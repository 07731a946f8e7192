//! The one integration-test binary: each module is one area.

mod common;
mod fog;
mod movingai;
mod parsers;
mod searches;
mod sim;
