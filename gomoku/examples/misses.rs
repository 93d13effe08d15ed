//! What Rapfi's winning lines of some puzzles need from our threat generators:
//! `cargo run --release -p gomoku --example misses -- RULE NAMES_FILE` reads the puzzles
//! named in `NAMES_FILE` (`file#index`, one a line, e.g. the `missed` lines of the
//! `puzzles` example) from `../shared/data/gomoku/vcf-rapfi-verified.jsonl`, plays
//! Rapfi's principal variation under `RULE` and prints, for each attacker move, its
//! class:
//!
//! - `F` a four, `T` an open three, `B` a forced block of the defender's four;
//! - `Q` a closed three or two twos (the kind of cell the proof-number stage's λ²
//!   generator looks at), `X` a quieter move (its direction patterns shown);
//! - for `Q` and `X`: `+` when the attacker, moving again, then has a four-three or
//!   double-four cell (what the λ² generator keeps), `-` otherwise, and `vN` the number
//!   of attacker moves of the VCF it then has (100,000 VCF nodes; `novcf` when none);
//! - `*` when the move is away from the attacker's previous threat (its last move that
//!   was no block): off its four lines within four cells and more than three cells from
//!   it (`gomoku::vct::near_previous_threat`, the proof-number stage's test).
//!
//! A diagnostic (its findings are in the crate's FIGURES.md); Rapfi's line is one
//! line of many, so a class is what that line needs, not what every proof needs.

use gomoku::suite::parse_puzzles;
use gomoku::vcf::VcfSolver;
use gomoku::{Board, Cell, Pattern, Rule};
use zerosum::Game;

/// The class of the attacker's move `c` on `b` (see the module documentation, `*` aside).
fn class(b: &mut Board, c: Cell, vcf: &mut VcfSolver) -> String {
    let i = b.index(c);
    let a = b.side_to_move();
    if b.is_winning_cell(i, !a) {
        return "B".into();
    }
    let p = b.patterns(i, a);
    let max = p.iter().copied().max().unwrap_or(0);
    if max >= Pattern::Four as u8 {
        return "F".into();
    }
    if max == Pattern::OpenThree as u8 {
        return "T".into();
    }
    let threes = p.iter().filter(|&&v| v == Pattern::Three as u8).count();
    let twos = p.iter().filter(|&&v| v == Pattern::Two as u8).count();
    let ours = threes > 0 || twos >= 2;
    b.play_unchecked(c);
    b.set_side_to_move(a);
    let four_three = b.frontier().iter().any(|&j| {
        let p = b.patterns(j as usize, a);
        let fours = p.iter().filter(|&&v| v >= Pattern::Four as u8).count();
        let open_threes = p.iter().filter(|&&v| v == Pattern::OpenThree as u8).count();
        p.contains(&(Pattern::OpenFour as u8)) || fours >= 2 || (fours >= 1 && open_threes >= 1)
    });
    let line = vcf.solve(b, 60, 100_000);
    b.set_side_to_move(!a);
    b.try_undo();
    format!(
        "{}{}{}{}",
        if ours { "Q" } else { "X" },
        if ours {
            String::new()
        } else {
            format!("{p:?}")
        },
        if four_three { "+" } else { "-" },
        line.map_or("novcf".into(), |l| format!("v{}", l.len().div_ceil(2)))
    )
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rule: Rule = args
        .get(1)
        .map_or("freestyle", |s| s)
        .parse()
        .expect("rule");
    let names = std::fs::read_to_string(args.get(2).expect("NAMES_FILE")).expect("names");
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/data/gomoku/vcf-rapfi-verified.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("data file");
    let puzzles = parse_puzzles(&text).expect("puzzles");
    let raw: Vec<serde_json::Value> = (text.lines())
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    let key = match rule {
        Rule::Freestyle => "freestyle",
        Rule::Standard => "standard",
        Rule::Renju => "renju",
    };
    let mut vcf = VcfSolver::default();
    for (p, r) in puzzles.iter().zip(&raw) {
        let name = format!("{}#{}", p.file, p.index);
        if !names.lines().any(|l| l.trim() == name) {
            continue;
        }
        let mut b = p.board(rule).expect("board").solver_copy();
        let answer = &r[key];
        let cell = |xy: &serde_json::Value| Cell {
            x: xy[0].as_u64().expect("x") as u8,
            y: xy[1].as_u64().expect("y") as u8,
        };
        let line: Vec<Cell> = answer["line"]
            .as_array()
            .map(|v| v.iter().map(cell).collect())
            .unwrap_or_default();
        let mut out = Vec::new();
        let mut previous: Option<Cell> = None;
        for (k, &c) in line.iter().enumerate() {
            if b.outcome().is_some() || b.raw(b.index(c)) != 0 {
                break;
            }
            if k % 2 == 0 {
                let kind = class(&mut b, c, &mut vcf);
                let away = previous.is_some_and(|q| !gomoku::vct::near_previous_threat(c, q));
                if kind != "B" {
                    previous = Some(c);
                }
                out.push(format!("{c}:{kind}{}", if away { "*" } else { "" }));
            }
            b.play_unchecked(c);
        }
        println!("{name} {} | {}", answer["eval"], out.join(" "));
    }
}
