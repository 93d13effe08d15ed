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
    let openings = parse_openings(&text, Rule::Freestyle).unwrap();
    assert_eq!(openings.len(), 24);
    let mut engine = Engine::new(16);
    zerosum::Engine::set_level(&mut engine, gomoku::Level::new(8).unwrap());
    let mut ours = EngineAgent::new("zerosum", engine, Limits::nodes(20_000));
    let mut seed = WeightTable::new();
    let r = run_match(&openings, &mut ours, &mut seed, 225);
    eprintln!("ours vs weight-table: {r}");
    assert_eq!(r.losses, 0, "{r:?}");
}
