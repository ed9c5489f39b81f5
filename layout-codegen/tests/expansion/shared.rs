//! `shared = LAYOUT` (`src/fragment/smem.rs`): the thread's offsets once a call, then one call
//! per element, `SharedBase::offset` (layout-core, whose tests take each of its ways to the
//! layout's offset), with the element's constant way of reaching it. That the offsets are the
//! layout's, for every thread, is `tests/tests/shared` of the workspace.

use crate::{count, expand};

#[test]
fn each_element_s_offset_is_one_call_from_the_thread_s() {
    let code = expand(
        "SM90_64x256x16_F32_C, shared = C_TILE",
        "unsafe fn stage(t: u32, acc: &[f32; 128], smem: *mut f32) { \
         |offset, value| unsafe { *smem.add(offset) = value } }",
    );
    // The layout's constants in one plan, and the thread's offsets once a call.
    let plan = "const__FL_SMEM:::fraglayout::generated::SharedPlan=::fraglayout::generated::SharedPlan::of(&__FL_NUMERAL,&__FL_SHARED,__FL_SHARED_AT,&__FL_THREADS,);";
    assert_eq!(count(&code, plan), 1, "{code}");
    assert_eq!(
        count(&code, "let__fl_smem=__FL_SMEM.thread(__fl_at);"),
        1,
        "{code}"
    );
    // Each element: one call with its own constants, and no `match` written out.
    for e in 0..128 {
        let call = format!("__fl_smem.offset(__FL_OFFSETS[{e}],__FL_AT[{e}].at)");
        assert_eq!(count(&code, &call), 1, "element {e}: {code}");
    }
    assert_eq!(count(&code, "__fl_smem.offset("), 128, "{code}");
    assert_eq!(count(&code, "SharedOffset::"), 0, "{code}");
}
