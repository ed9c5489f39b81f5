//! `fraglayout smem --tile ROWSxCOLS [--elem B] [--swizzle ..] [--pad N] [--col-major]
//! [--show chunk|bank] [--svg FILE]`: a shared tile among the banks, as text or a picture.

use std::process::ExitCode;

use clap::{Arg, ArgMatches, Command};
use layout_core::render::smem::{self, Show};

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
            let _ = smem::tile(&layout, show, &mut out);
            out.extend(TileArgs::unit_note(&layout));
            emit(&out, ExitCode::SUCCESS)
        }
    }
}
