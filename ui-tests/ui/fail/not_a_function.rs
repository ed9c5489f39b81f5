// The attribute goes on a function.
use layout_core::catalog::SM80_16x8x16_F32_C;

#[layout_macros::fragment_layout(SM80_16x8x16_F32_C)]
struct Epilogue {
    ld: usize,
}

fn main() {}
