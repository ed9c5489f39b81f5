//! Lines of PTX the generated kernels share: a thread's pointer into a `[thread][word]` array,
//! register lists, and loads and stores of numbered registers. Every function returns whole
//! lines (four spaces in, `\n` after) or, for [`reg_list`], a piece of one; e.g.
//! `load_regs("b32", "a", 1, 2, 4)` is
//! `    ld.global.b32 %a0, [%p1+0];\n    ld.global.b32 %a1, [%p1+4];\n`.
//!
//! The kernels declare `%t` (`%tid.x`), `%o` (b64) and `%p<N>` (b64) themselves.

/// `%p{i}`: kernel parameter `param` as a global pointer, advanced by `%t * bytes` (through
/// `%o`, which keeps that offset).
pub fn param_ptr(i: usize, param: &str, bytes: u32) -> String {
    format!(
        "    ld.param.u64 %p{i}, [{param}];\n    cvta.to.global.u64 %p{i}, %p{i};\n    mul.wide.u32 %o, %t, {bytes};\n    add.u64 %p{i}, %p{i}, %o;\n"
    )
}

/// `{%x0, %x1, ..}`: the `count` registers `%{prefix}0..`.
pub fn reg_list(prefix: &str, count: u32) -> String {
    let regs: Vec<String> = (0..count).map(|r| format!("%{prefix}{r}")).collect();
    format!("{{{}}}", regs.join(", "))
}

/// `ld.global.{ty}` of registers `%{prefix}0..count` from `%p{ptr}`, `step` bytes apart.
pub fn load_regs(ty: &str, prefix: &str, ptr: usize, count: u32, step: u32) -> String {
    (0..count)
        .map(|r| format!("    ld.global.{ty} %{prefix}{r}, [%p{ptr}+{}];\n", r * step))
        .collect()
}

/// `st.global.{ty}` of registers `%{prefix}0..count` to `%p{ptr}`, `step` bytes apart.
pub fn store_regs(ty: &str, prefix: &str, ptr: usize, count: u32, step: u32) -> String {
    (0..count)
        .map(|r| format!("    st.global.{ty} [%p{ptr}+{}], %{prefix}{r};\n", r * step))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_name_the_registers_pointer_and_offsets() {
        assert_eq!(
            load_regs("b32", "a", 1, 2, 4),
            "    ld.global.b32 %a0, [%p1+0];\n    ld.global.b32 %a1, [%p1+4];\n"
        );
        assert_eq!(
            store_regs("f64", "d", 3, 2, 8),
            "    st.global.f64 [%p3+0], %d0;\n    st.global.f64 [%p3+8], %d1;\n"
        );
        assert_eq!(load_regs("b32", "r", 0, 0, 4), "");
        assert_eq!(reg_list("r", 3), "{%r0, %r1, %r2}");
        assert_eq!(reg_list("e", 1), "{%e0}");
        assert_eq!(
            param_ptr(2, "param_c", 16),
            "    ld.param.u64 %p2, [param_c];\n    cvta.to.global.u64 %p2, %p2;\n    \
             mul.wide.u32 %o, %t, 16;\n    add.u64 %p2, %p2, %o;\n"
        );
    }
}
