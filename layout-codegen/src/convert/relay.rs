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

/// The relay's code for `n` words a lane, to run where `__fl_l` (the lane), `__fl_from` and
/// `__fl_shuffle` are bound; its value is the destination words. Each word is a name of its
/// own (`__fl_w0`, ...), rebound by each shuffle ([`Relay::exchange`]), as the transpose is
/// written by hand. `None` where `n` is not the relay's words or the relay has no exchanges
/// (one word a lane), or if the text does not lex (it always does: the macro's own names and
/// numbers).
pub(super) fn body(relay: &Relay, n: usize) -> Option<TokenStream> {
    if n != relay.words() as usize || relay.exchange(0).is_none() {
        return None;
    }
    let names: Vec<String> = (0..n).map(|k| format!("__fl_w{k}")).collect();
    let mut text = format!(
        "{{ let __fl_u = __fl_l as u32; let [{}] = *__fl_from;",
        names.join(", ")
    );
    let mut lane_bit = None;
    for x in (0..relay.rounds()).map_while(|k| relay.exchange(k)) {
        let (bit, a, b) = (x.lane_bit, x.a as usize, x.b as usize);
        if lane_bit != Some(bit) {
            let _ = write!(text, "let __fl_s = (__fl_u & {}) != 0;", 1u32 << bit);
            lane_bit = Some(bit);
        }
        let (wa, wb, partner) = (&names[a], &names[b], 1u32 << bit);
        let _ = match x.halves {
            true => write!(
                text,
                "let __fl_r = __fl_shuffle(if __fl_s {{ ({wa} & 0xFFFF) | ({wb} << 16) }} \
                 else {{ ({wa} >> 16) | ({wb} & 0xFFFF0000) }}, __fl_u ^ {partner}); \
                 let ({wa}, {wb}) = if __fl_s {{ \
                 (({wa} & 0xFFFF0000) | (__fl_r & 0xFFFF), ({wb} & 0xFFFF0000) | (__fl_r >> 16)) \
                 }} else {{ \
                 (({wa} & 0xFFFF) | (__fl_r << 16), ({wb} & 0xFFFF) | (__fl_r & 0xFFFF0000)) }};"
            ),
            false => write!(
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
