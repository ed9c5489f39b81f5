//! `fraglayout scales --rows N --kblocks N [--at M,S]...`: Blackwell block-scaled
//! scale factors in CUTLASS's 512-byte atoms: the tiling, where scale factor `(m, s)` lies (its
//! byte and bank, and the TMEM lanes and column `tcgen05.cp` puts it in), and the bank report
//! of the one-warp transpose that builds the atoms from row-major packed factors.

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::{Arg, ArgAction, ArgMatches, Command};
use layout_core::message::Message;
use layout_core::shared::{transposer_banks, ScaleAtoms, ScalePlace, Wavefronts};

use crate::json_out::{self, J};
use crate::{emit, usage};

/// The command's arguments and help.
pub fn cli() -> Command {
    Command::new("scales")
        .about("block-scaled MMA scale factors (Blackwell): their 512-byte atoms, bytes, banks")
        .after_help(crate::wrapped(
            "The scale factors of ROWS rows (M for SFA, N for SFB) by KBLOCKS K-blocks \
             (ceil(K / VS), VS = 16 or 32) in CUTLASS's 512-byte atoms (128 rows x 4 K-blocks, \
             byte 16 (m % 32) + 4 (m / 32 % 4) + s % 4), tiled K-first as \
             tile_atom_to_shape_SFA/SFB does (the MN-major scale factors, SfMNMajorAtom, are \
             the same bytes); each --at M,S says where scale factor (M, S) lies. \
             Then the banks of the one-warp transpose that builds the atoms from row-major \
             packed factors (DeepGEMM's). ISA + CuTe cross-checked, not silicon-verified.\n\n\
             e.g. fraglayout scales --rows 256 --kblocks 16 --at 37,3",
        ))
        .args([
            Arg::new("rows")
                .long("rows")
                .value_name("ROWS")
                .required(true)
                .value_parser(clap::value_parser!(u32))
                .help("rows of the operand: M for SFA, N for SFB"),
            Arg::new("kblocks")
                .long("kblocks")
                .value_name("KBLOCKS")
                .required(true)
                .value_parser(clap::value_parser!(u32))
                .help("scale factors along K: ceil(K / VS)"),
            Arg::new("at")
                .long("at")
                .value_name("M,S")
                .action(ArgAction::Append)
                .help("where scale factor (row M, K-block S) lies; may be repeated"),
            // No CUTLASS tiling puts the atoms along MN first: refused, saying so.
            Arg::new("mn-first")
                .long("mn-first")
                .action(ArgAction::SetTrue)
                .hide(true),
            json_out::flag(),
        ])
}

/// `scales ...`.
pub fn run(m: &ArgMatches) -> ExitCode {
    let rows = *m.get_one::<u32>("rows").expect("required");
    let kblocks = *m.get_one::<u32>("kblocks").expect("required");
    if m.get_flag("mn-first") {
        return usage(
            "scales",
            "--mn-first: no CUTLASS tiling puts the atoms along MN first; MN-major scale \
             factors (SfMNMajorAtom, scale vectors along M) lie where K-major ones do, with N \
             as --rows and ceil(M / VS) as --kblocks: drop --mn-first",
        );
    }
    let sf = ScaleAtoms::new(rows, kblocks);
    if let Err(e) = sf.check() {
        eprintln!("error: {}", e.message().as_str());
        return ExitCode::from(1);
    }
    let mut at = Vec::new();
    for text in m.get_many::<String>("at").into_iter().flatten() {
        match parse_at(text) {
            Some(p) => at.push(p),
            None => {
                let msg = format!("--at `{text}`: write a row and a K-block, e.g. --at 37,3");
                return usage("scales", &msg);
            }
        }
    }
    let mut places = Vec::new();
    for (row, s) in at {
        match sf.place(row, s) {
            Some(p) => places.push((row, s, p)),
            None => {
                eprintln!("error: {}", outside(&sf, row, s));
                return ExitCode::from(1);
            }
        }
    }
    if json_out::wanted(m) {
        return emit(&json(&sf, &places).text(), ExitCode::SUCCESS);
    }
    let mut out = tiling(&sf);
    for (row, s, p) in &places {
        out.push_str(&place(*row, *s, p));
    }
    out.push_str(&transposer());
    emit(&out, ExitCode::SUCCESS)
}

/// Why `(row, s)` is not in the tile.
fn outside(sf: &ScaleAtoms, row: u32, s: u32) -> String {
    format!(
        "scale factor ({row}, {s}) is outside the {} x {} tile: rows 0..{}, K-blocks 0..{}",
        sf.rows(),
        sf.kblocks(),
        sf.rows(),
        sf.kblocks()
    )
}

/// `scales --json`: `{rows, kblocks, atoms_mn, atoms_k, span_bytes, order, at: [{row,
/// kblock, byte, atom, atom_row, word, byte_in_word, bank, tmem_lanes, tmem_column}],
/// transposer: {reads, write, scalar_writes} or {error}}` (docs/CLI-JSON.md).
fn json(sf: &ScaleAtoms, places: &[(u32, u32, ScalePlace)]) -> J {
    let num = |x: u32| J::Num(x.into());
    let places = places.iter().map(|&(row, s, p)| {
        J::Obj(vec![
            ("row", num(row)),
            ("kblock", num(s)),
            ("byte", num(p.byte)),
            ("atom", num(p.atom)),
            ("atom_row", num(p.row)),
            ("word", num(p.word)),
            ("byte_in_word", num(p.byte_in_word)),
            ("bank", num(p.bank)),
            (
                "tmem_lanes",
                J::Arr((0..4).map(|q| num(p.row + 32 * q)).collect()),
            ),
            ("tmem_column", num(p.word)),
        ])
    });
    let transposer = match transposer_banks() {
        Ok(b) => J::Obj(vec![
            ("reads", json_out::wavefronts(&b.reads)),
            ("write", json_out::wavefronts(&b.write)),
            ("scalar_writes", json_out::wavefronts(&b.scalar_writes)),
        ]),
        Err(e) => J::Obj(vec![("error", J::s(e.message().as_str()))]),
    };
    J::Obj(vec![
        ("rows", num(sf.rows())),
        ("kblocks", num(sf.kblocks())),
        ("atoms_mn", num(sf.atoms_mn())),
        ("atoms_k", num(sf.atoms_k())),
        ("span_bytes", J::Num(sf.span_bytes())),
        ("order", J::s("k-first")),
        ("at", J::Arr(places.collect())),
        ("transposer", transposer),
    ])
}

/// `37,3` (spaces allowed around the numbers).
fn parse_at(text: &str) -> Option<(u32, u32)> {
    let (m, s) = text.split_once(',')?;
    Some((m.trim().parse().ok()?, s.trim().parse().ok()?))
}

/// The tile, its atoms and their order.
fn tiling(sf: &ScaleAtoms) -> String {
    format!(
        "scale factors: {} rows x {} K-blocks, one byte each\n\
         atoms: {} along MN x {} along K of 128 rows x 4 K-blocks (512 bytes), K-first (tile_atom_to_shape_SFA/SFB); {} bytes\n",
        sf.rows(),
        sf.kblocks(),
        sf.atoms_mn(),
        sf.atoms_k(),
        sf.span_bytes()
    )
}

/// Where `(row, s)` lies: `p`.
fn place(row: u32, s: u32, p: &ScalePlace) -> String {
    let lanes: Vec<String> = (0..4).map(|q| (p.row + 32 * q).to_string()).collect();
    let mut text = format!(
        "({row}, {s}): byte {}: atom {}, row {}, word {}, byte {}; bank {}\n",
        p.byte, p.atom, p.row, p.word, p.byte_in_word, p.bank
    );
    let _ = writeln!(
        text,
        "  tcgen05.cp.32x128b.warpx4 of its atom: TMEM lanes {}, column {} past the copy's \
         first, byte {} (sf_id {} for 1X)",
        lanes.join(", "),
        p.word,
        p.byte_in_word,
        p.byte_in_word
    );
    text
}

/// The transposer's bank report.
fn transposer() -> String {
    let line = |what: &str, w: Wavefronts| {
        let mut m = Message::new();
        w.write(&mut m);
        format!("  {what}: {}\n", m.as_str())
    };
    let mut text = String::from(
        "transposer (one warp, row-major packed u32 words to the atom, no shuffle):\n",
    );
    match transposer_banks() {
        Ok(b) => {
            text.push_str(&line("4 x ld.shared.b32, word 32 i + lane", b.reads));
            text.push_str(&line("1 x st.shared.v4.b32, word 4 lane", b.write));
            text.push_str(&line(
                "(4 x st.shared.b32, word 4 lane + i, for contrast)",
                b.scalar_writes,
            ));
        }
        Err(e) => {
            let _ = writeln!(text, "  {}", e.message().as_str());
        }
    }
    text
}
