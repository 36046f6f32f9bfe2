//! Verifiable dice: every roll of a game comes from one ChaCha20 stream seeded with 32 secret
//! bytes. The SHA-256 digest of the seed (the *commitment*) is public from the start; the seed
//! is published when the game ends, so anyone can replay the record and check every roll.

use rand_chacha::ChaCha20Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;

use crate::hex;

/// The 32 secret bytes a game's dice are drawn from.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Seed([u8; 32]);

impl Seed {
    /// Wraps 32 bytes (the server draws them from the operating system).
    pub fn from_bytes(bytes: [u8; 32]) -> Self {
        Seed(bytes)
    }

    /// The raw bytes.
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// Parses 64 hex digits.
    pub fn from_hex(text: &str) -> Option<Self> {
        hex::decode::<32>(text).map(Seed)
    }

    /// The seed as 64 lower-case hex digits (published only when the game is over).
    pub fn to_hex(&self) -> String {
        hex::encode(&self.0)
    }

    /// The public commitment: SHA-256 of the 32 seed bytes, as hex.
    pub fn commitment(&self) -> String {
        hex::encode(Sha256::digest(self.0).as_slice())
    }
}

impl fmt::Debug for Seed {
    /// Never prints the secret bytes, so a stray log line cannot leak a running game's dice.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Seed(commitment {})", self.commitment())
    }
}

/// The game's die generator. Rules draw every random number from here and nowhere else.
#[derive(Clone)]
pub struct Dice {
    /// The ChaCha20 stream; its position is saved in snapshots.
    rng: ChaCha20Rng,
    /// Rolls drawn since the last [`Dice::take_rolls`]: the engine records them per action.
    drawn: Vec<u32>,
}

/// Where a die stream stands, for snapshots: the stream position in 32-bit words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DicePosition(pub u128);

impl Dice {
    /// A fresh stream at the start of the seed.
    pub fn new(seed: &Seed) -> Self {
        Dice {
            rng: ChaCha20Rng::from_seed(seed.0),
            drawn: Vec::new(),
        }
    }

    /// A stream resumed at a saved position.
    pub fn resume(seed: &Seed, position: DicePosition) -> Self {
        let mut dice = Dice::new(seed);
        dice.rng.set_word_pos(position.0);
        dice
    }

    /// The current position, for snapshots.
    pub fn position(&self) -> DicePosition {
        DicePosition(self.rng.get_word_pos())
    }

    /// One roll of a die with `sides` faces: 1..=sides, unbiased (rejection sampling), and
    /// independent of any library's sampling algorithm so that records verify forever.
    ///
    /// # Panics
    /// If `sides` is zero: a rules bug, never player input.
    pub fn roll(&mut self, sides: u32) -> u32 {
        assert!(sides > 0, "a die needs at least one side");
        let zone = u32::MAX - (u32::MAX % sides + 1) % sides;
        let value = loop {
            let r = self.rng.next_u32();
            if r <= zone {
                break r % sides + 1;
            }
        };
        self.drawn.push(value);
        value
    }

    /// One six-sided die, the only die both games use.
    pub fn d6(&mut self) -> u8 {
        // A d6 roll is 1..=6, so it always fits.
        self.roll(6) as u8
    }

    /// A number in `0..n` (for example to shuffle counters), recorded like a roll (as 1..=n).
    pub fn index(&mut self, n: usize) -> usize {
        let sides = u32::try_from(n).expect("a choice among more than 2^32 items");
        (self.roll(sides) - 1) as usize
    }

    /// Whether any roll was drawn since the last [`Dice::take_rolls`].
    pub fn rolled(&self) -> bool {
        !self.drawn.is_empty()
    }

    /// The rolls drawn since the last call, oldest first.
    pub fn take_rolls(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.drawn)
    }
}

impl fmt::Debug for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Dice(at word {})", self.rng.get_word_pos())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seed(byte: u8) -> Seed {
        Seed::from_bytes([byte; 32])
    }

    #[test]
    fn the_same_seed_gives_the_same_rolls() {
        let mut a = Dice::new(&seed(7));
        let mut b = Dice::new(&seed(7));
        let ra: Vec<u8> = (0..100).map(|_| a.d6()).collect();
        let rb: Vec<u8> = (0..100).map(|_| b.d6()).collect();
        assert_eq!(ra, rb);
        let mut c = Dice::new(&seed(8));
        let rc: Vec<u8> = (0..100).map(|_| c.d6()).collect();
        assert_ne!(ra, rc);
    }

    #[test]
    fn rolls_stay_in_range_and_cover_every_face() {
        let mut dice = Dice::new(&seed(1));
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            let r = dice.d6();
            assert!((1..=6).contains(&r));
            seen[usize::from(r - 1)] += 1;
        }
        for count in seen {
            // Each face expects 1000; a fair die lands far inside 800..1200.
            assert!((800..1200).contains(&count), "{seen:?}");
        }
    }

    #[test]
    fn a_resumed_stream_continues_where_it_stopped() {
        let mut a = Dice::new(&seed(3));
        for _ in 0..17 {
            a.d6();
        }
        let mut b = Dice::resume(&seed(3), a.position());
        let ra: Vec<u8> = (0..20).map(|_| a.d6()).collect();
        let rb: Vec<u8> = (0..20).map(|_| b.d6()).collect();
        assert_eq!(ra, rb);
    }

    #[test]
    fn rolls_are_recorded_until_taken() {
        let mut dice = Dice::new(&seed(4));
        assert!(!dice.rolled());
        let r1 = dice.d6();
        let r2 = dice.roll(10);
        assert!(dice.rolled());
        assert_eq!(dice.take_rolls(), vec![u32::from(r1), r2]);
        assert!(!dice.rolled());
    }

    #[test]
    fn the_commitment_is_the_sha256_of_the_seed() {
        // SHA-256 of 32 zero bytes.
        assert_eq!(
            seed(0).commitment(),
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
        let s = seed(0xab);
        assert_eq!(Seed::from_hex(&s.to_hex()), Some(s));
        assert!(!format!("{s:?}").contains(&s.to_hex()));
    }
}
