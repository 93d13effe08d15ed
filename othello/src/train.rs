//! Training the pattern evaluation ([`crate::eval::pattern`]): self-play positions
//! labelled by the exact solver, fitted by regularised least squares.
//!
//! 1. **Games** ([`generate`]): from the start position, a random number of random
//!    plies (a randomised opening), then a greedy one-ply player (the current
//!    evaluation, with a small share of random moves). Every position with at most
//!    `solve_empties` empties is solved exactly by [`crate::solver::Solver`]: its
//!    label is exact. Earlier positions are labelled with the exact score of the first
//!    solved position of their game, from their side's point of view (the game result
//!    under perfect play from that point, as Buro labelled Logistello's games).
//! 2. **Fit** ([`fit`]): for each phase, ridge regression `min Σ (x·w − y)² + λ‖w‖²`
//!    over the sparse one-hot features of the positions within two empties of the
//!    phase's range, by conjugate gradients on the normal equations. Symmetric pattern
//!    configurations share one unknown.
//! 3. **Iterate**: the new weights play the next round's games.
//!
//! Every game draws its random numbers from its own generator seeded by
//! `(seed, round, game index)`, so a run is reproducible whatever the thread count.

use crate::Board;
use crate::eval::Strong;
use crate::eval::pattern::{
    BUCKET_WIDTH, BUCKETS, FEATURES, PHASE_WEIGHTS, PatternWeights, SCALE, bucket,
    canonical_indices, features,
};
use crate::solver::Solver;

/// One labelled position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The position, side to move first.
    pub board: Board,
    /// The label: final disc difference for the side to move (see the module docs).
    pub score: i8,
    /// True when `score` is this position's own exact solution.
    pub exact: bool,
    /// The game it comes from (for a split by game).
    pub game: u32,
}

/// What [`generate`] plays.
#[derive(Clone, Debug)]
pub struct GenConfig {
    /// Number of games.
    pub games: u32,
    /// Master seed.
    pub seed: u64,
    /// Round number (mixed into every game's seed).
    pub round: u32,
    /// Positions with at most this many empties are solved exactly.
    pub solve_empties: u32,
    /// Random plies at the start: uniform in `min..=max`.
    pub random_plies: (u32, u32),
    /// Probability (in 1/1000) of a random move after the opening.
    pub random_permille: u32,
    /// Worker threads.
    pub threads: usize,
}

/// SplitMix64: a small, fast, well-mixed generator (Steele, Lea and Flood 2014).
#[derive(Clone, Debug)]
pub struct SplitMix(u64);

impl SplitMix {
    /// A generator from a seed.
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }
}

/// The `k`-th set bit of `m`.
fn nth_bit(mut m: u64, k: u64) -> u32 {
    for _ in 0..k {
        m &= m - 1;
    }
    m.trailing_zeros()
}

/// Plays one game and returns its labelled positions.
fn play_game(
    cfg: &GenConfig,
    game: u32,
    policy: Option<&PatternWeights>,
    solver: &mut Solver,
) -> Vec<Sample> {
    let mut rng = SplitMix::new(
        cfg.seed
            ^ (cfg.round as u64).wrapping_mul(0xA24B_AED4_963E_E407)
            ^ (game as u64).wrapping_mul(0x9FB2_1C65_1E98_DF25),
    );
    let (lo, hi) = cfg.random_plies;
    let random_plies = lo + rng.below((hi - lo + 1) as u64) as u32;
    let mut b = Board::START;
    let mut colour = 0u8;
    let mut ply = 0;
    let mut pending: Vec<(Board, u8)> = Vec::new();
    let mut out = Vec::new();
    let mut anchor: Option<(i32, u8)> = None;
    loop {
        let moves = b.moves();
        if moves == 0 {
            if b.opponent_moves() == 0 {
                break;
            }
            b = b.pass();
            colour ^= 1;
            continue;
        }
        if b.empties() <= cfg.solve_empties {
            let s = solver.solve(b).score;
            anchor.get_or_insert((s, colour));
            out.push(Sample {
                board: b,
                score: s as i8,
                exact: true,
                game,
            });
        } else {
            pending.push((b, colour));
        }
        let n = moves.count_ones() as u64;
        let sq = if ply < random_plies || rng.below(1000) < cfg.random_permille as u64 {
            nth_bit(moves, rng.below(n))
        } else {
            let mut best = (i32::MIN, 0);
            for sq in zerosum::Bitboard(moves) {
                let child = b.play_flips(sq, b.flips(sq));
                let v = -match policy {
                    Some(w) => w.value(child),
                    None => Strong::value(child),
                } * 16
                    + rng.below(16) as i32;
                if v > best.0 {
                    best = (v, sq);
                }
            }
            best.1
        };
        b = b.play_flips(sq, b.flips(sq));
        colour ^= 1;
        ply += 1;
    }
    let (s, c) = anchor.unwrap_or((b.final_score(), colour));
    for (pb, pc) in pending {
        let score = if pc == c { s } else { -s };
        out.push(Sample {
            board: pb,
            score: score as i8,
            exact: false,
            game,
        });
    }
    out
}

/// Plays `cfg.games` games on `cfg.threads` threads (the current `policy`, or
/// [`Strong`] when `None`) and returns their positions, in game order.
pub fn generate(cfg: &GenConfig, policy: Option<&PatternWeights>) -> Vec<Sample> {
    let threads = cfg.threads.max(1);
    let mut parts: Vec<Vec<Sample>> = Vec::new();
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    let mut solver = Solver::new(16);
                    let mut v = Vec::new();
                    let mut g = t as u32;
                    while g < cfg.games {
                        v.extend(play_game(cfg, g, policy, &mut solver));
                        g += threads as u32;
                    }
                    v
                })
            })
            .collect();
        for h in handles {
            parts.push(h.join().expect("worker thread"));
        }
    });
    let mut all: Vec<Sample> = parts.into_iter().flatten().collect();
    all.sort_by_key(|s| (s.game, std::cmp::Reverse(s.board.empties())));
    all
}

/// Whether a sample is held out of the fit (one game in ten).
pub fn is_held_out(s: &Sample) -> bool {
    s.game % 10 == 9
}

/// The fit's settings.
#[derive(Clone, Debug)]
pub struct FitConfig {
    /// Ridge penalty λ (per weight, in the units of a squared disc difference).
    pub lambda: f64,
    /// Conjugate-gradient iterations per phase.
    pub iterations: u32,
    /// Worker threads (phases are fitted in parallel).
    pub threads: usize,
}

/// Fits one phase: returns the weights in discs, indexed by phase weight index.
fn fit_phase(samples: &[&Sample], canon: &[u32], cfg: &FitConfig) -> Vec<f64> {
    // Dense column numbers for the canonical features that occur.
    let mut column = vec![u32::MAX; PHASE_WEIGHTS];
    let mut ncols = 0usize;
    let mut rows: Vec<[u32; FEATURES]> = Vec::with_capacity(samples.len());
    let mut y = Vec::with_capacity(samples.len());
    for s in samples {
        let mut f = features(s.board);
        for x in f.iter_mut() {
            let c = canon[*x as usize] as usize;
            if column[c] == u32::MAX {
                column[c] = ncols as u32;
                ncols += 1;
            }
            *x = column[c];
        }
        rows.push(f);
        y.push(s.score as f64);
    }
    let xt = |u: &[f64], out: &mut [f64]| {
        out.iter_mut().for_each(|v| *v = 0.0);
        for (r, &ui) in rows.iter().zip(u) {
            for &c in r {
                out[c as usize] += ui;
            }
        }
    };
    let x = |w: &[f64], out: &mut [f64]| {
        for (r, o) in rows.iter().zip(out.iter_mut()) {
            *o = r.iter().map(|&c| w[c as usize]).sum();
        }
    };
    let mut w = vec![0.0; ncols];
    let mut r = vec![0.0; ncols];
    xt(&y, &mut r);
    let mut p = r.clone();
    let mut rr: f64 = r.iter().map(|v| v * v).sum();
    let mut tmp = vec![0.0; rows.len()];
    let mut ap = vec![0.0; ncols];
    for _ in 0..cfg.iterations {
        if rr < 1e-9 {
            break;
        }
        x(&p, &mut tmp);
        xt(&tmp, &mut ap);
        for (a, pi) in ap.iter_mut().zip(&p) {
            *a += cfg.lambda * pi;
        }
        let pap: f64 = p.iter().zip(&ap).map(|(a, b)| a * b).sum();
        let alpha = rr / pap;
        for i in 0..ncols {
            w[i] += alpha * p[i];
            r[i] -= alpha * ap[i];
        }
        let rr_new: f64 = r.iter().map(|v| v * v).sum();
        let beta = rr_new / rr;
        rr = rr_new;
        for i in 0..ncols {
            p[i] = r[i] + beta * p[i];
        }
    }
    let mut out = vec![0.0; PHASE_WEIGHTS];
    for (i, &c) in column.iter().enumerate() {
        if c != u32::MAX {
            out[i] = w[c as usize];
        }
    }
    out
}

/// Fits the weights of every phase on the samples that are not held out.
pub fn fit(samples: &[Sample], cfg: &FitConfig) -> PatternWeights {
    let canon = canonical_indices();
    let train: Vec<&Sample> = samples.iter().filter(|s| !is_held_out(s)).collect();
    let mut values = vec![0i16; BUCKETS * PHASE_WEIGHTS];
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..cfg.threads.max(1) {
            s.spawn(|| {
                loop {
                    let b = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if b >= BUCKETS {
                        break;
                    }
                    let lo = (b as u32 * BUCKET_WIDTH).saturating_sub(2);
                    let hi = b as u32 * BUCKET_WIDTH + BUCKET_WIDTH + 1;
                    let mine: Vec<&Sample> = train
                        .iter()
                        .copied()
                        .filter(|s| (lo..=hi).contains(&s.board.empties()))
                        .collect();
                    let w = fit_phase(&mine, &canon, cfg);
                    results.lock().expect("lock").push((b, w));
                }
            });
        }
    });
    for (b, w) in results.into_inner().expect("lock") {
        for (i, v) in w.iter().enumerate() {
            values[b * PHASE_WEIGHTS + i] = (v * SCALE as f64)
                .round()
                .clamp(i16::MIN as f64, i16::MAX as f64)
                as i16;
        }
    }
    PatternWeights::from_values(&values)
}

/// Error of an evaluation on a set of samples, by phase.
#[derive(Clone, Copy, Debug, Default)]
pub struct PhaseError {
    /// Samples.
    pub count: u64,
    /// Sum of squared errors (discs²).
    pub sse: f64,
    /// Sum of absolute errors (discs).
    pub sae: f64,
}

impl PhaseError {
    /// Root mean squared error in discs.
    pub fn rmse(&self) -> f64 {
        (self.sse / self.count.max(1) as f64).sqrt()
    }
    /// Mean absolute error in discs.
    pub fn mae(&self) -> f64 {
        self.sae / self.count.max(1) as f64
    }
}

/// Errors of `eval` (in [`SCALE`] units) against the labels of the held-out samples, by
/// phase: `[phase] → (exact labels, game-result labels)`.
pub fn held_out_error(
    samples: &[Sample],
    eval: impl Fn(Board) -> i32,
) -> Vec<(PhaseError, PhaseError)> {
    let mut out = vec![(PhaseError::default(), PhaseError::default()); BUCKETS];
    for s in samples.iter().filter(|s| is_held_out(s)) {
        let e = eval(s.board) as f64 / SCALE as f64 - s.score as f64;
        let slot = &mut out[bucket(s.board.empties())];
        let pe = if s.exact { &mut slot.0 } else { &mut slot.1 };
        pe.count += 1;
        pe.sse += e * e;
        pe.sae += e.abs();
    }
    out
}

/// Writes samples as 18-byte records: player, opponent (u64 LE), score (i8), flags
/// (bit 0: exact), then the game (u32 LE) — 22 bytes in all.
pub fn write_samples(samples: &[Sample]) -> Vec<u8> {
    let mut v = Vec::with_capacity(samples.len() * 22);
    for s in samples {
        v.extend_from_slice(&s.board.player.to_le_bytes());
        v.extend_from_slice(&s.board.opponent.to_le_bytes());
        v.push(s.score as u8);
        v.push(s.exact as u8);
        v.extend_from_slice(&s.game.to_le_bytes());
    }
    v
}

/// Reads the records of [`write_samples`]; `None` if the length or a board is invalid.
pub fn read_samples(bytes: &[u8]) -> Option<Vec<Sample>> {
    if !bytes.len().is_multiple_of(22) {
        return None;
    }
    bytes
        .chunks_exact(22)
        .map(|c| {
            let p = u64::from_le_bytes(c[0..8].try_into().ok()?);
            let o = u64::from_le_bytes(c[8..16].try_into().ok()?);
            Some(Sample {
                board: Board::new(p, o)?,
                score: c[16] as i8,
                exact: c[17] & 1 != 0,
                game: u32::from_le_bytes(c[18..22].try_into().ok()?),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_exact_labels_agree_with_the_slow_solver() {
        let cfg = GenConfig {
            games: 3,
            seed: 7,
            round: 0,
            solve_empties: 8,
            random_plies: (2, 6),
            random_permille: 100,
            threads: 2,
        };
        let a = generate(&cfg, None);
        assert_eq!(a, generate(&cfg, None), "reproducible");
        let exact: Vec<_> = a.iter().filter(|s| s.exact).collect();
        assert!(!exact.is_empty());
        for s in exact {
            if s.board.empties() <= 8 {
                assert_eq!(s.score as i32, crate::solver::solve_slow(s.board));
            }
        }
        assert_eq!(read_samples(&write_samples(&a)), Some(a));
    }

    #[test]
    fn fit_recovers_a_planted_linear_model() {
        // Labels made by known weights on random positions: the fit's error must be
        // small compared with the labels' spread.
        let mut rng = SplitMix::new(3);
        let values: Vec<i16> = (0..BUCKETS * PHASE_WEIGHTS)
            .map(|_| rng.below(200) as i16 - 100)
            .collect();
        let truth = PatternWeights::from_values(&values);
        let cfg = GenConfig {
            games: 40,
            seed: 11,
            round: 0,
            solve_empties: 0,
            random_plies: (60, 60),
            random_permille: 1000,
            threads: 2,
        };
        let mut samples = generate(&cfg, None);
        samples.retain(|s| s.board.empties() >= 44 && s.board.empties() < 48);
        for s in samples.iter_mut() {
            s.score = (truth.value(s.board) / SCALE).clamp(-127, 127) as i8;
            s.game = 0;
        }
        let w = fit(
            &samples,
            &FitConfig {
                lambda: 0.01,
                iterations: 300,
                threads: 2,
            },
        );
        let mut sse = 0.0;
        let mut var = 0.0;
        for s in &samples {
            let e = w.value(s.board) as f64 / SCALE as f64 - s.score as f64;
            sse += e * e;
            var += (s.score as f64).powi(2);
        }
        assert!(sse < 0.05 * var, "sse {sse} var {var}");
    }
}
