//! Seed 003's evaluation and its negamax alpha-beta.

use super::CORNERS;
use crate::stability::EDGE;
use crate::{Board, Move, Othello};
use zerosum::{Evaluator, Score};

/// The seed's "infinity". Chosen below [`Score::MAX_HEURISTIC`] so that the seed's
/// end-of-game values `±(INF − 1 − discs)` are heuristic [`Score`]s as they are: above
/// every static value (at most 100·64 + 30·28 + 10000·4) and ordered by the discs.
pub const SEED_INFINITY: i32 = 900_000;

/// Seed 003's static evaluation for the side to move:
/// `100·mobility + 30·edge + 10000·corner`, where mobility is the number of legal moves,
/// edge the side's discs on the 28 border squares (corners included) and corner its
/// discs on the four corners. Only the side to move's terms, as in the seed.
#[derive(Clone, Copy, Debug, Default)]
pub struct Classic;

impl Classic {
    /// The static value of `board` for its side to move, in the seed's units.
    #[inline]
    pub fn value(board: Board) -> i32 {
        let mobility = board.moves().count_ones() as i32;
        let edge = (board.player & EDGE).count_ones() as i32;
        let corner = (board.player & CORNERS).count_ones() as i32;
        100 * mobility + 30 * edge + 10000 * corner
    }
}

impl Evaluator<Othello> for Classic {
    fn evaluate(&mut self, game: &Othello) -> Score {
        Score::heuristic(Classic::value(game.board()))
    }
}

/// The seed's `evaluateEndOfGame` for the side to move: `INF − 1 − opponent's discs` for
/// a win, `−INF + 1 + own discs` for a loss, 0 for a draw (with [`SEED_INFINITY`]).
pub fn end_of_game_value(board: Board) -> i32 {
    let (p, o) = (board.player_discs() as i32, board.opponent_discs() as i32);
    match p.cmp(&o) {
        std::cmp::Ordering::Greater => SEED_INFINITY - 1 - o,
        std::cmp::Ordering::Less => -SEED_INFINITY + 1 + p,
        std::cmp::Ordering::Equal => 0,
    }
}

/// What [`classic_search`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClassicResult {
    /// The move chosen: the first move (in a1…h8 order) of the best value; `PS` when
    /// the side must pass; `None` when the game is over.
    pub best_move: Option<Move>,
    /// The root value in the seed's units (see [`SEED_INFINITY`]).
    pub value: i32,
    /// Positions visited.
    pub nodes: u64,
}

/// Seed 003's `VirtualPlayer.evaluate`: fail-hard negamax alpha-beta to `depth` plies
/// with [`Classic`] at the horizon. A side without a move passes, using a ply; if the
/// opponent cannot move either, the game is scored by [`end_of_game_value`]. Moves are
/// tried in square order a1, b1, …, h8; the root keeps the first move that raises alpha.
pub fn classic_search(board: Board, depth: u32) -> ClassicResult {
    let mut nodes = 0;
    let mut best = None;
    let value = negamax(
        board,
        -SEED_INFINITY,
        SEED_INFINITY,
        depth,
        Some(&mut best),
        &mut nodes,
    );
    let best_move = if board.is_game_over() {
        None
    } else if board.moves() == 0 {
        Some(Move::PASS)
    } else {
        best.or_else(|| Move::from_index(board.moves().trailing_zeros() as usize))
    };
    ClassicResult {
        best_move,
        value,
        nodes,
    }
}

fn negamax(
    board: Board,
    mut alpha: i32,
    beta: i32,
    depth: u32,
    mut best: Option<&mut Option<Move>>,
    nodes: &mut u64,
) -> i32 {
    *nodes += 1;
    if depth == 0 {
        return Classic::value(board);
    }
    let depth = depth - 1;
    let moves = board.moves();
    if moves == 0 {
        let passed = board.pass();
        return if passed.moves() != 0 {
            -negamax(passed, -beta, -alpha, depth, None, nodes)
        } else {
            end_of_game_value(board)
        };
    }
    let mut m = moves;
    while m != 0 {
        let sq = m.trailing_zeros();
        m &= m - 1;
        let value = -negamax(
            board.play_flips(sq, board.flips(sq)),
            -beta,
            -alpha,
            depth,
            None,
            nodes,
        );
        if value >= beta {
            return beta;
        }
        if value > alpha {
            alpha = value;
            if let Some(b) = best.as_deref_mut() {
                *b = Move::from_index(sq as usize);
            }
        }
    }
    alpha
}
