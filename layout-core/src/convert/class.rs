//! The class of a conversion: what it costs before any plan is made.

use super::error::{ConvertError, Side};
use super::route::{Parts, Routes};
use super::sizes::MAX_PLAN_ELEMENTS;
use crate::{Numeral, Source, LANES};

const L: usize = LANES as usize;

/// The most warps [`classify`] visits beyond warp 0 where the two layouts' warp digits differ
/// in form: a conversion of more warps is refused ([`ConvertError::TooManyWarps`]) unless its
/// layouts give every warp the same warp part by their digits, which costs no visit.
pub const MAX_SCANNED_WARPS: u32 = 4096;

/// The most values [`classify`] decodes beyond warp 0's: where values cross warps, they are
/// counted in the warps that fit (the error says how many warps were counted).
pub const MAX_SCANNED_VALUES: u32 = 1 << 12;

/// What a conversion from one layout to another has to do, from cheapest to dearest.
///
/// | class          | every value stays in its thread | source register                | code                         |
/// |----------------|---------------------------------|--------------------------------|------------------------------|
/// | `Identity`     | yes                             | the destination's own          | none                         |
/// | `Renaming`     | yes                             | depends on the element only    | none: registers renamed      |
/// | `InThread`     | yes                             | depends on the lane too        | selects only                 |
/// | `LaneExchange` | no, but within its warp         | -                              | shuffle rounds (and selects) |
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// Every value is already where `to` wants it: `source = (thread, e)` throughout.
    Identity,
    /// Every value stays in its thread, and destination element `e` comes from the same source
    /// element `s(e)` in every thread: zero instructions, the registers are renamed.
    Renaming,
    /// Every value stays in its thread, but which source register fills a destination element
    /// depends on the lane: selects, no data crosses lanes.
    InThread,
    /// Values cross lanes within their warp: shuffle rounds.
    LaneExchange,
}

impl Class {
    /// `"identity"`, `"renaming"`, `"in-thread"` or `"lane exchange"`.
    pub const fn name(self) -> &'static str {
        match self {
            Class::Identity => "identity",
            Class::Renaming => "renaming",
            Class::InThread => "in-thread",
            Class::LaneExchange => "lane exchange",
        }
    }

    /// Whether the conversion needs no instruction at all (identity or renaming).
    pub const fn is_free(self) -> bool {
        matches!(self, Class::Identity | Class::Renaming)
    }
}

/// The class of the conversion from `from` to `to`, or why there is none.
///
/// Checked in order: the tiles, the thread counts, the element counts, each layout's bijection
/// check; then every destination value's source ([`source_of`](super::source_of)): none may be
/// in another warp ([`ConvertError::CrossesWarps`]).
///
/// One plan serves every warp, so warp `w` must route as warp 0 does, shifted by `32 * w`
/// threads. For two numerals that follows from no value crossing warps: lane digits read
/// `thread % 32` and warp digits `thread / 32`, so warp `w` holds the offsets `S + W(w)`, with
/// `S` warp 0's offsets and `W(w)` the warp digits' part. No value crossing warps means that
/// `from` and `to` give warp `w` the same offsets: `S_from + W_from(w) = S_to + W_to(w)`. At
/// `w = 0` (where `W` is 0) that is `S_from = S_to = S`, and then `S + W_from(w) = S +
/// W_to(w)` forces `W_from(w) = W_to(w)` (compare the smallest elements). So `to`'s value at
/// `(32w + l, e)`, at offset `o + W_to(w)` where `o` is the offset of `(l, e)`, is held by
/// `from` at warp 0's source of `(l, e)` shifted by `32w` threads.
///
/// ```
/// use fraglayout::catalog::{SM75_U16x2_LDSM_T, SM75_U32x1_LDSM_N, SM80_16x8x16_F32_C};
/// use fraglayout::convert::{classify, Class};
/// assert_eq!(classify(&SM80_16x8x16_F32_C, &SM80_16x8x16_F32_C), Ok(Class::Identity));
/// assert_eq!(classify(&SM75_U32x1_LDSM_N, &SM75_U16x2_LDSM_T), Ok(Class::LaneExchange));
/// ```
pub const fn classify(from: &Numeral, to: &Numeral) -> Result<Class, ConvertError> {
    if let Err(e) = validate(from, to) {
        return Err(e);
    }
    scan(from, to, &mut Routes::new(to.elements))
}

/// The checks on the two layouts as wholes: tiles, counts, bijections.
pub(crate) const fn validate(from: &Numeral, to: &Numeral) -> Result<(), ConvertError> {
    if from.rows != to.rows || from.cols != to.cols {
        return Err(ConvertError::TilesDiffer {
            from: (from.rows, from.cols),
            to: (to.rows, to.cols),
        });
    }
    if from.threads() != to.threads() {
        return Err(ConvertError::ThreadsDiffer {
            from: from.threads(),
            to: to.threads(),
        });
    }
    // Before the element counts, which broadcast digits change.
    let mut k = 0;
    while k < 2 {
        let (side, n) = if k == 0 {
            (Side::From, from)
        } else {
            (Side::To, to)
        };
        if n.copies() > 1 {
            return Err(ConvertError::Broadcasts {
                side,
                copies: n.copies(),
            });
        }
        k += 1;
    }
    if from.elements != to.elements {
        return Err(ConvertError::ElementsDiffer {
            from: from.elements,
            to: to.elements,
        });
    }
    if let Err(error) = from.check() {
        return Err(ConvertError::NotBijection {
            side: Side::From,
            error,
            words: error.message(from),
        });
    }
    if let Err(error) = to.check() {
        return Err(ConvertError::NotBijection {
            side: Side::To,
            error,
            words: error.message(to),
        });
    }
    Ok(())
}

/// The class of a validated pair, from every destination value's source; fills `routes` with
/// warp 0's.
///
/// Only warp 0 is decoded value by value. Warp `w`'s offsets are warp 0's plus the warp part
/// `W(w)` of each layout, so where `from` and `to` have the same `W(w)`, warp `w` routes
/// exactly as warp 0 does, shifted by `32 * w` threads, when warp 0 keeps its values; where
/// they differ, some of its values cross warps (see [`classify`]), and that warp is decoded to
/// count them. When warp 0 already has values crossing, every warp is decoded.
pub(crate) const fn scan(
    from: &Numeral,
    to: &Numeral,
    routes: &mut Routes,
) -> Result<Class, ConvertError> {
    let f = Parts::of(from);
    let t = Parts::of(to);
    let mut found = Found::warp_zero(&f, &t, to.elements, routes);
    let scanned = found.other_warps(&f, &t, to);
    if let Some((to_at, from_at)) = found.first_crossing {
        return Err(ConvertError::CrossesWarps {
            count: found.crossing,
            total: to.threads().saturating_mul(to.elements),
            counted_warps: if scanned < to.warps {
                Some(scanned)
            } else {
                None
            },
            to: to_at,
            from: from_at,
        });
    }
    if scanned < to.warps {
        return Err(ConvertError::TooManyWarps {
            warps: to.warps,
            limit: MAX_SCANNED_WARPS,
        });
    }
    Ok(found.class())
}

/// What [`scan`] finds: which classes warp 0's sources leave open, and the values that cross
/// warps.
struct Found {
    /// Every value of warp 0 is where `to` wants it.
    identity: bool,
    /// Every value of warp 0 stays in its thread.
    in_thread: bool,
    /// Of the values that stay in their thread, each destination element's comes from the
    /// register lane 0's does.
    renaming: bool,
    /// Values held in another warp than the one that wants them.
    crossing: u32,
    /// The first of them: `to`'s `(thread, e)` and `from`'s that holds its value.
    first_crossing: Option<((u32, u32), (u32, u32))>,
}

impl Found {
    /// Warp 0's sources, value by value, with `f` and `t` the parts of `from` and `to` and
    /// `elements` the elements per thread; fills `routes` with them.
    const fn warp_zero(f: &Parts, t: &Parts, elements: u32, routes: &mut Routes) -> Found {
        let mut found = Found {
            identity: true,
            in_thread: true,
            renaming: true,
            crossing: 0,
            first_crossing: None,
        };
        let mut e = 0;
        while e < elements {
            let part = t.part(Source::Element, e);
            let mut lane0_reg = 0;
            let mut l = 0;
            while l < L {
                let held = f.decode(t.lane(l) + part);
                if l == 0 {
                    lane0_reg = held.e;
                }
                let same_thread = held.warp == 0 && held.lane == l as u32;
                if !same_thread || held.e != e {
                    found.identity = false;
                }
                if !same_thread {
                    found.in_thread = false;
                } else if held.e != lane0_reg {
                    found.renaming = false;
                }
                if held.warp != 0 {
                    found.crossing += 1;
                    if found.first_crossing.is_none() {
                        found.first_crossing = Some(((l as u32, e), (held.thread(), held.e)));
                    }
                }
                if (e as usize) < MAX_PLAN_ELEMENTS {
                    routes.lane[e as usize][l] = held.lane as u8;
                    routes.reg[e as usize][l] = held.e as u8;
                }
                l += 1;
            }
            e += 1;
        }
        found
    }

    /// The other warps: none where both layouts' warp digits are the same (every warp routes
    /// as warp 0); else those whose warp parts differ, value by value, unless warp 0 already
    /// sends values across: then the shift argument fails (warp 0's sources in warp v do not
    /// shift to warp v + w) and every warp is counted. At most [`MAX_SCANNED_WARPS`] warps are
    /// visited (and [`MAX_SCANNED_VALUES`] values decoded); returns how many warps were
    /// settled: all of them, or fewer where the limit stopped the scan.
    const fn other_warps(&mut self, f: &Parts, t: &Parts, to: &Numeral) -> u32 {
        let every_warp = self.crossing > 0;
        if !every_warp && f.same_warp_parts(t) {
            return to.warps;
        }
        let mut decoded: u64 = 0;
        let mut w = 1;
        while w < to.warps {
            let over = decoded + LANES as u64 * to.elements as u64 > MAX_SCANNED_VALUES as u64;
            if w >= MAX_SCANNED_WARPS || over {
                return w;
            }
            let (fw, tw) = (f.part(Source::Warp, w), t.part(Source::Warp, w));
            if every_warp || fw != tw {
                self.count_warp(f, t, w, to.elements);
                decoded += LANES as u64 * to.elements as u64;
            }
            w += 1;
        }
        to.warps
    }

    /// Counts the values of warp `w` (of `elements` per thread) that `from` holds in another
    /// warp.
    const fn count_warp(&mut self, f: &Parts, t: &Parts, w: u32, elements: u32) {
        let tw = t.part(Source::Warp, w);
        let mut e = 0;
        while e < elements {
            let part = t.part(Source::Element, e);
            let mut l = 0;
            while l < L {
                let held = f.decode(t.lane(l) + part + tw);
                if held.warp != w {
                    self.crossing += 1;
                    if self.first_crossing.is_none() {
                        self.first_crossing =
                            Some(((w * LANES + l as u32, e), (held.thread(), held.e)));
                    }
                }
                l += 1;
            }
            e += 1;
        }
    }

    /// The class, once no value crosses warps.
    const fn class(&self) -> Class {
        if self.identity {
            Class::Identity
        } else if self.in_thread && self.renaming {
            Class::Renaming
        } else if self.in_thread {
            Class::InThread
        } else {
            Class::LaneExchange
        }
    }
}
