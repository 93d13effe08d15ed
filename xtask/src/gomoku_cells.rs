//! `cargo xtask train-gomoku --cells --teacher …`: fits the cell evaluation
//! ([`gomoku::CellTable`]: a value per pattern code of a frontier cell for each side and
//! a value per threat mask) on a teacher engine's games, as `--teacher` fits the
//! feature table: every quiet position with a reported evaluation labelled with the
//! teacher's evaluation (a logistic of `--teacher-scale` units a logit) mixed with the
//! game's result (`--teacher-mix`), a logistic regression by Newton's method on the
//! sparse features ([`gomoku::cell_features`]), a ridge penalty of `--lambda` on the
//! standardised weights; the held-out games (every tenth) scored against the compiled
//! feature table's; the table written to `gomoku/src/eval_cells_fitted.rs`.

use crate::gomoku_teacher::TeacherGame;
use crate::gomoku_train::{
    TrainArgs, held_out, scaled_loss, teacher_games, teacher_positions, teacher_samples,
};
use gomoku::eval_cells_fitted::CELLS_FITTED;
use gomoku::train::{FITTED_DIVISOR, UNITS_PER_LOGIT, sigmoid, solve_spd};
use gomoku::{CELL_FEATURES, CellTable, EvalTable, PATTERN_CODES, THREAT_MASKS, cell_features};
use std::fmt::Write as _;
use std::path::Path;

/// One labelled position: its features (index, count) and its label.
struct CellSample {
    x: Vec<(usize, i32)>,
    y: f64,
}

/// The quiet positions of `games` with a teacher evaluation, labelled as
/// [`teacher_positions`] labels them (TD(λ) `lambda`).
fn cell_samples(games: &[TeacherGame], mix: f64, scale: f64, lambda: f64) -> Vec<CellSample> {
    teacher_positions(games, mix, scale, lambda, cell_features)
        .into_iter()
        .map(|(x, y)| CellSample { x, y })
        .collect()
}

/// The mean log loss of weights `w` (one per feature) on `samples`.
fn log_loss(samples: &[CellSample], w: &[f64]) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = sigmoid(s.x.iter().map(|&(j, n)| w[j] * f64::from(n)).sum())
                .clamp(1e-12, 1.0 - 1e-12);
            -(s.y * p.ln() + (1.0 - s.y) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// Logistic regression of the labels on the sparse features: Newton's method on the
/// features that occur (the others keep weight 0), a ridge penalty `lambda` on each
/// weight times its feature's standard deviation (the penalty of standardised features;
/// the constant, the last feature, is not penalised). Returns one weight per feature.
fn fit(samples: &[CellSample], lambda: f64, steps: u32) -> Vec<f64> {
    let n = samples.len() as f64;
    let (mut sum, mut sum2) = (vec![0.0f64; CELL_FEATURES], vec![0.0f64; CELL_FEATURES]);
    for s in samples {
        for &(j, c) in &s.x {
            sum[j] += f64::from(c);
            sum2[j] += f64::from(c) * f64::from(c);
        }
    }
    let live: Vec<usize> = (0..CELL_FEATURES).filter(|&j| sum2[j] > 0.0).collect();
    let mut slot = vec![usize::MAX; CELL_FEATURES];
    for (a, &j) in live.iter().enumerate() {
        slot[j] = a;
    }
    let m = live.len();
    let penalty: Vec<f64> = live
        .iter()
        .map(|&j| {
            if j == CELL_FEATURES - 1 {
                1e-9
            } else {
                let mean = sum[j] / n;
                lambda * (sum2[j] / n - mean * mean).max(1e-9)
            }
        })
        .collect();
    let mut w = vec![0.0f64; CELL_FEATURES];
    for step in 0..steps {
        let mut h = vec![0.0f64; m * m];
        let mut g = vec![0.0f64; m];
        for s in samples {
            let p = sigmoid(s.x.iter().map(|&(j, c)| w[j] * f64::from(c)).sum());
            let (r, v) = (p - s.y, p * (1.0 - p));
            for &(j, c) in &s.x {
                let (a, cj) = (slot[j], f64::from(c));
                g[a] += r * cj;
                for &(k, d) in &s.x {
                    h[a * m + slot[k]] += v * cj * f64::from(d);
                }
            }
        }
        for (a, &j) in live.iter().enumerate() {
            g[a] += penalty[a] * w[j];
            h[a * m + a] += penalty[a];
        }
        let delta = solve_spd(&h, &g, m);
        let mut largest = 0.0f64;
        for (a, &j) in live.iter().enumerate() {
            w[j] -= delta[a];
            largest = largest.max(delta[a].abs());
        }
        eprintln!(
            "  Newton step {}: log loss {:.4}, largest change {largest:.2e}",
            step + 1,
            log_loss(samples, &w)
        );
        if largest < 1e-6 {
            break;
        }
    }
    w
}

/// The fitted weights (logits a count) as a table in tenths of an evaluation unit.
fn to_cell_table(w: &[f64]) -> CellTable {
    let units = |x: f64| (x * UNITS_PER_LOGIT * f64::from(FITTED_DIVISOR)).round() as i32;
    let mut t = CellTable {
        mine: [0; PATTERN_CODES],
        theirs: [0; PATTERN_CODES],
        threats: [0; THREAT_MASKS],
        constant: units(w[CELL_FEATURES - 1]),
        divisor: FITTED_DIVISOR,
    };
    for j in 0..PATTERN_CODES {
        t.mine[j] = units(w[j]);
        t.theirs[j] = units(w[PATTERN_CODES + j]);
    }
    for m in 0..THREAT_MASKS {
        t.threats[m] = units(w[2 * PATTERN_CODES + m]);
    }
    t
}

/// The weights (in logits) of a cell table: the inverse of [`to_cell_table`] up to its
/// rounding, in the order of [`cell_features`].
fn cell_table_weights(t: &CellTable) -> Vec<f64> {
    let logit = |v: i32| f64::from(v) / (UNITS_PER_LOGIT * f64::from(t.divisor.max(1)));
    let mut w: Vec<f64> = t
        .mine
        .iter()
        .chain(&t.theirs)
        .chain(&t.threats)
        .map(|&v| logit(v))
        .collect();
    w.push(logit(t.constant));
    w
}

/// Writes `values` as the rows of a Rust array, sixteen a line.
pub(crate) fn rows(text: &mut String, values: &[i32]) {
    for chunk in values.chunks(16) {
        let line: Vec<String> = chunk.iter().map(i32::to_string).collect();
        let _ = writeln!(text, "        {},", line.join(", "));
    }
}

/// The `--cells` job: fits the table on the teacher's games and writes it; false when
/// no teacher is given or the file cannot be written.
pub fn fit_cells(args: &TrainArgs, root: &Path) -> bool {
    let Some(command) = args.teacher.as_deref() else {
        eprintln!("xtask train-gomoku --cells: needs --teacher (the games' engine)");
        return false;
    };
    let Some((games, (black, white, draws))) = teacher_games(args, root, command) else {
        return false;
    };
    let (train_games, held_games) = held_out(&games);
    let (mix, scale) = (args.teacher_mix, args.teacher_scale);
    let td = args.teacher_lambda;
    let train = cell_samples(&train_games, mix, scale, td);
    let held_teacher = cell_samples(&held_games, 1.0, scale, 0.0);
    let held_result = cell_samples(&held_games, 0.0, scale, 0.0);
    let held_labels = cell_samples(&held_games, mix, scale, td);
    eprintln!(
        "held-out fit ({} training positions, {} held out):",
        train.len(),
        held_teacher.len()
    );
    let w = fit(&train, args.lambda, 20);
    eprintln!(
        "  cell table, log loss against the teacher's evaluation / the result / the training labels: {:.4} / {:.4} / {:.4}",
        log_loss(&held_teacher, &w),
        log_loss(&held_result, &w),
        log_loss(&held_labels, &w)
    );
    // The committed table on the same held-out games. It flatters the committed table
    // when its games file is a prefix of this one: its own whole fit (below) used every
    // game of its file, the held-out ones too.
    let compiled = cell_table_weights(&CELLS_FITTED);
    eprintln!(
        "  compiled cell table (CELLS_FITTED), the same three (it may have been fitted on some of these games): {:.4} / {:.4} / {:.4}",
        log_loss(&held_teacher, &compiled),
        log_loss(&held_result, &compiled),
        log_loss(&held_labels, &compiled)
    );
    let (feature_train, feature_held) = (
        teacher_samples(&train_games, mix, scale),
        teacher_samples(&held_games, 1.0, scale),
    );
    eprintln!(
        "  compiled feature table (FITTED) against the teacher's evaluation: {:.4} (scaled on the training labels)",
        scaled_loss(&EvalTable::FITTED, &feature_train, &feature_held)
    );
    let all = cell_samples(&games, mix, scale, td);
    eprintln!("the whole fit ({} positions):", all.len());
    let w = fit(&all, args.lambda, 20);
    let loss = log_loss(&all, &w);
    let table = to_cell_table(&w);
    let home = std::env::var("HOME").unwrap_or_default();
    let shown = match command.strip_prefix(home.as_str()) {
        Some(rest) if !home.is_empty() => format!("~{rest}"),
        _ => command.to_string(),
    };
    let td_arg = if td > 0.0 {
        format!(" --teacher-lambda {td}")
    } else {
        String::new()
    };
    let evaluation = if td > 0.0 {
        format!("the TD({td}) return of the teacher's evaluations")
    } else {
        "the teacher's evaluation".to_string()
    };
    let cmd = format!(
        "cargo xtask train-gomoku --cells --teacher {shown} --teacher-nodes {} --games {} --seed {} --teacher-games {} --teacher-mix {mix} --teacher-scale {scale}{td_arg} --lambda {}",
        args.teacher_nodes,
        args.games,
        args.seed,
        args.teacher_games.display(),
        args.lambda
    );
    let mut text = String::new();
    let _ = writeln!(
        text,
        "//! The cell evaluation's values fitted on a teacher engine's games, written by\n//! `{cmd}`\n//! (do not edit by hand; run the command again).\n//!\n//! Data: {} games of the teacher against itself at {} nodes a move from random openings\n//! of 3 to 6 stones (black {black}, white {white}, draws {draws}); {} quiet positions, each\n//! labelled {mix} × {evaluation} (a logistic of {scale} units a logit) + {} × the\n//! game's result for the side to move. Logistic regression on the cell features (Newton,\n//! ridge {} on the standardised features): log loss {loss:.4}. {} units a logit, values in\n//! tenths of a unit.\n\nuse crate::eval_cells::CellTable;\n\n/// The fitted cell table (index orders of [`crate::pattern_code`] and\n/// [`crate::threat_mask`]).\npub const CELLS_FITTED: CellTable = CellTable {{",
        games.len(),
        args.teacher_nodes,
        all.len(),
        1.0 - mix,
        args.lambda,
        UNITS_PER_LOGIT,
    );
    text.push_str("    mine: [\n");
    rows(&mut text, &table.mine);
    text.push_str("    ],\n    theirs: [\n");
    rows(&mut text, &table.theirs);
    text.push_str("    ],\n    threats: [\n");
    rows(&mut text, &table.threats);
    let _ = write!(
        text,
        "    ],\n    constant: {},\n    divisor: {},\n}};\n",
        table.constant, table.divisor
    );
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| root.join("gomoku/src/eval_cells_fitted.rs"));
    match std::fs::write(&out, text) {
        Ok(()) => {
            eprintln!("wrote {}", out.display());
            true
        }
        Err(e) => {
            eprintln!(
                "xtask train-gomoku --cells: cannot write {}: {e}",
                out.display()
            );
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fit recovers the weights of a known logistic model from labels drawn as its
    /// probabilities (soft labels: the exact expected outcome), with a ridge small
    /// enough not to matter; a feature that never occurs keeps weight 0.
    #[test]
    fn recovers_the_weights_of_a_known_model() {
        let truth = |j: usize| match j {
            0 => 0.3,
            1 => -0.5,
            PATTERN_CODES => 0.2,
            j if j == 2 * PATTERN_CODES + 5 => 1.0,
            j if j == CELL_FEATURES - 1 => -0.1,
            _ => 0.0,
        };
        let mut rng = 7u64;
        let mut samples = Vec::new();
        for _ in 0..4000 {
            let mut x = Vec::new();
            for j in [0, 1, PATTERN_CODES] {
                let n = (gomoku::train::random_below(&mut rng, 6)) as i32;
                if n > 0 {
                    x.push((j, n));
                }
            }
            if gomoku::train::random_below(&mut rng, 3) == 0 {
                x.push((2 * PATTERN_CODES + 5, 1));
            } else {
                x.push((2 * PATTERN_CODES + 6, 1));
            }
            x.push((CELL_FEATURES - 1, 1));
            let z: f64 = x.iter().map(|&(j, n)| truth(j) * f64::from(n)).sum();
            samples.push(CellSample { x, y: sigmoid(z) });
        }
        let w = fit(&samples, 1e-6, 30);
        for j in [0, 1, PATTERN_CODES] {
            assert!(
                (w[j] - truth(j)).abs() < 1e-3,
                "weight {j}: {} against {}",
                w[j],
                truth(j)
            );
        }
        // The two masks and the constant are collinear (one mask a sample): only each
        // mask's sum with the constant is identified.
        let c = w[CELL_FEATURES - 1];
        let (m5, m6) = (w[2 * PATTERN_CODES + 5] + c, w[2 * PATTERN_CODES + 6] + c);
        assert!((m5 - 0.9).abs() < 1e-3, "mask 5 with the constant: {m5}");
        assert!((m6 + 0.1).abs() < 1e-3, "mask 6 with the constant: {m6}");
        assert_eq!(w[2], 0.0, "a feature that never occurs");
    }

    /// The table holds the weights in tenths of an evaluation unit (200 a logit).
    #[test]
    fn table_units() {
        let mut w = vec![0.0; CELL_FEATURES];
        w[3] = 0.5;
        w[PATTERN_CODES + 4] = -1.0;
        w[2 * PATTERN_CODES + 9] = 0.25;
        w[CELL_FEATURES - 1] = 0.1;
        let t = to_cell_table(&w);
        assert_eq!(
            (t.mine[3], t.theirs[4], t.threats[9], t.constant),
            (1000, -2000, 500, 200)
        );
        assert_eq!(t.divisor, 10);
    }
}
