//! A tile's whole data path, declared once: every step derived from the declaration, the
//! joints between the steps certified.
//!
//! A GEMM tile's data runs global memory -> TMA box -> shared tile -> MMA operand ->
//! accumulator -> epilogue -> global memory. Each step exists on its own in this crate
//! ([`SharedLayout::tma_box`], [`Descriptor::derive`], the catalog's `wgmma` accumulators,
//! [`tmem::fragment`](crate::tmem::fragment)); a [`DataPath`] names what a kernel author
//! decides, once, and [`DataPath::derive`] takes every step from those functions:
//!
//! | step | derived by | in the [`Path`] |
//! |---|---|---|
//! | shared tile of A, B (one stage) | [`SharedLayout::hopper`] in the declared swizzle and atom order, lines along the global majorness | [`OperandPath::layout`] |
//! | tensor-map box and copies | [`SharedLayout::tma_box`] over the global stride | [`OperandPath::tma`] |
//! | each K step's descriptor | [`Descriptor::derive`], encoded by [`Path::a_descriptor`] | [`OperandPath::descriptor`] |
//! | `tcgen05.mma`'s instruction descriptor | the types' [`Kind`], the majorness each operand is read in, M and N | [`DataPath::idesc`] |
//! | accumulator | the catalog's C of the `wgmma` ([`catalog::instruction`](crate::catalog::instruction)), or [`tmem::accumulator`](crate::tmem::accumulator) and the `tcgen05.ld` composite | [`AccPath`] |
//! | epilogue | vector width from the fragment; the shared tile and TMA box of a TMA store, and the bank counts of the stores into it ([`Path::store_banks`]) | [`EpiloguePath`] |
//! | shared memory | the stages, the epilogue's tile and the barriers, against [`SMEM_LIMIT`] | [`SharedMap`] |
//!
//! [`Path::certify`] then proves the joints, computing each side independently (module
//! [`certify`](mod@certify)): every `(m, k)` of A and `(k, n)` of B lands, through its TMA
//! copy, at the shared byte the MMA reads it from, once per K step; every element of D is
//! held by one register of one thread and stored once. A failure names the step, the first
//! element that goes wrong, where it lands, where it should, and the fix ([`PathError`]).
//!
//! ```
//! use fraglayout::datapath::{DataPath, Elem, Majorness};
//! use fraglayout::shared::{AtomOrder, SwizzleMode};
//!
//! // 128 x 256 x 64 bf16 on Hopper: m64n256k16, f32 accumulators, 4 stages.
//! const TILE: DataPath = DataPath::new(128, 256, 64)
//!     .types(Elem::Bf16, Elem::Bf16, Elem::F32, Elem::Bf16)
//!     .majors(Majorness::K, Majorness::K)
//!     .wgmma(256)
//!     .staging(SwizzleMode::B128, AtomOrder::Slabs, 4);
//! let path = TILE.derive().unwrap();
//! // A: one box of 64 x 128 rows; B: 64 x 256, over 256 lines in one box.
//! assert_eq!((path.a.tma.inner, path.a.tma.outer, path.a.tma.copies), (64, 128, 1));
//! assert_eq!((path.b.tma.inner, path.b.tma.outer, path.b.tma.copies), (64, 256, 1));
//! // K-major, 128-byte swizzle: SBO 1024 (8 rows of 128 bytes), K steps 32 bytes apart.
//! assert_eq!((path.a.descriptor.sbo(), path.a.descriptor.k_steps()), (1024, 4));
//! assert_eq!(path.a.descriptor.start(0, 1), Some(32));
//! assert_eq!(path.smem.stage_bytes, 16384 + 32768);
//! let proof = path.certify().unwrap();
//! assert_eq!((proof.a_elements, proof.b_elements, proof.d_elements), (8192, 16384, 32768));
//!
//! // The same tile read MN-major by the wgmma: refused at the first element it misplaces.
//! let wrong = TILE.mma_reads(Majorness::Mn, Majorness::K).derive().unwrap();
//! let e = wrong.certify().unwrap_err().to_string();
//! assert!(e.starts_with("a, global -> shared -> mma: element (m 0, k 1) of MN block 0"), "{e}");
//! assert!(e.ends_with("set the instruction's a majorness to K-major"), "{e}");
//! ```
//!
//! [docs/DATAPATH.md] works through one Hopper tile; `fraglayout path` prints a path's steps
//! and verdict from the command line.
//!
//! [docs/DATAPATH.md]: https://github.com/fraglayout/fraglayout/blob/main/docs/DATAPATH.md
//! [`SharedLayout::tma_box`]: crate::shared::SharedLayout::tma_box
//! [`SharedLayout::hopper`]: crate::shared::SharedLayout::hopper
//! [`Descriptor::derive`]: crate::shared::Descriptor::derive

mod accumulator;
mod banks;
mod bits;
pub mod certify;
mod declare;
mod derive;
mod elem;
mod epilogue;
mod error;
mod idesc;
pub mod limits;
mod operand;
mod smem;
mod walk;

pub use accumulator::{AccPath, TmemPath};
pub use bits::MAX_CERTIFIED;
pub use certify::Certificate;
pub use declare::{Accumulator, DataPath, Epilogue, Majorness, Mma};
pub use derive::Path;
pub use elem::Elem;
pub use epilogue::EpiloguePath;
pub use error::{Cause, PathError, Tensor};
pub use idesc::Kind;
pub use limits::SMEM_LIMIT;
pub use operand::OperandPath;
pub use smem::{SharedMap, TILE_ALIGN};
