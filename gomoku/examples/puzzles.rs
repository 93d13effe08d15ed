//! The VCF/VCT puzzle suite from the command line, for measuring the solvers:
//! `cargo run --release -p gomoku --example puzzles -- RULE [VCT_NODES] [ONLY_FILE]`
//! runs `suite::run_vcf_suite` on `../shared/data/gomoku/vcf-rapfi-verified.jsonl` under
//! `RULE` (`freestyle`, `standard` or `renju`) with 200,000 VCF and `VCT_NODES` (`suite::SUITE_VCT_NODES`)
//! VCT nodes a puzzle and prints the counts, the CPU summary, the misses and each
//! puzzle's CPU time; with `ONLY_FILE`, only the puzzles named there (`file#index`, one a
//! line). The environment variables `VCT_VCF_NODES`, `TSS_NODES`, `TSS_TRIES`,
//! `NO_VCF_MEMO`, `DFPN_NODES` (the proof-number stage; 0 leaves it out), `NO_DFPN_QUIET` (that stage
//! without λ² moves), `DFPN_ALWAYS` (that stage also after the stages before it
//! ended without running out of nodes), `DFPN_FAR_PN` (its initial proof number
//! added to the moves away from the previous threat), `NO_DFPN_ZONES` (that stage
//! without relevance zones), `NO_DFPN_NEAR_QUIET` (its λ² moves below the root
//! anywhere, not only near the previous threat) and `DFPN_PREVIOUS_BLOCK` (the previous
//! threat of those two is the attacker's previous move even when it was a forced block)
//! change the VCT's settings from
//! `suite::suite_vct_solver`.

use gomoku::Rule;
use gomoku::suite::{
    PUZZLE_CPU_GOAL, SUITE_VCT_NODES, parse_puzzles, run_vcf_suite_with, suite_vct_solver,
};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rule: Rule = args
        .get(1)
        .map_or("freestyle", |s| s)
        .parse()
        .expect("rule");
    let vct_nodes: u64 = args
        .get(2)
        .map_or(SUITE_VCT_NODES, |s| s.parse().expect("nodes"));
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/data/gomoku/vcf-rapfi-verified.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("data file");
    let mut puzzles = parse_puzzles(&text).expect("puzzles");
    if let Some(only) = args.get(3) {
        let names = std::fs::read_to_string(only).expect("only file");
        let names: Vec<&str> = names.lines().collect();
        puzzles.retain(|p| names.contains(&format!("{}#{}", p.file, p.index).as_str()));
    }
    let mut vct = suite_vct_solver();
    if let Some(n) = std::env::var("VCT_VCF_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        vct.vcf_nodes = n;
    }
    if let Some(n) = std::env::var("TSS_NODES").ok().and_then(|v| v.parse().ok()) {
        vct.tss_nodes = n;
    }
    if std::env::var_os("NO_VCF_MEMO").is_some() {
        vct.vcf_memo = false;
    }
    if let Some(n) = std::env::var("DFPN_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        vct.dfpn_nodes = n;
    }
    if std::env::var_os("NO_DFPN_QUIET").is_some() {
        vct.dfpn_quiet = false;
    }
    if std::env::var_os("NO_DFPN_ZONES").is_some() {
        vct.dfpn_zones = false;
    }
    if std::env::var_os("NO_DFPN_NEAR_QUIET").is_some() {
        vct.dfpn_near_quiet = false;
    }
    if std::env::var_os("DFPN_ALWAYS").is_some() {
        vct.dfpn_always = true;
    }
    if let Some(n) = std::env::var("TSS_TRIES").ok().and_then(|v| v.parse().ok()) {
        vct.tss_tries = n;
    }
    if let Some(n) = std::env::var("DFPN_FAR_PN")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        vct.dfpn_far_pn = n;
    }
    if std::env::var_os("DFPN_PREVIOUS_BLOCK").is_some() {
        vct.dfpn_previous_block = true;
    }
    let r = run_vcf_suite_with(&puzzles, rule, 200_000, vct_nodes, vct);
    println!("{rule}: {}", r.totals());
    println!("{}", r.cpu_summary(PUZZLE_CPU_GOAL));
    for m in &r.missed {
        println!("missed {m}");
    }
    for p in &r.cpu {
        println!(
            "cpu {} {:?} {:.2} nodes {}",
            p.name,
            p.result,
            p.cpu.as_secs_f64() * 1e3,
            p.nodes
        );
    }
}
