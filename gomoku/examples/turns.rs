//! Where an engine's lost games turn, as the threat solvers see it:
//! `cargo run --release -p gomoku --example turns -- ENGINE NODES GAMES_FILE…` reads the
//! games files `zerosum gomoku match --out` writes, and for every game `ENGINE` lost
//! finds its first move after which the opponent, to move, is proven to win (our VCF
//! and then VCT solvers, `NODES` nodes each, at the engine's root VCT depth of 10
//! threats). For that move it prints, one line a game:
//!
//! - `before yes|no`: whether the opponent already won before the move (the same
//!   solvers, the opponent moving instead): the game turned at the opponent's earlier
//!   quiet move, and the move had to defend;
//! - `nodes N`: the solver nodes the opponent's win after the move took to find;
//! - `holding K/M (L)`: of the M other root candidates of the engine (a 20,000-node
//!   search of the position), the K after which the opponent is not found to win within
//!   `NODES`, and the L of those that still hold against ten times `NODES`;
//! - `plies P`: the plies the game lasted after the move.
//!
//! and a summary. A diagnostic: its findings are in the crate's FIGURES.md (thirty-fifth
//! session). A line that does not parse is named on standard error and skipped.

use gomoku::vcf::VcfSolver;
use gomoku::vct::VctSolver;
use gomoku::{Board, Budget, Cell, Engine, Limits, Side};
use zerosum::{Game, Notation};

/// The root VCT depth of the engine (threats), used for every test here.
const VCT_DEPTH: u32 = 10;

/// Whether the side to move of `b` wins by VCF, or else by VCT, within `nodes` nodes
/// each: the nodes the solver that found the win visited.
fn wins(b: &mut Board, nodes: u64) -> Option<u64> {
    let budget = Budget::unlimited();
    let mut vcf = VcfSolver::new(1 << 16);
    if vcf.solve_within(b, 40, nodes, &budget).is_some() {
        return Some(vcf.nodes);
    }
    let mut vct = VctSolver::new();
    vct.prove_within(b, VCT_DEPTH, nodes, &budget)
        .map(|_| vct.nodes)
}

/// One lost game: its moves (the opening's first), the opening's length, the position's
/// head (`15f`: size and rule) and our side.
struct Lost {
    moves: Vec<Cell>,
    opening: usize,
    head: String,
    ours: Side,
}

/// Reads a games file's line: `None` for a game `engine` did not lose (or did not play),
/// an error naming what is wrong for a line that does not parse.
fn lost_game(line: &str, engine: &str) -> Result<Option<Lost>, String> {
    let f: Vec<&str> = line.split('\t').collect();
    if f.len() < 8 {
        return Err(format!("{} fields, not 8", f.len()));
    }
    let (black, white, result, position, timed) = (f[2], f[3], f[4], f[6], f[7]);
    let ours = if black == engine {
        Side::First
    } else if white == engine {
        Side::Second
    } else {
        return Ok(None);
    };
    if !matches!((ours, result), (Side::First, "0-1") | (Side::Second, "1-0")) {
        return Ok(None);
    }
    let board = Board::parse_position(position).map_err(|e| format!("position: {e}"))?;
    let played = timed.split_whitespace().count();
    let moves = board.moves().to_vec();
    let opening = moves
        .len()
        .checked_sub(played)
        .ok_or_else(|| format!("{played} timed moves but {} in the position", moves.len()))?;
    let head = position.split(':').next().unwrap_or_default().to_string();
    Ok(Some(Lost {
        moves,
        opening,
        head,
        ours,
    }))
}

/// Whether our move `m` on `b` holds: the game goes on after it and the opponent is
/// not found to win within `nodes` ([`wins`]).
fn holds_after(b: &Board, m: Cell, nodes: u64) -> bool {
    let mut r = b.clone();
    r.play_unchecked(m);
    r.outcome().is_none() && wins(&mut r, nodes).is_none()
}

/// The first move of a lost game after which the opponent is proven to win, and what the
/// module documentation lists of it.
struct Turn {
    /// Its index in the game's moves (the plies before it, the opening's included).
    ply: usize,
    /// The move.
    mv: Cell,
    /// Whether the opponent, moving instead, already won before it.
    before: bool,
    /// The solver nodes the opponent's win after it took to find.
    nodes: u64,
    /// The engine's other root candidates.
    others: usize,
    /// Of those, the ones after which no win of the opponent is found within `NODES`.
    holding: usize,
    /// Of those, the ones that still hold against ten times `NODES`.
    deep: usize,
}

/// The turning move of `game` ([`Turn`]), `None` when no move of ours leaves the
/// opponent a win the solvers find within `nodes`; `engine` lists the root candidates.
fn turning_move(game: &Lost, nodes: u64, engine: &mut Engine) -> Option<Turn> {
    let mut b = Board::parse_position(&format!("{}:", game.head)).ok()?;
    for &c in &game.moves[..game.opening] {
        b.play_unchecked(c);
    }
    for (ply, &mv) in game.moves.iter().enumerate().skip(game.opening) {
        if b.side_to_move() == game.ours {
            let mut after = b.clone();
            after.play_unchecked(mv);
            let found = after.outcome().is_none().then(|| wins(&mut after, nodes));
            if let Some(Some(used)) = found {
                let mut instead = b.clone();
                instead.set_side_to_move(!game.ours);
                let info = engine.search(&b, &Limits::nodes(20_000));
                let others: Vec<Cell> = info
                    .candidates
                    .iter()
                    .map(|m| m.cell)
                    .filter(|&m| m != mv)
                    .collect();
                let hold: Vec<Cell> = others
                    .iter()
                    .copied()
                    .filter(|&m| holds_after(&b, m, nodes))
                    .collect();
                return Some(Turn {
                    ply,
                    mv,
                    before: wins(&mut instead, nodes).is_some(),
                    nodes: used,
                    others: others.len(),
                    holding: hold.len(),
                    deep: hold
                        .iter()
                        .filter(|&&m| holds_after(&b, m, nodes * 10))
                        .count(),
                });
            }
        }
        b.play_unchecked(mv);
    }
    None
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [engine, nodes, files @ ..] = args.as_slice() else {
        eprintln!("usage: turns ENGINE NODES GAMES_FILE…");
        std::process::exit(2);
    };
    let Ok(nodes) = nodes.parse::<u64>() else {
        eprintln!("NODES must be a whole number, not {nodes:?}");
        std::process::exit(2);
    };
    let mut engine_search = Engine::new(16);
    let (mut lost, mut turned, mut before, mut none_hold, mut some_hold_deep) = (0, 0, 0, 0, 0);
    let mut needed = Vec::new();
    for path in files {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{path}: {e}");
                continue;
            }
        };
        for (n, line) in text.lines().enumerate() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let game = match lost_game(line, engine) {
                Ok(Some(g)) => g,
                Ok(None) => continue,
                Err(e) => {
                    eprintln!("{path}:{}: {e}", n + 1);
                    continue;
                }
            };
            lost += 1;
            let Some(t) = turning_move(&game, nodes, &mut engine_search) else {
                continue;
            };
            turned += 1;
            needed.push(t.nodes);
            before += usize::from(t.before);
            none_hold += usize::from(t.holding == 0);
            some_hold_deep += usize::from(t.deep > 0);
            println!(
                "{path} {}:{} move {} before {} nodes {} holding {}/{} ({}) plies {}",
                game.head,
                game.moves[..t.ply]
                    .iter()
                    .map(|m| m.to_string())
                    .collect::<String>(),
                t.mv,
                if t.before { "yes" } else { "no" },
                t.nodes,
                t.holding,
                t.others,
                t.deep,
                game.moves.len() - t.ply,
            );
        }
    }
    needed.sort_unstable();
    let median = needed.get(needed.len() / 2).copied().unwrap_or(0);
    println!(
        "{lost} games lost; a turning move found in {turned}; the opponent already won before it in {before}; \
         no other candidate holds in {none_hold}; one holds against {} nodes in {some_hold_deep}; \
         median nodes of the opponent's win {median}",
        nodes * 10
    );
}
