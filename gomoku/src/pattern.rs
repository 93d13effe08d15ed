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

/// The pattern tables by line rule ([`table`]), each built on first use.
static TABLES: [OnceLock<Box<[u8; KEYS]>>; 2] = [OnceLock::new(), OnceLock::new()];
/// The fine pattern tables by line rule ([`fine_table`]), each built on first use.
static FINE_TABLES: [OnceLock<Box<[u8; KEYS]>>; 2] = [OnceLock::new(), OnceLock::new()];

/// Builds both line rules' pattern tables ([`table`], [`fine_table`]) now, if they are
/// not built yet: a few milliseconds, once a process. A Gomocup brain builds them when it
/// starts ([`crate::protocol::Brain::new`]), since a manager sends `INFO rule` just before
/// the first move, and that move waited for them (a tester's report: under rule 1 or 4
/// the first move took 4–16 ms more, and passed `timeout_turn` at 50 ms).
pub fn build_tables() {
    for rule in [Rule::Freestyle, Rule::Standard] {
        fine_table(rule);
    }
}

/// True once both line rules' pattern tables are built.
#[cfg(test)]
pub(crate) fn tables_built() -> bool {
    TABLES.iter().chain(&FINE_TABLES).all(|t| t.get().is_some())
}

/// The pattern table of `rule`, built on first use (a few milliseconds).
pub fn table(rule: Rule) -> &'static [u8; KEYS] {
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

/// A line pattern refined after Rapfi's fourteen line patterns (`DEAD`, `B1`, `F1`, `B2`,
/// `F2`, `F2A`, `F2B`, `B3`, `F3`, `F3S`, `B4`, `F4`, `F5`; its overline-before pattern
/// `OL` is a [`FinePattern::None`] here): the ones, twos and open threes of [`Pattern`]
/// split by how many ways one more own stone on the line leads on. The board keeps, per
/// cell, side and direction, the code `pattern | fine << 3` (`pattern::fine_table`): the threat
/// logic reads bits 0–2, the cell evaluation ([`crate::CellTable`]) bits 3–6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum FinePattern {
    /// [`Pattern::None`].
    None = 0,
    /// A [`Pattern::One`] from which no one more stone makes a flex two (`B1`).
    BlockedOne = 1,
    /// A [`Pattern::One`] from which one more stone makes a flex two (`F1`).
    FlexOne = 2,
    /// A [`Pattern::Two`] from which no one more stone makes an open three (`B2`).
    BlockedTwo = 3,
    /// A [`Pattern::Two`] that one or two cells turn into an open three (`F2`).
    FlexTwo = 4,
    /// A [`Pattern::Two`] that three cells turn into an open three (`F2A`).
    FlexTwoA = 5,
    /// A [`Pattern::Two`] that four or more cells turn into an open three (`F2B`).
    FlexTwoB = 6,
    /// [`Pattern::Three`] (`B3`).
    Three = 7,
    /// A [`Pattern::OpenThree`] that one cell turns into an open four (`F3`).
    OpenThree = 8,
    /// A [`Pattern::OpenThree`] that two or more cells turn into an open four (`F3S`).
    OpenThreeS = 9,
    /// [`Pattern::Four`] (`B4`).
    Four = 10,
    /// [`Pattern::OpenFour`] (`F4`).
    OpenFour = 11,
    /// [`Pattern::Five`] (`F5`).
    Five = 12,
}

/// Number of fine patterns ([`FinePattern`]).
pub const FINE_CODES: usize = 13;

impl FinePattern {
    /// The fine pattern of a board code (`pattern | fine << 3`, see [`FinePattern`]).
    #[inline]
    pub const fn of_code(code: u8) -> FinePattern {
        match code >> 3 {
            0 => FinePattern::None,
            1 => FinePattern::BlockedOne,
            2 => FinePattern::FlexOne,
            3 => FinePattern::BlockedTwo,
            4 => FinePattern::FlexTwo,
            5 => FinePattern::FlexTwoA,
            6 => FinePattern::FlexTwoB,
            7 => FinePattern::Three,
            8 => FinePattern::OpenThree,
            9 => FinePattern::OpenThreeS,
            10 => FinePattern::Four,
            11 => FinePattern::OpenFour,
            _ => FinePattern::Five,
        }
    }

    /// The [`Pattern`] this fine pattern refines.
    #[inline]
    pub const fn pattern(self) -> Pattern {
        match self {
            FinePattern::None => Pattern::None,
            FinePattern::BlockedOne | FinePattern::FlexOne => Pattern::One,
            FinePattern::BlockedTwo
            | FinePattern::FlexTwo
            | FinePattern::FlexTwoA
            | FinePattern::FlexTwoB => Pattern::Two,
            FinePattern::Three => Pattern::Three,
            FinePattern::OpenThree | FinePattern::OpenThreeS => Pattern::OpenThree,
            FinePattern::Four => Pattern::Four,
            FinePattern::OpenFour => Pattern::OpenFour,
            FinePattern::Five => Pattern::Five,
        }
    }

    /// The board code of this fine pattern: `pattern | self << 3`.
    #[inline]
    pub const fn code(self) -> u8 {
        self.pattern() as u8 | (self as u8) << 3
    }
}

/// The fine pattern table of `rule`: per key, the board code `pattern | fine << 3` of
/// the [`FinePattern`] refining the pattern table's [`Pattern`] ([`table`]), judged by
/// the neighbour keys one more own stone at offsets −4..=4 gives: the number of them
/// that make the centre's move an open three (a two), an open four (an open three) or a
/// flex two of any kind (a one). Built on first use.
pub fn fine_table(rule: Rule) -> &'static [u8; KEYS] {
    FINE_TABLES[rule.index()].get_or_init(|| {
        let plain = table(rule);
        let mut t: Box<[u8; KEYS]> = vec![0u8; KEYS]
            .into_boxed_slice()
            .try_into()
            .expect("KEYS entries");
        // How many empty neighbours of `key`, filled with an own stone, make `want`
        // by `codes`: a stone on an empty slot `j` adds 3^j to the key.
        let count = |codes: &[u8; KEYS], key: usize, want: &dyn Fn(u8) -> bool| {
            let mut rest = key % INNER_KEYS;
            let mut n = 0;
            for j in 0..8 {
                if rest % 3 == usize::from(EMPTY) && want(codes[key + slot_weight(j) as usize]) {
                    n += 1;
                }
                rest /= 3;
            }
            n
        };
        let is = |p: Pattern| move |c: u8| c & 7 == p as u8;
        // Twos and threes first (from the plain table), then the ones (from the twos).
        for key in 0..KEYS {
            let fine = match Pattern::from_code(plain[key]) {
                Pattern::None => FinePattern::None,
                Pattern::One => FinePattern::BlockedOne,
                Pattern::Two => match count(plain, key, &is(Pattern::OpenThree)) {
                    0 => FinePattern::BlockedTwo,
                    1 | 2 => FinePattern::FlexTwo,
                    3 => FinePattern::FlexTwoA,
                    _ => FinePattern::FlexTwoB,
                },
                Pattern::Three => FinePattern::Three,
                Pattern::OpenThree => match count(plain, key, &is(Pattern::OpenFour)) {
                    0 | 1 => FinePattern::OpenThree,
                    _ => FinePattern::OpenThreeS,
                },
                Pattern::Four => FinePattern::Four,
                Pattern::OpenFour => FinePattern::OpenFour,
                Pattern::Five => FinePattern::Five,
            };
            t[key] = fine.code();
        }
        let flex_two = |c: u8| FinePattern::of_code(c) >= FinePattern::FlexTwo && c & 7 == 2;
        for key in 0..KEYS {
            if plain[key] == Pattern::One as u8 && count(&t, key, &flex_two) > 0 {
                t[key] = FinePattern::FlexOne.code();
            }
        }
        t
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

    /// The fine pattern of `text` (as in `line`) under the freestyle rule.
    fn fine(text: &str) -> FinePattern {
        // The key of a line (offsets −4..=4 and the outer bits as `decode` reads them).
        let l = line(text);
        let mut k = 0;
        for j in 0..8 {
            let idx = if j < 4 { 1 + j } else { 2 + j };
            k += l[idx] as usize * slot_weight(j) as usize;
        }
        let k =
            k + usize::from(l[0] == OWN) * INNER_KEYS + usize::from(l[10] == OWN) * 2 * INNER_KEYS;
        FinePattern::of_code(fine_table(Rule::Freestyle)[k])
    }

    #[test]
    fn fine_patterns_of_classic_shapes() {
        use FinePattern as F;
        // Ones: `X` alone in open space can grow into a flex two; squeezed into a
        // five-cell gap between opponent stones it cannot.
        assert_eq!(fine(".....X....."), F::FlexOne);
        assert_eq!(fine("..O..X..O.."), F::BlockedOne);
        // Twos by the number of cells that make an open three: `.XX.` in open space has
        // four (two on each side), against an opponent stone none.
        assert_eq!(fine("....XX....."), F::FlexTwoB);
        assert_eq!(fine("....OXX...."), F::BlockedTwo);
        assert_eq!(fine("...OXX....."), F::BlockedTwo);
        // Six free cells `O.XX...O`: only the stones at +1 and +2 make open threes.
        assert_eq!(fine("..O.XX...O."), F::FlexTwo);
        // Five free cells: no open three at all.
        assert_eq!(fine("..O.XX..O.."), F::BlockedTwo);
        // Open threes: `..XXX..` makes an open four on either side, `O.XXX..` on one.
        assert_eq!(fine("...XXX....."), F::OpenThreeS);
        assert_eq!(fine("..O.XXX...O"), F::OpenThree);
        assert_eq!(fine("...OXXX...."), F::Three);
        assert_eq!(fine("....XXXX..."), F::OpenFour);
        assert_eq!(fine("...XXXXX..."), F::Five);
    }

    /// Every fine code refines the plain table's pattern, and the board code keeps the
    /// pattern in bits 0–2.
    #[test]
    fn fine_table_refines_the_plain_table() {
        for rule in [Rule::Freestyle, Rule::Standard] {
            let (t, plain) = (fine_table(rule), table(rule));
            assert!((0..KEYS).all(|k| t[k] & 7 == plain[k]));
            assert!((0..KEYS).all(|k| FinePattern::of_code(t[k]).pattern() as u8 == plain[k]));
        }
        for c in 0..FINE_CODES as u8 {
            let f = FinePattern::of_code(c << 3);
            assert_eq!(f as u8, c);
            assert_eq!(FinePattern::of_code(f.code()), f);
        }
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
