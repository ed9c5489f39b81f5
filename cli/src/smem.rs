//! `fraglayout smem --tile ROWSxCOLS [--elem B] [--swizzle ..] [--pad N] [--col-major]
//! [--atoms slabs|bands] [--operand a|b [--mma N]] [--global-stride BYTES] [--show chunk|bank]
//! [--svg FILE]`: a shared tile among the banks, as text or a picture, with its atoms, TMA box
//! and (for an MMA operand) descriptor.

use std::process::ExitCode;

use clap::{Arg, ArgMatches, Command};
use layout_core::render::smem::{self, Show, TILE_CELLS, TILE_ROWS};
use layout_core::shared::{Base, Descriptor, Operand, SharedLayout, TmaError};

use crate::banks::write_out;
use crate::json_out::{self, J};
use crate::tile_args::{self, TileArgs};
use crate::{emit, usage};

/// The command's arguments and help.
pub fn cli() -> Command {
    let cmd = Command::new("smem")
        .about("a shared tile: each 16-byte chunk's (or 4-byte word's) place among the banks")
        .after_help(crate::wrapped(&format!(
            "For each 16-byte chunk (or 4-byte word) of each row of the tile, its chunk in the \
             128-byte row of banks (or its bank).\n\n\
             Bounded work: the tile is at most {} bytes (the layout's check); the picture \
             draws at most {TILE_ROWS} rows of {TILE_CELLS} cells and --json lists at most \
             {MAX_CELLS} cells; --operand compares every element of the tile with the MMA's \
             view, for tiles of at most {MAX_DESCRIPTOR_ELEMENTS} elements.\n\n\
             e.g. fraglayout smem --tile 8x64 --swizzle 128B",
            u32::MAX
        )))
        .args([
            Arg::new("show")
                .long("show")
                .value_name("WHAT")
                .value_parser(["chunk", "bank"])
                .default_value("chunk")
                .help("each cell's 16-byte chunk in the row of banks, or its bank"),
            crate::file_arg("svg", "draw the tile to FILE (`-`: stdout)"),
            Arg::new("operand")
                .long("operand")
                .value_name("A|B")
                .value_parser(["a", "b", "A", "B"])
                .help(
                    "the tile is an MMA operand, A (M x K) or B (K x N): print its wgmma and \
                     tcgen05 descriptor",
                ),
            Arg::new("mma")
                .long("mma")
                .value_name("N")
                .value_parser(mma_extent)
                .requires("operand")
                .help("rows (A: M) or columns (B: N) one MMA reads; default 64 for A, the tile's N for B"),
            Arg::new("global-stride")
                .long("global-stride")
                .value_name("BYTES")
                .value_parser(clap::value_parser!(u64))
                .help("bytes between the global tensor's lines, for the TMA box: a multiple of 16 below 2^40, at least a line's bytes; default a line's bytes"),
            json_out::flag().conflicts_with("svg"),
        ]);
    tile_args::args(cmd)
}

/// `smem ...`.
pub fn run(m: &ArgMatches) -> ExitCode {
    let (tile, _) = TileArgs::from_matches(m);
    let show = match m.get_one::<String>("show").map(String::as_str) {
        Some("bank") => Show::Bank,
        _ => Show::Chunk,
    };
    let layout = match tile.layout(None, Some(2)) {
        Ok(l) => l,
        Err(msg) => return usage("smem", &msg),
    };
    if let Err(e) = layout.check() {
        eprintln!("error: the shared layout {layout} is unsound: {e}");
        return ExitCode::from(1);
    }
    if let Some(msg) = too_large(m, &layout) {
        eprintln!("error: {msg}");
        return ExitCode::from(1);
    }
    // A stride given that the tensor map refuses is the user's error, not a missing box.
    if let Some(&stride) = m.get_one::<u64>("global-stride") {
        if let Err(e @ TmaError::GlobalStride { .. }) = layout.tma_box(stride) {
            eprintln!("error: --global-stride {stride}: {e}");
            return ExitCode::from(1);
        }
    }
    if json_out::wanted(m) {
        return match json(&layout, show) {
            Ok(J::Obj(mut fields)) => {
                fields.extend(grid_json(
                    &layout,
                    mma(m, &layout),
                    global_stride(m, &layout),
                ));
                emit(&J::Obj(fields).text(), ExitCode::SUCCESS)
            }
            Ok(j) => emit(&j.text(), ExitCode::SUCCESS),
            Err(msg) => {
                eprintln!("error: {msg}");
                ExitCode::from(1)
            }
        };
    }
    let mut out = String::new();
    match m.get_one::<String>("svg") {
        Some(path) => {
            let _ = smem::tile_svg(&layout, show, &mut out);
            write_out(path, &out)
        }
        None => {
            let _ = smem::atoms(
                &layout,
                mma(m, &layout),
                global_stride(m, &layout),
                &mut out,
            );
            out = TileArgs::in_options(&out);
            let _ = smem::tile(&layout, show, &mut out);
            out.extend(TileArgs::unit_note(&layout));
            emit(&out, ExitCode::SUCCESS)
        }
    }
}

/// `--operand` and `--mma`: the MMA the tile feeds, if any.
fn mma(m: &ArgMatches, l: &SharedLayout) -> Option<smem::Mma> {
    let operand = match m.get_one::<String>("operand")?.as_str() {
        "a" | "A" => Operand::A,
        _ => Operand::B,
    };
    let default = match operand {
        Operand::A => 64,
        Operand::B => l.cols(),
    };
    let mn = m.get_one::<u32>("mma").copied().unwrap_or(default);
    Some(smem::Mma { operand, mn })
}

/// The most elements of a tile whose descriptor `--operand` derives: the derivation compares
/// every element with the MMA's view (tens of nanoseconds each), so an answer comes within
/// about 0.1 s.
pub const MAX_DESCRIPTOR_ELEMENTS: u64 = 1 << 22;

/// Where `--operand` asks for the descriptor of a tile of more than
/// [`MAX_DESCRIPTOR_ELEMENTS`] elements: the message, naming the limit.
fn too_large(m: &ArgMatches, l: &SharedLayout) -> Option<String> {
    let elements = l.size();
    (m.contains_id("operand") && elements > MAX_DESCRIPTOR_ELEMENTS).then(|| {
        format!(
            "the tile has {elements} elements, more than the {MAX_DESCRIPTOR_ELEMENTS} whose \
             descriptor `smem --operand` derives: give a smaller tile (`--tile`), or leave \
             out `--operand`"
        )
    })
}

/// The most rows (A) or columns (B) one MMA reads: `wgmma` and `tcgen05.mma` read a multiple
/// of 8 up to 256.
const MAX_MMA_EXTENT: u32 = 256;

/// `--mma`: a multiple of 8 from 8 to [`MAX_MMA_EXTENT`].
fn mma_extent(v: &str) -> Result<u32, String> {
    v.parse::<u32>()
        .ok()
        .filter(|&n| n % 8 == 0 && (8..=MAX_MMA_EXTENT).contains(&n))
        .ok_or_else(|| {
            format!(
                "`--mma` takes the rows (A: M) or columns (B: N) one MMA reads, a multiple of 8 \
                 from 8 to {MAX_MMA_EXTENT}, not `{}`",
                crate::suggest::shortened(v)
            )
        })
}

/// The bytes of one of the tile's lines.
fn line_bytes(l: &SharedLayout) -> u64 {
    u64::from(l.line_len()) * u64::from(l.elem_bytes())
}

/// `--global-stride`, else the bytes of one of the tile's lines.
fn global_stride(m: &ArgMatches, l: &SharedLayout) -> u64 {
    m.get_one::<u64>("global-stride")
        .copied()
        .unwrap_or_else(|| line_bytes(l))
}

/// `smem --json`'s `tma` and `descriptor`: the box and copies (or why there is none), and
/// with `--operand` the descriptor's fields, each K step's start and the encodings at address
/// 0 (or why there is none).
fn grid_json(l: &SharedLayout, mma: Option<smem::Mma>, stride: u64) -> Vec<(&'static str, J)> {
    let error = |e: String| J::Obj(vec![("error", J::s(TileArgs::in_options(&e)))]);
    let tma = match l.tma_box(stride) {
        Ok(b) => J::Obj(vec![
            ("inner", J::Num(b.inner.into())),
            ("outer", J::Num(b.outer.into())),
            ("copies", J::Num(b.copies.into())),
            ("copy_bytes", J::Num(b.copy_bytes().into())),
        ]),
        Err(e) => error(e.to_string()),
    };
    let descriptor = mma.map_or(J::Null, |m| match Descriptor::derive(l, m.operand, m.mn) {
        Ok(d) => {
            let starts = (0..d.k_steps())
                .filter_map(|k| d.start(0, k))
                .map(|s| J::Num(s.into()));
            let enc = |r: Result<u64, _>| r.map_or(J::Null, |v: u64| J::s(format!("{v:#018x}")));
            J::Obj(vec![
                ("k_major", J::Bool(d.k_major())),
                ("lbo", J::Num(d.lbo().into())),
                ("sbo", J::Num(d.sbo().into())),
                ("k", J::Num(d.k().into())),
                ("k_starts", J::Arr(starts.collect())),
                ("mn_blocks", J::Num(d.mn_blocks().into())),
                ("wgmma", enc(d.wgmma(0, 0, 0, Base::Refuse))),
                ("tcgen05", enc(d.tcgen05(0, 0, 0, Base::Refuse))),
            ])
        }
        Err(e) => error(e.to_string()),
    });
    vec![("tma", tma), ("descriptor", descriptor)]
}

/// The most cells `smem --json` lists.
pub const MAX_CELLS: u64 = 1 << 20;

/// `smem --json`: `{layout, show, unit_bytes, cells}`, `cells[row][k]` the 16-byte chunk
/// (`(byte / 16) % 8`) or the bank (`(byte / 4) % 32`) of the `k`-th `unit_bytes` of the
/// tile's row `row`; an error for more than [`MAX_CELLS`] cells.
fn json(l: &SharedLayout, show: Show) -> Result<J, String> {
    let (unit, name) = match show {
        Show::Chunk => (16, "chunk"),
        Show::Bank => (4, "bank"),
    };
    let per = (unit / l.elem_bytes()).max(1);
    let across = l.cols().div_ceil(per);
    let cells = u64::from(l.rows()) * u64::from(across);
    if cells > MAX_CELLS {
        return Err(format!(
            "the tile has {cells} cells of {unit} bytes, more than the {MAX_CELLS} `smem --json` \
             lists: give a smaller tile"
        ));
    }
    let rows = (0..l.rows())
        .map(|r| {
            J::Arr(
                (0..across)
                    .map(|k| {
                        l.offset(r, k * per).map_or(J::Null, |o| {
                            let byte = u64::from(o) * u64::from(l.elem_bytes());
                            J::Num(match show {
                                Show::Chunk => byte / 16 % 8,
                                Show::Bank => byte / 4 % 32,
                            })
                        })
                    })
                    .collect(),
            )
        })
        .collect();
    Ok(J::Obj(vec![
        ("layout", json_out::shared(l)),
        ("show", J::s(name)),
        ("unit_bytes", J::Num((per * l.elem_bytes()).into())),
        ("cells", J::Arr(rows)),
    ]))
}
