//! Scenario 7's set-up as printed (book 7.0, "Union Information: Set Up:" and "Confederate
//! Information: Set Up:", copied verbatim): the data's set-up lines, in order and joined as the
//! book joins them, are the printed text, word for word; the variants' lines are the rules'
//! own (3.8a, 4.5a).

use adjutant_engine::Side;
use bloody_roads_south::data::{self, ScenarioId};

/// The Union's set-up as printed.
const UNION: &str = "1/1/2: B40.11; 2/1/2 [3]: B37.16; Barlow, 3/1/2 [5]: B38.14; 4/1/2 [9]: B39.13; Gibbon, \
     1/2/2 [5]: B34.18; 2/2/2 [2]: B35.17; 3/2/2 [6]: B33.20; 1/3/2 [9]: B33.25; Birney, \
     2/3/2 [14]: B32.25; Mott, 1/4/2 [4]: B32.22; 2/4/2 [3]: B33.23; Hancock, 2 Corps HQ, 2 \
     Corps Supply: B32.26; 3x 2b(5), 1x 2b(2): w/i 3 B32.26; 1/1/5 [9]: A30.06; Griffin, \
     2/1/5 [3]: A27.08; 3/1/5 [5]: A26.09; 1/2/5 [1]: A26.05; 2/2/5 [5]: A27.02; Robinson, \
     3/2/5 [2]: A26.03; 1/3/5 [5]: A33.09; 3/3/5 [1]: A32.08; Crawford: with any 3/5 unit; \
     Replacement Leader (4/5, Wadsworth has been killed), 1/4/5 [7], 2/4/5 [7], 3/4/5 [6]: \
     w/i 1 A36.05; Warren, 5 Corps HQ, 5 Corps Supply, 3x 5b(5): w/i 3 A29.08; Wright, 1/1/6 \
     [4]: A30.09; 2/1/6 [1]: A28.09; 3/1/6 [3]: A31.11; 4/1/6 [3]: A30.08; 1/2/6 [6]: A36.13; \
     2/2/6 [13]: A40.15; 3/2/6 [6]: A34.12; Getty, 4/2/6 [5]: A38.14; Ricketts, 1/3/6 [1]: \
     A33.11; 2/3/6 [9]: A32.11; Sedgwick, 6 Corps Supply, 3x 6b(5): w/i 3 A35.11; 6 Corps HQ: \
     A35.11; Engineers (attached to 1/5): A26.06; Kitching [1] (attached to 4/5): w/i 1 \
     A36.05; 1/1/9 [5]: B25.29; Stevenson, 2/1/9 [1]: B26.28; Prov/9 (attached to 1/9): \
     B28.28; 1/2/9 [4]: B23.32; 2/2/9 [2]: B24.30; Potter: with any 2/9 unit; 1/3/9 [4]: \
     B21.35; Willcox, 2/3/9 [1]: B22.33; Burnside, 9 Corps HQ: B26.32; 9 Corps Supply: \
     A35.01; 1x 9b(5), 1x 9b(3): A34.01; Grant, AUS HQ, Meade, A Pot HQ: A32.07.";

/// The Confederates' set-up as printed.
const CONFEDERATE: &str = "K/K/1 [5]: B29.10; Kershaw, H/K/1 [5]: B28.12; W/K/1 [3]: B27.15 (OCR); B/K/1 [5]: \
     B32.07 (OCR); J/F/1 [2]: B24.23 (OCR); L/F/1 [6]: B21.26 (OCR); A/F/1 [3]: B24.17 (OCR); \
     B/F/1 [2]: B17.24; Field, G/F/1 [2]: B19.23; 1 Corps HQ, 1 Corps Supply, 3x 1b(5): w/i 4 \
     B18.21; H/E/2 [4]: A23.16; Early, P/E/2 [4]: A25.17; G/E/2 [2]: A27.18; R/R/2: A19.03 \
     (OCR); Rodes, Do/R/2 [1]: A18.06; B/R/2 [1]: A18.08; Da/R/2 [2]: A19.05; J/R/2 (attached \
     to E/2): A29.19; Stwl/J/2 [5]: A21.13; J/J/2 [2]: A19.10; Johnson, Ste/J/2 [6]: A20.11; \
     Sta/J/2 [5]: A22.14; Ewell, 2 Corps HQ: A20.12; 2 Corps Supply: A12.10; 2x 2b(5), 2x \
     2b(4), 1x 2b(3): with or adjacent to any 2 Corps unit; Prn/A/3 [4] (A/3 is attached to 1 \
     Corps): A20.25; M/A/3 [1]: B23.25; H/A/3: B15.25 (OCR); Anderson, W/A/3: B21.24; Pry/A/3 \
     [5]: B24.21 (OCR); W/H/3 [4]: B15.28; D/H/3 [6]: B17.27; Heth, C/H/3 [6]: B16.27; K/H/3 \
     [4]: B14.28; L/W/3 [3]: B12.35; Wilcox, S/W/3 [3]: B12.31; M/W/3 [3]: B11.34; T/W/3 [2]: \
     B13.30; A.P. Hill, 3 Corps HQ, 3 Corps Supply, 1x 3b(5), 4x 3b(4): w/i 4 B12.28; Lee \
     (Lee is being used as the acting 1 Corps commander, Longstreet has been wounded), ANVa \
     HQ, ANVa Supply: w/i 6 B4.20.";

#[test]
fn rule_7_0_scenario_7_set_up_lines_are_the_printed_text_word_for_word() {
    let s = data::scenario(ScenarioId::WastedDay);
    for (side, printed) in [(Side::Union, UNION), (Side::Confederate, CONFEDERATE)] {
        let lines: Vec<&str> = s
            .side(side)
            .placements
            .iter()
            .filter(|p| p.variant.is_none())
            .map(|p| p.book.as_str())
            .collect();
        assert_eq!(
            format!("{}.", lines.join("; ")),
            printed,
            "{side}: every printed line, in order, and nothing else"
        );
    }
    // The variants' lines quote their rules.
    let variant_lines: Vec<&str> = s
        .union
        .placements
        .iter()
        .chain(&s.confederate.placements)
        .filter(|p| p.variant.is_some())
        .map(|p| p.book.as_str())
        .collect();
    assert_eq!(variant_lines.len(), 2);
    assert!(variant_lines[0].starts_with("3.8a") && variant_lines[1].starts_with("4.5a"));
}
