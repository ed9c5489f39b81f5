//! The crate whose compile time `tests/compile_time.rs` measures: 50 epilogues written the way
//! the README writes them, on `mma.sync` and `wgmma` layouts, two ways with the same signatures
//! and the same calls:
//!
//! - **generated**: `use fraglayout::catalog::NAME;` once per layout, then
//!   `#[fragment_layout(NAME)]` on a one-line body, one of six kinds in turn: a plain scatter
//!   (`out[row * LD + col] = value`), a gather (`a[row * ld + col]`), a scaled scatter (`=
//!   alpha * value`), an accumulating one (`+= value`), a scatter of a partial tile
//!   (`bounds(rows, cols)`) and a store of two adjacent elements through a raw pointer
//!   (`vector = 2`, `*(d.add(row * LD + col) as *mut [f32; 2]) = values`);
//! - **twin**: the same function written out by hand in the skilled style of `calls.rs`
//!   (`#[inline]`, as there and as the macro writes it; the `u32` thread index checked as generated code checks it, the thread's base index computed
//!   once, one bounds check for the thread's footprint with the constant stride `LD`, one per
//!   row with a run-time `ld`, every element at a constant offset; a partial tile tests each
//!   row once and each element's column). This module writes the twin's source text from the
//!   numeral's digits (its thread terms and element parts); the macro takes no part.
//!
//! Epilogue `i` is of kind `i % 6` (the order above); its layout is an `mma.sync` one for even
//! `i / 6` (the `m16n8k16` f32 accumulator, or the f16 A operand for a gather, `u16`
//! elements) and a `wgmma` `m64nN` f32 accumulator for odd `i / 6`, `N = 8 * (1 + i % 16)`;
//! the stride is the constant `LD` where `i / 12` is even and a run-time `ld` where it is odd
//! (so each kind meets each layout with each stride). Worked for epilogue 15 (`+=` on
//! `m16n8k16`, 4 elements, run-time stride) the generated version and the twin:
//!
//! ```text
//! #[fragment_layout(SM80_16x8x16_F32_C)]
//! pub fn epilogue_15(t: u32, frag: &[f32; 4], out: &mut [f32], ld: usize) {
//!     |row, col, value| out[row * ld + col] += value
//! }
//!
//! #[inline]
//! pub fn epilogue_15(t: u32, frag: &[f32; 4], out: &mut [f32], ld: usize) {
//!     if t >= 32 {
//!         return;
//!     }
//!     let t = t as usize;
//!     let b = (t / 4) * ld + t % 4 * 2;
//!     let r0 = &mut out[b..b + 2];
//!     r0[0] += frag[0];
//!     r0[1] += frag[1];
//!     let r8 = &mut out[b + 8 * ld..b + 8 * ld + 2];
//!     r8[0] += frag[2];
//!     r8[1] += frag[3];
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
/// Elements of the buffers `call_all` works on: the 64 rows of a `wgmma` tile.
pub const CRATE_BUFFER: usize = 64 * CRATE_LD;

/// The body of an epilogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `out[INDEX] = value`.
    Scatter,
    /// `a[INDEX]`, returning the fragment.
    Gather,
    /// `out[INDEX] = alpha * value`.
    Scaled,
    /// `out[INDEX] += value`.
    Accumulate,
    /// `out[INDEX] = value` with `bounds(rows, cols)`.
    Bounds,
    /// `vector = 2`: `*(d.add(INDEX) as *mut [f32; 2]) = values`.
    Vector,
}

impl Kind {
    /// The kinds in the order the crate cycles through them.
    pub const ALL: [Kind; 6] = [
        Kind::Scatter,
        Kind::Gather,
        Kind::Scaled,
        Kind::Accumulate,
        Kind::Bounds,
        Kind::Vector,
    ];
}

/// One epilogue of the crate.
#[derive(Clone, Copy, Debug)]
pub struct CrateEpilogue {
    /// Its number: the function is `epilogue_{index}`.
    pub index: usize,
    /// The catalog name it is written with (`use fraglayout::catalog::NAME;`).
    pub name: &'static str,
    /// The catalog numeral.
    pub numeral: &'static Numeral<'static>,
    /// Its body.
    pub kind: Kind,
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

/// The catalog entry named `name`: its name and numeral.
fn layout(name: &str) -> (&'static str, &'static Numeral<'static>) {
    let entry = catalog::find(name).expect("a catalog layout");
    (entry.name(), entry.numeral)
}

/// The crate's [`CRATE_EPILOGUES`] epilogues.
pub fn crate_epilogues() -> Vec<CrateEpilogue> {
    (0..CRATE_EPILOGUES)
        .map(|index| {
            let kind = Kind::ALL[index % Kind::ALL.len()];
            let wgmma = (index / Kind::ALL.len()) % 2 == 1;
            let (name, numeral) = match (wgmma, kind) {
                (true, _) => layout(&format!("SM90_64x{}x16_F32_C", 8 * (1 + index % 16))),
                (false, Kind::Gather) => layout("SM80_16x8x16_F16_A_ROW"),
                (false, _) => layout("SM80_16x8x16_F32_C"),
            };
            CrateEpilogue {
                index,
                name,
                numeral,
                kind,
                constant_ld: (index / 12) % 2 == 0,
            }
        })
        .collect()
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

/// `b`, or `b + OFFSET`.
fn at_base(off: &str) -> String {
    match off {
        "0" => "b".to_string(),
        o => format!("b + {o}"),
    }
}

impl CrateEpilogue {
    /// Elements per thread.
    pub fn elements(&self) -> usize {
        self.numeral.elements as usize
    }

    /// Whether it is a gather.
    pub fn gather(&self) -> bool {
        self.kind == Kind::Gather
    }

    /// The element type: `u16` for the `mma` A operand, else `f32`.
    pub fn element(&self) -> &'static str {
        if self.gather() && self.numeral.rows == 16 {
            "u16"
        } else {
            "f32"
        }
    }

    /// The tile's rows and columns.
    pub fn tile(&self) -> (usize, usize) {
        (self.numeral.rows as usize, self.numeral.cols as usize)
    }

    /// The function's signature, the same in both versions.
    fn signature(&self) -> String {
        let (i, n, ty) = (self.index, self.elements(), self.element());
        let ld = if self.constant_ld { "" } else { ", ld: usize" };
        let head = format!("pub fn epilogue_{i}(t: u32");
        match self.kind {
            Kind::Gather => format!("{head}, a: &[{ty}]{ld}) -> [{ty}; {n}]"),
            Kind::Vector => format!("{head}, frag: &[f32; {n}], d: *mut f32{ld})"),
            Kind::Scaled => format!("{head}, frag: &[f32; {n}], out: &mut [f32]{ld}, alpha: f32)"),
            Kind::Bounds => {
                format!("{head}, frag: &[f32; {n}], out: &mut [f32]{ld}, rows: usize, cols: usize)")
            }
            _ => format!("{head}, frag: &[f32; {n}], out: &mut [f32]{ld})"),
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

    /// The `#[fragment_layout]` version, written with the `use`d name.
    pub fn generated(&self) -> String {
        let (name, ld) = (self.name, self.ld());
        let index = format!("row * {ld} + col");
        let (args, body) = match self.kind {
            Kind::Scatter => ("", format!("|row, col, value| out[{index}] = value")),
            Kind::Gather => (", gather", format!("|row, col| a[{index}]")),
            Kind::Scaled => (
                "",
                format!("|row, col, value| out[{index}] = alpha * value"),
            ),
            Kind::Accumulate => ("", format!("|row, col, value| out[{index}] += value")),
            Kind::Bounds => (
                ", bounds(rows, cols)",
                format!("|row, col, value| out[{index}] = value"),
            ),
            Kind::Vector => (
                ", vector = 2",
                format!(
                    "|row, col, values| unsafe {{ *(d.add({index}) as *mut [f32; 2]) = values }}"
                ),
            ),
        };
        format!(
            "#[fragment_layout({name}{args})]\n{} {{\n    {body}\n}}\n",
            self.signature()
        )
    }

    /// A call from `call_all(t: u32, buf: &mut [f32], half: &[u16], rows: usize, cols:
    /// usize)`.
    pub fn call(&self) -> String {
        let (i, n) = (self.index, self.elements());
        let ld = if self.constant_ld {
            String::new()
        } else {
            format!(", {CRATE_LD}")
        };
        let frag = format!("&[t as f32; {n}]");
        match self.kind {
            Kind::Gather => {
                let a = if self.element() == "u16" {
                    "half"
                } else {
                    "buf"
                };
                format!("core::hint::black_box(epilogue_{i}(t, {a}{ld}));")
            }
            Kind::Vector => format!("epilogue_{i}(t, {frag}, buf.as_mut_ptr(){ld});"),
            Kind::Scaled => format!("epilogue_{i}(t, {frag}, buf{ld}, 2.0);"),
            Kind::Bounds => format!("epilogue_{i}(t, {frag}, buf{ld}, rows, cols);"),
            _ => format!("epilogue_{i}(t, {frag}, buf{ld});"),
        }
    }

    /// Each element's part `(row, col)` and the thread's corner and far corner.
    fn parts(&self) -> (Vec<Cell>, Cell, Cell) {
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
        (parts, low, high)
    }

    /// The hand-written version (see the module docs).
    pub fn twin(&self) -> String {
        let n = self.numeral;
        let (parts, low, _) = self.parts();
        let ld = self.ld();
        let (row, col) = thread_base(n);
        // `#[inline]` as `calls.rs`' skilled versions (and the generated code) have it: a
        // per-lane epilogue is meant to be inlined into its kernel.
        let mut s = format!("#[inline]\n{} {{\n", self.signature());
        let outside = match (self.gather(), self.element()) {
            (false, _) => String::new(),
            (true, "u16") => format!(" [0; {}]", parts.len()),
            (true, _) => format!(" [0.0; {}]", parts.len()),
        };
        let _ = write!(
            s,
            "    if t >= {} {{\n        return{outside};\n    }}\n    let t = t as usize;\n",
            n.threads(),
        );
        let (row, col) = (plus(&row, low.0), plus(&col, low.1));
        if self.kind == Kind::Bounds {
            let _ = writeln!(s, "    let (r, c) = ({row}, {col});");
            let _ = writeln!(s, "    let b = r * {ld} + c;");
            let (rows, cols) = self.tile();
            let _ = writeln!(s, "    if rows >= {rows} && cols >= {cols} {{");
            self.stores(&mut s);
            s.push_str("    } else {\n");
            self.partial(&mut s);
            s.push_str("    }\n}\n");
            return s;
        }
        let _ = writeln!(s, "    let b = ({row}) * {ld} + {col};");
        if self.kind == Kind::Vector {
            self.vector(&mut s);
        } else {
            self.stores(&mut s);
        }
        s.push_str("}\n");
        s
    }

    /// The value stored for element `e`.
    fn value(&self, e: usize) -> String {
        match self.kind {
            Kind::Scaled => format!("alpha * frag[{e}]"),
            _ => format!("frag[{e}]"),
        }
    }

    /// The stores or the gather's array from the base index `b`: one slice for the footprint
    /// with a constant stride (where the footprint's corners are elements), else one per row.
    fn stores(&self, s: &mut String) {
        let (parts, low, high) = self.parts();
        let ld = self.ld();
        let op = if self.kind == Kind::Accumulate {
            "+="
        } else {
            "="
        };
        let (slice, buf) = if self.gather() {
            ("&", "a")
        } else {
            ("&mut ", "out")
        };
        let tight = parts.contains(&low) && parts.contains(&high);
        let footprint = self.constant_ld && tight;
        // Each element's place, `(slice, offset)`, in element order.
        let place: Vec<(String, String)> = if footprint {
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
        let row_slice = |s: &mut String, r: usize| {
            let cols = parts.iter().filter(|p| p.0 == r).map(|p| p.1);
            let (c0, c1) = (cols.clone().min().unwrap(), cols.max().unwrap());
            let start = at_base(&offset(r - low.0, c0 - low.1, ld));
            let _ = writeln!(
                s,
                "    let r{r} = {slice}{buf}[{start}..{start} + {}];",
                c1 - c0 + 1
            );
        };
        if self.gather() {
            if !footprint {
                rows_of(&parts).iter().for_each(|&r| row_slice(s, r));
            }
            let items: Vec<String> = place.iter().map(|(v, o)| format!("{v}[{o}]")).collect();
            let _ = writeln!(s, "    [{}]", items.join(", "));
            return;
        }
        for r in rows_of(&parts) {
            if !footprint {
                row_slice(s, r);
            }
            for (e, (v, o)) in place.iter().enumerate().filter(|x| parts[x.0].0 == r) {
                let _ = writeln!(s, "    {v}[{o}] {op} {};", self.value(e));
            }
        }
    }

    /// A partial tile's stores from `b`, the thread's corner `(r, c)`: each row tested once,
    /// each element's column where it is right of the corner.
    fn partial(&self, s: &mut String) {
        let (parts, low, _) = self.parts();
        let ld = self.ld();
        for r in rows_of(&parts) {
            let _ = writeln!(s, "    let r{r} = {} < rows;", plus("r", r - low.0));
        }
        for (e, p) in parts.iter().enumerate() {
            let dc = p.1 - low.1;
            let test = match dc {
                0 => format!("r{} && c < cols", p.0),
                _ => format!("r{} && c + {dc} < cols", p.0),
            };
            let at = at_base(&offset(p.0 - low.0, dc, ld));
            let _ = writeln!(s, "    if {test} {{ out[{at}] = frag[{e}]; }}");
        }
    }

    /// `vector = 2`: each pair stored as one `[f32; 2]` from the thread's base pointer.
    fn vector(&self, s: &mut String) {
        let (parts, low, _) = self.parts();
        s.push_str("    unsafe {\n        let p = d.add(b);\n");
        for e in (0..parts.len()).step_by(2) {
            let p = parts[e];
            let off = offset(p.0 - low.0, p.1 - low.1, self.ld());
            let at = if off == "0" {
                "p".to_string()
            } else {
                format!("p.add({off})")
            };
            let _ = writeln!(
                s,
                "        *({at} as *mut [f32; 2]) = [frag[{e}], frag[{}]];",
                e + 1
            );
        }
        s.push_str("    }\n");
    }
}

/// A `(row, column)` of the tile.
type Cell = (usize, usize);

/// The distinct rows of `parts`, in order.
fn rows_of(parts: &[(usize, usize)]) -> Vec<usize> {
    let mut rows: Vec<usize> = parts.iter().map(|p| p.0).collect();
    rows.sort_unstable();
    rows.dedup();
    rows
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
/// calls each once (so that each is compiled to machine code). The generated version `use`s
/// each catalog layout it names once, as the README does.
pub fn crate_source(variant: Variant, epilogues: &[CrateEpilogue]) -> String {
    let mut s = String::from("use fraglayout as _;\n");
    if variant == Variant::Empty {
        return s;
    }
    if variant == Variant::Generated {
        let mut names: Vec<&str> = epilogues.iter().map(|e| e.name).collect();
        names.sort_unstable();
        names.dedup();
        for name in names {
            let _ = writeln!(s, "use fraglayout::catalog::{name};");
        }
        s.push_str("use fraglayout::fragment_layout;\n");
    }
    let _ = writeln!(s, "\npub const LD: usize = {CRATE_LD};");
    for e in epilogues {
        s.push('\n');
        s.push_str(&match variant {
            Variant::Twin => e.twin(),
            _ => e.generated(),
        });
    }
    s.push_str(
        "\npub fn call_all(t: u32, buf: &mut [f32], half: &[u16], rows: usize, cols: usize) {\n",
    );
    for e in epilogues {
        let _ = writeln!(s, "    {}", e.call());
    }
    s.push_str("}\n");
    s
}

/// The agreement program's check of one scatter epilogue for thread `t` with the extent
/// `extent` (`(rows, cols)` for `bounds`), counting the cells written where `count`.
fn scatter_check(e: &CrateEpilogue, extent: &str, count: bool) -> String {
    let (i, n) = (e.index, e.elements());
    let ld = if e.constant_ld {
        String::new()
    } else {
        format!(", {CRATE_LD}")
    };
    let extra = match e.kind {
        Kind::Scaled => ", 2.0".to_string(),
        Kind::Bounds => format!(", {extent}"),
        _ => String::new(),
    };
    let (g, h) = match e.kind {
        Kind::Vector => ("g.as_mut_ptr()", "h.as_mut_ptr()"),
        _ => ("&mut g", "&mut h"),
    };
    let mut s = format!(
        "        let frag: [f32; {n}] = core::array::from_fn(|k| k as f32 + 1.0);\n        let (mut g, mut h) = (vec![0f32; {CRATE_BUFFER}], vec![0f32; {CRATE_BUFFER}]);\n        generated::epilogue_{i}(t, &frag, {g}{ld}{extra});\n        twin::epilogue_{i}(t, &frag, {h}{ld}{extra});\n        assert_eq!(g, h, \"epilogue_{i}, thread {{t}}\");\n"
    );
    if count {
        let _ = writeln!(
            s,
            "        assert_eq!(g.iter().filter(|&&x| x != 0.0).count(), want, \"epilogue_{i}, thread {{t}}\");"
        );
    }
    s
}

/// A program that runs both versions of every epilogue for every thread of its numeral and one
/// past it, with `generated` and `twin` as modules holding [`crate_source`]'s text, and exits
/// with an error unless they write (scatter) or return (gather) the same, a thread of the layout
/// touching exactly its elements' count of cells and one outside it none (a partial tile of
/// `bounds`: the same cells).
pub fn agreement_program(epilogues: &[CrateEpilogue]) -> String {
    let mut s = String::from(
        "#![allow(dead_code)]\nmod generated {\n    include!(\"generated.rs\");\n}\nmod twin {\n    include!(\"twin.rs\");\n}\n\nfn main() {\n",
    );
    let _ = writeln!(
        s,
        "    let af: Vec<f32> = (1..={CRATE_BUFFER}).map(|x| x as f32).collect();\n    let ah: Vec<u16> = (1..={CRATE_BUFFER}).map(|x| x as u16).collect();"
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
        if e.gather() {
            let (a, zero) = match e.element() {
                "u16" => ("ah", "0"),
                _ => ("af", "0.0"),
            };
            let _ = writeln!(
                s,
                "        let (g, h) = (generated::epilogue_{i}(t, &{a}{ld}), twin::epilogue_{i}(t, &{a}{ld}));\n        assert_eq!(g, h, \"epilogue_{i}, thread {{t}}\");\n        assert_eq!(g.iter().filter(|&&x| x != {zero}).count(), want, \"epilogue_{i}, thread {{t}}\");"
            );
        } else {
            let (rows, cols) = e.tile();
            s.push_str(&scatter_check(e, &format!("{rows}, {cols}"), true));
            if e.kind == Kind::Bounds {
                s.push_str("        {\n");
                s.push_str(&scatter_check(
                    e,
                    &format!("{}, {}", rows - 3, cols - 3),
                    false,
                ));
                s.push_str("        }\n");
            }
        }
        s.push_str("    }\n");
    }
    let _ = writeln!(s, "    println!(\"{} epilogues agree\");", epilogues.len());
    s.push_str("}\n");
    s
}
