//! Token-aware mutations of numeral text: numbers swapped for edge values, sources and
//! settings for one another, operators and brackets changed, rows inserted, repeated or cut,
//! other inputs spliced in, and the odd stray character.

use crate::rng::Rng;
use crate::tokens::{join, lex, Kind, Token};

/// The longest input the fuzzer builds, in bytes.
pub const MAX_LEN: usize = 4096;

/// Numbers at the edges: of the tile (2^16, 2^32), of `u32`, of a warp, and past `u64`.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "4",
    "7",
    "8",
    "16",
    "31",
    "32",
    "33",
    "64",
    "128",
    "255",
    "256",
    "1024",
    "2048",
    "4096",
    "65535",
    "65536",
    "65537",
    "1048576",
    "2147483648",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "340282366920938463463374607431768211456",
    "0x10",
    "1_000",
    "16u32",
    "8x8",
];

/// Words: the sources, the settings, names, and words the parser must refuse.
const WORDS: &[&str] = &[
    "lane", "warp", "e", "elements", "warps", "x", "N", "pub", "ACC", "numeral", "lanes",
    "element", "thread", "E", "crate", "self", "r#lane", "_",
];

/// Operators, separators and brackets.
const PUNCTS: &[&str] = &[
    "=>", "%", "/", ",", ":", "{", "}", "(", ")", "[", "]", "=", ">", "-", "*", ";", ".", "#", "!",
    "'", "\"", "//", "/*", "\\", "é", "\t", "\n", "\u{0}",
];

/// A random digit row: `SOURCE [/ D] [% R] => P`.
fn row(rng: &mut Rng) -> String {
    let mut s = rng.pick(&["lane", "warp", "e"]).to_string();
    if rng.one_in(2) {
        s += &format!(" / {}", number(rng, None));
    }
    if rng.one_in(2) {
        s += &format!(" % {}", number(rng, None));
    }
    s + &format!(" => {}", number(rng, None))
}

/// An edge number, or one near `near` (± 1, doubled, halved, a power of two above it).
fn number(rng: &mut Rng, near: Option<&str>) -> String {
    let n = near.and_then(|t| t.parse::<u64>().ok());
    match (n, rng.below(4)) {
        (Some(n), 0) => match rng.below(4) {
            0 => n.wrapping_add(1).to_string(),
            1 => n.saturating_sub(1).to_string(),
            2 => n.saturating_mul(2).to_string(),
            _ => (n / 2).to_string(),
        },
        (Some(n), 1) => n.checked_next_power_of_two().unwrap_or(n).to_string(),
        (_, 2) => (1u64 << rng.below(40)).to_string(),
        _ => rng.pick(NUMBERS).to_string(),
    }
}

/// The token positions of a kind.
fn positions(tokens: &[Token], kind: Kind) -> Vec<usize> {
    (0..tokens.len())
        .filter(|&i| tokens[i].kind == kind)
        .collect()
}

/// One mutation of `tokens`; `pool` lends other inputs for splicing.
fn mutate_once(rng: &mut Rng, tokens: &mut Vec<Token>, pool: &[String]) {
    let len = tokens.len();
    let at = if len == 0 { 0 } else { rng.below(len) };
    match rng.below(14) {
        0 | 1 => {
            let nums = positions(tokens, Kind::Num);
            if !nums.is_empty() {
                let i = *rng.pick(&nums);
                let n = number(rng, Some(&tokens[i].text));
                tokens[i] = Token::new(Kind::Num, &n);
            }
        }
        2 => {
            let words = positions(tokens, Kind::Word);
            if !words.is_empty() {
                let i = *rng.pick(&words);
                tokens[i] = Token::new(Kind::Word, rng.pick::<&str>(WORDS));
            }
        }
        3 => {
            let puncts = positions(tokens, Kind::Punct);
            if !puncts.is_empty() {
                let i = *rng.pick(&puncts);
                tokens[i] = Token::new(Kind::Punct, rng.pick::<&str>(PUNCTS));
            }
        }
        4 if len > 0 => {
            let end = (at + 1 + rng.below(3)).min(len);
            tokens.drain(at..end);
        }
        5 if len > 0 => {
            let end = (at + 1 + rng.below(6)).min(len);
            let copy: Vec<Token> = tokens[at..end].to_vec();
            tokens.splice(at..at, copy);
        }
        6 => {
            let t = match rng.below(3) {
                0 => Token::new(Kind::Num, &number(rng, None)),
                1 => Token::new(Kind::Word, rng.pick::<&str>(WORDS)),
                _ => Token::new(Kind::Punct, rng.pick::<&str>(PUNCTS)),
            };
            tokens.splice(at..at, [Token::new(Kind::Space, " "), t]);
        }
        7 | 8 => {
            // A new digit row after an opening brace or a comma.
            let anchors: Vec<usize> = (0..len)
                .filter(|&i| tokens[i].text == "{" || tokens[i].text == ",")
                .collect();
            if !anchors.is_empty() {
                let i = *rng.pick(&anchors) + 1;
                let text = format!(" {},", row(rng));
                tokens.splice(i..i, lex(&text));
            }
        }
        9 if !pool.is_empty() => {
            // A piece of another input, here.
            let other: &String = rng.pick(pool);
            let other = lex(other);
            if !other.is_empty() {
                let from = rng.below(other.len());
                let to = (from + 1 + rng.below(12)).min(other.len());
                tokens.splice(at..at, other[from..to].iter().cloned());
            }
        }
        10 if len > 1 => {
            let b = rng.below(len);
            tokens.swap(at, b);
        }
        11 => {
            // The last digit row (up to its comma) repeated, up to 100 times.
            let commas: Vec<usize> = (0..len).filter(|&i| tokens[i].text == ",").collect();
            if commas.len() >= 2 {
                let (a, b) = (commas[commas.len() - 2], commas[commas.len() - 1]);
                let copy: Vec<Token> = tokens[a + 1..=b].to_vec();
                let times = 1 + rng.below(100);
                for _ in 0..times {
                    tokens.splice(b + 1..b + 1, copy.iter().cloned());
                }
            }
        }
        12 => {
            // A setting added to the header.
            if let Some(brace) = tokens.iter().position(|t| t.text == "{") {
                let key = rng.pick(&["warps", "elements", "warps", "rows"]);
                let text = format!(", {key} {} ", number(rng, None));
                tokens.splice(brace..brace, lex(&text));
            }
        }
        _ => {
            // A raw character inserted or removed, for the lexer.
            let mut text = join(tokens);
            let chars: Vec<(usize, char)> = text.char_indices().collect();
            if !chars.is_empty() && rng.one_in(2) {
                let (i, c) = chars[rng.below(chars.len())];
                text.replace_range(i..i + c.len_utf8(), "");
            } else {
                let i = chars
                    .get(rng.below(chars.len() + 1))
                    .map_or(text.len(), |c| c.0);
                text.insert_str(i, rng.pick::<&str>(PUNCTS));
            }
            *tokens = lex(&text);
        }
    }
}

/// A mutant of `parent`: one to four mutations, at most [`MAX_LEN`] bytes.
pub fn mutate(rng: &mut Rng, parent: &str, pool: &[String]) -> String {
    let mut tokens = lex(parent);
    for _ in 0..1 + rng.below(4) {
        mutate_once(rng, &mut tokens, pool);
    }
    let mut text = join(&tokens);
    if text.len() > MAX_LEN {
        let mut cut = MAX_LEN;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        text.truncate(cut);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutants_are_deterministic_bounded_and_varied() {
        let parent = "16 x 8, elements 4 { e % 2 => 1, lane % 4 => 2, lane / 4 => 8, e / 2 => 64 }";
        let pool = vec![
            parent.to_string(),
            "64 x 8, warps 4 { warp => 16 }".to_string(),
        ];
        let run = |seed| {
            let mut rng = Rng::new(seed);
            (0..500)
                .map(|_| mutate(&mut rng, parent, &pool))
                .collect::<Vec<_>>()
        };
        let a = run(1);
        assert_eq!(a, run(1));
        assert!(a.iter().all(|m| m.len() <= MAX_LEN));
        let distinct: std::collections::BTreeSet<&String> = a.iter().collect();
        assert!(distinct.len() > 400, "{} distinct", distinct.len());
        // Some keep the shape, some break it: numbers, rows, settings and stray characters.
        assert!(a.iter().any(|m| m.contains("4294967296")));
        assert!(a.iter().any(|m| m.matches("=>").count() > 8));
        assert!(a.iter().any(|m| m.contains("warps")));
        assert!(a.iter().any(|m| !m.is_ascii()));
    }
}
