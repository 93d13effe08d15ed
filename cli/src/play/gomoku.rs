//! `zerosum gomoku play`: five in a row on 15×15 (or any size 5…22, e.g. 20×20),
//! freestyle or standard (exactly five). Moves are cells `h8` (column letter, row
//! number; row 1 at the bottom). The AI is [`gomoku::Engine`] (levels 1–8).

use super::{CommonArgs, PlayGame, VariantOption};
use clap::Args;
use gomoku::{Board, Cell, Rule};
use std::process::ExitCode;
use zerosum::Side;

/// Options of `zerosum gomoku play`.
#[derive(Args, Debug, Clone)]
pub struct PlayArgs {
    #[command(flatten)]
    common: CommonArgs,
    /// Board side, 5 to 22 (15 and 20 are the usual ones).
    #[arg(long, default_value_t = 15)]
    size: u32,
    /// Rule: `freestyle` (five or more wins) or `standard` (exactly five).
    #[arg(long, default_value = "freestyle")]
    rule: String,
}

/// Runs `zerosum gomoku play`.
pub fn run(args: PlayArgs) -> ExitCode {
    match Gomoku::new(&args.size.to_string(), &args.rule) {
        Ok(game) => super::run(game, &args.common),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

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
        let size: u32 = size
            .parse()
            .map_err(|_| format!("size {size:?} is not a number"))?;
        let rule: Rule = rule.parse().map_err(|e: gomoku::RuleError| e.to_string())?;
        let board = Board::with_size(size, rule).map_err(|e| e.to_string())?;
        Ok(Gomoku { board })
    }

    fn size(&self) -> usize {
        self.board.size() as usize
    }

    /// The cell drawn at column `col`, row `row` (row 0 is the top, the highest y).
    fn cell(&self, col: usize, row: usize) -> Cell {
        Cell::new(col as u8, (self.size() - 1 - row) as u8)
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
    fn col_label(&self, col: usize) -> String {
        char::from(b'a' + col as u8).to_string()
    }
    fn row_label(&self, row: usize) -> String {
        (self.size() - row).to_string()
    }
    fn parse_move(&self, text: &str) -> Result<Cell, String> {
        let cell = Cell::parse_human(text).map_err(|e| e.to_string())?;
        let mut b = self.board.clone();
        b.try_play(cell).map_err(|e| e.to_string())?;
        Ok(cell)
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

    fn variant_options(&self) -> Vec<VariantOption> {
        vec![
            VariantOption {
                name: "size",
                values: vec!["15".into(), "20".into()],
            },
            VariantOption {
                name: "rule",
                values: vec!["freestyle".into(), "standard".into()],
            },
        ]
    }
    fn variant(&self) -> Vec<String> {
        vec![self.size().to_string(), self.board.rule().to_string()]
    }
    fn with_variant(&self, values: &[String]) -> Result<Self, String> {
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

    #[test]
    fn coordinates_put_row_1_at_the_bottom() {
        let g = Gomoku::new("15", "freestyle").unwrap();
        assert_eq!(g.move_at(0, 14).unwrap().to_string(), "a1");
        assert_eq!(g.move_at(7, 7).unwrap().to_string(), "h8");
        assert_eq!(g.move_cell("o15".parse().unwrap()), Some((14, 0)));
        assert!(g.parse_move("p1").unwrap_err().contains("off the"));
        assert!(Gomoku::new("30", "freestyle").is_err());
        assert!(Gomoku::new("15", "renju").is_err());
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
                    &mut |_| {},
                )
                .unwrap();
            assert!(["g8", "l8"].contains(&mv.to_string().as_str()), "{mv}");
        }
    }

    #[test]
    fn tui_states() {
        let mut app = App::new(Gomoku::new("15", "freestyle").unwrap(), human_against_ai(3));
        let mut s = Session::new(Gomoku::new("15", "freestyle").unwrap(), human_against_ai(3));
        for m in ["h8", "i9", "i7", "g9", "j6"] {
            s.play_text(m).unwrap();
        }
        app.session = s;
        app.analysis = Some(Analysis {
            title: "white (AI, level 3)".into(),
            state: "thinking".into(),
            elapsed: Duration::from_millis(2100),
            progress: Some(Progress {
                depth: 2,
                value: "-120".into(),
                pv: ["k5", "h9"].map(String::from).to_vec(),
                nodes: 3_456,
                nps: 123_000,
            }),
        });
        insta::assert_snapshot!("gomoku_thinking", render_to_string(&mut app, 80, 24));
        let mut app = App::new(Gomoku::new("20", "standard").unwrap(), human_against_ai(3));
        insta::assert_snapshot!("gomoku_20_start", render_to_string(&mut app, 80, 28));
        // Small terminals clip but never panic, the dialog included.
        for (w, h) in [(20, 8), (1, 1), (60, 12)] {
            render_to_string(&mut app, w, h);
        }
        app.handle_key(ratatui::crossterm::event::KeyEvent::from(
            ratatui::crossterm::event::KeyCode::Char('n'),
        ));
        render_to_string(&mut app, 30, 6);
    }
}
