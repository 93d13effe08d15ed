//! Matches between agents from fixed openings, with an Elo estimate, and an agent that
//! drives any Gomocup `pbrain` engine as a subprocess.

use crate::board::Board;
use crate::cell::Cell;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use zerosum::agent::Agent;
use zerosum::{Game, Outcome, Side};

/// One game of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Index of the opening.
    pub opening: usize,
    /// The side agent A played.
    pub a_side: Side,
    /// The result (`None`: cut at the ply cap or an agent failed: counted as a draw).
    pub outcome: Option<Outcome>,
    /// The whole game in notation.
    pub moves: String,
}

/// Results of [`play_match`], from agent A's point of view.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchReport {
    /// A's wins.
    pub wins: u32,
    /// Draws (and unfinished games).
    pub draws: u32,
    /// A's losses.
    pub losses: u32,
    /// Openings where A won both games (as black and as white).
    pub pairs_won: u32,
    /// Openings where A lost both games.
    pub pairs_lost: u32,
    /// Every game.
    pub games: Vec<GameRecord>,
}

impl MatchReport {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's score fraction (wins + draws/2) / games.
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games() as f64
    }

    /// The Elo difference A − B with a 95% interval, `(estimate, low, high)`, from the
    /// logistic model `p = 1 / (1 + 10^(−d/400))` and the per-game standard error of the
    /// score; a score of 0 or 1 is clamped to half a game from the edge, so a clean sweep
    /// gives a finite lower bound rather than infinity.
    pub fn elo(&self) -> (f64, f64, f64) {
        let n = self.games().max(1) as f64;
        let p = self.score();
        let var = (self.wins as f64 * (1.0 - p).powi(2)
            + self.draws as f64 * (0.5 - p).powi(2)
            + self.losses as f64 * p.powi(2))
            / n;
        let se = (var / n).sqrt();
        let clamp = |x: f64| x.clamp(0.5 / n, 1.0 - 0.5 / n);
        let elo = |x: f64| -400.0 * (1.0 / clamp(x) - 1.0).log10();
        (elo(p), elo(p - 1.96 * se), elo(p + 1.96 * se))
    }

    /// `W/D/L` with the Elo estimate, one line.
    pub fn summary(&self) -> String {
        let (e, lo, hi) = self.elo();
        format!(
            "+{} ={} -{} ({} games, score {:.1}%, pairs 2-0 {} / 0-2 {}), Elo {:+.0} [{:+.0}, {:+.0}]",
            self.wins,
            self.draws,
            self.losses,
            self.games(),
            100.0 * self.score(),
            self.pairs_won,
            self.pairs_lost,
            e,
            lo,
            hi
        )
    }
}

fn play_one(
    start: &Board,
    black: &mut dyn Agent<Board>,
    white: &mut dyn Agent<Board>,
    max_plies: usize,
) -> (Option<Outcome>, Board) {
    let mut g = start.clone();
    while g.outcome().is_none() && g.stone_count() < max_plies {
        let mv = match g.side_to_move() {
            Side::First => black.choose(&g),
            Side::Second => white.choose(&g),
        };
        match mv {
            Some(c) if g.is_legal(c) => g.play(c),
            _ => return (None, g),
        }
    }
    (g.outcome(), g)
}

/// Plays A against B from every opening twice, colours swapped (A first takes the side
/// to move in the opening), up to `max_plies` stones on the board; `progress` is called
/// after each game.
pub fn play_match(
    openings: &[Board],
    a: &mut dyn Agent<Board>,
    b: &mut dyn Agent<Board>,
    max_plies: usize,
    mut progress: impl FnMut(&GameRecord),
) -> MatchReport {
    let mut r = MatchReport::default();
    for (k, opening) in openings.iter().enumerate() {
        let mut pair = 0;
        for a_side in [opening.side_to_move(), !opening.side_to_move()] {
            let (outcome, end) = if a_side == Side::First {
                play_one(opening, a, b, max_plies)
            } else {
                play_one(opening, b, a, max_plies)
            };
            match outcome {
                Some(Outcome::Win(w)) if w == a_side => {
                    r.wins += 1;
                    pair += 1;
                }
                Some(Outcome::Win(_)) => {
                    r.losses += 1;
                    pair -= 1;
                }
                _ => r.draws += 1,
            }
            let rec = GameRecord {
                opening: k,
                a_side,
                outcome,
                moves: end.to_string(),
            };
            progress(&rec);
            r.games.push(rec);
        }
        match pair {
            2 => r.pairs_won += 1,
            -2 => r.pairs_lost += 1,
            _ => {}
        }
    }
    r
}

/// A Gomocup `pbrain` engine run as a subprocess: each move sends the whole position
/// (`BOARD` … `DONE`, the side to move's stones as `1`) and reads the answer, skipping
/// `MESSAGE`/`DEBUG` lines.
pub struct PbrainAgent {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    name: String,
    size: u8,
}

impl PbrainAgent {
    /// Starts `program` and sends `START size`, `INFO timeout_turn ms`, `INFO
    /// timeout_match 0`, `INFO rule` (0 freestyle, 1 standard).
    ///
    /// # Errors
    /// When the program cannot be started or does not answer `OK`.
    pub fn spawn(
        program: &str,
        size: u8,
        rule: crate::Rule,
        turn_ms: u64,
    ) -> std::io::Result<PbrainAgent> {
        let mut child = Command::new(program)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = BufReader::new(child.stdout.take().expect("piped"));
        let mut a = PbrainAgent {
            child,
            stdin,
            stdout,
            name: program.to_string(),
            size,
        };
        a.send(&format!("START {size}"))?;
        let ok = a.answer()?;
        if ok != "OK" {
            return Err(std::io::Error::other(format!(
                "{program} answered {ok:?} to START"
            )));
        }
        let rule = rule.gomocup();
        a.send(&format!("INFO timeout_turn {turn_ms}\nINFO timeout_match 0\nINFO max_memory 268435456\nINFO rule {rule}"))?;
        Ok(a)
    }

    fn send(&mut self, text: &str) -> std::io::Result<()> {
        writeln!(self.stdin, "{text}")?;
        self.stdin.flush()
    }

    fn answer(&mut self) -> std::io::Result<String> {
        loop {
            let mut line = String::new();
            if self.stdout.read_line(&mut line)? == 0 {
                return Err(std::io::Error::other("engine closed its output"));
            }
            let t = line.trim();
            let up = t.to_ascii_uppercase();
            if t.is_empty() || up.starts_with("MESSAGE") || up.starts_with("DEBUG") {
                continue;
            }
            return Ok(t.to_string());
        }
    }
}

impl Agent<Board> for PbrainAgent {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, game: &Board) -> Option<Cell> {
        if game.size() != self.size {
            return None;
        }
        let me = game.side_to_move();
        let mut text = String::from("BOARD\n");
        for &c in game.moves() {
            let who = if game.stone(c) == Some(me) { 1 } else { 2 };
            text.push_str(&format!("{},{},{who}\n", c.x, c.y));
        }
        text.push_str("DONE");
        self.send(&text).ok()?;
        let reply = self.answer().ok()?;
        Cell::parse_xy(&reply).ok()
    }
}

impl Drop for PbrainAgent {
    fn drop(&mut self) {
        let _ = self.send("END");
        let _ = self.child.wait();
    }
}
