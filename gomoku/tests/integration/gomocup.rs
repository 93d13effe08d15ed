//! The Gomocup match runner against real processes (`quirky-pbrain`, our protocol brain
//! with the quirks real engines have): results add up, faults are recorded and the match
//! goes on.

use gomoku::gomocup::{EngineSpec, MatchConfig, TimeControl, match_table, run_match};
use gomoku::suite::parse_openings;
use gomoku::{Outcome, Rule};
use std::time::Duration;

fn engine(args: &str) -> EngineSpec {
    EngineSpec::from_command_line(&format!("{} {args}", env!("CARGO_BIN_EXE_quirky-pbrain")))
}

fn openings(n: usize) -> Vec<gomoku::Board> {
    let text = "h8i7e9\nh8g6e10\nh8i9j6\n";
    parse_openings(text, Rule::Freestyle).unwrap()[..n].to_vec()
}

#[test]
fn a_clean_match_adds_up_and_swaps_colours() {
    let mut config = MatchConfig::new(openings(1), TimeControl::PerMove(Duration::from_secs(5)));
    config.max_stones = 30;
    let a = engine("--nodes 200");
    let b = engine("--nodes 200 --error-on-info");
    let mut seen = 0;
    let r = run_match(&config, &a, &b, |_| seen += 1);
    assert_eq!(seen, 2);
    assert_eq!(r.report.games(), 2);
    assert_eq!(r.games.len(), 2);
    // Colours swapped in pairs: each opening once with A on each side.
    assert_ne!(r.games[0].a_side, r.games[1].a_side);
    assert_eq!(r.games[0].opening, r.games[1].opening);
    // ERROR answers to INFO keys are skipped, never taken as moves: no faults at all.
    assert!(r.a.faults.is_empty() && r.b.faults.is_empty(), "{r:?}");
    assert!(r.b.stray_lines > 0, "the ERROR lines were seen and skipped");
    // Every game ended on the board (a five, or a draw at the stone cap), and the times
    // add up.
    for g in &r.games {
        assert!(g.forfeit.is_none());
        let stones = g.moves.split(':').nth(1).unwrap().len();
        assert!(g.outcome.is_some() || stones >= 2 * 30, "{}", g.moves);
    }
    let moves: usize = r.games.iter().map(|g| g.times.len()).sum();
    assert_eq!(moves as u64, r.a.moves + r.b.moves);
    let pts: f64 = r.pairs.iter().map(|p| p.1).sum();
    assert_eq!(pts, r.report.wins as f64 + r.report.draws as f64 / 2.0);
    let table = match_table(&r, "a", "b");
    assert!(table.contains("Elo") && table.contains("pairs"), "{table}");
}

#[test]
fn a_dying_engine_loses_its_games_and_the_match_goes_on() {
    let config = MatchConfig::new(openings(2), TimeControl::PerMove(Duration::from_secs(5)));
    let a = engine("--nodes 50");
    let b = engine("--nodes 50 --die-after 2");
    let r = run_match(&config, &a, &b, |_| {});
    assert_eq!(r.report.games(), 4, "all games played");
    // B dies in every game it cannot finish within 2 moves (each game restarts it, and
    // none of these openings is won in 2 moves): it loses all four.
    assert_eq!(r.report.wins, 4, "{:?}", r.games);
    assert_eq!(r.b.faults.len(), 4, "{:?}", r.b.faults);
    for g in &r.games {
        let forfeit = g.forfeit.as_deref().unwrap_or("");
        assert!(forfeit.contains("died"), "{forfeit}");
        assert_eq!(g.outcome, Some(Outcome::Win(g.a_side)));
    }
}

#[test]
fn a_slow_first_move_is_tolerated_and_a_timeout_is_a_loss() {
    let mut config = MatchConfig::new(
        openings(1),
        TimeControl::PerMove(Duration::from_millis(500)),
    );
    config.grace = Duration::from_millis(200);
    config.first_move_grace = Duration::from_secs(5);
    config.games = 1;
    config.max_stones = 8;
    let a = engine("--nodes 100 --slow-first 1000");
    let b = engine("--nodes 100");
    let r = run_match(&config, &a, &b, |_| {});
    assert!(r.a.faults.is_empty(), "{:?}", r.a.faults);
    assert!(r.a.max >= Duration::from_millis(1000));
    assert_eq!(r.a.over_limit, 1, "the slow move is counted over the limit");
    // Without the first-move grace the same engine loses on time.
    config.first_move_grace = Duration::ZERO;
    let r = run_match(&config, &a, &b, |_| {});
    assert_eq!(r.report.losses, 1);
    assert!(r.a.faults[0].contains("no answer"), "{:?}", r.a.faults);
}
