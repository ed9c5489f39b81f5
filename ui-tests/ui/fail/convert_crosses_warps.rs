// Four warps each holding 16 rows, to four warps each holding 16 columns: most values would
// have to move between warps, which a warp shuffle cannot do.
use fraglayout::{convert_layout, numeral};

numeral! {
    WARP_ROWS: 64 x 64, elements 32, warps 4 { e % 8 => 1, lane % 8 => 8, lane / 8 => 64, e / 8 => 256, warp => 1024 }
}
numeral! {
    WARP_COLS: 64 x 64, elements 32, warps 4 { e % 8 => 1, lane % 2 => 8, warp => 16, lane / 2 => 64, e / 8 => 1024 }
}

#[convert_layout(WARP_ROWS => WARP_COLS)]
fn rows_to_cols(lane: u32, from: &[f32; 32], shuffle: impl FnMut(f32, u32) -> f32) -> [f32; 32] {}

fn main() {
    let _ = rows_to_cols(0, &[0.0; 32], |v, _| v);
}
