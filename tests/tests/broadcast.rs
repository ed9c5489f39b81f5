//! Broadcast digits: lane or warp digits at place 0, declared duplicates. The checker's verdict
//! equals a brute force's over random numerals with them ("every class of threads with the
//! broadcast digits fixed covers the tile exactly once"), decode gives the representative, and
//! one real scale-factor layout (sm_120 `mma.sync ... .block_scale`, scale_vec::1X, SF_A)
//! matches two independent transcriptions.

use fraglayout_tests::ownership::is_exact;
use fraglayout_tests::property::{ensure, for_seeds};
use fraglayout_tests::random_numeral::{placed_digits, width, Rng};
use layout_core::{Digit, LayoutError, Numeral, Source};

/// A random numeral, some of whose lane and warp digits broadcast.
struct Case {
    cols: u32,
    rows: u32,
    warps: u32,
    elements: u32,
    digits: Vec<Digit>,
}

impl Case {
    fn numeral(&self) -> Numeral<'_> {
        Numeral::new("bcast", self.rows, self.cols, self.elements, &self.digits)
            .with_warps(self.warps)
    }
}

/// Each input cut into random radices; each lane or warp digit broadcast with probability 1/3;
/// the others at places that are the running product in a random order.
fn valid_case(rng: &mut Rng) -> Case {
    let warps = rng.pick(&[1, 1, 2, 4]);
    let elements = rng.pick(&[1, 2, 3, 4, 6]);
    let broadcast = |rng: &mut Rng, source| source != Source::Element && rng.below(3) == 0;
    let (digits, size) = placed_digits(rng, warps, elements, broadcast);
    let cols = width(rng, size);
    Case {
        rows: size / cols,
        cols,
        warps,
        elements,
        digits,
    }
}

/// One random change, some of them about broadcasting: a placed digit made broadcast (an
/// undeclared duplicate becomes declared, or a declared one is added), a broadcast digit given
/// a place, an element digit broadcast, or a count changed.
fn mutate(rng: &mut Rng, c: &mut Case) {
    let n = c.digits.len();
    let i = rng.below(n as u64) as usize;
    match rng.below(7) {
        0 => c.digits[i].place = 0,
        1 => c.digits[i].place = 1 + rng.below(2 * c.rows as u64 * c.cols as u64) as u32,
        2 => c.digits[i].range += 1,
        3 => c.digits[i].divisor *= 2,
        4 => {
            let d = c.digits[i];
            c.digits.push(Digit { place: 0, ..d });
        }
        5 => c.rows += 1,
        _ => c.elements += 1,
    }
}

#[test]
fn the_checker_agrees_with_the_brute_force_per_broadcast_class() {
    use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
    // How many cases passed with broadcast digits, and how many failed.
    let (broadcasting, failing) = (AtomicUsize::new(0), AtomicUsize::new(0));
    for_seeds("broadcast_checker_vs_brute_force", 4_000, &[], |seed| {
        let mut rng = Rng(seed);
        let mut case = valid_case(&mut rng);
        let mutated = rng.below(2) == 0;
        if mutated {
            mutate(&mut rng, &mut case);
        }
        let n = case.numeral();
        let verdict = is_exact(&n);
        ensure(n.check().is_ok() == verdict, || {
            format!("check {:?}, brute force {verdict}: {n:?}", n.check())
        })?;
        ensure(n.is_bijection() == verdict, || {
            format!("is_bijection: {n:?}")
        })?;
        ensure(mutated || verdict, || format!("a valid case fails: {n:?}"))?;
        if verdict {
            representatives(&n)?;
            if n.copies() > 1 {
                broadcasting.fetch_add(1, Relaxed);
            }
        } else {
            failing.fetch_add(1, Relaxed);
        }
        Ok(())
    });
    let (b, f) = (broadcasting.into_inner(), failing.into_inner());
    assert!(b > 1_000 && f > 500, "{b} passed broadcasting, {f} failed");
}

/// Every offset's holders number [`Numeral::copies`]; decode gives the one with every broadcast
/// digit 0, which holds it; coords ignore the broadcast digits.
fn representatives(n: &Numeral) -> Result<(), String> {
    let mut holders = vec![Vec::new(); n.size() as usize];
    for t in 0..n.threads() {
        for e in 0..n.elements {
            holders[n.offset(t, e).unwrap() as usize].push((t, e));
        }
    }
    for (off, h) in holders.iter().enumerate() {
        ensure(h.len() as u64 == n.copies(), || {
            format!("offset {off} held by {h:?}, copies {}: {n:?}", n.copies())
        })?;
        let (t, e) = n.decode(off as u32).ok_or("no decode")?;
        let zero = n
            .digits
            .iter()
            .filter(|d| d.is_broadcast())
            .all(|d| d.value_of(Numeral::input(d.source, t, e)) == 0);
        ensure(zero && h.contains(&(t, e)) && h[0] == (t, e), || {
            format!("decode({off}) = ({t}, {e}), holders {h:?}: {n:?}")
        })?;
    }
    Ok(())
}

/// The same tile held twice without a declaration: today's element-count error, and the
/// declared form passes.
#[test]
fn an_undeclared_duplicate_is_still_an_error_and_a_declared_one_is_not() {
    // 16 x 1: lane / 4 the row, lane % 2 the row half, lane / 2 % 2 the duplicate.
    let declared = [
        Digit::lane(4, 8, 1),
        Digit::lane(1, 2, 8),
        Digit::broadcast(Source::Lane, 2, 2),
    ];
    let n = Numeral::new("sfa", 16, 1, 1, &declared);
    assert_eq!(n.check(), Ok(()));
    assert_eq!(n.copies(), 2);
    // Without `lane / 2 % 2`, the lanes cover 16 values of 32: the lane chain says so.
    let dropped = Numeral::new("sfa", 16, 1, 1, &declared[..2]);
    assert_eq!(
        dropped.check().unwrap_err().message(&dropped).as_str(),
        "32 threads x 1 element = 32, but the 16 x 1 tile has 16 elements, \
         fewer than the threads: every thread holds at least one element"
    );
    // Two lane digits at one place: the duplicate is not declared, so the places are wrong.
    let undeclared = [
        Digit::lane(4, 8, 1),
        Digit::lane(1, 2, 8),
        Digit::lane(2, 2, 8),
    ];
    let u = Numeral::new("sfa", 32, 1, 1, &undeclared);
    let e = u.check().unwrap_err();
    assert!(matches!(e, LayoutError::PlaceMove { .. }), "{e:?}");
    assert_eq!(
        e.message(&u).as_str(),
        "places overlap: `lane / 2 % 2` at place 8 falls inside `lane % 2` (places 8 to 15): \
         move it to place 16"
    );
}

#[test]
fn broadcast_messages_say_the_count_and_the_fix() {
    // Declared, but the element count does not fill the tile 2 times over.
    let d = [
        Digit::lane(4, 8, 1),
        Digit::lane(1, 2, 8),
        Digit::broadcast(Source::Lane, 2, 2),
        Digit::element(1, 2, 16),
    ];
    let n = Numeral::new("sfa", 16, 1, 2, &d);
    let e = n.check().unwrap_err();
    assert!(matches!(e, LayoutError::ElementCount { .. }), "{e:?}");
    assert_eq!(
        e.message(&n).as_str(),
        "32 threads x 2 elements = 64, held 2 times each (broadcast) = 32, \
         but the 16 x 1 tile has 16 elements: use `elements 1`"
    );
    // An element digit at place 0 (the counts fill the 32 x 2 tile: it is the one mistake).
    let d = [
        Digit::lane(1, 32, 1),
        Digit::broadcast(Source::Element, 1, 2),
    ];
    let n = Numeral::new("e", 32, 2, 2, &d);
    assert_eq!(n.copies(), 1);
    assert_eq!(n.check(), Err(LayoutError::ZeroPlace { digit: 1 }));
    assert_eq!(
        n.check().unwrap_err().message(&n).as_str(),
        "digit `e` broadcasts (place 0), but only lane and warp digits can: one thread's \
         elements are distinct; give it a place of 1 or more"
    );
}

/// sm_120 `mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X`, the
/// scale of A (16 rows x 1 K-block), a numeral with a broadcast digit: lane bit 1 does not
/// move the row (every selector: test `block_scale`).
use layout_core::catalog::SM120_16x8x32_SFA_1X as SFA_1X;
const _: () = layout_core::assert_bijection(&SFA_1X);

/// CuTe `SM120_16x8x64_TN_VS::SFALayout = ((2,2,8),64):((8,0,1),16)` on (M16, K): the row of
/// thread `t`: the thread mode `(2,2,8):(8,0,1)` evaluated as CuTe does, each sub-mode's
/// coordinate (colexicographic) times its stride.
fn cute_sfa_row(t: u32) -> u32 {
    const SHAPE: [u32; 3] = [2, 2, 8];
    const STRIDE: [u32; 3] = [8, 0, 1];
    let (mut rest, mut row) = (t, 0);
    for (s, d) in SHAPE.iter().zip(STRIDE) {
        row += rest % s * d;
        rest /= s;
    }
    row
}

/// Triton `getSM120DotScaledScaleLayout`: A-scale lane bases `{{8,0},{0,0},{1,0},{2,0},{4,0}}`
/// (row, col); a lane's coordinate is the XOR of the bases of its set bits.
fn triton_sfa(lane: u32) -> (u32, u32) {
    const BASES: [(u32, u32); 5] = [(8, 0), (0, 0), (1, 0), (2, 0), (4, 0)];
    let mut at = (0, 0);
    for (bit, b) in BASES.iter().enumerate() {
        if lane >> bit & 1 == 1 {
            at = (at.0 ^ b.0, at.1 ^ b.1);
        }
    }
    at
}

#[test]
fn the_sm120_1x_a_scale_layout_matches_cute_and_triton() {
    for lane in 0..32 {
        assert_eq!(SFA_1X.coords(lane, 0), Some((cute_sfa_row(lane), 0)));
        assert_eq!(SFA_1X.coords(lane, 0), Some(triton_sfa(lane)));
    }
    // Row m's scale comes from lanes 4 (m % 8) + {0, 2} (m < 8) or + {1, 3}; decode names the
    // lower one, with lane bit 1 clear.
    for m in 0..16 {
        let lane = 4 * (m % 8) + m / 8;
        assert_eq!(SFA_1X.decode_coords(m, 0), Some((lane, 0)));
        assert_eq!(SFA_1X.coords(lane + 2, 0), Some((m, 0)));
    }
    assert_eq!(SFA_1X.copies(), 2);
}

/// The SF_B layout of the same instruction, `((4,8),64):((0,1),8)`: column `lane / 4`, the
/// four lanes of a quad holding one scale.
use layout_core::catalog::SM120_16x8x32_SFB_1X as SFB_1X;

#[test]
fn conversions_and_scatters_refuse_broadcast_layouts_and_say_why() {
    use layout_core::convert::{classify, ConvertError, Side};
    use layout_core::generated::scatter_broadcast_error;
    assert_eq!(SFB_1X.check(), Ok(()));
    let err = classify(&SFB_1X, &SFB_1X).unwrap_err();
    assert_eq!(
        err,
        ConvertError::Broadcasts {
            side: Side::From,
            copies: 4
        }
    );
    assert_eq!(
        err.message().as_str(),
        "from broadcasts: 4 threads hold each element; a conversion takes layouts without \
         broadcast digits (gather a broadcast layout from memory instead)"
    );
    assert_eq!(
        scatter_broadcast_error(&SFA_1X).unwrap().as_str(),
        "numeral `SM120_16x8x32_SFA_1X` broadcasts: 2 threads hold each element, so a scatter \
         would write each one 2 times: use `gather`, or scatter with a numeral that has no \
         broadcast digit"
    );
    assert!(scatter_broadcast_error(&layout_core::catalog::SM80_16x8x16_F32_C).is_none());
    // Generated code's thread part has no term for a broadcast digit.
    let terms = SFB_1X.thread_terms();
    let used = terms
        .iter()
        .filter(|t| t.modulus != 0 || t.divisor != 1)
        .count();
    assert_eq!(used, 1, "{terms:?}");
}

#[test]
fn the_table_the_grid_and_the_picture_show_every_holder() {
    use layout_core::render;
    let mut table = String::new();
    render::digit_table(&SFB_1X, &mut table).unwrap();
    assert!(
        table.contains("| `lane % 4` | 4     | broadcast | lane, bits 0-1 |"),
        "{table}"
    );
    let mut grid = String::new();
    render::grid(&SFB_1X, &mut grid).unwrap();
    assert_eq!(
        grid,
        "SM120_16x8x32_SFB_1X: 1 x 8 tile, 32 threads x 1 element; cell = T{thread}:{element}\n\
         broadcast: `lane % 4`, each element held by 4 threads (Ta-b: threads a to b; Ta,b: \
         threads a and b; Ta+k: thread a and k more)\n\
         r\\c         0         1         2         3         4         5         6         7\n  \
         0    T0-3:0    T4-7:0   T8-11:0  T12-15:0  T16-19:0  T20-23:0  T24-27:0  T28-31:0\n"
    );
    let mut grid = String::new();
    render::grid(&SFA_1X, &mut grid).unwrap();
    // Row 8 is lane 1's and lane 3's: lane bit 1 is the broadcast digit.
    assert!(grid.contains("\n  8    T1,3:0\n"), "{grid}");
    let mut svg = String::new();
    render::svg(&SFB_1X, &mut svg).unwrap();
    assert!(svg.contains(">T4-7</text>"), "{svg}");
}

/// Two copies of the SF_A tile side by side (two K-blocks' scales, one element each): the
/// broadcast digit stays, and each copy's element is where the inner numeral puts it.
#[test]
fn a_tile_of_broadcast_tiles_keeps_its_broadcast_digits() {
    let tiled = SFA_1X.tiled_or_panic(1, 2);
    let n = tiled.numeral();
    assert_eq!(n.check(), Ok(()));
    assert_eq!((n.rows, n.cols, n.elements, n.copies()), (16, 2, 2, 2));
    for lane in 0..32 {
        let (row, _) = SFA_1X.coords(lane, 0).unwrap();
        assert_eq!(n.coords(lane, 0), Some((row, 0)));
        assert_eq!(n.coords(lane, 1), Some((row, 1)));
    }
}

/// A broken numeral with a broadcast digit: the grid lists the collisions of the
/// representatives only (lane bit 1 clear), so the declared copies are not among them.
#[test]
fn a_broken_broadcast_numeral_shows_only_undeclared_collisions() {
    // `lane % 2` at place 4, where 8 is right: lanes 1 and 16 meet at row 4.
    let d = [
        Digit::lane(1, 2, 4),
        Digit::broadcast(Source::Lane, 2, 2),
        Digit::lane(4, 8, 1),
    ];
    let n = Numeral::new("bad", 16, 1, 1, &d);
    assert!(n.check().is_err());
    let mut grid = String::new();
    layout_core::render::grid(&n, &mut grid).unwrap();
    assert!(grid.contains("\n  (4, 0): T1:0, T16:0\n"), "{grid}");
    assert!(grid.contains("collisions (4 cells):"), "{grid}");
    // Lanes 2 and 3 (lane bit 1 set) copy lanes 0 and 1: never a claimant.
    assert!(!grid.contains("T2:0") && !grid.contains("T3:0"), "{grid}");
}
