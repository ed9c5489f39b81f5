// Gather the m16n8k16 A fragment, plain and packed, and check both against the PTX formula.
use layout_core::catalog::SM80_16x8x16_F16_A_ROW;
use layout_core::pack::unpack_b16_array;
use layout_macros::fragment_layout;

#[fragment_layout(SM80_16x8x16_F16_A_ROW, gather)]
fn load_a(lane: u32, a: &[u16], lda: usize) -> [u16; 8] {
    |row, col| a[row * lda + col]
}

#[fragment_layout(SM80_16x8x16_F16_A_ROW, gather, packed)]
fn load_a_packed(lane: u32, a: &[u16], lda: usize) -> [u32; 4] {
    |row: u32, col: u32| a[row as usize * lda + col as usize]
}

pub fn main() {
    let a: Vec<u16> = (0..16 * 16).collect();
    for lane in 0..32u32 {
        let plain = load_a(lane, &a, 16);
        assert_eq!(unpack_b16_array::<4, 8>(&load_a_packed(lane, &a, 16)), plain);
        for (i, v) in plain.iter().enumerate() {
            let i = i as u32;
            let row = lane / 4 + 8 * ((i / 2) % 2);
            let col = 2 * (lane % 4) + (i % 2) + 8 * (i / 4);
            assert_eq!(*v as u32, row * 16 + col, "lane {lane} a{i}");
        }
    }
}
