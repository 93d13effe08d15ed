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
//! after `search`: `null=D`, `null-r=R`,
//! `null-margin=M`, `null-verify=1`, `asp=W`, `fut=M`, `fut-depth=D`, `max-moves=N`,
//! `widths=A,B,…`, `gap=G`, `gap-min=N` (the `Engine` fields of those names);
//! it also prints the mean depth reached.

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
                        e.eval = gomoku::EvalTable::HAND;
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
        _ => eprintln!("usage: speed play|search"),
    }
}

/// Applies one `name=value` search-shape option (see the module docs) to `e`.
fn set_option(e: &mut Engine, option: &str) {
    let Some((name, value)) = option.split_once('=') else {
        return;
    };
    let n = || -> i32 { value.parse().expect("a number") };
    match name {
        "null" => e.null_move_depth = n(),
        "null-r" => e.null_move_reduction = n(),
        "null-margin" => e.null_move_margin = n(),
        "null-verify" => e.null_move_verify = n() != 0,
        "asp" => e.aspiration = n(),
        "fut" => e.futility_margin = n(),
        "fut-depth" => e.futility_depth = n(),
        "max-moves" => e.max_moves = n() as usize,
        "widths" => {
            e.depth_widths = value
                .split(',')
                .map(|w| w.parse().expect("a width"))
                .collect()
        }
        "gap" => e.width_gap = n(),
        "gap-min" => e.gap_min = n() as usize,
        _ => panic!("unknown option {name}"),
    }
}
