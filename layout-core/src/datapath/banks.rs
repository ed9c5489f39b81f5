//! The bank counts of the epilogue's shared stores: each warp's scatter of its accumulator
//! registers into a TMA store's shared tile, counted by the bank model
//! ([`Access::wavefronts`]).

use super::derive::Path;
use crate::shared::{Access, AccessError, FragmentAt, Wavefronts};

impl Path {
    /// The wavefronts of the epilogue's shared stores, summed over every warp and MMA block
    /// (`worst` the worst phase of any): each warp stores its accumulator registers, converted
    /// to D's type, into the TMA store's tile, [`vector`](super::EpiloguePath::vector) adjacent
    /// elements a store where the layout keeps them whole. `None` for an epilogue without a
    /// shared tile.
    ///
    /// ```
    /// use fraglayout::datapath::{DataPath, Elem, Epilogue};
    /// use fraglayout::shared::{AtomOrder, SwizzleMode};
    /// // m64n256 f32 accumulators stored as bf16 pairs into a 128-byte-swizzled tile.
    /// let path = DataPath::new(128, 256, 64)
    ///     .types(Elem::Bf16, Elem::Bf16, Elem::F32, Elem::Bf16)
    ///     .staging(SwizzleMode::B128, AtomOrder::Slabs, 3)
    ///     .epilogue(Epilogue::TmaStore { mode: SwizzleMode::B128 })
    ///     .derive()
    ///     .unwrap();
    /// let w = path.store_banks().unwrap().unwrap();
    /// assert!(w.conflict_free(), "{w:?}");
    /// ```
    pub const fn store_banks(&self) -> Option<Result<Wavefronts, AccessError>> {
        let Some((tile, _)) = self.epilogue.staged else {
            return None;
        };
        let frag = self.acc.numeral();
        let width = tile.elem_bytes() * self.epilogue.vector;
        let mut sum = Wavefronts::ZERO;
        let mut i = 0;
        while i < self.m_blocks * self.n_blocks * frag.warps {
            let (block, warp) = (i / frag.warps, i % frag.warps);
            let at = FragmentAt::new(
                block / self.n_blocks * frag.rows,
                block % self.n_blocks * frag.cols,
            )
            .warp(warp);
            let access = Access::elements(&frag, width).at(at);
            match access.wavefronts(&tile) {
                Ok(w) => sum = sum.plus(w),
                Err(e) => return Some(Err(e)),
            }
            i += 1;
        }
        Some(Ok(sum))
    }
}
