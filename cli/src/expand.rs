//! `fraglayout expand`: the code `#[fragment_layout]` generates for a synthetic epilogue on a
//! catalog layout (scatter, gather, packed, bounds, a raw pointer's elements or vectors, a shared tile's
//! offsets, a layout through a constant of one's own): the macro's own expansion
//! ([`layout_codegen::fragment_layout`]) pretty-printed, after its plan
//! ([`layout_codegen::fragment_plan`]), then the layout's numbers the code is built from, by
//! layout-core's functions. The element type comes from the catalog entry ([`scalar`]). Where
//! the macro refuses the attribute, or the code's compile-time checks would fail, their
//! messages are the error and nothing is printed.

mod scalar;

use std::fmt::Write as _;
use std::process::ExitCode;

use layout_codegen::FragmentPlan;
use layout_core::catalog::Entry;
use layout_core::generated::{
    shared_element_error, shared_lane_bits, shared_offset, shared_steps, shared_tile_error,
    shared_vector_error, ElementAt, Reach, MAX_UNROLLED,
};
use layout_core::shared::SharedLayout;
use proc_macro2::TokenStream;

use clap::{Arg, ArgAction, ArgGroup, ArgMatches, Command};

use crate::json_out::{self, J};
use crate::tile_args::{self, TileArgs};
use crate::{usage, with_layout};

/// Scatter (`|row, col, value|`) or gather (`|row, col|`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Form {
    Scatter,
    Gather,
}

/// Options of `expand` beyond the form: `--bounds` (a partial-tile epilogue), `--packed`
/// (a gather of 16-bit elements packed two per `u32`), `--ld N` (the stride a constant
/// `const LD: usize = N;` instead of the parameter `ld`), `--own` (the layout named through
/// a constant of the user's, `const LAYOUT: Numeral = NAME;`, which the macro does not know by
/// name: the expansion a layout of one's own gets, its tables evaluated by the compiler) and
/// `--vector N` (`vector = N`: the body through a raw pointer `d`, `N` adjacent elements a
/// call, as GPU kernels store them), `--pointer` (the body through a raw pointer `d`, one
/// element a call: `*d.add(row * ld + col) = value`, a gather `d.add(..).read()`), `--align
/// BYTES` (that body with `align = BYTES`: adjacent elements one aligned access) and
/// `--shared` (`shared = SMEM`: each element's offset in a shared tile, `const SMEM:
/// SharedLayout`, padded or swizzled as the tile options say).
#[derive(Clone, Copy, Default)]
pub struct Options {
    pub bounds: bool,
    pub packed: bool,
    pub ld: Option<usize>,
    pub own: bool,
    pub vector: Option<usize>,
    pub shared: Option<SharedLayout>,
    pub pointer: bool,
    pub align: Option<usize>,
}

/// The name `--shared` gives the shared tile's constant.
const SMEM: &str = "SMEM";

/// The name `--own` gives the user's constant: no catalog layout's.
const OWN: &str = "LAYOUT";

/// The stride's name in the body and its parameter, if it is one: `ld` / `, ld: usize`, or
/// with `--ld` the constant `LD` and none.
fn stride(opt: Options) -> (&'static str, &'static str) {
    match opt.ld {
        Some(_) => ("LD", ""),
        None => ("ld", ", ld: usize"),
    }
}

/// What every synthetic function shares: the layout's name in the attribute, the thread's
/// name, the element type and count, the bounds' argument and parameters, `, packed` or none.
struct Parts {
    layout: String,
    t: &'static str,
    ty: String,
    len: u32,
    bounds_arg: &'static str,
    bounds_params: &'static str,
    packed: &'static str,
}

/// Why `--packed` does not apply to `e`, where the macro's checks ([`expand`]) left it to
/// the command: elements that are not 16 bits wide (of a layout outside the catalog, which
/// the macro cannot tell), or an odd number of them.
fn packed_refusal(e: &Entry, opt: Options) -> Option<String> {
    let len = e.numeral.elements;
    (opt.packed && (e.element_bits != 16 || len % 2 != 0)).then(|| {
        format!(
            "`--packed` packs 16-bit elements two per register; {} has {} {}-bit elements",
            e.name(),
            len,
            e.element_bits
        )
    })
}

/// The synthetic function and the attribute's arguments, with the element type `ty`.
fn source(e: &Entry, form: Form, opt: Options, ty: &str) -> (String, String) {
    let len = e.numeral.elements;
    let (bounds_arg, bounds_params) = if opt.bounds {
        (", bounds(rows, cols)", ", rows: usize, cols: usize")
    } else {
        ("", "")
    };
    let layout = if opt.own {
        OWN.to_string()
    } else {
        format!("fraglayout::catalog::{}", e.name())
    };
    let p = Parts {
        layout,
        t: thread_name(e),
        ty: ty.to_string(),
        len,
        bounds_arg,
        bounds_params,
        // Passed on with `vector`, for the macro to say that they do not go together.
        packed: if opt.packed { ", packed" } else { "" },
    };
    match (opt.shared, opt.vector) {
        (Some(_), vector) => shared_item(&p, form, vector),
        (None, Some(v)) => pointer_item(&p, form, opt, Some(v)),
        (None, None) if opt.pointer || opt.align.is_some() => pointer_item(&p, form, opt, None),
        (None, None) => slice_item(&p, form, opt),
    }
}

/// `shared = SMEM`: the body takes the element's offset in the tile, `smem[offset]`, or with
/// `vector` the `N` elements from it.
fn shared_item(p: &Parts, form: Form, vector: Option<usize>) -> (String, String) {
    let Parts {
        layout,
        t,
        ty,
        len,
        bounds_arg,
        bounds_params,
        packed,
    } = p;
    let vector_arg = vector
        .map(|v| format!(", vector = {v}"))
        .unwrap_or_default();
    match (form, vector) {
        (Form::Scatter, None) => (
            format!("{layout}, shared = {SMEM}{bounds_arg}"),
            format!(
                "fn store({t}: u32, frag: &[{ty}; {len}], smem: &mut [{ty}]{bounds_params}) {{ \
                 |offset, value| smem[offset] = value }}"
            ),
        ),
        (Form::Scatter, Some(v)) => (
            format!("{layout}, shared = {SMEM}{vector_arg}{bounds_arg}"),
            format!(
                "fn store({t}: u32, frag: &[{ty}; {len}], smem: &mut [{ty}]{bounds_params}) {{ \
                 |offset, values| smem[offset..offset + {v}].copy_from_slice(&values) }}"
            ),
        ),
        (Form::Gather, None) => (
            format!("{layout}, gather{packed}, shared = {SMEM}{bounds_arg}"),
            format!(
                "fn load({t}: u32, smem: &[{ty}]{bounds_params}) -> [{ty}; {len}] {{ \
                 |offset| smem[offset] }}"
            ),
        ),
        (Form::Gather, Some(v)) => {
            let items: Vec<String> = (0..v)
                .map(|k| match k {
                    0 => "smem[offset]".to_string(),
                    k => format!("smem[offset + {k}]"),
                })
                .collect();
            (
                format!("{layout}, gather{packed}, shared = {SMEM}{vector_arg}{bounds_arg}"),
                format!(
                    "fn load({t}: u32, smem: &[{ty}]{bounds_params}) -> [{ty}; {len}] {{ \
                     |offset| [{}] }}",
                    items.join(", ")
                ),
            )
        }
    }
}

/// The body through a raw pointer `d`: `N` adjacent elements a call with `vector` (`vector =
/// N`), else one (`--pointer`: `*d.add(i) = value`, a gather `d.add(i).read()`).
fn pointer_item(p: &Parts, form: Form, opt: Options, vector: Option<usize>) -> (String, String) {
    let Parts {
        layout,
        t,
        ty,
        len,
        bounds_arg,
        bounds_params,
        packed,
    } = p;
    let (ld, ld_param) = stride(opt);
    let at = format!("d.add(row * {ld} + col)");
    let (arg, store, load) = match vector {
        Some(v) => (
            format!(", vector = {v}"),
            format!("|row, col, values| unsafe {{ *({at} as *mut [{ty}; {v}]) = values }}"),
            format!("|row, col| unsafe {{ *({at} as *const [{ty}; {v}]) }}"),
        ),
        None => (
            opt.align
                .map(|b| format!(", align = {b}"))
                .unwrap_or_default(),
            format!("|row, col, value| unsafe {{ *{at} = value }}"),
            format!("|row, col| unsafe {{ {at}.read() }}"),
        ),
    };
    match form {
        Form::Scatter => (
            format!("{layout}{arg}{bounds_arg}"),
            format!(
                "unsafe fn store({t}: u32, frag: &[{ty}; {len}], d: *mut {ty}{ld_param}{bounds_params}) {{ {store} }}"
            ),
        ),
        Form::Gather => (
            format!("{layout}, gather{packed}{arg}{bounds_arg}"),
            format!(
                "unsafe fn load({t}: u32, d: *const {ty}{ld_param}{bounds_params}) -> [{ty}; {len}] {{ {load} }}"
            ),
        ),
    }
}

/// The body over a slice and a row stride: `out[row * ld + col]`, `src[row * ld + col]`.
fn slice_item(p: &Parts, form: Form, opt: Options) -> (String, String) {
    let Parts {
        layout,
        t,
        ty,
        len,
        bounds_arg,
        bounds_params,
        ..
    } = p;
    let (ld, ld_param) = stride(opt);
    match (form, opt.packed) {
        (Form::Scatter, _) => (
            format!("{layout}{bounds_arg}"),
            format!(
                "fn store({t}: u32, frag: &[{ty}; {len}], out: &mut [{ty}]{ld_param}{bounds_params}) {{ \
                 |row, col, value| out[row * {ld} + col] = value }}"
            ),
        ),
        (Form::Gather, false) => (
            format!("{layout}, gather{bounds_arg}"),
            format!(
                "fn load({t}: u32, src: &[{ty}]{ld_param}{bounds_params}) -> [{ty}; {len}] {{ \
                 |row, col| src[row * {ld} + col] }}"
            ),
        ),
        (Form::Gather, true) => (
            format!("{layout}, gather, packed{bounds_arg}"),
            format!(
                "fn load({t}: u32, src: &[{ty}]{ld_param}{bounds_params}) -> [u32; {}] {{ \
                 |row, col| src[row * {ld} + col] }}",
                len / 2
            ),
        ),
    }
}

/// `lane` for a warp, `thread` for a warpgroup.
fn thread_name(e: &Entry) -> &'static str {
    if e.numeral.warps == 1 {
        "lane"
    } else {
        "thread"
    }
}

/// The expansion, pretty-printed, after comments (the invocation, the element type, the
/// macro's plan) and before the layout's numbers ([`numbers`]). With `--own`, the constant
/// is `own` (the Rust that builds the layout), or the catalog's path when `None`.
pub fn expand(e: &Entry, form: Form, opt: Options, own: Option<&str>) -> Result<String, String> {
    let scalar = scalar::scalar(e);
    let (args, item) = source(e, form, opt, scalar.ty);
    let parse = |s: &str| -> Result<TokenStream, String> {
        s.parse()
            .map_err(|err| format!("internal error: synthetic code does not lex: {err}"))
    };
    let tokens = layout_codegen::fragment_layout(parse(&args)?, parse(&item)?);
    let mut file: syn::File = syn::parse2(tokens)
        .map_err(|err| format!("internal error: the expansion does not parse: {err}"))?;
    refused(&file, &args)?;
    // What the code checks when it compiles (a constant panic, not a `compile_error!`): the
    // numeral's checks as the macro evaluates them (`fragment_check`), then the shared tile's.
    let numeral_error = layout_codegen::fragment_check(parse(&args)?, parse(&item)?, e.numeral);
    if let Some(m) = numeral_error.or_else(|| compile_errors(e, opt, scalar.ty)) {
        return Err(format!("#[fragment_layout({args})] does not compile: {m}"));
    }
    if let Some(m) = packed_refusal(e, opt) {
        return Err(m);
    }
    let mut out = String::new();
    let mut constants = Vec::new();
    if opt.own {
        let value = own.map_or_else(
            || format!("fraglayout::catalog::{}", e.name()),
            String::from,
        );
        constants.push(format!(
            "const {OWN}: fraglayout::Numeral<'static> = {value};"
        ));
    }
    if let Some(k) = opt.ld {
        constants.push(format!("const LD: usize = {k};"));
    }
    if let Some(l) = &opt.shared {
        constants.push(format!(
            "const {SMEM}: fraglayout::shared::SharedLayout = fraglayout::shared::{};",
            shared_source(l)
        ));
    }
    for (i, text) in constants.iter().enumerate() {
        let c: syn::Item = syn::parse_str(text)
            .map_err(|err| format!("internal error: `{text}` does not parse: {err}"))?;
        file.items.insert(i, c);
        let _ = writeln!(out, "// {text}");
    }
    let plan = layout_codegen::fragment_plan(parse(&args)?, parse(&item)?)
        .ok_or("internal error: the macro expands what it has no plan for")?;
    let _ = writeln!(out, "// #[fragment_layout({args})]\n// {item}\n//");
    let _ = writeln!(out, "// {}: {}.", e.name(), scalar.note);
    let _ = writeln!(out, "// The macro's plan: {}.", plan_words(&plan));
    let _ = writeln!(out, "//\n// expands to:\n");
    out.push_str(&prettyplease::unparse(&file));
    out.push('\n');
    numbers(e, opt, &mut out);
    Ok(out)
}

/// `straight, after shared (no `shared = LAYOUT`)`: the strategy and each refused before it.
fn plan_words(plan: &FragmentPlan) -> String {
    let mut words = plan.strategy.name().to_string();
    if !plan.refused.is_empty() {
        words.push_str(", after ");
        let refused: Vec<String> = plan
            .refused
            .iter()
            .map(|(s, why)| format!("{} ({why})", s.name()))
            .collect();
        words.push_str(&refused.join(", "));
    }
    words
}

/// The first message of the shared tile's checks the generated code makes when it compiles,
/// in its order: sound, the numeral's tile, the element's size, the vector's elements adjacent
/// in it.
fn compile_errors(e: &Entry, opt: Options, ty: &str) -> Option<String> {
    let n = e.numeral;
    let l = opt.shared.as_ref()?;
    let bytes = element_bytes(e) as usize;
    let m = shared_tile_error(n, l, SMEM)
        .or_else(|| shared_element_error(l, bytes, ty, SMEM))
        .or_else(|| {
            let v = opt.vector?;
            shared_vector_error(n, l, u32::try_from(v).unwrap_or(u32::MAX), SMEM)
        })?;
    Some(m.as_str().to_string())
}

/// The bytes of the scalar `e`'s elements are kept in ([`scalar`]): a byte for 8 bits and
/// fewer, else their own size.
fn element_bytes(e: &Entry) -> u32 {
    e.element_bits.div_ceil(8).next_power_of_two()
}

/// `l` as the Rust that builds it, its names in `fraglayout::shared`.
fn shared_source(l: &SharedLayout) -> String {
    crate::tile_args::TileArgs::rust(l)
        .replace("Swizzle::", "fraglayout::shared::Swizzle::")
        .replace("SwizzleMode::", "fraglayout::shared::SwizzleMode::")
}

/// The macro's own messages where it refuses the attribute (its `compile_error!`s), as the
/// error, so that no fallback is printed as if it were the expansion.
fn refused(file: &syn::File, args: &str) -> Result<(), String> {
    let messages: Vec<String> = file
        .items
        .iter()
        .filter_map(|i| match i {
            syn::Item::Macro(m) if m.mac.path.segments.last()?.ident == "compile_error" => Some(
                m.mac
                    .parse_body::<syn::LitStr>()
                    .map_or_else(|_| m.mac.tokens.to_string(), |s| s.value()),
            ),
            _ => None,
        })
        .collect();
    if messages.is_empty() {
        return Ok(());
    }
    Err(format!(
        "#[fragment_layout({args})] does not expand: {}",
        messages.join("; ")
    ))
}

/// Appends `s` as a comment line.
fn line(out: &mut String, s: &str) {
    out.push_str("//");
    if !s.is_empty() {
        out.push(' ');
        out.push_str(s);
    }
    out.push('\n');
}

/// Comments: the layout's numbers that the code is built from, by layout-core's functions:
/// the thread terms, then each element's part and reaches, or with `--shared` its offset in
/// the tile.
fn numbers(e: &Entry, opt: Options, out: &mut String) {
    let n = e.numeral;
    let t = thread_name(e);
    let all = n.thread_terms();
    let terms = &all[..n.thread_term_count()];
    line(
        out,
        &format!(
            "The layout's numbers, from layout-core, on {} ({} x {} tile, {} threads x {} elements):",
            n.name,
            n.rows,
            n.cols,
            n.threads(),
            n.elements
        ),
    );
    line(out, "");
    line(out, &format!("threads: {}", n.threads()));
    line(
        out,
        &format!(
            "thread terms, {}, each (({t} / divisor) % modulus) * (row_mul, col_mul), summed into the thread's row and column:",
            terms.len()
        ),
    );
    for x in terms {
        let modulus = if x.modulus == 0 {
            "none (top digit)".to_string()
        } else {
            x.modulus.to_string()
        };
        let band = if x.offset_mul != 0 {
            format!(", band offset_mul {}", x.offset_mul)
        } else {
            String::new()
        };
        line(
            out,
            &format!(
                "  divisor {}, modulus {modulus}, row_mul {}, col_mul {}{band}",
                x.divisor, x.row_mul, x.col_mul
            ),
        );
    }
    if n.thread_wrap() != 0 {
        line(
            out,
            &format!(
                "thread_wrap() = {}: a thread digit straddles rows, each element carries its column into the row",
                n.thread_wrap()
            ),
        );
    }
    let table = table_of(e);
    match &opt.shared {
        Some(l) => shared_numbers(n, l, &table, out),
        None => reach_numbers(&table, out),
    }
}

/// The element table's lines: each element's part, the thread's corner, and its reaches
/// through its row run and through the thread's footprint.
fn reach_numbers(table: &[ElementAt], out: &mut String) {
    line(
        out,
        "element_table(): each element's part `at`, the thread's corner `low`, and the slice that reaches",
    );
    line(
        out,
        "it through its row run (`run_reach`) and through the thread's footprint (`foot_reach`): from",
    );
    line(
        out,
        "`low + start`, `extent` (rows, elements) long, the element at `place` in it:",
    );
    let words = |r: Reach| {
        format!(
            "start ({}, {}), extent ({}, {}), place ({}, {})",
            r.start.0, r.start.1, r.extent.0, r.extent.1, r.place.0, r.place.1
        )
    };
    for (i, x) in table.iter().enumerate() {
        line(
            out,
            &format!(
                "  element {i}: at ({}, {}), low ({}, {}); run: {}; foot: {}",
                x.at.0,
                x.at.1,
                x.low.0,
                x.low.1,
                words(x.run_reach),
                words(x.foot_reach)
            ),
        );
    }
}

/// The tile of `shared = SMEM` (`l`), and each element's offset in it from the thread's.
fn shared_numbers(
    n: &layout_core::Numeral,
    l: &SharedLayout,
    table: &[ElementAt],
    out: &mut String,
) {
    let steps = shared_steps(l);
    let s = l.swizzle();
    line(
        out,
        &format!(
            "SMEM: {} x {} elements of {} bytes, {}-major, {} elements a line (pitch)",
            l.rows(),
            l.cols(),
            l.elem_bytes(),
            if steps.1 == 1 { "row" } else { "column" },
            l.pitch()
        ),
    );
    line(
        out,
        &format!(
            "shared_steps(&SMEM) = ({}, {}): the offset's step for a row and for a column",
            steps.0, steps.1
        ),
    );
    let apply = if s.bits == 0 {
        "none".to_string()
    } else {
        format!(
            "bits {}, base {}, shift {}: offset ^ ((offset >> {}) & {})",
            s.bits,
            s.base,
            s.shift,
            s.shift,
            s.target_mask()
        )
    };
    line(out, &format!("SMEM.swizzle(), of element offsets: {apply}"));
    let lane = shared_lane_bits(n, l);
    line(
        out,
        &format!(
            "shared_lane_bits(..).0 = {}: every bit a thread's unswizzled offset has",
            lane.0
        ),
    );
    line(
        out,
        "each element's part `at`, its unswizzled offset from the thread's, and shared_offset(..): from",
    );
    line(
        out,
        "the thread's swizzled offset `base`, Add(k) is `base + k`, Xor(k) `base ^ k`, Swizzle its own:",
    );
    for (i, x) in table.iter().enumerate() {
        let k = x.at.0 * steps.0 + x.at.1 * steps.1;
        line(
            out,
            &format!(
                "  element {i}: at ({}, {}), unswizzled offset {k}: {:?}",
                x.at.0,
                x.at.1,
                shared_offset(lane, l, x.at)
            ),
        );
    }
}

/// The element table of `e`'s elements (at most [`MAX_UNROLLED`], at least one entry).
fn table_of(e: &Entry) -> Vec<ElementAt> {
    let table: [ElementAt; MAX_UNROLLED] = e.numeral.element_table();
    table[..(e.numeral.elements as usize).clamp(1, MAX_UNROLLED)].to_vec()
}

/// A catalog entry for a layout outside the catalog, for the life of the process: the
/// elements of the catalog layout it tiles, else 32-bit words (`u32`); no instructions.
fn outside(l: crate::layout::Layout) -> &'static Entry {
    let base = l.base_entry();
    Box::leak(Box::new(Entry {
        numeral: l.leak(),
        operand: base.map_or(layout_core::catalog::Operand::C, |b| b.operand),
        element_type: base.map_or("b32", |b| b.element_type),
        element_bits: base.map_or(32, |b| b.element_bits),
        arch: base.map_or("", |b| b.arch),
        instructions: &[],
        ptx_section: "",
    }))
}

/// `--ld N`'s stride: at least the tile's columns, so that rows do not overlap.
fn parse_ld(arg: Option<&str>, e_cols: Option<u32>) -> Result<usize, String> {
    let Some(a) = arg else {
        return Err("`--ld` needs a stride: `--ld 64`".into());
    };
    let k: usize = a.parse().map_err(|_| {
        format!("`--ld {a}`: the stride is a whole number of elements, e.g. `--ld 64`")
    })?;
    match e_cols {
        Some(cols) if k < cols as usize => Err(format!(
            "`--ld {k}` is less than the tile's {cols} columns: rows would overlap; use `--ld {cols}` or more"
        )),
        _ => Ok(k),
    }
}

/// The command's arguments and help.
pub fn cli() -> Command {
    let flag = |id: &'static str, help: &'static str| {
        Arg::new(id).long(id).action(ArgAction::SetTrue).help(help)
    };
    let cmd = Command::new("expand")
        .about("the Rust that #[fragment_layout(LAYOUT)] (or #[convert_layout]) generates")
        .after_help(crate::wrapped(
            "For the store `|row, col, value| out[row * ld + col] = value` on the layout's element \
             type (u16 for f16 and bf16 bits, u8 for 8-bit and narrower, f32, i32, f64), after \
             the macro's plan; then, as comments, the layout's numbers the code is built from \
             (thread terms, element table).\n\n\
             `expand --convert FROM TO`: the Rust that #[convert_layout(FROM => TO)] generates \
             for u32 registers, after the form its constants take (with --packed, for the \
             layouts' 16-bit or 8-bit values packed two or four to a u32); then, as comments, \
             the plan's numbers (class, rounds, lower bound, selects, and the packed plan's)."))
        .args([
            crate::layout_arg("layout", "LAYOUT")
                .required_unless_present("convert")
                .help(
                    "a catalog or example name, NAME:RxC (or 'NAME[RxC]'), or a numeral in \
                     quotes (outside the catalog: through a constant, as --own)",
                ),
            Arg::new("convert")
                .long("convert")
                .value_names(["FROM", "TO"])
                .num_args(2)
                .conflicts_with_all([
                    "layout", "gather", "scatter", "bounds", "own", "vector", "ld",
                    "shared", "pointer", "align", "json",
                ])
                .help("the conversion's code instead, between two layouts as `convert` takes them"),
            flag("gather", "the load `|row, col| src[row * ld + col]`"),
            flag("scatter", "the store (the default)").overrides_with("gather"),
            flag(
                "packed",
                "16-bit elements two per u32 register (with --gather); with --convert, the \
                 layouts' 16-bit (8-bit) values two (four) per u32",
            )
            .requires("packable"),
            flag("bounds", "for a partial tile of `rows` x `cols`"),
            Arg::new("ld")
                .long("ld")
                .value_name("N")
                .allow_hyphen_values(true)
                .value_parser(|v: &str| parse_ld(Some(v), None))
                .help("a constant row stride `LD` = N: the one-footprint-check path"),
            flag(
                "own",
                "LAYOUT through a constant of your own, `const LAYOUT: Numeral = NAME;`: tables \
                 the compiler evaluates",
            ),
            Arg::new("vector")
                .long("vector")
                .value_name("N")
                .allow_hyphen_values(true)
                .value_parser(|v: &str| match v.parse::<usize>() {
                    Ok(n) if n >= 1 => Ok(n),
                    _ => Err(format!(
                        "`--vector {v}`: the width is how many adjacent elements each call of the \
                         body stores or loads, a whole number from 1, e.g. `--vector 2`"
                    )),
                })
                .help("`vector = N`: the body through a raw pointer `d`, N adjacent elements a call"),
            flag(
                "pointer",
                "the body through a raw pointer `d`, one element a call: `*d.add(row * ld + \
                 col) = value`, a gather `d.add(..).read()`",
            )
            .conflicts_with_all(["vector", "shared", "packed"]),
            Arg::new("align")
                .long("align")
                .value_name("BYTES")
                .allow_hyphen_values(true)
                .value_parser(|v: &str| {
                    v.parse::<usize>().map_err(|_| {
                        format!("`--align {v}`: the bytes, a power of two, e.g. `--align 8`")
                    })
                })
                .conflicts_with_all(["vector", "shared", "packed"])
                .help(
                    "`align = BYTES`: the --pointer body, each group of adjacent elements one \
                     access aligned to BYTES",
                ),
            flag(
                "shared",
                "`shared = SMEM`: each element at its offset in a shared tile over the layout's, \
                 swizzled and padded as the tile options say",
            )
            .conflicts_with("ld"),
            json_out::flag(),
        ]);
    tile_args::args(cmd.group(ArgGroup::new("packable").args(["gather", "convert"])))
}

/// `expand LAYOUT [options]` or `expand --convert FROM TO`.
pub fn run(m: &ArgMatches) -> ExitCode {
    if let Some(v) = m.get_many::<String>("convert") {
        let v: Vec<&String> = v.collect();
        return crate::convert::expand::command(v[0], v[1], m.get_flag("packed"));
    }
    let form = if m.get_flag("gather") {
        Form::Gather
    } else {
        Form::Scatter
    };
    let mut opt = Options {
        bounds: m.get_flag("bounds"),
        packed: m.get_flag("packed"),
        own: m.get_flag("own"),
        vector: m.get_one::<usize>("vector").copied(),
        pointer: m.get_flag("pointer"),
        align: m.get_one::<usize>("align").copied(),
        ..Options::default()
    };
    let ld = m.get_one::<usize>("ld").copied();
    let shared = m.get_flag("shared");
    let (tile, tile_options) = TileArgs::from_matches(m);
    if let (false, Some(o)) = (shared, tile_options.first()) {
        return usage(
            "expand",
            &format!(
                "`--{o}` describes the shared tile of `--shared`: `expand NAME --shared --{o} ...`"
            ),
        );
    }
    let name = m
        .get_one::<String>("layout")
        .expect("required without --convert");
    let json = json_out::wanted(m);
    with_layout(name, |l| {
        // A layout outside the catalog goes through a constant of one's own, as `--own`.
        let own = l.entry().is_none().then(|| l.rust());
        opt.own |= own.is_some();
        let e = l.entry().unwrap_or_else(|| outside(l));
        if let Some(v) = ld {
            opt.ld = Some(parse_ld(Some(&v.to_string()), Some(e.numeral.cols))?);
        }
        if shared {
            // The tile and the element size are the layout's unless given.
            let n = e.numeral;
            opt.shared = Some(tile.layout(Some((n.rows, n.cols)), Some(element_bytes(e)))?);
        }
        let text = expand(e, form, opt, own.as_deref())?;
        Ok(if json {
            J::Obj(vec![("layout", J::s(e.name())), ("code", J::s(text))]).text()
        } else {
            text
        })
    })
}
