//! `#[fragment_layout(...)]`'s arguments: the layout, then options in any order,
//! `NUMERAL [, scatter | gather [, packed]] [, bounds(ROWS, COLS)] [, fill = VALUE] [, unpaired]
//! [, vector = N] [, align = BYTES] [, shared = LAYOUT [, at = (ROW, COL)] [, conflict_free]]`.
//!
//! Reading stops at the first syntax error (the tokens after it cannot be read); the options
//! that read well are then checked together, and every clash among them is reported at once:
//! `vector = 2, packed, fill = 0` is told that `vector` and `packed` clash, that `packed` goes
//! with `gather`, and that so does `fill`.

use super::ast::{Args, Mode};
use super::errors::Errors;
use crate::argument::argument;
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::{Expr, Ident, LitInt, Token};

impl Parse for Args {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        if input.is_empty() {
            return Err(input.error(
                "name the layout: `#[fragment_layout(NUMERAL)]` or `#[fragment_layout(NUMERAL, gather)]`",
            ));
        }
        let numeral = argument(input)?;
        let mut options = Options::default();
        while input.peek(Token![,]) {
            input.parse::<Token![,]>()?;
            if input.is_empty() {
                break;
            }
            options.read(input.parse()?, input)?;
        }
        options.into_args(numeral)
    }
}

/// The options as written, each with its word for the span of an error about it.
#[derive(Default)]
struct Options {
    /// `gather` (or `scatter`, the default) written last.
    gather: bool,
    packed: Option<Ident>,
    bounds: Option<(Ident, Expr, Expr)>,
    fill: Option<(Ident, Expr)>,
    unpaired: Option<Ident>,
    vector: Option<(usize, LitInt)>,
    align: Option<(Ident, usize, LitInt)>,
    shared: Option<(Ident, Expr)>,
    at: Option<(Ident, Expr, Expr)>,
    conflict_free: Option<Ident>,
}

impl Options {
    /// Reads the option named `word` (and its value, if it takes one).
    fn read(&mut self, word: Ident, input: ParseStream) -> syn::Result<()> {
        match word.to_string().as_str() {
            "scatter" => self.gather = false,
            "gather" => self.gather = true,
            "packed" => self.packed = Some(word),
            "unpaired" => self.unpaired = Some(word),
            "vector" => self.vector = Some(vector_width(input)?),
            "align" => {
                let (bytes, lit) = align_bytes(input)?;
                self.align = Some((word, bytes, lit));
            }
            "bounds" => {
                let (rows, cols) = bounds_values(input)?;
                self.bounds = Some((word, rows, cols));
            }
            "conflict_free" => self.conflict_free = Some(word),
            "shared" => {
                input.parse::<Token![=]>().map_err(|e| {
                    syn::Error::new(
                        e.span(),
                        "`shared` takes the shared tile's layout: `shared = SMEM`",
                    )
                })?;
                self.shared = Some((word, argument(input)?));
            }
            "at" => {
                let (row, col) = place(input)?;
                self.at = Some((word, row, col));
            }
            "fill" => {
                input.parse::<Token![=]>()?;
                self.fill = Some((word, argument(input)?));
            }
            other => {
                return Err(syn::Error::new(
                    word.span(),
                    format!(
                        "unknown option `{other}`: use `scatter`, `gather`, `packed`, `unpaired`, \
                         `bounds(ROWS, COLS)`, `fill = VALUE`, `vector = N`, \
                         `align = BYTES`, `shared = LAYOUT`, `at = (ROW, COL)` or `conflict_free`"
                    ),
                ))
            }
        }
        Ok(())
    }

    /// The arguments, once the options' combinations check: every clash is reported.
    fn into_args(self, numeral: Expr) -> syn::Result<Args> {
        let mut errors = Errors::default();
        // One message a word: where `vector` and `shared` both exclude an option, the first
        // says to remove it; and `packed` told to go is not told to take `gather` as well.
        let mut clashed: Vec<String> = Vec::new();
        for (word, error) in self
            .vector_clashes()
            .into_iter()
            .chain(self.shared_clashes())
            .chain(self.align_clashes())
        {
            let word = word.to_string();
            if !clashed.contains(&word) {
                clashed.push(word);
                errors.push(error);
            }
        }
        let mode = self.mode(&mut errors, clashed.iter().any(|w| w == "packed"));
        if let (Some((word, _)), Mode::Scatter) = (&self.fill, mode) {
            errors.push(syn::Error::new(
                word.span(),
                "`fill` is the value a gather returns where it reads nothing (outside `bounds`, or for a lane outside the layout): it goes with `gather`",
            ));
        }
        errors.finish()?;
        Ok(Args {
            numeral,
            mode,
            bounds: self.bounds.map(|(_, rows, cols)| (rows, cols)),
            fill: self.fill.map(|(_, value)| value),
            unpaired: self.unpaired.is_some(),
            vector: self.vector,
            align: self.align.map(|(_, bytes, lit)| (bytes, lit)),
            packed: self.packed,
            shared: self.shared.map(|(_, layout)| layout),
            shared_at: self.at.map(|(_, row, col)| (row, col)),
            conflict_free: self.conflict_free,
        })
    }

    /// A vector body receives whole accesses: a partial tile may cut one, packing regroups the
    /// elements, and there is no run to turn off.
    fn vector_clashes(&self) -> Vec<(&Ident, syn::Error)> {
        if self.vector.is_none() {
            return Vec::new();
        }
        let bounds = self.bounds.as_ref().map(|(word, _, _)| word);
        [
            (self.packed.as_ref(), "`vector` and `packed` do not go together: a vector gather returns the elements unpacked, `[u16; N]` a call"),
            (bounds, "`vector` and `bounds` do not go together: a partial tile may cut an access of adjacent elements in two; use the element body for edge tiles"),
            (self.unpaired.as_ref(), "`unpaired` turns row runs off, and a `vector` body has none: remove `unpaired`"),
        ]
        .into_iter()
        .filter_map(|(word, msg)| word.map(|w| (w, syn::Error::new(w.span(), msg))))
        .collect()
    }

    /// `align = BYTES` groups a scalar body's adjacent elements into one access through its
    /// raw pointer: a `vector` body makes its own accesses, packing regroups the elements, and
    /// `unpaired` asks for element accesses. With `bounds` the groups are the whole tile's.
    fn align_clashes(&self) -> Vec<(&Ident, syn::Error)> {
        let Some((align, bytes, _)) = &self.align else {
            return Vec::new();
        };
        let vector = self.vector.as_ref().map(|_| align);
        let group = format!("`align = {bytes}` groups adjacent elements into one access");
        [
            (vector, format!("{group}, and a `vector = N` body makes its own accesses: remove `align`, and cast the body's pointer to an aligned type")),
            (self.packed.as_ref(), format!("{group}, and `packed` regroups the elements: remove `packed`, return the `[u16; N]` elements and pack them with `fraglayout::pack::pack_b16_array`")),
            (self.unpaired.as_ref(), format!("{group}, and `unpaired` asks for one access an element: remove one of them")),
        ]
        .into_iter()
        .filter_map(|(word, msg)| word.map(|w| (w, syn::Error::new(w.span(), msg))))
        .collect()
    }

    /// `shared = LAYOUT` hands the body offsets in a whole tile, element by element;
    /// `conflict_free` checks the banks of that access and needs it.
    fn shared_clashes(&self) -> Vec<(&Ident, syn::Error)> {
        if self.shared.is_none() {
            let at = self.at.as_ref().map(|(word, _, _)| word);
            return [
                (self.conflict_free.as_ref(), "`conflict_free` counts the bank conflicts of the access to a shared tile: it goes with `shared = LAYOUT`"),
                (at, "`at` places the numeral's tile in a shared tile: it goes with `shared = LAYOUT`"),
            ]
            .into_iter()
            .filter_map(|(word, msg)| word.map(|w| (w, syn::Error::new(w.span(), msg))))
            .collect();
        }
        let bounds = self.bounds.as_ref().map(|(word, _, _)| word);
        [
            (self.packed.as_ref(), "`shared` and `packed` do not go together: a shared gather returns the elements unpacked; remove `packed` (`pack::pack_b16_array` packs the result)"),
            (bounds, "`shared` and `bounds` do not go together: the shared layout holds the numeral's whole tile; remove `bounds` and bound the copy between shared and global memory"),
            (self.unpaired.as_ref(), "`unpaired` turns row runs off, and a `shared` body has none: remove `unpaired`"),
        ]
        .into_iter()
        .filter_map(|(word, msg)| word.map(|w| (w, syn::Error::new(w.span(), msg))))
        .collect()
    }

    /// Scatter, gather, or a packed gather; `packed` without `gather` is an error (and a
    /// scatter), unless `packed_clashed`: another option already says to remove it.
    fn mode(&self, errors: &mut Errors, packed_clashed: bool) -> Mode {
        match (&self.packed, self.gather) {
            (None, false) => Mode::Scatter,
            (None, true) => Mode::Gather,
            (Some(_), true) => Mode::GatherPacked,
            (Some(word), false) => {
                if !packed_clashed {
                    errors.push(syn::Error::new(word.span(), "`packed` goes with `gather`"));
                }
                Mode::Scatter
            }
        }
    }
}

/// `= N` after `vector`: the elements per access, 1 or more, and its literal.
fn vector_width(input: ParseStream) -> syn::Result<(usize, LitInt)> {
    input.parse::<Token![=]>()?;
    let lit: LitInt = input.parse().map_err(|e| {
        syn::Error::new(
            e.span(),
            "`vector` takes the elements per access as an integer: `vector = 2`",
        )
    })?;
    match lit.base10_parse::<usize>() {
        Ok(n) if n >= 1 => Ok((n, lit)),
        _ => Err(syn::Error::new(
            lit.span(),
            "`vector` takes the elements per access, 1 or more: `vector = 2`",
        )),
    }
}

/// `= N` after `align`: the bytes every access's address is a multiple of, a power of two
/// up to 256, and its literal.
fn align_bytes(input: ParseStream) -> syn::Result<(usize, LitInt)> {
    input.parse::<Token![=]>()?;
    let lit: LitInt = input.parse().map_err(|e| {
        syn::Error::new(
            e.span(),
            "`align` takes the bytes the base pointer and each row start are a multiple of, as an integer: `align = 8`",
        )
    })?;
    match lit.base10_parse::<usize>() {
        Ok(n) if n.is_power_of_two() && n <= 256 => Ok((n, lit)),
        Ok(n) => {
            // The greatest power of two at most `n`, within 1 to 256.
            let fix = match n {
                0 => 1,
                n if n > 256 => 256,
                n => 1 << (usize::BITS - 1 - n.leading_zeros()),
            };
            Err(syn::Error::new(
                lit.span(),
                format!(
                    "`align = {n}` is not a power of two from 1 to 256 bytes: use `align = {fix}`"
                ),
            ))
        }
        Err(_) => Err(syn::Error::new(
            lit.span(),
            "`align` takes the bytes, a power of two from 1 to 256: `align = 8`",
        )),
    }
}

/// `= (ROW, COL)` after `at`: exactly two expressions.
fn place(input: ParseStream) -> syn::Result<(Expr, Expr)> {
    const WHAT: &str = "`at` takes the shared tile's row and column where the numeral's tile starts: `at = (16, 32)`";
    input
        .parse::<Token![=]>()
        .map_err(|e| syn::Error::new(e.span(), WHAT))?;
    let inner;
    let paren = syn::parenthesized!(inner in input);
    let values: Vec<Expr> = Punctuated::<Expr, Token![,]>::parse_terminated_with(&inner, argument)
        .map(|v| v.into_iter().collect())
        .unwrap_or_default();
    match <[Expr; 2]>::try_from(values) {
        Ok([row, col]) => Ok((row, col)),
        Err(_) => Err(syn::Error::new(paren.span.join(), WHAT)),
    }
}

/// `(ROWS, COLS)` after `bounds`: exactly two expressions.
fn bounds_values(input: ParseStream) -> syn::Result<(Expr, Expr)> {
    let inner;
    let paren = syn::parenthesized!(inner in input);
    let values: Vec<Expr> = Punctuated::<Expr, Token![,]>::parse_terminated_with(&inner, argument)
        .map(|v| v.into_iter().collect())
        .unwrap_or_default();
    match <[Expr; 2]>::try_from(values) {
        Ok([rows, cols]) => Ok((rows, cols)),
        Err(_) => Err(syn::Error::new(
            paren.span.join(),
            "`bounds` takes the valid rows and columns of the tile, two expressions of the parameters: `bounds(m, n)` or `bounds(m - i, n - j)`",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn messages(args: &str) -> Vec<String> {
        match syn::parse_str::<Args>(args) {
            Ok(_) => Vec::new(),
            Err(e) => e.into_iter().map(|e| e.to_string()).collect(),
        }
    }

    #[test]
    fn every_clash_among_the_options_is_reported_in_order() {
        let all = messages("L, vector = 2, packed, fill = 0");
        assert_eq!(all.len(), 2, "{all:?}");
        assert!(all[0].starts_with("`vector` and `packed` do not go together"));
        assert!(all[1].starts_with("`fill` is the value a gather returns"));
        // `packed` alone without `gather` is told to take it.
        assert_eq!(messages("L, packed"), ["`packed` goes with `gather`"]);
        // A packed gather takes `fill`; only the clash with `vector` is left.
        assert_eq!(messages("L, gather, packed, vector = 2, fill = 0").len(), 1);
        assert!(messages("L, gather, packed, fill = 0").is_empty());
    }

    #[test]
    fn shared_excludes_packed_bounds_and_unpaired_each_on_its_word() {
        let all = messages("L, gather, packed, bounds(m, n), unpaired, shared = S, conflict_free");
        assert_eq!(all.len(), 3, "{all:?}");
        assert!(all[0].starts_with("`shared` and `packed` do not go together"));
        assert!(all[1].starts_with("`shared` and `bounds` do not go together"));
        assert!(all[2].starts_with("`unpaired` turns row runs off"));
        assert!(all.iter().all(|m| m.contains("remove `")), "{all:?}");
        assert!(messages("L, gather, shared = S, conflict_free").is_empty());
        // One message a word: `vector` and `shared` both exclude `bounds` and `packed`, and
        // a `packed` told to go is not told to take `gather`.
        let both = messages("L, vector = 2, shared = S, packed, bounds(m, n)");
        assert_eq!(both.len(), 2, "{both:?}");
        assert!(both[0].starts_with("`vector` and `packed`"), "{both:?}");
        assert!(both[1].starts_with("`vector` and `bounds`"), "{both:?}");
        assert_eq!(messages("L, conflict_free").len(), 1);
    }

    #[test]
    fn align_with_packed_says_how_to_pack() {
        let all = messages("L, gather, packed, align = 4");
        assert_eq!(all.len(), 1, "{all:?}");
        assert!(
            all[0].starts_with("`align = 4` groups adjacent elements"),
            "{all:?}"
        );
        assert!(all[0].contains("remove `packed`"), "{all:?}");
        assert!(
            all[0].contains("`fraglayout::pack::pack_b16_array`"),
            "{all:?}"
        );
        assert!(messages("L, gather, align = 4").is_empty());
    }

    #[test]
    fn a_syntax_error_stops_reading() {
        // `fill` would clash too, but the tokens after `vector` are not read.
        assert_eq!(
            messages("L, vector = x, fill = 0"),
            ["`vector` takes the elements per access as an integer: `vector = 2`"]
        );
        assert_eq!(
            messages("L, bounds(m), fill = 0"),
            ["`bounds` takes the valid rows and columns of the tile, two expressions of the parameters: `bounds(m, n)` or `bounds(m - i, n - j)`"]
        );
    }
}
