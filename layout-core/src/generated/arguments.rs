//! The user's arguments as generated code takes them: the lane parameter as a thread index, coordinates to typed closure parameters, and the value a gather
//! returns where it reads nothing. Each is a trait implemented for the types that convert
//! without loss, so another type is a compile error that names the fix, on the user's type.

/// An integer type the lane (thread) parameter may have.
///
/// ```
/// use fraglayout::generated::ThreadIndex;
/// assert_eq!(5usize.below(32), Some(5));
/// assert_eq!((1usize << 32).below(32), None); // never truncated onto lane 0
/// assert_eq!((-1i32).below(32), None);
/// assert_eq!(32u8.below(32), None);
/// ```
#[diagnostic::on_unimplemented(
    message = "the lane (thread) index must be an integer or a `fraglayout::Thread<N>`, not `{Self}`",
    label = "not a thread index",
    note = "declare the lane as `fraglayout::Lane` (a warp's 32 lanes, checked where it is made) or `u32` (checked in each call: a value outside the layout's threads reads and writes nothing)"
)]
pub trait ThreadIndex: Copy {
    /// How many threads the type names, where the type bounds them (`fraglayout::Thread<N>`:
    /// `N`); `None` for an integer. Generated code refuses a count below the layout's
    /// ([`thread_count_error`](super::thread_count_error)).
    const COUNT: Option<u32> = None;

    /// The index as `u32` when `0 <= self < threads`; `None` otherwise, never wrapped or
    /// truncated onto another thread.
    fn below(self, threads: u32) -> Option<u32>;

    /// The lane within its warp, `index % 32` (the low 5 bits, as `%laneid` is): what a
    /// conversion, which moves values within each warp, reads.
    fn warp_lane(self) -> u32;
}

macro_rules! thread_index {
    ($($t:ty),*) => {$(
        impl ThreadIndex for $t {
            #[inline(always)]
            #[allow(unused_comparisons)]
            fn below(self, threads: u32) -> Option<u32> {
                // Compared in i128 / u128 so no value wraps; the optimizer keeps one comparison.
                if self >= 0 && (self as u128) < threads as u128 {
                    Some(self as u32)
                } else {
                    None
                }
            }

            #[inline(always)]
            fn warp_lane(self) -> u32 {
                // The low bits of two's complement: `-1` is lane 31, as `& 31` gives.
                (self as u32) & 31
            }
        }
    )*};
}

thread_index!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);

/// An integer type a typed `row` or `col` closure parameter may have. Generated code checks at
/// compile time that [`MAX`](Self::MAX) reaches the tile's last row or column
/// ([`coordinate_error`](super::coordinate_error)), so [`from_index`](Self::from_index)
/// never loses anything.
#[diagnostic::on_unimplemented(
    message = "a row or column is an index: `{Self}` is not an integer type",
    label = "not an integer type",
    note = "leave the parameter untyped (it is a `usize`), or give it an integer type that holds the tile's last row or column"
)]
pub trait Coordinate: Copy {
    /// The largest value of the type.
    const MAX: u128;
    /// Whether the type is signed.
    const SIGNED: bool;
    /// `index` as this type; exact for `index <= MAX`.
    fn from_index(index: usize) -> Self;
}

macro_rules! coordinate {
    ($($t:ty: $signed:expr),*) => {$(
        impl Coordinate for $t {
            const MAX: u128 = <$t>::MAX as u128;
            const SIGNED: bool = $signed;
            #[inline(always)]
            fn from_index(index: usize) -> Self {
                index as $t
            }
        }
    )*};
}

coordinate!(
    u8: false, u16: false, u32: false, u64: false, u128: false, usize: false,
    i8: true, i16: true, i32: true, i64: true, i128: true, isize: true
);

/// The value a gather returns for an element it does not read (outside a partial tile, or
/// every element for a thread outside the layout) when the attribute gives no `fill = VALUE`:
/// the type's `Default`, zero for numbers.
#[diagnostic::on_unimplemented(
    message = "a gather returns a value for elements it does not read, and `{Self}` has no `Default`",
    label = "no `Default`",
    note = "give the value with `fill = VALUE` in the attribute, or implement `Default`"
)]
pub trait Fill: Sized {
    /// The value.
    fn fill() -> Self;
}

impl<T: Default> Fill for T {
    #[inline(always)]
    fn fill() -> T {
        T::default()
    }
}

/// `N` [`Fill`] values: what a gather without `fill = VALUE` returns for a thread outside the
/// layout. One function per element type and length, shared by every gather of a crate.
#[cold]
#[inline]
pub fn fill_array<T: Fill, const N: usize>() -> [T; N] {
    core::array::from_fn(|_| T::fill())
}
