// A conversion generic over its element type, as a method, with the source by value.
use fraglayout::catalog::{SM75_U16x2_LDSM_T, SM75_U32x1_LDSM_N};
use fraglayout::convert_layout;

struct Warp;

impl Warp {
    #[convert_layout(SM75_U32x1_LDSM_N => SM75_U16x2_LDSM_T)]
    fn transpose<T: Copy>(&self, lane: u32, from: [T; 2], shuffle: impl FnMut(T, u32) -> T) -> [T; 2] {}
}

pub fn main() {
    // One lane alone, its shuffle reading itself: only the type-level shape is tested here.
    let _ = Warp.transpose(0, [1u16, 2], |v, _| v);
}
