//! `fraglayout expand`: for every distinct catalog layout in every form the command offers
//! (scatter, gather, gather `--packed` for 16-bit elements, each also `--bounds`; the scatter
//! with a constant stride, `--ld`; a raw pointer's vectors, `--vector N`; a shared tile,
//! `--shared`, swizzled and padded; each also through a constant of one's own, `--own`, on one
//! layout of each kind), what it prints is the macro's own: the expansion byte for byte
//! `layout_codegen::fragment_layout` on the invocation it prints, pretty-printed with the
//! constants it declares, with no `compile_error!`; the plan `layout_codegen::fragment_plan`'s;
//! the element type a user stores that layout's elements in. Aliases print their layout's
//! output but the name; the options' refusals and usage errors keep their messages and exit
//! codes; two outputs are pinned in full (`tests/expand/*.txt`).
//!
//! What the generated code does is not tested here: `tests/differential` runs every catalog
//! layout in every body form against the element path, `tests/tests/shared` the shared tiles,
//! and layout-codegen's and the macro's own tests the rest.

use std::collections::HashMap;

use crate::support::{run, stderr, stdout};

use layout_codegen::{FragmentPlan, Strategy};
use layout_core::catalog::{Entry, CATALOG};
use layout_core::generated::{shared_vector_error, vector_error};
use layout_core::shared::{SharedLayout, Swizzle};
use proc_macro2::TokenStream;

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
    /// `--pointer`: the body through a raw pointer, one element a call.
    pointer: bool,
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
        if self.pointer {
            a.push("--pointer");
        }
        a
    }

    /// The strategy the macro takes: a shared tile's; the tables for a layout it does not know
    /// by name; else straight-line code, over a slice or through a raw pointer.
    fn strategy(&self) -> Strategy {
        match (self.shared, self.own, self.vector.is_some() || self.pointer) {
            (Some(_), _, _) => Strategy::Shared,
            (None, true, _) => Strategy::Tables,
            (None, false, true) => Strategy::Pointer,
            (None, false, false) => Strategy::Straight,
        }
    }
}

/// The type a user keeps one element of `e` in, and whether Rust has a scalar that wide
/// (written here from the element types, not from the tool's code).
fn element_type(e: &Entry) -> (&'static str, bool) {
    match e.element_type {
        "f16" | "bf16" | "b16" => ("u16", true),
        // `.kind::mxf4` / `mxf4nvf4` pack `.e2m1` unpadded; `.kind::f8f6f4` in a byte.
        "e2m1" if e.element_bits == 4 => ("u8", false),
        "s8" | "u8" | "e4m3" | "e5m2" | "e3m2" | "e2m3" | "e2m1" | "ue8m0" | "ue4m3" => {
            ("u8", true)
        }
        "f32" | "tf32" => ("f32", true),
        "s32" => ("i32", true),
        "b32" => ("u32", true),
        "f64" => ("f64", true),
        "s4" | "u4" | "b4" | "b1" => ("u8", false),
        other => panic!("new element type `{other}`: decide how `expand` shows it"),
    }
}

/// What `expand` prints, in its parts: the constants it declares, the attribute's arguments
/// and the function, the comment lines before the expansion, the expansion, and the rest.
struct Printed<'a> {
    constants: Vec<&'a str>,
    args: &'a str,
    item: &'a str,
    header: Vec<&'a str>,
    code: &'a str,
    numbers: &'a str,
}

/// `text` in its parts, or what is missing.
fn printed(text: &str) -> Result<Printed<'_>, String> {
    let (head, rest) = text
        .split_once("// expands to:\n\n")
        .ok_or("no `// expands to:`")?;
    let (code, numbers) = rest
        .split_once("\n// The layout's numbers")
        .ok_or("no `// The layout's numbers` after the expansion")?;
    let mut lines = head.lines();
    let mut constants = Vec::new();
    let args = loop {
        let l = lines.next().ok_or("no `// #[fragment_layout(...)]`")?;
        if let Some(a) = l.strip_prefix("// #[fragment_layout(") {
            break a.strip_suffix(")]").ok_or("the attribute does not close")?;
        }
        constants.push(l.strip_prefix("// ").ok_or("a constant is not a comment")?);
    };
    let item = lines
        .next()
        .and_then(|l| l.strip_prefix("// "))
        .ok_or("no function after the attribute")?;
    Ok(Printed {
        constants,
        args,
        item,
        header: lines.collect(),
        code,
        numbers,
    })
}

/// `strategy, after shared (no `shared = LAYOUT`)`, as `expand` words a plan.
fn plan_words(plan: &FragmentPlan) -> String {
    let refused: Vec<String> = plan
        .refused
        .iter()
        .map(|(s, why)| format!("{} ({why})", s.name()))
        .collect();
    match refused.is_empty() {
        true => plan.strategy.name().to_string(),
        false => format!("{}, after {}", plan.strategy.name(), refused.join(", ")),
    }
}

/// The macro's expansion of `p`'s invocation, pretty-printed after the constants `p` declares,
/// and its plan; or what went wrong.
fn the_macros(p: &Printed) -> Result<(String, FragmentPlan), String> {
    let lex = |s: &str| s.parse::<TokenStream>().map_err(|e| format!("`{s}`: {e}"));
    let tokens = layout_codegen::fragment_layout(lex(p.args)?, lex(p.item)?);
    if tokens.to_string().contains("compile_error") {
        return Err(format!("the macro refuses it: {tokens}"));
    }
    let mut file: syn::File = syn::parse2(tokens).map_err(|e| e.to_string())?;
    for (i, c) in p.constants.iter().enumerate() {
        file.items
            .insert(i, syn::parse_str(c).map_err(|e| format!("`{c}`: {e}"))?);
    }
    let plan = layout_codegen::fragment_plan(lex(p.args)?, lex(p.item)?)
        .ok_or("the macro has no plan for it")?;
    Ok((prettyplease::unparse(&file), plan))
}

/// Everything one case must satisfy; the problems found.
fn check(case: Case) -> Vec<String> {
    let e = case.entry;
    let mut bad = Vec::new();
    let mut fail = |m: String| bad.push(format!("{:?}: {m}", case.args()));
    let o = run(&case.args());
    if o.status.code() != Some(0) {
        fail(format!("exit {:?}: {}", o.status.code(), stderr(&o)));
        return bad;
    }
    let text = stdout(&o);
    let p = match printed(&text) {
        Ok(p) => p,
        Err(m) => {
            fail(m);
            return bad;
        }
    };
    let (code, plan) = match the_macros(&p) {
        Ok(m) => m,
        Err(m) => {
            fail(m);
            return bad;
        }
    };
    if p.code != code {
        let at = p.code.lines().zip(code.lines()).position(|(a, b)| a != b);
        let at = at.map_or("its end".into(), |l| format!("line {}", l + 1));
        fail(format!("the expansion is not the macro's (from {at})"));
    }
    let words = format!("// The macro's plan: {}.", plan_words(&plan));
    if !p.header.contains(&words.as_str()) {
        fail(format!("the plan is not the macro's: {words}"));
    }
    if plan.strategy != case.strategy() {
        fail(format!(
            "the {} strategy, not the {}",
            plan.strategy.name(),
            case.strategy().name()
        ));
    }
    // The element type: in the function, and said in words.
    let (ty, natural) = element_type(e);
    let held = match case.form {
        Form::Packed => p.item.contains("src: &[u16]"),
        _ => p.item.contains(&format!("[{ty}")),
    };
    if !held {
        fail(format!("the function does not hold `{ty}`: {}", p.item));
    }
    let note = format!("// {}: {} elements ", e.name(), e.element_type);
    if !p.header.iter().any(|l| l.starts_with(&note)) {
        fail(format!("no line on the element type: {note}"));
    }
    if natural == text.contains("Rust has no such scalar") {
        fail(format!(
            "a {}-bit element should {}be said to have no Rust scalar",
            e.element_bits,
            if natural { "not " } else { "" }
        ));
    }
    if !p
        .numbers
        .starts_with(&format!(", from layout-core, on {} (", e.name()))
    {
        fail("the layout's numbers are not the layout's".into());
    }
    bad
}

/// Every layout in every form (`own`: with `--own`, one layout of a kind), except that the
/// wgmma accumulators, one per width N (the same code with another block count), are taken at
/// the widths whose code differs in kind: the narrowest, one not a power of two, and the
/// widest; and a layout that is another's digits under another name (an alias:
/// `SM89_SPARSE_16x8x64_F32_C` is `SM80_16x8x16_F32_C`), with the same element type, is the
/// same code: it is checked by `aliases_expand_as_their_layout` instead, in one form.
fn every_case(own: bool) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut kinds = Vec::new();
    for entry in distinct_layouts().0 {
        let kind = (entry.element_bits, entry.numeral.warps);
        let first_of_kind = !kinds.contains(&kind);
        if own && !first_of_kind {
            continue;
        }
        kinds.push(kind);
        let case = Case {
            entry,
            form: Form::Scatter,
            bounds: false,
            ld: None,
            own,
            vector: None,
            shared: None,
            pointer: false,
        };
        if first_of_kind {
            cases.extend(shared_cases(case));
            cases.extend(pointer_cases(case));
        }
        cases.extend(matrix_cases(case));
        cases.extend(vector_cases(case));
    }
    // A scatter of a broadcast layout (the scale factors) is refused by the macro's
    // compile-time check, and so by the command
    // (`expand_refuses_a_scatter_of_a_broadcast_layout_with_the_macros_message`).
    cases.retain(|c| !(matches!(c.form, Form::Scatter) && c.entry.numeral.has_broadcast()));
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

/// Into a shared tile (`--shared`), once for each kind of layout: swizzled, element by element;
/// padded, at the widest vector that fits it; scatter and gather.
fn shared_cases(case: Case) -> Vec<Case> {
    let entry = case.entry;
    let widest = ["16", "8", "4", "2"].into_iter().find(|v| {
        let w: u32 = v.parse().unwrap();
        vector_error(entry.numeral, w as usize).is_none()
            && shared_vector_error(entry.numeral, &Smem::Padded.layout(entry), w, "SMEM").is_none()
    });
    let mut cases = Vec::new();
    for form in [Form::Scatter, Form::Gather] {
        let shared = |smem, vector| Case {
            form,
            vector,
            shared: Some(smem),
            ..case
        };
        cases.push(shared(Smem::Swizzled, None));
        if widest.is_some() {
            cases.push(shared(Smem::Padded, widest));
        }
    }
    cases
}

/// Over a matrix with a stride, whole and partial tiles (`--bounds`): the scatter with a
/// constant stride (256 fits every tile's columns), the scatter with the run-time `ld` on
/// whole tiles, the gather, and the packed gather of 16-bit elements.
fn matrix_cases(case: Case) -> Vec<Case> {
    let n = case.entry.numeral;
    let mut cases = Vec::new();
    for bounds in [false, true] {
        let mut push = |form, ld| {
            cases.push(Case {
                form,
                bounds,
                ld,
                ..case
            })
        };
        push(Form::Scatter, Some("256"));
        if !bounds {
            push(Form::Scatter, None);
        }
        push(Form::Gather, None);
        if case.entry.element_bits == 16 && n.elements % 2 == 0 {
            push(Form::Packed, None);
        }
    }
    cases
}

/// Through a raw pointer (`--vector`, which takes no bounds), at the widest vector that fits
/// the layout, if one does: the scatter and the gather, and through a constant of one's own
/// the scatter with a constant stride too.
fn vector_cases(case: Case) -> Vec<Case> {
    let widest = ["16", "8", "4", "2"]
        .into_iter()
        .find(|v| vector_error(case.entry.numeral, v.parse().unwrap()).is_none());
    let Some(v) = widest else {
        return Vec::new();
    };
    let constant = case.own.then_some((Form::Scatter, Some("256")));
    [(Form::Scatter, None), (Form::Gather, None)]
        .into_iter()
        .chain(constant)
        .map(|(form, ld)| Case {
            form,
            ld,
            vector: Some(v),
            ..case
        })
        .collect()
}

/// Through a raw pointer one element a call (`--pointer`), once for each kind of layout: the
/// scatter and the gather, on whole and partial tiles.
fn pointer_cases(case: Case) -> Vec<Case> {
    let forms = [Form::Scatter, Form::Gather];
    forms
        .into_iter()
        .flat_map(|form| {
            [false, true].map(|bounds| Case {
                form,
                bounds,
                pointer: true,
                ..case
            })
        })
        .collect()
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

/// Every distinct layout in every form, and through a constant of one's own (`--own`) every
/// form on one layout of each element width and thread count (the tables path writes the same
/// code for all of them but the numbers): the macro's expansion and plan.
#[test]
fn every_layout_and_form_prints_the_macros_expansion() {
    let mut cases = every_case(false);
    cases.extend(every_case(true));
    check_all(&cases);
}

/// The catalog layouts `every_layout_and_form_prints_the_macros_expansion` expands
/// in every form (each wgmma accumulator family at three widths, each `tcgen05.ld` / `.st`
/// shape at `.x1`, `.x2` and `.x8`, one layout of each set of
/// aliases: the same tile, digits and element type), and the aliases left out, each with the
/// layout that stands for it.
fn distinct_layouts() -> (Vec<&'static Entry>, Vec<(&'static Entry, &'static Entry)>) {
    let mut first: Vec<&'static Entry> = Vec::new();
    let mut aliases = Vec::new();
    for e in CATALOG.iter().filter(|e| {
        (!e.name().starts_with("SM90_64x")
            || e.name().starts_with("SM90_64xN")
            || ["SM90_64x8x", "SM90_64x24x", "SM90_64x256x"]
                .iter()
                .any(|n| e.name().starts_with(n)))
            && (!e.name().starts_with("SM100_TMEM_")
                || ["b1x", "b2x", "b8x"]
                    .iter()
                    .any(|n| e.name().trim_end_matches("_16b").ends_with(n)))
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
            // The same tokens: a longer name may wrap a line differently (with a trailing
            // comma in a wrapped list).
            let tokens = |s: &str| {
                let joined = s.split_whitespace().collect::<String>();
                joined
                    .replace(",>", ">")
                    .replace(",)", ")")
                    .replace(",]", "]")
            };
            tokens(&texts[alias.name()])
                != tokens(&texts[layout.name()].replace(layout.name(), alias.name()))
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

/// The expansion of `SM80_16x8x16_F16_A_ROW` with `opts`: the code between the comments.
fn expansion(opts: &[&str]) -> String {
    let mut args = vec!["expand", "SM80_16x8x16_F16_A_ROW"];
    args.extend_from_slice(opts);
    let text = stdout(&run(&args));
    printed(&text).unwrap().code.to_string()
}

#[test]
fn the_example_of_issue_13_shows_u16_and_differing_expansions() {
    // f16 gathers take `u16` (docs/GUIDE.md's `[u16; 8]`), not `f32`.
    let gather = stdout(&run(&["expand", "SM80_16x8x16_F16_A_ROW", "--gather"]));
    assert!(
        gather.contains("-> [u16; 8]") && !gather.contains("f32"),
        "{gather}"
    );
    // The expansions of the five forms are five different texts.
    let forms: Vec<String> = [
        &["--gather"][..],
        &["--gather", "--packed"],
        &["--gather", "--bounds"],
        &["--gather", "--packed", "--bounds"],
        &[],
    ]
    .iter()
    .map(|opts| expansion(opts))
    .collect();
    for i in 0..forms.len() {
        for j in 0..i {
            assert_ne!(forms[i], forms[j], "forms {j} and {i} expand alike");
        }
    }
}

#[test]
fn expand_refuses_packed_where_it_does_not_apply() {
    // A catalog layout of 32-bit (8-bit) elements: the macro's own message.
    for (name, words) in [
        (
            "SM80_16x8x16_F32_C",
            "lays out 32-bit elements (f32): remove `packed` and return the 4",
        ),
        (
            "SM80_16x8x32_S8_A_ROW",
            "lays out 8-bit elements (s8): remove `packed` and return the 16",
        ),
    ] {
        let o = run(&["expand", name, "--gather", "--packed"]);
        assert_eq!(o.status.code(), Some(1), "{name}");
        let err = stderr(&o);
        assert!(
            err.contains(&format!(
                "#[fragment_layout(fraglayout::catalog::{name}, gather, packed)]"
            )) && err.contains(&format!("numeral `{name}` {words} elements unpacked")),
            "{err}"
        );
        assert!(stdout(&o).is_empty());
    }
    // Outside the catalog the macro cannot tell the elements' width: the command's message.
    let o = run(&["expand", "SM80_16x8x16_F32_C[1x2]", "--gather", "--packed"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("has 8 32-bit elements"),
        "{}",
        stderr(&o)
    );
    let o = run(&["expand", "SM80_16x8x16_F32_C", "--packed"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("were not provided:\n  <--gather|--convert <FROM> <TO>>"));
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
        assert!(stderr(&o).contains("--ld"), "{bad:?}: {}", stderr(&o));
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
        (
            acc,
            &["--align", "16"],
            "`align = 16` groups 4 `f32` an access, and numeral `SM80_16x8x16_F32_C` keeps a thread's elements adjacent and aligned in groups of 2 at most: use `align = 8`",
        ),
        (
            acc,
            &["--align", "12"],
            "`align = 12` is not a power of two from 1 to 256 bytes: use `align = 8`",
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
        (&["--vector"], "a value is required for '--vector <N>'"),
        (
            &["--swizzle", "128B"],
            "`--swizzle` describes the shared tile of `--shared`",
        ),
        (
            &["--shared", "--ld", "64"],
            "'--shared' cannot be used with '--ld <N>'",
        ),
    ];
    for (bad, message) in usage {
        let mut args = vec!["expand", acc];
        args.extend_from_slice(bad);
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
        assert!(stderr(&o).contains(message), "{bad:?}: {}", stderr(&o));
    }
}

#[test]
fn expand_align_prints_one_aligned_access_a_pair() {
    let acc = "SM80_16x8x16_F32_C";
    for (form, access) in [
        (None, ".cast::<::fraglayout::generated::Align8<[f32; 2]>>()"),
        (
            Some("--gather"),
            ".cast::<::fraglayout::generated::Align8<[f32; 2]>>()",
        ),
    ] {
        let mut args = vec!["expand", acc, "--align", "8"];
        args.extend(form);
        let text = stdout(&run(&args));
        assert!(text.contains("align = 8)]"), "{text}");
        // Two pairs, each one access; the declaration's debug checks.
        assert_eq!(text.matches(access).count(), 2, "{text}");
        assert_eq!(text.matches("debug_assert!").count(), 2, "{text}");
    }
}

#[test]
fn expand_refuses_a_scatter_of_a_broadcast_layout_with_the_macros_message() {
    // Each catalog layout that broadcasts (the scale factors): every thread's element is held
    // by `threads * elements / (rows * cols)` threads, so a scatter would write it that often.
    // The macro refuses the scatter in a compile-time check, in every body form; a gather is
    // what a broadcast is for.
    let broadcasts: Vec<&Entry> = CATALOG
        .iter()
        .filter(|e| e.numeral.has_broadcast())
        .collect();
    assert!(
        broadcasts.len() >= 4,
        "{} broadcast layouts",
        broadcasts.len()
    );
    for e in broadcasts {
        let n = e.numeral;
        let copies = n.threads() * n.elements / (n.rows * n.cols);
        let name = e.name();
        for opts in [
            &[][..],
            &["--own"],
            &["--pointer"],
            &["--shared"],
            &["--bounds"],
        ] {
            let mut args = vec!["expand", name];
            args.extend_from_slice(opts);
            let o = run(&args);
            let err = stderr(&o);
            assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
            assert!(
                err.contains("] does not compile: numeral `")
                    && err.contains(&format!(
                        "` broadcasts: {copies} threads hold each element, so a scatter would \
                         write each one {copies} times: use `gather`"
                    )),
                "{args:?}: {err}"
            );
            assert!(stdout(&o).is_empty(), "{args:?}");
        }
        let o = run(&["expand", name, "--gather"]);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
    }
}

#[test]
fn expand_refuses_a_numeral_of_too_many_thread_terms_with_the_macros_message() {
    // 4096 warps of 32 lanes, every bit its own digit: 5 lane digits and 12 warp digits, one
    // term each, where generated code evaluates 16 (the ui case `too_many_thread_terms`).
    let mut digits: Vec<String> = (0..5)
        .map(|b| match b {
            4 => "lane / 16 => 16".to_string(),
            b => format!("(lane / {}) % 2 => {}", 1 << b, 1 << b),
        })
        .collect();
    digits.extend((0..12).map(|b| match b {
        11 => format!("warp / {} => {}", 1 << b, 1u64 << (b + 5)),
        b => format!("(warp / {}) % 2 => {}", 1 << b, 1u64 << (b + 5)),
    }));
    let numeral = format!(
        "MANY: 256 x 512, elements 1, warps 4096 {{ {} }}",
        digits.join(", ")
    );
    for opts in [&[][..], &["--gather"]] {
        let mut args = vec!["expand", numeral.as_str()];
        args.extend_from_slice(opts);
        let o = run(&args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{opts:?}: {err}");
        assert!(
            err.contains("#[fragment_layout(LAYOUT")
                && err.contains("] does not compile: ")
                && err.contains("numeral `MANY` needs 17 lane and warp terms")
                && err.contains("more than the 16 generated code evaluates"),
            "{opts:?}: {err}"
        );
        assert!(stdout(&o).is_empty(), "{opts:?}");
    }
    // With one digit fewer (2048 warps, 16 terms) it expands.
    digits.truncate(15);
    digits.push("warp / 1024 => 32768".into());
    let fewer = format!(
        "MANY: 256 x 256, elements 1, warps 2048 {{ {} }}",
        digits.join(", ")
    );
    let o = run(&["expand", &fewer]);
    assert!(o.status.success(), "{}", stderr(&o));
}
