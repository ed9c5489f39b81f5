//! `tcgen05.mma`'s layouts in tensor memory from the command line: the accumulators and the
//! duplicated A operand by name (`SM100_TMEM_ACC_D_N64`), the warpgroup's fragment after a
//! `tcgen05.ld` shape (`ACC/LOAD[/lower|/upper]`), and `show tcgen05.mma...` naming them.

use layout_core::catalog as cat;
use layout_core::tmem::{a_duplicated, accumulator, fragment, non_interleaved, Lanes, MmaLayout};
use layout_core::Numeral;

use crate::support::{ok, run, stderr};

/// The `"table"` JSON of `n`, as `json` writes it: `[[[row,col],..],..]` thread by thread.
fn table(n: &Numeral) -> String {
    let threads: Vec<String> = (0..n.threads())
        .map(|t| {
            let cells: Vec<String> = (0..n.elements)
                .map(|i| {
                    let (r, c) = n.coords(t, i).unwrap();
                    format!("[{r},{c}]")
                })
                .collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    format!("\"table\":[{}]", threads.join(","))
}

/// `json NAME` names the layout as typed and tables the library's numeral, with its copies.
fn json_is(name: &str, n: &Numeral) {
    let out = ok(&["json", name]);
    assert!(out.starts_with(&format!("{{\"name\":\"{name}\",")), "{out}");
    let shape = format!(
        "\"rows\":{},\"cols\":{},\"threads\":128,\"elements_per_thread\":{},\"copies\":{}",
        n.rows,
        n.cols,
        n.elements,
        n.copies()
    );
    assert!(out.contains(&shape), "{name}: {shape} in {out:.300}");
    assert!(out.contains(&table(n)), "{name}: the table");
}

#[test]
fn json_names_every_accumulator_and_tables_where_d_lives() {
    for l in MmaLayout::ALL {
        for n in [64, 256] {
            let acc = accumulator(l, n);
            json_is(
                &format!("SM100_TMEM_ACC_{}_N{n}", l.letter()),
                &acc.numeral(),
            );
        }
    }
    let b = accumulator(MmaLayout::B, 16);
    json_is("SM100_TMEM_ACC_B_N16", &b.numeral());
    let a = a_duplicated(16);
    json_is("SM100_TMEM_A_DUPLICATED_C16", &a.numeral());
    // Lane 70 of the duplicated A holds row 6, as lane 6 does.
    assert_eq!(a.numeral().coords(70, 3), Some((6, 3)));
}

#[test]
fn a_fragment_after_a_load_is_the_two_names_joined() {
    let cases = [
        (
            "SM100_TMEM_ACC_D_N64",
            "SM100_TMEM_32dp32b16x",
            "",
            Lanes::Quarter,
        ),
        (
            "SM100_TMEM_ACC_F_N64",
            "SM100_TMEM_16dp256b2x",
            "/lower",
            Lanes::Lower,
        ),
        (
            "SM100_TMEM_ACC_F_N128",
            "SM100_TMEM_16dp128b4x",
            "/upper",
            Lanes::Upper,
        ),
        (
            "SM100_TMEM_ACC_G_N128",
            "SM100_TMEM_32dp32b8x",
            "",
            Lanes::Quarter,
        ),
        // A 16-bit D read two columns to a register, with each shape's `.pack::16b` form.
        (
            "SM100_TMEM_ACC_D_N64",
            "SM100_TMEM_32dp32b16x_16b",
            "",
            Lanes::Quarter,
        ),
        (
            "SM100_TMEM_ACC_F_N64",
            "SM100_TMEM_16dp256b2x_16b",
            "/lower",
            Lanes::Lower,
        ),
        (
            "SM100_TMEM_ACC_F_N128",
            "SM100_TMEM_16dp128b8x_16b",
            "/upper",
            Lanes::Upper,
        ),
        (
            "SM100_TMEM_ACC_B_N64",
            "SM100_TMEM_16dp64b4x_16b",
            "",
            Lanes::Quarter,
        ),
        (
            "SM100_TMEM_ACC_A_N256",
            "SM100_TMEM_16dp32b64x_16b",
            "",
            Lanes::Quarter,
        ),
    ];
    for (acc_name, load, lanes_text, lanes) in cases {
        let acc = json_acc(acc_name);
        let acc = acc.numeral();
        let frag = fragment(&acc, cat::find(load).unwrap().numeral, lanes).unwrap();
        json_is(&format!("{acc_name}/{load}{lanes_text}"), &frag.numeral());
    }
    // The duplicated A read back: threads t and t + 64 hold the same words.
    let a = a_duplicated(16);
    let frag = fragment(&a.numeral(), &cat::SM100_TMEM_32dp32b16x, Lanes::Quarter).unwrap();
    assert_eq!(frag.numeral().copies(), 2);
    json_is(
        "SM100_TMEM_A_DUPLICATED_C16/SM100_TMEM_32dp32b16x",
        &frag.numeral(),
    );
    let text = ok(&["show", "SM100_TMEM_ACC_D_N64/SM100_TMEM_32dp32b16x"]);
    assert!(text.contains("element = register"), "{text:.300}");
    let packed = ok(&["show", "SM100_TMEM_ACC_D_N64/SM100_TMEM_32dp32b16x_16b"]);
    assert!(packed.contains("element = a 16-bit half"), "{packed:.300}");
    assert!(ok(&["show", "SM100_TMEM_ACC_D_N64"]).contains("element = 32-bit column"));
    assert!(text.contains("not silicon-verified"), "{text:.300}");
    // The composite converts like any layout: .16x256b hands the wgmma layout its registers.
    let out = ok(&[
        "convert",
        "SM100_TMEM_ACC_F_N64/SM100_TMEM_16dp256b2x/lower",
        "SM90_64x64x16_F32_C",
        "--json",
    ]);
    assert!(out.contains("\"rounds\":0"), "{out}");
}

/// The accumulator a name of the form `SM100_TMEM_ACC_{L}_N{n}` stands for.
fn json_acc(name: &str) -> layout_core::tmem::TmemLayout {
    let rest = name.strip_prefix("SM100_TMEM_ACC_").unwrap();
    let (l, n) = rest.split_once("_N").unwrap();
    accumulator(MmaLayout::from_letter(l).unwrap(), n.parse().unwrap())
}

#[test]
fn svg_draws_an_accumulator() {
    let out = ok(&["svg", "SM100_TMEM_ACC_E_N64"]);
    assert!(out.contains("<svg"), "{out:.100}");
    assert!(out.contains(">SM100_TMEM_ACC_E_N64<"), "titled as typed");
    assert!(out.contains(">64 x 64 tile, 128 threads (4 warps) x 32 elements<"));
}

#[test]
fn show_tcgen05_mma_names_the_layouts_of_each_m() {
    let cases: [(&str, &[&str]); 5] = [
        ("tcgen05.mma.cta_group::1.kind::f16", &["D", "F"]),
        ("tcgen05.mma.ws.cta_group::1.kind::tf32", &["D", "E", "G"]),
        ("tcgen05.mma.cta_group::2.kind::f16", &["A", "B"]),
        ("tcgen05.mma.sp.cta_group::2.kind::f16", &["A"]),
        ("tcgen05.mma", &["D", "F", "A", "B"]),
    ];
    for (ptx, letters) in cases {
        let text = ok(&["show", ptx]);
        let named: Vec<&str> = text
            .lines()
            .filter(|l| l.starts_with("    M = "))
            .filter_map(|l| l.split("SM100_TMEM_ACC_").nth(1))
            .filter_map(|rest| rest.split('_').next())
            .filter(|l| l.len() == 1)
            .collect();
        assert_eq!(named, letters, "{ptx}:\n{text}");
        // Each form, with an N it takes, shows.
        for l in letters {
            ok(&["show", &format!("SM100_TMEM_ACC_{l}_N64")]);
        }
        // And so does every command it quotes.
        for span in text.split('`').skip(1).step_by(2) {
            let args: Vec<&str> = span.split_whitespace().skip(1).collect();
            ok(&args);
        }
        let json = ok(&["show", ptx, "--json"]);
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        let items = v["accumulators"].as_array().unwrap();
        assert_eq!(
            items.len(),
            text.lines().filter(|l| l.starts_with("    M = ")).count()
        );
        for item in items {
            let mut keys: Vec<&String> = item.as_object().unwrap().keys().collect();
            keys.sort();
            assert_eq!(
                keys,
                ["layout", "m", "n", "name"],
                "docs/CLI-JSON.md: {json}"
            );
        }
        assert!(json.starts_with(&format!("{{\"instruction\":\"{ptx}\",\"accumulators\":[")));
        for l in letters {
            assert!(
                json.contains(&format!(
                    "\"layout\":\"{l}\",\"name\":\"SM100_TMEM_ACC_{l}_N{{N}}\""
                )),
                "{json}"
            );
        }
    }
    let sparse = ok(&["show", "tcgen05.mma.sp.cta_group::2.kind::f16"]);
    assert!(sparse.contains("layout C, not modelled"), "{sparse}");
    let json = ok(&["show", "tcgen05.mma.sp.cta_group::2", "--json"]);
    assert!(
        json.contains("{\"m\":128,\"layout\":\"C\",\"name\":null,\"n\":null}"),
        "{json}"
    );
}

#[test]
fn list_gives_each_name_form_with_the_n_it_takes() {
    let text = ok(&["list"]);
    for l in MmaLayout::ALL {
        let line = format!(
            "SM100_TMEM_ACC_{}_N{{N}}  (D of tcgen05.mma {}",
            l.letter(),
            l.mma()
        );
        assert!(text.contains(&line), "{line}");
        assert!(text.contains(l.ns()), "{}", l.ns());
    }
    assert!(text.contains("SM100_TMEM_A_DUPLICATED_C{C}  ("));
    assert!(text.contains("ACC/LOAD/lower"));
}

#[test]
fn bad_tmem_names_exit_1_and_say_what_is_taken() {
    let cases = [
        ("SM100_TMEM_ACC_E_N32", "takes N = 64, 128 or 256"),
        ("SM100_TMEM_ACC_B_N24", "a multiple of 16"),
        ("SM100_TMEM_ACC_D_N264", "a multiple of 8 from 8 to 256"),
        ("SM100_TMEM_ACC_C_N64", "no C"),
        ("SM100_TMEM_A_DUPLICATED_C12", "a multiple of 8 columns"),
        (
            "SM100_TMEM_ACC_D_N64/SM100_TMEM_32dp32b16x/middle",
            "`lower` or `upper`",
        ),
        (
            "SM100_TMEM_ACC_D_N64/SM80_16x8x16_F16_B_COL",
            "is no tcgen05.ld shape",
        ),
        (
            "SM100_TMEM_ACC_D_N64/SM80_16x8x16_F16_B_COL",
            ".16x256b or .16x32bx2",
        ),
        (
            "SM100_TMEM_ACC_D_N64/SM100_TMEM_32dp32b128x",
            "pick a smaller `.num`",
        ),
        (
            "SM100_TMEM_ACC_D_N64/SM100_TMEM_16dp256b1x/lower",
            "use ACC/LOAD (no /lower or /upper)",
        ),
    ];
    for (name, says) in cases {
        for cmd in ["show", "json", "svg"] {
            let o = run(&[cmd, name]);
            assert_eq!(o.status.code(), Some(1), "{cmd} {name}");
            let err = stderr(&o);
            assert!(err.starts_with("error: "), "{err}");
            assert!(err.contains(says), "{cmd} {name}: {err}");
        }
    }
    // A near miss is told the nearest names.
    let err = stderr(&run(&["show", "SM100_TMEM_ACX_D_N64"]));
    assert!(err.contains("`SM100_TMEM_ACC_D_N64`"), "{err}");
}

#[test]
fn show_tcgen05_mma_with_m_and_n_shows_that_accumulator() {
    let cases = [
        (
            "tcgen05.mma.cta_group::1.kind::f16",
            128,
            64,
            "SM100_TMEM_ACC_D_N64",
        ),
        (
            "tcgen05.mma.cta_group::1.kind::f16",
            64,
            256,
            "SM100_TMEM_ACC_F_N256",
        ),
        (
            "tcgen05.mma.cta_group::2.kind::tf32",
            128,
            32,
            "SM100_TMEM_ACC_B_N32",
        ),
        (
            "tcgen05.mma.cta_group::2.kind::tf32",
            256,
            8,
            "SM100_TMEM_ACC_A_N8",
        ),
        (
            "tcgen05.mma.ws.cta_group::1.kind::f16",
            64,
            128,
            "SM100_TMEM_ACC_E_N128",
        ),
        (
            "tcgen05.mma.ws.cta_group::1.kind::f16",
            32,
            64,
            "SM100_TMEM_ACC_G_N64",
        ),
    ];
    for (ptx, m, n, name) in cases {
        let (m, n) = (m.to_string(), n.to_string());
        assert_eq!(
            ok(&["show", ptx, "--m", &m, "--n", &n]),
            ok(&["show", name]),
            "{ptx} --m {m} --n {n}"
        );
        assert_eq!(
            ok(&["show", ptx, "--m", &m, "--n", &n, "--json"]),
            ok(&["json", name])
        );
    }
    let errors: [(&[&str], i32, &str); 5] = [
        (
            &[
                "show",
                "tcgen05.mma.cta_group::1",
                "--m",
                "256",
                "--n",
                "64",
            ],
            1,
            "takes M = 128 or 64, not 256",
        ),
        (
            &["show", "tcgen05.mma.ws", "--m", "64", "--n", "32"],
            1,
            "takes N = 64, 128 or 256, not 32",
        ),
        (
            &[
                "show",
                "tcgen05.mma.sp.cta_group::2",
                "--m",
                "128",
                "--n",
                "64",
            ],
            1,
            "layout C, which is not modelled",
        ),
        (
            &["show", "SM80_16x8x16_F32_C", "--m", "64", "--n", "32"],
            2,
            "go with a tcgen05.mma spelling",
        ),
        (&["show", "tcgen05.mma", "--m", "64"], 2, "--n"),
    ];
    for (args, code, says) in errors {
        let o = run(args);
        assert_eq!(o.status.code(), Some(code), "{args:?}");
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
}

/// A `tcgen05.mma` spelling with a qualifier the instruction does not take, or with qualifiers
/// that exclude each other, exits 1 with the nearest spelling (which `show` then answers), in
/// each form of `show`; every qualifier PTX gives is taken.
#[test]
fn unknown_tcgen05_mma_spellings_exit_1_with_the_nearest() {
    let cases = [
        (
            "tcgen05.mma.cta_group::3.kind::f16",
            "`.cta_group::3` is no tcgen05.mma qualifier",
            "tcgen05.mma.cta_group::1.kind::f16",
        ),
        (
            "tcgen05.mma.cta_group::1.kind::f61",
            "`.kind::f61` is no tcgen05.mma qualifier",
            "tcgen05.mma.cta_group::1.kind::f16",
        ),
        (
            "tcgen05.mma.wss.cta_group::1.kind::tf23",
            "`.wss`, `.kind::tf23` are no tcgen05.mma qualifiers",
            "tcgen05.mma.ws.cta_group::1.kind::tf32",
        ),
        (
            "tcgen05.mma.ws.cta_group::2",
            "has .ws and .cta_group::2",
            "tcgen05.mma.ws",
        ),
        (
            "tcgen05.mma.cta_group::1.cta_group::2.kind::f16",
            "has .cta_group::1 and .cta_group::2",
            "tcgen05.mma.cta_group::1.kind::f16",
        ),
    ];
    for (ptx, says, near) in cases {
        let forms: [&[&str]; 3] = [
            &["show", ptx],
            &["show", ptx, "--json"],
            &["show", ptx, "--m", "128", "--n", "64"],
        ];
        for args in forms {
            let o = run(args);
            assert_eq!(o.status.code(), Some(1), "{args:?}");
            let err = stderr(&o);
            assert!(err.starts_with("error: "), "{err}");
            assert!(err.contains(says), "{args:?}: {err}");
            assert!(
                err.contains(&format!("`{near}`")) || err.contains(&format!("show {near}`")),
                "{err}"
            );
        }
        ok(&["show", near]);
    }
    for ptx in [
        "tcgen05.mma.sp.cta_group::2.kind::mxf4nvf4.block_scale.block16",
        "tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale.scale_vec::1X",
        "tcgen05.mma.ws.cta_group::1.kind::i8.collector::b3::lastuse",
        "tcgen05.mma.cta_group::2.kind::f8f6f4.ashift.collector::a::discard",
    ] {
        ok(&["show", ptx]);
    }
}

/// The 1-SM `_TS` MMAs' non-interleaved pair of M = 64 tiles is named with the 16-lane shape
/// that reads it: `json`, `show` and `list` reach it as they reach the accumulators, and the
/// name alone, with lanes, with a 32-lane shape or an N F does not take exits 1.
#[test]
fn the_non_interleaved_tiles_are_named_with_their_load() {
    for (n, load) in [
        (64, "SM100_TMEM_16dp256b2x"),
        (128, "SM100_TMEM_16dp128b4x_16b"),
        (8, "SM100_TMEM_16dp32b4x"),
    ] {
        let frag = non_interleaved(n, cat::find(load).unwrap().numeral).unwrap();
        let name = format!("SM100_TMEM_ACC_F_NONINTERLEAVED_N{n}/{load}");
        json_is(&name, &frag.numeral());
        let text = ok(&["show", &name]);
        assert!(text.contains("non-interleaved"), "{text:.300}");
        assert!(text.contains(&format!("128 x {n} tile")), "{text:.300}");
    }
    let list = ok(&["list"]);
    assert!(
        list.contains("SM100_TMEM_ACC_F_NONINTERLEAVED_N{N}/LOAD  ("),
        "{list}"
    );
    let cases = [
        (
            "SM100_TMEM_ACC_F_NONINTERLEAVED_N64",
            "named with the 16-lane shape",
        ),
        (
            "SM100_TMEM_ACC_F_NONINTERLEAVED_N64/SM100_TMEM_16dp256b2x/lower",
            "and no lanes",
        ),
        (
            "SM100_TMEM_ACC_F_NONINTERLEAVED_N12/SM100_TMEM_16dp256b2x",
            "a multiple of 8 from 8 to 256",
        ),
        (
            "SM100_TMEM_ACC_F_NONINTERLEAVED_N64/SM100_TMEM_32dp32b2x",
            "use a 16-lane shape",
        ),
        (
            "SM100_TMEM_ACC_F_NONINTERLEAVED_N64/SM80_16x8x16_F16_B_COL",
            "is no tcgen05.ld shape",
        ),
    ];
    for (name, says) in cases {
        for cmd in ["show", "json", "svg"] {
            let o = run(&[cmd, name]);
            assert_eq!(o.status.code(), Some(1), "{cmd} {name}");
            assert!(stderr(&o).contains(says), "{cmd} {name}: {}", stderr(&o));
        }
    }
    // Every name an error suggests is one that resolves.
    ok(&[
        "json",
        "SM100_TMEM_ACC_F_NONINTERLEAVED_N64/SM100_TMEM_16dp256b2x",
    ]);
}
