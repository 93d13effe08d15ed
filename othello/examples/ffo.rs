//! Solves FFO suite positions and prints time and nodes per position.
//!
//! `cargo run --release -p othello --example ffo -- <file.obf> [first] [last] [name=value…]`
//!
//! The `name=value` arguments change the solver's [`othello::solver::Tuning`] (e.g.
//! `etc_empties=65` switches the enhanced transposition cut-off off), to measure one
//! technique at a time; `tt_mib=N` sets the table size (default [`othello::solver::DEFAULT_MIB`], 32 MiB: see the crate's FIGURES.md for 16 / 64 / 256 MiB; the 2 MiB table of the positions near the leaves, `near_mib`, comes on top).

use othello::ffo::read_file;
use othello::solver::Solver;
use std::time::Instant;

/// CPU time of this thread (nanoseconds), or `None` outside Unix: on a loaded machine
/// wall time says little about the solver.
fn cpu_time() -> Option<std::time::Duration> {
    zerosum::time::thread_cpu_time()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: ffo <file.obf> [first] [last]");
        std::process::exit(2);
    };
    let positions = read_file(std::path::Path::new(path)).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    // A bad number, or a range with no position of the file, is an error (a tester's
    // report: both ran as "0 wrong", or the whole file).
    let number = |i: usize, default: usize| match args.get(i) {
        None => default,
        Some(s) => s.parse().unwrap_or_else(|_| {
            eprintln!("not a position number: {s:?} (usage: ffo <file.obf> [first] [last])");
            std::process::exit(2)
        }),
    };
    let (first, last) = (number(2, 0), number(3, usize::MAX));
    if positions.is_empty() {
        eprintln!("{path} has no position");
        std::process::exit(2);
    }
    if !positions.iter().any(|p| (first..=last).contains(&p.number)) {
        let numbers: Vec<usize> = positions.iter().map(|p| p.number).collect();
        eprintln!(
            "no position of {path} is numbered {first} to {last} (it has {}…{})",
            numbers.iter().min().unwrap_or(&0),
            numbers.iter().max().unwrap_or(&0)
        );
        std::process::exit(2);
    }
    let mib = args
        .iter()
        .skip(4)
        .find_map(|a| a.strip_prefix("tt_mib=")?.parse().ok())
        .unwrap_or(othello::solver::DEFAULT_MIB);
    let mut solver = Solver::new(mib);
    let mut tuning = solver.tuning();
    for a in args.iter().skip(4).filter(|a| !a.starts_with("tt_mib=")) {
        if let Err(e) = tuning.set(a) {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
    solver.set_tuning(tuning);
    println!("{tuning:?}");
    let (mut nodes, t0, mut bad, mut cpu_total) = (0u64, Instant::now(), 0, 0.0);
    let mut sort_nodes = 0u64;
    for pos in positions
        .iter()
        .filter(|p| (first..=last).contains(&p.number))
    {
        let (t, c) = (Instant::now(), cpu_time());
        let sort_before = solver.sort_nodes();
        let s = solver.solve(pos.game.board());
        sort_nodes += solver.sort_nodes() - sort_before;
        let dt = t.elapsed().as_secs_f64();
        let cpu = match (c, cpu_time()) {
            (Some(a), Some(b)) => (b - a).as_secs_f64(),
            _ => dt,
        };
        cpu_total += cpu;
        nodes += s.nodes;
        let mv = s.best_move.map(|m| m.to_string()).unwrap_or_default();
        let ok =
            Some(s.score) == pos.best_score() && s.best_move.is_some_and(|m| pos.is_best_move(m));
        bad += usize::from(!ok);
        println!(
            "#{:<2} {:>2} empties {:+3} {:<3} {:>12} nodes {:8.3} s wall {:8.2} s cpu {:5.1} Mn/s(cpu) {}",
            pos.number,
            pos.game.board().empties(),
            s.score,
            mv,
            s.nodes,
            dt,
            cpu,
            s.nodes as f64 / cpu.max(1e-9) / 1e6,
            if ok { "ok" } else { "WRONG" }
        );
    }
    println!(
        "total {nodes} nodes ({sort_nodes} in ordering searches), {:.2} s wall, {cpu_total:.2} s cpu, {bad} wrong",
        t0.elapsed().as_secs_f64()
    );
}
