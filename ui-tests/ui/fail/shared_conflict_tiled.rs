// `conflict_free` on eight accumulators side by side (a 16 x 64 tile of f16) in a row-major
// tile: the suggested search names the tile of tiles as the command line takes it.
use fraglayout::catalog::SM80_16x8x16_F16_C;
use fraglayout::fragment_layout;
use fraglayout::shared::SharedLayout;
use fraglayout::Numeral;

const ACC8: Numeral = SM80_16x8x16_F16_C.tiled_or_panic(1, 8).numeral();
const SMEM: SharedLayout = SharedLayout::row_major(16, 64, 2);

#[fragment_layout(ACC8, shared = SMEM, vector = 2, conflict_free)]
fn stage(lane: u32, frag: &[u16; 32], smem: &mut [u16]) {
    |offset, values| smem[offset..offset + 2].copy_from_slice(&values)
}

fn main() {
    stage(0, &[0; 32], &mut [0; 1024]);
}
