//! One input through `fraglayout check`'s own code ([`crate::check::check`]), judged:
//!
//! 1. it does not panic, and answers within the budget;
//! 2. what it prints is bounded: at most [`OUT_LIMIT`] bytes on stdout and as many on stderr,
//!    each plus twice the input (the name is echoed twice; an error quotes its line);
//! 3. the verdict and the drawing are those of the numeral `check_numeral` reads: the digit
//!    table (when valid) and the grid, as layout-core renders it;
//! 4. an accepted numeral is a bijection by brute force (every `(thread, e)` on a distinct
//!    in-tile cell, every cell covered, every digit value taken); one too large for that
//!    (more than [`BRUTE_PAIRS`] pairs) is checked on a deterministic sample instead;
//! 5. a drawn grid names the brute-force claimants of every drawn cell and lists exactly the
//!    brute-force collisions, gaps and outside claims (up to [`BRUTE_PAIRS`] pairs).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use fraglayout_tests::{grid_text, ownership};
use layout_core::Numeral;
use proc_macro2::{Ident, Punct, Spacing, TokenStream, TokenTree};

use crate::check;

/// The most `check` may print on stdout, beyond twice the input (the name, echoed in the
/// digit table's and the grid's first lines).
pub const OUT_LIMIT: usize = 64 * 1024;

/// The most `(thread, e)` pairs the brute force walks.
pub const BRUTE_PAIRS: u64 = 1 << 18;

/// Pairs sampled in an accepted numeral too large for the brute force.
const SAMPLES: u64 = 4096;

/// What a clean input did.
#[derive(Clone, Debug)]
pub struct Verdict {
    pub valid: bool,
    /// `check` took this long (the checks of this module not included).
    pub took: Duration,
    pub out_bytes: usize,
    pub err_bytes: usize,
    /// Accepted, but checked on a sample: too large for the brute force.
    pub sampled: bool,
    /// What kind of answer it was, for the fuzzer's feedback: the verdict, whether a grid
    /// was drawn, and the start of the first error message.
    pub feature: String,
}

/// What is wrong with an input's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    Panic(String),
    Slow(Duration),
    Output { out: usize, limit: usize },
    Errors { err: usize, limit: usize },
    Mismatch(String),
    NotBijection(String),
    Drawing(String),
}

impl Finding {
    /// The kind, for counting: `panic`, `slow`, `stdout`, `stderr`, `mismatch`,
    /// `not a bijection`, `drawing`.
    pub fn kind(&self) -> &'static str {
        match self {
            Finding::Panic(_) => "panic",
            Finding::Slow(_) => "slow",
            Finding::Output { .. } => "stdout",
            Finding::Errors { .. } => "stderr",
            Finding::Mismatch(_) => "mismatch",
            Finding::NotBijection(_) => "not a bijection",
            Finding::Drawing(_) => "drawing",
        }
    }
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Finding::Panic(m) => write!(f, "panic: {m}"),
            Finding::Slow(t) => write!(f, "slow: {:.3} s", t.as_secs_f64()),
            Finding::Output { out, limit } => {
                write!(f, "output: {out} bytes on stdout, over {limit}")
            }
            Finding::Errors { err, limit } => {
                write!(f, "output: {err} bytes on stderr, over {limit}")
            }
            Finding::Mismatch(m) => write!(f, "mismatch: {m}"),
            Finding::NotBijection(m) => write!(f, "accepted but not a bijection: {m}"),
            Finding::Drawing(m) => write!(f, "drawing: {m}"),
        }
    }
}

/// The text of a panic payload.
pub fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<String>()
        .cloned()
        .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "panic".into())
}

/// The declaration as `check` names it: `numeral:` in front when it starts with the shape.
/// (`check`'s own helper is private; [`judge`] compares the two answers, so a difference
/// shows as a mismatch.)
fn named(tokens: TokenStream) -> TokenStream {
    if !matches!(
        tokens.clone().into_iter().next(),
        Some(TokenTree::Literal(_))
    ) {
        return tokens;
    }
    let mut out: TokenStream = [
        TokenTree::Ident(Ident::new("numeral", proc_macro2::Span::call_site())),
        TokenTree::Punct(Punct::new(':', Spacing::Alone)),
    ]
    .into_iter()
    .collect();
    out.extend(tokens);
    out
}

/// `32 * warps * elements`.
fn pairs(n: &Numeral) -> u64 {
    (32 * n.warps as u64).saturating_mul(n.elements as u64)
}

/// Judges one input; `budget` bounds `check`'s time.
pub fn judge(text: &str, budget: Duration) -> Result<Verdict, Finding> {
    let start = Instant::now();
    let report = catch_unwind(|| check::check(text))
        .map_err(|p| Finding::Panic(format!("in check: {}", panic_text(&*p))))?;
    let took = start.elapsed();
    if took > budget {
        return Err(Finding::Slow(took));
    }
    let limit = OUT_LIMIT + 2 * text.len();
    if report.out.len() > limit {
        return Err(Finding::Output {
            out: report.out.len(),
            limit,
        });
    }
    if report.errors.len() > limit {
        return Err(Finding::Errors {
            err: report.errors.len(),
            limit,
        });
    }
    let mut v = Verdict {
        valid: report.valid,
        took,
        out_bytes: report.out.len(),
        err_bytes: report.errors.len(),
        sampled: false,
        feature: String::new(),
    };
    // The kinds of error: each message up to its first number or quoted token.
    let kinds: std::collections::BTreeSet<&str> = report
        .errors
        .lines()
        .filter_map(|l| l.strip_prefix("error: "))
        .map(|m| {
            m.split(|c: char| c.is_ascii_digit() || c == '`')
                .next()
                .unwrap_or("")
        })
        .collect();
    let note = report
        .out
        .lines()
        .find(|l| l.ends_with(')') && l.contains(" to draw"));
    v.feature = format!(
        "{} {} {kinds:?} {:?}",
        report.valid,
        report.out.contains("\nr\\c"),
        note.map(|l| l.split(':').nth(1))
    );

    let Ok(tokens) = text.parse::<TokenStream>() else {
        return if report.valid || !report.out.is_empty() {
            Err(Finding::Mismatch(
                "text that does not lex was answered".into(),
            ))
        } else {
            Ok(v)
        };
    };
    let result = catch_unwind(AssertUnwindSafe(|| {
        layout_codegen::check_numeral(named(tokens))
    }))
    .map_err(|p| Finding::Panic(format!("in check_numeral: {}", panic_text(&*p))))?;
    if result.is_valid() != report.valid {
        return Err(Finding::Mismatch(format!(
            "check says valid = {}, check_numeral {}",
            report.valid,
            result.is_valid()
        )));
    }
    let Some(owned) = &result.numeral else {
        return if report.valid || !report.out.is_empty() {
            Err(Finding::Mismatch("no numeral, yet an answer".into()))
        } else {
            Ok(v)
        };
    };
    if owned.digits.len() > layout_core::MAX_DIGITS {
        // More digits than a numeral holds: `check` says so and draws nothing.
        return if report.out.is_empty() {
            Ok(v)
        } else {
            Err(Finding::Mismatch("a grid drawn for too many digits".into()))
        };
    }
    let n = owned.as_numeral();
    let mut grid = String::new();
    let mut want = String::new();
    catch_unwind(AssertUnwindSafe(|| {
        if report.valid {
            layout_core::render::digit_table(&n, &mut want).unwrap();
            want.push('\n');
        }
        layout_core::render::grid(&n, &mut grid).unwrap();
    }))
    .map_err(|p| Finding::Panic(format!("in render: {}", panic_text(&*p))))?;
    want += &grid;
    if want != report.out {
        return Err(Finding::Mismatch(
            "stdout is not the numeral's table and grid".into(),
        ));
    }
    if report.valid {
        if pairs(&n) <= BRUTE_PAIRS {
            if !ownership::is_exact(&n) {
                return Err(Finding::NotBijection(format!("{n:?}")));
            }
        } else {
            sample(&n)?;
            v.sampled = true;
        }
    }
    if grid.contains("\nr\\c") && pairs(&n) <= BRUTE_PAIRS && n.size() <= BRUTE_PAIRS {
        grid_text::verify(&n, &grid).map_err(Finding::Drawing)?;
    }
    if !report.valid && !grid.contains("\nr\\c") && !grid.contains(" to draw") {
        return Err(Finding::Drawing("no grid and no note saying why".into()));
    }
    Ok(v)
}

/// An accepted numeral too large for the brute force: a deterministic sample of pairs lands
/// in the tile and decodes back, and so does a sample of cells; and the pairs are as many as
/// the cells.
fn sample(n: &Numeral) -> Result<(), Finding> {
    // Under broadcast digits, `copies` pairs hold each cell; decode gives one of them.
    if pairs(n) != n.size() * n.copies() {
        return Err(Finding::NotBijection(format!(
            "{} pairs for {} cells",
            pairs(n),
            n.size()
        )));
    }
    let mut rng = crate::rng::Rng::new(n.size());
    for _ in 0..SAMPLES {
        let (t, e) = (
            rng.below(n.threads() as usize) as u32,
            rng.below(n.elements as usize) as u32,
        );
        match n.offset(t, e) {
            Some(off) if n.decode(off) == Some((t, e)) => {}
            // A declared copy decodes to its representative, which holds the same cell.
            Some(off)
                if n.copies() > 1
                    && n.decode(off).and_then(|(r, f)| n.offset(r, f)) == Some(off) => {}
            other => {
                return Err(Finding::NotBijection(format!(
                    "({t}, {e}) -> {other:?} does not decode back"
                )))
            }
        }
        let off = rng.below(n.size() as usize) as u32;
        match n.decode(off) {
            Some((t, e)) if n.offset(t, e) == Some(off) => {}
            other => {
                return Err(Finding::NotBijection(format!(
                    "offset {off} decodes to {other:?}"
                )))
            }
        }
    }
    Ok(())
}
