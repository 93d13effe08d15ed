//! `zerosum connect4 play`: Connect Four, 7×6. Moves are columns `1`…`7` (Pascal Pons'
//! notation). The AI is [`connect4::Engine`].

use super::{CommonArgs, PlayGame};
use clap::Args;
use connect4::{Column, Position};
use std::process::ExitCode;
use zerosum::Side;

/// Rows of the board.
const HEIGHT: usize = 6;
/// Columns of the board.
const WIDTH: usize = 7;

/// Options of `zerosum connect4 play`.
#[derive(Args, Debug, Clone)]
pub struct PlayArgs {
    #[command(flatten)]
    common: CommonArgs,
}

/// Runs `zerosum connect4 play`.
pub fn run(args: PlayArgs) -> ExitCode {
    super::run(ConnectFour::default(), &args.common)
}

/// A Connect Four game.
#[derive(Clone, Debug, Default)]
pub struct ConnectFour {
    pos: Position,
}

impl PlayGame for ConnectFour {
    type Move = Column;
    type Game = Position;
    type Engine = connect4::Engine;

    fn title(&self) -> String {
        "Connect Four".into()
    }
    fn cols(&self) -> usize {
        WIDTH
    }
    fn rows(&self) -> usize {
        HEIGHT
    }
    fn stone(&self, col: usize, row: usize) -> Option<Side> {
        self.pos.cell(col, HEIGHT - 1 - row)
    }
    fn col_label(&self, col: usize) -> String {
        (col + 1).to_string()
    }
    fn row_label(&self, _row: usize) -> String {
        String::new()
    }
    fn parse_move(&self, text: &str) -> Result<Column, String> {
        let mut chars = text.chars();
        let col = match (chars.next(), chars.next()) {
            (Some(c), None) => Column::from_digit(c),
            _ => None,
        }
        .ok_or_else(|| "a move is a column 1-7".to_string())?;
        let mut p = self.pos.clone();
        p.try_play(col).map_err(|e| e.to_string())?;
        Ok(col)
    }
    fn move_at(&self, col: usize, _row: usize) -> Option<Column> {
        Column::new(col)
    }
    fn move_cell(&self, mv: Column) -> Option<(usize, usize)> {
        let h = self.pos.height(mv) as usize;
        (h < HEIGHT).then(|| (mv.index(), HEIGHT - 1 - h))
    }
    fn marks_legal_moves(&self) -> bool {
        true
    }
    fn game(&self) -> &Position {
        &self.pos
    }
    fn game_mut(&mut self) -> &mut Position {
        &mut self.pos
    }
    fn new_engine(&self) -> connect4::Engine {
        connect4::Engine::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::test_support::*;

    #[test]
    fn perfect_play_finds_the_win_and_stop_falls_back() {
        // Pons' tutorial: after 44455554221 the opponent wins with their 7th stone.
        let mut g = ConnectFour::default();
        for c in "44455554221".chars() {
            let mv = g.parse_move(&c.to_string()).unwrap();
            g.play(mv);
        }
        let mut engine = g.new_engine();
        let mut last = Progress::default();
        let mv = g.think(&mut engine, Strength::Perfect, &StopFlag::new(), &mut |p| {
            last = p
        });
        assert!(mv.is_some());
        assert_eq!(last.value, "loss in 2");
        let stop = StopFlag::new();
        stop.stop();
        let mv = ConnectFour::default().think(&mut engine, Strength::Perfect, &stop, &mut |_| {});
        assert!(mv.is_some());
    }

    #[test]
    fn tui_states() {
        let setup = human_against_ai(7);
        let mut app = App::new(ConnectFour::default(), setup);
        insta::assert_snapshot!("connect4_start", render_to_string(&mut app, 80, 18));
        let mut s = Session::new(ConnectFour::default(), setup);
        for m in "4453354".chars() {
            s.play_text(&m.to_string()).unwrap();
        }
        app.session = s;
        app.analysis = Some(Analysis {
            title: "o (AI, level 7)".into(),
            state: "thinking".into(),
            elapsed: Duration::from_millis(800),
            progress: Some(Progress {
                depth: 6,
                value: "+24".into(),
                pv: ["3", "3", "2", "6", "2", "2"].map(String::from).to_vec(),
                nodes: 45_678,
                nps: 1_234_567,
            }),
        });
        insta::assert_snapshot!("connect4_thinking", render_to_string(&mut app, 80, 18));
        app.analysis = None;
        app.session = Session::new(ConnectFour::default(), setup);
        for m in "1122334".chars() {
            app.session.play_text(&m.to_string()).unwrap();
        }
        assert_eq!(app.session.game.result_text(), "x wins");
        insta::assert_snapshot!("connect4_won", render_to_string(&mut app, 80, 18));
    }
}
