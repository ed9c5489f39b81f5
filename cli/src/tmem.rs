//! `tcgen05.mma`'s layouts in tensor memory by name (`layout_core::tmem`): they take N, so
//! they are not catalog entries but names with N in them, and the warpgroup's fragment after
//! a `tcgen05.ld` shape reads one is the two names joined by `/`:
//!
//! - `SM100_TMEM_ACC_{L}_N{n}`: the accumulator D of layout `L` (A, B, D, E, F, G), N = `n`;
//! - `SM100_TMEM_A_DUPLICATED_C{c}`: the A operand of the 2-SM `_TS` MMAs, `c` columns;
//! - `SM100_TMEM_ACC_F_NONINTERLEAVED_N{n}/LOAD`: D of the 1-SM `_TS` MMAs, two M = 64 tiles
//!   allocated non-interleaved, as the warpgroup holds it after the 16-lane shape `LOAD`
//!   reads it (`tmem::non_interleaved`; the upper lanes hold nothing, so no name alone);
//! - `ACC/LOAD` and `ACC/LOAD/lower`, `ACC/LOAD/upper`: the fragment after each warp reads
//!   its quarter of `ACC` with the shape `LOAD` (all 32 lanes, or one 16-lane half); a
//!   `.pack::16b` shape (`SM100_TMEM_16dp256b2x_16b`) reads an f16 or bf16 D, two columns to
//!   a register, and the fragment's elements are D's 16-bit ones.

use std::fmt::Write as _;

use layout_core::catalog;
use layout_core::tmem::{self, Lanes, MmaLayout, TmemLayout};

use crate::json_out::J;
use crate::suggest;

/// The prefix of an accumulator's name.
const ACC: &str = "SM100_TMEM_ACC_";
/// The prefix of the non-interleaved pair of M = 64 tiles' name, read with a shape.
const NI: &str = "SM100_TMEM_ACC_F_NONINTERLEAVED_N";
/// The prefix of the duplicated A operand's name.
const A_DUP: &str = "SM100_TMEM_A_DUPLICATED_C";

/// A name for each accumulator layout at N = 64 (every layout takes it), for suggestions.
pub fn examples() -> Vec<String> {
    MmaLayout::ALL
        .iter()
        .map(|l| format!("{ACC}{}_N64", l.letter()))
        .chain([
            format!("{A_DUP}16"),
            format!("{NI}64/SM100_TMEM_16dp256b2x"),
        ])
        .collect()
}

/// Whether `text` is one of this module's names (it then answers for it, errors included).
pub fn is_tmem_name(text: &str) -> bool {
    text.starts_with(ACC) || text.starts_with(A_DUP)
}

/// The layout `text` names (see the module docs); the error is the message, without
/// `error: `.
pub fn resolve(text: &str) -> Result<TmemLayout, String> {
    if text.starts_with(NI) {
        return non_interleaved(text);
    }
    let mut parts = text.split('/');
    let acc = layout(parts.next().unwrap_or(""))?;
    let Some(load) = parts.next() else {
        return Ok(acc);
    };
    let lanes = match parts.next() {
        None => Lanes::Quarter,
        Some("lower") => Lanes::Lower,
        Some("upper") => Lanes::Upper,
        Some(other) => {
            return Err(format!(
                "`{}`: the lanes after the load are `lower` or `upper` (or nothing, for all \
                 32), e.g. {ACC}F_N64/SM100_TMEM_16dp256b2x/lower",
                suggest::shortened(other)
            ))
        }
    };
    if let Some(extra) = parts.next() {
        return Err(format!(
            "`{}`: write ACC/LOAD or ACC/LOAD/lower, nothing after the lanes",
            suggest::shortened(extra)
        ));
    }
    let entry = shape(load)?;
    let acc_numeral = acc.numeral();
    tmem::fragment(&acc_numeral, entry.numeral, lanes).map_err(|e| {
        format!(
            "cannot read {} with {}: {}",
            acc_numeral.name,
            entry.name(),
            e.message()
                .as_str()
                .replace("`Lanes::Quarter`", "ACC/LOAD (no /lower or /upper)")
        )
    })
}

/// What the thread and the element of the layout named `name` (one of this module's) are.
pub fn roles(name: &str) -> &'static str {
    match name.split('/').nth(1) {
        None => "thread = TMEM lane (warp * 32 + lane), element = 32-bit column",
        Some(load) if catalog::find(load).is_some_and(|e| e.element_bits == 16) => {
            "thread = the warpgroup's thread, element = a 16-bit half of a register (2r the \
             low half of register r)"
        }
        Some(_) => "thread = the warpgroup's thread, element = register",
    }
}

/// The `tcgen05.ld` shape named `load`; the error says what is taken.
fn shape(load: &str) -> Result<&'static catalog::Entry, String> {
    catalog::find(load)
        .filter(|e| catalog::is_tmem_access(e.numeral))
        .ok_or_else(|| {
            format!(
                "`{}` is no tcgen05.ld shape; read an accumulator with one, e.g. \
                 {ACC}D_N64/SM100_TMEM_32dp32b16x (the shapes: {})",
                suggest::shortened(load),
                catalog::SHAPES_IN_WORDS
            )
        })
}

/// `SM100_TMEM_ACC_F_NONINTERLEAVED_N{n}/LOAD`: the warpgroup's fragment of the two
/// non-interleaved M = 64 tiles after a 16-lane shape reads the lower lanes
/// (`tmem::non_interleaved`); the name alone, or with lanes after the load, is refused.
fn non_interleaved(text: &str) -> Result<TmemLayout, String> {
    let example = format!("{NI}64/SM100_TMEM_16dp256b2x");
    let (acc, load) = text.split_once('/').unwrap_or((text, ""));
    let n = acc[NI.len()..].parse::<u32>().ok();
    let Some(n) = n.filter(|&n| MmaLayout::F.takes(n)) else {
        return Err(format!(
            "`{}`: the non-interleaved M = 64 tiles take N = {}, e.g. {example}",
            suggest::shortened(acc),
            MmaLayout::F.ns()
        ));
    };
    if load.is_empty() || load.contains('/') {
        return Err(format!(
            "`{}`: the non-interleaved tiles are read in the lower 16 lanes of each quarter \
             (the upper ones hold nothing), so they are named with the 16-lane shape that \
             reads them and no lanes, e.g. {example}",
            suggest::shortened(text)
        ));
    }
    let entry = shape(load)?;
    tmem::non_interleaved(n, entry.numeral).map_err(|e| {
        format!(
            "cannot read {acc} with {}: {}",
            entry.name(),
            e.message().as_str().replace(
                "use `Lanes::Quarter` or a 16-lane shape",
                "use a 16-lane shape"
            )
        )
    })
}

/// An accumulator or the duplicated A operand by its name.
fn layout(name: &str) -> Result<TmemLayout, String> {
    if let Some(cols) = name.strip_prefix(A_DUP) {
        let c = cols.parse::<u32>().ok();
        return match c.filter(|c| (8..=256).contains(c) && c % 8 == 0) {
            Some(c) => Ok(tmem::a_duplicated(c)),
            None => Err(format!(
                "`{}`: A in TMEM takes a multiple of 8 columns from 8 to 256, e.g. {A_DUP}16",
                suggest::shortened(name)
            )),
        };
    }
    let rest = name.strip_prefix(ACC).unwrap_or(name);
    let (letter, n) = rest.split_once("_N").unwrap_or((rest, ""));
    let Some(l) = MmaLayout::from_letter(letter) else {
        return Err(format!(
            "`{}`: the accumulator layouts are A, B, D, E, F and G (no C: see \
             `fraglayout list`), written {ACC}D_N64",
            suggest::shortened(name)
        ));
    };
    match n.parse::<u32>().ok().filter(|&n| l.takes(n)) {
        Some(n) => Ok(tmem::accumulator(l, n)),
        None => Err(format!(
            "`{}`: layout {} ({}) takes N = {}, e.g. {ACC}{}_N64",
            suggest::shortened(name),
            l.letter(),
            l.mma(),
            l.ns(),
            l.letter()
        )),
    }
}

/// Whether `ptx` is spelt as a `tcgen05.mma` (it then answers for it, errors included).
pub fn is_mma(ptx: &str) -> bool {
    ptx == "tcgen05.mma" || ptx.starts_with("tcgen05.mma.")
}

/// The qualifiers a `tcgen05.mma` spelling takes after `tcgen05.mma` (PTX ISA 9.7.16.10.9):
/// `.sp`, `.ws`, `.cta_group`, `.kind`, `.block_scale` and its vector size, `.ashift` and the
/// collector usage.
fn mma_qualifiers() -> Vec<String> {
    let mut words: Vec<String> = [
        "sp",
        "ws",
        "cta_group::1",
        "cta_group::2",
        "kind::f16",
        "kind::tf32",
        "kind::f8f6f4",
        "kind::i8",
        "kind::mxf8f6f4",
        "kind::mxf4",
        "kind::mxf4nvf4",
        "block_scale",
        "scale_vec::1X",
        "scale_vec::2X",
        "scale_vec::4X",
        "block16",
        "block32",
        "ashift",
    ]
    .map(String::from)
    .into();
    for buffer in ["a", "b0", "b1", "b2", "b3"] {
        for usage in ["fill", "use", "lastuse", "discard"] {
            words.push(format!("collector::{buffer}::{usage}"));
        }
    }
    words
}

/// The layouts of D a `tcgen05.mma` spelling writes, by M: `(M, layout)`, `None` for layout
/// C (not modelled). The error, for a spelling with a qualifier `tcgen05.mma` does not take
/// (with the spelling nearest it) or with both `cta_group`s, or `.ws` with `cta_group::2`.
fn by_m(ptx: &str) -> Result<Vec<(u32, Option<MmaLayout>)>, String> {
    let words: Vec<&str> = ptx.split('.').skip(2).collect();
    let known = mma_qualifiers();
    let unknown: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !known.iter().any(|k| k == w))
        .collect();
    if !unknown.is_empty() {
        let fixed: Vec<String> = words
            .iter()
            .map(|w| match unknown.contains(w) {
                true => suggest::nearest(w, known.iter().map(String::as_str), 1)
                    .concat()
                    .trim_matches('`')
                    .to_string(),
                false => w.to_string(),
            })
            .collect();
        let quoted: Vec<String> = unknown
            .iter()
            .map(|w| format!("`.{}`", suggest::shortened(w)))
            .collect();
        return Err(format!(
            "{} {}; did you mean `tcgen05.mma.{}`? (the \
             qualifiers: .sp .ws .cta_group::1|2 .kind::f16|tf32|f8f6f4|i8|mxf8f6f4|mxf4|\
             mxf4nvf4 .block_scale .scale_vec::1X|2X|4X .block16 .block32 .ashift \
             .collector::a|b0..b3::fill|use|lastuse|discard)",
            quoted.join(", "),
            if unknown.len() == 1 {
                "is no tcgen05.mma qualifier"
            } else {
                "are no tcgen05.mma qualifiers"
            },
            suggest::shortened(&fixed.join("."))
        ));
    }
    let has = |w: &str| words.contains(&w);
    let (ws, sparse) = (has("ws"), has("sp"));
    let (one, two) = (has("cta_group::1"), has("cta_group::2"));
    if two && (one || ws) {
        let (other, why) = match ws {
            true => (".ws", "a .ws MMA is cta_group::1 only"),
            false => (".cta_group::1", "give one"),
        };
        return Err(format!(
            "`{}` has {other} and .cta_group::2; {why}, e.g. `fraglayout show {}`",
            suggest::shortened(ptx),
            suggest::shortened(&ptx.replace(".cta_group::2", ""))
        ));
    }
    let mut out = Vec::new();
    if !two {
        out.push((128, Some(MmaLayout::D)));
        if ws {
            out.extend([(64, Some(MmaLayout::E)), (32, Some(MmaLayout::G))]);
        } else {
            out.push((64, Some(MmaLayout::F)));
        }
    }
    if !one && !ws {
        out.push((256, Some(MmaLayout::A)));
        out.push((128, (!sparse).then_some(MmaLayout::B)));
    }
    Ok(out)
}

/// `show tcgen05.mma... --m M --n N`: the name of the accumulator that spelling writes at
/// that M and N; the error says which M and N it takes.
pub fn name_for(ptx: &str, m: u32, n: u32) -> Result<String, String> {
    if !is_mma(ptx) {
        return Err(format!(
            "--m and --n go with a tcgen05.mma spelling, not `{}`; e.g. `fraglayout show \
             tcgen05.mma.cta_group::1 --m 128 --n 64`",
            suggest::shortened(ptx)
        ));
    }
    let layouts = by_m(ptx)?;
    let ms: Vec<String> = layouts.iter().map(|(m, _)| m.to_string()).collect();
    let Some(&(_, layout)) = layouts.iter().find(|(lm, _)| *lm == m) else {
        return Err(format!(
            "{ptx} takes M = {}, not {m}; e.g. `fraglayout show {ptx} --m {} --n 64`",
            ms.join(" or "),
            ms[0]
        ));
    };
    let Some(l) = layout else {
        return Err(format!(
            "{ptx} at M = {m} writes layout C, which is not modelled (PTX and CuTe disagree \
             on it; see `fraglayout list`)"
        ));
    };
    if !l.takes(n) {
        return Err(format!(
            "layout {} ({}) takes N = {}, not {n}; e.g. `fraglayout show {ptx} --m {m} --n 64`",
            l.letter(),
            l.mma(),
            l.ns()
        ));
    }
    Ok(format!("{ACC}{}_N{n}", l.letter()))
}

/// `show tcgen05.mma...`: the accumulator layout for each M that spelling takes, as names to
/// show; `None` for a spelling that is no `tcgen05.mma` ([`is_mma`]), the error for one
/// with a qualifier it does not take.
pub fn instruction(ptx: &str) -> Option<Result<String, String>> {
    if !is_mma(ptx) {
        return None;
    }
    Some(by_m(ptx).map(|layouts| instruction_text(ptx, &layouts)))
}

/// The text of [`instruction`].
fn instruction_text(ptx: &str, layouts: &[(u32, Option<MmaLayout>)]) -> String {
    let mut out = format!(
        "{ptx} writes D to tensor memory in the layout its M selects; name it with N \
         (`fraglayout list` lists the forms):\n"
    );
    for (m, l) in layouts {
        let _ = match l {
            Some(l) => writeln!(
                out,
                "    M = {m}: {ACC}{}_N{{N}}, N {} (layout {}, {}: {} x N per CTA)",
                l.letter(),
                l.ns(),
                l.letter(),
                l.mma(),
                l.rows()
            ),
            None => writeln!(
                out,
                "    M = {m}, sparse A: layout C, not modelled (PTX and CuTe disagree on it)"
            ),
        };
    }
    let first = layouts.iter().find_map(|(_, l)| *l).unwrap_or(MmaLayout::D);
    let _ = writeln!(
        out,
        "\ne.g. `fraglayout show {ACC}{l}_N64`; the warpgroup's registers after tcgen05.ld: \
         `fraglayout show {ACC}{l}_N64/SM100_TMEM_32dp32b16x`",
        l = first.letter()
    );
    out
}

/// `show tcgen05.mma... --json`: `{instruction, accumulators: [{m, layout, name, n}]}`.
/// `None` and errors as for [`instruction`].
pub fn instruction_json(ptx: &str) -> Option<Result<J, String>> {
    if !is_mma(ptx) {
        return None;
    }
    let layouts = match by_m(ptx) {
        Ok(l) => l,
        Err(e) => return Some(Err(e)),
    };
    let items = layouts.iter().map(|(m, l)| {
        J::Obj(vec![
            ("m", J::Num((*m).into())),
            ("layout", J::s(l.map_or("C", MmaLayout::letter))),
            (
                "name",
                l.map_or(J::Null, |l| J::s(format!("{ACC}{}_N{{N}}", l.letter()))),
            ),
            ("n", l.map_or(J::Null, |l| J::s(l.ns()))),
        ])
    });
    Some(Ok(J::Obj(vec![
        ("instruction", J::s(ptx)),
        ("accumulators", J::Arr(items.collect())),
    ])))
}

/// What `list` says above the name forms of this module and of [`crate::tmem_sf`].
pub const FORMS_HEADING: &str = "tcgen05.mma in tensor memory (named with N; thread = TMEM \
                                 lane, element = 32-bit column; ISA + CuTe cross-checked, not \
                                 silicon-verified):";

/// What `list` says after the catalog: the name forms of this module, a line each.
pub fn list() -> String {
    let mut out = String::new();
    for l in MmaLayout::ALL {
        let _ = writeln!(
            out,
            "{ACC}{}_N{{N}}  (D of tcgen05.mma {}, {} x N per CTA, N {})",
            l.letter(),
            l.mma(),
            l.rows(),
            l.ns()
        );
    }
    let _ = writeln!(
        out,
        "{A_DUP}{{C}}  (A of the 2-SM _TS tcgen05.mma, M = 128, 64 x C 32-bit words, each in \
         two lanes; C a multiple of 8 from 8 to 256)"
    );
    let _ = writeln!(
        out,
        "{NI}{{N}}/LOAD  (D of the 1-SM _TS tcgen05.mma, M = 128 as two M = 64 tiles \
         CuTe allocates non-interleaved: both in the lower 16 lanes of each quarter, the \
         second at columns N..2N; the warpgroup's registers after the 16-lane tcgen05.ld \
         shape LOAD reads them, 128 x N; N {})",
        MmaLayout::F.ns()
    );
    let _ = writeln!(
        out,
        "ACC/LOAD, ACC/LOAD/lower, ACC/LOAD/upper  (the warpgroup's registers after each warp \
         reads its quarter of ACC with the tcgen05.ld shape LOAD, e.g. \
         {ACC}D_N64/SM100_TMEM_32dp32b16x; a .pack::16b LOAD, e.g. SM100_TMEM_16dp256b2x_16b, \
         reads a 16-bit D, two columns to a register)"
    );
    out
}
