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
//! - `--suggest`: answers each move with `SUGGEST x,y` without playing it (the
//!   protocol's suggestion, which a manager answers with `PLAY x,y`; the brain then
//!   plays that cell and echoes it);
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
//!   `--pv-max-moves N` (`Engine::pv_max_moves`),
//!   `--move-count on|off` (`Engine::move_count_pruning`), `--pv-move-count on|off`
//!   (`Engine::pv_move_count_pruning`); selective search:
//!   `--reductions on|off` (`Engine::reductions`), `--red-div X`
//!   (`Engine::reduction_divisor`), `--red-gap N` (`Engine::reduction_gap`), `--red-from N`
//!   (`Engine::reduction_from`), `--red-depth D` (`Engine::reduction_depth`),
//!   `--red-floor D` (`Engine::reduction_floor`), `--red-pv-less D`
//!   (`Engine::pv_reduction_less`), `--red-not-improving D`
//!   (`Engine::not_improving_reduction`), `--mc-base X` (`Engine::move_count_base`),
//!   `--history on|off` (`Engine::history`),
//!   `--four-ext on|off` (`Engine::four_extension`); the static value at interior nodes:
//!   `--rfp M` (`Engine::reverse_futility_margin`, 0 = off), `--rfp-depth D`
//!   (`Engine::reverse_futility_depth`), `--improving on|off`
//!   (`Engine::improving_move_count`), `--razor M` (`Engine::razor_margin`, 0 = off),
//!   `--razor-depth D` (`Engine::razor_depth`), `--cut-red N` (`Engine::cut_node_reduction`,
//!   0 = off), `--fhr M` (`Engine::fail_high_margin`, 0 = off), `--eval-avg on|off|stones`
//!   (`Engine::eval_average`; `stones` with `Engine::eval_average_stones`); extensions:
//!   `--se-depth D` (`Engine::singular_depth`, 0 = off), `--se-margin M`
//!   (`Engine::singular_margin`); `--iir-depth D` (`Engine::iir_depth`, internal
//!   iterative reduction, 0 = off), `--pv-stale U` (`Engine::pv_stale_reduction`, in
//!   sixteenths of a ply, 0 = off), `--tt-eval on|off` (`Engine::tt_value_as_eval`),
//!   `--lmr-deeper M` (`Engine::lmr_deeper_margin`, 0 = off), `--root-red on|off`
//!   (`Engine::root_reductions`), `--root-max-moves N` (`Engine::root_max_moves`, 0 =
//!   twice `--max-moves`); the root's threat solvers: `--root-vcf N`
//!   (`Engine::root_vcf_nodes`, 0 = off) and `--root-vct N` (`Engine::root_vct_nodes`, 0
//!   = off), their node budgets, each also held to its share of the move's time;
//!   `--vct-share N` (`Engine::root_vct_share`: the root VCT's share is `1 / N` of the
//!   time and of a node limit) and `--vct-lambda on|off` (`Engine::root_vct_lambda`: the
//!   root VCT's threat-space and proof-number stages with λ² moves);
//!   fractions of a ply, in sixteenths (`gomoku::ONE_PLY`):
//!   `--ttm-ext PV,NONPV` (`Engine::tt_move_extension_pv` and
//!   `Engine::tt_move_extension_non_pv`, 0,0 = off; 4,1 is about Rapfi's 0.25 and 0.08
//!   ply), `--reply-ext U` (`Engine::reply_extension`, 16 by default: a single forced
//!   reply keeps its parent's depth; Rapfi's 1.3 plies is about 21), `--alpha-red U`
//!   (`Engine::alpha_improvement_reduction`, 0 = off; Rapfi's ply is 16), `--tt-pv-less U`
//!   (`Engine::tt_pv_reduction_less`, 0 = off), `--threat-red U` (`Engine::threat_reduction`,
//!   0 = off; Rapfi's about 31), `--attack-less U` (`Engine::continuous_attack_less`, 0 =
//!   off; Rapfi's about 8), `--threat-prune D` (`Engine::threat_prune_depth`, 4 by default, 0 =
//!   off), `--frac-red on|off`
//!   (`Engine::fractional_reductions`), `--tt-units on|off` (`Engine::table_depth_units`:
//!   the table keeps the depth in sixteenths, not whole plies).
//!
//! A value outside its option's meaningful range is refused (exit status 2, the option
//! and the range named): `--nodes`, `--max-moves`, `--pv-max-moves`, `--leaf-vct-vcf`
//! and `--vct-share` take 1 or more, `--red-div` a finite number greater than 0, `--mc-base` a finite
//! number of 0 or more, `--red-gap`, `--red-floor`, `--red-pv-less` and
//! `--red-not-improving` 0 or more, `--red-depth`, `--rfp-depth` and `--razor-depth` 1 or
//! more, `--rfp`, `--razor`, `--cut-red`, `--fhr`, `--se-margin`, `--iir-depth`, `--threat-prune`,
//! `--pv-stale`, `--lmr-deeper`, `--root-vcf` and `--root-vct` 0 or more, `--se-depth` 0 or 3 or more, `--ttm-ext`
//! two whole numbers from 0 to 16 separated by a comma, `--reply-ext`, `--alpha-red`,
//! `--tt-pv-less`, `--threat-red` and `--attack-less` a whole number from 0 to 32.
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
            exit_with(
                2,
                format_args!(
                    "unknown argument {:?} (the options are in the binary's docs)",
                    self.list[i]
                ),
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
    // Fractions of a ply in sixteenths (`gomoku::ONE_PLY`): 0 to two plies.
    let sixteenths = |name: &str| {
        args.ranged::<i32>(
            name,
            |u| (0..=2 * gomoku::ONE_PLY).contains(u),
            "a whole number from 0 to 32",
        )
    };
    // The evaluation averaged over two plies: on (the whole), stones (its stones' part).
    let eval_avg = args.text("--eval-avg").map(|v| match v {
        "on" => (true, false),
        "stones" => (true, true),
        "off" => (false, false),
        other => exit_with(
            2,
            format_args!("--eval-avg takes on, stones or off, not {other:?}"),
        ),
    });
    // The table move's extensions at principal-variation and other nodes, in sixteenths
    // of a ply, each within a ply.
    let ttm_ext = args.text("--ttm-ext").map(|v| {
        let within = |x: &str| {
            x.trim()
                .parse::<i32>()
                .ok()
                .filter(|u| (0..=gomoku::ONE_PLY).contains(u))
        };
        match v
            .split_once(',')
            .map(|(pv, non_pv)| (within(pv), within(non_pv)))
        {
            Some((Some(pv), Some(non_pv))) => (pv, non_pv),
            _ => exit_with(
                2,
                format_args!(
                    "--ttm-ext takes two whole numbers from 0 to 16 separated by a comma, not {v:?}"
                ),
            ),
        }
    });
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
        setter(at_least("--red-not-improving", 0), |e, d| {
            e.not_improving_reduction = d
        }),
        setter(
            args.ranged::<f64>(
                "--mc-base",
                |&x| x.is_finite() && x >= 0.0,
                "a finite number of 0 or more",
            ),
            |e, x| e.move_count_base = x,
        ),
        setter(switch("--four-ext"), |e, on| e.four_extension = on),
        // 0 turns reverse futility pruning off.
        setter(at_least("--rfp", 0), |e, m| e.reverse_futility_margin = m),
        setter(at_least("--rfp-depth", 1), |e, d| {
            e.reverse_futility_depth = d
        }),
        setter(switch("--improving"), |e, on| e.improving_move_count = on),
        // 0 turns razoring off.
        setter(at_least("--razor", 0), |e, m| e.razor_margin = m),
        setter(at_least("--razor-depth", 1), |e, d| e.razor_depth = d),
        // 0 turns the cut-node reduction and the fail-high reduction off.
        setter(at_least("--cut-red", 0), |e, n| e.cut_node_reduction = n),
        setter(at_least("--fhr", 0), |e, m| e.fail_high_margin = m),
        // 0 turns the singular extension off; else at least 3 plies (a test search of 1).
        setter(
            args.ranged::<i32>(
                "--se-depth",
                |&d| d == 0 || d >= 3,
                "0 or a whole number of 3 or more",
            ),
            |e, d| e.singular_depth = d,
        ),
        setter(at_least("--se-margin", 0), |e, m| e.singular_margin = m),
        // 0 turns the internal iterative reduction off.
        setter(at_least("--iir-depth", 0), |e, d| e.iir_depth = d),
        // 0 turns the stale-entry reduction off.
        setter(at_least("--pv-stale", 0), |e, u| e.pv_stale_reduction = u),
        setter(switch("--tt-eval"), |e, on| e.tt_value_as_eval = on),
        // 0 turns the deeper re-search off.
        setter(at_least("--lmr-deeper", 0), |e, m| e.lmr_deeper_margin = m),
        setter(switch("--root-red"), |e, on| e.root_reductions = on),
        // 0 keeps the default, twice the interior width.
        setter(value("--root-max-moves"), |e, n| {
            e.root_max_moves = n as usize
        }),
        // 0 turns the root's VCF (VCT) search off.
        setter(value("--root-vcf"), |e, n| e.root_vcf_nodes = n),
        setter(value("--root-vct"), |e, n| e.root_vct_nodes = n),
        setter(positive("--vct-share"), |e, n| e.root_vct_share = n),
        setter(switch("--vct-lambda"), |e, on| e.root_vct_lambda = on),
        setter(ttm_ext, |e, (pv, non_pv)| {
            e.tt_move_extension_pv = pv;
            e.tt_move_extension_non_pv = non_pv;
        }),
        // 16 (a ply, the default) keeps a single reply at its parent's depth.
        setter(sixteenths("--reply-ext"), |e, u| e.reply_extension = u),
        // 0 turns the alpha-improvement reduction off; at most two plies.
        setter(sixteenths("--alpha-red"), |e, u| {
            e.alpha_improvement_reduction = u
        }),
        // 0 turns the reduction off and the table's flag with it; at most two plies.
        setter(sixteenths("--tt-pv-less"), |e, u| {
            e.tt_pv_reduction_less = u
        }),
        // 0 turns the reduction of far counter-attacks off; at most two plies.
        setter(sixteenths("--threat-red"), |e, u| e.threat_reduction = u),
        // 0 turns the lesser reduction of a continued attack off; at most two plies.
        setter(sixteenths("--attack-less"), |e, u| {
            e.continuous_attack_less = u
        }),
        // 0 turns the pruning of far counter-attacks off.
        setter(at_least("--threat-prune", 0), |e, d| {
            e.threat_prune_depth = d
        }),
        setter(switch("--frac-red"), |e, on| e.fractional_reductions = on),
        setter(switch("--tt-units"), |e, on| e.table_depth_units = on),
        setter(eval_avg, |e, (on, stones)| {
            e.eval_average = on;
            e.eval_average_stones = stones;
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
