//! `brudno tune wdl`: fits the score-to-outcome model of [`crate::wdl`] by maximum likelihood of
//! the game results (full-batch Adam on the coefficients of `a(m)` and `b(m)`, up to a chosen
//! degree), to scored positions of engine games ([`super::scored`]) or `FEN | score | result`
//! lines, and checks it with a calibration table: observed against predicted outcome shares by
//! score and material.
//!
//! Every position is used twice, as it is and with the colours swapped (`-score`, `1 - result`), so
//! the fitted model is symmetric by construction.

use crate::material;
use crate::wdl::WdlModel;
use shakmaty::Role;
use std::ops::{Range, RangeInclusive};

/// One sample: material (1/3/3/5/9), score (cp, White's view), result (White's view), and how
/// much it counts in the likelihood.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// Material of both sides.
    pub material: u32,
    /// Search score in centipawns, White's view.
    pub score: f64,
    /// 1, 0.5 or 0, White's view.
    pub result: f64,
    /// Weight in the likelihood: 1, or a game's share when every game counts the same ([`per_game`]).
    pub weight: f64,
}

impl Sample {
    /// A sample of weight 1.
    pub const fn new(material: u32, score: f64, result: f64) -> Self {
        Sample { material, score, result, weight: 1.0 }
    }
}

/// Reweights each game's samples so that every game weighs the same in all (its positions share
/// the weight of the mean game), whatever its length: the result is one fact per game, and a long
/// game would otherwise count it many times over.
pub fn per_game(games: &mut [Vec<Sample>]) {
    let positions: usize = games.iter().map(Vec::len).sum();
    let mean = positions as f64 / games.len().max(1) as f64;
    for game in games.iter_mut() {
        let w = mean / game.len().max(1) as f64;
        game.iter_mut().for_each(|s| s.weight = w);
    }
}

/// Material counted from a FEN's board field (the classical values of [`crate::material`]).
fn fen_material(board: &str) -> u32 {
    board.chars().filter_map(Role::from_char).map(material::value).sum()
}

/// Reads `FEN | score | result` lines; others (and scores beyond ±`max_score`) are skipped.
pub fn samples(text: &str, max_score: f64) -> Vec<Sample> {
    text.lines()
        .filter_map(|line| {
            let mut f = line.split('|').map(str::trim);
            let (fen, score, result) = (f.next()?, f.next()?, f.next()?);
            let score: f64 = score.parse().ok().filter(|s: &f64| s.abs() <= max_score)?;
            let result: f64 = result.parse().ok().filter(|r| [0.0, 0.5, 1.0].contains(r))?;
            Some(Sample::new(fen_material(fen.split(' ').next()?), score, result))
        })
        .collect()
}

/// Negative log-likelihood per unit of weight and its gradient over the 8 coefficients.
fn nll(model: &WdlModel, data: &[Sample]) -> (f64, [f64; 8]) {
    let mut grad = [0.0; 8];
    let mut loss = 0.0;
    for s in data {
        let mut point = 0.0;
        for (score, result) in [(s.score, s.result), (-s.score, 1.0 - s.result)] {
            let (a, b) = model.params(s.material);
            let m = f64::from(s.material.clamp(17, 78)) / 58.0;
            let (u, v) = ((score - a) / b, (-score - a) / b);
            let (w, l) = (1.0 / (1.0 + (-u).exp()), 1.0 / (1.0 + (-v).exp()));
            let d = (1.0 - w - l).max(1e-12);
            // d loss / du and d loss / dv for the observed outcome.
            let (gu, gv) = if result == 1.0 {
                point -= w.max(1e-12).ln();
                (-(1.0 - w), 0.0)
            } else if result == 0.0 {
                point -= l.max(1e-12).ln();
                (0.0, -(1.0 - l))
            } else {
                point -= d.ln();
                (w * (1.0 - w) / d, l * (1.0 - l) / d)
            };
            let ga = -(gu + gv) / b * s.weight;
            let gb = -(gu * u + gv * v) / b * s.weight;
            let mut p = 1.0;
            for i in 0..4 {
                grad[i] += ga * p;
                grad[4 + i] += gb * p;
                p *= m;
            }
        }
        loss += point * s.weight;
    }
    let n = 2.0 * data.iter().map(|s| s.weight).sum::<f64>().max(1e-12);
    (loss / n, grad.map(|g| g / n))
}

/// Mean negative log-likelihood per unit of weight (each position counted with both colours).
pub fn mean_nll(model: &WdlModel, data: &[Sample]) -> f64 {
    nll(model, data).0
}

/// Fits the model with `a(m)` and `b(m)` of degree `degree` (0 to 3: the higher coefficients stay
/// 0); returns it with its mean negative log-likelihood per sample.
pub fn fit(data: &[Sample], iterations: usize, degree: usize) -> (WdlModel, f64) {
    let mut theta = [150.0, 0.0, 0.0, 0.0, 80.0, 0.0, 0.0, 0.0];
    let model = |t: &[f64; 8]| WdlModel { a: [t[0], t[1], t[2], t[3]], b: [t[4], t[5], t[6], t[7]] };
    let (mut m1, mut m2) = ([0.0; 8], [0.0; 8]);
    let (b1, b2, lr) = (0.9f64, 0.999f64, 2.0);
    for it in 1..=iterations {
        let (_, g) = nll(&model(&theta), data);
        let step = lr * (1.0 - 0.9 * it as f64 / iterations as f64);
        for j in (0..8).filter(|j| j % 4 <= degree) {
            m1[j] = b1 * m1[j] + (1.0 - b1) * g[j];
            m2[j] = b2 * m2[j] + (1.0 - b2) * g[j] * g[j];
            let (c1, c2) = (1.0 - b1.powi(it as i32), 1.0 - b2.powi(it as i32));
            theta[j] -= step * (m1[j] / c1) / ((m2[j] / c2).sqrt() + 1e-12);
        }
    }
    let fitted = model(&theta);
    (fitted, nll(&fitted, data).0)
}

/// One row of a calibration table: outcome shares (W/D/L, White's view) observed in the games and
/// predicted by the model, over the positions of a score and material range.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Row {
    /// Positions in the range.
    pub positions: usize,
    /// Games those positions come from.
    pub games: usize,
    /// Observed shares of White wins, draws and Black wins.
    pub observed: [f64; 3],
    /// The model's mean prediction of the same.
    pub predicted: [f64; 3],
}

/// The calibration row of the positions of `games` (each a game's samples) with a White-view score
/// in `score` and material in `material`.
pub fn calibration(model: &WdlModel, games: &[Vec<Sample>], score: Range<f64>, material: RangeInclusive<u32>) -> Row {
    let mut row = Row::default();
    for game in games {
        let mut counted = false;
        for s in game.iter().filter(|s| score.contains(&s.score) && material.contains(&s.material)) {
            let (w, l) = model.probabilities(s.score, s.material);
            let idx = if s.result == 1.0 {
                0
            } else if s.result == 0.0 {
                2
            } else {
                1
            };
            row.observed[idx] += 1.0;
            row.predicted[0] += w;
            row.predicted[1] += 1.0 - w - l;
            row.predicted[2] += l;
            row.positions += 1;
            counted = true;
        }
        row.games += usize::from(counted);
    }
    let k = row.positions.max(1) as f64;
    row.observed = row.observed.map(|x| x / k);
    row.predicted = row.predicted.map(|x| x / k);
    row
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recovers_a_generating_model() {
        // Outcome shares drawn exactly from a known model, as fractional samples: the fit finds it back.
        let truth = WdlModel { a: [200.0, 0.0, 0.0, 0.0], b: [70.0, 0.0, 0.0, 0.0] };
        let mut data = Vec::new();
        for s in (-600..=600).step_by(20) {
            let (w, l) = truth.probabilities(f64::from(s), 60);
            let counts = [(1.0, w), (0.5, 1.0 - w - l), (0.0, l)];
            for (result, p) in counts {
                for _ in 0..(p * 200.0).round() as usize {
                    data.push(Sample::new(60, f64::from(s), result));
                }
            }
        }
        let (fit, _) = fit(&data, 3000, 3);
        let (a, b) = fit.params(60);
        assert!((a - 200.0).abs() < 8.0 && (b - 70.0).abs() < 5.0, "a {a} b {b}");
        // A degree-0 fit has constant a and b, and finds them too (the data has one material).
        let (flat, _) = super::fit(&data, 3000, 0);
        assert!(flat.a[1..].iter().chain(&flat.b[1..]).all(|&c| c == 0.0), "{flat:?}");
        assert!((flat.a[0] - 200.0).abs() < 8.0 && (flat.b[0] - 70.0).abs() < 5.0, "{flat:?}");
        // The calibration of the generating model on its own data matches within rounding.
        let row = calibration(&truth, &[data], -20.0..21.0, 0..=78);
        assert_eq!((row.positions, row.games), (600, 1));
        for k in 0..3 {
            assert!((row.observed[k] - row.predicted[k]).abs() < 0.01, "{row:?}");
        }
    }

    #[test]
    fn per_game_weights_every_game_the_same() {
        let mut games = vec![vec![Sample::new(78, 0.0, 0.5); 3], vec![Sample::new(20, 300.0, 1.0); 1]];
        per_game(&mut games);
        let totals: Vec<f64> = games.iter().map(|g| g.iter().map(|s| s.weight).sum()).collect();
        assert_eq!(totals, [2.0, 2.0]);
        // The likelihood is per unit of weight: doubling every weight changes nothing.
        let flat: Vec<Sample> = games.concat();
        let twice: Vec<Sample> = flat.iter().map(|s| Sample { weight: 2.0 * s.weight, ..*s }).collect();
        assert!((mean_nll(&crate::wdl::MODEL, &flat) - mean_nll(&crate::wdl::MODEL, &twice)).abs() < 1e-12);
    }

    #[test]
    fn reads_lines() {
        let s = samples(
            "8/8/8/8/8/8/PPP5/K1k1q3 w - - 0 1 | 120 | 0.5\nbad\nK7/8/k7/8/8/8/8/8 w - - 0 1 | 9000 | 1\n",
            3000.0,
        );
        assert_eq!(s, vec![Sample::new(12, 120.0, 0.5)]);
    }
}
