//! A CPU model of Blackwell's tensor memory: 128 lanes by 512 32-bit columns per CTA, with
//! `tcgen05.st` and `tcgen05.ld` moving a warp's registers through a catalog access layout
//! (`SM100_TMEM_*`), and the warpgroup's read-back of an accumulator as the loads
//! `layout_core::tmem::fragment` describes them, issued one by one.

use layout_core::tmem::Lanes;
use layout_core::Numeral;

/// Tensor memory: 128 lanes by 512 32-bit columns.
pub struct Tmem(pub Vec<[u32; 512]>);

/// Where one warp's access lands: its quarter's first lane plus `lane_offset`, and `column`.
#[derive(Clone, Copy)]
pub struct At {
    /// The warp of the warpgroup: its quarter, lanes `32 * warp ..`.
    pub warp: u32,
    /// Lanes past the quarter's first (16 for the upper half of a 16-lane shape).
    pub lane_offset: u32,
    /// The first column.
    pub column: u32,
}

impl Tmem {
    /// Every cell holding `fill`.
    pub fn new(fill: u32) -> Tmem {
        Tmem(vec![[fill; 512]; 128])
    }

    /// The cell of element `i` of `lane` through the access layout `n` at `at`.
    fn cell(n: &Numeral, at: At, lane: u32, i: u32) -> (usize, usize) {
        let (l, c) = n.coords(lane, i).unwrap();
        (
            (32 * at.warp + at.lane_offset + l) as usize,
            (at.column + c) as usize,
        )
    }

    /// `tcgen05.st`: each lane's registers (`bits`-bit elements, 16-bit ones to a column's low
    /// half).
    pub fn store(&mut self, n: &Numeral, bits: u32, at: At, regs: &[Vec<u32>]) {
        let per = 32 / bits;
        for lane in 0..32 {
            for i in 0..n.elements {
                let r = regs[lane as usize][(i / per) as usize];
                let v = if bits == 32 {
                    r
                } else {
                    (r >> (16 * (i % 2))) & 0xffff
                };
                let (l, c) = Tmem::cell(n, at, lane, i);
                self.0[l][c] = v;
            }
        }
    }

    /// `tcgen05.ld`: each lane's registers, 16-bit elements from a column's low half.
    pub fn load(&self, n: &Numeral, bits: u32, at: At) -> Vec<Vec<u32>> {
        let per = 32 / bits;
        let mut regs = vec![vec![0u32; (n.elements / per) as usize]; 32];
        for lane in 0..32 {
            for i in 0..n.elements {
                let (l, c) = Tmem::cell(n, at, lane, i);
                let v = if bits == 32 {
                    self.0[l][c]
                } else {
                    self.0[l][c] & 0xffff
                };
                regs[lane as usize][(i / per) as usize] |= v << (bits * (i % per));
            }
        }
        regs
    }

    /// The registers of the warpgroup's 128 threads after each warp reads its quarter of an
    /// accumulator `columns` wide with `load` (a `.b32` shape): at lane offset 0 then 16 for a
    /// 16-lane shape over the quarter (only 0 or only 16 for `Lanes::Lower` / `Upper`), across
    /// the columns in blocks of the shape's width, registers appended load by load.
    pub fn read_back(&self, load: &Numeral, lanes: Lanes, columns: u32) -> Vec<Vec<u32>> {
        let halves = if lanes == Lanes::Quarter {
            32 / load.rows
        } else {
            1
        };
        let first = if lanes == Lanes::Upper { 16 } else { 0 };
        let mut regs: Vec<Vec<u32>> = vec![Vec::new(); 128];
        for warp in 0..4 {
            for half in 0..halves {
                for block in 0..columns / load.cols {
                    let lane_offset = first + 16 * half;
                    let at = At {
                        warp,
                        lane_offset,
                        column: block * load.cols,
                    };
                    for (lane, r) in self.load(load, 32, at).into_iter().enumerate() {
                        regs[32 * warp as usize + lane].extend(r);
                    }
                }
            }
        }
        regs
    }
}
