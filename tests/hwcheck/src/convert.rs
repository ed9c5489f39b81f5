//! Conversion checks: a warp converts a fragment from one layout to another with
//! `shfl.sync.idx.b32`, executing the plan `layout_core::convert::Plan` makes, and the result
//! must be exactly the destination layout.
//!
//! Each lane loads its `from` fragment, whose values are the tile offsets the source numeral
//! gives it (`row * cols + col`, from [`Numeral::coords`](layout_core::Numeral::coords)), runs
//! the conversion kernel (`kernel.rs`: the plan as straight-line PTX, as `#[convert_layout]`
//! generates it), and stores its `to` fragment. The host compares every word with the offset
//! the destination numeral gives that lane and element: a value in the wrong lane or register
//! is caught by its number, and named (`first: lane L element E holds V ...`).
//!
//! On `--host-only`, the kernel's own PTX runs on `ptx_sim` (the ISA's `shfl.sync.idx`, not the
//! plan's idea of it). The cases (`cases.rs`) are the conversions kernel authors meet and four
//! seeded random numeral pairs; `relay.rs` adds relays of 16-bit values two to a word, one of
//! each shape the catalog's pairs take.

mod cases;
mod kernel;
mod relay;

use layout_core::convert::Plan;

use crate::check::{ident, Check, Planned, Report};
use crate::ptx_sim;
use cases::{Case, OwnedNumeral};

/// Every conversion check, named `convert FROM => TO` (so `--only convert` selects them), then
/// the relays on packed 16-bit values (`relay.rs`, `convert relay FROM => TO`).
pub fn convert_plan() -> Vec<Planned> {
    let plans = cases::cases()
        .into_iter()
        .map(|c| Planned::new(c.name.clone(), move || convert_check(&c)));
    plans.chain(relay::relay_plan()).collect()
}

/// Every conversion check, built (for tests).
#[cfg(test)]
fn convert_checks() -> Vec<Check> {
    convert_plan().iter().map(Planned::build).collect()
}

/// The plan converting the case's `from` to its `to`.
fn plan(c: &Case) -> Plan {
    let (from, to) = &c.from_to;
    Plan::new(&from.numeral(), &to.numeral())
        .unwrap_or_else(|e| panic!("{}: {}", c.name, e.message().as_str()))
}

/// `[lane][e]` words compared with the destination's offsets; the first difference named,
/// with where the value came from under the source layout.
fn judge(out: &[u32], want: &[u32], from: &OwnedNumeral, note: &str) -> Report {
    let n = from.elements as usize;
    Report::words(out, want, note, |i, g, w| {
        let origin = match from.numeral().decode(g) {
            Some((lane, e)) => format!("source lane {lane} element {e}"),
            None => "no source element".to_string(),
        };
        format!(
            "first: lane {} element {} holds {g} ({origin}), want {w}",
            i / n,
            i % n
        )
    })
}

/// The check of one conversion.
fn convert_check(c: &Case) -> Check {
    let plan = plan(c);
    let (from, to) = &c.from_to;
    let kernel_name = ident(&format!("convert_{}_to_{}", from.name, to.name));
    let program = kernel::program(&kernel_name, &plan);
    let out_words = 32 * plan.elements() as usize;
    let note = format!(
        "{}, {} rounds (lower bound {}), {} selects",
        plan.class().name(),
        plan.rounds(),
        plan.lower_bound(),
        plan.selects()
    );
    let want = to.offsets();
    let source = from.clone();
    let verify = Box::new(move |out: &[u32]| judge(out, &want, &source, &note));
    let ptx = program.kernel.ptx.clone();
    let simulate = Box::new(move |inputs: &[Vec<u32>]| {
        ptx_sim::run(&ptx, inputs, out_words).unwrap_or_else(|e| panic!("simulation: {e}"))
    });
    Check::warp(
        c.name.clone(),
        program.kernel,
        vec![from.offsets(), program.tables],
        out_words,
        simulate,
        verify,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use layout_core::convert::Class;

    fn count(ptx: &str, op: &str) -> u32 {
        ptx.lines().filter(|l| l.trim().starts_with(op)).count() as u32
    }

    #[test]
    fn kernels_spend_one_shuffle_per_round_and_the_plans_selects() {
        let mut classes = Vec::new();
        let (mut xor, mut table) = (false, false);
        for c in cases::cases() {
            let plan = plan(&c);
            let k = kernel::program("k", &plan).kernel;
            assert_eq!(
                count(&k.ptx, "shfl.sync.idx.b32 "),
                plan.rounds(),
                "{}",
                c.name
            );
            assert_eq!(count(&k.ptx, "selp.b32 "), plan.selects(), "{}", c.name);
            assert_eq!(plan.rounds(), plan.lower_bound(), "{}", c.name);
            assert!(!k.ptx.contains(".local"), "{}", c.name);
            xor |= k.ptx.contains("xor.b32 %x, %l, ");
            table |= k.ptx.contains("ld.global.u32 %x, ");
            classes.push(plan.class());
        }
        use Class::*;
        assert_eq!(
            classes[..10],
            [
                Identity,
                Identity,
                Renaming,
                LaneExchange,
                LaneExchange,
                LaneExchange,
                LaneExchange,
                LaneExchange,
                LaneExchange,
                LaneExchange
            ]
        );
        assert!(classes[10..].iter().all(|&c| c == LaneExchange));
        assert!(xor && table, "both kinds of source lane are exercised");
    }

    /// The catalog pair whose rounds each fill one register in the lanes that move values:
    /// the lanes that keep theirs read themselves, so every round is one `mov` into that
    /// register and no `selp`, and the host simulation of that PTX delivers the destination.
    #[test]
    fn uniform_fills_spend_no_select_and_deliver() {
        let c = cases::cases()
            .into_iter()
            .find(|c| c.name == "convert SM70_8x8x4_F16_B_COL => SM75_8x8x16_S8_B_COL")
            .expect("the catalog case");
        let plan = plan(&c);
        assert_eq!((plan.rounds(), plan.selects()), (4, 0));
        let k = kernel::program("k", &plan).kernel;
        assert_eq!(count(&k.ptx, "selp.b32 "), 0);
        for r in 0..plan.rounds() {
            assert_eq!(plan.recv_uniform(r), Some(r), "round {r}");
            assert!(k.ptx.contains(&format!("mov.b32 %d{r}, %g;")), "round {r}");
        }
        let check = convert_check(&c);
        let r = (check.verify)(&(check.simulate)(&check.inputs));
        assert!(r.passed(), "{}", r.line());
    }

    /// Each way `kernel.rs` spends a plan's choice occurs in some kernel, so each runs on the
    /// hardware.
    #[test]
    fn every_path_of_the_kernel_generator_runs() {
        let kernels: Vec<String> = convert_checks().into_iter().map(|c| c.kernel.ptx).collect();
        let before_rounds = |k: &String| k.split("// round 0").next().unwrap_or("").to_string();
        for (path, found) in [
            (
                "an in-lane select",
                kernels
                    .iter()
                    .any(|k| before_rounds(k).contains("selp.b32 %d")),
            ),
            (
                "a constant offered register",
                kernels
                    .iter()
                    .any(|k| k.contains("shfl.sync.idx.b32 %g, %f")),
            ),
            (
                "a selected offered register",
                kernels
                    .iter()
                    .any(|k| k.contains("shfl.sync.idx.b32 %g, %v")),
            ),
            (
                "a lane xor",
                kernels.iter().any(|k| k.contains("xor.b32 %x, %l, ")),
            ),
            (
                "a source lane table",
                kernels.iter().any(|k| k.contains("ld.global.u32 %x, ")),
            ),
            (
                "a constant kept register",
                kernels.iter().any(|k| {
                    k.lines()
                        .any(|l| l.starts_with("    mov.b32 %d") && l.ends_with(", %g;"))
                }),
            ),
            (
                "a selected kept register",
                kernels
                    .iter()
                    .any(|k| k.contains("selp.b32 %d") && k.contains(", %g, %d")),
            ),
        ] {
            assert!(found, "no kernel has {path}");
        }
    }

    #[test]
    fn every_conversion_passes_on_the_simulation() {
        for c in convert_checks() {
            assert!(c.name.starts_with("convert "), "{}", c.name);
            let r = (c.verify)(&(c.simulate)(&c.inputs));
            assert!(r.passed(), "{}: {}", c.name, r.line());
            assert_eq!(r.total, c.out_words as u64);
        }
    }

    /// A kernel with one wrong instruction fails its check on the simulation: a store of the
    /// wrong register, or (for an exchange) a shuffle that reads the lane itself.
    #[test]
    fn a_wrong_instruction_fails_the_check() {
        for c in convert_checks() {
            let ptx = c.kernel.ptx.clone();
            let mut broken =
                vec![ptx.replace("st.global.b32 [%p2+0], %d0;", "st.global.b32 [%p2+0], %d1;")];
            if let Some(line) = ptx.lines().find(|l| l.contains("shfl.sync.idx.b32")) {
                broken.push(ptx.replace(line, &line.replace(", %x, ", ", %l, ")));
            }
            for bad in broken {
                assert_ne!(bad, ptx, "{}", c.name);
                let run = ptx_sim::run(&bad, &c.inputs, c.out_words).unwrap();
                let r = (c.verify)(&run);
                assert!(!r.passed(), "{}: {}", c.name, r.line());
                assert!(r.line().contains("first: lane "), "{}", r.line());
            }
        }
    }

    #[test]
    fn names_are_unique_and_say_convert() {
        let checks = convert_checks();
        let mut names: Vec<&str> = checks.iter().map(|c| c.name.as_str()).collect();
        let mut kernels: Vec<&str> = checks.iter().map(|c| c.kernel.name.as_str()).collect();
        names.sort();
        names.dedup();
        kernels.sort();
        kernels.dedup();
        assert_eq!((names.len(), kernels.len()), (checks.len(), checks.len()));
        assert!(checks.len() >= 14);
        assert!(names.iter().all(|n| n.starts_with("convert ")));
    }
}
