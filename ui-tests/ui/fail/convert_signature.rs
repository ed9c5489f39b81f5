// Every problem with a conversion's signature at once: no shuffle parameter, a `&mut` source,
// and a result of another length and type than the source.
use fraglayout::catalog::SM80_16x8x16_F32_C;
use fraglayout::convert_layout;

#[convert_layout(SM80_16x8x16_F32_C => SM80_16x8x16_F32_C)]
fn same(lane: u32, from: &mut [f32; 4]) -> [u16; 8] {}

fn main() {
    let _ = same(0, &mut [0.0; 4]);
}
