//! What the adapters' unit tests share: the front-end types they drive, and a game of a
//! human against the AI.

pub use super::options::{Player, Setup};
pub use super::session::Session;
pub use super::tui::app::{Analysis, App};
pub use super::tui::render_to_string;
pub use super::{Progress, Strength};
pub use std::time::Duration;
pub use zerosum::Score;
pub use zerosum::search::StopFlag;

/// A human (first to move) against the AI at level `level`.
pub fn human_against_ai(level: u8) -> Setup {
    Setup {
        players: [Player::Human, Player::Ai],
        strength: Strength::Level(level),
    }
}

/// A pseudo-random legal move of `game` (xorshift64 on `state`, which must not be 0):
/// the playouts that make test positions.
pub fn random_move<G: super::PlayGame>(game: &G, state: &mut u64) -> G::Move {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    let legal = game.legal_moves();
    legal[(*state % legal.len() as u64) as usize]
}

/// Each legal move of `game` with the position after it and that position's value for its
/// side to move, from the plain alpha-beta reference to the end (no table, no ordering):
/// the independent values the analysis panels are checked against.
pub fn reference_children<G: super::PlayGame>(game: &G) -> Vec<(G::Move, G::Game, Score)> {
    let moves = game.legal_moves().into_iter();
    moves
        .map(|mv| {
            let mut child = game.game().clone();
            zerosum::Game::play(&mut child, mv);
            let (a, b) = (-Score::INFINITE, Score::INFINITE);
            let v = zerosum::search::alpha_beta(&mut child, 64, a, b, &mut zerosum::ZeroEval);
            (mv, child, v)
        })
        .collect()
}
