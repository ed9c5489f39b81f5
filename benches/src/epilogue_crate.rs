//! The crate whose compile time `tests/compile_time.rs` measures: 50 epilogues on the `wgmma`
//! `m64nN` f32 accumulators, 1,600 elements in all (the size of issue 17's crate), written two
//! ways with the same signatures and the same calls:
//!
//! - **generated**: `#[fragment_layout(NUMERAL)]` on a one-line body (`out[row * LD + col] =
//!   value`, `a[row * ld + col]`);
//! - **twin**: the same function written out by hand in the skilled style of `calls.rs` (the
//!   thread index checked as generated code checks it, the thread's base index computed once,
//!   one bounds check for the thread's footprint with the constant stride `LD`, one per row with
//!   a run-time `ld`, every element at a constant offset). This module writes the twin's source
//!   text from the numeral's digits (its thread terms and element parts); the macro takes no part.
//!
//! Epilogue `2j` is a scatter on `m64n(8k)` and `2j + 1` a gather on `m64n(8(16 - k))`, `k = 1 +
//! j % 15`, so each pair has 32 + 32 elements (4 to 60 each); the stride is the constant `LD`
//! for even `j` and a run-time `ld` for odd `j`. Worked for epilogue 0 (`m64n8`, 4 elements,
//! constant stride), the twin:
//!
//! ```text
//! pub fn epilogue_0(t: u32, frag: &[u32; 4], out: &mut [u32]) {
//!     if t >= 128 {
//!         return;
//!     }
//!     let t = t as usize;
//!     let b = (t / 4 % 8 + t / 32 * 16) * LD + t % 4 * 2;
//!     let s = &mut out[b..b + 8 * LD + 2];
//!     s[0] = frag[0];
//!     s[1] = frag[1];
//!     s[8 * LD] = frag[2];
//!     s[8 * LD + 1] = frag[3];
//! }
//! ```

use layout_core::catalog;
use layout_core::Numeral;
use std::fmt::Write;

/// Epilogues in the crate.
pub const CRATE_EPILOGUES: usize = 50;
/// The constant row stride of the crate (`pub const LD: usize = 256;`), and the run-time `ld`
/// its calls pass.
pub const CRATE_LD: usize = 256;
/// Elements of the buffer `call_all` works on: the 64 rows of a `wgmma` tile.
pub const CRATE_BUFFER: usize = 64 * CRATE_LD;

/// One epilogue of the crate.
#[derive(Clone, Copy, Debug)]
pub struct CrateEpilogue {
    /// Its number: the function is `epilogue_{index}`.
    pub index: usize,
    /// The catalog numeral.
    pub numeral: &'static Numeral<'static>,
    /// A gather (else a scatter).
    pub gather: bool,
    /// The row stride is the crate's constant `LD` (else a run-time `ld` parameter).
    pub constant_ld: bool,
}

/// Which version of the crate to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// No epilogues: the build's fixed cost (cargo, the crate's own overhead).
    Empty,
    /// The hand-written twins.
    Twin,
    /// `#[fragment_layout]`.
    Generated,
}

impl Variant {
    /// Every variant, in the order each run builds them.
    pub const ALL: [Variant; 3] = [Variant::Empty, Variant::Twin, Variant::Generated];

    /// Its name, also the crate's suffix (`fl-ct-twin`).
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Empty => "empty",
            Variant::Twin => "twin",
            Variant::Generated => "generated",
        }
    }
}

/// The `m64nN` f32 accumulator with `N = 8 * k`.
fn accumulator(k: usize) -> &'static Numeral<'static> {
    let name = format!("SM90_64x{}x16_F32_C", 8 * k);
    catalog::find(&name).expect("a wgmma accumulator").numeral
}

/// The crate's [`CRATE_EPILOGUES`] epilogues.
pub fn crate_epilogues() -> Vec<CrateEpilogue> {
    (0..CRATE_EPILOGUES)
        .map(|index| {
            let j = index / 2;
            let k = 1 + j % 15;
            let gather = index % 2 == 1;
            CrateEpilogue {
                index,
                numeral: accumulator(if gather { 16 - k } else { k }),
                gather,
                constant_ld: j % 2 == 0,
            }
        })
        .collect()
}

impl CrateEpilogue {
    /// Elements per thread.
    pub fn elements(&self) -> usize {
        self.numeral.elements as usize
    }

    /// The function's signature, the same in both versions.
    fn signature(&self) -> String {
        let (i, n) = (self.index, self.elements());
        let ld = if self.constant_ld { "" } else { ", ld: usize" };
        if self.gather {
            format!("pub fn epilogue_{i}(t: u32, a: &[u32]{ld}) -> [u32; {n}]")
        } else {
            format!("pub fn epilogue_{i}(t: u32, frag: &[u32; {n}], out: &mut [u32]{ld})")
        }
    }

    /// The stride as the body names it.
    fn ld(&self) -> &'static str {
        if self.constant_ld {
            "LD"
        } else {
            "ld"
        }
    }

    /// The `#[fragment_layout]` version.
    pub fn generated(&self) -> String {
        let (name, ld) = (self.numeral.name, self.ld());
        let (mode, body) = if self.gather {
            (", gather", format!("|row, col| a[row * {ld} + col]"))
        } else {
            (
                "",
                format!("|row, col, value| out[row * {ld} + col] = value"),
            )
        };
        format!(
            "#[::fraglayout::fragment_layout(::fraglayout::catalog::{name}{mode})]\n{} {{\n    {body}\n}}\n",
            self.signature()
        )
    }

    /// A call from `call_all(t: u32, buf: &mut [u32])`.
    pub fn call(&self) -> String {
        let i = self.index;
        let ld = if self.constant_ld {
            String::new()
        } else {
            format!(", {CRATE_LD}")
        };
        if self.gather {
            format!("core::hint::black_box(epilogue_{i}(t, buf{ld}));")
        } else {
            format!("epilogue_{i}(t, &[t; {}], buf{ld});", self.elements())
        }
    }

    /// The hand-written version (see the module docs).
    pub fn twin(&self) -> String {
        let n = self.numeral;
        let parts: Vec<(usize, usize)> = (0..n.elements).map(|e| n.element_part(e)).collect();
        let low = (
            parts.iter().map(|p| p.0).min().unwrap_or(0),
            parts.iter().map(|p| p.1).min().unwrap_or(0),
        );
        let high = (
            parts.iter().map(|p| p.0).max().unwrap_or(0),
            parts.iter().map(|p| p.1).max().unwrap_or(0),
        );
        let ld = self.ld();
        let (row, col) = thread_base(n);
        let mut s = format!("{} {{\n", self.signature());
        let outside = if self.gather {
            format!("[0; {}]", parts.len())
        } else {
            String::new()
        };
        let _ = write!(
            s,
            "    if t >= {} {{\n        return{}{outside};\n    }}\n    let t = t as usize;\n",
            n.threads(),
            if self.gather { " " } else { "" },
        );
        let _ = writeln!(
            s,
            "    let b = ({}) * {ld} + {};",
            plus(&row, low.0),
            plus(&col, low.1)
        );
        let (slice, buf) = if self.gather {
            ("&", "a")
        } else {
            ("&mut ", "out")
        };
        let tight = parts.contains(&low) && parts.contains(&high);
        // Each element's place, `(slice, offset)`, in element order.
        let place: Vec<(String, String)> = if self.constant_ld && tight {
            let len = offset(high.0 - low.0, high.1 - low.1 + 1, ld);
            let _ = writeln!(s, "    let s = {slice}{buf}[b..b + {len}];");
            parts
                .iter()
                .map(|p| ("s".to_string(), offset(p.0 - low.0, p.1 - low.1, ld)))
                .collect()
        } else {
            let first = |r: usize| parts.iter().filter(|q| q.0 == r).map(|q| q.1).min();
            parts
                .iter()
                .map(|p| (format!("r{}", p.0), (p.1 - first(p.0).unwrap()).to_string()))
                .collect()
        };
        // One slice per row, over the row's columns: the rows of a gather all taken first, each
        // row of a scatter (a mutable borrow) just before its stores.
        let mut rows: Vec<usize> = parts.iter().map(|p| p.0).collect();
        rows.sort_unstable();
        rows.dedup();
        let row_slice = |s: &mut String, r: usize| {
            let cols = parts.iter().filter(|p| p.0 == r).map(|p| p.1);
            let (c0, c1) = (cols.clone().min().unwrap(), cols.max().unwrap());
            let start = match offset(r - low.0, c0 - low.1, ld).as_str() {
                "0" => "b".to_string(),
                o => format!("b + {o}"),
            };
            let _ = writeln!(
                s,
                "    let r{r} = {slice}{buf}[{start}..{start} + {}];",
                c1 - c0 + 1
            );
        };
        let per_row = !(self.constant_ld && tight);
        if self.gather {
            if per_row {
                rows.iter().for_each(|&r| row_slice(&mut s, r));
            }
            let items: Vec<String> = place.iter().map(|(v, o)| format!("{v}[{o}]")).collect();
            let _ = writeln!(s, "    [{}]", items.join(", "));
        } else if per_row {
            for &r in &rows {
                row_slice(&mut s, r);
                for (e, (v, o)) in place.iter().enumerate().filter(|x| parts[x.0].0 == r) {
                    let _ = writeln!(s, "    {v}[{o}] = frag[{e}];");
                }
            }
        } else {
            for (e, (v, o)) in place.iter().enumerate() {
                let _ = writeln!(s, "    {v}[{o}] = frag[{e}];");
            }
        }
        s.push_str("}\n");
        s
    }
}

/// `rows * ld + cols` as a skilled engineer writes a constant offset: `0`, `9`, `8 * LD`,
/// `8 * LD + 1`.
fn offset(rows: usize, cols: usize, ld: &str) -> String {
    match (rows, cols) {
        (0, c) => c.to_string(),
        (r, 0) => format!("{r} * {ld}"),
        (r, c) => format!("{r} * {ld} + {c}"),
    }
}

/// `expr + k`, or `expr` for `k` 0.
fn plus(expr: &str, k: usize) -> String {
    if k == 0 {
        expr.to_string()
    } else {
        format!("{expr} + {k}")
    }
}

/// The thread's row and column as expressions in `t: usize`, from the numeral's thread terms:
/// `t / D % M * K` summed, `/ 1`, `% 0` and `* 1` left out. For the `wgmma` accumulators,
/// `("t / 4 % 8 + t / 32 * 16", "t % 4 * 2")`.
fn thread_base(n: &Numeral) -> (String, String) {
    assert_eq!(n.thread_wrap(), 0, "the twins take numerals without a band");
    let terms = n.thread_terms();
    let (mut row, mut col) = (Vec::new(), Vec::new());
    for term in &terms[..n.thread_term_count()] {
        let mut x = "t".to_string();
        if term.divisor != 1 {
            let _ = write!(x, " / {}", term.divisor);
        }
        if term.modulus != 0 {
            let _ = write!(x, " % {}", term.modulus);
        }
        for (mul, side) in [(term.row_mul, &mut row), (term.col_mul, &mut col)] {
            match mul {
                0 => {}
                1 => side.push(x.clone()),
                m => side.push(format!("{x} * {m}")),
            }
        }
    }
    let sum = |v: Vec<String>| {
        if v.is_empty() {
            "0".to_string()
        } else {
            v.join(" + ")
        }
    };
    (sum(row), sum(col))
}

/// The crate's `lib.rs` in `variant`: the constant `LD`, the epilogues, and `call_all`, which
/// calls each once (so that each is compiled to machine code).
pub fn crate_source(variant: Variant, epilogues: &[CrateEpilogue]) -> String {
    let mut s = String::from("use fraglayout as _;\n");
    if variant == Variant::Empty {
        return s;
    }
    let _ = writeln!(s, "\npub const LD: usize = {CRATE_LD};");
    for e in epilogues {
        s.push('\n');
        s.push_str(&match variant {
            Variant::Twin => e.twin(),
            _ => e.generated(),
        });
    }
    s.push_str("\npub fn call_all(t: u32, buf: &mut [u32]) {\n");
    for e in epilogues {
        let _ = writeln!(s, "    {}", e.call());
    }
    s.push_str("}\n");
    s
}

/// A program that runs both versions of every epilogue for every thread of its numeral and one
/// past it, with `generated` and `twin` as modules holding [`crate_source`]'s text, and exits
/// with an error unless they write (scatter) or return (gather) the same, a thread of the layout
/// touching exactly its elements' count of cells and one outside it none.
pub fn agreement_program(epilogues: &[CrateEpilogue]) -> String {
    let mut s = String::from(
        "#![allow(dead_code)]\nmod generated {\n    include!(\"generated.rs\");\n}\nmod twin {\n    include!(\"twin.rs\");\n}\n\nfn main() {\n",
    );
    let _ = writeln!(
        s,
        "    let a: Vec<u32> = (1..={CRATE_BUFFER} as u32).collect();"
    );
    for e in epilogues {
        let (i, n, threads) = (e.index, e.elements(), e.numeral.threads());
        let ld = if e.constant_ld {
            String::new()
        } else {
            format!(", {CRATE_LD}")
        };
        let _ = writeln!(s, "    for t in 0..={threads}u32 {{");
        let _ = writeln!(
            s,
            "        let want = if t < {threads} {{ {n} }} else {{ 0 }};"
        );
        if e.gather {
            let _ = writeln!(
                s,
                "        let (g, h) = (generated::epilogue_{i}(t, &a{ld}), twin::epilogue_{i}(t, &a{ld}));\n        assert_eq!(g, h, \"epilogue_{i}, thread {{t}}\");\n        assert_eq!(g.iter().filter(|&&x| x != 0).count(), want, \"epilogue_{i}, thread {{t}}\");"
            );
        } else {
            let _ = writeln!(
                s,
                "        let frag: [u32; {n}] = core::array::from_fn(|k| k as u32 + 1);\n        let (mut g, mut h) = (vec![0u32; {CRATE_BUFFER}], vec![0u32; {CRATE_BUFFER}]);\n        generated::epilogue_{i}(t, &frag, &mut g{ld});\n        twin::epilogue_{i}(t, &frag, &mut h{ld});\n        assert_eq!(g, h, \"epilogue_{i}, thread {{t}}\");\n        assert_eq!(g.iter().filter(|&&x| x != 0).count(), want, \"epilogue_{i}, thread {{t}}\");"
            );
        }
        s.push_str("    }\n");
    }
    let _ = writeln!(s, "    println!(\"{} epilogues agree\");", epilogues.len());
    s.push_str("}\n");
    s
}
