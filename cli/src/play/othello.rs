//! `zerosum othello play`: Othello on 8×8. Moves are squares `a1`…`h8` (a1 top-left),
//! `PS` to pass (a forced pass is played by itself). The AI is [`othello::Engine`].

use super::{CommonArgs, PlayGame};
use clap::Args;
use othello::{Move, Othello, Square};
use std::process::ExitCode;
use zerosum::{Outcome, Side};

/// Options of `zerosum othello play`.
#[derive(Args, Debug, Clone)]
pub struct PlayArgs {
    #[command(flatten)]
    common: CommonArgs,
}

/// Runs `zerosum othello play`.
pub fn run(args: PlayArgs) -> ExitCode {
    super::run(OthelloGame::default(), &args.common)
}

/// An Othello game.
#[derive(Clone, Debug, Default)]
pub struct OthelloGame {
    game: Othello,
}

impl OthelloGame {
    fn empties(&self) -> u32 {
        64 - self.game.stones_on_board()
    }
}

impl PlayGame for OthelloGame {
    type Move = Move;
    type Game = Othello;
    type Engine = othello::Engine;
    const SIDE_NAMES: [&'static str; 2] = ["black", "white"];

    fn title(&self) -> String {
        "Othello".into()
    }
    fn cols(&self) -> usize {
        8
    }
    fn rows(&self) -> usize {
        8
    }
    fn stone(&self, col: usize, row: usize) -> Option<Side> {
        self.game.disc_at(col as u8, row as u8)
    }
    fn col_label(&self, col: usize) -> String {
        char::from(b'a' + col as u8).to_string()
    }
    fn row_label(&self, row: usize) -> String {
        (row + 1).to_string()
    }
    fn parse_move(&self, text: &str) -> Result<Move, String> {
        let mv: Move = text
            .parse()
            .map_err(|e: othello::ParseMoveError| e.to_string())?;
        let mut g = self.game.clone();
        g.try_play(mv).map_err(|e| match e {
            othello::PlayError::Illegal(m) => {
                format!("{m} is occupied or turns no disc over")
            }
            e => e.to_string(),
        })?;
        Ok(mv)
    }
    fn move_at(&self, col: usize, row: usize) -> Option<Move> {
        Square::from_xy(col as u8, row as u8).map(Move::square)
    }
    fn move_cell(&self, mv: Move) -> Option<(usize, usize)> {
        mv.to_square().map(|s| (s.x() as usize, s.y() as usize))
    }
    fn marks_legal_moves(&self) -> bool {
        true
    }
    /// `black wins 40-24`: the disc count, empty squares going to the winner (the
    /// World Othello Federation rule).
    fn result_text(&self) -> String {
        let (mut b, mut w) = (self.game.black_score(), self.game.white_score());
        let empties = self.empties();
        match self.outcome() {
            Some(Outcome::Win(Side::First)) => {
                b += empties;
                format!("black wins {b}-{w}")
            }
            Some(Outcome::Win(Side::Second)) => {
                w += empties;
                format!("white wins {w}-{b}")
            }
            Some(Outcome::Draw) => format!("draw {b}-{w}"),
            None => "unfinished".into(),
        }
    }
    fn status(&self) -> Option<String> {
        Some(format!(
            "black {} · white {}",
            self.game.black_score(),
            self.game.white_score()
        ))
    }

    fn game(&self) -> &Othello {
        &self.game
    }
    fn game_mut(&mut self) -> &mut Othello {
        &mut self.game
    }
    fn new_engine(&self) -> othello::Engine {
        othello::Engine::new(32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::test_support::*;

    #[test]
    fn parse_moves_and_say_why_not() {
        let g = OthelloGame::default();
        assert!(g.parse_move("d3").is_ok());
        assert!(g.parse_move("F5").is_ok());
        assert!(g.parse_move("a1").unwrap_err().contains("turns no disc"));
        assert!(g.parse_move("d4").is_err());
        assert!(g.parse_move("z9").is_err());
        assert!(g.parse_move("PS").unwrap_err().contains("pass"));
    }

    #[test]
    fn result_gives_empties_to_the_winner() {
        // The shortest game: black wipes white out after 9 plies.
        let mut s = Session::new(OthelloGame::default(), human_against_ai(4));
        for m in ["e6", "f4", "e3", "f6", "g5", "d6", "e7", "f5", "c5"] {
            s.play_text(m).unwrap();
        }
        assert_eq!(s.game.result_text(), "black wins 64-0");
    }

    /// A game prefix (from a fixed pseudo-random playout) after which the side to move
    /// must pass.
    fn prefix_to_a_pass() -> Vec<String> {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        loop {
            let mut g = OthelloGame::default();
            let mut moves = Vec::new();
            while g.outcome().is_none() {
                let legal = g.legal_moves();
                if legal == [Move::PASS] {
                    return moves;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let mv = legal[(seed % legal.len() as u64) as usize];
                moves.push(mv.to_string());
                g.play(mv);
            }
        }
    }

    #[test]
    fn forced_passes_are_played_for_humans() {
        let prefix = prefix_to_a_pass();
        let input = prefix.join("\n") + "\n";
        let mut out = Vec::new();
        let both = Setup {
            players: [Player::Human; 2],
            strength: Strength::Level(1),
        };
        crate::play::plain::play(OthelloGame::default(), both, input.as_bytes(), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains(" passes\n"), "{out}");
        assert!(!out.contains("illegal"), "{out}");
        // The TUI does the same on its next tick.
        let mut app = App::new(OthelloGame::default(), both);
        for m in &prefix {
            app.session.play_text(m).unwrap();
        }
        app.tick();
        assert!(app.message.contains("passes"), "{}", app.message);
        assert_eq!(app.session.moves.last().map(|p| p.mv), Some(Move::PASS));
    }

    #[test]
    fn tui_states() {
        let mut app = App::new(OthelloGame::default(), human_against_ai(4));
        insta::assert_snapshot!("othello_start", render_to_string(&mut app, 80, 20));
        let mut s = Session::new(OthelloGame::default(), human_against_ai(4));
        for m in ["f5", "d6", "c3", "d3", "c4"] {
            s.play_text(m).unwrap();
        }
        app.session = s;
        app.analysis = Some(Analysis {
            title: "white (AI, level 4)".into(),
            state: "thinking".into(),
            elapsed: Duration::from_millis(300),
            progress: Some(Progress {
                depth: 3,
                value: "-14".into(),
                pv: ["f4", "e3", "f6"].map(String::from).to_vec(),
                nodes: 2_345,
                nps: 987_000,
            }),
        });
        insta::assert_snapshot!("othello_thinking", render_to_string(&mut app, 80, 20));
    }
}
