//! The engine's search results: what `Engine::clear` forgets, and the losses the rules
//! prove at the root.

use gomoku::{Board, Engine, Notation, SearchInfo};
use std::time::Duration;
use zerosum::search::Limits;

/// `info` without its wall time (the only field that is not reproducible).
fn reproducible(mut info: SearchInfo) -> SearchInfo {
    info.elapsed = Duration::ZERO;
    info
}

/// The engine's answer for `position` at `nodes`, in a fresh engine.
fn fresh(position: &str, nodes: u64) -> SearchInfo {
    let b = Board::parse_position(position).unwrap();
    reproducible(Engine::new(16).search(&b, &Limits::nodes(nodes)))
}

/// A position searched after another one in the same engine, with `Engine::clear` in
/// between, gives what a fresh engine gives: move, score, depth, nodes, principal
/// variation, candidates. The pairs are consecutive positions of a balanced game on which
/// `zerosum gomoku bestmove --nodes 40000` answered differently in one process and in a
/// process of its own, when `clear` left the root VCT solver's VCF failure table (and
/// the leaf probes' solver) as the earlier search had left them: the first the root VCT
/// found its win in 609 nodes instead of 737, the second the tree chose another move.
#[test]
fn clear_makes_a_search_independent_of_the_earlier_ones() {
    let pairs = [
        (
            "15f:h8i10k6g10k7g9k8k9i9g7g8h10j10f8l12k11k5k4",
            "15f:h8i10k6g10k7g9k8k9i9g7g8h10j10f8l12k11k5k4i11",
        ),
        (
            "15f:h8g10d7f10f7e7e6h10e10f8g9f11d5g8f5c8g4",
            "15f:h8g10d7f10f7e7e6h10e10f8g9f11d5g8f5c8g4h3",
        ),
    ];
    let nodes = 40_000;
    for (before, position) in pairs {
        let mut engine = Engine::new(16);
        let limits = Limits::nodes(nodes);
        engine.search(&Board::parse_position(before).unwrap(), &limits);
        engine.clear();
        let after = reproducible(engine.search(&Board::parse_position(position).unwrap(), &limits));
        assert_eq!(after, fresh(position, nodes), "{position} after {before}");
    }
}
