//! The packed path of `#[convert_layout]`: `u32` words holding 16-bit values two to a word
//! (8-bit four), converted by the packed plan (`layout_core::convert::PackedPlan`) evaluated at
//! compile time into constants, as straight-line code per lane: one 32-bit shuffle a round,
//! parts moved by shifts, masks and ors with constant amounts, a select where lanes differ.
//!
//! Where every word is offered and kept whole (`PackedPlan::word_arith`), the words move as
//! single values do, in the lane-arithmetic form of `arith.rs`. Otherwise, with `K` values a
//! word and `part(w, from, to)` the shift and mask moving part `from` of `w` to part `to`:
//!
//! ```text
//! let mut to = *from;
//! { to[E / K] = set_part(to[E / K], E % K, part(from[S / K], S % K, 0)) } // per element E
//!                                            // taken in-lane from S != E; a select where lanes differ
//! { if r < ROUNDS {                          // per round r, folded away past the plan's rounds
//!     let mut word = 0;
//!     word |= part(from[S / K], S % K, J);   // per part J the word carries: its source S
//!     let got = shuffle(word, l ^ X);        // or a 32-entry table of source lanes
//!     to[D / K] = set_part(to[D / K], D % K, part(got, J, 0)); // per part J: its destination D
//! } }
//! to
//! ```
//!
//! `m16n8k16`'s f16 accumulator (`SM80_16x8x16_F16_C`, two words a lane) as rows of 4
//! (`VEC4_16x8_ROW`) moves whole words: 2 rounds, and with the constants folded each lane runs
//!
//! ```text
//! let l = lane & 31;
//! let src = (l << 1 ^ l >> 4) & 31;         // the lane bits rotated left by one
//! let mut g = *from;
//! if l & 1 != 0 { g = [g[1], g[0]]; }       // the word offered: a select on a lane bit
//! let mut to = *from;
//! to[1] = shuffle(g[1], src ^ 1);           // round 0
//! to[0] = shuffle(g[0], src);               // round 1
//! if l & 16 != 0 { to = [to[1], to[0]]; }
//! to
//! ```
//!
//! Where words split and a lane needs no more values than the plan has rounds, with the lane
//! read, the word offered and the part kept linear in the lane's bits
//! (`PackedPlan::part_reads`), each round brings one destination value: every lane offers a
//! whole word and the reader shifts out its part. The 8 x 8 transpose (`SM75_U32x1_LDSM_N` to
//! `SM75_U16x2_LDSM_T`, one word a lane, every word split) runs
//!
//! ```text
//! let src = (l << 3 & 24) | l >> 3;         // row 2 (l % 4) of column l / 8
//! let p = l >> 2 & 1;                       // the half: column l / 4 % 2
//! let mut to = [0];
//! to[0] |= part(shuffle(from[0], src), p, 0);
//! to[0] |= part(shuffle(from[0], src ^ 4), p, 1);
//! ```
//!
//! 17 instructions a call, as its skilled twin (docs/PERFORMANCE.md, "One call"). Where a
//! reader needs parts of several of a lane's words, each lane packs them into one word by
//! constant shifts and the packs move in lane arithmetic (`PackedPlan::pack_arith`; the
//! module docs of `layout_core`'s `generated/packs.rs` work the f16 accumulator to the B
//! operand, 38 instructions a call as its twin). Where words
//! split, packing saves no round and the one-value-a-shuffle plan has lane arithmetic
//! (`PackedPlan::element_arith`), the values are taken out of their words, moved one a
//! register in that arithmetic, and put back together. Otherwise, the packed plan's tables
//! per part.

use super::arith::{lane, lane_map, missing_rows, table, written_stages, xor};
use super::form::{ConvertForm, Decision};
use super::plan_read::read;
use layout_core::convert::{PackedPlan, MAX_PLAN_ELEMENTS};
use proc_macro2::{Literal, TokenStream};
use quote::quote;

/// The packed body for `n` words a lane: reads `__fl_l`, `__fl_from`, `__fl_shuffle`, and
/// evaluates to the converted words. Where `decided` is `None`, every form, its constants
/// choosing one (reading `__FL_K`, values a word, and `__FL_PACKED`, the plan or its error);
/// else the decided form's live blocks alone, every number a literal.
pub(super) fn body(n: usize, decided: Option<&Decision>) -> TokenStream {
    // At most 4 values a word, and a plan has at most MAX_PLAN_ELEMENTS rounds and elements.
    let most = (4 * n).min(MAX_PLAN_ELEMENTS);
    // A block per value, for at most `ARITH_VALUES` of them.
    let arith_most = most.min(PackedPlan::ARITH_VALUES as usize);
    let Some(d) = decided else {
        return every_form(n, most, arith_most);
    };
    // The live blocks: rounds, values and pack entries past these are not written.
    let (rounds, values) = (d.rounds().min(most), (n * d.per_word() as usize).min(most));
    let k = d.per_word();
    match (d.form, &d.table, &d.packed_plan) {
        (_, None, Some(pp)) => super::literal::packed_tables(pp, n, values, rounds),
        (ConvertForm::PackedArith { .. }, Some(rows), _) => {
            let permute = quote!(::fraglayout::convert::PackedPlan::xor_select);
            super::arith::written(rows, n.min(rounds), &permute)
        }
        (ConvertForm::PackedReads { .. }, Some(rows), _) => {
            reads_written(rows, n, values.min(arith_most), k)
        }
        (ConvertForm::PackedElements { .. }, Some(rows), _) => {
            split_written(rows, n, (values, rounds), k)
        }
        (ConvertForm::PackedRepack { .. }, Some(rows), _) => {
            let (parts, repack_rounds) = d.repack();
            repack_written(rows, n, (parts, repack_rounds, values.min(arith_most)), k)
        }
        _ => quote!(::core::compile_error!(
            "a packed form was decided without its numbers"
        )),
    }
}

/// The constants every form reads: the packed plan (`__FL_PP`, or one that keeps every value
/// where the pair has none) and its values a word, rounds and values.
fn head() -> TokenStream {
    let [pk, nr, ne] = [quote!(per_word()), quote!(rounds()), quote!(elements())]
        .map(|call| read("__FL_PP", call));
    quote! {
        const __FL_PP: ::fraglayout::convert::PackedPlan = match __FL_PACKED {
            ::core::result::Result::Ok(__fl_p) => __fl_p,
            ::core::result::Result::Err(_) => {
                ::fraglayout::convert::PackedPlan::keep(__FL_TO.elements, __FL_K)
            }
        };
        const __FL_PK: u32 = #pk;
        // The plan read once: each block below reads it only where it is live.
        const __FL_NR: u32 = #nr;
        const __FL_NE: u32 = if __FL_K > 1 { #ne } else { 0 };
    }
}

/// Whole words in lane arithmetic (`PackedPlan::word_arith`), `rounds` rounds written.
fn words(rounds: usize) -> TokenStream {
    super::arith::body(
        rounds,
        quote!(__FL_WORDS),
        quote!(__FL_NR),
        quote!(::fraglayout::convert::PackedPlan::xor_select),
    )
}

/// The packed plan's tables, for `n` words: `values` in-lane moves and `rounds` rounds written.
fn tables(n: usize, values: usize, rounds: usize) -> TokenStream {
    let w = Literal::usize_unsuffixed(n);
    let locals = (0..values).map(|e| local(e, &w));
    let rounds = (0..rounds).map(|r| round(r, &w));
    quote! {
        let mut __fl_to: [u32; #w] = *__fl_from;
        #(#locals)*
        #(#rounds)*
        __fl_to
    }
}

/// Every form, the constants choosing one (`most` values and rounds written, `arith_most` in
/// the forms of lane arithmetic on values).
fn every_form(n: usize, most: usize, arith_most: usize) -> TokenStream {
    let head = head();
    let arith = words(n);
    let elements = split(n, most, most);
    let reads = reads(n, arith_most);
    let packs = repack(n, arith_most, arith_most, arith_most);
    let tables = tables(n, most, most);
    let [word_arith, part_reads, pack_arith, element_arith] = [
        quote!(word_arith()),
        quote!(part_reads()),
        quote!(pack_arith()),
        quote!(element_arith(&__fl_p)),
    ]
    .map(|call| read("__FL_PP", call));
    quote! {
        #head
        const __FL_WORDS: ::core::option::Option<
            [[u8; ::fraglayout::convert::MAX_PLAN_ELEMENTS]; 4],
        > = #word_arith;
        const __FL_READS: ::core::option::Option<
            [[u8; ::fraglayout::convert::MAX_PLAN_ELEMENTS]; 4],
        > = match __FL_WORDS {
            ::core::option::Option::Some(_) => ::core::option::Option::None,
            ::core::option::Option::None => #part_reads,
        };
        const __FL_PACKS: ::core::option::Option<
            [[u8; ::fraglayout::convert::MAX_PLAN_ELEMENTS]; 5],
        > = match (__FL_WORDS, __FL_READS) {
            (::core::option::Option::None, ::core::option::Option::None) => #pack_arith,
            _ => ::core::option::Option::None,
        };
        const __FL_ELEMS: ::core::option::Option<
            [[u8; ::fraglayout::convert::MAX_PLAN_ELEMENTS]; 4],
        > = match (__FL_PLANNED, __FL_READS, __FL_PACKS) {
            (
                ::core::result::Result::Ok(__fl_p),
                ::core::option::Option::None,
                ::core::option::Option::None,
            ) => #element_arith,
            _ => ::core::option::Option::None,
        };
        if __FL_WORDS.is_some() {
            #arith
        } else if __FL_READS.is_some() {
            #reads
        } else if __FL_PACKS.is_some() {
            #packs
        } else if __FL_ELEMS.is_some() {
            #elements
        } else {
            #tables
        }
    }
}

/// One round per destination value (`PackedPlan::part_reads`), for `n` words and at most
/// `most` values: each lane offers a whole word (permuted by lane bits), and keeps the part of
/// the word it reads that lane arithmetic names.
fn reads(n: usize, most: usize) -> TokenStream {
    let w = Literal::usize_unsuffixed(n);
    let permute = quote!(::fraglayout::convert::PackedPlan::xor_select);
    let sends = super::arith::stages(quote!(__fl_g), 5, &permute);
    let values = (0..most).map(|d| {
        let d = Literal::usize_unsuffixed(d);
        quote! {
            if #d < __FL_NV {
                let __fl_got = __fl_shuffle(
                    __fl_g[__FL_A[2][#d] as usize],
                    __fl_src ^ __FL_A[1][#d] as u32,
                );
                __fl_to[__FL_AT[0][#d] as usize] |= ::fraglayout::convert::PackedPlan::part(
                    __fl_got,
                    __fl_part ^ __FL_A[3][#d] as u32,
                    __FL_AT[1][#d] as u32,
                    __FL_PK,
                );
            }
        }
    });
    quote! {
        const __FL_A: [[u8; ::fraglayout::convert::MAX_PLAN_ELEMENTS]; 4] = match __FL_READS {
            ::core::option::Option::Some(__fl_a) => __fl_a,
            ::core::option::Option::None => [[0; ::fraglayout::convert::MAX_PLAN_ELEMENTS]; 4],
        };
        const __FL_NV: usize = __FL_NE as usize;
        const __FL_AT: [[u8; ::fraglayout::convert::MAX_PLAN_ELEMENTS]; 2] =
            ::fraglayout::convert::PackedPlan::places(__FL_PK, __FL_NV);
        const __FL_SRC: [u32; 9] = ::fraglayout::convert::Plan::lane_shifts(&__FL_A, 0);
        const __FL_PARTS: [u32; 9] = ::fraglayout::convert::Plan::lane_shifts(&__FL_A, 10);
        let __fl_lane: u32 = __fl_l as u32;
        let __fl_src: u32 = ::fraglayout::convert::Plan::lane_map(__fl_lane, &__FL_SRC);
        let __fl_part: u32 = ::fraglayout::convert::Plan::lane_map(__fl_lane, &__FL_PARTS);
        let mut __fl_g = *__fl_from;
        #sends
        let mut __fl_to = [0u32; #w];
        #(#values)*
        __fl_to
    }
}

/// [`reads`] written out from the table the macro computed (`rows`, `PackedPlan::part_reads`),
/// for `n` words and `values` values, `k` a word: every number a literal, only the
/// permutations that move words.
fn reads_written(rows: &[[u8; MAX_PLAN_ELEMENTS]], n: usize, values: usize, k: u32) -> TokenStream {
    let Some(t) = table::<4>(rows) else {
        return missing_rows("reads'", 4);
    };
    let [r0, r1, r2, r3] = &t;
    let (src, part) = (
        lane_map(quote!(__fl_src), &t, 0),
        lane_map(quote!(__fl_part), &t, 10),
    );
    let permute = quote!(::fraglayout::convert::PackedPlan::xor_select);
    let sends = written_stages(quote!(__fl_g), &r0[5..10], &permute);
    let lit = |v: usize| Literal::usize_unsuffixed(v);
    let values = (0..values).map(|d| {
        let g = lit(r2[d] as usize);
        let (src, part) = (xor(quote!(__fl_src), r1[d]), xor(quote!(__fl_part), r3[d]));
        let (word, at, k) = (lit(d / k as usize), lit(d % k as usize), lit(k as usize));
        quote! {
            __fl_to[#word] |= ::fraglayout::convert::PackedPlan::part(
                __fl_shuffle(__fl_g[#g], #src), #part, #at, #k,
            );
        }
    });
    let w = lit(n);
    let lane = lane();
    quote! {{
        #lane
        #src
        #part
        #[allow(unused_mut)]
        let mut __fl_g = *__fl_from;
        #sends
        let mut __fl_to = [0u32; #w];
        #(#values)*
        __fl_to
    }}
}

/// Repacked words (`PackedPlan::pack_arith`), for `n` words, with `parts` pack entries,
/// `rounds` rounds and `values` values written: each lane packs the parts its readers need
/// into words (constant shifts), offers them in lane arithmetic, and unpacks the words it
/// reads (constant shifts).
fn repack(n: usize, parts: usize, rounds: usize, values: usize) -> TokenStream {
    let w = Literal::usize_unsuffixed(n);
    let permute = quote!(::fraglayout::convert::PackedPlan::xor_select);
    let sends = super::arith::stages(quote!(__fl_g), 5, &permute);
    let recvs = super::arith::stages(quote!(__fl_y), 10, &permute);
    // Entry `f` of row 3 (the packs' parts) and of row 4 (the destination elements), and
    // round `f`, each a branch not taken past what the table holds.
    let lit = Literal::usize_unsuffixed;
    let parts = (0..parts).map(|f| {
        let f = lit(f);
        quote! {
            if __FL_PARTS.1[#f] {
                let __fl_e = __FL_PARTS.0[#f] as usize;
                __fl_packs[__FL_PACK_AT[0][#f] as usize] |= ::fraglayout::convert::PackedPlan::part(
                    __fl_from[__FL_AT[0][__fl_e] as usize],
                    __FL_AT[1][__fl_e] as u32,
                    __FL_PACK_AT[1][#f] as u32,
                    __FL_PK,
                );
            }
        }
    });
    let rounds = (0..rounds).map(|r| {
        let r = lit(r);
        quote! {
            if #r < __FL_R {
                let __fl_r = __FL_ROUND[0][#r] as usize;
                __fl_y[__fl_r] = __fl_shuffle(
                    __fl_g[__FL_T[2][__fl_r] as usize],
                    __fl_src ^ __FL_T[1][__fl_r] as u32,
                );
            }
        }
    });
    let unpack = (0..values).map(|d| {
        let d = lit(d);
        quote! {
            if #d < __FL_NV {
                let __fl_at = __FL_T[4][#d] as usize;
                __fl_to[__FL_AT[0][#d] as usize] |= ::fraglayout::convert::PackedPlan::part(
                    __fl_y[__FL_READ_AT[0][__fl_at] as usize],
                    __FL_READ_AT[1][__fl_at] as u32,
                    __FL_AT[1][#d] as u32,
                    __FL_PK,
                );
            }
        }
    });
    let consts = repack_consts();
    quote! {
        #consts
        const __FL_SRC: [u32; 9] = ::fraglayout::convert::Plan::lane_shifts(&__FL_A, 0);
        let __fl_lane: u32 = __fl_l as u32;
        let __fl_src: u32 = ::fraglayout::convert::Plan::lane_map(__fl_lane, &__FL_SRC);
        let mut __fl_packs = [0u32; __FL_NPN];
        #(#parts)*
        let mut __fl_g = __fl_packs;
        #sends
        let mut __fl_y = [0u32; __FL_RN];
        #(#rounds)*
        #recvs
        let mut __fl_to = [0u32; #w];
        #(#unpack)*
        __fl_to
    }
}

/// [`repack`] written out from the table the macro computed (`rows`, `PackedPlan::pack_arith`),
/// for `n` words, `k` values a word, with `parts` pack entries, `rounds` rounds and `values`
/// values live: every number a literal, only the entries, rounds and permutations there are.
fn repack_written(
    rows: &[[u8; MAX_PLAN_ELEMENTS]],
    n: usize,
    (parts, rounds, values): (usize, usize, usize),
    k: u32,
) -> TokenStream {
    let Some(t) = table::<5>(rows) else {
        return missing_rows("repacking's", 5);
    };
    let [r0, r1, r2, _, r4] = &t;
    let src = lane_map(quote!(__fl_src), &[t[0], t[1], t[2], t[3]], 0);
    let (source, has) = PackedPlan::pack_parts(&t, k);
    let (k, lit) = (k as usize, |v: usize| Literal::usize_unsuffixed(v));
    let part = quote!(::fraglayout::convert::PackedPlan::part);
    let packs = (0..parts).filter(|&f| has[f]).map(|f| {
        let e = source[f] as usize;
        let [word, at, from, from_at, kl] = [f / k, f % k, e / k, e % k, k].map(lit);
        quote!(__fl_packs[#word] |= #part(__fl_from[#from], #from_at, #at, #kl);)
    });
    let live_rounds = rounds.min(r0[PackedPlan::ROUNDS_AT] as usize);
    let shuffles = (0..live_rounds).map(|r| {
        let (y, g, src) = (lit(r), lit(r2[r] as usize), xor(quote!(__fl_src), r1[r]));
        quote!(__fl_y[#y] = __fl_shuffle(__fl_g[#g], #src);)
    });
    let unpack = (0..values.min(n * k)).map(|d| {
        let at = r4[d] as usize;
        let [word, into, from, from_at, kl] = [d / k, d % k, at / k, at % k, k].map(lit);
        quote!(__fl_to[#word] |= #part(__fl_y[#from], #from_at, #into, #kl);)
    });
    let permute = quote!(::fraglayout::convert::PackedPlan::xor_select);
    let sends = written_stages(quote!(__fl_g), &r0[5..10], &permute);
    let recvs = written_stages(quote!(__fl_y), &r0[10..15], &permute);
    let np = lit((r0[PackedPlan::PACKS_AT] as usize).max(1));
    let (rn, w) = (lit((r0[PackedPlan::ROUNDS_AT] as usize).max(1)), lit(n));
    let lane = lane();
    quote! {{
        #lane
        #src
        #[allow(unused_mut)]
        let mut __fl_packs = [0u32; #np];
        #(#packs)*
        #[allow(unused_mut)]
        let mut __fl_g = __fl_packs;
        #sends
        #[allow(unused_mut)]
        let mut __fl_y = [0u32; #rn];
        #(#shuffles)*
        #recvs
        let mut __fl_to = [0u32; #w];
        #(#unpack)*
        __fl_to
    }}
}

/// The constants of [`repack`]: the table (`__FL_T`, its first four rows as `__FL_A`), its
/// rounds and packs, and the indices its entries name.
fn repack_consts() -> TokenStream {
    quote! {
        const __FL_T: [[u8; ::fraglayout::convert::MAX_PLAN_ELEMENTS]; 5] = match __FL_PACKS {
            ::core::option::Option::Some(__fl_a) => __fl_a,
            ::core::option::Option::None => [[0; ::fraglayout::convert::MAX_PLAN_ELEMENTS]; 5],
        };
        const __FL_A: [[u8; ::fraglayout::convert::MAX_PLAN_ELEMENTS]; 4] =
            [__FL_T[0], __FL_T[1], __FL_T[2], __FL_T[3]];
        const __FL_R: usize = __FL_T[0][::fraglayout::convert::PackedPlan::ROUNDS_AT] as usize;
        const __FL_NP: usize = __FL_T[0][::fraglayout::convert::PackedPlan::PACKS_AT] as usize;
        // At least 1, for the arrays of the branch not taken.
        const __FL_RN: usize = if __FL_R == 0 { 1 } else { __FL_R };
        const __FL_NPN: usize = if __FL_NP == 0 { 1 } else { __FL_NP };
        const __FL_NV: usize = __FL_NE as usize;
        // Element, pack entry, round and read entry indices, 0 past what they index.
        const __FL_AT: [[u8; ::fraglayout::convert::MAX_PLAN_ELEMENTS]; 2] =
            ::fraglayout::convert::PackedPlan::places(__FL_PK, __FL_NV);
        const __FL_PACK_AT: [[u8; ::fraglayout::convert::MAX_PLAN_ELEMENTS]; 2] =
            ::fraglayout::convert::PackedPlan::places(__FL_PK, __FL_NPN * __FL_PK as usize);
        const __FL_ROUND: [[u8; ::fraglayout::convert::MAX_PLAN_ELEMENTS]; 2] =
            ::fraglayout::convert::PackedPlan::places(1, __FL_R);
        const __FL_READ_AT: [[u8; ::fraglayout::convert::MAX_PLAN_ELEMENTS]; 2] =
            ::fraglayout::convert::PackedPlan::places(__FL_PK, __FL_RN * __FL_PK as usize);
        const __FL_PARTS: (
            [u8; ::fraglayout::convert::MAX_PLAN_ELEMENTS],
            [bool; ::fraglayout::convert::MAX_PLAN_ELEMENTS],
        ) = ::fraglayout::convert::PackedPlan::pack_parts(&__FL_T, __FL_PK);
    }
}

/// Split words in lane arithmetic (`PackedPlan::element_arith`), for `n` words, with `values`
/// values and `rounds` rounds written: the values taken out of their words, one a register,
/// moved by the plan's lane arithmetic (`arith.rs`), and put back together with shifts and
/// ors.
fn split(n: usize, values: usize, rounds: usize) -> TokenStream {
    let w = Literal::usize_unsuffixed(n);
    let arith = super::arith::body(
        rounds,
        quote!(__FL_ELEMS),
        quote!(__FL_NR),
        quote!(::fraglayout::convert::Plan::xor_permute),
    );
    let each = |e: usize, code: TokenStream| {
        let e = Literal::usize_unsuffixed(e);
        quote! {{
            const __FL_ON: bool = #e < __FL_E;
            const __FL_I: usize = if __FL_ON { #e } else { 0 };
            const __FL_PART: u32 = (__FL_I % __FL_PK as usize) as u32;
            if __FL_ON { #code }
        }}
    };
    let unpack = (0..values).map(|e| {
        each(
            e,
            quote! {
                __fl_parts[__FL_I] = ::fraglayout::convert::PackedPlan::part(
                    __fl_from[__FL_I / __FL_PK as usize], __FL_PART, 0, __FL_PK,
                );
            },
        )
    });
    let pack = (0..values).map(|e| {
        each(e, quote! {
            __fl_to[__FL_I / __FL_PK as usize] |= __fl_y[__FL_I] << (__FL_PART * (32 / __FL_PK));
        })
    });
    quote! {
        const __FL_E: usize = #w * __FL_PK as usize;
        let mut __fl_parts = [0u32; __FL_E];
        #(#unpack)*
        let __fl_y: [u32; __FL_E] = {
            let __fl_from: &[u32; __FL_E] = &__fl_parts;
            #arith
        };
        let mut __fl_to = [0u32; #w];
        #(#pack)*
        __fl_to
    }
}

/// [`split`] written out from the lane arithmetic the macro computed (`rows`,
/// `PackedPlan::element_arith`), for `n` words of `k` values, `values` values and `rounds`
/// rounds live: every number a literal.
fn split_written(
    rows: &[[u8; MAX_PLAN_ELEMENTS]],
    n: usize,
    (values, rounds): (usize, usize),
    k: u32,
) -> TokenStream {
    let (k, lit) = (k as usize, |v: usize| Literal::usize_unsuffixed(v));
    let all = n * k;
    let live = 0..values.min(all);
    let part = quote!(::fraglayout::convert::PackedPlan::part);
    let unpack = live.clone().map(|e| {
        let [e, word, at, kl] = [e, e / k, e % k, k].map(lit);
        quote!(__fl_parts[#e] = #part(__fl_from[#word], #at, 0, #kl);)
    });
    let pack = live.map(|e| {
        let [word, e, shift] = [e / k, e, e % k * (32 / k)].map(lit);
        quote!(__fl_to[#word] |= __fl_y[#e] << #shift;)
    });
    let arith = super::arith::written(
        rows,
        rounds,
        &quote!(::fraglayout::convert::Plan::xor_permute),
    );
    let (all, w) = (lit(all), lit(n));
    quote! {{
        let mut __fl_parts = [0u32; #all];
        #(#unpack)*
        let __fl_y: [u32; #all] = {
            let __fl_from: &[u32; #all] = &__fl_parts;
            #arith
        };
        let mut __fl_to = [0u32; #w];
        #(#pack)*
        __fl_to
    }}
}

/// Destination element `e` where lanes take it from their own words: nothing where every such
/// lane takes its own element `e` (already there), a constant part where they agree, else a
/// select among the words some lane takes it from. Lanes that receive `e` in a round overwrite
/// it there. Its numbers are one constant (`PartMove`), its code one call on it.
fn local(e: usize, n: &Literal) -> TokenStream {
    let e32 = Literal::u32_unsuffixed(e as u32);
    quote! {{
        const __FL_ON: bool = #e32 < __FL_NE;
        const __FL_M: ::fraglayout::generated::PartMove = __FL_PP.local_move(__FL_ON, #e32, #n);
        if __FL_ON {
            __FL_M.keep(&mut __fl_to, __fl_from, __fl_l, #e32, __FL_PK);
        }
    }}
}

/// Round `r`, folded away past the plan's rounds: the word offered assembled part by part,
/// one shuffle, the word read taken apart into the destination parts.
fn round(r: usize, n: &Literal) -> TokenStream {
    let r32 = Literal::u32_unsuffixed(r as u32);
    let sends = (0..4u32).map(|j| send(&r32, j, n));
    let recvs = (0..4u32).map(|j| recv(&r32, j, n));
    let [xor, lanes] = [quote!(src_xor(#r32)), quote!(src_lanes(#r32))].map(|c| read("__FL_PP", c));
    quote! {{
        const __FL_ON: bool = #r32 < __FL_NR;
        if __FL_ON {
            let mut __fl_word: u32 = 0;
            #(#sends)*
            const __FL_XOR: ::core::option::Option<u32> = if __FL_ON {
                #xor
            } else {
                ::core::option::Option::Some(0)
            };
            let __fl_src: u32 = match __FL_XOR {
                ::core::option::Option::Some(__fl_x) => __fl_l as u32 ^ __fl_x,
                ::core::option::Option::None => {
                    const __FL_TABLE: [u8; 32] = if __FL_ON { #lanes } else { [0; 32] };
                    __FL_TABLE[__fl_l] as u32
                }
            };
            let __fl_got: u32 = __fl_shuffle(__fl_word, __fl_src);
            #(#recvs)*
        }
    }}
}

/// Part `j` of the word offered in round `r`: a constant part of a constant word where every
/// lane read puts the same source element there, else a select. Its numbers are one constant
/// (`PartMove`), its code one call on it.
fn send(r32: &Literal, j: u32, n: &Literal) -> TokenStream {
    let j32 = Literal::u32_unsuffixed(j);
    quote! {{
        const __FL_M: ::fraglayout::generated::PartMove = __FL_PP.send_move(__FL_ON, #r32, #j32, #n);
        __fl_word |= __FL_M.offer(__fl_from, __fl_l, #j32, __FL_PK);
    }}
}

/// Part `j` of the word read in round `r`, into its destination part: constant where all 32
/// lanes fill the same element, else a select among the words some lane fills. Its numbers
/// are one constant (`PartMove`), its code one call on it.
fn recv(r32: &Literal, j: u32, n: &Literal) -> TokenStream {
    let j32 = Literal::u32_unsuffixed(j);
    quote! {{
        const __FL_M: ::fraglayout::generated::PartMove = __FL_PP.recv_move(__FL_ON, #r32, #j32, #n);
        __FL_M.take(&mut __fl_to, __fl_got, __fl_l, #j32, __FL_PK);
    }}
}
