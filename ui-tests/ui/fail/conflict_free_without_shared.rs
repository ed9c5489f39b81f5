// `conflict_free` counts the banks of an access to a shared tile, and there is none.
use fraglayout::catalog::SM80_16x8x16_F32_C;
use fraglayout::fragment_layout;

#[fragment_layout(SM80_16x8x16_F32_C, conflict_free)]
fn store(lane: u32, frag: &[f32; 4], out: &mut [f32]) {
    |row, col, value| out[row * 8 + col] = value
}

fn main() {
    store(0, &[0.0; 4], &mut [0.0; 128]);
}
