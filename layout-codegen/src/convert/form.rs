//! Which of its forms `#[convert_layout]`'s code takes for a pair of layouts
//! ([`convert_form`], and [`decide`] with the live blocks' counts). For layouts the macro does
//! not know, the expansion is the same tokens for every pair: its constants choose among its
//! branches when the compiler evaluates them (`expand.rs`: `__FL_K`, `__FL_PLAN`,
//! `__FL_ARITH`; `packed.rs`: `__FL_PP`, `__FL_WORDS`, `__FL_READS`, `__FL_PACKS`,
//! `__FL_ELEMS`). This evaluates the same `const fn`s of `layout_core::convert`, in the same
//! order, on the layouts' values; for two catalog layouts the macro writes the decided form
//! alone.

use super::{ast, parse};
use crate::catalog_path::CatalogPath;
use layout_core::convert::{Class, PackedPlan, Plan, Relay, MAX_PLAN_ELEMENTS};
use layout_core::generated::conversion_len_error;
use layout_core::Numeral;
use proc_macro2::TokenStream;

/// The form the generated code takes for one conversion ([`convert_form`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConvertForm {
    /// Every value is already where `to` wants it: the body moves nothing.
    Identity,
    /// One value a register, each in its lane at a register that depends on the element only:
    /// constant moves between registers, which the compiler removes.
    Renaming,
    /// One value a register, from the plan's tables: per element taken in-lane and per round,
    /// a constant register where every lane agrees, else a select through a 32-entry table.
    Tables,
    /// One value a register, as lane arithmetic (`Plan::lane_arith`): the lane read is shifts,
    /// masks and an xor of the lane, the registers constants after and before xor permutations
    /// selected by lane bits.
    LaneArith,
    /// `u32` words holding `per_word` values each, every word offered and kept whole
    /// (`PackedPlan::word_arith`): the words move as single values do, as lane arithmetic.
    PackedArith {
        /// Values per word: 2 or 4.
        per_word: u32,
    },
    /// `u32` words holding `per_word` values each, one round per destination value
    /// (`PackedPlan::part_reads`): every lane offers a whole word, and the reader shifts out
    /// the part it keeps, as lane arithmetic.
    PackedReads {
        /// Values per word: 2 or 4.
        per_word: u32,
    },
    /// `u32` words holding `per_word` values each, repacked (`PackedPlan::pack_arith`): each
    /// lane packs into one word the parts a reader needs, the packs move in lane arithmetic,
    /// and the reader unpacks them.
    PackedRepack {
        /// Values per word: 2 or 4.
        per_word: u32,
    },
    /// `u32` words holding `per_word` values each, split between lanes where packing saves no
    /// round (`PackedPlan::element_arith`): the values taken out of their words, moved one a
    /// register as lane arithmetic, and put back together.
    PackedElements {
        /// Values per word: 2 or 4.
        per_word: u32,
    },
    /// `u32` words holding `per_word` values each, from the packed plan: straight-line code,
    /// each part moved by shifts, masks and ors, a select where lanes differ.
    PackedStraight {
        /// Values per word: 2 or 4.
        per_word: u32,
    },
    /// 16-bit values two to a `u32` word, moved in several hops (`layout_core::convert::Relay`)
    /// where that takes fewer shuffles than the packed plan: each swap of a lane bit with an
    /// in-lane bit one shuffle per two words, then the in-lane order by shifts and masks.
    /// Taken for layouts the macro knows only (`catalog_path.rs`).
    Relay,
}

impl ConvertForm {
    /// Its name: `identity`, `renaming`, `tables`, `lane arithmetic`, `packed lane arithmetic`,
    /// `packed reads`, `packed repacking`, `packed values in lane arithmetic`, `packed
    /// straight-line`, `relay`.
    pub fn name(self) -> &'static str {
        match self {
            ConvertForm::Identity => "identity",
            ConvertForm::Renaming => "renaming",
            ConvertForm::Tables => "tables",
            ConvertForm::LaneArith => "lane arithmetic",
            ConvertForm::PackedArith { .. } => "packed lane arithmetic",
            ConvertForm::PackedReads { .. } => "packed reads",
            ConvertForm::PackedRepack { .. } => "packed repacking",
            ConvertForm::PackedElements { .. } => "packed values in lane arithmetic",
            ConvertForm::PackedStraight { .. } => "packed straight-line",
            ConvertForm::Relay => "relay",
        }
    }

    /// What the code does in that form, in words.
    pub fn words(self) -> &'static str {
        match self {
            ConvertForm::Identity => "every value is already in place, the body moves nothing",
            ConvertForm::Renaming => {
                "constant moves between registers, which the compiler removes, and no shuffle"
            }
            ConvertForm::Tables => {
                "the plan's in-lane moves and rounds, each register a constant where every lane \
                 agrees, else a select through a 32-entry lane table"
            }
            ConvertForm::LaneArith => {
                "the lane read is shifts, masks and an xor of the lane, the registers constants \
                 after and before permutations selected by lane bits"
            }
            ConvertForm::PackedArith { .. } => {
                "whole words move as single values do, in lane arithmetic"
            }
            ConvertForm::PackedReads { .. } => {
                "a round per destination value: every lane offers a whole word, the reader \
                 shifts out its part, the lane read and the part shifts, masks and xors of the lane"
            }
            ConvertForm::PackedRepack { .. } => {
                "each lane packs into one word the parts a reader needs by shifts and masks, the \
                 packs move in lane arithmetic, and the reader unpacks them by shifts and masks"
            }
            ConvertForm::PackedElements { .. } => {
                "the values taken out of their words by shifts and masks, moved one a register in \
                 lane arithmetic, and put back together with shifts and ors"
            }
            ConvertForm::PackedStraight { .. } => {
                "straight-line code on words, each part moved by shifts, masks and ors, a select \
                 where lanes differ"
            }
            ConvertForm::Relay => {
                "values moved in several hops, each swapping a lane bit with an in-lane bit: half \
                 of every lane's words (or halves, packed) to the lane that differs in that bit, \
                 selected by it, then the in-lane order by shifts and masks"
            }
        }
    }
}

/// The form of `#[convert_layout(ARGS)]` on `item`, where ARGS' `FROM` and `TO` are the
/// layouts `from` and `to` (the macro leaves their values to the compiler); `None` where the
/// invocation has an error or does not compile (the macro or the compiler reports it).
pub fn convert_form(
    args: TokenStream,
    item: TokenStream,
    from: &Numeral,
    to: &Numeral,
) -> Option<ConvertForm> {
    let args: ast::Args = syn::parse2(args).ok()?;
    let item_fn: syn::ItemFn = syn::parse2(item.clone()).ok()?;
    let c = parse::conversion(&args, &item_fn, &item).ok()?;
    let known = CatalogPath::of(&args.from).is_some() && CatalogPath::of(&args.to).is_some();
    decide(from, to, c.len, c.words(), known).map(|d| d.form)
}

/// What the expansion's constants decide for one conversion ([`decide`]): its form, and how
/// many of each unrolled block of that form are live (the others are branches not taken).
pub(super) struct Decision {
    pub form: ConvertForm,
    /// The table of a form of lane arithmetic (`LaneArith`'s four rows, `PackArith`'s five),
    /// which the code reads from a constant; `None` for the forms of the plan's tables.
    pub table: Option<Vec<[u8; MAX_PLAN_ELEMENTS]>>,
    /// The plan of one value a register, and the packed plan where the code is packed: what
    /// the forms of the plan's tables write out (`literal.rs`).
    pub plan: Plan,
    pub packed_plan: Option<PackedPlan>,
    /// The relay, where the form is one.
    pub relay: Option<Relay>,
}

impl Decision {
    /// Whether the code is the packed plan's (`u32` words of 2 or 4 values).
    pub fn packed(&self) -> bool {
        self.packed_plan.is_some()
    }

    /// Values a word: 2 or 4 where the code is the packed plan's, else 1.
    pub fn per_word(&self) -> u32 {
        self.packed_plan.as_ref().map_or(1, PackedPlan::per_word)
    }

    /// The rounds the form runs: the relay's, the packed plan's where it is packed, else the
    /// plan's.
    pub fn rounds(&self) -> usize {
        let rounds = match (&self.relay, &self.packed_plan) {
            (Some(r), _) => r.rounds(),
            (None, Some(p)) => p.rounds(),
            (None, None) => self.plan.rounds(),
        };
        rounds as usize
    }

    /// Repacked words (`PackedPlan::pack_arith`): the live entries of the packs' parts, and
    /// the rounds, read off the table; `(0, 0)` for any other form.
    pub fn repack(&self) -> (usize, usize) {
        let table = self
            .table
            .as_deref()
            .and_then(|t| <&[[u8; MAX_PLAN_ELEMENTS]; 5]>::try_from(t).ok());
        match (self.form, table) {
            (ConvertForm::PackedRepack { per_word }, Some(t)) => {
                let parts = PackedPlan::pack_parts(t, per_word).1;
                let live = parts.iter().rposition(|&p| p).map_or(0, |i| i + 1);
                (live, t[0][PackedPlan::ROUNDS_AT] as usize)
            }
            _ => (0, 0),
        }
    }
}

/// What the expansion's constants decide for `len` registers a lane (`words`: `u32` words,
/// which may hold packed values), evaluating the same `const fn`s in the same order; `None`
/// where the constants fail to compile. For layouts the macro `knows` (whose form it writes
/// alone), a relay first, where it takes fewer shuffles than the packed plan: the constants
/// of the expansion for other layouts have no relay.
pub(super) fn decide(
    from: &Numeral,
    to: &Numeral,
    len: usize,
    words: bool,
    knows: bool,
) -> Option<Decision> {
    // `__FL_PLANNED`: a pair with no plan fails to compile.
    let plan = Plan::new(from, to).ok()?;
    // `__FL_K` and the length check.
    let per_word = if words {
        PackedPlan::per_word_for(to.elements, len)?
    } else {
        1
    };
    if per_word > 1 {
        // `__FL_PACKED`, then `__FL_WORDS`, `__FL_READS`, `__FL_PACKS`, `__FL_ELEMS`.
        let packed = PackedPlan::new(from, to, per_word).ok()?;
        let relay = match (knows, per_word) {
            (true, 2) => Relay::new(from, to)
                .filter(|r| r.exchange(0).is_some() && r.rounds() < packed.rounds()),
            _ => None,
        };
        let (form, table) = if relay.is_some() {
            (ConvertForm::Relay, None)
        } else if let Some(a) = packed.word_arith() {
            (ConvertForm::PackedArith { per_word }, Some(a.to_vec()))
        } else if let Some(a) = packed.part_reads() {
            (ConvertForm::PackedReads { per_word }, Some(a.to_vec()))
        } else if let Some(t) = packed.pack_arith() {
            (ConvertForm::PackedRepack { per_word }, Some(t.to_vec()))
        } else if let Some(a) = packed.element_arith(&plan) {
            (ConvertForm::PackedElements { per_word }, Some(a.to_vec()))
        } else if packed.class() == Class::Identity {
            (ConvertForm::Identity, None)
        } else {
            (ConvertForm::PackedStraight { per_word }, None)
        };
        return Some(Decision {
            form,
            table,
            plan,
            packed_plan: Some(packed),
            relay,
        });
    }
    if !words && conversion_len_error(&plan, len).is_some() {
        return None;
    }
    // `__FL_ARITH`, then the tables' moves and rounds.
    let arith = plan.lane_arith();
    let form = match (arith, plan.class()) {
        (Some(_), _) => ConvertForm::LaneArith,
        (None, Class::Identity) => ConvertForm::Identity,
        (None, Class::Renaming) => ConvertForm::Renaming,
        (None, _) => ConvertForm::Tables,
    };
    Some(Decision {
        form,
        table: arith.map(|a| a.to_vec()),
        plan,
        packed_plan: None,
        relay: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use layout_core::catalog::{
        SM100_TMEM_16dp64b2x_16b, SM70_8x8x4_F16_A_COL, SM70_8x8x4_F16_A_ROW, SM70_8x8x4_F16_B_COL,
        SM70_8x8x4_F16_B_ROW, SM75_U16x2_LDSM_T, SM75_U32x1_LDSM_N, SM80_16x8x16_F16_A_ROW,
        SM80_16x8x16_F16_B_COL, SM80_16x8x16_F16_C, SM80_16x8x16_F32_C,
    };
    use layout_core::convert::examples::{
        BLOCKED_3x32, SM75_U32x4_LDSM_N_16x16_ROW, SM80_16x8x16_F32_C_1x2, STRIPED_3x32,
        VEC4_16x8_ROW, VEC8_16x16_ROW,
    };

    /// The form of a conversion of `[ty; len]` fragments between `from` and `to`.
    fn of(from: &Numeral, to: &Numeral, ty: &str, len: usize) -> Option<ConvertForm> {
        let item = format!(
            "fn convert(lane: u32, from: &[{ty}; {len}], shuffle: impl FnMut({ty}, u32) -> {ty}) \
             -> [{ty}; {len}] {{}}"
        );
        convert_form(
            "FROM => TO".parse().unwrap(),
            item.parse().unwrap(),
            from,
            to,
        )
    }

    #[test]
    fn each_form_is_taken_where_the_constants_take_it() {
        use ConvertForm::*;
        let acc2 = &SM80_16x8x16_F32_C_1x2;
        assert_eq!(of(acc2, &SM80_16x8x16_F16_A_ROW, "f32", 8), Some(Identity));
        let row = &SM75_U32x4_LDSM_N_16x16_ROW;
        assert_eq!(of(row, &SM80_16x8x16_F16_A_ROW, "u32", 8), Some(Renaming));
        assert_eq!(of(acc2, &VEC8_16x16_ROW, "f32", 8), Some(LaneArith));
        assert_eq!(of(&BLOCKED_3x32, &STRIPED_3x32, "u32", 3), Some(Tables));
        let (f16, rows) = (&SM80_16x8x16_F16_C, &VEC4_16x8_ROW);
        assert_eq!(of(f16, rows, "u32", 2), Some(PackedArith { per_word: 2 }));
        // Words split, a round per destination value: whole words offered, parts read.
        let (n, t) = (&SM75_U32x1_LDSM_N, &SM75_U16x2_LDSM_T);
        assert_eq!(of(n, t, "u32", 1), Some(PackedReads { per_word: 2 }));
        // Words split, packing saves no round, a lane read by four in a round: the values in
        // lane arithmetic.
        let (b70, b80) = (&SM70_8x8x4_F16_B_ROW, &SM80_16x8x16_F16_B_COL);
        assert_eq!(of(b70, b80, "u32", 2), Some(PackedElements { per_word: 2 }));
        // Words split, packing halves the rounds (4 to 2), each lane packing what a reader
        // needs: repacked words.
        let b = &SM80_16x8x16_F16_B_COL;
        let repack = PackedRepack { per_word: 2 };
        assert_eq!(of(&SM80_16x8x16_F32_C, b, "u32", 2), Some(repack));
        // Words split, and no lane arithmetic fits the rounds: the plan's tables.
        let (b_col, tmem) = (&SM70_8x8x4_F16_B_COL, &SM100_TMEM_16dp64b2x_16b);
        let straight = PackedStraight { per_word: 2 };
        assert_eq!(of(b_col, tmem, "u32", 2), Some(straight));
        assert_eq!(of(b_col, tmem, "f32", 4), Some(Tables));
        // The 4 x 4 transpose in each quad: each lane keeps its own value where it is, the
        // kept registers starting in the order offered (`Plan::KEEP_OFFERED`).
        let (a_row, a_col) = (&SM70_8x8x4_F16_A_ROW, &SM70_8x8x4_F16_A_COL);
        assert_eq!(of(a_row, a_col, "f32", 4), Some(LaneArith));
        let elements = PackedElements { per_word: 2 };
        assert_eq!(of(a_row, a_col, "u32", 2), Some(elements));
        assert_eq!(of(acc2, &SM80_16x8x16_F16_A_ROW, "u32", 4), Some(Identity));
        assert_eq!(of(&SM80_16x8x16_F32_C, rows, "f32", 4), Some(LaneArith));
    }

    /// Under the library's names the macro decides the form itself, and takes a relay where it
    /// takes fewer shuffles than the packed plan; under any other names the constants choose,
    /// and have no relay.
    #[test]
    fn a_relay_is_taken_for_the_librarys_layouts_alone() {
        let item = "fn convert(lane: u32, from: &[u32; 2], shuffle: impl FnMut(u32, u32) -> u32) \
                    -> [u32; 2] {}";
        let (a_row, a_col) = (&SM70_8x8x4_F16_A_ROW, &SM70_8x8x4_F16_A_COL);
        let form =
            |args: &str| convert_form(args.parse().unwrap(), item.parse().unwrap(), a_row, a_col);
        let named = "SM70_8x8x4_F16_A_ROW => fraglayout::catalog::SM70_8x8x4_F16_A_COL";
        assert_eq!(form(named), Some(ConvertForm::Relay));
        let elements = ConvertForm::PackedElements { per_word: 2 };
        assert_eq!(form("FROM => TO"), Some(elements));
        let d = decide(a_row, a_col, 2, true, true).expect("a form");
        assert_eq!((d.form, d.rounds()), (ConvertForm::Relay, 2));
        // One value a register: no relay.
        let d = decide(a_row, a_col, 4, false, true).expect("a form");
        assert_eq!(d.form, ConvertForm::LaneArith);
    }

    #[test]
    fn what_does_not_compile_has_no_form() {
        let acc = &SM80_16x8x16_F32_C;
        // The tiles differ; a length of neither layout; `u32` words of 3 values.
        assert_eq!(of(acc, &SM80_16x8x16_F16_A_ROW, "f32", 4), None);
        assert_eq!(of(acc, &VEC4_16x8_ROW, "f32", 2), None);
        assert_eq!(of(&BLOCKED_3x32, &STRIPED_3x32, "u32", 1), None);
        let item = "fn convert(lane: u32) -> [f32; 4] {}".parse().unwrap();
        let args = "FROM, TO".parse().unwrap();
        assert_eq!(convert_form(args, item, acc, &VEC4_16x8_ROW), None);
    }
}
