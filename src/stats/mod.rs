//! Seeing the search: `brudno stats` compares the engine's search with plain minimax, plain
//! alpha–beta and the Knuth–Moore minimal tree of the same position ([`trees`], [`chess`]).

pub mod chess;
pub mod report;
pub mod trees;
