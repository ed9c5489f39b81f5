//! The aligned access types of `#[fragment_layout(NUMERAL, align = BYTES)]`: a group of
//! adjacent elements `[T; N]` moved as one `AlignB<[T; N]>`, whose alignment `B` (the declared
//! bytes, `N` elements of `T`) lets the backend issue one vector access (`st.global.v2.f32`
//! for two `f32` under `Align8`) where it would issue `N` element accesses. The generated code
//! casts the body's raw pointer to the group's type inside the user's `unsafe`; these types
//! only carry the alignment.

macro_rules! aligned {
    ($($name:ident $bytes:literal),*) => {$(
        #[doc = concat!("`T` at an address that is a multiple of ", stringify!($bytes), " bytes.")]
        #[repr(C, align($bytes))]
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct $name<T>(pub T);
    )*};
}

aligned!(Align2 2, Align4 4, Align8 8, Align16 16, Align32 32, Align64 64, Align128 128, Align256 256);

#[cfg(test)]
mod tests {
    use super::*;
    use core::mem::{align_of, size_of};

    #[test]
    fn each_type_has_its_alignment_and_no_padding_for_a_group_of_its_size() {
        assert_eq!(
            (
                align_of::<Align8<[f32; 2]>>(),
                size_of::<Align8<[f32; 2]>>()
            ),
            (8, 8)
        );
        assert_eq!(
            (
                align_of::<Align16<[f32; 4]>>(),
                size_of::<Align16<[f32; 4]>>()
            ),
            (16, 16)
        );
        assert_eq!(
            (
                align_of::<Align4<[u16; 2]>>(),
                size_of::<Align4<[u16; 2]>>()
            ),
            (4, 4)
        );
        assert_eq!(
            (align_of::<Align2<[u8; 2]>>(), size_of::<Align2<[u8; 2]>>()),
            (2, 2)
        );
        assert_eq!(align_of::<Align256<[u8; 256]>>(), 256);
    }
}
