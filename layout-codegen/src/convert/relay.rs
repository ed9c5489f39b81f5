//! The relay form of `#[convert_layout]` (`layout_core::convert::Relay`): 16-bit values two to
//! a `u32` word, each swap of a lane bit `i` with an in-lane bit `j` one shuffle with `lane ^
//! 1 << i` per two words, then the in-lane order by shifts and masks. Worked for the `m8n8k4`
//! A operand's row to column order (two words; lane bit 0 with the half, lane bit 1 with the
//! word):
//!
//! ```text
//! let __fl_u = __fl_l as u32;
//! let [__fl_w0, __fl_w1] = *__fl_from;
//! // lane bit 0 with the half: a lane whose bit is 1 sends its low halves, packed
//! let __fl_s = (__fl_u & 1) != 0;
//! let __fl_r = __fl_shuffle(if __fl_s { (__fl_w0 & 0xFFFF) | (__fl_w1 << 16) }
//!                           else { (__fl_w0 >> 16) | (__fl_w1 & 0xFFFF0000) }, __fl_u ^ 1);
//! let (__fl_w0, __fl_w1) = if __fl_s {
//!     ((__fl_w0 & 0xFFFF0000) | (__fl_r & 0xFFFF), (__fl_w1 & 0xFFFF0000) | (__fl_r >> 16))
//! } else {
//!     ((__fl_w0 & 0xFFFF) | (__fl_r << 16), (__fl_w1 & 0xFFFF) | (__fl_r & 0xFFFF0000))
//! };
//! // lane bit 1 with word bit 0: a lane whose bit is 1 sends word 0
//! let __fl_s = (__fl_u & 2) != 0;
//! let __fl_r = __fl_shuffle(if __fl_s { __fl_w0 } else { __fl_w1 }, __fl_u ^ 2);
//! let (__fl_w0, __fl_w1) = if __fl_s { (__fl_r, __fl_w1) } else { (__fl_w0, __fl_r) };
//! [__fl_w0, __fl_w1]                          // the in-lane order (here the identity)
//! ```
//!
//! Why it is the relay: a lane with bit `i` equal to `s` sends the values whose index bit `j`
//! is not `s` and receives its partner's, each at the same index but for bit `j`
//! (`Relay`'s model), so a swap with the half bit sends the halves `h != s` of two words packed
//! in one and puts the halves it reads into the same halves; a swap with word bit `m` sends
//! the word of each pair whose bit `m` is not `s` and puts the word it reads in its place.

use layout_core::convert::Relay;
use proc_macro2::TokenStream;
use std::fmt::Write as _;

/// One shuffle of a relay's swap of lane bit `bit` with an in-lane bit: a lane whose bit is
/// `s` sends half its values to the lane `lane ^ 1 << bit` and puts what it reads in their
/// place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Exchange {
    /// With the half bit: words `a` and `b` send their halves `h != s`, packed (`a`'s low).
    Halves { bit: u32, a: usize, b: usize },
    /// With a word bit: of words `a` (the bit 0) and `b` (the bit 1), the one whose bit is not
    /// `s` goes.
    Words { bit: u32, a: usize, b: usize },
}

/// The relay's shuffles for `n` words a lane, swap by swap; `None` for fewer than two words
/// or a number that is not a power of two (no relay the macro takes).
pub(super) fn exchanges(relay: &Relay, n: usize) -> Option<Vec<Exchange>> {
    if n < 2 || !n.is_power_of_two() {
        return None;
    }
    let mut out = Vec::new();
    for k in 0..relay.steps() {
        let (bit, j) = relay.step(k)?;
        if j == 0 {
            out.extend(
                (0..n)
                    .step_by(2)
                    .map(|a| Exchange::Halves { bit, a, b: a + 1 }),
            );
        } else {
            let m = 1usize << (j - 1);
            let pairs = (0..n).filter(|a| a & m == 0);
            out.extend(pairs.map(|a| Exchange::Words { bit, a, b: a | m }));
        }
    }
    Some(out)
}

/// The relay's code for `n` words a lane, to run where `__fl_l` (the lane), `__fl_from` and
/// `__fl_shuffle` are bound; its value is the destination words. Each word is a name of its
/// own (`__fl_w0`, ...), rebound by each shuffle, as the transpose is written by hand. `None`
/// where [`exchanges`] has none, or if the text does not lex (it always does: the macro's own
/// names and numbers).
pub(super) fn body(relay: &Relay, n: usize) -> Option<TokenStream> {
    let names: Vec<String> = (0..n).map(|k| format!("__fl_w{k}")).collect();
    let mut text = format!(
        "{{ let __fl_u = __fl_l as u32; let [{}] = *__fl_from;",
        names.join(", ")
    );
    let mut lane_bit = None;
    for x in exchanges(relay, n)? {
        let (Exchange::Halves { bit, a, b } | Exchange::Words { bit, a, b }) = x;
        if lane_bit != Some(bit) {
            let _ = write!(text, "let __fl_s = (__fl_u & {}) != 0;", 1u32 << bit);
            lane_bit = Some(bit);
        }
        let (wa, wb, partner) = (&names[a], &names[b], 1u32 << bit);
        let _ = match x {
            Exchange::Halves { .. } => write!(
                text,
                "let __fl_r = __fl_shuffle(if __fl_s {{ ({wa} & 0xFFFF) | ({wb} << 16) }} \
                 else {{ ({wa} >> 16) | ({wb} & 0xFFFF0000) }}, __fl_u ^ {partner}); \
                 let ({wa}, {wb}) = if __fl_s {{ \
                 (({wa} & 0xFFFF0000) | (__fl_r & 0xFFFF), ({wb} & 0xFFFF0000) | (__fl_r >> 16)) \
                 }} else {{ \
                 (({wa} & 0xFFFF) | (__fl_r << 16), ({wb} & 0xFFFF) | (__fl_r & 0xFFFF0000)) }};"
            ),
            Exchange::Words { .. } => write!(
                text,
                "let __fl_r = __fl_shuffle(if __fl_s {{ {wa} }} else {{ {wb} }}, __fl_u ^ {partner}); \
                 let ({wa}, {wb}) = if __fl_s {{ (__fl_r, {wb}) }} else {{ ({wa}, __fl_r) }};"
            ),
        };
    }
    let half = |x: u32, high: bool| {
        let w = x / 2;
        match (x % 2, high) {
            (0, false) => format!("(__fl_w{w} & 0xFFFF)"),
            (_, false) => format!("(__fl_w{w} >> 16)"),
            (0, true) => format!("(__fl_w{w} << 16)"),
            (_, true) => format!("(__fl_w{w} & 0xFFFF0000)"),
        }
    };
    let out = (0..n as u32)
        .map(|k| {
            let (lo, hi) = (relay.source_index(2 * k)?, relay.source_index(2 * k + 1)?);
            Some(match (lo, hi) {
                (l, h) if (l, h) == (2 * k, 2 * k + 1) => format!("__fl_w{k}"),
                (l, h) => format!("{} | {}", half(l, false), half(h, true)),
            })
        })
        .collect::<Option<Vec<String>>>()?;
    let _ = write!(text, "[{}] }}", out.join(", "));
    text.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::{exchanges, Exchange};
    use layout_core::convert::Relay;
    use layout_core::{Digit, Numeral, Source};

    /// Each lane's words when the 32 lanes run `xs` in lock step, as the code does: a lane
    /// whose bit is `s` offers the halves (or the word) not `s`, reads its partner's offer and
    /// puts it in their place.
    fn run(xs: &[Exchange], mut w: Vec<Vec<u32>>) -> Vec<Vec<u32>> {
        for &x in xs {
            let (Exchange::Halves { bit, a, b } | Exchange::Words { bit, a, b }) = x;
            let s = |l: usize| l >> bit & 1 != 0;
            let offer: Vec<u32> = (0..32)
                .map(|l| match (x, s(l)) {
                    (Exchange::Halves { .. }, true) => (w[l][a] & 0xFFFF) | (w[l][b] << 16),
                    (Exchange::Halves { .. }, false) => (w[l][a] >> 16) | (w[l][b] & 0xFFFF0000),
                    (Exchange::Words { .. }, true) => w[l][a],
                    (Exchange::Words { .. }, false) => w[l][b],
                })
                .collect();
            for (l, words) in w.iter_mut().enumerate() {
                let r = offer[l ^ 1 << bit];
                let (wa, wb) = (words[a], words[b]);
                (words[a], words[b]) = match (x, s(l)) {
                    (Exchange::Halves { .. }, true) => (
                        (wa & 0xFFFF0000) | (r & 0xFFFF),
                        (wb & 0xFFFF0000) | (r >> 16),
                    ),
                    (Exchange::Halves { .. }, false) => {
                        ((wa & 0xFFFF) | (r << 16), (wb & 0xFFFF) | (r & 0xFFFF0000))
                    }
                    (Exchange::Words { .. }, true) => (r, wb),
                    (Exchange::Words { .. }, false) => (wa, r),
                };
            }
        }
        w
    }

    /// Lane `lane`'s words of `n`: tile offsets, two to a word.
    fn words(n: &Numeral, lane: u32) -> Vec<u32> {
        let at = |e: u32| {
            let (r, c) = n.coords(lane, e).expect("in range");
            r * n.cols + c
        };
        (0..n.elements / 2)
            .map(|w| at(2 * w) | at(2 * w + 1) << 16)
            .collect()
    }

    /// The digits of a layout of `32 x 2^k` values: the lane's 5 bits and the element's `k` at
    /// the offset bits `lane` and `element` name, a digit a bit.
    fn digits(lane: [u32; 5], element: &[u32]) -> Vec<Digit> {
        let bit = |source, k: usize, at: u32| Digit::new(source, 1 << k, 2, 1 << at);
        let lanes = lane
            .iter()
            .enumerate()
            .map(|(k, &at)| bit(Source::Lane, k, at));
        let elements = element
            .iter()
            .enumerate()
            .map(|(k, &at)| bit(Source::Element, k, at));
        lanes.chain(elements).collect()
    }

    /// The exchanges deliver every lane's destination words, for relays of 2, 4 and 8 words a
    /// lane with swaps of the half bit and of a word bit and an in-lane order after them.
    #[test]
    fn the_exchanges_deliver_the_destination_words() {
        // `from`: lane bits at offset bits 0..5, element bits from 5 up. `to`: lane bits 0
        // and 2 take element bits 0 (the half) and the last (a word bit); the offset bits
        // leaving them, 0 and 2, go in-lane, in another order.
        // (elements, `to`'s lane bits, `from`'s element bits, `to`'s element bits)
        type Case = (u32, [u32; 5], &'static [u32], &'static [u32]);
        let cases: [Case; 3] = [
            (4, [5, 1, 6, 3, 4], &[5, 6], &[2, 0]),
            (8, [5, 1, 7, 3, 4], &[5, 6, 7], &[2, 6, 0]),
            (16, [5, 1, 8, 3, 4], &[5, 6, 7, 8], &[0, 7, 2, 6]),
        ];
        for (elements, to_lane, from_elements, to_elements) in cases {
            let (from_digits, to_digits) = (
                digits([0, 1, 2, 3, 4], from_elements),
                digits(to_lane, to_elements),
            );
            let cols = elements;
            let from = Numeral::new("from", 32, cols, elements, &from_digits);
            let to = Numeral::new("to", 32, cols, elements, &to_digits);
            let relay = Relay::new(&from, &to).expect("a relay");
            assert_eq!(relay.steps(), 2);
            assert!(
                (0..elements).any(|e| relay.source_index(e) != Some(e)),
                "an in-lane order"
            );
            let n = elements as usize / 2;
            let xs = exchanges(&relay, n).expect("whole words");
            assert!(xs.iter().any(|x| matches!(x, Exchange::Halves { .. })));
            assert!(xs.iter().any(|x| matches!(x, Exchange::Words { .. })));
            assert_eq!(xs.len() as u32, relay.rounds());
            let got = run(&xs, (0..32).map(|l| words(&from, l)).collect());
            for lane in 0..32 {
                let half = |x: u32| got[lane as usize][x as usize / 2] >> (16 * (x % 2)) & 0xFFFF;
                let ordered: Vec<u32> = (0..n as u32)
                    .map(|k| {
                        let at = |x| relay.source_index(x).expect("an element");
                        half(at(2 * k)) | half(at(2 * k + 1)) << 16
                    })
                    .collect();
                assert_eq!(
                    ordered,
                    words(&to, lane),
                    "{elements} elements, lane {lane}"
                );
            }
            assert_eq!(exchanges(&relay, 1), None);
        }
    }
}
