//! Monte-Carlo tree search with UCT (Kocsis & Szepesvári 2006, "Bandit based
//! Monte-Carlo planning"): a second strategy for games whose branching factor or lack of
//! a good evaluation makes alpha-beta weak.

use super::Limits;
use crate::{Game, MoveList, Outcome, Side};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// One node of the tree: the statistics of the move that leads to it.
#[derive(Clone, Debug)]
struct Node<M> {
    mv: Option<M>,
    /// The side that played `mv` (whose wins `wins` counts).
    mover: Side,
    visits: u32,
    /// Wins of `mover` in the playouts through this node (draws count one half).
    wins: f64,
    children: Vec<usize>,
    untried: Vec<M>,
}

/// The result of [`mcts`]: the most visited root move and the statistics of every root
/// move.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsResult<M> {
    /// The most visited root move; `None` when the game is over.
    pub best_move: Option<M>,
    /// `(move, visits, win rate of the side to move in 0..=1)` for every expanded root
    /// move, most visited first.
    pub root_moves: Vec<(M, u32, f64)>,
    /// Playouts run.
    pub playouts: u64,
}

/// Runs UCT from `game` under `limits` (`nodes` counts playouts; `depth` is ignored;
/// without any limit it runs 10,000 playouts). `exploration` is the UCT constant `c` in
/// `wins/visits + c·sqrt(ln N / visits)` (√2 in theory; ~1 in practice). Playouts pick
/// uniformly random moves from a ChaCha8 RNG seeded with `seed`, so a node-limited run
/// is reproducible. `game` is left as it was.
pub fn mcts<G: Game>(
    game: &mut G,
    limits: &Limits,
    exploration: f64,
    seed: u64,
) -> MctsResult<G::Move> {
    let start = Instant::now();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let budget = match (limits.nodes, limits.time, &limits.stop) {
        (None, None, None) => Some(10_000),
        (n, _, _) => n,
    };
    let mut root_moves = MoveList::new();
    game.legal_moves(&mut root_moves);
    let mut tree = vec![Node {
        mv: None,
        mover: !game.side_to_move(),
        visits: 0,
        wins: 0.0,
        children: Vec::new(),
        untried: root_moves.to_vec(),
    }];
    let mut playouts = 0u64;
    if game.outcome().is_none() && !root_moves.is_empty() {
        loop {
            if budget.is_some_and(|b| playouts >= b)
                || limits.time.is_some_and(|t| start.elapsed() >= t)
                || limits.stop.as_ref().is_some_and(|s| s.is_stopped())
            {
                break;
            }
            playouts += 1;
            // Selection.
            let mut path = vec![0usize];
            let mut depth = 0;
            let mut node = 0;
            while tree[node].untried.is_empty() && !tree[node].children.is_empty() {
                let ln_n = (tree[node].visits.max(1) as f64).ln();
                node = *tree[node]
                    .children
                    .iter()
                    .max_by(|&&a, &&b| {
                        let ucb = |i: usize| {
                            let n = &tree[i];
                            n.wins / n.visits as f64 + exploration * (ln_n / n.visits as f64).sqrt()
                        };
                        ucb(a).total_cmp(&ucb(b))
                    })
                    .expect("children not empty");
                game.play(tree[node].mv.expect("non-root nodes have a move"));
                depth += 1;
                path.push(node);
            }
            // Expansion.
            if !tree[node].untried.is_empty() && game.outcome().is_none() {
                let i = rng.random_range(0..tree[node].untried.len());
                let mv = tree[node].untried.swap_remove(i);
                let mover = game.side_to_move();
                game.play(mv);
                depth += 1;
                let mut moves = MoveList::new();
                game.legal_moves(&mut moves);
                tree.push(Node {
                    mv: Some(mv),
                    mover,
                    visits: 0,
                    wins: 0.0,
                    children: Vec::new(),
                    untried: moves.to_vec(),
                });
                let child = tree.len() - 1;
                tree[node].children.push(child);
                path.push(child);
            }
            // Simulation.
            let mut sim = 0;
            let mut moves = MoveList::new();
            while game.outcome().is_none() {
                moves.clear();
                game.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                game.play(moves[rng.random_range(0..moves.len())]);
                sim += 1;
            }
            let outcome = game.outcome();
            for _ in 0..sim + depth {
                game.undo();
            }
            // Backpropagation.
            for &i in &path {
                let n = &mut tree[i];
                n.visits += 1;
                n.wins += match outcome {
                    Some(Outcome::Win(w)) if w == n.mover => 1.0,
                    Some(Outcome::Draw) | None => 0.5,
                    Some(Outcome::Win(_)) => 0.0,
                };
            }
        }
    }
    let mut stats: Vec<(G::Move, u32, f64)> = tree[0]
        .children
        .iter()
        .map(|&i| {
            let n = &tree[i];
            (
                n.mv.expect("child has a move"),
                n.visits,
                if n.visits == 0 {
                    0.5
                } else {
                    n.wins / n.visits as f64
                },
            )
        })
        .collect();
    stats.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
    let best_move = stats
        .first()
        .map(|s| s.0)
        .or_else(|| root_moves.first().copied());
    MctsResult {
        best_move,
        root_moves: stats,
        playouts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{Col, Drop};

    #[test]
    fn finds_an_immediate_win_and_blocks_an_immediate_loss() {
        // First player has three in column 1 (0-based 0) of a 5x5 k=4 drop board.
        let mut g = Drop::new(5, 5, 4);
        for c in [0, 4, 0, 4, 0] {
            g.play(Col(c));
        }
        // Second player must block column 0... but first let second play elsewhere so
        // that first can win at once.
        g.play(Col(2));
        let r = mcts(&mut g, &Limits::nodes(3000), 1.0, 1);
        assert_eq!(r.best_move, Some(Col(0)), "win at once: {:?}", r.root_moves);
        g.undo();
        let r = mcts(&mut g, &Limits::nodes(3000), 1.0, 1);
        assert_eq!(r.best_move, Some(Col(0)), "block: {:?}", r.root_moves);
        assert_eq!(r.playouts, 3000);
    }

    #[test]
    fn node_limited_runs_are_reproducible() {
        let mut g = Drop::new(5, 4, 3);
        let a = mcts(&mut g, &Limits::nodes(500), 1.0, 9);
        let b = mcts(&mut g, &Limits::nodes(500), 1.0, 9);
        assert_eq!(a, b);
        assert_eq!(g.ply(), 0);
    }
}
