//! [`PlayGame`] for the core's test game [`Drop`] (Connect-Four rules on any board), so
//! that the generic front ends are tested without a real game crate.

use super::{PlayGame, Strength, VariantOption};
use zerosum::search::SearcherEngine;
use zerosum::testing::{Col, Drop};
use zerosum::{Game, Side, ZeroEval};

/// The test game's engine: the core [`SearcherEngine`] without evaluation; levels
/// `1..=5` (default 2) search `2n` plies, `perfect` to the end.
pub type DropEngine = SearcherEngine<Drop, ZeroEval, 5, 2>;

/// A [`Drop`] game with the stones tracked per column for drawing.
#[derive(Clone, Debug)]
pub struct DropPlay {
    game: Drop,
    columns: Vec<Vec<Side>>,
    order: Vec<usize>,
}

impl DropPlay {
    /// The empty `width`×`height` board, `k` in a row.
    pub fn new(width: usize, height: usize, k: usize) -> Self {
        DropPlay {
            game: Drop::new(width, height, k),
            columns: vec![Vec::new(); width],
            order: Vec::new(),
        }
    }
}

impl PlayGame for DropPlay {
    type Move = Col;
    type Game = Drop;
    type Engine = DropEngine;

    fn title(&self) -> String {
        format!(
            "Drop {}×{} k={}",
            self.game.width, self.game.height, self.game.k
        )
    }
    fn cols(&self) -> usize {
        self.game.width
    }
    fn rows(&self) -> usize {
        self.game.height
    }
    fn stone(&self, col: usize, row: usize) -> Option<Side> {
        let y = self.game.height - 1 - row;
        self.columns[col].get(y).copied()
    }
    fn col_label(&self, col: usize) -> String {
        (col + 1).to_string()
    }
    fn row_label(&self, _row: usize) -> String {
        String::new()
    }
    fn parse_move(&self, text: &str) -> Result<Col, String> {
        let n: usize = text
            .parse()
            .map_err(|_| format!("a move is a column 1-{}", self.game.width))?;
        if n == 0 || n > self.game.width {
            return Err(format!("no column {n} (1-{})", self.game.width));
        }
        let mv = Col((n - 1) as u8);
        if !self.game.is_legal(mv) {
            return Err(format!("column {n} is full"));
        }
        Ok(mv)
    }
    fn move_at(&self, col: usize, _row: usize) -> Option<Col> {
        (col < self.game.width).then_some(Col(col as u8))
    }
    fn move_cell(&self, mv: Col) -> Option<(usize, usize)> {
        let c = mv.0 as usize;
        let h = self.columns.get(c)?.len();
        (h < self.game.height).then(|| (c, self.game.height - 1 - h))
    }
    fn marks_legal_moves(&self) -> bool {
        true
    }
    fn play(&mut self, mv: Col) {
        let side = self.game.side_to_move();
        self.game.play(mv);
        self.columns[mv.0 as usize].push(side);
        self.order.push(mv.0 as usize);
    }
    fn undo(&mut self) {
        if let Some(c) = self.order.pop() {
            self.game.undo();
            self.columns[c].pop();
        }
    }
    fn game(&self) -> &Drop {
        &self.game
    }
    fn game_mut(&mut self) -> &mut Drop {
        &mut self.game
    }
    fn new_engine(&self) -> DropEngine {
        SearcherEngine::new(ZeroEval, 1).with_plies_per_level(2)
    }
    fn variant_options(&self) -> Vec<VariantOption> {
        vec![VariantOption {
            name: "size",
            values: vec!["4x4".into(), "5x4".into(), "7x6".into()],
        }]
    }
    fn variant(&self) -> Vec<String> {
        vec![format!("{}x{}", self.game.width, self.game.height)]
    }
    fn with_variant(&self, values: &[String]) -> Result<Self, String> {
        let (w, h) = values
            .first()
            .and_then(|v| v.split_once('x'))
            .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
            .ok_or("size: expected WxH")?;
        Ok(DropPlay::new(w, h, self.game.k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::options::{Player, Setup};
    use crate::play::plain;

    fn transcript(setup: Setup, input: &str) -> String {
        let mut out = Vec::new();
        plain::play(DropPlay::new(4, 4, 3), setup, input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn plain_mode_two_humans_with_bad_moves() {
        let setup = Setup {
            players: [Player::Human; 2],
            strength: Strength::Level(1),
        };
        let t = transcript(setup, "1\n9\nfoo\n2\n1\n2\n1\n");
        assert!(t.contains("illegal move \"9\": no column 9 (1-4)"), "{t}");
        assert!(t.contains("illegal move \"foo\""), "{t}");
        assert!(t.trim_end().ends_with("result: x wins"), "{t}");
    }

    #[test]
    fn plain_mode_ai_against_itself_finishes_and_eof_ends_cleanly() {
        let setup = Setup {
            players: [Player::Ai; 2],
            strength: Strength::Perfect,
        };
        let t = transcript(setup, "");
        let last = t.lines().last().unwrap();
        assert!(last.starts_with("result: "), "{t}");
        let setup = Setup {
            players: [Player::Human, Player::Ai],
            strength: Strength::Level(1),
        };
        let t = transcript(setup, "2\n");
        assert!(t.contains("o plays"), "{t}");
        assert!(!t.contains("result:"), "{t}");
    }

    #[test]
    fn plain_mode_undo_takes_back_the_ai_reply() {
        let setup = Setup {
            players: [Player::Human, Player::Ai],
            strength: Strength::Level(1),
        };
        let t = transcript(setup, "hint\nundo\n1\nundo\n");
        assert!(t.contains("hint: "), "{t}");
        assert!(t.contains("nothing to undo"), "{t}");
        assert!(t.contains("undone"), "{t}");
        // After undo the board is empty again.
        let last_board: Vec<&str> = t.lines().rev().take(5).collect();
        assert!(last_board.iter().all(|l| !l.contains('X')), "{t}");
    }

    /// New-user report 19: with the human second, `undo` before the human's first move
    /// took back the AI's first move, and the AI at once played again. Now there is
    /// nothing to undo: the AI's move stays and it does not move again.
    #[test]
    fn plain_mode_undo_before_the_humans_first_move_keeps_the_ais() {
        let setup = Setup {
            players: [Player::Ai, Player::Human],
            strength: Strength::Level(1),
        };
        let t = transcript(setup, "undo\nundo\n");
        assert_eq!(
            t.matches("nothing to undo: you have not moved yet").count(),
            2,
            "{t}"
        );
        assert!(!t.contains("undone"), "{t}");
        assert_eq!(t.matches(" plays ").count(), 1, "the AI moved once: {t}");
        // After the human's move, undo takes back the AI's reply and the human's move,
        // back to the position after the AI's first move.
        let t = transcript(setup, "1\nundo\n");
        assert!(t.contains("undone"), "{t}");
        assert_eq!(t.matches(" plays ").count(), 3, "{t}");
    }
}

#[cfg(test)]
mod tui_tests {
    use super::*;
    use crate::play::Progress;
    use crate::play::options::{Player, Setup};
    use crate::play::tui::app::{Analysis, App};
    use crate::play::tui::render_to_string;
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use std::time::{Duration, Instant};

    fn key(app: &mut App<DropPlay>, code: KeyCode) {
        app.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
    }

    fn setup(players: [Player; 2]) -> Setup {
        Setup {
            players,
            strength: Strength::Level(2),
        }
    }

    #[test]
    fn keys_move_the_cursor_and_play_and_undo() {
        let mut app = App::new(DropPlay::new(4, 4, 3), setup([Player::Human; 2]));
        key(&mut app, KeyCode::Left);
        key(&mut app, KeyCode::Char('h'));
        key(&mut app, KeyCode::Enter);
        assert_eq!(app.session.move_list(), ["1"]);
        key(&mut app, KeyCode::Char('3'));
        key(&mut app, KeyCode::Enter);
        assert_eq!(app.session.move_list(), ["1", "3"]);
        key(&mut app, KeyCode::Char(':'));
        for c in "9".chars() {
            key(&mut app, KeyCode::Char(c));
        }
        key(&mut app, KeyCode::Enter);
        assert!(app.message.contains("no column 9"), "{}", app.message);
        key(&mut app, KeyCode::Char('u'));
        assert_eq!(app.session.move_list(), ["1"]);
        key(&mut app, KeyCode::Char('r'));
        assert_eq!(app.session.move_list(), ["1", "3"]);
        insta::assert_snapshot!("drop_two_moves", render_to_string(&mut app, 80, 20));
    }

    #[test]
    fn a_click_on_a_cell_plays_its_column() {
        use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
        let mut app = App::new(DropPlay::new(4, 4, 3), setup([Player::Human; 2]));
        render_to_string(&mut app, 80, 20);
        let hit = app.board_hit.expect("the board was drawn");
        // Column 3 (0-based 2), top row: the stone drops to the bottom.
        let click = MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: hit.x + 2 * hit.cell_w + 1,
            row: hit.y,
            modifiers: KeyModifiers::NONE,
        };
        app.handle_mouse(click);
        assert_eq!(app.session.move_list(), ["3"]);
        assert_eq!(app.session.last().and_then(|p| p.cell), Some((2, 3)));
        // A click outside the board does nothing.
        app.handle_mouse(MouseEvent {
            column: 0,
            row: 0,
            ..click
        });
        assert_eq!(app.session.move_list(), ["3"]);
    }

    #[test]
    fn swap_hint_and_quit() {
        let mut app = App::new(DropPlay::new(4, 4, 3), setup([Player::Human, Player::Ai]));
        key(&mut app, KeyCode::Char('i'));
        let deadline = Instant::now() + Duration::from_secs(30);
        while app.hint.is_none() && Instant::now() < deadline {
            app.tick();
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(app.message.starts_with("hint: "), "{}", app.message);
        assert!(app.session.moves.is_empty(), "a hint plays nothing");
        key(&mut app, KeyCode::Char('s'));
        assert_eq!(app.session.setup.players, [Player::Ai, Player::Human]);
        app.handle_key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
        assert!(app.quit);
    }

    #[test]
    fn ai_plays_on_a_worker_thread_and_the_game_ends() {
        let mut app = App::new(DropPlay::new(4, 4, 3), setup([Player::Ai; 2]));
        let deadline = Instant::now() + Duration::from_secs(60);
        while app.session.is_running() && Instant::now() < deadline {
            app.tick();
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(!app.session.is_running());
        assert!(app.message.starts_with("result: "), "{}", app.message);
        // A move typed after the end is refused, the result said again; Enter starts
        // again.
        key(&mut app, KeyCode::Char('1'));
        key(&mut app, KeyCode::Enter);
        assert!(
            app.message.starts_with("\"1\": the game is over ("),
            "{}",
            app.message
        );
        key(&mut app, KeyCode::Enter);
        assert!(app.session.moves.is_empty() && app.session.is_running());
    }

    #[test]
    fn analysis_panel_and_dialog_render() {
        let mut app = App::new(DropPlay::new(5, 4, 3), setup([Player::Human, Player::Ai]));
        for t in ["3", "3", "2"] {
            app.session.play_text(t).unwrap();
        }
        app.analysis = Some(Analysis {
            title: "o (AI, level 2)".into(),
            state: "thinking".into(),
            elapsed: Duration::from_millis(1500),
            progress: Some(Progress {
                depth: 4,
                value: "win in 5".into(),
                pv: vec!["4".into(), "1".into(), "5".into()],
                nodes: 12345,
                nps: 678_900,
            }),
            values: None,
            live_nodes: 0,
            valuing: false,
            strength: None,
            hint: false,
        });
        insta::assert_snapshot!("drop_analysis", render_to_string(&mut app, 80, 20));
        // Past the last report (an exact solve after a perfect level's first search) the
        // live count, and its rate over the whole time (a recheck's report: the panel
        // stood still on the search's count).
        if let Some(a) = app.analysis.as_mut() {
            a.live_nodes = 3_000_000;
        }
        let screen = render_to_string(&mut app, 80, 20);
        assert!(screen.contains("nodes  3.00M  (2.00M/s)"), "{screen}");
        if let Some(a) = app.analysis.as_mut() {
            a.live_nodes = 0;
        }
        key(&mut app, KeyCode::Char('n'));
        key(&mut app, KeyCode::Down);
        key(&mut app, KeyCode::Left);
        insta::assert_snapshot!("drop_dialog", render_to_string(&mut app, 80, 20));
        key(&mut app, KeyCode::Enter);
        assert_eq!(app.session.setup.players, [Player::Human; 2]);
        assert!(app.session.moves.is_empty());
    }
}
