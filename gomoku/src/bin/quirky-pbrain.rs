//! A Gomocup engine with the quirks real engines have, for testing match runners:
//! our [`gomoku::protocol::Brain`] at a fixed node budget, plus
//!
//! - `--error-on-info`: answers `ERROR` to every `INFO` key it does not know (as Rapfi
//!   does to unknown commands);
//! - `--slow-first MS`: sleeps that long before its first move;
//! - `--die-after N`: exits without a word once it has answered N moves;
//! - `--nodes N`: nodes per move, the root VCF and VCT included (default 300);
//! - `--eval FILE`: the evaluation table in the text form of `EvalTable::to_text`
//!   (matches of alternative weights: `cargo xtask tune-gomoku`);
//! - engine variants for ladder matches: `--quick-wins on|off` (`Engine::quick_wins`),
//!   `--stand-pat on|off` (`Engine::leaf_stand_pat` and `Engine::leaf_vcf_four_three`
//!   together), `--leaf-vct N` (`Engine::leaf_vct_nodes`), `--leaf-vct-vcf N`
//!   (`Engine::leaf_vct_vcf_nodes`); search shape: `--null-move D` (`Engine::null_move_depth`),
//!   `--null-r R`, `--null-margin M`, `--null-verify on|off`, `--aspiration W`,
//!   `--futility M` (`Engine::futility_margin`), `--futility-depth D`, `--max-moves N`,
//!   `--widths A,B,…` (`Engine::depth_widths`), `--width-gap G`, `--gap-min N`,
//!   `--move-count on|off` (`Engine::move_count_pruning`).
//!
//! `quirky-pbrain --die-after 3 < commands`

use gomoku::protocol::Brain;
use std::io::{BufRead, Write};
use std::time::Duration;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| -> Option<u64> {
        let i = args.iter().position(|a| a == name)?;
        args.get(i + 1)?.parse().ok()
    };
    let error_on_info = args.iter().any(|a| a == "--error-on-info");
    let mut slow_first = value("--slow-first").map(Duration::from_millis);
    let die_after = value("--die-after");
    let mut brain = Brain::new().with_node_limit(value("--nodes").unwrap_or(300));
    if let Some(i) = args.iter().position(|a| a == "--eval") {
        let path = args.get(i + 1).map(String::as_str).unwrap_or("");
        let table = std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|t| gomoku::EvalTable::parse(&t).map_err(|e| e.to_string()));
        match table {
            Ok(t) => brain = brain.with_eval(t),
            Err(e) => {
                eprintln!("quirky-pbrain: --eval {path}: {e}");
                std::process::exit(2);
            }
        }
    }
    let switch = |name: &str| -> Option<bool> {
        let i = args.iter().position(|a| a == name)?;
        match args.get(i + 1).map(String::as_str) {
            Some("on") => Some(true),
            Some("off") => Some(false),
            other => {
                eprintln!("quirky-pbrain: {name} takes on or off, not {other:?}");
                std::process::exit(2);
            }
        }
    };
    let (quick_wins, stand_pat) = (switch("--quick-wins"), switch("--stand-pat"));
    let (leaf_vct, leaf_vct_vcf) = (value("--leaf-vct"), value("--leaf-vct-vcf"));
    // Signed values (margins may be negative).
    let signed = |name: &str| -> Option<i32> {
        let i = args.iter().position(|a| a == name)?;
        match args.get(i + 1).map(|v| v.parse()) {
            Some(Ok(v)) => Some(v),
            _ => {
                eprintln!("quirky-pbrain: {name} takes a number");
                std::process::exit(2);
            }
        }
    };
    let null_move = signed("--null-move");
    let null_r = signed("--null-r");
    let null_margin = signed("--null-margin");
    let null_verify = switch("--null-verify");
    let aspiration = signed("--aspiration");
    let futility = signed("--futility");
    let futility_depth = signed("--futility-depth");
    let max_moves = value("--max-moves");
    let move_count = switch("--move-count");
    let width_gap = signed("--width-gap");
    let gap_min = value("--gap-min");
    let widths: Option<Vec<usize>> = args.iter().position(|a| a == "--widths").map(|i| {
        let list = args.get(i + 1).map(String::as_str).unwrap_or("");
        match list
            .split(',')
            .map(str::parse)
            .collect::<Result<Vec<usize>, _>>()
        {
            Ok(w) if !w.is_empty() && w.iter().all(|&n| n > 0) => w,
            _ => {
                eprintln!("quirky-pbrain: --widths takes widths A,B,… (plies left 1, 2, …)");
                std::process::exit(2);
            }
        }
    });
    brain = brain.with_engine_setup(move |e| {
        if let Some(on) = quick_wins {
            e.quick_wins = on;
        }
        if let Some(on) = stand_pat {
            e.leaf_stand_pat = on;
            e.leaf_vcf_four_three = on;
        }
        if let Some(n) = leaf_vct {
            e.leaf_vct_nodes = n;
        }
        if let Some(n) = leaf_vct_vcf {
            e.leaf_vct_vcf_nodes = n;
        }
        if let Some(d) = null_move {
            e.null_move_depth = d;
        }
        if let Some(r) = null_r {
            e.null_move_reduction = r;
        }
        if let Some(m) = null_margin {
            e.null_move_margin = m;
        }
        if let Some(on) = null_verify {
            e.null_move_verify = on;
        }
        if let Some(w) = aspiration {
            e.aspiration = w;
        }
        if let Some(m) = futility {
            e.futility_margin = m;
        }
        if let Some(d) = futility_depth {
            e.futility_depth = d;
        }
        if let Some(on) = move_count {
            e.move_count_pruning = on;
        }
        if let Some(n) = max_moves {
            e.max_moves = n as usize;
        }
        if let Some(w) = &widths {
            e.depth_widths = w.clone();
        }
        if let Some(g) = width_gap {
            e.width_gap = g;
        }
        if let Some(n) = gap_min {
            e.gap_min = n as usize;
        }
    });
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    let mut answered = 0;
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let upper = line.trim().to_ascii_uppercase();
        if error_on_info && upper.starts_with("INFO") {
            let known = ["TIMEOUT_TURN", "TIMEOUT_MATCH", "TIME_LEFT", "RULE"];
            if !known.iter().any(|k| upper[4..].trim_start().starts_with(k)) {
                let _ = writeln!(out, "ERROR unknown info {}", line.trim());
                let _ = out.flush();
                continue;
            }
        }
        let moves = upper.starts_with("TURN") || upper.starts_with("BEGIN") || upper == "DONE";
        if moves && let Some(t) = slow_first.take() {
            std::thread::sleep(t);
        }
        if moves && die_after.is_some_and(|n| answered >= n) {
            std::process::exit(3);
        }
        match brain.handle_line(&line, &mut out) {
            Ok(true) => {}
            _ => break,
        }
        if moves {
            answered += 1;
        }
    }
}
