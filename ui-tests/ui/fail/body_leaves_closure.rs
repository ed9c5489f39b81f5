// The body is a closure: `break` outside a loop of its own and `.await` are errors there, as
// they would be in the closure it looks like (inlined, they would act on the function).
use layout_core::catalog::SM80_16x8x16_F32_C;

#[layout_macros::fragment_layout(SM80_16x8x16_F32_C)]
fn store_until_zero(lane: u32, frag: &[f32; 4], out: &mut [f32]) {
    |row, col, value| {
        if value == 0.0 {
            break;
        }
        out[row * 8 + col] = value;
    }
}

#[layout_macros::fragment_layout(SM80_16x8x16_F32_C)]
async fn store_later(lane: u32, frag: &[f32; 4], out: &mut [f32]) {
    |row, col, value| {
        core::future::ready(()).await;
        out[row * 8 + col] = value;
    }
}

fn main() {}
