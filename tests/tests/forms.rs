//! `Numeral::cute` and `Numeral::linear`, read back as their own libraries read them: the CuTe
//! text parsed and evaluated as a CuTe layout (colexicographic coordinates, column-major tile
//! index), the Gluon text parsed and evaluated over GF(2) (XOR of the bases of the set bits).
//! Both must give `Numeral::coords` at every `(thread, element)` of every catalog layout that
//! has the form; the layouts without one lack it for the reason stated.

use layout_core::catalog::{self as cat, Operand, CATALOG};
use layout_core::forms::NoForm;
use layout_core::{Numeral, Source};

/// An integer or a tuple, as CuTe prints a shape (`(4,(2,3))`) and Python a list (`[[0, 1]]`).
#[derive(Debug)]
enum Tree {
    Int(u64),
    Tuple(Vec<Tree>),
}

/// Parses one tree from the front of `s`, returning the rest.
fn parse(s: &str) -> (Tree, &str) {
    let s = s.trim_start();
    if let Some(mut rest) = s.strip_prefix(['(', '[']) {
        let mut items = Vec::new();
        loop {
            rest = rest.trim_start();
            if let Some(r) = rest.strip_prefix([')', ']']) {
                return (Tree::Tuple(items), r);
            }
            let (t, r) = parse(rest);
            items.push(t);
            rest = r.trim_start().strip_prefix(',').unwrap_or(r);
        }
    }
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    (Tree::Int(s[..end].parse().expect("a number")), &s[end..])
}

/// The leaves, in order: CuTe's flattened modes.
fn leaves(t: &Tree, out: &mut Vec<u64>) {
    match t {
        Tree::Int(n) => out.push(*n),
        Tree::Tuple(items) => items.iter().for_each(|i| leaves(i, out)),
    }
}

/// A CuTe layout `shape:stride` as its two top modes, each flattened to `(size, stride)`s.
fn cute_modes(text: &str) -> [Vec<(u64, u64)>; 2] {
    let (shape, rest) = parse(text);
    let (stride, rest) = parse(rest.strip_prefix(':').expect("shape:stride"));
    assert!(rest.is_empty(), "{text}: trailing {rest}");
    let (Tree::Tuple(shape), Tree::Tuple(stride)) = (shape, stride) else {
        panic!("{text}: not a (thread, value) pair")
    };
    assert_eq!((shape.len(), stride.len()), (2, 2), "{text}");
    let flat = |k: usize| {
        let (mut sh, mut st) = (Vec::new(), Vec::new());
        leaves(&shape[k], &mut sh);
        leaves(&stride[k], &mut st);
        assert_eq!(sh.len(), st.len(), "{text}: mode {k}");
        sh.into_iter().zip(st).collect()
    };
    [flat(0), flat(1)]
}

/// CuTe's layout function over one mode: `x` split colexicographically, dotted with strides.
fn eval(modes: &[(u64, u64)], x: u64) -> u64 {
    let (mut rest, mut idx) = (x, 0);
    for &(size, stride) in modes {
        idx += rest % size * stride;
        rest /= size;
    }
    assert_eq!(rest, 0, "{x} outside {modes:?}");
    idx
}

/// `(row, col)` of `(thread, value)` under a CuTe TV layout of a `rows x cols` tile.
fn cute_coords(modes: &[Vec<(u64, u64)>; 2], rows: u32, thread: u32, value: u32) -> (u32, u32) {
    let idx = eval(&modes[0], thread.into()) + eval(&modes[1], value.into());
    (
        (idx % u64::from(rows)) as u32,
        (idx / u64::from(rows)) as u32,
    )
}

/// The list after `key=` in Gluon's text, as `(row, col)` bases.
fn gluon_list(text: &str, key: &str) -> Vec<(u32, u32)> {
    let at = text.find(&format!("{key}=")).expect(key) + key.len() + 1;
    let (Tree::Tuple(items), _) = parse(&text[at..]) else {
        panic!("{key}: not a list")
    };
    items
        .iter()
        .map(|b| match b {
            Tree::Tuple(p) => match p[..] {
                [Tree::Int(r), Tree::Int(c)] => (r as u32, c as u32),
                _ => panic!("{key}: {b:?} is not [row, col]"),
            },
            Tree::Int(_) => panic!("{key}: {b:?} is not a basis"),
        })
        .collect()
}

/// GF(2): the XOR of the bases of the set bits of each input.
fn xor_bases(bases: &[(u32, u32)], input: u32, out: &mut (u32, u32)) {
    assert!(
        input >> bases.len() == 0,
        "{input} has more bits than {bases:?}"
    );
    for (bit, b) in bases.iter().enumerate() {
        if input >> bit & 1 == 1 {
            *out = (out.0 ^ b.0, out.1 ^ b.1);
        }
    }
}

/// Every `(thread, element)` of `n` through its CuTe text; `false` when it has no CuTe form.
fn cute_agrees(n: &Numeral) -> bool {
    let Ok(cute) = n.cute() else { return false };
    let modes = cute_modes(&cute.to_string());
    let sizes = modes
        .each_ref()
        .map(|m| m.iter().map(|x| x.0).product::<u64>());
    assert_eq!(sizes, [n.threads().into(), n.elements.into()], "{}", n.name);
    for t in 0..n.threads() {
        for e in 0..n.elements {
            let got = cute_coords(&modes, n.rows, t, e);
            assert_eq!(
                Some(got),
                n.coords(t, e),
                "{} {cute}: thread {t}, element {e}",
                n.name
            );
        }
    }
    true
}

/// Every `(thread, element)` of `n` through its Gluon text; `false` when it has no linear form.
fn linear_agrees(n: &Numeral) -> bool {
    let Ok(linear) = n.linear() else { return false };
    let text = linear.to_string();
    let [reg, lane, warp] = ["reg_bases", "lane_bases", "warp_bases"].map(|k| gluon_list(&text, k));
    assert_eq!(lane.len(), 5, "{text}");
    assert_eq!(1u32 << warp.len(), n.warps, "{text}");
    assert_eq!(1u32 << reg.len(), n.elements, "{text}");
    assert!(text.ends_with(&format!("block_bases=[], shape=[{}, {}])", n.rows, n.cols)));
    for t in 0..n.threads() {
        for e in 0..n.elements {
            let mut got = (0, 0);
            xor_bases(&reg, e, &mut got);
            xor_bases(&lane, t % 32, &mut got);
            xor_bases(&warp, t / 32, &mut got);
            assert_eq!(
                Some(got),
                n.coords(t, e),
                "{} {text}: thread {t}, element {e}",
                n.name
            );
        }
    }
    true
}

#[test]
fn every_catalog_form_evaluates_to_the_numeral() {
    let mut without_linear = 0;
    for e in CATALOG {
        // Every catalog layout has a CuTe form.
        assert!(cute_agrees(e.numeral), "{} has no CuTe form", e.name());
        // A linear form but for the wgmma accumulators whose N is no power of two (24, 40,
        // 48, ...: N / 8 blocks of 8 columns).
        let odd_n =
            e.operand == Operand::C && e.numeral.warps == 4 && !e.numeral.cols.is_power_of_two();
        assert_eq!(linear_agrees(e.numeral), !odd_n, "{}", e.name());
        without_linear += usize::from(odd_n);
    }
    assert!(without_linear > 0);
}

#[test]
fn a_range_of_three_has_cute_but_no_linear_form() {
    let n = &cat::SM90_64x24x16_F32_C;
    assert!(cute_agrees(n));
    let Err(why @ NoForm::NotPowerOfTwo { digit }) = n.linear() else {
        panic!("{} has a linear form", n.name)
    };
    assert_eq!(n.digits[digit].range, 3);
    let msg = why.message(n);
    assert!(
        msg.as_str().contains("`e / 4` (range 3"),
        "{}",
        msg.as_str()
    );
}

#[test]
fn known_cute_layouts_print_as_cutlass_writes_them() {
    // CUTLASS's SM80_16x8_Row (tests/cute.rs transcribes it): the m16n8 accumulators.
    for n in [&cat::SM80_16x8x16_F32_C, &cat::SM75_16x8x8_F32_C] {
        let text = n.cute().expect("a CuTe form").to_string();
        assert_eq!(text, "((4,8),(2,2)):((32,1),(16,8))", "{}", n.name);
    }
    // The m8n8 accumulator ((4,8),2):((16,1),8), a side of one mode printed bare.
    let text = cat::SM75_8x8x16_S32_C
        .cute()
        .expect("a CuTe form")
        .to_string();
    assert_eq!(text, "((4,8),2):((16,1),8)");
    // SM80_16x8x16_F16F16F16F16_TN's ALayout, and its BLayout over (N, K).
    let a = cat::SM80_16x8x16_F16_A_ROW.cute().expect("a CuTe form");
    assert_eq!(a.to_string(), "((4,8),(2,2,2)):((32,1),(16,8,128))");
    let b = cat::SM80_16x8x16_F16_B_COL.cute_transposed();
    assert_eq!(
        b.expect("a CuTe form").to_string(),
        "((4,8),(2,2)):((16,1),(8,64))"
    );
    // SM80_16x8x4_F32TF32TF32F32_TN's BLayout: one value per thread, CuTe's `1:0` side.
    let b = cat::SM80_16x8x4_TF32_B_COL.cute_transposed();
    assert_eq!(b.expect("a CuTe form").to_string(), "((4,8),1):((8,1),0)");
    // CuTe's wgmma CLayout_64xN, ((4,8,4),(2,2,N/8)):((128,1,16),(64,8,512)), at N = 24.
    let c = cat::SM90_64x24x16_F32_C.cute().expect("a CuTe form");
    assert_eq!(c.to_string(), "((4,8,4),(2,2,3)):((128,1,16),(64,8,512))");
}

#[test]
fn a_digit_crossing_a_row_end_splits_or_has_no_cute_form() {
    use layout_core::Digit;
    // 4 x 8: `lane / 4` (range 8, place 4) crosses the end of an 8-wide row after 2 steps:
    // nested (2, 4) with strides (4 * 4, 1).
    const SPLIT: Numeral = Numeral::new(
        "split",
        4,
        8,
        1,
        &[Digit::lane(1, 4, 1), Digit::lane(4, 8, 4)],
    );
    let cute = SPLIT.cute().expect("a CuTe form");
    assert_eq!(cute.to_string(), "((4,(2,4)),1):((4,(16,1)),0)");
    assert!(cute_agrees(&SPLIT));
    // 6-wide rows: `lane / 4` (place 4) reaches col 4 and then col 8 = row 1 col 2.
    const CROSS: Numeral = Numeral::new(
        "cross",
        16,
        6,
        3,
        &[
            Digit::lane(1, 4, 1),
            Digit::lane(4, 8, 4),
            Digit::element(1, 3, 32),
        ],
    );
    assert!(CROSS.check().is_ok());
    let Err(why) = CROSS.cute() else {
        panic!("cross has a CuTe form")
    };
    assert_eq!(why, NoForm::CrossesRow { digit: 1, cols: 6 });
    assert!(why
        .message(&CROSS)
        .as_str()
        .contains("`lane / 4` (range 8, place 4)"));
    assert!(matches!(
        CROSS.linear(),
        Err(NoForm::NotPowerOfTwo { digit: 2 })
    ));
    // A numeral failing its check has neither.
    const BAD: Numeral = Numeral::new("bad", 4, 8, 1, &[Digit::lane(1, 32, 1)]);
    let bad = Numeral { rows: 8, ..BAD };
    assert!(matches!(bad.cute(), Err(NoForm::Unchecked(_))));
    assert!(matches!(bad.linear(), Err(NoForm::Unchecked(_))));
}

#[test]
fn broadcast_digits_have_stride_zero_and_zero_bases() {
    let n = &cat::SM120_16x8x64_SFA_4X;
    let b = n
        .digits
        .iter()
        .find(|d| d.is_broadcast())
        .expect("a broadcast digit");
    assert_eq!(b.source, Source::Lane);
    let cute = n.cute().expect("a CuTe form");
    assert!(cute.thread.modes().iter().any(|m| m.stride == [0, 0]));
    let linear = n.linear().expect("a linear form");
    assert!(linear.lane.bases().contains(&(0, 0)));
    assert!(cute_agrees(n) && linear_agrees(n));
}
