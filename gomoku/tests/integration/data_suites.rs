//! The public data suites of `../shared/data/gomoku/` (skipped when absent).

use gomoku::suite::{
    PUZZLE_CPU_GOAL, SUITE_VCT_NODES, parse_puzzles, run_vcf_suite, thread_cpu_time,
};
use gomoku::{Board, Rule};
use std::path::PathBuf;

#[test]
#[ignore = "runs about 1,500 puzzles; cargo test -p gomoku -- --ignored"]
fn vcf_puzzles_freestyle() {
    let Some(text) = crate::common::data_file("vcf-rapfi-verified.jsonl") else {
        return;
    };
    let puzzles = parse_puzzles(&text).unwrap();
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
        let r = run_vcf_suite(&puzzles, rule, 200_000, SUITE_VCT_NODES);
        eprintln!(
            "{rule}: {}, time {:?}, slowest {:?}",
            r.totals(),
            r.time,
            r.slowest
        );
        eprintln!("{rule}: {}", r.cpu_summary(PUZZLE_CPU_GOAL));
        let mut by: std::collections::BTreeMap<String, usize> = Default::default();
        for m in &r.missed {
            *by.entry(m.split('#').next().unwrap().to_string())
                .or_default() += 1;
        }
        eprintln!("missed by file: {by:?}");
        assert_eq!(r.bad_proofs, 0);
        assert_eq!(r.false_claims, 0);
        if rule == Rule::Freestyle {
            // The goal is 98%; most misses are white-to-move renju puzzles whose freestyle
            // win is neither a VCF nor a VCT found within the budget (most need a quiet
            // move). Guard the measured level (95.3% since the proof-number stage)
            // against regressions.
            eprintln!(
                "goal 98%: {}",
                if r.solved * 100 >= r.positions * 98 {
                    "met"
                } else {
                    "not met"
                }
            );
            assert!(r.solved * 100 >= r.positions * 94, "regression below 94%");
        }
    }
}

/// The committed sample `tests/integration/fixtures/vcf-sample.jsonl`: lines 1, 2, 3, 37,
/// 91 and 505 of `vcf-rapfi-verified.jsonl` (the lfz084 VCF puzzles checked by Rapfi
/// 0.43.02, see `../shared/data/gomoku/README.md`): proved wins, an instant win, an
/// unproved (numeric) answer and a proved loss, so that the reader (every `eval` shape) and
/// the VCF suite runner are tested without the data folder.
#[test]
fn committed_sample_runs_through_the_vcf_suite() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/integration/fixtures/vcf-sample.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    let puzzles = parse_puzzles(&text).unwrap();
    assert_eq!(puzzles.len(), 6);
    assert_eq!(puzzles[0].freestyle.eval.as_deref(), Some("+M7"));
    assert!(puzzles[3].freestyle.instant());
    assert_eq!(puzzles[4].freestyle.eval.as_deref(), Some("165"));
    assert!(puzzles[5].freestyle.proved_loss());
    let r = run_vcf_suite(&puzzles, Rule::Freestyle, 200_000, 20_000);
    eprintln!("{r:?}");
    // Four positives (three +M, one instant), one proved loss; the numeric one is skipped.
    assert_eq!((r.positions, r.negatives), (4, 1));
    assert_eq!(r.solved, 4, "missed {:?}", r.missed);
    assert_eq!((r.bad_proofs, r.false_claims), (0, 0));
    // Every attempted puzzle has its search CPU time recorded (where the clock exists).
    if thread_cpu_time().is_some() {
        assert_eq!(r.cpu.len(), r.positions + r.negatives);
    }
}

/// `white-to-move-vcf.json#29` under freestyle: Rapfi proves a win in 19 plies
/// (`+M19`) whose line plays quiet VCF threats (λ² moves). The VCT's iterative
/// deepening and threat-space stage (the suite's budgets, no proof-number stage) do not
/// find it; the proof-number stage with λ² moves does, alone within a node budget and
/// after them with the suite's settings, and its proof trees pass the independent
/// checker.
#[test]
#[ignore = "reads ../shared/data; cargo test -p gomoku -- --ignored data_suites::"]
fn the_proof_number_stage_proves_a_quiet_threat_win() {
    use gomoku::suite::{SUITE_VCT_NODES, VCT_DEPTH, suite_vct_solver};
    use gomoku::vcf::VcfSolver;
    use gomoku::vct::check_vct_proof;
    let Some(text) = crate::common::data_file("vcf-rapfi-verified.jsonl") else {
        return;
    };
    let puzzles = parse_puzzles(&text).unwrap();
    let p = puzzles
        .iter()
        .find(|p| p.file == "lfz084-vcf/white-to-move-vcf.json" && p.index == 29)
        .unwrap();
    assert!(p.freestyle.proved_win(), "Rapfi proves the win");
    let mut b = p.board(Rule::Freestyle).unwrap();
    let start = b.clone();
    assert!(
        VcfSolver::default().solve(&mut b, 60, 200_000).is_none(),
        "no VCF"
    );
    let mut vct = suite_vct_solver();
    let proof = vct
        .prove(&mut b, VCT_DEPTH, SUITE_VCT_NODES, None)
        .expect("the suite's VCT finds the win");
    check_vct_proof(&b, &proof).unwrap_or_else(|e| panic!("{e}: {proof:?}"));
    eprintln!("the suite's VCT: {} nodes", vct.nodes);
    vct.dfpn_nodes = 0;
    assert!(
        vct.prove(&mut b, VCT_DEPTH, SUITE_VCT_NODES, None)
            .is_none(),
        "without the proof-number stage the VCT misses it"
    );
    vct.tss_nodes = 0;
    vct.dfpn_nodes = 300_000;
    let proof = vct
        .prove(&mut b, VCT_DEPTH, 0, None)
        .expect("the proof-number stage finds the win");
    check_vct_proof(&b, &proof).unwrap_or_else(|e| panic!("{e}: {proof:?}"));
    assert_eq!(b, start, "the board is restored");
    eprintln!(
        "proof-number stage: {} nodes, proof of {} attacker moves",
        vct.nodes,
        proof.size()
    );
}

/// Puzzle `index` of `lfz084-vcf/white-to-move-vcf.json` under freestyle; `None` when the
/// shared data is absent.
fn white_to_move_puzzle(index: usize) -> Option<Board> {
    puzzle("lfz084-vcf/white-to-move-vcf.json", index)
}

/// Puzzle `index` of `file` (as the data names it) under freestyle; `None` when the
/// shared data is absent.
fn puzzle(file: &str, index: usize) -> Option<Board> {
    let text = crate::common::data_file("vcf-rapfi-verified.jsonl")?;
    let puzzles = parse_puzzles(&text).unwrap();
    let p = puzzles
        .iter()
        .find(|p| p.file == file && p.index == index)
        .unwrap();
    Some(p.board(Rule::Freestyle).unwrap())
}

/// `white-to-move-vcf.json#381` under freestyle: the suite's VCT proves it in its
/// proof-number stage, where relevance zones (`VctSolver::dfpn_zones`, Wu and Lin 2010)
/// prove nodes below a counter-four and its block by the proof of the same node without
/// them. The proof read back through those nodes passes the independent checker, with
/// zones and without.
#[test]
#[ignore = "reads ../shared/data; cargo test -p gomoku -- --ignored data_suites::"]
fn relevance_zones_prove_nodes_by_the_proof_without_a_counter_four() {
    use gomoku::suite::{SUITE_VCT_NODES, VCT_DEPTH, suite_vct_solver};
    use gomoku::vct::check_vct_proof;
    let Some(mut b) = white_to_move_puzzle(381) else {
        return;
    };
    for zones in [true, false] {
        let mut vct = suite_vct_solver();
        vct.dfpn_zones = zones;
        let proof = vct
            .prove(&mut b, VCT_DEPTH, SUITE_VCT_NODES, None)
            .expect("the suite's VCT finds the win");
        check_vct_proof(&b, &proof).unwrap_or_else(|e| panic!("{e}: {proof:?}"));
        eprintln!(
            "zones {zones}: {} nodes, {} proven by a zone, proof of {} attacker moves",
            vct.nodes,
            vct.dfpn_aliases,
            proof.size()
        );
        assert_eq!(vct.dfpn_aliases > 0, zones);
    }
}

/// `practical-vcf.json#625` under freestyle (`white-to-move-vcf.json#176` until the
/// suite's df-pn budget was doubled): the suite's VCT proves it when the proof-number
/// stage's λ² moves below the root are only those near the attacker's previous threat
/// (`VctSolver::dfpn_near_quiet`, the suite's setting), and misses it within the same
/// budgets with λ² moves anywhere (their candidates take the budget).
#[test]
#[ignore = "reads ../shared/data; cargo test -p gomoku -- --ignored data_suites::"]
fn quiet_threats_near_the_previous_threat_prove_a_win_within_the_suites_budget() {
    use gomoku::suite::{SUITE_VCT_NODES, VCT_DEPTH, suite_vct_solver};
    use gomoku::vct::check_vct_proof;
    let Some(mut b) = puzzle("lfz084-vcf/practical-vcf.json", 625) else {
        return;
    };
    let mut vct = suite_vct_solver();
    assert!(vct.dfpn_near_quiet, "the suite's setting");
    let proof = vct
        .prove(&mut b, VCT_DEPTH, SUITE_VCT_NODES, None)
        .expect("the suite's VCT finds the win");
    check_vct_proof(&b, &proof).unwrap_or_else(|e| panic!("{e}: {proof:?}"));
    eprintln!(
        "near λ² moves: {} nodes, proof of {} attacker moves",
        vct.nodes,
        proof.size()
    );
    // A fresh solver (the VCF's table keeps what it learnt between proofs).
    let mut vct = suite_vct_solver();
    vct.dfpn_near_quiet = false;
    assert!(
        vct.prove(&mut b, VCT_DEPTH, SUITE_VCT_NODES, None)
            .is_none(),
        "with λ² moves anywhere the budget runs out"
    );
}

/// `practical-vcf.json#232` under freestyle: the suite's VCT proves it when the
/// proof-number stage measures "near the previous threat" from the attacker's last move
/// that was not a forced block of a defender's four (the default), and misses it within
/// the same budgets when a block counts as the previous threat
/// (`VctSolver::dfpn_previous_block`). The proof passes the checker.
#[test]
#[ignore = "reads ../shared/data; cargo test -p gomoku -- --ignored data_suites::"]
fn the_previous_threat_of_the_proof_number_stage_skips_forced_blocks() {
    use gomoku::suite::{SUITE_VCT_NODES, VCT_DEPTH, suite_vct_solver};
    use gomoku::vct::check_vct_proof;
    let Some(mut b) = puzzle("lfz084-vcf/practical-vcf.json", 232) else {
        return;
    };
    let mut vct = suite_vct_solver();
    assert!(!vct.dfpn_previous_block, "the suite's setting");
    let proof = vct
        .prove(&mut b, VCT_DEPTH, SUITE_VCT_NODES, None)
        .expect("the suite's VCT finds the win");
    check_vct_proof(&b, &proof).unwrap_or_else(|e| panic!("{e}: {proof:?}"));
    eprintln!(
        "previous threat without blocks: {} nodes, proof of {} attacker moves",
        vct.nodes,
        proof.size()
    );
    // A fresh solver (the VCF's table keeps what it learnt between proofs).
    let mut vct = suite_vct_solver();
    vct.dfpn_previous_block = true;
    assert!(
        vct.prove(&mut b, VCT_DEPTH, SUITE_VCT_NODES, None)
            .is_none(),
        "measured from the block, the budget runs out"
    );
}
