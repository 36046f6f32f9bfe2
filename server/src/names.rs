//! Account names: what a name may be (letters of one script, digits, `-`, `_`, `.`), the form
//! it is stored and shown in (NFKC), and the canonical key that is unique in the store, so
//! that names differing only in case, width or compatibility form cannot both exist.

use adjutant_protocol::{ApiError, ErrorCode};
use unicode_normalization::UnicodeNormalization;
use unicode_script::{Script, UnicodeScript};

/// Most characters in a name.
const MAX_CHARS: usize = 32;

/// Checks a name as given and returns it as stored and shown: trimmed, in NFKC (full-width
/// and other compatibility forms become the plain letters: `ｇrant` is `grant`), 1 to 32
/// letters, digits, `-`, `_` or `.`, its letters all of one script.
pub fn check_name(name: &str) -> Result<String, ApiError> {
    let name: String = name.trim().nfkc().collect();
    let bad = |why: String| Err(ApiError::new(ErrorCode::BadRequest, why));
    let ok = (1..=MAX_CHARS).contains(&name.chars().count())
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if !ok {
        return bad(format!(
            "a name is 1 to {MAX_CHARS} letters, digits, '-', '_' or '.'"
        ));
    }
    let scripts = scripts_of(&name);
    if !one_writing_system(&scripts) {
        let names: Vec<&str> = scripts.iter().map(|s| s.full_name()).collect();
        return bad(format!(
            "a name is written in one script, and {name:?} mixes {}: letters that look alike \
             across scripts would let one name pass for another",
            names.join(" and ")
        ));
    }
    Ok(name)
}

/// The canonical key of a name: NFKC, full Unicode case folding, NFKC again (the fold may
/// undo the normal form). `Ümlaut` and `ümlaut`, `GRANT` and `ｇrant` have the same key.
pub fn name_key(name: &str) -> String {
    let folded = caseless::default_case_fold_str(&name.nfkc().collect::<String>());
    folded.nfkc().collect()
}

/// The scripts of a name's letters, in order of appearance (digits and punctuation belong to
/// none: they are `Common`; combining marks are `Inherited`).
fn scripts_of(name: &str) -> Vec<Script> {
    let mut scripts = Vec::new();
    for c in name.chars() {
        let script = c.script();
        if !matches!(script, Script::Common | Script::Inherited | Script::Unknown)
            && !scripts.contains(&script)
        {
            scripts.push(script);
        }
    }
    scripts
}

/// Whether the scripts are those of one writing system: one script, or the scripts written
/// together in Japanese (Han, Hiragana, Katakana), Korean (Han, Hangul) or Chinese (Han,
/// Bopomofo).
fn one_writing_system(scripts: &[Script]) -> bool {
    const SYSTEMS: [&[Script]; 3] = [
        &[Script::Han, Script::Hiragana, Script::Katakana],
        &[Script::Han, Script::Hangul],
        &[Script::Han, Script::Bopomofo],
    ];
    scripts.len() <= 1
        || SYSTEMS
            .iter()
            .any(|system| scripts.iter().all(|s| system.contains(s)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_is_folded_beyond_ascii() {
        assert_eq!(name_key("Ümlaut"), name_key("ümlaut"));
        assert_eq!(name_key("GRANT"), "grant");
        assert_eq!(name_key("Straße"), name_key("STRASSE"));
        assert_eq!(name_key("ΣΊΣΥΦΟΣ"), name_key("σίσυφος"));
        assert_ne!(name_key("grant"), name_key("grand"));
    }

    #[test]
    fn compatibility_forms_fold_to_the_plain_letters() {
        assert_eq!(name_key("ｇrant"), "grant");
        assert_eq!(name_key("ＧＲＡＮＴ"), "grant");
        assert_eq!(check_name(" ｇrant ").unwrap(), "grant");
        assert_eq!(check_name("ﬁsh").unwrap(), "fish");
        // A decomposed ü (u and a combining diaeresis) is the composed one.
        assert_eq!(check_name("u\u{308}mlaut").unwrap(), "ümlaut");
        assert_eq!(name_key("u\u{308}mlaut"), name_key("Ümlaut"));
    }

    #[test]
    fn names_mixing_scripts_are_refused() {
        // A Cyrillic а among Latin letters; a Greek Α; a Cyrillic name with a Latin o.
        for name in [
            "gr\u{430}nt",
            "\u{391}lice",
            "\u{41f}\u{6f}\u{431}\u{435}\u{434}\u{430}",
        ] {
            let refused = check_name(name).unwrap_err();
            assert_eq!(refused.code, ErrorCode::BadRequest, "{name}");
            assert!(
                refused.message.contains("one script"),
                "{}",
                refused.message
            );
        }
        let refused = check_name("gr\u{430}nt").unwrap_err();
        assert!(
            refused.message.contains("Latin and Cyrillic"),
            "{}",
            refused.message
        );
    }

    #[test]
    fn one_script_with_digits_and_punctuation_is_a_name() {
        for name in [
            "grant",
            "U.S.Grant-1822",
            "Ümlaut_2",
            "Победа",
            "Σίσυφος",
            "山田たろう",
            "カタカナ漢字",
            "김철수",
            "עברית",
            "पटेल",
        ] {
            assert!(check_name(name).is_ok(), "{name}");
        }
        for name in [
            "",
            "   ",
            "a b",
            "bad!",
            "x".repeat(33).as_str(),
            "zero\u{200b}width",
        ] {
            assert!(check_name(name).is_err(), "{name:?}");
        }
    }
}
