//! The compile-time checks generated code makes, each with one message that says what is wrong
//! and what to write instead. Generated code panics with the message in its own constant,
//! `const _: () = if let Some(m) = fragment_len_error(..) { panic!("{}", m.as_str()) };`, so the
//! compiler reports the message on the user's tokens and nothing else.

use crate::message::Message;
use crate::Numeral;

/// The longest fragment `#[fragment_layout]` unrolls, in elements per thread: eight times the
/// largest PTX fragment (the `wgmma` `m64n256` f32 accumulator, 128 elements). A longer array is
/// refused when the macro expands, before any code is generated for it.
pub const MAX_UNROLLED: usize = 1024;

/// Fails compilation unless the fragment array length equals the numeral's elements per thread.
pub const fn assert_fragment_len(n: &Numeral, len: usize) {
    if let Some(m) = fragment_len_error(n, len) {
        panic!("{}", m.as_str());
    }
}

/// Fails compilation unless `regs` registers of `per_reg` elements hold the numeral's fragment.
pub const fn assert_packed_len(n: &Numeral, regs: usize, per_reg: usize) {
    if let Some(m) = packed_len_error(n, regs, per_reg) {
        panic!("{}", m.as_str());
    }
}

/// Why a scatter cannot take the numeral: broadcast digits make several threads hold each
/// element, so a scatter would write each one several times (a gather reads it as often, which
/// is what a broadcast is for). `None` for a numeral without broadcast digits.
pub const fn scatter_broadcast_error(n: &Numeral) -> Option<Message> {
    let copies = n.copies();
    if copies <= 1 {
        return None;
    }
    let mut m = Message::new();
    m.push("numeral `");
    m.push(n.name);
    m.push("` broadcasts: ");
    m.push_num(copies);
    m.push(" threads hold each element, so a scatter would write each one ");
    m.push_num(copies);
    m.push(" times: use `gather`, or scatter with a numeral that has no broadcast digit");
    Some(m)
}

/// Why a fragment array of `len` elements does not fit the numeral, if it does not.
pub const fn fragment_len_error(n: &Numeral, len: usize) -> Option<Message> {
    if len != n.elements as usize {
        let mut m = Message::new();
        m.push("fragment has ");
        m.push_num(len as u64);
        m.push(" elements but numeral `");
        m.push(n.name);
        m.push("` gives each thread ");
        m.push_num(n.elements as u64);
        m.push(": declare it as an array of ");
        m.push_num(n.elements as u64);
        return Some(m);
    }
    None
}

/// Why `regs` registers of `per_reg` elements do not hold the numeral's fragment, if they do not.
pub const fn packed_len_error(n: &Numeral, regs: usize, per_reg: usize) -> Option<Message> {
    if regs.saturating_mul(per_reg) != n.elements as usize {
        let mut m = Message::new();
        m.push("packed fragment has ");
        m.push_num(regs as u64);
        m.push(" registers of ");
        m.push_num(per_reg as u64);
        m.push(" elements but numeral `");
        m.push(n.name);
        m.push("` gives each thread ");
        m.push_num(n.elements as u64);
        m.push(" elements: declare it as an array of ");
        m.push_num(n.elements.div_ceil(per_reg as u32) as u64);
        return Some(m);
    }
    None
}

/// Why a thread index of type `ty` naming `count` threads (`Thread<N>`: `Some(N)`; an integer:
/// `None`) cannot name every one of the `threads` threads of the layout `name`, if it cannot.
///
/// Worked: `Lane` (32 threads) for `SM90_64x8x16_F32_C` (128 threads) fails with "the thread
/// index `Lane` names 32 threads, but numeral `SM90_64x8x16_F32_C` has 128: declare it
/// `fraglayout::Thread<128>` (warp * 32 + lane)".
pub const fn thread_count_error(
    name: &str,
    threads: u32,
    ty: &str,
    count: Option<u32>,
) -> Option<Message> {
    let Some(mut m) = names_too_few(ty, count, threads) else {
        return None;
    };
    m.push("numeral `");
    m.push(name);
    m.push("` has ");
    m.push_num(threads as u64);
    m.push(": declare it `fraglayout::Thread<");
    m.push_num(threads as u64);
    m.push(">`");
    if threads > crate::numeral::LANES && threads % crate::numeral::LANES == 0 {
        m.push(" (warp * 32 + lane)");
    }
    Some(m)
}

/// Why a conversion's lane of type `ty` naming `count` threads (as in [`thread_count_error`])
/// cannot name every lane of a warp, if it cannot: a conversion reads the lane within its warp
/// (`index % 32`), so a type of fewer than 32 threads would make the lanes above it act as
/// others.
///
/// Worked: `Thread<16>` fails with "the thread index `Thread<16>` names 16 threads, but a
/// conversion moves values among a warp's 32 lanes: declare it `fraglayout::Lane`".
pub const fn lane_count_error(ty: &str, count: Option<u32>) -> Option<Message> {
    let Some(mut m) = names_too_few(ty, count, crate::numeral::LANES) else {
        return None;
    };
    m.push("a conversion moves values among a warp's ");
    m.push_num(crate::numeral::LANES as u64);
    m.push(" lanes: declare it `fraglayout::Lane`");
    Some(m)
}

/// Where a thread index of type `ty` naming `count` threads names fewer than `threads`: the
/// start of the message, "the thread index `ty` names `count` threads, but ". The one rule
/// both macros apply.
const fn names_too_few(ty: &str, count: Option<u32>, threads: u32) -> Option<Message> {
    let Some(count) = count else {
        return None;
    };
    if count >= threads {
        return None;
    }
    let mut m = Message::new();
    m.push("the thread index `");
    m.push(ty);
    m.push("` names ");
    m.push_num(count as u64);
    m.push(" threads, but ");
    Some(m)
}

/// Why the closure parameter `param: ty` (an integer type holding at most `max`, signed or not)
/// does not hold every row (`col` false) or column (`col` true) of the tile, if it does not:
/// where it does, converting a coordinate to it never loses anything.
///
/// Worked: `col: u8` on a 2 x 1024 tile fails with "`col: u8` holds at most 255, but numeral
/// `WIDE` (2 x 1024) has columns up to 1023: declare `col: u16`, or leave it untyped (usize)".
pub const fn coordinate_error(
    n: &Numeral,
    col: bool,
    param: &str,
    ty: &str,
    max: u128,
    signed: bool,
) -> Option<Message> {
    let extent = if col { n.cols } else { n.rows };
    let largest = extent.saturating_sub(1) as u128;
    if largest <= max {
        return None;
    }
    let mut m = holds_at_most(param, ty, max);
    m.push("numeral `");
    m.push(n.name);
    m.push("` (");
    m.push_num(n.rows as u64);
    m.push(" x ");
    m.push_num(n.cols as u64);
    m.push(") has ");
    m.push(if col { "columns" } else { "rows" });
    m.push(" up to ");
    m.push_num(largest as u64);
    m.push(": declare `");
    m.push(param);
    m.push(": ");
    m.push(narrowest(largest, signed));
    m.push("`, or leave it untyped (usize)");
    Some(m)
}

/// The start of the message for a closure parameter `param: ty` whose integer type holds at
/// most `max`, too little: "`param: ty` holds at most MAX, but ", then what it must hold.
pub(crate) const fn holds_at_most(param: &str, ty: &str, max: u128) -> Message {
    let mut m = Message::new();
    m.push("`");
    m.push(param);
    m.push(": ");
    m.push(ty);
    m.push("` holds at most ");
    m.push_num(max as u64);
    m.push(", but ");
    m
}

/// The narrowest integer type of the given signedness holding `value`.
const fn narrowest(value: u128, signed: bool) -> &'static str {
    let names = if signed {
        ["i8", "i16", "i32", "i64"]
    } else {
        ["u8", "u16", "u32", "u64"]
    };
    let shift = if signed { 1 } else { 0 };
    let mut k = 0;
    while k < 3 && value >> ((8 << k) - shift) != 0 {
        k += 1;
    }
    names[k]
}
