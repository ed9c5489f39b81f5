// The macros' own code binds names beginning with `__fl_` / `__FL_`: a function naming one
// (a parameter, a constant it reads, a local) is refused on that name, so that the generated
// code can never shadow or capture it.
use fraglayout::catalog::SM80_16x8x16_F32_C;
use fraglayout::fragment_layout;

const __FL_AT: f32 = 2.0;

#[fragment_layout(SM80_16x8x16_F32_C)]
fn store(__fl_thread: u32, acc: &[f32; 4], d: &mut [f32]) {
    |row, col, value| d[row * 8 + col] = __FL_AT * value
}

#[fragment_layout(SM80_16x8x16_F32_C, gather)]
fn load(lane: u32, a: &[f32]) -> [f32; 4] {
    |row, col| {
        let __fl_v = a[row * 8 + col];
        __fl_v
    }
}

fn main() {
    store(0, &[1.0; 4], &mut [0.0; 128]);
    let _ = load(0, &[0.0; 128]);
}
