//! Proc macros for fraglayout: declare fragment layouts that are checked when they are
//! declared, and generate the per-lane scatter / gather code for them.
//!
//! - [`numeral!`] declares a layout from its digit table and checks it at expansion time.
//! - [`#[fragment_layout]`](macro@fragment_layout) turns the code for one element into unrolled
//!   per-lane code with the element coordinates folded to constants.
//! - [`#[matrix_rows]`](macro@matrix_rows) generates the shared-memory row address each lane
//!   hands `ldmatrix` / `stmatrix`, derived from a fragment and a shared tile layout.
//!
//! Use them through the `fraglayout` crate, which re-exports them beside the layouts (one
//! dependency line; its crate page says how to write it): generated code names `::fraglayout`.

// The links to the layouts' items are relative URLs into the docs of `fraglayout`, which
// shows these docs: rustdoc does not resolve a proc-macro crate's intra-doc links to another
// crate's items where a re-export shows them (they came out as literal `[layout_core::...]`).
use proc_macro::TokenStream;

/// Declares a fragment layout as a `const` [`Numeral`](../fraglayout/struct.Numeral.html),
/// checked when it expands.
///
/// Syntax: `VIS NAME: ROWS x COLS [, elements E] [, warps W] { SOURCE [/ DIVISOR] [% RANGE] => PLACE, ... }`.
/// Sources are `lane` (0..32), `warp` (0..W, default 1) and `e`, the element index
/// (0..E; by default the tile size over the threads). Without `% RANGE`, a digit takes the rest
/// of its input: `lane / 4` has range 8.
/// A lane or warp digit may be `=> broadcast` instead of a place: the threads it tells apart
/// hold the same element (block-scaled MMA scale factors), and the check asks the other digits
/// to cover the tile once per value of the broadcast ones (`lane % 4 => broadcast` makes each
/// quad of lanes hold one element, so the element count defaults to the tile size times 4 over
/// the threads).
///
/// ```
/// use fraglayout::numeral;
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
/// pub const ACC: ::fraglayout::Numeral<'static> = ::fraglayout::Numeral::new(
///     "ACC", 16, 8, 4,
///     &[::fraglayout::Digit::element(1, 2, 1), ::fraglayout::Digit::lane(1, 4, 2),
///       ::fraglayout::Digit::lane(4, 8, 8), ::fraglayout::Digit::element(2, 2, 64)],
/// ).with_warps(1);
/// const _: () = ::fraglayout::assert_bijection(&ACC);
/// ```
///
/// A wrong layout is a compile error on the digit at fault, one per problem:
///
/// ```compile_fail
/// fraglayout::numeral! {
///     pub HALF: 16 x 8, elements 4 {
///         e % 2    => 1,
///         lane % 4 => 2,
///         lane / 4 => 8,
///     }
/// }
/// // error: element digits cover 2 of 4 elements: add a digit `e / 2`
/// ```
///
/// A catalog layout's name is taken only by that layout (its digits in any order), since the
/// layout macros read the name as the catalog's:
///
/// ```compile_fail
/// fraglayout::numeral! {
///     pub SM80_16x8x16_F32_C: 16 x 8 { lane % 4 => 1, e % 2 => 4, lane / 4 => 8, e / 2 => 64 }
/// }
/// // error: `SM80_16x8x16_F32_C` is the name of `fraglayout::catalog::SM80_16x8x16_F32_C`, and
/// // this numeral is another layout (lane 0, element 1 at (0, 4), not (0, 1)): ...
/// ```
#[proc_macro]
pub fn numeral(input: TokenStream) -> TokenStream {
    layout_codegen::numeral(input.into()).into()
}

/// Expands the code for one fragment element into unrolled per-lane code.
///
/// The argument is any constant expression of type
/// [`Numeral`](../fraglayout/struct.Numeral.html): a catalog entry or a [`numeral!`]. The
/// function's first parameter (after `self`, for a method) is the lane (thread) index (an
/// integer or a `Lane` / `Thread<N>`: "The thread parameter" below); its body is a closure for
/// one element. The signature stays as written.
///
/// **Scatter** (the default): the second parameter is the fragment, an array whose length
/// must equal the numeral's elements per thread, and the closure is `|row, col, value|`:
///
/// ```
/// use fraglayout::catalog::SM80_16x8x16_F32_C;
/// use fraglayout::fragment_layout;
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
/// expands to (`fraglayout expand SM80_16x8x16_F32_C` prints it, with the plan and the
/// layout's numbers) what a skilled engineer writes by hand: the lane checked once, the
/// thread's base index (the body's index at the lane's corner), one bounds check for the
/// lane's whole footprint (elements 0 and 1 at the corner, 2 and 3 eight rows below), and each
/// element at a constant offset from the base:
///
/// ```ignore
/// #[inline]
/// fn store_c(lane: u32, frag: &[f32; 4], out: &mut [f32], ld: usize) {
///     // the `use`d name is the catalog's layout: a type, free to check
///     let _: PhantomData<SM80_16x8x16_F32_C> = PhantomData::<::fraglayout::catalog::SM80_16x8x16_F32_C>;
///     let __fl_thread: u32 = lane;
///     if __fl_thread < 32u32 {
///         let __fl_t = __fl_thread as usize;
///         let __fl_b = (__fl_t / 4) * ld + (__fl_t % 4 * 2);
///         let __fl_k: usize = ld;
///         let __fl_f = frag;
///         let __fl_s = &mut out[__fl_b..__fl_b + 8 * __fl_k + 2];
///         __fl_s[0] = __fl_f[0];
///         __fl_s[1] = __fl_f[1];
///         __fl_s[8 * __fl_k] = __fl_f[2];
///         __fl_s[8 * __fl_k + 1] = __fl_f[3];
///     }
/// }
/// ```
///
/// A numeral the macro does not know by name (a `const` of your own) expands to the code of
/// one element written once, as a closure over the element's number `e` that reads constant
/// tables of element positions the compiler evaluates, and one call of it per element; the
/// optimizer inlines the closure at each call, where `e` is a constant, and every offset folds
/// (`fraglayout expand LAYOUT --own` prints it).
///
/// The base index is evaluated once, before the first element, only where that cannot be
/// seen: in a gather, and in a scatter whose stored value is a name, a literal or a cast (no
/// operator, call or field, which might have an effect); otherwise each call evaluates it
/// after the element's stored value, as the body orders them.
///
/// Every numeral that passes the bijection check expands, including those whose digits
/// straddle rows unevenly (`96 x 2` with `e % 3 => 1, e / 3 => 3, lane => 6`): element digits
/// there still fold to constants; a lane or warp digit there costs one division by the
/// constant column count per call and one comparison per element (see `fraglayout::generated`).
///
/// **Gather** (`gather`): the closure `|row, col|` reads one element and the function returns
/// the fragment in the numeral's element order. With `gather, packed` it returns 16-bit
/// elements packed two per `u32` register (element `2r` in the low half of register `r`).
/// The body must read a 16-bit value (`u16` or `i16`; an `f16` as its bits): anything wider is
/// an error on the body. A catalog layout whose elements are not 16 bits wide (the `f32`
/// accumulators, the 8-bit A operands) is refused on `packed`, naming the width; a numeral of
/// your own says nothing about element widths, so for it only the body's type is checked.
///
/// ```
/// use fraglayout::catalog::SM80_16x8x16_F16_A_ROW;
/// use fraglayout::fragment_layout;
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
/// use fraglayout::catalog::SM80_16x8x16_F32_C;
/// #[fraglayout::fragment_layout(SM80_16x8x16_F32_C)]
/// fn store_c(lane: u32, frag: &[f32; 8], out: &mut [f32]) {
///     |row, col, value| out[row * 8 + col] = value
/// }
/// // error: fragment has 8 elements but numeral `SM80_16x8x16_F32_C` gives each thread 4
/// ```
///
/// **The thread parameter**: a plain integer (`u32`, `usize`, ...) is compared with the
/// layout's thread count once a call, and a thread outside writes nothing (a gather returns its
/// fill values). A [`Thread<N>`](../fraglayout/struct.Thread.html) carries its range in its
/// type: with `N` the layout's threads ([`Lane`](../fraglayout/type.Lane.html), `Thread<32>`,
/// for a warp; `Thread<128>` for a warpgroup's `wgmma` layouts) the generated code checks
/// nothing; with `N` above them it compares, as for an integer; with `N` below them it is a
/// compile error (the layout's other threads could never be named). `Lane::wrapping(t)` takes
/// `t % 32` (an `and`), `Lane::new(t)` checks, and `unsafe { Lane::new_unchecked(laneid) }` takes
/// what the hardware guarantees:
///
/// ```
/// use fraglayout::catalog::SM80_16x8x16_F32_C;
/// use fraglayout::{fragment_layout, Lane};
///
/// #[fragment_layout(SM80_16x8x16_F32_C)]
/// fn store_c(lane: Lane, frag: &[f32; 4], out: &mut [f32], ld: usize) {
///     |row, col, value| out[row * ld + col] = value
/// }
///
/// let mut out = [0.0; 16 * 8];
/// for t in 0..32 {
///     store_c(Lane::wrapping(t), &[1.0, 2.0, 3.0, 4.0], &mut out, 8);
/// }
/// assert_eq!((out[8 + 2], out[9 * 8 + 3]), (1.0, 4.0)); // lane 5, elements 0 and 3
/// assert_eq!(Lane::new(32), None);
/// ```
///
/// **Row runs and the footprint**: a scatter body `BASE[INDEX] = RHS` (or `+=` and the other
/// compound assignments) or a gather body `BASE[INDEX]`, with `BASE` a name or fields of a
/// name (`out`, `self.out`) and `col` a top-level `+` term of `INDEX` and nowhere else in it
/// (`row * ld + col`), reaches each element through one slice and a constant offset in it
/// (`fraglayout::generated::ElementAt`), so the optimizer keeps one bounds check per slice and
/// merges neighbouring accesses into wide ones:
///
/// - the slice of its *row run*, the elements a thread has in one row of the tile: one bounds
///   check per row (2 for every mma and wgmma accumulator); or
/// - when `INDEX` is affine in `row` (`REST + row * K + col`, plain terms) with a stride `K`
///   that looks constant (a literal or an upper-case constant such as `LD`) and the thread's
///   elements span a tight footprint (its first and last cells are elements of the thread),
///   the slice of that whole footprint: one bounds check per call, as a hand-written
///   CUTLASS-style epilogue does.
///
/// Each element still runs in the body's order (its `RHS`, then its `INDEX`, then the access),
/// so `RHS` may read anything. An index past the end of `BASE` panics, as the per-element code
/// would, but before the first element of its slice is stored: with the footprint slice, a
/// scatter that panics has stored nothing. Any other body runs element by element as written.
/// `unpaired` turns both off (one index per element). [docs/PERFORMANCE.md] has the instruction
/// counts against hand-written code.
///
/// **Vector access** (`vector = N`): the body takes `N` adjacent elements of a row at once,
/// the way a CUTLASS epilogue works on access-sized vectors, and stores or loads them as its
/// backend prefers: a scatter's closure is `|row, col, values|` with `values: [T; N]` (the
/// fragment's elements `N * g .. N * g + N`, `(row, col)` the first one's), a gather's body
/// returns `[T; N]`. Each call sits at a constant element offset; no loop, no run-time
/// division. The numeral is checked at compile time: `N` must divide its elements, each group
/// must be `N` adjacent columns of one row for every thread, and start at a column that is a
/// multiple of `N` for every thread (so with a row stride and origin that are multiples of
/// `N`, each access is aligned to `N` elements, as a GPU's vector store needs); otherwise the
/// error, on `N`, names the elements that are not adjacent and the widest `N` that fits
/// (`vector = 2` for the mma accumulators and 16-bit A operands, 4 for 8-bit A operands).
///
/// An epilogue written as a cuda-oxide kernel writes it, through a raw pointer, two `f32` as
/// one 8-byte store:
///
/// ```
/// use fraglayout::catalog::SM80_16x8x16_F32_C;
/// use fraglayout::fragment_layout;
///
/// /// Stores lane `lane`'s accumulator into the row-major tile at `d` (row stride `ld`).
/// ///
/// /// # Safety
/// /// `d` points to a tile of 16 rows of stride `ld`, valid for writes; `d` and `ld` aligned
/// /// to 2 elements for the 8-byte stores a GPU backend makes of them.
/// #[fragment_layout(SM80_16x8x16_F32_C, vector = 2)]
/// unsafe fn store_c(lane: u32, acc: &[f32; 4], d: *mut f32, ld: usize) {
///     |row, col, values| unsafe { *(d.add(row * ld + col) as *mut [f32; 2]) = values }
/// }
///
/// let mut tile = [0.0f32; 16 * 8];
/// for lane in 0..32 {
///     unsafe { store_c(lane, &[1.0, 2.0, 3.0, 4.0], tile.as_mut_ptr(), 8) };
/// }
/// assert_eq!(tile[9 * 8 + 2..9 * 8 + 4], [3.0, 4.0]); // lane 5, elements 2 and 3
/// ```
///
/// expands to (two calls of the body, `acc[0], acc[1]` at the lane's `(row, col)` and
/// `acc[2], acc[3]` eight rows below):
///
/// ```ignore
/// unsafe fn store_c(lane: u32, acc: &[f32; 4], d: *mut f32, ld: usize) {
///     const __FL_NUMERAL: ::fraglayout::Numeral<'static> = SM80_16x8x16_F32_C;
///     // ... the checks as above, and: `vector = 2` fits, or a compile error on `2`
///     const _: () = /* vector_error(&__FL_NUMERAL, 2) */;
///     if let Some(__fl_thread) = <u32 as ThreadIndex>::below(lane, __FL_NUMERAL.threads()) {
///         let __fl_at = ThreadPart::<__FL_WRAP>::new(&__FL_TERMS, __fl_thread);
///         {
///             let values = [acc[0], acc[1]];
///             let (row, col) = __fl_at.at(__FL_AT[0].at); // element part (0, 0)
///             unsafe { *(d.add(row * ld + col) as *mut [f32; 2]) = values };
///         }
///         {
///             let values = [acc[2], acc[3]];
///             let (row, col) = __fl_at.at(__FL_AT[2].at); // element part (8, 0)
///             unsafe { *(d.add(row * ld + col) as *mut [f32; 2]) = values };
///         }
///     }
/// }
/// ```
///
/// A gather with `vector = N` returns the calls' arrays end to end:
///
/// ```
/// use fraglayout::catalog::SM80_16x8x32_S8_A_ROW;
/// #[fraglayout::fragment_layout(SM80_16x8x32_S8_A_ROW, gather, vector = 4)]
/// fn load_a(lane: u32, a: &[i8]) -> [i8; 16] {
///     |row, col| a[row * 32 + col..][..4].try_into().unwrap()
/// }
/// let a: Vec<i8> = (0..16 * 32).map(|i| i as i8).collect();
/// assert_eq!(load_a(0, &a)[..4], [0, 1, 2, 3]);
/// ```
///
/// `vector` goes without `bounds` (a partial tile could cut an access), `packed` and
/// `unpaired`.
///
/// **Aligned element bodies** (`align = BYTES`): the element body through a raw pointer,
/// `*d.add(row * ld + col) = value` (or `d.add(..).write(value)`, a gather's `*d.add(..)` or
/// `d.add(..).read()`), declares once that `d` at column 0 of every row is a multiple of
/// `BYTES`: the base pointer is `BYTES`-aligned and the row stride keeps it. Each group of
/// `BYTES / size_of::<T>()` adjacent elements then moves as one access of
/// `fraglayout::generated::AlignBYTES<[T; N]>`, which a GPU backend issues as one vector
/// access (`st.global.v2.f32` for `align = 8` and `f32`) where, told nothing, it stores each
/// element on its own. The groups are those `vector = N` takes, so the layout must have them:
/// `align = 8` for the `f32` mma and wgmma accumulators, `align = 4` for their 16-bit A
/// operands. A debug build checks the declaration (the thread's first element is aligned, a
/// stride not written as a literal keeps it); a release build checks nothing. A power of two
/// up to 256; `T` a primitive (`f32`, `u16`, ...); the stored value reads neither `row` nor
/// `col`; with `bounds`, a partial tile's scatter moves each group whose elements are all inside
/// whole and the others' elements one by one (a gather reads them one by one); not with
/// `vector`, `packed` (a 16-bit gather returns `[u16; N]`, which
/// `fraglayout::pack::pack_b16_array` packs) or `unpaired`. Every other use is a compile
/// error on `BYTES` that names the numbers (the widest `align` the layout allows, the
/// stride's bytes). With `shared = LAYOUT` the body is `*smem.add(offset) = value` (or the
/// other forms) and `align` declares `smem` aligned: each group moves as one access where the
/// tile keeps it adjacent and aligned for every thread (checked at compile time, as
/// `vector = N`'s groups are).
///
/// ```
/// use fraglayout::catalog::SM80_16x8x16_F32_C;
/// use fraglayout::fragment_layout;
///
/// /// # Safety
/// /// `d` points to 16 rows of stride `ld`, writable; `d` is 8-byte aligned and `ld` even.
/// #[fragment_layout(SM80_16x8x16_F32_C, align = 8)]
/// unsafe fn store_c(lane: u32, acc: &[f32; 4], d: *mut f32, ld: usize, alpha: f32) {
///     |row, col, value| unsafe { *d.add(row * ld + col) = alpha * value }
/// }
///
/// let mut tile = [0u64; 16 * 8 / 2]; // 8-byte aligned
/// let d = tile.as_mut_ptr() as *mut f32;
/// for lane in 0..32 {
///     unsafe { store_c(lane, &[1.0, 2.0, 3.0, 4.0], d, 8, 2.0) };
/// }
/// let tile = unsafe { core::slice::from_raw_parts(d, 16 * 8) };
/// assert_eq!(tile[9 * 8 + 2..9 * 8 + 4], [6.0, 8.0]); // lane 5, elements 2 and 3
/// ```
///
/// expands to (the thread's base index once, then one access a pair):
///
/// ```ignore
/// let __fl_b = ((__fl_thread / 4) as usize) * ld + ((__fl_thread % 4) as usize * 2);
/// let __fl_k: usize = ld;
/// debug_assert!(d.wrapping_add(__fl_b) as usize % 8 == 0, /* .. */);
/// debug_assert!((__fl_k) % 2 == 0, /* .. */);
/// let __fl_f = acc;
/// unsafe { (*d.add(__fl_b).cast::<Align8<[f32; 2]>>()).0 = [alpha * __fl_f[0], alpha * __fl_f[1]] };
/// unsafe { (*d.add(__fl_b + 8 * __fl_k).cast::<Align8<[f32; 2]>>()).0 = [alpha * __fl_f[2], alpha * __fl_f[3]] };
/// ```
///
/// **Shared tiles** (`shared = LAYOUT`, `LAYOUT` a const
/// `fraglayout::shared::SharedLayout` over the numeral's tile): the body
/// takes each element's offset in that tile, in elements, instead of its coordinates:
/// `|offset, value| smem[offset] = value` (scatter), `|offset| smem[offset]` (gather), and
/// with `vector = N`, `|offset, values|` with `offset` that of the first of `N` elements.
/// `offset` is `LAYOUT.offset(row, col)`: for a plain or padded layout the lane's part is
/// computed once and each element adds a constant; a swizzle then costs each element a shift,
/// an `and` and a `xor`. Compile-time checks, on the layout: it is sound, its tile is the
/// numeral's, its element size is the fragment type's; on `N`: the `N` elements of a call are
/// adjacent and aligned in the layout too. `conflict_free` (only with `shared`) makes an
/// access that takes more wavefronts than ideal a compile error naming the wavefronts, the
/// worst phase's colliding lanes, and what searches a swizzle or padding: the `fraglayout
/// banks ... --find` command on the same tile for a catalog layout (or one tiled from it), the
/// call of `fraglayout::shared::find` on your constants for a numeral of your own. `shared` goes without `bounds`, `packed` and `unpaired`.
/// `at = (ROW, COL)` (with `shared`) places the numeral's tile at that row and column of a
/// larger layout: `offset` is `LAYOUT.offset(ROW + row, COL + col)`, the place folded into
/// the thread's part; the check then says how far the place may go. A layout of many swizzle
/// atoms (`SharedLayout::hopper` wider than the mode) works the same, each element a constant
/// from the thread's offset where no thread's part crosses an atom's edge.
///
/// ```
/// use fraglayout::catalog::SM80_16x8x16_F32_C;
/// use fraglayout::fragment_layout;
/// use fraglayout::shared::{SharedLayout, Swizzle};
///
/// const SMEM: SharedLayout = SharedLayout::swizzled(16, 8, 4, Swizzle::new(1, 1, 3));
///
/// #[fragment_layout(SM80_16x8x16_F32_C, shared = SMEM, vector = 2, conflict_free)]
/// fn stage(lane: u32, acc: &[f32; 4], smem: &mut [f32; 128]) {
///     |offset, values| smem[offset..offset + 2].copy_from_slice(&values)
/// }
///
/// let mut smem = [0.0f32; 128];
/// stage(5, &[1.0, 2.0, 3.0, 4.0], &mut smem); // lane 5: row 1, columns 2, 3 (and row 9)
/// let at = SMEM.offset(1, 2).unwrap() as usize;
/// assert_eq!(smem[at..at + 2], [1.0, 2.0]);
/// ```
///
/// expands to (after the numeral's constants and checks as above):
///
/// ```ignore
/// const __FL_SHARED: SharedLayout = SMEM;                    // + the checks named above
/// const __FL_SHARED_AT: (usize, usize) = (0, 0);            // `at = (ROW, COL)`
/// const __FL_SMEM: SharedPlan = SharedPlan::of(..);         // steps, swizzle, lane mask
/// const __FL_OFFSETS: [SharedOffset; 4] = shared_offsets(..); // per element: Add(k), Xor(k)
///                                                             // or Swizzle, decided here
/// if let Some(__fl_thread) = <u32 as ThreadIndex>::below(lane, 32) {
///     let __fl_at = ThreadPart::<__FL_WRAP>::new(&__FL_TERMS, __fl_thread);
///     // once: the thread's offset `row * pitch + col` (masked), and that swizzled
///     let __fl_smem = __FL_SMEM.thread(__fl_at);
///     {
///         let values = [acc[0], acc[1]];
///         // #[inline(always)], a constant way: the swizzled base plus a constant, or xor a
///         // swizzled constant, or the element's own shift, `and` and `xor`
///         let offset = __fl_smem.offset(__FL_OFFSETS[0], __FL_AT[0].at);
///         smem[offset..offset + 2].copy_from_slice(&values);
///     }
///     // ... element 2 the same way, from __FL_OFFSETS[2]
/// }
/// ```
///
/// **Partial tiles**: `bounds(ROWS, COLS)` gives the valid rows and columns of the tile as
/// expressions of the parameters (`bounds(m, n)`, `bounds(m - i, n - j)`; any integer type;
/// beyond the tile means the whole tile, below zero none). Whole tiles take a path with no
/// per-element check; partial ones run only the elements inside.
///
/// ```
/// use fraglayout::catalog::SM80_16x8x16_F32_C;
/// #[fraglayout::fragment_layout(SM80_16x8x16_F32_C, bounds(m, n))]
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
/// **The lane** may have any integer type; it is converted without loss. A lane (thread)
/// outside the layout's threads (32, or 128 for a warpgroup), negative or too large for `u32`,
/// runs no element, in every build: a scatter writes nothing, and a gather returns its fill
/// value for every element: `fill = VALUE` when the attribute gives one, else the element
/// type's `Default` (zero; `0` in each half of a packed register). A bounded gather returns
/// the same value for the elements outside the valid part. The check is one comparison per
/// call (see [docs/PERFORMANCE.md] for its cost).
///
/// ```
/// use fraglayout::catalog::SM80_16x8x16_F16_A_ROW;
/// #[fraglayout::fragment_layout(SM80_16x8x16_F16_A_ROW, gather, fill = 0xffff)]
/// fn load_a(lane: usize, a: &[u16]) -> [u16; 8] {
///     |row, col| a[row * 16 + col]
/// }
/// let a = [7u16; 256];
/// assert_eq!(load_a(31, &a), [7; 8]);
/// assert_eq!(load_a(32, &a), [0xffff; 8]);
/// assert_eq!(load_a(1 << 40, &a), [0xffff; 8]); // never truncated onto lane 0
/// ```
///
/// **The closure's parameters** may be typed: `|row: u16, col: u16, value: f32|`. A row or
/// column type must be an integer type holding the tile's last row or column (checked at
/// compile time, so the conversion is exact). A body whose own `return`, `?`, `break`,
/// `continue` or `.await` would otherwise act on the whole function runs each element through
/// the closure as written, so it behaves exactly as that closure (`return` ends one element);
/// other bodies are inlined.
///
/// [docs/PERFORMANCE.md]: https://github.com/fraglayout/fraglayout/blob/main/docs/PERFORMANCE.md
#[proc_macro_attribute]
pub fn fragment_layout(args: TokenStream, item: TokenStream) -> TokenStream {
    layout_codegen::fragment_layout(args.into(), item.into()).into()
}

/// Generates the per-lane code that moves a warp's fragment from one layout to another.
///
/// `#[convert_layout(FROM => TO)]` goes on a function with an empty body and the signature
/// `fn NAME(lane, from: &[T; N] (or [T; N]), shuffle) -> [T; N]`: the lane id (any integer
/// type, or a `fraglayout::Thread<N>` of at least 32 threads; its low five bits are read, as
/// `shfl.sync` does), the lane's fragment in layout `FROM`
/// and a collective shuffle `FnMut(T, u32) -> T` (`shuffle(value, src)` returns the `value` lane
/// `src` passed in the same call, like `shfl.sync.idx`; pass your backend's warp shuffle). It
/// returns the lane's fragment in layout `TO`. Both layouts are constant expressions of type
/// [`Numeral`](../fraglayout/struct.Numeral.html) over the same tile and threads; the plan
/// ([`convert::Plan`](../fraglayout/convert/struct.Plan.html)) is computed at compile time, and
/// a pair that cannot be converted within a warp is a compile error saying which elements
/// would cross warps.
///
/// The FlashAttention-2 case: two `m16n8k16` f32 accumulator tiles side by side hold, in every
/// lane, exactly the elements the next `m16n8k16`'s A operand needs from that lane, in the same
/// order. The plan proves it (no round), and the function is register moves only:
///
/// ```
/// use fraglayout::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F32_C};
/// use fraglayout::{convert_layout, Numeral};
///
/// /// Two accumulator tiles side by side: 16 x 16, 8 elements per lane.
/// const ACC2: Numeral = SM80_16x8x16_F32_C.tiled_or_panic(1, 2).numeral();
///
/// #[convert_layout(ACC2 => SM80_16x8x16_F16_A_ROW)]
/// fn acc_to_a(lane: u32, from: &[f32; 8], shuffle: impl FnMut(f32, u32) -> f32) -> [f32; 8] {}
///
/// let never = |_: f32, _: u32| -> f32 { unreachable!("a renaming shuffles nothing") };
/// let acc = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0];
/// assert_eq!(acc_to_a(9, &acc, never), acc);
/// ```
///
/// expands to (abridged; `__FL_PLAN.rounds()` is 0, so every round block folds away):
///
/// ```ignore
/// #[inline]
/// fn acc_to_a(lane: u32, from: &[f32; 8], shuffle: impl FnMut(f32, u32) -> f32) -> [f32; 8] {
///     const __FL_PLAN: Plan = match Plan::new(&ACC2, &SM80_16x8x16_F16_A_ROW) { /* or a
///                                 compile error with the plan's message */ };
///     let __fl_l: usize = ThreadIndex::warp_lane(lane) as usize; // lane % 32
///     let __fl_from: &[f32; 8] = from;
///     let mut __fl_shuffle = shuffle;
///     let mut __fl_to: [f32; 8] = *__fl_from;
///     { __fl_to[0] = __fl_from[0]; }      // the in-lane source register, a constant
///     // ... elements 1 to 7 the same way
///     { if 0 < __FL_PLAN.rounds() {       // a constant: false here
///         let __fl_value = __fl_from[SEND];          // or a select where it depends on the lane
///         let __fl_src = __fl_l as u32 ^ X;          // or a 32-entry table of source lanes
///         let __fl_got = __fl_shuffle(__fl_value, __fl_src);
///         __fl_to[RECV] = __fl_got;                  // or a select where it depends on the lane
///     } }
///     // ... up to 8 rounds the same way
///     __fl_to
/// }
/// ```
///
/// Where values cross lanes, each round is one call of `shuffle` in every lane: the plan's
/// rounds meet the lower bound (the most values one lane must send or receive), and where
/// a lane's register choice depends on the lane it is a select among the registers involved.
#[proc_macro_attribute]
pub fn convert_layout(args: TokenStream, item: TokenStream) -> TokenStream {
    layout_codegen::convert_layout(args.into(), item.into()).into()
}

/// Generates the shared-memory address each lane hands `ldmatrix` / `stmatrix`.
///
/// `#[matrix_rows(INSTRUCTION, FRAGMENT, LAYOUT)]` goes on a function with an empty body and
/// the signature `fn NAME(lane) -> INT`: the lane (any primitive integer type; its low bits
/// are read) and a primitive integer return type. It returns the byte offset, from the
/// shared tile's base, of the matrix row the lane supplies to the instruction that moves the
/// register fragment `FRAGMENT` (a constant [`Numeral`](../fraglayout/struct.Numeral.html) of
/// 16-bit elements, two per register: a catalog entry or a [`numeral!`]) between registers and
/// the shared tile `LAYOUT` (a constant
/// [`shared::SharedLayout`](../fraglayout/shared/struct.SharedLayout.html): row- or
/// column-major, padded, swizzled). Add the result to the tile's shared-memory address.
///
/// - `INSTRUCTION` is `ldmatrix` or `stmatrix` with its count and `.trans` if any:
///   `ldmatrix.x4`, `ldmatrix.x2.trans`, `stmatrix.x4` (the full PTX spelling,
///   `ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16`, reads too). The addresses of both are
///   the same; the name says which way the data goes, in messages.
/// - `at = (ROW, COL)`: the fragment's tile starts at that tile row and column (default the
///   corner).
/// - `first = N`: the instruction moves registers `N..N + num` of the fragment (default: the
///   whole fragment, which must then have exactly `num` registers).
/// - `conflict_free`: an access that takes more wavefronts than ideal (one per matrix) is a
///   compile error naming the wavefronts, the ideal and the lanes that collide on a bank.
///
/// Lane `8i + r` supplies row `r` of matrix `i`; a lane past `8 * num` returns a copy of lane
/// `lane % (8 * num)`'s address (PTX ignores it, but on `sm_75` and below it must be valid).
/// For a fragment of several warps (the `wgmma` accumulators), the parameter is the thread
/// index within the warpgroup (`0..128`): warp `t / 32` supplies its own rows. Only the low
/// bits of the lane (thread) are read, so passing `threadIdx.x` of a larger block gives each
/// warp (warpgroup) the addresses of its own copy of the tile.
///
/// A 64 x 64 f16 operand tile in Hopper's 128-byte swizzle, read by `ldmatrix.x4` into the
/// A fragment of `m16n8k16` at rows 16..32, columns 32..48:
///
/// ```
/// use fraglayout::catalog::SM80_16x8x16_F16_A_ROW;
/// use fraglayout::matrix_rows;
/// use fraglayout::shared::{SharedLayout, SwizzleMode};
///
/// const SMEM_A: SharedLayout = SharedLayout::hopper(64, 64, 2, SwizzleMode::B128);
///
/// #[matrix_rows(ldmatrix.x4, SM80_16x8x16_F16_A_ROW, SMEM_A, at = (16, 32), conflict_free)]
/// fn a_row(lane: u32) -> u32 {}
///
/// // Lane 3 supplies row 3 of matrix 0: tile row 19, columns 32..40, the 16-byte unit 4,
/// // which the swizzle moved to unit 4 ^ (19 % 8) = 7.
/// assert_eq!(a_row(3), 19 * 128 + 16 * 7);
/// assert_eq!(a_row(35), a_row(3)); // only the low 5 bits of the lane are read
/// ```
///
/// expands to (`__FL_CODE` is computed at compile time; here it is
/// `2112 ^ (t & 7) * 144 ^ ((t >> 3) & 1) * 1024 ^ ((t >> 4) & 1) * 16`, so the body is three
/// shift-mask-multiply terms XORed into a constant):
///
/// ```ignore
/// #[inline]
/// fn a_row(lane: u32) -> u32 {
///     const __FL_FRAGMENT: Numeral<'static> = SM80_16x8x16_F16_A_ROW;
///     const __FL_LAYOUT: SharedLayout = SMEM_A;
///     const __FL_AT: FragmentAt = FragmentAt::new(16, 32);
///     const __FL_VARIANT: MatrixVariant = MatrixVariant::new(4, false);
///     const __FL_ROWS: Result<ThreadRows, RowsError> =
///         ThreadRows::whole(__FL_VARIANT, &__FL_FRAGMENT, &__FL_LAYOUT, __FL_AT);
///     const __FL_CODE: RowCode = match &__FL_ROWS { Ok(r) => r.code(), Err(_) => RowCode::ZERO };
///     const _: () = /* the access cannot be made: a compile error on the argument at fault */;
///     const _: () = /* conflict_free: a compile error when it conflicts */;
///     const _: () = /* the largest address fits the return type */;
///     let __fl_t: u32 = lane;
///     let __fl_a: u32 = if __FL_CODE.is_table() {       // a constant: false here
///         const __FL_TABLE: [u32; 32] = __FL_CODE.table();
///         __FL_TABLE[(__fl_t & 31) as usize]
///     } else {
///         let mut __fl_a: u32 = __FL_CODE.base();
///         if 0 < __FL_CODE.terms() {                    // slots 0..7, folded away past the last
///             const __FL_TERM: Term = __FL_CODE.term(0);
///             let __fl_v = ((__fl_t >> __FL_TERM.shift) & __FL_TERM.mask)
///                 .wrapping_mul(__FL_TERM.mul);
///             __fl_a = if __FL_CODE.is_xor() { __fl_a ^ __fl_v } else { __fl_a.wrapping_add(__fl_v) };
///         }
///         // ... term slots 1 to 6 the same way
///         __fl_a
///     };
///     __fl_a
/// }
/// ```
///
/// The address is a sum (padded and plain tiles) or an XOR (power-of-two swizzles, at rows
/// that are a multiple of the swizzle's period) of one term per run of lane bits, derived
/// at compile time ([`shared::RowCode`](../fraglayout/shared/struct.RowCode.html)); only where
/// neither fits is it a lookup in a constant table of the 32 (or 128) addresses. No division,
/// no loop. The body is `const`-evaluable: the function may be a `const fn`.
///
/// A fragment that cannot be moved that way from that layout is a compile error saying why,
/// on the argument at fault: a matrix row that is not 8 contiguous elements there (the
/// other `.trans`, or a swizzle splitting it), a row not 16-byte aligned (a pitch that is not
/// a multiple of 16 bytes), a count that is not the fragment's registers, a fragment that
/// does not fit at `at`, a layout that fails its check or whose elements are not 2 bytes.
///
/// ```compile_fail
/// use fraglayout::catalog::SM80_16x8x16_F16_A_ROW;
/// use fraglayout::shared::SharedLayout;
/// const SMEM_A: SharedLayout = SharedLayout::row_major(64, 64, 2);
/// #[fraglayout::matrix_rows(ldmatrix.x4, SM80_16x8x16_F16_A_ROW, SMEM_A, conflict_free)]
/// fn a_row(lane: u32) -> u32 {}
/// // error: ldmatrix.x4 of `SM80_16x8x16_F16_A_ROW` from `SMEM_A` is not conflict-free:
/// //        32 wavefronts, ideal 4 (8-way conflict); phase 0 (lanes 0..8): 8 wavefronts,
/// //        bank 0 holds 8 words for lanes 0, 1, 2, 3, 4, 5, 6, 7: swizzle or pad the layout:
/// //        `fraglayout banks ldmatrix.x4 SM80_16x8x16_F16_A_ROW --tile 64x64 --elem 2 --find`
/// //        searches
/// ```
#[proc_macro_attribute]
pub fn matrix_rows(args: TokenStream, item: TokenStream) -> TokenStream {
    layout_codegen::matrix_rows(args.into(), item.into()).into()
}
