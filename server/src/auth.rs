//! Secrets the server hands out: bearer tokens (256 random bits, stored only as their
//! SHA-256), invite and spectate codes, and game seeds.

use adjutant_engine::{Seed, hex};
use sha2::{Digest, Sha256};

/// Prefix that makes an Adjutant token recognisable in a config file or a leak scanner.
const TOKEN_PREFIX: &str = "adj_";

/// A fresh bearer token: `adj_` and 64 hex digits (256 bits from the OS-seeded generator).
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::fill(&mut bytes);
    format!("{TOKEN_PREFIX}{}", hex::encode(&bytes))
}

/// A token's public id: 16 hex digits (64 random bits), unique among the tokens.
pub fn new_token_id() -> String {
    let mut bytes = [0u8; 8];
    rand::fill(&mut bytes);
    hex::encode(&bytes)
}

/// What the store keeps of a token: its SHA-256, hex. A fast hash is enough because the
/// token is 256 random bits; there is nothing to guess.
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()).as_slice())
}

/// A short code people can read aloud and type (invite and spectate codes): `len` characters
/// from an alphabet without look-alikes (no 0/O, 1/I/L), about 5 bits each.
pub fn new_code(len: usize) -> String {
    const ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
    (0..len)
        .map(|_| ALPHABET[rand::random_range(0..ALPHABET.len())] as char)
        .collect()
}

/// A fresh game seed from the operating system's generator.
pub fn new_seed() -> Seed {
    let mut bytes = [0u8; 32];
    rand::fill(&mut bytes);
    Seed::from_bytes(bytes)
}

/// Checks a codes' characters before it is looked up (case-insensitive).
pub fn normalise_code(code: &str) -> String {
    code.trim().to_ascii_uppercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_hashed() {
        let a = new_token();
        let b = new_token();
        assert_ne!(a, b);
        assert_eq!(a.len(), 4 + 64);
        assert_eq!(hash_token(&a).len(), 64);
        assert_ne!(hash_token(&a), hash_token(&b));
        assert_eq!(hash_token(&a), hash_token(&a));
    }

    #[test]
    fn codes_use_the_readable_alphabet() {
        let code = new_code(12);
        assert_eq!(code.len(), 12);
        assert!(
            code.chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
        );
        assert!(!code.contains(['0', 'O', '1', 'I', 'L']));
        assert_eq!(normalise_code(" ab3 "), "AB3");
    }
}
