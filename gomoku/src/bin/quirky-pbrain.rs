//! A Gomocup engine with the quirks real engines have, for testing match runners:
//! our [`gomoku::protocol::Brain`] at a fixed node budget, plus
//!
//! - `--error-on-info`: answers `ERROR` to every `INFO` key it does not know (as Rapfi
//!   does to unknown commands);
//! - `--slow-first MS`: sleeps that long before its first move;
//! - `--die-after N`: exits (status 3, one line on standard error, none on standard
//!   output) once it has answered N moves;
//! - `--strict-crlf`: answers `ERROR` to every line that does not end with CR LF, the
//!   line end the protocol gives a manager's lines (as a brain that cuts two bytes off
//!   each line would misread it);
//! - `--about-twice`: answers every `ABOUT` twice (an extra answer a manager must not
//!   take for the answer to a later sync);
//! - `--suggest`: answers each move with `SUGGEST x,y` without playing it (the
//!   protocol's suggestion, which a manager answers with `PLAY x,y`; the brain then
//!   plays that cell and echoes it);
//! - `--suggest-again`: with `--suggest`, answers the manager's `PLAY x,y` with
//!   `SUGGEST x,y` again instead of playing the move (a manager must call that a fault,
//!   not wait for an echo that never comes);
//! - `--nodes N`: nodes per move, the root VCF and VCT included (default 300);
//! - `--eval FILE`: the evaluation table in the text form of `EvalTable::to_text`
//!   (matches of alternative weights: `cargo xtask tune-gomoku`);
//! - engine variants for ladder matches: `--quick-wins on|off` (`Engine::quick_wins`),
//!   `--cell-eval on|off` (`Engine::cell_eval`: on, the default, the fitted cell
//!   evaluation `gomoku::eval_cells_fitted::CELLS_FITTED`; off, the feature table),
//!   `--pattern-order on|off` (`Engine::pattern_order`: on, the default, the
//!   move-ordering model with a value per cell pattern code; off, the feature model),
//!   `--stand-pat on|off` (`Engine::leaf_stand_pat` and `Engine::leaf_vcf_four_three`
//!   together), `--leaf-vct N` (`Engine::leaf_vct_nodes`), `--leaf-vct-vcf N`
//!   (`Engine::leaf_vct_vcf_nodes`); search shape: `--max-moves N` (`Engine::max_moves`),
//!   `--pv-max-moves N` (`Engine::pv_max_moves`), `--root-max-moves N`
//!   (`Engine::root_max_moves`, 0 = twice `--max-moves`),
//!   `--move-count on|off` (`Engine::move_count_pruning`), `--pv-move-count on|off`
//!   (`Engine::pv_move_count_pruning`), `--mc-base X` (`Engine::move_count_base`),
//!   `--threat-prune D` (`Engine::threat_prune_depth`, 4 by default, 0 = off); late-move
//!   reductions: `--reductions on|off` (`Engine::reductions`), `--red-div X`
//!   (`Engine::reduction_divisor`), `--red-gap N` (`Engine::reduction_gap`), `--red-from N`
//!   (`Engine::reduction_from`), `--red-depth D` (`Engine::reduction_depth`),
//!   `--red-floor D` (`Engine::reduction_floor`), `--red-pv-less D`
//!   (`Engine::pv_reduction_less`), `--history on|off` (`Engine::history`); reverse
//!   futility pruning: `--rfp M` (`Engine::reverse_futility_margin`, 0 = off),
//!   `--rfp-depth D` (`Engine::reverse_futility_depth`); the root's threat solvers:
//!   `--root-vcf N` (`Engine::root_vcf_nodes`, 0 = off) and `--root-vct N`
//!   (`Engine::root_vct_nodes`, 0 = off), their node budgets, each also held to its share
//!   of the move's time; `--vct-share N` (`Engine::root_vct_share`: the root VCT's share
//!   is `1 / N` of the time and of a node limit) and `--vct-lambda on|off`
//!   (`Engine::root_vct_lambda`: the root VCT's threat-space and proof-number stages with
//!   λ² moves). The search options measured and not kept (the four extension, singular
//!   extensions, razoring, internal iterative reduction, fractions of a ply and others;
//!   gomoku/FIGURES.md has their matches) were taken out of the engine with their options.
//!
//! A value outside its option's meaningful range is refused (exit status 2, the option
//! and the range named): `--nodes`, `--max-moves`, `--pv-max-moves`, `--leaf-vct-vcf`
//! and `--vct-share` take 1 or more, `--red-div` a finite number greater than 0, `--mc-base` a finite
//! number of 0 or more, `--red-gap`, `--red-floor` and `--red-pv-less` 0 or more,
//! `--red-depth` and `--rfp-depth` 1 or more, `--rfp`, `--threat-prune`, `--root-vcf` and
//! `--root-vct` 0 or more.
//!
//! Any other argument is refused (exit status 2), so that a misspelt option cannot leave
//! a match's engine at its defaults.
//!
//! `quirky-pbrain --die-after 3 < commands`

use gomoku::protocol::Brain;
use std::io::{BufRead, Write};
use std::time::Duration;

/// Writes one line on standard error and exits with `status`. `eprintln!` panicked
/// (exit 101) when standard error could not be written (`2>/dev/full`), which turned the
/// documented status (2 for a refused argument, 3 for `--die-after`) into a crash: a
/// failed write is ignored instead, as there is nowhere left to report it.
fn exit_with(status: i32, message: std::fmt::Arguments<'_>) -> ! {
    let _ = writeln!(std::io::stderr(), "quirky-pbrain: {message}");
    std::process::exit(status);
}

/// Sets one engine field from a command-line value.
type Setter = Box<dyn Fn(&mut gomoku::Engine) + Send + Sync>;

/// The setter of a field from an optional command-line value (none when it was not given).
fn setter<T: Clone + Send + Sync + 'static>(
    v: Option<T>,
    f: fn(&mut gomoku::Engine, T),
) -> Option<Setter> {
    v.map(|v| Box::new(move |e: &mut gomoku::Engine| f(e, v.clone())) as Setter)
}

/// The command line, with the arguments an option has read marked, so that any other
/// (a misspelt option, or one this build does not have) is refused instead of silently
/// leaving the engine at its defaults.
struct Args {
    list: Vec<String>,
    used: std::cell::RefCell<Vec<bool>>,
}

impl Args {
    /// The process's arguments, none read yet.
    fn from_env() -> Args {
        let list: Vec<String> = std::env::args().skip(1).collect();
        let used = std::cell::RefCell::new(vec![false; list.len()]);
        Args { list, used }
    }

    /// Whether the flag `name` is given (marked read).
    fn flag(&self, name: &str) -> bool {
        let i = self.list.iter().position(|a| a == name);
        if let Some(i) = i {
            self.used.borrow_mut()[i] = true;
        }
        i.is_some()
    }

    /// The text after `name` (`None` when `name` is absent; an empty text when it has
    /// none), both marked read.
    fn text(&self, name: &str) -> Option<&str> {
        let i = self.list.iter().position(|a| a == name)?;
        let mut used = self.used.borrow_mut();
        used[i] = true;
        match self.list.get(i + 1) {
            Some(v) => {
                used[i + 1] = true;
                Some(v)
            }
            None => Some(""),
        }
    }

    /// The number after `name` (`None` when `name` is absent); exits with a message when
    /// it is not a number.
    fn number<T: std::str::FromStr>(&self, name: &str) -> Option<T> {
        let v = self.text(name)?;
        match v.parse() {
            Ok(v) => Some(v),
            Err(_) => exit_with(2, format_args!("{name} takes a number, not {v:?}")),
        }
    }

    /// The number after `name`, as [`Args::number`], when `meaningful` accepts it; exits
    /// with a message naming the option and its `range` (in words) when it does not (a
    /// value such as `--red-div nan` or `--nodes 0` would otherwise run another engine
    /// than the one asked for, without a word).
    fn ranged<T: std::str::FromStr + std::fmt::Display>(
        &self,
        name: &str,
        meaningful: impl Fn(&T) -> bool,
        range: &str,
    ) -> Option<T> {
        let v = self.number::<T>(name)?;
        if !meaningful(&v) {
            exit_with(2, format_args!("{name} takes {range}, not {v}"));
        }
        Some(v)
    }

    /// Exits with a message when an argument was read by no option.
    fn refuse_the_rest(&self) {
        let used = self.used.borrow();
        if let Some(i) = used.iter().position(|&u| !u) {
            let arg = &self.list[i];
            // An option read once and given again is named as such, not as unknown.
            if arg.starts_with("--") && self.list[..i].contains(arg) {
                exit_with(2, format_args!("{arg:?} is given twice"));
            }
            exit_with(
                2,
                format_args!("unknown argument {arg:?} (the options are in the binary's docs)"),
            );
        }
    }
}

fn main() {
    let args = Args::from_env();
    let value = |name: &str| args.number::<u64>(name);
    // A count of nodes or moves of 1 or more (0 would search nothing, or be read as 1).
    let positive =
        |name: &str| args.ranged::<u64>(name, |&n| n >= 1, "a whole number of 1 or more");
    let error_on_info = args.flag("--error-on-info");
    let mut slow_first = value("--slow-first").map(Duration::from_millis);
    let die_after = value("--die-after");
    let suggest = args.flag("--suggest");
    let suggest_again = args.flag("--suggest-again");
    let about_twice = args.flag("--about-twice");
    let strict_crlf = args.flag("--strict-crlf");
    let mut brain = Brain::new().with_node_limit(positive("--nodes").unwrap_or(300));
    if let Some(path) = args.text("--eval") {
        let table = std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|t| gomoku::EvalTable::parse(&t).map_err(|e| e.to_string()));
        match table {
            Ok(t) => brain = brain.with_eval(t),
            Err(e) => exit_with(2, format_args!("--eval {path}: {e}")),
        }
    }
    let switch = |name: &str| -> Option<bool> {
        match args.text(name)? {
            "on" => Some(true),
            "off" => Some(false),
            other => exit_with(2, format_args!("{name} takes on or off, not {other:?}")),
        }
    };
    // Plies and margins: 0 or more (`--red-floor 0` lets a reduction reach the horizon),
    // or 1 or more for the plies left at which reductions start.
    let at_least = |name: &str, least: i32| {
        args.ranged::<i32>(
            name,
            |&v| v >= least,
            &format!("a whole number of {least} or more"),
        )
    };
    let setters: Vec<Setter> = [
        setter(switch("--quick-wins"), |e, on| e.quick_wins = on),
        setter(switch("--cell-eval"), |e, on| {
            e.cell_eval = on.then_some(&gomoku::eval_cells_fitted::CELLS_FITTED);
        }),
        setter(switch("--pattern-order"), |e, on| e.pattern_order = on),
        setter(switch("--stand-pat"), |e, on| {
            e.leaf_stand_pat = on;
            e.leaf_vcf_four_three = on;
        }),
        // 0 runs no leaf VCT probe.
        setter(value("--leaf-vct"), |e, n| e.leaf_vct_nodes = n),
        setter(positive("--leaf-vct-vcf"), |e, n| e.leaf_vct_vcf_nodes = n),
        setter(switch("--move-count"), |e, on| e.move_count_pruning = on),
        setter(switch("--pv-move-count"), |e, on| {
            e.pv_move_count_pruning = on
        }),
        setter(positive("--max-moves"), |e, n| e.max_moves = n as usize),
        setter(positive("--pv-max-moves"), |e, n| {
            e.pv_max_moves = n as usize
        }),
        setter(switch("--reductions"), |e, on| e.reductions = on),
        setter(
            args.ranged::<f64>(
                "--red-div",
                |&x| x.is_finite() && x > 0.0,
                "a finite number greater than 0",
            ),
            |e, x| e.reduction_divisor = x,
        ),
        setter(at_least("--red-gap", 0), |e, g| e.reduction_gap = g),
        // 0 lets the first move be reduced too.
        setter(value("--red-from"), |e, n| e.reduction_from = n as usize),
        setter(switch("--history"), |e, on| e.history = on),
        setter(at_least("--red-depth", 1), |e, d| e.reduction_depth = d),
        setter(at_least("--red-floor", 0), |e, d| e.reduction_floor = d),
        setter(at_least("--red-pv-less", 0), |e, d| e.pv_reduction_less = d),
        setter(
            args.ranged::<f64>(
                "--mc-base",
                |&x| x.is_finite() && x >= 0.0,
                "a finite number of 0 or more",
            ),
            |e, x| e.move_count_base = x,
        ),
        // 0 turns reverse futility pruning off.
        setter(at_least("--rfp", 0), |e, m| e.reverse_futility_margin = m),
        setter(at_least("--rfp-depth", 1), |e, d| {
            e.reverse_futility_depth = d
        }),
        // 0 keeps the default, twice the interior width.
        setter(value("--root-max-moves"), |e, n| {
            e.root_max_moves = n as usize
        }),
        // 0 turns the root's VCF (VCT) search off.
        setter(value("--root-vcf"), |e, n| e.root_vcf_nodes = n),
        setter(value("--root-vct"), |e, n| e.root_vct_nodes = n),
        setter(positive("--vct-share"), |e, n| e.root_vct_share = n),
        setter(switch("--vct-lambda"), |e, on| e.root_vct_lambda = on),
        // 0 turns the pruning of far counter-attacks off.
        setter(at_least("--threat-prune", 0), |e, d| {
            e.threat_prune_depth = d
        }),
    ]
    .into_iter()
    .flatten()
    .collect();
    args.refuse_the_rest();
    brain = brain.with_engine_setup(move |e| setters.iter().for_each(|set| set(e)));
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    let mut answered = 0;
    let mut input = stdin.lock();
    loop {
        let mut raw = String::new();
        if !matches!(input.read_line(&mut raw), Ok(n) if n > 0) {
            break;
        }
        if strict_crlf && !raw.ends_with("\r\n") {
            let _ = writeln!(
                out,
                "ERROR line {:?} does not end with CR LF",
                raw.trim_end()
            );
            let _ = out.flush();
            continue;
        }
        let line = raw.trim_end_matches(['\r', '\n']).to_string();
        let upper = line.trim().to_ascii_uppercase();
        if error_on_info && upper.starts_with("INFO") {
            let known = ["TIMEOUT_TURN", "TIMEOUT_MATCH", "TIME_LEFT", "RULE"];
            if !known.iter().any(|k| upper[4..].trim_start().starts_with(k)) {
                let _ = writeln!(out, "ERROR unknown info {}", line.trim());
                let _ = out.flush();
                continue;
            }
        }
        let moves = upper.starts_with("TURN") || upper.starts_with("BEGIN") || upper == "DONE";
        if moves && let Some(t) = slow_first.take() {
            std::thread::sleep(t);
        }
        if moves && die_after.is_some_and(|n| answered >= n) {
            exit_with(
                3,
                format_args!("dying after {answered} moves (--die-after)"),
            );
        }
        if suggest_again && upper.starts_with("PLAY") {
            let _ = writeln!(out, "SUGGEST {}", line.trim()[4..].trim());
            let _ = out.flush();
            continue;
        }
        let going = if suggest && moves {
            // The move is written as a suggestion and taken back: the manager's PLAY
            // plays it (or another cell).
            let mut answer = Vec::new();
            let going = brain.handle_line(&line, &mut answer);
            for reply in String::from_utf8_lossy(&answer).lines() {
                if gomoku::Cell::parse_xy(reply).is_ok() {
                    let _ = writeln!(out, "SUGGEST {reply}");
                    let _ = brain.handle_line(&format!("TAKEBACK {reply}"), &mut Vec::new());
                } else {
                    let _ = writeln!(out, "{reply}");
                }
            }
            let _ = out.flush();
            going
        } else {
            if about_twice && upper == "ABOUT" {
                let _ = brain.handle_line(&line, &mut out);
            }
            brain.handle_line(&line, &mut out)
        };
        match going {
            Ok(true) => {}
            _ => break,
        }
        if moves {
            answered += 1;
        }
    }
}
