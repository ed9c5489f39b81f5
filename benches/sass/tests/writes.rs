//! Every case's Rust function, run on the host for every thread of its layout with the
//! position-coded inputs of `reference`, writes exactly what the PTX ISA's formulas say, and
//! nothing else: the check `.ci/sass-bench` needs before it counts a generated kernel (the
//! script runs this test first).

use fraglayout::testing::Warp;
use fraglayout_sass::cases::{self, Frag};
use fraglayout_sass::reference::{self, half, packed, value, Case, Kind, Run, CASES, UNWRITTEN};

/// `count` values from `code`, in a buffer aligned to 16 bytes (as the kernels' inputs are).
fn aligned(count: usize, code: impl Fn(usize) -> u32) -> Vec<Frag<u32, 4>> {
    let mut words = vec![Frag([0; 4]); count.div_ceil(4)];
    for i in 0..count {
        words[i / 4].0[i % 4] = code(i);
    }
    words
}

fn words(buffer: &[Frag<u32, 4>], count: usize) -> Vec<u32> {
    buffer.iter().flat_map(|f| f.0).take(count).collect()
}

/// Runs `case`'s Rust function for every thread: its output, as words.
fn output(case: &Case, run: &Run) -> Vec<u32> {
    let (threads, n, ld) = (case.threads, case.n, run.ld);
    let len = run.expected.len();
    let mut out = aligned(len, |_| UNWRITTEN);
    let o = out.as_mut_ptr() as *mut f32;
    let input = match case.kind {
        Kind::Gather => aligned(case.rows * ld, value),
        Kind::Convert if case.packed => aligned(threads as usize * n, packed),
        _ => aligned(threads as usize * n, value),
    };
    let i = input.as_ptr() as *const f32;
    // The 16-bit matrix, 16-byte aligned too (`gather_a_packed` declares `align = 4`).
    let mut halves = vec![Frag([0u16; 8]); (case.rows * ld).div_ceil(8)];
    for i in 0..case.rows * ld {
        halves[i / 8].0[i % 8] = half(i);
    }
    for t in 0..threads {
        unsafe {
            match case.name {
                "scatter_ld" => cases::scatter_ld(t, i, o, ld),
                "scatter" => cases::scatter(t, i, o),
                "gather_ld" => cases::gather_ld(t, i, ld, o),
                "gather" => cases::gather(t, i, o),
                "vector2" => cases::vector2(t, i, o, ld),
                "gather_a_packed" => {
                    cases::gather_a_packed(t, halves.as_ptr().cast(), ld, o.cast())
                }
                "wgmma_store" => cases::wgmma_store(t, i, o, ld),
                "bounds" => cases::bounds(t, i, o, ld, run.m, run.n),
                "stage" => cases::stage_swizzled(t, i, o),
                "stage_vec2" => cases::stage_swizzled_vec2(t, i, o),
                "tcgen05_epilogue" => cases::tcgen05_epilogue(t, i, o, ld),
                _ => break,
            }
        }
    }
    if case.kind == Kind::Convert {
        convert(case, input.as_ptr() as *const u32, o as *mut u32);
    }
    words(&out, len)
}

/// A conversion, the 32 lanes in lock step on `Warp` (each shuffle a real collective).
fn convert(case: &Case, input: *const u32, output: *mut u32) {
    // Raw pointers are not `Sync`: the lanes share the addresses.
    let (i, o) = (input as usize, output as usize);
    Warp::run(|lane, shuffle: &mut dyn FnMut(u32, u32) -> u32| unsafe {
        let f32_shuffle = |v: f32, src: u32| f32::from_bits(shuffle(v.to_bits(), src));
        match case.name {
            "acc_rows4" => cases::acc_rows4(lane, i as *const f32, o as *mut f32, f32_shuffle),
            "fa2_pair" => cases::fa2_pair(lane, i as *const f32, o as *mut f32, f32_shuffle),
            "f16_rows4" => cases::f16_rows4(lane, i as *const u32, o as *mut u32, shuffle),
            other => panic!("no host runner for case {other}"),
        }
    });
}

#[test]
fn every_case_writes_what_the_isa_says_for_every_thread() {
    for case in CASES {
        for run in reference::runs(case) {
            let got = output(case, &run);
            if let Some(diff) = reference::compare(&got, &run.expected) {
                panic!("case {} {}: {diff}", case.name, run.label);
            }
        }
    }
}

#[test]
fn the_check_sees_a_wrong_kernel() {
    // The control: a scatter to the transposed cells (lane l writing lane l ^ 1's) fails.
    let case = reference::find("scatter_ld").expect("the case");
    let run = &reference::runs(case)[0];
    let mut got = output(case, run);
    let (a, b) = (reference::mma_c(0, 0), reference::mma_c(1, 0));
    got.swap(
        a.0 as usize * run.ld + a.1 as usize,
        b.0 as usize * run.ld + b.1 as usize,
    );
    assert!(reference::compare(&got, &run.expected).is_some());
}
