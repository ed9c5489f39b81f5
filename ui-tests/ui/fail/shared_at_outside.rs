// `at` places the fragment's 16 x 8 tile in the shared tile: at row 60 it runs past the
// 64 rows; `at` without `shared` has no tile to place it in.
use fraglayout::catalog::SM80_16x8x16_F32_C;
use fraglayout::fragment_layout;
use fraglayout::shared::SharedLayout;

const SMEM: SharedLayout = SharedLayout::row_major(64, 64, 4);

#[fragment_layout(SM80_16x8x16_F32_C, shared = SMEM, at = (60, 8))]
fn store(lane: u32, frag: &[f32; 4], smem: &mut [f32]) {
    |offset, value| smem[offset] = value
}

#[fragment_layout(SM80_16x8x16_F32_C, at = (16, 8))]
fn plain(lane: u32, frag: &[f32; 4], out: &mut [f32]) {
    |row, col, value| out[row * 8 + col] = value
}

fn main() {
    store(0, &[0.0; 4], &mut [0.0; 4096]);
    plain(0, &[0.0; 4], &mut [0.0; 128]);
}
