//! The committed seed corpus replays clean, the catalog seeds are current, and a short
//! deterministic run of mutants finds nothing new. Time is only a tripwire here (a debug
//! build): the release run in `.ci/run` holds each input to 2 s.
//!
//! `issue-check-stderr-quadratic.txt` is the fuzzer's first finding, kept as a regression:
//! `fraglayout check` once wrote 1.5 MB of errors for its 3.3 KB (each error quoted the whole
//! line).

use std::time::Duration;

use fraglayout_fuzz::oracle::{judge, Finding};
use fraglayout_fuzz::{mutate, rng::Rng, seeds};

/// A tripwire, not a budget: a debug build, on a busy machine.
const TRIPWIRE: Duration = Duration::from_secs(120);

fn corpus() -> Vec<(String, String)> {
    seeds::load(&seeds::corpus_dir()).unwrap()
}

#[test]
fn every_seed_is_judged_clean() {
    let corpus = corpus();
    assert!(corpus.len() > 80, "{} seeds", corpus.len());
    for (name, text) in &corpus {
        match judge(text, TRIPWIRE) {
            Ok(_) => {}
            Err(f) => panic!("{name}: {f}"),
        }
    }
}

#[test]
fn catalog_seeds_are_current_and_accepted() {
    let committed: Vec<(String, String)> = corpus()
        .into_iter()
        .filter(|(name, _)| name.starts_with("catalog-"))
        .collect();
    let mut want = seeds::catalog_seeds();
    want.sort();
    assert_eq!(
        committed, want,
        "regenerate with `cargo run -p fraglayout-fuzz -- --write-catalog-seeds tests/fuzz/corpus`"
    );
    for (name, text) in &committed {
        let v = judge(text, TRIPWIRE).unwrap_or_else(|f| panic!("{name}: {f}"));
        assert!(v.valid, "{name}");
    }
}

/// Issue 11's inputs: rejected, with a bounded drawing (the grid and its lists within 64 KiB).
#[test]
fn the_issue_inputs_are_rejected_with_a_bounded_drawing() {
    let corpus = corpus();
    let issue: Vec<&(String, String)> = corpus
        .iter()
        .filter(|(n, _)| n.starts_with("issue-11-"))
        .collect();
    assert_eq!(issue.len(), 3);
    for (name, text) in issue {
        let v = judge(text, TRIPWIRE).unwrap_or_else(|f| panic!("{name}: {f}"));
        assert!(!v.valid, "{name}");
        assert!(
            v.out_bytes > 10_000 && v.out_bytes <= 64 * 1024,
            "{name}: {}",
            v.out_bytes
        );
    }
}

/// 300 mutants of the corpus, always the same ones: nothing is found, and
/// the oracle sees accepted numerals, rejected ones, and text that does not parse.
#[test]
fn a_short_seeded_run_finds_nothing_new() {
    let pool: Vec<String> = corpus().into_iter().map(|(_, t)| t).collect();
    let mut rng = Rng::new(2024);
    let (mut valid, mut invalid) = (0, 0);
    for _ in 0..300 {
        let parent = rng.pick(&pool).clone();
        let text = mutate::mutate(&mut rng, &parent, &pool);
        match judge(&text, TRIPWIRE) {
            Ok(v) if v.valid => valid += 1,
            Ok(_) => invalid += 1,
            Err(f) => panic!("{f}\n  input: {text:?}"),
        }
    }
    assert!(
        valid > 0 && invalid > 100,
        "{valid} valid, {invalid} invalid"
    );
}

/// The oracle itself catches what it is meant to: a budget that is too small is a finding.
#[test]
fn an_input_over_budget_is_a_finding() {
    let text = "16 x 8, elements 4 { e % 2 => 1, lane % 4 => 2, lane / 4 => 8, e / 2 => 64 }";
    assert!(matches!(judge(text, Duration::ZERO), Err(Finding::Slow(_))));
    assert!(judge(text, TRIPWIRE).unwrap().valid);
}
