//! `zerosum gomoku match`: a thin front end of [`gomoku::gomocup::run_match`].

use clap::Args;
use gomoku::gomocup::{EngineSpec, MatchConfig, TimeControl, match_table, run_match};
use gomoku::{Rule, suite::read_openings};
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

/// Options of `zerosum gomoku match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// Engine A's command line: the program and its arguments, split at spaces with a
    /// shell's quoting ('…', "…" and \ keep spaces in a word; nothing is expanded), e.g.
    /// "'/opt/my engines/pbrain-rapfi' --nodes 300". The path of an existing file is
    /// taken whole, spaces and all: "/opt/my engines/pbrain-rapfi".
    #[arg(long, value_name = "COMMAND")]
    pub a: String,
    /// Engine B's command line, read as --a's.
    #[arg(long, value_name = "COMMAND")]
    pub b: String,
    /// A line sent to engine A after the settings of each game (repeatable), e.g.
    /// "INFO max_node 1000".
    #[arg(long = "a-init")]
    pub a_init: Vec<String>,
    /// A line sent to engine B after the settings of each game (repeatable), e.g.
    /// "INFO thread_num 1".
    #[arg(long = "b-init")]
    pub b_init: Vec<String>,
    /// Openings file: a move list a line (`h8i7e9`, `-` for the empty board, or a
    /// position of the match's board and rule, `15f:h8i7e9` or with --size 20
    /// `20f:h8i7e9`), optionally followed by a
    /// score; `#` comment lines. A position with blocked cells is refused (engines read
    /// them only in the protocol's continuous-game mode), and under renju one whose stone
    /// counts do not give its side to move (black when equal, white when black has one
    /// more: engines take their colour from them). A bad line is named and skipped (the
    /// run then exits 1); the
    /// games number the good openings 1, 2, … in file order.
    #[arg(long)]
    pub openings: std::path::PathBuf,
    /// Time per move in milliseconds (the default: 1000; at most a day).
    #[arg(long, conflicts_with = "game_ms", allow_negative_numbers = true,
          value_parser = crate::whole::whole::<u64>(1, crate::limits::MAX_TIME_MS))]
    pub time_ms: Option<u64>,
    /// Time per engine per game in milliseconds, instead of a time per move (at most a
    /// day); an engine gets 1 s over its clock in all, then loses on time.
    #[arg(long, allow_negative_numbers = true,
          value_parser = crate::whole::whole::<u64>(1, crate::limits::MAX_TIME_MS))]
    pub game_ms: Option<u64>,
    /// Number of games, at most twice the number of openings (default: every opening
    /// twice, colours swapped; an odd number ends on the first game of a pair).
    #[arg(long, allow_negative_numbers = true, value_parser = crate::whole::whole::<u64>(1, u64::MAX))]
    pub games: Option<u64>,
    /// Rule: `freestyle` (five or more wins; the default), `standard` (exactly five) or
    /// `renju`, as `play --rule` takes them, or the Gomocup `INFO rule` number sent to
    /// the engines: 0, 1 or 4.
    #[arg(long, default_value = "freestyle", allow_negative_numbers = true,
          value_parser = |s: &str| s.parse::<Rule>())]
    pub rule: Rule,
    /// Board side, 5 to 22 (default 15; Gomocup's freestyle tournaments play 20): sent
    /// as `START size`, and the openings are read on this board.
    #[arg(long, default_value_t = 15, allow_hyphen_values = true,
          value_parser = crate::whole::whole::<u32>(5, 22))]
    pub size: u32,
    /// Write every game (move list and move times) to this file, one a line: number,
    /// opening, black, white, result, forfeit reason or `-`, position, then each engine
    /// move as `<cell>:<ms>` (to a tenth of a millisecond, rounded up). The same line goes
    /// to standard error as each game ends, with or without this option (the match's
    /// progress).
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
}

/// Runs the match and prints its tables.
pub fn run(args: MatchArgs) -> ExitCode {
    let rule = args.rule;
    // Bytes that are not UTF-8 (a Latin-1 comment) spoil their own line only.
    let text = match std::fs::read(&args.openings) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            diag!("error: cannot read {}: {e}", args.openings.display());
            return ExitCode::from(2);
        }
    };
    // Every bad line is named, and the good ones are played; the run then fails at its
    // end, so that a script sees the match was not the whole file's.
    let (openings, bad) = read_openings(&text, args.size, rule);
    for (line, e) in &bad {
        diag!("error: {} line {line}: {e}", args.openings.display());
    }
    if openings.is_empty() {
        let why = match bad.len() as u64 {
            0 => String::new(),
            n => format!(" ({n} bad {})", crate::noun(n, "line", "lines")),
        };
        diag!(
            "error: {} has no good opening{why}",
            args.openings.display()
        );
        return ExitCode::from(2);
    }
    let time = match args.game_ms {
        Some(ms) => TimeControl::PerGame(Duration::from_millis(ms)),
        None => TimeControl::PerMove(Duration::from_millis(args.time_ms.unwrap_or(1000))),
    };
    let mut config = MatchConfig::new(openings, time);
    config.rule = rule;
    if let Some(g) = args.games {
        let most = 2 * config.openings.len() as u64;
        if g > most {
            let n = config.openings.len() as u64;
            let good = if bad.is_empty() { "" } else { "good " };
            let (openings, give) = (
                crate::noun(n, "opening", "openings"),
                crate::noun(n, "gives", "give"),
            );
            diag!(
                "error: --games {g}: the {n} {good}{openings} {give} at most {most} games (each played twice, colours swapped)"
            );
            return ExitCode::from(2);
        }
        config.games = g as usize;
    }
    if !bad.is_empty() {
        let (n, good) = (bad.len() as u64, config.openings.len() as u64);
        diag!(
            "warning: {n} bad {} skipped: the match plays the {good} good {}, numbered 1, 2, … in file order",
            crate::noun(n, "line", "lines"),
            crate::noun(good, "opening", "openings")
        );
    }
    let (mut a, mut b) = match (
        engine_command("--a", &args.a),
        engine_command("--b", &args.b),
    ) {
        (Ok(a), Ok(b)) => (EngineSpec::from_command(a), EngineSpec::from_command(b)),
        (Err(e), _) | (_, Err(e)) => {
            diag!("error: {e}");
            return ExitCode::from(2);
        }
    };
    a.init = args.a_init;
    b.init = args.b_init;
    for spec in [&a, &b] {
        // An engine that cannot be started would lose every game by forfeit: say so now.
        match std::process::Command::new(&spec.command[0])
            .args(&spec.command[1..])
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
        {
            Ok(mut child) => {
                let _ = child.kill();
                let _ = child.wait();
            }
            Err(e) => {
                diag!(
                    "error: cannot start engine {:?}: {e}",
                    spec.command.join(" ")
                );
                return ExitCode::from(2);
            }
        }
    }
    if a.name == b.name {
        a.name.push_str("-A");
        b.name.push_str("-B");
    }
    let mut file = match &args.out {
        Some(p) => match std::fs::File::create(p) {
            Ok(f) => Some(f),
            Err(e) => {
                diag!("error: cannot write {}: {e}", p.display());
                return ExitCode::from(2);
            }
        },
        None => None,
    };
    // A games file that cannot be written (a full disk) is said once, and fails the run
    // at its end; the games still go to standard error. Before, they were lost without
    // a word and the run succeeded.
    let mut out_failed = false;
    let mut record = |f: &mut std::fs::File, line: &str| {
        if out_failed {
            return;
        }
        if let Err(e) = writeln!(f, "{line}").and_then(|()| f.flush()) {
            diag!(
                "error: cannot write {}: {e} (the games go on, on standard error only)",
                args.out
                    .as_deref()
                    .unwrap_or(std::path::Path::new(""))
                    .display()
            );
            out_failed = true;
        }
    };
    if let Some(f) = file.as_mut() {
        record(
            f,
            "# game\topening\tblack\twhite\tresult\tforfeit\tposition\tmoves:ms",
        );
    }
    let (an, bn) = (a.name.clone(), b.name.clone());
    let r = run_match(&config, &a, &b, |g| {
        let line = g.line(&an, &bn);
        diag!("{line}");
        if let Some(f) = file.as_mut() {
            record(f, &line);
        }
    });
    // The result table: a reader gone away ends the run quietly; another write error
    // (a full disk) is reported. Before, `print!` panicked on it (exit 101).
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout
        .write_all(match_table(&r, &an, &bn).as_bytes())
        .and_then(|()| stdout.flush())
        && e.kind() != std::io::ErrorKind::BrokenPipe
    {
        diag!("error: cannot write the match's result: {e}");
        return ExitCode::FAILURE;
    }
    // An engine that broke down in every game it played (it died, or never answered
    // in time or in the protocol) lost them all by forfeit: the score measures no play,
    // so the run fails, as a script comparing engines must see. Before, a match against
    // an engine that crashed on every move ended with status 0 and a 100 % score.
    let mut broken = false;
    for (name, st) in [(&an, &r.a), (&bn, &r.b)] {
        let games = r.games.len();
        if games > 0 && st.faults.len() == games {
            diag!(
                "error: engine {name} forfeited all {games} {} by a fault (see the faults in the table): the score measures no play",
                crate::noun(games as u64, "game", "games")
            );
            broken = true;
        }
    }
    if out_failed || broken || !bad.is_empty() {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// The program and arguments of the engine command line `text` given as `option`: the
/// path of an existing file whole (spaces and all), else the words of `text` as a POSIX
/// shell splits them (quotes and backslashes, no expansion). Before, the line was split
/// at every space, so no engine whose path holds one could be started.
///
/// # Errors
/// An unmatched quote, or no program at all, naming the option.
fn engine_command(option: &str, text: &str) -> Result<Vec<String>, String> {
    if std::path::Path::new(text).is_file() {
        return Ok(vec![text.to_string()]);
    }
    let words = shell_words::split(text).map_err(|e| format!("{option} {text:?}: {e}"))?;
    if words.is_empty() {
        return Err(format!("{option}: empty engine command"));
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::engine_command;

    /// Words split as `sh` splits them (POSIX quoting: single quotes keep everything,
    /// double quotes and a backslash keep a space).
    #[test]
    fn engine_commands_split_as_a_shell_does() {
        let words = |t| engine_command("--a", t).unwrap();
        assert_eq!(
            words("pbrain-x --nodes 300"),
            ["pbrain-x", "--nodes", "300"]
        );
        assert_eq!(
            words("'/opt/my engines/pbrain' -t 1"),
            ["/opt/my engines/pbrain", "-t", "1"]
        );
        assert_eq!(words(r#""/a b/c" d\ e"#), ["/a b/c", "d e"]);
        assert_eq!(words("  x   y "), ["x", "y"]);
        let e = engine_command("--b", "'/opt/my engines/pbrain").unwrap_err();
        assert!(e.starts_with("--b \"'/opt/my engines/pbrain\": "), "{e}");
        assert_eq!(
            engine_command("--a", "  ").unwrap_err(),
            "--a: empty engine command"
        );
    }
}
