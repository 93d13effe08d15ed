//! SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
//! OOPSLA 2014): the one 64-bit mixer and key generator of every game crate (Zobrist keys,
//! perfect-key hashing); and FNV-1a, the checksum of the crates' binary files (books,
//! weight files) and of the suite data's fingerprints.

/// FNV-1a, 64 bits (Fowler, Noll and Vo; offset basis `0xcbf29ce484222325`, prime
/// `0x100000001b3`): each byte XORed into the hash, then multiplied by the prime.
///
/// ```
/// // The published test vectors: "" and "a".
/// assert_eq!(zerosum::hash::fnv1a(b""), 0xcbf2_9ce4_8422_2325);
/// assert_eq!(zerosum::hash::fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
/// ```
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The golden-ratio increment of SplitMix64's state.
pub const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's finaliser: a bijection on `u64` that spreads every input bit over every
/// output bit.
#[inline]
pub const fn finalize(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One SplitMix64 step: the next state and its output (usable in `const` tables).
///
/// ```
/// // The reference sequence from seed 0 (the algorithm's published C code).
/// let (s, a) = zerosum::hash::splitmix64(0);
/// assert_eq!(a, 0xE220_A839_7B1D_CDAF);
/// assert_eq!(zerosum::hash::splitmix64(s).1, 0x6E78_9E6A_A1B9_65F4);
/// ```
#[inline]
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(GOLDEN_GAMMA);
    (s, finalize(s))
}
