//! `fraglayout svg NAME [-o FILE]`: one layout as an SVG picture.

use std::process::ExitCode;

use layout_core::render;

use crate::{emit, suggest, usage};

/// `svg NAME [-o FILE]`, options in any order.
pub fn command(args: &[&str]) -> ExitCode {
    let mut name = None;
    let mut file = None;
    let mut it = args.iter();
    while let Some(&a) = it.next() {
        match a {
            "-o" | "--output" => match it.next() {
                Some(&f) if file.is_none() => file = Some(f),
                Some(_) => return usage("`-o` is given twice"),
                None => return usage("`-o` needs a file name, or `-` for stdout"),
            },
            a if a.starts_with('-') => return usage(&format!("unknown option `{a}` for `svg`")),
            a if name.is_none() => name = Some(a),
            _ => return usage("`svg` takes one layout name"),
        }
    }
    let Some(name) = name else {
        return usage("`svg` needs a layout name");
    };
    let Some(e) = layout_core::catalog::find(name) else {
        eprintln!("error: {}", suggest::unknown(name));
        return ExitCode::from(1);
    };
    let mut picture = String::new();
    let _ = render::svg(e.numeral, &mut picture);
    match file.unwrap_or("-") {
        "-" => emit(&picture, ExitCode::SUCCESS),
        path => match std::fs::write(path, picture) {
            Ok(()) => ExitCode::SUCCESS,
            Err(err) => {
                eprintln!("error: cannot write `{path}`: {err}");
                ExitCode::from(1)
            }
        },
    }
}
