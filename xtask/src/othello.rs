//! othello suites for `cargo xtask`: the FFO endgame positions solved exactly, one
//! thread, checked against the published scores and best moves.

use crate::SuiteRow;
use othello::ffo::{FfoPosition, read_file};
use othello::solver::Solver;
use std::path::Path;
use std::time::{Duration, Instant};

/// Runs the othello suites found under `data` (if any); `quick` takes a sample
/// (#1–#19 and #20–#29).
pub fn suites(data: Option<&Path>, quick: bool) -> Vec<SuiteRow> {
    let Some(dir) = data.map(|d| d.join("othello")).filter(|d| d.is_dir()) else {
        return Vec::new();
    };
    let load = |f: &str| read_file(&dir.join(f)).ok();
    let mut rows = Vec::new();
    let mut solver = Solver::new(256);
    if let Some(p) = load("fforum-1-19.obf") {
        rows.push(run(
            &mut solver,
            "othello FFO #1-#19",
            &p,
            1..=19,
            "no reference figure in the data README",
        ));
    }
    if let Some(p) = load("fforum-20-39.obf") {
        let (range, name) = if quick {
            (20..=29, "othello FFO #20-#29")
        } else {
            (20..=39, "othello FFO #20-#39")
        };
        rows.push(run(
            &mut solver,
            name,
            &p,
            range,
            "Edax 4.6 (real weights): 2.14 s for #20-#39, i7-9700",
        ));
    }
    if !quick && let Some(p) = load("fforum-40-59.obf") {
        rows.push(run(
            &mut solver,
            "othello FFO #40-#49",
            &p,
            40..=49,
            "Edax zero-weight here: 6.75 G nodes, 242 s; real weights about 1.06 G nodes",
        ));
    }
    rows
}

/// CPU time of this thread (Linux `/proc/thread-self/stat`, clock ticks of 10 ms), or
/// `None` elsewhere: on a loaded machine wall time says little about the solver.
fn cpu_time() -> Option<std::time::Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    let after = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = after.split_whitespace().collect();
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some(std::time::Duration::from_millis((utime + stime) * 10))
}

fn run(
    solver: &mut Solver,
    name: &str,
    positions: &[FfoPosition],
    range: std::ops::RangeInclusive<usize>,
    reference: &str,
) -> SuiteRow {
    let mut row = SuiteRow {
        name: name.to_string(),
        ..SuiteRow::default()
    };
    let (mut total_time, mut total_nodes, mut total_cpu) = (Duration::ZERO, 0u64, Duration::ZERO);
    let mut failures = Vec::new();
    for pos in positions.iter().filter(|p| range.contains(&p.number)) {
        let (t, c) = (Instant::now(), cpu_time());
        let s = solver.solve(pos.game.board());
        let dt = t.elapsed();
        let cpu = match (c, cpu_time()) {
            (Some(a), Some(b)) => b - a,
            _ => dt,
        };
        total_cpu += cpu;
        total_time += dt;
        total_nodes += s.nodes;
        row.positions += 1;
        let ok =
            Some(s.score) == pos.best_score() && s.best_move.is_some_and(|m| pos.is_best_move(m));
        if ok {
            row.passed += 1;
        } else {
            failures.push(format!("#{}", pos.number));
        }
        eprintln!(
            "  FFO #{:<2} {:>2} empties  {:+3} {:<3} {:>12} nodes {:8.3} s wall {:8.2} s cpu{}",
            pos.number,
            pos.game.board().empties(),
            s.score,
            s.best_move.map(|m| m.to_string()).unwrap_or_default(),
            s.nodes,
            dt.as_secs_f64(),
            cpu.as_secs_f64(),
            if ok { "" } else { "  WRONG" }
        );
    }
    if row.positions > 0 {
        row.mean_time = total_time / row.positions as u32;
        row.mean_nodes = total_nodes as f64 / row.positions as f64;
    }
    row.note = format!(
        "total {:.2} s wall, {:.2} s cpu, {:.1} M nodes; {reference}{}",
        total_time.as_secs_f64(),
        total_cpu.as_secs_f64(),
        total_nodes as f64 / 1e6,
        if failures.is_empty() {
            String::new()
        } else {
            format!("; WRONG: {}", failures.join(" "))
        }
    );
    row
}
