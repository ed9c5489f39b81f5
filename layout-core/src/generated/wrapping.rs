//! Wrapping `+` and `*` for the raw-pointer path's thread base with `bounds`: the index at the
//! thread's corner is formed once, before the whole-tile test, for every thread, also one whose
//! corner lies outside the tile and which stores nothing; wrapping, it cannot panic there. Called
//! as `Wrapping::add(a, b)` (not as a method), so that an integer literal on either side takes
//! the other side's type.

/// Wrapping addition and multiplication of a primitive integer type.
pub trait Wrapping: Sized {
    /// `self + rhs`, wrapping.
    fn add(self, rhs: Self) -> Self;
    /// `self * rhs`, wrapping.
    fn mul(self, rhs: Self) -> Self;
}

macro_rules! wrapping {
    ($($t:ty)*) => {$(
        impl Wrapping for $t {
            #[inline(always)]
            fn add(self, rhs: Self) -> Self {
                self.wrapping_add(rhs)
            }
            #[inline(always)]
            fn mul(self, rhs: Self) -> Self {
                self.wrapping_mul(rhs)
            }
        }
    )*};
}

wrapping!(u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize);

#[cfg(test)]
mod tests {
    use super::Wrapping;

    #[test]
    fn wraps_where_the_operators_would_overflow() {
        assert_eq!(Wrapping::add(usize::MAX, 2usize), 1);
        assert_eq!(Wrapping::mul(usize::MAX / 2 + 1, 2usize), 0);
        assert_eq!(Wrapping::mul(3, 5u32), 15);
        assert_eq!(Wrapping::add(i32::MAX, 1), i32::MIN);
    }
}
