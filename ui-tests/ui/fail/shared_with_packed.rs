// `packed` with `shared`: a shared gather hands back the elements one by one, unpacked.
use fraglayout::catalog::SM80_16x8x16_F16_A_ROW;
use fraglayout::fragment_layout;
use fraglayout::shared::SharedLayout;

const SMEM: SharedLayout = SharedLayout::row_major(16, 16, 2);

#[fragment_layout(SM80_16x8x16_F16_A_ROW, gather, packed, shared = SMEM)]
fn load_a(lane: u32, smem: &[u16]) -> [u32; 4] {
    |offset| smem[offset]
}

fn main() {
    load_a(0, &[0; 256]);
}
