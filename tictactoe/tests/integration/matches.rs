//! Matches with the core runner: the perfect player never loses, and two perfect players
//! draw.

use tictactoe::{Board, Engine, Limits};
use zerosum::Outcome;
use zerosum::agent::{EngineAgent, RandomAgent, play_game, random_openings, run_match};

/// The engine at its default level, `perfect`, as a match agent.
fn perfect() -> EngineAgent<Engine> {
    EngineAgent::new("perfect", Engine::default(), Limits::default())
}

#[test]
fn perfect_never_loses_to_random() {
    let openings = vec![Board::default()];
    let r = run_match(&openings, &mut perfect(), &mut RandomAgent::new(1), 20);
    assert_eq!(r.losses, 0);
    let mut perfect = perfect();
    let mut random = RandomAgent::new(2);
    let mut wins = 0;
    for _ in 0..50 {
        let r = run_match(&openings, &mut perfect, &mut random, 20);
        assert_eq!(r.losses, 0);
        wins += r.wins;
    }
    assert!(
        wins > 50,
        "perfect play beats a random mover most of the time ({wins} of 100)"
    );
}

#[test]
fn perfect_players_draw_and_keep_won_openings() {
    let mut a = perfect();
    let mut b = perfect();
    assert_eq!(
        play_game(&Board::default(), &mut a, &mut b, 20),
        Some(Outcome::Draw)
    );
    // From any opening, the perfect side to move scores at least the opening's value.
    let four = Board::new("4x3x3".parse().unwrap());
    assert_eq!(
        play_game(&four, &mut a, &mut b, 20),
        Some(Outcome::Win(zerosum::Side::First)),
        "4x3, k = 3 is a first-player win"
    );
    for opening in random_openings(&Board::default(), 20, 2, 9) {
        let outcome = play_game(&opening, &mut a, &mut b, 20).expect("a finished game");
        let value = tictactoe::Solver::default().solve(&opening).outcome_value();
        let expected = match value {
            0 => Outcome::Draw,
            1 => Outcome::Win(zerosum::Game::side_to_move(&opening)),
            _ => Outcome::Win(!zerosum::Game::side_to_move(&opening)),
        };
        assert_eq!(outcome, expected, "from {opening}");
    }
}

mod engine {
    use std::time::Duration;
    use tictactoe::prelude::*;
    use tictactoe::{Board, Engine, Level, Limits};
    use zerosum::testing::{check_time_use, think_stopped};
    use zerosum::time::POLL_INTERVAL;

    /// 5×5 with k = 5: an exact solve takes minutes, so `perfect` under 200 ms must hand
    /// over to the search and use the time: at least 75 % of it, at most the limit plus a
    /// few clock readings. The clock is a `TickClock` (200 µs per reading), so the check
    /// is on what the engine reports, not on the wall clock.
    #[test]
    fn perfect_under_a_time_limit_answers_in_time_on_a_board_too_large_to_solve() {
        let board: Board = "...../...../...../...../..... k=5".parse().unwrap();
        let mut engine = Engine::default();
        assert_eq!(engine.level(), Level::Perfect);
        let r = check_time_use(&mut engine, &board, Duration::from_micros(200), 8);
        assert!(!r.exact, "not solved in 200 ms");
    }

    /// A stop flag ends even the perfect solver at once (within one poll interval), with a
    /// legal move.
    #[test]
    fn a_stop_ends_the_perfect_solver() {
        let board: Board = "...../...../...../...../..... k=5".parse().unwrap();
        let r = think_stopped(&mut Engine::default(), &board);
        // The solver's poll interval (and its unwinding), then depth 1 of the search
        // (the root and its 25 moves).
        assert!(
            r.stats.nodes <= u64::from(POLL_INTERVAL) + 2 * 26,
            "{}",
            r.stats.nodes
        );
    }

    /// A stop flag raised, or a time limit of zero, before the call stops the solver
    /// before its first node, as in Connect Four and Othello; before, a solve smaller
    /// than one poll interval (3×3, 87 nodes) finished as if unlimited (a helper's
    /// report).
    #[test]
    fn a_stop_before_the_call_leaves_the_solver_unstarted() {
        use tictactoe::{Solver, SolverConfig};
        let board = Board::default();
        let stop = zerosum::search::StopFlag::default();
        stop.stop();
        for limits in [
            Limits::default().with_stop(stop),
            Limits::time(Duration::ZERO),
        ] {
            let mut solver = Solver::new(SolverConfig::default());
            assert_eq!(solver.solve_within(&board, &limits), None);
            let values = Engine::default().move_values(&board, &limits);
            assert!(values.len() == 9 && values.iter().all(|(_, v)| v.is_none()));
        }
        // Unlimited, the same calls answer.
        let mut solver = Solver::new(SolverConfig::default());
        assert!(solver.solve_within(&board, &Limits::default()).is_some());
    }

    /// A `Depth(0)` built through the public variant plays as level 1 (one ply), like
    /// Connect Four's and the core's engines; it used to wrap to an exact solve.
    #[test]
    fn level_zero_plays_as_level_one() {
        let board = Board::default();
        let mut results = Vec::new();
        for level in [Level::Depth(0), Level::Depth(1)] {
            let mut engine = Engine::default();
            engine.set_level(level);
            let r = engine.think(&board, &Limits::default(), &mut |_| {});
            results.push((r.depth, r.exact, r.stats.nodes));
        }
        assert_eq!(results[0], results[1]);
        assert_eq!((results[0].0, results[0].1), (1, false));
    }

    #[test]
    fn levels_are_written_as_users_type_them() {
        assert_eq!("perfect".parse::<Level>(), Ok(Level::Perfect));
        assert_eq!("3".parse::<Level>(), Ok(Level::Depth(3)));
        assert!(
            "6".parse::<Level>()
                .unwrap_err()
                .to_string()
                .contains("1-5 or perfect")
        );
        assert_eq!(
            <Level as zerosum::Level>::range_text(),
            "1-5 or perfect (default perfect)"
        );
    }
}
