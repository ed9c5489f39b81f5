//! `fraglayout expand`: for every catalog layout and every form (scatter, gather, gather
//! `--packed` for 16-bit elements, each also `--bounds`), the printed expansion and its folded
//! "effective code" parse, take and return the element type a user stores that layout's
//! elements in, carry the element table's constants, and differ between forms as the forms do.
//! Two outputs are pinned in full (`tests/expand/*.txt`).

use std::process::{Command, Output};

use layout_core::catalog::{Entry, CATALOG};
use layout_core::expand::ElementAt;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fraglayout"))
        .args(args)
        .output()
        .expect("run fraglayout")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

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

/// `ROW * ld + COL` at the element part `(r, c)`, as the folded code spells it (squeezed);
/// `rows` / `cols`: whether the thread part has a row / column term.
fn index(t: &str, (rows, cols): (bool, bool), (r, c): (usize, usize)) -> String {
    let row = match (rows, r) {
        (false, 0) => None,
        (false, r) => Some(format!("{r}*ld")),
        (true, 0) => Some(format!("{t}_row*ld")),
        (true, r) => Some(format!("({t}_row+{r})*ld")),
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
    let (Some(expanded_fn), Some(folded_fn)) = (only_fn(&file), only_fn(&folded_file)) else {
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
    let (mut params, ret) = match case.form {
        Form::Scatter => (
            vec![
                format!("{t}:u32"),
                format!("frag:&[{ty};{len}]"),
                format!("out:&mut[{ty}]"),
                "ld:usize".into(),
            ],
            String::new(),
        ),
        Form::Gather => (
            vec![
                format!("{t}:u32"),
                format!("src:&[{ty}]"),
                "ld:usize".into(),
            ],
            format!("[{ty};{len}]"),
        ),
        Form::Packed => (
            vec![format!("{t}:u32"), "src:&[u16]".into(), "ld:usize".into()],
            format!("[u32;{}]", len / 2),
        ),
    };
    params.extend(bounds);
    for (which, f) in [("expansion", expanded_fn), ("effective code", folded_fn)] {
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
    if expanded.contains("/ ") || expanded.contains("% ") || !expanded.contains("element_table()") {
        fail("the expansion divides at run time, or has no element table".into());
    }
    for k in 0..len {
        if !expanded.contains(&format!("__FL_AT[{k}]")) {
            fail(format!("element {k} not in the expansion"));
        }
    }
    if !code.contains(&format!("if{t}<{}{{", n.threads())) {
        fail("no thread test".into());
    }

    // The element table's constants, where each element reads or writes.
    let table: [ElementAt; 1024] = n.element_table();
    let terms = &n.thread_terms()[..n.thread_term_count()];
    let part = (
        terms.iter().any(|x| x.row_mul != 0),
        terms.iter().any(|x| x.col_mul != 0),
    );
    for (k, x) in table[..len].iter().enumerate() {
        let run = format!("{{leti={};", index(t, part, x.run));
        let access = match case.form {
            Form::Scatter => format!(
                "{{letvalue=frag[{k}];{}letrun=&mutout[i..i+{}];run[{}]=value;}}",
                &run[1..],
                x.span,
                x.offset
            ),
            _ => format!("({run}&src[i..i+{}]}})[{}]", x.span, x.offset),
        };
        if !code.contains(&access) {
            fail(format!("element {k}: no `{access}`"));
        }
    }

    // The forms' differences.
    let slices = count(&code, "&mutout[") + count(&code, "&src[");
    if slices != len {
        fail(format!("{slices} row-run slices for {len} elements"));
    }
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
    let whole = format!("ifvalid_rows>={}&&valid_cols>={}{{", n.rows, n.cols);
    let guards = count(&code, "<valid_rows&&");
    if case.bounds {
        if count(&code, &whole) != 1 || guards != len {
            fail(format!(
                "bounds: {} whole-tile tests, {guards} element guards for {len} elements",
                count(&code, &whole)
            ));
        }
    } else if code.contains("valid_") {
        fail("a whole-tile form tests bounds".into());
    }
    bad
}

#[test]
fn every_layout_and_form_prints_folded_code_of_its_element_type() {
    let mut cases = Vec::new();
    // Every layout, except that the wgmma accumulators, one per width N (the same code with
    // another block count), are taken at the widths whose code differs in kind: the
    // narrowest, one not a power of two, and the widest.
    for entry in CATALOG.iter().filter(|e| {
        !e.name().starts_with("SM90_64x")
            || e.name().starts_with("SM90_64xN")
            || ["SM90_64x8x", "SM90_64x24x", "SM90_64x256x"]
                .iter()
                .any(|n| e.name().starts_with(n))
    }) {
        for bounds in [false, true] {
            cases.push(Case {
                entry,
                form: Form::Scatter,
                bounds,
            });
            cases.push(Case {
                entry,
                form: Form::Gather,
                bounds,
            });
            if entry.element_bits == 16 && entry.numeral.elements % 2 == 0 {
                cases.push(Case {
                    entry,
                    form: Form::Packed,
                    bounds,
                });
            }
        }
    }
    assert!(cases.len() > 3 * CATALOG.len(), "{} cases", cases.len());
    // Two workers: each case is a process of its own.
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
