//! Where each evaluation weight lives: the flat index of every term, grouped and named.
//!
//! The evaluation is linear in its weights: each term is a feature count (for one side) times a
//! middlegame/endgame weight pair, tapered by phase. Weight `i` of [`super::params::WEIGHTS`] belongs
//! to the group whose range holds `i`; within a group the index is the feature's bucket (a rank, a
//! mobility count, a victim role...). The tuner and the `eval` breakdown read the same layout.

/// A named, contiguous run of terms.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// Name shown by `eval` and written into `params.rs`.
    pub name: &'static str,
    /// First term index.
    pub start: usize,
    /// Number of terms.
    pub len: usize,
}

macro_rules! layout {
    ($($(#[$doc:meta])* $name:ident = $len:expr, $label:literal;)*) => {
        layout!(@consts 0usize; $($(#[$doc])* $name = $len;)*);
        /// Every group in index order.
        pub const GROUPS: &[Group] = &[$(Group { name: $label, start: $name, len: $len }),*];
        /// Total number of terms.
        pub const TERMS: usize = 0 $(+ $len)*;
    };
    (@consts $at:expr; $(#[$doc:meta])* $name:ident = $len:expr; $($rest:tt)*) => {
        $(#[$doc])*
        pub const $name: usize = $at;
        layout!(@consts $name + $len; $($rest)*);
    };
    (@consts $at:expr;) => {};
}

layout! {
    /// Material by role (pawn..king; the king's is always 0).
    MATERIAL = 6, "Material";
    /// Piece-square tables, 64 entries per role, White's view with rank 8 first (see [`super::pst`]).
    PST = 6 * 64, "Piece-square";
    /// Passed pawn by relative rank.
    PASSED = 8, "Passed pawn";
    /// Passed pawn whose stop square is empty, by relative rank.
    PASSED_FREE = 8, "Passed pawn free";
    /// Passed pawn: own king's distance to the stop square (the count), by relative rank.
    PASSED_OWN_KING = 8, "Passed own king distance";
    /// Passed pawn: enemy king's distance to the stop square (the count), by relative rank.
    PASSED_ENEMY_KING = 8, "Passed enemy king distance";
    /// Passed pawn defended by a pawn.
    PASSED_PROTECTED = 1, "Passed pawn protected";
    /// Pawn with no friendly pawn on an adjacent file.
    ISOLATED = 1, "Isolated pawn";
    /// Pawn with a friendly pawn ahead on its file.
    DOUBLED = 1, "Doubled pawn";
    /// Pawn that no neighbour can support and whose advance an enemy pawn stops.
    BACKWARD = 1, "Backward pawn";
    /// Pawn defended by a pawn, by relative rank.
    SUPPORTED = 8, "Supported pawn";
    /// Pawn with a friendly pawn beside it, by relative rank.
    PHALANX = 8, "Phalanx pawn";
    /// Knight mobility by safe squares (0..=8).
    MOBILITY_KNIGHT = 9, "Knight mobility";
    /// Bishop mobility by safe squares (0..=13).
    MOBILITY_BISHOP = 14, "Bishop mobility";
    /// Rook mobility by safe squares (0..=14).
    MOBILITY_ROOK = 15, "Rook mobility";
    /// Queen mobility by safe squares (0..=27).
    MOBILITY_QUEEN = 28, "Queen mobility";
    /// Two or more bishops.
    BISHOP_PAIR = 1, "Bishop pair";
    /// Rook on a file with no pawns.
    ROOK_OPEN = 1, "Rook open file";
    /// Rook on a file with enemy pawns only.
    ROOK_SEMI_OPEN = 1, "Rook semi-open file";
    /// Knight, then bishop, on a pawn-defended square no enemy pawn can attack.
    OUTPOST = 2, "Outpost";
    /// Enemy piece attacked by a pawn, by victim role.
    THREAT_BY_PAWN = 6, "Threat by pawn";
    /// Enemy piece attacked by a knight or bishop, by victim role.
    THREAT_BY_MINOR = 6, "Threat by minor";
    /// Enemy piece attacked by a rook, by victim role.
    THREAT_BY_ROOK = 6, "Threat by rook";
    /// Enemy piece (not pawn or king) attacked and not defended.
    HANGING = 1, "Hanging piece";
    /// King danger by attack units on the king zone (see [`super::king`]), one-hot.
    KING_DANGER = 24, "King danger";
    /// Safe checking squares the enemy has, by checking role (knight, bishop, rook, queen).
    SAFE_CHECK = 4, "Safe checks";
    /// Own pawns on the rank in front of the king, then two ranks in front, on the king's three files.
    SHIELD = 2, "Pawn shield";
    /// Files next to and at the king with no pawns.
    KING_OPEN_FILE = 1, "King open file";
    /// Files next to and at the king with enemy pawns only.
    KING_SEMI_OPEN_FILE = 1, "King semi-open file";
    /// Enemy pawns on the king's three files, by their rank relative to the king's side.
    STORM = 8, "Pawn storm";
}

/// The group holding term `t`.
pub fn group_of(t: usize) -> usize {
    GROUPS.iter().position(|g| t < g.start + g.len).expect("term index in range")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_tile_the_terms() {
        let mut next = 0;
        for g in GROUPS {
            assert_eq!(g.start, next, "{}", g.name);
            next += g.len;
        }
        assert_eq!(next, TERMS);
        assert_eq!(group_of(PST + 100), 1);
        assert_eq!(group_of(TERMS - 1), GROUPS.len() - 1);
    }
}
