//! `zerosum othello play`: Othello on 8×8. Moves are squares `a1`…`h8` (a1 top-left),
//! `PS` to pass (a forced pass is played by itself). The AI is [`othello::Engine`].

use super::{MoveValues, PlayGame, Thought, checked_move};
use othello::{Limits, Move, Othello, Square};
use zerosum::search::StopFlag;
use zerosum::{Outcome, Side};

/// Solver nodes for all the exact values of one position (about a second at most);
/// past them the panel shows the evaluation instead. The engine's `move_values` gives its
/// solves half of its node limit, [`VALUE_NODES`].
const EXACT_VALUE_NODES: u64 = 8_000_000;

/// The node limit of one position's values: the solves' [`EXACT_VALUE_NODES`], and as
/// many again for the evaluation search when they give up.
const VALUE_NODES: u64 = 2 * EXACT_VALUE_NODES;
/// Depth of the evaluation values of the analysis panel, in plies.
const VALUE_DEPTH: u32 = 4;

/// An Othello game.
#[derive(Clone, Debug, Default)]
pub struct OthelloGame {
    game: Othello,
}

impl OthelloGame {
    /// The game from `game` (the side to move is the position's).
    pub fn from_position(game: Othello) -> Self {
        OthelloGame { game }
    }
}

/// The move written `text`, legal now or not. The plain front end already names the
/// text (`illegal move "z9": …`): the error says only what a move looks like.
fn read_move(text: &str) -> Result<Move, &'static str> {
    text.parse::<Move>()
        .map_err(|_| "expected a square a1..h8 or a pass (PS, PA or PASS)")
}

impl PlayGame for OthelloGame {
    type Move = Move;
    type Game = Othello;
    type Engine = othello::Engine;
    const SIDE_NAMES: [&'static str; 2] = ["black", "white"];

    fn title(&self) -> String {
        "Othello".into()
    }
    /// Beyond [`crate::othello::SOLVABLE_EMPTIES`] empty squares an exact solve takes
    /// from seconds to far more than a lifetime.
    fn perfect_may_take_long(&self) -> bool {
        self.game.board().empties() > crate::othello::SOLVABLE_EMPTIES
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
    fn row_label(&self, row: usize) -> String {
        (row + 1).to_string()
    }
    fn parse_move(&self, text: &str) -> Result<Move, String> {
        checked_move(&self.game, read_move(text), |g, mv| {
            g.try_play(mv).map_err(|e| match e {
                othello::PlayError::Illegal(m) => format!("{m} turns no disc over"),
                othello::PlayError::Occupied(m) => format!("{m} is occupied"),
                e => e.to_string(),
            })
        })
    }
    fn check_notation(&self, text: &str) -> Result<(), String> {
        read_move(text).map(|_| ()).map_err(str::to_string)
    }
    fn is_pass_text(&self, text: &str) -> bool {
        text.parse::<Move>().is_ok_and(|m| m.is_pass())
    }
    fn move_at(&self, col: usize, row: usize) -> Option<Move> {
        Square::from_xy(col as u8, row as u8).map(Move::square)
    }
    fn move_cell(&self, mv: Move) -> Option<(usize, usize)> {
        mv.to_square().map(|s| (s.x() as usize, s.y() as usize))
    }
    /// An OBF position has no history (its [`zerosum::Game::ply`] is 0): each move puts
    /// one disc on the four of the start, so the discs beyond four are the moves played
    /// (its passes are not known).
    fn ply(&self) -> u32 {
        let placed = self.game.stones_on_board().saturating_sub(4);
        zerosum::Game::ply(&self.game).max(placed)
    }
    fn marks_legal_moves(&self) -> bool {
        true
    }
    /// `black wins 40-24`: the disc count, empty squares going to the winner (the
    /// World Othello Federation rule).
    fn result_text(&self) -> String {
        let (b, w) = (self.game.black_score(), self.game.white_score());
        match self.outcome() {
            Some(Outcome::Win(Side::First)) => format!("black wins {}-{w}", 64 - w),
            Some(Outcome::Win(Side::Second)) => format!("white wins {}-{b}", 64 - b),
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

    /// Every legal move's value ([`othello::Engine::move_values`]): exact final disc
    /// differences near the end when they are found within [`EXACT_VALUE_NODES`] nodes,
    /// else the evaluation after a [`VALUE_DEPTH`]-ply search of each move. One unit for
    /// the whole list, labelled. Best first.
    fn move_values(
        &self,
        engine: &mut othello::Engine,
        _thought: &Thought<Move>,
        stop: &StopFlag,
    ) -> MoveValues {
        let limits = Limits::nodes(VALUE_NODES).with_stop(stop.clone());
        let values = match engine.move_values(&self.game, &limits, VALUE_DEPTH) {
            // Solves that gave up may leave the evaluation search too few nodes for its
            // depth (the one limit covers both): the search then runs on its own, within
            // the stop flag alone (a 4-ply search is quick).
            Some(r) if !r.exact && r.depth < VALUE_DEPTH && !stop.is_stopped() => {
                let unlimited =
                    zerosum::time::Budget::new(&Limits::default().with_stop(stop.clone()));
                Some(engine.analyze_midgame_within(&self.game, VALUE_DEPTH, &unlimited))
            }
            values => values,
        };
        match values {
            Some(r) if r.exact => {
                // A search that saw every line end scores a move as a win or loss in
                // plies, not discs (a recheck's report: a wipe-out showed `-999998`): the
                // engine's `root_move_values` solves such a move (a small solve, as every
                // line from it ends within the search's depth); depth 0 leaves the other
                // moves' exact scores as they are.
                let values = engine.root_move_values(&self.game, &r.root_moves, 0);
                MoveValues {
                    unit: "final disc difference, exact".into(),
                    values: (values.iter())
                        .map(|v| (v.mv.to_string(), othello::signed_discs(v.value)))
                        .collect(),
                    note: None,
                }
            }
            Some(r) => {
                // A move whose line ends the game within the search's depth has a win or
                // loss in plies for a score (`win in 1` for a wipe-out): it is solved to
                // its final disc difference, as `othello analyze --depth` gives it.
                let values = engine.root_move_values(&self.game, &r.root_moves, 0);
                let mut unit = format!("evaluation, ~1/100 disc, depth {}", r.depth);
                if values.iter().any(|v| v.exact) {
                    unit.push_str("; `discs`: exact");
                }
                let mut listed = super::root_values_in(&r.root_moves, &unit);
                listed.values = (values.iter())
                    .map(|v| {
                        let text = if v.exact {
                            format!("{} discs", othello::signed_discs(v.value))
                        } else {
                            // The bound mark the search gave this move (`≤`, `≥`).
                            let shown = listed.values.iter().find(|(m, _)| *m == v.mv.to_string());
                            shown.map_or_else(|| v.value.to_string(), |(_, s)| s.clone())
                        };
                        (v.mv.to_string(), text)
                    })
                    .collect();
                listed
            }
            None => MoveValues {
                unit: "stopped before valuing the moves".into(),
                ..MoveValues::default()
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::test_support::*;
    use zerosum::Game as _;

    /// A recheck's report: a move that ends the game showed `-999998` in the exact list
    /// of values, a win or loss in plies written as discs. It is the final disc
    /// difference, as `othello analyze` gives it from the solver alone. Here each of
    /// white's moves (c5, c6, d6) takes black's one disc, d5, and ends the game: +64.
    #[test]
    fn a_move_that_ends_the_game_is_valued_in_discs() {
        let line = "---------------------------OO------XO--------------------------- O";
        let g = OthelloGame::from_position(Othello::from_obf_line(line).unwrap());
        let mut engine = g.new_engine();
        let v = g.move_values(&mut engine, &Thought::default(), &StopFlag::new());
        let mut solver = othello::solver::Solver::new(1);
        let mut child = g.game.clone();
        zerosum::Game::play(&mut child, "c5".parse().unwrap());
        let discs = -solver.solve(child.board()).score;
        assert_eq!(discs, 64);
        assert_eq!(v.unit, "final disc difference, exact");
        let mut values = v.values.clone();
        values.sort();
        let won = othello::signed_discs(discs);
        assert_eq!(
            values,
            [
                ("c5".to_string(), won.clone()),
                ("c6".to_string(), won.clone()),
                ("d6".to_string(), won)
            ]
        );
    }

    /// In an evaluation list (a position the solver does not value whole), a move that
    /// ends the game read `win in 1`: it is its final disc difference, as `othello
    /// analyze --depth` writes it. Here black's c5 wipes white out after the shortest
    /// game's eight plies (52 empty squares); the other moves keep the evaluation.
    #[test]
    fn an_evaluated_list_gives_a_game_ending_move_in_discs() {
        let mut g = OthelloGame::default();
        for m in ["e6", "f4", "e3", "f6", "g5", "d6", "e7", "f5"] {
            g.play(m.parse().unwrap());
        }
        let mut engine = g.new_engine();
        let v = g.move_values(&mut engine, &Thought::default(), &StopFlag::new());
        assert!(v.unit.starts_with("evaluation"), "{}", v.unit);
        assert!(v.unit.ends_with("`discs`: exact"), "{}", v.unit);
        assert_eq!(v.values[0], ("c5".to_string(), "+64 discs".to_string()));
        assert_eq!(v.values.len(), g.legal_moves().len());
        for (mv, text) in &v.values[1..] {
            assert!(
                !text.contains("win") && !text.contains("loss"),
                "{mv} {text}"
            );
            assert!(!text.contains("discs"), "{mv} {text}");
        }
    }

    #[test]
    fn parse_moves_and_say_why_not() {
        let g = OthelloGame::default();
        assert!(g.parse_move("d3").is_ok());
        assert!(g.parse_move("F5").is_ok());
        assert!(g.parse_move("a1").unwrap_err().contains("turns no disc"));
        assert!(g.parse_move("d4").is_err());
        assert_eq!(
            g.parse_move("z9").unwrap_err(),
            "expected a square a1..h8 or a pass (PS, PA or PASS)"
        );
        assert!(g.parse_move("PS").unwrap_err().contains("pass"));
        // NBoard's pass (`=== PA`) is a pass here too, not "expected a square".
        assert!(g.parse_move("PA").unwrap_err().contains("pass"));
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
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        loop {
            let mut g = OthelloGame::default();
            let mut moves = Vec::new();
            while g.outcome().is_none() {
                if g.legal_moves() == [Move::PASS] {
                    return moves;
                }
                let mv = random_move(&g, &mut rng);
                moves.push(mv.to_string());
                g.play(mv);
            }
        }
    }

    /// Plain mode's output for two humans typing `input`.
    fn plain_between_humans(input: &str) -> String {
        let both = Setup {
            players: [Player::Human; 2],
            strength: Strength::Level(1),
        };
        let mut out = Vec::new();
        crate::play::plain::play(OthelloGame::default(), both, input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn forced_passes_are_played_for_humans() {
        let prefix = prefix_to_a_pass();
        let out = plain_between_humans(&(prefix.join("\n") + "\n"));
        assert!(out.contains(" passes\n"), "{out}");
        assert!(!out.contains("illegal"), "{out}");
        // The TUI does the same on its next tick.
        let both = Setup {
            players: [Player::Human; 2],
            strength: Strength::Level(1),
        };
        let mut app = App::new(OthelloGame::default(), both);
        for m in &prefix {
            app.session.play_text(m).unwrap();
        }
        app.tick();
        assert!(app.message.contains("passes"), "{}", app.message);
        assert_eq!(app.session.moves.last().map(|p| p.mv), Some(Move::PASS));
    }

    /// `undo` after a forced pass takes back the pass and the move that forced it (it
    /// took back the pass alone, which plain mode and the TUI then played again at once:
    /// the move before it could never be taken back).
    #[test]
    fn undo_goes_back_past_a_forced_pass() {
        let prefix = prefix_to_a_pass();
        let both = Setup {
            players: [Player::Human; 2],
            strength: Strength::Level(1),
        };
        let mut s = Session::new(OthelloGame::default(), both);
        for m in &prefix {
            s.play_text(m).unwrap();
        }
        s.play(Move::PASS).unwrap();
        assert_eq!(s.undo_to_human(), 2);
        assert_eq!(s.moves.len(), prefix.len() - 1);
        assert_eq!(s.redo_to_human(), 2, "the move and its forced pass");
        assert_eq!(s.moves.len(), prefix.len() + 1);
        let out = plain_between_humans(&format!("{}\nundo\nundo\n", prefix.join("\n")));
        assert_eq!(out.matches(" passes\n").count(), 1, "{out}");
    }

    /// A script replaying a game record sends the pass that plain mode already played
    /// for the side that had to pass: it is taken as said (before, it was refused as
    /// `cannot pass: a move exists`, the pass being read for the other side). A pass
    /// where none was forced is still refused.
    #[test]
    fn a_record_s_pass_after_a_forced_pass_is_taken_as_said() {
        let prefix = prefix_to_a_pass();
        let mut g = OthelloGame::default();
        for m in &prefix {
            let mv = g.parse_move(m).unwrap();
            g.game_mut().play(mv);
        }
        let passer = g.side_name(g.side_to_move());
        g.game_mut().play(Move::PASS);
        let next = g.move_text(g.legal_moves()[0]);
        let out = plain_between_humans(&format!("PS\n{}\npass\n{next}\n", prefix.join("\n")));
        assert!(
            out.contains(&format!("{passer}'s forced pass was already played\n")),
            "{out}"
        );
        assert!(out.contains(&format!("plays {next}\n")), "{out}");
        assert_eq!(out.matches("illegal move").count(), 1, "{out}");
        assert!(out.contains("illegal move \"PS\": cannot pass"), "{out}");
    }

    /// Against the AI too: the human's forced pass, played for it before the AI's reply,
    /// is taken as said when the script sends it after that reply (a TUI tester's report:
    /// `illegal move "PS": cannot pass: a move exists`).
    #[test]
    fn a_record_s_pass_after_the_ai_s_reply_is_taken_as_said() {
        // White to move; black must pass after white's move, then white replies.
        let game: Othello = "XOOXXXX-XOOOOXX-XOXXXXXXXOOXXXXOXOXOXXXOXXOOOXXOXOXXXXXXOOOOOOO- O"
            .parse()
            .unwrap();
        let setup = Setup {
            players: [Player::Human, Player::Ai],
            strength: Strength::Depth(2),
        };
        let mut out = Vec::new();
        let game = OthelloGame::from_position(game);
        crate::play::plain::play(game, setup, "PS\nPS\n".as_bytes(), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        let passes = out.find("black passes\n").expect(&out);
        let taken = out
            .find("black's forced pass was already played\n")
            .expect(&out);
        assert!(passes < taken, "{out}");
        // A second pass, where black has a move, is refused as before.
        assert_eq!(
            out.matches("illegal move \"PS\": cannot pass").count(),
            1,
            "{out}"
        );
        // Two forced passes of black's, each after a reply of the AI's, are both taken
        // as said (a recheck's report: the second was refused).
        let game: Othello = ".X...X..XXXXXX.XXXXXXXX.XX.XXX.XXOOXXXX.OOOXXXXOOOOXXX.O.XOX.O.O O"
            .parse()
            .unwrap();
        let mut out = Vec::new();
        let game = OthelloGame::from_position(game);
        crate::play::plain::play(game, setup, "PS\nPS\nPS\n".as_bytes(), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out.matches("black passes\n").count(), 2, "{out}");
        assert_eq!(
            out.matches("black's forced pass was already played\n")
                .count(),
            2,
            "{out}"
        );
        // The AI's forced pass is not the human's to send: a `PS` after it, where the
        // human has a move, is refused (a recheck's report: it was taken as said).
        let game: Othello = ".X...X..XXXXXX.XXXXXXXX.XX.XXX.XXOOXXXX.OOOXXXXOOOOXXX.O.XOX.O.O O"
            .parse()
            .unwrap();
        let ai_black = Setup {
            players: [Player::Ai, Player::Human],
            ..setup
        };
        let mut out = Vec::new();
        let game = OthelloGame::from_position(game);
        crate::play::plain::play(game, ai_black, "a8\nPS\n".as_bytes(), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains("black passes\n"), "{out}");
        assert!(!out.contains("already played"), "{out}");
        assert!(out.contains("illegal move \"PS\": cannot pass"), "{out}");
        assert_eq!(
            out.matches("illegal move \"PS\": cannot pass").count(),
            1,
            "{out}"
        );
    }

    /// Issue 14 item 10: near the end the analysis values are every legal move's exact
    /// final disc difference, as the plain negamax reference (`solve_slow`, no pruning)
    /// finds it; before, every legal move gets the evaluation, labelled as such.
    #[test]
    fn analysis_values_are_exact_discs_near_the_end_else_the_evaluation() {
        let stop = StopFlag::new();
        let none = Thought::default();
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        let mut checked = 0;
        while checked < 3 {
            let mut g = OthelloGame::default();
            while g.outcome().is_none() && g.game.stones_on_board() < 56 {
                g.play(random_move(&g, &mut rng));
            }
            let legal = g.legal_moves();
            if g.outcome().is_some() || legal.len() < 2 {
                continue;
            }
            let mut engine = g.new_engine();
            let v = g.move_values(&mut engine, &none, &stop);
            assert_eq!(v.unit, "final disc difference, exact");
            let mut got = v.values.clone();
            got.sort();
            let mut expected: Vec<(String, String)> = legal
                .iter()
                .map(|&mv| {
                    let mut child = g.game.clone();
                    child.play(mv);
                    let score = -othello::solver::solve_slow(child.board());
                    (mv.to_string(), othello::signed_discs(score))
                })
                .collect();
            expected.sort();
            assert_eq!(got, expected);
            checked += 1;
        }
        let g = OthelloGame::default();
        let mut engine = g.new_engine();
        let v = g.move_values(&mut engine, &none, &stop);
        assert!(v.unit.starts_with("evaluation"), "{v:?}");
        let mut moves: Vec<String> = v.values.iter().map(|(m, _)| m.clone()).collect();
        moves.sort();
        assert_eq!(moves, ["c4", "d3", "e6", "f5"]);
    }
}
