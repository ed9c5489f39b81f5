//! The forms of a plan's tables (tables, identity, renaming, packed straight-line) for a
//! conversion the macro decided (`form.rs`, [`decide`](super::form::decide)): every block's
//! numbers computed here, by the same `const fn`s the unknown pair's constants call, and only
//! the live statement of each block written, its numbers and lane tables as literals. The
//! compiler then evaluates no plan at all. For `SM70_8x8x4_F16_B_COL` to
//! `SM100_TMEM_16dp64b2x_16b` on `[u32; 4]` (the tables form; `fraglayout expand --convert`
//! prints the whole), round 0, where the lanes differ in the register offered, the lane read
//! and the register kept, is
//!
//! ```text
//! {
//!     let __fl_value = {
//!         const __FL_TABLE: [u8; 32] = [3, 0, 3, 0, ..];       // the register each lane offers
//!         ::fraglayout::generated::pick(__fl_from, __FL_TABLE[__fl_l], 15)
//!     };
//!     let __fl_src: u32 = {
//!         const __FL_TABLE: [u8; 32] = [1, 9, 3, 11, 17, ..];  // the lane each lane reads
//!         __FL_TABLE[__fl_l] as u32
//!     };
//!     let __fl_got = __fl_shuffle(__fl_value, __fl_src);
//!     {
//!         const __FL_TABLE: [u8; 32] = [1, 1, 1, 1, 3, ..];    // the register each lane keeps
//!         ::fraglayout::generated::place(&mut __fl_to, __FL_TABLE[__fl_l], __fl_got, 15);
//!     }
//! }
//! ```
//!
//! which is what the unknown pair's code leaves live once its constants are folded
//! (`expand.rs` `local` and `round`, `packed.rs` `local`, `round`, `send` and `recv`).

use layout_core::convert::{PackedPlan, Plan};
use layout_core::generated::{
    local_mask, local_single, local_table, recv_table, send_table, src_table,
};
use proc_macro2::{Literal, TokenStream};
use quote::quote;

/// `const __FL_TABLE: [u8; 32] = [..];`
fn table(t: &[u8; 32]) -> TokenStream {
    let entries = t.iter().map(|&v| Literal::u8_unsuffixed(v));
    quote!(const __FL_TABLE: [u8; 32] = [#(#entries),*];)
}

fn usize_lit(v: usize) -> Literal {
    Literal::usize_unsuffixed(v)
}

fn u32_lit(v: u32) -> Literal {
    Literal::u32_unsuffixed(v)
}

/// The plan of one value a register, for `n` registers a lane and its first `rounds` rounds:
/// each destination register taken in-lane, then each round.
pub(super) fn tables(plan: &Plan, element: &syn::Type, n: usize, rounds: usize) -> TokenStream {
    let len = usize_lit(n);
    let locals = (0..n).map(|e| local(plan, e));
    let rounds = (0..rounds).map(|r| round(plan, r as u32));
    quote! {{
        let mut __fl_to: [#element; #len] = *__fl_from;
        #(#locals)*
        #(#rounds)*
        __fl_to
    }}
}

/// Destination register `e` taken in-lane: a constant move where every lane agrees, else a
/// select among the registers some lane takes it from, else nothing.
fn local(plan: &Plan, e: usize) -> TokenStream {
    let (e32, at) = (e as u32, usize_lit(e));
    if let Some(s) = local_single(plan, e32) {
        let s = usize_lit(s as usize);
        return quote!(__fl_to[#at] = __fl_from[#s];);
    }
    match local_mask(plan, e32) {
        0 => quote!(),
        mask => {
            let (t, mask) = (
                table(&local_table(plan, e32)),
                Literal::u128_unsuffixed(mask),
            );
            quote!({
                #t
                __fl_to[#at] = ::fraglayout::generated::pick(__fl_from, __FL_TABLE[__fl_l], #mask);
            })
        }
    }
}

/// Round `r`: the register offered, the lane read, one shuffle, the register kept.
fn round(plan: &Plan, r: u32) -> TokenStream {
    let value = match plan.send_uniform(r) {
        Some(s) => {
            let s = usize_lit(s as usize);
            quote!(let __fl_value = __fl_from[#s];)
        }
        None => {
            let (t, mask) = (table(&send_table(plan, r)), plan.send_mask(r));
            let mask = Literal::u128_unsuffixed(mask);
            quote!(let __fl_value = {
                #t
                ::fraglayout::generated::pick(__fl_from, __FL_TABLE[__fl_l], #mask)
            };)
        }
    };
    let src = source(plan.src_xor(r), || src_table(plan, r));
    let keep = match plan.recv_uniform(r) {
        Some(d) => {
            let d = usize_lit(d as usize);
            quote!(__fl_to[#d] = __fl_got;)
        }
        None => {
            let (t, mask) = (table(&recv_table(plan, r)), plan.recv_mask(r));
            let mask = Literal::u128_unsuffixed(mask);
            quote!({
                #t
                ::fraglayout::generated::place(&mut __fl_to, __FL_TABLE[__fl_l], __fl_got, #mask);
            })
        }
    };
    quote!({
        #value
        #src
        let __fl_got = __fl_shuffle(__fl_value, __fl_src);
        #keep
    })
}

/// `let __fl_src: u32 = ..;`: the lane xor a constant where the plan has one, else the lane
/// table `lanes` gives.
fn source(xor: Option<u32>, lanes: impl FnOnce() -> [u8; 32]) -> TokenStream {
    match xor {
        Some(0) => quote!(let __fl_src: u32 = __fl_l as u32;),
        Some(x) => {
            let x = u32_lit(x);
            quote!(let __fl_src: u32 = __fl_l as u32 ^ #x;)
        }
        None => {
            let t = table(&lanes());
            quote!(let __fl_src: u32 = { #t __FL_TABLE[__fl_l] as u32 };)
        }
    }
}

/// The packed plan's tables for `n` words a lane, its first `values` in-lane moves and
/// `rounds` rounds: each part moved by shifts, masks and ors, a select where lanes differ.
pub(super) fn packed_tables(
    pp: &PackedPlan,
    n: usize,
    values: usize,
    rounds: usize,
) -> TokenStream {
    let w = usize_lit(n);
    let locals = (0..values).map(|e| packed_local(pp, n, e as u32));
    let rounds = (0..rounds).map(|r| packed_round(pp, n, r as u32));
    quote! {{
        let mut __fl_to: [u32; #w] = *__fl_from;
        #(#locals)*
        #(#rounds)*
        __fl_to
    }}
}

/// The packing's functions, by name.
fn pp_fn(name: &str) -> TokenStream {
    let name = syn::Ident::new(name, proc_macro2::Span::call_site());
    quote!(::fraglayout::convert::PackedPlan::#name)
}

/// One lane table of the packed plan (`kind` 0: the value a lane takes in-lane, 1: the part
/// it offers, 2: the part it keeps), the words its entries lie in, and the values a word.
struct Parts {
    t: [u8; 32],
    mask: u128,
    k: u32,
}

impl Parts {
    fn of(pp: &PackedPlan, kind: u32, round: u32, at: u32) -> Parts {
        let (k, t) = (pp.per_word(), pp.lane_table(kind, round, at));
        let mask = PackedPlan::table_words(&t, k);
        Parts { t, mask, k }
    }

    /// The value each lane's table entry names, taken from its own words (a select among
    /// those some lane reads) and moved to part `to`.
    fn selected(&self, to: u32) -> TokenStream {
        let (t, mask) = (table(&self.t), Literal::u128_unsuffixed(self.mask));
        let (kl, to) = (u32_lit(self.k), u32_lit(to));
        let (part, part_of) = (pp_fn("part"), pp_fn("part_of"));
        quote!({
            #t
            let __fl_s = __FL_TABLE[__fl_l] as u32;
            let __fl_w = ::fraglayout::generated::pick(__fl_from, (__fl_s / #kl) as u8, #mask);
            #part(__fl_w, #part_of(__fl_s, #kl), #to, #kl)
        })
    }
}

/// Destination value `e` where lanes take it from their own words: nothing where each takes
/// its own (already there), a constant part where they agree, else a select among words.
fn packed_local(pp: &PackedPlan, n: usize, e: u32) -> TokenStream {
    let p = Parts::of(pp, 0, 0, e);
    let k = p.k;
    let at = usize_lit(PackedPlan::word_at(e, k, n));
    let (part, set_part) = (pp_fn("part"), pp_fn("set_part"));
    let (into, kl) = (u32_lit(PackedPlan::part_of(e, k)), u32_lit(k));
    let value = match PackedPlan::table_single(&p.t) {
        Some(s) if s != e => {
            let from_at = usize_lit(PackedPlan::word_at(s, k, n));
            let from_part = u32_lit(PackedPlan::part_of(s, k));
            quote!(#part(__fl_from[#from_at], #from_part, 0, #kl))
        }
        None if p.mask != 0 => p.selected(0),
        _ => return quote!(),
    };
    quote!({
        let __fl_v = #value;
        __fl_to[#at] = #set_part(__fl_to[#at], #into, __fl_v, #kl);
    })
}

/// Round `r` of the packed plan: the word offered assembled part by part, one shuffle, the
/// word read taken apart into the destination parts.
fn packed_round(pp: &PackedPlan, n: usize, r: u32) -> TokenStream {
    let sends = (0..4).map(|j| packed_send(pp, n, r, j));
    let src = source(pp.src_xor(r), || pp.src_lanes(r));
    let recvs = (0..4).map(|j| packed_recv(pp, n, r, j));
    quote!({
        #[allow(unused_mut)]
        let mut __fl_word: u32 = 0;
        #(#sends)*
        #src
        let __fl_got: u32 = __fl_shuffle(__fl_word, __fl_src);
        #(#recvs)*
    })
}

/// Part `j` of the word offered in round `r`: a constant part of a constant word where every
/// lane puts the same source value there, else a select.
fn packed_send(pp: &PackedPlan, n: usize, r: u32, j: u32) -> TokenStream {
    let p = Parts::of(pp, 1, r, j);
    let value = match PackedPlan::table_single(&p.t) {
        Some(s) => {
            let at = usize_lit(PackedPlan::word_at(s, p.k, n));
            let (from_part, jl, kl) = (
                u32_lit(PackedPlan::part_of(s, p.k)),
                u32_lit(j),
                u32_lit(p.k),
            );
            let part = pp_fn("part");
            quote!(#part(__fl_from[#at], #from_part, #jl, #kl))
        }
        None if p.mask != 0 => p.selected(j),
        None => return quote!(),
    };
    quote!(__fl_word |= #value;)
}

/// Part `j` of the word read in round `r`, into its destination part: constant where all 32
/// lanes fill the same value, else a select among the words some lane fills.
fn packed_recv(pp: &PackedPlan, n: usize, r: u32, j: u32) -> TokenStream {
    let Parts { t, mask, k } = Parts::of(pp, 2, r, j);
    let (part, jl, kl) = (pp_fn("part"), u32_lit(j), u32_lit(k));
    match PackedPlan::table_all(&t) {
        Some(d) => {
            let at = usize_lit(PackedPlan::word_at(d, k, n));
            let into = u32_lit(PackedPlan::part_of(d, k));
            let set_part = pp_fn("set_part");
            quote!({
                let __fl_v = #part(__fl_got, #jl, 0, #kl);
                __fl_to[#at] = #set_part(__fl_to[#at], #into, __fl_v, #kl);
            })
        }
        None if mask != 0 => {
            let (t, mask) = (table(&t), Literal::u128_unsuffixed(mask));
            let place_part = pp_fn("place_part");
            quote!({
                #t
                let __fl_v = #part(__fl_got, #jl, 0, #kl);
                #place_part(&mut __fl_to, __FL_TABLE[__fl_l], __fl_v, #kl, #mask);
            })
        }
        None => quote!(),
    }
}
