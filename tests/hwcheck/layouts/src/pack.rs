//! The crate's packing convention: elements into 32-bit register words, from the low bits up.
//! The generated `gather` of every layout whose elements are not 16 bits packs with it, and
//! the checks pack and unpack their own registers with the same functions (tested in
//! hwcheck's `values.rs`).

/// Elements (bit patterns of `bits` each) packed into 32-bit words, from the low bits up:
/// element `k * r + j` in bits `j * bits..` of register `r` (64-bit elements take two words,
/// low word first).
pub fn pack_words(elements: &[u64], bits: u32) -> Vec<u32> {
    if bits == 64 {
        return elements
            .iter()
            .flat_map(|&v| [v as u32, (v >> 32) as u32])
            .collect();
    }
    let per = (32 / bits) as usize;
    let mask = element_mask(bits);
    elements
        .chunks(per)
        .map(|chunk| {
            chunk.iter().enumerate().fold(0u32, |w, (j, &v)| {
                w | ((v & mask) << (j as u32 * bits)) as u32
            })
        })
        .collect()
}

/// The low `bits` bits set (`bits` at most 32).
fn element_mask(bits: u32) -> u64 {
    (1u64 << bits) - 1
}

/// The inverse of [`pack_words`]: `count` elements of `bits` each.
pub fn unpack_words(words: &[u32], bits: u32, count: usize) -> Vec<u64> {
    if bits == 64 {
        return words
            .chunks(2)
            .take(count)
            .map(|w| u64::from(w[0]) | u64::from(w[1]) << 32)
            .collect();
    }
    let per = (32 / bits) as usize;
    let mask = element_mask(bits);
    (0..count)
        .map(|e| (u64::from(words[e / per]) >> ((e % per) as u32 * bits)) & mask)
        .collect()
}
