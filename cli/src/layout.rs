//! A layout as every command takes it: a catalog name, an example layout's name
//! (`layout_core::convert::examples`), `NAME:RxC` (or `NAME[RxC]`) for a tile of `R x C`
//! copies of a named layout, a numeral written out as `fraglayout check` takes it, or a `tcgen05.mma` layout in
//! tensor memory by name ([`crate::tmem`], [`crate::tmem_sf`]).

use layout_codegen::OwnedNumeral;
use layout_core::catalog::Entry;
use layout_core::convert::examples;
use layout_core::tmem::TmemLayout;
use layout_core::tmem_sf::TmemScaleFactors;
use layout_core::{Numeral, Tiled};

use crate::{check, suggest};

/// A layout given on the command line.
pub enum Layout {
    /// A catalog or example layout.
    Named(&'static Numeral<'static>),
    /// `NAME:RxC` or `NAME[RxC]`: the named layout tiled, under the name `NAME[RxC]`.
    Tiled { tiled: Box<Tiled>, name: String },
    /// A numeral written out.
    Written(OwnedNumeral),
    /// A `tcgen05.mma` layout in tensor memory or a fragment read from one ([`crate::tmem`]),
    /// under the name as typed.
    Tmem {
        layout: Box<TmemLayout>,
        name: String,
    },
    /// Block-scaled `tcgen05.mma`'s scale factors in tensor memory ([`crate::tmem_sf`]), under
    /// the name as typed.
    TmemSf {
        layout: Box<TmemScaleFactors>,
        name: String,
    },
}

impl Layout {
    /// The layout as a numeral.
    pub fn numeral(&self) -> Numeral<'_> {
        match self {
            Layout::Named(n) => **n,
            Layout::Tiled { tiled, name } => tiled.numeral().renamed(name),
            Layout::Written(n) => n.as_numeral(),
            Layout::Tmem { layout, name } => layout.numeral().renamed(name),
            Layout::TmemSf { layout, name } => layout.numeral().renamed(name),
        }
    }

    /// What a tensor-memory layout ([`crate::tmem`], [`crate::tmem_sf`]) is, in words, with
    /// what its threads and elements are; `None` for any other layout.
    pub fn tmem_what(&self) -> Option<String> {
        match self {
            Layout::Tmem { layout, .. } => Some(format!(
                "{}; thread = TMEM lane (warp * 32 + lane), element = 32-bit column",
                layout.numeral().name
            )),
            Layout::TmemSf { layout, .. } => Some(crate::tmem_sf::what(layout)),
            _ => None,
        }
    }

    /// The catalog entry the layout is, for a catalog name.
    pub fn entry(&self) -> Option<&'static Entry> {
        match self {
            Layout::Named(n) => layout_core::catalog::find(n.name),
            _ => None,
        }
    }

    /// The catalog entry the layout is or tiles (`NAME:RxC`): whose elements it holds.
    pub fn base_entry(&self) -> Option<&'static Entry> {
        match self {
            Layout::Named(n) => layout_core::catalog::find(n.name),
            Layout::Tiled { name, .. } => {
                let (base, _) = split_tiling(name).ok()??;
                layout_core::catalog::find(base)
            }
            Layout::Written(_) | Layout::Tmem { .. } | Layout::TmemSf { .. } => None,
        }
    }

    /// The layout as a numeral that lives as long as the process (a command's answer is its
    /// last use).
    pub fn leak(self) -> &'static Numeral<'static> {
        match self {
            Layout::Named(n) => n,
            Layout::Tiled { tiled, name } => {
                let tiled: &'static Tiled = Box::leak(tiled);
                let name: &'static str = Box::leak(name.into_boxed_str());
                Box::leak(Box::new(tiled.numeral().renamed(name)))
            }
            Layout::Written(n) => {
                let n: &'static OwnedNumeral = Box::leak(Box::new(n));
                Box::leak(Box::new(n.as_numeral()))
            }
            Layout::Tmem { layout, name } => {
                let layout: &'static TmemLayout = Box::leak(layout);
                let name: &'static str = Box::leak(name.into_boxed_str());
                Box::leak(Box::new(layout.numeral().renamed(name)))
            }
            Layout::TmemSf { layout, name } => {
                let layout: &'static TmemScaleFactors = Box::leak(layout);
                let name: &'static str = Box::leak(name.into_boxed_str());
                Box::leak(Box::new(layout.numeral().renamed(name)))
            }
        }
    }

    /// A layout as a Rust expression: its path, or for a numeral written out, the `Numeral::new`
    /// call that builds it.
    pub fn rust(&self) -> String {
        if let Some(e) = self.expression() {
            return e;
        }
        let n = self.numeral();
        let digits: Vec<String> = n
            .digits
            .iter()
            .map(|d| {
                format!(
                    "fraglayout::Digit::{}({}, {}, {})",
                    d.source.constructor(),
                    d.divisor,
                    d.range,
                    d.place
                )
            })
            .collect();
        let warps = if n.warps == 1 {
            String::new()
        } else {
            format!(".with_warps({})", n.warps)
        };
        format!(
            "fraglayout::Numeral::new({:?}, {}, {}, {}, &[{}]){warps}",
            n.name,
            n.rows,
            n.cols,
            n.elements,
            digits.join(", ")
        )
    }

    /// The Rust expression for the layout, as `#[convert_layout]` takes it, for a named or
    /// tiled layout; `None` for one written out.
    pub fn expression(&self) -> Option<String> {
        let named = |n: &Numeral| path(n.name);
        match self {
            Layout::Named(n) => Some(named(n)),
            Layout::Tiled { name, .. } => {
                let (base, (r, c)) = split_tiling(name).ok()??;
                Some(format!("{}.tiled_or_panic({r}, {c}).numeral()", path(base)))
            }
            Layout::Written(_) | Layout::Tmem { .. } | Layout::TmemSf { .. } => None,
        }
    }
}

/// The path of a catalog or example layout in the `fraglayout` crate.
fn path(name: &str) -> String {
    if layout_core::catalog::find(name).is_some() {
        format!("fraglayout::catalog::{name}")
    } else {
        format!("fraglayout::convert::examples::{name}")
    }
}

/// A catalog or example layout by name.
fn named(name: &str) -> Option<&'static Numeral<'static>> {
    layout_core::catalog::find(name)
        .map(|e| e.numeral)
        .or_else(|| examples::numeral(name))
}

/// A layout's name and the copies `(R, C)` of `NAME:RxC`.
type Tiling<'t> = (&'t str, (u32, u32));

/// `NAME:RxC`, or `NAME[RxC]` (a shell pattern unless quoted), as `Some((NAME, (R, C)))`;
/// `Ok(None)` for text with neither (a `::`, as in `tcgen05.mma.cta_group::1`, is no
/// tiling); an error for a tiling of anything but two positive numbers.
pub fn split_tiling(text: &str) -> Result<Option<Tiling<'_>>, String> {
    let bad = || {
        format!(
            "`{}`: write a tile of tiles as NAME:RxC (or 'NAME[RxC]' in quotes), R and C the \
             copies down and across, e.g. SM80_16x8x16_F32_C:1x2",
            suggest::shortened(text)
        )
    };
    let (base, copies) = if let Some(open) = text.find('[') {
        let inner = text[open + 1..].strip_suffix(']').ok_or_else(bad)?;
        (&text[..open], inner)
    } else if let Some(split) = text.rsplit_once(':').filter(|_| !text.contains("::")) {
        split
    } else {
        return Ok(None);
    };
    let (r, c) = copies.split_once(['x', 'X']).ok_or_else(bad)?;
    let number = |s: &str| s.trim().parse::<u32>().ok().filter(|&k| k > 0);
    match (number(r), number(c)) {
        (Some(r), Some(c)) => Ok(Some((base.trim(), (r, c)))),
        _ => Err(bad()),
    }
}

/// The name `text` tiles (`NAME` of `NAME:RxC` or `NAME[RxC]`), else `text` itself.
pub fn base_name(text: &str) -> &str {
    match split_tiling(text) {
        Ok(Some((base, _))) => base,
        _ => text,
    }
}

/// The layout `text` names or writes out; `label` (`from` or `to`) locates the errors of a
/// numeral written out. The error is the message to print, `error: ` lines included.
pub fn resolve(text: &str, label: &str) -> Result<Layout, String> {
    if text.contains('{') {
        return check::read(text, label)
            .map(Layout::Written)
            .map_err(|report| {
                format!("{report}error: {label} is not a valid numeral (the problems are above)\n")
            });
    }
    if crate::tmem::is_tmem_name(text) {
        return crate::tmem::resolve(text)
            .map(|l| Layout::Tmem {
                layout: Box::new(l),
                name: text.to_string(),
            })
            .map_err(|msg| format!("error: {msg}\n"));
    }
    if crate::tmem_sf::is_name(text) {
        return crate::tmem_sf::resolve(text)
            .map(|l| Layout::TmemSf {
                layout: Box::new(l),
                name: text.to_string(),
            })
            .map_err(|msg| format!("error: {msg}\n"));
    }
    let unknown = |name: &str| {
        let tmem = crate::tmem::examples();
        format!("error: {}\n", suggest::unknown(name, &tmem))
    };
    match split_tiling(text) {
        Err(msg) => Err(format!("error: {msg}\n")),
        Ok(None) => named(text).map(Layout::Named).ok_or_else(|| unknown(text)),
        Ok(Some((base, (r, c)))) => {
            let inner = named(base).ok_or_else(|| unknown(base))?;
            let tiled = inner.tiled(r, c).map_err(|e| {
                format!(
                    "error: {} cannot be tiled {r} x {c}: {}\n",
                    inner.name,
                    e.message().as_str()
                )
            })?;
            Ok(Layout::Tiled {
                tiled: Box::new(tiled),
                name: format!("{base}[{r}x{c}]"),
            })
        }
    }
}
