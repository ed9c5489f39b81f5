//! The shared-tile options `banks` and `smem` take: `--tile ROWSxCOLS`, `--elem BYTES`,
//! `--swizzle 128B | 64B | 32B | none | B,M,S`, `--pad N`, `--col-major`.

use layout_core::shared::{SharedLayout, Swizzle, SwizzleMode};

/// The swizzle as given: one of Hopper's modes, or CuTe's three numbers.
#[derive(Clone, Copy)]
enum SwizzleArg {
    Mode(SwizzleMode),
    Custom(Swizzle),
}

/// The tile options read so far.
#[derive(Default)]
pub struct TileArgs {
    pub tile: Option<(u32, u32)>,
    pub elem: Option<u32>,
    swizzle: Option<SwizzleArg>,
    pad: u32,
    col_major: bool,
}

impl TileArgs {
    /// Reads `opt` (and its value from `rest`) when it is a tile option: `Ok(true)`;
    /// `Ok(false)` for another option; `Err` (a usage message) for a bad value.
    pub fn take<'a>(
        &mut self,
        opt: &str,
        rest: &mut impl Iterator<Item = &'a str>,
    ) -> Result<bool, String> {
        let mut value = |what: &str| rest.next().ok_or_else(|| format!("`{opt}` needs {what}"));
        match opt {
            "--tile" => {
                let v = value("the tile's rows and columns, such as 64x64")?;
                self.tile = Some(tile(v)?);
            }
            "--elem" => {
                let v = value("the bytes per element: 1, 2, 4, 8 or 16")?;
                self.elem = Some(number(opt, v)?);
            }
            "--pad" => {
                let v = value("the elements of padding after each row")?;
                self.pad = number(opt, v)?;
            }
            "--swizzle" => {
                let v = value("a swizzle: 128B, 64B, 32B, none, or CuTe's B,M,S such as 3,3,3")?;
                self.swizzle = Some(swizzle(v)?);
            }
            "--col-major" => self.col_major = true,
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The layout: the tile (`--tile`, else `default_tile`), element bytes (`--elem`, else
    /// `default_elem`), then padding, swizzle and majorness. A Hopper mode whose row width the
    /// tile has is the mode's layout ([`SharedLayout::hopper`]); on other widths it is the
    /// mode's swizzle of elements. `Err` says what is missing (a usage error).
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
            Some(SwizzleArg::Mode(m))
                if m.bytes() == cols.saturating_mul(elem) && self.pad == 0 =>
            {
                l = SharedLayout::hopper(rows, cols, elem, m);
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
            None => l = l.with_pad(self.pad),
        }
        Ok(if self.col_major { l.col_major() } else { l })
    }

    /// The Rust that builds the layout, for `--find`'s answer.
    pub fn rust(l: &SharedLayout) -> String {
        let s = l.swizzle();
        let mut out = if let Some(m) = l.mode() {
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
        out
    }
}

/// `64x64` (or `64X64`).
fn tile(v: &str) -> Result<(u32, u32), String> {
    let bad = || format!("`--tile` takes ROWSxCOLS, such as 64x64, not `{v}`");
    let (r, c) = v.split_once(['x', 'X']).ok_or_else(bad)?;
    match (r.parse(), c.parse()) {
        (Ok(r), Ok(c)) => Ok((r, c)),
        _ => Err(bad()),
    }
}

/// A whole number for `opt`.
fn number(opt: &str, v: &str) -> Result<u32, String> {
    v.parse()
        .map_err(|_| format!("`{opt}` takes a whole number, not `{v}`"))
}

/// `128B`, `64B`, `32B`, `none`, or `B,M,S`.
fn swizzle(v: &str) -> Result<SwizzleArg, String> {
    let mode = match v.to_ascii_lowercase().as_str() {
        "128b" | "128" => Some(SwizzleMode::B128),
        "64b" | "64" => Some(SwizzleMode::B64),
        "32b" | "32" => Some(SwizzleMode::B32),
        "none" => Some(SwizzleMode::None),
        _ => None,
    };
    if let Some(m) = mode {
        return Ok(SwizzleArg::Mode(m));
    }
    let parts: Vec<Result<u32, _>> = v.split(',').map(|p| p.trim().parse::<u32>()).collect();
    match parts.as_slice() {
        [Ok(b), Ok(m), Ok(s)] => Ok(SwizzleArg::Custom(Swizzle::new(*b, *m, *s))),
        _ => Err(format!(
            "`--swizzle` takes 128B, 64B, 32B, none, or CuTe's bits,base,shift such as 3,3,3; not `{v}`"
        )),
    }
}
