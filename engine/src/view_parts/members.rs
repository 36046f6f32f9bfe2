//! A struct's members as parts: each field's value written as its own JSON text by
//! serde_json, in field order, so that a game declares its view's parts with the same typed
//! structures it writes the view from (a field `skip_serializing_if` skips is left out, as
//! serde_json leaves it out of the whole text).

use serde::Serialize;
use serde::ser::{self, Impossible, SerializeStruct, Serializer};
use serde_json::Error;
use std::sync::Arc;

use super::{Key, Part};

/// The members of `value`, a struct with named fields (`#[derive(Serialize)]`), each value
/// its own text: the object serde_json writes for `value`, in parts.
pub fn members(value: &impl Serialize) -> Vec<(Key, Part)> {
    value
        .serialize(Members)
        .expect("a view's members are a struct's fields and serialise to JSON")
}

/// The serializer that takes a struct apart; anything else is refused.
struct Members;

/// The fields collected so far, and one buffer to write each value into.
struct Fields {
    members: Vec<(Key, Part)>,
    buffer: Vec<u8>,
}

fn not_a_struct() -> Error {
    ser::Error::custom("a view in parts is a struct with named fields")
}

/// The serializer's methods for what it refuses: everything but a struct.
macro_rules! refuse {
    ($($method:ident($($arg:ty),*)),* $(,)?) => {
        $(fn $method(self, $(_: $arg),*) -> Result<Self::Ok, Error> {
            Err(not_a_struct())
        })*
    };
}

impl Serializer for Members {
    type Ok = Vec<(Key, Part)>;
    type Error = Error;
    type SerializeSeq = Impossible<Self::Ok, Error>;
    type SerializeTuple = Impossible<Self::Ok, Error>;
    type SerializeTupleStruct = Impossible<Self::Ok, Error>;
    type SerializeTupleVariant = Impossible<Self::Ok, Error>;
    type SerializeMap = Impossible<Self::Ok, Error>;
    type SerializeStruct = Fields;
    type SerializeStructVariant = Impossible<Self::Ok, Error>;

    refuse!(
        serialize_bool(bool),
        serialize_i8(i8),
        serialize_i16(i16),
        serialize_i32(i32),
        serialize_i64(i64),
        serialize_u8(u8),
        serialize_u16(u16),
        serialize_u32(u32),
        serialize_u64(u64),
        serialize_f32(f32),
        serialize_f64(f64),
        serialize_char(char),
        serialize_str(&str),
        serialize_bytes(&[u8]),
        serialize_none(),
        serialize_unit(),
        serialize_unit_struct(&'static str),
        serialize_unit_variant(&'static str, u32, &'static str),
    );

    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<Self::Ok, Error> {
        value.serialize(self)
    }

    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<Self::Ok, Error> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<Self::Ok, Error> {
        Err(not_a_struct())
    }

    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(not_a_struct())
    }

    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        Err(not_a_struct())
    }

    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        Err(not_a_struct())
    }

    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(not_a_struct())
    }

    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(not_a_struct())
    }

    fn serialize_struct(self, _: &'static str, len: usize) -> Result<Fields, Error> {
        Ok(Fields {
            members: Vec::with_capacity(len),
            buffer: Vec::with_capacity(256),
        })
    }

    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(not_a_struct())
    }
}

impl SerializeStruct for Fields {
    type Ok = Vec<(Key, Part)>;
    type Error = Error;

    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.buffer.clear();
        serde_json::to_writer(&mut self.buffer, value)?;
        let text = std::str::from_utf8(&self.buffer).map_err(<Error as ser::Error>::custom)?;
        // A field name needs no escape unless it holds a quote, a backslash or a control.
        let key = match key.bytes().any(|b| b == b'"' || b == b'\\' || b < 0x20) {
            false => Key::Borrowed(key),
            true => {
                let quoted = serde_json::to_string(key)?;
                Key::Owned(quoted[1..quoted.len() - 1].to_string())
            }
        };
        self.members.push((key, Part::Text(Arc::from(text))));
        Ok(())
    }

    fn end(self) -> Result<Self::Ok, Error> {
        Ok(self.members)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view_parts::Part;

    #[derive(Serialize)]
    struct View<'a> {
        turn: u8,
        #[serde(skip_serializing_if = "Option::is_none")]
        weather: Option<&'a str>,
        #[serde(rename = "odd\"key")]
        odd: Vec<u8>,
        phase: Phase,
    }

    #[derive(Serialize)]
    struct Phase {
        name: &'static str,
    }

    #[test]
    fn a_structs_members_in_parts_write_the_text_serde_json_writes() {
        for weather in [None, Some("rain \"heavy\"")] {
            let view = View {
                turn: 3,
                weather,
                odd: vec![1, 2],
                phase: Phase { name: "move" },
            };
            let parts = Part::Object(members(&view));
            assert_eq!(parts.text(), serde_json::to_string(&view).unwrap());
        }
    }

    #[test]
    fn what_is_not_a_struct_is_refused() {
        assert!(serde_json::json!({"a": 1}).serialize(Members).is_err());
        assert!(3u8.serialize(Members).is_err());
    }
}
