//! Seed 004's representation: every five-cell window ("win line") per player, dead once
//! the opponent has a stone in it, and per-cell attack/defence weight tables, updated
//! incrementally; and the greedy "highest weight" player built on it.

use crate::board::{Board, DIRECTIONS};
use crate::cell::Cell;
use zerosum::agent::Agent;
use zerosum::{Game, Side};

/// Weight a live line with `k` own stones adds to each of its cells (k = 0..=5).
/// The seed fills its weights by hand and says the weights decide the strength; these
/// grow tenfold per stone so that one line closer to five outweighs many weaker ones,
/// and a four (k = 4) outweighs everything else.
pub const LINE_WEIGHTS: [i64; 6] = [1, 10, 100, 1_000, 100_000, 0];

/// The win lines of one board size with per-line stone counts and the per-cell weight
/// tables of both players.
///
/// `weight(side, cell)` = Σ over the lines through `cell` that `side` can still complete
/// (no opponent stone) of `LINE_WEIGHTS[own stones in the line]`. For the side to move
/// this is its attack table, for the opponent its defence table (seed 004's `scorec` /
/// `scorep`). Counts: 572 lines on 15×15, 1,152 on 20×20
/// (`2·s·(s−4) + 2·(s−4)²`).
#[derive(Clone, Debug)]
pub struct WinLines {
    size: u8,
    lines: Vec<[u16; 5]>,
    by_cell: Vec<Vec<u32>>,
    counts: Vec<[u8; 2]>,
    weights: [Vec<i64>; 2],
    moves: Vec<(u16, Side)>,
    blocked: Vec<u16>,
}

impl WinLines {
    /// The lines of an empty `size`×`size` board (`size` ≥ 5).
    pub fn new(size: u8) -> WinLines {
        let s = size as i32;
        let mut lines = Vec::new();
        for y in 0..s {
            for x in 0..s {
                for (dx, dy) in DIRECTIONS {
                    let (ex, ey) = (x + 4 * dx, y + 4 * dy);
                    if ex < 0 || ey < 0 || ex >= s || ey >= s {
                        continue;
                    }
                    let mut l = [0u16; 5];
                    for (k, slot) in l.iter_mut().enumerate() {
                        *slot = ((y + k as i32 * dy) * s + x + k as i32 * dx) as u16;
                    }
                    lines.push(l);
                }
            }
        }
        let n = (s * s) as usize;
        let mut by_cell = vec![Vec::new(); n];
        for (li, l) in lines.iter().enumerate() {
            for &c in l {
                by_cell[c as usize].push(li as u32);
            }
        }
        let mut w = WinLines {
            size,
            counts: vec![[0; 2]; lines.len()],
            lines,
            by_cell,
            weights: [vec![0; n], vec![0; n]],
            moves: Vec::new(),
            blocked: Vec::new(),
        };
        w.weights = w.recount();
        w
    }

    /// The tables for the stones of `board` (played in its order) and its blockers.
    pub fn from_board(board: &Board) -> WinLines {
        let mut w = WinLines::new(board.size());
        for i in board.blocked_cells() {
            w.block(i);
        }
        for &c in board.moves() {
            let side = board.stone(c).expect("played cells hold stones");
            w.play(board.index(c), side);
        }
        w
    }

    /// Number of win lines.
    pub fn line_count(&self) -> usize {
        self.lines.len()
    }

    /// The board side.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// Lines `side` can still complete (no opponent stone in them).
    pub fn live_lines(&self, side: Side) -> usize {
        self.counts
            .iter()
            .filter(|c| c[1 - side.index()] == 0)
            .count()
    }

    /// The weight of cell index `i` in `side`'s table.
    #[inline]
    pub fn weight(&self, side: Side, i: usize) -> i64 {
        self.weights[side.index()][i]
    }

    /// Both tables (index 0 black, 1 white), one weight per cell index.
    pub fn tables(&self) -> &[Vec<i64>; 2] {
        &self.weights
    }

    fn contribution(counts: [u8; 2], side: usize) -> i64 {
        if counts[1 - side] == 0 {
            LINE_WEIGHTS[counts[side].min(5) as usize]
        } else {
            0
        }
    }

    fn apply(&mut self, i: usize, side: Side, add: bool) {
        for k in 0..self.by_cell[i].len() {
            let li = self.by_cell[i][k] as usize;
            let before = self.counts[li];
            let mut after = before;
            if add {
                after[side.index()] += 1;
            } else {
                after[side.index()] -= 1;
            }
            for s in 0..2 {
                let delta = Self::contribution(after, s) - Self::contribution(before, s);
                if delta != 0 {
                    for &c in &self.lines[li] {
                        self.weights[s][c as usize] += delta;
                    }
                }
            }
            self.counts[li] = after;
        }
    }

    /// Records a stone of `side` on cell index `i`: the lines through it gain a stone,
    /// the opponent's lines through it die; only those lines' cells change weight.
    pub fn play(&mut self, i: usize, side: Side) {
        self.apply(i, side, true);
        self.moves.push((i as u16, side));
    }

    /// Records a blocker on cell index `i` (a set-up position's, or a continuous game's
    /// finished line, [`Board::place_blocker`]): every line through it dies for both
    /// sides. Blockers are not stones: [`WinLines::undo`] leaves them.
    pub fn block(&mut self, i: usize) {
        self.apply(i, Side::First, true);
        self.apply(i, Side::Second, true);
        self.blocked.push(i as u16);
    }

    /// The blocked cells recorded ([`WinLines::block`]), in the order recorded.
    pub fn blocked(&self) -> &[u16] {
        &self.blocked
    }

    /// Takes back the last stone recorded (no-op when none).
    pub fn undo(&mut self) {
        if let Some((i, side)) = self.moves.pop() {
            self.apply(i as usize, side, false);
        }
    }

    /// The stones recorded, oldest first.
    pub fn recorded(&self) -> &[(u16, Side)] {
        &self.moves
    }

    /// Both tables recomputed from scratch from the line counts (the slow reference the
    /// incremental update must equal).
    pub fn recount(&self) -> [Vec<i64>; 2] {
        let n = self.size as usize * self.size as usize;
        let mut t = [vec![0; n], vec![0; n]];
        for (li, l) in self.lines.iter().enumerate() {
            for (s, table) in t.iter_mut().enumerate() {
                let w = Self::contribution(self.counts[li], s);
                for &c in l {
                    table[c as usize] += w;
                }
            }
        }
        t
    }

    /// Seed 004's choice for `side` on `board`: the empty cell of highest weight in either
    /// table (own = attack, opponent's = defence); on a tie attack wins, then the larger
    /// sum, then the cell nearest the centre (Euclidean; on the empty board every cell
    /// four or more from the edges has the same weight, and the lowest index alone
    /// opened at e5), then the lowest index. Cells the rule forbids to the side to move (renju:
    /// black's double three, double four and overline) are skipped, so the best allowed
    /// cell is chosen. A four's line counts for a cell only where the fifth stone wins
    /// under the rule: under exactly five (and renju's black) a fifth stone that makes an
    /// overline wins nothing, so the fours' weight (`LINE_WEIGHTS[4]`, above all the
    /// weaker lines through a cell together) is taken off such a cell, for the attack
    /// and for the defence (a library user's report: under exactly five, level 1 made
    /// six and left an open three to become an open four). `None` when no cell is
    /// allowed (a full board).
    pub fn best_cell(&self, board: &Board, side: Side) -> Option<Cell> {
        let (own, opp) = (&self.weights[side.index()], &self.weights[1 - side.index()]);
        let four = LINE_WEIGHTS[4];
        // A weight with its fours' lines kept only where the fifth stone wins.
        let real = |w: i64, i: usize, s: Side| {
            if w >= four && !board.is_winning_cell(i, s) {
                w % four
            } else {
                w
            }
        };
        let mut cells: Vec<usize> = (0..board.cell_count())
            .filter(|&i| board.raw(i) == 0)
            .collect();
        // Twice the distance from the centre, squared (whole numbers on even sides too).
        let span = i64::from(board.size()) - 1;
        let from_centre = |i: usize| {
            let c = board.cell_of(i);
            let (dx, dy) = (2 * i64::from(c.x) - span, 2 * i64::from(c.y) - span);
            dx * dx + dy * dy
        };
        cells.sort_by_cached_key(|&i| {
            let (a, d) = (real(own[i], i, side), real(opp[i], i, !side));
            std::cmp::Reverse((
                a.max(d),
                a >= d,
                a + d,
                std::cmp::Reverse(from_centre(i)),
                std::cmp::Reverse(i),
            ))
        });
        // Legality is checked best first, so a renju check runs only until one passes.
        cells
            .into_iter()
            .map(|i| board.cell_of(i))
            .find(|&c| board.side_to_move() != side || board.is_legal(c))
    }
}

/// Seed 004's greedy player: plays the cell of highest attack or defence weight
/// ([`WinLines::best_cell`]). Keeps its tables in step with the game incrementally.
#[derive(Clone, Debug, Default)]
pub struct WeightTable {
    lines: Option<WinLines>,
}

impl WeightTable {
    /// A new player.
    pub fn new() -> WeightTable {
        WeightTable::default()
    }

    fn sync(&mut self, board: &Board) -> &WinLines {
        // Blockers too (a library user's report: level 1 played f8 behind a blocker, on
        // a line no one can complete, taking the line as open).
        let ok = self.lines.as_ref().is_some_and(|w| {
            w.size() == board.size()
                && w.blocked()
                    .iter()
                    .map(|&i| usize::from(i))
                    .eq(board.blocked_cells())
                && w.recorded().len() <= board.moves().len()
                && w.recorded()
                    .iter()
                    .zip(board.moves())
                    .all(|(&(i, _), &c)| i as usize == board.index(c))
        });
        if !ok {
            let mut w = WinLines::new(board.size());
            for i in board.blocked_cells() {
                w.block(i);
            }
            self.lines = Some(w);
        }
        let w = self.lines.as_mut().expect("just set");
        for &c in &board.moves()[w.recorded().len()..] {
            w.play(board.index(c), board.stone(c).expect("played"));
        }
        w
    }
}

impl Agent<Board> for WeightTable {
    fn name(&self) -> String {
        "weight-table".into()
    }

    fn choose(&mut self, game: &Board) -> Option<Cell> {
        if game.outcome().is_some() {
            return None;
        }
        let side = game.side_to_move();
        let w = self.sync(game);
        w.best_cell(game, side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_counts_match_the_formula() {
        assert_eq!(WinLines::new(15).line_count(), 572);
        assert_eq!(WinLines::new(20).line_count(), 1152);
        assert_eq!(WinLines::new(5).line_count(), 12);
        for s in 5..=22u8 {
            let n = s as usize;
            assert_eq!(
                WinLines::new(s).line_count(),
                2 * n * (n - 4) + 2 * (n - 4) * (n - 4)
            );
        }
    }

    /// New user 45: on the empty board every cell four or more from the edges lies on
    /// the most lines, and the lowest index opened at e5. The tie goes to the centre: the
    /// centre cell on odd sides, one of the four middle cells on even sides.
    #[test]
    fn the_empty_board_is_opened_in_the_middle() {
        for size in 5..=22u32 {
            let board = Board::with_size(size, crate::Rule::Freestyle).unwrap();
            let c = WeightTable::new().choose(&board).unwrap();
            let middle = [(size - 1) / 2, size / 2];
            assert!(
                middle.contains(&u32::from(c.x)) && middle.contains(&u32::from(c.y)),
                "{size}: {c}"
            );
        }
    }

    /// Under exactly five a fifth stone that makes six wins nothing, so a four's line
    /// through it does not count (a library user's report, the Gomocup rule check c2:
    /// level 1 played h13, six in a row, and let black's open three g8-h8-i8 become an
    /// open four): white blocks the three at f8 or j8. Under freestyle h13 wins.
    #[test]
    fn a_fifth_stone_that_makes_an_overline_is_no_four_under_exactly_five() {
        let moves = "h8h9i8h10g8h11j13h12g14h14i15";
        let standard: Board = format!("15s:{moves}").parse().unwrap();
        let c = WeightTable::new().choose(&standard).unwrap().to_string();
        assert!(c == "f8" || c == "j8", "{c}");
        let freestyle: Board = format!("15f:{moves}").parse().unwrap();
        let c = WeightTable::new().choose(&freestyle).unwrap().to_string();
        assert_eq!(c, "h13");
    }
}
