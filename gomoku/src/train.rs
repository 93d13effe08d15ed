//! Fitting the evaluation's values ([`EvalTable`]) on self-play positions: games from
//! given and random openings played by the engine at a small node budget, every quiet
//! position labelled with the game's result for its side to move, and a logistic
//! regression of that result on the evaluation [`features`] (Newton's method with a
//! small ridge penalty). `cargo xtask train-gomoku` runs it across cores and writes the
//! table into `eval_fitted.rs`.
//!
//! The model: `P(side to move wins) = 1 / (1 + e^(−w·x))` (a draw counts half), the
//! standard "Texel" tuning of chess engines' evaluations, here with the exact
//! second-order step since there are only [`FEATURES`] weights.

use crate::eval::{EvalTable, FEATURES, features};
use crate::pattern::Pattern;
use crate::{Board, Cell, Engine, Rule};
use zerosum::search::Limits;
use zerosum::{Game, Outcome, Side};

/// One labelled position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The evaluation features of the position (side to move's view).
    pub x: [i32; FEATURES],
    /// The game's result for the side to move: 1 win, 0.5 draw, 0 loss.
    pub y: f64,
}

/// How the self-play games are played.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SelfPlay {
    /// Search nodes per move (the node limit keeps games reproducible).
    pub nodes: u64,
    /// Attacker positions of the root VCF searches.
    pub root_vcf_nodes: u64,
    /// Nodes of the root VCT searches.
    pub root_vct_nodes: u64,
    /// Per mille of moves (among the first [`SelfPlay::random_plies`] of a game) chosen
    /// at random among the engine's four best root moves.
    pub random_permille: u32,
    /// The plies after the opening in which random moves may be played.
    pub random_plies: u32,
    /// Games longer than this many stones are stopped and count as draws.
    pub max_stones: usize,
    /// The evaluation the players use.
    pub eval: EvalTable,
}

impl Default for SelfPlay {
    fn default() -> Self {
        SelfPlay {
            nodes: 600,
            root_vcf_nodes: 4_000,
            root_vct_nodes: 1_500,
            random_permille: 150,
            random_plies: 12,
            max_stones: 160,
            eval: EvalTable::HAND,
        }
    }
}

/// The next 64 bits of the SplitMix64 sequence whose state is `state` (the core's
/// [`zerosum::hash::splitmix64`]), advancing it.
pub fn next_random(state: &mut u64) -> u64 {
    let (next, out) = zerosum::hash::splitmix64(*state);
    *state = next;
    out
}

/// A random number in `0..n` (`n > 0`) from the sequence of `state`.
///
/// # Panics
/// When `n` is 0.
pub fn random_below(state: &mut u64, n: u64) -> u64 {
    next_random(state) % n
}

/// A random opening on the 15×15 freestyle board: black on the centre, then
/// `stones − 1` more stones alternating colours on random empty cells within two of the
/// centre (a 5×5 square), as in the balanced-opening files; `stones` from 2 to 6 (a
/// count outside is clamped to that range).
pub fn random_opening(rng: &mut u64, stones: usize) -> Board {
    let mut b = Board::with_size(15, Rule::Freestyle).expect("15 is a valid size");
    b.play(Cell::new(7, 7));
    while b.stone_count() < stones.clamp(2, 6) {
        let c = Cell::new(
            5 + random_below(rng, 5) as u8,
            5 + random_below(rng, 5) as u8,
        );
        if b.is_legal(c) {
            b.play(c);
        }
    }
    b
}

/// True for a position the evaluation is asked about: unfinished, no five for the side
/// to move, no open four or double four to make at once, not facing two fives.
pub fn is_quiet(b: &Board) -> bool {
    let me = b.side_to_move();
    b.outcome().is_none()
        && b.pattern_count(me, Pattern::Five) == 0
        && crate::eval::has_double_four_move(b, me).is_none()
        && !(b.pattern_count(!me, Pattern::Five) > 0 && b.winning_cells(!me).len() >= 2)
}

/// Plays one self-play game from `opening` under `cfg` (random choices from `seed`) and
/// returns its quiet positions labelled with the result, and the result.
pub fn play_game(opening: &Board, cfg: &SelfPlay, seed: u64) -> (Vec<Sample>, Option<Outcome>) {
    let mut rng = seed;
    let mut engine = Engine::new(4);
    engine.root_vcf_nodes = cfg.root_vcf_nodes;
    engine.root_vct_nodes = cfg.root_vct_nodes;
    engine.use_feature_table(cfg.eval);
    let limits = Limits::nodes(cfg.nodes);
    let mut b = opening.clone();
    let start = b.stone_count();
    let mut positions: Vec<([i32; FEATURES], Side)> = Vec::new();
    while b.outcome().is_none() && b.stone_count() < cfg.max_stones {
        if is_quiet(&b) {
            positions.push((features(&b), b.side_to_move()));
        }
        let info = engine.search(&b, &limits);
        let Some(mut mv) = info.best else { break };
        let decided = info.score.is_decisive() || info.candidates.len() < 2;
        if !decided
            && b.stone_count() < start + cfg.random_plies as usize
            && random_below(&mut rng, 1000) < u64::from(cfg.random_permille)
        {
            let k = info.candidates.len().min(4);
            mv = info.candidates[random_below(&mut rng, k as u64) as usize].cell;
        }
        b.play(mv);
    }
    let outcome = b.outcome();
    let samples = positions
        .into_iter()
        .map(|(x, side)| Sample {
            x,
            y: match outcome {
                Some(Outcome::Win(w)) if w == side => 1.0,
                Some(Outcome::Win(_)) => 0.0,
                _ => 0.5,
            },
        })
        .collect();
    (samples, outcome)
}

/// The result of [`fit_logistic`].
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// Weights in logits per unit of each feature.
    pub weights: [f64; FEATURES],
    /// Mean log loss (natural log) on the fitted samples.
    pub log_loss: f64,
    /// Newton steps taken.
    pub steps: u32,
}

/// The logistic function `1 / (1 + e^−z)`: a logit `z` as a probability in (0, 1).
pub fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Mean log loss of weights `w` on `samples`.
pub fn log_loss(samples: &[Sample], w: &[f64; FEATURES]) -> f64 {
    let mut sum = 0.0;
    for s in samples {
        let p = sigmoid(dot(w, &s.x)).clamp(1e-12, 1.0 - 1e-12);
        sum -= s.y * p.ln() + (1.0 - s.y) * (1.0 - p).ln();
    }
    sum / samples.len().max(1) as f64
}

fn dot(w: &[f64; FEATURES], x: &[i32; FEATURES]) -> f64 {
    w.iter().zip(x).map(|(a, &b)| a * f64::from(b)).sum()
}

/// Logistic regression of the labels on the features by Newton's method (iteratively
/// reweighted least squares) with ridge penalty `lambda` on the standardised features
/// (all but the constant), at most `steps` steps; features that never vary get weight 0.
pub fn fit_logistic(samples: &[Sample], lambda: f64, steps: u32) -> Fit {
    let n = samples.len().max(1) as f64;
    // Standardise: z_j = x_j / s_j (no centring, so the constant keeps its meaning).
    let mut scale = [0.0f64; FEATURES];
    for s in samples {
        for (v, &x) in scale.iter_mut().zip(&s.x) {
            *v += f64::from(x).powi(2);
        }
    }
    for v in scale.iter_mut() {
        *v = (*v / n).sqrt();
    }
    let live: Vec<usize> = (0..FEATURES).filter(|&j| scale[j] > 0.0).collect();
    let m = live.len();
    let mut beta = vec![0.0f64; m];
    let mut taken = 0;
    for _ in 0..steps {
        taken += 1;
        let mut grad = vec![0.0f64; m];
        let mut hess = vec![0.0f64; m * m];
        let mut z = vec![0.0f64; m];
        for s in samples {
            for (k, &j) in live.iter().enumerate() {
                z[k] = f64::from(s.x[j]) / scale[j];
            }
            let p = sigmoid(beta.iter().zip(&z).map(|(b, v)| b * v).sum());
            let r = p - s.y;
            let h = p * (1.0 - p);
            for a in 0..m {
                grad[a] += r * z[a];
                let ha = h * z[a];
                for b in a..m {
                    hess[a * m + b] += ha * z[b];
                }
            }
        }
        for a in 0..m {
            let constant = live[a] == FEATURES - 1;
            if !constant {
                grad[a] += lambda * beta[a];
                hess[a * m + a] += lambda;
            }
            hess[a * m + a] += 1e-9;
            for b in 0..a {
                hess[a * m + b] = hess[b * m + a];
            }
        }
        let step = solve_spd(&hess, &grad, m);
        let mut change = 0.0f64;
        for a in 0..m {
            beta[a] -= step[a];
            change = change.max(step[a].abs());
        }
        if change < 1e-7 {
            break;
        }
    }
    let mut weights = [0.0; FEATURES];
    for (k, &j) in live.iter().enumerate() {
        weights[j] = beta[k] / scale[j];
    }
    Fit {
        log_loss: log_loss(samples, &weights),
        weights,
        steps: taken,
    }
}

/// Solves `a x = b` (row-major `m × m`) for a symmetric positive definite `m × m` matrix (Cholesky).
pub fn solve_spd(a: &[f64], b: &[f64], m: usize) -> Vec<f64> {
    let mut l = vec![0.0f64; m * m];
    for i in 0..m {
        for j in 0..=i {
            let mut sum = a[i * m + j];
            for k in 0..j {
                sum -= l[i * m + k] * l[j * m + k];
            }
            l[i * m + j] = if i == j {
                sum.max(1e-12).sqrt()
            } else {
                sum / l[j * m + j]
            };
        }
    }
    let mut y = vec![0.0f64; m];
    for i in 0..m {
        let mut sum = b[i];
        for k in 0..i {
            sum -= l[i * m + k] * y[k];
        }
        y[i] = sum / l[i * m + i];
    }
    let mut x = vec![0.0f64; m];
    for i in (0..m).rev() {
        let mut sum = y[i];
        for k in i + 1..m {
            sum -= l[k * m + i] * x[k];
        }
        x[i] = sum / l[i * m + i];
    }
    x
}

/// Evaluation units per logit of a fitted table ([`to_table`]).
pub const UNITS_PER_LOGIT: f64 = 200.0;
/// The divisor of a fitted table: weights are kept in tenths of a unit.
pub const FITTED_DIVISOR: i32 = 10;

/// The integer table of fitted weights: [`UNITS_PER_LOGIT`] evaluation units a logit,
/// weights in `1 / FITTED_DIVISOR` units.
pub fn to_table(w: &[f64; FEATURES]) -> EvalTable {
    let mut weights = [0i32; FEATURES];
    for (t, &v) in weights.iter_mut().zip(w) {
        *t = (v * UNITS_PER_LOGIT * f64::from(FITTED_DIVISOR)).round() as i32;
    }
    EvalTable {
        weights,
        divisor: FITTED_DIVISOR,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Labels drawn from a known logistic model are fitted back to its weights.
    #[test]
    fn recovers_the_weights_of_a_known_model() {
        let mut rng = 7u64;
        let mut truth = [0.0; FEATURES];
        truth[0] = 0.05;
        truth[3] = 0.4;
        truth[10] = -0.3;
        truth[FEATURES - 1] = 0.2;
        let samples: Vec<Sample> = (0..40_000)
            .map(|_| {
                let mut x = [0i32; FEATURES];
                x[0] = random_below(&mut rng, 40) as i32;
                x[3] = random_below(&mut rng, 4) as i32;
                x[10] = random_below(&mut rng, 4) as i32;
                x[FEATURES - 1] = 1;
                let p = sigmoid(dot(&truth, &x));
                let y = if (random_below(&mut rng, 1_000_000) as f64) < p * 1e6 {
                    1.0
                } else {
                    0.0
                };
                Sample { x, y }
            })
            .collect();
        let fit = fit_logistic(&samples, 1e-3, 30);
        for j in [0, 3, 10, FEATURES - 1] {
            assert!(
                (fit.weights[j] - truth[j]).abs() < 0.06,
                "{j}: {} vs {}",
                fit.weights[j],
                truth[j]
            );
        }
        assert_eq!(fit.weights[5], 0.0, "a feature that never varies");
        assert!(fit.log_loss < log_loss(&samples, &[0.0; FEATURES]));
    }

    /// A self-play game at a tiny budget ends, and its labels follow the result.
    #[test]
    fn self_play_labels_follow_the_result() {
        let cfg = SelfPlay {
            nodes: 60,
            root_vcf_nodes: 300,
            root_vct_nodes: 0,
            ..SelfPlay::default()
        };
        let opening = random_opening(&mut 3u64, 3);
        let (samples, outcome) = play_game(&opening, &cfg, 11);
        assert!(!samples.is_empty());
        if let Some(Outcome::Win(_)) = outcome {
            assert!(samples.iter().any(|s| s.y == 1.0));
            assert!(samples.iter().any(|s| s.y == 0.0));
        }
        assert!(samples.iter().all(|s| s.x[FEATURES - 1] == 1));
    }
}
