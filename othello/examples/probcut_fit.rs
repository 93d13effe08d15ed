//! Fits the midgame's ProbCut regressions (`othello::midgame::PROBCUT_FITS`) on our own
//! evaluation: positions from self-play games of the training pipeline's generator
//! (`othello::train::generate`, the greedy player with the shipped weights, 2–12 random
//! plies then 10 % random moves), one position per game at a random number of empties,
//! each searched by the midgame search (no ProbCut) to `--depth` plies; for every depth
//! `d` from `PROBCUT_MIN_DEPTH` the least-squares line `v_d ≈ a·v_d' + b` with
//! `d' = probcut_depth(d)` and the residuals' standard deviation, per band of empties.
//!
//! ```sh
//! cargo run --release -p othello --example probcut_fit -- [--games N] [--seed S] [--depth D] [--threads T] [--endgame]
//! ```
//!
//! Prints the fits as the Rust table of `PROBCUT_FITS`. With `--endgame`: the endgame
//! solver's selective searches' fits (`othello::solver::ENDCUT_FITS`): one position per
//! game at 10–22 empties, its exact score (by the solver) predicted from the 0–6-ply
//! values, per band of empties 10–13, 14–17, 18–22.

use othello::eval::pattern::shipped;
use othello::midgame::{Midgame, PROBCUT_MIN_DEPTH, probcut_depth};
use othello::train::SplitMix;
use selfplay::{one_board_per_game, option};

#[path = "common/selfplay.rs"]
mod selfplay;
use zerosum::time::Budget;

/// Bands of empties: each fit covers `BANDS[i]..BANDS[i + 1]`.
const BANDS: [u32; 5] = [12, 22, 32, 42, 53];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games = option(&args, "--games", 1200) as u32;
    let seed = option(&args, "--seed", 1997);
    let max_depth = option(&args, "--depth", 8) as u32;
    let threads = option(&args, "--threads", 2) as usize;
    let w = shipped();
    let samples = selfplay::games(games, seed, threads);
    if args.iter().any(|a| a == "--endgame") {
        endgame(&samples, seed, threads);
        return;
    }
    // One position per game, empties uniform in the bands' range.
    let boards = one_board_per_game(&samples, SplitMix::new(seed), BANDS[0], BANDS[4]);
    // values[i][d]: position i's d-ply value, d = 0..=max_depth.
    let values = on_threads(
        &boards,
        threads,
        || Midgame::new(16),
        |m, b| {
            let mut v = vec![w.value(b)];
            m.search(w, b, max_depth, &Budget::unlimited(), &mut |r| {
                v.push(r.score.0)
            });
            (b.empties(), v)
        },
    );
    println!(
        "// cargo run --release -p othello --example probcut_fit -- --games {games} --seed {seed} --depth {max_depth}: {} positions",
        values.len()
    );
    for depth in PROBCUT_MIN_DEPTH..=max_depth {
        let shallow = probcut_depth(depth) as usize;
        for band in BANDS.windows(2) {
            let pts: Vec<(f64, f64)> = values
                .iter()
                .filter(|(e, v)| (band[0]..band[1]).contains(e) && v.len() > depth as usize)
                .map(|(_, v)| (v[shallow] as f64, v[depth as usize] as f64))
                .collect();
            let (a, b, sigma) = fit(&pts);
            let at_zero: Vec<(f64, f64)> = values
                .iter()
                .filter(|(e, v)| (band[0]..band[1]).contains(e) && v.len() > depth as usize)
                .map(|(_, v)| (v[0] as f64, v[depth as usize] as f64))
                .collect();
            let sigma_eval = fit(&at_zero).2;
            println!(
                "    ProbCutFit {{ depth: {depth}, empties_min: {}, a: {a:.3}, b: {b:.1}, sigma: {sigma:.1}, sigma_eval: {sigma_eval:.1} }}, // d' = {shallow}, n = {}",
                band[0],
                pts.len()
            );
        }
    }
}

/// Bands of empties of the endgame fits (`--endgame`).
const END_BANDS: [u32; 4] = [10, 14, 18, 23];
/// The deepest shallow search of the endgame fits.
const END_DEPTH: u32 = 6;

/// `--endgame`: the exact score (×100) predicted from `d'`-ply values, `d'` = 0..=6,
/// one position per game at 10–22 empties (the solver's selective searches).
fn endgame(samples: &[othello::train::Sample], seed: u64, threads: usize) {
    let w = shipped();
    let boards = one_board_per_game(
        samples,
        SplitMix::new(seed ^ 0xE11D),
        END_BANDS[0],
        END_BANDS[3],
    );
    let state = || (Midgame::new(16), othello::solver::Solver::new(16));
    let values = on_threads(&boards, threads, state, |(m, solver), b| {
        let mut v = vec![w.value(b)];
        m.search(w, b, END_DEPTH, &Budget::unlimited(), &mut |r| {
            v.push(r.score.0)
        });
        (b.empties(), 100 * solver.solve(b).score, v)
    });
    println!("// endgame fits: {} positions", values.len());
    for shallow in 0..=END_DEPTH as usize {
        for band in END_BANDS.windows(2) {
            let pts: Vec<(f64, f64)> = values
                .iter()
                .filter(|(e, _, v)| (band[0]..band[1]).contains(e) && v.len() > shallow)
                .map(|(_, x, v)| (v[shallow] as f64, *x as f64))
                .collect();
            let (a, b, sigma) = fit(&pts);
            println!(
                "    EndCutFit {{ shallow: {shallow}, empties_min: {}, a: {a:.3}, b: {b:.1}, sigma: {sigma:.1} }}, // n = {}",
                band[0],
                pts.len()
            );
        }
    }
}

/// The least-squares line `y ≈ a·x + b` through `pts` and its residuals' standard
/// deviation.
fn fit(pts: &[(f64, f64)]) -> (f64, f64, f64) {
    let n = pts.len() as f64;
    let mx = pts.iter().map(|p| p.0).sum::<f64>() / n;
    let my = pts.iter().map(|p| p.1).sum::<f64>() / n;
    let sxy: f64 = pts.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let sxx: f64 = pts.iter().map(|p| (p.0 - mx) * (p.0 - mx)).sum();
    let a = sxy / sxx;
    let b = my - a * mx;
    let sse: f64 = pts.iter().map(|p| (p.1 - a * p.0 - b).powi(2)).sum();
    (a, b, (sse / (n - 2.0)).sqrt())
}

/// `work` on each of `boards` over `threads` scoped threads (thread `t` takes every
/// `threads`-th board from the `t`-th), each with its own `state`; the results thread
/// by thread.
fn on_threads<S, T: Send>(
    boards: &[othello::Board],
    threads: usize,
    state: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, othello::Board) -> T + Sync,
) -> Vec<T> {
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (state, work) = (&state, &work);
                s.spawn(move || {
                    let mut st = state();
                    let mine = boards.iter().skip(t).step_by(threads);
                    mine.map(|&b| work(&mut st, b)).collect::<Vec<T>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("worker"))
            .collect()
    })
}
