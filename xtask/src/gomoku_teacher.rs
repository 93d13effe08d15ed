//! Games of a teacher engine (any Gomocup brain, e.g. Rapfi limited by `INFO max_node`)
//! against itself from random openings, for `cargo xtask train-gomoku --teacher`: every
//! move asked with a whole-position `BOARD` block, the teacher's reported evaluation
//! (`MESSAGE … Eval N …`, side to move's view) kept beside the move. The games are
//! written one a line so that a fit can be repeated without playing them again:
//!
//! `<opening stones>\t<moves, e.g. h8 i9 …>\t<teacher evals of the moves after the
//! opening, space separated; "?" when none was reported>\t<B | W | D>`

use gomoku::train::{next_random, random_below, random_opening};
use gomoku::{Board, Cell, Rule};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;
use zerosum::{Game, Notation, Outcome, Side};

/// One teacher game.
#[derive(Clone, Debug)]
pub struct TeacherGame {
    /// Stones of the opening (not the teacher's moves).
    pub opening: usize,
    /// All stones in playing order.
    pub moves: Vec<Cell>,
    /// The teacher's evaluation before each of its moves (side to move's view), in its
    /// own units; `None` when it reported none.
    pub evals: Vec<Option<i32>>,
    /// The result (`None`: stopped unfinished, counted as a draw).
    pub outcome: Option<Outcome>,
}

impl TeacherGame {
    /// The game as one line of the games file.
    pub fn line(&self) -> String {
        let moves: Vec<String> = self.moves.iter().map(|c| c.to_string()).collect();
        let evals: Vec<String> = self
            .evals
            .iter()
            .map(|e| e.map_or("?".to_string(), |v| v.to_string()))
            .collect();
        let result = match self.outcome {
            Some(Outcome::Win(Side::First)) => "B",
            Some(Outcome::Win(Side::Second)) => "W",
            _ => "D",
        };
        format!(
            "{}\t{}\t{}\t{result}",
            self.opening,
            moves.join(" "),
            evals.join(" ")
        )
    }

    /// Parses a line of the games file.
    pub fn parse(line: &str) -> Option<TeacherGame> {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() != 4 {
            return None;
        }
        let opening = f[0].parse().ok()?;
        // A bare move list, 15x15 freestyle (`15f:` keeps a game of no moves readable).
        let board = Board::parse_position(&format!("15f:{}", f[1].replace(' ', ""))).ok()?;
        let moves = board.moves().to_vec();
        let evals = f[2]
            .split_whitespace()
            .map(|e| e.parse::<i32>().ok())
            .collect();
        let outcome = match f[3].trim() {
            "B" => Some(Outcome::Win(Side::First)),
            "W" => Some(Outcome::Win(Side::Second)),
            _ => None,
        };
        Some(TeacherGame {
            opening,
            moves,
            evals,
            outcome,
        })
    }
}

/// A running teacher process (started with `START 15` and the given `INFO` lines).
pub struct Teacher {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Teacher {
    pub fn start(command: &str, init: &[String]) -> Option<Teacher> {
        let parts: Vec<&str> = command.split_whitespace().collect();
        let mut child = Command::new(parts.first()?)
            .args(&parts[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let stdin = child.stdin.take()?;
        let stdout = child.stdout.take()?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line.trim().to_string()).is_err() {
                    break;
                }
            }
        });
        let mut t = Teacher {
            child,
            stdin,
            lines: rx,
        };
        t.send("START 15")?;
        t.wait_for(|l| l.eq_ignore_ascii_case("OK"))?;
        for line in init {
            t.send(line)?;
        }
        Some(t)
    }

    fn send(&mut self, line: &str) -> Option<()> {
        writeln!(self.stdin, "{line}").ok()?;
        self.stdin.flush().ok()
    }

    /// Lines until one satisfies `done` (nudging with `ABOUT` every 250 ms of silence;
    /// Rapfi under `max_node` may hold its move until it reads a line); gives up after
    /// 60 s.
    fn wait_for(&mut self, mut done: impl FnMut(&str) -> bool) -> Option<String> {
        for _ in 0..240 {
            match self.lines.recv_timeout(Duration::from_millis(250)) {
                Ok(line) if done(&line) => return Some(line),
                Ok(_) => {}
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => self.send("ABOUT")?,
                Err(_) => return None,
            }
        }
        None
    }

    /// The teacher's move and evaluation in `board` (it plays the side to move).
    pub fn think(&mut self, board: &Board) -> Option<(Cell, Option<i32>)> {
        let me = board.side_to_move();
        self.send("BOARD")?;
        for (k, c) in board.moves().iter().enumerate() {
            let side = if k % 2 == 0 {
                Side::First
            } else {
                Side::Second
            };
            let own = if side == me { 1 } else { 2 };
            self.send(&format!("{},{},{own}", c.x, c.y))?;
        }
        self.send("DONE")?;
        let mut eval = None;
        let answer = self.wait_for(|l| {
            if let Some(rest) = l.split("Eval ").nth(1)
                && l.starts_with("MESSAGE")
            {
                eval = rest.split_whitespace().next().and_then(parse_eval);
            }
            parse_xy(l).is_some()
        })?;
        let (x, y) = parse_xy(&answer)?;
        // Sync before the next command: Rapfi under `max_node` may swallow a line sent
        // right after its move.
        self.send("ABOUT")?;
        self.wait_for(|l| l.starts_with("name="))?;
        Some((Cell::new(x, y), eval))
    }
}

impl Drop for Teacher {
    fn drop(&mut self) {
        let _ = self.send("END");
        std::thread::sleep(Duration::from_millis(20));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A teacher's evaluation: a number, or a mate (`+M9`, `-M8`) as ±[`MATE_EVAL`].
fn parse_eval(v: &str) -> Option<i32> {
    match v.strip_prefix('+').unwrap_or(v) {
        m if m.starts_with('M') => Some(MATE_EVAL),
        m if m.starts_with("-M") => Some(-MATE_EVAL),
        n => n.parse().ok(),
    }
}

/// The value a reported mate is kept as (far beyond any positional evaluation).
pub const MATE_EVAL: i32 = 20_000;

fn parse_xy(line: &str) -> Option<(u8, u8)> {
    let (x, y) = line.split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

/// The opening of game `g` of a run seeded with `seed`: 3 to 6 stones within two cells
/// of the centre ([`random_opening`]).
pub fn game_opening(seed: u64, g: usize) -> Board {
    let mut rng = seed ^ (g as u64).wrapping_mul(0x2545_f491_4f6c_dd1d);
    let _ = next_random(&mut rng);
    let stones = 3 + random_below(&mut rng, 4) as usize;
    random_opening(&mut rng, stones)
}

/// The stones of `b` (cell and colour) under the board symmetry that sorts them first
/// among the eight: equal for two positions exactly when one is the other turned or
/// mirrored (a new user's report: the "distinct" openings held turned copies).
fn symmetry_class(b: &Board) -> Vec<(u8, u8, bool)> {
    let n = b.size() - 1;
    (0..8u8)
        .map(|s| {
            let mut stones: Vec<(u8, u8, bool)> = b
                .moves()
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let (x, y) = if s & 4 != 0 { (c.y, c.x) } else { (c.x, c.y) };
                    let x = if s & 1 != 0 { n - x } else { x };
                    let y = if s & 2 != 0 { n - y } else { y };
                    (x, y, i % 2 == 0)
                })
                .collect();
            stones.sort_unstable();
            stones
        })
        .min()
        .unwrap_or_default()
}

/// The openings file of `count` distinct openings drawn by [`game_opening`] for `seed`
/// (games 0, 1, … of that seed, a position skipped when it repeats one before it, turned
/// or mirrored included), in the format the match
/// runner reads (`zerosum gomoku match --openings`, `gomoku::suite::parse_openings`): a
/// header comment naming the command, then one move list a line, e.g. `h8g7i9`.
pub fn openings_file(seed: u64, count: usize) -> String {
    let mut text = format!(
        "# {count} random freestyle 15x15 openings of 3-6 stones near the centre\n\
         # cargo xtask gomoku-openings --seed {seed} --count {count}\n"
    );
    let mut seen = std::collections::HashSet::new();
    let mut g = 0;
    while seen.len() < count {
        let b = game_opening(seed, g);
        g += 1;
        if seen.insert(symmetry_class(&b)) {
            let moves: String = b.moves().iter().map(|c| c.to_string()).collect();
            text.push_str(&moves);
            text.push('\n');
        }
    }
    text
}

/// The games of a file written by [`play_games`] for `seed` (in any order, as the
/// threads finished them), put back in the order of their game numbers (a game is
/// matched to the numbers whose opening it starts with; games of one opening are the
/// same game), keeping only games `0..n` and only while every number is present (a
/// run stopped early keeps its complete prefix); with the count of the games left out
/// and where the prefix ended ([`OrderedGames`]).
pub fn games_in_order(games: Vec<TeacherGame>, seed: u64, n: usize) -> OrderedGames {
    let total = games.len();
    let mut by_opening: std::collections::HashMap<Vec<Cell>, Vec<TeacherGame>> =
        std::collections::HashMap::new();
    for g in games {
        by_opening
            .entry(g.moves[..g.opening].to_vec())
            .or_default()
            .push(g);
    }
    let mut out = Vec::new();
    let mut first_missing = None;
    for g in 0..n {
        let opening = game_opening(seed, g).moves().to_vec();
        match by_opening.get_mut(&opening).and_then(|v| v.pop()) {
            Some(game) => out.push(game),
            None => {
                first_missing = Some(g);
                break;
            }
        }
    }
    OrderedGames {
        left_out: total - out.len(),
        games: out,
        first_missing,
    }
}

/// What [`games_in_order`] kept of a games file and what it left out.
#[derive(Debug)]
pub struct OrderedGames {
    /// The games kept, in the order of their game numbers (`0..games.len()`).
    pub games: Vec<TeacherGame>,
    /// How many of the file's games were not kept: games of another seed (or opening
    /// sequence), repeats of a kept game, game numbers `n` and beyond, and every game
    /// after the first missing number.
    pub left_out: usize,
    /// The first game number below `n` with no game in the file (where the kept prefix
    /// ends), or `None` when all `n` were found.
    pub first_missing: Option<usize>,
}

impl OrderedGames {
    /// The kept games, after a warning on standard error naming what was left out of
    /// `source` (a file's path or a description) for `seed`, when anything was.
    pub fn reported(self, source: &str, seed: u64) -> Vec<TeacherGame> {
        if self.left_out > 0 {
            let end = match self.first_missing {
                Some(g) => format!("; no game {g} of that seed, so the kept games end there"),
                None => String::new(),
            };
            eprintln!(
                "warning: {} of the {} games in {source} left out: only games 0, 1, … of \
                 seed {seed} are read{end} (a games file of another seed needs that --seed)",
                self.left_out,
                self.left_out + self.games.len(),
            );
        }
        self.games
    }
}

/// Plays the teacher games numbered `games` (a range of game numbers) from random
/// openings of 3 to 6 stones (seeded by `seed`, [`game_opening`]) on `threads` processes
/// at once, appending each game to `out` as it ends; returns the games in the order of
/// their numbers.
pub fn play_games(
    command: &str,
    init: &[String],
    games: std::ops::Range<usize>,
    seed: u64,
    threads: usize,
    out: &Path,
) -> Vec<TeacherGame> {
    let file = std::sync::Mutex::new(
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(out)
            .expect("the games file can be opened"),
    );
    let all = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for t in 0..threads.max(1) {
            let (file, all) = (&file, &all);
            s.spawn(move || {
                let mut teacher = Teacher::start(command, init);
                if teacher.is_none() {
                    eprintln!("cannot start the teacher `{command}` (or it did not answer START)");
                }
                for g in (games.start + t..games.end).step_by(threads.max(1)) {
                    let opening = game_opening(seed, g);
                    let Some(tc) = teacher.as_mut() else { return };
                    match play_one(tc, &opening) {
                        Some(game) => {
                            let _ = writeln!(file.lock().unwrap(), "{}", game.line());
                            all.lock().unwrap().push((g, game));
                        }
                        None => teacher = Teacher::start(command, init),
                    }
                }
            });
        }
    });
    let mut all = all.into_inner().unwrap();
    all.sort_by_key(|g| g.0);
    all.into_iter().map(|g| g.1).collect()
}

fn play_one(teacher: &mut Teacher, opening: &Board) -> Option<TeacherGame> {
    let mut b = opening.clone();
    let mut evals = Vec::new();
    while b.outcome().is_none() && b.stone_count() < 200 {
        let (c, eval) = teacher.think(&b)?;
        if !b.is_legal(c) {
            return None;
        }
        evals.push(eval);
        b.play(c);
    }
    debug_assert_eq!(b.rule(), Rule::Freestyle);
    Some(TeacherGame {
        opening: opening.stone_count(),
        moves: b.moves().to_vec(),
        evals,
        outcome: b.outcome(),
    })
}

/// Reads a games file: its games in file order. Lines that do not parse are skipped
/// with a warning on standard error naming how many and the first line numbers; a file
/// that cannot be read gives no games and a warning with the reason.
pub fn read_games(path: &Path) -> Vec<TeacherGame> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("warning: {} not read: {e}", path.display());
            return Vec::new();
        }
    };
    let mut games = Vec::new();
    let mut bad = Vec::new();
    for (k, line) in text.lines().enumerate() {
        match TeacherGame::parse(line) {
            Some(g) => games.push(g),
            None if line.trim().is_empty() => {}
            None => bad.push(k + 1),
        }
    }
    if !bad.is_empty() {
        let shown: Vec<String> = bad.iter().take(5).map(|k| k.to_string()).collect();
        eprintln!(
            "warning: {} line(s) of {} are not games and were skipped (line {}{})",
            bad.len(),
            path.display(),
            shown.join(", "),
            if bad.len() > 5 { ", …" } else { "" }
        );
    }
    games
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The openings file is reproducible from its seed, holds `count` distinct
    /// openings of 3 to 6 stones, and the match runner's reader accepts it.
    #[test]
    fn openings_file_is_seeded_and_readable() {
        let text = openings_file(5, 30);
        assert_eq!(text, openings_file(5, 30));
        assert_ne!(text, openings_file(6, 30));
        let boards = gomoku::suite::parse_openings(&text, 15, Rule::Freestyle).unwrap();
        assert_eq!(boards.len(), 30);
        let hashes: std::collections::HashSet<u64> = boards.iter().map(|b| b.hash()).collect();
        assert_eq!(hashes.len(), 30);
        assert!(boards.iter().all(|b| (3..=6).contains(&b.stone_count())));
    }

    /// A game survives its line of the games file, and games written in any order come
    /// back in game-number order, cut at the first missing number, with the games left
    /// out counted; the file reader skips a bad line and keeps the rest.
    #[test]
    fn games_file_lines_and_order() {
        let game = |g: usize| {
            let mut b = game_opening(7, g);
            let opening = b.stone_count();
            let c = (0..225)
                .map(|i| Cell::new(i % 15, i / 15))
                .find(|&c| b.is_legal(c))
                .unwrap();
            b.play(c);
            TeacherGame {
                opening,
                moves: b.moves().to_vec(),
                evals: vec![Some(-12 - g as i32)],
                outcome: None,
            }
        };
        let line = game(3).line();
        let back = TeacherGame::parse(&line).unwrap();
        assert_eq!(back.line(), line);
        assert_eq!(parse_eval("+M9"), Some(MATE_EVAL));
        assert_eq!(parse_eval("-M8"), Some(-MATE_EVAL));
        assert_eq!(parse_eval("-94"), Some(-94));
        let written = vec![game(2), game(0), game(1), game(4)];
        let ordered = games_in_order(written, 7, 10);
        assert_eq!(ordered.games.len(), 3, "game 3 is missing");
        assert_eq!(ordered.first_missing, Some(3));
        assert_eq!(ordered.left_out, 1, "game 4 comes after the missing game 3");
        for (g, o) in ordered.games.iter().enumerate() {
            assert_eq!(o.line(), game(g).line());
        }
        // Every game there: none missing; the games of seed 7 read for seed 8 are all
        // left out (unless an opening happens to repeat across the seeds).
        let all: Vec<TeacherGame> = (0..5).map(game).collect();
        let ordered = games_in_order(all.clone(), 7, 5);
        assert_eq!((ordered.games.len(), ordered.left_out), (5, 0));
        assert_eq!(ordered.first_missing, None);
        let other = games_in_order(all, 8, 5);
        assert_eq!(other.first_missing, Some(other.games.len()));
        assert_eq!(other.left_out + other.games.len(), 5);
        assert!(other.left_out > 0, "seed 8's game 0 is not seed 7's");
        // The file reader keeps the good lines around a bad one.
        let path = std::env::temp_dir().join(format!("xtask-games-{}.tsv", std::process::id()));
        let text = format!("{}\nnot a game\n\n{}\n", game(0).line(), game(1).line());
        std::fs::write(&path, text).unwrap();
        let read = read_games(&path);
        let _ = std::fs::remove_file(&path);
        assert_eq!(read.len(), 2);
        assert_eq!(read[1].line(), game(1).line());
        assert!(
            read_games(&path).is_empty(),
            "a missing file gives no games"
        );
    }

    /// Openings are distinct up to the board's eight symmetries (a new user's report:
    /// seed 2's 48 held h8g8j7 and h8h9g6, one turned a quarter).
    #[test]
    fn openings_are_distinct_up_to_symmetry() {
        use gomoku::Board;
        use zerosum::Notation as _;
        let class = |t: &str| symmetry_class(&Board::parse_position(t).unwrap());
        assert_eq!(class("15f:h8g8j7"), class("15f:h8h9g6"));
        assert_ne!(class("15f:h8g8j7"), class("15f:h8g8j6"));
        let text = openings_file(2, 48);
        let classes: std::collections::HashSet<_> = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| class(&format!("15f:{l}")))
            .collect();
        assert_eq!(classes.len(), 48);
    }
}
