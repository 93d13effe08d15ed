//! Readers of the public test data in `../shared/data/gomoku/` (see its README): the
//! Rapfi-checked VCF puzzles (`vcf-rapfi-verified.jsonl`), the balanced openings and the
//! Gomocup rule checks, and a runner of the VCF suite.

use crate::board::{Board, PlayError};
use crate::cell::{Cell, CellError, parse_move_list};
use crate::rule::Rule;
use crate::vcf::{VcfSolver, check_proof};
use crate::vct::{VctSolver, check_vct_proof};
use serde::Deserialize;
use std::time::{Duration, Instant};
use thiserror::Error;
use zerosum::{Game, Notation, Outcome, Side};

/// Why a data line was rejected.
#[derive(Debug, Error)]
pub enum SuiteError {
    /// Not valid JSON.
    #[error("invalid JSON: {0}")]
    Json(serde_json::Error),
    /// A field is missing or has the wrong type.
    #[error("missing or malformed field {0:?}")]
    Field(&'static str),
    /// A cell is malformed.
    #[error("bad cell: {0}")]
    Cell(CellError),
    /// A stone cannot be played.
    #[error("bad stone sequence: {0}")]
    Play(PlayError),
    /// A line of a tab-separated file has too few columns or a bad number.
    #[error("malformed line: {0}")]
    Line(String),
    /// An opening whose stones already end the game (a five, a full board, or under renju
    /// black to move with only forbidden cells left): there is nothing left to play from
    /// it.
    #[error("the opening is already a finished game ({0})")]
    Finished(String),
    /// An opening the Gomocup protocol cannot hand to an engine as it is: blocked cells
    /// (sent only in its continuous-game mode, which engines do not read otherwise:
    /// Rapfi plays on them), or under renju stone counts that do not give the side to
    /// move (an engine takes its colour from them).
    #[error("the opening cannot be sent to a Gomocup engine: {0}")]
    Unsendable(String),
}

// Plain `From`s (not thiserror's `#[from]`): a variant's message already holds the
// inner error's, so it is not also its `source` (an error reporter printed it twice).
impl From<serde_json::Error> for SuiteError {
    fn from(e: serde_json::Error) -> Self {
        SuiteError::Json(e)
    }
}

impl From<CellError> for SuiteError {
    fn from(e: CellError) -> Self {
        SuiteError::Cell(e)
    }
}

impl From<PlayError> for SuiteError {
    fn from(e: PlayError) -> Self {
        SuiteError::Play(e)
    }
}

/// What Rapfi answered for one puzzle under one rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RapfiAnswer {
    /// `+Mn` (proved win in n plies), `-Mn` (proved loss), a number (unproved) or `None`
    /// (answered at once: a winning move on the board).
    pub eval: Option<String>,
}

impl RapfiAnswer {
    /// True for `+M…`: the side to move has a proved forced win.
    pub fn proved_win(&self) -> bool {
        self.eval.as_deref().is_some_and(|e| e.starts_with("+M"))
    }

    /// True for `-M…`: the side to move is proved to lose.
    pub fn proved_loss(&self) -> bool {
        self.eval.as_deref().is_some_and(|e| e.starts_with("-M"))
    }

    /// True when Rapfi answered at once (an immediate win, e.g. an overline).
    pub fn instant(&self) -> bool {
        self.eval.is_none()
    }
}

/// A line of `vcf-rapfi-verified.jsonl` as written (the fields this crate reads; the
/// data README describes them all).
#[derive(Deserialize)]
struct RawPuzzle {
    file: String,
    index: usize,
    moves_xy: Vec<[u64; 2]>,
    freestyle: RawAnswer,
    standard: RawAnswer,
    renju: RawAnswer,
}

/// Rapfi's answer under one rule as written: `eval` is `"+M7"`, a number, or null.
#[derive(Deserialize)]
struct RawAnswer {
    eval: Option<RawEval>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawEval {
    Text(String),
    Number(serde_json::Number),
}

impl From<RawAnswer> for RapfiAnswer {
    fn from(raw: RawAnswer) -> RapfiAnswer {
        RapfiAnswer {
            eval: raw.eval.map(|e| match e {
                RawEval::Text(s) => s,
                RawEval::Number(n) => n.to_string(),
            }),
        }
    }
}

/// One puzzle of `vcf-rapfi-verified.jsonl`.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// Source file inside the data folder.
    pub file: String,
    /// 1-based index in that file.
    pub index: usize,
    /// The stones in play order, black first, in protocol coordinates (`x`, `y`).
    pub stones: Vec<Cell>,
    /// Rapfi under freestyle.
    pub freestyle: RapfiAnswer,
    /// Rapfi under the exactly-five rule.
    pub standard: RapfiAnswer,
    /// Rapfi's answer under renju (rule 4); the puzzles were composed for it.
    pub renju: RapfiAnswer,
}

impl Puzzle {
    /// Parses one line of `vcf-rapfi-verified.jsonl`.
    ///
    /// # Errors
    /// [`SuiteError`] naming the field that is wrong.
    pub fn parse(line: &str) -> Result<Puzzle, SuiteError> {
        let raw: RawPuzzle = serde_json::from_str(line)?;
        let stones = raw
            .moves_xy
            .iter()
            .map(|[x, y]| Cell::parse_xy(&format!("{x},{y}")))
            .collect::<Result<_, _>>()?;
        Ok(Puzzle {
            file: raw.file,
            index: raw.index,
            stones,
            freestyle: raw.freestyle.into(),
            standard: raw.standard.into(),
            renju: raw.renju.into(),
        })
    }

    /// Rapfi's answer under `rule`.
    pub fn answer(&self, rule: Rule) -> &RapfiAnswer {
        match rule {
            Rule::Freestyle => &self.freestyle,
            Rule::Standard => &self.standard,
            Rule::Renju => &self.renju,
        }
    }

    /// The puzzle's position on a 15×15 board under `rule`: the stones played in their
    /// order or, when renju refuses one (a composed position whose order passes through
    /// a forbidden point of black's), placed as setup stones with the same side to move.
    ///
    /// # Errors
    /// [`SuiteError::Play`] if the stones cannot be played (a stone on a stone, or a
    /// five before the end).
    pub fn board(&self, rule: Rule) -> Result<Board, SuiteError> {
        let mut b = Board::with_size(15, rule).expect("15 is valid");
        for &c in &self.stones {
            match b.try_play(c) {
                Ok(()) => {}
                Err(crate::PlayError::Forbidden(_)) => return self.setup(rule),
                Err(e) => return Err(e.into()),
            }
        }
        Ok(b)
    }

    fn setup(&self, rule: Rule) -> Result<Board, SuiteError> {
        let mut b = Board::with_size(15, rule).expect("15 is valid");
        for (k, &c) in self.stones.iter().enumerate() {
            let side = if k % 2 == 0 {
                Side::First
            } else {
                Side::Second
            };
            b.place(c, side)?;
        }
        // Setup stones are taken after a five (they come in no order): a position that
        // ends finished is no puzzle, as in play.
        if let Some(o) = b.outcome() {
            return Err(crate::PlayError::GameOver(crate::board::describe(o)).into());
        }
        b.set_side_to_move(puzzle_side(self));
        Ok(b)
    }
}

/// Reads every puzzle of a `vcf-rapfi-verified.jsonl` text.
///
/// # Errors
/// The first bad line, with its 1-based number.
pub fn parse_puzzles(text: &str) -> Result<Vec<Puzzle>, (usize, SuiteError)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| Puzzle::parse(l).map_err(|e| (i + 1, e)))
        .collect()
}

/// The lines of `text`, each without its end: LF, CR LF or a CR alone (a file saved with
/// old Mac line ends; `str::lines` would run its lines together into one bad line).
pub fn text_lines(text: &str) -> impl Iterator<Item = &str> {
    // `str::lines` ends lines at LF and CR LF; the CRs left end lines too.
    text.lines().flat_map(|l| l.split('\r'))
}

/// Reads the openings file (`h8i7e9<TAB>score` a line, `#` comments) as boards of side
/// `size` (5 to 22; 15 for the usual Gomocup openings) under `rule`. The move list may
/// also be written as a position, `15f:h8i7e9` (the notation the match's games file
/// uses, set-up part included), when its size is `size` and its rule letter is `rule`'s;
/// `-` is the empty board, as the other commands read it. The position is read whole,
/// spaces and all (`h8 i7 e9`, `15f:[black h8; white i9]j10`), as the other commands read
/// it; one finite number may follow it after a space or tab (the score, ignored). A
/// UTF-8 byte-order mark at the start of the text (as
/// some editors save one) is skipped. A line ends with LF, CR LF or a CR alone
/// ([`text_lines`]).
///
/// # Errors
/// The first bad line, with its 1-based number: a bad cell (or one off the board), a
/// stone that cannot be played, text after the moves that is not a number, a position
/// of another size or rule, or a malformed one ([`SuiteError::Line`]; every line is bad
/// when `size` is not a board side), an opening that already ends the game
/// ([`SuiteError::Finished`]), or one the protocol cannot send as it is
/// ([`SuiteError::Unsendable`]: blocked cells; under renju, stone counts that do not
/// give the side to move, black when they are equal and white when black has one more,
/// since a Gomocup engine takes its colour from them). [`read_openings`] reads past bad
/// lines instead.
pub fn parse_openings(
    text: &str,
    size: u32,
    rule: Rule,
) -> Result<Vec<Board>, (usize, SuiteError)> {
    let (boards, mut bad) = read_openings(text, size, rule);
    if bad.is_empty() {
        Ok(boards)
    } else {
        Err(bad.swap_remove(0))
    }
}

/// [`parse_openings`] that reads past bad lines: the good openings in file order, and
/// every bad line's 1-based number with its error (as [`parse_openings`] names them), so
/// that a match may name them all and still play the good ones.
pub fn read_openings(text: &str, size: u32, rule: Rule) -> (Vec<Board>, Vec<(usize, SuiteError)>) {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut boards = Vec::new();
    let mut bad = Vec::new();
    for (i, line) in text_lines(text).enumerate() {
        match opening(line, size, rule) {
            Ok(Some(b)) => boards.push(b),
            Ok(None) => {}
            Err(e) => bad.push((i + 1, e)),
        }
    }
    (boards, bad)
}

/// `t` cut to its first 40 characters and `…` for an error message (a recheck's
/// report: a 70 KB word of an openings file was echoed whole).
fn shown(t: &str) -> String {
    zerosum::text::cut(t, 40)
}

/// One line of an openings file: its board, `None` for a blank or `#` comment line (a
/// comment after a byte-order mark on any line too, as the command line's readers skip
/// it: a recheck's report).
fn opening(line: &str, size: u32, rule: Rule) -> Result<Option<Board>, SuiteError> {
    let t = line.trim();
    let bare = t.strip_prefix('\u{feff}').unwrap_or(t).trim_start();
    if bare.is_empty() || bare.starts_with('#') {
        return Ok(None);
    }
    // The position, then optionally one score (a finite number, ignored). The position
    // may hold spaces, as a set-up part does (a recheck's report: `15f:[black h8; white
    // i9]j10` was cut at its first space, and refused).
    let moves = match t.rsplit_once(char::is_whitespace) {
        Some((head, last)) if last.parse::<f64>().is_ok_and(f64::is_finite) => head.trim_end(),
        _ => t,
    };
    let read = opening_of(moves, size, rule);
    // A last word that is no score after a line that reads without it: named as the
    // score it stands for (a fuzz tester's report: `h8i7e9 abc` was "bad cell: malformed
    // cell "abc"", and `h8i7e9 1 2` blamed the cell "1").
    // (A last word that starts as a cell does, a letter and a digit, is a move list's:
    // `h8 i7i7` keeps its "cell i7 is occupied", as a recheck found it lost.)
    let starts_as_a_cell = |w: &str| {
        let mut c = w.chars();
        c.next().is_some_and(|a| a.is_ascii_alphabetic())
            && c.next().is_some_and(|d| d.is_ascii_digit())
    };
    if read.is_err()
        && let Some((head, last)) = moves.rsplit_once(char::is_whitespace)
        && !starts_as_a_cell(last)
        && opening_of(head.trim_end(), size, rule).is_ok()
    {
        let why = match last.parse::<f64>() {
            Ok(x) if x.is_finite() => {
                "one of two scores (at most one finite number follows the opening)"
            }
            Ok(_) => "not a finite number (the score is one, such as 0.5)",
            Err(_) => "neither a cell nor a score (one finite number, such as 0.5)",
        };
        return Err(SuiteError::Line(format!(
            "{:?} after the opening is {why}",
            shown(last)
        )));
    }
    read.map(Some)
}

/// The board of an opening line's position or move list (`moves`, the score taken off).
fn opening_of(moves: &str, size: u32, rule: Rule) -> Result<Board, SuiteError> {
    let b = if moves.contains(':') {
        let b = Board::parse_position(moves)
            .map_err(|e| SuiteError::Line(format!("position {:?}: {e}", shown(moves))))?;
        if u32::from(b.size()) != size || b.rule() != rule {
            return Err(SuiteError::Line(format!(
                "position {:?} is not of the match's board and rule ({size}{}:)",
                shown(moves),
                rule.letter()
            )));
        }
        b
    } else {
        // `-`: the empty move list, as the other commands read it.
        let list = if moves == "-" { "" } else { moves };
        let cells = parse_move_list(list).map_err(|(_, e)| SuiteError::Cell(e))?;
        let mut b = Board::with_size(size, rule)
            .map_err(|e| SuiteError::Line(format!("board size {size}: {e}")))?;
        for c in cells {
            b.try_play(c).map_err(SuiteError::Play)?;
        }
        b
    };
    if b.blocked_cells().next().is_some() {
        return Err(SuiteError::Unsendable(format!(
            "position {:?} has blocked cells, which the protocol sends only in its \
             continuous-game mode (BOARD field 3): engines play on them otherwise",
            shown(moves)
        )));
    }
    if rule == Rule::Renju {
        sendable_colours(&b, moves)?;
    }
    match b.outcome() {
        Some(Outcome::Win(side)) => {
            let who = crate::board::colour_name(side);
            Err(SuiteError::Finished(format!("{who} has five")))
        }
        Some(Outcome::Draw) => Err(SuiteError::Finished(crate::board::draw_reason(&b).into())),
        None => Ok(b),
    }
}

/// Whether the Gomocup protocol can tell an engine its colour in `b` (read from
/// `text`): its `BOARD` gives stones as the engine's own and the opponent's, so the
/// engine infers its colour from the counts, black to move when they are equal, white
/// when black has one more (as Piskvork's games always have). Under renju the colour
/// decides which cells are forbidden, so an opening with other counts for its side to
/// move cannot be played (a tester's report: `15r:[black h8 j8 l8 n8 b14; white a1 a2
/// a3 a5 a6; white to move]` had both engines play the other colour, and forfeit).
fn sendable_colours(b: &Board, text: &str) -> Result<(), SuiteError> {
    let black = b
        .moves()
        .iter()
        .filter(|&&c| b.stone(c) == Some(Side::First))
        .count();
    let white = b.moves().len() - black;
    let inferred = match black.checked_sub(white) {
        Some(0) => Some(Side::First),
        Some(1) => Some(Side::Second),
        _ => None,
    };
    if inferred == Some(b.side_to_move()) {
        return Ok(());
    }
    Err(SuiteError::Unsendable(format!(
        "position {:?}: {black} black and {white} white stones with {} to move: under \
         renju an engine takes its colour from the counts (black to move when they are \
         equal, white when black has one more), so it would play the wrong colour",
        shown(text),
        crate::board::colour_name(b.side_to_move())
    )))
}

/// One row of `gomocup-rule-checks.tsv`.
#[derive(Clone, Debug)]
pub struct RuleCheck {
    /// Identifier (`c1`, `c2`, …).
    pub id: String,
    /// Gomocup rule number (0, 1, 4, 8).
    pub rule: u32,
    /// The position (`None` when the rule or size is not supported here).
    pub board: Option<Board>,
    /// Answers that pass (empty = any).
    pub accept: Vec<Cell>,
    /// Answers that fail (empty = none named).
    pub reject: Vec<Cell>,
}

/// Reads `gomocup-rule-checks.tsv`.
///
/// # Errors
/// The first bad line, with its 1-based number.
pub fn parse_rule_checks(text: &str) -> Result<Vec<RuleCheck>, (usize, SuiteError)> {
    let mut out = Vec::new();
    // An editor's byte-order mark is skipped, as the openings reader skips it.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |what: &str| (i + 1, SuiteError::Line(what.to_string()));
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 7 {
            return Err(bad("fewer than 7 columns"));
        }
        // Each number named with its value (a new user's report: `malformed line: rule`).
        let rule: u32 = f[1].trim().parse().map_err(|_| {
            bad(&format!(
                "rule {:?}: not a whole number of 0 or more",
                f[1].trim()
            ))
        })?;
        // A value no Gomocup manager sends (a tester's report: a mistyped 5 was taken as
        // a rule not played here): freestyle 0, exactly five 1, renju 4, caro 8, each
        // with the continuous-game bit 2 or not.
        if Rule::from_gomocup(rule).is_none() && rule & !2 != 8 {
            return Err(bad(&format!(
                "rule {rule}: not a Gomocup rule (0, 1, 4 or 8, plus 2 for a continuous game)"
            )));
        }
        let size: u32 = f[2].trim().parse().map_err(|_| {
            bad(&format!(
                "size {:?}: not a whole number of 0 or more",
                f[2].trim()
            ))
        })?;
        let cells = |s: &str| -> Result<Vec<Cell>, (usize, SuiteError)> {
            if s.trim() == "-" {
                return Ok(Vec::new());
            }
            s.split(',')
                .map(|c| Cell::parse_human(c).map_err(|e| (i + 1, SuiteError::Cell(e))))
                .collect()
        };
        // Each column checked and named (a new user's report: a bad size was blamed on
        // the moves, and a `to_move` or a cell off the board was taken).
        if !(5..=22).contains(&size) {
            return Err(bad(&format!("size {size}: not from 5 to 22")));
        }
        let board = match Rule::from_gomocup(rule) {
            Some(r) => {
                let text = format!("{size}{}:{}", r.letter(), f[3].trim());
                let board =
                    Board::parse_position(&text).map_err(|e| bad(&format!("moves: {e}")))?;
                let to_move = crate::board::colour_name(board.side_to_move());
                if !f[4].trim().eq_ignore_ascii_case(to_move) {
                    return Err(bad(&format!(
                        "to_move {:?}: after the moves {to_move} is to move",
                        f[4].trim()
                    )));
                }
                // A finished game asks for no answer (a recheck's report: black's five
                // was taken, and the engine blamed for its answer).
                match board.outcome() {
                    Some(Outcome::Win(side)) => {
                        return Err(bad(&format!(
                            "moves: the game is over, {} has five",
                            crate::board::colour_name(side)
                        )));
                    }
                    Some(Outcome::Draw) => {
                        return Err(bad(&format!(
                            "moves: the game is over, {}",
                            crate::board::draw_reason(&board)
                        )));
                    }
                    None => {}
                }
                Some(board)
            }
            None => None,
        };
        // The stones, read under every rule: an unsupported rule's (caro) cannot be
        // replayed here, but its moves, its side to move and its cells can be checked
        // (a tester's report: its `to_move` and an occupied answer were taken); whether
        // its game is over is the rule's to say, and is not checked.
        let stones = match &board {
            Some(b) => b.moves().to_vec(),
            None => unreplayed_stones(f[3], size, f[4]).map_err(|e| bad(&e))?,
        };
        let (accept, reject) = (cells(f[5])?, cells(f[6])?);
        if let Some(c) = accept.iter().chain(&reject).find(|&&c| off_board(c, size)) {
            return Err(bad(&format!("cell {c} is off the {size}x{size} board")));
        }
        if let Some(c) = accept.iter().chain(&reject).find(|c| stones.contains(c)) {
            return Err(bad(&format!("cell {c} already has a stone")));
        }
        out.push(RuleCheck {
            id: f[0].trim().to_string(),
            rule,
            board,
            accept,
            reject,
        });
    }
    Ok(out)
}

/// Whether `c` lies outside a `size`×`size` board.
fn off_board(c: Cell, size: u32) -> bool {
    u32::from(c.x) >= size || u32::from(c.y) >= size
}

/// The stones of a rule check whose rule is not played here (caro), which cannot be
/// replayed under it: `moves` (`-` for none) read as a move list, each on the
/// `size`×`size` board and on an empty cell, and `to_move` (black after an even number,
/// white after an odd one) checked.
///
/// # Errors
/// What is wrong, in the words of the rule check's other errors.
fn unreplayed_stones(moves: &str, size: u32, to_move: &str) -> Result<Vec<Cell>, String> {
    // `-`: no moves, as the supported rules' positions read it.
    let moves = if moves.trim() == "-" { "" } else { moves };
    let stones = parse_move_list(moves).map_err(|(n, e)| format!("moves: move {n}: {e}"))?;
    if let Some(c) = stones.iter().find(|&&c| off_board(c, size)) {
        return Err(format!("moves: {c} is off the {size}x{size} board"));
    }
    if let Some((n, c)) = stones
        .iter()
        .enumerate()
        .find(|(n, c)| stones[..*n].contains(c))
    {
        return Err(format!("moves: move {}: {c} is taken", n + 1));
    }
    let side = if stones.len() % 2 == 0 {
        Side::First
    } else {
        Side::Second
    };
    let name = crate::board::colour_name(side);
    if !to_move.trim().eq_ignore_ascii_case(name) {
        return Err(format!(
            "to_move {:?}: after the moves {name} is to move",
            to_move.trim()
        ));
    }
    Ok(stones)
}

/// Most attacker threats of the VCT tried on puzzles without a VCF.
pub const VCT_DEPTH: u32 = 12;

/// Attacker positions of each VCF test inside the suite's VCT ([`VctSolver::vcf_nodes`];
/// the engine keeps the solver's default). Fewer nodes make the failing tests, most of
/// them, cheaper; fours are VCT moves as well, so longer VCFs are still found.
pub const SUITE_VCT_VCF_NODES: u64 = 20;

/// VCT nodes a puzzle in the suite (the iterative deepening; [`run_vcf_suite`]'s
/// `vct_nodes`).
pub const SUITE_VCT_NODES: u64 = 25_000;

/// Nodes of the VCT's threat-space-guided second stage in the suite
/// ([`VctSolver::tss_nodes`]).
pub const SUITE_TSS_NODES: u64 = 5_000;

/// Nodes of the VCT's proof-number stage in the suite ([`VctSolver::dfpn_nodes`], with
/// [`VctSolver::dfpn_always`]): df-pn with λ² moves, after the deepening and the
/// threat-space stage have found no proof. Of the 66 freestyle misses at 15,000 nodes,
/// 30,000 nodes solved 2 (60,000: 10, 120,000: 15, 400,000: 26), and a missed or lost
/// puzzle, which spends the whole budget, took about 13 ms more CPU (slowest puzzle at low load 68 → 83 ms; 60,000 nodes put 12
/// of the 66 over 100 ms).
pub const SUITE_DFPN_NODES: u64 = 30_000;

/// The VCT solver as [`run_vcf_suite`] configures it.
pub fn suite_vct_solver() -> VctSolver {
    let mut vct = VctSolver::new();
    vct.vcf_nodes = SUITE_VCT_VCF_NODES;
    vct.tss_nodes = SUITE_TSS_NODES;
    vct.vcf_memo = true;
    vct.dfpn_nodes = SUITE_DFPN_NODES;
    vct.dfpn_always = true;
    vct.dfpn_zones = true;
    vct.dfpn_near_quiet = true;
    vct
}

/// The CPU time each puzzle's search should stay under (issue 11's goal for the VCF
/// puzzle suite); [`VcfSuiteReport::over_cpu`] counts the puzzles above it.
pub const PUZZLE_CPU_GOAL: Duration = Duration::from_millis(100);

/// Totals of [`run_vcf_suite`].
#[derive(Clone, Debug, Default)]
pub struct VcfSuiteReport {
    /// Puzzles attempted.
    pub positions: usize,
    /// Puzzles where a win was found: a VCF whose proof line passed [`check_proof`], or
    /// a VCT (see [`crate::vct`]).
    pub solved: usize,
    /// Of `solved`, the wins found by VCT (no VCF found).
    pub by_vct: usize,
    /// Found lines that failed the check (must be 0).
    pub bad_proofs: usize,
    /// Puzzles marked as proved losses for which a win was claimed (must be 0).
    pub false_claims: usize,
    /// Proved-loss puzzles attempted.
    pub negatives: usize,
    /// Total VCF nodes.
    pub nodes: u64,
    /// Total wall time of the searches (the proof checks not included).
    pub time: Duration,
    /// Wall time of the slowest puzzle's search.
    pub slowest: Duration,
    /// `file#index` of the proved wins not solved.
    pub missed: Vec<String>,
    /// The search CPU time (VCF, then VCT) of each puzzle attempted, proved losses
    /// included, in file order; the proof checks are not in it. Measured by
    /// [`thread_cpu_time`]; empty where that clock cannot be read.
    pub cpu: Vec<PuzzleCpu>,
    /// CPU time of all the proof checks ([`check_proof`], [`check_vct_proof`]) together.
    pub check_cpu: Duration,
    /// `file#index: what` of each wrong result: a proof line that failed its check, a
    /// win claimed on a proved loss (a new user's report: counted, never named).
    pub wrong: Vec<String>,
    /// `file#index: why` of the puzzles to attempt whose stones cannot be set up
    /// ([`Puzzle::board`]: a stone on a stone, a five before the end): a damaged file
    /// (a new user's report: such a puzzle was skipped without a word).
    pub unplayable: Vec<String>,
}

/// What became of a puzzle in [`run_vcf_suite`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleResult {
    /// A proved win, found and checked.
    Solved,
    /// A proved win not found within the budgets (or whose proof failed the check).
    Missed,
    /// A proved loss (no win may be claimed).
    Loss,
}

/// One puzzle's search CPU time in [`VcfSuiteReport::cpu`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleCpu {
    /// `file#index` of the puzzle.
    pub name: String,
    /// CPU time of its search (VCF, then VCT; the proof check not included).
    pub cpu: Duration,
    /// Nodes of its search (VCF, then VCT), an exact measure of its work.
    pub nodes: u64,
    /// What became of it.
    pub result: PuzzleResult,
}

impl VcfSuiteReport {
    /// The search CPU time at quantile `q` (0.0 = fastest, 0.5 = median, 1.0 =
    /// slowest; nearest rank) of the puzzles whose result is in `of`, or `None` without
    /// measurements.
    pub fn cpu_quantile(&self, q: f64, of: &[PuzzleResult]) -> Option<Duration> {
        let mut t: Vec<Duration> = self.times(of).map(|p| p.cpu).collect();
        t.sort_unstable();
        let last = t.len().checked_sub(1)?;
        Some(t[(last as f64 * q.clamp(0.0, 1.0)).round() as usize])
    }

    /// Of the puzzles whose result is in `of`, the one whose search took the most CPU
    /// time.
    pub fn slowest_cpu(&self, of: &[PuzzleResult]) -> Option<&PuzzleCpu> {
        self.times(of).max_by_key(|p| p.cpu)
    }

    /// Number of the puzzles whose result is in `of` whose search took more than
    /// `limit` of CPU time.
    pub fn over_cpu(&self, limit: Duration, of: &[PuzzleResult]) -> usize {
        self.times(of).filter(|p| p.cpu > limit).count()
    }

    fn times(&self, of: &[PuzzleResult]) -> impl Iterator<Item = &PuzzleCpu> {
        self.cpu.iter().filter(move |p| of.contains(&p.result))
    }

    /// One line of the totals: `solved S/P (x.x%, V by VCT), bad proofs B, false claims
    /// F/N, nodes K` (the puzzle runners print it after the rule's name).
    pub fn totals(&self) -> String {
        format!(
            "solved {}/{} ({:.1}%, {} by VCT), bad proofs {}, false claims {}/{}, nodes {}",
            self.solved,
            self.positions,
            100.0 * self.solved as f64 / self.positions.max(1) as f64,
            self.by_vct,
            self.bad_proofs,
            self.false_claims,
            self.negatives,
            self.nodes,
        )
    }

    /// One line of the search CPU time a puzzle (median, 90th and 99th percentiles,
    /// slowest with its name, the number over `limit`): for all puzzles, the solved
    /// ones, the missed ones and the proved losses; then the proof checks' CPU time.
    pub fn cpu_summary(&self, limit: Duration) -> String {
        use PuzzleResult::{Loss, Missed, Solved};
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        let mut out = String::from("search CPU a puzzle:");
        for (what, of) in [
            ("all", &[Solved, Missed, Loss][..]),
            ("solved", &[Solved][..]),
            ("missed", &[Missed][..]),
            ("proved losses", &[Loss][..]),
        ] {
            let n = self.times(of).count();
            let (Some(med), Some(slow)) = (self.cpu_quantile(0.5, of), self.slowest_cpu(of)) else {
                continue;
            };
            let q = |x| ms(self.cpu_quantile(x, of).unwrap_or_default());
            out.push_str(&format!(
                " {what} ({n}): median {:.2} ms, p90 {:.1}, p99 {:.1}, max {:.1} ({}), {} over {} ms;",
                ms(med),
                q(0.9),
                q(0.99),
                ms(slow.cpu),
                slow.name,
                self.over_cpu(limit, of),
                limit.as_millis()
            ));
        }
        out.push_str(&format!(
            " proof checks {:.1} s CPU",
            self.check_cpu.as_secs_f64()
        ));
        out
    }
}

/// CPU time this thread has run (POSIX `CLOCK_THREAD_CPUTIME_ID`, nanoseconds);
/// `None` on systems without it: the core's clock, which the suite reports use.
pub use zerosum::time::thread_cpu_time;

/// Runs the VCF solver on every puzzle that Rapfi proved a win (`+M`, or an instant win)
/// or a loss (`-M`) under `rule`, checking every proof line with the rules code. At most
/// `node_limit` attacker positions per puzzle. With `vct_nodes > 0`, a puzzle without
/// VCF is then given to the VCT solver with that node budget. Each puzzle's search CPU
/// time is recorded ([`VcfSuiteReport::cpu`]), the proof checks' apart. The VCT is
/// [`suite_vct_solver`].
pub fn run_vcf_suite(
    puzzles: &[Puzzle],
    rule: Rule,
    node_limit: u64,
    vct_nodes: u64,
) -> VcfSuiteReport {
    run_vcf_suite_with(puzzles, rule, node_limit, vct_nodes, suite_vct_solver())
}

/// As [`run_vcf_suite`] with the VCT solver `vct` (its settings, e.g. a second stage of
/// other size).
pub fn run_vcf_suite_with(
    puzzles: &[Puzzle],
    rule: Rule,
    node_limit: u64,
    vct_nodes: u64,
    mut vct: VctSolver,
) -> VcfSuiteReport {
    let mut r = VcfSuiteReport::default();
    let mut solver = VcfSolver::default();
    for p in puzzles {
        let a = p.answer(rule);
        let positive = a.proved_win() || (a.instant() && rule == Rule::Freestyle);
        if !positive && !a.proved_loss() {
            continue;
        }
        let name = format!("{}#{}", p.file, p.index);
        let mut b = match p.board(rule) {
            Ok(b) => b,
            Err(e) => {
                r.unplayable.push(format!("{name}: {e}"));
                continue;
            }
        };
        let t = Instant::now();
        let cpu = thread_cpu_time();
        let line = solver.solve(&mut b, 60, node_limit);
        let mut nodes = solver.nodes;
        let vct_proof = if line.is_none() && vct_nodes > 0 {
            let p = vct.prove(&mut b, VCT_DEPTH, vct_nodes, None);
            nodes += vct.nodes;
            p
        } else {
            None
        };
        r.nodes += nodes;
        let cpu = cpu.zip(thread_cpu_time()).map(|(s, e)| e.saturating_sub(s));
        let spent = t.elapsed();
        r.time += spent;
        r.slowest = r.slowest.max(spent);
        if positive {
            r.positions += 1;
            let check = thread_cpu_time();
            let checked = match (&line, &vct_proof) {
                (Some(l), _) => check_proof(&b, l).is_ok(),
                (None, Some(proof)) => check_vct_proof(&b, proof).is_ok(),
                (None, None) => false,
            };
            if let (Some(start), Some(end)) = (check, thread_cpu_time()) {
                r.check_cpu += end.saturating_sub(start);
            }
            let result = match (checked, line.is_some() || vct_proof.is_some()) {
                (true, _) => {
                    r.solved += 1;
                    r.by_vct += usize::from(line.is_none());
                    PuzzleResult::Solved
                }
                (false, found) => {
                    r.bad_proofs += usize::from(found);
                    if found {
                        r.wrong
                            .push(format!("{name}: a proof line that fails its check"));
                    }
                    r.missed.push(name.clone());
                    PuzzleResult::Missed
                }
            };
            if let Some(cpu) = cpu {
                r.cpu.push(PuzzleCpu {
                    name,
                    cpu,
                    nodes,
                    result,
                });
            }
        } else {
            r.negatives += 1;
            if line.is_some() || vct_proof.is_some() {
                r.false_claims += 1;
                r.wrong
                    .push(format!("{name}: a win claimed on a proved loss"));
            }
            if let Some(cpu) = cpu {
                let result = PuzzleResult::Loss;
                r.cpu.push(PuzzleCpu {
                    name,
                    cpu,
                    nodes,
                    result,
                });
            }
        }
    }
    r
}

/// The side to move of a puzzle (black when the stone count is even).
pub fn puzzle_side(p: &Puzzle) -> Side {
    if p.stones.len().is_multiple_of(2) {
        Side::First
    } else {
        Side::Second
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each column of a rule check is checked and named (a new user's report: a bad size
    /// was blamed on the moves; a wrong `to_move` and a cell off the board were taken).
    #[test]
    fn a_rule_check_names_its_bad_column() {
        let good = "c1\t0\t20\th8h9i8i9j8j9k8k9\tblack\tg8,l8\t-\tnote\n\
                    c4\t8\t15\th8f8g8f9i8f7j8l8\tblack\tf5,f6\t-\tcaro";
        assert_eq!(parse_rule_checks(good).unwrap().len(), 2);
        // A byte-order mark before the first line (a comment here) is skipped.
        let with_bom = format!("\u{feff}# checks\n{good}");
        assert_eq!(parse_rule_checks(&with_bom).unwrap().len(), 2);
        // Every rejected cell is kept (a recheck's report: all but the first were
        // dropped, and an answer the line rejects passed); `-` is the empty board under
        // every rule.
        let two = "z4\t0\t15\th8h9i8i9j8j9k8k9\tblack\t-\tm8,g8,l8\tn\n\
                   c5\t8\t15\t-\tblack\t-\t-\tcaro, empty";
        let checks = parse_rule_checks(two).unwrap();
        assert_eq!(checks[0].reject.len(), 3);
        assert!(checks[1].board.is_none());
        for (line, what) in [
            ("c1\t0\t30\th8h9\tblack\tg8\t-\tn", "size 30"),
            ("c1\t0\t15\th8h9\twhite\tg8\t-\tn", "to_move \"white\""),
            ("c1\t0\t15\th8h9z9\tblack\tg8\t-\tn", "moves: "),
            (
                "c1\t0\t15\th8h9\tblack\tg8\tq13\tn",
                "cell q13 is off the 15x15 board",
            ),
            (
                "c1\t0\t15\th8h9\tblack\tg8,h9\t-\tn",
                "cell h9 already has a stone",
            ),
            (
                "c1\t4\t15\th8h9\tblack\t-\th8\tn",
                "cell h8 already has a stone",
            ),
            // An unsupported rule (caro): its moves and side to move are still read.
            ("c4\t8\t15\th8f8g8\tblack\t-\t-\tn", "to_move \"black\""),
            ("c4\t8\t15\th8f8h8\twhite\t-\t-\tn", "move 3: h8 is taken"),
            (
                "c4\t8\t15\th8q8\tblack\t-\t-\tn",
                "q8 is off the 15x15 board",
            ),
            (
                "c4\t8\t15\th8f8\tblack\tf8\t-\tn",
                "cell f8 already has a stone",
            ),
            (
                "z3\t0\t15\th8h9i8i9j8j9k8k9l8\twhite\tf5\t-\tn",
                "the game is over, black has five",
            ),
            // A value no manager sends (a mistyped renju 4).
            (
                "c1\t5\t15\th8h9\tblack\tg8\t-\tn",
                "rule 5: not a Gomocup rule",
            ),
            ("c1\t16\t15\th8h9\tblack\tg8\t-\tn", "rule 16"),
            (
                "c1\tabc\t15\th8h9\tblack\tg8\t-\tn",
                "rule \"abc\": not a whole number",
            ),
            (
                "c1\t0\tx\th8h9\tblack\tg8\t-\tn",
                "size \"x\": not a whole number",
            ),
        ] {
            let (n, e) = parse_rule_checks(line).unwrap_err();
            assert_eq!(n, 1);
            assert!(e.to_string().contains(what), "{line}: {e}");
        }
    }

    /// An opening drawn because renju's black, to move, has only forbidden cells left is
    /// refused as such, not as a full board (a tester's report).
    #[test]
    fn a_stuck_black_is_no_full_board() {
        let stuck = "7r:[black d7 f7 a1 d4 e6 a4 b3 b2 a7 b6 e5 g4 e4 c6 g3 f6 c2 b5 a6 g2 d2 g1 f2 c1; \
                     white c3 c4 d5 g5 f1 e3 g6 b1 a2 e1 d3 b7 b4 a5 f5 c7 f3 f4 c5 a3 g7 e2 d1 e7]";
        let board: Board = stuck.parse().unwrap();
        assert_eq!(board.empty_count(), 1);
        assert_eq!(board.outcome(), Some(Outcome::Draw));
        let e = parse_openings(stuck, 7, Rule::Renju)
            .unwrap_err()
            .1
            .to_string();
        assert!(
            e.contains("black, to move, has only forbidden cells left"),
            "{e}"
        );
        assert!(!e.contains("full"), "{e}");
    }

    /// A puzzle whose stones cannot be set up (a stone on a stone: a damaged file) is
    /// counted in the report, not skipped without a word (a new user's report: the
    /// quick suite said 4/4 where the file held 5).
    #[test]
    fn a_puzzle_that_cannot_be_set_up_is_reported() {
        let answer = r#"{"eval":"+M3","move":[1,1],"line":[],"ms":1}"#;
        let line = format!(
            r#"{{"file":"t","index":7,"stones":"","side":1,"mode":32,"moves_xy":[[7,7],[7,7],[8,8]],"renju":{answer},"freestyle":{answer},"standard":{answer}}}"#
        );
        let puzzle = Puzzle::parse(&line).unwrap();
        let r = run_vcf_suite(&[puzzle], Rule::Freestyle, 1_000, 0);
        assert_eq!((r.positions, r.unplayable.len()), (0, 1), "{r:?}");
        assert!(r.unplayable[0].starts_with("t#7: "), "{:?}", r.unplayable);
    }

    /// A move list written with spaces was read as its first move alone (`h8 i9` played
    /// from `h8`). The position is now read whole, spaces and all, as every command reads
    /// it (a set-up part has spaces), and only one number may follow it: the score.
    #[test]
    fn openings_read_a_position_with_spaces() {
        let text = "# c\nh8i7e9\t-1\nh8g6 +2.5\nh8 i9\n15f:[black h8; white i9]j10 0.5\n";
        let boards = parse_openings(text, 15, Rule::Freestyle).unwrap();
        assert_eq!(
            boards.iter().map(Board::stone_count).collect::<Vec<_>>(),
            [3, 2, 2, 3]
        );
        assert_eq!(
            boards[3],
            Board::parse_position("15f:[black h8; white i9]j10").unwrap()
        );
        // Two scores, or a score that is no finite number, are no score.
        for bad in ["h8 0.5 0.6\n", "h8 NaN\n", "h8 inf\n", "h8i7e9 junk\n"] {
            assert!(parse_openings(bad, 15, Rule::Freestyle).is_err(), "{bad}");
        }
        // A recheck's report: a 70 KB word after the moves was echoed whole.
        let long = format!("h8 {}\n", "z".repeat(70_000));
        let (_, e) = parse_openings(&long, 15, Rule::Freestyle).unwrap_err();
        assert!(e.to_string().len() < 200, "{} bytes", e.to_string().len());
        assert!(e.to_string().contains("zzz…"), "{e}");
    }

    /// Blocked cells are refused under every rule (a recheck's report: sent as BOARD
    /// field 3, Rapfi played on them and forfeited).
    #[test]
    fn openings_with_blocked_cells_are_refused() {
        for (line, rule) in [
            ("15f:[blocked h8]", Rule::Freestyle),
            ("15s:[black h8; white i9; blocked g7 g8]", Rule::Standard),
            ("15r:[black h8; white a1; blocked o15]", Rule::Renju),
        ] {
            let (boards, bad) = read_openings(line, 15, rule);
            assert!(boards.is_empty(), "{line}");
            assert!(
                matches!(&bad[..], [(1, SuiteError::Unsendable(m))] if m.contains("blocked cells")),
                "{line}: {bad:?}"
            );
        }
    }

    /// Under renju an opening's stone counts must give its side to move as a Gomocup
    /// engine infers it (black when equal, white when black has one more); under the
    /// other rules the colours play alike and any counts are read.
    #[test]
    fn renju_openings_give_their_side_to_move_by_the_counts() {
        // Sendable: equal counts with black to move, black one ahead with white to move
        // (move lists always are).
        for good in [
            "15r:[black h8; white a1]",
            "15r:[black h8 i9; white a1; white to move]",
            "h8i7e9",
        ] {
            let (boards, bad) = read_openings(good, 15, Rule::Renju);
            assert!(bad.is_empty() && boards.len() == 1, "{good}: {bad:?}");
        }
        // A tester's report: engines played the other colour, and forfeited.
        for bad_line in [
            "15r:[black h8 j8 l8 n8 b14; white a1 a2 a3 a5 a6; white to move]",
            "15r:[black h8 i9; white a1 a3 a5]",
            "15r:[white h8]",
            "15r:[black h8 i9 j10]",
            "15r:[black h8; white a1; white to move]",
        ] {
            let (boards, bad) = read_openings(bad_line, 15, Rule::Renju);
            assert!(boards.is_empty(), "{bad_line}");
            assert!(
                matches!(&bad[..], [(1, SuiteError::Unsendable(m))] if m.contains("wrong colour")),
                "{bad_line}: {bad:?}"
            );
            // Under freestyle and exactly five the colours play alike: read.
            let free = bad_line.replacen("15r:", "15f:", 1);
            let (boards, bad) = read_openings(&free, 15, Rule::Freestyle);
            assert!(bad.is_empty() && boards.len() == 1, "{free}: {bad:?}");
        }
    }

    /// Opening lines may end with a CR alone, CR LF or LF, and the numbers count lines,
    /// not ends. Before, a file with CR line ends was one line (`bad cell: malformed cell
    /// "h8\rh8i7…"`) and the whole match was refused.
    #[test]
    fn openings_lines_end_at_a_lone_cr_too() {
        let boards = parse_openings("h8\rh8i7\r\nh8i7e9\n", 15, Rule::Freestyle).unwrap();
        assert_eq!(
            boards.iter().map(Board::stone_count).collect::<Vec<_>>(),
            [1, 2, 3]
        );
        let (line, _) = parse_openings("h8\r\nh8i7\rzz9\r", 15, Rule::Freestyle).unwrap_err();
        assert_eq!(line, 3);
    }

    #[test]
    fn openings_read_positions_of_the_matchs_board() {
        let boards = parse_openings("15f:h8i7e9\t-1\nh8i7e9\n", 15, Rule::Freestyle).unwrap();
        assert_eq!(boards[0], boards[1]);
        let (line, e) = parse_openings("h8\n15r:h8i7\n", 15, Rule::Freestyle).unwrap_err();
        assert_eq!(line, 2);
        assert!(
            matches!(e, SuiteError::Line(ref m) if m.contains("15f:")),
            "{e}"
        );
        // Another board's openings (Gomocup's freestyle tournaments play 20×20).
        let boards = parse_openings("20f:h8\nt20s1\n", 20, Rule::Freestyle).unwrap();
        assert_eq!(boards.iter().map(Board::size).collect::<Vec<_>>(), [20, 20]);
        assert_eq!(boards[1].stone_count(), 2);
        let (_, e) = parse_openings("t20\n", 15, Rule::Freestyle).unwrap_err();
        assert!(matches!(e, SuiteError::Play(_)), "{e}");
        let (_, e) = parse_openings("15f:h8\n", 20, Rule::Freestyle).unwrap_err();
        assert!(
            matches!(e, SuiteError::Line(ref m) if m.contains("(20f:)")),
            "{e}"
        );
        let (_, e) = parse_openings("h8\n", 30, Rule::Freestyle).unwrap_err();
        assert!(
            matches!(e, SuiteError::Line(ref m) if m.contains("size 30")),
            "{e}"
        );
        let (line, e) = parse_openings("19f:h8\n", 15, Rule::Freestyle).unwrap_err();
        assert_eq!(line, 1);
        assert!(matches!(e, SuiteError::Line(_)), "{e}");
        let (_, e) = parse_openings("15f:h8h8\n", 15, Rule::Freestyle).unwrap_err();
        assert!(
            matches!(e, SuiteError::Line(ref m) if m.contains("h8h8")),
            "{e}"
        );
    }

    /// `-` is the empty board, as every other command reads it; reading past bad lines
    /// keeps every good one and names every bad one, by its line.
    #[test]
    fn openings_read_past_bad_lines_and_take_the_empty_board() {
        let text = "-\nh8 i9 junk\nh8i7\nzz9\n# c\nh8h9h10h11h12i8i9i10i11\n15f:\n";
        let (boards, bad) = read_openings(text, 15, Rule::Freestyle);
        assert_eq!(
            boards.iter().map(Board::stone_count).collect::<Vec<_>>(),
            [0, 2, 9, 0]
        );
        assert_eq!(
            bad.iter().map(|(line, _)| *line).collect::<Vec<_>>(),
            [2, 4]
        );
        assert!(matches!(bad[1].1, SuiteError::Cell(_)), "{}", bad[1].1);
        let (line, _) = parse_openings(text, 15, Rule::Freestyle).unwrap_err();
        assert_eq!(line, 2);
        // A word after a good opening is named as the score it stands for (a fuzz
        // tester's report: `h8i7e9 abc` blamed a cell "abc", `h8i7e9 1 2` a cell "1").
        for (line, want) in [
            (
                "h8i7e9 abc",
                "\"abc\" after the opening is neither a cell nor a score",
            ),
            (
                "h8 i9 junk",
                "\"junk\" after the opening is neither a cell nor a score",
            ),
            ("h8i7e9 1 2", "\"1\" after the opening is one of two scores"),
            (
                "15f:h8i7 NaN",
                "\"NaN\" after the opening is not a finite number",
            ),
        ] {
            let (_, e) = parse_openings(line, 15, Rule::Freestyle).unwrap_err();
            assert!(e.to_string().contains(want), "{line}: {e}");
        }
        // A last word of cells keeps its cells' error (a recheck's report: `h8 i7i7` was
        // "neither a cell nor a score"), here a stone on a finished game's board, an
        // occupied cell and a malformed one.
        for (line, want) in [
            ("h8 i7i7", "i7 is occupied"),
            ("h8i7e9 h9h8", "h8 is occupied"),
            ("h8 i7 j6k5z", "malformed cell \"z\""),
        ] {
            let (_, e) = parse_openings(line, 15, Rule::Freestyle).unwrap_err();
            assert!(e.to_string().contains(want), "{line}: {e}");
        }
        let (_, e) = parse_openings("h8 h9 i8 i9 j8 j9 k8 k9 l8", 15, Rule::Freestyle).unwrap_err();
        assert!(matches!(e, SuiteError::Finished(_)), "{e}");
        let (_, bad) = read_openings("h8h9i8i9j8j9k8k9l8\n", 15, Rule::Freestyle);
        assert!(matches!(bad[0].1, SuiteError::Finished(_)), "{}", bad[0].1);
    }

    /// An openings file saved with a byte-order mark: before, its first line was refused
    /// (`malformed cell "\u{feff}h8i7e9"`).
    #[test]
    fn openings_skip_a_byte_order_mark() {
        let boards = parse_openings("\u{feff}h8i7e9\n15f:h8\n", 15, Rule::Freestyle).unwrap();
        assert_eq!(
            boards.iter().map(Board::stone_count).collect::<Vec<_>>(),
            [3, 1]
        );
        let boards = parse_openings("\u{feff}# c\nh8\n", 15, Rule::Freestyle).unwrap();
        assert_eq!(boards.len(), 1);
        // A comment after a mark on a later line is a comment too; a position is not.
        let (boards, bad) = read_openings("h8\n\u{feff}# later\n\u{feff}i9\n", 15, Rule::Freestyle);
        assert_eq!((boards.len(), bad.len(), bad[0].0), (1, 1, 3));
    }

    #[test]
    fn cpu_quantiles_are_nearest_ranks() {
        use PuzzleResult::{Loss, Missed, Solved};
        let ms = Duration::from_millis;
        let all = [Solved, Missed, Loss];
        let mut r = VcfSuiteReport::default();
        assert_eq!(r.cpu_quantile(0.5, &all), None);
        assert_eq!(r.slowest_cpu(&all), None);
        r.cpu = [
            (5, Solved),
            (1, Solved),
            (120, Loss),
            (3, Missed),
            (2, Solved),
        ]
        .iter()
        .enumerate()
        .map(|(k, &(t, result))| PuzzleCpu {
            name: format!("p#{k}"),
            cpu: ms(t),
            nodes: 0,
            result,
        })
        .collect();
        assert_eq!(r.cpu_quantile(0.0, &all), Some(ms(1)));
        assert_eq!(r.cpu_quantile(0.5, &all), Some(ms(3)));
        assert_eq!(r.cpu_quantile(1.0, &all), Some(ms(120)));
        assert_eq!(r.cpu_quantile(0.5, &[Solved]), Some(ms(2)));
        assert_eq!(r.slowest_cpu(&all).map(|p| p.name.as_str()), Some("p#2"));
        assert_eq!(r.slowest_cpu(&[Solved]).map(|p| p.cpu), Some(ms(5)));
        assert_eq!(r.over_cpu(PUZZLE_CPU_GOAL, &all), 1);
        assert_eq!(r.over_cpu(PUZZLE_CPU_GOAL, &[Solved, Missed]), 0);
        let text = r.cpu_summary(PUZZLE_CPU_GOAL);
        assert!(text.contains("all (5): median 3.00 ms"), "{text}");
        assert!(text.contains("max 120.0 (p#2), 1 over 100 ms"), "{text}");
        assert!(text.contains("solved (3): median 2.00 ms"), "{text}");
    }

    #[test]
    fn the_thread_cpu_clock_moves_with_work() {
        let Some(start) = thread_cpu_time() else {
            return; // no thread CPU clock here
        };
        let mut x = 0u64;
        for k in 0..5_000_000u64 {
            x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(k));
        }
        assert!(thread_cpu_time().unwrap() > start, "{x}");
    }
}
