//! CuTe's layout function, for transcriptions of CuTe layouts in the tests: a flattened layout
//! is its modes `(size, stride)`, the first the fastest, and a coordinate is split over them
//! colexicographically.

/// A flattened CuTe layout: modes `(size, stride)`, the first the fastest.
pub type Modes = Vec<(u64, u64)>;

/// CuTe's layout function: coordinate `x` split colexicographically over the modes, each
/// part times its stride. Panics for `x` outside the layout's size.
///
/// ```
/// use fraglayout_tests::cute::eval;
/// // ((4, 8) : (8, 1)): column-major 4 x 8 read row-major.
/// assert_eq!(eval(&vec![(4, 8), (8, 1)], 5), 8 + 1);
/// ```
pub fn eval(modes: &Modes, x: u64) -> u64 {
    let (mut rest, mut idx) = (x, 0);
    for &(size, stride) in modes {
        idx += (rest % size) * stride;
        rest /= size;
    }
    assert_eq!(rest, 0, "{x} outside {modes:?}");
    idx
}
