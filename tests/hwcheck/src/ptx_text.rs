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

/// A loop copying `chunks` 16-byte chunks between the global buffer at `%p{ptr}` (its start,
/// not advanced by the thread) and shared memory from `%s`: `threads` threads, thread `%t`
/// taking chunks `%t, %t + threads, ..`. `label` names the loop and, with `_END`, the line
/// after it (unique within the kernel). Uses `%i`, `%ad`, `%x0..%x3` (b32), `%o`, `%q` (b64)
/// and `%done` (pred).
pub fn copy_shared(label: &str, ptr: usize, chunks: u32, threads: u32, to_shared: bool) -> String {
    let (load, store) = if to_shared {
        (
            "ld.global.v4.b32 {%x0, %x1, %x2, %x3}, [%q]",
            "st.shared.v4.b32 [%ad], {%x0, %x1, %x2, %x3}",
        )
    } else {
        (
            "ld.shared.v4.b32 {%x0, %x1, %x2, %x3}, [%ad]",
            "st.global.v4.b32 [%q], {%x0, %x1, %x2, %x3}",
        )
    };
    format!(
        "    mov.u32 %i, %t;\n{label}:\n    setp.ge.u32 %done, %i, {chunks};\n    @%done bra {label}_END;\n\
         \x20   mul.wide.u32 %o, %i, 16;\n    add.u64 %q, %p{ptr}, %o;\n    mad.lo.u32 %ad, %i, 16, %s;\n\
         \x20   {load};\n    {store};\n    add.u32 %i, %i, {threads};\n    bra {label};\n{label}_END:\n"
    )
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
        let copy = copy_shared("IN", 0, 40, 32, true);
        assert!(copy.starts_with("    mov.u32 %i, %t;\nIN:\n    setp.ge.u32 %done, %i, 40;\n"));
        assert!(copy.contains("    ld.global.v4.b32 {%x0, %x1, %x2, %x3}, [%q];\n    st.shared"));
        assert!(copy.ends_with("    add.u32 %i, %i, 32;\n    bra IN;\nIN_END:\n"));
        let back = copy_shared("OUT", 3, 40, 128, false);
        assert!(back.contains("add.u64 %q, %p3, %o;\n"));
        assert!(back.contains("    ld.shared.v4.b32 {%x0, %x1, %x2, %x3}, [%ad];\n    st.global"));
    }
}
