//! `zerosum othello …` commands.

use crate::limits::LimitArgs;
use clap::Subcommand;
use othello::perft::{PerftMode, perft};
use othello::solver::Solver;
use othello::{Game, Othello};
use std::process::ExitCode;
use std::time::Instant;

/// Commands of `zerosum othello`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play in the terminal (TUI, or plain line mode with --plain).
    Play(crate::play::othello::PlayArgs),
    /// Solve positions read from standard input, one OBF line each (`<64 squares> <X|O>`,
    /// anything after the side ignored); prints `<board> <side> <score> <best move>`,
    /// the score being the exact final disc difference for the side to move.
    Solve {
        /// Only win/draw/loss (much faster): prints `win`, `draw` or `loss`.
        #[arg(long)]
        weak: bool,
        /// Transposition-table memory in MiB, 1 to 4096.
        #[arg(long, default_value_t = 64, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..=4096))]
        hash_mib: u64,
    },
    /// The value of every legal move of each position read from standard input: exact
    /// scores by default, or a depth-limited evaluation with --depth.
    Analyze {
        /// Search depth in plies with the evaluation instead of exact solving.
        #[arg(long)]
        depth: Option<u32>,
    },
    /// The engine's move for each position read from standard input:
    /// `<board> <side> bestmove <move> score <value> depth <plies> nodes <n> time <ms> pv <moves…>`
    /// (values: `+N discs` when exact, the evaluation's units otherwise).
    Bestmove {
        #[command(flatten)]
        limits: LimitArgs<othello::Level>,
    },
    /// Speaks the NBoard protocol (version 2) on standard input and output, for the
    /// NBoard GUI and other Othello front ends: `nboard`, `set game` (GGF), `set depth`,
    /// `move`, `hint`, `go`, `ping`, `learn`, `quit`.
    Nboard {
        /// Transposition-table memory in MiB for each of the engine's two tables.
        #[arg(long, default_value_t = 64, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..=4096))]
        hash_mib: u64,
    },
    /// Counts the leaves of the game tree to each depth from 1 to DEPTH; prints
    /// `<depth> <count> <seconds> <leaves per second>` a line.
    Perft {
        /// The deepest depth, in plies.
        depth: u32,
        /// The position (`<64 squares> <X|O>`), the start position by default.
        #[arg(long, allow_hyphen_values = true)]
        position: Option<String>,
        /// Edax's convention: a game that ends before the last ply adds no leaf
        /// (by default it counts as one leaf). A forced pass uses a ply in both.
        #[arg(long)]
        edax: bool,
    },
}

/// Runs one `zerosum othello` command.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Play(args) => crate::play::othello::run(args),
        Command::Solve { weak, hash_mib } => {
            let mut solver = Solver::new(hash_mib as usize);
            crate::lines::process_stdin(|line| solve_line(&mut solver, line, weak))
        }
        Command::Analyze { depth } => {
            let mut engine = othello::Engine::new(64);
            crate::lines::process_stdin(|line| analyze_line(&mut engine, line, depth))
        }
        Command::Bestmove { limits } => {
            let mut engine = othello::Engine::new(16);
            crate::limits::bestmove(&mut engine, &limits, |line| {
                let g = parse(line)?;
                Ok((g.to_string(), g))
            })
        }
        Command::Nboard { hash_mib } => run_nboard(hash_mib as usize),
        Command::Perft {
            depth,
            position,
            edax,
        } => run_perft(depth, position.as_deref(), edax),
    }
}

fn parse(line: &str) -> Result<Othello, String> {
    Othello::from_obf_line(line).map_err(|e| e.to_string())
}

fn signed(score: i32) -> String {
    if score > 0 {
        format!("+{score}")
    } else {
        score.to_string()
    }
}

fn solve_line(solver: &mut Solver, line: &str, weak: bool) -> Result<String, String> {
    let g = parse(line)?;
    let s = if weak {
        solver.solve_weak(g.board())
    } else {
        solver.solve(g.board())
    };
    let mv = s.best_move.map_or("--".to_string(), |m| m.to_string());
    let value = if weak {
        match s.score.signum() {
            1 => "win".to_string(),
            -1 => "loss".to_string(),
            _ => "draw".to_string(),
        }
    } else {
        signed(s.score)
    };
    Ok(format!("{g} {value} {mv}"))
}

fn analyze_line(
    engine: &mut othello::Engine,
    line: &str,
    depth: Option<u32>,
) -> Result<String, String> {
    let g = parse(line)?;
    if g.outcome().is_some() {
        return Ok(format!("{g} game over {}", signed(g.final_score())));
    }
    let items: Vec<String> = match depth {
        None => engine
            .solver()
            .analyze(g.board())
            .into_iter()
            .map(|(m, s)| format!("{m}:{}", signed(s)))
            .collect(),
        Some(d) => engine
            .analyze_midgame(&g, d)
            .root_moves
            .iter()
            .map(|rm| format!("{}:{}", rm.mv, rm.score))
            .collect(),
    };
    Ok(format!("{g} {}", items.join(" ")))
}

fn run_perft(depth: u32, position: Option<&str>, edax: bool) -> ExitCode {
    let g = match position {
        None => Othello::new(),
        Some(text) => match Othello::from_obf_line(text) {
            Ok(g) => g,
            Err(e) => {
                eprintln!("zerosum othello perft: invalid --position: {e}");
                return ExitCode::FAILURE;
            }
        },
    };
    let mode = if edax {
        PerftMode::Edax
    } else {
        PerftMode::FinishedIsLeaf
    };
    for d in 1..=depth {
        let t = Instant::now();
        let n = perft(g.board(), d, mode);
        let secs = t.elapsed().as_secs_f64();
        let rate = if secs > 0.0 { n as f64 / secs } else { 0.0 };
        println!("{d} {n} {secs:.3} {rate:.0}");
    }
    ExitCode::SUCCESS
}

/// The NBoard loop: a thread reads standard input (raising the session's stop flag for
/// `ping` and `quit`, so that a search in progress ends at once), the session answers
/// on standard output. Lines the session cannot carry out are reported on standard
/// error and the loop goes on.
fn run_nboard(hash_mib: usize) -> ExitCode {
    use othello::nboard::{Control, Session, SessionError, interrupts};
    use std::io::BufRead;
    let mut session = Session::new(hash_mib);
    let stop = session.stop_flag();
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut lock = stdin.lock();
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match lock.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    let line = String::from_utf8_lossy(&buf).into_owned();
                    if interrupts(&line) {
                        stop.stop();
                    }
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            }
        }
    });
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for (n, line) in rx.iter().enumerate() {
        match session.handle_line(&line, &mut out) {
            Ok(Control::Continue) => {}
            Ok(Control::Quit) => break,
            Err(SessionError::Io(e)) => {
                eprintln!("zerosum othello nboard: output: {e}");
                return ExitCode::FAILURE;
            }
            Err(e) => eprintln!("line {}: {e}", n + 1),
        }
    }
    ExitCode::SUCCESS
}
