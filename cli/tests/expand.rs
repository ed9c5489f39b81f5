//! `fraglayout expand`: for every catalog layout and every form (scatter, gather, gather
//! `--packed` for 16-bit elements, each also `--bounds`; the scatter also with a constant
//! stride, `--ld`), the printed expansion and its folded "effective code" parse, take and
//! return the element type a user stores that layout's elements in, reach each element where
//! the element table says (its row run with the run-time `ld`, the footprint with a constant
//! `LD`), and differ between forms as the forms do. The expansion is straight-line code (no
//! table, no closure; with `--bounds`, for a whole tile, and each element guarded for a part
//! of one), whose folded form is checked statement by statement against code written here
//! from the element table, and run (`effective.rs`): each thread stores or loads each element
//! where the numeral's coordinates put it, on whole and partial tiles. Through a raw pointer
//! (`--vector N`, the widest vector that fits), the straight code is run the same way; into a
//! shared tile (`--shared`, swizzled, and padded with a vector), once for each kind of layout,
//! each element lands at the tile's offset for it. Through
//! a constant of one's own (`--own`), the expansion takes the tables path instead, folded and
//! run the same way. Two outputs are pinned in full (`tests/expand/*.txt`).

use std::collections::HashMap;

use crate::effective;
use crate::support::{run, stderr, stdout};

use layout_core::catalog::{Entry, CATALOG};
use layout_core::generated::{shared_vector_error, vector_error, ElementAt};
use layout_core::shared::{SharedLayout, Swizzle};

#[derive(Clone, Copy, Debug, PartialEq)]
enum Form {
    Scatter,
    Gather,
    Packed,
}

#[derive(Clone, Copy, Debug)]
struct Case {
    entry: &'static Entry,
    form: Form,
    bounds: bool,
    /// `--ld N`: the stride a constant.
    ld: Option<&'static str>,
    /// `--own`: the layout through a constant of the user's (the tables path).
    own: bool,
    /// `--vector N`: the body through a raw pointer, `N` elements a call (with `shared`, the
    /// `N` elements from the offset).
    vector: Option<&'static str>,
    /// `--shared` and the tile's options: each element at its offset in a shared tile.
    shared: Option<Smem>,
}

/// The shared tiles the cases take, over the layout's tile and element size.
#[derive(Clone, Copy, Debug)]
enum Smem {
    /// `--swizzle 1,1,3`: CuTe's `Swizzle<1, 1, 3>` of element offsets, row-major.
    Swizzled,
    /// `--pad 16`: 16 elements after each row (any vector stays aligned).
    Padded,
}

impl Smem {
    fn args(self) -> [&'static str; 3] {
        match self {
            Smem::Swizzled => ["--shared", "--swizzle", "1,1,3"],
            Smem::Padded => ["--shared", "--pad", "16"],
        }
    }

    /// The layout, built here as the options describe it.
    fn layout(self, e: &Entry) -> SharedLayout {
        let (n, bytes) = (e.numeral, element_bytes(e));
        match self {
            Smem::Swizzled => {
                SharedLayout::row_major(n.rows, n.cols, bytes).with_swizzle(Swizzle::new(1, 1, 3))
            }
            Smem::Padded => SharedLayout::padded(n.rows, n.cols, bytes, 16),
        }
    }
}

/// The bytes of the type a user keeps one element of `e` in.
fn element_bytes(e: &Entry) -> u32 {
    match element_type(e).0 {
        "u8" => 1,
        "u16" => 2,
        "f32" | "i32" => 4,
        _ => 8,
    }
}

impl Case {
    fn args(&self) -> Vec<&'static str> {
        let mut a = vec!["expand", self.entry.name()];
        match self.form {
            Form::Scatter => {}
            Form::Gather => a.push("--gather"),
            Form::Packed => a.extend(["--gather", "--packed"]),
        }
        if self.bounds {
            a.push("--bounds");
        }
        if let Some(k) = self.ld {
            a.extend(["--ld", k]);
        }
        if self.own {
            a.push("--own");
        }
        if let Some(v) = self.vector {
            a.extend(["--vector", v]);
        }
        if let Some(s) = self.shared {
            a.extend(s.args());
        }
        a
    }
}

/// The type a user keeps one element of `e` in, and whether Rust has a scalar that wide
/// (written here from the element types, not from the tool's code).
fn element_type(e: &Entry) -> (&'static str, bool) {
    match e.element_type {
        "f16" | "bf16" | "b16" => ("u16", true),
        "s8" | "u8" | "e4m3" | "e5m2" | "e3m2" | "e2m3" | "e2m1" => ("u8", true),
        "f32" | "tf32" => ("f32", true),
        "s32" => ("i32", true),
        "f64" => ("f64", true),
        "s4" | "u4" | "b4" | "b1" => ("u8", false),
        other => panic!("new element type `{other}`: decide how `expand` shows it"),
    }
}

/// A type, spelled without spaces, for the few shapes a synthetic signature has.
fn shape(ty: &syn::Type) -> String {
    match ty {
        syn::Type::Path(p) => p
            .path
            .get_ident()
            .map(|i| i.to_string())
            .unwrap_or_else(|| "?".into()),
        syn::Type::Reference(r) => format!(
            "&{}{}",
            if r.mutability.is_some() { "mut" } else { "" },
            shape(&r.elem)
        ),
        syn::Type::Slice(s) => format!("[{}]", shape(&s.elem)),
        syn::Type::Ptr(p) => format!(
            "*{}{}",
            if p.mutability.is_some() {
                "mut"
            } else {
                "const"
            },
            shape(&p.elem)
        ),
        syn::Type::Array(a) => match &a.len {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Int(n),
                ..
            }) => format!("[{};{}]", shape(&a.elem), n.base10_digits()),
            _ => "[?]".into(),
        },
        _ => "?".into(),
    }
}

/// `name: type` of each parameter, and the return type.
fn signature(f: &syn::ItemFn) -> (Vec<String>, String) {
    let inputs = f
        .sig
        .inputs
        .iter()
        .map(|a| match a {
            syn::FnArg::Typed(t) => match &*t.pat {
                syn::Pat::Ident(i) => format!("{}:{}", i.ident, shape(&t.ty)),
                _ => "?".into(),
            },
            syn::FnArg::Receiver(_) => "self".into(),
        })
        .collect();
    let output = match &f.sig.output {
        syn::ReturnType::Default => String::new(),
        syn::ReturnType::Type(_, t) => shape(t),
    };
    (inputs, output)
}

/// The one function of a file.
fn only_fn(file: &syn::File) -> Option<&syn::ItemFn> {
    match &file.items[..] {
        [syn::Item::Fn(f)] => Some(f),
        _ => None,
    }
}

/// The folded function: the comment lines after the "Effective code" paragraph, uncommented.
fn folded(text: &str) -> Option<String> {
    let start = text.find("\n// Effective code")?;
    let mut lines = text[start + 1..].lines();
    lines.by_ref().find(|l| *l == "//")?;
    let body: Vec<&str> = lines
        .map(|l| {
            l.strip_prefix("// ")
                .unwrap_or(l.strip_prefix("//").unwrap_or(l))
        })
        .collect();
    Some(body.join("\n"))
}

/// `text` without whitespace.
fn squeeze(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// `ROW * ld + COL` at the element part `(r, c)`, as the folded code spells it (squeezed),
/// `ld` the stride's name; `rows` / `cols`: whether the thread part has a row / column term.
fn index(t: &str, ld: &str, (rows, cols): (bool, bool), (r, c): (usize, usize)) -> String {
    let row = match (rows, r) {
        (false, 0) => None,
        (false, r) => Some(format!("{r}*{ld}")),
        (true, 0) => Some(format!("{t}_row*{ld}")),
        (true, r) => Some(format!("({t}_row+{r})*{ld}")),
    };
    let col = match (cols, c) {
        (false, 0) => None,
        (false, c) => Some(c.to_string()),
        (true, 0) => Some(format!("{t}_col")),
        (true, c) => Some(format!("{t}_col+{c}")),
    };
    match (row, col) {
        (Some(r), Some(c)) => format!("{r}+{c}"),
        (Some(x), None) | (None, Some(x)) => x,
        (None, None) => "0".into(),
    }
}

/// `rows * ld + cols` as the folded code spells it (squeezed): `0 * ld` and `+ 0` gone.
fn offset(ld: &str, (rows, cols): (usize, usize)) -> String {
    let row = match rows {
        0 => None,
        1 => Some(ld.to_string()),
        r => Some(format!("{r}*{ld}")),
    };
    sum([row, (cols != 0).then(|| cols.to_string())])
}

/// The parts joined by `+`, `0` when there are none.
fn sum(parts: impl IntoIterator<Item = Option<String>>) -> String {
    let parts: Vec<String> = parts.into_iter().flatten().filter(|p| p != "0").collect();
    if parts.is_empty() {
        "0".into()
    } else {
        parts.join("+")
    }
}

/// Whether the footprint of the element parts is tight: the least and the greatest corner
/// are both element parts.
fn tight(table: &[ElementAt]) -> bool {
    let ats: Vec<(usize, usize)> = table.iter().map(|x| x.at).collect();
    let low = ats
        .iter()
        .fold(ats[0], |(r, c), a| (r.min(a.0), c.min(a.1)));
    let high = ats
        .iter()
        .fold(ats[0], |(r, c), a| (r.max(a.0), c.max(a.1)));
    ats.contains(&low) && ats.contains(&high)
}

/// The effective code a straight-line expansion folds to after its thread part (squeezed),
/// written here from the element table: the base index at the corner, then for a scatter each
/// element's store in element order, its reach's slice taken where the element before took
/// another (`i{k}`, the base plus the reach's start, and `e{k}`, its end where the reach is
/// taken again later, bound at its first slice); for a gather each distinct reach's slice
/// once, in order of first use, then the array. And how many slices that is.
struct Straight {
    code: String,
    slices: usize,
}

fn straight_code(form: Form, table: &[ElementAt], foot: bool, base: &str, ld: &str) -> Straight {
    let name = if foot { "foot" } else { "run" };
    let reach = |x: &ElementAt| if foot { x.foot_reach } else { x.run_reach };
    let mut taken: Vec<(usize, usize, usize, usize)> = Vec::new();
    let ks: Vec<usize> = table
        .iter()
        .map(|x| {
            let r = reach(x);
            let key = (r.start.0, r.start.1, r.extent.0, r.extent.1);
            taken.iter().position(|t| *t == key).unwrap_or_else(|| {
                taken.push(key);
                taken.len() - 1
            })
        })
        .collect();
    // How many maximal runs of elements take reach `k`.
    let runs = |k: usize| {
        (0..ks.len())
            .filter(|&e| ks[e] == k && (e == 0 || ks[e - 1] != k))
            .count()
    };
    let mut code = format!("letbase={base};");
    let mut slices = 0;
    let mut bound = vec![false; taken.len()];
    // `let` of reach `k`'s slice named `slice` (`borrow` `&mut` or `&`), its names bound first.
    let mut take = |code: &mut String, k: usize, slice: &str, borrow: &str, again: bool| {
        let (s0, s1, x0, x1) = taken[k];
        let start = match offset(ld, (s0, s1)).as_str() {
            "0" => "base".to_string(),
            o => {
                if !bound[k] {
                    code.push_str(&format!("leti{k}=base+{o};"));
                }
                format!("i{k}")
            }
        };
        let mut end = format!("{start}+{}", offset(ld, (x0, x1)));
        if again {
            if !bound[k] {
                code.push_str(&format!("lete{k}={end};"));
            }
            end = format!("e{k}");
        }
        bound[k] = true;
        code.push_str(&format!("let{slice}={borrow}[{start}..{end}];"));
    };
    let place = |e: usize| offset(ld, reach(&table[e]).place);
    match form {
        Form::Scatter => {
            for (e, &k) in ks.iter().enumerate() {
                if e == 0 || ks[e - 1] != k {
                    take(&mut code, k, name, "&mutout", runs(k) > 1);
                    slices += 1;
                }
                code.push_str(&format!("{name}[{}]=frag[{e}];", place(e)));
            }
        }
        Form::Gather | Form::Packed => {
            for k in 0..taken.len() {
                take(&mut code, k, &format!("{name}{k}"), "&src", false);
                slices += 1;
            }
            let values: Vec<String> = (0..ks.len())
                .map(|e| format!("{name}{}[{}]", ks[e], place(e)))
                .collect();
            if form == Form::Gather {
                code.push_str(&format!("[{}]", values.join(",")));
            } else {
                let pairs: Vec<String> = values
                    .chunks(2)
                    .map(|p| {
                        let b16 = |v: &str| format!("{{lete={v};::fraglayout::generated::b16(e)}}");
                        format!(
                            "::fraglayout::pack::pack_b16({},{},)",
                            b16(&p[0]),
                            b16(&p[1])
                        )
                    })
                    .collect();
                code.push_str(&format!("[{},]", pairs.join(",")));
            }
        }
    }
    Straight { code, slices }
}

fn count(hay: &str, needle: &str) -> usize {
    hay.matches(needle).count()
}

/// Everything one case must satisfy; the problems found.
fn check(case: Case) -> Vec<String> {
    let e = case.entry;
    let n = e.numeral;
    let len = n.elements as usize;
    let mut bad = Vec::new();
    let mut fail = |m: String| bad.push(format!("{:?}: {m}", case.args()));
    let o = run(&case.args());
    if o.status.code() != Some(0) {
        fail(format!("exit {:?}: {}", o.status.code(), stderr(&o)));
        return bad;
    }
    let text = stdout(&o);
    let Ok(file) = syn::parse_file(&text) else {
        fail("the expansion does not parse".into());
        return bad;
    };
    let Some(folded) = folded(&text) else {
        fail("no effective code".into());
        return bad;
    };
    let Ok(folded_file) = syn::parse_file(&folded) else {
        fail(format!("the effective code does not parse:\n{folded}"));
        return bad;
    };
    let expanded_fn = file.items.iter().find_map(|i| match i {
        syn::Item::Fn(f)
            if file.items.len()
                == 1 + usize::from(case.ld.is_some())
                    + usize::from(case.own)
                    + usize::from(case.shared.is_some()) =>
        {
            Some(f)
        }
        _ => None,
    });
    let (Some(expanded_fn), Some(folded_fn)) = (expanded_fn, only_fn(&folded_file)) else {
        fail("not one function each".into());
        return bad;
    };

    // The element type, in the signature of both.
    let (ty, natural) = element_type(e);
    let t = if n.warps == 1 { "lane" } else { "thread" };
    let bounds = if case.bounds {
        vec!["rows:usize".to_string(), "cols:usize".to_string()]
    } else {
        Vec::new()
    };
    let (mut params, ret) = match (case.form, case.vector) {
        (Form::Scatter, _) if case.shared.is_some() => (
            vec![
                format!("{t}:u32"),
                format!("frag:&[{ty};{len}]"),
                format!("smem:&mut[{ty}]"),
            ],
            String::new(),
        ),
        (Form::Gather, _) if case.shared.is_some() => (
            vec![format!("{t}:u32"), format!("smem:&[{ty}]")],
            format!("[{ty};{len}]"),
        ),
        (Form::Scatter, Some(_)) => (
            vec![
                format!("{t}:u32"),
                format!("frag:&[{ty};{len}]"),
                format!("d:*mut{ty}"),
            ],
            String::new(),
        ),
        (Form::Gather, Some(_)) => (
            vec![format!("{t}:u32"), format!("d:*const{ty}")],
            format!("[{ty};{len}]"),
        ),
        (Form::Packed, Some(_)) => unreachable!("`--vector` with `--packed` is refused"),
        (Form::Scatter, None) => (
            vec![
                format!("{t}:u32"),
                format!("frag:&[{ty};{len}]"),
                format!("out:&mut[{ty}]"),
            ],
            String::new(),
        ),
        (Form::Gather, None) => (
            vec![format!("{t}:u32"), format!("src:&[{ty}]")],
            format!("[{ty};{len}]"),
        ),
        (Form::Packed, None) => (
            vec![format!("{t}:u32"), "src:&[u16]".into()],
            format!("[u32;{}]", len / 2),
        ),
    };
    // The run-time stride is a parameter; a constant one is the item before the function.
    let ld = match case.ld {
        None if case.shared.is_some() => "",
        None => {
            params.push("ld:usize".into());
            "ld"
        }
        Some(k) => {
            let first = match file.items.get(usize::from(case.own)) {
                Some(syn::Item::Const(c)) if c.ident == "LD" && shape(&c.ty) == "usize" => {
                    match &*c.expr {
                        syn::Expr::Lit(syn::ExprLit {
                            lit: syn::Lit::Int(n),
                            ..
                        }) => n.base10_digits() == k,
                        _ => false,
                    }
                }
                _ => false,
            };
            if !first {
                fail(format!(
                    "the expansion does not begin with `const LD: usize = {k};`"
                ));
            }
            "LD"
        }
    };
    params.extend(bounds);
    for (which, f) in [("expansion", expanded_fn), ("effective code", folded_fn)] {
        if f.sig.unsafety.is_some() != (case.vector.is_some() && case.shared.is_none()) {
            fail(format!(
                "{which}: `unsafe` where the body is not through a raw pointer, or not where it is"
            ));
        }
        if signature(f) != (params.clone(), ret.clone()) {
            fail(format!(
                "{which}: signature {:?}, expected {:?}",
                signature(f),
                (&params, &ret)
            ));
        }
    }
    let note = format!("\n// {}: {} elements ", e.name(), e.element_type);
    if !text.contains(&note) {
        fail(format!("no line on the element type: {note}"));
    }
    if natural == text.contains("Rust has no such scalar") {
        fail(format!(
            "a {}-bit element should {}be said to have no Rust scalar",
            e.element_bits,
            if natural { "not " } else { "" }
        ));
    }

    // Folded: the constants gone, no loop, the thread test and part in place.
    let code = squeeze(&folded);
    for gone in ["__fl", "__FL", "ThreadPart", "element_table", "Extent"] {
        if folded.contains(gone) {
            fail(format!("the effective code still has `{gone}`"));
        }
    }
    // Run, the code stores or loads each element where the numeral puts it.
    // A run-time stride that is no multiple of anything (a multiple of the vector's width for
    // a raw pointer, whose vectors are aligned).
    let stride = match (case.ld, case.vector) {
        (Some(k), _) => k.parse().unwrap(),
        (None, None) => n.cols as u64 + 5,
        (None, Some(v)) => n.cols as u64 + 2 * v.parse::<u64>().unwrap(),
    };
    let gather = case.form != Form::Scatter;
    let packed = case.form == Form::Packed;
    let target = match case.shared {
        Some(s) => effective::Target::Shared(s.layout(e)),
        None => effective::Target::Matrix {
            ld: stride,
            bounds: case.bounds,
        },
    };
    for m in effective::check(folded_fn, n, gather, packed, target)
        .into_iter()
        .take(3)
    {
        fail(format!("the effective code, run: {m}"));
    }
    // Unrolled, both: no loop, and in the expansion nothing divides or takes a remainder at
    // run time (the folded thread part does, by constants); each element its table entry.
    let expanded: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    for (which, c) in [("expansion", &expanded), ("effective code", &folded)] {
        if ["for ", "while ", "loop "].iter().any(|l| c.contains(l)) {
            fail(format!("a loop in the {which}"));
        }
    }
    if let Some(s) = case.shared {
        // `shared = SMEM`: the offsets' constants, folded (the run above holds them to the
        // layout's offsets), and the swizzle's arithmetic in the code where there is one (on
        // the thread's offset, `{t}_base`, or an element's `lin`).
        let swizzle = ">>3)&2)";
        if matches!(s, Smem::Swizzled) != code.contains(swizzle) {
            fail(format!(
                "the swizzle's `{swizzle}` is not where it should be"
            ));
        }
        if !code.contains(&format!("let{t}_offset:usize=")) {
            fail(format!("no `{t}_offset`: the thread's part once"));
        }
        return bad;
    }
    if case.own {
        // The tables path: `--own` names the layout through `const LAYOUT`, which the macro
        // does not know, so it evaluates the tables and calls one closure per element.
        let own = format!(
            "const LAYOUT: fraglayout::Numeral<'static> = fraglayout::catalog::{};",
            e.name()
        );
        let first = matches!(file.items.first(), Some(syn::Item::Const(c)) if c.ident == "LAYOUT");
        if !first || !text.starts_with(&format!("// {own}\n")) {
            fail(format!("the expansion does not begin with `{own}`"));
        }
        for name in ["__FL_NUMERAL", "ThreadPart"] {
            if !expanded.contains(name) {
                fail(format!("the expansion through `LAYOUT` has no `{name}`"));
            }
        }
        return bad;
    }
    // A catalog layout is written out straight (layout-codegen's `fragment/straight.rs`): no
    // table, no closure, the thread part as arithmetic on `__fl_t`, the only division and
    // remainder in the expansion (by numbers, of the thread index); with `bounds`, that code
    // for a whole tile and each element at the thread part plus its numbers for a partial one.
    let squeezed = squeeze(&expanded);
    let closure = [
        "__fl_put",
        "__fl_get",
        "|__fl_e",
        "__FL_REACH",
        "__FL_AT",
        "ThreadPart",
    ];
    if let Some(c) = closure.iter().find(|c| squeezed.contains(*c)) {
        fail(format!("the straight-line expansion has `{c}`"));
    }
    // Every `/` and `%` divides the thread index by a number (`__fl_t/4%8`).
    let by_number = |(at, _): (usize, char)| {
        let before = squeezed[..at].trim_end_matches(|c: char| c.is_ascii_digit());
        let thread = squeezed[..at].ends_with("__fl_t")
            || (before.len() < at && before.ends_with("__fl_t/"));
        thread && squeezed[at + 1..].starts_with(|c: char| c.is_ascii_digit())
    };
    let ops: Vec<(usize, char)> = squeezed
        .char_indices()
        .filter(|&(_, c)| c == '/' || c == '%')
        .collect();
    if !squeezed.contains("let__fl_t=__fl_thread") || !ops.into_iter().all(by_number) {
        fail("the expansion divides at run time, or has no thread part".into());
    }
    if !code.contains(&format!("if{t}<{}{{", n.threads())) {
        fail("no thread test".into());
    }
    if case.vector.is_some() {
        // Through a raw pointer there is no slice to compare with the element table: the code
        // is held to the layout by running it (above), every vector in the buffer and aligned.
        return bad;
    }

    // The element table's constants, where each element reads or writes.
    let table: [ElementAt; 1024] = n.element_table();
    let terms = &n.thread_terms()[..n.thread_term_count()];
    let part = (
        terms.iter().any(|x| x.row_mul != 0),
        terms.iter().any(|x| x.col_mul != 0),
    );
    // From the thread's corner `low`: the slice at `start`, `extent` long, the element at
    // `place` in it; through the footprint with a constant stride where it is tight.
    let table = &table[..len];
    let foot = layout_codegen::footprint_slice(case.ld.is_some(), table.len()) && tight(table);
    let path = if foot { "foot_reach" } else { "run_reach" };
    if !text.contains(&format!("(`{path}`)")) {
        fail(format!("the folded comment does not say it takes `{path}`"));
    }
    for (k, x) in table.iter().enumerate() {
        // The slice holds the element, and `place` is where the element table puts it.
        let reach = if foot { x.foot_reach } else { x.run_reach };
        let (r, c) = (
            x.low.0 + reach.start.0 + reach.place.0,
            x.low.1 + reach.start.1 + reach.place.1,
        );
        let inside = reach.place.1 < reach.extent.1 || reach.place.0 < reach.extent.0;
        if (r, c) != x.at || !inside {
            fail(format!(
                "element {k}: {reach:?} from {:?} is not at {:?}",
                x.low, x.at
            ));
        }
    }
    let want = straight_code(
        case.form,
        table,
        foot,
        &index(t, ld, part, table[0].low),
        ld,
    );
    // A long array is printed one value a line, with a comma after the last.
    let wrapped = want.code.strip_suffix(']').map(|c| format!("{c},]"));
    if !code.contains(&want.code) && !wrapped.is_some_and(|w| code.contains(&w)) {
        fail(format!("the effective code does not read\n{}", want.code));
    }
    let slices = count(&code, "&mutout[") + count(&code, "&src[");
    if slices != want.slices {
        fail(format!("{slices} slices, {} expected", want.slices));
    }
    // The forms' differences.
    match case.form {
        Form::Scatter => {
            if code.contains("src") || !code.contains("&mutout[") {
                fail("a scatter writes `out` and reads no `src`".into());
            }
        }
        Form::Gather | Form::Packed => {
            if code.contains("&mut") || code.contains("frag[") {
                fail("a gather writes nothing".into());
            }
        }
    }
    let packs = count(&code, "pack_b16(");
    let expected_packs = match (case.form, case.bounds) {
        // each register of each path, and the fill for a thread outside
        (Form::Packed, false) => len / 2 + 1,
        (Form::Packed, true) => len + 1,
        _ => 0,
    };
    if packs != expected_packs {
        fail(format!("{packs} pack_b16, expected {expected_packs}"));
    }
    // A partial tile: the whole-tile test once, then the thread's corner (element 0) inside
    // the extent once, the other elements each tested on the sides they move away from it.
    let whole = format!("ifrows>={}&&cols>={}{{", n.rows, n.cols);
    // A side with no thread term is 0 in the folded code (`SM70_8x8x4_F16_C`'s columns).
    let terms = &n.thread_terms()[..n.thread_term_count()];
    let side = |named: String, mul: fn(&layout_core::generated::ThreadTerm) -> u32| {
        if terms.iter().any(|x| mul(x) != 0) {
            named
        } else {
            "0".to_string()
        }
    };
    let corner = format!(
        "if{}<rows&&{}<cols{{",
        side(format!("{t}_row"), |x| x.row_mul),
        side(format!("{t}_col"), |x| x.col_mul)
    );
    if case.bounds {
        if count(&code, &whole) != 1 || count(&code, &corner) != 1 {
            fail(format!(
                "bounds: {} whole-tile tests, {} corner tests",
                count(&code, &whole),
                count(&code, &corner)
            ));
        }
    } else if code.contains("<rows") || code.contains("rows>=") {
        fail("a whole-tile form tests bounds".into());
    }
    bad
}

#[test]
fn every_layout_and_form_prints_folded_code_of_its_element_type() {
    check_all(&every_case(false));
}

/// Through a constant of one's own (`--own`): the expansion a layout the macro does not know
/// by name gets (tables the compiler evaluates, a closure per element that
/// `cli/src/expand/inline.rs` puts back at its calls), folded and run as the straight code
/// is, in every form, on one layout of each element width and thread count (the tables path
/// writes the same code for all of them but the numbers).
#[test]
fn every_layout_and_form_through_a_constant_of_ones_own_folds_and_runs() {
    check_all(&every_case(true));
}

/// Every layout in every form (`own`: with `--own`, one layout of a kind), except that the wgmma accumulators, one
/// per width N (the same code with another block count), are taken at the widths whose code
/// differs in kind: the narrowest, one not a power of two, and the widest; and a layout that
/// is another's digits under another name (an alias: `SM89_SPARSE_16x8x64_F32_C` is
/// `SM80_16x8x16_F32_C`), with the same element type, is the same code: it is checked by
/// `aliases_expand_as_their_layout` instead, in one form.
fn every_case(own: bool) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut kinds = Vec::new();
    let mut shared_kinds = Vec::new();
    for entry in distinct_layouts().0 {
        let kind = (entry.element_bits, entry.numeral.warps);
        if own && kinds.contains(&kind) {
            continue;
        }
        kinds.push(kind);
        // Into a shared tile (`--shared`), once for each kind: swizzled, element by element;
        // padded, at the widest vector that fits it.
        if !shared_kinds.contains(&kind) {
            shared_kinds.push(kind);
            let widest = ["16", "8", "4", "2"].into_iter().find(|v| {
                let w: u32 = v.parse().unwrap();
                vector_error(entry.numeral, w as usize).is_none()
                    && shared_vector_error(entry.numeral, &Smem::Padded.layout(entry), w, "SMEM")
                        .is_none()
            });
            let mut push = |form, smem, vector| {
                cases.push(Case {
                    entry,
                    form,
                    bounds: false,
                    ld: None,
                    own,
                    vector,
                    shared: Some(smem),
                })
            };
            for form in [Form::Scatter, Form::Gather] {
                push(form, Smem::Swizzled, None);
                if widest.is_some() {
                    push(form, Smem::Padded, widest);
                }
            }
        }
        for bounds in [false, true] {
            // The scatter with a constant stride: the footprint path (a stride of 256 fits
            // every tile's columns), straight-line and bounded; the scatter with the run-time
            // `ld` straight-line; the gathers keep the run-time `ld` with bounds.
            let mut push = |form, ld| {
                cases.push(Case {
                    entry,
                    form,
                    bounds,
                    ld,
                    own,
                    vector: None,
                    shared: None,
                })
            };
            push(Form::Scatter, Some("256"));
            if !bounds {
                push(Form::Scatter, None);
            }
            push(Form::Gather, None);
            if entry.element_bits == 16 && entry.numeral.elements % 2 == 0 {
                push(Form::Packed, None);
            }
        }
        // Through a raw pointer (`--vector`, which takes no bounds), at the widest vector that
        // fits the layout, if one does: the scatter and the gather, and through a constant of
        // one's own the scatter with a constant stride too (the straight code for one is the
        // run-time one's with `LD` for `ld`).
        let widest = ["16", "8", "4", "2"]
            .into_iter()
            .find(|v| vector_error(entry.numeral, v.parse().unwrap()).is_none());
        if let Some(v) = widest {
            let constant = own.then_some((Form::Scatter, Some("256")));
            for (form, ld) in [(Form::Scatter, None), (Form::Gather, None)]
                .into_iter()
                .chain(constant)
            {
                cases.push(Case {
                    entry,
                    form,
                    bounds: false,
                    ld,
                    own,
                    vector: Some(v),
                    shared: None,
                });
            }
        }
    }
    assert!(cases.len() > 3 * kinds.len(), "{} cases", cases.len());
    // Two cases or more for each layout a vector fits: most layouts.
    let vectors = cases.iter().filter(|c| c.vector.is_some()).count();
    assert!(
        vectors > kinds.len(),
        "{vectors} vector cases for {} layouts",
        kinds.len()
    );
    cases
}

/// Every problem of `cases`, checked on two workers (each case is a process of its own).
fn check_all(cases: &[Case]) {
    let chunks: Vec<&[Case]> = cases.chunks(cases.len().div_ceil(2)).collect();
    let bad: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = chunks
            .iter()
            .map(|chunk| s.spawn(move || chunk.iter().flat_map(|&c| check(c)).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    assert!(
        bad.is_empty(),
        "{} problems:\n{}",
        bad.len(),
        bad[..bad.len().min(40)].join("\n")
    );
}

/// The catalog layouts `every_layout_and_form_prints_folded_code_of_its_element_type` expands
/// in every form (each wgmma accumulator family at three widths, one layout of each set of
/// aliases: the same tile, digits and element type), and the aliases left out, each with the
/// layout that stands for it.
fn distinct_layouts() -> (Vec<&'static Entry>, Vec<(&'static Entry, &'static Entry)>) {
    let mut first: Vec<&'static Entry> = Vec::new();
    let mut aliases = Vec::new();
    for e in CATALOG.iter().filter(|e| {
        !e.name().starts_with("SM90_64x")
            || e.name().starts_with("SM90_64xN")
            || ["SM90_64x8x", "SM90_64x24x", "SM90_64x256x"]
                .iter()
                .any(|n| e.name().starts_with(n))
    }) {
        let same = |f: &&&Entry| {
            let (a, b) = (&e.numeral, &f.numeral);
            (a.rows, a.cols, a.elements, a.warps, a.digits)
                == (b.rows, b.cols, b.elements, b.warps, b.digits)
                && (e.element_type, e.element_bits) == (f.element_type, f.element_bits)
        };
        match first.iter().find(same) {
            Some(f) => aliases.push((e, *f)),
            None => first.push(e),
        }
    }
    (first, aliases)
}

/// An alias left out of the every-form test prints the expansion of the layout standing for
/// it, word for word but the name: a scatter with a constant stride and bounds and a packed
/// gather (where it has one) reach every part of the expansion that could depend on the name.
#[test]
fn aliases_expand_as_their_layout() {
    let (first, aliases) = distinct_layouts();
    assert!(
        aliases.len() > 50 && first.len() + aliases.len() > 150,
        "{} layouts, {} aliases",
        first.len(),
        aliases.len()
    );
    let expand = |e: &Entry| {
        let mut args = vec!["expand", e.name(), "--bounds", "--ld", "256"];
        if e.element_bits == 16 && e.numeral.elements % 2 == 0 {
            args = vec!["expand", e.name(), "--gather", "--packed", "--bounds"];
        }
        let o = run(&args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        stdout(&o)
    };
    // Each layout standing for aliases is expanded once, however many it stands for: every
    // entry to expand, in two workers (each expansion is a process of its own).
    let mut entries: Vec<&Entry> = Vec::new();
    for &(alias, layout) in &aliases {
        for e in [alias, layout] {
            if !entries.iter().any(|f| f.name() == e.name()) {
                entries.push(e);
            }
        }
    }
    let texts: HashMap<&str, String> = std::thread::scope(|s| {
        let workers: Vec<_> = entries
            .chunks(entries.len().div_ceil(2))
            .map(|chunk| {
                s.spawn(move || {
                    chunk
                        .iter()
                        .map(|&e| (e.name(), expand(e)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap())
            .collect()
    });
    let bad: Vec<String> = aliases
        .iter()
        .filter(|(alias, layout)| {
            texts[alias.name()] != texts[layout.name()].replace(layout.name(), alias.name())
        })
        .map(|(alias, layout)| format!("{} differs from {}", alias.name(), layout.name()))
        .collect();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// The output of `args` is the committed file, which a reviewer reads; regenerate with
/// `cargo run -p fraglayout-cli -- ARGS > cli/tests/expand/FILE`.
fn pinned(args: &[&str], file: &str) {
    let o = run(args);
    assert!(o.status.success(), "{}", stderr(&o));
    let path = format!("{}/tests/expand/{file}", env!("CARGO_MANIFEST_DIR"));
    let want = std::fs::read_to_string(&path).unwrap();
    let got = stdout(&o);
    if got != want {
        let line = got
            .lines()
            .zip(want.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(got.lines().count().min(want.lines().count()));
        panic!(
            "`fraglayout {}` differs from {path} from line {}:\n{}",
            args.join(" "),
            line + 1,
            got.lines()
                .skip(line)
                .take(8)
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

#[test]
fn the_accumulator_scatter_is_pinned() {
    pinned(&["expand", "SM80_16x8x16_F32_C"], "SM80_16x8x16_F32_C.txt");
}

#[test]
fn the_packed_a_gather_is_pinned() {
    pinned(
        &["expand", "SM80_16x8x16_F16_A_ROW", "--gather", "--packed"],
        "SM80_16x8x16_F16_A_ROW.gather.packed.txt",
    );
}

#[test]
fn the_example_of_issue_13_shows_u16_and_differing_folds() {
    // f16 gathers take `u16` (the README's `[u16; 8]`), not `f32`.
    let gather = stdout(&run(&["expand", "SM80_16x8x16_F16_A_ROW", "--gather"]));
    assert!(
        gather.contains("-> [u16; 8]") && !gather.contains("f32"),
        "{gather}"
    );
    // The folded comments of the four forms are four different texts.
    let forms: Vec<String> = [
        &["--gather"][..],
        &["--gather", "--packed"],
        &["--gather", "--bounds"],
        &["--gather", "--packed", "--bounds"],
        &[],
    ]
    .iter()
    .map(|opts| {
        let mut args = vec!["expand", "SM80_16x8x16_F16_A_ROW"];
        args.extend_from_slice(opts);
        folded(&stdout(&run(&args))).unwrap()
    })
    .collect();
    for i in 0..forms.len() {
        for j in 0..i {
            assert_ne!(forms[i], forms[j], "forms {j} and {i} fold alike");
        }
    }
}

#[test]
fn expand_refuses_packed_where_it_does_not_apply() {
    let o = run(&["expand", "SM80_16x8x16_F32_C", "--gather", "--packed"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("has 4 32-bit elements"),
        "{}",
        stderr(&o)
    );
    let o = run(&["expand", "SM80_16x8x16_F32_C", "--packed"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("`--packed` goes with `--gather`"));
}

#[test]
fn expand_refuses_a_stride_that_is_no_number_or_overlaps_rows() {
    // Narrower than the tile's 8 columns: rows would overlap, so refused with the least fit.
    let o = run(&["expand", "SM80_16x8x16_F32_C", "--ld", "4"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("`--ld 4` is less than the tile's 8 columns")
            && stderr(&o).contains("`--ld 8` or more"),
        "{}",
        stderr(&o)
    );
    // Exactly the columns: accepted, and the code takes the constant.
    let o = run(&["expand", "SM80_16x8x16_F32_C", "--ld", "8"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("\nconst LD: usize = 8;\n"));
    for bad in [&["--ld", "x"][..], &["--ld"], &["--ld", "-3"]] {
        let mut args = vec!["expand", "SM80_16x8x16_F32_C"];
        args.extend_from_slice(bad);
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
        assert!(stderr(&o).contains("`--ld"), "{bad:?}: {}", stderr(&o));
    }
}

#[test]
fn expand_refuses_what_the_macro_refuses_with_its_message() {
    // The macro's own messages, whether it refuses the attribute (`compile_error!`) or the
    // code would not compile (the width checked in a constant), and nothing on stdout.
    let acc = "SM80_16x8x16_F32_C";
    let refused = [
        (
            acc,
            &["--vector", "3"][..],
            "the fragment's 4 elements are not a multiple of `vector = 3`",
        ),
        (
            acc,
            &["--vector", "4"],
            "the widest that fits is `vector = 2`",
        ),
        (
            acc,
            &["--vector", "4", "--own"],
            "the widest that fits is `vector = 2`",
        ),
        (
            acc,
            &["--vector", "2", "--bounds"],
            "`vector` and `bounds` do not go together",
        ),
        (
            "SM80_16x8x16_F16_A_ROW",
            &["--gather", "--packed", "--vector", "2"],
            "`vector` and `packed` do not go together",
        ),
        (
            acc,
            &["--shared", "--bounds"],
            "`shared` and `bounds` do not go together",
        ),
        (
            acc,
            &["--shared", "--tile", "8x8"],
            "is a 8 x 8 tile, numeral `SM80_16x8x16_F32_C` a 16 x 8 one",
        ),
        (
            acc,
            &["--shared", "--swizzle", "3,3,3"],
            "the tile's 128 elements need only bits 0..7: use Swizzle<1, 3, 3>",
        ),
        (
            acc,
            &["--shared", "--swizzle", "1,0,3", "--vector", "2"],
            "the swizzle splits them; swizzle whole vectors",
        ),
    ];
    for (name, args, message) in refused {
        let mut a = vec!["expand", name];
        a.extend_from_slice(args);
        let o = run(&a);
        assert_eq!(o.status.code(), Some(1), "{a:?}");
        assert!(
            stderr(&o).contains(message) && stderr(&o).contains("#[fragment_layout("),
            "{a:?}: {}",
            stderr(&o)
        );
        assert!(stdout(&o).is_empty(), "{a:?}: printed {}", stdout(&o));
    }
    // A width that is no whole number from 1, a tile option without `--shared`, a stride
    // with it: the usage, exit 2.
    let usage = [
        (&["--vector", "0"][..], "`--vector 0`"),
        (&["--vector", "x"], "`--vector x`"),
        (&["--vector"], "`--vector` needs a width"),
        (
            &["--swizzle", "128B"],
            "`--swizzle` describes the shared tile of `--shared`",
        ),
        (&["--shared", "--ld", "64"], "remove `--ld`"),
    ];
    for (bad, message) in usage {
        let mut args = vec!["expand", acc];
        args.extend_from_slice(bad);
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
        assert!(stderr(&o).contains(message), "{bad:?}: {}", stderr(&o));
    }
}
