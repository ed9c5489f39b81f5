//! Numeral text as tokens for mutation: numbers, words, operators, brackets and the space
//! between them, so that joining the tokens gives the text back.
//!
//! ```text
//! "16 x 8 { lane => 1 }"  ->  Num "16", Space " ", Word "x", Space " ", Num "8", Space " ",
//!                             Punct "{", Space " ", Word "lane", Space " ", Punct "=>", ...
//! ```

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Num,
    Word,
    Punct,
    Space,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: Kind,
    pub text: String,
}

impl Token {
    pub fn new(kind: Kind, text: &str) -> Token {
        Token {
            kind,
            text: text.to_string(),
        }
    }
}

/// Splits `text` into tokens; `join(&lex(t)) == t` for every `t`.
pub fn lex(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let run = |i: usize, f: &dyn Fn(char) -> bool| {
            let mut j = i;
            while j < chars.len() && f(chars[j]) {
                j += 1;
            }
            j
        };
        let (kind, end) = if c.is_ascii_digit() {
            (Kind::Num, run(i, &|c| c.is_ascii_digit()))
        } else if c.is_alphabetic() || c == '_' {
            (Kind::Word, run(i, &|c| c.is_alphanumeric() || c == '_'))
        } else if c.is_whitespace() {
            (Kind::Space, run(i, &|c| c.is_whitespace()))
        } else if c == '=' && chars.get(i + 1) == Some(&'>') {
            (Kind::Punct, i + 2)
        } else {
            (Kind::Punct, i + 1)
        };
        out.push(Token {
            kind,
            text: chars[i..end].iter().collect(),
        });
        i = end;
    }
    out
}

/// The text of `tokens`, concatenated.
pub fn join(tokens: &[Token]) -> String {
    tokens.iter().map(|t| t.text.as_str()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lexing_splits_and_joining_restores() {
        let text = "N: 16x8, warps 4 {\n  (lane / 4) % 8 => 16, é→ }";
        let tokens = lex(text);
        assert_eq!(join(&tokens), text);
        let kinds: Vec<Kind> = tokens.iter().take(5).map(|t| t.kind).collect();
        assert_eq!(
            kinds,
            [Kind::Word, Kind::Punct, Kind::Space, Kind::Num, Kind::Word]
        );
        assert!(tokens.contains(&Token::new(Kind::Punct, "=>")));
        assert!(tokens.contains(&Token::new(Kind::Word, "é")));
    }
}
