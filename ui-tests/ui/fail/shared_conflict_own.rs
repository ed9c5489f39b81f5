// `conflict_free` on a numeral of one's own, which `fraglayout banks` cannot name: the
// suggested search is the call of `shared::find` on the user's constants.
use fraglayout::fragment_layout;
use fraglayout::shared::SharedLayout;
use fraglayout::numeral;

// Two accumulators of f16 side by side, written out.
numeral! {
    W2: 16 x 16, elements 8 {
        e % 2       => 1,
        lane % 4    => 2,
        lane / 4    => 16,
        (e / 2) % 2 => 128,
        e / 4       => 8,
    }
}
const SMEM: SharedLayout = SharedLayout::row_major(16, 16, 2);

#[fragment_layout(W2, shared = SMEM, vector = 2, conflict_free)]
fn stage(lane: u32, frag: &[u16; 8], smem: &mut [u16]) {
    |offset, values| smem[offset..offset + 2].copy_from_slice(&values)
}

fn main() {
    stage(0, &[0; 8], &mut [0; 256]);
}
