//! The counting of `.ci/sass-bench` (`fraglayout_sass::count`) on a captured listing.

use fraglayout_sass::count::{class, count, Class, Count};

/// A listing as `nvdisasm -c` prints it (ptxas 13.0, `sm_90a`): two kernels, the second
/// with a predicated early exit, a self-loop and padding.
const LISTING: &str = include_str!("fixtures/two_kernels.sass");

#[test]
fn counts_each_body_without_prologue_exit_self_loop_and_padding() {
    let counts = count(LISTING);
    let names: Vec<&str> = counts.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["hand_scatter_ld", "early"]);
    // S2R; LDC.64 x 2, ULDC.64 x 2, LDG.E.128, STG.E.64 x 2; IMAD x 5, SHF, LOP3, LEA x 2,
    // LEA.HI.X x 2.
    let want = Count {
        memory: 7,
        integer: 11,
        branch: 0,
        other: 1,
    };
    assert_eq!(counts[0].1, want);
    // S2R, ISETP, @P0 EXIT, LDC.64, ULDC.64, STG.E, MOV; a BRA that is no self-loop.
    let want = Count {
        memory: 3,
        integer: 1,
        branch: 3,
        other: 1,
    };
    assert_eq!(counts[1].1, want);
}

#[test]
fn classes_by_opcode() {
    assert_eq!(class("STS"), Class::Memory);
    assert_eq!(class("ULDC"), Class::Memory);
    assert_eq!(class("UIADD3"), Class::Integer);
    assert_eq!(class("UISETP"), Class::Branch);
    assert_eq!(class("SHFL"), Class::Other);
    assert_eq!(class("LEA"), Class::Integer);
}
