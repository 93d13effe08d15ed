//! Strength: ours against seed 004's weight-table player from the balanced openings.

use gomoku::suite::parse_openings;
use gomoku::{Engine, Rule, WeightTable};
use zerosum::agent::{EngineAgent, run_match};
use zerosum::search::Limits;

#[test]
#[ignore = "plays 48 games; cargo test -p gomoku --test integration -- --ignored --nocapture strength::"]
fn engine_beats_weight_table_from_balanced_openings() {
    let Some(text) = crate::common::data_file("balanced-openings-freestyle15.txt") else {
        return;
    };
    let openings = parse_openings(&text, 15, Rule::Freestyle).unwrap();
    assert_eq!(openings.len(), 24);
    let mut engine = Engine::new(16);
    zerosum::Engine::set_level(&mut engine, gomoku::Level::new(8).unwrap());
    let mut ours = EngineAgent::new("zerosum", engine, Limits::nodes(20_000));
    let mut seed = WeightTable::new();
    let r = run_match(&openings, &mut ours, &mut seed, 225);
    eprintln!("ours vs weight-table: {r}");
    assert_eq!(r.losses, 0, "{r:?}");
}

/// Sampling the search's leaves (for fitting the evaluation where the search asks it)
/// changes nothing the search decides, and every sample is a position below the root
/// that the evaluation was asked about: one or more legal moves past the root, the game
/// not over.
#[test]
fn leaf_sampling_leaves_the_search_unchanged() {
    use gomoku::Board;
    use zerosum::{Game, Notation};
    let root = Board::parse_position("15f:h8i7e9i9g11").expect("a position");
    let limits = Limits::nodes(20_000);
    let mut plain = Engine::new(4);
    let mut sampled = Engine::new(4);
    sampled.leaf_sample_every = 10;
    let (a, b) = (plain.search(&root, &limits), sampled.search(&root, &limits));
    assert_eq!((a.best, a.score, a.nodes), (b.best, b.score, b.nodes));
    assert!(
        sampled.leaf_samples.len() > 20,
        "{}",
        sampled.leaf_samples.len()
    );
    for moves in &sampled.leaf_samples {
        assert!(moves.len() > root.stone_count());
        assert_eq!(&moves[..root.stone_count()], root.moves());
        let mut leaf = Board::new();
        for &c in moves {
            assert!(leaf.is_legal(c));
            leaf.play(c);
        }
        assert!(leaf.outcome().is_none(), "{leaf}");
    }
}
