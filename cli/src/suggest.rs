//! Suggestions for a misspelt layout name or instruction: the nearest by edit distance, for a
//! layout name also by its [`stem`] (clap suggests commands and options).

use layout_core::catalog::CATALOG;

/// What is compared of a word at most: a suggestion for a 100 KB argument costs no more than
/// one for a name.
const MAX_CHARS: usize = 64;

/// The message for an unknown layout, with the nearest catalog or example layout names, or
/// of `more` (the tensor-memory names, `tmem::examples`): nearest by the whole name or by its
/// [`stem`], so that a name of another arch or majorness (`SM80_16x8x8_F16_A`) gets the
/// catalog's (`SM75_16x8x8_F16_A_ROW`); of two as near, the nearer whole name first.
pub fn unknown(name: &str, more: &[String]) -> String {
    let examples = layout_core::convert::examples::EXAMPLES
        .iter()
        .flat_map(|x| [x.from.name, x.to.name]);
    let mut candidates: Vec<&str> = CATALOG.iter().map(|e| e.name()).chain(examples).collect();
    candidates.extend(more.iter().map(String::as_str));
    let word = clipped(name);
    let word_stem = stem(&word);
    let near: Vec<String> = nearest_by(candidates.into_iter(), 3, |c| {
        let whole = distance(&word, &c.to_ascii_lowercase());
        (whole.min(distance(&word_stem, &stem(c))), whole)
    })
    .iter()
    .map(|n| format!("`{n}`"))
    .collect();
    format!(
        "unknown layout `{}`; did you mean {}? (`fraglayout list` shows the catalog, \
         `fraglayout convert --examples` the example layouts; write a tile of tiles as \
         NAME:RxC, or the numeral itself in quotes)",
        shortened(name),
        near.join(" or ")
    )
}

/// The message for an instruction the catalog has no layout for, with the nearest spellings.
pub fn unknown_instruction(ptx: &str) -> String {
    let near = nearest(
        ptx,
        CATALOG.iter().flat_map(|e| e.instructions.iter().copied()),
        2,
    );
    format!(
        "no layout for the instruction `{}`; did you mean {}? (`fraglayout list` shows every \
         instruction; write wgmma's N as a number)",
        shortened(ptx),
        near.join(" or ")
    )
}

/// Up to `take` candidates (as `` `name` ``) at the smallest distance from `word`, ignoring
/// case; at least one while there are candidates.
pub fn nearest<'a>(
    word: &str,
    candidates: impl Iterator<Item = &'a str>,
    take: usize,
) -> Vec<String> {
    nearest_words(word, candidates, take)
        .iter()
        .map(|n| format!("`{n}`"))
        .collect()
}

/// Up to `take` candidates at the smallest distance from `word`, ignoring case; at least one
/// while there are candidates.
pub fn nearest_words<'a>(
    word: &str,
    candidates: impl Iterator<Item = &'a str>,
    take: usize,
) -> Vec<&'a str> {
    let word = clipped(word);
    nearest_by(candidates, take, |c| {
        (distance(&word, &c.to_ascii_lowercase()), ())
    })
}

/// Up to `take` candidates of the smallest `score`'s first number, in the order of `score`
/// then name; at least one while there are candidates.
fn nearest_by<'a, K: Ord + Copy>(
    candidates: impl Iterator<Item = &'a str>,
    take: usize,
    score: impl Fn(&str) -> (usize, K),
) -> Vec<&'a str> {
    let mut scored: Vec<((usize, K), &str)> = candidates.map(|c| (score(c), c)).collect();
    scored.sort();
    scored.dedup();
    let best = scored.first().map(|s| s.0 .0);
    scored
        .iter()
        .take_while(|(d, _)| Some(d.0) == best)
        .take(take)
        .map(|&(_, n)| n)
        .collect()
}

/// `word` in lower case, its first [`MAX_CHARS`] characters: what is compared of it.
fn clipped(word: &str) -> String {
    word.chars()
        .take(MAX_CHARS)
        .collect::<String>()
        .to_ascii_lowercase()
}

/// A layout name in lower case without its arch prefix (`sm80_`, `sm90a_`) and majorness
/// suffix (`_row`, `_col`): what a name of another arch or majorness shares with the
/// catalog's (`SM80_16x8x8_F16_A` and `SM75_16x8x8_F16_A_ROW` are `16x8x8_f16_a`).
pub fn stem(name: &str) -> String {
    let lower = name.to_ascii_lowercase();
    let unprefixed = lower
        .strip_prefix("sm")
        .map(|r| r.trim_start_matches(|c: char| c.is_ascii_digit()))
        .filter(|r| r.len() + 2 < lower.len())
        .map(|r| r.strip_prefix('a').unwrap_or(r))
        .and_then(|r| r.strip_prefix('_'))
        .unwrap_or(&lower);
    let stem = unprefixed
        .strip_suffix("_row")
        .or_else(|| unprefixed.strip_suffix("_col"))
        .unwrap_or(unprefixed);
    stem.to_string()
}

/// A word as quoted back in a message: at most [`MAX_CHARS`] characters.
pub fn shortened(word: &str) -> String {
    match word.char_indices().nth(MAX_CHARS) {
        Some((i, _)) => format!("{}...", &word[..i]),
        None => word.to_string(),
    }
}

/// Levenshtein distance between two strings, by characters.
pub fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, &cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}
