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
    /// Passed pawn that can advance: its stop square empty, and not attacked by the enemy or defended
    /// by us; by relative rank.
    PASSED_ADVANCE = 8, "Passed pawn can advance";
    /// Passed pawn whose path to promotion holds no enemy piece and no square the enemy attacks, by
    /// relative rank.
    PASSED_SAFE_PATH = 8, "Passed pawn safe path";
    /// Passed pawn with one of our rooks behind it on its file, nothing between them.
    PASSED_ROOK_BEHIND = 1, "Passed pawn rook behind";
    /// Pawn ending: passed pawn with a free path whose square the enemy king cannot enter in time
    /// (side to move considered; see [`super::passers`]).
    PASSED_UNSTOPPABLE = 1, "Passed pawn outside square";
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
    /// Candidate passer: not passed, no pawn ahead on its file, at least as many own pawns beside or
    /// behind on the neighbouring files as enemy pawns ahead on them; by relative rank.
    CANDIDATE = 8, "Candidate passer";
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
    /// Enemy pawn attacked and not defended.
    WEAK_PAWN = 1, "Threat on weak pawn";
    /// Enemy piece (not pawn or king) a safe one-square pawn push would attack (see [`super::threats`]).
    PUSH_THREAT = 1, "Threat by pawn push";
    /// Enemy queen's attackers by role: pawn, knight, bishop, rook.
    QUEEN_ATTACKED = 4, "Queen attacked by lesser";
    /// Enemy piece that alone defends two enemy pieces we attack once each.
    OVERLOADED = 1, "Overloaded defender";
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
    /// King shelter table ([`super::shelter`]): on each of the king's files, the rank distance of the
    /// nearest own pawn level with or ahead of the king (0..=3, 4: none that near); by the king's own
    /// file or not (20 apart), the file mirrored to a..d (5 apart), the distance.
    KING_SHELTER = 2 * 4 * SHELTER_BUCKETS, "King shelter table";
    /// King storm table ([`super::shelter`]): on each of the king's files, the rank distance of the
    /// nearest enemy pawn level with or ahead of the king (0..=3, 4: none that near); by whether our
    /// pawn stops it right in front (20 apart), the file mirrored to a..d (5 apart), the distance.
    KING_STORM = 2 * 4 * SHELTER_BUCKETS, "King storm table";
    /// Own pawns, knights and bishops in the king's danger zone (see [`super::masks::danger_zone`]),
    /// 0..=6 (6: six or more).
    KING_DEFENDERS = 7, "King defenders";
    /// Files from the king's to the nearest file holding a pawn of either side (0..=7); nothing when
    /// no pawns are left.
    KING_PAWN_DISTANCE = 8, "King pawn-file distance";
    /// Knight, then bishop, with a pawn of either side right in front of it.
    MINOR_BEHIND_PAWN = 2, "Minor behind pawn";
    /// Own pawns on the bishop's square colour that an enemy pawn blocks, per bishop.
    BISHOP_RAMMED = 1, "Bishop rammed pawns";
    /// Bishop on a long diagonal, outside the centre, that sees two centre squares past pawns only.
    BISHOP_LONG_DIAGONAL = 1, "Bishop long diagonal";
    /// Complexity ([`super::complexity`]): counts for the whole position, not per side, whose
    /// endgame-weighted sum moves the endgame half toward zero (when negative) or away from it; only
    /// the endgame weight is used. Pawns on the board, pawns on both wings (1 or 0), a pawn ending
    /// (1 or 0), a constant.
    COMPLEXITY = COMPLEXITY_TERMS, "Complexity";
    // The danger features: the king safety of [`super::danger`], which sums them per side (as
    // danger, not score) and maps each side's sum to a penalty. They come last ([`DANGER`]).
    /// Danger: enemy pieces attacking the danger zone, by role (knight, bishop, rook, queen).
    DANGER_ATTACKERS = 4, "Danger attackers";
    /// Danger: the enemy pieces' attacks on the danger zone (zone squares per piece, summed).
    DANGER_ZONE_ATTACKS = 1, "Danger zone attacks";
    /// Danger: zone squares the enemy attacks and we defend at most once, with the king or queen.
    DANGER_WEAK = 1, "Danger weak squares";
    /// Danger: safe checks the enemy has, by checking role (knight, bishop, rook, queen).
    DANGER_CHECKS = 4, "Danger safe checks";
    /// Danger: the enemy has no queen (1 or 0).
    DANGER_NO_QUEEN = 1, "Danger no enemy queen";
    /// Danger: the king's files with no own pawn level with or ahead of the king, then those whose
    /// nearest such pawn is three or more ranks ahead.
    DANGER_SHELTER = 2, "Danger shelter";
    /// Danger: the king's files with an enemy pawn level with or at most three ranks ahead of the
    /// king: none of them blocked, then one blocked by our pawn right in front of it.
    DANGER_STORM = 2, "Danger storm";
    /// Danger: a constant (1 per side).
    DANGER_CONSTANT = 1, "Danger constant";
}

/// The first danger term: terms from here on are the danger features of [`super::danger`], reported
/// through [`super::Sink::danger`], the others are linear.
pub const DANGER: usize = DANGER_ATTACKERS;

/// Whether term `t` is a danger feature.
pub const fn is_danger(t: usize) -> bool {
    t >= DANGER
}

/// Distance buckets per file of the shelter and storm tables ([`super::shelter`]).
pub const SHELTER_BUCKETS: usize = super::shelter::BUCKETS;

/// Number of complexity counts ([`super::complexity`]): pawns, pawns on both wings, a pawn ending,
/// a constant.
pub const COMPLEXITY_TERMS: usize = 4;

/// Whether term `t` is a complexity count ([`super::complexity`]).
pub const fn is_complexity(t: usize) -> bool {
    t >= COMPLEXITY && t < COMPLEXITY + COMPLEXITY_TERMS
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
        // The tuner's `--drop` mask has a bit per group.
        assert!(GROUPS.len() <= 64);
    }

    #[test]
    fn danger_groups_come_last() {
        let names: Vec<&str> = GROUPS.iter().filter(|g| is_danger(g.start)).map(|g| g.name).collect();
        assert_eq!(names.len(), 8, "{names:?}");
        assert!(names.iter().all(|n| n.starts_with("Danger ")), "{names:?}");
        assert!(GROUPS.iter().filter(|g| !is_danger(g.start)).all(|g| g.start + g.len <= DANGER));
    }
}
