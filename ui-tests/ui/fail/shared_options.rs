// Every option `shared` excludes, in one attribute: each is reported, once, on its word,
// with `conflict_free` (which does go with `shared`) left alone.
use fraglayout::catalog::SM80_16x8x16_F16_A_ROW;
use fraglayout::fragment_layout;
use fraglayout::shared::SharedLayout;

const SMEM: SharedLayout = SharedLayout::row_major(16, 16, 2);

#[fragment_layout(SM80_16x8x16_F16_A_ROW, gather, packed, bounds(m, n), unpaired, shared = SMEM, conflict_free)]
fn load_a(lane: u32, smem: &[u16], m: usize, n: usize) -> [u32; 4] {
    |offset| smem[offset]
}

fn main() {
    load_a(0, &[0; 256], 16, 16);
}
