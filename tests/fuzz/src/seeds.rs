//! The seed corpus: `tests/fuzz/corpus/*.txt`, one input per file. It holds every distinct
//! catalog layout written as numeral text (`catalog-NAME.txt`, written by
//! `fuzz-check --write-catalog-seeds DIR`), the adversarial inputs of issue 11, the guides'
//! examples, and the inputs the fuzzer found.

use std::path::{Path, PathBuf};

use layout_core::catalog::CATALOG;
use layout_core::{Numeral, Source};

/// The committed corpus.
pub fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

/// Every `*.txt` in `dir`, sorted by name: `(file name, text)`.
pub fn load(dir: &Path) -> std::io::Result<Vec<(String, String)>> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "txt") {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            out.push((name, std::fs::read_to_string(&path)?));
        }
    }
    out.sort();
    Ok(out)
}

/// `n` as `numeral!` text, one digit per line, every range stated:
///
/// ```text
/// SM80_16x8x16_F32_C: 16 x 8, elements 4 {
///     e % 2 => 1,
///     lane % 4 => 2,
///     lane / 4 % 8 => 8,
///     e / 2 % 2 => 64,
/// }
/// ```
pub fn numeral_text(n: &Numeral) -> String {
    let mut s = format!("{}: {} x {}", n.name, n.rows, n.cols);
    if n.warps != 1 {
        s += &format!(", warps {}", n.warps);
    }
    s += &format!(", elements {} {{\n", n.elements);
    for d in n.digits {
        let source = match d.source {
            Source::Lane => "lane",
            Source::Warp => "warp",
            Source::Element => "e",
        };
        s += &format!("    {source}");
        if d.divisor != 1 {
            s += &format!(" / {}", d.divisor);
        }
        if d.is_broadcast() {
            s += &format!(" % {} => broadcast,\n", d.range);
        } else {
            s += &format!(" % {} => {},\n", d.range, d.place);
        }
    }
    s + "}\n"
}

/// One seed per distinct catalog layout (aliases drawn from one numeral under several names
/// give one): `(file name, text)`.
pub fn catalog_seeds() -> Vec<(String, String)> {
    let mut seen: Vec<&Numeral> = Vec::new();
    let mut out = Vec::new();
    for e in CATALOG {
        let n = e.numeral;
        let alias = seen.iter().any(|m| {
            (m.rows, m.cols, m.warps, m.elements, m.digits)
                == (n.rows, n.cols, n.warps, n.elements, n.digits)
        });
        if !alias {
            seen.push(n);
            out.push((format!("catalog-{}.txt", n.name), numeral_text(n)));
        }
    }
    out
}
