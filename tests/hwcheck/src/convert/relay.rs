//! Relay checks: 16-bit values two to a 32-bit word, converted by a
//! `layout_core::convert::Relay`'s lane-bit swaps with `shfl.sync.idx.b32` and byte permutes,
//! as `#[convert_layout]` generates the relay for the library's layouts
//! (`layout-codegen/src/convert/relay.rs`). Each lane loads its words (the source layout's tile
//! offsets, two to a word, element `2w` low), runs the swaps and the in-lane order, and stores
//! its words; the host compares each with the destination layout's.
//!
//! ```text
//! swap of lane bit i with the half, words a and b:
//!   and.b32 %w, %l, 1 << i; setp.ne.u32 %q, %w, 0;     s: the lane's bit
//!   prmt.b32 %v1, %f{a}, %f{b}, 0x5410;                 low halves, packed (sent where s)
//!   prmt.b32 %v2, %f{a}, %f{b}, 0x7632;                 high halves (sent where not s)
//!   selp.b32 %v, %v1, %v2, %q; xor.b32 %x, %l, 1 << i;
//!   shfl.sync.idx.b32 %g, %v, %x, 0x1f, 0xffffffff;
//!   the halves read into the halves sent: prmt and selp, for a and for b
//! swap with word bit m, words a and b = a | 1 << m: the word whose bit is not s goes,
//!   selp %v; shfl; selp %f{a}; selp %f{b}
//! %d{k} = prmt of the two halves the in-lane order names; st.global.b32 %d..
//! ```

use layout_core::catalog::{
    SM100_TMEM_16dp64b4x, SM70_8x8x4_F16_A_COL, SM70_8x8x4_F16_A_ROW, SM70_8x8x4_F16_B_ROW,
    SM80_16x8x16_F16_C, SM90_16x8x16_F64_B_COL,
};
use layout_core::convert::{PackedPlan, Relay};
use layout_core::Numeral;

use super::kernel::VERSION_TARGET;
use crate::check::{ident, Check, Kernel, Planned, Report};
use crate::ptx_sim;
use crate::ptx_text::{load_regs, param_ptr, store_regs};

/// The relays the hardware check runs: one of each shape the catalog's pairs take (which lane
/// bit swaps with the half or a word bit, and whether an in-lane order follows), each taking
/// fewer shuffles than the packed plan.
fn pairs() -> [(Numeral<'static>, Numeral<'static>); 4] {
    [
        (SM70_8x8x4_F16_A_ROW, SM70_8x8x4_F16_A_COL),
        (SM100_TMEM_16dp64b4x, SM80_16x8x16_F16_C),
        (SM80_16x8x16_F16_C, SM100_TMEM_16dp64b4x),
        (SM70_8x8x4_F16_B_ROW, SM90_16x8x16_F64_B_COL),
    ]
}

/// Every relay check, named `convert relay FROM => TO`.
pub fn relay_plan() -> Vec<Planned> {
    pairs()
        .into_iter()
        .map(|(from, to)| {
            let name = format!("convert relay {} => {}", from.name, to.name);
            Planned::new(name.clone(), move || relay_check(name.clone(), &from, &to))
        })
        .collect()
}

/// `[lane][w]`: lane `lane`'s words of `n`, the tile offsets of elements `2w` (low) and
/// `2w + 1` (high).
fn words(n: &Numeral) -> Vec<u32> {
    let offset = |lane: u32, e: u32| {
        let (row, col) = n.coords(lane, e).expect("in range");
        row * n.cols + col
    };
    (0..32)
        .flat_map(|lane| (0..n.elements / 2).map(move |w| (lane, w)))
        .map(|(lane, w)| offset(lane, 2 * w) | offset(lane, 2 * w + 1) << 16)
        .collect()
}

/// The PTX of `relay` over `n` words a lane, its exchanges ([`Relay::exchange`]) in order (see
/// the module docs).
pub fn program(name: &str, relay: &Relay, n: u32) -> Kernel {
    let mut s = String::new();
    let mut line = |t: String| {
        s.push_str("    ");
        s.push_str(&t);
        s.push('\n');
    };
    let mut lane_bit = None;
    for x in (0..relay.rounds()).map_while(|k| relay.exchange(k)) {
        let (a, b, bit) = (x.a, x.b, 1u32 << x.lane_bit);
        if lane_bit != Some(x.lane_bit) {
            let with = if x.halves { "the half" } else { "a word bit" };
            line(format!("// swap lane bit {} with {with}", x.lane_bit));
            line(format!("and.b32 %w, %l, {bit};"));
            line("setp.ne.u32 %q, %w, 0;".to_string());
            lane_bit = Some(x.lane_bit);
        }
        if x.halves {
            line(format!("prmt.b32 %v1, %f{a}, %f{b}, 0x5410;"));
            line(format!("prmt.b32 %v2, %f{a}, %f{b}, 0x7632;"));
            line("selp.b32 %v, %v1, %v2, %q;".to_string());
        } else {
            line(format!("selp.b32 %v, %f{a}, %f{b}, %q;"));
        }
        line(format!("xor.b32 %x, %l, {bit};"));
        line("shfl.sync.idx.b32 %g, %v, %x, 0x1f, 0xffffffff;".to_string());
        if x.halves {
            line(format!("prmt.b32 %v1, %g, %f{a}, 0x7610;"));
            line(format!("prmt.b32 %v2, %f{a}, %g, 0x5410;"));
            line(format!("selp.b32 %f{a}, %v1, %v2, %q;"));
            line(format!("prmt.b32 %v1, %g, %f{b}, 0x7632;"));
            line(format!("prmt.b32 %v2, %f{b}, %g, 0x7610;"));
            line(format!("selp.b32 %f{b}, %v1, %v2, %q;"));
        } else {
            line(format!("selp.b32 %f{a}, %g, %f{a}, %q;"));
            line(format!("selp.b32 %f{b}, %f{b}, %g, %q;"));
        }
    }
    for k in 0..n {
        let (lo, hi) = (
            relay.source_index(2 * k).expect("an element"),
            relay.source_index(2 * k + 1).expect("an element"),
        );
        // Bytes 0, 1 from the low source's half, 2, 3 from the high one's (`b`, bytes 4..).
        let (l0, h0) = (2 * (lo % 2), 4 + 2 * (hi % 2));
        let sel = l0 | (l0 + 1) << 4 | h0 << 8 | (h0 + 1) << 12;
        line(format!(
            "prmt.b32 %d{k}, %f{}, %f{}, {sel:#06x};",
            lo / 2,
            hi / 2
        ));
    }
    let (version, target) = VERSION_TARGET;
    let ptx = format!(
        "// Generated by fraglayout-hwcheck.\n.version {version}\n.target {target}\n.address_size 64\n\n\
         .visible .entry {name}(\n    .param .u64 param_from,\n    .param .u64 param_to\n)\n{{\n\
         \x20   .reg .b32 %t, %l, %w, %x, %v, %v1, %v2, %g, %f<{n}>, %d<{n}>;\n    .reg .pred %q;\n    .reg .b64 %o, %p<3>;\n\
         \x20   mov.u32 %t, %tid.x;\n    mov.u32 %l, %laneid;\n{}{}{}{}{}    ret;\n}}\n",
        param_ptr(0, "param_from", 4 * n),
        load_regs("b32", "f", 0, n, 4),
        s,
        param_ptr(2, "param_to", 4 * n),
        store_regs("b32", "d", 2, n, 4),
    );
    Kernel {
        name: name.to_string(),
        target,
        ptx,
    }
}

/// The words against the destination's, the first difference named.
fn judge(out: &[u32], want: &[u32], n: usize, note: &str) -> Report {
    Report::words(out, want, note, |i, g, w| {
        format!(
            "first: lane {} word {} holds {g:#010x}, want {w:#010x}",
            i / n,
            i % n
        )
    })
}

/// The check of the relay from `from` to `to`.
fn relay_check(name: String, from: &Numeral, to: &Numeral) -> Check {
    let relay = Relay::new(from, to).expect("a relay");
    let packed = PackedPlan::new(from, to, 2).expect("a packed plan");
    let n = from.elements / 2;
    let kernel = program(
        &ident(&format!("relay_{}_to_{}", from.name, to.name)),
        &relay,
        n,
    );
    let out_words = 32 * n as usize;
    let note = format!(
        "relay, {} shuffles ({} swaps; the packed plan {} rounds)",
        relay.rounds(),
        relay.steps(),
        packed.rounds()
    );
    let want = words(to);
    let verify = Box::new(move |out: &[u32]| judge(out, &want, n as usize, &note));
    let ptx = kernel.ptx.clone();
    let simulate = Box::new(move |inputs: &[Vec<u32>]| {
        ptx_sim::run(&ptx, inputs, out_words).unwrap_or_else(|e| panic!("simulation: {e}"))
    });
    Check::warp(name, kernel, vec![words(from)], out_words, simulate, verify)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each relay's kernel spends its shuffles, fewer than the packed plan's rounds, and
    /// delivers the destination on the simulation; a kernel whose first swap sends the other
    /// halves does not.
    #[test]
    fn relay_kernels_deliver_in_the_relays_shuffles() {
        for (from, to) in pairs() {
            let relay = Relay::new(&from, &to).expect("a relay");
            let packed = PackedPlan::new(&from, &to, 2).expect("a packed plan");
            assert!(
                relay.rounds() < packed.rounds(),
                "{} => {}",
                from.name,
                to.name
            );
            let name = format!("convert relay {} => {}", from.name, to.name);
            let c = relay_check(name.clone(), &from, &to);
            let shuffles = c.kernel.ptx.matches("shfl.sync.idx.b32 ").count();
            assert_eq!(shuffles as u32, relay.rounds(), "{name}");
            let r = (c.verify)(&(c.simulate)(&c.inputs));
            assert!(r.passed(), "{name}: {}", r.line());
            // The first swap sends the other halves.
            let sent = "selp.b32 %v, %v1, %v2, %q;";
            assert!(c.kernel.ptx.contains(sent), "{name}");
            let bad = c.kernel.ptx.replacen(sent, "selp.b32 %v, %v2, %v1, %q;", 1);
            let run = ptx_sim::run(&bad, &c.inputs, c.out_words).expect("runs");
            assert!(!(c.verify)(&run).passed(), "{name}");
        }
    }

    /// `prmt`'s byte selection, as the ISA defines it for the selectors the kernels use.
    #[test]
    fn prmt_selectors_pick_the_halves() {
        let (a, b) = (0x1111_2222, 0x3333_4444);
        let run = |sel: u32| {
            let ptx = format!(
                "// t\n.version 6.5\n.target sm_75\n.address_size 64\n\n.visible .entry k(\n    .param .u64 param_to\n)\n{{\n\
                 \x20   .reg .b32 %t, %a, %b, %d0;\n    .reg .b64 %o, %p<1>;\n    mov.u32 %t, %tid.x;\n\
                 \x20   mov.b32 %a, {a};\n    mov.b32 %b, {b};\n    prmt.b32 %d0, %a, %b, {sel};\n{}{}    ret;\n}}\n",
                param_ptr(0, "param_to", 4),
                store_regs("b32", "d", 0, 1, 4),
            );
            ptx_sim::run(&ptx, &[], 32).expect("runs")[0]
        };
        assert_eq!(run(0x5410), 0x4444_2222); // low halves: a's, then b's
        assert_eq!(run(0x7632), 0x3333_1111); // high halves
        assert_eq!(run(0x7610), 0x3333_2222); // a's low half, b's high half
    }
}
