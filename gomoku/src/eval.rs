//! Threat-aware static evaluation and move-ordering values on the line patterns.

use crate::board::Board;
#[cfg(test)]
use crate::pattern::threat_class;
use crate::pattern::{Pattern, has_pattern};
use zerosum::{Game, Score, Side};

/// Why the text of an evaluation table ([`EvalTable::parse`]) could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EvalTableError {
    /// A value field is not an integer.
    #[error("line {line}: {field:?} is not an integer")]
    NotInteger {
        /// 1-based line number.
        line: usize,
        /// The field found.
        field: String,
    },
    /// Another number of values than the weights and the divisor.
    #[error("{0} values, expected {FEATURES} weights and the divisor")]
    Count(usize),
    /// The divisor is 0 or negative.
    #[error("divisor {0} is below 1")]
    Divisor(i32),
}

/// Value of one direction's pattern at an empty cell, for the evaluation sum.
const EVAL_WEIGHT: [i32; 8] = [0, 1, 4, 12, 30, 40, 160, 600];

/// How good a move on a cell with these four direction patterns is for its side:
/// the combination classes of Gomoku threat theory first (five; open four or double
/// four; four-three; double open three), then a sum of the single patterns.
#[inline]
pub fn cell_value(p: [u8; 4]) -> i32 {
    let mut fours = 0;
    let mut open_four = false;
    let mut threes = 0;
    let mut sum = 0;
    for v in p {
        match Pattern::from_code(v) {
            Pattern::Five => return 1_000_000,
            Pattern::OpenFour => open_four = true,
            Pattern::Four => fours += 1,
            Pattern::OpenThree => threes += 1,
            _ => {}
        }
        sum += EVAL_WEIGHT[v as usize];
    }
    sum + if open_four || fours >= 2 {
        100_000
    } else if fours == 1 && threes >= 1 {
        20_000
    } else if threes >= 2 {
        8_000
    } else if fours == 1 {
        300
    } else if threes == 1 {
        200
    } else {
        0
    }
}

/// Bonus of the side to move's best threat class (none, double three, four-three): it
/// plays first, so a four-three is close to a win when the opponent has no four to gain
/// the tempo back.
const MY_CLASS: [i32; 3] = [0, 250, 700];
/// The opponent's best threat class counts less: the side to move can still defend it.
const THEIR_CLASS: [i32; 3] = [0, 80, 200];

/// Number of evaluation features (see [`features`]).
pub const FEATURES: usize = 39;

/// Index of the first combination-class feature (see [`combination_class`]): the side
/// to move's seven classes, then the opponent's.
const COMBO: usize = 24;

/// Number of combination classes counted by [`features`] (see [`combination_class`]).
pub const COMBINATIONS: usize = 7;

/// The combination class of an empty cell for one side, from its four direction
/// patterns, for the classes the threat classes (four-three, double three) leave out,
/// strongest first: 1 a four with a three (`Four` + `Three`: a four that prepares
/// another), 2 a four with a two, 3 an open three with a three, 4 an open three with a
/// two, 5 two threes, 6 a three with a two, 7 two twos; 0 none of these (or a
/// four-three, double three, open four or five). After the combination types of
/// classical engines' per-cell threat tables (Rapfi's `Pattern4`: block-four-plus,
/// flex-three-plus, block-three-plus, flex-two-two).
pub const fn combination_class(p: [u8; 4]) -> usize {
    let (mut fours, mut open_threes, mut threes, mut twos, mut d) = (0, 0, 0, 0, 0);
    while d < 4 {
        match p[d] {
            5 => fours += 1,
            4 => open_threes += 1,
            3 => threes += 1,
            2 => twos += 1,
            6 | 7 => return 0,
            _ => {}
        }
        d += 1;
    }
    if fours >= 2 || (fours >= 1 && open_threes >= 1) || open_threes >= 2 {
        0
    } else if fours == 1 && threes >= 1 {
        1
    } else if fours == 1 && twos >= 1 {
        2
    } else if open_threes == 1 && threes >= 1 {
        3
    } else if open_threes == 1 && twos >= 1 {
        4
    } else if threes >= 2 {
        5
    } else if threes == 1 && twos >= 1 {
        6
    } else if twos >= 2 {
        7
    } else {
        0
    }
}

/// [`combination_class`] of every packed pattern quadruple (3 bits a direction).
static COMBINATION_OF: [u8; 4096] = {
    let mut t = [0u8; 4096];
    let mut k = 0;
    while k < 4096 {
        let p = [
            (k & 7) as u8,
            ((k >> 3) & 7) as u8,
            ((k >> 6) & 7) as u8,
            ((k >> 9) & 7) as u8,
        ];
        t[k] = combination_class(p) as u8;
        k += 1;
    }
    t
};

/// Adds to `x` the number of frontier cells of each combination class for each side.
#[inline]
fn count_combinations(board: &Board, x: &mut [i32; FEATURES]) {
    let me = board.side_to_move();
    let opp = !me;
    let pack = |p: [u8; 4]| {
        usize::from(p[0]) | usize::from(p[1]) << 3 | usize::from(p[2]) << 6 | usize::from(p[3]) << 9
    };
    let mut n = [[0i32; COMBINATIONS + 1]; 2];
    for &i in board.frontier() {
        let i = usize::from(i);
        n[0][usize::from(COMBINATION_OF[pack(board.patterns(i, me))])] += 1;
        n[1][usize::from(COMBINATION_OF[pack(board.patterns(i, opp))])] += 1;
    }
    for c in 0..COMBINATIONS {
        x[COMBO + c] = n[0][c + 1];
        x[COMBO + COMBINATIONS + c] = n[1][c + 1];
    }
}

/// Names of the [`features`], in order (for the fitting job's report and the table's
/// comments).
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "my one",
    "my two",
    "my three",
    "my open three",
    "my four",
    "my open four",
    "my five",
    "their one",
    "their two",
    "their three",
    "their open three",
    "their four",
    "their open four",
    "their five",
    "my best class double three",
    "my best class four-three",
    "my best class double three, they can four",
    "my best class four-three, they can four",
    "their best class double three",
    "their best class four-three",
    "my double-three cells",
    "my four-three cells",
    "their double-three cells",
    "their four-three cells",
    "my four + three cells",
    "my four + two cells",
    "my open three + three cells",
    "my open three + two cells",
    "my three + three cells",
    "my three + two cells",
    "my two + two cells",
    "their four + three cells",
    "their four + two cells",
    "their open three + three cells",
    "their open three + two cells",
    "their three + three cells",
    "their three + two cells",
    "their two + two cells",
    "side to move",
];

/// The evaluation's parameters: one integer weight per [`features`] entry; the value of
/// a position is the weighted sum divided by `divisor` (rounded down).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalTable {
    /// Weight of each feature, in `1 / divisor` evaluation units.
    pub weights: [i32; FEATURES],
    /// The common divisor of the weights (at least 1).
    pub divisor: i32,
}

impl EvalTable {
    /// The hand-set values of the threat-class evaluation: per-direction pattern values
    /// `[1, 4, 12, 30, 40, 160, 600]` (one to five), the side to move's counted 6/5, the
    /// best threat class on a single cell worth 250 / 700 (double three / four-three) to
    /// the side to move (a third when the opponent can make a four) and 80 / 200 to the
    /// opponent.
    pub const HAND: EvalTable = {
        let mut w = [0i32; FEATURES];
        let mut c = 1;
        while c < 8 {
            w[c - 1] = 6 * EVAL_WEIGHT[c];
            w[c + 6] = -5 * EVAL_WEIGHT[c];
            c += 1;
        }
        w[14] = 5 * MY_CLASS[1];
        w[15] = 5 * MY_CLASS[2];
        w[16] = 5 * (MY_CLASS[1] / 3);
        w[17] = 5 * (MY_CLASS[2] / 3);
        w[18] = -5 * THEIR_CLASS[1];
        w[19] = -5 * THEIR_CLASS[2];
        EvalTable {
            weights: w,
            divisor: 5,
        }
    };

    /// The values fitted on self-play positions by `cargo xtask train-gomoku` (see
    /// [`crate::eval_fitted`] for the command, seed and data size).
    pub const FITTED: EvalTable = crate::eval_fitted::FITTED;

    /// The table the engine uses by default: the fitted one (values distilled from
    /// Rapfi's evaluations of its own games; see [`crate::eval_fitted`]). With the
    /// fitted move ordering and 8 candidates a node it scored the most of the variants
    /// measured against Rapfi at fixed nodes (see the crate's FIGURES.md); the hand-set table
    /// ([`EvalTable::HAND`]) stays as the baseline ([`Engine::eval`](crate::Engine)).
    pub const DEFAULT: EvalTable = EvalTable::FITTED;

    /// The table as text, one `name<TAB>weight` line per feature in [`FEATURE_NAMES`]
    /// order, then `divisor<TAB>d` (the form [`EvalTable::parse`] reads; the match-tuning
    /// job `cargo xtask tune-gomoku` writes its tables so).
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for (name, w) in FEATURE_NAMES.iter().zip(self.weights) {
            s.push_str(&format!("{name}\t{w}\n"));
        }
        s.push_str(&format!("divisor\t{}\n", self.divisor));
        s
    }

    /// Reads the text of [`EvalTable::to_text`]: the last tab-separated field of each
    /// line that is not empty or a `#` comment, the [`FEATURES`] weights in order, then
    /// the divisor.
    ///
    /// # Errors
    /// [`EvalTableError`]: a field that is not an integer, a divisor below 1, or another
    /// number of values than [`FEATURES`] + 1.
    pub fn parse(text: &str) -> Result<EvalTable, EvalTableError> {
        let mut values = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let t = line.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            let field = t.rsplit('\t').next().unwrap_or(t).trim();
            let v: i32 = field.parse().map_err(|_| EvalTableError::NotInteger {
                line: n + 1,
                field: field.to_string(),
            })?;
            values.push(v);
        }
        if values.len() != FEATURES + 1 {
            return Err(EvalTableError::Count(values.len()));
        }
        let divisor = values[FEATURES];
        if divisor < 1 {
            return Err(EvalTableError::Divisor(divisor));
        }
        let mut weights = [0i32; FEATURES];
        weights.copy_from_slice(&values[..FEATURES]);
        Ok(EvalTable { weights, divisor })
    }

    /// The weighted sum of `x`, divided by the divisor (rounded down).
    #[inline]
    pub fn value(&self, x: &[i32; FEATURES]) -> i32 {
        let sum: i64 = self
            .weights
            .iter()
            .zip(x)
            .map(|(&w, &f)| i64::from(w) * i64::from(f))
            .sum();
        sum.div_euclid(i64::from(self.divisor.max(1))) as i32
    }
}

impl Default for EvalTable {
    fn default() -> Self {
        EvalTable::DEFAULT
    }
}

/// The evaluation features of `board` for its side to move: counts over the empty cells
/// near stones of each direction pattern (one to five) for each side, each side's best
/// threat class on a single cell (double three, four-three; the side to move's split by
/// whether the opponent can make a four and take the tempo back), the number of cells of
/// each class for each side, the number of frontier cells of each
/// [`combination_class`] for each side, and a constant 1 (the side to move). Unfinished
/// positions.
pub fn features(board: &Board) -> [i32; FEATURES] {
    let mut x = kept_features(board);
    count_combinations(board, &mut x);
    x
}

/// [`features`] but the combination-class counts (left 0): the sums the board keeps,
/// without a scan.
fn kept_features(board: &Board) -> [i32; FEATURES] {
    let me = board.side_to_move();
    let opp = !me;
    let mut x = [0i32; FEATURES];
    // The board keeps these sums over the empty cells near stones on every move.
    let (pm, po) = (
        board.near_pattern_counts(me),
        board.near_pattern_counts(opp),
    );
    for p in 1..8 {
        x[p - 1] = i32::from(pm[p]);
        x[p + 6] = i32::from(po[p]);
    }
    let (cm, co) = (board.class_counts(me), board.class_counts(opp));
    x[20] = i32::from(cm[1]);
    x[21] = i32::from(cm[2]);
    x[22] = i32::from(co[1]);
    x[23] = i32::from(co[2]);
    let best = |c: [u16; 3]| if c[2] > 0 { 2 } else { usize::from(c[1] > 0) };
    best_classes(board, &mut x, best(cm), best(co));
    x
}

/// Sets the features of each side's best threat class (`my_class`, `their_class`: 0
/// none, 1 double three, 2 four-three) and the side-to-move constant.
fn best_classes(board: &Board, x: &mut [i32; FEATURES], my_class: usize, their_class: usize) {
    let opp = !board.side_to_move();
    let opp_can_four = board.pattern_count(opp, Pattern::Four) > 0
        || board.pattern_count(opp, Pattern::OpenFour) > 0;
    if my_class > 0 {
        x[13 + my_class + if opp_can_four { 2 } else { 0 }] = 1;
    }
    if their_class > 0 {
        x[17 + their_class] = 1;
    }
    x[FEATURES - 1] = 1;
}

/// [`features`] counted cell by cell (the form before the board kept the sums): the
/// independent reference of the incremental counts.
#[cfg(test)]
fn features_by_scan(board: &Board) -> [i32; FEATURES] {
    let me = board.side_to_move();
    let opp = !me;
    let mut x = [0i32; FEATURES];
    let (mut my_class, mut their_class) = (0usize, 0usize);
    for i in 0..board.cell_count() {
        if board.raw(i) != 0 || board.near(i) == 0 {
            continue;
        }
        let (pm, po) = (board.patterns(i, me), board.patterns(i, opp));
        for d in 0..4 {
            if pm[d] > 0 {
                x[pm[d] as usize - 1] += 1;
            }
            if po[d] > 0 {
                x[po[d] as usize + 6] += 1;
            }
        }
        let (cm, co) = (threat_class(pm), threat_class(po));
        if cm > 0 {
            x[19 + cm] += 1;
        }
        if co > 0 {
            x[21 + co] += 1;
        }
        my_class = my_class.max(cm);
        their_class = their_class.max(co);
    }
    best_classes(board, &mut x, my_class, their_class);
    for i in 0..board.cell_count() {
        if board.raw(i) != 0 || board.near(i) == 0 {
            continue;
        }
        let (cm, co) = (
            combination_class(board.patterns(i, me)),
            combination_class(board.patterns(i, opp)),
        );
        if cm > 0 {
            x[COMBO + cm - 1] += 1;
        }
        if co > 0 {
            x[COMBO + COMBINATIONS + co - 1] += 1;
        }
    }
    x
}

/// The features [`evaluate_with`] reads: [`features`], without the scan for the
/// combination classes when `table` gives them no weight (the hand-set table).
fn features_for(board: &Board, table: &EvalTable) -> [i32; FEATURES] {
    if table.weights[COMBO..COMBO + 2 * COMBINATIONS]
        .iter()
        .all(|&w| w == 0)
    {
        kept_features(board)
    } else {
        features(board)
    }
}

/// The static value of `board` for its side to move under `table` (see [`features`]).
/// Unfinished positions only; scores lie within the heuristic range.
pub fn evaluate_with(board: &Board, table: &EvalTable) -> Score {
    if board.stone_count() == 0 {
        return Score::DRAW;
    }
    Score::heuristic(table.value(&features_for(board, table)))
}

/// The static value of `board` for its side to move, in pattern units, under the
/// engine's default table ([`EvalTable::DEFAULT`], the hand-set values): the sum over
/// empty cells near stones of the side to move's pattern values minus the opponent's,
/// the opponent weighted a little less (the side to move plays next), plus a bonus for
/// each side's best threat class (four-three, double three) on a single cell, larger for
/// the side to move. Unfinished positions only; scores lie well within the heuristic
/// range.
pub fn evaluate(board: &Board) -> Score {
    evaluate_with(board, &EvalTable::DEFAULT)
}

/// The cell (board index) where `side` makes an open four or a double four at once, the
/// lowest such index that is not, under renju, a forbidden point of black's; `None` when
/// there is none.
pub fn has_double_four_move(board: &Board, side: Side) -> Option<usize> {
    if board.pattern_count(side, Pattern::OpenFour) == 0
        && board.pattern_count(side, Pattern::Four) < 2
    {
        return None;
    }
    // Such a cell has stones within two cells, so it is in the frontier (kept in no
    // particular order: the minimum is taken, with no allocation).
    board
        .frontier()
        .iter()
        .map(|&i| usize::from(i))
        .filter(|&i| {
            let p = board.patterns(i, side);
            has_pattern(p, Pattern::OpenFour)
                || p.iter().filter(|&&v| v == Pattern::Four as u8).count() >= 2
        })
        .filter(|&i| !(side == Side::First && crate::renju::is_forbidden(board, board.cell_of(i))))
        .min()
}

/// Whether `side` has a cell where it makes an open four or a double four at once:
/// `has_double_four_move(board, side).is_some()`, read in O(1) from the board's pattern
/// counts and [`Board::double_four_count`] where they say it exactly (on a board that
/// keeps the evaluation's sums, unless `side` is black under renju, whose forbidden
/// points need the cells looked at), else by that scan.
pub fn has_double_four_cell(board: &Board, side: Side) -> bool {
    if board.is_solver_copy() || (side == Side::First && board.rule() == crate::Rule::Renju) {
        return has_double_four_move(board, side).is_some();
    }
    board.pattern_count(side, Pattern::OpenFour) > 0 || board.double_four_count(side) > 0
}

/// Whether the side to move, facing no five, wins in 5 plies by a shape the threat
/// classes show without a search (the quick win check of classical engines such as
/// Rapfi's): a double-three cell when the opponent has no cell that makes a four (it can
/// block one three; the other then becomes an open four, and a four made after that
/// comes too late), or a four-three cell whose four's forced block makes no four for the
/// opponent (the three then becomes an open four). False under renju, whose forbidden
/// points can make a three or its block false, and when the opponent has a five to
/// make. The board is played on and restored (a four-three's block is read after the
/// four).
pub fn quick_win(board: &mut Board) -> bool {
    let me = board.side_to_move();
    let opp = !me;
    let classes = board.class_counts(me);
    if (classes[1] == 0 && classes[2] == 0)
        || board.rule() == crate::Rule::Renju
        || board.pattern_count(opp, Pattern::Five) > 0
    {
        return false;
    }
    if board.pattern_count(opp, Pattern::Four) == 0
        && board.pattern_count(opp, Pattern::OpenFour) == 0
    {
        return true;
    }
    if classes[2] == 0 {
        return false;
    }
    let four_three =
        |p: [u8; 4]| has_pattern(p, Pattern::Four) && has_pattern(p, Pattern::OpenThree);
    // Collected first (playing a stone changes the frontier), on the stack: this runs at
    // every search node.
    let cells: zerosum::MoveList<usize> = board
        .frontier()
        .iter()
        .map(|&i| usize::from(i))
        .filter(|&i| four_three(board.patterns(i, me)))
        .collect();
    cells.into_iter().any(|i| {
        board.play_unchecked(board.cell_of(i));
        // The four's win points: exactly one, whose block makes no four for the opponent.
        let blocks = {
            let mut w = board.win_points(me);
            (w.next(), w.next())
        };
        let holds = match blocks {
            (Some(block), None) => !board.makes_four(block, opp),
            _ => false,
        };
        board.try_undo();
        holds
    })
}

#[cfg(test)]
fn evaluate_raw(board: &Board) -> i32 {
    evaluate_with(board, &EvalTable::HAND).0
}

/// The hand-set evaluation written out directly (the form it had before the table):
/// the independent reference of [`EvalTable::HAND`].
#[cfg(test)]
fn evaluate_hand_reference(board: &Board) -> i32 {
    let me = board.side_to_move();
    let opp = !me;
    let near = (0..board.cell_count()).filter(|&i| board.raw(i) == 0 && board.near(i) > 0);
    let (mut mine, mut theirs, mut my_class, mut their_class) = (0, 0, 0, 0);
    for (pm, po) in near.map(|i| (board.patterns(i, me), board.patterns(i, opp))) {
        mine += pm.iter().map(|&v| EVAL_WEIGHT[v as usize]).sum::<i32>();
        theirs += po.iter().map(|&v| EVAL_WEIGHT[v as usize]).sum::<i32>();
        my_class = my_class.max(threat_class(pm));
        their_class = their_class.max(threat_class(po));
    }
    let opp_can_four = board.pattern_count(opp, Pattern::Four) > 0
        || board.pattern_count(opp, Pattern::OpenFour) > 0;
    let mut bonus = MY_CLASS[my_class] - THEIR_CLASS[their_class];
    if opp_can_four {
        bonus = MY_CLASS[my_class] / 3 - THEIR_CLASS[their_class];
    }
    mine * 6 / 5 - theirs + bonus
}

#[cfg(test)]
mod tests {
    use super::*;
    use zerosum::Notation;

    #[test]
    fn symmetric_start_is_balanced_and_threats_rank_first() {
        let b = Board::new();
        assert_eq!(evaluate(&b), Score::DRAW);
        assert!(cell_value([7, 0, 0, 0]) > cell_value([6, 0, 0, 0]));
        assert!(cell_value([6, 0, 0, 0]) > cell_value([5, 4, 0, 0]));
        assert!(cell_value([5, 4, 0, 0]) > cell_value([4, 4, 0, 0]));
        assert!(cell_value([4, 4, 0, 0]) > cell_value([5, 0, 0, 0]));
        let b = Board::parse_position("15f:h8a1i8a2j8").unwrap();
        assert!(evaluate_raw(&b) < 0, "white faces an open three");
        let fitted = evaluate_with(&b, &EvalTable::FITTED);
        assert!(fitted.0 < 0, "white faces an open three (fitted)");
    }

    /// The text form reads back to the same table; malformed texts are refused.
    #[test]
    fn table_text_round_trips() {
        for t in [EvalTable::FITTED, EvalTable::HAND] {
            assert_eq!(EvalTable::parse(&t.to_text()), Ok(t));
        }
        assert!(EvalTable::parse("1\n2\n").is_err());
        let mut text = EvalTable::FITTED.to_text();
        text = text.replace("divisor\t10", "divisor\t0");
        assert!(EvalTable::parse(&text).is_err());
        assert!(EvalTable::parse(&EvalTable::FITTED.to_text().replace("\t6\n", "\tx\n")).is_err());
    }

    /// The measured tables of `tables/` (the comparison-training fits, FIGURES.md's
    /// nineteenth session) read as tables for `quirky-pbrain --eval`.
    #[test]
    fn measured_tables_parse() {
        for text in [
            include_str!("../tables/mmto-2ply.eval"),
            include_str!("../tables/mmto-search.eval"),
            include_str!("../tables/mmto-search-mu03.eval"),
        ] {
            let t = EvalTable::parse(text).expect("a table");
            assert_eq!(t.divisor, 10);
        }
    }

    /// A xorshift generator from `seed`: each call gives an index below its argument.
    fn xorshift(mut state: u64) -> impl FnMut(usize) -> usize {
        move |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        }
    }

    /// The table form of the hand-set values gives exactly the directly written sum on
    /// the positions of random games.
    #[test]
    fn hand_table_equals_the_direct_sum() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        let mut checked = 0;
        for _ in 0..20 {
            let mut b = Board::new();
            while b.outcome().is_none() && b.stone_count() < 60 {
                if b.stone_count() > 0 {
                    assert_eq!(evaluate_raw(&b), evaluate_hand_reference(&b), "{b}");
                    assert_eq!(features(&b), features_by_scan(&b), "{b}");
                    checked += 1;
                }
                let near: Vec<usize> = (0..b.cell_count())
                    .filter(|&i| b.raw(i) == 0 && (b.near(i) > 0 || b.stone_count() == 0))
                    .collect();
                b.play(b.cell_of(near[next(near.len())]));
            }
        }
        assert!(checked > 500, "{checked}");
    }

    /// The O(1) double-four test agrees with the scan on the positions of random games
    /// under every rule, for both sides, on the full board and on a solver copy.
    #[test]
    fn double_four_cell_agrees_with_the_scan() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let mut found = 0;
        for rule in [
            crate::Rule::Freestyle,
            crate::Rule::Standard,
            crate::Rule::Renju,
        ] {
            for _ in 0..20 {
                let mut b = Board::with_size(15, rule).unwrap();
                while b.outcome().is_none() && b.stone_count() < 80 {
                    for side in [Side::First, Side::Second] {
                        let want = has_double_four_move(&b, side).is_some();
                        found += usize::from(want);
                        assert_eq!(has_double_four_cell(&b, side), want, "{b}");
                        assert_eq!(has_double_four_cell(&b.solver_copy(), side), want, "{b}");
                    }
                    let near: Vec<usize> = (0..b.cell_count())
                        .filter(|&i| b.raw(i) == 0 && (b.near(i) > 0 || b.stone_count() == 0))
                        .filter(|&i| b.is_legal(b.cell_of(i)))
                        .collect();
                    if near.is_empty() {
                        break;
                    }
                    b.play(b.cell_of(near[next(near.len())]));
                }
            }
        }
        assert!(found > 100, "{found}");
    }
}
