//! `fraglayout banks ACCESS... [tile options] [--at R,C] [--warp W] [--svg FILE] [--find
//! [--max-pad N]]`: the wavefronts of warp accesses of a shared tile, which lanes collide on
//! which bank, the row addresses `#[matrix_rows]` generates, and the swizzle search.
//!
//! An access is `ldmatrix.x4[.trans] FRAGMENT` or `stmatrix.x2[.trans] FRAGMENT` (the whole
//! fragment, `registers / num` instructions), `store.W FRAGMENT` or `load.W FRAGMENT` (each
//! lane's elements, `W` bytes at a time), or `rows.W` (the tile walked row-wise, `W` bytes a
//! lane: the reads of a coalesced global store). The tile defaults to the first fragment's,
//! its elements to 2 bytes for `ldmatrix` / `stmatrix` and the fragment's width otherwise.

use std::process::ExitCode;

use layout_core::catalog::Entry;
use layout_core::render::smem;
use layout_core::shared::{find, Access, FragmentAt, MatrixVariant, SharedLayout, ThreadRows};

use crate::tile_args::TileArgs;
use crate::{emit, suggest, usage};

/// One access as written, before the layout is known.
enum Spec {
    Matrices {
        store: bool,
        variant: MatrixVariant,
        entry: &'static Entry,
    },
    Elements {
        store: bool,
        width: u32,
        entry: &'static Entry,
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

    fn entry(&self) -> Option<&'static Entry> {
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
                entry.name()
            ),
            Spec::Elements {
                store,
                width,
                entry,
            } => format!(
                "{}.{width} of {}",
                if store { "store" } else { "load" },
                entry.name()
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
                [w] => w.parse::<u32>().ok(),
                _ => None,
            }
            .ok_or_else(|| format!("`{word}`: give the bytes a lane moves, such as `{head}.16`"))?;
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

/// The command's options.
struct Options<'a> {
    tile: TileArgs,
    at: FragmentAt,
    svg: Option<&'a str>,
    find: bool,
    max_pad: Option<u32>,
}

impl<'a> Options<'a> {
    /// Reads option `a` (and its value from `it`), or the exit code of a usage error (its
    /// message printed).
    fn take(&mut self, a: &str, it: &mut impl Iterator<Item = &'a str>) -> Result<(), ExitCode> {
        match a {
            "--at" => match it.next().and_then(pair) {
                Some((r, c)) => {
                    self.at = FragmentAt {
                        row: r,
                        col: c,
                        ..self.at
                    }
                }
                None => {
                    return Err(usage(
                        "`--at` takes the fragment's tile row and column, such as `--at 16,32`",
                    ))
                }
            },
            "--warp" => match it.next().and_then(|w| w.parse().ok()) {
                Some(w) => self.at = self.at.warp(w),
                None => {
                    return Err(usage(
                        "`--warp` takes the warp of a warpgroup fragment that acts, 0..4",
                    ))
                }
            },
            "--svg" => match it.next() {
                Some(f) => self.svg = Some(f),
                None => return Err(usage("`--svg` needs a file name, or `-` for stdout")),
            },
            "--find" => self.find = true,
            "--max-pad" => match it.next().and_then(|v| v.parse().ok()) {
                Some(p) => self.max_pad = Some(p),
                None => {
                    return Err(usage(
                        "`--max-pad` takes the most elements of padding to try, such as 8",
                    ))
                }
            },
            a => return Err(usage(&format!("unknown option `{a}` for `banks`"))),
        }
        Ok(())
    }
}

/// `banks ...`.
pub fn command(args: &[&str]) -> ExitCode {
    let (specs, opts) = match parse(args) {
        Ok(parsed) => parsed,
        Err(code) => return code,
    };
    if let Some(msg) = conflict(&specs, &opts) {
        return usage(msg);
    }
    let layout = match shared_layout(&specs, &opts.tile) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let accesses: Vec<Access> = specs.iter().map(|s| s.access(opts.at)).collect();
    if let Some(path) = opts.svg {
        return picture(&specs[0], &accesses[0], &layout, path);
    }
    let mut out = String::new();
    let failed = report(&specs, &accesses, &layout, &opts, &mut out);
    emit(
        &out,
        if failed {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        },
    )
}

/// The accesses and options of `args`, or the exit code of a usage error or an unknown
/// fragment (its message printed).
fn parse<'a>(args: &[&'a str]) -> Result<(Vec<Spec>, Options<'a>), ExitCode> {
    let mut specs: Vec<Spec> = Vec::new();
    let mut opts = Options {
        tile: TileArgs::default(),
        at: FragmentAt::ORIGIN,
        svg: None,
        find: false,
        max_pad: None,
    };
    let mut it = args.iter().copied();
    while let Some(a) = it.next() {
        match opts.tile.take(a, &mut it) {
            Ok(true) => continue,
            Ok(false) => {}
            Err(msg) => return Err(usage(&msg)),
        }
        if a.starts_with('-') {
            opts.take(a, &mut it)?;
        } else {
            specs.push(access_spec(a, &mut it)?);
        }
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
            return Err(usage(&format!(
                "`{word}` is no access: use ldmatrix.x4, stmatrix.x2.trans, store.8, load.16 or rows.16"
            )))
        }
        Err(msg) => return Err(usage(&msg)),
    };
    let Some(name) = it.next().filter(|n| !n.starts_with('-')) else {
        return Err(usage(&format!(
            "`{word}` needs a fragment: `{word} SM80_16x8x16_F16_A_ROW`"
        )));
    };
    let Some(entry) = layout_core::catalog::find(name) else {
        eprintln!("error: {}", suggest::unknown(name));
        return Err(ExitCode::from(1));
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

/// The usage message when the accesses and options do not go together: none, more than one
/// to draw, or `--max-pad` without `--find`.
fn conflict(specs: &[Spec], opts: &Options) -> Option<&'static str> {
    if specs.is_empty() {
        return Some(
            "`banks` needs an access, such as `banks ldmatrix.x4 SM80_16x8x16_F16_A_ROW --tile 64x64`",
        );
    }
    if opts.svg.is_some() && specs.len() > 1 {
        return Some("`--svg` draws one access: give one");
    }
    if opts.max_pad.is_some() && !opts.find {
        return Some("`--max-pad` goes with `--find`");
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
        Some(Spec::Elements { entry, .. }) => {
            (entry.element_bits >= 8).then_some(entry.element_bits / 8)
        }
    };
    let layout = tile
        .layout(default_tile, default_elem)
        .map_err(|msg| usage(&msg))?;
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
    specs: &[Spec],
    accesses: &[Access],
    layout: &SharedLayout,
    opts: &Options,
    out: &mut String,
) -> bool {
    let mut failed = false;
    for (spec, access) in specs.iter().zip(accesses) {
        let place = match spec {
            Spec::Rows { .. } => String::new(),
            _ if opts.at.warp != 0 => format!(
                " by warp {} at ({}, {})",
                opts.at.warp, opts.at.row, opts.at.col
            ),
            _ => format!(" at ({}, {})", opts.at.row, opts.at.col),
        };
        out.push_str(&format!("{}{place} on {layout}:\n", spec.name()));
        let made = access.wavefronts(layout).is_ok();
        failed |= !made;
        let _ = smem::banks(access, layout, out);
        if let (true, Spec::Matrices { variant, entry, .. }) = (made, spec) {
            rows_code(*variant, entry, layout, opts.at, out);
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

/// `16,32`.
fn pair(v: &str) -> Option<(u32, u32)> {
    let (r, c) = v.split_once(',')?;
    Some((r.trim().parse().ok()?, c.trim().parse().ok()?))
}

/// The code `#[matrix_rows]` generates for each instruction of a whole-fragment access.
fn rows_code(
    variant: MatrixVariant,
    entry: &Entry,
    layout: &SharedLayout,
    at: FragmentAt,
    out: &mut String,
) {
    let registers = entry.numeral.elements / 2;
    if variant.num == 0 || registers % variant.num != 0 {
        return;
    }
    for first in (0..registers).step_by(variant.num as usize) {
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
                "    all accesses: {}\n",
                wavefronts_text(&found.wavefronts)
            ));
            false
        }
        Err(e) => {
            out.push_str(&format!("no layout found: {e}\n"));
            true
        }
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
