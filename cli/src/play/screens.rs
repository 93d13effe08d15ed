//! The four games' screens in the TUI as snapshots: the start, a search in progress (a
//! made-up report, so that the screen does not depend on the engine), and an end.

use super::PlayGame;
use super::connect4::ConnectFour;
use super::gomoku::Gomoku;
use super::othello::OthelloGame;
use super::test_support::*;
use super::tictactoe::TicTacToe;

/// The analysis panel of an AI thinking for `ms` with its last report.
fn thinking(title: &str, ms: u64, depth: u32, value: &str, pv: &[&str], n: [u64; 2]) -> Analysis {
    Analysis {
        title: title.into(),
        state: "thinking".into(),
        elapsed: Duration::from_millis(ms),
        progress: Some(Progress {
            depth,
            value: value.into(),
            pv: pv.iter().map(|m| m.to_string()).collect(),
            nodes: n[0],
            nps: n[1],
        }),
        values: None,
        live_nodes: 0,
        valuing: false,
        strength: None,
        hint: false,
    }
}

/// The app of `game` for `setup` after the typed `moves`, with `analysis` shown.
fn app<G: PlayGame>(game: G, setup: Setup, moves: &str, analysis: Option<Analysis>) -> App<G> {
    let mut app = App::new(game, setup);
    for m in moves.split_whitespace() {
        app.session.play_text(m).unwrap();
    }
    app.analysis = analysis;
    app
}

#[test]
fn connect4_screens() {
    let (c4, setup) = (ConnectFour::default, human_against_ai(7));
    let start = render_to_string(&mut app(c4(), setup, "", None), 80, 18);
    insta::assert_snapshot!("connect4_start", start);
    let pv = ["3", "3", "2", "6", "2", "2"];
    let report = thinking("o (AI, level 7)", 800, 6, "+24", &pv, [45_678, 1_234_567]);
    let mut thinks = app(c4(), setup, "4 4 5 3 3 5 4", Some(report));
    insta::assert_snapshot!("connect4_thinking", render_to_string(&mut thinks, 80, 18));
    let mut won = app(c4(), setup, "1 1 2 2 3 3 4", None);
    assert_eq!(won.session.game.result_text(), "x wins");
    insta::assert_snapshot!("connect4_won", render_to_string(&mut won, 80, 18));
}

#[test]
fn othello_screens() {
    let (game, setup) = (OthelloGame::default, human_against_ai(4));
    let start = render_to_string(&mut app(game(), setup, "", None), 80, 20);
    insta::assert_snapshot!("othello_start", start);
    let report = thinking(
        "white (AI, level 4)",
        300,
        3,
        "-14",
        &["f4", "e3", "f6"],
        [2_345, 987_000],
    );
    let mut thinks = app(game(), setup, "f5 d6 c3 d3 c4", Some(report));
    insta::assert_snapshot!("othello_thinking", render_to_string(&mut thinks, 80, 20));
}

#[test]
fn gomoku_screens() {
    let (setup, rule) = (human_against_ai(3), "freestyle");
    let report = thinking(
        "white (AI, level 3)",
        2100,
        2,
        "-120",
        &["k5", "h9"],
        [3_456, 123_000],
    );
    let game = Gomoku::new("15", rule).unwrap();
    let mut thinks = app(game, setup, "h8 i9 i7 g9 j6", Some(report));
    let screen = render_to_string(&mut thinks, 80, 24);
    // A TUI tester's report: at 80×24, which PLAY.md says fits 15×15, the moves panel
    // had no row and the keys lost their last six lines. The moves now go beside the
    // board, and the keys into their short form, which names every key.
    assert!(screen.contains("1. h8 i9 2. i7 g9 3. j6"), "{screen}");
    assert!(screen.contains("q/Ctrl-C"), "{screen}");
    insta::assert_snapshot!("gomoku_thinking", screen);
    let mut start = app(Gomoku::new("20", "standard").unwrap(), setup, "", None);
    insta::assert_snapshot!("gomoku_20_start", render_to_string(&mut start, 80, 28));
    // Small terminals clip but never panic, the dialog included.
    for (w, h) in [(20, 8), (1, 1), (60, 12)] {
        render_to_string(&mut start, w, h);
    }
    use ratatui::crossterm::event::{KeyCode, KeyEvent};
    start.handle_key(KeyEvent::from(KeyCode::Char('n')));
    render_to_string(&mut start, 30, 6);
}

#[test]
fn tictactoe_screens() {
    let ttt = || TicTacToe::with_size("3x3", "").unwrap();
    let against_perfect = Setup {
        players: [Player::Human, Player::Ai],
        strength: Strength::Perfect,
    };
    let start = render_to_string(&mut app(ttt(), against_perfect, "", None), 80, 16);
    insta::assert_snapshot!("tictactoe_start", start);
    let two_humans = Setup {
        players: [Player::Human; 2],
        strength: Strength::Level(1),
    };
    let mut draw = app(ttt(), two_humans, "1 5 2 3 7 4 9 8 6", None);
    insta::assert_snapshot!("tictactoe_draw", render_to_string(&mut draw, 80, 16));
}
