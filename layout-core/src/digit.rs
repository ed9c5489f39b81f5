//! One digit of a fragment numeral: where its value comes from and where it lands.

/// The input a digit reads its value from.
///
/// A warp-level fragment is indexed by the `lane` (0..32) and the element index `e` within the
/// lane's fragment (0..elements). Warpgroup layouts (`wgmma`, 128 threads) add the `warp` index
/// within the group (0..warps). Together, lane and warp form the *thread* index
/// `thread = warp * 32 + lane` that every operation of [`Numeral`](crate::Numeral) takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// The lane id within the warp, 0..32.
    Lane,
    /// The warp index within a warpgroup, 0..warps.
    Warp,
    /// The element index within one thread's fragment, 0..elements.
    Element,
}

/// The words for each source, in one place: every message, table, parser and tool takes its
/// words from here (see the methods of [`Source`]).
///
/// | source    | `name` | `singular` | `noun`     |
/// |-----------|--------|------------|------------|
/// | `Lane`    | `lane` | `lane`     | `lanes`    |
/// | `Warp`    | `warp` | `warp`     | `warps`    |
/// | `Element` | `e`    | `element`  | `elements` |
const WORDS: [(&str, &str, &str); 3] = [
    ("lane", "lane", "lanes"),
    ("warp", "warp", "warps"),
    ("e", "element", "elements"),
];

impl Source {
    /// All sources, in the order messages and tables list them.
    pub const ALL: [Source; 3] = [Source::Lane, Source::Warp, Source::Element];

    /// The name used in digit expressions: `lane`, `warp`, `e`.
    pub const fn name(self) -> &'static str {
        WORDS[self.index()].0
    }

    /// The singular noun: `lane`, `warp`, `element`. Also the word tools write for a source
    /// (the `source` field of `fraglayout json`), and the name of its [`Digit`] constructor
    /// ([`constructor`](Self::constructor)).
    pub const fn singular(self) -> &'static str {
        WORDS[self.index()].1
    }

    /// The plural noun used in messages: `lanes`, `warps`, `elements`; also the header setting
    /// of `numeral!` that sets the count (`warps 4`, `elements 8`).
    pub const fn noun(self) -> &'static str {
        WORDS[self.index()].2
    }

    /// The [`Digit`] constructor that builds a digit of this source, as `numeral!` expands it:
    /// `lane` ([`Digit::lane`]), `warp` ([`Digit::warp`]), `element` ([`Digit::element`]).
    pub const fn constructor(self) -> &'static str {
        self.singular()
    }

    /// The source a digit expression names: `lane`, `warp` or `e` (exactly, as
    /// [`name`](Self::name) writes them); `None` for any other word.
    pub const fn from_name(word: &str) -> Option<Source> {
        let mut k = 0;
        while k < Source::ALL.len() {
            if bytes_eq(word.as_bytes(), WORDS[k].0.as_bytes()) {
                return Some(Source::ALL[k]);
            }
            k += 1;
        }
        None
    }

    /// A small index (0, 1, 2) for per-source tables, the position in [`ALL`](Self::ALL).
    pub const fn index(self) -> usize {
        match self {
            Source::Lane => 0,
            Source::Warp => 1,
            Source::Element => 2,
        }
    }
}

/// Byte-wise equality in `const` context.
pub(crate) const fn bytes_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// One digit of the numeral: `(source / divisor) % range`, weighted by `place` in the tile's
/// row-major offset.
///
/// | field     | meaning                                                       |
/// |-----------|---------------------------------------------------------------|
/// | `source`  | the input the digit reads (`lane`, `warp` or `e`)             |
/// | `divisor` | which sub-digit of the input: the product of the lower ranges |
/// | `range`   | how many values the digit takes (2 or more)                   |
/// | `place`   | its place value in the tile's row-major offset                |
///
/// `lane / 4` in a 32-lane warp is `Digit::lane(4, 8, place)`: divisor 4, range 8. The fields
/// are `u32`, like everything inside a tile ([integer types](crate::conventions#integer-types)).
///
/// A lane or warp digit at place 0 is a *broadcast* digit ([`Digit::broadcast`]): its values
/// do not move the element, so the threads it tells apart hold the same element, as the lanes
/// that supply one block-scaled MMA scale factor do (CuTe's stride-0 modes, Triton's zero
/// bases). An element digit cannot broadcast: one thread's registers hold distinct elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Digit {
    /// The input the digit reads.
    pub source: Source,
    /// The digit's value is `(input / divisor) % range`.
    pub divisor: u32,
    /// The number of values the digit takes.
    pub range: u32,
    /// The digit's place value in the tile's row-major offset.
    pub place: u32,
}

impl Digit {
    /// A digit of `source`: `(source / divisor) % range`, at `place`.
    pub const fn new(source: Source, divisor: u32, range: u32, place: u32) -> Digit {
        Digit {
            source,
            divisor,
            range,
            place,
        }
    }

    /// `(lane / divisor) % range`, at `place`.
    pub const fn lane(divisor: u32, range: u32, place: u32) -> Digit {
        Digit::new(Source::Lane, divisor, range, place)
    }

    /// `(warp / divisor) % range`, at `place`.
    pub const fn warp(divisor: u32, range: u32, place: u32) -> Digit {
        Digit::new(Source::Warp, divisor, range, place)
    }

    /// `(e / divisor) % range`, at `place`.
    pub const fn element(divisor: u32, range: u32, place: u32) -> Digit {
        Digit::new(Source::Element, divisor, range, place)
    }

    /// A broadcast digit `(source / divisor) % range`: place 0, so the `range` threads it
    /// tells apart hold the same element. `source` is [`Source::Lane`] or [`Source::Warp`];
    /// [`Numeral::check`](crate::Numeral::check) refuses an element digit at place 0.
    /// `numeral!` writes it `lane / 2 % 2 => broadcast`.
    pub const fn broadcast(source: Source, divisor: u32, range: u32) -> Digit {
        Digit::new(source, divisor, range, 0)
    }

    /// Whether the digit is a broadcast digit: at place 0 (see [`broadcast`](Self::broadcast)).
    pub const fn is_broadcast(&self) -> bool {
        self.place == 0
    }

    /// The digit's value for an input value, `(input / divisor) % range`.
    ///
    /// A digit with divisor or range 0 (which [`Numeral::check`](crate::Numeral::check)
    /// rejects) has value 0 rather than panicking.
    pub const fn value_of(&self, input: u32) -> u32 {
        if self.divisor == 0 || self.range == 0 {
            return 0;
        }
        (input / self.divisor) % self.range
    }

    /// The first sub-digit of the input above this digit: `divisor * range`
    /// (saturating, so a broken digit cannot overflow).
    pub const fn top(&self) -> u64 {
        self.divisor as u64 * self.range as u64
    }

    /// The first place above this digit: `place * range` (no overflow in `u64`).
    pub const fn place_top(&self) -> u64 {
        self.place as u64 * self.range as u64
    }
}
