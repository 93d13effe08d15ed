//! Readers of the public test data in `../shared/data/gomoku/` (see its README): the
//! Rapfi-checked VCF puzzles (`vcf-rapfi-verified.jsonl`), the balanced openings and the
//! Gomocup rule checks, and a runner of the VCF suite.

use crate::board::{Board, PlayError};
use crate::cell::{Cell, CellError, parse_move_list};
use crate::rule::Rule;
use crate::vcf::{VcfSolver, check_proof};
use crate::vct::VctSolver;
use serde::Deserialize;
use std::time::{Duration, Instant};
use thiserror::Error;
use zerosum::{Notation, Side};

/// Why a data line was rejected.
#[derive(Debug, Error)]
pub enum SuiteError {
    /// Not valid JSON.
    #[error("invalid JSON: {0}")]
    Json(#[from] serde_json::Error),
    /// A field is missing or has the wrong type.
    #[error("missing or malformed field {0:?}")]
    Field(&'static str),
    /// A cell is malformed.
    #[error("bad cell: {0}")]
    Cell(#[from] CellError),
    /// A stone cannot be played.
    #[error("bad stone sequence: {0}")]
    Play(#[from] PlayError),
    /// A line of a tab-separated file has too few columns or a bad number.
    #[error("malformed line: {0}")]
    Line(String),
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
        })
    }

    /// Rapfi's answer under `rule`.
    pub fn answer(&self, rule: Rule) -> &RapfiAnswer {
        match rule {
            Rule::Freestyle => &self.freestyle,
            Rule::Standard => &self.standard,
        }
    }

    /// The puzzle's position on a 15×15 board under `rule`.
    ///
    /// # Errors
    /// [`SuiteError::Play`] if the stones cannot be played (a stone on a stone, or a
    /// five before the end).
    pub fn board(&self, rule: Rule) -> Result<Board, SuiteError> {
        let mut b = Board::with_size(15, rule).expect("15 is valid");
        for &c in &self.stones {
            b.try_play(c)?;
        }
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

/// Reads the openings file (`h8i7e9<TAB>score` a line, `#` comments) as 15×15 boards
/// under `rule`.
///
/// # Errors
/// The first bad line, with its 1-based number.
pub fn parse_openings(text: &str, rule: Rule) -> Result<Vec<Board>, (usize, SuiteError)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let moves = t.split_whitespace().next().unwrap_or("");
        let cells = parse_move_list(moves).map_err(|(_, e)| (i + 1, SuiteError::Cell(e)))?;
        let mut b = Board::with_size(15, rule).expect("15 is valid");
        for c in cells {
            b.try_play(c).map_err(|e| (i + 1, SuiteError::Play(e)))?;
        }
        out.push(b);
    }
    Ok(out)
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
    /// An answer that fails.
    pub reject: Option<Cell>,
}

/// Reads `gomocup-rule-checks.tsv`.
///
/// # Errors
/// The first bad line, with its 1-based number.
pub fn parse_rule_checks(text: &str) -> Result<Vec<RuleCheck>, (usize, SuiteError)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |what: &str| (i + 1, SuiteError::Line(what.to_string()));
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 7 {
            return Err(bad("fewer than 7 columns"));
        }
        let rule: u32 = f[1].trim().parse().map_err(|_| bad("rule"))?;
        let size: u32 = f[2].trim().parse().map_err(|_| bad("size"))?;
        let cells = |s: &str| -> Result<Vec<Cell>, (usize, SuiteError)> {
            if s.trim() == "-" {
                return Ok(Vec::new());
            }
            s.split(',')
                .map(|c| Cell::parse_human(c).map_err(|e| (i + 1, SuiteError::Cell(e))))
                .collect()
        };
        let board = match Rule::from_gomocup(rule) {
            Some(r) => {
                let text = format!("{size}{}:{}", r.letter(), f[3].trim());
                Some(Board::parse_position(&text).map_err(|_| bad("moves"))?)
            }
            None => None,
        };
        out.push(RuleCheck {
            id: f[0].trim().to_string(),
            rule,
            board,
            accept: cells(f[5])?,
            reject: cells(f[6])?.first().copied(),
        });
    }
    Ok(out)
}

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
    /// Total wall time.
    pub time: Duration,
    /// `file#index` of the proved wins not solved.
    pub missed: Vec<String>,
}

/// Runs the VCF solver on every puzzle that Rapfi proved a win (`+M`, or an instant win)
/// or a loss (`-M`) under `rule`, checking every proof line with the rules code. At most
/// `node_limit` attacker positions per puzzle. With `vct_nodes > 0`, a puzzle without
/// VCF is then given to the VCT solver with that node budget.
pub fn run_vcf_suite(
    puzzles: &[Puzzle],
    rule: Rule,
    node_limit: u64,
    vct_nodes: u64,
) -> VcfSuiteReport {
    let mut r = VcfSuiteReport::default();
    let mut solver = VcfSolver::default();
    let mut vct = VctSolver::new();
    for p in puzzles {
        let a = p.answer(rule);
        let Ok(mut b) = p.board(rule) else { continue };
        let positive = a.proved_win() || (a.instant() && rule == Rule::Freestyle);
        if !positive && !a.proved_loss() {
            continue;
        }
        let t = Instant::now();
        let line = solver.solve(&mut b, 60, node_limit);
        r.nodes += solver.nodes;
        let vct_line = if line.is_none() && vct_nodes > 0 {
            let l = vct.solve(&mut b, 6, vct_nodes, None);
            r.nodes += vct.nodes;
            l
        } else {
            None
        };
        r.time += t.elapsed();
        if positive {
            r.positions += 1;
            match line {
                Some(l) if check_proof(&b, &l).is_ok() => r.solved += 1,
                None if vct_line.is_some() => {
                    r.solved += 1;
                    r.by_vct += 1;
                }
                Some(_) => {
                    r.bad_proofs += 1;
                    r.missed.push(format!("{}#{}", p.file, p.index));
                }
                None => r.missed.push(format!("{}#{}", p.file, p.index)),
            }
        } else {
            r.negatives += 1;
            if line.is_some() || vct_line.is_some() {
                r.false_claims += 1;
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
