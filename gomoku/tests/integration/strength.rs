//! Strength: ours against seed 004's weight-table player from the balanced openings.

use gomoku::arena::play_match;
use gomoku::suite::parse_openings;
use gomoku::{EngineAgent, Rule, WeightTable};
use zerosum::search::Limits;

#[test]
#[ignore = "plays 48 games; cargo test -p gomoku --test integration -- --ignored --nocapture strength::"]
fn engine_beats_weight_table_from_balanced_openings() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/data/gomoku/balanced-openings-freestyle15.txt");
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("data folder absent: skipped");
        return;
    };
    let openings = parse_openings(&text, Rule::Freestyle).unwrap();
    assert_eq!(openings.len(), 24);
    let mut ours = EngineAgent::new("zerosum", Limits::nodes(20_000), 16);
    let mut seed = WeightTable::new();
    let r = play_match(&openings, &mut ours, &mut seed, 225, |g| {
        eprintln!(
            "opening {} ours as {:?}: {:?} {}",
            g.opening, g.a_side, g.outcome, g.moves
        )
    });
    eprintln!("ours vs weight-table: {}", r.summary());
    assert_eq!(r.losses, 0, "{}", r.summary());
}
