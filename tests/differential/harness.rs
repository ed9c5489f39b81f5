//! The harness the differential tests share: the element path (the closure body run at each
//! element's `Numeral::coords`), the checks comparing a generated function with it on the same
//! inputs, and the macros that expand every body form for a list of layouts
//! ([`differential!`]), one module with one test for each layout.

pub use fraglayout::shared::{SharedLayout, Swizzle};
pub use fraglayout::Numeral;

/// The constant row stride: odd, wider than every tile.
pub const LD: usize = 263;

/// The value element `e` of thread `t` holds: distinct for every pair.
pub fn code(t: u32, e: usize) -> u32 {
    1 + t * 1024 + e as u32
}

/// A buffer of `rows` rows of stride `ld`, plus slack, holding a pattern (so that `+=` and a
/// missing store both show).
pub fn buffer(n: &Numeral, ld: usize) -> Vec<u32> {
    (0..n.rows as usize * ld + 8)
        .map(|i| 7 * i as u32 + 5)
        .collect()
}

/// The threads to run: every thread of the layout, and one past them (which touches nothing).
pub fn threads(n: &Numeral) -> core::ops::RangeInclusive<u32> {
    0..=n.threads()
}

/// The element path of a scatter: `body(row, col, value)` for each element of thread `t`
/// inside `extent`, in element order, as the closure runs.
pub fn scatter_ref(
    n: &Numeral,
    t: u32,
    extent: (usize, usize),
    body: &mut dyn FnMut(usize, usize, u32),
) {
    for e in 0..n.elements as usize {
        if let Some((r, c)) = n.coords(t, e as u32) {
            let (r, c) = (r as usize, c as usize);
            if r < extent.0 && c < extent.1 {
                body(r, c, code(t, e));
            }
        }
    }
}

/// The element path of a gather: `body(row, col)` for each element of thread `t` inside
/// `extent`, 0 (the default fill) outside it and for a thread outside the layout.
pub fn gather_ref<const E: usize>(
    n: &Numeral,
    t: u32,
    extent: (usize, usize),
    body: &dyn Fn(usize, usize) -> u32,
) -> [u32; E] {
    core::array::from_fn(|e| match n.coords(t, e as u32) {
        Some((r, c)) if (r as usize) < extent.0 && (c as usize) < extent.1 => {
            body(r as usize, c as usize)
        }
        _ => 0,
    })
}

/// The extents a partial tile is run with: whole, one row and column short, a corner, none,
/// larger than the tile.
pub fn extents(n: &Numeral) -> [(usize, usize); 5] {
    let (r, c) = (n.rows as usize, n.cols as usize);
    [
        (r, c),
        (r - 1, c - 1),
        (r / 2 + 1, c / 3 + 1),
        (0, 0),
        (r + 5, c + 7),
    ]
}

/// A generated scatter, `fast(t, frag, out)`, and its element path's store,
/// `body(out, row, col, value)`. The harness takes them as trait objects: one copy of it for
/// every fragment length rather than one for every form of every layout.
pub type Scatter<'a, const E: usize> = &'a dyn Fn(u32, &[u32; E], &mut [u32]);
pub type Store<'a> = &'a dyn Fn(&mut [u32], usize, usize, u32);
/// A generated gather, `fast(t, a)`, and its element path's load, `body(a, row, col)`.
pub type Gather<'a, const E: usize> = &'a dyn Fn(u32, &[u32]) -> [u32; E];
pub type Load<'a> = &'a dyn Fn(&[u32], usize, usize) -> u32;

/// Runs a scatter form: `fast(t, frag, out)` for every thread against the element path, on
/// buffers of stride `ld`, comparing the whole buffer.
pub fn check_scatter<const E: usize>(
    n: &Numeral,
    form: &str,
    ld: usize,
    extent: (usize, usize),
    fast: Scatter<E>,
    body: Store,
) {
    let (mut got, mut want) = (buffer(n, ld), buffer(n, ld));
    for t in threads(n) {
        let frag: [u32; E] = core::array::from_fn(|e| code(t, e));
        fast(t, &frag, &mut got);
        scatter_ref(n, t, extent, &mut |r, c, v| body(&mut want, r, c, v));
    }
    assert!(got == want, "{}: {form}, extent {extent:?}", n.name);
}

/// Runs a gather form for every thread against the element path.
pub fn check_gather<const E: usize>(
    n: &Numeral,
    form: &str,
    extent: (usize, usize),
    fast: Gather<E>,
    body: Load,
) {
    let a: Vec<u32> = (0..n.rows as usize * LD + 8)
        .map(|i| 3 * i as u32 + 1)
        .collect();
    for t in threads(n) {
        let want: [u32; E] = gather_ref(n, t, extent, &|r, c| body(&a, r, c));
        assert_eq!(
            fast(t, &a),
            want,
            "{}: {form}, thread {t}, extent {extent:?}",
            n.name
        );
    }
}

/// The gathers of layout `$name` (`$e` elements a thread): a constant stride, a run-time
/// one, and a partial tile.
macro_rules! gather_forms {
    ($name:ident, $e:literal) => {
        #[fragment_layout(fraglayout::catalog::$name, gather)]
        fn gather_const(t: u32, a: &[u32]) -> [u32; $e] {
            |row, col| a[row * LD + col]
        }

        #[fragment_layout(fraglayout::catalog::$name, gather)]
        fn gather_ld(t: u32, a: &[u32], ld: usize) -> [u32; $e] {
            |row, col| a[row * ld + col]
        }

        #[fragment_layout(fraglayout::catalog::$name, gather, bounds(rows, cols))]
        fn gather_bounds(t: u32, a: &[u32], rows: usize, cols: usize) -> [u32; $e] {
            |row, col| a[row * LD + col]
        }
    };
}

/// [`gather_forms`]' functions against the element path, for the layout `N` in scope.
macro_rules! check_gathers {
    () => {{
        let whole = (N.rows as usize, N.cols as usize);
        let ld = N.cols as usize + 3;
        let at_ld: Load = &|a, r, c| a[r * LD + c];
        for x in extents(N) {
            check_gather(N, "bounds", x, &|t, a| gather_bounds(t, a, x.0, x.1), at_ld);
        }
        check_gather(N, "const", whole, &gather_const, at_ld);
        check_gather(N, "ld", whole, &|t, a| gather_ld(t, a, ld), &|a, r, c| {
            a[r * ld + c]
        });
    }};
}

macro_rules! differential {
    ($($name:ident: $e:literal, $threads:literal $(, $flag:ident $(($arg:literal))?)*;)*) => {
        $(
        #[allow(non_snake_case)]
        mod $name {
            use super::*;
            use fraglayout::fragment_layout;

            const N: &Numeral = &fraglayout::catalog::$name;

            #[fragment_layout(fraglayout::catalog::$name)]
            fn scatter_const(t: u32, frag: &[u32; $e], out: &mut [u32]) {
                |row, col, value| out[row * LD + col] = value
            }

            #[fragment_layout(fraglayout::catalog::$name)]
            fn scatter_ld(t: u32, frag: &[u32; $e], out: &mut [u32], ld: usize) {
                |row, col, value| out[row * ld + col] = value
            }

            #[fragment_layout(fraglayout::catalog::$name)]
            fn scatter_add(t: u32, frag: &[u32; $e], out: &mut [u32], ld: usize) {
                |row, col, value| out[row * ld + col] += value
            }

            #[fragment_layout(fraglayout::catalog::$name)]
            fn scatter_scaled(t: u32, frag: &[u32; $e], out: &mut [u32], ld: usize) {
                |row, col, value| out[row * ld + col] = 3 * value + row as u32
            }

            #[fragment_layout(fraglayout::catalog::$name)]
            fn scatter_typed(t: fraglayout::Thread<$threads>, frag: &[u32; $e], out: &mut [u32], ld: usize) {
                |row, col, value| out[row * ld + col] += value
            }

            #[fragment_layout(fraglayout::catalog::$name, bounds(rows, cols))]
            fn scatter_bounds(t: u32, frag: &[u32; $e], out: &mut [u32], ld: usize, rows: usize, cols: usize) {
                |row, col, value| out[row * ld + col] += value
            }

            /// # Safety
            /// `out` holds the tile at row stride `ld`.
            #[fragment_layout(fraglayout::catalog::$name)]
            unsafe fn scatter_pointer_add(t: u32, frag: &[u32; $e], out: *mut u32, ld: usize) {
                |row, col, value| unsafe { *out.add(row * ld + col) += value }
            }

            /// # Safety
            /// `out` holds the tile at row stride `ld`.
            #[fragment_layout(fraglayout::catalog::$name, bounds(rows, cols))]
            unsafe fn scatter_pointer_bounds(
                t: u32, frag: &[u32; $e], out: *mut u32, ld: usize, rows: usize, cols: usize,
            ) {
                |row, col, value| unsafe { *out.add(row * ld + col) += value }
            }

            /// # Safety
            /// `a` holds the tile at row stride [`LD`].
            #[fragment_layout(fraglayout::catalog::$name, gather, bounds(rows, cols))]
            unsafe fn gather_pointer_bounds(t: u32, a: *const u32, rows: usize, cols: usize) -> [u32; $e] {
                |row, col| unsafe { a.add(row * LD + col).read() }
            }

            /// # Safety
            /// `out` holds the tile at row stride [`LD`].
            #[fragment_layout(fraglayout::catalog::$name)]
            unsafe fn scatter_write(t: u32, frag: &[u32; $e], out: *mut u32) {
                |row, col, value| unsafe { out.add(col + row * LD).write(value) }
            }

            /// # Safety
            /// `out` holds the tile at row stride `ld`.
            #[fragment_layout(fraglayout::catalog::$name)]
            unsafe fn scatter_unchecked(t: u32, frag: &[u32; $e], out: &mut [u32], ld: usize) {
                |row, col, value| unsafe { *out.get_unchecked_mut(row * ld + col) ^= value }
            }

            /// # Safety
            /// `a` holds the tile at row stride [`LD`].
            #[fragment_layout(fraglayout::catalog::$name, gather)]
            unsafe fn gather_read(t: u32, a: *const u32) -> [u32; $e] {
                |row, col| unsafe { a.add(row * LD + col).read() }
            }

            // Swizzles written into the index: the column XORed with the row's low bits
            // (straight-line code where every element keeps its offset from the thread's
            // first, element by element otherwise), and the whole offset.
            #[fragment_layout(fraglayout::catalog::$name)]
            fn scatter_swizzled(t: u32, frag: &[u32; $e], out: &mut [u32], ld: usize) {
                |row, col, value| out[row * ld + (col ^ ((row & 7) << 3))] = value
            }

            #[fragment_layout(fraglayout::catalog::$name, bounds(rows, cols))]
            fn scatter_swizzled_bounds(
                t: u32, frag: &[u32; $e], out: &mut [u32], ld: usize, rows: usize, cols: usize,
            ) {
                |row, col, value| out[row * ld + (col ^ ((row & 7) << 3))] += value
            }

            #[fragment_layout(fraglayout::catalog::$name)]
            fn scatter_swizzled_whole(t: u32, frag: &[u32; $e], out: &mut [u32]) {
                |row, col, value| out[(row * 512 + col) ^ ((row % 8) << 3)] += value
            }

            /// # Safety
            /// `out` holds the tile at row stride `ld`, swizzled.
            #[fragment_layout(fraglayout::catalog::$name)]
            unsafe fn scatter_swizzled_pointer(t: u32, frag: &[u32; $e], out: *mut u32, ld: usize) {
                |row, col, value| unsafe { *out.add(row * ld + (col ^ ((row % 4) << 1))) ^= value }
            }

            #[fragment_layout(fraglayout::catalog::$name, gather)]
            fn gather_swizzled_index(t: u32, a: &[u32]) -> [u32; $e] {
                |row, col| a[row * LD + (col ^ ((row & 7) << 3))]
            }

            // A padded tile, and a swizzled one whose XOR (offset bit 3 into bit 1) mixes the
            // thread's and the elements' bits.
            const PADDED: SharedLayout = SharedLayout::padded(N.rows, N.cols, 4, 3);
            const SWIZZLED: SharedLayout =
                SharedLayout::swizzled(N.rows, N.cols, 4, Swizzle::new(1, 1, 2));

            #[fragment_layout(fraglayout::catalog::$name, shared = PADDED)]
            fn shared_padded(t: u32, frag: &[u32; $e], smem: &mut [u32]) {
                |offset, value| smem[offset] = value
            }

            #[fragment_layout(fraglayout::catalog::$name, shared = SWIZZLED)]
            fn shared_swizzled(t: u32, frag: &[u32; $e], smem: &mut [u32]) {
                |offset, value| smem[offset] += value
            }

            #[fragment_layout(fraglayout::catalog::$name, gather, shared = SWIZZLED)]
            fn gather_swizzled(t: u32, smem: &[u32]) -> [u32; $e] {
                |offset| smem[offset]
            }

            gather_forms!($name, $e);

            #[test]
            fn every_form_is_the_element_path() {
                let whole = (N.rows as usize, N.cols as usize);
                let ld = N.cols as usize + 3;
                let set: Store = &|o, r, c, v| o[r * ld + c] = v;
                let add: Store = &|o, r, c, v| o[r * ld + c] += v;
                let set_ld: Store = &|o, r, c, v| o[r * LD + c] = v;
                let at_ld: Load = &|a, r, c| a[r * LD + c];
                check_scatter(N, "const", LD, whole, &scatter_const, set_ld);
                check_scatter(N, "ld", ld, whole, &|t, f, o| scatter_ld(t, f, o, ld), set);
                check_scatter(N, "+=", ld, whole, &|t, f, o| scatter_add(t, f, o, ld), add);
                check_scatter(N, "scaled", ld, whole, &|t, f, o| scatter_scaled(t, f, o, ld),
                    &|o, r, c, v| o[r * ld + c] = 3 * v + r as u32);
                check_scatter(N, "typed", ld, whole, &|t, f, o| {
                    if let Some(t) = fraglayout::Thread::<$threads>::new(t) {
                        scatter_typed(t, f, o, ld)
                    }
                }, add);
                for x in extents(N) {
                    check_scatter(N, "bounds", ld, x,
                        &|t, f, o| scatter_bounds(t, f, o, ld, x.0, x.1), add);
                    // SAFETY: the buffers hold the tile at the strides passed.
                    check_scatter(N, "pointer bounds", ld, x, &|t, f, o| unsafe {
                        scatter_pointer_bounds(t, f, o.as_mut_ptr(), ld, x.0, x.1)
                    }, add);
                    check_gather(N, "pointer bounds", x, &|t, a| unsafe {
                        gather_pointer_bounds(t, a.as_ptr(), x.0, x.1)
                    }, at_ld);
                }
                // SAFETY: every buffer holds the tile at the stride passed.
                check_scatter(N, "pointer +=", ld, whole,
                    &|t, f, o| unsafe { scatter_pointer_add(t, f, o.as_mut_ptr(), ld) }, add);
                check_scatter(N, "write", LD, whole,
                    &|t, f, o| unsafe { scatter_write(t, f, o.as_mut_ptr()) }, set_ld);
                check_scatter(N, "unchecked ^=", ld, whole,
                    &|t, f, o| unsafe { scatter_unchecked(t, f, o, ld) },
                    &|o, r, c, v| o[r * ld + c] ^= v);
                check_gather(N, "read", whole, &|t, a| unsafe { gather_read(t, a.as_ptr()) },
                    at_ld);
                let wide = N.cols as usize + 64;
                check_scatter(N, "swizzled", wide, whole,
                    &|t, f, o| scatter_swizzled(t, f, o, wide),
                    &|o, r, c, v| o[r * wide + (c ^ ((r & 7) << 3))] = v);
                for x in extents(N) {
                    check_scatter(N, "swizzled bounds", wide, x,
                        &|t, f, o| scatter_swizzled_bounds(t, f, o, wide, x.0, x.1),
                        &|o, r, c, v| o[r * wide + (c ^ ((r & 7) << 3))] += v);
                }
                check_scatter(N, "swizzled whole", 512 + 64, whole, &scatter_swizzled_whole,
                    &|o, r, c, v| o[(r * 512 + c) ^ ((r % 8) << 3)] += v);
                check_scatter(N, "swizzled pointer", wide, whole,
                    &|t, f, o| unsafe { scatter_swizzled_pointer(t, f, o.as_mut_ptr(), wide) },
                    &|o, r, c, v| o[r * wide + (c ^ ((r % 4) << 1))] ^= v);
                check_gather(N, "swizzled", whole, &gather_swizzled_index,
                    &|a, r, c| a[r * LD + (c ^ ((r & 7) << 3))]);
                let at = |l: &SharedLayout, r: usize, c: usize| {
                    l.offset(r as u32, c as u32).expect("inside the tile") as usize
                };
                check_scatter(N, "shared padded", ld, whole, &shared_padded,
                    &|o, r, c, v| o[at(&PADDED, r, c)] = v);
                check_scatter(N, "shared swizzled +=", ld, whole, &shared_swizzled,
                    &|o, r, c, v| o[at(&SWIZZLED, r, c)] += v);
                check_gather(N, "shared swizzled", whole, &gather_swizzled,
                    &|a, r, c| a[at(&SWIZZLED, r, c)]);
                check_gathers!();
                $( differential!(@run $flag, $e $(, $arg)?); )*
            }

            $( differential!(@fns $flag, $name, $e $(, $arg)?); )*
        }
        )*
    };
    (@fns vector, $name:ident, $e:literal) => {
        /// # Safety
        /// `out` holds the thread's footprint at stride `ld`.
        #[fragment_layout(fraglayout::catalog::$name, vector = 2)]
        unsafe fn scatter_vector(t: u32, frag: &[u32; $e], out: *mut u32, ld: usize) {
            |row, col, values| unsafe { *(out.add(row * ld + col) as *mut [u32; 2]) = values }
        }

        /// # Safety
        /// As [`scatter_vector`].
        #[fragment_layout(fraglayout::catalog::$name, gather, vector = 2)]
        unsafe fn gather_vector(t: u32, a: *const u32) -> [u32; $e] {
            |row, col| unsafe { *(a.add(row * LD + col) as *const [u32; 2]) }
        }
    };
    (@fns packed, $name:ident, $e:literal, $regs:literal) => {
        #[fragment_layout(fraglayout::catalog::$name, gather, packed)]
        fn gather_packed(t: u32, a: &[u16], ld: usize) -> [u32; $regs] {
            |row, col| a[row * ld + col]
        }
    };
    (@run vector, $e:literal) => {{
        let ld = N.cols as usize + 3;
        // Aligned for the 8-byte arrays: the buffers are `u64`s seen as `u32`s.
        check_scatter(N, "vector", ld, (N.rows as usize, N.cols as usize), &|t, f, o| {
            let mut wide = vec![0u64; o.len() / 2 + 1];
            let cells = wide.as_mut_ptr() as *mut u32;
            // SAFETY: `wide` holds `o.len()` cells, the thread's footprint among them.
            unsafe {
                core::ptr::copy_nonoverlapping(o.as_ptr(), cells, o.len());
                scatter_vector(t, f, cells, ld);
                core::ptr::copy_nonoverlapping(cells, o.as_mut_ptr(), o.len());
            }
        }, &|o, r, c, v| o[r * ld + c] = v);
        check_gather(N, "vector", (N.rows as usize, N.cols as usize), &|t, a| {
            let mut wide = vec![0u64; a.len() / 2 + 1];
            let cells = wide.as_mut_ptr() as *mut u32;
            // SAFETY: as above; a thread outside the layout reads nothing.
            unsafe {
                core::ptr::copy_nonoverlapping(a.as_ptr(), cells, a.len());
                gather_vector(t, cells)
            }
        }, &|a, r, c| a[r * LD + c]);
    }};
    (@run packed, $e:literal, $regs:literal) => {{
        let ld = N.cols as usize + 3;
        let a: Vec<u16> = (0..N.rows as usize * ld).map(|i| (5 * i + 1) as u16).collect();
        for t in threads(N) {
            let each: [u32; $e] = gather_ref(N, t, (N.rows as usize, N.cols as usize),
                &|r, c| a[r * ld + c] as u32);
            let want: [u32; $regs] =
                core::array::from_fn(|k| fraglayout::pack::pack_b16(each[2 * k] as u16, each[2 * k + 1] as u16));
            assert_eq!(gather_packed(t, &a, ld), want, "{}: packed, thread {t}", N.name);
        }
    }};
}
