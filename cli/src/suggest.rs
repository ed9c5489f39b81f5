//! Suggestions for a misspelt layout name, instruction or command: the nearest by edit
//! distance.

use layout_core::catalog::CATALOG;

/// The commands, for suggestions.
const COMMANDS: &[&str] = &[
    "list", "show", "svg", "expand", "check", "convert", "banks", "smem", "json", "help",
];

/// What is compared of a word at most: a suggestion for a 100 KB argument costs no more than
/// one for a name.
const MAX_CHARS: usize = 64;

/// The message for an unknown name, with the nearest names.
pub fn unknown(name: &str) -> String {
    let near = nearest(name, CATALOG.iter().map(|e| e.name()), 3);
    format!(
        "unknown layout `{}`; did you mean {}? (`fraglayout list` shows all)",
        shortened(name),
        near.join(" or ")
    )
}

/// The message for an unknown layout given to `convert`, with the nearest catalog or example
/// layout names.
pub fn unknown_convert(name: &str) -> String {
    let examples = layout_core::convert::examples::EXAMPLES
        .iter()
        .flat_map(|x| [x.from.name, x.to.name]);
    let near = nearest(name, CATALOG.iter().map(|e| e.name()).chain(examples), 3);
    format!(
        "unknown layout `{}`; did you mean {}? (`fraglayout list` shows the catalog, \
         `fraglayout convert --examples` the example layouts; write a tile of tiles as \
         NAME[RxC], or the numeral itself in quotes)",
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

/// The message for an unknown command, with the nearest command when one is close.
pub fn command(cmd: &str) -> String {
    let near = nearest(cmd, COMMANDS.iter().copied(), 1);
    let close = distance(&cmd.to_ascii_lowercase(), near[0].trim_matches('`')) <= 2;
    if close {
        format!(
            "unknown command `{}`; did you mean {}?",
            shortened(cmd),
            near[0]
        )
    } else {
        format!("unknown command `{}`", shortened(cmd))
    }
}

/// Up to `take` candidates (as `` `name` ``) at the smallest distance from `word`, ignoring
/// case; at least one while there are candidates.
fn nearest<'a>(word: &str, candidates: impl Iterator<Item = &'a str>, take: usize) -> Vec<String> {
    let lower: String = word
        .chars()
        .take(MAX_CHARS)
        .collect::<String>()
        .to_ascii_lowercase();
    let mut scored: Vec<(usize, &str)> = candidates
        .map(|c| (distance(&lower, &c.to_ascii_lowercase()), c))
        .collect();
    scored.sort();
    scored.dedup();
    let best = scored.first().map_or(0, |s| s.0);
    scored
        .iter()
        .take_while(|(d, _)| *d == best)
        .take(take)
        .map(|(_, n)| format!("`{n}`"))
        .collect()
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
