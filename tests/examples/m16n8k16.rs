//! The main job: print the `m16n8k16` fragment layouts, then run a generated epilogue on the
//! host for all 32 lanes and check that it wrote every element of the tile exactly once.

use layout_core::catalog::{SM80_16x8x16_F16_A_ROW, SM80_16x8x16_F16_B_COL, SM80_16x8x16_F32_C};
use layout_core::{Message, Numeral};
use layout_macros::fragment_layout;

fn print_layout(n: &Numeral) {
    println!(
        "{}: {} x {} tile, {} elements per lane",
        n.name, n.rows, n.cols, n.elements
    );
    let mut digits = n.digits.to_vec();
    digits.sort_by_key(|d| d.place);
    println!("  | digit        | range | place |");
    for d in &digits {
        let mut m = Message::new();
        m.push_digit(d, n.extent(d.source));
        println!("  | {:<12} | {:>5} | {:>5} |", m.as_str(), d.range, d.place);
    }
    for lane in [0, 1, 4, 31] {
        let coords: Vec<String> = (0..n.elements)
            .map(|e| {
                let (r, c) = n.coords(lane, e).expect("in range");
                format!("({r:>2},{c:>2})")
            })
            .collect();
        println!("  lane {lane:>2}: {}", coords.join(" "));
    }
    println!();
}

/// `D = alpha * acc + beta * D` for one lane's accumulator fragment.
#[fragment_layout(SM80_16x8x16_F32_C)]
fn epilogue(lane: u32, acc: &[f32; 4], d: &mut [f32], ld: usize, alpha: f32, beta: f32) {
    |row, col, value| d[row * ld + col] = alpha * value + beta * d[row * ld + col]
}

fn main() {
    for n in [
        &SM80_16x8x16_F16_A_ROW,
        &SM80_16x8x16_F16_B_COL,
        &SM80_16x8x16_F32_C,
    ] {
        print_layout(n);
    }
    // Each lane's accumulator holds (lane * 4 + e); D starts at 0.5 everywhere.
    let ld = 8;
    let mut d = vec![0.5f32; 16 * ld];
    for lane in 0..32u32 {
        let acc = [0, 1, 2, 3].map(|e| (lane * 4 + e) as f32);
        epilogue(lane, &acc, &mut d, ld, 2.0, 1.0);
    }
    println!("epilogue D = 2 * acc + D over all 32 lanes (acc = lane * 4 + e):");
    for row in 0..16 {
        let cells: Vec<String> = (0..8)
            .map(|c| format!("{:>6.1}", d[row * ld + c]))
            .collect();
        println!("  {}", cells.join(""));
    }
    let mut seen = [false; 128];
    for v in &d {
        let code = ((v - 0.5) / 2.0) as usize;
        assert!(!seen[code], "element {code} written twice");
        seen[code] = true;
    }
    assert!(seen.iter().all(|&s| s));
    println!("every one of the 128 elements written exactly once: ok");
}
