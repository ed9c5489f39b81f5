//! Proc macros for fraglayout: declare fragment layouts that are checked when they are
//! declared, and generate the per-lane scatter / gather code for them.
//!
//! - [`numeral!`] declares a layout from its digit table and checks it at expansion time.
//! - [`#[fragment_layout]`](macro@fragment_layout) turns the code for one element into unrolled
//!   per-lane code with the element coordinates folded to constants.
//!
//! Generated code names `::layout_core`, so depend on both crates.

use proc_macro::TokenStream;

/// Declares a fragment layout as a `const` [`layout_core::Numeral`], checked when it expands.
///
/// Syntax: `VIS NAME: ROWS x COLS [, elements E] [, warps W] { SOURCE [/ DIVISOR] [% RANGE] => PLACE, ... }`.
/// Sources are `lane` (0..32), `warp` (0..W, default 1) and `e`, the element index
/// (0..E; by default the tile size over the threads). Without `% RANGE`, a digit takes the rest
/// of its input: `lane / 4` has range 8.
///
/// ```
/// use layout_macros::numeral;
///
/// numeral! {
///     /// The m16n8k16 f32 accumulator.
///     pub ACC: 16 x 8, elements 4 {
///         e % 2    => 1,
///         lane % 4 => 2,
///         lane / 4 => 8,
///         e / 2    => 64,
///     }
/// }
/// assert_eq!(ACC.coords(5, 3), Some((9, 3)));
/// ```
///
/// expands to
///
/// ```ignore
/// /// The m16n8k16 f32 accumulator.
/// /// (followed by the digit table, sorted by place)
/// pub const ACC: ::layout_core::Numeral<'static> = ::layout_core::Numeral::new(
///     "ACC", 16, 8, 4,
///     &[::layout_core::Digit::element(1, 2, 1), ::layout_core::Digit::lane(1, 4, 2),
///       ::layout_core::Digit::lane(4, 8, 8), ::layout_core::Digit::element(2, 2, 64)],
/// ).with_warps(1);
/// const _: () = ::layout_core::assert_bijection(&ACC);
/// ```
///
/// A wrong layout is a compile error on the digit at fault, one per problem:
///
/// ```compile_fail
/// layout_macros::numeral! {
///     pub HALF: 16 x 8, elements 4 {
///         e % 2    => 1,
///         lane % 4 => 2,
///         lane / 4 => 8,
///     }
/// }
/// // error: element digits cover 2 of 4 elements: add a digit `e / 2`
/// ```
#[proc_macro]
pub fn numeral(input: TokenStream) -> TokenStream {
    layout_codegen::numeral(input.into()).into()
}

/// Expands the code for one fragment element into unrolled per-lane code.
///
/// The argument is any constant expression of type [`layout_core::Numeral`]: a catalog entry or
/// a [`numeral!`]. The function's first parameter (after `self`, for a method) is the lane
/// (thread) index; its body is a closure for one element. The signature stays as written.
///
/// **Scatter** (the default): the second parameter is the fragment, an array whose length
/// must equal the numeral's elements per thread, and the closure is `|row, col, value|`:
///
/// ```
/// use layout_core::catalog::SM80_16x8x16_F32_C;
/// use layout_macros::fragment_layout;
///
/// #[fragment_layout(SM80_16x8x16_F32_C)]
/// fn store_c(lane: u32, frag: &[f32; 4], out: &mut [f32], ld: usize) {
///     |row, col, value| out[row * ld + col] = value
/// }
///
/// let mut out = [0.0; 16 * 8];
/// store_c(5, &[1.0, 2.0, 3.0, 4.0], &mut out, 8);
/// assert_eq!((out[8 + 2], out[8 + 3], out[9 * 8 + 2], out[9 * 8 + 3]), (1.0, 2.0, 3.0, 4.0));
/// ```
///
/// expands to (one block per element; `lane % 4 * 2` and `lane / 4` computed once):
///
/// ```ignore
/// #[inline]
/// fn store_c(lane: u32, frag: &[f32; 4], out: &mut [f32], ld: usize) {
///     const __FL_NUMERAL: ::layout_core::Numeral<'static> = SM80_16x8x16_F32_C;
///     const _: () = ::layout_core::assert_bijection(&__FL_NUMERAL);
///     const _: () = ::layout_core::expand::assert_fragment_len(&__FL_NUMERAL, 4);
///     const __FL_TERMS: [ThreadTerm; 8] = __FL_NUMERAL.thread_terms();
///     let __fl_thread: u32 = lane as u32;
///     let (__fl_row, __fl_col) = ::layout_core::expand::thread_part(&__FL_TERMS, __fl_thread);
///     {
///         const __FL_ELEMENT: (usize, usize) = __FL_NUMERAL.element_part(0); // (0, 0)
///         let row = __fl_row + __FL_ELEMENT.0;
///         let col = __fl_col + __FL_ELEMENT.1;
///         let value = frag[0];
///         out[row * ld + col] = value;
///     }
///     // ... elements 1, 2 and 3 with element parts (0, 1), (8, 0), (8, 1)
/// }
/// ```
///
/// **Gather** (`gather`): the closure `|row, col|` reads one element and the function returns
/// the fragment in the numeral's element order. With `gather, packed` it returns 16-bit
/// elements packed two per `u32` register (element `2r` in the low half of register `r`):
///
/// ```
/// use layout_core::catalog::SM80_16x8x16_F16_A_ROW;
/// use layout_macros::fragment_layout;
///
/// #[fragment_layout(SM80_16x8x16_F16_A_ROW, gather, packed)]
/// fn load_a(lane: u32, a: &[u16], lda: usize) -> [u32; 4] {
///     |row, col| a[row * lda + col]
/// }
///
/// let a: Vec<u16> = (0..256).collect();            // a[row * 16 + col] = row * 16 + col
/// assert_eq!(load_a(0, &a, 16)[0], 1 << 16);        // a0 = A[0][0], a1 = A[0][1]
/// ```
///
/// A fragment whose length disagrees with the numeral is a compile error on its type:
///
/// ```compile_fail
/// use layout_core::catalog::SM80_16x8x16_F32_C;
/// #[layout_macros::fragment_layout(SM80_16x8x16_F32_C)]
/// fn store_c(lane: u32, frag: &[f32; 8], out: &mut [f32]) {
///     |row, col, value| out[row * 8 + col] = value
/// }
/// // error: fragment has 8 elements but numeral `SM80_16x8x16_F32_C` gives each thread 4
/// ```
///
/// **Neighbouring elements** move in one access: where the numeral puts elements `2k` and
/// `2k + 1` side by side in a row ([`layout_core::Numeral::adjacent_pairs`]: the element digit
/// `e % 2` at place 1, as in the `m16n8k16` A and C fragments), a scatter body
/// `BASE[INDEX] = RHS` stores both with `BASE[i..i + 2].copy_from_slice(&[v0, v1])` (`+=` and the
/// other compound assignments update both through one two-element slice), and a gather
/// body `BASE[INDEX]` reads both from `&BASE[i..i + 2]`: one bounds check and one wide access
/// instead of two. It fires only when `BASE` is a name or fields of a name (`out`, `self.out`),
/// `col` is a top-level `+` term of `INDEX` and nowhere else in it (`row * ld + col`: the
/// pair's indices differ by one), and `RHS` reads `BASE` only at `INDEX` (for `self.out`, it may
/// also read other fields such as `self.alpha`, but not call a method of `self`, which could
/// read the tile); otherwise every element is its own access. The choice is a constant, so the
/// other path is compiled away. `unpaired` turns it off.
///
/// **Partial tiles**: `bounds(ROWS, COLS)` names the parameters holding the valid rows and
/// columns of the tile (any integer type; beyond the tile means the whole tile). Whole tiles take
/// a path with no per-element check; partial ones write only the elements inside, and a gather
/// returns `fill = VALUE` (zero by default) outside.
///
/// ```
/// use layout_core::catalog::SM80_16x8x16_F32_C;
/// #[layout_macros::fragment_layout(SM80_16x8x16_F32_C, bounds(m, n))]
/// fn store_edge(lane: u32, frag: &[f32; 4], out: &mut [f32], ld: usize, m: usize, n: usize) {
///     |row, col, value| out[row * ld + col] = value
/// }
/// let mut out = [0.0; 16 * 8];
/// for lane in 0..32 {
///     store_edge(lane, &[1.0; 4], &mut out, 8, 9, 8); // 9 valid rows
/// }
/// assert_eq!(out.iter().filter(|&&v| v == 1.0).count(), 72);
/// ```
///
/// Precondition: the lane (thread) index is below the numeral's thread count (32, or 128 for
/// a warpgroup); debug builds assert it.
#[proc_macro_attribute]
pub fn fragment_layout(args: TokenStream, item: TokenStream) -> TokenStream {
    layout_codegen::fragment_layout(args.into(), item.into()).into()
}
