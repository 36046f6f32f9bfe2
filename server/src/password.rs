//! Passwords: what the server accepts as one, and how it keeps one — an Argon2id PHC string
//! (the algorithm, its parameters, a salt of 16 bytes from the operating system's CSPRNG and
//! the hash), never the password. Hashing is deliberately slow (about 19 MiB and two passes),
//! so callers run it off the async runtime ([`tokio::task::spawn_blocking`]).

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use std::sync::OnceLock;
use unicode_normalization::UnicodeNormalization;

/// Fewest characters in a password.
pub const MIN_CHARS: usize = 10;

/// Most bytes in a password (a long one costs Argon2 nothing more, but a body of megabytes
/// is no password).
pub const MAX_BYTES: usize = 1024;

/// Why a password is refused, as a sentence for its owner.
pub fn check(password: &str, name: &str) -> Result<(), String> {
    let chars = password.chars().count();
    if chars < MIN_CHARS {
        return Err(format!(
            "a password needs at least {MIN_CHARS} characters (a few words make a good one)"
        ));
    }
    if password.len() > MAX_BYTES {
        return Err(format!("a password is at most {MAX_BYTES} bytes"));
    }
    if password
        .chars()
        .all(|c| c == password.chars().next().unwrap_or(c))
    {
        return Err("a password of one character repeated is too easy to guess".to_string());
    }
    if caseless::default_caseless_match_str(password.trim(), name.trim()) {
        return Err("a password must not be the account's name".to_string());
    }
    Ok(())
}

/// The form a password is hashed in: NFC, so that the same password typed where letters
/// come composed (é) or decomposed (e and a combining accent) is the same password.
fn normal(password: &str) -> String {
    password.nfc().collect()
}

/// The PHC string of `password`, with a fresh random salt. Slow: call off the runtime.
pub fn hash(password: &str) -> Result<String, String> {
    Argon2::default()
        .hash_password(normal(password).as_bytes())
        .map(|hash| hash.to_string())
        .map_err(|e| format!("the password could not be hashed: {e}"))
}

/// Whether `password` is the one `phc` was made from. Slow: call off the runtime. A stored
/// string that does not parse matches nothing.
pub fn verify(password: &str, phc: &str) -> bool {
    let Ok(parsed) = PasswordHash::new(phc) else {
        return false;
    };
    Argon2::default()
        .verify_password(normal(password).as_bytes(), &parsed)
        .is_ok()
}

/// Checks `password` against `phc`, or, for an account that does not exist or has no
/// password, against a hash no password matches: both take the time of one Argon2 run, so
/// the time of an answer does not tell which names exist.
pub fn verify_or_waste(password: &str, phc: Option<&str>) -> bool {
    static DECOY: OnceLock<String> = OnceLock::new();
    match phc {
        Some(phc) => verify(password, phc),
        None => {
            let decoy = DECOY.get_or_init(|| {
                let mut random = [0u8; 32];
                rand::fill(&mut random);
                hash(&adjutant_engine::hex::encode(&random)).unwrap_or_default()
            });
            verify(password, decoy);
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_is_kept_as_a_salted_argon2id_phc_string() {
        let phc = hash("lincoln-at-gettysburg").unwrap();
        assert!(phc.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{phc}");
        assert!(!phc.contains("lincoln"));
        // A salt of its own each time.
        assert_ne!(phc, hash("lincoln-at-gettysburg").unwrap());
        assert!(verify("lincoln-at-gettysburg", &phc));
        assert!(!verify("lincoln-at-gettysburG", &phc));
        assert!(!verify("lincoln-at-gettysburg", "not a phc string"));
        // Composed and decomposed accents are one password.
        let phc = hash("caf\u{e9} au lait!").unwrap();
        assert!(verify("cafe\u{301} au lait!", &phc));
        assert!(!verify_or_waste("anything at all", None));
        assert!(verify_or_waste("caf\u{e9} au lait!", Some(&phc)));
    }

    #[test]
    fn short_repeated_and_name_passwords_are_refused() {
        assert!(check("short", "grant").unwrap_err().contains("at least 10"));
        assert!(check("aaaaaaaaaaaa", "grant").is_err());
        assert!(check("Sherman1864", "sherman1864").is_err());
        assert!(check(&"x".repeat(2000), "grant").is_err());
        assert!(check("ten chars!", "grant").is_ok());
        // Characters, not bytes: ten letters of any script.
        assert!(check("ÉÉÉÉÉÉÉÉÉé", "grant").is_ok());
    }
}
