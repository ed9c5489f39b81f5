//! The lane-arithmetic form of a conversion, taken where the plan has it
//! (`Plan::lane_arith`, checked there on every lane): the lane read is shifts, masks and an
//! xor of the lane; the registers offered and kept in are constants, after and before a
//! permutation of the registers by xors that the lane's bits select.
//!
//! ```text
//! let src = shifts of l;                      // once
//! let mut g = *from;  xor_permute(g, l bit i) // per lane bit that moves the offered registers
//! let mut y = *from;                         // or g, where the plan keeps the offered order
//! y[RECV_AT] = shuffle(g[SEND_AT], src ^ X);  // per round r < ROUNDS, every index a constant
//! xor_permute(y, l bit i); y                  // per lane bit that moves the kept registers
//! ```

use layout_core::convert::{Plan, MAX_PLAN_ELEMENTS as MAX};
use proc_macro2::{Literal, TokenStream};
use quote::quote;

/// The body of the arithmetic form, for `n` registers per lane: it reads `arith` (a constant
/// `Option<LaneArith>`, some), `count` (the plan's rounds, a constant) and `__fl_l`,
/// `__fl_from`, `__fl_shuffle`, and evaluates to the converted fragment; `permute` is the
/// function permuting registers on a lane bit (`Plan::xor_permute`'s signature).
pub fn body(n: usize, arith: TokenStream, count: TokenStream, permute: TokenStream) -> TokenStream {
    let sends = stages(quote!(__fl_g), 5, &permute);
    let rounds = (0..n).map(|r| round(r, &count));
    let recvs = stages(quote!(__fl_y), 10, &permute);
    quote! {
        const __FL_A: [[u8; ::fraglayout::convert::MAX_PLAN_ELEMENTS]; 4] = match #arith {
            ::core::option::Option::Some(__fl_a) => __fl_a,
            ::core::option::Option::None => [[0; ::fraglayout::convert::MAX_PLAN_ELEMENTS]; 4],
        };
        const __FL_SRC: [u32; 9] = ::fraglayout::convert::Plan::lane_shifts(&__FL_A, 0);
        let __fl_lane: u32 = __fl_l as u32;
        let __fl_src: u32 = ::fraglayout::convert::Plan::lane_map(__fl_lane, &__FL_SRC);
        let mut __fl_g = *__fl_from;
        #sends
        let mut __fl_y = if __FL_A[0][::fraglayout::convert::Plan::KEEP_OFFERED] != 0 {
            __fl_g
        } else {
            *__fl_from
        };
        #(#rounds)*
        #recvs
        __fl_y
    }
}

/// Registers `regs` permuted by the xors of the lane map whose columns start at entry `at` of
/// the plan's row 0 (`__FL_A`): per lane bit set, its column's xor; nothing for a column 0.
pub(super) fn stages(regs: TokenStream, at: usize, permute: &TokenStream) -> TokenStream {
    let stages = (0..5).map(|bit| {
        let entry = Literal::usize_unsuffixed(at + bit);
        let bit = Literal::usize_unsuffixed(1 << bit);
        quote! {{
            const __FL_X: usize = __FL_A[0][#entry] as usize;
            if __FL_X != 0 {
                #permute(&mut #regs, __fl_lane & #bit != 0, __FL_X);
            }
        }}
    });
    quote!(#(#stages)*)
}

/// Round `r`, folded away past the plan's rounds: one shuffle, constant registers.
fn round(r: usize, count: &TokenStream) -> TokenStream {
    let r_lit = Literal::usize_unsuffixed(r);
    let r32 = Literal::u32_unsuffixed(r as u32);
    quote! {{
        const __FL_ON: bool = #r32 < #count;
        if __FL_ON {
            __fl_y[__FL_A[3][#r_lit] as usize] = __fl_shuffle(
                __fl_g[__FL_A[2][#r_lit] as usize],
                __fl_src ^ __FL_A[1][#r_lit] as u32,
            );
        }
    }}
}

/// The arithmetic form written out from a table the macro computed (`rows`, a `LaneArith`),
/// `rounds` rounds: the same code as [`body`] once the compiler folds its constants, with
/// every number a literal and only the stages that permute, so that the compiler type checks
/// and evaluates nothing more.
pub(super) fn written(rows: &[[u8; MAX]], rounds: usize, permute: &TokenStream) -> TokenStream {
    let Some(t) = table::<4>(rows) else {
        return missing_rows("lane arithmetic's", 4);
    };
    let [r0, r1, r2, r3] = &t;
    let (lane, src) = (lane(), lane_map(quote!(__fl_src), &t, 0));
    let sends = written_stages(quote!(__fl_g), &r0[5..10], permute);
    let recvs = written_stages(quote!(__fl_y), &r0[10..15], permute);
    let y = match r0[Plan::KEEP_OFFERED] {
        0 => quote!(*__fl_from),
        _ => quote!(__fl_g),
    };
    let lit = |v: u8| Literal::usize_unsuffixed(v as usize);
    let rounds = (0..rounds).map(|r| {
        let (y_at, g_at) = (lit(r3[r]), lit(r2[r]));
        let src = xor(quote!(__fl_src), r1[r]);
        quote!(__fl_y[#y_at] = __fl_shuffle(__fl_g[#g_at], #src);)
    });
    quote! {{
        #lane
        #src
        #[allow(unused_mut, unused_variables)]
        let mut __fl_g = *__fl_from;
        #sends
        #[allow(unused_mut)]
        let mut __fl_y = #y;
        #(#rounds)*
        #recvs
        __fl_y
    }}
}

/// The first `R` rows of a table the macro computed; `None` where it has fewer.
pub(super) fn table<const R: usize>(rows: &[[u8; MAX]]) -> Option<[[u8; MAX]; R]> {
    rows.get(..R)?.try_into().ok()
}

/// What a written form says where its table has fewer than `rows` rows (a decision the
/// macro made without its numbers).
pub(super) fn missing_rows(form: &str, rows: usize) -> TokenStream {
    let message = format!("the {form} table has fewer than {rows} rows");
    quote!(::core::compile_error!(#message))
}

/// `let __fl_lane`, the lane as a `u32`, which the lane maps and permutations read.
pub(super) fn lane() -> TokenStream {
    quote! {
        #[allow(unused_variables)]
        let __fl_lane: u32 = __fl_l as u32;
    }
}

/// `let NAME`: the lane map whose columns start at entry `at` of row 0 of `table`, its
/// shifts literals (`Plan::lane_shifts`), of `__fl_lane` ([`lane`]).
pub(super) fn lane_map(name: TokenStream, table: &[[u8; MAX]; 4], at: usize) -> TokenStream {
    let shifts = Plan::lane_shifts(table, at).map(Literal::u32_unsuffixed);
    quote! {
        #[allow(unused_variables)]
        let #name: u32 = ::fraglayout::convert::Plan::lane_map(__fl_lane, &[#(#shifts),*]);
    }
}

/// `value ^ x`, or `value` for an `x` of 0.
pub(super) fn xor(value: TokenStream, x: u8) -> TokenStream {
    match x {
        0 => value,
        x => {
            let x = Literal::u8_unsuffixed(x);
            quote!(#value ^ #x)
        }
    }
}

/// [`stages`] written out: a permutation of `regs` for each lane bit whose column `xors` has
/// one, nothing for the others.
pub(super) fn written_stages(regs: TokenStream, xors: &[u8], permute: &TokenStream) -> TokenStream {
    let stages = xors
        .iter()
        .enumerate()
        .filter(|(_, &x)| x != 0)
        .map(|(bit, &x)| {
            let (bit, x) = (
                Literal::u32_unsuffixed(1 << bit),
                Literal::usize_unsuffixed(x as usize),
            );
            quote!(#permute(&mut #regs, __fl_lane & #bit != 0, #x);)
        });
    quote!(#(#stages)*)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A decision whose table is short of rows writes a compile error, not a panic.
    #[test]
    fn a_table_short_of_rows_is_a_compile_error() {
        let rows = [[0u8; MAX]; 3];
        assert!(table::<3>(&rows).is_some() && table::<4>(&rows).is_none());
        let code = written(&rows, 1, &quote!(permute)).to_string();
        assert!(
            code.contains("compile_error") && code.contains("fewer than 4 rows"),
            "{code}"
        );
    }
}
