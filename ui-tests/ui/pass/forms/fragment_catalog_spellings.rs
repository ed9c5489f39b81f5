// A catalog layout named the ways a user names it: through a glob import of the catalog, and
// through a module of the user's that re-exports it. Each takes the catalog's code, checked by
// type (the catalog's hidden struct of the same name comes along with the constant).
mod glob {
    use layout_core::catalog::*;
    use layout_macros::fragment_layout;

    #[fragment_layout(SM80_16x8x16_F32_C)]
    pub fn store_c(lane: u32, frag: &[f32; 4], out: &mut [f32], ld: usize) {
        |row, col, value| out[row * ld + col] = value
    }
}

mod reexported {
    pub mod layouts {
        pub use layout_core::catalog::SM80_16x8x16_F32_C as SM80_16x8x16_F32_C;
    }
    use layout_macros::fragment_layout;

    #[fragment_layout(layouts::SM80_16x8x16_F32_C)]
    pub fn store_c(lane: u32, frag: &[f32; 4], out: &mut [f32], ld: usize) {
        |row, col, value| out[row * ld + col] = value
    }
}

pub fn main() {
    for store in [glob::store_c, reexported::store_c] {
        let mut out = [0.0; 128];
        store(5, &[1.0, 2.0, 3.0, 4.0], &mut out, 8);
        // Lane 5: row 1, columns 2 and 3; row 9 for elements 2 and 3.
        assert_eq!((out[10], out[11], out[74], out[75]), (1.0, 2.0, 3.0, 4.0));
    }
}
