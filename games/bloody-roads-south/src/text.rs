//! Event texts written piece by piece into one `String`, without `format!`'s machinery.
//!
//! Each step of a moving group writes two sentences (reference 5: the stack as the opponent
//! sees it, and the mover's own words with the costs), some 28,000 in a replay of Scenario 5;
//! through `format!` each piece went through `fmt::Arguments`, a `Formatter` and a call to a
//! `dyn Write`. [`words!`] pushes each piece straight into the `String`, and each piece is
//! written exactly as its `Display` writes it (tested against it).

use adjutant_engine::Side;

use crate::data::charts::cell::Halves;
use crate::data::{HexId, UnitId};

/// A piece of a sentence, written as its `Display` writes it.
pub(crate) trait Words {
    /// Appends the piece to `out`.
    fn push_to(&self, out: &mut String);
}

impl Words for str {
    fn push_to(&self, out: &mut String) {
        out.push_str(self);
    }
}

impl Words for String {
    fn push_to(&self, out: &mut String) {
        out.push_str(self);
    }
}

impl<T: Words + ?Sized> Words for &T {
    fn push_to(&self, out: &mut String) {
        (**self).push_to(out);
    }
}

impl Words for Side {
    fn push_to(&self, out: &mut String) {
        out.push_str(match self {
            Side::Union => "Union",
            Side::Confederate => "Confederate",
        });
    }
}

impl Words for UnitId {
    fn push_to(&self, out: &mut String) {
        out.push_str(&self.0);
    }
}

impl Words for HexId {
    /// "A39.06": the sheet's letter, the hexrow, the hex in two digits.
    fn push_to(&self, out: &mut String) {
        out.push(self.sheet().letter());
        push_number(out, u16::from(self.hexrow()));
        out.push('.');
        if self.hex() < 10 {
            out.push('0');
        }
        push_number(out, u16::from(self.hex()));
    }
}

impl Words for Halves {
    /// "3", "3½", "½".
    fn push_to(&self, out: &mut String) {
        if self.whole() > 0 || !self.has_half() {
            push_number(out, self.whole());
        }
        if self.has_half() {
            out.push('½');
        }
    }
}

/// Appends `n` in decimal digits.
fn push_number(out: &mut String, n: u16) {
    let mut digits = [0u8; 5];
    let mut at = digits.len();
    let mut n = n;
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[at..] {
        out.push(char::from(d));
    }
}

/// A sentence of [`Words`] pieces: `words!("A ", side, " stack moves to ", hex, ".")` is
/// the `String` `format!("A {side} stack moves to {hex}.")` writes; `words!(out => ...)`
/// appends the pieces to `out`, a `&mut String`.
macro_rules! words {
    ($out:expr => $($piece:expr),+ $(,)?) => {{
        $( $crate::text::Words::push_to(&$piece, $out); )+
    }};
    ($($piece:expr),+ $(,)?) => {{
        let mut out = String::with_capacity(64);
        $crate::text::words!(&mut out => $($piece),+);
        out
    }};
}
pub(crate) use words;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Sheet;

    #[test]
    fn each_piece_is_written_as_its_display_writes_it() {
        for sheet in Sheet::ALL {
            for hexrow in 1..=99 {
                for hex in (1..=99).filter_map(|h| HexId::new(sheet, hexrow, h)) {
                    assert_eq!(words!(hex), hex.to_string());
                }
            }
        }
        for n in 0..=u16::MAX {
            assert_eq!(words!(Halves(n)), Halves(n).to_string());
        }
        for side in Side::BOTH {
            assert_eq!(words!(side), side.to_string());
        }
        let id = UnitId::new("1/2/5");
        assert_eq!(words!(id), id.to_string());
        let (side, from, to) = (Side::Union, hex_id("A12.10"), hex_id("B3.05"));
        assert_eq!(
            words!(
                "A ",
                side,
                " stack (",
                id,
                ") moves from ",
                from,
                " to ",
                to,
                "."
            ),
            format!("A {side} stack ({id}) moves from {from} to {to}.")
        );
        let mut out = String::from("Warren");
        words!(&mut out => " (", Halves(7), " MP; ", Halves(0), " left", String::from(")"));
        assert_eq!(out, "Warren (3½ MP; 0 left)");
    }

    fn hex_id(id: &str) -> HexId {
        id.parse().expect("a hex id")
    }
}
