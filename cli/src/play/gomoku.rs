//! `zerosum gomoku play`: five in a row on 15×15 (or any size 5…22, e.g. 20×20),
//! freestyle, standard (exactly five) or renju (black's forbidden points refused). Moves are cells `h8` (column letter, row
//! number; row 1 at the bottom). The AI is [`gomoku::Engine`] (levels 1–8).

use super::{Mark, MarkKind, MoveValues, PlayGame, Thought, VariantOption, checked_move};
use gomoku::{Board, Cell, Rule, Threat, ThreatKind};
use zerosum::Side;

/// A Gomoku game.
#[derive(Clone, Debug)]
pub struct Gomoku {
    board: Board,
}

impl Gomoku {
    /// The empty board of side `size` under `rule`.
    ///
    /// # Errors
    /// A size or rule the crate does not accept, in words.
    pub fn new(size: &str, rule: &str) -> Result<Self, String> {
        // Plain decimal digits, as `--size` reads them: `u32::from_str` takes a `+`.
        let size: u32 = Some(size)
            .filter(|s| s.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| format!("size {size:?} is not a number (plain decimal digits)"))?;
        let rule: Rule = rule.parse().map_err(|e: gomoku::RuleError| e.to_string())?;
        let board = Board::with_size(size, rule).map_err(|e| e.to_string())?;
        Ok(Gomoku { board })
    }

    /// The game from `board` (its size, rule and side to move).
    pub fn from_board(board: Board) -> Self {
        Gomoku { board }
    }

    fn size(&self) -> usize {
        self.board.size() as usize
    }

    /// The cell drawn at column `col`, row `row` (row 0 is the top, the highest y).
    fn cell(&self, col: usize, row: usize) -> Cell {
        Cell::new(col as u8, (self.size() - 1 - row) as u8)
    }

    /// The cell written `text` in the people's notation (`h8`), on this board or not.
    fn read_cell(&self, text: &str) -> Result<Cell, String> {
        let size = self.board.size();
        Cell::parse_human(text).map_err(|e| match e {
            gomoku::CellError::OutOfRange(t) => {
                format!("cell {t:?} is off the {size}x{size} board")
            }
            e => e.to_string(),
        })
    }
}

impl PlayGame for Gomoku {
    type Move = Cell;
    type Game = Board;
    type Engine = gomoku::Engine;
    const SIDE_NAMES: [&'static str; 2] = ["black", "white"];

    fn title(&self) -> String {
        let n = self.size();
        format!("Gomoku {n}×{n} {}", self.board.rule())
    }
    fn cols(&self) -> usize {
        self.size()
    }
    fn rows(&self) -> usize {
        self.size()
    }
    fn stone(&self, col: usize, row: usize) -> Option<Side> {
        self.board.stone(self.cell(col, row))
    }
    /// A set-up position's blocked cells (a recheck's report: drawn `.`, and refused as
    /// occupied when played).
    fn blocked(&self, col: usize, row: usize) -> bool {
        self.board.is_blocked(self.cell(col, row))
    }
    fn row_label(&self, row: usize) -> String {
        (self.size() - row).to_string()
    }
    fn parse_move(&self, text: &str) -> Result<Cell, String> {
        checked_move(&self.board, self.read_cell(text), Board::try_play)
    }
    fn check_notation(&self, text: &str) -> Result<(), String> {
        let cell = self.read_cell(text)?;
        if usize::from(cell.x) < self.size() && usize::from(cell.y) < self.size() {
            Ok(())
        } else {
            let size = self.board.size();
            Err(gomoku::PlayError::OffBoard { cell, size }.to_string())
        }
    }
    fn move_at(&self, col: usize, row: usize) -> Option<Cell> {
        (col < self.size() && row < self.size()).then(|| self.cell(col, row))
    }
    fn move_cell(&self, mv: Cell) -> Option<(usize, usize)> {
        let n = self.size();
        let (x, y) = (mv.x as usize, mv.y as usize);
        (x < n && y < n).then(|| (x, n - 1 - y))
    }
    fn game(&self) -> &Board {
        &self.board
    }
    fn game_mut(&mut self) -> &mut Board {
        &mut self.board
    }
    fn new_engine(&self) -> gomoku::Engine {
        gomoku::Engine::new(32)
    }

    /// The winning row once there is one; before, each side's threats
    /// ([`Board::threats`]): the cells where it would complete a five or make an open four.
    fn marks(&self) -> Vec<Mark> {
        let mark = |c: Cell, kind| self.move_cell(c).map(|cell| Mark { cell, kind });
        if let Some(row) = self.board.winning_row() {
            return row
                .into_iter()
                .filter_map(|c| mark(c, MarkKind::Five))
                .collect();
        }
        let kind = |t: &Threat| match t.kind {
            ThreatKind::Five => MarkKind::FivePoint(t.side),
            ThreatKind::OpenFour => MarkKind::OpenFourPoint(t.side),
        };
        let threats = self.board.threats();
        threats
            .iter()
            .filter_map(|t| mark(t.cell, kind(t)))
            .collect()
    }

    /// The search's root values ([`super::root_values`]); unless the engine proved the
    /// result, a win or loss among them is one the search found against the defences
    /// it searched, not a proof (`gomoku::SearchInfo::exact`), and the unit says so.
    fn move_values(
        &self,
        _engine: &mut gomoku::Engine,
        thought: &Thought<Cell>,
        _stop: &zerosum::search::StopFlag,
    ) -> MoveValues {
        let unit = if thought.exact {
            "exact; win/loss in plies"
        } else {
            "evaluation; win/loss in plies as searched, not proven"
        };
        super::root_values_in(&thought.root, unit)
    }

    fn variant_options(&self) -> Vec<VariantOption> {
        vec![
            VariantOption {
                name: "size",
                values: vec!["15".into(), "20".into()],
            },
            VariantOption {
                name: "rule",
                values: vec!["freestyle".into(), "standard".into(), "renju".into()],
            },
        ]
    }
    fn variant(&self) -> Vec<String> {
        vec![self.size().to_string(), self.board.rule().to_string()]
    }
    /// The same variant as this game's keeps its start (a `--position`); another is
    /// an empty board.
    fn with_variant(&self, values: &[String]) -> Result<Self, String> {
        if values == self.variant().as_slice() {
            return Ok(self.clone());
        }
        match values {
            [size, rule] => Gomoku::new(size, rule),
            _ => Gomoku::new("15", "freestyle"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::test_support::*;

    /// A recheck's report: a set-up position's blocked cells were drawn `.` (and refused
    /// as occupied when played). They are `#` on the plain board and the play screen.
    #[test]
    fn blocked_cells_are_drawn() {
        use zerosum::Notation as _;
        let board = Board::parse_position("9f:[black e5; blocked a9 c3]").unwrap();
        let g = Gomoku::from_board(board);
        assert!(g.blocked(0, 0) && g.blocked(2, 6) && !g.blocked(4, 4));
        let text = crate::play::plain::board_text(&g);
        assert_eq!(text.matches('#').count(), 2, "{text}");
        let mut app = crate::play::tui::app::App::new(g, human_against_ai(2));
        let screen = crate::play::tui::render_to_string(&mut app, 80, 24);
        assert_eq!(screen.matches('#').count(), 2, "{screen}");
    }

    /// The new-game dialog's size is plain decimal digits, as `--size`: `+15` is refused.
    #[test]
    fn a_signed_size_is_refused() {
        assert!(Gomoku::new("015", "freestyle").is_ok());
        for size in ["+15", "-15", "", "15x"] {
            assert!(Gomoku::new(size, "freestyle").is_err(), "{size:?}");
        }
    }

    #[test]
    fn coordinates_put_row_1_at_the_bottom() {
        let g = Gomoku::new("15", "freestyle").unwrap();
        assert_eq!(g.move_at(0, 14).unwrap().to_string(), "a1");
        assert_eq!(g.move_at(7, 7).unwrap().to_string(), "h8");
        assert_eq!(g.move_cell("o15".parse().unwrap()), Some((14, 0)));
        assert!(g.parse_move("p1").unwrap_err().contains("off the"));
        assert!(Gomoku::new("30", "freestyle").is_err());
        assert!(Gomoku::new("15", "caro").is_err());
        assert!(Gomoku::new("15", "renju").is_ok());
    }

    #[test]
    fn the_engine_completes_an_open_four() {
        let mut s = Session::new(Gomoku::new("15", "freestyle").unwrap(), human_against_ai(3));
        for m in ["h8", "a1", "i8", "a2", "j8", "a3", "k8", "b5"] {
            s.play_text(m).unwrap();
        }
        let mut engine = s.game.new_engine();
        for level in [1, 2, 4] {
            let mv = s
                .game
                .think(
                    &mut engine,
                    Strength::Level(level),
                    &StopFlag::new(),
                    None,
                    &mut |_| {},
                )
                .best
                .unwrap();
            assert!(["g8", "l8"].contains(&mv.to_string().as_str()), "{mv}");
        }
    }

    /// Both marks' legends are shown whole under a 15×15 board at any terminal width
    /// (a new user's report: the one line of both was cut after "+ makes a" in the
    /// board's 33 columns, at 100 and at 200 columns alike).
    #[test]
    fn both_legends_are_shown_whole() {
        let mut app = App::new(Gomoku::new("15", "freestyle").unwrap(), human_against_ai(3));
        for m in ["h8", "a1", "i8", "a3", "j8", "a5", "k8", "a7"] {
            app.session.play_text(m).unwrap();
        }
        for (w, h) in [(80, 30), (100, 40), (200, 45)] {
            let screen = render_to_string(&mut app, w, h);
            assert!(
                screen.contains("! makes five (a four)"),
                "{w}x{h}\n{screen}"
            );
            assert!(
                screen.contains("+ makes an open four (a three)"),
                "{w}x{h}\n{screen}"
            );
        }
    }

    /// Issue 14 item 10: the winning five is highlighted on the board, the threats are
    /// drawn with their legend.
    #[test]
    fn the_five_and_the_threats_are_drawn() {
        let mut app = App::new(Gomoku::new("15", "freestyle").unwrap(), human_against_ai(3));
        for m in ["h8", "a1", "i8", "a3", "j8"] {
            app.session.play_text(m).unwrap();
        }
        let screen = render_to_string(&mut app, 80, 24);
        assert!(screen.contains("+ makes an open four"), "{screen}");
        let row8: &str = screen
            .lines()
            .find(|l| l.contains("│ 8 "))
            .unwrap_or_else(|| panic!("{screen}"));
        assert!(row8.contains("+ X X X +"), "{screen}");
        for m in ["a5", "k8", "a7", "l8"] {
            app.session.play_text(m).unwrap();
        }
        assert_eq!(app.session.game.result_text(), "black wins");
        let buffer = crate::play::tui::render_to_buffer(&mut app, 80, 24);
        let hit = app.board_hit.unwrap();
        let five: Vec<(usize, usize)> = (7..12).map(|x| (x, 7)).collect();
        for (c, r) in (0..15).flat_map(|c| (0..15).map(move |r| (c, r))) {
            let x = hit.x + (c as u16) * hit.cell_w;
            let y = hit.y + r as u16;
            let cell = &buffer[(x, y)];
            let highlighted = cell.modifier.contains(ratatui::style::Modifier::REVERSED);
            assert_eq!(
                highlighted,
                five.contains(&(c, r)),
                "cell {c},{r} {:?}",
                cell.symbol()
            );
        }
        let screen = render_to_string(&mut app, 80, 24);
        assert!(screen.contains("highlighted: the five"), "{screen}");
    }

    /// Issue 14 item 10: the analysis lists the engine's value of each candidate move,
    /// every one a legal move, in the engine's labelled unit.
    #[test]
    fn analysis_values_are_the_candidates_values() {
        let mut g = Gomoku::new("15", "freestyle").unwrap();
        for m in ["h8", "i9", "i7"] {
            let mv = g.parse_move(m).unwrap();
            g.play(mv);
        }
        let mut engine = g.new_engine();
        let stop = StopFlag::new();
        let thought = g.think(&mut engine, Strength::Level(2), &stop, None, &mut |_| {});
        let v = g.move_values(&mut engine, &thought, &stop);
        assert!(v.unit.contains("evaluation"), "{v:?}");
        assert!(!v.values.is_empty());
        for (mv, value) in &v.values {
            assert!(g.parse_move(mv).is_ok(), "{mv} is not legal");
            let number = value.trim_start_matches('≤');
            assert!(
                number.parse::<i32>().is_ok() || number.contains(" in "),
                "{value}"
            );
        }
        assert_eq!(v.values[0].0, thought.best.unwrap().to_string());
    }
}
