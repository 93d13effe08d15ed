//! A game in progress: the position, the moves played from the start, a redo stack, and
//! who plays each side.

use super::PlayGame;
use super::options::{Player, Setup};

/// A move played, with the cell its stone went to (for highlighting).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played<M> {
    /// The move.
    pub mv: M,
    /// Where its stone went (`None` for a pass).
    pub cell: Option<(usize, usize)>,
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Session<G: PlayGame> {
    /// The current position.
    pub game: G,
    /// The position the game started from (for restarts).
    pub start: G,
    /// Moves played from `start`, oldest first.
    pub moves: Vec<Played<G::Move>>,
    /// Moves taken back, the next to redo last.
    pub redo: Vec<G::Move>,
    /// Players and AI strength.
    pub setup: Setup,
}

impl<G: PlayGame> Session<G> {
    /// A session starting from `game`.
    pub fn new(game: G, setup: Setup) -> Self {
        Session {
            start: game.clone(),
            game,
            moves: Vec::new(),
            redo: Vec::new(),
            setup,
        }
    }

    /// Who plays the side to move.
    pub fn player_to_move(&self) -> Player {
        self.setup.player(self.game.side_to_move())
    }

    /// True while the game goes on.
    pub fn is_running(&self) -> bool {
        self.game.outcome().is_none()
    }

    /// Plays `mv` if it is legal; clears the redo stack unless `mv` is the move to redo.
    ///
    /// # Errors
    /// Why the move cannot be played.
    pub fn play(&mut self, mv: G::Move) -> Result<(), String> {
        if let Some(outcome) = self.game.outcome().map(|_| self.game.result_text()) {
            return Err(format!("the game is over ({outcome})"));
        }
        if !self.game.legal_moves().contains(&mv) {
            // The rules' reason, as for the move typed (a full column, a cell taken, a
            // disc that turns none over, a forbidden point): before, a move chosen with
            // the cursor or a click said only "… is not legal here".
            let text = self.game.move_text(mv);
            return Err(match self.game.parse_move(&text) {
                Err(why) => why,
                Ok(_) => format!("{text} is not legal here"),
            });
        }
        let cell = self.game.move_cell(mv);
        self.game.play(mv);
        self.moves.push(Played { mv, cell });
        if self.redo.last() == Some(&mv) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        Ok(())
    }

    /// Parses a typed move and plays it (tests script games with it).
    ///
    /// # Errors
    /// Why the text is not a legal move.
    #[cfg(test)]
    pub fn play_text(&mut self, text: &str) -> Result<G::Move, String> {
        if self.game.outcome().is_some() {
            return Err(format!("the game is over ({})", self.game.result_text()));
        }
        let mv = self.game.parse_move(text.trim())?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.moves.pop() {
            Some(p) => {
                self.game.undo();
                self.redo.push(p.mv);
                true
            }
            None => false,
        }
    }

    /// Takes back moves until a human is to move (at least one move, as long as there
    /// is one): in a game against the AI, `undo` takes back the AI's reply too. When no
    /// human has moved yet (the human plays second and the AI has made the first move),
    /// nothing is taken back and 0 is returned: taking back the AI's move would only
    /// make the AI play again. Between two AIs it takes back one move.
    pub fn undo_to_human(&mut self) -> usize {
        if self.setup.players.contains(&Player::Human) && !self.a_human_has_moved() {
            return 0;
        }
        self.step_to_human(Self::undo)
    }

    /// Whether one of the moves played was a human's choice: its position had a human
    /// to move and more than a forced pass to play (a forced pass is played for the
    /// human at once; undoing it would only replay it).
    pub fn a_human_has_moved(&self) -> bool {
        let mut g = self.start.clone();
        for p in &self.moves {
            if self.setup.player(g.side_to_move()) == Player::Human && !forced_pass(&g) {
                return true;
            }
            g.play(p.mv);
        }
        false
    }

    /// Plays the last move taken back; false when there is none.
    pub fn redo(&mut self) -> bool {
        match self.redo.last().copied() {
            Some(mv) => self.play(mv).is_ok(),
            None => false,
        }
    }

    /// Redoes moves until a human is to move again (at least one).
    pub fn redo_to_human(&mut self) -> usize {
        self.step_to_human(Self::redo)
    }

    /// Repeats `step` (undo or redo) until a human is to move, at least once, while it
    /// succeeds; returns how many steps it made.
    fn step_to_human(&mut self, step: fn(&mut Self) -> bool) -> usize {
        let mut n = 0;
        while step(self) {
            n += 1;
            // A forced pass is no turn: it is played for the human at once (Othello), so
            // stopping before it would replay it and `undo` could never pass it.
            let turn = self.player_to_move() == Player::Human && !self.at_forced_pass();
            if turn || self.setup.players == [Player::Ai; 2] {
                break;
            }
        }
        n
    }

    /// Whether the side to move has only a pass to play (a move with no cell): one that
    /// the front ends play for it at once.
    pub fn at_forced_pass(&self) -> bool {
        forced_pass(&self.game)
    }

    /// The last move played, if any.
    pub fn last(&self) -> Option<Played<G::Move>> {
        self.moves.last().copied()
    }

    /// The moves played so far as numbered pairs, the first player's move then the
    /// second's, numbered on from the start position's ply as chess GUIs do after a FEN:
    /// `1. d3 c5` from the initial position, and from a `--position` of three plies
    /// (the second player to move) `2... 4` then `3. 3 5`. Before, the first move after
    /// a `--position` was always `1.`.
    pub fn numbered_moves(&self) -> Vec<String> {
        let moves = self.move_list();
        let ply = self.start.ply();
        let mut number = ply / 2 + 1;
        let mut rest = &moves[..];
        let mut items = Vec::new();
        if self.start.side_to_move() == zerosum::Side::Second {
            if let Some((first, tail)) = rest.split_first() {
                items.push(format!("{number}... {first}"));
                rest = tail;
                number += 1;
            }
        } else if ply % 2 == 1 {
            // A pass (Othello) left the first player to move after an odd ply.
            number += 1;
        }
        for pair in rest.chunks(2) {
            items.push(format!("{number}. {}", pair.join(" ")));
            number += 1;
        }
        items
    }

    /// The moves played so far in the game's notation, separated by spaces.
    pub fn move_list(&self) -> Vec<String> {
        let mut g = self.start.clone();
        self.moves
            .iter()
            .map(|p| {
                let t = g.move_text(p.mv);
                g.play(p.mv);
                t
            })
            .collect()
    }
}

/// Whether the side to move in `game` has only a pass to play (a move with no cell).
fn forced_pass<G: PlayGame>(game: &G) -> bool {
    let legal = game.legal_moves();
    legal.len() == 1 && game.move_cell(legal[0]).is_none()
}
