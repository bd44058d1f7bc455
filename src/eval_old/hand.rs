//! Hand-set starting values for every term beyond material and the tables: the tuner's `--init hand`
//! point, and the values a new term ships with until the next fit.
//!
//! Signs follow the feature's owner: a term counted for a side adds its weight to that side, so
//! penalties are negative (an isolated pawn, danger to one's own king) and bonuses positive.

use super::layout::*;
use super::pst::Table;

/// Pairs `(mg, eg)` for a run of buckets from two arrays.
const fn pairs<const N: usize>(mg: [i32; N], eg: [i32; N]) -> [(i32, i32); N] {
    let mut out = [(0, 0); N];
    let mut i = 0;
    while i < N {
        out[i] = (mg[i], eg[i]);
        i += 1;
    }
    out
}

/// Mobility buckets `0..N` valued `(mg * (n - centre), eg * (n - centre))`.
const fn linear<const N: usize>(centre: i32, mg: i32, eg: i32) -> [(i32, i32); N] {
    let mut out = [(0, 0); N];
    let mut i = 0;
    while i < N {
        out[i] = (mg * (i as i32 - centre), eg * (i as i32 - centre));
        i += 1;
    }
    out
}

/// King danger by attack units: quadratic in the middlegame, mild in the endgame.
const fn danger() -> [(i32, i32); 24] {
    let mut out = [(0, 0); 24];
    let mut u = 0;
    while u < 24 {
        out[u] = (-((u * u) as i32) / 2, -(u as i32));
        u += 1;
    }
    out
}

const fn put<const N: usize>(w: &mut [(i32, i32); TERMS], at: usize, v: [(i32, i32); N]) {
    let mut i = 0;
    while i < N {
        w[at + i] = v[i];
        i += 1;
    }
}

/// Every weight: `material` and `pst` as given, every other term at its hand-set value.
pub const fn weights(material: &[(i32, i32); 6], pst: &[(Table, Table); 6]) -> [(i32, i32); TERMS] {
    let mut w = [(0, 0); TERMS];
    let mut r = 0;
    while r < 6 {
        w[MATERIAL + r] = material[r];
        let mut i = 0;
        while i < 64 {
            w[PST + r * 64 + i] = (pst[r].0[i], pst[r].1[i]);
            i += 1;
        }
        r += 1;
    }
    put(&mut w, PASSED, pairs([0, 0, 0, 5, 15, 30, 50, 0], [0, 5, 10, 20, 35, 60, 90, 0]));
    put(&mut w, PASSED_FREE, pairs([0, 0, 0, 0, 5, 10, 15, 0], [0, 0, 0, 5, 10, 20, 35, 0]));
    put(&mut w, PASSED_OWN_KING, pairs([0; 8], [0, 0, 0, -2, -4, -6, -8, 0]));
    put(&mut w, PASSED_ENEMY_KING, pairs([0; 8], [0, 0, 0, 4, 8, 12, 16, 0]));
    put(&mut w, PASSED_PROTECTED, [(5, 10)]);
    put(&mut w, ISOLATED, [(-8, -10)]);
    put(&mut w, DOUBLED, [(-8, -20)]);
    put(&mut w, BACKWARD, [(-6, -8)]);
    put(&mut w, SUPPORTED, pairs([0, 0, 6, 8, 12, 20, 30, 0], [0, 0, 4, 6, 10, 18, 28, 0]));
    put(&mut w, PHALANX, pairs([0, 0, 4, 8, 14, 25, 40, 0], [0, 0, 2, 5, 10, 20, 30, 0]));
    put(&mut w, MOBILITY_KNIGHT, linear::<9>(4, 5, 6));
    put(&mut w, MOBILITY_BISHOP, linear::<14>(6, 5, 5));
    put(&mut w, MOBILITY_ROOK, linear::<15>(6, 2, 4));
    put(&mut w, MOBILITY_QUEEN, linear::<28>(12, 1, 2));
    put(&mut w, BISHOP_PAIR, [(25, 45)]);
    put(&mut w, ROOK_OPEN, [(25, 10)]);
    put(&mut w, ROOK_SEMI_OPEN, [(12, 5)]);
    put(&mut w, OUTPOST, [(20, 10), (12, 5)]);
    put(&mut w, THREAT_BY_PAWN, [(0, 0), (40, 30), (40, 30), (50, 40), (50, 40), (0, 0)]);
    put(&mut w, THREAT_BY_MINOR, [(3, 12), (15, 20), (15, 20), (35, 30), (35, 40), (0, 0)]);
    put(&mut w, THREAT_BY_ROOK, [(2, 10), (10, 20), (10, 20), (0, 0), (35, 30), (0, 0)]);
    put(&mut w, HANGING, [(10, 10)]);
    put(&mut w, KING_DANGER, danger());
    put(&mut w, SAFE_CHECK, [(-10, -2), (-8, -2), (-12, -3), (-8, -2)]);
    put(&mut w, SHIELD, [(10, -2), (5, -2)]);
    put(&mut w, KING_OPEN_FILE, [(-20, 0)]);
    put(&mut w, KING_SEMI_OPEN_FILE, [(-10, 0)]);
    put(&mut w, STORM, pairs([0, 0, -15, -10, -5, 0, 0, 0], [0; 8]));
    w
}

/// The hand-set start: material and tables of [`super::pst`] and the values above.
pub const HAND: [(i32, i32); TERMS] = weights(&super::pst::MATERIAL, &super::pst::PST);
