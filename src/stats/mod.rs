//! Seeing the search: `brudno stats` compares the engine's search (its counters: [`counters`]) with
//! plain minimax, plain alpha–beta and the Knuth–Moore minimal tree of the same position ([`trees`],
//! [`chess`]); `brudno tree` draws a traced plain alpha–beta search ([`trace`], [`drawing`], [`svg`], [`dot`]).

pub mod chess;
pub mod counters;
pub mod dot;
pub mod drawing;
pub mod report;
pub mod svg;
pub mod trace;
pub mod trees;
