// A numeral with a broadcast digit: the sm_120 `mma.sync ... .block_scale.scale_vec::1X` scale
// of A, 16 rows x 1 K-block, for thread-id-a = 0. Lane bit 1 does not move the row, so lanes
// `l` and `l ^ 2` hold the same scale; a gather reads it into both.
use layout_macros::{fragment_layout, numeral};

numeral! {
    pub SFA: 16 x 1 {
        lane % 2     => 8,
        lane / 2 % 2 => broadcast,
        lane / 4     => 1,
    }
}

#[fragment_layout(SFA, gather)]
fn load_scale(lane: u32, scales: &[u8]) -> [u8; 1] {
    |row, col| scales[row + col]
}

pub fn main() {
    assert_eq!((SFA.elements, SFA.copies()), (1, 2));
    let scales: Vec<u8> = (0..16).map(|m| 100 + m).collect();
    for lane in 0..32u32 {
        let row = 8 * (lane % 2) + lane / 4;
        assert_eq!(load_scale(lane, &scales), [100 + row as u8], "lane {lane}");
    }
}
