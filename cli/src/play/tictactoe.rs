//! `zerosum tictactoe play`: tic-tac-toe and m,n,k games. Moves are cell numbers (1 =
//! top-left, row by row); the empty cells show theirs. The AI is [`tictactoe::Engine`].

use super::{MoveValues, PlayGame, Strength, Thought, VariantOption};
use std::time::Duration;
use tictactoe::{Board, Cell, Limits, Score, Shape};
use zerosum::Side;
use zerosum::search::StopFlag;

/// Solver nodes for all the moves' exact values in the analysis panel, shared equally
/// among the legal moves (at most [`VALUE_NODES_EACH`] each); a move not solved within its
/// share shows `?`. The AI's move waits for the values: on 8×8 each move had 300,000
/// nodes, and its 60 moves' values held a 2 s move for 6 s more. Now they take about
/// 0.7 s at most.
const VALUE_NODES: u64 = 2_000_000;

/// The most nodes a single move's value gets (a 3×3 board's whole tree is far smaller).
const VALUE_NODES_EACH: u64 = 300_000;

/// The largest board (in cells) on which the AI plays `perfect` by default: 4×4 is solved
/// from empty in 30,820 nodes, while 5×5 with k = 5 takes minutes and 8×8 with k = 5 hours.
const PERFECT_DEFAULT_CELLS: u32 = 16;

/// The AI's default time per move on larger boards: still perfect whenever the exact
/// solver finishes within half of it ([`tictactoe::Level`]).
const LARGE_BOARD_MOVE_TIME: Duration = Duration::from_secs(2);

/// `play`'s default strength in words, for `--help`: [`TicTacToe::default_strength`]'s.
pub fn default_text() -> String {
    format!(
        "perfect up to {PERFECT_DEFAULT_CELLS} cells, 4x4; on larger boards {} s a move",
        LARGE_BOARD_MOVE_TIME.as_secs()
    )
}

/// Tic-tac-toe on an m×n board, k in a row.
#[derive(Clone, Debug)]
pub struct TicTacToe {
    board: Board,
}

impl TicTacToe {
    /// The empty board of `size` (`COLSxROWS`) and `k` (empty: the smaller side).
    ///
    /// # Errors
    /// The shape error, in words.
    pub fn with_size(size: &str, k: &str) -> Result<Self, String> {
        let shape = if k.is_empty() {
            size.parse::<Shape>()
        } else {
            // Plain decimal digits, as `--k` reads them: `u32::from_str` takes a `+`.
            let k = Some(k)
                .filter(|k| k.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|k| k.parse().ok())
                .ok_or_else(|| format!("k {k:?} is not a number (plain decimal digits)"))?;
            Shape::parse_size(size, k)
        }
        .map_err(|e| e.to_string())?;
        Ok(TicTacToe {
            board: Board::new(shape),
        })
    }

    /// The game from `board` (its shape and side to move).
    pub fn from_board(board: Board) -> Self {
        TicTacToe { board }
    }

    fn shape(&self) -> Shape {
        self.board.shape()
    }

    /// Whether the board is small enough (at most [`PERFECT_DEFAULT_CELLS`] cells) for
    /// the exact solver to answer every position at once, so that `perfect` is the
    /// default strength.
    pub fn perfect_by_default(&self) -> bool {
        let s = self.shape();
        s.cols * s.rows <= PERFECT_DEFAULT_CELLS
    }

    fn cell(&self, col: usize, row: usize) -> Cell {
        Cell::new((row * self.shape().cols as usize + col) as u32)
    }
}

impl PlayGame for TicTacToe {
    type Move = Cell;
    type Game = Board;
    type Engine = tictactoe::Engine;

    fn title(&self) -> String {
        let s = self.shape();
        if s == Shape::TIC_TAC_TOE {
            "tic-tac-toe".into()
        } else {
            format!("m,n,k {}×{} k={}", s.cols, s.rows, s.k)
        }
    }
    fn cols(&self) -> usize {
        self.shape().cols as usize
    }
    fn rows(&self) -> usize {
        self.shape().rows as usize
    }
    fn stone(&self, col: usize, row: usize) -> Option<Side> {
        self.board.get(self.cell(col, row))
    }
    fn col_label(&self, _col: usize) -> String {
        String::new()
    }
    fn empty_label(&self, col: usize, row: usize) -> Option<String> {
        Some(self.cell(col, row).to_string())
    }
    /// The cell number typed, checked against this board ([`Board::parse_move`], whose
    /// errors name this board's cells).
    fn parse_move(&self, text: &str) -> Result<Cell, String> {
        self.board.parse_move(text).map_err(|e| e.to_string())
    }
    fn check_notation(&self, text: &str) -> Result<(), String> {
        match self.board.parse_move(text) {
            Ok(_) | Err(tictactoe::MoveError::Play(_)) => Ok(()),
            Err(e) => Err(e.to_string()),
        }
    }
    fn move_at(&self, col: usize, row: usize) -> Option<Cell> {
        (col < self.cols() && row < self.rows()).then(|| self.cell(col, row))
    }
    fn move_cell(&self, mv: Cell) -> Option<(usize, usize)> {
        let cols = self.cols();
        let i = mv.index() as usize;
        Some((i % cols, i / cols))
    }
    fn game(&self) -> &Board {
        &self.board
    }
    fn game_mut(&mut self) -> &mut Board {
        &mut self.board
    }
    fn new_engine(&self) -> tictactoe::Engine {
        tictactoe::Engine::new(8)
    }

    /// Beyond [`PERFECT_DEFAULT_CELLS`] cells, where an exact solve of an early position
    /// takes from under a second (5×5, k = 4) to hours (8×8, k = 5).
    fn perfect_may_take_long(&self) -> bool {
        !self.perfect_by_default()
    }

    /// `perfect` up to [`PERFECT_DEFAULT_CELLS`] cells; beyond, where an exact solve of an
    /// early position may not end, [`LARGE_BOARD_MOVE_TIME`] a move.
    fn default_strength(&self) -> Strength {
        if self.perfect_by_default() {
            Strength::Perfect
        } else {
            Strength::Time(LARGE_BOARD_MOVE_TIME)
        }
    }

    /// Every empty cell's exact value ([`tictactoe::Engine::move_values`]: `win in 3`,
    /// `draw`, `loss in 4`, in plies from now), each within its share of [`VALUE_NODES`]
    /// nodes. Best first. The move `thought` chose keeps the value its search proved
    /// when its own solve runs out of nodes (a hint's `value draw` over `13 ?`).
    fn move_values(
        &self,
        engine: &mut tictactoe::Engine,
        thought: &Thought<Cell>,
        stop: &StopFlag,
    ) -> MoveValues {
        let cells = u64::from(self.board.empty_count()).max(1);
        let each = (VALUE_NODES / cells).min(VALUE_NODES_EACH);
        let limits = Limits::nodes(each).with_stop(stop.clone());
        let proven = thought
            .root
            .iter()
            .find(|r| thought.exact && Some(r.mv) == thought.best)
            .map(|r| (r.mv, r.score));
        let mut values = engine.move_values(&self.board, &limits);
        if let Some((best, score)) = proven
            && let Some(v) = values.iter_mut().find(|(m, v)| *m == best && v.is_none())
        {
            v.1 = Some(score);
        }
        // Best first, and the move chosen first among its equals (a TUI tester's report:
        // the AI's 13 came last of eight draws).
        values.sort_by_key(|(m, v)| (std::cmp::Reverse(*v), Some(*m) != thought.best));
        let values = values.into_iter();
        let text = |v: Score| {
            if v.is_decisive() {
                v.to_string()
            } else {
                "draw".into()
            }
        };
        let values = values.map(|(m, v)| (m, v.map(text)));
        MoveValues::solved("exact, in plies from now", values, each)
    }

    /// Sizes up to 8x8, smallest first, and k from 3 to 8 (the largest board's side); the dialog offers
    /// only the ks the chosen board takes (a smaller board brings k down to its side).
    fn variant_options(&self) -> Vec<VariantOption> {
        let mut sizes: Vec<(u32, u32)> = vec![
            (3, 3),
            (4, 3),
            (4, 4),
            (5, 4),
            (5, 5),
            (6, 6),
            (7, 7),
            (8, 8),
        ];
        // This game's own size and k among them, in their order (a recheck's report: a
        // `--size 6x3` game's size came after 8x8).
        let shape = self.shape();
        if !sizes.contains(&(shape.cols, shape.rows)) {
            sizes.push((shape.cols, shape.rows));
            sizes.sort_by_key(|&(c, r)| (c * r, c));
        }
        let ks = shape.k.min(3)..=shape.k.max(8);
        vec![
            VariantOption {
                name: "size",
                values: sizes.iter().map(|(c, r)| format!("{c}x{r}")).collect(),
            },
            VariantOption {
                name: "k",
                values: ks.map(|k| k.to_string()).collect(),
            },
        ]
    }
    fn variant(&self) -> Vec<String> {
        let s = self.shape();
        vec![format!("{}x{}", s.cols, s.rows), s.k.to_string()]
    }
    /// The same variant as this game's keeps its start (a `--position`); another is
    /// an empty board.
    fn with_variant(&self, values: &[String]) -> Result<Self, String> {
        if values == self.variant().as_slice() {
            return Ok(self.clone());
        }
        match values {
            [size, k] => TicTacToe::with_size(size, k),
            _ => Ok(TicTacToe::with_size("3x3", "")?),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::plain;
    use crate::play::test_support::*;

    fn setup(players: [Player; 2], strength: Strength) -> Setup {
        Setup { players, strength }
    }

    /// The new-game dialog's size and k are plain decimal digits, as `--size` and `--k`:
    /// a `+` is refused.
    #[test]
    fn a_signed_size_or_k_is_refused() {
        assert!(TicTacToe::with_size("4x4", "03").is_ok());
        for (size, k) in [("+4x4", "3"), ("4x4", "+3"), ("+3x3", ""), ("4x4", "-3")] {
            assert!(TicTacToe::with_size(size, k).is_err(), "{size:?} {k:?}");
        }
    }

    #[test]
    fn perfect_play_against_itself_is_a_draw() {
        let mut out = Vec::new();
        let game = TicTacToe::with_size("3x3", "").unwrap();
        plain::play(
            game,
            setup([Player::Ai; 2], Strength::Perfect),
            &b""[..],
            &mut out,
        )
        .unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out.lines().last(), Some("result: draw"), "{out}");
    }

    /// A TUI tester's report: after a hint proved its move a draw, that move showed `?`
    /// in the list of values when its own solve ran out of nodes. The move a search
    /// proved keeps that value (here every solve is stopped at once), and it is the
    /// reference's value of that move.
    /// The move chosen leads the moves of its value (a TUI tester's report: on 5×5 with
    /// k = 4 the AI's 13 came last of eight draws). On the empty 3×3 board every move
    /// draws.
    #[test]
    fn the_move_chosen_leads_its_equals() {
        let g = TicTacToe::with_size("3x3", "3").unwrap();
        let mut engine = g.new_engine();
        let stop = StopFlag::new();
        let thought = g.think(&mut engine, Strength::Perfect, &stop, None, &mut |_| {});
        let best = thought.best.unwrap();
        let v = g.move_values(&mut engine, &thought, &stop);
        assert_eq!(v.values.len(), 9);
        assert!(v.values.iter().all(|(_, value)| value == "draw"), "{v:?}");
        assert_eq!(v.values[0].0, best.to_string(), "{v:?}");
    }

    #[test]
    fn the_move_a_search_proved_keeps_its_value() {
        let mut g = TicTacToe::with_size("4x4", "3").unwrap();
        for m in ["6", "7"] {
            g.play(g.parse_move(m).unwrap());
        }
        let mut engine = g.new_engine();
        let stop = StopFlag::new();
        let thought = g.think(&mut engine, Strength::Perfect, &stop, None, &mut |_| {});
        assert!(thought.exact);
        let best = thought.best.unwrap();
        stop.stop();
        let v = g.move_values(&mut engine, &thought, &stop);
        let reference = reference_children(&g)
            .into_iter()
            .find(|(mv, _, _)| *mv == best)
            .map(|(_, _, r)| -r.from_tt(1))
            .unwrap();
        let text = if reference.is_decisive() {
            reference.to_string()
        } else {
            "draw".into()
        };
        assert_eq!(v.values[0], (best.to_string(), text), "{v:?}");
        assert!(v.values[1..].iter().all(|(_, t)| t == "?"), "{v:?}");
    }

    /// Issue 14 item 10: the analysis values are every empty cell's exact value, as the
    /// plain alpha-beta reference (no table, no ordering) finds it from the rules.
    #[test]
    fn analysis_values_are_every_cells_exact_value() {
        for (size, k, moves) in [
            ("3x3", "", &["1", "5"][..]),
            ("3x3", "", &["5", "1", "9"][..]),
            ("4x4", "3", &["6", "7"][..]),
        ] {
            let mut g = TicTacToe::with_size(size, k).unwrap();
            for m in moves {
                let mv = g.parse_move(m).unwrap();
                g.play(mv);
            }
            let mut engine = g.new_engine();
            let none = Thought::default();
            let v = g.move_values(&mut engine, &none, &StopFlag::new());
            assert_eq!(v.note, None);
            let mut got = v.values.clone();
            got.sort();
            let mut expected: Vec<(String, String)> = (reference_children(&g).into_iter())
                .map(|(mv, _, r)| {
                    let value = -r.from_tt(1);
                    let draw = !value.is_decisive();
                    let text = if draw {
                        "draw".into()
                    } else {
                        value.to_string()
                    };
                    (mv.to_string(), text)
                })
                .collect();
            expected.sort();
            assert_eq!(got, expected, "{size} {moves:?}");
        }
    }

    #[test]
    fn variants_build_other_boards() {
        let g = TicTacToe::with_size("3x3", "").unwrap();
        let g = g.with_variant(&["5x4".into(), "4".into()]).unwrap();
        assert_eq!(
            (g.cols(), g.rows(), g.title()),
            (5, 4, "m,n,k 5×4 k=4".into())
        );
        assert!(g.with_variant(&["9x9".into(), "3".into()]).is_err());
    }
}
