//! `fraglayout path --tile MxNxK ...`: a GEMM tile's data path declared once (the
//! `datapath` module): each derived step with its numbers (TMA boxes, shared tiles,
//! descriptors, the accumulator, the epilogue, shared memory) and the certificate's verdict.

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::{Arg, ArgMatches, Command};
use layout_core::catalog::TmemShape;
use layout_core::datapath::{
    AccPath, DataPath, Elem, Epilogue, Majorness, OperandPath, Path, PathError, SMEM_LIMIT,
};
use layout_core::message::Message;
use layout_core::shared::{AccessError, AtomOrder, SwizzleMode, Wavefronts};

use crate::json_out::{self, J};
use crate::{emit, usage};

/// The command's arguments and help.
pub fn cli() -> Command {
    let opt = |id: &'static str, value: &'static str, help: &'static str| {
        Arg::new(id).long(id).value_name(value).help(help)
    };
    Command::new("path")
        .about("a GEMM tile's data path declared once: every step derived, the joints certified")
        .after_help(crate::wrapped(
            "From one declaration, the steps global -> TMA box -> shared tile -> MMA operand \
             (wgmma or tcgen05.mma descriptors, each K step's) -> accumulator (registers, or \
             TMEM and the tcgen05.ld composite) -> epilogue -> global, with their numbers, \
             then the certificate: every element of A and B lands at the shared byte the MMA \
             reads it from, once a K step, and every element of D is held and stored once; or \
             the first element that does not, with the fix (exit 1). docs/DATAPATH.md teaches \
             it on one Hopper tile.\n\n\
             e.g. fraglayout path --tile 128x256x64 --types bf16,bf16,f32,bf16 --stages 4\n\n\
             e.g. fraglayout path --tile 128x256x64 --mma tcgen05 --load 32x32b.x64 \
             --epilogue tma --stages 3",
        ))
        .args([
            opt("tile", "MxNxK", "the tile: M x N, K a stage").required(true),
            opt("types", "A,B,C,D", "element types: f16, bf16, tf32, f32, e4m3, e5m2, s8, u8, s32 [default: bf16,bf16,f32,f32]"),
            opt("major", "A,B", "majorness of A and B in global memory: k or mn [default: k,k]"),
            opt("reads", "A,B", "the majorness the MMA instruction reads A and B in [default: --major's]"),
            opt("mma", "MMA", "wgmma or tcgen05 [default: wgmma]"),
            opt("mma-m", "M", "tcgen05.mma's M [default: the tile's M]"),
            opt("mma-n", "N", "the instruction's N [default: the tile's N]"),
            opt("cta-group", "G", "tcgen05.mma's cta_group: 1 or 2 [default: 1]"),
            opt("load", "SHAPE.xNUM", "tcgen05.ld reading the accumulator, e.g. 32x32b.x64 or 16x256b.x8.pack::16b [default: 32x32b.x32]"),
            opt("swizzle", "BYTES", "the shared tiles' swizzle: none, 32, 64 or 128 [default: 128]"),
            opt("order", "ORDER", "atom order: slabs or bands [default: slabs]"),
            opt("stages", "N", "stages of A and B in shared memory [default: 1]"),
            opt("epilogue", "KIND", "direct, vector, or tma (through shared memory in --swizzle) [default: direct]"),
            opt("problem", "MxNxK", "the global tensors' extents, which set their strides [default: the tile]"),
            json_out::flag(),
        ])
}

/// `path ...`.
pub fn run(m: &ArgMatches) -> ExitCode {
    let decl = match declaration(m) {
        Ok(d) => d,
        Err(msg) => return usage("path", &msg),
    };
    let path = match decl.derive() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(1);
        }
    };
    let verdict = path.certify();
    let code = if verdict.is_ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    };
    if json_out::wanted(m) {
        return emit(&json(&path, verdict).text(), code);
    }
    emit(&text(&path, verdict), code)
}

/// The option's text, or `None`.
fn get<'a>(m: &'a ArgMatches, id: &str) -> Option<&'a str> {
    m.get_one::<String>(id).map(String::as_str)
}

/// `128x256x64`.
fn dims(text: &str, what: &str) -> Result<(u32, u32, u32), String> {
    let parts: Vec<&str> = text.split(['x', 'X']).collect();
    match parts.as_slice() {
        [a, b, c] => match (a.trim().parse(), b.trim().parse(), c.trim().parse()) {
            (Ok(a), Ok(b), Ok(c)) => Ok((a, b, c)),
            _ => Err(format!("{what} `{text}`: write M x N x K, e.g. 128x256x64")),
        },
        _ => Err(format!("{what} `{text}`: write M x N x K, e.g. 128x256x64")),
    }
}

/// A number option, or `default`.
fn number(m: &ArgMatches, id: &str, default: u32) -> Result<u32, String> {
    match get(m, id) {
        None => Ok(default),
        Some(t) => t
            .trim()
            .parse()
            .map_err(|_| format!("--{id} `{t}`: write a number, e.g. --{id} {default}")),
    }
}

/// The declaration the options spell.
fn declaration(m: &ArgMatches) -> Result<DataPath, String> {
    let (tm, tn, tk) = dims(get(m, "tile").expect("required"), "--tile")?;
    let mut d = DataPath::new(tm, tn, tk);
    if let Some(t) = get(m, "types") {
        let e: Vec<Option<Elem>> = t.split(',').map(|s| Elem::from_name(s.trim())).collect();
        match e.as_slice() {
            [Some(a), Some(b), Some(c), Some(dd)] => d = d.types(*a, *b, *c, *dd),
            _ => {
                return Err(format!(
                    "--types `{t}`: write four of f16, bf16, tf32, f32, e4m3, e5m2, s8, u8, s32, \
                     e.g. --types bf16,bf16,f32,bf16"
                ))
            }
        }
    }
    let majors = |id: &str, default: (Majorness, Majorness)| match get(m, id) {
        None => Ok(default),
        Some(t) => {
            let v: Vec<Option<Majorness>> = t.split(',').map(majorness).collect();
            match v.as_slice() {
                [Some(a), Some(b)] => Ok((*a, *b)),
                _ => Err(format!(
                    "--{id} `{t}`: write two of k and mn, e.g. --{id} k,mn"
                )),
            }
        }
    };
    let (a, b) = majors("major", (Majorness::K, Majorness::K))?;
    d = d.majors(a, b);
    let (ra, rb) = majors("reads", (a, b))?;
    d = d.mma_reads(ra, rb);
    let n = number(m, "mma-n", tn)?;
    d = match get(m, "mma").unwrap_or("wgmma") {
        "wgmma" => d.wgmma(n),
        "tcgen05" => {
            let (shape, num, packed) = load(get(m, "load").unwrap_or("32x32b.x32"))?;
            let mm = number(m, "mma-m", tm)?;
            d.tcgen05(mm, n, number(m, "cta-group", 1)?, shape, num, packed)
        }
        other => return Err(format!("--mma `{other}`: write wgmma or tcgen05")),
    };
    let mode = match get(m, "swizzle").unwrap_or("128") {
        "none" | "0" => SwizzleMode::None,
        "32" => SwizzleMode::B32,
        "64" => SwizzleMode::B64,
        "128" => SwizzleMode::B128,
        other => return Err(format!("--swizzle `{other}`: write none, 32, 64 or 128")),
    };
    let order = match get(m, "order").unwrap_or("slabs") {
        "slabs" => AtomOrder::Slabs,
        "bands" => AtomOrder::Bands,
        other => return Err(format!("--order `{other}`: write slabs or bands")),
    };
    d = d.staging(mode, order, number(m, "stages", 1)?);
    d = d.epilogue(match get(m, "epilogue").unwrap_or("direct") {
        "direct" => Epilogue::Direct,
        "vector" => Epilogue::Vector,
        "tma" => Epilogue::TmaStore { mode },
        other => return Err(format!("--epilogue `{other}`: write direct, vector or tma")),
    });
    if let Some(t) = get(m, "problem") {
        let (pm, pn, pk) = dims(t, "--problem")?;
        d = d.problem(pm, pn, pk);
    }
    Ok(d)
}

fn majorness(t: &str) -> Option<Majorness> {
    match t.trim() {
        "k" | "K" => Some(Majorness::K),
        "mn" | "MN" | "m" | "n" => Some(Majorness::Mn),
        _ => None,
    }
}

/// `32x32b.x64` or `16x256b.x8.pack::16b`.
fn load(t: &str) -> Result<(TmemShape, u32, bool), String> {
    let bad = || {
        format!(
            "--load `{t}`: write a tcgen05.ld shape and .num, e.g. 32x32b.x64 or \
             16x256b.x8.pack::16b"
        )
    };
    let (body, packed) = match t.strip_suffix(".pack::16b") {
        Some(b) => (b, true),
        None => (t, false),
    };
    let (shape, num) = body.rsplit_once(".x").ok_or_else(bad)?;
    let shape = TmemShape::ALL
        .into_iter()
        .find(|s| s.ptx() == shape)
        .ok_or_else(bad)?;
    Ok((shape, num.parse().map_err(|_| bad())?, packed))
}

/// `tcgen05.ld.32x32b.x64`, `.pack::16b` when packed.
fn load_name(p: &Path) -> String {
    match p.decl.accumulator {
        layout_core::datapath::Accumulator::Tmem { shape, num, packed } => format!(
            "tcgen05.ld.{}.x{num}{}",
            shape.ptx(),
            if packed { ".pack::16b" } else { "" }
        ),
        layout_core::datapath::Accumulator::Registers => String::from("registers"),
    }
}

/// The MMA in PTX's words.
fn mma(p: &Path) -> String {
    let d = &p.decl;
    match d.mma {
        layout_core::datapath::Mma::Wgmma { n } => format!(
            "wgmma.mma_async m64n{n}k{}.{}.{}.{}",
            p.a.descriptor.k(),
            d.c.name(),
            d.a.name(),
            d.b.name()
        ),
        layout_core::datapath::Mma::Tcgen05 { m, n, cta_group } => format!(
            "tcgen05.mma.cta_group::{cta_group} M = {m}, N = {n}, K = {} ({} x {} -> {})",
            p.a.descriptor.k(),
            d.a.name(),
            d.b.name(),
            d.c.name()
        ),
    }
}

/// One operand's steps, a line each.
fn operand(out: &mut String, p: &Path, op: &OperandPath, base: u32) {
    let name = op.tensor.name();
    let (mn, k) = op.extents();
    let t = &op.tma;
    let d = &op.descriptor;
    let _ = writeln!(
        out,
        "{name}: {} {}, {mn} x {k} (MN x K) a CTA; global lines {} bytes apart",
        op.elem.name(),
        op.major.name(),
        op.global_stride
    );
    let _ = writeln!(
        out,
        "  TMA box {} x {} ({}), {} {} of {} bytes",
        t.inner,
        t.outer,
        t.mode.name(),
        t.copies,
        if t.copies == 1 { "copy" } else { "copies" },
        t.copy_bytes()
    );
    let _ = writeln!(
        out,
        "  shared: {}, {} bytes",
        op.layout,
        op.layout.span_bytes()
    );
    let starts: Vec<String> = (0..d.k_steps())
        .filter_map(|s| d.start(0, s))
        .map(|s| s.to_string())
        .collect();
    let _ = writeln!(
        out,
        "  descriptor: LBO {}, SBO {}, read {}; {} MN blocks of {} x {} K steps of {}, starting at bytes {}",
        d.lbo(),
        d.sbo(),
        op.read.name(),
        d.mn_blocks(),
        d.mn(),
        d.k_steps(),
        d.k(),
        starts.join(", ")
    );
    let first = match op.tensor {
        layout_core::datapath::Tensor::B => p.b_descriptor(base, 0, 0, 0),
        _ => p.a_descriptor(base, 0, 0, 0),
    };
    if let Ok(bits) = first {
        let _ = writeln!(
            out,
            "  stage 0, block 0, K step 0 at shared address {base}: {bits:#018x}"
        );
    }
}

/// `512 wavefronts, ideal 512 (conflict-free)`, or why the stores cannot be made.
fn banks_text(banks: Result<Wavefronts, AccessError>) -> String {
    let mut m = Message::new();
    match banks {
        Ok(w) => w.write(&mut m),
        Err(e) => e.write(&mut m),
    }
    m.as_str().to_string()
}

/// The accumulator's line.
fn accumulator(out: &mut String, p: &Path) {
    let f = p.acc.numeral();
    match &p.acc {
        AccPath::Registers { entry } => {
            let _ = writeln!(
                out,
                "accumulator: registers, {} ({} x {}, {} a thread), {} x {} MMAs",
                entry.name(),
                f.rows,
                f.cols,
                f.elements,
                p.m_blocks,
                p.n_blocks
            );
        }
        AccPath::Tmem(t) => {
            let _ = writeln!(
                out,
                "accumulator: TMEM layout {} ({}), {} columns an MMA, {} in all, alloc {}; \
                 read with {} ({} x {}, {} registers a thread)",
                t.layout.letter(),
                t.layout.mma(),
                t.columns,
                t.total_columns,
                t.alloc,
                load_name(p),
                f.rows,
                f.cols,
                f.elements
            );
        }
    }
}

/// The epilogue's line.
fn epilogue(out: &mut String, p: &Path) {
    let d = &p.decl;
    let e = &p.epilogue;
    let _ = write!(
        out,
        "epilogue: {}, {} x {} {} a CTA, {} element{} a store",
        e.kind.name(),
        e.rows,
        e.cols,
        d.d.name(),
        e.vector,
        if e.vector == 1 { "" } else { "s" }
    );
    if let Some((tile, store)) = e.staged {
        let _ = write!(
            out,
            "; shared: {}, TMA box {} x {}, {} {}",
            tile,
            store.inner,
            store.outer,
            store.copies,
            if store.copies == 1 { "copy" } else { "copies" }
        );
        if let Some(banks) = p.store_banks() {
            let _ = write!(out, "; the stores into it: {}", banks_text(banks));
        }
    }
    out.push('\n');
}

/// The path and the verdict, as text.
fn text(p: &Path, verdict: Result<layout_core::datapath::Certificate, PathError>) -> String {
    let d = &p.decl;
    let mut out = format!(
        "path: {} x {} x {}, {}, {} stage{}, {} in {}\n",
        d.m,
        d.n,
        d.k,
        mma(p),
        d.stages,
        if d.stages == 1 { "" } else { "s" },
        d.swizzle.name(),
        d.order.name()
    );
    operand(&mut out, p, &p.a, 0);
    operand(&mut out, p, &p.b, 0);
    if let Some(idesc) = d.idesc() {
        let _ = writeln!(out, "instruction descriptor: {idesc:#010x}");
    }
    accumulator(&mut out, p);
    epilogue(&mut out, p);
    let s = &p.smem;
    let _ = writeln!(
        out,
        "shared memory: {} stage{} of {} bytes (a {}, b {}), epilogue {}, barriers at {}: {} of {} bytes",
        s.stages, if s.stages == 1 { "" } else { "s" }, s.stage_bytes, s.a_bytes, s.b_bytes, s.epilogue_bytes, s.barriers(), s.total, SMEM_LIMIT
    );
    match verdict {
        Ok(c) => {
            let _ = writeln!(
                out,
                "certificate: every element of a ({}) and b ({}) lands at the shared byte the \
                 MMA reads it from, once a K step; d ({}) is held once and stored once",
                c.a_elements, c.b_elements, c.d_elements
            );
        }
        Err(e) => {
            let _ = writeln!(out, "certificate: refused: {e}");
        }
    }
    out
}

/// One operand's steps in `path --json`.
fn op_json(o: &OperandPath, first: Option<u64>) -> J {
    let num = |x: u32| J::Num(x.into());
    let d = &o.descriptor;
    J::Obj(vec![
        ("elem", J::s(o.elem.name())),
        ("major", J::s(o.major.name())),
        ("read", J::s(o.read.name())),
        ("global_stride", J::Num(o.global_stride)),
        (
            "tma",
            J::Obj(vec![
                ("inner", num(o.tma.inner)),
                ("outer", num(o.tma.outer)),
                ("copies", num(o.tma.copies)),
                ("copy_bytes", num(o.tma.copy_bytes())),
                ("swizzle", num(o.tma.mode.bytes())),
            ]),
        ),
        ("shared", json_out::shared(&o.layout)),
        (
            "descriptor",
            J::Obj(vec![
                ("lbo", num(d.lbo())),
                ("sbo", num(d.sbo())),
                ("mn", num(d.mn())),
                ("k", num(d.k())),
                ("mn_blocks", num(d.mn_blocks())),
                ("k_steps", num(d.k_steps())),
                (
                    "k_starts",
                    J::Arr(
                        (0..d.k_steps())
                            .filter_map(|s| d.start(0, s))
                            .map(num)
                            .collect(),
                    ),
                ),
                (
                    "first",
                    first.map_or(J::Null, |b| J::s(format!("{b:#018x}"))),
                ),
            ]),
        ),
    ])
}

/// `path --json` (docs/CLI-JSON.md).
fn json(p: &Path, verdict: Result<layout_core::datapath::Certificate, PathError>) -> J {
    let num = |x: u32| J::Num(x.into());
    let f = p.acc.numeral();
    let acc = match &p.acc {
        AccPath::Registers { entry } => J::Obj(vec![
            ("place", J::s("registers")),
            ("layout", json_out::shape(&f)),
            ("catalog", J::s(entry.name())),
        ]),
        AccPath::Tmem(t) => J::Obj(vec![
            ("place", J::s("tmem")),
            ("layout", json_out::shape(&f)),
            ("tmem_layout", J::s(t.layout.letter())),
            ("load", J::s(load_name(p))),
            ("columns", num(t.columns)),
            ("total_columns", num(t.total_columns)),
            ("alloc", num(t.alloc)),
        ]),
    };
    let e = &p.epilogue;
    let staged = e.staged.map_or(J::Null, |(tile, b)| {
        J::Obj(vec![
            ("shared", json_out::shared(&tile)),
            ("inner", num(b.inner)),
            ("outer", num(b.outer)),
            ("copies", num(b.copies)),
            (
                "banks",
                match p.store_banks() {
                    Some(Ok(w)) => json_out::wavefronts(&w),
                    Some(Err(e)) => J::Obj(vec![("error", J::s(banks_text(Err(e))))]),
                    None => J::Null,
                },
            ),
        ])
    });
    let s = &p.smem;
    let cert = match verdict {
        Ok(c) => J::Obj(vec![
            ("ok", J::Bool(true)),
            ("a_elements", num(c.a_elements)),
            ("b_elements", num(c.b_elements)),
            ("d_elements", num(c.d_elements)),
        ]),
        Err(err) => J::Obj(vec![
            ("ok", J::Bool(false)),
            ("error", J::s(err.to_string())),
        ]),
    };
    let d = &p.decl;
    J::Obj(vec![
        ("tile", J::Arr(vec![num(d.m), num(d.n), num(d.k)])),
        ("mma", J::s(mma(p))),
        ("a", op_json(&p.a, p.a_descriptor(0, 0, 0, 0).ok())),
        ("b", op_json(&p.b, p.b_descriptor(0, 0, 0, 0).ok())),
        ("blocks", J::Arr(vec![num(p.m_blocks), num(p.n_blocks)])),
        (
            "idesc",
            d.idesc().map_or(J::Null, |i| J::s(format!("{i:#010x}"))),
        ),
        ("accumulator", acc),
        (
            "epilogue",
            J::Obj(vec![
                ("kind", J::s(e.kind.name())),
                ("rows", num(e.rows)),
                ("cols", num(e.cols)),
                ("vector", num(e.vector)),
                ("staged", staged),
            ]),
        ),
        (
            "smem",
            J::Obj(vec![
                ("stages", num(s.stages)),
                ("stage_bytes", num(s.stage_bytes)),
                ("a_bytes", num(s.a_bytes)),
                ("b_bytes", num(s.b_bytes)),
                ("epilogue_bytes", num(s.epilogue_bytes)),
                ("total", num(s.total)),
                ("limit", num(SMEM_LIMIT)),
            ]),
        ),
        ("certificate", cert),
    ])
}
