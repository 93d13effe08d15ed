//! `zerosum gomoku …` commands.

use crate::limits::LimitArgs;
use clap::{Args, Subcommand};
use gomoku::vcf::VcfSolver;
use gomoku::{Board, Engine, Notation};
use std::process::ExitCode;

/// The search depth (plies) from which an unbounded Gomoku search may take hours: each
/// ply multiplies the work several times over and the top level's 7 plies take seconds.
const HOURS_DEEP: u32 = 10;

/// How long a search of [`HOURS_DEEP`] plies or more may take, in words.
const HOURS_DEEP_TEXT: &str =
    "a Gomoku search of 10 plies or more may take hours (--time-ms or --nodes bound it)";

/// Commands of `zerosum gomoku`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play in the terminal (TUI, or plain line mode with --plain). Levels 1-8 (default
    /// 4); there is no `perfect` level, as no exact Gomoku solver fits a move's time.
    #[command(mut_arg("level", crate::play::options::level_arg::<gomoku::Level>))]
    Play {
        #[command(flatten)]
        common: crate::play::CommonArgs,
        /// Board side, 5 to 22 (15 and 20 are the usual ones; default 15). A
        /// --position carries its own (`20f:…`; a bare move list is 15x15): --size
        /// must then agree with it.
        #[arg(long, allow_hyphen_values = true, value_parser = crate::whole::whole::<u32>(5, 22))]
        size: Option<u32>,
        /// Rule: `freestyle` (five or more wins; the default), `standard` (exactly
        /// five) or `renju` (black may not make an overline, a double four or a double
        /// three). A --position carries its own (`15r:…`; a bare move list is
        /// freestyle): --rule must then agree with it.
        #[arg(long, allow_negative_numbers = true,
              value_parser = |s: &str| s.parse::<gomoku::Rule>().map(|_| s.to_string()))]
        rule: Option<String>,
    },
    /// Reads positions (`15f:h8i7e9`, or a bare move list for 15x15 freestyle) from
    /// standard input, one a line, and prints whether the side to move has a forced win by
    /// continuous fours (VCF) and the proof line: `<position> vcf win in N: <cells…>`,
    /// the shortest VCF (N plies; shorter ones are searched for in turn within the same
    /// limits: when they run out first, `vcf win in N (no shorter one found within …):
    /// <cells…>`), `<position> no vcf` (the search ended: none exists), or `<position>
    /// unknown: no vcf found within N nodes` (it ran out of nodes first; with --time-ms,
    /// `… within N nodes or T ms`). Each line is answered alone.
    /// Under renju a black reply shown as `--` is a four black may not block (the block
    /// is forbidden): any move loses.
    Solve {
        /// Attacker positions the VCF search may visit per position (one with a five to
        /// make is won without a visit: a line of N + 1 attacker moves fits in N); when
        /// it runs out the answer is `unknown` (not `no vcf`), an answer with exit
        /// status 0.
        #[arg(long, default_value_t = 500_000, allow_negative_numbers = true,
              value_parser = crate::whole::whole::<u64>(1, u64::MAX))]
        nodes: u64,
        /// Give up on a position after this many milliseconds too (answer: `unknown`, as
        /// when the nodes run out, with exit status 0).
        #[arg(long, value_name = "MS", allow_negative_numbers = true,
              value_parser = crate::whole::whole::<u64>(1, crate::limits::MAX_TIME_MS))]
        time_ms: Option<u64>,
    },
    /// Reads positions from standard input and prints the move the engine plays:
    /// `<position> bestmove <cell> score <value> depth <plies> nodes <n> time <ms> pv <cells…>`
    /// (a finished game: `<position> bestmove none game over (<outcome>)`; `score none` at depth 0: no search gave a value (a level that plays its first choice without one, or a limit that ended before the first iteration)).
    /// `win in N` / `loss in N` is proven (a VCF or VCT of the threat solvers, or the
    /// rules): the five comes within N plies against every defence (N is the proof's
    /// bound; a shorter win may exist); `win in N (search)` is a win the search found within N plies against the
    /// defences it searched (it keeps only the best candidates at quiet nodes), not a
    /// proof: a wider search may find a defence, or a longer win (`loss in N (search)`:
    /// every move it tried loses). `>=` and `<=` mark a bound from a search its limit cut.
    Bestmove {
        #[command(flatten)]
        limits: LimitArgs<gomoku::Level>,
        #[command(flatten)]
        threads: ThreadArgs,
    },
    /// The value of every candidate cell the engine searched, best first, the move
    /// `bestmove` plays leading: `<position> <cell>:<value> <cell>:<=<value> …` (`<=`: an
    /// upper bound, `>=`: a lower bound, as for a move found by an iteration the limit cut,
    /// whose cells not reached follow the cells it reached, best first among themselves,
    /// with the last finished iteration's values as upper bounds, a shallower search's,
    /// so not comparable with the values before them;
    /// or a forced move whose reply's search the limit cut; values in the
    /// evaluation's units, or `win in N`: proven by a threat solver or the rules, or
    /// with `(search)` found by the search against the defences it searched, as for
    /// `bestmove`; `draw` when the board fills without a five whatever is played);
    /// `<position> no move valued within the limit` when the limit ended the search
    /// before its first iteration (the root's threat solvers come first; exit status 0).
    Analyze {
        #[command(flatten)]
        limits: LimitArgs<gomoku::Level>,
        #[command(flatten)]
        threads: ThreadArgs,
    },
    /// Speaks the Gomocup protocol on standard input/output (the `pbrain-zerosum` engine).
    ///
    /// Send `START 15`, then `BEGIN` or `TURN x,y`; `END` ends it. A move takes up to 5 s
    /// until `INFO timeout_turn MS` is sent.
    Pbrain,
    /// Plays a match between two Gomocup engines from openings, colours swapped in pairs.
    ///
    /// Exits 1 after the tables when an opening line was bad or an engine forfeited every
    /// game by a fault (it died, or never answered), 2 when the match cannot begin.
    Match(crate::gomoku_match::MatchArgs),
}

/// The search threads of `bestmove` and `analyze`.
#[derive(Args, Debug, Clone)]
pub struct ThreadArgs {
    /// Search threads sharing the transposition table (Lazy SMP; default 1, whose
    /// answers under --nodes are reproducible: with more, a node limit counts the
    /// first thread's nodes). At most the processors this process may use: more would
    /// only take turns on them.
    #[arg(long, default_value_t = 1, value_name = "N", allow_negative_numbers = true,
          value_parser = crate::whole::whole::<usize>(1, gomoku::MAX_THREADS as u64))]
    threads: usize,
}

impl ThreadArgs {
    /// Warns on standard error when the engine runs fewer threads than asked for (the
    /// processors this process may use), as the brain says so for `INFO thread_num` (a
    /// tester's report: `--threads 64` on 2 processors ran 2 without a word).
    fn warn_if_capped(&self, engine: &Engine) {
        let threads = engine.search_threads();
        if threads < self.threads {
            diag!(
                "warning: --threads {}: searching on {threads} thread{}, as many as the processors \
                 this process may use",
                self.threads,
                if threads == 1 { "" } else { "s" }
            );
        }
    }
}

/// Runs one `zerosum gomoku` command.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Play { common, size, rule } => {
            common.warn_if_too_deep(HOURS_DEEP, HOURS_DEEP_TEXT);
            let game = play_game(common.position.as_deref(), size, rule.as_deref());
            crate::play::run(game, &common)
        }
        Command::Solve { nodes, time_ms } => {
            let mut solver = VcfSolver::default();
            let mut within = format!("{nodes} {}", crate::noun(nodes, "node", "nodes"));
            if let Some(ms) = time_ms {
                within += &format!(" or {ms} ms");
            }
            crate::lines::process_stdin(|line| -> Result<String, String> {
                let mut board = Board::parse_position(line).map_err(|e| e.to_string())?;
                if let Some(o) = zerosum::Game::outcome(&board) {
                    return Ok(format!("{board} game over ({})", outcome_text(o)));
                }
                // Each line alone: no failure carried from the lines before.
                solver.clear();
                let time = time_ms.map(std::time::Duration::from_millis);
                let budget = zerosum::time::Budget::new(&zerosum::search::Limits {
                    time,
                    ..Default::default()
                });
                Ok(
                    match solver.solve_shortest_within(&mut board, 60, nodes, &budget) {
                        Some(l) => {
                            // Shorter than one four and the five is only the five at
                            // once, which the board shows (no note then: a tester's report).
                            let side = zerosum::Game::side_to_move(&board);
                            let shortest = l.len() == 1
                                || (l.len() == 3 && board.first_winning_cell(side).is_none());
                            let unproven = if solver.limit_reached() && !shortest {
                                format!(" (no shorter one found within {within})")
                            } else {
                                String::new()
                            };
                            let proof = proof_text(&board, &l);
                            format!("{board} vcf win in {}{unproven}: {proof}", l.len())
                        }
                        None if solver.limit_reached() => {
                            format!("{board} unknown: no vcf found within {within}")
                        }
                        None => format!("{board} no vcf"),
                    },
                )
            })
        }
        Command::Bestmove { limits, threads } => {
            limits.warn_if_too_deep(HOURS_DEEP, HOURS_DEEP_TEXT);
            let mut engine = Engine::new(16);
            engine.threads = threads.threads;
            threads.warn_if_capped(&engine);
            crate::limits::bestmove(
                &mut engine,
                &limits,
                |line| {
                    let board = Board::parse_position(line).map_err(|e| e.to_string())?;
                    Ok((board.to_string(), board))
                },
                |board| match zerosum::Game::outcome(board) {
                    Some(o) => format!("game over ({})", outcome_text(o)),
                    None => "game over".to_string(),
                },
            )
        }
        Command::Analyze { limits, threads } => {
            limits.warn_if_too_deep(HOURS_DEEP, HOURS_DEEP_TEXT);
            let mut engine = Engine::new(16);
            engine.threads = threads.threads;
            threads.warn_if_capped(&engine);
            let parse = |line: &str| {
                let board = Board::parse_position(line).map_err(|e| e.to_string())?;
                Ok((board.to_string(), board))
            };
            crate::limits::analyze(&mut engine, &limits, parse, outcome_text)
        }
        Command::Pbrain => pbrain(),
        Command::Match(args) => crate::gomoku_match::run(args),
    }
}

/// The game `play` starts: the empty board of `--size` and `--rule`, or `--position`,
/// which carries its own size and rule (a bare move list is 15×15 freestyle): a
/// `--size` or `--rule` given with it must agree.
fn play_game(
    position: Option<&str>,
    size: Option<u32>,
    rule: Option<&str>,
) -> Result<crate::play::gomoku::Gomoku, String> {
    use crate::play::gomoku::Gomoku;
    // The errors name the option (`--rule: unknown or unsupported rule "caro"
    // (freestyle/0, …)`), as clap's own do.
    let parse_rule = |text: &str| {
        text.parse::<gomoku::Rule>()
            .map_err(|e| format!("--rule: {e}"))
    };
    let Some(text) = position else {
        let rule = parse_rule(rule.unwrap_or("freestyle"))?;
        let size = size.unwrap_or(15);
        let board = Board::with_size(size, rule).map_err(|e| format!("--size: {e}"))?;
        return Ok(Gomoku::from_board(board));
    };
    let board = Board::parse_position(text).map_err(|e| format!("--position {text:?}: {e}"))?;
    let asked_rule = rule.map(parse_rule).transpose()?;
    // The position as the options ask for it: their size and rule, its stones.
    let header = {
        let moves = board.to_string();
        let moves = moves.split_once(':').map_or("", |(_, m)| m);
        let n = size.unwrap_or(u32::from(board.size()));
        let letter = asked_rule.unwrap_or(board.rule()).letter();
        let asked = format!("{n}{letter}:{moves}");
        // Only a position that can be played is offered (its stones may be off a smaller
        // board, or make a forbidden point under renju).
        if Board::parse_position(&asked).is_ok() {
            format!("(write the size and rule first, as {asked}, for another board)")
        } else {
            format!("(write the size and rule first, as {n}{letter}:…, for another board)")
        }
    };
    if let Some(size) = size
        && size != u32::from(board.size())
    {
        return Err(format!(
            "--size {size} disagrees with --position {text:?}, which is on a {n}x{n} board {header}",
            n = board.size()
        ));
    }
    if let (Some(rule), Some(asked)) = (rule, asked_rule)
        && asked != board.rule()
    {
        return Err(format!(
            "--rule {rule} disagrees with --position {text:?}, which is played under {} {header}",
            board.rule()
        ));
    }
    Ok(Gomoku::from_board(board))
}

/// Runs the Gomocup protocol on standard input/output until `END`.
pub fn pbrain() -> ExitCode {
    match gomoku::protocol::Brain::new().run_stdio() {
        Ok(()) => ExitCode::SUCCESS,
        // The manager went away (it closed our output): the brain ends quietly, as
        // `othello nboard` does when its GUI is gone.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            diag!("error: pbrain: {e}");
            ExitCode::FAILURE
        }
    }
}

/// A VCF proof line in cells, except a defender's move that blocks nothing (under renju,
/// black's only block of a four is forbidden: any move loses), which is `--`.
fn proof_text(board: &Board, line: &[gomoku::Cell]) -> String {
    let mut b = board.clone();
    let mut out = Vec::with_capacity(line.len());
    for (k, &c) in line.iter().enumerate() {
        let blocks = k % 2 == 0 || {
            let attacker = !zerosum::Game::side_to_move(&b);
            b.winning_cells(attacker).contains(&b.index(c))
        };
        out.push(if blocks {
            c.to_string()
        } else {
            "--".to_string()
        });
        b.play_unchecked(c);
    }
    out.join(" ")
}

/// A finished game's outcome in words: `black won`, `white won`, `draw`.
fn outcome_text(outcome: zerosum::Outcome) -> &'static str {
    match outcome {
        zerosum::Outcome::Win(zerosum::Side::First) => "black won",
        zerosum::Outcome::Win(zerosum::Side::Second) => "white won",
        zerosum::Outcome::Draw => "draw",
    }
}
