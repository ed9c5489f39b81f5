//! Why two layouts admit no conversion plan, and the words for it.

use crate::message::Message;
use crate::shared::suggest::write_expression;
use crate::LayoutError;

/// Which layout of a conversion an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The layout the values are in.
    From,
    /// The layout they must end up in.
    To,
}

impl Side {
    /// `"from"` or `"to"`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::From => "from",
            Side::To => "to",
        }
    }
}

/// Why [`classify`](super::classify) or [`Plan::new`](super::Plan::new) refused a pair of
/// layouts, in the order they are checked. Each variant's fields are the numbers its
/// [`message`](Self::message) quotes; a `(u32, u32)` is a `(thread, e)`, or `(rows, cols)`
/// for a tile.
///
/// [`NotBijection`](Self::NotBijection) carries its words, written while the numeral was at
/// hand, so the error needs no lifetime (a `const fn` cannot box; the `Ok` value of
/// [`Plan::new`](super::Plan::new) is larger still).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs, clippy::large_enum_variant)]
pub enum ConvertError {
    /// The tiles differ: `from` is `from.0 x from.1`, `to` is `to.0 x to.1`.
    TilesDiffer { from: (u32, u32), to: (u32, u32) },
    /// The layouts are held by different numbers of threads.
    ThreadsDiffer { from: u32, to: u32 },
    /// One layout has broadcast digits: `copies` threads hold each of its elements
    /// ([`Numeral::copies`](crate::Numeral::copies)).
    Broadcasts { side: Side, copies: u64 },
    /// The layouts hold different numbers of elements per thread.
    ElementsDiffer { from: u32, to: u32 },
    /// One layout is not a bijection onto its tile; `words` is [`LayoutError::message`].
    NotBijection {
        side: Side,
        error: LayoutError,
        words: Message,
    },
    /// `count` of the `total` destination values are held by a thread of another warp,
    /// counted in every warp (`counted_warps` `None`) or, where
    /// [`MAX_SCANNED_VALUES`](super::MAX_SCANNED_VALUES) stopped the count, in the
    /// first `counted_warps`; the first, `to`'s `(thread, e)`, is held by `from`'s
    /// `(thread, e)`.
    CrossesWarps {
        count: u32,
        total: u32,
        counted_warps: Option<u32>,
        to: (u32, u32),
        from: (u32, u32),
    },
    /// The layouts split `warps` warps differently in form, and checking that no value
    /// crosses a warp would visit more than `limit`
    /// ([`MAX_SCANNED_WARPS`](super::MAX_SCANNED_WARPS)).
    TooManyWarps { warps: u32, limit: u32 },
    /// More elements per thread than a [`Plan`](super::Plan) holds (`limit`,
    /// [`MAX_PLAN_ELEMENTS`](super::MAX_PLAN_ELEMENTS)).
    TooManyElements { elements: u32, limit: u32 },
    /// A packed plan ([`PackedPlan`](super::PackedPlan)) of `per_word` values to a 32-bit
    /// word, which is not 1, 2 or 4 or does not divide the `elements` per thread.
    NotWholeWords { elements: u32, per_word: u32 },
}

impl ConvertError {
    /// The message: lowercase, short, with the numbers and the fix or the reason.
    ///
    /// `12 of 16384 elements cross warps: to's (thread 40, e 3) is held by from's (thread 7,
    /// e 1); a conversion moves values within a warp only`
    pub const fn message(&self) -> Message {
        self.message_naming("from", "to")
    }

    /// [`message`](Self::message), the fix written on the layouts' expressions `from` and `to`
    /// where it is code: `use `ACC.tiled_or_panic(1, 2).numeral()` as from`.
    ///
    /// Over 80 lines: one `match` arm per error, each the few pushes of its message, kept
    /// together so that every message reads in one place.
    pub const fn message_naming(&self, from_expr: &str, to_expr: &str) -> Message {
        let mut m = Message::new();
        match *self {
            ConvertError::TilesDiffer { from, to } => {
                write_tiles(from, to, [from_expr, to_expr], &mut m)
            }
            ConvertError::ThreadsDiffer { from, to } => {
                m.push("from is held by ");
                m.push_num(from as u64);
                m.push(" threads, to by ");
                m.push_num(to as u64);
                m.push(": a conversion moves values among the threads holding them");
            }
            ConvertError::Broadcasts { side, copies } => {
                m.push(side.name());
                m.push(" broadcasts: ");
                m.push_num(copies);
                m.push(" threads hold each element; a conversion takes layouts without broadcast digits (gather a broadcast layout from memory instead)");
            }
            ConvertError::ElementsDiffer { from, to } => {
                m.push("from holds ");
                m.push_num(from as u64);
                m.push(" elements per thread, to ");
                m.push_num(to as u64);
                m.push(
                    ": over one tile and one set of threads, at most one of them covers the tile",
                );
            }
            ConvertError::NotBijection { side, words, .. } => {
                m.push(side.name());
                m.push(" is not a bijection onto its tile: ");
                m.push(words.as_str());
            }
            ConvertError::CrossesWarps {
                count,
                total,
                counted_warps,
                to,
                from,
            } => {
                if counted_warps.is_some() {
                    m.push("at least ");
                }
                m.push_num(count as u64);
                m.push(" of ");
                m.push_num(total as u64);
                m.push(" elements cross warps");
                if let Some(w) = counted_warps {
                    m.push(" (counted in the first ");
                    m.push_num(w as u64);
                    m.push(" warps)");
                }
                m.push(": to's ");
                push_place(to, &mut m);
                m.push(" is held by from's ");
                push_place(from, &mut m);
                m.push("; a conversion moves values within a warp only");
            }
            ConvertError::TooManyWarps { warps, limit } => {
                m.push_num(warps as u64);
                m.push(
                    " warps with warp digits that differ in form: checking that no value \
                        crosses a warp visits each, at most ",
                );
                m.push_num(limit as u64);
                m.push(": give both layouts the same warp digits, or convert fewer warps");
            }
            ConvertError::TooManyElements { elements, limit } => {
                m.push_num(elements as u64);
                m.push(" elements per thread, a plan holds at most ");
                m.push_num(limit as u64);
                m.push(": convert the tile in parts of at most ");
                m.push_num(limit as u64);
                m.push(" elements per thread");
            }
            ConvertError::NotWholeWords { elements, per_word } => {
                m.push_num(elements as u64);
                m.push(" elements per thread do not pack ");
                m.push_num(per_word as u64);
                m.push(" to a 32-bit word: values pack 1 (32-bit), 2 (16-bit) or 4 (8-bit) to a word, filling whole words");
            }
        }
        m
    }
}

/// `(thread 40, e 3)`.
const fn push_place(at: (u32, u32), m: &mut Message) {
    m.push("(thread ");
    m.push_num(at.0 as u64);
    m.push(", e ");
    m.push_num(at.1 as u64);
    m.push(")");
}

/// The tiles differ; where one tile is a grid of copies of the other, says how to tile it, as
/// the expression that tiles `exprs[0]` (from) or `exprs[1]` (to).
const fn write_tiles(from: (u32, u32), to: (u32, u32), exprs: [&str; 2], m: &mut Message) {
    m.push("the tiles differ: from is ");
    m.push_num(from.0 as u64);
    m.push(" x ");
    m.push_num(from.1 as u64);
    m.push(", to is ");
    m.push_num(to.0 as u64);
    m.push(" x ");
    m.push_num(to.1 as u64);
    let (side, copies) = match (copies(from, to), copies(to, from)) {
        (Some(k), _) => (0, Some(k)),
        (None, Some(k)) => (1, Some(k)),
        (None, None) => (0, None),
    };
    if let Some((r, c)) = copies {
        m.push(": use `");
        write_expression(exprs[side], m);
        m.push(".tiled_or_panic(");
        m.push_num(r as u64);
        m.push(", ");
        m.push_num(c as u64);
        m.push(").numeral()` as ");
        m.push(if side == 0 { "from" } else { "to" });
    } else {
        m.push("; a conversion keeps the tile");
    }
}

/// `Some((r, c))` when `big` is `r x c` copies of `small` (other than one copy).
const fn copies(small: (u32, u32), big: (u32, u32)) -> Option<(u32, u32)> {
    if small.0 == 0 || small.1 == 0 || big.0 % small.0 != 0 || big.1 % small.1 != 0 {
        return None;
    }
    let (r, c) = (big.0 / small.0, big.1 / small.1);
    if r * c > 1 {
        Some((r, c))
    } else {
        None
    }
}
