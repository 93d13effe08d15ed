//! What the exit status of the line commands says: non-zero for a bad line only. A
//! position an exact command gives up on under `--nodes` (or `--time-ms`) is answered
//! `not solved within the limit`, an answer like any other, with status 0; the
//! commands' help says so, as the README does (a review found the documents silent on
//! it, so a script could not know what to expect).

use crate::common::run_binary;

const ZEROSUM: &str = env!("CARGO_BIN_EXE_zerosum");

/// Every exact command of every game with `--nodes`: a position far beyond the limit is
/// answered `not solved within the limit` with exit status 0, and the command's help
/// documents that status beside the answer, for `--nodes` and `--time-ms`.
#[test]
fn not_solved_within_the_limit_exits_0_as_the_help_says() {
    let start = "---------------------------OX------XO--------------------------- X";
    for (game, command, nodes, position) in [
        (
            "tictactoe",
            "solve",
            "10000",
            "...../...../...../...../..... k=5",
        ),
        (
            "tictactoe",
            "analyze",
            "10000",
            "...../...../...../...../..... k=5",
        ),
        ("connect4", "solve", "100000", "11111"),
        ("connect4", "analyze", "1000", "1111"),
        ("othello", "solve", "5000", start),
        ("othello", "analyze", "5000", start),
    ] {
        let r = run_binary(
            ZEROSUM,
            &[game, command, "--nodes", nodes],
            format!("{position}\n"),
        );
        assert_eq!(
            (r.stdout.as_str(), r.code),
            (
                format!("{position} not solved within the limit\n").as_str(),
                Some(0)
            ),
            "{game} {command}: {}",
            r.stderr
        );
        let help = run_binary(ZEROSUM, &[game, command, "--help"], "");
        assert!(help.success, "{game} {command} --help: {}", help.stderr);
        // Clap wraps the help to the terminal's width: compare with the lines joined.
        let text = help.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
        for option in ["--nodes <N>", "--time-ms <MS>"] {
            let help = text.split(option).nth(1).expect("the option's help");
            let help = help.split(" --").next().unwrap_or(help);
            assert!(
                help.contains("not solved within the limit") && help.contains("exit status 0"),
                "{game} {command} {option}: {help}"
            );
        }
    }
}

/// Gomoku's `solve` (a VCF search, not an exact solve) gives up with `unknown: …`: an
/// answer too, with exit status 0, as both limits' help says.
#[test]
fn a_gomoku_vcf_search_out_of_nodes_exits_0_as_the_help_says() {
    // Puzzle 1 of the suite's black-to-move VCFs (`vcf win in 7` with the default
    // nodes): more than 2 nodes.
    let position = "15f:g12h12g11h10i11i10f10e9j10j9g9g8i9j8k9k8l9m8f8f7h8g7i6i7";
    let r = run_binary(
        ZEROSUM,
        &["gomoku", "solve", "--nodes", "2"],
        format!("{position}\n"),
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stdout.starts_with(&format!("{position} unknown: ")),
        "{}",
        r.stdout
    );
    let help = run_binary(ZEROSUM, &["gomoku", "solve", "--help"], "");
    let text = help.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    for option in ["--nodes <NODES>", "--time-ms <MS>"] {
        let help = text.split(option).nth(1).expect("the option's help");
        let help = help.split(" --").next().unwrap_or(help);
        assert!(help.contains("exit status 0"), "{option}: {help}");
    }
}
