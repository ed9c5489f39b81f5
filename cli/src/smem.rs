//! `fraglayout smem --tile ROWSxCOLS [--elem B] [--swizzle ..] [--pad N] [--col-major]
//! [--atoms slabs|bands] [--operand a|b [--mma N]] [--global-stride BYTES] [--show chunk|bank]
//! [--svg FILE]`: a shared tile among the banks, as text or a picture, with its atoms, TMA box
//! and (for an MMA operand) descriptor.

use std::process::ExitCode;

use clap::{Arg, ArgMatches, Command};
use layout_core::render::smem::{self, Show};
use layout_core::shared::{Operand, SharedLayout};

use crate::banks::write_out;
use crate::tile_args::{self, TileArgs};
use crate::{emit, usage};

/// The command's arguments and help.
pub fn cli() -> Command {
    let cmd = Command::new("smem")
        .about("a shared tile: each 16-byte chunk's (or 4-byte word's) place among the banks")
        .after_help(
            "For each 16-byte chunk (or 4-byte word) of each row of the tile, its chunk in the \
             128-byte row of banks (or its bank).\n\n\
             e.g. fraglayout smem --tile 8x64 --swizzle 128B",
        )
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
                .value_parser(clap::value_parser!(u32))
                .requires("operand")
                .help("rows (A: M) or columns (B: N) one MMA reads; default 64 for A, the tile's N for B"),
            Arg::new("global-stride")
                .long("global-stride")
                .value_name("BYTES")
                .value_parser(clap::value_parser!(u64))
                .help("bytes between the global tensor's lines, for the TMA box; default the tile's line"),
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

/// `--global-stride`, else the bytes of one of the tile's lines.
fn global_stride(m: &ArgMatches, l: &SharedLayout) -> u64 {
    m.get_one::<u64>("global-stride")
        .copied()
        .unwrap_or(l.line_len() as u64 * l.elem_bytes() as u64)
}
