//! The generated part of `docs/SHARED.md`: wavefronts per access for the common kernel tiles,
//! next to the ideal, the row-address code `#[matrix_rows]` generates for them, and the
//! 128-byte swizzle drawn; all computed by `layout_core::shared` and `render::smem`.

use layout_core::catalog::{
    SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F16_B_COL, SM80_16x8x16_F16_C, SM80_16x8x16_F32_C,
    SM90_64x64x16_F16_C,
};
use layout_core::message::Message;
use layout_core::render::smem::{tile, Show};
use layout_core::shared::{
    find, Access, FragmentAt, MatrixVariant, SharedLayout, SwizzleMode, ThreadRows, Wavefronts,
};
use layout_core::Numeral;

/// The marker lines around the generated part.
pub const BEGIN: &str = "<!-- shared:begin -->";
/// See [`BEGIN`].
pub const END: &str = "<!-- shared:end -->";

/// One row of the table: the kernel's tile, the layout, the access.
pub struct Case {
    /// What the tile is for.
    pub tile: &'static str,
    pub layout: SharedLayout,
    /// The access, as `fraglayout banks` spells it.
    pub access: String,
    pub made: Access<'static>,
}

fn matrices(
    store: bool,
    variant: MatrixVariant,
    n: &'static Numeral<'static>,
    at: FragmentAt,
) -> (String, Access<'static>) {
    let name = format!(
        "`{}.x{}{}` of `{}`{}",
        if store { "stmatrix" } else { "ldmatrix" },
        variant.num,
        if variant.trans { ".trans" } else { "" },
        n.name,
        if at == FragmentAt::ORIGIN {
            String::new()
        } else {
            format!(" at ({}, {})", at.row, at.col)
        }
    );
    (name, Access::matrices(variant, n).at(at))
}

/// The cases, in table order: the issue's (64 x 64 f16 with the 128-byte swizzle read by
/// `ldmatrix.x4`; the `m16n8k16` accumulator staged through `stmatrix`; row-major without
/// swizzle as the bad case; padded), and the B operand, the f32 accumulator and Hopper's
/// epilogue.
pub fn cases() -> Vec<Case> {
    let a_tile = "A operand, 64 x 64 f16 (M x K)";
    let b_tile = "B operand, 64 x 64 f16 (K x N)";
    let c_tile = "f16 accumulator staging, 16 x 64 f16 (a warp's 16 rows)";
    let f32_tile = "f32 accumulator staging, 16 x 64 f32";
    let wg_tile = "Hopper epilogue, 64 x 64 f16 (warp 0 of the wgmma accumulator)";
    let plain = SharedLayout::row_major(64, 64, 2);
    let swizzled = SharedLayout::hopper(64, 64, 2, SwizzleMode::B128);
    let padded = SharedLayout::padded(64, 64, 2, 8);
    let stage = SharedLayout::row_major(16, 64, 2);
    let stage32 = SharedLayout::row_major(16, 64, 4);
    let a = |at| matrices(false, MatrixVariant::X4, &SM80_16x8x16_F16_A_ROW, at);
    let b = || {
        matrices(
            false,
            MatrixVariant::X2_TRANS,
            &SM80_16x8x16_F16_B_COL,
            FragmentAt::ORIGIN,
        )
    };
    let c = || {
        matrices(
            true,
            MatrixVariant::X2,
            &SM80_16x8x16_F16_C,
            FragmentAt::ORIGIN,
        )
    };
    let wg = || {
        matrices(
            true,
            MatrixVariant::X4,
            &SM90_64x64x16_F16_C,
            FragmentAt::ORIGIN,
        )
    };
    let rows = || {
        (
            "`rows.16` (16-byte row-wise reads for the global store)".to_string(),
            Access::rows(16),
        )
    };
    let store8 = || {
        (
            "`store.8` of `SM80_16x8x16_F32_C` (two f32 a lane)".to_string(),
            Access::elements(&SM80_16x8x16_F32_C, 8),
        )
    };
    let case = |tile: &'static str,
                layout: SharedLayout,
                (access, made): (String, Access<'static>)| Case {
        tile,
        layout,
        access,
        made,
    };
    let stage_found = |accesses: &[Access], base: SharedLayout| {
        find(&base, accesses, 0).expect("a layout").layout
    };
    let c_swizzle = stage_found(&[c().1, Access::rows(16)], stage);
    let f32_swizzle = stage_found(&[store8().1, Access::rows(16)], stage32);
    vec![
        case(a_tile, swizzled, a(FragmentAt::ORIGIN)),
        case(a_tile, swizzled, a(FragmentAt::new(16, 32))),
        case(a_tile, plain, a(FragmentAt::ORIGIN)),
        case(a_tile, padded, a(FragmentAt::ORIGIN)),
        case(b_tile, swizzled, b()),
        case(b_tile, plain, b()),
        case(c_tile, c_swizzle, c()),
        case(c_tile, c_swizzle, rows()),
        case(c_tile, stage, c()),
        case(c_tile, stage, rows()),
        case(c_tile, SharedLayout::padded(16, 64, 2, 8), c()),
        case(c_tile, SharedLayout::padded(16, 64, 2, 8), rows()),
        case(f32_tile, f32_swizzle, store8()),
        case(f32_tile, f32_swizzle, rows()),
        case(f32_tile, stage32, store8()),
        case(wg_tile, swizzled, wg()),
        case(wg_tile, plain, wg()),
    ]
}

/// `32 wavefronts, ideal 4 (8-way conflict)`.
fn words(w: &Wavefronts) -> String {
    let mut m = Message::new();
    w.write(&mut m);
    m.as_str().to_string()
}

/// The layout as the table names it: `128-byte swizzle`, `Swizzle<3, 3, 3>`, `padded by 8`,
/// `row-major`.
pub fn layout_name(l: &SharedLayout) -> String {
    match (l.mode(), l.swizzle().is_identity(), l.pad()) {
        (Some(m), _, _) => m.name().to_string(),
        (None, false, _) => {
            let s = l.swizzle();
            format!("`Swizzle<{}, {}, {}>`", s.bits, s.base, s.shift)
        }
        (None, true, 0) => "row-major, no swizzle".to_string(),
        (None, true, p) => format!("padded by {p}"),
    }
}

/// The table of wavefronts.
pub fn table() -> String {
    let mut out = String::from(
        "| tile | layout | access | instructions | wavefronts | ideal | |\n|---|---|---|---|---|---|---|\n",
    );
    for c in cases() {
        let count = c.made.requests(&c.layout).expect("the access can be made");
        let w = c
            .made
            .wavefronts(&c.layout)
            .expect("the access can be made");
        let verdict = if w.conflict_free() {
            "conflict-free".to_string()
        } else {
            format!("**{}-way conflict**", w.worst)
        };
        out.push_str(&format!(
            "| {} | {} | {} | {count} | {} | {} | {verdict} |\n",
            c.tile,
            layout_name(&c.layout),
            c.access,
            w.total,
            w.ideal
        ));
    }
    out
}

/// The address code `#[matrix_rows]` generates for the table's `ldmatrix` / `stmatrix` rows
/// (their first instruction).
pub fn codes() -> String {
    let mut out = String::from(
        "| layout | access | address of lane `t` (bytes from the tile's base) |\n|---|---|---|\n",
    );
    for c in cases() {
        let Access::Matrices {
            variant,
            fragment,
            at,
        } = c.made
        else {
            continue;
        };
        let rows = ThreadRows::new(variant, fragment, &c.layout, at, 0).expect("derived");
        out.push_str(&format!(
            "| {} | {} | `{}` |\n",
            layout_name(&c.layout),
            c.access,
            rows.code()
        ));
    }
    out
}

/// The whole generated part: the table, the codes, and the 128-byte swizzle drawn.
pub fn generated() -> String {
    let mut picture = String::new();
    tile(
        &SharedLayout::hopper(8, 64, 2, SwizzleMode::B128),
        Show::Chunk,
        &mut picture,
    )
    .expect("a String takes any text");
    format!(
        "{}\nThe row address each lane hands the instruction, as `#[matrix_rows]` computes it \
         (`t` is the lane, or the thread of a warpgroup; `^` binds looser than `*`):\n\n{}\n\
         The 128-byte swizzle (`fraglayout smem --tile 8x64 --swizzle 128B`), each 16-byte \
         chunk's place in its 128-byte row of banks:\n\n```text\n{}```\n",
        table(),
        codes(),
        picture
    )
}

/// `text` with everything between the markers replaced by the generated part; `None` when
/// the markers are missing.
pub fn regenerate(text: &str) -> Option<String> {
    let b = text.find(BEGIN)? + BEGIN.len();
    let e = text[b..].find(END)? + b;
    Some(format!("{}\n{}{}", &text[..b], generated(), &text[e..]))
}

/// The wavefronts of case `i`, for tests.
pub fn wavefronts(c: &Case) -> Wavefronts {
    c.made
        .wavefronts(&c.layout)
        .expect("the access can be made")
}

/// `32 wavefronts, ideal 4 (8-way conflict)` of case `c`.
pub fn described(c: &Case) -> String {
    words(&wavefronts(c))
}
