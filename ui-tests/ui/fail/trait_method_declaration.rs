// A trait's method declaration has no body to expand: the attribute goes where it is defined.
use layout_core::catalog::SM80_16x8x16_F32_C;

trait Epilogue {
    #[layout_macros::fragment_layout(SM80_16x8x16_F32_C)]
    fn store(&mut self, lane: u32, frag: &[f32; 4]);
}

fn main() {}
