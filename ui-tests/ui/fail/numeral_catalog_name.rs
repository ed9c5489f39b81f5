// A numeral of one's own under a catalog layout's name, with other digits (`lane % 4` and
// `e % 2` swapped): beside `use fraglayout::catalog::*`, `#[fragment_layout(NAME)]` would take
// the catalog's layout for it. `numeral!` refuses the name; the catalog's digits, in any order,
// would pass.
use fraglayout::catalog::*;

fraglayout::numeral! {
    pub SM80_16x8x16_F32_C: 16 x 8 {
        lane % 4 => 1,
        e % 2    => 4,
        lane / 4 => 8,
        e / 2    => 64,
    }
}

fn main() {
    let _ = SM80_16x8x16_F32_C;
    let _ = SM80_16x8x16_F16_A_ROW;
}
