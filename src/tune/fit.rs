//! Texel tuning: fit the evaluation parameters to game results.
//!
//! The prediction for a position is `sigmoid(K * eval) = 1 / (1 + 10^(-K * eval / 400))` with `eval`
//! the White-view evaluation in centipawns; the loss is the mean squared error against the game
//! result (1, 0.5, 0 from White's view). `K` is fitted first with the starting values, then all
//! parameters at once by full-batch Adam. Each position is stored once as sparse features, the
//! linear terms (White minus Black) and each side's danger features apart; an epoch is a few sparse
//! dot products per position, split over threads. The danger sums go through the king-safety map
//! ([`danger_map`]) and the gradient of their weights through its derivative (the chain rule); so
//! does the complexity correction of the endgame sum ([`complexity_map`]).

use super::features::{Features, PARAMS, ROLES, complexity_map, danger_map, material_term, pst_term, weighted};
use crate::eval::layout::{
    GROUPS, KING_DANGER, KING_DEFENDERS, KING_PAWN_DISTANCE, KING_SHELTER, KING_STORM, MOBILITY_BISHOP,
    MOBILITY_KNIGHT, MOBILITY_QUEEN, MOBILITY_ROOK, SHELTER_BUCKETS, group_of,
};
use std::thread;

/// Positions as sparse features with their results, search scores and fit targets.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    /// What the fit predicts: the game result unless [`Dataset::blend`] mixed in the search score.
    target: Vec<f32>,
    /// Game result from White's view (1, 0.5, 0).
    result: Vec<f32>,
    /// Search score in centipawns from White's view, NaN when the file gave none.
    score: Vec<f32>,
    rho: Vec<f32>,
    offset: Vec<f32>,
    /// The endgame half's scale (see [`Features::scale`]).
    scale: Vec<f32>,
    /// Position `i`'s terms are `terms[start[i]..start[i + 1]]`.
    start: Vec<u32>,
    terms: Vec<(u16, i8)>,
    /// Position `i`'s danger features of side `s` (White 0, Black 1) are
    /// `danger[danger_start[2i + s]..danger_start[2i + s + 1]]`.
    danger_start: Vec<u32>,
    danger: Vec<(u16, i8)>,
    /// Position `i`'s complexity counts are `complexity[complexity_start[i]..complexity_start[i + 1]]`.
    complexity_start: Vec<u32>,
    complexity: Vec<(u16, i8)>,
}

impl Dataset {
    /// An empty set.
    pub fn new() -> Self {
        Self { start: vec![0], danger_start: vec![0], complexity_start: vec![0], ..Self::default() }
    }

    /// Adds a position with its result from White's view.
    pub fn push(&mut self, f: &Features, result: f32) {
        self.push_scored(f, result, None);
    }

    /// Adds a position with its result and, if known, the search score (both from White's view).
    pub fn push_scored(&mut self, f: &Features, result: f32, score: Option<f32>) {
        if self.start.is_empty() {
            self.start.push(0);
            self.danger_start.push(0);
            self.complexity_start.push(0);
        }
        self.target.push(result);
        self.result.push(result);
        self.score.push(score.unwrap_or(f32::NAN));
        self.rho.push(f.rho);
        self.offset.push(f.offset);
        self.scale.push(f.scale);
        self.terms.extend_from_slice(&f.terms);
        self.start.push(self.terms.len() as u32);
        for side in &f.danger {
            self.danger.extend_from_slice(side);
            self.danger_start.push(self.danger.len() as u32);
        }
        self.complexity.extend_from_slice(&f.complexity);
        self.complexity_start.push(self.complexity.len() as u32);
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.result.len()
    }

    /// Whether there are no positions.
    pub fn is_empty(&self) -> bool {
        self.result.is_empty()
    }

    /// Positions `range` as a new set.
    pub fn slice(&self, range: std::ops::Range<usize>) -> Dataset {
        let mut d = Dataset::new();
        for i in range {
            d.push_one(self, i);
        }
        d
    }

    /// Appends every position of `other`.
    pub fn append(&mut self, other: &Dataset) {
        for i in 0..other.len() {
            self.push_one(other, i);
        }
    }

    fn push_one(&mut self, other: &Dataset, i: usize) {
        let f = Features {
            rho: other.rho[i],
            offset: other.offset[i],
            scale: other.scale[i],
            terms: other.terms_of(i).to_vec(),
            danger: [0, 1].map(|side| other.danger_of(i, side).to_vec()),
            complexity: other.complexity_of(i).to_vec(),
        };
        let score = other.score[i];
        self.push_scored(&f, other.result[i], (!score.is_nan()).then_some(score));
        *self.target.last_mut().expect("just pushed") = other.target[i];
    }

    /// Number of positions that carry a search score.
    pub fn scored(&self) -> usize {
        self.score.iter().filter(|s| !s.is_nan()).count()
    }

    /// Sets every target to `lambda * result + (1 - lambda) * sigmoid(score, k)` (the result alone
    /// where there is no score): the search score, deeper than the static evaluation, lowers the
    /// noise of a single game's result.
    pub fn blend(&mut self, k: f64, lambda: f64) {
        for i in 0..self.len() {
            let (r, s) = (f64::from(self.result[i]), self.score[i]);
            self.target[i] = if s.is_nan() { r } else { lambda * r + (1.0 - lambda) * sigmoid(f64::from(s), k) } as f32;
        }
    }

    fn terms_of(&self, i: usize) -> &[(u16, i8)] {
        &self.terms[self.start[i] as usize..self.start[i + 1] as usize]
    }

    /// Position `i`'s danger features of `side` (White 0, Black 1).
    fn danger_of(&self, i: usize, side: usize) -> &[(u16, i8)] {
        &self.danger[self.danger_start[2 * i + side] as usize..self.danger_start[2 * i + side + 1] as usize]
    }

    /// Position `i`'s complexity counts.
    fn complexity_of(&self, i: usize) -> &[(u16, i8)] {
        &self.complexity[self.complexity_start[i] as usize..self.complexity_start[i + 1] as usize]
    }

    /// White-view evaluation of position `i` under `theta`; per side (White, Black) the derivatives
    /// of that side's king-safety penalty by its danger sums (middlegame, endgame); and the
    /// derivatives of the complexity-corrected endgame sum by the uncorrected sum and by the
    /// complexity sum.
    fn eval_parts(&self, i: usize, theta: &[f64]) -> (f64, [(f64, f64); 2], (f64, f64)) {
        let rho = f64::from(self.rho[i]);
        let (mut mg, mut eg) = weighted(self.terms_of(i), theta);
        let mut slopes = [(0.0, 0.0); 2];
        for (side, sign) in [(0, 1.0), (1, -1.0)] {
            let (d_mg, d_eg) = weighted(self.danger_of(i, side), theta);
            let ((p_mg, p_eg), slope) = danger_map(d_mg, d_eg);
            mg += sign * p_mg;
            eg += sign * p_eg;
            slopes[side] = slope;
        }
        let (eg, corrected) = complexity_map(eg, weighted(self.complexity_of(i), theta).1);
        (f64::from(self.offset[i]) + rho * mg + (1.0 - rho) * f64::from(self.scale[i]) * eg, slopes, corrected)
    }

    /// White-view evaluation of position `i` under `theta`.
    pub fn eval(&self, i: usize, theta: &[f64]) -> f64 {
        self.eval_parts(i, theta).0
    }
}

/// Win expectation of a White-view evaluation.
pub fn sigmoid(eval: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

/// Splits `0..n` into `threads` contiguous ranges and sums `f` over them in parallel.
fn parallel<T: Send>(n: usize, threads: usize, f: impl Fn(std::ops::Range<usize>) -> T + Sync) -> Vec<T> {
    let threads = threads.clamp(1, n.max(1));
    if threads == 1 {
        return vec![f(0..n)];
    }
    let chunk = n.div_ceil(threads);
    thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|j| {
                let f = &f;
                s.spawn(move || f(j * chunk..((j + 1) * chunk).min(n)))
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("tuner thread panicked")).collect()
    })
}

/// Mean squared error of the predictions against the results.
pub fn mse(data: &Dataset, theta: &[f64], k: f64, threads: usize) -> f64 {
    if data.is_empty() {
        return 0.0;
    }
    let sums = parallel(data.len(), threads, |range| {
        range.map(|i| (sigmoid(data.eval(i, theta), k) - f64::from(data.target[i])).powi(2)).sum::<f64>()
    });
    sums.iter().sum::<f64>() / data.len() as f64
}

/// The mean squared error and its gradient with respect to every parameter.
pub fn gradient(data: &Dataset, theta: &[f64], k: f64, threads: usize) -> (f64, Vec<f64>) {
    let n = data.len().max(1) as f64;
    let scale = k * std::f64::consts::LN_10 / 400.0;
    let parts = parallel(data.len(), threads, |range| {
        let mut grad = vec![0.0; theta.len()];
        let mut loss = 0.0;
        for i in range {
            let (eval, slopes, (by_eg, by_c)) = data.eval_parts(i, theta);
            let p = sigmoid(eval, k);
            let err = p - f64::from(data.target[i]);
            loss += err * err;
            // d/d eval of (p - y)^2, with dp/d eval = p (1 - p) K ln10 / 400.
            let g = 2.0 * err * p * (1.0 - p) * scale;
            let rho = f64::from(data.rho[i]);
            let ge_sum = g * (1.0 - rho) * f64::from(data.scale[i]);
            // The endgame sum reaches the evaluation through the complexity correction.
            let (gm, ge) = (g * rho, ge_sum * by_eg);
            for &(t, c) in data.terms_of(i) {
                let t = 2 * t as usize;
                grad[t] += gm * f64::from(c);
                grad[t + 1] += ge * f64::from(c);
            }
            // A danger weight moves its side's sum by the count, the penalty by the slope times
            // that, and White's evaluation by the penalty with the side's sign.
            for (side, sign) in [(0, 1.0), (1, -1.0)] {
                let (sm, se) = slopes[side];
                if sm == 0.0 && se == 0.0 {
                    continue;
                }
                for &(t, c) in data.danger_of(i, side) {
                    let t = 2 * t as usize;
                    grad[t] += gm * sign * sm * f64::from(c);
                    grad[t + 1] += ge * sign * se * f64::from(c);
                }
            }
            // A complexity weight (endgame only) moves the complexity sum by the count.
            if by_c != 0.0 {
                for &(t, c) in data.complexity_of(i) {
                    grad[2 * t as usize + 1] += ge_sum * by_c * f64::from(c);
                }
            }
        }
        (loss, grad)
    });
    let mut grad = vec![0.0; theta.len()];
    let mut loss = 0.0;
    for (l, g) in parts {
        loss += l;
        for (a, b) in grad.iter_mut().zip(g) {
            *a += b;
        }
    }
    grad.iter_mut().for_each(|g| *g /= n);
    (loss / n, grad)
}

/// The `K` minimising the error for fixed parameters (golden-section search over a log scale).
pub fn fit_k(data: &Dataset, theta: &[f64], threads: usize) -> f64 {
    let f = |x: f64| mse(data, theta, x.exp(), threads);
    let (mut a, mut b) = (0.01f64.ln(), 10f64.ln());
    let r = (5f64.sqrt() - 1.0) / 2.0;
    let (mut c, mut d) = (b - r * (b - a), a + r * (b - a));
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..60 {
        if fc < fd {
            b = d;
            (d, fd) = (c, fc);
            c = b - r * (b - a);
            fc = f(c);
        } else {
            a = c;
            (c, fc) = (d, fd);
            d = a + r * (b - a);
            fd = f(d);
        }
    }
    ((a + b) / 2.0).exp()
}

/// Adam settings.
#[derive(Clone, Copy, Debug)]
pub struct AdamConfig {
    /// Epochs (full passes, one step each).
    pub epochs: usize,
    /// Step size in centipawns at the start; decays linearly to a tenth of it.
    pub lr: f64,
    /// Threads for the gradient.
    pub threads: usize,
    /// L2 penalty `reg * sum(((theta - start) / 100)^2)` added to the loss, pulling values towards the start.
    pub reg: f64,
    /// Tie each piece-square entry to its mirror across the d/e line (files a-h, b-g, c-f, d-e).
    pub mirror_files: bool,
    /// Smoothness penalty `smooth * sum(((a - b) / 100)^2)` over the changes `a`, `b` (from the start)
    /// of orthogonally adjacent entries of each piece-square table.
    pub smooth: f64,
    /// Bucket smoothness `smooth_buckets * sum(((a - 2b + c) / 100)^2)` over the values (not the
    /// changes) of each three neighbouring buckets of the mobility and king-danger groups
    /// ([`bucket_triples`]): a prior toward the line through the neighbours (a curvature penalty,
    /// so a steady slope costs nothing) that decides buckets the data hardly reaches (a queen with
    /// 25 squares).
    pub smooth_buckets: f64,
    /// Fit material only, keeping the piece-square tables at their start.
    pub freeze_tables: bool,
    /// Groups of [`GROUPS`] held at 0 (bit `g` for group `g`): the fit without them.
    pub dropped: u64,
}

/// The parameter indices of the groups in the mask `dropped` (bit `g` for group `g` of [`GROUPS`]).
pub fn dropped_params(dropped: u64) -> impl Iterator<Item = usize> {
    GROUPS
        .iter()
        .enumerate()
        .filter(move |(g, _)| dropped >> g & 1 == 1)
        .flat_map(|(_, grp)| 2 * grp.start..2 * (grp.start + grp.len))
}

/// Index pairs of piece-square parameters on orthogonally adjacent squares (same role and phase);
/// pawn entries on ranks 1 and 8 are left out.
pub fn neighbour_pairs() -> Vec<(usize, usize)> {
    let mut v = Vec::new();
    for r in 0..ROLES {
        let used = |i: usize| r != 0 || (8..56).contains(&i);
        for i in (0..64).filter(|&i| used(i)) {
            let right = (i % 8 < 7).then_some(i + 1);
            let below = (i < 56).then_some(i + 8);
            for j in [right, below].into_iter().flatten().filter(|&j| used(j)) {
                for ph in 0..2 {
                    v.push((2 * pst_term(r, i) + ph, 2 * pst_term(r, j) + ph));
                }
            }
        }
    }
    v
}

/// Parameter index triples of neighbouring buckets, middlegame and endgame apart: the mobility
/// groups (square counts), the king-danger attack units, the king's defenders and pawn-file
/// distance, and each row (one file) of the shelter and storm tables by distance, where the far
/// buckets are rare.
pub fn bucket_triples() -> Vec<(usize, usize, usize)> {
    let mut rows: Vec<(usize, usize)> = [
        MOBILITY_KNIGHT,
        MOBILITY_BISHOP,
        MOBILITY_ROOK,
        MOBILITY_QUEEN,
        KING_DANGER,
        KING_DEFENDERS,
        KING_PAWN_DISTANCE,
    ]
    .into_iter()
    .map(|start| (start, GROUPS[group_of(start)].len))
    .collect();
    for table in [KING_SHELTER, KING_STORM] {
        let len = GROUPS[group_of(table)].len;
        rows.extend((table..table + len).step_by(SHELTER_BUCKETS).map(|start| (start, SHELTER_BUCKETS)));
    }
    let mut v = Vec::new();
    for (start, len) in rows {
        for t in start..start + len - 2 {
            for ph in 0..2 {
                v.push((2 * t + ph, 2 * (t + 1) + ph, 2 * (t + 2) + ph));
            }
        }
    }
    v
}

/// Index pairs `(i, j)`, `i < j`, of piece-square parameters that are mirror images across the d/e line.
pub fn mirror_pairs() -> Vec<(usize, usize)> {
    let mut v = Vec::new();
    for r in 0..ROLES {
        for i in (0..64).filter(|i| i % 8 < 4) {
            for ph in 0..2 {
                v.push((2 * pst_term(r, i) + ph, 2 * pst_term(r, i ^ 7) + ph));
            }
        }
    }
    v
}

/// Makes every mirrored pair of piece-square values equal to the pair's mean.
pub fn symmetrize(theta: &mut [f64]) {
    for (i, j) in mirror_pairs() {
        let mean = (theta[i] + theta[j]) / 2.0;
        (theta[i], theta[j]) = (mean, mean);
    }
}

/// Runs Adam on `theta`, calling `report(epoch, theta, mse)` after each epoch (the MSE before the step,
/// without the penalty).
pub fn adam(data: &Dataset, theta: &mut [f64], k: f64, cfg: AdamConfig, mut report: impl FnMut(usize, &[f64], f64)) {
    let (b1, b2, eps): (f64, f64, f64) = (0.9, 0.999, 1e-12);
    let mut m = vec![0.0; theta.len()];
    let mut v = vec![0.0; theta.len()];
    if cfg.mirror_files {
        symmetrize(theta);
    }
    dropped_params(cfg.dropped).for_each(|j| theta[j] = 0.0);
    let start = theta.to_vec();
    let pairs = mirror_pairs();
    let neighbours = neighbour_pairs();
    let buckets = bucket_triples();
    for epoch in 1..=cfg.epochs {
        let (loss, mut grad) = gradient(data, theta, k, cfg.threads);
        if cfg.reg > 0.0 {
            for j in 0..theta.len() {
                grad[j] += 2.0 * cfg.reg * (theta[j] - start[j]) / 1e4;
            }
        }
        if cfg.smooth > 0.0 {
            for &(i, j) in &neighbours {
                let g = 2.0 * cfg.smooth * ((theta[i] - start[i]) - (theta[j] - start[j])) / 1e4;
                grad[i] += g;
                grad[j] -= g;
            }
        }
        if cfg.smooth_buckets > 0.0 {
            for &(a, b, c) in &buckets {
                let g = 2.0 * cfg.smooth_buckets * (theta[a] - 2.0 * theta[b] + theta[c]) / 1e4;
                grad[a] += g;
                grad[b] -= 2.0 * g;
                grad[c] += g;
            }
        }
        if cfg.freeze_tables {
            grad[2 * ROLES..].iter_mut().for_each(|g| *g = 0.0);
        }
        dropped_params(cfg.dropped).for_each(|j| grad[j] = 0.0);
        if cfg.mirror_files {
            // Shared parameters: both get the summed gradient, so they stay equal.
            for &(i, j) in &pairs {
                let g = grad[i] + grad[j];
                (grad[i], grad[j]) = (g, g);
            }
        }
        let lr = cfg.lr * (1.0 - 0.9 * (epoch - 1) as f64 / cfg.epochs.max(1) as f64);
        let (c1, c2) = (1.0 - b1.powi(epoch as i32), 1.0 - b2.powi(epoch as i32));
        for j in 0..theta.len() {
            m[j] = b1 * m[j] + (1.0 - b1) * grad[j];
            v[j] = b2 * v[j] + (1.0 - b2) * grad[j] * grad[j];
            theta[j] -= lr * (m[j] / c1) / ((v[j] / c2).sqrt() + eps);
        }
        report(epoch, theta, loss);
    }
}

/// Moves the mean of each piece-square table into material, which leaves every evaluation
/// unchanged: for pawns over ranks 2 to 7 (entries on ranks 1 and 8 are unused and set to 0), for
/// the king over the whole board with king material kept 0 (one king each, the shift cancels).
pub fn normalize(theta: &mut [f64]) {
    assert_eq!(theta.len(), PARAMS);
    for r in 0..ROLES {
        let used = |i: usize| r != 0 || (8..56).contains(&i);
        for ph in 0..2 {
            let idx = |i: usize| 2 * pst_term(r, i) + ph;
            let n = (0..64).filter(|&i| used(i)).count() as f64;
            let mean = (0..64).filter(|&i| used(i)).map(|i| theta[idx(i)]).sum::<f64>() / n;
            for i in 0..64 {
                theta[idx(i)] = if used(i) { theta[idx(i)] - mean } else { 0.0 };
            }
            if r != ROLES - 1 {
                theta[2 * material_term(r) + ph] += mean;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::layout::{COMPLEXITY, COMPLEXITY_TERMS};
    use crate::tune::features::{EvalParams, features};
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess};

    fn tiny() -> Dataset {
        let fens = [
            ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", 0.5),
            ("4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1", 1.0),
            ("4k3/pp6/8/8/8/8/8/R3K3 b - - 0 1", 1.0),
            ("r3k3/8/8/8/8/8/8/1N2K3 w - - 0 1", 0.0),
            ("2r1k3/8/8/3q4/8/2N5/3Q4/4K3 w - - 0 1", 0.5),
            ("4k3/8/8/3b4/8/2B5/8/4K3 b - - 0 1", 0.5),
            // Scaled endgames (besides the rook against a knight and the bishops above, whose
            // scales are 8/128 and a draw): opposite bishops with a pawn, a one-pawn rook ending.
            ("8/4k3/7b/8/2P5/3B4/8/4K3 w - - 0 1", 0.5),
            ("1r2k3/8/8/8/8/8/6P1/R5K1 w - - 0 1", 0.5),
            ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 1.0),
            // Attacks on a king, for the king-safety danger (WAC.001, .004, .008, and a queen and
            // knight against a castled king).
            ("2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", 1.0),
            ("r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1", 1.0),
            ("r4q1k/p2bR1rp/2p2Q1N/5p2/5p2/2P5/PP3PPP/R5K1 w - - 0 1", 0.5),
            ("6k1/5ppp/7Q/6N1/8/8/5PPP/6K1 b - - 0 1", 1.0),
        ];
        let mut d = Dataset::new();
        for (fen, r) in fens {
            let c: Chess = fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
            d.push(&features(&c), r);
        }
        d
    }

    #[test]
    fn sigmoid_and_mse() {
        assert_eq!(sigmoid(0.0, 1.3), 0.5);
        assert!((sigmoid(400.0, 1.0) - 10.0 / 11.0).abs() < 1e-12);
        assert!((sigmoid(-250.0, 0.7) + sigmoid(250.0, 0.7) - 1.0).abs() < 1e-12);
        let mut d = Dataset::new();
        d.push(&Features::linear(1.0, 0.0, 1.0, vec![]), 1.0);
        d.push(&Features::linear(0.0, 400.0, 1.0, vec![]), 0.0);
        // Errors 0.5 and 10/11.
        let want = (0.25 + (10.0f64 / 11.0).powi(2)) / 2.0;
        assert!((mse(&d, &vec![0.0; PARAMS], 1.0, 2) - want).abs() < 1e-12);
    }

    #[test]
    fn gradient_matches_finite_differences() {
        let d = tiny();
        let theta = EvalParams::hand().to_vec();
        let k = 1.1;
        let (loss, grad) = gradient(&d, &theta, k, 2);
        assert!((loss - mse(&d, &theta, k, 1)).abs() < 1e-12);
        let mut checked = 0;
        for j in 0..PARAMS {
            let mut plus = theta.clone();
            let mut minus = theta.clone();
            plus[j] += 0.5;
            minus[j] -= 0.5;
            let numeric = (mse(&d, &plus, k, 1) - mse(&d, &minus, k, 1)) / 1.0;
            assert!((numeric - grad[j]).abs() < 1e-7 + 1e-3 * grad[j].abs(), "param {j}: {numeric} vs {}", grad[j]);
            checked += usize::from(grad[j] != 0.0);
        }
        assert!(checked > 40, "only {checked} parameters have a gradient");
        // The danger weights (hand-set, not 0) have theirs through the map, checked above too.
        let danger = (2 * crate::eval::layout::DANGER..PARAMS).filter(|&j| grad[j] != 0.0).count();
        assert!(danger >= 15, "only {danger} danger parameters have a gradient");
        // So do the complexity weights (hand-set, not 0: endgame only) through the correction.
        let c = COMPLEXITY;
        let complexity: Vec<usize> = (2 * c..2 * (c + COMPLEXITY_TERMS)).filter(|&j| grad[j] != 0.0).collect();
        assert_eq!(complexity, [2 * c + 1, 2 * c + 3, 2 * c + 5, 2 * c + 7]);
    }

    #[test]
    fn complexity_gradient_matches_finite_differences_where_it_clamps() {
        // A complexity pull larger than many positions' endgame sums: some are clamped to 0 (flat),
        // the others are not; away from the kink the gradient is the finite difference.
        let d = tiny();
        let mut theta = EvalParams::hand().to_vec();
        let c = COMPLEXITY;
        theta[2 * c + 7] = -260.0;
        let k = 1.1;
        let (_, grad) = gradient(&d, &theta, k, 2);
        let (mut clamped, mut free) = (0, 0);
        for i in 0..d.len() {
            let (eval_at, _, (by_eg, _)) = d.eval_parts(i, &theta);
            assert!(eval_at.is_finite());
            if by_eg == 0.0 { clamped += 1 } else { free += 1 }
        }
        assert!(clamped >= 2 && free >= 2, "{clamped} clamped, {free} not");
        for j in (2 * c..2 * (c + COMPLEXITY_TERMS)).chain([2 * crate::tune::features::material_term(3) + 1]) {
            let (mut plus, mut minus) = (theta.clone(), theta.clone());
            plus[j] += 0.01;
            minus[j] -= 0.01;
            let numeric = (mse(&d, &plus, k, 1) - mse(&d, &minus, k, 1)) / 0.02;
            assert!((numeric - grad[j]).abs() < 1e-7 + 1e-3 * grad[j].abs(), "param {j}: {numeric} vs {}", grad[j]);
        }
    }

    #[test]
    fn blend_mixes_result_and_search_score() {
        let f = Features::linear(1.0, 0.0, 1.0, vec![]);
        let mut d = Dataset::new();
        d.push_scored(&f, 1.0, Some(-400.0));
        d.push_scored(&f, 0.0, None);
        let theta = vec![0.0; PARAMS];
        // Target 1 vs prediction 0.5, target 0 vs 0.5.
        assert!((mse(&d, &theta, 1.0, 1) - 0.25).abs() < 1e-12);
        d.blend(1.0, 0.25);
        // 0.25 * 1 + 0.75 * sigmoid(-400) = 0.25 + 0.75 / 11; the unscored line keeps its result.
        let t: f64 = 0.25 + 0.75 / 11.0;
        let want = ((t - 0.5).powi(2) + 0.25) / 2.0;
        assert!((mse(&d, &theta, 1.0, 1) - want).abs() < 1e-6, "{}", mse(&d, &theta, 1.0, 1));
        let copy = d.slice(0..2);
        assert!((mse(&copy, &theta, 1.0, 1) - want).abs() < 1e-6);
        assert_eq!(copy.scored(), 1);
    }

    #[test]
    fn k_fit_recovers_the_generating_k() {
        // Results drawn as expected scores of a known K: the fit finds it back.
        let mut d = Dataset::new();
        for e in -20..=20 {
            let eval = f64::from(e) * 40.0;
            d.push(&Features::linear(0.5, eval as f32, 1.0, vec![]), sigmoid(eval, 0.8) as f32);
        }
        let k = fit_k(&d, &vec![0.0; PARAMS], 2);
        assert!((k - 0.8).abs() < 1e-4, "{k}");
    }

    #[test]
    fn adam_lowers_the_error_and_normalize_keeps_evals() {
        let d = tiny();
        let mut theta = EvalParams::hand().to_vec();
        let before = mse(&d, &theta, 1.0, 2);
        let cfg = AdamConfig {
            epochs: 200,
            lr: 2.0,
            threads: 2,
            reg: 0.0,
            mirror_files: false,
            smooth: 0.0,
            smooth_buckets: 0.0,
            freeze_tables: false,
            dropped: 0,
        };
        adam(&d, &mut theta, 1.0, cfg, |_, _, _| {});
        let after = mse(&d, &theta, 1.0, 2);
        assert!(after < before * 0.5, "{before} -> {after}");
        let evals: Vec<f64> = (0..d.len()).map(|i| d.eval(i, &theta)).collect();
        normalize(&mut theta);
        for (i, e) in evals.iter().enumerate() {
            assert!((d.eval(i, &theta) - e).abs() < 1e-6);
        }
        let cfg = AdamConfig { threads: 1, ..cfg };
        // Tied parameters stay equal; the penalty keeps values nearer the start.
        let mut tied = EvalParams::hand().to_vec();
        let mut loose = tied.clone();
        adam(&d, &mut tied, 1.0, AdamConfig { mirror_files: true, ..cfg }, |_, _, _| {});
        assert!(mirror_pairs().iter().all(|&(i, j)| tied[i] == tied[j]));
        adam(&d, &mut loose, 1.0, AdamConfig { reg: 1.0, ..cfg }, |_, _, _| {});
        let dist = |t: &[f64]| t.iter().zip(EvalParams::hand().to_vec()).map(|(a, b)| (a - b).powi(2)).sum::<f64>();
        let mut free = EvalParams::hand().to_vec();
        adam(&d, &mut free, 1.0, cfg, |_, _, _| {});
        assert!(dist(&loose) < dist(&free));
        // The smoothness penalty makes the changes of neighbouring entries more alike.
        let rough = |t: &[f64]| {
            let h = EvalParams::hand().to_vec();
            neighbour_pairs().iter().map(|&(i, j)| ((t[i] - h[i]) - (t[j] - h[j])).powi(2)).sum::<f64>()
        };
        let mut smooth = EvalParams::hand().to_vec();
        adam(&d, &mut smooth, 1.0, AdamConfig { smooth: 10.0, ..cfg }, |_, _, _| {});
        assert!(rough(&smooth) < rough(&free) / 2.0, "{} vs {}", rough(&smooth), rough(&free));
        // Bucket smoothness pulls a bucket no position reaches toward the line through its
        // neighbours; without it the bucket keeps its start.
        let far = 2 * (MOBILITY_QUEEN + 25);
        let mut spiked = EvalParams::hand().to_vec();
        spiked[far] = 400.0;
        let mut kept = spiked.clone();
        adam(&d, &mut kept, 1.0, cfg, |_, _, _| {});
        assert_eq!(kept[far], 400.0);
        adam(&d, &mut spiked, 1.0, AdamConfig { smooth_buckets: 10.0, lr: 5.0, ..cfg }, |_, _, _| {});
        let neighbours = (spiked[far - 2] + spiked[far + 2]) / 2.0;
        assert!((spiked[far] - neighbours).abs() < 100.0, "{} against {neighbours}", spiked[far]);
        // Frozen tables: only material moves.
        let mut frozen = EvalParams::hand().to_vec();
        adam(&d, &mut frozen, 1.0, AdamConfig { freeze_tables: true, ..cfg }, |_, _, _| {});
        assert_eq!(frozen[2 * ROLES..], EvalParams::hand().to_vec()[2 * ROLES..]);
        assert_ne!(frozen[..2 * ROLES], EvalParams::hand().to_vec()[..2 * ROLES]);
        // A dropped group is held at 0; the others still move.
        let shield = GROUPS.iter().position(|g| g.start == crate::eval::layout::SHIELD).expect("shield group");
        let mut dropped = EvalParams::hand().to_vec();
        adam(&d, &mut dropped, 1.0, AdamConfig { dropped: 1 << shield, ..cfg }, |_, _, _| {});
        let s = 2 * crate::eval::layout::SHIELD;
        assert!(dropped[s..s + 4].iter().all(|&w| w == 0.0));
        assert_ne!(dropped[..2 * ROLES], EvalParams::hand().to_vec()[..2 * ROLES]);
        let pawn_mg_mean = (8..56).map(|i| theta[2 * pst_term(0, i)]).sum::<f64>() / 48.0;
        assert!(pawn_mg_mean.abs() < 1e-9);
    }
}
