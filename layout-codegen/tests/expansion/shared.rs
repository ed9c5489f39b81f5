//! `shared = LAYOUT` (`src/fragment/smem.rs`): an element's offset from the thread's swizzled
//! base is an add where no thread's swizzled offset shares a bit with its constant, and
//! otherwise the constant split at the bits a thread's swizzled offset may have, those XORed
//! and the rest added (ptxas folds an added constant into the access, not a XOR). That the
//! offsets are the layout's, for every thread, is `tests/tests/shared` of the workspace.

use crate::{count, expand};

#[test]
fn a_swizzled_constant_is_added_where_provable_and_split_elsewhere() {
    let code = expand(
        "SM90_64x256x16_F32_C, shared = C_TILE",
        "unsafe fn stage(t: u32, acc: &[f32; 128], smem: *mut f32) { \
         |offset, value| unsafe { *smem.add(offset) = value } }",
    );
    // The bits a thread's swizzled offset may have, once: its unswizzled bits and those the
    // swizzle toggles from them.
    let bits = "const__FL_SWIZZLED_BITS:usize=__FL_LANE_MASK|(__FL_SWIZZLE.apply(__FL_LANE_MASK asu32)^__FL_LANE_MASKasu32)asusize;";
    assert_eq!(
        count(&code, &bits.replace("MASK asu32", "MASKasu32")),
        1,
        "{code}"
    );
    // Each element: a plain add where the constant is disjoint from every thread's base, the
    // split where it is not, never a bare XOR.
    let add = "SharedOffset::Add(__fl_k)=>__fl_base+__fl_k,";
    let split = "SharedOffset::Xor(__fl_k)=>{(__fl_base^(__fl_k&__FL_SWIZZLED_BITS))+(__fl_k&!__FL_SWIZZLED_BITS)}";
    assert_eq!(count(&code, add), 128, "{code}");
    assert_eq!(count(&code, split), 128, "{code}");
    assert_eq!(count(&code, "__fl_base^__fl_k"), 0, "{code}");
}
