//! The shared-tile options `banks` and `smem` take: `--tile ROWSxCOLS`, `--elem BYTES`,
//! `--swizzle 128B | 64B | 32B | none | B,M,S`, `--pad N`, `--col-major`.

use clap::parser::ValueSource;
use clap::{Arg, ArgAction, ArgMatches, Command};
use layout_core::shared::{AtomOrder, SharedError, SharedLayout, Swizzle, SwizzleMode};

/// The swizzle as given: one of Hopper's modes, CuTe's three numbers of element offsets
/// (`B,M,S`), or CuTe's `Swizzle<B,M,S>` of byte offsets.
#[derive(Clone, Copy)]
pub enum SwizzleArg {
    Mode(SwizzleMode),
    Custom(Swizzle),
    Bytes(Swizzle),
    /// The descriptors' interleaved no-swizzle layout of 8 x 16-byte core matrices.
    Interleave,
}

/// The tile options read.
#[derive(Default)]
pub struct TileArgs {
    pub tile: Option<(u32, u32)>,
    pub elem: Option<u32>,
    swizzle: Option<SwizzleArg>,
    pad: u32,
    col_major: bool,
    bands: bool,
}

/// `cmd` with the tile options.
pub fn args(cmd: Command) -> Command {
    cmd.args([
        Arg::new("tile")
            .long("tile")
            .value_name("RxC")
            .value_parser(tile)
            .help("the shared tile's rows and columns, such as 64x64"),
        Arg::new("elem")
            .long("elem")
            .value_name("BYTES")
            .value_parser(elem)
            .help("bytes per element: 1, 2, 4, 8 or 16"),
        Arg::new("swizzle")
            .long("swizzle")
            .value_name("S")
            .value_parser(swizzle)
            .help(
                "128B, 64B, 32B or none (Hopper's modes: lines of whole atoms of the mode's \
                 width, side by side; with --pad, the mode's swizzle of elements), interleave (8 x 16-byte core matrices), B,M,S (CuTe's numbers, of element \
                 offsets) or Swizzle<B,M,S> (CuTe's spelling, of byte offsets)",
            ),
        Arg::new("pad")
            .long("pad")
            .value_name("N")
            .value_parser(|v: &str| number("--pad", v))
            .help("elements of padding after each row"),
        Arg::new("col-major")
            .long("col-major")
            .action(ArgAction::SetTrue)
            .help("the tile column-major"),
        Arg::new("atoms")
            .long("atoms")
            .value_name("ORDER")
            .value_parser(["slabs", "bands"])
            .help(
                "a tile wider than one swizzle atom: atoms in slabs (each column of atoms \
                 contiguous; DeepGEMM, Triton, CuTe's K-major tile_to_shape; the default) or \
                 bands (8 lines across the atoms contiguous; CuTe's MN-major tile_to_shape)",
            ),
    ])
}

impl TileArgs {
    /// The tile options of `m` (a command built with [`args`]), and the names of those given.
    pub fn from_matches(m: &ArgMatches) -> (TileArgs, Vec<&'static str>) {
        let given = ["tile", "elem", "swizzle", "pad", "col-major", "atoms"]
            .into_iter()
            .filter(|id| m.value_source(id) == Some(ValueSource::CommandLine))
            .collect();
        let args = TileArgs {
            tile: m.get_one("tile").copied(),
            elem: m.get_one("elem").copied(),
            swizzle: m.get_one("swizzle").copied(),
            pad: m.get_one("pad").copied().unwrap_or(0),
            col_major: m.get_flag("col-major"),
            bands: m.get_one::<String>("atoms").is_some_and(|o| o == "bands"),
        };
        (args, given)
    }

    /// A note on the swizzle's unit when the layout has one: the swizzle shown is of element
    /// offsets, and CuTe's of byte offsets is the same one.
    pub fn unit_note(l: &SharedLayout) -> Option<String> {
        let s = l.swizzle();
        if s.is_identity() || !l.elem_bytes().is_power_of_two() {
            return None;
        }
        let shift = l.elem_bytes().trailing_zeros();
        Some(format!(
            "(swizzles here are of element offsets: Swizzle<{}, {}, {}> of {}-byte elements is \
             CuTe's Swizzle<{}, {}, {}> of byte offsets, `--swizzle 'Swizzle<{},{},{}>'`)\n",
            s.bits,
            s.base,
            s.shift,
            l.elem_bytes(),
            s.bits,
            s.base + shift,
            s.shift,
            s.bits,
            s.base + shift,
            s.shift
        ))
    }

    /// The layout: the tile (`--tile`, else `default_tile`), element bytes (`--elem`, else
    /// `default_elem`), then padding, swizzle and majorness. A Hopper mode is the mode's
    /// layout ([`SharedLayout::hopper`], whose check refuses lines that are not whole atoms);
    /// padded, it is the mode's swizzle of elements, as `hopper(..).with_pad(..)`. `Err` says
    /// what is missing (a usage error).
    pub fn layout(
        &self,
        default_tile: Option<(u32, u32)>,
        default_elem: Option<u32>,
    ) -> Result<SharedLayout, String> {
        let (rows, cols) = self
            .tile
            .or(default_tile)
            .ok_or("give the tile: `--tile ROWSxCOLS`, such as `--tile 64x64`")?;
        let elem = self
            .elem
            .or(default_elem)
            .ok_or("give the element size: `--elem BYTES`")?;
        let mut l = SharedLayout::row_major(rows, cols, elem);
        match self.swizzle {
            Some(SwizzleArg::Mode(m)) if m.bytes() != 0 && self.pad == 0 => {
                l = SharedLayout::hopper(rows, cols, elem, m);
            }
            Some(SwizzleArg::Interleave) if self.pad == 0 => {
                l = SharedLayout::core_matrices(rows, cols, elem);
            }
            // Padded, as `core_matrices(..).with_pad(..)`: a grid of them the check refuses.
            Some(SwizzleArg::Interleave) => {
                l = SharedLayout::core_matrices(rows, cols, elem).with_pad(self.pad);
            }
            Some(SwizzleArg::Mode(m)) => {
                let s = m.swizzle(elem).ok_or_else(|| {
                    format!(
                        "the {} mode needs elements of 1 to 16 bytes, not {elem}",
                        m.name()
                    )
                })?;
                l = l.with_pad(self.pad).with_swizzle(s);
            }
            Some(SwizzleArg::Custom(s)) => l = l.with_pad(self.pad).with_swizzle(s),
            Some(SwizzleArg::Bytes(s)) => {
                l = l.with_pad(self.pad).with_swizzle(of_elements(s, elem)?);
            }
            None => l = l.with_pad(self.pad),
        }
        let l = if self.col_major { l.col_major() } else { l };
        if self.bands && !l.is_grid() {
            return Err(format!(
                "`--atoms bands` orders the atoms of a tile wider than one, and {l} is one atom \
                 wide: leave it out, or give a swizzle mode whose atoms its lines hold several of"
            ));
        }
        Ok(if self.bands {
            l.with_order(AtomOrder::Bands)
        } else {
            l
        })
    }

    /// `text` (the library's messages about a layout) with the fix its Rust names written as
    /// these options: a swizzle mode and no padding, for a descriptor or a TMA box.
    pub fn in_options(text: &str) -> String {
        const MODE: &str = "give a swizzle mode, `--swizzle 128B` (or 64B, 32B; interleave for \
                            no swizzle), without `--pad`";
        text.replace(
            "build the layout with SharedLayout::hopper (or core_matrices for no swizzle)",
            MODE,
        )
        .replace(
            "build the layout with SharedLayout::hopper, without padding",
            MODE,
        )
    }

    /// The Rust that builds the layout, for `--find`'s answer.
    pub fn rust(l: &SharedLayout) -> String {
        let s = l.swizzle();
        let mut out = if l.mode() == Some(SwizzleMode::None) && l.is_grid() {
            format!(
                "SharedLayout::core_matrices({}, {}, {})",
                l.rows(),
                l.cols(),
                l.elem_bytes()
            )
        } else if let Some(m) = l.mode() {
            format!(
                "SharedLayout::hopper({}, {}, {}, SwizzleMode::{:?})",
                l.rows(),
                l.cols(),
                l.elem_bytes(),
                m
            )
        } else {
            let mut base = format!(
                "SharedLayout::row_major({}, {}, {})",
                l.rows(),
                l.cols(),
                l.elem_bytes()
            );
            if l.pad() != 0 {
                base = format!(
                    "SharedLayout::padded({}, {}, {}, {})",
                    l.rows(),
                    l.cols(),
                    l.elem_bytes(),
                    l.pad()
                );
            }
            if !s.is_identity() {
                base.push_str(&format!(
                    ".with_swizzle(Swizzle::new({}, {}, {}))",
                    s.bits, s.base, s.shift
                ));
            }
            base
        };
        if l.major() == layout_core::shared::Major::Col {
            out.push_str(".col_major()");
        }
        if l.is_grid() && l.order() == AtomOrder::Bands {
            out.push_str(".with_order(AtomOrder::Bands)");
        }
        out
    }
}

/// `64x64` (or `64X64`): rows and columns, each at least 1.
fn tile(v: &str) -> Result<(u32, u32), String> {
    let bad = || {
        format!(
            "`--tile` takes ROWSxCOLS, each a whole number from 1 to {}, such as 64x64, not `{}`",
            u32::MAX,
            crate::suggest::shortened(v)
        )
    };
    let (r, c) = v.split_once(['x', 'X']).ok_or_else(bad)?;
    match (r.parse(), c.parse()) {
        (Ok(r), Ok(c)) if r > 0 && c > 0 => Ok((r, c)),
        _ => Err(bad()),
    }
}

/// `--elem`: the element sizes the library's check takes (1, 2, 4, 8 or 16 bytes).
fn elem(v: &str) -> Result<u32, String> {
    let bytes: u32 = v.parse().map_err(|_| {
        format!(
            "`--elem` takes bytes per element, 1, 2, 4, 8 or 16, not `{}`",
            crate::suggest::shortened(v)
        )
    })?;
    match SharedLayout::row_major(1, 1, bytes).check() {
        Err(e @ SharedError::ElementBytes { .. }) => Err(format!("`--elem {bytes}`: {e}")),
        _ => Ok(bytes),
    }
}

/// A whole number for `opt`, 0 to `u32::MAX`.
fn number(opt: &str, v: &str) -> Result<u32, String> {
    v.parse().map_err(|_| {
        format!(
            "`{opt}` takes a whole number from 0 to {}, not `{}`",
            u32::MAX,
            crate::suggest::shortened(v)
        )
    })
}

/// CuTe's `Swizzle<B,M,S>` of byte offsets as the swizzle of `elem`-byte elements' offsets: the
/// base less the element's bits; an error where the swizzle would split an element.
fn of_elements(s: Swizzle, elem: u32) -> Result<Swizzle, String> {
    let shift = elem.trailing_zeros();
    if !elem.is_power_of_two() || s.base < shift {
        return Err(format!(
            "Swizzle<{}, {}, {}> of byte offsets moves parts of {elem}-byte elements: its base \
             must be at least {shift} (log2 of the element's bytes), such as Swizzle<{}, {shift}, {}>",
            s.bits, s.base, s.shift, s.bits, s.shift
        ));
    }
    Ok(Swizzle::new(s.bits, s.base - shift, s.shift))
}

/// `128B`, `64B`, `32B`, `none`, `B,M,S` or `Swizzle<B,M,S>`.
fn swizzle(v: &str) -> Result<SwizzleArg, String> {
    let mode = match v.to_ascii_lowercase().as_str() {
        "128b" | "128" => Some(SwizzleMode::B128),
        "64b" | "64" => Some(SwizzleMode::B64),
        "32b" | "32" => Some(SwizzleMode::B32),
        "none" => Some(SwizzleMode::None),
        _ => None,
    };
    if v.eq_ignore_ascii_case("interleave") {
        return Ok(SwizzleArg::Interleave);
    }
    if let Some(m) = mode {
        return Ok(SwizzleArg::Mode(m));
    }
    let trimmed = v.trim();
    let cute = trimmed
        .strip_prefix("Swizzle<")
        .and_then(|r| r.strip_suffix('>'));
    let parts: Vec<Result<u32, _>> = cute
        .unwrap_or(trimmed)
        .split(',')
        .map(|p| p.trim().parse::<u32>())
        .collect();
    match (parts.as_slice(), cute) {
        ([Ok(b), Ok(m), Ok(s)], None) => Ok(SwizzleArg::Custom(Swizzle::new(*b, *m, *s))),
        ([Ok(b), Ok(m), Ok(s)], Some(_)) => Ok(SwizzleArg::Bytes(Swizzle::new(*b, *m, *s))),
        _ => Err(format!(
            "`--swizzle` takes 128B, 64B, 32B, none, interleave, CuTe's bits,base,shift of element offsets \
             such as 3,3,3, or CuTe's Swizzle<3,4,3> of byte offsets; not `{}`",
            crate::suggest::shortened(v)
        )),
    }
}
