//! Fixed work for timing with an outside CPU clock (criterion measures wall time, which
//! a shared machine stretches): `cargo run --release -p gomoku --example speed -- play`
//! plays and takes back each of the 211 legal moves of a 14-stone position 2,000 times
//! (422,000 play + undo pairs; `-- play solver` the same on a `Board::solver_copy`, the
//! threat solvers' board); `-- search` runs the tree search alone (no root VCF or
//! VCT) to 20,000 nodes from four positions, three times, and prints the nodes. Time
//! either with `/usr/bin/time -f "%U %S"`. `-- search hand` searches with the hand-set
//! evaluation and move ordering and 14 candidates a node (the engine before the fitted
//! tables) instead of the engine's defaults; `-- search stand-pat` turns on stand pat
//! at the horizon and the leaf VCF probe only at four-three cells
//! (`Engine::leaf_stand_pat` and `Engine::leaf_vcf_four_three`; both on by default
//! now, so it searches as the default does). Search-shape variants as `name=value`
//! after `search`: `max-moves=N` (`Engine::max_moves`), `threads=N` (`Engine::threads`; a node limit then counts the first thread's nodes) and the selective search's
//! `red=0|1`, `red-div=X`, `red-gap=N`, `red-from=N`, `red-depth=D`, `red-floor=D`,
//! `hist=0|1`, `mc=0|1`, `pv-mc=0|1`, `mc-base=X`, `leaf-vcf=N`, `leaf-vct=N`,
//! `leaf-vct-vcf=N`, `root-vcf=N`, `root-vct=N`, `quick=0|1`, `cell-eval=0|1` (`Engine::cell_eval`, 1 by default), `pattern-order=0|1` (`Engine::pattern_order`, 1 by default), `stand-pat=0|1`,
//! `rfp=M`, `rfp-depth=D`, `root-max-moves=N`, `threat-prune=D`, `red-pv-less=D`;
//! it also prints the mean depth reached. `-- depth FILE NODES [name=value…]` searches
//! each position of FILE (e.g. `gomoku/examples/depth-positions.txt`, 36 positions of
//! ladder games) with the engine's defaults and the root solvers, and prints how many
//! positions it found a win in (a tactics screen on won puzzle positions), the depth
//! reached, where the nodes went (`Engine::stats`), the first-move cut-off rate and the
//! branching factor per iteration (`verbose=1`: each position's iterations); there
//! `ms=N` searches N milliseconds a position instead of NODES (with `ms=` or `threads=`,
//! the first thread's node count is printed too). `search` reads no `ms=`: it always
//! stops at its 20,000 nodes.

use gomoku::{Board, Engine, Game, Notation};
use std::hint::black_box;
use zerosum::search::Limits;

fn main() {
    match std::env::args().nth(1).as_deref() {
        Some("play") => {
            let b = Board::parse_position("h8i7e9h6g5i5i6g7j4k7h7j6h4k5").unwrap();
            let mut moves = zerosum::MoveList::new();
            b.legal_moves(&mut moves);
            let solver = std::env::args().nth(2).as_deref() == Some("solver");
            let mut g = if solver { b.solver_copy() } else { b.clone() };
            for _ in 0..2_000 {
                for &m in &moves {
                    g.play(m);
                    g.undo();
                }
            }
            assert_eq!(black_box(&g).hash(), b.hash());
            println!("{} play + undo pairs", 2_000 * moves.len());
        }
        Some("search") => {
            let mut nodes = 0;
            let mut depths = 0;
            let opts: Vec<String> = std::env::args().skip(2).collect();
            for _ in 0..3 {
                for p in [
                    "h8i7e9h6g5i5",
                    "h8i7e9",
                    "h8g6e10",
                    "h8i7e9h6g5i5i6g7j4k7h7j6h4k5",
                ] {
                    let mut e = Engine::new(16);
                    e.root_vcf_nodes = 0;
                    e.root_vct_nodes = 0;
                    if std::env::args().nth(2).as_deref() == Some("hand") {
                        e.fitted_order = false;
                        e.max_moves = 14;
                        e.use_feature_table(gomoku::EvalTable::HAND);
                    }
                    if std::env::args().nth(2).as_deref() == Some("stand-pat") {
                        e.leaf_stand_pat = true;
                        e.leaf_vcf_four_three = true;
                    }
                    for o in &opts {
                        set_option(&mut e, o);
                    }
                    let b = Board::parse_position(p).unwrap();
                    let info = e.search(black_box(&b), &Limits::nodes(20_000));
                    nodes += info.nodes;
                    depths += info.depth;
                }
            }
            println!(
                "{nodes} search nodes, mean depth {:.2}",
                f64::from(depths) / 12.0
            );
        }
        Some("depth") => depth_report(),
        _ => eprintln!("usage: speed play|search|depth"),
    }
}

/// `speed depth FILE NODES [name=value…]`: searches each position of FILE (one
/// `15f:moves` a line) with the engine's defaults (root solvers on) and the options, to
/// NODES nodes, and prints the depth reached, where the nodes went ([`gomoku::TreeStats`])
/// and the effective branching factor (tree nodes of an iteration over the previous one's).
fn depth_report() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[2]).expect("a position file");
    let nodes: u64 = args[3].parse().expect("a node count");
    let mut total = gomoku::TreeStats::default();
    let mut depths = Vec::new();
    let mut ebf_log = 0.0;
    let mut ebf_n = 0;
    let mut tree_nodes = 0;
    let mut main_nodes = 0;
    let mut wins = 0;
    // `ms=N`: N milliseconds a position instead of the node limit.
    let limits = match args[4..].iter().find_map(|o| o.strip_prefix("ms=")) {
        Some(ms) => Limits::time(std::time::Duration::from_millis(ms.parse().expect("ms"))),
        None => Limits::nodes(nodes),
    };
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let b = Board::parse_position(line.trim()).expect("a position");
        let mut e = Engine::new(16);
        for o in &args[4..] {
            set_option(&mut e, o);
        }
        let mut iters: Vec<u64> = Vec::new();
        let info = e.search_observed(&b, &limits, &mut |r| iters.push(r.nodes));
        main_nodes += iters.last().copied().unwrap_or(0);
        let s = e.stats;
        let base = s.root_solver_nodes;
        let per: Vec<u64> = iters
            .iter()
            .scan(base, |prev, &n| {
                let d = n - *prev;
                *prev = n;
                Some(d)
            })
            .collect();
        // Branching factor from the last two finished iterations of at least 200 nodes.
        if let [.., a, b2] = per[..]
            && a >= 200
        {
            ebf_log += (b2 as f64 / a as f64).ln();
            ebf_n += 1;
        }
        tree_nodes += info.nodes - base;
        depths.push(info.depth);
        if info.score.is_win() {
            wins += 1;
        }
        total += s;
        if args.iter().any(|a| a == "verbose=1") {
            println!(
                "{line} depth {} score {} iterations {per:?}",
                info.depth, info.score
            );
        }
    }
    if args[4..]
        .iter()
        .any(|o| o.starts_with("ms=") || o.starts_with("threads="))
    {
        println!("the first thread's nodes at its last finished iterations: {main_nodes}");
    }
    depths.sort_unstable();
    let n = depths.len().max(1) as f64;
    let t = total;
    println!(
        "positions {} wins found {wins} depth median {} mean {:.2}; EBF (last two iterations) {:.2}",
        depths.len(),
        depths[depths.len() / 2],
        depths.iter().map(|&d| f64::from(d)).sum::<f64>() / n,
        (ebf_log / f64::from(ebf_n.max(1))).exp()
    );
    println!(
        "nodes: root solvers {} tree {} = interior {} horizon {} early {} (table {} quick wins {} futility {}) probes {}",
        t.root_solver_nodes,
        tree_nodes,
        t.interior,
        t.horizon,
        t.early,
        t.tt_cuts,
        t.quick_wins,
        t.futility_cuts,
        t.probe_nodes
    );
    println!(
        "moves a node {:.2}; cuts {} first {:.1} % mean index {:.2}; re-searches {} reduced {} pruned {} threat-pruned {}",
        t.generated as f64 / t.interior.max(1) as f64,
        t.cuts,
        100.0 * t.first_cuts as f64 / t.cuts.max(1) as f64,
        t.cut_index_sum as f64 / t.cuts.max(1) as f64,
        t.re_searches,
        t.reduced,
        t.pruned,
        t.threat_pruned
    );
}

/// Applies one `name=value` search-shape option (see the module docs) to `e`.
fn set_option(e: &mut Engine, option: &str) {
    let Some((name, value)) = option.split_once('=') else {
        return;
    };
    let n = || -> i32 { value.parse().expect("a number") };
    match name {
        "max-moves" => e.max_moves = n() as usize,
        "threads" => e.threads = n() as usize,
        "ms" => {} // read by `depth_report`
        "verbose" => {}
        "red" => e.reductions = n() != 0,
        "red-div" => e.reduction_divisor = value.parse().expect("a number"),
        "red-gap" => e.reduction_gap = n(),
        "red-from" => e.reduction_from = n() as usize,
        "hist" => e.history = n() != 0,
        "red-depth" => e.reduction_depth = n(),
        "red-floor" => e.reduction_floor = n(),
        "mc" => e.move_count_pruning = n() != 0,
        "pv-mc" => e.pv_move_count_pruning = n() != 0,
        "leaf-vcf" => e.leaf_vcf_nodes = n() as u64,
        "leaf-vct" => e.leaf_vct_nodes = n() as u64,
        "leaf-vct-vcf" => e.leaf_vct_vcf_nodes = n() as u64,
        "root-vct" => e.root_vct_nodes = n() as u64,
        "root-vcf" => e.root_vcf_nodes = n() as u64,
        "mc-base" => e.move_count_base = value.parse().expect("a number"),
        "quick" => e.quick_wins = n() != 0,
        "cell-eval" => {
            e.cell_eval = (n() != 0).then_some(&gomoku::eval_cells_fitted::CELLS_FITTED);
        }
        "pattern-order" => e.pattern_order = n() != 0,
        "stand-pat" => e.leaf_stand_pat = n() != 0,
        "rfp" => e.reverse_futility_margin = n(),
        "rfp-depth" => e.reverse_futility_depth = n(),
        "red-pv-less" => e.pv_reduction_less = n(),
        "threat-prune" => e.threat_prune_depth = n(),
        "root-max-moves" => e.root_max_moves = n() as usize,
        _ => panic!("unknown option {name}"),
    }
}
