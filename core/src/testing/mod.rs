//! Testing support: a conformance suite every game crate runs on its own `Game` (after
//! board-game-rs' shared board tests and OpenSpiel's basic tests; each check panics with
//! a message naming the position and what is wrong), and [`Drop`], a small reference
//! game for testing and benchmarking searches, and the time-limit and stop checks of every
//! engine ([`check_time_use`], [`think_stopped`]), and the check that an error's message
//! does not repeat its source's ([`check_error_chain`]). With the feature `proptest`,
//! `text`: random text for the parser tests of every game.

mod drop_game;
#[cfg(feature = "proptest")]
pub mod text;

pub use drop_game::{Col, Drop, hash_eval};

use crate::search::{Limits, SearchResult, StopFlag};
use crate::time::TickClock;
use crate::{Engine, Game, MoveList, MoveOf, Notation};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;
use std::fmt::Debug;
use std::sync::Arc;
use std::time::Duration;

/// Plays `games` random games from `start` (ChaCha8 seeded with `seed`) and checks at
/// every position that:
/// - a finished game has no legal move and refuses every move index;
/// - an unfinished game has at least one legal move;
/// - the legal-move list has no duplicates and agrees with [`Game::is_legal`] over every
///   move index, and `move_index(move_from_index(i)) == i`;
/// - play then undo restores the position (its `Debug` form), side to move, ply and hash;
/// - every move advances the ply by one.
///
/// # Panics
/// On the first violation, with the position's `Debug` form.
pub fn check_rules<G: Game + Debug>(start: &G, games: usize, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..games {
        let mut g = start.clone();
        loop {
            check_position(&g);
            if !play_random(&mut g, &mut rng) {
                break;
            }
        }
    }
}

/// Runs `engine` at its current level on `game` under a 200 ms time limit read from a
/// [`TickClock`] that advances `step` at each reading, and checks what the engine reports
/// (never the wall clock): a legal move, at least one report to the observer, and the
/// time it used — at least 75 % of the limit (the position must be unsettled) and at
/// most the limit plus `readings` readings of the clock. Returns the result for further
/// checks.
///
/// # Panics
/// When a check fails, with the time used.
pub fn check_time_use<E: Engine>(
    engine: &mut E,
    game: &E::Game,
    step: Duration,
    readings: u32,
) -> SearchResult<MoveOf<E>> {
    let limit = Duration::from_millis(200);
    let limits = Limits::time(limit).with_time_source(Arc::new(TickClock::new(step)));
    let mut reports = 0;
    let r = engine.think(game, &limits, &mut |_| reports += 1);
    assert!(game.is_legal(r.best_move.expect("a move")));
    assert!(reports > 0, "no report to the observer");
    let used = r.stats.elapsed;
    assert!(used >= limit * 3 / 4, "used {used:?} of {limit:?}");
    assert!(
        used <= limit + step * readings,
        "took {used:?} for {limit:?}"
    );
    r
}

/// Runs `engine` at its current level on `game` with the stop flag raised before the
/// call, checks that it still answers a legal move, and returns the result (for checks
/// on the nodes or the depth it reports).
///
/// # Panics
/// When the engine gives no move or an illegal one.
pub fn think_stopped<E: Engine>(engine: &mut E, game: &E::Game) -> SearchResult<MoveOf<E>> {
    let stop = StopFlag::new();
    stop.stop();
    let r = engine.think(game, &Limits::default().with_stop(stop), &mut |_| {});
    assert!(game.is_legal(r.best_move.expect("a move after a stop")));
    r
}

/// Runs `engine` at its current level on `game` under `limits` and checks the node
/// counts of its reports as a front end shows them during the move: at least two
/// reports, the count never falling from one to the next, and the last the result's
/// (so work done before the search, such as an exact solve that gave up, is counted
/// throughout). Returns the result and every report's node count.
///
/// # Panics
/// On fewer than two reports, a count that falls, or a last count other than the
/// result's.
pub fn check_reports_count_the_whole_move<E: Engine>(
    engine: &mut E,
    game: &E::Game,
    limits: &Limits,
) -> (SearchResult<MoveOf<E>>, Vec<u64>) {
    let mut reports = Vec::new();
    let r = engine.think(game, limits, &mut |rep| reports.push(rep.nodes));
    assert!(reports.len() >= 2, "{reports:?}");
    assert!(reports.windows(2).all(|w| w[0] <= w[1]), "{reports:?}");
    assert_eq!(reports.last(), Some(&r.stats.nodes));
    (r, reports)
}

/// Runs `engine` (at a `perfect` level whose solve of `game` takes far longer than its
/// search) with a stop flag that the observer raises once a report reaches `depth`
/// plies, with no time limit and with one far off (a million seconds), and checks that
/// the move is that search's: not exact, at least `depth` plies, the deepest reported,
/// and legal. The search must run before the solve for the flag to be raised at all
/// (without it the solve runs on); a stop during the solve then plays its move (library
/// users' reports: a 1-ply move, without and with a time limit).
///
/// # Panics
/// When a result fails those checks.
pub fn check_a_stopped_solve_plays_the_search_before_it<E: Engine>(
    engine: &mut E,
    game: &E::Game,
    depth: u32,
) {
    for time in [None, Some(Duration::from_secs(1_000_000))] {
        let stop = StopFlag::new();
        let mut limits = Limits::default().with_stop(stop.clone());
        limits.time = time;
        engine.clear();
        let mut deepest = 0;
        let r = engine.think(game, &limits, &mut |rep| {
            deepest = deepest.max(rep.depth);
            if rep.depth >= depth {
                stop.stop();
            }
        });
        assert!(!r.exact && r.depth >= depth, "{time:?}: {r:?}");
        assert_eq!(r.depth, deepest, "{time:?}: {r:?}");
        let mv = r.best_move.expect("a move");
        assert!(game.is_legal(mv), "{time:?}: {r:?}");
    }
}

/// Plays a uniformly random legal move of `game` drawn from `rng`; false (and nothing
/// played) when there is none: the step of every random-game generator in the tests.
pub fn play_random<G: Game>(game: &mut G, rng: &mut ChaCha8Rng) -> bool {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    if moves.is_empty() {
        return false;
    }
    game.play(moves[rng.random_range(0..moves.len())]);
    true
}

fn check_position<G: Game + Debug>(g: &G) {
    let mut moves = MoveList::new();
    g.legal_moves(&mut moves);
    let set: HashSet<G::Move> = moves.iter().copied().collect();
    assert_eq!(
        set.len(),
        moves.len(),
        "duplicate legal moves in {g:?}: {moves:?}"
    );
    match g.outcome() {
        Some(o) => assert!(
            moves.is_empty(),
            "finished game ({o:?}) has legal moves {moves:?}: {g:?}"
        ),
        None => assert!(
            !moves.is_empty(),
            "unfinished game without legal moves: {g:?}"
        ),
    }
    for i in 0..g.move_index_count() {
        let mv = g
            .move_from_index(i)
            .unwrap_or_else(|| panic!("no move for index {i}"));
        assert_eq!(g.move_index(mv), i, "move index round trip of {mv}");
        assert_eq!(
            g.is_legal(mv),
            set.contains(&mv),
            "is_legal({mv}) disagrees with legal_moves in {g:?}"
        );
    }
    assert!(
        g.move_from_index(g.move_index_count()).is_none(),
        "index past the end maps to a move"
    );
    let before = format!("{g:?}");
    for &mv in &moves {
        let mut h = g.clone();
        h.play(mv);
        assert_eq!(h.ply(), g.ply() + 1, "ply after {mv} in {g:?}");
        h.undo();
        assert_eq!(
            format!("{h:?}"),
            before,
            "play {mv} then undo changed the position"
        );
        assert_eq!(h.hash(), g.hash(), "play {mv} then undo changed the hash");
        assert_eq!(h.side_to_move(), g.side_to_move());
        assert_eq!(h.ply(), g.ply());
    }
}

/// Plays `games` random games from `start` and checks at every position that
/// `parse(display(p))` gives a position with the same display, hash, side to move and
/// legal moves, and that the display with white space around it (a space before, a
/// newline after) parses to the same position.
///
/// # Panics
/// On the first position that does not survive the round trip.
pub fn check_notation<G: Game + Notation + Debug>(start: &G, games: usize, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..games {
        let mut g = start.clone();
        loop {
            let text = g.to_string();
            let parsed =
                G::parse_position(&text).unwrap_or_else(|e| panic!("cannot parse {text:?}: {e}"));
            assert_eq!(parsed.to_string(), text, "display(parse(text)) != text");
            // A line as `read_line` gives it, with white space around: the same position
            // in every game (a tester's report: Connect Four's refused it).
            let padded = format!(" {text}\n");
            let parsed_padded = G::parse_position(&padded)
                .unwrap_or_else(|e| panic!("cannot parse {padded:?}: {e}"));
            assert_eq!(
                parsed_padded.to_string(),
                text,
                "white space around {text:?}"
            );
            assert_eq!(
                parsed.hash(),
                g.hash(),
                "hash differs after parsing {text:?}"
            );
            assert_eq!(
                parsed.side_to_move(),
                g.side_to_move(),
                "side differs after parsing {text:?}"
            );
            let (mut a, mut b) = (MoveList::new(), MoveList::new());
            g.legal_moves(&mut a);
            parsed.legal_moves(&mut b);
            let (a, b): (HashSet<_>, HashSet<_>) =
                (a.into_iter().collect(), b.into_iter().collect());
            assert_eq!(a, b, "legal moves differ after parsing {text:?}");
            if a.is_empty() {
                break;
            }
            let moves: Vec<_> = a.into_iter().collect();
            let mut sorted: Vec<_> = moves.iter().map(|m| (g.move_index(*m), *m)).collect();
            sorted.sort_by_key(|p| p.0);
            g.play(sorted[rng.random_range(0..sorted.len())].1);
        }
    }
}

/// Checks an error as an error reporter (one that prints the `source` chain) shows it:
/// each error's message is not empty and does not repeat the message of its `source`.
/// The Rust error-handling guideline: an error either includes its source's message in
/// its own `Display` or returns it from `source`, never both, or the reporter prints
/// the same text twice.
///
/// # Panics
/// On an empty message, or a message that contains its source's.
pub fn check_error_chain(error: &(dyn std::error::Error + 'static)) {
    let mut e = Some(error);
    while let Some(err) = e {
        let text = err.to_string();
        assert!(!text.is_empty(), "an empty message: {err:?}");
        if let Some(source) = err.source() {
            let inner = source.to_string();
            assert!(
                !text.contains(&inner),
                "the message {text:?} repeats its source's {inner:?}"
            );
        }
        e = err.source();
    }
}
