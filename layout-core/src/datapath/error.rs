//! Why a data path has no steps, or no certificate: each variant's fields are the numbers
//! its message quotes, and the message names the step, the element and the fix.

use super::declare::Majorness;
use super::elem::Elem;
use super::limits::{nearest, tcgen05_n_step, SMEM_LIMIT};
use crate::catalog::TmemShape;
use crate::message::Message;
use crate::shared::{DescriptorError, SharedError, SwizzleMode, TmaError};
use crate::tmem::FragmentError;

/// Which tensor of the path a step moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tensor {
    /// The `M x K` operand.
    A,
    /// The `K x N` operand.
    B,
    /// The `M x N` output.
    D,
}

impl Tensor {
    /// `"a"`, `"b"` or `"d"`.
    pub const fn name(self) -> &'static str {
        match self {
            Tensor::A => "a",
            Tensor::B => "b",
            Tensor::D => "d",
        }
    }
}

/// What a joint that does not hold points at, for the fix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// The tensor map's swizzle is not the descriptor's.
    Mode {
        /// The tensor map's.
        tma: SwizzleMode,
        /// The descriptor's.
        mma: SwizzleMode,
    },
    /// The MMA reads the operand in another majorness than global memory holds it.
    Read {
        /// Global (and shared) memory's.
        global: Majorness,
        /// The instruction's.
        read: Majorness,
    },
    /// The descriptor's strides are not the ones the shared tile needs.
    Strides {
        /// The descriptor's LBO.
        lbo: u32,
        /// The descriptor's SBO.
        sbo: u32,
        /// The tile's LBO.
        want_lbo: u32,
        /// The tile's SBO.
        want_sbo: u32,
    },
    /// The TMA boxes are not the ones the shared tile needs.
    Copies,
}

/// Why a [`DataPath`](super::DataPath) has no [`Path`](super::Path) or no certificate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum PathError {
    /// A tile extent of 0.
    EmptyTile { m: u32, n: u32, k: u32 },
    /// A or B of a type the tensor cores do not multiply.
    Multiplicand { tensor: Tensor, elem: Elem },
    /// A `wgmma` N outside 8..=256 step 8.
    WgmmaN { n: u32 },
    /// No `wgmma` of these types at this N in the catalog.
    NoWgmma { n: u32, a: Elem, b: Elem, c: Elem },
    /// No `tcgen05.mma` `.kind` multiplies these types into this accumulator.
    NoKind { a: Elem, b: Elem, c: Elem },
    /// A `tcgen05.mma` M the `cta_group` does not take.
    Tcgen05M { m: u32, cta_group: u32 },
    /// A `tcgen05.mma` N the instruction does not take.
    Tcgen05N { m: u32, n: u32, cta_group: u32 },
    /// The tile's M is not a whole number of the MMA's (`wgmma`: 64) or, for `tcgen05`, not
    /// its M.
    TileM { tile: u32, mma: u32 },
    /// The tile's N is not a whole number of the MMA's.
    TileN { tile: u32, mma: u32 },
    /// An MN-major operand of a type the instruction reads K-major only.
    Transposed { tensor: Tensor, elem: Elem },
    /// The accumulator declared in registers for `tcgen05` (`tmem` true) or in TMEM for
    /// `wgmma`.
    Place { tmem: bool },
    /// A `tcgen05.ld` `.num` that is not a power of two up to the shape's largest.
    LoadNum { shape: TmemShape, num: u32 },
    /// `.pack::16b` on an accumulator of 32-bit elements.
    Packed { c: Elem },
    /// The `tcgen05.ld` shape does not read the accumulator.
    Load {
        shape: TmemShape,
        num: u32,
        packed: bool,
        error: FragmentError,
    },
    /// The accumulators take more TMEM columns than there are.
    TmemColumns { columns: u64 },
    /// A shared tile fails its check.
    Layout { tensor: Tensor, error: SharedError },
    /// A shared tile has no TMA box.
    Tma { tensor: Tensor, error: TmaError },
    /// An operand tile has no descriptor.
    Descriptor {
        tensor: Tensor,
        error: DescriptorError,
    },
    /// The stages (and the epilogue's tile) do not fit in shared memory.
    Shared {
        stages: u32,
        stage_bytes: u64,
        epilogue_bytes: u64,
        total: u64,
        most_stages: u64,
    },
    /// A tile larger than the certificate walks.
    Bound { tensor: Tensor, elements: u64 },
    /// Element `(mn, k)` of K step `step`, MN block `block`, which TMA copy `copy` writes to
    /// shared byte `written`, is read by the MMA from byte `read`.
    Joint {
        tensor: Tensor,
        mn: u32,
        k: u32,
        block: u32,
        step: u32,
        copy: u32,
        written: u64,
        read: u64,
        cause: Cause,
    },
    /// Element `(mn, k)` written a second time, by copy `copy`.
    Twice {
        tensor: Tensor,
        mn: u32,
        k: u32,
        copy: u32,
    },
    /// Element `(mn, k)` written by no copy.
    Never { tensor: Tensor, mn: u32, k: u32 },
    /// Element `(mn, k)` written to byte `byte`, which holds another element.
    Collide {
        tensor: Tensor,
        mn: u32,
        k: u32,
        byte: u64,
    },
    /// Copy `copy` writes tile `(line, pos)`, outside the tile.
    Outside {
        tensor: Tensor,
        copy: u32,
        line: u32,
        pos: u32,
    },
    /// D`[row][col]` held twice: a second time by `thread`, register `register`.
    DTwice {
        row: u32,
        col: u32,
        thread: u32,
        register: u32,
    },
    /// D`[row][col]` held by no thread.
    DNever { row: u32, col: u32 },
    /// D`[row][col]`, which its thread writes to shared byte `written`, is stored by TMA copy
    /// `copy` from byte `read`.
    DStore {
        row: u32,
        col: u32,
        copy: u32,
        written: u64,
        read: u64,
    },
}

impl PathError {
    /// The message, in a buffer.
    pub const fn message(&self) -> Message {
        let mut m = Message::new();
        self.write(&mut m);
        m
    }

    /// Writes the message: lowercase, the step, the numbers, the fix.
    pub const fn write(&self, m: &mut Message) {
        match *self {
            PathError::EmptyTile { m: tm, n, k } => {
                m.push("the tile ");
                tile(m, tm, n, k);
                m.push(" is empty: give M, N and K from 1 up");
            }
            PathError::Multiplicand { tensor, elem } => {
                m.push(tensor.name());
                m.push(" of ");
                m.push(elem.name());
                m.push(": the tensor cores multiply f16, bf16, tf32, e4m3, e5m2, s8 or u8");
            }
            PathError::WgmmaN { n } => {
                m.push("wgmma N = ");
                m.push_num(n as u64);
                m.push(": wgmma takes a multiple of 8 from 8 to 256");
                nearest_fix(m, n, 8);
            }
            PathError::NoWgmma { n, a, b, c } => {
                m.push("no wgmma.mma_async m64n");
                m.push_num(n as u64);
                m.push(" with ");
                m.push(c.name());
                m.push(" accumulators and ");
                m.push(a.name());
                m.push(" x ");
                m.push(b.name());
                m.push(
                    " in the catalog: use f32 (or s32) accumulators, the same type for a and b, \
                        and for 8-bit integers an N of 8, 16, 24 or a multiple of 16",
                );
            }
            _ => self.write_instruction(m),
        }
    }

    const fn write_instruction(&self, m: &mut Message) {
        match *self {
            PathError::NoKind { a, b, c } => {
                m.push("no tcgen05.mma kind multiplies ");
                m.push(a.name());
                m.push(" x ");
                m.push(b.name());
                m.push(" into ");
                m.push(c.name());
                m.push(
                    ": use f16 x f16 or bf16 x bf16 into f16 or f32, tf32 x tf32 into f32, \
                        e4m3 / e5m2 into f16 or f32, or s8 / u8 into s32",
                );
            }
            PathError::Tcgen05M { m: mm, cta_group } => {
                m.push("tcgen05.mma M = ");
                m.push_num(mm as u64);
                m.push(" with cta_group::");
                m.push_num(cta_group as u64);
                m.push(": use M = 64 or 128 with cta_group::1, 128 or 256 with cta_group::2");
            }
            PathError::Tcgen05N {
                m: mm,
                n,
                cta_group,
            } => {
                let step = tcgen05_n_step(cta_group);
                m.push("tcgen05.mma M = ");
                m.push_num(mm as u64);
                m.push(", cta_group::");
                m.push_num(cta_group as u64);
                m.push(" takes N a multiple of ");
                m.push_num(step as u64);
                m.push(" from ");
                m.push_num(step as u64);
                m.push(" to 256, not ");
                m.push_num(n as u64);
                nearest_fix(m, n, step);
            }
            PathError::TileM { tile, mma } => {
                m.push("the tile's M = ");
                m.push_num(tile as u64);
                m.push(" is not a whole number of the MMA's M = ");
                m.push_num(mma as u64);
                m.push(": use M = ");
                m.push_num(round_up(tile, mma) as u64);
            }
            PathError::TileN { tile, mma } => {
                m.push("the tile's N = ");
                m.push_num(tile as u64);
                m.push(" is not a whole number of the MMA's N = ");
                m.push_num(mma as u64);
                m.push(": use N = ");
                m.push_num(round_up(tile, mma) as u64);
            }
            PathError::Transposed { tensor, elem } => {
                m.push(tensor.name());
                m.push(" is MN-major, but the MMA reads ");
                m.push(elem.name());
                m.push(" K-major only: store ");
                m.push(tensor.name());
                m.push(" K-major in global memory");
            }
            PathError::Place { tmem } => m.push(if tmem {
                "tcgen05.mma accumulates in tensor memory, not registers: declare the \
                 tcgen05.ld shape that reads it back"
            } else {
                "wgmma accumulates in registers, not tensor memory: declare Accumulator::Registers"
            }),
            _ => self.write_more(m),
        }
    }

    const fn write_more(&self, m: &mut Message) {
        match *self {
            PathError::LoadNum { shape, num } => {
                m.push("tcgen05.ld.");
                m.push(shape.ptx());
                m.push(".x");
                m.push_num(num as u64);
                m.push(": .num is a power of two from 1 to ");
                m.push_num(shape.max_num() as u64);
            }
            PathError::Packed { c } => {
                m.push(".pack::16b reads 16-bit accumulators, these are ");
                m.push(c.name());
                m.push(": drop .pack::16b");
            }
            PathError::Load {
                shape,
                num,
                packed,
                error,
            } => {
                m.push("the accumulator cannot be read with tcgen05.ld.");
                m.push(shape.ptx());
                m.push(".x");
                m.push_num(num as u64);
                if packed {
                    m.push(".pack::16b");
                }
                m.push(": ");
                m.push(error.message().as_str());
            }
            PathError::TmemColumns { columns } => {
                m.push("the accumulators take ");
                m.push_num(columns);
                m.push(" TMEM columns, more than 512: use a tile of at most 512 columns of D");
            }
            _ => self.write_steps(m),
        }
    }

    const fn write_steps(&self, m: &mut Message) {
        match *self {
            PathError::Layout { tensor, error } => {
                m.push(tensor.name());
                m.push("'s shared tile: ");
                error.write(m);
            }
            PathError::Tma { tensor, error } => {
                m.push(tensor.name());
                m.push("'s TMA box: ");
                error.write(m);
            }
            PathError::Descriptor { tensor, error } => {
                m.push(tensor.name());
                m.push("'s descriptor: ");
                error.write(m);
            }
            PathError::Shared {
                stages: 0,
                stage_bytes,
                most_stages,
                ..
            } => {
                m.push("0 stages: a and b need one at least: use 1 to ");
                m.push_num(most_stages);
                m.push(" stages of ");
                m.push_num(stage_bytes);
                m.push(" bytes");
            }
            PathError::Shared {
                stages,
                stage_bytes,
                epilogue_bytes,
                total,
                most_stages,
            } => {
                m.push_num(stages as u64);
                m.push(" stages of ");
                m.push_num(stage_bytes);
                m.push(" bytes, ");
                m.push_num(epilogue_bytes);
                m.push(" for the epilogue and the barriers take ");
                m.push_num(total);
                m.push(" bytes of shared memory, more than the ");
                m.push_num(SMEM_LIMIT as u64);
                m.push(" a block has: ");
                if most_stages == 0 {
                    m.push("use a smaller tile");
                } else {
                    m.push("use at most ");
                    m.push_num(most_stages);
                    m.push(if most_stages == 1 {
                        " stage"
                    } else {
                        " stages"
                    });
                }
            }
            PathError::Bound { tensor, elements } => {
                m.push(tensor.name());
                m.push("'s tile holds ");
                m.push_num(elements);
                m.push(" elements, more than the certificate's ");
                m.push_num(super::bits::MAX_CERTIFIED as u64);
                m.push(": certify a smaller tile");
            }
            _ => self.write_certificate(m),
        }
    }

    const fn write_certificate(&self, m: &mut Message) {
        match *self {
            PathError::Joint {
                tensor,
                mn,
                k,
                block,
                step,
                copy,
                written,
                read,
                cause,
            } => {
                m.push(tensor.name());
                m.push(", global -> shared -> mma: element ");
                element(m, tensor, mn, k);
                m.push(" of MN block ");
                m.push_num(block as u64);
                m.push(", K step ");
                m.push_num(step as u64);
                m.push(" lands at shared byte ");
                m.push_num(written);
                m.push(" (TMA copy ");
                m.push_num(copy as u64);
                m.push("), but the MMA reads it from byte ");
                m.push_num(read);
                m.push(": ");
                cause_fix(m, tensor, cause);
            }
            _ => self.write_copies(m),
        }
    }

    const fn write_copies(&self, m: &mut Message) {
        match *self {
            PathError::Twice {
                tensor,
                mn,
                k,
                copy,
            } => {
                m.push(tensor.name());
                m.push(direction(tensor));
                m.push(": element ");
                element(m, tensor, mn, k);
                m.push(" is written again by TMA copy ");
                m.push_num(copy as u64);
                m.push(": derive the boxes with SharedLayout::tma_box");
            }
            PathError::Never { tensor, mn, k } => {
                m.push(tensor.name());
                m.push(direction(tensor));
                m.push(": no TMA copy writes element ");
                element(m, tensor, mn, k);
                m.push(": derive the boxes with SharedLayout::tma_box");
            }
            PathError::Collide {
                tensor,
                mn,
                k,
                byte,
            } => {
                m.push(tensor.name());
                m.push(", global -> shared: element ");
                element(m, tensor, mn, k);
                m.push(" lands at shared byte ");
                m.push_num(byte);
                m.push(
                    ", which holds another element: derive the boxes with SharedLayout::tma_box",
                );
            }
            PathError::Outside {
                tensor,
                copy,
                line,
                pos,
            } => {
                m.push(tensor.name());
                m.push(direction(tensor));
                m.push(": TMA copy ");
                m.push_num(copy as u64);
                m.push(" writes line ");
                m.push_num(line as u64);
                m.push(", position ");
                m.push_num(pos as u64);
                m.push(", outside the tile: derive the boxes with SharedLayout::tma_box");
            }
            _ => self.write_epilogue(m),
        }
    }

    const fn write_epilogue(&self, m: &mut Message) {
        match *self {
            PathError::DTwice {
                row,
                col,
                thread,
                register,
            } => {
                m.push("d, accumulator -> global: d[");
                m.push_num(row as u64);
                m.push("][");
                m.push_num(col as u64);
                m.push("] is held again by thread ");
                m.push_num(thread as u64);
                m.push(", register ");
                m.push_num(register as u64);
                m.push(": read the accumulator with the layout the MMA writes");
            }
            PathError::DNever { row, col } => {
                m.push("d, accumulator -> global: no thread holds d[");
                m.push_num(row as u64);
                m.push("][");
                m.push_num(col as u64);
                m.push("]: read the accumulator with the layout the MMA writes");
            }
            PathError::DStore {
                row,
                col,
                copy,
                written,
                read,
            } => {
                m.push("d, registers -> shared -> global: d[");
                m.push_num(row as u64);
                m.push("][");
                m.push_num(col as u64);
                m.push("] is written to shared byte ");
                m.push_num(written);
                m.push(", but TMA store ");
                m.push_num(copy as u64);
                m.push(" reads it from byte ");
                m.push_num(read);
                m.push(": encode the store's tensor map in the shared tile's swizzle");
            }
            _ => {}
        }
    }
}

/// `128 x 256 x 64`.
const fn tile(m: &mut Message, a: u32, b: u32, c: u32) {
    m.push_num(a as u64);
    m.push(" x ");
    m.push_num(b as u64);
    m.push(" x ");
    m.push_num(c as u64);
}

/// `, global -> shared` for A and B, `, shared -> global` for D.
const fn direction(tensor: Tensor) -> &'static str {
    match tensor {
        Tensor::D => ", shared -> global",
        _ => ", global -> shared",
    }
}

/// `(m 8, k 3)` for A, `(k 3, n 8)` for B, `(row 8, col 3)` for D.
const fn element(m: &mut Message, tensor: Tensor, mn: u32, k: u32) {
    match tensor {
        Tensor::D => {
            m.push("(row ");
            m.push_num(mn as u64);
            m.push(", col ");
            m.push_num(k as u64);
        }
        Tensor::B => {
            m.push("(k ");
            m.push_num(k as u64);
            m.push(", n ");
            m.push_num(mn as u64);
        }
        _ => {
            m.push("(m ");
            m.push_num(mn as u64);
            m.push(", k ");
            m.push_num(k as u64);
        }
    }
    m.push(")");
}

const fn cause_fix(m: &mut Message, tensor: Tensor, cause: Cause) {
    match cause {
        Cause::Mode { tma, mma } => {
            m.push("the tensor map has the ");
            m.push(tma.name());
            m.push(" and the descriptor the ");
            m.push(mma.name());
            m.push(": encode the tensor map with the ");
            m.push(mma.name());
        }
        Cause::Read { global, read } => {
            m.push("the MMA reads ");
            m.push(tensor.name());
            m.push(" ");
            m.push(read.name());
            m.push(", global memory holds it ");
            m.push(global.name());
            m.push(": set the instruction's ");
            m.push(tensor.name());
            m.push(" majorness to ");
            m.push(global.name());
        }
        Cause::Strides {
            lbo,
            sbo,
            want_lbo,
            want_sbo,
        } => {
            m.push("the descriptor has LBO ");
            m.push_num(lbo as u64);
            m.push(" and SBO ");
            m.push_num(sbo as u64);
            m.push(" bytes, the shared tile needs LBO ");
            m.push_num(want_lbo as u64);
            m.push(" and SBO ");
            m.push_num(want_sbo as u64);
            if lbo == want_sbo && sbo == want_lbo {
                m.push(" (they are swapped)");
            }
            m.push(": derive it with Descriptor::derive");
        }
        Cause::Copies => m.push("derive the boxes with SharedLayout::tma_box"),
    }
}

/// `: use N = 16 or 24`.
const fn nearest_fix(m: &mut Message, n: u32, step: u32) {
    let (below, above) = nearest(n, step);
    m.push(": use N = ");
    m.push_num(below as u64);
    if above != below {
        m.push(" or ");
        m.push_num(above as u64);
    }
}

const fn round_up(n: u32, step: u32) -> u32 {
    if step == 0 {
        return n;
    }
    match n.checked_next_multiple_of(step) {
        Some(v) => v,
        None => n,
    }
}

impl core::fmt::Display for PathError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(&self.message(), f)
    }
}
