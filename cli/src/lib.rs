//! `fraglayout`: the catalog's fragment layouts from the command line: list them, show and
//! draw them, dump them as JSON, show the code `#[fragment_layout]` generates for them, check a
//! numeral typed on the command line, and plan a conversion between two layouts.
//!
//! Exit codes: 0 success, 1 unknown layout name, invalid numeral, unwritable file or
//! impossible conversion, 2 usage error.
//!
//! The commands are this library, [`main`] their entry; the `fraglayout` binary
//! (`src/main.rs`) calls it. A library, so that the tests in `tests/` link the commands as
//! built once (a unit-test build would compile them all again).

mod banks;
mod check;
mod convert;
mod expand;
mod json;
mod list;
mod show;
mod smem;
mod suggest;
mod svg;
mod tile_args;

use std::io::Write as _;
use std::process::ExitCode;

use layout_core::catalog::{Entry, CATALOG};

const HELP: &str = "\
fraglayout: tensor-core fragment layouts (mma.sync, mma.sp, ldmatrix/stmatrix, wgmma) from the PTX ISA

usage:
    fraglayout list                  every layout by name, with its PTX instructions
    fraglayout show NAME             one layout: its instructions, digit table and text grid
    fraglayout show INSTRUCTION      the layouts of one PTX instruction, spelled as `list`
                                     prints it (wgmma with its N put in), e.g.
                                     mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
    fraglayout svg NAME [-o FILE]    one layout as an SVG picture, written to FILE
                                     (`-o -` or no `-o`: to stdout)
    fraglayout expand NAME [--gather [--packed]] [--bounds] [--ld N] [--own] [--vector N]
                      [--shared [--swizzle S] [--pad N] [--col-major]]
                                     the Rust that #[fragment_layout(NAME)] generates for
                                     the store `|row, col, value| out[row * ld + col] = value`
                                     (--gather: the load `|row, col| src[row * ld + col]`;
                                     --packed: 16-bit elements two per u32 register;
                                     --bounds: for a partial tile of `rows` x `cols`;
                                     --ld N: a constant row stride `LD` = N, which takes
                                     the one-footprint-check path;
                                     --own: NAME through a constant of your own,
                                     `const LAYOUT: Numeral = NAME;`, as a layout the macro
                                     does not know by name expands: tables the compiler
                                     evaluates, one closure per element;
                                     --vector N: `vector = N`, the body through a raw
                                     pointer `d`, N adjacent elements a call, as
                                     `*(d.add(row * ld + col) as *mut [T; N]) = values`;
                                     --shared: `shared = SMEM`, each element at its offset
                                     in a shared tile over the layout's, swizzled and padded
                                     as for `smem`), on
                                     the layout's element type (u16 for f16 and bf16 bits,
                                     u8 for 8-bit and narrower, f32, i32, f64), after the
                                     macro's plan; then, as comments, the layout's numbers
                                     the code is built from (thread terms, element table)
    fraglayout expand --convert FROM TO
                                     the Rust that #[convert_layout(FROM => TO)] generates
                                     for u32 registers, after the form its constants take
                                     (identity, renaming, tables, lane arithmetic); then, as
                                     comments, the plan's numbers: class, rounds, lower
                                     bound, selects, and the packed plan's rounds, bounds
                                     and permutes (layouts as for `convert`)
    fraglayout check 'NUMERAL'       check a numeral written as in numeral!, with or without
                                     its leading `NAME:`, e.g.
                                     '16 x 8, elements 4 { e % 2 => 1, lane % 4 => 2,
                                                           lane / 4 => 8, e / 2 => 64 }'
                                     errors (stderr) are numeral!'s own messages with a caret
                                     under the offending part; then the digit table and the
                                     text grid (stdout), collisions and gaps marked
    fraglayout convert FROM TO [--svg FILE]
                                     how a warp moves a tile from layout FROM to layout TO
                                     (what #[convert_layout(FROM => TO)] generates): the
                                     class (identity, renaming, in-thread, lane exchange),
                                     the shuffle rounds against their lower bound, the
                                     selects, the rounds as a lane table and the in-lane
                                     moves; --svg: a picture of the destination tile, each
                                     cell coloured by the round its value arrives in
                                     (`--svg -`: the picture to stdout instead). FROM and
                                     TO are catalog names, example layouts (as
                                     `--examples` lists them), NAME[RxC] for R x C copies
                                     of a layout (SM80_16x8x16_F32_C[1x2]: two
                                     accumulators side by side), or numerals in quotes as
                                     `check` takes them
    fraglayout convert EXAMPLE [--svg FILE]
                                     one of those conversions by its name, e.g. fa2
    fraglayout convert --examples    the conversions kernel authors meet: rounds, lower
                                     bound and selects of each
    fraglayout banks ACCESS... [--tile RxC] [--elem B] [--swizzle S] [--pad N]
                     [--col-major] [--at R,C] [--warp W] [--svg FILE] [--find [--max-pad N]]
                                     shared-memory bank conflicts of warp accesses of a tile:
                                     wavefronts against the ideal, per phase which lanes
                                     collide on which bank, and for ldmatrix/stmatrix the
                                     address code #[matrix_rows] generates. ACCESS is
                                     ldmatrix.x4[.trans] NAME, stmatrix.x2[.trans] NAME
                                     (the whole fragment), store.W NAME / load.W NAME
                                     (each lane's elements, W bytes at a time) or rows.W
                                     (the tile row-wise, W bytes a lane). The tile defaults to
                                     the fragment's; --elem to 2 (ldmatrix, rows) or the
                                     fragment's element size; --swizzle is 128B, 64B, 32B,
                                     none or CuTe's B,M,S; --pad N elements after each row;
                                     --at R,C places the fragment and --warp W picks the
                                     warp of a warpgroup fragment; --svg draws the access
                                     (banks x wavefronts); --find searches paddings up to
                                     --max-pad (8) and swizzles for a conflict-free layout,
                                     e.g. fraglayout banks ldmatrix.x4 SM80_16x8x16_F16_A_ROW
                                          --tile 64x64 --swizzle 128B
    fraglayout smem --tile RxC [--elem B] [--swizzle S] [--pad N] [--col-major]
                    [--show chunk|bank] [--svg FILE]
                                     a shared tile: for each 16-byte chunk (or 4-byte word)
                                     of each row, its chunk in the 128-byte row of banks
                                     (or its bank); --svg draws it to FILE (`-`: stdout)
    fraglayout json NAME             one layout as a JSON object
    fraglayout json --all            every layout, as a JSON array of objects
    fraglayout --help                this text
    fraglayout --version             the version

NAME is a catalog name as `list` prints it, e.g. SM80_16x8x16_F32_C; docs/CATALOG.md lists
them by instruction.

grid cells are T{thread}:{element}; in the picture, T is the thread and V the element.

json fields: name, instructions, operand, element_type, element_bits, arch, ptx_section,
rows, cols, threads, elements_per_thread, digits [{source, divisor, range, place}],
table [thread][element] = [row, col]. Coordinates are in the PTX orientation of the operand
(A: M x K, B: K x N, C/D: M x N; for mma.sp and wgmma.mma_async.sp, A: M x K/2 non-zeros,
metadata: 16 x 16 or, for wgmma, 64 x 16 fields; tmem: TMEM lane x 32-bit column);
elements are in PTX element order.

exit codes:
    0    success; for `check`, the numeral is valid
    1    unknown layout name; for `check`, the numeral is not valid; for `svg`, FILE cannot
         be written; for `convert`, no conversion within a warp exists (the message says
         why) or FILE cannot be written; for `banks` and `smem`, an unsound layout, an
         access that cannot be made on it, or a FILE that cannot be written
    2    usage error
";

/// The `fraglayout` command: reads the process's arguments, prints, and returns the exit
/// status (see the crate docs).
pub fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["--help"] | ["-h"] | ["help"] => emit(HELP, ExitCode::SUCCESS),
        ["--version"] | ["-V"] => emit(
            concat!("fraglayout ", env!("CARGO_PKG_VERSION"), "\n"),
            ExitCode::SUCCESS,
        ),
        [_, "--help" | "-h", ..] => emit(HELP, ExitCode::SUCCESS),
        ["list"] => emit(&list::list(), ExitCode::SUCCESS),
        ["json", "--all"] => {
            let objects: Vec<String> = CATALOG.iter().map(json::json).collect();
            emit(
                &format!("[\n{}\n]\n", objects.join(",\n")),
                ExitCode::SUCCESS,
            )
        }
        ["json", name] if !name.starts_with('-') => {
            with_entry(name, |e| Ok(format!("{}\n", json::json(e))))
        }
        ["show", ptx] if ptx.contains('.') => show_instruction(ptx),
        ["show", name] if !name.starts_with('-') => with_entry(name, |e| Ok(show::show(e))),
        ["svg", rest @ ..] => svg::command(rest),
        ["expand", "--convert", rest @ ..] => convert::expand::command(rest),
        ["expand", rest @ ..] => expand::command(rest),
        ["convert", rest @ ..] => convert::command(rest),
        ["banks", rest @ ..] => banks::command(rest),
        ["smem", rest @ ..] => smem::command(rest),
        ["check", text] => {
            let report = check::check(text);
            eprint!("{}", report.errors);
            let code = if report.valid {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            };
            emit(&report.out, code)
        }
        [] => usage("no command given"),
        ["json"] => usage("`json` needs a layout name or `--all`"),
        ["show"] => usage("`show` needs a layout name or an instruction"),
        ["check"] => usage("`check` needs a numeral, in quotes: fraglayout check '16 x 8 { ... }'"),
        ["check", ..] => usage("`check` takes the numeral as one argument: put it in quotes"),
        ["list", ..] | ["json", ..] | ["show", ..] => usage("too many or unknown arguments"),
        [cmd, ..] => {
            eprintln!(
                "error: {}\n(`fraglayout --help` lists the commands)",
                suggest::command(cmd)
            );
            ExitCode::from(2)
        }
    }
}

/// Writes `text` to stdout and returns `code`. A reader that stops early (`fraglayout json --all
/// | head`) ends the output quietly; any other write error is reported, exit 1.
pub(crate) fn emit(text: &str, code: ExitCode) -> ExitCode {
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => code,
        Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => code,
        Err(err) => {
            eprintln!("error: cannot write to stdout: {err}");
            ExitCode::from(1)
        }
    }
}

pub(crate) fn usage(msg: &str) -> ExitCode {
    eprintln!("error: {msg}\n\n{HELP}");
    ExitCode::from(2)
}

/// Runs `f` on the catalog entry `name` and prints what it returns; exit 1 for an unknown
/// name or when `f` fails.
pub(crate) fn with_entry(name: &str, f: impl FnOnce(&Entry) -> Result<String, String>) -> ExitCode {
    let Some(e) = layout_core::catalog::find(name) else {
        eprintln!("error: {}", suggest::unknown(name));
        return ExitCode::from(1);
    };
    match f(e) {
        Ok(text) => emit(&text, ExitCode::SUCCESS),
        Err(msg) => {
            eprintln!("error: {msg}");
            ExitCode::from(1)
        }
    }
}

/// `show INSTRUCTION`; exit 1 when the catalog has no layout for it.
fn show_instruction(ptx: &str) -> ExitCode {
    match layout_core::catalog::instruction(ptx) {
        Some(found) => emit(&show::instruction(ptx, &found), ExitCode::SUCCESS),
        None => {
            eprintln!("error: {}", suggest::unknown_instruction(ptx));
            ExitCode::from(1)
        }
    }
}
