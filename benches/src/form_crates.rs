//! The forms whose compile cost lies in the constants the compiler evaluates, each in a crate
//! of its own so that a build's cost beyond the empty crate's is the one function's
//! (`tests/compile_time.rs`, `each_form_alone`): `shared =` staging of a warpgroup's
//! accumulator into 128-byte-swizzled slabs (through the catalog's name and through a constant
//! of one's own), an epilogue on a TMEM composite (`tmem::fragment` in `const`), and a
//! conversion between constants of one's own. Each but the conversion has a hand-written twin
//! of the same name and signature, written as a skilled engineer writes a 128-element
//! fragment: a loop over column blocks that the optimizer unrolls.

/// One form: its name (also the crate's suffix), the generated version, its twin, and the
/// check that the two agree (a body for `fn agree()` in a program holding both as modules
/// `generated` and `twin`).
#[derive(Clone, Copy, Debug)]
pub struct Form {
    /// The crate's suffix.
    pub name: &'static str,
    /// The `#[fragment_layout]` / `#[convert_layout]` source.
    pub generated: &'static str,
    /// The hand-written twin, if the form has one.
    pub twin: Option<&'static str>,
    /// Statements comparing `generated::f` with `twin::f` (with a twin).
    pub agree: &'static str,
}

const SHARED_TWIN: &str = r#"
/// Row `16 w + l / 4 + 8 h`, column `8 j + 2 (l % 4)` (wgmma's accumulator), in 8 slabs of
/// 32 f32 a line, swizzled `Swizzle<3, 2, 3>` on element offsets.
#[inline]
pub fn stage(t: u32, acc: &[f32; 128], smem: &mut [f32]) {
    if t >= 128 {
        return;
    }
    let t = t as usize;
    let (row, col) = (16 * (t / 32) + t % 32 / 4, 2 * (t % 4));
    for j in 0..32 {
        for h in 0..2 {
            let (r, c) = (row + 8 * h, col + 8 * j);
            let lin = c % 32 + 32 * r + 2048 * (c / 32);
            let off = lin ^ ((lin >> 3) & 28);
            let e = 4 * j + 2 * h;
            smem[off..off + 2].copy_from_slice(&acc[e..e + 2]);
        }
    }
}
"#;

const SHARED_AGREE: &str = r#"
    let (mut a, mut b) = (vec![0.0f32; 64 * 256], vec![0.0f32; 64 * 256]);
    for t in 0..128u32 {
        let acc: [f32; 128] = core::array::from_fn(|e| (t * 128 + e as u32) as f32);
        generated::stage(t, &acc, &mut a);
        twin::stage(t, &acc, &mut b);
    }
    assert_eq!(a, b, "shared staging");
    // Every cell written once: only thread 0's element 0 is 0.
    assert_eq!(a.iter().filter(|v| **v == 0.0).count(), 1);
"#;

const TMEM_TWIN: &str = r#"
/// Thread `t` holds TMEM lane `t`, D's row `t`, one column a register.
#[inline]
pub fn epilogue(t: u32, acc: &[f32; 128], d: &mut [f32], ld: usize, alpha: f32) {
    if t >= 128 {
        return;
    }
    let row = &mut d[t as usize * ld..t as usize * ld + 128];
    for j in 0..16 {
        for k in 0..8 {
            row[8 * j + k] = alpha * acc[8 * j + k];
        }
    }
}
"#;

const TMEM_AGREE: &str = r#"
    let (mut a, mut b) = (vec![0.0f32; 128 * 128], vec![0.0f32; 128 * 128]);
    for t in 0..128u32 {
        let acc: [f32; 128] = core::array::from_fn(|e| (t * 128 + e as u32 + 1) as f32);
        generated::epilogue(t, &acc, &mut a, 128, 2.0);
        twin::epilogue(t, &acc, &mut b, 128, 2.0);
    }
    assert_eq!(a, b, "tmem epilogue");
    assert!(a.iter().all(|v| *v != 0.0));
"#;

/// The forms, in the table's order.
pub const FORMS: [Form; 4] = [
    Form {
        name: "shared_catalog",
        generated: r#"
use fraglayout::catalog::SM90_64x256x16_F32_C;
use fraglayout::fragment_layout;
use fraglayout::shared::{SharedLayout, SwizzleMode};
const C_TILE: SharedLayout = SharedLayout::hopper(64, 256, 4, SwizzleMode::B128);
#[fragment_layout(SM90_64x256x16_F32_C, shared = C_TILE, vector = 2)]
pub fn stage(t: u32, acc: &[f32; 128], smem: &mut [f32]) {
    |offset, values| smem[offset..offset + 2].copy_from_slice(&values)
}
"#,
        twin: Some(SHARED_TWIN),
        agree: SHARED_AGREE,
    },
    Form {
        name: "shared_own",
        generated: r#"
use fraglayout::fragment_layout;
use fraglayout::shared::{SharedLayout, SwizzleMode};
use fraglayout::Numeral;
const ACC: Numeral = fraglayout::catalog::SM90_64x256x16_F32_C.renamed("ACC");
const C_TILE: SharedLayout = SharedLayout::hopper(64, 256, 4, SwizzleMode::B128);
#[fragment_layout(ACC, shared = C_TILE, vector = 2)]
pub fn stage(t: u32, acc: &[f32; 128], smem: &mut [f32]) {
    |offset, values| smem[offset..offset + 2].copy_from_slice(&values)
}
"#,
        twin: Some(SHARED_TWIN),
        agree: SHARED_AGREE,
    },
    Form {
        name: "tmem",
        generated: r#"
use fraglayout::catalog::SM100_TMEM_32dp32b32x;
use fraglayout::fragment_layout;
use fraglayout::tmem::{accumulator, fragment_or_panic, Lanes, MmaLayout};
use fraglayout::Numeral;
const ACC_D: Numeral = accumulator(MmaLayout::D, 128).numeral();
const FRAG: Numeral =
    fragment_or_panic(&ACC_D, &SM100_TMEM_32dp32b32x, Lanes::Quarter).numeral();
#[fragment_layout(FRAG)]
pub fn epilogue(t: u32, acc: &[f32; 128], d: &mut [f32], ld: usize, alpha: f32) {
    |row, col, value| d[row * ld + col] = alpha * value
}
"#,
        twin: Some(TMEM_TWIN),
        agree: TMEM_AGREE,
    },
    Form {
        name: "convert_own",
        generated: r#"
use fraglayout::convert_layout;
use fraglayout::Numeral;
const MY_FROM: Numeral = fraglayout::catalog::SM80_16x8x16_F32_C.renamed("MY_FROM");
const MY_TO: Numeral = fraglayout::convert::examples::VEC4_16x8_ROW.renamed("MY_TO");
#[convert_layout(MY_FROM => MY_TO)]
pub fn convert(t: u32, from: &[u32; 4], shuffle: impl FnMut(u32, u32) -> u32) -> [u32; 4] {}
"#,
        twin: None,
        agree: "",
    },
];

/// A form's crate source: the function, and `call_all` calling it so that a build compiles
/// it to machine code (`twin` picks the version; a form without a twin has only one).
pub fn form_source(form: &Form, twin: bool) -> String {
    let body = match (twin, form.twin) {
        (true, Some(t)) => t,
        _ => form.generated,
    };
    let call = match form.name {
        "tmem" => "epilogue(t, &[1.0; 128], buf, 128, 2.0);",
        "convert_own" => "core::hint::black_box(convert(t, &[t; 4], |v, _| v));",
        _ => "stage(t, &[1.0; 128], buf);",
    };
    format!("{body}\npub fn call_all(t: u32, buf: &mut [f32]) {{\n    {call}\n}}\n")
}

/// The program checking each twin against its generated version: the modules `(name,
/// generated, twin)` it holds (`src/NAME/generated.rs`, `src/NAME/twin.rs`) and its `main.rs`.
pub fn forms_agreement_program() -> (Vec<(String, String, String)>, String) {
    let mut modules = Vec::new();
    let mut main = String::new();
    for (k, form) in FORMS.iter().enumerate() {
        let Some(twin) = form.twin else { continue };
        modules.push((
            format!("form{k}"),
            form.generated.to_string(),
            twin.to_string(),
        ));
        main += &format!(
            "mod form{k} {{\n    pub mod generated;\n    pub mod twin;\n    \
             pub fn agree() {{{}}}\n}}\n",
            form.agree
        );
    }
    main += "fn main() {\n";
    for (name, _, _) in &modules {
        main += &format!("    {name}::agree();\n");
    }
    main += "    println!(\"the forms' twins agree\");\n}\n";
    (modules, main)
}
