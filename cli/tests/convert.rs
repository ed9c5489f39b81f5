//! `fraglayout convert` and `fraglayout expand --convert`: the FA2 pair is the identity; an
//! exchange's printed tables, replayed by brute force, deliver the destination layout; bad
//! layouts and impossible pairs exit 1 with the message; the picture parses and each cell's
//! tooltip names the value that really lands there. What `expand --convert` prints is the
//! macro's own, for every example and a sample of catalog pairs: the expansion byte for byte
//! `layout_codegen::convert_layout` on the invocation it prints, with no `compile_error!`; the
//! form `layout_codegen::convert_form`'s; the numbers the plan's.

use crate::support::{ok, run, stderr, stdout};

use layout_codegen::ConvertForm;
use layout_core::catalog::SM80_16x8x16_F16_C;
use layout_core::catalog::CATALOG;
use layout_core::catalog::{
    SM100_TMEM_16dp64b2x_16b, SM70_8x8x4_F16_A_COL, SM70_8x8x4_F16_A_ROW, SM70_8x8x4_F16_B_COL,
    SM70_8x8x4_F16_B_ROW, SM75_U16x2_LDSM_T, SM75_U32x1_LDSM_N, SM80_16x8x16_F16_A_ROW,
    SM80_16x8x16_F16_B_COL, SM80_16x8x16_F32_C,
};
use layout_core::convert::examples::{
    BLOCKED_3x32, SM80_16x8x16_F32_C_1x2, SM80_16x8x16_F32_C_2x4, STRIPED_3x32, VEC4_16x8_ROW,
    VEC8_32x32_ROW, EXAMPLES,
};
use layout_core::convert::{PackedPlan, Plan, Relay};
use layout_core::{Digit, Numeral};
use proc_macro2::TokenStream;

/// The number after `label` at the start of a line of `out`.
fn field(out: &str, label: &str) -> u32 {
    let line = out
        .lines()
        .find(|l| l.starts_with(label))
        .unwrap_or_else(|| panic!("no `{label}` line in\n{out}"));
    line[label.len()..]
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap_or_else(|_| panic!("`{line}`"))
}

#[test]
fn the_fa2_pair_is_the_identity_with_no_rounds() {
    for args in [
        &[
            "convert",
            "SM80_16x8x16_F32_C[1x2]",
            "SM80_16x8x16_F16_A_ROW",
        ][..],
        &[
            "convert",
            "SM80_16x8x16_F32_C_1x2",
            "SM80_16x8x16_F16_A_ROW",
        ],
        &["convert", "fa2"],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        let out = stdout(&o);
        assert!(out.contains("\nclass:       identity: "), "{out}");
        assert_eq!(field(&out, "rounds:"), 0);
        assert_eq!(field(&out, "lower bound:"), 0);
        assert_eq!(field(&out, "selects:"), 0);
        assert!(
            out.contains("rounds: none, no value crosses a lane"),
            "{out}"
        );
        assert!(out.contains("to[e] = from[e] for every e in every lane: nothing moves"));
    }
    let o = run(&[
        "expand",
        "--convert",
        "SM80_16x8x16_F32_C[1x2]",
        "SM80_16x8x16_F16_A_ROW",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("\n// The macro's form: identity\n"), "{out}");
}

/// What the tables of `convert` say, parsed.
#[derive(Default)]
struct Printed {
    /// `[e][lane]`: the register the lane takes `e` from before the rounds.
    local: Vec<[Option<u32>; 32]>,
    /// Per round, per lane: (lane read, register offered, register kept in).
    rounds: Vec<[(u32, u32, Option<u32>); 32]>,
}

/// `to[3]` as 3.
fn index_in(word: &str, name: &str) -> u32 {
    word.strip_prefix(name)
        .and_then(|w| w.strip_prefix('['))
        .and_then(|w| w.strip_suffix(']'))
        .unwrap_or_else(|| panic!("`{word}` is not {name}[..]"))
        .parse()
        .unwrap()
}

/// Parses the rounds table and the in-lane moves of `convert`'s output.
fn parse(out: &str, elements: u32) -> Printed {
    let mut p = Printed {
        local: vec![[None; 32]; elements as usize],
        rounds: Vec::new(),
    };
    let lines: Vec<&str> = out.lines().collect();
    let header = lines
        .iter()
        .position(|l| l.starts_with("round  shuffle  offers   keeps in | 0 "));
    if let Some(h) = header {
        for line in lines[h + 1..].iter().take_while(|l| !l.is_empty()) {
            let (prefix, cells) = line.split_once(" | ").expect("a lane row");
            let words: Vec<&str> = prefix.split_whitespace().collect();
            assert_eq!(words[0].parse::<usize>().unwrap(), p.rounds.len(), "{line}");
            let (xor, rest) = match words[1] {
                "xor" => (Some(words[2].parse::<u32>().unwrap()), &words[3..]),
                "idx" => (None, &words[2..]),
                w => panic!("shuffle `{w}`"),
            };
            let (offers, rest) = match rest[0] {
                "by" => (None, &rest[2..]),
                w => (Some(index_in(w, "from")), &rest[1..]),
            };
            let keeps = match rest {
                ["by", "lane"] => None,
                [w] => Some(index_in(w, "to")),
                _ => panic!("keeps in `{rest:?}`"),
            };
            let cells: Vec<&str> = cells.split_whitespace().collect();
            assert_eq!(cells.len(), 32, "{line}");
            let mut round = [(0, 0, None); 32];
            for (l, cell) in cells.iter().enumerate() {
                let (head, kept) = match cell.split_once('>') {
                    Some((h, "-")) => (h, None),
                    Some((h, d)) => (h, Some(d.parse().unwrap())),
                    None => (*cell, keeps),
                };
                assert_eq!(cell.contains('>'), keeps.is_none(), "{line}");
                let (src, sent) = match head.split_once(':') {
                    Some((s, r)) => (s.parse().unwrap(), r.parse().unwrap()),
                    None => (head.parse().unwrap(), offers.expect("a uniform offer")),
                };
                assert_eq!(head.contains(':'), offers.is_none(), "{line}");
                if let Some(x) = xor {
                    assert_eq!(src, l as u32 ^ x, "{line}: an xor round reads lane ^ {x}");
                }
                round[l] = (src, sent, kept);
            }
            p.rounds.push(round);
        }
    }
    let moves = lines
        .iter()
        .position(|l| l.starts_with("in-lane moves"))
        .expect("in-lane moves");
    for line in lines[moves + 2..].iter().take_while(|l| !l.is_empty()) {
        if line.starts_with("element |") {
            continue;
        }
        if *line == "to[e] = from[e] for every e in every lane: nothing moves" {
            for (e, lanes) in p.local.iter_mut().enumerate() {
                *lanes = [Some(e as u32); 32];
            }
        } else if line.starts_with("no in-lane moves") {
        } else if let Some(rest) = line.strip_suffix(" in every lane") {
            let (to, from) = rest.split_once(" = ").unwrap();
            p.local[index_in(to, "to") as usize] = [Some(index_in(from, "from")); 32];
        } else {
            let (to, cells) = line.split_once(" | ").expect("a lane row");
            let e = index_in(to.trim(), "to") as usize;
            for (l, c) in cells.split_whitespace().enumerate() {
                p.local[e][l] = (c != "-").then(|| c.parse().unwrap());
            }
        }
    }
    p
}

/// Runs `convert` on the arguments and replays its tables for all 32 lanes, starting from
/// `from`'s tile offsets: every lane must end with `to`'s. Returns the rounds printed.
fn replay(args: &[&str], from: &Numeral, to: &Numeral) -> u32 {
    let o = run(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    let out = stdout(&o);
    let n = to.elements;
    let p = parse(&out, n);
    let rounds = field(&out, "rounds:");
    assert_eq!(p.rounds.len() as u32, rounds, "{args:?}: one row per round");
    assert_eq!(field(&out, "lower bound:"), rounds, "{args:?}");
    let have = |l: u32, e: u32| from.offset(l, e).unwrap();
    let mut got = vec![vec![None; n as usize]; 32];
    for l in 0..32 {
        for e in 0..n {
            if let Some(s) = p.local[e as usize][l as usize] {
                got[l as usize][e as usize] = Some(have(l, s));
            }
        }
    }
    for round in &p.rounds {
        // Collective: every lane offers, then every lane reads the lane it names.
        let offered: Vec<u32> = (0..32).map(|l| have(l, round[l as usize].1)).collect();
        for l in 0..32 {
            let (src, _, kept) = round[l];
            if let Some(d) = kept {
                got[l][d as usize] = Some(offered[src as usize]);
            }
        }
    }
    for l in 0..32 {
        for e in 0..n {
            assert_eq!(
                got[l as usize][e as usize],
                Some(to.offset(l, e).unwrap()),
                "{args:?}: lane {l}, e {e}\n{out}"
            );
        }
    }
    rounds
}

#[test]
fn an_exchange_prints_tables_that_replay_to_the_destination() {
    let acc8 = replay(
        &["convert", "SM80_16x8x16_F32_C[2x4]", "VEC8_32x32_ROW"],
        &SM80_16x8x16_F32_C_2x4,
        &VEC8_32x32_ROW,
    );
    assert!(acc8 > 0);
    for (from, to) in [
        (&SM75_U32x1_LDSM_N, &SM75_U16x2_LDSM_T),
        (&SM80_16x8x16_F32_C, &VEC4_16x8_ROW),
        (&SM80_16x8x16_F32_C, &SM80_16x8x16_F16_B_COL),
        (&BLOCKED_3x32, &STRIPED_3x32),
        (&SM70_8x8x4_F16_A_ROW, &SM70_8x8x4_F16_A_COL),
        (&SM80_16x8x16_F32_C_1x2, &SM80_16x8x16_F16_A_ROW),
    ] {
        let rounds = replay(&["convert", from.name, to.name], from, to);
        assert_eq!(rounds, Plan::new(from, to).unwrap().rounds());
    }
    // Written out: the blocked and striped 3 x 32 numerals, and the reverse direction.
    let blocked = "3 x 32, elements 3 { e => 1, lane => 3 }";
    let striped = "STRIPED: 3 x 32, elements 3 { lane => 1, e => 32 }";
    let b = [Digit::element(1, 3, 1), Digit::lane(1, 32, 3)];
    let s = [Digit::lane(1, 32, 1), Digit::element(1, 3, 32)];
    let (b, s) = (
        Numeral::new("b", 3, 32, 3, &b),
        Numeral::new("s", 3, 32, 3, &s),
    );
    assert_eq!(replay(&["convert", blocked, striped], &b, &s), 3);
    assert_eq!(replay(&["convert", striped, blocked], &s, &b), 3);
}

#[test]
fn the_examples_table_matches_the_plans() {
    let o = run(&["convert", "--examples"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    for x in EXAMPLES {
        let p = Plan::new(&x.from, &x.to).unwrap();
        let packed = match PackedPlan::new(&x.from, &x.to, 2) {
            Ok(q) => [q.rounds(), q.lower_bound(), q.permutes()].map(|n| n.to_string()),
            Err(_) => ["-", "-", "-"].map(String::from),
        };
        let row: Vec<&str> = out
            .lines()
            .find(|l| l.split_whitespace().next() == Some(x.name))
            .unwrap_or_else(|| panic!("no row for {}", x.name))
            .split("  ")
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .collect();
        let want = [
            x.name.to_string(),
            x.from.name.to_string(),
            x.to.name.to_string(),
            p.class().name().to_string(),
            p.rounds().to_string(),
            p.lower_bound().to_string(),
            p.selects().to_string(),
        ]
        .into_iter()
        .chain(packed)
        .collect::<Vec<_>>();
        assert_eq!(row, want, "{}", x.name);
        assert!(out.contains(&format!("\n{}: {}\n", x.name, x.what)));
        // Each example runs by its name, and says what its table row says.
        let one = stdout(&run(&["convert", x.name]));
        assert_eq!(field(&one, "rounds:"), p.rounds(), "{}", x.name);
    }
}

/// The packed lane table of `convert`'s output: per round, per lane, the lane read and the
/// destination elements of the word's parts.
fn packed_table(out: &str) -> Vec<Vec<(u32, Vec<Option<u32>>)>> {
    let lines: Vec<&str> = out.lines().collect();
    let Some(h) = lines.iter().position(|l| l.starts_with("round |")) else {
        return Vec::new();
    };
    let cell = |c: &str| {
        let (src, parts) = c.split_once('>').unwrap();
        let parts = parts.split('.').map(|d| d.parse().ok()).collect();
        (src.parse().unwrap(), parts)
    };
    lines[h + 1..]
        .iter()
        .take_while(|l| !l.is_empty())
        .map(|l| {
            l.split_once(" | ")
                .unwrap()
                .1
                .split_whitespace()
                .map(cell)
                .collect()
        })
        .collect()
}

#[test]
fn the_packed_model_shows_its_rounds_against_both_bounds() {
    // The f16 accumulator to rows of 4: 4 rounds one value a shuffle, 2 with pairs.
    let (from, to) = (&SM80_16x8x16_F16_C, &VEC4_16x8_ROW);
    let out = stdout(&run(&["convert", from.name, to.name]));
    let p = PackedPlan::new(from, to, 2).unwrap();
    assert_eq!((field(&out, "rounds:"), p.rounds()), (4, 2));
    assert!(
        out.contains("\npacked: 16-bit values two to a 32-bit word"),
        "{out}"
    );
    assert_eq!(field(&out, "packed rounds:"), 2);
    assert!(
        out.contains("packed rounds:      2 (one value a shuffle: 4)\n"),
        "{out}"
    );
    assert_eq!(field(&out, "packed lower bound:"), 2);
    assert!(out.contains("(the plan meets it; 2 with words read by several lanes)"));
    assert_eq!(field(&out, "permutes:"), p.permutes());
    let table = packed_table(&out);
    assert_eq!(table.len() as u32, p.rounds());
    for (r, row) in table.iter().enumerate() {
        for (l, (src, parts)) in row.iter().enumerate() {
            assert_eq!(*src, p.src_lane(r as u32, l as u32));
            let want: Vec<_> = (0..2).map(|j| p.recv(r as u32, l as u32, j)).collect();
            assert_eq!(*parts, want, "round {r}, lane {l}");
        }
    }
    // An f32 accumulator packs as the f16 values it becomes; 8-bit values four to a word.
    let out = stdout(&run(&["convert", "acc-to-b"]));
    assert_eq!(
        (field(&out, "rounds:"), field(&out, "packed rounds:")),
        (4, 2)
    );
    let out = stdout(&run(&[
        "convert",
        "SM80_16x8x32_S8_A_ROW",
        "SM80_16x8x32_S8_A_ROW",
    ]));
    assert!(
        out.contains("\npacked: 8-bit values four to a 32-bit word"),
        "{out}"
    );
    assert_eq!(field(&out, "packed rounds:"), 0);
    // Two elements a lane do not fill a word of four.
    let out = stdout(&run(&["convert", "transpose-8x8", "--bits", "8"]));
    assert!(
        out.contains("none: 2 elements per thread do not pack 4 to a 32-bit word"),
        "{out}"
    );
}

/// The relay's line: its shuffles against the packed plan's, its swaps, and its in-lane order
/// where it moves anything; none where no lane bit swaps.
#[test]
fn the_relay_shows_its_swaps_beside_the_packed_plan() {
    let (a_row, a_col) = (&SM70_8x8x4_F16_A_ROW, &SM70_8x8x4_F16_A_COL);
    let out = stdout(&run(&["convert", a_row.name, a_col.name]));
    let relay = Relay::new(a_row, a_col).unwrap();
    assert_eq!(
        (field(&out, "relay:"), field(&out, "packed rounds:")),
        (2, 3)
    );
    assert_eq!(field(&out, "relay:"), relay.rounds());
    assert!(out.contains("fewer than the packed rounds"), "{out}");
    assert!(
        out.contains(
            "relay swaps:        lane bit 0 with the half (lane ^ 1), lane bit 1 with word bit 0 \
             (lane ^ 2)\n\n"
        ),
        "{out}"
    );
    let out = stdout(&run(&[
        "convert",
        "SM80_16x8x16_F16_C",
        "SM100_TMEM_16dp64b4x",
    ]));
    assert!(
        out.contains("then in each lane: element e from index [0 2 1 3][e]\n"),
        "{out}"
    );
    let out = stdout(&run(&["convert", a_row.name, a_row.name]));
    assert!(!out.contains("relay"), "{out}");
}

#[test]
fn bad_layouts_and_impossible_pairs_exit_1_with_the_message() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["convert", "SM80_16x8x16_F32_X", "SM80_16x8x16_F16_A_ROW"],
            "error: unknown layout `SM80_16x8x16_F32_X`; did you mean `SM80_16x8x16_F32_C`",
        ),
        (
            &["convert", "SM80_16x8x16_F32_C", "SM80_16x8x16_F16_A_ROW"],
            "error: the tiles differ: from is 16 x 8, to is 16 x 16: use \
             `fraglayout::catalog::SM80_16x8x16_F32_C.tiled_or_panic(1, 2).numeral()` as \
             from\n(on the command line: SM80_16x8x16_F32_C:1x2)\n",
        ),
        (
            &[
                "convert",
                "SM80_16x8x16_F32_C[2x2]",
                "SM80_16x8x16_F16_A_ROW",
            ],
            "error: the tiles differ: from is 32 x 16, to is 16 x 16",
        ),
        (
            &[
                "convert",
                "SM80_16x8x16_F32_C[1x0]",
                "SM80_16x8x16_F16_A_ROW",
            ],
            "error: `SM80_16x8x16_F32_C[1x0]`: write a tile of tiles as NAME:RxC (or 'NAME[RxC]' \
             in quotes)",
        ),
        (
            &[
                "convert",
                "2 x 32, warps 2 { lane => 1, warp => 32 }",
                "2 x 32, warps 2 { warp => 1, lane => 2 }",
            ],
            "error: 32 of 64 elements cross warps: to's (thread 16, e 0) is held by from's \
             (thread 32, e 0); a conversion moves values within a warp only\n",
        ),
        (
            &[
                "convert",
                "SM80_16x8x16_F32_C",
                "16 x 8 { e % 2 => 1, lane % 4 => 2, lane / 4 => 16, e / 2 => 64 }",
            ],
            "error: no digit has place 8",
        ),
        (&["convert", "nope"], "error: no example conversion `nope`"),
    ];
    for (args, message) in cases {
        let o = run(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(err.starts_with(message), "{args:?}:\n{err}");
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
    // A numeral written out is located as from or to.
    let err = stderr(&run(&[
        "convert",
        "SM80_16x8x16_F32_C",
        "16 x 8 { e % 2 => 1, lane % 4 => 2, lane / 4 => 16, e / 2 => 64 }",
    ]));
    assert!(err.contains(" --> <to>:1:"), "{err}");
    assert!(err.ends_with("error: to is not a valid numeral (the problems are above)\n"));
    // Both bad: both reported.
    let err = stderr(&run(&["convert", "NOPE_A", "NOPE_B"]));
    assert!(
        err.contains("`NOPE_A`") && err.contains("`NOPE_B`"),
        "{err}"
    );
}

#[test]
fn help_lists_convert_and_expand_convert() {
    let help = ok(&["help", "convert"]);
    for line in [
        "Usage: fraglayout convert [OPTIONS] <FROM [TO]|--examples>",
        "--svg <FILE>",
        "--bits <BITS>",
        "--examples",
        "`convert EXAMPLE`",
    ] {
        assert!(help.contains(line), "{line}");
    }
    assert!(ok(&["help", "expand"]).contains("--convert <FROM> <TO>"));
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["convert"][..],
        &["convert", "a", "b", "c"],
        &["convert", "SM80_16x8x16_F32_C", "--svg"],
        &["convert", "--examples", "fa2"],
        &["convert", "fa2", "--bogus"],
        &["convert", "fa2", "--bits", "32"],
        &["convert", "fa2", "--bits", "8", "--bits", "16"],
        &["convert", "--examples", "--bits", "8"],
        &["expand", "--convert", "SM80_16x8x16_F32_C"],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).starts_with("error: "), "{args:?}");
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
}

/// `row 1, col 0: T4 V0, from T1 V1 in round 0` as (row, col, (thread, e), where from).
fn tooltip(title: &str) -> (u32, u32, (u32, u32), String) {
    let (place, rest) = title.split_once(": ").unwrap();
    let (row, col) = place.split_once(", col ").unwrap();
    let row = row.strip_prefix("row ").unwrap().parse().unwrap();
    let (dest, whence) = rest.split_once(", ").unwrap();
    let (t, e) = dest.split_once(" V").unwrap();
    let dest = (
        t.strip_prefix('T').unwrap().parse().unwrap(),
        e.parse().unwrap(),
    );
    (row, col.parse().unwrap(), dest, whence.to_string())
}

#[test]
fn svg_draws_the_destination_tile_by_arrival_round() {
    let dir = std::env::temp_dir().join(format!("fraglayout-convert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("acc4.svg");
    let (from, to) = (&SM80_16x8x16_F32_C, &VEC4_16x8_ROW);
    let o = run(&[
        "convert",
        from.name,
        to.name,
        "--svg",
        file.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("class:       lane exchange"),
        "the report too"
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        stdout(&run(&["convert", from.name, to.name, "--svg", "-"])),
        text
    );
    let doc = roxmltree::Document::parse(&text).expect("the picture is XML");
    let plan = Plan::new(from, to).unwrap();
    let mut round_fill: Vec<Option<String>> = vec![None; plan.rounds() as usize];
    let mut cells = 0;
    for g in doc
        .descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some("cell"))
    {
        let title = g
            .children()
            .find(|n| n.has_tag_name("title"))
            .and_then(|t| t.text())
            .unwrap();
        let fill = g
            .children()
            .find(|n| n.has_tag_name("rect"))
            .and_then(|r| r.attribute("fill"))
            .unwrap()
            .to_string();
        let (row, col, (t, e), whence) = tooltip(title);
        assert_eq!(to.coords(t, e), Some((row, col)), "{title}");
        // The value that lands here is the one `from` holds where the tooltip says.
        let offset = row * to.cols + col;
        let source = if whence == "in place" {
            (t, e)
        } else if let Some(s) = whence.strip_prefix("from V") {
            (t, s.strip_suffix(" of its lane").unwrap().parse().unwrap())
        } else {
            let rest = whence.strip_prefix("from T").unwrap();
            let (src, rest) = rest.split_once(" V").unwrap();
            let (s, r) = rest.split_once(" in round ").unwrap();
            let r: usize = r.parse().unwrap();
            // One colour per round.
            match &round_fill[r] {
                Some(f) => assert_eq!(*f, fill, "{title}"),
                None => round_fill[r] = Some(fill.clone()),
            }
            (src.parse().unwrap(), s.parse().unwrap())
        };
        assert_eq!(from.offset(source.0, source.1), Some(offset), "{title}");
        cells += 1;
    }
    assert_eq!(cells, to.rows * to.cols);
    let fills: Vec<String> = round_fill.into_iter().map(Option::unwrap).collect();
    for (i, f) in fills.iter().enumerate() {
        assert!(!fills[..i].contains(f), "round {i} has a colour of its own");
        assert_ne!(f, "#ffffff");
    }
    let legend = text.matches(r#"<rect class="swatch""#).count();
    assert_eq!(legend, 1 + fills.len(), "in place and one swatch per round");
    let o = run(&[
        "convert",
        from.name,
        to.name,
        "--svg",
        "/nonexistent-dir/x.svg",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with("error: cannot write `/nonexistent-dir/x.svg`"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// What `expand --convert` prints, in its parts: the attribute's arguments and the function,
/// the lines on the macro's form, the expansion, and the plan's numbers.
struct Expanded<'a> {
    args: &'a str,
    item: &'a str,
    form: &'a str,
    code: &'a str,
    numbers: &'a str,
}

/// `text` in its parts, or what is missing.
fn expanded(text: &str) -> Result<Expanded<'_>, String> {
    let (head, rest) = text
        .split_once("//\n// expands to:\n\n")
        .ok_or("no `// expands to:`")?;
    let (code, numbers) = rest
        .split_once("\n// The plan's numbers")
        .ok_or("no `// The plan's numbers` after the expansion")?;
    let (invocation, form) = head
        .split_once("//\n// The macro's form: ")
        .ok_or("no `// The macro's form:`")?;
    let (args, item) = invocation
        .strip_prefix("// #[convert_layout(")
        .and_then(|r| r.split_once(")]\n// "))
        .ok_or("no `// #[convert_layout(...)]` and function")?;
    let item = item
        .strip_suffix('\n')
        .ok_or("no line after the function")?;
    Ok(Expanded {
        args,
        item,
        form,
        code,
        numbers,
    })
}

/// The macro's expansion of `p`'s invocation, pretty-printed, and its form where the layouts
/// are `from` and `to`; or what went wrong.
fn the_macros(p: &Expanded, from: &Numeral, to: &Numeral) -> Result<(String, ConvertForm), String> {
    let lex = |s: &str| s.parse::<TokenStream>().map_err(|e| format!("`{s}`: {e}"));
    let tokens = layout_codegen::convert_layout(lex(p.args)?, lex(p.item)?);
    if tokens.to_string().contains("compile_error") {
        return Err(format!("the macro refuses it: {tokens}"));
    }
    let file: syn::File = syn::parse2(tokens).map_err(|e| e.to_string())?;
    let form = layout_codegen::convert_form(lex(p.args)?, lex(p.item)?, from, to)
        .ok_or("the macro's code does not compile")?;
    Ok((prettyplease::unparse(&file), form))
}

/// The lines the plan's numbers must have: the plan's class and costs, and the packed plan's
/// for the values the printed numbers pack (or that there is none).
fn numbers_wanted(numbers: &str, from: &Numeral, to: &Numeral) -> Vec<String> {
    let p = Plan::new(from, to).unwrap();
    let mut want = vec![
        format!("\n// class:       {}: ", p.class().name()),
        format!("\n// rounds:      {}\n", p.rounds()),
        format!("\n// lower bound: {} (", p.lower_bound()),
        format!("\n// selects:     {} (", p.selects()),
    ];
    let k = if numbers.contains("\n// packed: 8-bit values four") {
        4
    } else {
        2
    };
    match PackedPlan::new(from, to, k) {
        Ok(q) => want.extend([
            format!(
                "// packed rounds:      {} (one value a shuffle: {})\n",
                q.rounds(),
                p.rounds()
            ),
            format!(
                "// packed lower bound: {} (the plan meets it; {} with",
                q.lower_bound(),
                q.any_bound()
            ),
            format!("// permutes:           {} (", q.permutes()),
        ]),
        Err(e) => want.push(format!(
            " to a 32-bit word: none: {}\n",
            e.message().as_str()
        )),
    }
    want
}

/// Everything `expand --convert FROM TO [--packed]` must satisfy, `from` and `to` the layouts
/// the arguments name; the problems found. The macro's form goes into `forms`.
fn check_expand(
    args: [&str; 2],
    packed: bool,
    from: &Numeral,
    to: &Numeral,
    forms: &mut Vec<ConvertForm>,
) -> Vec<String> {
    let mut bad = Vec::new();
    let mut fail = |m: String| bad.push(format!("{args:?} (packed {packed}): {m}"));
    let flags = ["expand", "--convert", args[0], args[1], "--packed"];
    let o = run(&flags[..4 + usize::from(packed)]);
    if o.status.code() != Some(0) {
        fail(format!("exit {:?}: {}", o.status.code(), stderr(&o)));
        return bad;
    }
    let text = stdout(&o);
    let parts = expanded(&text).and_then(|p| the_macros(&p, from, to).map(|m| (p, m)));
    let (p, (code, form)) = match parts {
        Ok(x) => x,
        Err(m) => {
            fail(m);
            return bad;
        }
    };
    forms.push(form);
    if p.code != code {
        let at = p.code.lines().zip(code.lines()).position(|(a, b)| a != b);
        let at = at.map_or("its end".into(), |l| format!("line {}", l + 1));
        fail(format!("the expansion is not the macro's (from {at})"));
    }
    // The form's name on its line, then its words in lines of comment.
    let printed: Vec<&str> = p
        .form
        .lines()
        .map(|l| l.trim_start_matches("// "))
        .collect();
    if printed.join(" ") != format!("{} ({}).", form.name(), form.words()) {
        fail(format!(
            "the form is not the macro's, {}: {}",
            form.name(),
            p.form
        ));
    }
    for line in numbers_wanted(p.numbers, from, to) {
        if !p.numbers.contains(&line) {
            fail(format!("the numbers lack `{line}`:\n{}", p.numbers));
        }
    }
    bad
}

/// Catalog pairs that convert: every twentieth ordered pair of distinct one-warp numerals of
/// at most 16 elements over the same tile with a plan (each run of the tool expands and
/// pretty-prints thousands of lines: a sample, with the examples, reaches every form).
fn catalog_pairs() -> Vec<(&'static Numeral<'static>, &'static Numeral<'static>)> {
    let mut numerals: Vec<&'static Numeral<'static>> = Vec::new();
    for e in CATALOG {
        let n = e.numeral;
        if n.warps == 1 && n.elements <= 16 && !numerals.iter().any(|m| m.digits == n.digits) {
            numerals.push(n);
        }
    }
    let mut pairs = Vec::new();
    for a in &numerals {
        for b in &numerals {
            if a.name != b.name && Plan::new(a, b).is_ok() {
                pairs.push((*a, *b));
            }
        }
    }
    pairs.into_iter().step_by(20).collect()
}

#[test]
fn expand_convert_prints_the_macros_expansion_form_and_the_plans_numbers() {
    let mut cases: Vec<([&str; 2], Numeral, Numeral)> = Vec::new();
    for x in EXAMPLES
        .iter()
        .filter(|x| Plan::new(&x.from, &x.to).is_ok())
    {
        cases.push(([x.from.name, x.to.name], x.from, x.to));
    }
    let pairs = catalog_pairs();
    assert!(pairs.len() >= 4, "{} catalog pairs", pairs.len());
    for (a, b) in pairs {
        cases.push(([a.name, b.name], *a, *b));
    }
    // A tile of copies, and a numeral written out, built in place.
    cases.push((
        ["SM80_16x8x16_F32_C[1x2]", "SM80_16x8x16_F16_A_ROW"],
        SM80_16x8x16_F32_C_1x2,
        SM80_16x8x16_F16_A_ROW,
    ));
    let b = [Digit::element(1, 3, 1), Digit::lane(1, 32, 3)];
    let blocked = Numeral::new("b", 3, 32, 3, &b);
    let written = "3 x 32, elements 3 { e => 1, lane => 3 }";
    cases.push(([written, "STRIPED_3x32"], blocked, STRIPED_3x32));
    // Two halves side by side: each case runs the tool and pretty-prints its thousands of
    // lines twice.
    let (mut forms, mut bad) = (Vec::new(), Vec::new());
    std::thread::scope(|s| {
        let halves: Vec<_> = cases
            .chunks(cases.len().div_ceil(2))
            .map(|half| {
                s.spawn(move || {
                    let mut forms = Vec::new();
                    let bad: Vec<String> = half
                        .iter()
                        .flat_map(|(args, from, to)| {
                            check_expand(*args, false, from, to, &mut forms)
                        })
                        .collect();
                    (forms, bad)
                })
            })
            .collect();
        for h in halves {
            let (f, b) = h.join().expect("a half of the cases ran");
            forms.extend(f);
            bad.extend(b);
        }
    });
    assert!(
        bad.is_empty(),
        "{} problems:\n{}",
        bad.len(),
        bad.join("\n")
    );
    use ConvertForm::*;
    for form in [Identity, Renaming, Tables, LaneArith] {
        assert!(
            forms.contains(&form),
            "no case takes the {} form",
            form.name()
        );
    }
    let out = stdout(&run(&["expand", "--convert", written, "STRIPED_3x32"]));
    assert!(out.contains("fraglayout::Digit::element(1, 3, 1), fraglayout::Digit::lane(1, 32, 3)"));
    assert!(out.contains("fraglayout::convert::examples::STRIPED_3x32"));
}

#[test]
fn expand_convert_packed_prints_the_macros_packed_forms() {
    // One pair of 16-bit layouts for each packed form, on `u32` words two values each.
    let cases = [
        (&SM80_16x8x16_F16_C, &VEC4_16x8_ROW),
        (&SM75_U32x1_LDSM_N, &SM75_U16x2_LDSM_T),
        (&SM80_16x8x16_F32_C, &SM80_16x8x16_F16_B_COL),
        (&SM70_8x8x4_F16_B_ROW, &SM80_16x8x16_F16_B_COL),
        (&SM70_8x8x4_F16_B_COL, &SM100_TMEM_16dp64b2x_16b),
    ];
    let mut forms = Vec::new();
    for (from, to) in cases {
        let bad = check_expand([from.name, to.name], true, from, to, &mut forms);
        assert!(bad.is_empty(), "{}", bad.join("\n"));
    }
    use ConvertForm::*;
    let per_word = 2;
    assert_eq!(
        forms,
        [
            PackedArith { per_word },
            PackedReads { per_word },
            PackedRepack { per_word },
            PackedElements { per_word },
            PackedStraight { per_word },
        ]
    );
    let o = run(&[
        "expand",
        "--convert",
        "BLOCKED_3x32",
        "STRIPED_3x32",
        "--packed",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "error: `--packed`: 3 values a lane do not fill two-value words; leave out `--packed`\n"
    );
}

/// The macro's form and the plan's numbers, as `expand --convert` prints them, the expansion
/// between them left out; with `numbers` false, the form's lines only.
fn summary(from: &str, to: &str, numbers: bool) -> String {
    let o = run(&["expand", "--convert", from, to]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let p = expanded(&out).unwrap();
    let form = format!("// The macro's form: {}", p.form);
    match numbers {
        true => format!(
            "{form}//\n// expands to:\n\n[the expansion]\n\n// The plan's numbers{}",
            p.numbers
        ),
        false => form,
    }
}

#[test]
fn the_conversions_page_shows_what_the_tool_prints() {
    let page = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/CONVERSIONS.md");
    let page = std::fs::read_to_string(page).unwrap();
    for (from, to, numbers) in [
        ("SM80_16x8x16_F32_C[1x2]", "SM80_16x8x16_F16_A_ROW", true),
        (
            "SM75_U32x4_LDSM_N_16x16_ROW",
            "SM80_16x8x16_F16_A_ROW",
            false,
        ),
        ("SM75_U32x1_LDSM_N", "SM75_U16x2_LDSM_T", false),
    ] {
        let block = summary(from, to, numbers);
        assert!(
            page.contains(&format!("```text\n{block}```\n")),
            "docs/CONVERSIONS.md lacks, or has an old form of, {from} => {to}:\n{block}"
        );
    }
    let picture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/conversion_transpose_8x8.svg"
    );
    let picture = std::fs::read_to_string(picture).unwrap();
    assert!(
        stdout(&run(&["convert", "transpose-8x8", "--svg", "-"])) == picture,
        "docs/conversion_transpose_8x8.svg is out of date; regenerate it with\n    \
         cargo run -p fraglayout-cli -- convert transpose-8x8 --svg docs/conversion_transpose_8x8.svg"
    );
}
