// Digit rows as PTX writes them: `(lane / 4) % 8`, redundant parentheses, `(lane) % 4`.
layout_macros::numeral! {
    pub PTX: 16 x 8 {
        (e % 2)        => 1,
        (lane) % 4     => 2,
        (lane / 4) % 8 => 8,
        ((e / 2) % 2)  => 64,
    }
}

layout_macros::numeral! {
    pub PLAIN: 16 x 8 {
        e % 2    => 1,
        lane % 4 => 2,
        lane / 4 => 8,
        e / 2    => 64,
    }
}

const _: () = assert!(PTX.size() == PLAIN.size() && PTX.digits.len() == PLAIN.digits.len());

pub fn main() {
    assert_eq!(PTX.digits, PLAIN.digits);
}
