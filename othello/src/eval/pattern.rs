//! A trained pattern evaluation in the style of Logistello and Edax.
//!
//! The value of a position is a sum of table look-ups: each *pattern* (a fixed set of
//! squares) is read as a base-3 number (0 empty, 1 side to move, 2 opponent) that
//! indexes a table of weights, and one weight set is kept per game phase (a bucket of
//! [`BUCKET_WIDTH`] empties). Symmetric placements of a pattern share one table, and a
//! pattern that maps onto itself under a symmetry (an edge under the mirror, a 3×3 corner
//! under the diagonal flip) uses one weight for the two mirrored configurations.
//!
//! Patterns (46 placements, those of Buro's Logistello and of Edax's `eval.c`):
//! an edge with its two X-squares (4), the 3×3 corner (4), the 2×5 corner block (8),
//! rows/columns 2, 3 and 4 (4 each), the diagonals of length 8 (2), 7, 6, 5 and 4 (4
//! each). Besides the patterns: the number of legal moves of each side (one table each,
//! capped at 31), the potential mobility of each side (empty squares next to an
//! opponent's disc, capped at 63; Logistello's and Egaroucid's "surround" term) and the
//! parity of the empties (two weights, the phase's constant).
//!
//! The pattern indices are had three ways, all equal:
//! - [`PatternIndices`], updated move by move beside the copy-make [`Board`]s of the
//!   searches (Edax's `eval_update` idea): each square has a vector of the `3^k` it adds
//!   to the placements through it, and a move adds the played square's and the turned
//!   discs' vectors; [`PatternWeights::value_with`] reads the weights from them;
//! - [`PatternIndices::new`], from scratch by eight rank look-ups a side (what
//!   [`PatternWeights::value`] does);
//! - [`features`], read off the two bitboards: the eight symmetric images of the board
//!   are computed with a few shifts and masks, and each placement is read in the a1
//!   corner of one image (rows by a shift, diagonals by the multiplication that gathers
//!   one bit per file into the top byte). The training uses it, and the tests compare
//!   the other two with it.
//!
//! The weights are fitted by [`crate::train`] (least squares on positions labelled by
//! the exact solver) and shipped in the crate as `weights.bin`
//! (see [`PatternWeights::decode`] for the format).
//!
//! Sources: M. Buro, "Experiments with Multi-ProbCut and a New High-Quality Evaluation
//! Function for Othello" (1997) and "From Simple Features to Sophisticated Evaluation
//! Functions" (1998); Edax 4 (`abulmo/edax-reversi`, `src/eval.c`) for the pattern set.

use crate::movegen::potential_moves;
use crate::{Board, Othello};
use std::sync::OnceLock;
use zerosum::hash::fnv1a;
use zerosum::{Evaluator, Score};

/// Evaluation units per disc: values are in hundredths of a disc.
pub const SCALE: i32 = 100;
/// Empties per weight set.
pub const BUCKET_WIDTH: u32 = 4;
/// Number of weight sets (phases): empties 0..=60 in buckets of [`BUCKET_WIDTH`].
pub const BUCKETS: usize = 16;
/// Number of features (table look-ups) per position.
pub const FEATURES: usize = 51;

/// The kinds of table: size (3^squares for a pattern) and the symmetry of the pattern
/// (a permutation of its squares that maps it onto itself, or none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Edge2X,
    Corner3x3,
    Corner2x5,
    Row2,
    Row3,
    Row4,
    Diag8,
    Diag7,
    Diag6,
    Diag5,
    Diag4,
    MobilityPlayer,
    MobilityOpponent,
    PotentialPlayer,
    PotentialOpponent,
    Parity,
}

const KINDS: [Kind; 16] = [
    Kind::Edge2X,
    Kind::Corner3x3,
    Kind::Corner2x5,
    Kind::Row2,
    Kind::Row3,
    Kind::Row4,
    Kind::Diag8,
    Kind::Diag7,
    Kind::Diag6,
    Kind::Diag5,
    Kind::Diag4,
    Kind::MobilityPlayer,
    Kind::MobilityOpponent,
    Kind::PotentialPlayer,
    Kind::PotentialOpponent,
    Kind::Parity,
];

const fn pow3(n: u32) -> usize {
    let mut r = 1;
    let mut i = 0;
    while i < n {
        r *= 3;
        i += 1;
    }
    r
}

impl Kind {
    /// Number of squares of a pattern (0 for the non-pattern tables).
    const fn squares(self) -> u32 {
        match self {
            Kind::Edge2X | Kind::Corner2x5 => 10,
            Kind::Corner3x3 => 9,
            Kind::Row2 | Kind::Row3 | Kind::Row4 | Kind::Diag8 => 8,
            Kind::Diag7 => 7,
            Kind::Diag6 => 6,
            Kind::Diag5 => 5,
            Kind::Diag4 => 4,
            _ => 0,
        }
    }

    const fn size(self) -> usize {
        match self {
            Kind::MobilityPlayer | Kind::MobilityOpponent => 32,
            Kind::PotentialPlayer | Kind::PotentialOpponent => 64,
            Kind::Parity => 2,
            k => pow3(k.squares()),
        }
    }

    /// The symmetric square order: position `i` of the pattern maps to `perm[i]`.
    fn symmetry(self) -> Option<Vec<usize>> {
        match self {
            Kind::Edge2X => Some(vec![7, 6, 5, 4, 3, 2, 1, 0, 9, 8]),
            Kind::Corner3x3 => Some(vec![0, 3, 6, 1, 4, 7, 2, 5, 8]),
            Kind::Row2 | Kind::Row3 | Kind::Row4 => Some((0..8).rev().collect()),
            Kind::Diag8 | Kind::Diag7 | Kind::Diag6 | Kind::Diag5 | Kind::Diag4 => {
                Some((0..self.squares() as usize).rev().collect())
            }
            _ => None,
        }
    }
}

/// Offsets of each kind's table in one phase's weights.
const OFFSETS: [usize; 17] = {
    let mut t = [0usize; 17];
    let mut i = 0;
    while i < 16 {
        t[i + 1] = t[i] + KINDS[i].size();
        i += 1;
    }
    t
};

/// Number of weights in one phase.
pub const PHASE_WEIGHTS: usize = OFFSETS[16];

/// Binary to ternary: `TERN[b] = Σ 3^i` over the set bits `i` of `b` (10 bits).
const TERN: [u16; 1024] = {
    let mut t = [0u16; 1024];
    let mut b = 0;
    while b < 1024 {
        let mut v = 0usize;
        let mut i = 0;
        while i < 10 {
            if b >> i & 1 != 0 {
                v += pow3(i);
            }
            i += 1;
        }
        t[b] = v as u16;
        b += 1;
    }
    t
};

/// Mirror left-right (file a ↔ file h).
#[inline]
fn mirror(x: u64) -> u64 {
    x.reverse_bits().swap_bytes()
}

/// Mirror top-bottom (rank 1 ↔ rank 8).
#[inline]
fn flip(x: u64) -> u64 {
    x.swap_bytes()
}

/// Transpose on the a1–h8 diagonal (the chess programming wiki's `flipDiagA1H8`).
#[inline]
fn transpose(mut x: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0f0f_0f0f_0000_0000;
    let t = K4 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = K2 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = K1 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// Gathers the bits of `x` on the diagonal of length `len` that starts on the first
/// rank and ends on the h-file, in file order.
#[inline]
fn diagonal(x: u64, len: u32) -> usize {
    const MAIN: u64 = 0x8040_2010_0804_0201;
    let mask = MAIN << (8 - len) & DIAG_CLIP[len as usize];
    ((((x & mask).wrapping_mul(0x0101_0101_0101_0101)) >> 56) >> (8 - len)) as usize
}

/// The squares right of file `8 − len` (to clip the shifted main diagonal).
const DIAG_CLIP: [u64; 9] = {
    let mut t = [0u64; 9];
    let mut len = 1;
    while len <= 8 {
        let mut m = 0u64;
        let mut sq = 0;
        while sq < 64 {
            if sq % 8 >= 8 - len {
                m |= 1 << sq;
            }
            sq += 1;
        }
        t[len] = m;
        len += 1;
    }
    t
};

#[inline]
fn index(p: usize, o: usize) -> u32 {
    TERN[p] as u32 + 2 * TERN[o] as u32
}

/// The feature indices of `board` (for its side to move), each an index into one
/// phase's weights ([`PHASE_WEIGHTS`] of them).
#[inline]
pub fn features(board: Board) -> [u32; FEATURES] {
    let (p, o) = (board.player, board.opponent);
    let (pt, ot) = (transpose(p), transpose(o));
    // The eight images: identity, mirror, flip, rotation by 180°, and the same of the
    // transposed board.
    let imgs = [
        (p, o),
        (mirror(p), mirror(o)),
        (flip(p), flip(o)),
        (flip(mirror(p)), flip(mirror(o))),
        (pt, ot),
        (mirror(pt), mirror(ot)),
        (flip(pt), flip(ot)),
        (flip(mirror(pt)), flip(mirror(ot))),
    ];
    let mut f = [0u32; FEATURES];
    let mut n = 0;
    let mut push = |kind: usize, idx: u32| {
        f[n] = OFFSETS[kind] as u32 + idx;
        n += 1;
    };
    let edge = |x: u64| ((x & 0xFF) | (x >> 1 & 0x100) | (x >> 5 & 0x200)) as usize;
    let c33 = |x: u64| ((x & 7) | (x >> 5 & 0x38) | (x >> 10 & 0x1C0)) as usize;
    let c25 = |x: u64| ((x & 0x1F) | (x >> 3 & 0x3E0)) as usize;
    let row = |x: u64, r: u32| (x >> (8 * r) & 0xFF) as usize;
    for &i in &[0, 2, 4, 6] {
        let (a, b) = imgs[i];
        push(0, index(edge(a), edge(b)));
    }
    for &(a, b) in &imgs[..4] {
        push(1, index(c33(a), c33(b)));
    }
    for &(a, b) in &imgs {
        push(2, index(c25(a), c25(b)));
    }
    for r in 1..4u32 {
        for &i in &[0, 2, 4, 6] {
            let (a, b) = imgs[i];
            push(2 + r as usize, index(row(a, r), row(b, r)));
        }
    }
    for &(a, b) in &imgs[..2] {
        push(6, index(diagonal(a, 8), diagonal(b, 8)));
    }
    for len in (4..8u32).rev() {
        for &i in &[0, 1, 2, 4] {
            let (a, b) = imgs[i];
            push(
                6 + (8 - len) as usize,
                index(diagonal(a, len), diagonal(b, len)),
            );
        }
    }
    let mp = board.moves().count_ones().min(31);
    let mo = board.opponent_moves().count_ones().min(31);
    push(11, mp);
    push(12, mo);
    push(13, potential_moves(p, o).count_ones().min(63));
    push(14, potential_moves(o, p).count_ones().min(63));
    push(15, board.empties() & 1);
    f
}

/// Number of pattern placements (table look-ups read from the board's squares); the
/// other features of [`features`] are the mobility, potential mobility and parity terms.
pub const PATTERNS: usize = 46;

/// Lanes of [`PatternIndices`]: the placements padded to a multiple of 16 (the extra
/// lanes stay 0), so that an update is a few whole vector additions.
const LANES: usize = 48;

/// The image `s` (0–7) of square `sq`: the original square read at `sq` in the image
/// (bit 0 mirrors the files, bit 1 the ranks, bit 2 transposes), as in [`features`].
const fn image_square(s: usize, sq: usize) -> usize {
    let (mut x, mut y) = (sq % 8, sq / 8);
    if s & 1 != 0 {
        x = 7 - x;
    }
    if s & 2 != 0 {
        y = 7 - y;
    }
    if s >= 4 {
        let t = x;
        x = y;
        y = t;
    }
    y * 8 + x
}

/// For each placement, in [`features`]'s order: its table's kind and the squares of its
/// digits (digit `k` weighs `3^k`), with its length.
const PLACEMENTS: [(usize, [u8; 10], usize); PATTERNS] = {
    let mut t = [(0usize, [0u8; 10], 0usize); PATTERNS];
    let mut n = 0;
    // Adds the placement of `squares[..len]` (squares of the a1 corner's image) in image `s`.
    const fn place(
        mut t: [(usize, [u8; 10], usize); PATTERNS],
        n: usize,
        kind: usize,
        s: usize,
        squares: [usize; 10],
        len: usize,
    ) -> [(usize, [u8; 10], usize); PATTERNS] {
        let mut sq = [0u8; 10];
        let mut k = 0;
        while k < len {
            sq[k] = image_square(s, squares[k]) as u8;
            k += 1;
        }
        t[n] = (kind, sq, len);
        t
    }
    let edge = [0, 1, 2, 3, 4, 5, 6, 7, 9, 14];
    let c33 = [0, 1, 2, 8, 9, 10, 16, 17, 18, 0];
    let c25 = [0, 1, 2, 3, 4, 8, 9, 10, 11, 12];
    let quarter = [0, 2, 4, 6];
    let mut i = 0;
    while i < 4 {
        t = place(t, n, 0, quarter[i], edge, 10);
        n += 1;
        i += 1;
    }
    let mut s = 0;
    while s < 4 {
        t = place(t, n, 1, s, c33, 9);
        n += 1;
        s += 1;
    }
    s = 0;
    while s < 8 {
        t = place(t, n, 2, s, c25, 10);
        n += 1;
        s += 1;
    }
    let mut r = 1;
    while r < 4 {
        let mut row = [0usize; 10];
        let mut x = 0;
        while x < 8 {
            row[x] = 8 * r + x;
            x += 1;
        }
        i = 0;
        while i < 4 {
            t = place(t, n, 2 + r, quarter[i], row, 8);
            n += 1;
            i += 1;
        }
        r += 1;
    }
    let mut len = 8;
    while len >= 4 {
        // The diagonal of length `len` from the first rank to the h-file.
        let mut d = [0usize; 10];
        let mut j = 0;
        while j < len {
            d[j] = 8 * j + 8 - len + j;
            j += 1;
        }
        let images: [usize; 4] = if len == 8 { [0, 1, 9, 9] } else { [0, 1, 2, 4] };
        i = 0;
        while i < 4 && images[i] != 9 {
            t = place(t, n, 6 + 8 - len, images[i], d, len);
            n += 1;
            i += 1;
        }
        len -= 1;
    }
    assert!(n == PATTERNS);
    t
};

/// Each placement's table offset in one phase's weights.
const PLACEMENT_OFFSETS: [usize; PATTERNS] = {
    let mut t = [0usize; PATTERNS];
    let mut i = 0;
    while i < PATTERNS {
        t[i] = OFFSETS[PLACEMENTS[i].0];
        i += 1;
    }
    t
};

/// One 16-bit value per placement (and padding), placement `i` in lane `i`.
///
/// Additions and subtractions wrap (a step in between may leave a lane's range; the
/// final index of a placement is below `3^10`): 48 lanes of 16 bits are three 256-bit
/// (or six 128-bit) vector operations, and a lane is read by one 16-bit load.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(32))]
struct Lanes([u16; LANES]);

impl Lanes {
    const ZERO: Lanes = Lanes([0; LANES]);

    #[inline(always)]
    fn add(&mut self, d: &Lanes) {
        for (a, b) in self.0.iter_mut().zip(d.0.iter()) {
            *a = a.wrapping_add(*b);
        }
    }

    #[inline(always)]
    fn sub(&mut self, d: &Lanes) {
        for (a, b) in self.0.iter_mut().zip(d.0.iter()) {
            *a = a.wrapping_sub(*b);
        }
    }

    /// The value of placement `i`.
    #[inline(always)]
    const fn get(&self, i: usize) -> usize {
        self.0[i] as usize
    }
}

/// Per square, what one disc of digit 1 there adds to each placement's index: `3^k` in
/// the lanes of the placements whose digit `k` is that square, 0 elsewhere (Edax's
/// `eval_update`, one vector per square).
static SQUARE_DELTAS: [Lanes; 64] = SQUARE_DELTA_TABLE;

/// Squares per chunk of [`CHUNK_DELTAS`].
const CHUNK: usize = 8;

/// Per chunk of [`CHUNK`] squares (a rank) and each set of discs on it, the sum of those
/// squares' [`SQUARE_DELTAS`]: the indices from scratch in eight look-ups a side
/// (196,608 bytes).
static CHUNK_DELTAS: [[Lanes; 1 << CHUNK]; 64 / CHUNK] = {
    let mut t = [[Lanes::ZERO; 1 << CHUNK]; 64 / CHUNK];
    let mut c = 0;
    while c < 64 / CHUNK {
        let mut v = 0;
        while v < 1 << CHUNK {
            let mut bit = 0;
            while bit < CHUNK {
                if v >> bit & 1 != 0 {
                    let d = &SQUARE_DELTA_TABLE[c * CHUNK + bit];
                    let mut w = 0;
                    while w < LANES {
                        t[c][v].0[w] += d.0[w];
                        w += 1;
                    }
                }
                bit += 1;
            }
            v += 1;
        }
        c += 1;
    }
    t
};

/// The table of [`SQUARE_DELTAS`], for the constant tables built from it.
const SQUARE_DELTA_TABLE: [Lanes; 64] = {
    let mut t = [Lanes::ZERO; 64];
    let mut i = 0;
    while i < PATTERNS {
        let (_, squares, len) = PLACEMENTS[i];
        let mut k = 0;
        while k < len {
            t[squares[k] as usize].0[i] = pow3(k as u32) as u16;
            k += 1;
        }
        i += 1;
    }
    t
};

/// The pattern indices of a position from both sides' points of view, updated move by
/// move instead of read from the bitboards at each evaluation (Buro's Logistello and
/// Edax's `eval_update`): each move adds one table vector per changed square.
///
/// `own` holds the indices for the side to move (digit 1 its discs, 2 the opponent's:
/// [`features`]' convention), `other` those for the opponent; a move updates both and
/// swaps them, a pass swaps them. Kept beside a [`Board`] by the searches (copy-make:
/// [`PatternIndices::play`] returns the child's indices), read by
/// [`PatternWeights::value_with`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatternIndices {
    own: Lanes,
    other: Lanes,
}

impl PatternIndices {
    /// The indices of `board`, computed from its discs (one vector addition per disc).
    #[inline]
    pub fn new(board: Board) -> PatternIndices {
        const MASK: u64 = (1 << CHUNK) - 1;
        let look = |x: u64, c: usize| &CHUNK_DELTAS[c][(x >> (CHUNK * c) & MASK) as usize];
        // Unrolled, as a tree of independent additions (the compiler vectorises
        // straight-line code, not a loop's accumulators).
        let sum = |x: u64| {
            let mut a = *look(x, 0);
            a.add(look(x, 1));
            let mut b = *look(x, 2);
            b.add(look(x, 3));
            let mut c = *look(x, 4);
            c.add(look(x, 5));
            let mut d = *look(x, 6);
            d.add(look(x, 7));
            a.add(&b);
            c.add(&d);
            a.add(&c);
            a
        };
        let (p, o) = (sum(board.player), sum(board.opponent));
        // own = p + 2·o, other = 2·p + o.
        let mut own = p;
        own.add(&o);
        own.add(&o);
        let mut other = o;
        other.add(&p);
        other.add(&p);
        PatternIndices { own, other }
    }

    /// The indices after the side to move plays `sq` turning the discs of `flips` (as
    /// [`Board::play_flips`]).
    #[inline]
    pub fn play(&self, sq: u32, flips: u64) -> PatternIndices {
        let placed = &SQUARE_DELTAS[sq as usize & 63];
        let mut turned = Lanes::ZERO;
        let mut f = flips;
        while f != 0 {
            turned.add(&SQUARE_DELTAS[f.trailing_zeros() as usize]);
            f &= f - 1;
        }
        // For the mover an empty square becomes 1 (+d) and each turned disc 2 → 1;
        // for the opponent the square becomes 2 (+2d) and each turned disc 1 → 2. The
        // opponent moves next.
        let mut own = self.other;
        own.add(placed);
        own.add(placed);
        own.add(&turned);
        let mut other = self.own;
        other.add(placed);
        other.sub(&turned);
        PatternIndices { own, other }
    }

    /// The indices after a pass.
    #[inline]
    pub fn pass(&self) -> PatternIndices {
        PatternIndices {
            own: self.other,
            other: self.own,
        }
    }

    /// The pattern features for the side to move, as the first [`PATTERNS`] entries of
    /// [`features`].
    pub fn features(&self) -> [u32; PATTERNS] {
        let mut f = [0u32; PATTERNS];
        for (i, x) in f.iter_mut().enumerate() {
            *x = (PLACEMENT_OFFSETS[i] + self.own.get(i)) as u32;
        }
        f
    }
}

/// The phase (weight set) of a position with `empties` empty squares.
#[inline]
pub const fn bucket(empties: u32) -> usize {
    let b = (empties / BUCKET_WIDTH) as usize;
    if b < BUCKETS { b } else { BUCKETS - 1 }
}

/// The symmetric image of every configuration of a kind's table (`None` for a kind
/// without symmetry): entry `idx` is the index of the configuration whose square
/// `perm[i]` holds what square `i` holds in `idx` (see [`Kind::symmetry`]).
///
/// Computed from two tables of 243 partial images, one for the five low digits of the
/// index and one for the rest (a pattern has at most ten squares), so that an image
/// costs two look-ups instead of a digit-by-digit conversion.
fn symmetric_images(kind: Kind) -> Option<Vec<u32>> {
    let perm = kind.symmetry()?;
    let n = kind.squares() as usize;
    // The image puts digit `j` of the index at position `at[j]`.
    let mut at = [0usize; 10];
    for (i, &j) in perm.iter().enumerate() {
        at[j] = i;
    }
    let low_digits = n.min(5);
    let partial = |first: usize, count: usize| -> Vec<u32> {
        (0..pow3(count as u32))
            .map(|mut x| {
                let mut v = 0;
                for &pos in &at[first..first + count] {
                    v += (x % 3) * pow3(pos as u32);
                    x /= 3;
                }
                v as u32
            })
            .collect()
    };
    let low = partial(0, low_digits);
    let high = partial(low_digits, n - low_digits);
    let mut images = Vec::with_capacity(kind.size());
    for &h in &high {
        images.extend(low.iter().map(|&l| h + l));
    }
    Some(images)
}

/// For every index of one phase's weights, the index of the weight it shares (the
/// smaller of the index and its symmetric image, for symmetric patterns).
pub fn canonical_indices() -> Vec<u32> {
    let mut canon: Vec<u32> = (0..PHASE_WEIGHTS as u32).collect();
    for (k, &kind) in KINDS.iter().enumerate() {
        let Some(images) = symmetric_images(kind) else {
            continue;
        };
        for (idx, &sym) in images.iter().enumerate() {
            canon[OFFSETS[k] + idx] = OFFSETS[k] as u32 + (idx as u32).min(sym);
        }
    }
    canon
}

/// The indices of one phase's weights that share another's (their symmetric image is
/// smaller), each with the index it takes its value from: `(shared, canonical)`.
fn shared_indices() -> Vec<(u32, u32)> {
    let mut pairs = Vec::new();
    for (k, &kind) in KINDS.iter().enumerate() {
        let Some(images) = symmetric_images(kind) else {
            continue;
        };
        let base = OFFSETS[k] as u32;
        pairs.extend(
            images
                .iter()
                .enumerate()
                .filter(|&(idx, &sym)| sym < idx as u32)
                .map(|(idx, &sym)| (base + idx as u32, base + sym)),
        );
    }
    pairs
}

/// Gives every shared index of every phase of `w` (phase-major, `BUCKETS ×
/// PHASE_WEIGHTS` and more) the value of its canonical index.
fn fill_shared(w: &mut [i16]) {
    let pairs = shared_indices();
    for phase in w[..BUCKETS * PHASE_WEIGHTS].chunks_exact_mut(PHASE_WEIGHTS) {
        for &(shared, canonical) in &pairs {
            phase[shared as usize] = phase[canonical as usize];
        }
    }
}

/// Errors reading a weight file.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum WeightsError {
    /// The file does not start with the magic bytes `ZSOW`.
    #[error("not a zerosum othello weight file (bad magic)")]
    BadMagic,
    /// A format version this code does not read.
    #[error("weight file version {0}, expected {VERSION}")]
    Version(u32),
    /// The dimensions in the header differ from this code's pattern set.
    #[error("weight file has {0} phases of {1} weights, expected {BUCKETS} of {PHASE_WEIGHTS}")]
    Shape(u32, u32),
    /// The payload's checksum differs from the header's.
    #[error("weight file checksum mismatch")]
    Checksum,
    /// The payload ended early or has trailing bytes.
    #[error("weight file payload is truncated or malformed")]
    Malformed,
}

/// The weight file format version.
pub const VERSION: u32 = 2;

/// Zero weights after the last phase, so that any phase's table read at its offset plus
/// any `u16` index stays inside the vector: [`PatternWeights::value_with`] then reads
/// each placement's weight without a bounds check.
const TAIL: usize = 1 << 16;

/// One phase's weights and the [`TAIL`] after them, as the fixed-size slice that
/// [`PatternWeights::value_with`] reads.
type PhaseTable = [i16; PHASE_WEIGHTS + TAIL];

/// The weights of all phases, expanded (symmetric indices filled in).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternWeights {
    /// `BUCKETS × PHASE_WEIGHTS` weights, phase-major, then [`TAIL`] zeros.
    w: Vec<i16>,
}

impl PatternWeights {
    /// All-zero weights.
    pub fn zero() -> PatternWeights {
        PatternWeights {
            w: vec![0; BUCKETS * PHASE_WEIGHTS + TAIL],
        }
    }

    /// Weights from per-phase values in hundredths of a disc (`BUCKETS × PHASE_WEIGHTS`,
    /// phase-major); symmetric indices take the value of their canonical index.
    ///
    /// # Panics
    /// When `values` does not hold exactly `BUCKETS × PHASE_WEIGHTS` values.
    pub fn from_values(values: &[i16]) -> PatternWeights {
        assert_eq!(values.len(), BUCKETS * PHASE_WEIGHTS);
        let mut w = Vec::with_capacity(BUCKETS * PHASE_WEIGHTS + TAIL);
        w.extend_from_slice(values);
        w.resize(BUCKETS * PHASE_WEIGHTS + TAIL, 0);
        fill_shared(&mut w);
        PatternWeights { w }
    }

    /// The value of `board` for its side to move, in [`SCALE`] units per disc.
    /// The pattern indices are summed from the discs ([`PatternIndices::new`]); the same
    /// value as the sum of the weights of [`features`].
    #[inline]
    pub fn value(&self, board: Board) -> i32 {
        self.value_with(board, &PatternIndices::new(board))
    }

    /// The value of `board` as the sum of the weights of its [`features`] (read from the
    /// bitboards): the reference for [`PatternWeights::value`].
    pub fn value_of_features(&self, board: Board) -> i32 {
        let base = bucket(board.empties()) * PHASE_WEIGHTS;
        let t = &self.w[base..base + PHASE_WEIGHTS];
        features(board).iter().map(|&i| t[i as usize] as i32).sum()
    }

    /// The value of `board` for its side to move, in [`SCALE`] units per disc, with its
    /// pattern indices already known (`indices` must be those of `board`, e.g. carried
    /// along a search by [`PatternIndices::play`]): the same value as
    /// [`PatternWeights::value`] without computing the indices.
    #[inline]
    pub fn value_with(&self, board: Board, indices: &PatternIndices) -> i32 {
        let (p, o) = (board.player, board.opponent);
        let mp = board.moves().count_ones().min(31) as usize;
        let mo = board.opponent_moves().count_ones().min(31) as usize;
        let pp = potential_moves(p, o).count_ones().min(63) as usize;
        let po = potential_moves(o, p).count_ones().min(63) as usize;
        let base = bucket(board.empties()) * PHASE_WEIGHTS;
        let t: &PhaseTable = self.w[base..base + PHASE_WEIGHTS + TAIL]
            .try_into()
            .expect("a phase and the tail");
        let x = &indices.own;
        // Unrolled: each offset is a constant and each index below 2^16, so every read
        // is inside `t` without a check.
        macro_rules! sum {
            ($($i:literal)*) => { 0 $(+ t[PLACEMENT_OFFSETS[$i] + x.get($i)] as i32)* };
        }
        sum!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28
            29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45)
            + t[OFFSETS[11] + mp] as i32
            + t[OFFSETS[12] + mo] as i32
            + t[OFFSETS[13] + pp] as i32
            + t[OFFSETS[14] + po] as i32
            + t[OFFSETS[15] + (board.empties() & 1) as usize] as i32
    }

    /// The compact binary form: `ZSOW`, version (u32 LE), phases (u32), weights per
    /// phase (u32), FNV-1a 64 checksum of the payload (u64), payload length (u32), then
    /// the payload: the canonical weights (non-canonical ones written as 0) in phase
    /// order, each a zigzag LEB128 varint, a 0 being followed by the varint count of
    /// further zeros in the run.
    pub fn encode(&self) -> Vec<u8> {
        let canon = canonical_indices();
        let mut vals = Vec::with_capacity(self.w.len());
        for b in 0..BUCKETS {
            for (i, &c) in canon.iter().enumerate() {
                vals.push(if c as usize == i {
                    self.w[b * PHASE_WEIGHTS + i]
                } else {
                    0
                });
            }
        }
        let mut payload = Vec::new();
        let mut i = 0;
        while i < vals.len() {
            if vals[i] == 0 {
                let mut j = i + 1;
                while j < vals.len() && vals[j] == 0 {
                    j += 1;
                }
                payload.push(0);
                put_varint(&mut payload, (j - i - 1) as u64);
                i = j;
            } else {
                let v = vals[i] as i64;
                put_varint(&mut payload, ((v << 1) ^ (v >> 63)) as u64);
                i += 1;
            }
        }
        let mut out = Vec::with_capacity(payload.len() + 28);
        out.extend_from_slice(b"ZSOW");
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(BUCKETS as u32).to_le_bytes());
        out.extend_from_slice(&(PHASE_WEIGHTS as u32).to_le_bytes());
        out.extend_from_slice(&fnv1a(&payload).to_le_bytes());
        out.extend_from_slice(&(payload.len() as u32).to_le_bytes());
        out.extend_from_slice(&payload);
        out
    }

    /// Reads the form written by [`PatternWeights::encode`].
    ///
    /// # Errors
    /// [`WeightsError`] for a wrong magic, version, shape or checksum, or a malformed
    /// payload.
    pub fn decode(bytes: &[u8]) -> Result<PatternWeights, WeightsError> {
        let u32_at = |i: usize| -> Result<u32, WeightsError> {
            bytes
                .get(i..i + 4)
                .map(|s| u32::from_le_bytes(s.try_into().expect("4 bytes")))
                .ok_or(WeightsError::Malformed)
        };
        if bytes.get(..4) != Some(b"ZSOW") {
            return Err(WeightsError::BadMagic);
        }
        let version = u32_at(4)?;
        if version != VERSION {
            return Err(WeightsError::Version(version));
        }
        let (phases, per) = (u32_at(8)?, u32_at(12)?);
        if phases as usize != BUCKETS || per as usize != PHASE_WEIGHTS {
            return Err(WeightsError::Shape(phases, per));
        }
        let sum = bytes
            .get(16..24)
            .map(|s| u64::from_le_bytes(s.try_into().expect("8 bytes")))
            .ok_or(WeightsError::Malformed)?;
        let len = u32_at(24)? as usize;
        let payload = bytes.get(28..).ok_or(WeightsError::Malformed)?;
        if payload.len() != len {
            return Err(WeightsError::Malformed);
        }
        if fnv1a(payload) != sum {
            return Err(WeightsError::Checksum);
        }
        // The values go straight to their place in the expanded table, which starts
        // all zero, so a run of zeros only moves the position.
        let total = BUCKETS * PHASE_WEIGHTS;
        let mut w = vec![0i16; total + TAIL];
        let (mut n, mut pos) = read_short_tokens(payload, &mut w[..total]);
        while pos < payload.len() {
            let v = get_varint(payload, &mut pos)?;
            if v == 0 {
                let run = get_varint(payload, &mut pos)?;
                n = usize::try_from(run)
                    .ok()
                    .and_then(|r| (n + 1).checked_add(r))
                    .filter(|&end| end <= total)
                    .ok_or(WeightsError::Malformed)?;
            } else {
                if n >= total {
                    return Err(WeightsError::Malformed);
                }
                w[n] = zigzag_i16(v).ok_or(WeightsError::Malformed)?;
                n += 1;
            }
        }
        if n != total {
            return Err(WeightsError::Malformed);
        }
        fill_shared(&mut w);
        Ok(PatternWeights { w })
    }
}

/// The `i16` whose zigzag code is `v`, if there is one.
#[inline]
fn zigzag_i16(v: u64) -> Option<i16> {
    i16::try_from(((v >> 1) as i64) ^ -((v & 1) as i64)).ok()
}

/// A varint of at most three bytes at the low end of `x` (little-endian bytes): its
/// value and length, or `None` if it is longer.
#[inline(always)]
fn short_varint(x: u64) -> Option<(u64, usize)> {
    let more0 = x >> 7 & 1;
    let more1 = more0 & x >> 15 & 1;
    if more1 & x >> 23 & 1 != 0 {
        return None;
    }
    let value =
        (x & 0x7F) | (((x >> 1) & (0x7F << 7)) * more0) | (((x >> 2) & (0x7F << 14)) * more1);
    Some((value, 1 + (more0 + more1) as usize))
}

/// Reads the leading tokens of a weight payload into `w` (all zero, one phase after
/// another) and returns how many values and bytes they took, for the general loop of
/// [`PatternWeights::decode`] to go on from there.
///
/// The payload's tokens (a value, or a zero and the length of its run) come in an
/// unpredictable mix of one- and two-byte forms, so a loop that branches on the form
/// mispredicts about every other token. Here each token is read from one 8-byte word
/// with arithmetic instead: the value is written whether or not it is zero (the table
/// is zero already), and the run length counts only for a zero. It stops before a token
/// with a varint over three bytes, one that would not fit in `w`, or the last 8 bytes.
fn read_short_tokens(payload: &[u8], w: &mut [i16]) -> (usize, usize) {
    let (mut n, mut pos) = (0usize, 0usize);
    while let Some(word) = payload.get(pos..pos + 8) {
        let x = u64::from_le_bytes(word.try_into().expect("8 bytes"));
        let Some((v, len)) = short_varint(x) else {
            break;
        };
        let Some(value) = zigzag_i16(v) else {
            break;
        };
        let zero = usize::from(v == 0);
        let (run, run_len) = short_varint(x >> (8 * len)).unwrap_or((u64::MAX, 0));
        let end = n + 1 + zero * (run as usize).min(w.len());
        if n >= w.len() || end > w.len() || (zero == 1 && run_len == 0) {
            break;
        }
        w[n] = value;
        pos += len + zero * run_len;
        n = end;
    }
    (n, pos)
}

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

#[inline]
fn get_varint(bytes: &[u8], pos: &mut usize) -> Result<u64, WeightsError> {
    // Most values take one byte.
    let first = *bytes.get(*pos).ok_or(WeightsError::Malformed)?;
    *pos += 1;
    if first & 0x80 == 0 {
        return Ok(first as u64);
    }
    let mut v = (first & 0x7F) as u64;
    let mut shift = 7;
    loop {
        let b = *bytes.get(*pos).ok_or(WeightsError::Malformed)?;
        *pos += 1;
        if shift > 63 {
            return Err(WeightsError::Malformed);
        }
        v |= ((b & 0x7F) as u64) << shift;
        if b & 0x80 == 0 {
            return Ok(v);
        }
        shift += 7;
    }
}

/// The shipped weight file (see the crate README for the command that made it).
pub const SHIPPED_WEIGHTS: &[u8] = include_bytes!("weights.bin");

/// The shipped weights, decoded once.
pub fn shipped() -> &'static PatternWeights {
    static W: OnceLock<PatternWeights> = OnceLock::new();
    W.get_or_init(|| {
        PatternWeights::decode(SHIPPED_WEIGHTS).expect("the shipped weight file is valid")
    })
}

/// The trained pattern evaluation with the shipped weights, for the side to move, in
/// hundredths of a disc ([`SCALE`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Pattern;

impl Pattern {
    /// The value of `board` for its side to move (hundredths of a disc).
    #[inline]
    pub fn value(board: Board) -> i32 {
        shipped().value(board)
    }
}

/// The largest evaluation a search uses, in hundredths of a disc: 64 discs, the widest
/// final disc difference. The regression can reach beyond it on lopsided boards; the
/// midgame search ([`crate::midgame`]) and the core search's evaluators clamp to it,
/// so that an analysis and a search of the same depth give the same values.
pub const MAX_VALUE: i32 = 64 * SCALE;

/// [`Pattern::value`] clamped to ±[`MAX_VALUE`].
impl Evaluator<Othello> for Pattern {
    fn evaluate(&mut self, game: &Othello) -> Score {
        Score::heuristic(Pattern::value(game.board()).clamp(-MAX_VALUE, MAX_VALUE))
    }
}

/// Weights loaded at run time (a file made by `cargo xtask train-othello --out`) used as
/// an evaluation, in hundredths of a disc: for matches between weight sets.
impl Evaluator<Othello> for PatternWeights {
    fn evaluate(&mut self, game: &Othello) -> Score {
        Score::heuristic(self.value(game.board()).clamp(-MAX_VALUE, MAX_VALUE))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The square read at position `i` of each placement, by a slow per-square
    /// transform: checks the bit tricks against plain coordinates.
    fn slow_features(board: Board) -> Vec<u32> {
        let sym = |s: usize, sq: usize| -> usize {
            // image s maps original square to image square; we need the inverse: the
            // original square seen at image square `sq`.
            let (x, y) = (sq % 8, sq / 8);
            let (x, y) = if s & 1 != 0 { (7 - x, y) } else { (x, y) };
            let (x, y) = if s & 2 != 0 { (x, 7 - y) } else { (x, y) };
            let (x, y) = if s >= 4 { (y, x) } else { (x, y) };
            y * 8 + x
        };
        let img = [0usize, 1, 2, 3, 4, 5, 6, 7];
        let read = |s: usize, squares: &[usize]| -> u32 {
            let mut v = 0u32;
            for (i, &sq) in squares.iter().enumerate() {
                let o = sym(s, sq);
                let d = if board.player >> o & 1 != 0 {
                    1
                } else if board.opponent >> o & 1 != 0 {
                    2
                } else {
                    0
                };
                v += d * 3u32.pow(i as u32);
            }
            v
        };
        let mut f = Vec::new();
        let edge = [0, 1, 2, 3, 4, 5, 6, 7, 9, 14];
        for s in [0, 2, 4, 6] {
            f.push(OFFSETS[0] as u32 + read(img[s], &edge));
        }
        let c33 = [0, 1, 2, 8, 9, 10, 16, 17, 18];
        for s in 0..4 {
            f.push(OFFSETS[1] as u32 + read(s, &c33));
        }
        let c25 = [0, 1, 2, 3, 4, 8, 9, 10, 11, 12];
        for s in 0..8 {
            f.push(OFFSETS[2] as u32 + read(s, &c25));
        }
        for r in 1..4 {
            let sq: Vec<usize> = (0..8).map(|x| 8 * r + x).collect();
            for s in [0, 2, 4, 6] {
                f.push(OFFSETS[2 + r] as u32 + read(s, &sq));
            }
        }
        let diag = |len: usize| -> Vec<usize> { (0..len).map(|j| 8 * j + 8 - len + j).collect() };
        for s in 0..2 {
            f.push(OFFSETS[6] as u32 + read(s, &diag(8)));
        }
        for len in (4..8).rev() {
            for s in [0, 1, 2, 4] {
                f.push(OFFSETS[6 + 8 - len] as u32 + read(s, &diag(len)));
            }
        }
        f.push(OFFSETS[11] as u32 + board.moves().count_ones().min(31));
        f.push(OFFSETS[12] as u32 + board.opponent_moves().count_ones().min(31));
        f.push(
            OFFSETS[13] as u32
                + potential_moves(board.player, board.opponent)
                    .count_ones()
                    .min(63),
        );
        f.push(
            OFFSETS[14] as u32
                + potential_moves(board.opponent, board.player)
                    .count_ones()
                    .min(63),
        );
        f.push(OFFSETS[15] as u32 + (board.empties() & 1));
        f
    }

    fn random_boards(n: usize) -> Vec<Board> {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        (0..n)
            .map(|_| {
                let a = next();
                let b = next() & !a;
                Board::new(a & next(), b).expect("disjoint")
            })
            .collect()
    }

    #[test]
    fn features_match_a_square_by_square_reading() {
        for b in random_boards(2000) {
            assert_eq!(features(b).to_vec(), slow_features(b), "{b:?}");
        }
    }

    /// Positions of random games (the crate's SplitMix), each with the indices carried
    /// along by [`PatternIndices::play`] and [`PatternIndices::pass`] from the start,
    /// taking back one to three plies at random (the parent's copy, as the searches'
    /// copy-make undo does) and playing on; `(positions, passes, undos)` seen.
    fn walk_random_games(
        games: u64,
        mut visit: impl FnMut(Board, &PatternIndices),
    ) -> (usize, usize, usize) {
        let mut rng = crate::train::SplitMix::new(0x5EED_0013);
        let (mut seen, mut passes, mut undos) = (0, 0, 0);
        for _ in 0..games {
            let mut line = vec![(Board::START, PatternIndices::new(Board::START))];
            loop {
                let (b, ix) = *line.last().expect("a position");
                visit(b, &ix);
                seen += 1;
                if line.len() > 4 && rng.below(8) == 0 {
                    let back = 1 + rng.below(3) as usize;
                    line.truncate(line.len() - back);
                    undos += 1;
                    continue;
                }
                let m = b.moves();
                if m == 0 {
                    if b.opponent_moves() == 0 {
                        break;
                    }
                    passes += 1;
                    line.push((b.pass(), ix.pass()));
                    continue;
                }
                let k = rng.below(m.count_ones() as u64) as usize;
                let sq = zerosum::Bitboard(m).iter().nth(k).expect("k < count");
                let f = b.flips(sq);
                line.push((b.play_flips(sq, f), ix.play(sq, f)));
            }
        }
        (seen, passes, undos)
    }

    #[test]
    fn incremental_indices_equal_the_bitboard_features() {
        let w = shipped();
        let (seen, passes, undos) = walk_random_games(400, |b, ix| {
            let f = features(b);
            assert_eq!(ix.features()[..], f[..PATTERNS], "{b:?}");
            assert_eq!(*ix, PatternIndices::new(b), "{b:?}");
            assert_eq!(w.value_with(b, ix), w.value_of_features(b), "{b:?}");
            assert_eq!(w.value(b), w.value_of_features(b), "{b:?}");
        });
        assert!(
            seen > 20_000 && passes > 50 && undos > 2_000,
            "{seen} {passes} {undos}"
        );
    }

    #[test]
    fn placements_cover_distinct_square_sets() {
        // Each placement reads a distinct set of squares: mark one square at a time and
        // collect which features change.
        let empty = features(Board::new(0, 0).unwrap());
        let mut sets = vec![0u64; FEATURES];
        for sq in 0..64 {
            let f = features(Board::new(0, 1 << sq).unwrap());
            for i in 0..46 {
                if f[i] != empty[i] {
                    sets[i] |= 1 << sq;
                }
            }
        }
        let mut seen = std::collections::HashSet::new();
        for s in &sets[..46] {
            assert!(seen.insert(*s), "duplicate placement {s:x}");
        }
    }

    #[test]
    fn symmetric_boards_evaluate_alike() {
        let values: Vec<i16> = (0..BUCKETS * PHASE_WEIGHTS)
            .map(|i| ((i * 7919) % 201) as i16 - 100)
            .collect();
        let w = PatternWeights::from_values(&values);
        for b in random_boards(500) {
            let v = w.value(b);
            for (p, o) in [
                (mirror(b.player), mirror(b.opponent)),
                (flip(b.player), flip(b.opponent)),
                (transpose(b.player), transpose(b.opponent)),
            ] {
                assert_eq!(w.value(Board::new(p, o).unwrap()), v);
            }
        }
    }

    #[test]
    fn encoding_round_trips_and_detects_damage() {
        let values: Vec<i16> = (0..BUCKETS * PHASE_WEIGHTS)
            .map(|i| {
                if i % 5 == 0 {
                    (i % 300) as i16 - 150
                } else {
                    0
                }
            })
            .collect();
        let w = PatternWeights::from_values(&values);
        let bytes = w.encode();
        assert_eq!(PatternWeights::decode(&bytes), Ok(w));
        let mut bad = bytes.clone();
        let last = bad.len() - 1;
        bad[last] ^= 1;
        assert_eq!(PatternWeights::decode(&bad), Err(WeightsError::Checksum));
        assert_eq!(PatternWeights::decode(b"nope"), Err(WeightsError::BadMagic));
        assert!(PatternWeights::decode(&bytes[..20]).is_err());
    }

    #[test]
    fn shipped_weights_decode() {
        let _ = shipped();
    }

    /// The canonical indices by a digit-by-digit conversion of every index.
    fn slow_canonical_indices() -> Vec<u32> {
        let mut canon: Vec<u32> = (0..PHASE_WEIGHTS as u32).collect();
        for (k, kind) in KINDS.iter().enumerate() {
            let Some(perm) = kind.symmetry() else {
                continue;
            };
            let n = kind.squares() as usize;
            for idx in 0..kind.size() {
                let digits: Vec<usize> = (0..n).map(|i| idx / pow3(i as u32) % 3).collect();
                let sym: usize = (0..n).map(|i| digits[perm[i]] * pow3(i as u32)).sum();
                canon[OFFSETS[k] + idx] = (OFFSETS[k] + idx.min(sym)) as u32;
            }
        }
        canon
    }

    /// The weight file read the plain way: every value into one list (zero runs
    /// expanded), then each index of each phase given the value of its canonical index.
    fn slow_decode(bytes: &[u8]) -> PatternWeights {
        let payload = &bytes[28..];
        let mut vals: Vec<i16> = Vec::new();
        let mut pos = 0;
        let varint = |pos: &mut usize| -> u64 {
            let (mut v, mut shift) = (0u64, 0);
            loop {
                let b = payload[*pos];
                *pos += 1;
                v |= ((b & 0x7F) as u64) << shift;
                if b < 0x80 {
                    return v;
                }
                shift += 7;
            }
        };
        while pos < payload.len() {
            let v = varint(&mut pos);
            if v == 0 {
                let run = varint(&mut pos) as usize;
                vals.extend(std::iter::repeat_n(0, run + 1));
            } else {
                vals.push((((v >> 1) as i64) ^ -((v & 1) as i64)) as i16);
            }
        }
        let canon = slow_canonical_indices();
        let mut w = vec![0i16; BUCKETS * PHASE_WEIGHTS + TAIL];
        for b in 0..BUCKETS {
            for (i, &c) in canon.iter().enumerate() {
                w[b * PHASE_WEIGHTS + i] = vals[b * PHASE_WEIGHTS + c as usize];
            }
        }
        PatternWeights { w }
    }

    /// A weight file with this payload (header and checksum as [`PatternWeights::encode`]
    /// writes them).
    fn with_header(payload: &[u8]) -> Vec<u8> {
        let mut out = b"ZSOW".to_vec();
        for x in [VERSION, BUCKETS as u32, PHASE_WEIGHTS as u32] {
            out.extend_from_slice(&x.to_le_bytes());
        }
        out.extend_from_slice(&fnv1a(payload).to_le_bytes());
        out.extend_from_slice(&(payload.len() as u32).to_le_bytes());
        out.extend_from_slice(payload);
        out
    }

    #[test]
    fn decoding_reads_long_varints_and_runs_and_rejects_overflows() {
        // Three-byte values (|v| ≥ 8192), the extremes, and zero runs of every varint
        // length up to four bytes (2^21 and more), near the end of the payload too.
        let total = BUCKETS * PHASE_WEIGHTS;
        let mut values = vec![0i16; total];
        for (i, v) in [
            (0, i16::MIN),
            (1, i16::MAX),
            (2, 20_000),
            (3, -9_000),
            (200, 1),
            (20_000, -1),
            (2_300_000, 12_345),
            (total - 2, -20_000),
            (total - 1, 5),
        ] {
            values[i] = v;
        }
        let canon = canonical_indices();
        for (i, v) in values.iter_mut().enumerate() {
            if canon[i % PHASE_WEIGHTS] as usize != i % PHASE_WEIGHTS {
                *v = 0;
            }
        }
        let w = PatternWeights::from_values(&values);
        let bytes = w.encode();
        assert_eq!(PatternWeights::decode(&bytes), Ok(w.clone()));
        assert_eq!(slow_decode(&bytes), w);
        // One value too many, one too few, a run past the end, a value out of range.
        let mut payload = Vec::new();
        put_varint(&mut payload, 0);
        put_varint(&mut payload, total as u64 - 1);
        let full = payload.clone();
        put_varint(&mut payload, 2);
        assert_eq!(
            PatternWeights::decode(&with_header(&payload)),
            Err(WeightsError::Malformed)
        );
        let mut short = Vec::new();
        put_varint(&mut short, 0);
        put_varint(&mut short, total as u64 - 2);
        assert_eq!(
            PatternWeights::decode(&with_header(&short)),
            Err(WeightsError::Malformed)
        );
        let mut long = vec![2, 2, 2, 2, 2, 2, 2, 2, 2, 2];
        put_varint(&mut long, 0);
        put_varint(&mut long, total as u64);
        assert_eq!(
            PatternWeights::decode(&with_header(&long)),
            Err(WeightsError::Malformed)
        );
        let mut wide = vec![2; 12];
        put_varint(&mut wide, 1 << 16);
        put_varint(&mut wide, 0);
        put_varint(&mut wide, total as u64 - 14);
        assert_eq!(
            PatternWeights::decode(&with_header(&wide)),
            Err(WeightsError::Malformed)
        );
        assert_eq!(
            PatternWeights::decode(&with_header(&full)),
            Ok(PatternWeights::zero())
        );
    }

    #[test]
    fn canonical_indices_match_a_digit_by_digit_conversion() {
        assert_eq!(canonical_indices(), slow_canonical_indices());
    }

    #[test]
    fn shipped_weights_decode_to_the_plainly_read_values() {
        let w = PatternWeights::decode(SHIPPED_WEIGHTS).expect("valid");
        let reference = slow_decode(SHIPPED_WEIGHTS);
        assert_eq!(w.w.len(), reference.w.len());
        assert!(w == reference, "the decoded tables differ");
        assert!(w.w.iter().filter(|&&x| x != 0).count() > 1_000_000);
    }
}
