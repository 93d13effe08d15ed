//! `zerosum connect4 play`: Connect Four, 7×6. Moves are columns `1`…`7` (Pascal Pons'
//! notation). The AI is [`connect4::Engine`].

use super::{MoveValues, PlayGame, Thought, checked_move};
use connect4::{Column, Limits, Position};
use zerosum::Side;
use zerosum::search::StopFlag;

/// Solver nodes spent on each column's exact score in the analysis panel (under 0.1 s);
/// a column not solved within them shows `?`.
const VALUE_NODES: u64 = 250_000;

/// Rows of the board.
const HEIGHT: usize = 6;
/// Columns of the board.
const WIDTH: usize = 7;

/// A Connect Four game.
#[derive(Clone, Debug, Default)]
pub struct ConnectFour {
    pos: Position,
}

impl ConnectFour {
    /// The game from `pos` (the side to move is the position's).
    pub fn from_position(pos: Position) -> Self {
        ConnectFour { pos }
    }

    /// The column written `text` (one digit, a column of the board), legal now or not.
    fn read_column(&self, text: &str) -> Result<Column, &'static str> {
        let mut chars = text.chars();
        let col = match (chars.next(), chars.next()) {
            (Some(c), None) => Column::from_digit(c).filter(|&c| self.pos.on_board(c)),
            _ => None,
        };
        col.ok_or("a move is a column 1-7")
    }
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
    fn parse_move(&self, text: &str) -> Result<Column, String> {
        checked_move(&self.pos, self.read_column(text), Position::try_play)
    }
    fn check_notation(&self, text: &str) -> Result<(), String> {
        self.read_column(text).map(|_| ()).map_err(str::to_string)
    }
    fn move_at(&self, col: usize, _row: usize) -> Option<Column> {
        Column::new(col).filter(|&c| self.pos.on_board(c))
    }
    fn move_cell(&self, mv: Column) -> Option<(usize, usize)> {
        let h = self.pos.height(mv) as usize;
        (h < HEIGHT).then(|| (mv.index(), HEIGHT - 1 - h))
    }
    fn moves_are_columns(&self) -> bool {
        true
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

    /// Every column's exact score (as `zerosum connect4 analyze` prints them), from the
    /// engine's solver and its table, each within [`VALUE_NODES`] nodes.
    fn move_values(
        &self,
        engine: &mut connect4::Engine,
        _thought: &Thought<Column>,
        stop: &StopFlag,
    ) -> MoveValues {
        let limits = Limits::nodes(VALUE_NODES).with_stop(stop.clone());
        let values = engine.move_values(&self.pos, &limits).into_iter();
        let text = |v: i32| {
            if v > 0 {
                format!("+{v}")
            } else {
                v.to_string()
            }
        };
        let values = values.map(|(col, v)| (col.index() + 1, v.map(text)));
        let unit = "exact, Pons: +s wins by one's (22-s)th stone";
        MoveValues::solved(unit, values, VALUE_NODES)
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
        let mv = g
            .think(
                &mut engine,
                Strength::Perfect,
                &StopFlag::new(),
                None,
                &mut |p| last = p,
            )
            .best;
        assert!(mv.is_some());
        assert_eq!(last.value, "loss in 2");
        let stop = StopFlag::new();
        stop.stop();
        let mv = ConnectFour::default()
            .think(&mut engine, Strength::Perfect, &stop, None, &mut |_| {})
            .best;
        assert!(mv.is_some());
    }

    /// A perfect solve sends no report before it is done, so the panel shows the node
    /// count it publishes as it goes: the count grows while the solver runs, and a stop
    /// still ends it with a move.
    #[test]
    fn a_perfect_solve_publishes_its_nodes_as_it_goes() {
        use crate::play::worker::{Poll, Thinking};
        let mut g = ConnectFour::default();
        for c in "1111".chars() {
            g.play(g.parse_move(&c.to_string()).unwrap());
        }
        let engine = g.new_engine();
        let mut thinking = Thinking::spawn(g, engine, Strength::Perfect, false);
        let mut seen = 0;
        let mv = loop {
            seen = seen.max(thinking.live_nodes());
            if seen > 0 {
                thinking.stop();
            }
            match thinking.wait(std::time::Duration::from_millis(20)) {
                Poll::Running | Poll::Chosen(_) => {}
                Poll::Done(mv, _) => break mv,
                Poll::Lost => panic!("the solver's thread died"),
            }
        };
        assert!(mv.is_some());
        assert!(
            seen.max(thinking.live_nodes()) > 0,
            "no node count was published"
        );
    }

    /// Pons' score of a position for its side to move from a reference value `v` (win or
    /// loss in `p` plies, or a draw): the winner's stones at the end are
    /// `k = (moves + p + 1) / 2`, and the score is `±(22 − k)`.
    fn pons(v: Score, moves: u32) -> i32 {
        match v.plies_to_end() {
            Some(p) => {
                let s = 22 - (moves + p + 1) as i32 / 2;
                if v.is_win() { s } else { -s }
            }
            None => 0,
        }
    }

    /// Issue 14 item 10: the analysis panel's value of every column is its exact score,
    /// as the plain alpha-beta reference finds it from the rules (no table, no ordering).
    #[test]
    fn analysis_values_are_every_columns_exact_score() {
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..3 {
            // A pseudo-random game of 33 stones that is not over, no column full.
            let g = loop {
                let mut g = ConnectFour::default();
                while g.pos.moves() < 33 && g.outcome().is_none() {
                    let mv = random_move(&g, &mut rng);
                    if !g.pos.is_winning_move(mv) || g.legal_moves().len() == 1 {
                        g.play(mv);
                    }
                }
                if g.outcome().is_none() && g.legal_moves().len() >= 3 {
                    break g;
                }
            };
            let mut engine = g.new_engine();
            let thought = Thought::default();
            let v = g.move_values(&mut engine, &thought, &StopFlag::new());
            assert_eq!(v.note, None);
            let mut children = reference_children(&g);
            children.sort_by_key(|(c, ..)| c.index());
            let expected: Vec<(String, String)> = (children.into_iter())
                .map(|(c, child, r)| {
                    let score = -pons(r, child.moves());
                    let text = if score > 0 {
                        format!("+{score}")
                    } else {
                        score.to_string()
                    };
                    ((c.index() + 1).to_string(), text)
                })
                .collect();
            assert_eq!(v.values, expected, "{:?}", g.pos.history());
        }
    }

    /// A column the budget cannot solve shows `?` and the note says why (a stop flag set
    /// before the start stops every solve).
    #[test]
    fn unsolved_columns_show_a_question_mark() {
        let g = ConnectFour::default();
        let mut engine = g.new_engine();
        engine.solver().set_use_book(false);
        let stop = StopFlag::new();
        stop.stop();
        let thought = Thought::default();
        let v = g.move_values(&mut engine, &thought, &stop);
        assert_eq!(v.values.len(), 7);
        assert!(v.values.iter().all(|(_, s)| s == "?"), "{v:?}");
        assert!(v.note.unwrap().contains("not solved"));
    }
}
