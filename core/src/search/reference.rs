//! Reference searches: plain minimax, alpha-beta and PVS without tables or ordering.
//! Slow on purpose; every faster search must return the same root value.

use crate::{Evaluator, Game, MoveList, Score, Side};

/// Plain minimax to `depth` plies (a move that does not [cost depth](Game::costs_depth)
/// leaves it as it is): the first player maximises and the second minimises a
/// first-player score, over the whole tree without pruning. Returns the value for the
/// side to move at the root (so it is comparable with the negamax searches). Finished
/// games score by [`crate::Outcome::score_for`], depth-0 nodes by `eval`.
pub fn minimax<G: Game, E: Evaluator<G>>(game: &mut G, depth: u32, eval: &mut E) -> Score {
    let root_side = game.side_to_move();
    let first = minimax_first(game, depth, 0, eval);
    if root_side == Side::First {
        first
    } else {
        -first
    }
}

fn minimax_first<G: Game, E: Evaluator<G>>(
    game: &mut G,
    depth: u32,
    ply: u32,
    eval: &mut E,
) -> Score {
    if let Some(outcome) = game.outcome() {
        return outcome.score_for(Side::First, ply);
    }
    let side = game.side_to_move();
    if depth == 0 {
        let v = eval.evaluate(game);
        return if side == Side::First { v } else { -v };
    }
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let mut best: Option<Score> = None;
    for mv in moves {
        let child = depth - u32::from(game.costs_depth(mv));
        game.play(mv);
        let v = minimax_first(game, child, ply + 1, eval);
        game.undo();
        best = Some(match (best, side) {
            (None, _) => v,
            (Some(b), Side::First) => b.max(v),
            (Some(b), Side::Second) => b.min(v),
        });
    }
    best.expect("an unfinished game has a legal move")
}

/// Fail-soft negamax alpha-beta to `depth` plies in the window `(alpha, beta)`, moves in
/// generation order, no table. Within the window it returns the exact minimax value;
/// outside it, a bound on the correct side. Call with `-Score::INFINITE, Score::INFINITE`
/// for the exact value.
pub fn alpha_beta<G: Game, E: Evaluator<G>>(
    game: &mut G,
    depth: u32,
    alpha: Score,
    beta: Score,
    eval: &mut E,
) -> Score {
    ab(game, depth, 0, alpha, beta, eval, false)
}

/// Principal-variation search (NegaScout): the first move with the full window, the
/// others with a null window and a re-search when they beat alpha. Same contract as
/// [`alpha_beta`].
pub fn pvs<G: Game, E: Evaluator<G>>(
    game: &mut G,
    depth: u32,
    alpha: Score,
    beta: Score,
    eval: &mut E,
) -> Score {
    ab(game, depth, 0, alpha, beta, eval, true)
}

fn ab<G: Game, E: Evaluator<G>>(
    game: &mut G,
    depth: u32,
    ply: u32,
    mut alpha: Score,
    beta: Score,
    eval: &mut E,
    null_window: bool,
) -> Score {
    if let Some(outcome) = game.outcome() {
        return outcome.score_for(game.side_to_move(), ply);
    }
    if depth == 0 {
        return eval.evaluate(game);
    }
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let mut best = -Score::INFINITE;
    for (i, mv) in moves.into_iter().enumerate() {
        let child = depth - u32::from(game.costs_depth(mv));
        game.play(mv);
        let v = if null_window && i > 0 {
            let probe = -ab(game, child, ply + 1, -alpha - 1, -alpha, eval, true);
            if probe > alpha && probe < beta {
                -ab(game, child, ply + 1, -beta, -alpha, eval, true)
            } else {
                probe
            }
        } else {
            -ab(game, child, ply + 1, -beta, -alpha, eval, null_window)
        };
        game.undo();
        if v > best {
            best = v;
            if v > alpha {
                alpha = v;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    best
}
