//! The class of a conversion: what it costs before any plan is made.

use super::error::{ConvertError, Side};
use super::route::source_of;
use crate::{Numeral, LANES};

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
/// check; then every destination value's source ([`source_of`]): none may be in another warp
/// ([`ConvertError::CrossesWarps`]), and warp `w` must route as warp 0 does, shifted by
/// `32 * w` threads ([`ConvertError::WarpsDiffer`]), since one plan serves every warp.
///
/// ```
/// use layout_core::catalog::{SM75_U16x2_LDSM_T, SM75_U32x1_LDSM_N, SM80_16x8x16_F32_C};
/// use layout_core::convert::{classify, Class};
/// assert_eq!(classify(&SM80_16x8x16_F32_C, &SM80_16x8x16_F32_C), Ok(Class::Identity));
/// assert_eq!(classify(&SM75_U32x1_LDSM_N, &SM75_U16x2_LDSM_T), Ok(Class::LaneExchange));
/// ```
pub const fn classify(from: &Numeral, to: &Numeral) -> Result<Class, ConvertError> {
    if let Err(e) = validate(from, to) {
        return Err(e);
    }
    scan(from, to)
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

/// The class of a validated pair, from every destination value's source.
pub(crate) const fn scan(from: &Numeral, to: &Numeral) -> Result<Class, ConvertError> {
    let threads = to.threads();
    let mut identity = true;
    let mut in_thread = true;
    let mut renaming = true;
    let mut crossing: u32 = 0;
    let mut first_crossing: Option<((u32, u32), (u32, u32))> = None;
    let mut first_unlike: Option<ConvertError> = None;
    let mut e = 0;
    while e < to.elements {
        // Warp 0's sources of element `e`, for comparing the other warps with.
        let mut warp0 = [(0u32, 0u32); LANES as usize];
        let mut t = 0;
        while t < threads {
            // Validated layouts share the tile and are bijections: every value has a source.
            let (st, se) = match source_of(from, to, t, e) {
                Some(s) => s,
                None => (u32::MAX, u32::MAX),
            };
            if t < LANES {
                warp0[t as usize] = (st, se);
            }
            if st != t || se != e {
                identity = false;
            }
            if st != t {
                in_thread = false;
            } else if se != warp0[0].1 {
                renaming = false;
            }
            if st / LANES != t / LANES {
                crossing += 1;
                if first_crossing.is_none() {
                    first_crossing = Some(((t, e), (st, se)));
                }
            } else if t >= LANES && first_unlike.is_none() {
                let w = t / LANES;
                let (s0t, s0e) = warp0[(t % LANES) as usize];
                let expected = (s0t.saturating_add(w * LANES), s0e);
                if st != expected.0 || se != expected.1 {
                    first_unlike = Some(ConvertError::WarpsDiffer {
                        warp: w,
                        to: (t, e),
                        from: (st, se),
                        expected,
                    });
                }
            }
            t += 1;
        }
        e += 1;
    }
    if let Some((to_at, from_at)) = first_crossing {
        return Err(ConvertError::CrossesWarps {
            count: crossing,
            total: threads.saturating_mul(to.elements),
            to: to_at,
            from: from_at,
        });
    }
    if let Some(unlike) = first_unlike {
        return Err(unlike);
    }
    Ok(if identity {
        Class::Identity
    } else if in_thread && renaming {
        Class::Renaming
    } else if in_thread {
        Class::InThread
    } else {
        Class::LaneExchange
    })
}
