//! How values in discs are written: one convention for every front end (`bestmove`,
//! `solve`, `analyze`, the TUI), a sign on positive values and none on zero.

/// An exact disc difference with its sign: `+12`, `0`, `-4` (a zero has no sign).
///
/// ```
/// assert_eq!(othello::signed_discs(12), "+12");
/// assert_eq!(othello::signed_discs(0), "0");
/// assert_eq!(othello::signed_discs(-4), "-4");
/// ```
pub fn signed_discs(discs: i32) -> String {
    if discs > 0 {
        format!("+{discs}")
    } else {
        discs.to_string()
    }
}

/// An evaluation in hundredths of a disc, written in discs with two decimals and its
/// sign: `+3.50`, `0.00`, `-0.25` (a zero has no sign).
///
/// ```
/// assert_eq!(othello::signed_hundredths(350), "+3.50");
/// assert_eq!(othello::signed_hundredths(0), "0.00");
/// assert_eq!(othello::signed_hundredths(-25), "-0.25");
/// ```
pub fn signed_hundredths(hundredths: i32) -> String {
    let discs = f64::from(hundredths) / 100.0;
    if hundredths > 0 {
        format!("+{discs:.2}")
    } else if hundredths == 0 {
        "0.00".to_string()
    } else {
        format!("{discs:.2}")
    }
}
