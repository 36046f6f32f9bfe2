//! The menu of the batch offered to the viewer (reference 2.3.2, 2.3.7, section 5): the
//! Command Phase's secret decisions are one action each, `issue_orders` and `initiative`,
//! composed from the numbered entries of `command.batch_menu` in the seat's own view. The
//! section tells how to post one with `adjutant act`.

use std::fmt::Write as _;

use serde_json::Value;

use crate::words::wrap;

/// The numbered menu and the way to post a batch, when one is offered.
pub fn menu_section(v: &Value) -> String {
    let menu = &v["command"]["batch_menu"];
    let Some(entries) = menu["entries"].as_array() else {
        return String::new();
    };
    let mut out = String::new();
    let (flag, what) = match menu["action"].as_str() {
        Some("initiative") => ("--attempt", "initiative attempts"),
        _ => ("--order", "orders"),
    };
    let _ = writeln!(out, "\nYour {what} menu (post them all in one action):");
    if entries.is_empty() {
        out.push_str("  (nothing on it: post the batch empty)\n");
    }
    let mut hexes_asked = false;
    for e in entries {
        let n = e["n"].as_u64().unwrap_or(0);
        let label = e["label"].as_str().unwrap_or("");
        out.push_str(&wrap(&format!("{n:>3}. {label}"), "  ", "       "));
        if let Some(hexes) = e["hexes"].as_array() {
            hexes_asked = true;
            let list: Vec<&str> = hexes.iter().filter_map(Value::as_str).collect();
            out.push_str(&wrap(
                &format!("In one of: {}.", list.join(", ")),
                "       ",
                "       ",
            ));
        }
    }
    out.push_str(&wrap(
        &format!(
            "To post: adjutant act GAME 1 {flag} 'ENTRY|OBJECTIVE|WORDS' ({flag} again for each \
             one, in the order they are to be {}; OBJECTIVE a hex such as A12.10, or empty: \
             {flag} '2|A12.10|Attack along the pike'). With none, the batch goes empty.",
            if flag == "--attempt" {
                "rolled"
            } else {
                "written"
            }
        ),
        "  ",
        "  ",
    ));
    if hexes_asked {
        out.push_str(&wrap(
            &format!(
                "An entry with hexes (a brigade's return through a recovery marker, 21.2) takes \
                 one of them and no words: {flag} 'ENTRY|HEX'."
            ),
            "  ",
            "  ",
        ));
    }
    out
}
