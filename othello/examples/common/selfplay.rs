//! What the self-play examples (`probcut_fit`, `endgame_set`) share: their numeric
//! options and their positions, one per game of the training pipeline's generator.

use othello::Board;
use othello::eval::pattern::shipped;
use othello::train::{GenConfig, Sample, SplitMix, generate};

/// The number after the option `name` in `args` (`--games 100`), else `default`.
///
/// # Panics
/// When the value after `name` is not a number (these are developer tools).
pub fn option(args: &[String], name: &str, default: u64) -> u64 {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map_or(default, |v| v.parse().expect("a number"))
}

/// `games` self-play games of the training generator (`othello::train::generate`: the
/// greedy player with the shipped weights, 2–12 random plies, then 10 % random moves)
/// from `seed`, on `threads` threads: every position of every game.
pub fn games(games: u32, seed: u64, threads: usize) -> Vec<Sample> {
    let cfg = GenConfig {
        games,
        seed,
        round: 0,
        random_plies: (2, 12),
        random_permille: 100,
        threads,
    };
    generate(&cfg, Some(shipped()))
}

/// One position with a move per game of `samples`: the one nearest a number of empties
/// drawn by `rng` uniformly from `lo..hi` (hi excluded).
pub fn one_board_per_game(samples: &[Sample], mut rng: SplitMix, lo: u32, hi: u32) -> Vec<Board> {
    let mut boards = Vec::new();
    for game in samples.chunk_by(|a, b| a.game == b.game) {
        let want = lo + rng.below((hi - lo) as u64) as u32;
        if let Some(s) = game
            .iter()
            .filter(|s| s.board.moves() != 0)
            .min_by_key(|s| s.board.empties().abs_diff(want))
        {
            boards.push(s.board);
        }
    }
    boards
}
