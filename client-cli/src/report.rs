//! `adjutant report`: the after-action report of a finished game — victory points and
//! strength turn by turn, as a small text chart for the terminal or as CSV for a spreadsheet
//! (from the turn index, `GET /api/games/{id}/turns`).

use adjutant_protocol::{PerSide, TurnIndex, TurnMark};
use std::fmt::Write;

/// One row of the report: a turn's label and both sides' standing as it began (the last row:
/// at the end).
struct Row {
    label: String,
    vp: Option<PerSide<i64>>,
    strength: Option<PerSide<i64>>,
}

fn rows(index: &TurnIndex) -> Vec<Row> {
    let key = index.key.as_deref().unwrap_or("turn");
    let mut rows: Vec<Row> = index
        .turns
        .iter()
        .filter_map(|m: &TurnMark| {
            let tally = m.tally.as_ref()?;
            Some(Row {
                label: format!("{key} {}", m.turn),
                vp: tally.vp,
                strength: tally.strength,
            })
        })
        .collect();
    if let Some(end) = &index.end {
        rows.push(Row {
            label: "end".to_string(),
            vp: end.vp,
            strength: end.strength,
        });
    }
    rows
}

/// The report as CSV: `turn,union_vp,confederate_vp,union_strength,confederate_strength`.
pub fn csv(index: &TurnIndex) -> String {
    let mut out =
        String::from("turn,union_vp,confederate_vp,union_strength,confederate_strength\n");
    let cell = |v: Option<i64>| v.map(|v| v.to_string()).unwrap_or_default();
    for row in rows(index) {
        let _ = writeln!(
            out,
            "{},{},{},{},{}",
            row.label,
            cell(row.vp.map(|v| v.union)),
            cell(row.vp.map(|v| v.confederate)),
            cell(row.strength.map(|s| s.union)),
            cell(row.strength.map(|s| s.confederate)),
        );
    }
    out
}

/// Which series of a row a chart draws.
type Pick = fn(&Row) -> Option<PerSide<i64>>;

/// The report as text: per turn, the numbers and a bar for each side (`U` Union, `C`
/// Confederate), scaled to the largest value of its series.
pub fn chart(index: &TurnIndex, unit: &str) -> String {
    let rows = rows(index);
    if rows.is_empty() {
        return "This game keeps no count of victory points or strength to report.\n".to_string();
    }
    let mut out = String::new();
    let series: [(&str, &str, Pick); 2] = [
        ("Victory points", "VP", |r| r.vp),
        ("Strength", unit, |r| r.strength),
    ];
    for (title, unit, pick) in series {
        let values: Vec<(String, PerSide<i64>)> = rows
            .iter()
            .filter_map(|r| pick(r).map(|v| (r.label.clone(), v)))
            .collect();
        if values.is_empty() {
            continue;
        }
        let top = values
            .iter()
            .map(|(_, v)| v.union.max(v.confederate))
            .max()
            .unwrap_or(0)
            .max(1);
        let bar = |v: i64, c: char| {
            c.to_string()
                .repeat(((v.max(0) * 30 + top - 1) / top) as usize)
        };
        let _ = writeln!(out, "{title} ({unit}), Union (U) and Confederate (C):");
        for (label, v) in values {
            let _ = writeln!(out, "  {label:<9} U {:>5} {}", v.union, bar(v.union, 'U'));
            let _ = writeln!(
                out,
                "  {:<9} C {:>5} {}",
                "",
                v.confederate,
                bar(v.confederate, 'C')
            );
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use adjutant_engine::Tally;

    fn index() -> TurnIndex {
        let tally = |u: i64, c: i64, su: i64, sc: i64| {
            Some(Tally {
                vp: Some(PerSide {
                    union: u,
                    confederate: c,
                }),
                strength: Some(PerSide {
                    union: su,
                    confederate: sc,
                }),
                unit: "SP".into(),
            })
        };
        TurnIndex {
            game_id: "g".into(),
            key: Some("turn".into()),
            last: 40,
            turns: vec![
                TurnMark {
                    turn: 13,
                    seq: 0,
                    tally: tally(8, 15, 80, 70),
                },
                TurnMark {
                    turn: 14,
                    seq: 20,
                    tally: tally(12, 15, 74, 61),
                },
            ],
            end: tally(21, 15, 70, 50),
        }
    }

    #[test]
    fn the_csv_has_a_row_per_turn_and_the_end() {
        assert_eq!(
            csv(&index()),
            "turn,union_vp,confederate_vp,union_strength,confederate_strength\n\
             turn 13,8,15,80,70\nturn 14,12,15,74,61\nend,21,15,70,50\n"
        );
    }

    #[test]
    fn the_chart_draws_each_series_scaled_to_its_largest_value() {
        let text = chart(&index(), "SP");
        assert!(text.contains("Victory points (VP)"), "{text}");
        assert!(text.contains("Strength (SP)"), "{text}");
        assert!(
            text.contains(&format!("  end       U    21 {}", "U".repeat(30))),
            "{text}"
        );
        assert!(
            text.contains(&format!("  turn 13   U    80 {}", "U".repeat(30))),
            "{text}"
        );
    }

    #[test]
    fn a_game_without_a_count_says_so() {
        let mut bare = index();
        bare.turns.iter_mut().for_each(|m| m.tally = None);
        bare.end = None;
        assert!(chart(&bare, "SP").contains("keeps no count"));
        assert_eq!(csv(&bare).lines().count(), 1);
    }
}
