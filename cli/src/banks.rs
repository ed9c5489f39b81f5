//! `fraglayout banks ACCESS... [tile options] [--at R,C] [--warp W] [--svg FILE] [--find
//! [--max-pad N]]`: the wavefronts of warp accesses of a shared tile, which lanes collide on
//! which bank, the row addresses `#[matrix_rows]` generates, and the swizzle search.
//!
//! An access is `ldmatrix.x4[.trans] FRAGMENT` or `stmatrix.x2[.trans] FRAGMENT` (the whole
//! fragment, `registers / num` instructions), `store.W FRAGMENT` or `load.W FRAGMENT` (each
//! lane's elements, `W` bytes at a time; `store` / `load` alone: the widest vector the layout
//! keeps whole, which `--find` maximises first), or `rows.W` (the tile walked row-wise, `W` bytes a
//! lane: the reads of a coalesced global store). The tile defaults to the first fragment's,
//! its elements to 2 bytes for `ldmatrix` / `stmatrix` and the fragment's width otherwise.

use std::process::ExitCode;

use clap::{Arg, ArgAction, ArgMatches, Command};
use layout_core::generated::MAX_CONFLICT_WARPS;
use layout_core::render::smem;
use layout_core::shared::{
    candidates, find, linear_optimum, Access, Found, FragmentAt, MatrixVariant, SharedLayout,
    Swizzle, ThreadRows, MAX_WIDTH,
};
use layout_core::Numeral;

use crate::json_out::{self, J};
use crate::layout::resolve;
use crate::tile_args::{self, TileArgs};
use crate::{emit, usage};

/// The most elements the accesses of `banks` move, over all their warp instructions: each
/// costs tens of nanoseconds (its tile coordinates, offset and bank; an `ldmatrix` of a tiled
/// fragment the most), and an answer counts them two or three times, so it comes within about
/// half a second.
pub const MAX_ELEMENTS: u64 = 1 << 22;

/// The most instructions whose `#[matrix_rows]` code `banks` prints for an access (the rest
/// are counted, not printed): the answer stays a few kilobytes.
const MAX_ROWS_CODE: u32 = 64;

/// The most evaluations of a warp instruction `--find` may make: the instructions times the
/// layouts it would try without a conflict-free one to stop at (each padding's swizzles,
/// `shared::candidates`). An evaluation is a few microseconds at most.
pub const MAX_FIND_WORK: u64 = 1 << 19;

/// The most padding `--find` tries, in elements.
pub const MAX_PAD: u32 = 1024;

/// A fragment an access moves: its numeral and its elements' bits where it is (or tiles) a
/// catalog layout.
#[derive(Clone, Copy)]
struct Fragment {
    numeral: &'static Numeral<'static>,
    bits: Option<u32>,
}

/// One access as written, before the layout is known.
#[derive(Clone, Copy)]
enum Spec {
    Matrices {
        store: bool,
        variant: MatrixVariant,
        entry: Fragment,
    },
    Elements {
        store: bool,
        width: u32,
        entry: Fragment,
    },
    Rows {
        width: u32,
    },
}

impl Spec {
    fn access(&self, at: FragmentAt) -> Access<'static> {
        match *self {
            Spec::Matrices { variant, entry, .. } => {
                Access::matrices(variant, entry.numeral).at(at)
            }
            Spec::Elements { width, entry, .. } => Access::elements(entry.numeral, width).at(at),
            Spec::Rows { width } => Access::rows(width),
        }
    }

    fn entry(&self) -> Option<Fragment> {
        match *self {
            Spec::Matrices { entry, .. } | Spec::Elements { entry, .. } => Some(entry),
            Spec::Rows { .. } => None,
        }
    }

    /// `ldmatrix.x4 of SM80_16x8x16_F16_A_ROW`, `store.8 of SM80_16x8x16_F32_C`, `rows.16`.
    fn name(&self) -> String {
        match *self {
            Spec::Matrices {
                store,
                variant,
                entry,
            } => format!(
                "{}.x{}{} of {}",
                if store { "stmatrix" } else { "ldmatrix" },
                variant.num,
                if variant.trans { ".trans" } else { "" },
                entry.numeral.name
            ),
            Spec::Elements {
                store,
                width,
                entry,
            } => format!(
                "{}{} of {}",
                if store { "store" } else { "load" },
                if width == 0 {
                    " (the widest vector)".to_string()
                } else {
                    format!(".{width}")
                },
                entry.numeral.name
            ),
            Spec::Rows { width } => format!("rows.{width}"),
        }
    }
}

/// An access word: `Ok(Some((kind, takes a fragment)))`, `Ok(None)` when `word` is no access.
fn access_word(word: &str) -> Result<Option<Word>, String> {
    let mut parts = word.split('.');
    let head = parts.next().unwrap_or("");
    let rest: Vec<&str> = parts.collect();
    match head {
        "ldmatrix" | "stmatrix" => {
            let mut num = None;
            let mut trans = false;
            for q in rest {
                match q {
                    "x1" | "x2" | "x4" => num = Some(q[1..].parse().expect("a count")),
                    "trans" => trans = true,
                    "sync" | "aligned" | "m8n8" | "shared" | "b16" => {}
                    other => {
                        return Err(format!(
                            "`{word}`: unknown qualifier `.{other}`; write ldmatrix.x1, .x2 or .x4, with .trans if any"
                        ))
                    }
                }
            }
            let num = num.ok_or_else(|| {
                format!("`{word}`: name how many matrices, `{head}.x1`, `.x2` or `.x4`")
            })?;
            Ok(Some(Word::Matrices(
                head == "stmatrix",
                MatrixVariant::new(num, trans),
            )))
        }
        "store" | "load" | "rows" => {
            let width = match rest.as_slice() {
                [] if head != "rows" => Some(0),
                [w] => w
                    .parse::<u32>()
                    .ok()
                    .filter(|&w| w.is_power_of_two() && w <= MAX_WIDTH),
                _ => None,
            }
            .ok_or_else(|| {
                if head == "rows" {
                    format!(
                        "`{word}`: give the bytes a lane moves, 1, 2, 4, 8 or 16, such as \
                         `{head}.16`"
                    )
                } else {
                    format!(
                        "`{word}`: give the bytes a lane moves, 1, 2, 4, 8 or 16, such as \
                         `{head}.8`, or write `{head}` alone for the widest vector"
                    )
                }
            })?;
            Ok(Some(match head {
                "rows" => Word::Rows(width),
                _ => Word::Elements(head == "store", width),
            }))
        }
        _ => Ok(None),
    }
}

enum Word {
    Matrices(bool, MatrixVariant),
    Elements(bool, u32),
    Rows(u32),
}

/// `--warp`: one warp of the fragment, or all of them.
#[derive(Clone, Copy)]
enum Warp {
    One(u32),
    All,
}

/// `--warp W` or `--warp all`.
fn warp_arg(v: &str) -> Result<Warp, String> {
    if v == "all" {
        return Ok(Warp::All);
    }
    v.parse().map(Warp::One).map_err(|_| {
        format!(
            "`--warp` takes the warp of a fragment that acts, a whole number from 0, or `all` \
             (every warp), not `{}`",
            crate::suggest::shortened(v)
        )
    })
}

/// The command's options.
struct Options {
    tile: TileArgs,
    at: FragmentAt,
    /// `--warp all`: each access once for every warp of its fragment.
    all_warps: bool,
    svg: Option<String>,
    find: bool,
    max_pad: Option<u32>,
}

/// The command's arguments and help.
pub fn cli() -> Command {
    let cmd = Command::new("banks")
        .override_usage(
            "fraglayout banks [OPTIONS] <ACCESS [LAYOUT]>...\n       \
             fraglayout banks --matrices LAYOUT [--col-major] [--warp W] [--json]",
        )
        .about(
            "shared-memory bank conflicts of warp accesses of a tile, and a search for a \
             conflict-free layout",
        )
        .after_help(crate::wrapped(&format!(
            "Wavefronts against the ideal, per phase which lanes collide on which bank, and for \
             ldmatrix/stmatrix the address code #[matrix_rows] generates.\n\n\
             ACCESS is ldmatrix.x4[.trans] LAYOUT, stmatrix.x2[.trans] LAYOUT (the whole \
             fragment), store.W LAYOUT / load.W LAYOUT (each lane's elements, W bytes at a time; \
             store / load alone: the widest vector the layout keeps whole) or rows.W (the tile row-wise, W bytes a lane). The tile defaults to the fragment's; \
             --elem to 2 (ldmatrix, rows) or the fragment's element size.\n\n\
             --matrices LAYOUT says which ldmatrix/stmatrix forms move the fragment at all, and \
             which registers are which matrices.\n\n\
             Bounded work: the accesses move at most {MAX_ELEMENTS} elements in all (the \
             warp instructions times the elements each moves); --find counts at most \
             {MAX_FIND_WORK} warp instructions over the layouts it tries; the code of the first \
             {MAX_ROWS_CODE} instructions of an access is printed.\n\n\
             e.g. fraglayout banks ldmatrix.x4 SM80_16x8x16_F16_A_ROW --tile 64x64 --swizzle 128B"
        )))
        .args([
            Arg::new("access")
                .value_name("ACCESS [LAYOUT]")
                .required_unless_present("matrices")
                .conflicts_with("matrices")
                .num_args(1..)
                .action(ArgAction::Append)
                .help("the accesses, each with the fragment it moves (rows.W takes none)"),
            Arg::new("at")
                .long("at")
                .value_name("R,C")
                .value_parser(|v: &str| {
                    pair(v).ok_or("`--at` takes the fragment's tile row and column, such as `--at 16,32`")
                })
                .help("where the fragment sits in the tile"),
            Arg::new("warp")
                .long("warp")
                .value_name("W|all")
                .value_parser(warp_arg)
                .help(
                    "the warp of a warpgroup fragment that acts, 0..4; `all`: each access by \
                     every warp, and their total",
                ),
            crate::file_arg("svg", "draw the access (banks x wavefronts) to FILE (`-`: stdout)"),
            Arg::new("find")
                .long("find")
                .action(ArgAction::SetTrue)
                .help("search paddings and swizzles for a conflict-free layout"),
            Arg::new("matrices")
                .long("matrices")
                .value_name("LAYOUT")
                .help("which ldmatrix/stmatrix forms move LAYOUT (divided by each form's tile; --col-major: along columns)"),
            Arg::new("max-pad")
                .long("max-pad")
                .value_name("N")
                .value_parser(clap::value_parser!(u32).range(0..=i64::from(MAX_PAD)))
                .requires("find")
                .help("the most elements of padding `--find` tries (default 8, or less where 8 would search more than the bound below)"),
            json_out::flag().conflicts_with("svg"),
        ]);
    tile_args::args(cmd)
}

/// The accesses and options of `m`, or the exit code of a usage error or an unknown fragment
/// (its message printed).
fn parse(m: &ArgMatches) -> Result<(Vec<Spec>, Options), ExitCode> {
    let mut at = FragmentAt::ORIGIN;
    if let Some(&(row, col)) = m.get_one::<(u32, u32)>("at") {
        at = FragmentAt { row, col, ..at };
    }
    let warp = m.get_one::<Warp>("warp").copied();
    if let Some(Warp::One(w)) = warp {
        at = at.warp(w);
    }
    let opts = Options {
        tile: TileArgs::from_matches(m).0,
        at,
        all_warps: matches!(warp, Some(Warp::All)),
        svg: m.get_one::<String>("svg").cloned(),
        find: m.get_flag("find"),
        max_pad: m.get_one::<u32>("max-pad").copied(),
    };
    let words: Vec<&str> = m
        .get_many::<String>("access")
        .into_iter()
        .flatten()
        .map(String::as_str)
        .collect();
    let mut specs = Vec::new();
    let mut it = words.into_iter();
    while let Some(a) = it.next() {
        specs.push(access_spec(a, &mut it)?);
    }
    Ok((specs, opts))
}

/// The access `word` names, its fragment taken from `it`, or the exit code of a usage error or
/// an unknown fragment (its message printed).
fn access_spec<'a>(word: &str, it: &mut impl Iterator<Item = &'a str>) -> Result<Spec, ExitCode> {
    let kind = match access_word(word) {
        Ok(Some(Word::Rows(width))) => return Ok(Spec::Rows { width }),
        Ok(Some(kind)) => kind,
        Ok(None) => {
            return Err(usage(
                "banks",
                &format!(
                    "`{}` is no access: use ldmatrix.x4, stmatrix.x2.trans, store.8, load.16 or \
                     rows.16, each but rows.W followed by its layout",
                    crate::suggest::shortened(word)
                ),
            ))
        }
        Err(msg) => return Err(usage("banks", &msg)),
    };
    let Some(name) = it.next() else {
        return Err(usage(
            "banks",
            &format!("`{word}` needs a fragment: `{word} SM80_16x8x16_F16_A_ROW`"),
        ));
    };
    let layout = resolve(name, "layout").map_err(|msg| {
        eprint!("{msg}");
        ExitCode::from(1)
    })?;
    let bits = layout.base_entry().map(|e| e.element_bits);
    let entry = Fragment {
        numeral: layout.leak(),
        bits,
    };
    Ok(match kind {
        Word::Matrices(store, variant) => Spec::Matrices {
            store,
            variant,
            entry,
        },
        Word::Elements(store, width) => Spec::Elements {
            store,
            width,
            entry,
        },
        Word::Rows(_) => unreachable!("handled above"),
    })
}

/// `banks ...`.
pub fn run(m: &ArgMatches) -> ExitCode {
    if let Some(name) = m.get_one::<String>("matrices") {
        let major = if m.get_flag("col-major") {
            layout_core::shared::Major::Col
        } else {
            layout_core::shared::Major::Row
        };
        let warp = match m.get_one::<Warp>("warp") {
            Some(Warp::One(w)) => *w,
            Some(Warp::All) => {
                return usage("banks", "`--matrices` answers for one warp: `--warp W`");
            }
            None => 0,
        };
        let (text, code) = crate::matrices::run(name, major, warp, json_out::wanted(m));
        return if text.is_empty() {
            code
        } else {
            emit(&text, code)
        };
    }
    let (specs, mut opts) = match parse(m) {
        Ok(parsed) => parsed,
        Err(code) => return code,
    };
    let placed = match placed(&specs, &opts) {
        Ok(p) => p,
        Err(msg) => {
            eprintln!("error: {msg}");
            return ExitCode::from(1);
        }
    };
    if let Some(msg) = conflict(&placed, &opts) {
        return usage("banks", msg);
    }
    let layout = match shared_layout(&specs, &opts.tile) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let accesses: Vec<Access> = placed.iter().map(|(s, at)| s.access(*at)).collect();
    if opts.find && opts.max_pad.is_none() {
        opts.max_pad = Some(default_pad(&accesses, &layout));
    }
    if let Some(msg) = too_much(&accesses, &layout, &opts) {
        eprintln!("error: {msg}");
        return ExitCode::from(1);
    }
    if let Some(path) = &opts.svg {
        return picture(&placed[0].0, &accesses[0], &layout, path);
    }
    if json_out::wanted(m) {
        let (answer, failed) = json(&placed, &accesses, &layout, &opts);
        return emit(&answer.text(), ExitCode::from(u8::from(failed)));
    }
    let mut out = String::new();
    let failed = report(&placed, &accesses, &layout, &opts, &mut out);
    if layout.is_grid() {
        // A tile of many swizzle atoms: its grid and TMA box, as `smem` prints them.
        let stride = u64::from(layout.line_len()) * u64::from(layout.elem_bytes());
        let _ = smem::atoms(&layout, None, stride, &mut out);
    }
    out.extend(TileArgs::unit_note(&layout));
    emit(
        &out,
        if failed {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        },
    )
}

/// The elements a warp instruction of `a` moves on `layout`: `num` 8 x 8 matrices, or each
/// lane's `width` bytes.
fn elements_per_request(a: &Access, layout: &SharedLayout) -> u64 {
    match a {
        Access::Matrices { variant, .. } => 64 * u64::from(variant.num),
        _ => 32 * u64::from((a.width() / layout.elem_bytes()).max(1)),
    }
}

/// Where the accesses move more elements than `banks` counts ([`MAX_ELEMENTS`]), or
/// `--find`'s paddings are more than it searches ([`MAX_FIND_WORK`]): the message, naming the
/// limit.
fn too_much(accesses: &[Access], layout: &SharedLayout, opts: &Options) -> Option<String> {
    // A free width counted at its narrowest, one element a lane: the most instructions.
    let (mut requests, mut elements) = (0u64, 0u64);
    for a in accesses.iter().map(|a| a.with_width(layout.elem_bytes())) {
        let count = a.requests(layout).map_or(0, u64::from);
        requests += count;
        elements += count * elements_per_request(&a, layout);
    }
    if elements > MAX_ELEMENTS {
        return Some(format!(
            "the accesses are {requests} warp instructions moving up to {elements} elements on \
             {layout}, more than the {MAX_ELEMENTS} elements `banks` counts: give a smaller \
             tile (`--tile`) or fragment"
        ));
    }
    if !opts.find {
        return None;
    }
    let pad = opts.max_pad.unwrap_or(8);
    let layouts = find_layouts(accesses, layout, pad);
    (requests.saturating_mul(layouts) > MAX_FIND_WORK).then(|| {
        format!(
            "`--find` would count {requests} warp instructions on each of up to {layouts} \
             layouts, more than {MAX_FIND_WORK} counts in all: lower `--max-pad` or give a \
             smaller tile"
        )
    })
}

/// The layouts `--find` tries at most with paddings up to `pad` (each padding's swizzles,
/// `shared::candidates`, at each width where an access's width is free).
fn find_layouts(accesses: &[Access], layout: &SharedLayout, pad: u32) -> u64 {
    let base = layout.with_pad(0).with_swizzle(Swizzle::NONE);
    let widths = if accesses.iter().any(Access::free_width) {
        u64::from(MAX_WIDTH.trailing_zeros() + 1)
    } else {
        1
    };
    widths
        * (0..=pad)
            .map(|pad| u64::from(candidates(&base.with_pad(pad))))
            .sum::<u64>()
}

/// `--find`'s padding without `--max-pad`: 8, or the most below it whose search stays within
/// [`MAX_FIND_WORK`] (a warpgroup's fragment on a large tile); the search's answer says it.
fn default_pad(accesses: &[Access], layout: &SharedLayout) -> u32 {
    let requests: u64 = accesses
        .iter()
        .map(|a| a.with_width(layout.elem_bytes()))
        .map(|a| a.requests(layout).map_or(0, u64::from))
        .sum();
    (0..=8)
        .rev()
        .find(|&pad| requests.saturating_mul(find_layouts(accesses, layout, pad)) <= MAX_FIND_WORK)
        .unwrap_or(0)
}

/// Each access with where its fragment lies and which warp acts: once at `--at` and `--warp`,
/// or with `--warp all` once for each warp of its fragment; an error for more warps than
/// [`MAX_CONFLICT_WARPS`].
fn placed(specs: &[Spec], opts: &Options) -> Result<Vec<(Spec, FragmentAt)>, String> {
    let mut out = Vec::new();
    for spec in specs {
        let warps = match (opts.all_warps, spec.entry()) {
            (true, Some(e)) => e.numeral.warps,
            _ => 1,
        };
        if warps > MAX_CONFLICT_WARPS {
            return Err(format!(
                "`--warp all` counts each warp's access, and {} has {warps} warps, more than \
                 {MAX_CONFLICT_WARPS} (a block's 1024 threads): name one warp, `--warp W`",
                spec.name()
            ));
        }
        let at = |w| {
            if opts.all_warps {
                opts.at.warp(w)
            } else {
                opts.at
            }
        };
        out.extend((0..warps).map(|w| (*spec, at(w))));
    }
    Ok(out)
}

/// The usage message when the accesses and options do not go together: none, or more than
/// one to draw.
fn conflict(placed: &[(Spec, FragmentAt)], opts: &Options) -> Option<&'static str> {
    if placed.is_empty() {
        return Some(
            "`banks` needs an access, such as `banks ldmatrix.x4 SM80_16x8x16_F16_A_ROW --tile 64x64`",
        );
    }
    if opts.svg.is_some() && placed.len() > 1 {
        return Some("`--svg` draws one access by one warp: give one, without `--warp all`");
    }
    None
}

/// The shared layout of `tile`, by default the first fragment's tile with the first access's
/// element bytes, or the exit code of a usage error or an unsound layout (its message
/// printed).
fn shared_layout(specs: &[Spec], tile: &TileArgs) -> Result<SharedLayout, ExitCode> {
    let first = specs.iter().find_map(Spec::entry);
    let default_tile = first.map(|e| (e.numeral.rows, e.numeral.cols));
    let default_elem = match specs.first() {
        Some(Spec::Matrices { .. }) | Some(Spec::Rows { .. }) | None => Some(2),
        Some(Spec::Elements { entry, .. }) => entry.bits.filter(|&b| b >= 8).map(|b| b / 8),
    };
    let layout = tile
        .layout(default_tile, default_elem)
        .map_err(|msg| usage("banks", &msg))?;
    if let Err(e) = layout.check() {
        eprintln!("error: the shared layout {layout} is unsound: {e}");
        return Err(ExitCode::from(1));
    }
    Ok(layout)
}

/// `--svg`: the one access drawn on `layout`, written to `path`.
fn picture(spec: &Spec, access: &Access, layout: &SharedLayout, path: &str) -> ExitCode {
    let mut picture = String::new();
    let title = format!("{} on {layout}", spec.name());
    let _ = smem::banks_svg(access, layout, &title, &mut picture);
    write_out(path, &picture)
}

/// Each access's wavefronts (with the rows code of a whole-fragment one), those of all
/// together, and the search of `--find`; `true` when an access cannot be made or the search
/// finds no layout.
fn report(
    placed: &[(Spec, FragmentAt)],
    accesses: &[Access],
    layout: &SharedLayout,
    opts: &Options,
    out: &mut String,
) -> bool {
    let mut failed = false;
    for ((spec, at), access) in placed.iter().zip(accesses) {
        let place = match spec {
            Spec::Rows { .. } => String::new(),
            _ if at.warp != 0 || opts.all_warps => {
                format!(" by warp {} at ({}, {})", at.warp, at.row, at.col)
            }
            _ => format!(" at ({}, {})", at.row, at.col),
        };
        out.push_str(&format!("{}{place} on {layout}:\n", spec.name()));
        let made = access.wavefronts(layout).is_ok();
        failed |= !made;
        let _ = smem::banks(access, layout, out);
        // The code is over every warp's threads: once for an access.
        if let (true, Spec::Matrices { variant, entry, .. }) =
            (made && at.warp == opts.at.warp, spec)
        {
            rows_code(*variant, *entry, layout, opts.at, out);
        }
        out.push('\n');
    }
    if accesses.len() > 1 {
        if let Ok(total) = layout_core::shared::wavefronts_of(layout, accesses) {
            out.push_str(&format!("all accesses: {}\n\n", wavefronts_text(&total)));
        }
    }
    if opts.find {
        failed |= search(layout, accesses, opts.max_pad.unwrap_or(8), out);
    }
    failed
}

/// `banks --json`: `{layout, accesses: [{access, wavefronts, error}], all, find}` (see
/// docs/CLI-JSON.md); `true` when an access cannot be made or the search finds no layout.
fn json(
    placed: &[(Spec, FragmentAt)],
    accesses: &[Access],
    layout: &SharedLayout,
    opts: &Options,
) -> (J, bool) {
    let mut failed = false;
    let each: Vec<J> = placed
        .iter()
        .zip(accesses)
        .map(|((spec, at), access)| {
            let (w, error) = match access.wavefronts(layout) {
                Ok(w) => (json_out::wavefronts(&w), J::Null),
                Err(e) => {
                    failed = true;
                    (J::Null, J::s(e.to_string()))
                }
            };
            J::Obj(vec![
                ("access", J::s(spec.name())),
                (
                    "warp",
                    match spec {
                        Spec::Rows { .. } => J::Null,
                        _ => J::Num(at.warp.into()),
                    },
                ),
                ("wavefronts", w),
                ("error", error),
            ])
        })
        .collect();
    let all = layout_core::shared::wavefronts_of(layout, accesses)
        .map_or(J::Null, |w| json_out::wavefronts(&w));
    // The search runs only for `--find` (its work is bounded by `too_much` then).
    let search = opts
        .find
        .then(|| find(layout, accesses, opts.max_pad.unwrap_or(8)));
    let found = match search {
        None => J::Null,
        Some(Ok(f)) => J::Obj(vec![
            ("conflict_free", J::Bool(f.conflict_free())),
            ("layout", json_out::shared(&f.layout)),
            ("rust", J::s(TileArgs::rust(&f.layout))),
            ("tried", J::Num(f.tried.into())),
            ("wavefronts", json_out::wavefronts(&f.wavefronts)),
            ("width", f.width.map_or(J::Null, |w| J::Num(w.into()))),
            ("max_pad", J::Num(f.max_pad.into())),
            ("criterion", J::s(f.criterion().as_str())),
            (
                "linear_optimum",
                linear_optimum(layout, &at_found_width(accesses, &f)).map_or(J::Null, |o| {
                    J::Obj(vec![
                        ("wavefronts", J::Num(o.wavefronts.into())),
                        ("ideal", J::Num(o.ideal.into())),
                        ("width", J::Num(o.width.into())),
                    ])
                }),
            ),
        ]),
        Some(Err(e)) => {
            failed = true;
            J::Obj(vec![("error", J::s(e.to_string()))])
        }
    };
    let answer = J::Obj(vec![
        ("layout", json_out::shared(layout)),
        ("accesses", J::Arr(each)),
        ("all", all),
        ("find", found),
    ]);
    (answer, failed)
}

/// `16,32`.
fn pair(v: &str) -> Option<(u32, u32)> {
    let (r, c) = v.split_once(',')?;
    Some((r.trim().parse().ok()?, c.trim().parse().ok()?))
}

/// The code `#[matrix_rows]` generates for each instruction of a whole-fragment access, the
/// first [`MAX_ROWS_CODE`].
fn rows_code(
    variant: MatrixVariant,
    entry: Fragment,
    layout: &SharedLayout,
    at: FragmentAt,
    out: &mut String,
) {
    let registers = entry.numeral.elements / 2;
    if variant.num == 0 || registers % variant.num != 0 {
        return;
    }
    let instructions = registers / variant.num;
    for first in (0..registers)
        .step_by(variant.num as usize)
        .take(MAX_ROWS_CODE as usize)
    {
        let Ok(rows) = ThreadRows::new(variant, entry.numeral, layout, at, first) else {
            return;
        };
        let t = if rows.threads() > 32 {
            "thread t"
        } else {
            "lane t"
        };
        out.push_str(&format!(
            "#[matrix_rows] address of {t}, registers {first}..{}: {}\n",
            first + variant.num,
            rows.code()
        ));
    }
    if instructions > MAX_ROWS_CODE {
        out.push_str(&format!(
            "(the code of instructions {MAX_ROWS_CODE}..{instructions} not printed)\n"
        ));
    }
}

/// `--find`: the padding and swizzle that make every access conflict-free, or the fewest
/// wavefronts; `true` when no layout admits them.
fn search(layout: &SharedLayout, accesses: &[Access], max_pad: u32, out: &mut String) -> bool {
    match find(layout, accesses, max_pad) {
        Ok(found) => {
            out.push_str(&format!(
                "{} on {} ({} layout{} tried, padding up to {max_pad}):\n    {}\n",
                if found.conflict_free() {
                    "conflict-free"
                } else {
                    "no layout is conflict-free; the fewest wavefronts"
                },
                found.layout,
                found.tried,
                if found.tried == 1 { "" } else { "s" },
                TileArgs::rust(&found.layout)
            ));
            out.push_str(&format!(
                "    all accesses: {}\n    criterion: {}\n    {}\n",
                wavefronts_text(&found.wavefronts),
                found.criterion().as_str(),
                linear_text(layout, accesses, &found)
            ));
            if layout.swizzle().is_identity() {
                out.extend(TileArgs::unit_note(&found.layout));
            }
            false
        }
        Err(e) => {
            out.push_str(&format!("no layout found: {e}\n"));
            true
        }
    }
}

/// The free widths of `accesses` at the width `found` chose.
fn at_found_width<'a>(accesses: &[Access<'a>], found: &Found) -> Vec<Access<'a>> {
    accesses
        .iter()
        .map(|a| found.width.map_or(*a, |w| a.with_width(w)))
        .collect()
}

/// `linear: matches the GF(2)-linear optimum (18 wavefronts)`, or why there is none.
fn linear_text(layout: &SharedLayout, accesses: &[Access], found: &Found) -> String {
    match linear_optimum(layout, &at_found_width(accesses, found)) {
        Some(opt) => {
            let mut m = layout_core::message::Message::new();
            opt.write_against(found.wavefronts.total, &mut m);
            format!("linear: {}", m.as_str())
        }
        None => "linear: no GF(2)-linear optimum here (it needs power-of-two sides and \
                 elements, one width of 4 bytes or more for every access, and accesses linear \
                 in their lanes)"
            .to_string(),
    }
}

/// `32 wavefronts, ideal 4 (8-way conflict)`.
fn wavefronts_text(w: &layout_core::shared::Wavefronts) -> String {
    let mut m = layout_core::message::Message::new();
    w.write(&mut m);
    m.as_str().to_string()
}

/// Writes `text` to `path` (`-`: stdout).
pub(crate) fn write_out(path: &str, text: &str) -> ExitCode {
    match path {
        "-" => emit(text, ExitCode::SUCCESS),
        path => match std::fs::write(path, text) {
            Ok(()) => ExitCode::SUCCESS,
            Err(err) => {
                eprintln!("error: cannot write `{path}`: {err}");
                ExitCode::from(1)
            }
        },
    }
}
