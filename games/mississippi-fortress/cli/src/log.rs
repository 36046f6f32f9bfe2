//! What the log shows of an event below its sentence (the sentence itself is the rules'):
//! for an engagement, its combat report as a table ([`crate::combat`]); for a choice the
//! rules made without asking, or a division's change of status (S1.8), a line saying so —
//! the same marks the web log puts before them (decision I39).

use serde_json::Value;

/// The lines to show below `event`'s sentence, if any; `data` is the game's static data.
pub fn event(event: &Value, data: &Value) -> Option<String> {
    if let Some(table) = crate::combat::event(event, data) {
        return Some(table);
    }
    let mine = event["secret"]["text"].is_string();
    match event["type"].as_str()? {
        "automatic" if mine => Some(
            "(made by the rules without asking, the only legal choice; secret from the enemy \
             until the reveal)"
                .to_string(),
        ),
        "automatic" => Some("(made by the rules without asking)".to_string()),
        "ineffective" if mine => {
            Some("(division status, S1.8: private, the enemy is not told)".to_string())
        }
        _ => None,
    }
}
