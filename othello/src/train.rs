//! Training the pattern evaluation ([`crate::eval::pattern`]): self-play positions
//! labelled by the exact solver near the end and by searches with the evaluation being
//! fitted earlier, fitted phase by phase by regularised least squares.
//!
//! 1. **Games** ([`generate`]): from the start position, a random number of random
//!    plies (a randomised opening), then a greedy one-ply player (the hand-written
//!    [`Strong`] evaluation, or given weights) with a share of random moves. Every
//!    position of every game is kept, unlabelled: playing is cheap, labels are not.
//! 2. **Exact labels** ([`label_exact`]): every position with at most `exact_empties`
//!    empties is solved by [`crate::solver::Solver`] (final disc difference).
//! 3. **Backward fit** ([`fit_backward`]): the phases (buckets of empties) are fitted
//!    from the end of the game to the start. A phase's positions that have no exact
//!    label are labelled by an alpha-beta search of `label_depth` discs with the
//!    weights already fitted (the search stops when `label_depth` more squares are
//!    filled, so its leaves lie in the phases fitted before; a finished game counts its
//!    exact final score). Each phase is then fitted by ridge regression
//!    `min Σ (x·w − y)² + λ‖w‖²` over the sparse one-hot features of its positions and of
//!    the two empties below it, by conjugate gradients on the normal equations;
//!    symmetric pattern configurations share one unknown. The labels of the midgame are
//!    thus deeper looks with a better-fitted evaluation rather than the outcomes of
//!    noisy self-play games (the weakness of the first version, whose opening labels
//!    were game results: held-out error 25–37 discs, no better than a constant) — the
//!    bootstrap of temporal-difference learning (Sutton 1988; Buro 1998 labels
//!    Logistello's positions by deep searches and game results).
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
use smallvec::SmallVec;

/// Where a sample's label comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Label {
    /// Not labelled yet.
    None,
    /// The exact final disc difference (the solver).
    Exact,
    /// A search with the evaluation being fitted (see [`fit_backward`]).
    Search,
}

/// One position and its label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The position, side to move first.
    pub board: Board,
    /// The label for the side to move, in [`SCALE`] units (hundredths of a disc).
    pub score: i16,
    /// Where the label comes from.
    pub label: Label,
    /// The game it comes from (for a split by game).
    pub game: u32,
    /// That game's final disc difference for this position's side to move.
    pub outcome: i8,
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
    ///
    /// # Panics
    /// When `n` is 0.
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

/// Plays one game and returns its positions, unlabelled.
fn play_game(cfg: &GenConfig, game: u32, policy: Option<&PatternWeights>) -> Vec<Sample> {
    let mut rng = SplitMix::new(
        cfg.seed
            ^ (cfg.round as u64).wrapping_mul(0xA24B_AED4_963E_E407)
            ^ (game as u64).wrapping_mul(0x9FB2_1C65_1E98_DF25),
    );
    let (lo, hi) = cfg.random_plies;
    let random_plies = lo + rng.below((hi - lo + 1) as u64) as u32;
    let mut b = Board::START;
    let mut ply = 0;
    let mut out = Vec::new();
    // The side to move of each kept position (true: the first player).
    let mut first = true;
    let mut sides = Vec::new();
    loop {
        let moves = b.moves();
        if moves == 0 {
            if b.opponent_moves() == 0 {
                break;
            }
            b = b.pass();
            first = !first;
            continue;
        }
        out.push(Sample {
            board: b,
            score: 0,
            label: Label::None,
            game,
            outcome: 0,
        });
        sides.push(first);
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
        first = !first;
        ply += 1;
    }
    // `b` is the final position and `first` its side to move.
    let last = b.final_score() as i8;
    for (s, side) in out.iter_mut().zip(sides) {
        s.outcome = if side == first { last } else { -last };
    }
    out
}

/// Runs `work` on `threads` threads over the indices `0..n` (thread `t` takes
/// `t, t + threads, …`) and returns the results in index order.
fn parallel_map<T: Send>(n: usize, threads: usize, work: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let threads = threads.max(1);
    let mut parts: Vec<Vec<(usize, T)>> = Vec::new();
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let work = &work;
                s.spawn(move || (t..n).step_by(threads).map(|i| (i, work(i))).collect())
            })
            .collect();
        for h in handles {
            parts.push(h.join().expect("worker thread"));
        }
    });
    let mut all: Vec<(usize, T)> = parts.into_iter().flatten().collect();
    all.sort_by_key(|x| x.0);
    all.into_iter().map(|x| x.1).collect()
}

/// Plays `cfg.games` games on `cfg.threads` threads (the greedy player with `policy`,
/// or [`Strong`] when `None`) and returns their positions, unlabelled, in game order.
pub fn generate(cfg: &GenConfig, policy: Option<&PatternWeights>) -> Vec<Sample> {
    parallel_map(cfg.games as usize, cfg.threads, |g| {
        play_game(cfg, g as u32, policy)
    })
    .into_iter()
    .flatten()
    .collect()
}

/// Labels every sample with at most `max_empties` empties by the exact solver, on
/// `threads` threads (each game's positions by one solver, earliest first, so that its
/// table helps the later ones).
pub fn label_exact(samples: &mut [Sample], max_empties: u32, threads: usize) {
    let mut games: Vec<&mut [Sample]> = samples.chunk_by_mut(|a, b| a.game == b.game).collect();
    let n = games.len();
    let solved: Vec<Vec<(usize, i32)>> = {
        let games_ref: Vec<&[Sample]> = games.iter().map(|g| &**g).collect();
        let per_thread = parallel_map(threads.max(1), threads, |t| {
            let mut solver = Solver::new(16);
            let mut out = Vec::new();
            for gi in (t..n).step_by(threads.max(1)) {
                let mut v = Vec::new();
                for (i, s) in games_ref[gi].iter().enumerate() {
                    if s.board.empties() <= max_empties {
                        v.push((i, solver.solve(s.board).score));
                    }
                }
                out.push((gi, v));
            }
            out
        });
        let mut all: Vec<(usize, Vec<(usize, i32)>)> = per_thread.into_iter().flatten().collect();
        all.sort_by_key(|x| x.0);
        all.into_iter().map(|x| x.1).collect()
    };
    for (g, v) in games.iter_mut().zip(solved) {
        for (i, score) in v {
            g[i].score = (score * SCALE) as i16;
            g[i].label = Label::Exact;
        }
    }
}

/// The value of `b` for its side to move by an alpha-beta search that stops once
/// `target` empties are left (a pass does not count), evaluated by `w`; a finished
/// game is worth its final disc difference. In [`SCALE`] units.
pub fn search_value(w: &PatternWeights, b: Board, target: u32, alpha: i32, beta: i32) -> i32 {
    let empties = b.empties();
    if empties <= target {
        return w.value(b);
    }
    let moves = b.moves();
    if moves == 0 {
        if b.opponent_moves() == 0 {
            return b.final_score() * SCALE;
        }
        return -search_value(w, b.pass(), target, -beta, -alpha);
    }
    // Fastest first (fewest replies) above the last level.
    let mut children: SmallVec<[(u32, Board); 32]> = SmallVec::new();
    for sq in zerosum::Bitboard(moves) {
        let c = b.play_flips(sq, b.flips(sq));
        let key = if empties - target >= 2 {
            c.moves().count_ones()
        } else {
            0
        };
        children.push((key, c));
    }
    children.sort_unstable_by_key(|c| c.0);
    let mut best = i32::MIN;
    for &(_, c) in children.iter() {
        let v = -search_value(w, c, target, -beta, -alpha.max(best));
        if v > best {
            best = v;
            if v >= beta {
                break;
            }
        }
    }
    best
}

/// The fit's settings.
#[derive(Clone, Debug)]
pub struct FitConfig {
    /// Ridge penalty λ (per weight, in the units of a squared disc difference).
    pub lambda: f64,
    /// Conjugate-gradient iterations per phase.
    pub iterations: u32,
    /// Worker threads (for the search labels).
    pub threads: usize,
    /// Search depth, in discs, of the labels of positions without an exact label.
    pub label_depth: u32,
    /// Re-centre each phase's search labels on the games' outcomes (see [`recentre`]).
    pub recentre: bool,
    /// Empties beyond each side of a phase whose positions also train it (positions
    /// with `lo − window ..= hi + window` empties for the phase `lo..=hi`; 2 below and
    /// none above before this setting).
    pub window: (u32, u32),
    /// Shrink each phase's weights towards those of the phase fitted just before it
    /// (the one with fewer empties) instead of towards zero: the ridge penalty is
    /// `λ‖w − w_prev‖²`, and a configuration no training position shows keeps the
    /// neighbouring phase's weight instead of 0.
    pub smooth: bool,
    /// Fit only this many phases from the end (the others stay zero; for quick
    /// experiments on the endgame's phases); [`BUCKETS`] for all.
    pub phases: usize,
}

/// Whether a sample is held out of the fit (one game in ten).
pub fn is_held_out(s: &Sample) -> bool {
    s.game % 10 == 9
}

/// What one phase's fit reports.
#[derive(Clone, Copy, Debug, Default)]
pub struct PhaseFit {
    /// Training positions (the phase's and its window's).
    pub positions: usize,
    /// Distinct weights (canonical configurations) the training positions show.
    pub weights: usize,
    /// Root mean squared error on the training positions, in discs.
    pub train_rmse: f64,
}

/// Fits one phase: returns the weights in discs, indexed by phase weight index, and
/// the number of weights seen and the training error. With a
/// `prior` (one phase's weights in [`SCALE`] units, indexed by phase weight index), the
/// penalty is on the distance from it and unseen configurations keep its weights.
fn fit_phase(
    samples: &[&Sample],
    canon: &[u32],
    cfg: &FitConfig,
    prior: Option<&[i16]>,
) -> (Vec<f64>, PhaseFit) {
    let prior_of = |i: usize| prior.map_or(0.0, |p| p[i] as f64 / SCALE as f64);
    // Dense column numbers for the canonical features that occur.
    let mut column = vec![u32::MAX; PHASE_WEIGHTS];
    let mut ncols = 0usize;
    let mut rows: Vec<[u32; FEATURES]> = Vec::with_capacity(samples.len());
    let mut y = Vec::with_capacity(samples.len());
    for s in samples {
        let mut f = features(s.board);
        let mut base = 0.0;
        for x in f.iter_mut() {
            let c = canon[*x as usize] as usize;
            base += prior_of(c);
            if column[c] == u32::MAX {
                column[c] = ncols as u32;
                ncols += 1;
            }
            *x = column[c];
        }
        rows.push(f);
        y.push(s.score as f64 / SCALE as f64 - base);
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
    x(&w, &mut tmp);
    let sse: f64 = tmp.iter().zip(&y).map(|(a, b)| (a - b) * (a - b)).sum();
    let report = PhaseFit {
        positions: rows.len(),
        weights: ncols,
        train_rmse: (sse / rows.len().max(1) as f64).sqrt(),
    };
    let mut out: Vec<f64> = (0..PHASE_WEIGHTS).map(prior_of).collect();
    for (i, &c) in column.iter().enumerate() {
        if c != u32::MAX {
            out[i] += w[c as usize];
        }
    }
    (out, report)
}

/// The phases' empties: bucket `b` holds `b·BUCKET_WIDTH ..= b·BUCKET_WIDTH + BUCKET_WIDTH − 1`
/// (the last bucket up to 60).
fn bucket_range(b: usize) -> (u32, u32) {
    let lo = b as u32 * BUCKET_WIDTH;
    let hi = if b + 1 == BUCKETS {
        60
    } else {
        lo + BUCKET_WIDTH - 1
    };
    (lo, hi)
}

/// Shifts one phase's search labels (in [`SCALE`] units) by one constant so that their
/// mean over the training positions (`held[i]` false) equals the mean outcome of those
/// positions' games (`outcomes`, in discs) plus `offset` (in [`SCALE`] units); labels
/// stay within ±64 discs.
///
/// Why: a search label is a maximum over noisy evaluations, and the maximum of noisy
/// estimates is biased upwards ("the optimiser's curse", Smith and Winkler 2006). Fitted
/// phase after phase on the labels of the phase before, the bias compounds: without this
/// step the weights rated every early position about +9 discs for the side to move (the
/// game's value is a draw: Takizawa, "Othello is solved", 2023), drifting by about
/// +0.5 disc per phase above the exactly labelled ones. The outcomes are those of weak
/// self-play games, noisy one by one, but their mean over a phase's thousands of
/// positions carries no such bias. [`fit_backward`] passes as `offset` the mean of
/// exact value minus outcome in the last phase with exact labels (the self-play players
/// lose about 1.5 discs to perfect play there), so the labels stay level with the exact
/// ones where the two meet. The deviations of the search labels from their mean, which
/// are what orders moves, are kept.
pub fn recentre(labels: &mut [i32], outcomes: &[i8], held: &[bool], offset: i32) {
    let (mut sum, mut n) = (0f64, 0u64);
    for ((&v, &o), &h) in labels.iter().zip(outcomes).zip(held) {
        if !h {
            sum += (v - o as i32 * SCALE - offset) as f64;
            n += 1;
        }
    }
    if n == 0 {
        return;
    }
    let shift = (sum / n as f64).round() as i32;
    for v in labels.iter_mut() {
        *v = (*v - shift).clamp(-64 * SCALE, 64 * SCALE);
    }
}

/// Labels and fits phase by phase from the end of the game (see the module docs):
/// samples without an exact label get their search label, and the weights of every
/// phase are fitted on the samples that are not held out. `progress` is called after
/// each phase with the phase and its fit's report.
pub fn fit_backward(
    samples: &mut [Sample],
    cfg: &FitConfig,
    mut progress: impl FnMut(usize, PhaseFit),
) -> PatternWeights {
    let canon = canonical_indices();
    let mut values = vec![0i16; BUCKETS * PHASE_WEIGHTS];
    let mut weights = PatternWeights::zero();
    // Mean exact label minus outcome in the last phase with exact labels (see
    // [`recentre`]).
    let mut offset = 0;
    for b in 0..cfg.phases.min(BUCKETS) {
        let (lo, hi) = bucket_range(b);
        // Search labels for this phase's unlabelled positions, with the weights so far.
        let todo: Vec<usize> = (0..samples.len())
            .filter(|&i| {
                let e = samples[i].board.empties();
                (lo..=hi).contains(&e) && samples[i].label != Label::Exact
            })
            .collect();
        let w = &weights;
        let boards: Vec<Board> = todo.iter().map(|&i| samples[i].board).collect();
        let depth = cfg.label_depth.max(1);
        let labels = parallel_map(boards.len(), cfg.threads, |i| {
            let bd = boards[i];
            let target = bd.empties().saturating_sub(depth);
            search_value(w, bd, target, -64 * SCALE - 1, 64 * SCALE + 1)
                .clamp(-64 * SCALE, 64 * SCALE)
        });
        let mut labels = labels;
        if cfg.recentre {
            let outcomes: Vec<i8> = todo.iter().map(|&i| samples[i].outcome).collect();
            let held: Vec<bool> = todo.iter().map(|&i| is_held_out(&samples[i])).collect();
            recentre(&mut labels, &outcomes, &held, offset);
        }
        for (&i, v) in todo.iter().zip(labels) {
            samples[i].score = v as i16;
            samples[i].label = Label::Search;
        }
        let (below, above) = cfg.window;
        let train: Vec<&Sample> = samples
            .iter()
            .filter(|s| {
                let e = s.board.empties();
                !is_held_out(s) && e + below >= lo && e <= hi + above && s.label != Label::None
            })
            .collect();
        let exact: Vec<i64> = train
            .iter()
            .filter(|s| s.label == Label::Exact && (lo..=hi).contains(&s.board.empties()))
            .map(|s| (s.score as i32 - s.outcome as i32 * SCALE) as i64)
            .collect();
        if !exact.is_empty() {
            offset = (exact.iter().sum::<i64>() / exact.len() as i64) as i32;
        }
        let prior = (cfg.smooth && b > 0)
            .then(|| values[(b - 1) * PHASE_WEIGHTS..b * PHASE_WEIGHTS].to_vec());
        let (fitted, report) = fit_phase(&train, &canon, cfg, prior.as_deref());
        for (i, v) in fitted.iter().enumerate() {
            values[b * PHASE_WEIGHTS + i] = (v * SCALE as f64)
                .round()
                .clamp(i16::MIN as f64, i16::MAX as f64)
                as i16;
        }
        weights = PatternWeights::from_values(&values);
        progress(b, report);
    }
    weights
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
    fn add(&mut self, e: f64) {
        self.count += 1;
        self.sse += e * e;
        self.sae += e.abs();
    }
}

/// Errors of `eval` (in [`SCALE`] units) against the labels of the held-out samples, by
/// phase: `[phase] → (exact labels, search labels)`.
pub fn held_out_error(
    samples: &[Sample],
    eval: impl Fn(Board) -> i32,
) -> Vec<(PhaseError, PhaseError)> {
    let mut out = vec![(PhaseError::default(), PhaseError::default()); BUCKETS];
    for s in samples.iter().filter(|s| is_held_out(s)) {
        let e = (eval(s.board) - s.score as i32) as f64 / SCALE as f64;
        let slot = &mut out[bucket(s.board.empties())];
        match s.label {
            Label::Exact => slot.0.add(e),
            Label::Search => slot.1.add(e),
            Label::None => {}
        }
    }
    out
}

/// The mean of `eval` minus the game's outcome over the held-out samples of every phase,
/// in discs: the evaluation's bias for the side to move (see [`recentre`]).
pub fn outcome_bias(samples: &[Sample], eval: impl Fn(Board) -> i32) -> Vec<f64> {
    let mut sum = vec![(0f64, 0u64); BUCKETS];
    for s in samples.iter().filter(|s| is_held_out(s)) {
        let slot = &mut sum[bucket(s.board.empties())];
        slot.0 += (eval(s.board) - s.outcome as i32 * SCALE) as f64 / SCALE as f64;
        slot.1 += 1;
    }
    sum.iter().map(|&(t, n)| t / n.max(1) as f64).collect()
}

/// Errors of `eval` against the exact solver on up to `per_phase` held-out samples of
/// every phase, taken at the phase's fewest empties (at most `max_empties`; solved here,
/// on `threads` threads):
/// the fit's true error, also where the training labels were searches.
pub fn exact_error(
    samples: &[Sample],
    max_empties: u32,
    per_phase: usize,
    threads: usize,
    eval: impl Fn(Board) -> i32 + Sync,
) -> Vec<PhaseError> {
    let mut chosen: Vec<Board> = Vec::new();
    let mut taken = [0usize; BUCKETS];
    for s in samples.iter().filter(|s| is_held_out(s)) {
        let e = s.board.empties();
        let b = bucket(e);
        // One position per game and phase, at most `per_phase` per phase.
        if e <= max_empties && taken[b] < per_phase && bucket_range(b).0 == e {
            taken[b] += 1;
            chosen.push(s.board);
        }
    }
    let errs = parallel_map(chosen.len(), threads, |i| {
        let mut solver = Solver::new(8);
        let exact = solver.solve(chosen[i]).score * SCALE;
        (eval(chosen[i]) - exact) as f64 / SCALE as f64
    });
    let mut out = vec![PhaseError::default(); BUCKETS];
    for (b, e) in chosen.iter().zip(errs) {
        out[bucket(b.empties())].add(e);
    }
    out
}

/// Writes samples as 24-byte records: player, opponent (u64 LE), score (i16 LE,
/// hundredths of a disc), label (0 none, 1 exact, 2 search), the game's outcome (i8,
/// discs for the side to move), then the game (u32 LE).
pub fn write_samples(samples: &[Sample]) -> Vec<u8> {
    let mut v = Vec::with_capacity(samples.len() * 24);
    for s in samples {
        v.extend_from_slice(&s.board.player.to_le_bytes());
        v.extend_from_slice(&s.board.opponent.to_le_bytes());
        v.extend_from_slice(&s.score.to_le_bytes());
        v.push(match s.label {
            Label::None => 0,
            Label::Exact => 1,
            Label::Search => 2,
        });
        v.push(s.outcome as u8);
        v.extend_from_slice(&s.game.to_le_bytes());
    }
    v
}

/// Reads the records of [`write_samples`]; `None` if the length, a board or a label is
/// invalid. A board is invalid when a square holds both colours or one of the centre
/// squares d4, e4, d5, e5 is empty (no game reaches it: a zero-filled file of the right
/// length is not a positions file).
pub fn read_samples(bytes: &[u8]) -> Option<Vec<Sample>> {
    if !bytes.len().is_multiple_of(24) {
        return None;
    }
    bytes
        .chunks_exact(24)
        .map(|c| {
            let p = u64::from_le_bytes(c[0..8].try_into().ok()?);
            let o = u64::from_le_bytes(c[8..16].try_into().ok()?);
            if crate::game::empty_centre(p | o).is_some() {
                return None;
            }
            Some(Sample {
                board: Board::new(p, o)?,
                score: i16::from_le_bytes(c[16..18].try_into().ok()?),
                label: match c[18] {
                    0 => Label::None,
                    1 => Label::Exact,
                    2 => Label::Search,
                    _ => return None,
                },
                game: u32::from_le_bytes(c[20..24].try_into().ok()?),
                outcome: c[19] as i8,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(games: u32, seed: u64, plies: (u32, u32), permille: u32) -> GenConfig {
        GenConfig {
            games,
            seed,
            round: 0,
            random_plies: plies,
            random_permille: permille,
            threads: 2,
        }
    }

    #[test]
    fn exact_labels_agree_with_the_slow_solver() {
        let cfg = config(3, 7, (2, 6), 100);
        let mut a = generate(&cfg, None);
        assert_eq!(a, generate(&cfg, None), "reproducible");
        label_exact(&mut a, 8, 2);
        let exact: Vec<_> = a.iter().filter(|s| s.label == Label::Exact).collect();
        assert!(!exact.is_empty());
        for s in &a {
            assert_eq!(s.label == Label::Exact, s.board.empties() <= 8);
        }
        for s in exact {
            assert_eq!(s.score as i32, SCALE * crate::solver::solve_slow(s.board));
        }
        assert_eq!(read_samples(&write_samples(&a)), Some(a));
    }

    /// A file of the right length whose boards no game reaches (zeros: empty boards) is
    /// refused (a recheck's report: a zero-filled file was read as positions).
    #[test]
    fn a_zero_filled_file_is_not_a_positions_file() {
        assert_eq!(read_samples(&[0u8; 48]), None);
        let s = Sample {
            board: Board::START,
            score: 0,
            label: Label::None,
            outcome: 0,
            game: 0,
        };
        let mut bytes = write_samples(&[s]);
        assert!(read_samples(&bytes).is_some());
        bytes.extend_from_slice(&[0u8; 24]);
        assert_eq!(read_samples(&bytes), None);
    }

    /// Plain negamax without pruning, to the same horizon as [`search_value`].
    fn negamax(w: &PatternWeights, b: Board, target: u32) -> i32 {
        if b.empties() <= target {
            return w.value(b);
        }
        let m = b.moves();
        if m == 0 {
            return if b.opponent_moves() == 0 {
                b.final_score() * SCALE
            } else {
                -negamax(w, b.pass(), target)
            };
        }
        zerosum::Bitboard(m)
            .iter()
            .map(|sq| -negamax(w, b.play_flips(sq, b.flips(sq)), target))
            .max()
            .expect("a move")
    }

    #[test]
    fn search_labels_equal_plain_negamax() {
        let mut rng = SplitMix::new(5);
        let values: Vec<i16> = (0..BUCKETS * PHASE_WEIGHTS)
            .map(|_| rng.below(200) as i16 - 100)
            .collect();
        let w = PatternWeights::from_values(&values);
        let samples = generate(&config(6, 3, (4, 40), 300), None);
        for s in samples.iter().step_by(5) {
            for depth in 1..=3 {
                let target = s.board.empties().saturating_sub(depth);
                assert_eq!(
                    search_value(&w, s.board, target, -64 * SCALE - 1, 64 * SCALE + 1),
                    negamax(&w, s.board, target),
                    "{:?} depth {depth}",
                    s.board
                );
            }
        }
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
        let mut samples = generate(&config(40, 11, (60, 60), 1000), None);
        samples.retain(|s| s.board.empties() >= 44 && s.board.empties() < 48);
        for s in samples.iter_mut() {
            s.score = truth.value(s.board) as i16;
            s.label = Label::Exact;
            s.game = 0;
        }
        let w = fit_backward(
            &mut samples,
            &FitConfig {
                lambda: 0.01,
                iterations: 300,
                threads: 2,
                label_depth: 2,
                recentre: true,
                window: (2, 0),
                smooth: false,
                phases: BUCKETS,
            },
            |_, _| {},
        );
        let mut sse = 0.0;
        let mut var = 0.0;
        for s in &samples {
            let e = (w.value(s.board) - s.score as i32) as f64;
            sse += e * e;
            var += (s.score as f64).powi(2);
        }
        assert!(sse < 0.05 * var, "sse {sse} var {var}");
    }

    #[test]
    fn outcomes_follow_the_side_to_move() {
        // Replaying each game: a position reached by one move has the other side to move
        // (the outcome changes sign), one reached by a move and a pass the same side.
        let samples = generate(&config(20, 8, (2, 12), 100), None);
        for g in samples.chunk_by(|a, b| a.game == b.game) {
            for w in g.windows(2) {
                let (a, b) = (w[0], w[1]);
                let mut direct = false;
                let mut after_pass = false;
                for sq in zerosum::Bitboard(a.board.moves()) {
                    let c = a.board.play_flips(sq, a.board.flips(sq));
                    direct |= c == b.board;
                    after_pass |= c.moves() == 0 && c.pass() == b.board;
                }
                assert!(direct || after_pass);
                let expected = if direct { -a.outcome } else { a.outcome };
                assert_eq!(b.outcome, expected);
            }
            let last = g.last().unwrap();
            assert!((-64..=64).contains(&(last.outcome as i32)));
        }
    }

    #[test]
    fn recentring_moves_the_mean_onto_the_outcomes_and_keeps_the_spread() {
        let mut labels = vec![900, 1100, 1300, 700];
        let outcomes = [2, -2, 4, 0];
        // The held-out last position does not count in the mean.
        let held = [false, false, false, true];
        recentre(&mut labels, &outcomes, &held, 0);
        // Mean label of the first three 1100, mean outcome 4/3 discs = 133: shift 967.
        assert_eq!(labels, vec![-67, 133, 333, -267]);
        let mut shifted = vec![900, 1100, 1300, 700];
        recentre(&mut shifted, &outcomes, &held, 150);
        assert_eq!(shifted, vec![83, 283, 483, -117]);
        let mut wide = vec![6400, -6400];
        recentre(&mut wide, &[-64, -64], &[false, false], 0);
        // Shift 6400: the first label is moved, the second stays at the −64 bound.
        assert_eq!(wide, vec![0, -6400]);
    }
}
