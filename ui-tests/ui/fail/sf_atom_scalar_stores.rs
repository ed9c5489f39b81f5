// `conflict_free` on the scale-factor transposer storing one word at a time: lane l's store i
// goes to word 4 l + i, so lanes 0, 8, 16 and 24 meet in bank i. One `st.shared.v4` a lane
// (`vector = 4`) takes the least, 4 wavefronts.
use fraglayout::fragment_layout;
use fraglayout::shared::{SF_ATOM_WORDS, SF_TRANSPOSER};

#[fragment_layout(SF_TRANSPOSER, shared = SF_ATOM_WORDS, conflict_free)]
fn store_atom(lane: u32, regs: &[u32; 4], smem: &mut [u32]) {
    |offset, value| smem[offset] = value
}

fn main() {
    store_atom(0, &[0; 4], &mut [0; 128]);
}
