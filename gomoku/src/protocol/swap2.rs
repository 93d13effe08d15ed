//! The Swap2 opening (`SWAP2BOARD`): the brain's answers with no stone, three stones
//! and five stones, each a comparison of searched positions within one move's time.

use super::{Brain, SWAP2_BALANCE, refused};
use crate::board::{Board, PlayError, describe};
use crate::cell::Cell;
use crate::engine::Engine;
use std::time::{Duration, Instant};
use zerosum::search::Limits;
use zerosum::time::Budget;
use zerosum::{Game, Score};

impl Brain {
    /// The Swap2 opening, as the Gomocup managers send it (`SWAP2BOARD`, the stones so far
    /// as `x,y` lines in playing order, black first, `DONE`; the experimental
    /// tournament's protocol, gomocup.org 2020/2021):
    ///
    /// - **no stone**: we open, answering three stones `x,y x,y x,y` (black, white,
    ///   black): the centre, a diagonal neighbour, and the third stone of the central
    ///   5×5 that our search rates closest to even;
    /// - **three stones** (white to move): `SWAP` (we take black) when the search rates
    ///   the position worse than [`SWAP2_BALANCE`] for white, our 4th stone `x,y` (we stay
    ///   white) when better than it, else two more stones `x,y x,y` (white's best 4th
    ///   stone and the black 5th stone that leaves the position closest to even), after
    ///   which the opponent chooses the colour;
    /// - **five stones** (white to move): `SWAP` when the position is worse than even
    ///   for white, else our 6th stone as white.
    ///
    /// Any other count is refused (`Err`, the `ERROR` line), and the game so far is kept
    /// (as for a stone that cannot be played, or a finished position). The thinking time
    /// of the whole answer is one move's ([`Brain::move_limits`]), shared among the
    /// positions it compares, and a move's deadline ([`Brain::deadline`]: the hard limit
    /// less the wait reserve) holds for the whole answer: when a search comes back late
    /// (a search thread that waited for a CPU), the comparisons left are skipped and the
    /// best choice so far is answered. Each choice made on the way, from one read off the
    /// move ordering before any search, is handed to `offer` (the line and the position
    /// it leaves), so that the watchdog can answer it at the deadline when this thread is
    /// late itself ([`Brain::swap2_watched`]).
    ///
    /// Returns the answer's line and the position after it (the stones received and the
    /// ones it adds).
    pub(super) fn swap2(
        &mut self,
        stones: &[(Cell, u8)],
        offer: &mut dyn FnMut(&str, &Board),
    ) -> Result<(String, Board), String> {
        let received = self.arrived;
        let Some(size) = self.board.as_ref().map(|b| b.size() as u32) else {
            return Err("ERROR no game started (send START first)".into());
        };
        let mut b = Board::with_size(size, self.rule).expect("size was accepted at START");
        for &(c, _) in stones {
            if let Err(e) = b.try_play(c) {
                return Err(refused(&e));
            }
        }
        if let Some(o) = b.outcome() {
            return Err(refused(&PlayError::GameOver(describe(o))));
        }
        if ![0, 3, 5].contains(&stones.len()) {
            // The game so far is kept: a refused block changes nothing.
            return Err(format!(
                "ERROR SWAP2BOARD takes 0, 3 or 5 stones, got {}",
                stones.len()
            ));
        }
        // A move's deadline: the hard limit less the reserve for the waits the brain
        // cannot see (the watchdog answers for a reply later than that).
        let hard = Budget::new(&self.move_limits()).maximum();
        let deadline = hard.map(|_| received + self.deadline());
        let line = match stones.len() {
            0 => self.swap2_open(&mut b, deadline, offer),
            3 => self.swap2_choose(&mut b, true, deadline, offer),
            _ => self.swap2_choose(&mut b, false, deadline, offer),
        };
        match line {
            Some(line) => Ok((line, b)),
            None => Err("ERROR no legal move".into()),
        }
    }

    /// The limits of one of `parts` searches sharing the time (and nodes) of one move,
    /// never past `deadline` (the move's deadline, [`Brain::deadline`]; at least 1 ms).
    fn part_limits(&self, parts: u32, deadline: Option<Instant>) -> Limits {
        let whole = self.move_limits();
        let budget = Budget::new(&whole).maximum().unwrap_or(Duration::ZERO);
        let mut part = budget / parts.max(1);
        if let Some(d) = deadline {
            part = part.min(d.saturating_duration_since(Instant::now()));
        }
        Limits {
            time: Some(part.max(Duration::from_millis(1))),
            clock: None,
            nodes: whole.nodes.map(|n| (n / u64::from(parts.max(1))).max(1)),
            stop: self.swap2_stop.clone(),
            ..Limits::default()
        }
    }

    /// The engine's best move and score for the side to move of `board`.
    fn evaluate_position(&mut self, board: &Board, limits: &Limits) -> (Option<Cell>, Score) {
        let engine = self.engine.as_mut().expect("engine allocated");
        let info = engine.search(board, limits);
        (info.best, info.score)
    }

    /// Among `candidates` for the next stone of `board`, the one after which the search
    /// rates the position closest to even (ties: the first); once `deadline` has passed
    /// the candidates left are not searched (the first legal one stands in when none
    /// was).
    pub(super) fn most_balanced(
        &mut self,
        board: &mut Board,
        candidates: &[Cell],
        parts: u32,
        deadline: Option<Instant>,
    ) -> Option<Cell> {
        let mut best: Option<(i32, Cell)> = None;
        for &c in candidates {
            let late = deadline.is_some_and(|d| Instant::now() >= d);
            if late && best.is_some() {
                break;
            }
            if board.try_play(c).is_err() {
                continue;
            }
            if late {
                board.try_undo();
                return Some(c);
            }
            let limits = self.part_limits(parts, deadline);
            let (_, score) = if board.outcome().is_some() {
                (None, Score::INFINITE)
            } else {
                self.evaluate_position(board, &limits)
            };
            board.try_undo();
            let off = score.0.saturating_abs();
            if best.is_none_or(|(o, _)| off < o) {
                best = Some((off, c));
            }
        }
        best.map(|(_, c)| c)
    }

    /// Swap2 with no stone: centre, its diagonal neighbour, and the most balanced third
    /// black stone of the central 5×5 (the first of them is offered before any search).
    fn swap2_open(
        &mut self,
        b: &mut Board,
        deadline: Option<Instant>,
        offer: &mut dyn FnMut(&str, &Board),
    ) -> Option<String> {
        let n = b.size() as i32;
        let c = n / 2;
        let at = |x: i32, y: i32| Cell::new(x.clamp(0, n - 1) as u8, y.clamp(0, n - 1) as u8);
        let (first, second) = (at(c, c), at(c + 1, c - 1));
        b.play(first);
        b.play(second);
        let mut candidates = Vec::new();
        for dy in -2..=2 {
            for dx in -2..=2 {
                let cell = at(c + dx, c + dy);
                if b.is_legal(cell) && !candidates.contains(&cell) {
                    candidates.push(cell);
                }
            }
        }
        let line = |third: Cell| format!("{} {} {}", first.to_xy(), second.to_xy(), third.to_xy());
        let fallback = candidates.first().copied().unwrap_or(at(c - 3, c + 1));
        offer_stone(b, fallback, &line(fallback), offer);
        // The engine (and its table, which may take a while to allocate) only now: a
        // first answer is offered already.
        self.ensure_engine();
        let parts = candidates.len() as u32 + 2;
        let third = self
            .most_balanced(b, &candidates, parts, deadline)
            .unwrap_or(fallback);
        b.play(third);
        Some(line(third))
    }

    /// Swap2 after three stones (`may_add`: the two-stone option exists) or five; `None`
    /// when white has no legal move. The ordering's first cell, as our stone, is offered
    /// before any search, and the 4th stone alone while the 5th is sought.
    fn swap2_choose(
        &mut self,
        b: &mut Board,
        may_add: bool,
        deadline: Option<Instant>,
        offer: &mut dyn FnMut(&str, &Board),
    ) -> Option<String> {
        let mut ordered = Vec::new();
        Engine::candidate_moves(b, 1, &mut ordered);
        let &(_, top) = ordered.first()?;
        offer_stone(b, top, &top.to_xy(), offer);
        self.ensure_engine();
        // Three stones: half of the time for the first look, then up to ten twentieths
        // for the balancing 5th stone. Five stones: all of it.
        let (first, parts) = if may_add { (2, 20) } else { (1, 1) };
        let (best, score) = self.evaluate_position(b, &self.part_limits(first, deadline));
        let best = best.unwrap_or(top);
        let margin = if may_add { SWAP2_BALANCE } else { 0 };
        if score.0 < -margin {
            return Some("SWAP".into());
        }
        if score.0 > margin || !may_add {
            b.play(best);
            return Some(best.to_xy());
        }
        // Near even: our 4th stone (white's best) and the 5th (black) that keeps it even.
        offer_stone(b, best, &best.to_xy(), offer);
        b.play(best);
        let mut ordered = Vec::new();
        Engine::candidate_moves(b, 10, &mut ordered);
        let candidates: Vec<Cell> = ordered.into_iter().map(|m| m.1).collect();
        let Some(fifth) = self.most_balanced(b, &candidates, parts, deadline) else {
            return Some(best.to_xy());
        };
        b.play(fifth);
        Some(format!("{} {}", best.to_xy(), fifth.to_xy()))
    }
}

/// Offers the answer `line`, which adds `stone` to `b`, with the position it leaves.
fn offer_stone(b: &Board, stone: Cell, line: &str, offer: &mut dyn FnMut(&str, &Board)) {
    let mut after = b.clone();
    after.play(stone);
    offer(line, &after);
}
