//! `C4_TECHNIQUES=name=value,…`: the solver's techniques for the examples (see `suite`).

use connect4::Techniques;

/// The default techniques changed by `C4_TECHNIQUES` (`name=value`, comma-separated).
pub fn techniques_from_env() -> Techniques {
    let mut t = Techniques::default();
    for item in std::env::var("C4_TECHNIQUES")
        .unwrap_or_default()
        .split(',')
    {
        let Some((name, value)) = item.split_once('=') else {
            continue;
        };
        let v: u32 = value.parse().expect("a number");
        match name {
            "threat_ordering" => t.threat_ordering = v != 0,
            "mirror_keys" => t.mirror_keys = v != 0,
            "etc" => t.etc_max_stones = v,
            "child_claimeven" => t.child_claimeven = v != 0,
            "forced_lines" => t.forced_lines = v != 0,
            "static" => t.static_max_stones = v,
            "guess_windows" => t.guess_windows = v != 0,
            "dead_stones" => t.dead_stones_min = v,
            "forced_without_table" => t.forced_without_table = v != 0,
            "table_max_stones" => t.table_max_stones = v,
            "prefetch" => t.prefetch = v != 0,
            "growing_table" => t.growing_table = v != 0,
            _ => panic!("unknown technique {name}"),
        }
    }
    t
}
