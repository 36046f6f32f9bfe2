//! Each side's secret dice (reference section 5): a ChaCha20 stream per side, keyed from the
//! game's dice at set-up, for the rolls of that side's secret procedures.
//!
//! Why a stream per side: the game's one die stream is shared by every roll. If a secret roll
//! (an acceptance roll of an order the opponent must not know exists) were drawn from it, every
//! later roll, public ones included, would move along by one: two games differing only in one
//! side's orders would show different fire results to the other side. Drawn from the side's own
//! stream, the number of secret rolls changes nothing anyone else sees. The key is 256 bits
//! drawn from the game's seeded dice, so a game still replays from its seed alone.

use rand_chacha::ChaCha20Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

/// One side's secret die stream: its key and how far it has been read.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideDice {
    /// The ChaCha20 key, drawn from the game's dice at set-up.
    pub(crate) key: [u8; 32],
    /// 32-bit words read so far.
    pub(crate) words: u64,
    /// Rolls a test put here to be drawn first (never set in a real game).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) script: Vec<u8>,
}

impl SideDice {
    /// A stream with this key, unread.
    pub fn keyed(key: [u8; 32]) -> SideDice {
        SideDice {
            key,
            words: 0,
            script: Vec::new(),
        }
    }

    fn next_u32(&mut self) -> u32 {
        let mut rng = ChaCha20Rng::from_seed(self.key);
        rng.set_word_pos(u128::from(self.words));
        let r = rng.next_u32();
        self.words = u64::try_from(rng.get_word_pos()).unwrap_or(u64::MAX);
        r
    }

    /// One six-sided die, unbiased (rejection sampling, as the game's own dice).
    pub fn d6(&mut self) -> u8 {
        if !self.script.is_empty() {
            return self.script.remove(0);
        }
        // The largest multiple of 6 minus one: values above it would bias the die.
        let zone = u32::MAX - (u32::MAX % 6 + 1);
        loop {
            let r = self.next_u32();
            if r <= zone {
                return (r % 6 + 1) as u8;
            }
        }
    }
}
