//! `fraglayout smem --tile ROWSxCOLS [--elem B] [--swizzle ..] [--pad N] [--col-major]
//! [--show chunk|bank] [--svg FILE]`: a shared tile among the banks, as text or a picture.

use std::process::ExitCode;

use layout_core::render::smem::{self, Show};

use crate::banks::write_out;
use crate::tile_args::TileArgs;
use crate::{emit, usage};

/// `smem ...`.
pub fn command(args: &[&str]) -> ExitCode {
    let mut tile = TileArgs::default();
    let mut show = Show::Chunk;
    let mut svg = None;
    let mut it = args.iter().copied();
    while let Some(a) = it.next() {
        match tile.take(a, &mut it) {
            Ok(true) => continue,
            Ok(false) => {}
            Err(msg) => return usage(&msg),
        }
        match a {
            "--show" => match it.next() {
                Some("chunk") => show = Show::Chunk,
                Some("bank") => show = Show::Bank,
                _ => return usage("`--show` takes `chunk` (the 16-byte chunk) or `bank`"),
            },
            "--svg" => match it.next() {
                Some(f) => svg = Some(f),
                None => return usage("`--svg` needs a file name, or `-` for stdout"),
            },
            a if a.starts_with('-') => return usage(&format!("unknown option `{a}` for `smem`")),
            a => {
                return usage(&format!(
                    "`smem` takes options only, not `{a}`: `smem --tile 64x64 --swizzle 128B`"
                ))
            }
        }
    }
    let layout = match tile.layout(None, Some(2)) {
        Ok(l) => l,
        Err(msg) => return usage(&msg),
    };
    if let Err(e) = layout.check() {
        eprintln!("error: the shared layout {layout} is unsound: {e}");
        return ExitCode::from(1);
    }
    let mut out = String::new();
    match svg {
        Some(path) => {
            let _ = smem::tile_svg(&layout, show, &mut out);
            write_out(path, &out)
        }
        None => {
            let _ = smem::tile(&layout, show, &mut out);
            emit(&out, ExitCode::SUCCESS)
        }
    }
}
