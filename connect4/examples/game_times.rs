//! The perfect engine's CPU time per move through whole games from the empty board:
//! `cargo run --release -p connect4 --example game_times -- GAMES OPPONENT [SEED]
//! [fresh] [nobook]`.
//!
//! The engine (`--level perfect`, one thread, 64 MiB table) plays first in the even
//! games and second in the odd ones; `OPPONENT` is `random` (a uniformly random column)
//! or a level `1`…`14` (the score-table search of that depth, with one move in four
//! random so that games differ). `fresh`: a new engine for every move (its table empty,
//! as `zerosum connect4 bestmove --level perfect` run once per position); otherwise one
//! engine a game, as the TUI keeps it. `nobook`: the play book off (the opening book
//! stays). Each perfect move's CPU time is this thread's CPU clock
//! (`CLOCK_THREAD_CPUTIME_ID`) around `think`, the engine made before. Prints the median, 90th and
//! 99th percentile and maximum, the moves answered from the play book, the maximum by
//! stones on the board, and the slowest positions.
//!
//! `frontier N [SEED]`: the engine's first move off the book, a fresh engine each, on
//! `N` positions drawn at random (all when `N` is 0) from those just past the play
//! book (its positions of `M - 1` and `M` stones, the book's move, every reply).

use connect4::prelude::*;
use connect4::{Column, Engine, Level, Limits, PlayBook, Position};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng as StdRng;

/// This thread's CPU time so far in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`; 0 outside
/// Unix).
fn thread_cpu_ns() -> u64 {
    zerosum::time::thread_cpu_time().map_or(0, |t| t.as_nanos() as u64)
}

fn random_column(p: &Position, rng: &mut StdRng) -> Column {
    let legal: Vec<Column> = Column::ALL.into_iter().filter(|&c| p.can_play(c)).collect();
    legal[rng.random_range(0..legal.len())]
}

/// The positions just past the play book: the engine's move in each of its positions
/// of `plies - 1` and `plies` stones, then every reply that does not end the game.
fn frontier(book: &PlayBook) -> Vec<Position> {
    let mut out = Vec::new();
    for p in book
        .positions()
        .expect("the shipped play book covers its walk")
    {
        if p.moves() + 1 < book.plies() {
            continue;
        }
        let (col, _) = book.best(&p).expect("a position of the walk");
        let mut q = p.clone();
        q.play_unchecked(col);
        if q.is_over() {
            continue;
        }
        for reply in Column::ALL {
            if q.can_play(reply) && !q.is_winning_move(reply) {
                let mut r = q.clone();
                r.play_unchecked(reply);
                if !r.is_over() {
                    out.push(r);
                }
            }
        }
    }
    out
}

/// `frontier N [SEED]`: the engine's first move after the book, fresh each time, on `N`
/// positions drawn at random from [`frontier`] (all of them when `N` is 0).
fn frontier_times(n: usize, seed: u64) {
    use rand::seq::SliceRandom;
    let book = PlayBook::shipped().expect("the shipped play book");
    let mut positions = frontier(book);
    let all = positions.len();
    positions.shuffle(&mut StdRng::seed_from_u64(seed));
    if n > 0 {
        positions.truncate(n);
    }
    let mut times: Vec<(u64, String)> = positions
        .iter()
        .map(|p| {
            let mut engine = Engine::default();
            engine.set_level(Level::Perfect);
            let start = thread_cpu_ns();
            let r = engine.think(p, &Limits::default(), &mut |_| {});
            assert!(r.exact && r.best_move.is_some(), "{p}");
            (thread_cpu_ns() - start, p.to_string())
        })
        .collect();
    times.sort_by_key(|t| std::cmp::Reverse(t.0));
    let ms = |i: usize| times[i].0 as f64 / 1e6;
    let q = |f: f64| ms(((times.len() - 1) as f64 * (1.0 - f)).round() as usize);
    println!(
        "{} of the {all} positions just past the play book of {} plies (seed {seed}), a fresh engine each: CPU median {:.3} ms, 90% {:.3} ms, 99% {:.3} ms, max {:.3} ms, total {:.2} s",
        times.len(),
        book.plies(),
        q(0.5),
        q(0.9),
        q(0.99),
        ms(0),
        times.iter().map(|t| t.0).sum::<u64>() as f64 / 1e9
    );
    for t in times.iter().take(5) {
        println!("slowest: {:>9.3} ms  {:?}", t.0 as f64 / 1e6, t.1);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("frontier") {
        let n = args.get(1).map_or(0, |n| n.parse().expect("a count"));
        let seed = args.get(2).map_or(1, |s| s.parse().expect("a seed"));
        frontier_times(n, seed);
        return;
    }
    let games: usize = args
        .first()
        .map_or(10, |g| g.parse().expect("a game count"));
    let opponent = args.get(1).map_or("random", String::as_str);
    let seed: u64 = args.get(2).map_or(1, |s| s.parse().expect("a seed"));
    let fresh = args.iter().any(|a| a == "fresh");
    let use_book = !args.iter().any(|a| a == "nobook");
    let level: Option<u8> =
        (opponent != "random").then(|| opponent.parse().expect("random or a level"));
    let mut rng = StdRng::seed_from_u64(seed);
    let book = PlayBook::shipped().map_or(0, PlayBook::len);
    // (CPU ns, stones before the move, moves, from the play book)
    let mut times: Vec<(u64, u32, String, bool)> = Vec::new();
    let mut opponent_engine = Engine::default();
    for game in 0..games {
        let engine_first = game.is_multiple_of(2);
        let mut engine = Engine::default();
        engine.set_level(Level::Perfect);
        engine.set_use_play_book(use_book);
        let mut p = Position::new();
        while !p.is_over() {
            let engine_turn = p.moves().is_multiple_of(2) == engine_first;
            let col = if engine_turn {
                if fresh {
                    engine = Engine::default();
                    engine.set_level(Level::Perfect);
                    engine.set_use_play_book(use_book);
                }
                let in_book = use_book && PlayBook::shipped().and_then(|b| b.best(&p)).is_some();
                let start = thread_cpu_ns();
                let r = engine.think(&p, &Limits::default(), &mut |_| {});
                let ns = thread_cpu_ns() - start;
                times.push((ns, p.moves(), p.to_string(), in_book));
                r.best_move.expect("a move")
            } else {
                match level {
                    Some(l) if rng.random_range(0..4) != 0 => {
                        opponent_engine.set_level(Level::Depth(l));
                        let r = opponent_engine.think(&p, &Limits::default(), &mut |_| {});
                        r.best_move.expect("a move")
                    }
                    _ => random_column(&p, &mut rng),
                }
            };
            p.play_unchecked(col);
        }
    }
    let mut ns: Vec<u64> = times.iter().map(|t| t.0).collect();
    ns.sort_unstable();
    let at = |q: f64| ns[((ns.len() - 1) as f64 * q).round() as usize] as f64 / 1e6;
    let from_book = times.iter().filter(|t| t.3).count();
    println!(
        "{games} games against {opponent} (seed {seed}, {}, play book {} entries{}): {} perfect moves, {from_book} from the play book",
        if fresh {
            "a fresh engine a move"
        } else {
            "one engine a game"
        },
        book,
        if use_book { "" } else { ", off" },
        ns.len()
    );
    println!(
        "CPU per move: median {:.3} ms, 90% {:.3} ms, 99% {:.3} ms, max {:.3} ms, total {:.2} s",
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0),
        ns.iter().sum::<u64>() as f64 / 1e9
    );
    let mut by_stones = std::collections::BTreeMap::new();
    for t in &times {
        let e = by_stones.entry(t.1).or_insert((0u64, 0usize));
        e.0 = e.0.max(t.0);
        e.1 += 1;
    }
    let row: Vec<String> = by_stones
        .iter()
        .map(|(s, (max, n))| format!("{s}:{:.1}ms/{n}", *max as f64 / 1e6))
        .collect();
    println!("max by stones (stones:max/moves): {}", row.join(" "));
    times.sort_by_key(|t| std::cmp::Reverse(t.0));
    for t in times.iter().take(5) {
        println!(
            "slowest: {:>9.3} ms  {} stones  {:?}{}",
            t.0 as f64 / 1e6,
            t.1,
            t.2,
            if t.3 { " (play book)" } else { "" }
        );
    }
}
