//! Line patterns: what a stone placed on an empty cell makes along one direction.
//!
//! For a side `s`, an empty cell `c` and one of the four directions, the pattern is what
//! `s` playing at `c` makes along that line, judged only on the eleven cells from −5 to +5
//! (fives through `c` need ±4, the exactly-five rule looks one further):
//!
//! - [`Pattern::Five`]: a winning row through `c` (exactly five under
//!   [`Rule::Standard`]; an overline is no five there);
//! - [`Pattern::OpenFour`]: two or more cells that would then complete a five
//!   ("win points", e.g. `_XXXX_`, or `X_XXX_X`): the opponent cannot stop both;
//! - [`Pattern::Four`]: exactly one win point;
//! - [`Pattern::OpenThree`]: one more stone on the line can make an open four;
//! - [`Pattern::Three`]: one more stone can make a four;
//! - [`Pattern::Two`] / [`Pattern::One`]: a five-window through `c` free of opponent
//!   stones holding two / one own stones.
//!
//! The classification is computed once per rule into a dense table indexed by the
//! base-3 digits of the eight neighbours (empty, own, opponent or edge) and one bit for
//! each outer cell (own or not): 3^8 × 4 = 26,244 keys, one byte each, so the table
//! stays in the first-level cache while the board updates its cells.

use crate::Rule;
use std::sync::OnceLock;

/// What a stone on an empty cell makes along one line (see the module docs). Ordered
/// from weakest to strongest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Pattern {
    /// Nothing: no five-window free of opponent stones (or the cell is occupied).
    None = 0,
    /// A free five-window with one own stone (the new one).
    One = 1,
    /// A free five-window with two own stones.
    Two = 2,
    /// One more stone can make a four.
    Three = 3,
    /// One more stone can make an open four (two win points).
    OpenThree = 4,
    /// Exactly one cell then completes a five.
    Four = 5,
    /// Two or more cells then complete a five.
    OpenFour = 6,
    /// A winning row.
    Five = 7,
}

impl Pattern {
    /// All patterns, weakest first.
    pub const ALL: [Pattern; 8] = [
        Pattern::None,
        Pattern::One,
        Pattern::Two,
        Pattern::Three,
        Pattern::OpenThree,
        Pattern::Four,
        Pattern::OpenFour,
        Pattern::Five,
    ];

    /// The pattern with numeric code `code` (0..8); codes above 7 give `Five`.
    #[inline]
    pub const fn from_code(code: u8) -> Pattern {
        match code {
            0 => Pattern::None,
            1 => Pattern::One,
            2 => Pattern::Two,
            3 => Pattern::Three,
            4 => Pattern::OpenThree,
            5 => Pattern::Four,
            6 => Pattern::OpenFour,
            _ => Pattern::Five,
        }
    }
}

/// Whether one of the four direction patterns `p` (codes as in [`Pattern`]) is
/// `pattern` (four comparisons: `<[u8]>::contains` goes through a general byte search).
#[inline]
pub const fn has_pattern(p: [u8; 4], pattern: Pattern) -> bool {
    let v = pattern as u8;
    p[0] == v || p[1] == v || p[2] == v || p[3] == v
}

/// The threat class of an empty cell for the side that would play there, from its four
/// direction patterns (codes as in [`Pattern`]): 2 = a four with an open three
/// (four-three), 1 = two open threes (double three), 0 = neither. Open fours and double
/// fours are left to the search, which finds them itself.
#[inline]
pub const fn threat_class(p: [u8; 4]) -> usize {
    let (mut fours, mut threes, mut d) = (0, 0, 0);
    while d < 4 {
        if p[d] == Pattern::Four as u8 {
            fours += 1;
        } else if p[d] == Pattern::OpenThree as u8 {
            threes += 1;
        }
        d += 1;
    }
    if fours >= 1 && threes >= 1 {
        2
    } else if threes >= 2 {
        1
    } else {
        0
    }
}

/// Cell codes of a line seen by one side.
const EMPTY: u8 = 0;
const OWN: u8 = 1;
const BLOCK: u8 = 2;

/// Number of table keys: 8 neighbours of 3 states each, times 2 × 2 for the outer cells.
pub const KEYS: usize = 4 * INNER_KEYS;

/// Keys of the eight neighbours alone (3^8): the outer cells' bits weigh this much
/// (offset −5) and twice as much (offset +5).
pub const INNER_KEYS: usize = 6561;

/// The weight of neighbour slot `j` (offsets −4..−1 are slots 0..4, +1..+4 slots 4..8)
/// in a key: 3^j.
pub const fn slot_weight(j: usize) -> u32 {
    let mut w = 1;
    let mut k = 0;
    while k < j {
        w *= 3;
        k += 1;
    }
    w
}

/// `line` has 11 cells (offsets −5..=5, centre 5, own stone at the centre); true when a
/// winning row passes through the centre.
fn five_through_centre(line: &[u8; 11], rule: Rule) -> bool {
    (1..=5).any(|s| {
        line[s..s + 5].iter().all(|&v| v == OWN)
            && (rule == Rule::Freestyle || (line[s - 1] != OWN && line[s + 5] != OWN))
    })
}

/// Number of distinct empty cells that complete a winning row through the centre.
fn win_points(line: &[u8; 11], rule: Rule) -> u32 {
    let mut points = 0u16;
    for s in 1..=5 {
        let w = &line[s..s + 5];
        if w.contains(&BLOCK) || w.iter().filter(|&&v| v == OWN).count() != 4 {
            continue;
        }
        if rule == Rule::Standard && (line[s - 1] == OWN || line[s + 5] == OWN) {
            continue;
        }
        let e = s + w.iter().position(|&v| v == EMPTY).expect("one empty cell");
        points |= 1 << e;
    }
    points.count_ones()
}

/// The slow, obviously right classification of an 11-cell line whose centre holds the
/// new own stone (the reference the table is built from; exposed for tests).
pub fn classify_line(line: &[u8; 11], rule: Rule) -> Pattern {
    if five_through_centre(line, rule) {
        return Pattern::Five;
    }
    match win_points(line, rule) {
        0 => {}
        1 => return Pattern::Four,
        _ => return Pattern::OpenFour,
    }
    let mut best = 0;
    let mut l = *line;
    for p in 1..=9 {
        if l[p] != EMPTY {
            continue;
        }
        l[p] = OWN;
        // A stone that makes a five on its own is not a "three" move through the centre.
        best = best.max(win_points(&l, rule));
        l[p] = EMPTY;
    }
    if best >= 2 {
        return Pattern::OpenThree;
    }
    if best == 1 {
        return Pattern::Three;
    }
    let mut most = None;
    for s in 1..=5 {
        let w = &line[s..s + 5];
        if !w.contains(&BLOCK) {
            let n = w.iter().filter(|&&v| v == OWN).count();
            most = Some(most.unwrap_or(0).max(n));
        }
    }
    match most {
        None => Pattern::None,
        Some(n) if n >= 2 => Pattern::Two,
        Some(_) => Pattern::One,
    }
}

/// Decodes a table key into an 11-cell line (centre own).
fn decode(key: usize) -> [u8; 11] {
    let mut line = [BLOCK; 11];
    line[5] = OWN;
    let mut rest = key % INNER_KEYS;
    for j in 0..8 {
        let idx = if j < 4 { 1 + j } else { 2 + j };
        line[idx] = (rest % 3) as u8;
        rest /= 3;
    }
    let outer = key / INNER_KEYS;
    line[0] = if outer & 1 == 1 { OWN } else { BLOCK };
    line[10] = if outer & 2 == 2 { OWN } else { BLOCK };
    line
}

/// The pattern table of `rule`, built on first use (a few milliseconds).
pub fn table(rule: Rule) -> &'static [u8; KEYS] {
    static TABLES: [OnceLock<Box<[u8; KEYS]>>; 2] = [OnceLock::new(), OnceLock::new()];
    TABLES[rule.index()].get_or_init(|| {
        let mut t: Box<[u8; KEYS]> = vec![0u8; KEYS]
            .into_boxed_slice()
            .try_into()
            .expect("KEYS entries");
        for (key, slot) in t.iter_mut().enumerate() {
            *slot = classify_line(&decode(key), rule) as u8;
        }
        t
    })
}

/// The code of a flex two in the fine patterns ([`crate::Board::fine_patterns`]): a [`Pattern::Two`]
/// that one more own stone on the line turns into an open three (Rapfi's `F2`), the
/// code of a two with bit 3 set (`code & 7` is the [`Pattern`] code); the other twos
/// keep the code of [`Pattern::Two`] (blocked twos, `B2`).
pub const FLEX_TWO: u8 = Pattern::Two as u8 | 8;

/// Number of distinct fine pattern codes: the eight [`Pattern`] codes and [`FLEX_TWO`].
pub const FINE_CODES: usize = 9;

/// The fine pattern table of `rule`: the pattern table's codes ([`table`]) with each
/// two split into a flex two ([`FLEX_TWO`]: some empty cell among the eight
/// neighbours, filled with an own stone, makes the centre's move an open three) and a
/// blocked two (code 2). The board keeps these codes (the threat logic reads them with
/// the flag dropped, the cell evaluation [`crate::CellTable`] with it). Built on first
/// use.
pub fn fine_table(rule: Rule) -> &'static [u8; KEYS] {
    static TABLES: [OnceLock<Box<[u8; KEYS]>>; 2] = [OnceLock::new(), OnceLock::new()];
    TABLES[rule.index()].get_or_init(|| {
        let plain = table(rule);
        let mut t: Box<[u8; KEYS]> = plain
            .to_vec()
            .into_boxed_slice()
            .try_into()
            .expect("KEYS entries");
        for (key, slot) in t.iter_mut().enumerate() {
            if *slot == Pattern::Two as u8 && is_flex_two(&decode(key), rule) {
                *slot = FLEX_TWO;
            }
        }
        t
    })
}

/// Whether one more own stone on an empty cell at offsets −4..=4 of `line` (centre
/// own) makes the centre's move an open three.
fn is_flex_two(line: &[u8; 11], rule: Rule) -> bool {
    (1..=9).any(|p| {
        p != 5 && line[p] == EMPTY && {
            let mut l = *line;
            l[p] = OWN;
            classify_line(&l, rule) == Pattern::OpenThree
        }
    })
}

/// True when patterns under `rule` depend on the cells five away (the two outer bits of
/// a key): only the exactly-five rule looks that far, to tell a five from an overline.
pub const fn reads_outer_cells(rule: Rule) -> bool {
    !matches!(rule, Rule::Freestyle)
}

#[cfg(test)]
mod tests {
    /// Freestyle patterns do not depend on the outer cells, as
    /// [`reads_outer_cells`](super::reads_outer_cells) says (the board skips them).
    #[test]
    fn freestyle_ignores_the_outer_cells() {
        let t = super::table(crate::Rule::Freestyle);
        let inner = super::INNER_KEYS;
        assert!((0..super::KEYS).all(|k| t[k] == t[k % inner]));
        let s = super::table(crate::Rule::Standard);
        assert!((0..super::KEYS).any(|k| s[k] != s[k % inner]));
    }

    use super::*;

    fn line(text: &str) -> [u8; 11] {
        // 11 characters: X own, . empty, O/| block; centre must be X.
        let mut l = [0u8; 11];
        for (i, c) in text.chars().enumerate() {
            l[i] = match c {
                'X' => OWN,
                '.' => EMPTY,
                _ => BLOCK,
            };
        }
        assert_eq!(l[5], OWN);
        l
    }

    #[test]
    fn classic_shapes() {
        let f = Rule::Freestyle;
        assert_eq!(classify_line(&line("...XXXXX..."), f), Pattern::Five);
        assert_eq!(classify_line(&line("....XXXX..."), f), Pattern::OpenFour);
        assert_eq!(classify_line(&line("...OXXXX..."), f), Pattern::Four);
        assert_eq!(classify_line(&line("...X.XXX..."), f), Pattern::Four);
        assert_eq!(classify_line(&line("....XXX...."), f), Pattern::OpenThree);
        assert_eq!(classify_line(&line("...OXXX...."), f), Pattern::Three);
        assert_eq!(classify_line(&line("...X.XX...."), f), Pattern::OpenThree);
        assert_eq!(classify_line(&line(".....XX...."), f), Pattern::Two);
        assert_eq!(classify_line(&line(".....X....."), f), Pattern::One);
        assert_eq!(classify_line(&line("...OOXOO..."), f), Pattern::None);
        assert_eq!(classify_line(&line("..XXXXXX..."), f), Pattern::Five);
    }

    #[test]
    fn overline_per_rule() {
        let s = Rule::Standard;
        assert!(classify_line(&line("..XXXXXX..."), s) < Pattern::Three);
        assert!(classify_line(&line("XXXXXX....."), s) < Pattern::Three);
        assert_eq!(classify_line(&line("...XXXXX..."), s), Pattern::Five);
        assert_eq!(
            classify_line(&line("..XXXXXX..."), Rule::Freestyle),
            Pattern::Five
        );
        // XX.XXX: the gap would make six under the exactly-five rule.
        assert_eq!(classify_line(&line(".XX.XXX...."), s), Pattern::Three);
        assert_eq!(
            classify_line(&line(".XX.XXX...."), Rule::Freestyle),
            Pattern::Four
        );
    }

    #[test]
    fn twos_split_into_flex_and_blocked() {
        let f = Rule::Freestyle;
        // The key of a line (offsets −4..=4 and the outer bits as `decode` reads them).
        let key = |text: &str| {
            let l = line(text);
            let mut k = 0;
            for j in 0..8 {
                let idx = if j < 4 { 1 + j } else { 2 + j };
                k += l[idx] as usize * slot_weight(j) as usize;
            }
            k + usize::from(l[0] == OWN) * INNER_KEYS + usize::from(l[10] == OWN) * 2 * INNER_KEYS
        };
        let t = fine_table(f);
        // `.XX.` in open space: a third stone makes `.XXX.`.
        assert_eq!(t[key("....XX.....")], FLEX_TWO);
        assert_eq!(t[key("...X.X.....")], FLEX_TWO);
        // Against an opponent stone: only a closed three can follow.
        assert_eq!(t[key("....OXX....")], Pattern::Two as u8);
        assert_eq!(t[key("...OXX.....")], Pattern::Two as u8);
        // The other codes are the plain table's.
        let plain = table(f);
        assert!((0..KEYS).all(|k| t[k] == plain[k] || (plain[k] == 2 && t[k] == FLEX_TWO)));
        assert_eq!(FLEX_TWO & 7, Pattern::Two as u8);
    }

    #[test]
    fn table_agrees_with_the_slow_classifier() {
        for rule in [Rule::Freestyle, Rule::Standard] {
            let t = table(rule);
            for key in (0..KEYS).step_by(7) {
                assert_eq!(t[key], classify_line(&decode(key), rule) as u8);
            }
        }
    }
}
