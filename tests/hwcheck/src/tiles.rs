//! `ldmatrix` / `stmatrix` from and to shared tiles laid out by the shared-memory model
//! (`layout_core::shared`): row-major, padded, and Hopper's 32-, 64- and 128-byte swizzles.
//!
//! For each form (`.x1`, `.x2`, `.x4`, `.trans`), with its catalog fragment, and for the
//! `m16n8k16` fragments that kernels move this way (A by `ldmatrix.x4`, B by
//! `ldmatrix.x2.trans` from a K x N tile, the f16 accumulator by `stmatrix.x2`), and for each
//! tile of [`tile_layouts`]:
//!
//! - the fragment's tile lies at `(4, c)` of a 40-row shared tile (`c` the last 16-byte aligned
//!   column it fits at), and the whole shared tile is laid into shared memory by
//!   `SharedLayout::offset`, each element holding its tile offset `row * cols + col` (padding
//!   `0xffff`);
//! - each lane's row address is `RowAddresses::address_or_copy(lane)` of
//!   `ldmatrix_rows_at`: the model's derivation, which is what is under test;
//! - `ldmatrix`: the registers must equal what the generated gather reads from the fragment's
//!   tile of codes; `stmatrix`: the registers hold codes of `(lane, element)`, and shared
//!   memory must come back as the generated scatter places them through the layout, every
//!   other byte (padding, the rest of the tile) untouched.
//!
//! The host simulation (`--host-only`) runs the instruction as the ISA states it
//! (`fraglayout_tests::ptx::ldmatrix`: lanes `8i..8i+7` address the rows of matrix `i`, lane
//! `l` holds row `l / 4`, columns `2 (l % 4)` and `+ 1`, or their transpose), reading the
//! addresses the kernel is given, not the model.

use fraglayout_tests::ptx;
use layout_core::catalog::{find, Entry, Operand, CATALOG};
use layout_core::shared::{ldmatrix_rows_at, FragmentAt, MatrixVariant, SharedLayout, SwizzleMode};

use crate::check::{ident, Check, Kernel, Planned};
use crate::ldst::{mem_halves, mem_words, reg_code, same_halves, shape, UNTOUCHED};
use crate::mma::{generated, version_target};
use crate::ptx_text::{copy_shared, load_regs, param_ptr, reg_list, store_regs};
use crate::values::{pack_words, unpack_words};

/// Rows of every shared tile: the tallest fragment (32 rows, `.x4` stacked) and 8 more.
const ROWS: u32 = 40;
/// The tile row the fragment's row 0 lies at: not a multiple of 8, so that the swizzles'
/// row phases do not start at 0.
const AT_ROW: u32 = 4;

/// The shared tiles every move is tried in, with their labels: 64 f16 columns plain and
/// padded by 8, and each Hopper swizzle mode at its own width (16, 32, 64 columns).
pub fn tile_layouts() -> Vec<(String, SharedLayout)> {
    let mut v = vec![
        (
            "row-major".to_string(),
            SharedLayout::row_major(ROWS, 64, 2),
        ),
        (
            "padded by 8".to_string(),
            SharedLayout::padded(ROWS, 64, 2, 8),
        ),
    ];
    for mode in [SwizzleMode::B32, SwizzleMode::B64, SwizzleMode::B128] {
        let cols = mode.bytes() / 2;
        v.push((
            mode.name().to_string(),
            SharedLayout::hopper(ROWS, cols, 2, mode),
        ));
    }
    v.into_iter()
        .map(|(kind, l)| (format!("{}x{} tile, {kind}", l.rows(), l.cols()), l))
        .collect()
}

/// One instruction moving one fragment.
#[derive(Clone, Copy)]
struct Move {
    instr: &'static str,
    entry: &'static Entry,
    variant: MatrixVariant,
    store: bool,
}

impl Move {
    fn new(instr: &'static str, entry: &'static Entry) -> Move {
        let (num, trans) = shape(instr);
        let variant = MatrixVariant::new(num, trans);
        let store = instr.starts_with("stmatrix");
        let named = if store {
            variant.stmatrix()
        } else {
            variant.ldmatrix()
        };
        assert_eq!(named, Some(instr), "{instr}: the model names another form");
        assert_eq!(
            entry.numeral.elements,
            2 * num,
            "{instr}: {} is not {num} registers",
            entry.name()
        );
        Move {
            instr,
            entry,
            variant,
            store,
        }
    }

    /// Where the fragment's tile lies in `l`: row [`AT_ROW`], the rightmost 16-byte aligned
    /// column it fits at.
    fn at(&self, l: &SharedLayout) -> FragmentAt {
        FragmentAt::new(AT_ROW, (l.cols() - self.entry.numeral.cols) & !7)
    }
}

/// Every move: each catalog `ldmatrix` / `stmatrix` form with its own fragment, then the
/// `m16n8k16` operands kernels move this way.
fn moves() -> Vec<Move> {
    let mut v: Vec<Move> = CATALOG
        .iter()
        .filter(|e| e.operand == Operand::Matrices)
        .flat_map(|e| e.instructions.iter().map(move |&i| (i, e)))
        .filter(|(i, _)| i.starts_with("ldmatrix") || i.starts_with("stmatrix"))
        .map(|(i, e)| Move::new(i, e))
        .collect();
    let entry = |name: &str| find(name).unwrap_or_else(|| panic!("no catalog entry {name}"));
    for (variant, name, store) in [
        (MatrixVariant::X4, "SM80_16x8x16_F16_A_ROW", false),
        (MatrixVariant::X2_TRANS, "SM80_16x8x16_F16_B_COL", false),
        (MatrixVariant::X2, "SM80_16x8x16_F16_C", true),
    ] {
        let instr = if store {
            variant.stmatrix()
        } else {
            variant.ldmatrix()
        };
        v.push(Move::new(instr.expect("a form of 1, 2 or 4"), entry(name)));
    }
    v
}

/// The code tile element `(row, col)` of `l` holds: its tile offset.
fn code(l: &SharedLayout, row: u32, col: u32) -> u16 {
    (row * l.cols() + col) as u16
}

/// The shared-memory image of `l`: with `codes`, each element's code at its offset and
/// padding `fill`; without, `fill` everywhere.
fn image(l: &SharedLayout, codes: bool, fill: u16) -> Vec<u16> {
    let mut mem = vec![fill; l.span() as usize];
    if codes {
        for row in 0..l.rows() {
            for col in 0..l.cols() {
                mem[l.offset(row, col).expect("inside") as usize] = code(l, row, col);
            }
        }
    }
    mem
}

/// The kernel: the image copied into shared memory (1024-byte aligned, as the 128-byte
/// swizzle needs), then `body`, then (for `stmatrix`) the image copied back out.
/// Parameters: `mem, [regs,] addr, out`.
fn tile_ptx(m: &Move, name: &str, bytes: u32) -> Kernel {
    let arch = if m.store { "sm_90" } else { "sm_75" };
    let (version, target) = version_target(arch, m.instr);
    let num = m.variant.num;
    let kernel = ident(name);
    let params: &[&str] = if m.store {
        &["param_mem", "param_regs", "param_addr", "param_out"]
    } else {
        &["param_mem", "param_addr", "param_out"]
    };
    let declared: Vec<String> = params
        .iter()
        .map(|p| format!("    .param .u64 {p}"))
        .collect();
    let chunks = bytes / 16;
    let mut s = format!(
        "// Generated by fraglayout-hwcheck.\n.version {version}\n.target {target}\n.address_size 64\n\n\
         .visible .entry {kernel}(\n{}\n)\n{{\n    .reg .b32 %t, %s, %i, %ad, %x<4>, %r<{num}>;\n    .reg .b64 %o, %q, %p<4>;\n    .reg .pred %done;\n\
         \x20   .shared .align 1024 .b8 smem[{bytes}];\n    mov.u32 %t, %tid.x;\n    mov.u32 %s, smem;\n\
         \x20   ld.param.u64 %p0, [param_mem];\n    cvta.to.global.u64 %p0, %p0;\n",
        declared.join(",\n")
    );
    s += &copy_shared("COPY_IN", 0, chunks, 32, true);
    s += "    bar.sync 0;\n";
    let addr = if m.store { 2 } else { 1 };
    if m.store {
        s += &param_ptr(1, "param_regs", 4 * num);
        s += &load_regs("b32", "r", 1, num, 4);
    }
    s += &param_ptr(addr, "param_addr", 4);
    s += &format!("    ld.global.u32 %ad, [%p{addr}];\n    add.u32 %ad, %ad, %s;\n");
    let regs = reg_list("r", num);
    if m.store {
        s += &format!("    {} [%ad], {regs};\n    bar.sync 0;\n", m.instr);
        s += "    ld.param.u64 %p3, [param_out];\n    cvta.to.global.u64 %p3, %p3;\n";
        s += &copy_shared("COPY_OUT", 3, chunks, 32, false);
    } else {
        s += &format!("    {} {regs}, [%ad];\n", m.instr);
        s += &param_ptr(2, "param_out", 4 * num);
        s += &store_regs("b32", "r", 2, num, 4);
    }
    s += "    ret;\n}\n";
    Kernel {
        name: kernel,
        target,
        ptx: s,
    }
}

/// The stacked-tile position `(row, col)` the ISA gives element `i` of `lane`: row `row` is
/// row `row % 8` of matrix `row / 8`, whose address lane `row` supplies.
fn isa_position(trans: bool, lane: u32, i: u32) -> (u32, u32) {
    if trans {
        ptx::ldmatrix_trans(lane, i)
    } else {
        ptx::ldmatrix(lane, i)
    }
}

/// The check of one move in one shared tile.
fn tile_check(m: Move, label: &str, l: SharedLayout) -> Check {
    let n = m.entry.numeral;
    let at = m.at(&l);
    let rows = ldmatrix_rows_at(m.variant, n, &l, at, 0)
        .unwrap_or_else(|e| panic!("{} of {} in {label}: {e}", m.instr, m.entry.name()));
    let addr: Vec<u32> = (0..32)
        .map(|lane| rows.address_or_copy(lane).expect("a lane of the warp"))
        .collect();
    let name = tile_name(&m, label);
    let bytes = (l.span_bytes() as u32).next_multiple_of(16);
    let kernel = tile_ptx(&m, &name, bytes);
    let layout = generated(m.entry);
    let (num, trans, elements) = (m.variant.num, m.variant.trans, 2 * m.variant.num);
    let (fr, fc) = (n.rows, n.cols);
    let pad = |mut mem: Vec<u16>| {
        mem.resize(bytes as usize / 2, UNTOUCHED);
        mem
    };
    if !m.store {
        // The fragment's tile of codes, as the generated gather reads it.
        let tile: Vec<u64> = (0..fr * fc)
            .map(|i| u64::from(code(&l, at.row + i / fc, at.col + i % fc)))
            .collect();
        let want: Vec<u32> = (0..32)
            .flat_map(|lane| (layout.gather)(lane, &tile, fc as usize))
            .collect();
        let verify = same_halves(mem_halves(&want));
        let simulate = Box::new(move |inp: &[Vec<u32>]| {
            let (mem, addr) = (mem_halves(&inp[0]), &inp[1]);
            (0..32)
                .flat_map(|lane| {
                    let el: Vec<u64> = (0..elements)
                        .map(|i| {
                            let (row, col) = isa_position(trans, lane, i);
                            let a = addr[row as usize] / 2 + col;
                            u64::from(mem[a as usize])
                        })
                        .collect();
                    pack_words(&el, 16)
                })
                .collect()
        });
        return Check::warp(
            name,
            kernel,
            vec![mem_words(&pad(image(&l, true, UNTOUCHED))), addr],
            32 * num as usize,
            simulate,
            verify,
        );
    }
    let codes = |lane: u32| -> Vec<u64> {
        (0..elements)
            .map(|i| u64::from(reg_code(lane, i)))
            .collect()
    };
    let regs: Vec<u32> = (0..32)
        .flat_map(|lane| pack_words(&codes(lane), 16))
        .collect();
    // The fragment's tile as the generated scatter writes it, then laid out by the layout.
    let mut tile = vec![u64::from(UNTOUCHED); (fr * fc) as usize];
    for lane in 0..32 {
        (layout.scatter)(lane, &codes(lane), &mut tile, fc as usize);
    }
    let mut want = pad(image(&l, false, UNTOUCHED));
    for r in 0..fr {
        for c in 0..fc {
            let at = l.offset(at.row + r, at.col + c).expect("inside") as usize;
            want[at] = tile[(r * fc + c) as usize] as u16;
        }
    }
    let verify = same_halves(want);
    let simulate = Box::new(move |inp: &[Vec<u32>]| {
        let mut mem = mem_halves(&inp[0]);
        let (regs, addr) = (&inp[1], &inp[2]);
        for lane in 0..32u32 {
            let w = &regs[(lane * num) as usize..((lane + 1) * num) as usize];
            for (i, v) in unpack_words(w, 16, elements as usize).iter().enumerate() {
                let (row, col) = isa_position(trans, lane, i as u32);
                mem[(addr[row as usize] / 2 + col) as usize] = *v as u16;
            }
        }
        mem_words(&mem)
    });
    Check::warp(
        name,
        kernel,
        vec![mem_words(&pad(image(&l, false, UNTOUCHED))), regs, addr],
        bytes as usize / 4,
        simulate,
        verify,
    )
}

/// The check's name: the instruction, the fragment, the tile.
fn tile_name(m: &Move, label: &str) -> String {
    format!("{} ({}, {label})", m.instr, m.entry.name())
}

/// Every move in every tile of [`tile_layouts`], moves in catalog order, each in the tiles in
/// order, not built yet.
pub fn tile_plan() -> Vec<Planned> {
    let layouts = tile_layouts();
    let mut v = Vec::new();
    for m in moves() {
        for (label, l) in &layouts {
            let (label, l) = (label.to_string(), *l);
            v.push(Planned::new(tile_name(&m, &label), move || {
                tile_check(m, &label, l)
            }));
        }
    }
    v
}

/// Every tile check, built (for tests).
#[cfg(test)]
fn tile_checks() -> Vec<Check> {
    tile_plan().iter().map(Planned::build).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_meets_every_tile() {
        let checks = tile_checks();
        let layouts = tile_layouts();
        assert_eq!(layouts.len(), 5);
        for l in &layouts {
            l.1.check().unwrap();
        }
        for v in MatrixVariant::ALL {
            for instr in [v.ldmatrix().unwrap(), v.stmatrix().unwrap()] {
                for (label, _) in &layouts {
                    let n = checks
                        .iter()
                        .filter(|c| {
                            c.name.starts_with(instr) && c.name.ends_with(&format!("{label})"))
                        })
                        .count();
                    assert!(n >= 1, "{instr} in {label}");
                }
            }
        }
        assert_eq!(checks.len(), (12 + 3) * layouts.len());
        for want in [
            "ldmatrix.sync.aligned.m8n8.x4.shared.b16 (SM80_16x8x16_F16_A_ROW, 40x64 tile, 128-byte swizzle)",
            "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 (SM80_16x8x16_F16_B_COL, 40x16 tile, 32-byte swizzle)",
            "stmatrix.sync.aligned.m8n8.x2.shared.b16 (SM80_16x8x16_F16_C, 40x64 tile, padded by 8)",
        ] {
            assert!(checks.iter().any(|c| c.name == want), "{want}");
        }
    }

    #[test]
    fn swizzled_addresses_are_not_the_plain_ones() {
        // The 128-byte swizzle moves lane r's row of A (tile row 4 + r, column 48) to unit
        // 6 ^ ((4 + r) % 8): the addresses under test are the model's, not row-major ones.
        let m = moves()
            .into_iter()
            .find(|m| m.entry.name() == "SM80_16x8x16_F16_A_ROW")
            .unwrap();
        let (_, l) = tile_layouts().pop().unwrap();
        assert_eq!(l.mode(), Some(SwizzleMode::B128));
        let rows = ldmatrix_rows_at(m.variant, m.entry.numeral, &l, m.at(&l), 0).unwrap();
        for r in 0..8 {
            let row = AT_ROW + r;
            assert_eq!(rows.address(r), Some(row * 128 + 16 * (6 ^ (row % 8))));
        }
    }

    /// The check of `instr` with `frag` in the tile labelled `label`.
    fn check(instr: &str, frag: &str, label: &str) -> Check {
        tile_checks()
            .into_iter()
            .find(|c| c.name == format!("{instr} ({frag}, {label})"))
            .unwrap()
    }

    #[test]
    fn plain_addresses_on_a_swizzled_tile_fail_on_the_host() {
        for (instr, frag, addr_at) in [
            (
                "ldmatrix.sync.aligned.m8n8.x4.shared.b16",
                "SM80_16x8x16_F16_A_ROW",
                1,
            ),
            (
                "stmatrix.sync.aligned.m8n8.x2.shared.b16",
                "SM80_16x8x16_F16_C",
                2,
            ),
            (
                "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16",
                "SM75_U16x4_LDSM_T",
                1,
            ),
        ] {
            let c = check(instr, frag, "40x64 tile, 128-byte swizzle");
            let good = (c.verify)(&(c.simulate)(&c.inputs));
            assert!(good.passed(), "{}: {}", c.name, good.line());
            // The same rows as a plain 64-column tile places them.
            let plain = check(instr, frag, "40x64 tile, row-major");
            assert_ne!(plain.inputs[addr_at], c.inputs[addr_at]);
            let mut wrong = c.inputs.clone();
            wrong[addr_at] = plain.inputs[addr_at].clone();
            let bad = (c.verify)(&(c.simulate)(&wrong));
            assert!(bad.mismatched > 0, "{}: {}", c.name, bad.line());
        }
    }

    #[test]
    fn stmatrix_leaves_padding_and_the_rest_of_the_tile_untouched() {
        let c = check(
            "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16",
            "SM90_U16x8_STSM_T",
            "40x64 tile, padded by 8",
        );
        let out = (c.simulate)(&c.inputs);
        assert!((c.verify)(&out).passed());
        let halves = mem_halves(&out);
        let written = halves.iter().filter(|&&h| h != UNTOUCHED).count();
        assert_eq!(written, 32 * 8, "one 16-bit element per lane and element");
        // A write to padding (element 64 of row 0 lies in it) is caught.
        let mut stray = halves.clone();
        stray[64] = 0x0123;
        assert_eq!((c.verify)(&mem_words(&stray)).mismatched, 1);
    }
}
