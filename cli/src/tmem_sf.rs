//! Block-scaled `tcgen05.mma`'s scale factors in tensor memory by name
//! (`layout_core::tmem_sf`), beside the accumulators of [`crate::tmem`]:
//! `SM100_TMEM_SF_4x1_MN{mn}` and `SM100_TMEM_SF_2x2_MN{mn}`, CuTe's
//! `ScaleFactorDuplicated4by1` / `2by2` of `mn` rows (M for SFA, N for SFB).

use layout_core::tmem_sf::{scale_factors, Duplication, TmemScaleFactors};

use crate::suggest;

/// The prefix of the names.
const SF: &str = "SM100_TMEM_SF_";

/// The duplications with the word each name spells them with.
const DUPLICATIONS: [(&str, Duplication); 2] = [
    ("4x1", Duplication::FourByOne),
    ("2x2", Duplication::TwoByTwo),
];

/// Whether `text` is one of this module's names (it then answers for it, errors included).
pub fn is_name(text: &str) -> bool {
    text.starts_with(SF)
}

/// The layout `text` names; the error is the message, without `error: `.
pub fn resolve(text: &str) -> Result<TmemScaleFactors, String> {
    let example = format!("e.g. {SF}4x1_MN128");
    if text.contains('/') {
        return Err(format!(
            "`{}`: the MMA reads the scale factors from TMEM, with no tcgen05.ld: name them \
             alone, {example}",
            suggest::shortened(text)
        ));
    }
    let rest = text.strip_prefix(SF).unwrap_or(text);
    let (dup, mn) = rest.split_once("_MN").unwrap_or((rest, ""));
    let Some(&(_, duplication)) = DUPLICATIONS.iter().find(|(word, _)| *word == dup) else {
        return Err(format!(
            "`{}`: the scale factors are {SF}4x1_MN{{MN}} (ScaleFactorDuplicated4by1) or \
             {SF}2x2_MN{{MN}} (2by2), {example}",
            suggest::shortened(text)
        ));
    };
    let Ok(mn) = mn.parse::<u32>() else {
        return Err(format!(
            "`{}`: write the rows after _MN as a number, e.g. {SF}{dup}_MN128",
            suggest::shortened(text)
        ));
    };
    scale_factors(mn, duplication)
        .map_err(|e| format!("`{}`: {}", suggest::shortened(text), e.message().as_str()))
}

/// What the layout is, for `show`: CuTe's name, the columns, and what threads and elements
/// are.
pub fn what(l: &TmemScaleFactors) -> String {
    format!(
        "CuTe's {} in {} 32-bit column{}; thread = TMEM lane (warp * 32 + lane), element = \
         byte 4 * column + K-block past the first column, [row, col] = [M or N, K-block]",
        l.duplication().cute_name(),
        l.columns(),
        if l.columns() == 1 { "" } else { "s" }
    )
}

/// What `list` says of these names.
pub fn list() -> String {
    format!(
        "{SF}4x1_MN{{MN}}, {SF}2x2_MN{{MN}}  (scale factors of block-scaled tcgen05.mma, MN \
         rows x 4 K-blocks, a byte each, copied to the lane quarters: CuTe's \
         ScaleFactorDuplicated4by1, MN a multiple of 32, and 2by2, of 64, up to 256)\n"
    )
}
