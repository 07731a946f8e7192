//! What a game is played on: the [`level`] format, the procedural
//! [`generator`], the [`bestiary`] and the [`items`] book a run is
//! peopled and furnished from, the Moving AI benchmark readers
//! ([`movingai`]), the headless pathfinding [`demo`], the [`lessons`] built in, and the size-limited
//! reading of untrusted text files they share ([`textfile`]). Data, not rules: below
//! the simulation, which builds a game from a level.

pub mod behaviours;
pub mod bestiary;
pub mod blocks;
pub mod demo;
pub mod dice;
pub mod generator;
pub mod items;
pub mod lessons;
pub mod level;
pub mod movingai;
pub mod textfile;
