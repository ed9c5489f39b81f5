//! `fraglayout json NAME | --all`: layouts as JSON objects, written by hand (the output is
//! small and flat; a serializer would be a dependency for one command).

use std::fmt::Write as _;

use layout_core::catalog::Entry;

/// A JSON string literal.
fn string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

pub fn json(e: &Entry) -> String {
    let n = e.numeral;
    let instructions: Vec<String> = e.instructions.iter().map(|i| string(i)).collect();
    let digits: Vec<String> = n
        .digits
        .iter()
        .map(|d| {
            format!(
                "{{\"source\":{},\"divisor\":{},\"range\":{},\"place\":{}}}",
                string(d.source.singular()),
                d.divisor,
                d.range,
                d.place
            )
        })
        .collect();
    let mut table = String::from("[");
    for t in 0..n.threads() {
        if t > 0 {
            table.push(',');
        }
        table.push('[');
        for i in 0..n.elements {
            if i > 0 {
                table.push(',');
            }
            let (r, c) = n.coords(t, i).expect("catalog layouts are bijections");
            let _ = write!(table, "[{r},{c}]");
        }
        table.push(']');
    }
    table.push(']');
    format!(
        "{{\"name\":{},\"instructions\":[{}],\"operand\":{},\"element_type\":{},\
         \"element_bits\":{},\"arch\":{},\"ptx_section\":{},\"rows\":{},\"cols\":{},\
         \"threads\":{},\"elements_per_thread\":{},\"digits\":[{}],\"table\":{}}}",
        string(e.name()),
        instructions.join(","),
        string(e.operand.name()),
        string(e.element_type),
        e.element_bits,
        string(e.arch),
        string(e.ptx_section),
        n.rows,
        n.cols,
        n.threads(),
        n.elements,
        digits.join(","),
        table
    )
}
