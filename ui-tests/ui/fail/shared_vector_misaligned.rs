// `vector = 2` into rows padded by one element: odd rows start at odd offsets.
use fraglayout::catalog::SM80_16x8x16_F32_C;
use fraglayout::fragment_layout;
use fraglayout::shared::SharedLayout;

const SMEM: SharedLayout = SharedLayout::padded(16, 8, 4, 1);

#[fragment_layout(SM80_16x8x16_F32_C, shared = SMEM, vector = 2)]
fn store(lane: u32, acc: &[f32; 4], smem: &mut [f32]) {
    |offset, values| smem[offset..offset + 2].copy_from_slice(&values)
}

fn main() {
    store(0, &[0.0; 4], &mut [0.0; 144]);
}
