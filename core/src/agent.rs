//! Who picks the move: the [`Agent`] trait (seed 003's "Player"), a search agent, a
//! random agent, and a match runner that plays two agents against each other.

use crate::search::{Limits, Searcher};
use crate::{Engine, Evaluator, Game, MoveList, Outcome, Side};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Anything that chooses moves: a search with limits, a random mover, a person at a UI.
pub trait Agent<G: Game> {
    /// A short name for reports ("random", "alpha-beta depth 4", …).
    fn name(&self) -> String;
    /// The move to play in `game`, or `None` if it has no legal move (or gives up).
    fn choose(&mut self, game: &G) -> Option<G::Move>;
}

/// Plays a uniformly random legal move, from a seeded RNG (reproducible).
#[derive(Clone, Debug)]
pub struct RandomAgent {
    rng: ChaCha8Rng,
}

impl RandomAgent {
    /// A random agent whose choices are fixed by `seed`.
    pub fn new(seed: u64) -> Self {
        RandomAgent {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl<G: Game> Agent<G> for RandomAgent {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, game: &G) -> Option<G::Move> {
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            None
        } else {
            Some(moves[self.rng.random_range(0..moves.len())])
        }
    }
}

/// Plays the best move of the core [`Searcher`] under fixed [`Limits`] with an evaluator.
pub struct SearchAgent<G: Game, E> {
    searcher: Searcher<G>,
    eval: E,
    limits: Limits,
    name: String,
}

impl<G: Game, E: Evaluator<G>> SearchAgent<G, E> {
    /// A search agent named `name` with a `tt_mib` MiB table.
    pub fn new(name: impl Into<String>, eval: E, limits: Limits, tt_mib: usize) -> Self {
        SearchAgent {
            searcher: Searcher::new(tt_mib),
            eval,
            limits,
            name: name.into(),
        }
    }
}

impl<G: Game, E: Evaluator<G>> Agent<G> for SearchAgent<G, E> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, game: &G) -> Option<G::Move> {
        let mut g = game.clone();
        self.searcher
            .search(&mut g, &mut self.eval, &self.limits, |_| {})
            .best_move
    }
}

/// Plays the move a game's [`Engine`] chooses under fixed [`Limits`] at its current
/// level: how match runners and benches put any engine into a match.
pub struct EngineAgent<E> {
    /// The engine (its level is set on it).
    pub engine: E,
    /// The limits of every move.
    pub limits: Limits,
    name: String,
}

impl<E: Engine> EngineAgent<E> {
    /// An agent named `name` playing `engine` under `limits`.
    pub fn new(name: impl Into<String>, engine: E, limits: Limits) -> Self {
        EngineAgent {
            engine,
            limits,
            name: name.into(),
        }
    }
}

impl<E: Engine> Agent<E::Game> for EngineAgent<E> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, game: &E::Game) -> Option<<E::Game as Game>::Move> {
        if game.outcome().is_some() {
            return None;
        }
        self.engine.think(game, &self.limits, &mut |_| {}).best_move
    }
}

/// Wins, draws and losses of one agent (the "first" of [`run_match`]) over a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchResult {
    /// Games the agent won.
    pub wins: u32,
    /// Games drawn (or stopped at the ply cap).
    pub draws: u32,
    /// Games the agent lost.
    pub losses: u32,
}

impl MatchResult {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Score fraction: (wins + draws / 2) / games, in 0..=1 (0.5 for no games).
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            0.5
        } else {
            (self.wins as f64 + 0.5 * self.draws as f64) / self.games() as f64
        }
    }

    /// Counts one game the agent played as `side` that ended in `outcome` (`None`: cut
    /// at the ply cap or unfinished, a draw).
    pub fn record(&mut self, side: Side, outcome: Option<Outcome>) {
        match outcome {
            Some(Outcome::Win(w)) if w == side => self.wins += 1,
            Some(Outcome::Win(_)) => self.losses += 1,
            _ => self.draws += 1,
        }
    }

    /// The Elo difference agent − opponent with a 95 % interval, `(estimate, low, high)`,
    /// from the logistic model `p = 1 / (1 + 10^(−d/400))`.
    ///
    /// The interval is the Wilson score interval of the score (Wilson 1927), with the
    /// binomial variance `π(1 − π)` scaled by the ratio of the observed per-game
    /// variance to `p(1 − p)` (draws make a score less variable than wins and losses
    /// alone); when every game has the same result the observed variance is 0 and the
    /// plain binomial interval is used, so a clean sweep still gets an interval of
    /// honest width. Scores of exactly 0 or 1 (the estimate of a sweep, or a bound) are
    /// clamped to half a game from the edge, so the figures stay finite; no other score
    /// is, so a small match keeps its whole (wide) interval.
    ///
    /// ```
    /// use zerosum::agent::MatchResult;
    /// // 1–1 of 2 games: the Wilson interval of 50 % is 9.45–90.55 %, ±392.5 Elo.
    /// let (_, lo, hi) = MatchResult { wins: 1, draws: 0, losses: 1 }.elo();
    /// assert!((lo + 392.5).abs() < 0.1 && (hi - 392.5).abs() < 0.1, "{lo} {hi}");
    /// // One draw and one loss: the estimate (−191) lies inside its interval.
    /// let (e, lo, hi) = MatchResult { wins: 0, draws: 1, losses: 1 }.elo();
    /// assert!(lo < e - 50.0 && e + 50.0 < hi, "{lo} {e} {hi}");
    /// let even = MatchResult { wins: 10, draws: 0, losses: 10 };
    /// let (e, lo, hi) = even.elo();
    /// assert!(e.abs() < 1e-9 && lo < -100.0 && hi > 100.0);
    /// // 75 %: 400 · log10(3) ≈ +191 Elo.
    /// let (e, _, _) = MatchResult { wins: 3, draws: 0, losses: 1 }.elo();
    /// assert!((e - 190.85).abs() < 0.01);
    /// // A sweep of 48 games: the lower bound is 48 / (48 + 1.96²) ≈ 92.6 %, +439 Elo.
    /// let (e, lo, hi) = MatchResult { wins: 48, draws: 0, losses: 0 }.elo();
    /// assert!((lo - 438.7).abs() < 0.1 && lo < e && e == hi);
    /// ```
    pub fn elo(&self) -> (f64, f64, f64) {
        const Z: f64 = 1.96;
        let n = self.games().max(1) as f64;
        let p = self.score();
        let var = (self.wins as f64 * (1.0 - p).powi(2)
            + self.draws as f64 * (0.5 - p).powi(2)
            + self.losses as f64 * p.powi(2))
            / n;
        let binomial = p * (1.0 - p);
        let ratio = if var > 0.0 && binomial > 0.0 {
            var / binomial
        } else {
            1.0
        };
        // Wilson: the π with (p − π)² = z² · ratio · π(1 − π) / n.
        let z2 = Z * Z * ratio / n;
        let centre = (p + z2 / 2.0) / (1.0 + z2);
        let half = (z2 * (p * (1.0 - p) + z2 / 4.0)).sqrt() / (1.0 + z2);
        // Only a score at the edge (within rounding) is clamped: clamping every bound to
        // half a game from the edge cut a small match's interval (1–1 of 2 games was
        // printed [−191, +191] for a Wilson interval of about ±390; a tester's report).
        let clamp = |x: f64| {
            if x <= 1e-12 || x >= 1.0 - 1e-12 {
                x.clamp(0.5 / n, 1.0 - 0.5 / n)
            } else {
                x
            }
        };
        let elo = |x: f64| -400.0 * (1.0 / clamp(x) - 1.0).log10();
        (elo(p), elo(centre - half), elo(centre + half))
    }

    /// The Elo estimate and its interval as a match report prints them: `Elo +E [+low,
    /// +high]` (whole Elo points, see [`MatchResult::elo`]; never a signed zero), or
    /// `Elo not estimated (N game)` below two games, where the interval means nothing.
    /// A sweep (every point to one side) has no finite estimate: its estimate and open
    /// end are printed as `-inf` / `+inf` rather than [`MatchResult::elo`]'s clamped
    /// values, and the other end is the Wilson bound.
    ///
    /// ```
    /// use zerosum::agent::MatchResult;
    /// let one_loss = MatchResult { wins: 0, draws: 0, losses: 1 };
    /// assert_eq!(one_loss.elo_text(), "Elo not estimated (1 game)");
    /// let even = MatchResult { wins: 1, draws: 0, losses: 1 };
    /// assert!(even.elo_text().starts_with("Elo +0 ["), "{}", even.elo_text());
    /// let swept = MatchResult { wins: 0, draws: 0, losses: 3 };
    /// assert_eq!(swept.elo_text(), "Elo -inf [-inf, +43]");
    /// let sweep = MatchResult { wins: 48, draws: 0, losses: 0 };
    /// assert_eq!(sweep.elo_text(), "Elo +inf [+439, +inf]");
    /// ```
    pub fn elo_text(&self) -> String {
        let games = self.games();
        if games < 2 {
            let plural = if games == 1 { "" } else { "s" };
            return format!("Elo not estimated ({games} game{plural})");
        }
        // Adding 0.0 turns a rounded −0 into +0.
        let whole = |x: f64| x.round() + 0.0;
        let (e, lo, hi) = self.elo();
        let text = |x: f64| format!("{:+}", whole(x));
        if self.wins == games {
            format!("Elo +inf [{}, +inf]", text(lo))
        } else if self.losses == games {
            format!("Elo -inf [-inf, {}]", text(hi))
        } else {
            format!("Elo {} [{}, {}]", text(e), text(lo), text(hi))
        }
    }
}

impl std::fmt::Display for MatchResult {
    /// `+W =D -L (G games, score S%), Elo E [low, high]` (see
    /// [`MatchResult::elo_text`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "+{} ={} -{} ({} game{}, score {:.1}%), {}",
            self.wins,
            self.draws,
            self.losses,
            self.games(),
            if self.games() == 1 { "" } else { "s" },
            100.0 * self.score(),
            self.elo_text(),
        )
    }
}

/// Plays one game from `start` with `first` moving for [`Side::First`] and returns its
/// outcome, or `None` if it hit `max_plies` first. An agent that returns no move or an
/// illegal one before the end forfeits: the game is a win for the other side, as a
/// tournament scores an engine's illegal move (a library user's report: both were
/// `None`, which [`run_match`] counts as a draw, so a broken agent never lost).
pub fn play_game<G: Game>(
    start: &G,
    first: &mut dyn Agent<G>,
    second: &mut dyn Agent<G>,
    max_plies: u32,
) -> Option<Outcome> {
    let mut game = start.clone();
    for _ in 0..max_plies {
        if let Some(outcome) = game.outcome() {
            return Some(outcome);
        }
        let side = game.side_to_move();
        let mv = match side {
            Side::First => first.choose(&game),
            Side::Second => second.choose(&game),
        };
        match mv {
            Some(mv) if game.is_legal(mv) => game.play(mv),
            _ => return Some(Outcome::Win(!side)),
        }
    }
    game.outcome()
}

/// Plays `a` against `b` from every opening, twice: once with `a` playing
/// [`Side::First`], once with colours swapped (`a` playing [`Side::Second`]), whoever is
/// to move in the opening. Returns `a`'s results; games cut at `max_plies` count as
/// draws, and a game an agent forfeits (no move or an illegal one, see [`play_game`]) as
/// its loss.
pub fn run_match<G: Game>(
    openings: &[G],
    a: &mut dyn Agent<G>,
    b: &mut dyn Agent<G>,
    max_plies: u32,
) -> MatchResult {
    let mut result = MatchResult::default();
    for opening in openings {
        for a_side in [Side::First, Side::Second] {
            let outcome = if a_side == Side::First {
                play_game(opening, a, b, max_plies)
            } else {
                play_game(opening, b, a, max_plies)
            };
            result.record(a_side, outcome);
        }
    }
    result
}

/// `count` openings: each plays `plies` uniformly random legal moves from `start`, drawn
/// from a ChaCha8 RNG seeded with `seed` (reproducible across platforms). Openings that
/// end the game early are skipped, so fewer than `count` may come back.
pub fn random_openings<G: Game>(start: &G, count: usize, plies: u32, seed: u64) -> Vec<G> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(count);
    let mut attempts = 0;
    while out.len() < count && attempts < count * 10 {
        attempts += 1;
        let mut g = start.clone();
        let mut moves = MoveList::new();
        for _ in 0..plies {
            moves.clear();
            g.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            g.play(moves[rng.random_range(0..moves.len())]);
        }
        if g.outcome().is_none() {
            out.push(g);
        }
    }
    out
}
