//! The body of the record-import fuzz target (`fuzz/`), as a library function so that the
//! normal test suite runs it too, without libfuzzer: [`import`] reads arbitrary bytes either
//! as an import request's body or as edits to an honest record, and checks what the import
//! door promises of whatever it accepts or refuses.

use adjutant_engine::fuzzing::{Input, mutate, raw};
use adjutant_engine::{Record, Registry};
use adjutant_protocol::{ErrorCode, ImportGame};
use serde_json::Value;

use crate::service::import::prepare;

/// Feeds one input to the import checks; panics if a promise breaks. `honest` holds finished
/// records to edit (the first byte of `data` chooses: even, `data` is a request body; odd,
/// edits to one of `honest`).
pub fn import(registry: &Registry, honest: &[Record], data: &[u8]) {
    let mut input = Input::new(data);
    let record = if input.byte().is_multiple_of(2) || honest.is_empty() {
        let Ok(request) = serde_json::from_slice::<ImportGame>(input.take(data.len())) else {
            return;
        };
        request.record
    } else {
        let mut record = honest[input.below(honest.len())].clone();
        while !input.is_empty() {
            edit(&mut record, &mut input);
        }
        record
    };
    check(registry, record);
}

/// What holds of an import, accepted or refused: a refusal is `bad_request` (or `not_found`
/// for a game this server does not host) with a sentence; an accepted record's canonical
/// form imports again to itself, with the same hash, and keeps only typed actions.
pub fn check(registry: &Registry, record: Record) {
    match prepare(registry, record) {
        Ok(prepared) => {
            let again = prepare(registry, prepared.record.clone())
                .unwrap_or_else(|e| panic!("a canonical record does not import again: {e}"));
            assert_eq!(again.hash, prepared.hash, "the content hash is not stable");
            assert!(
                again.record == prepared.record,
                "canonical form is not a fixed point"
            );
            assert_eq!(again.verified, prepared.verified);
            for entry in &prepared.record.actions {
                let action = entry.action.as_ref().expect("a verified action is visible");
                assert!(action.get("label").is_none(), "a label was kept");
            }
        }
        Err(refused) => {
            assert!(
                matches!(refused.code, ErrorCode::BadRequest | ErrorCode::NotFound),
                "an import refused with {refused}"
            );
            assert!(!refused.message.is_empty());
        }
    }
}

/// One edit to a record: a roll, an action, a side, a sequence number, the order of the
/// actions, the result, the seed, a name, an option or a secret choice.
fn edit(record: &mut Record, input: &mut Input) {
    let how = input.byte();
    let n = record.actions.len();
    let at = input.below(n);
    match how % 12 {
        0 => {
            if let Some(rolls) = record.actions.get_mut(at).and_then(|a| a.rolls.as_mut()) {
                let i = input.below(rolls.len());
                if let Some(roll) = rolls.get_mut(i) {
                    *roll = u32::from(input.byte());
                }
            }
        }
        1 | 2 => {
            if let Some(action) = record.actions.get_mut(at).and_then(|a| a.action.as_mut()) {
                mutate(action, input);
            }
        }
        3 => {
            if let Some(entry) = record.actions.get_mut(at) {
                entry.side = entry.side.opponent();
            }
        }
        4 => {
            if let Some(entry) = record.actions.get_mut(at) {
                entry.seq = entry
                    .seq
                    .wrapping_add(u64::from(input.byte()))
                    .wrapping_sub(128);
            }
        }
        5 if n > 1 => record.actions.swap(at, input.below(n)),
        6 => record.actions.truncate(at),
        7 => {
            if let Some(entry) = record.actions.get(at).cloned() {
                record.actions.insert(at, entry);
            }
        }
        8 => {
            if let Some(outcome) = record.outcome.as_mut() {
                outcome.winner = outcome.winner.map(|w| w.opponent());
            }
        }
        9 => {
            let len = usize::from(input.byte() % 40);
            let name = String::from_utf8_lossy(input.take(len)).into_owned();
            *record.players.get_mut(adjutant_engine::Side::BOTH[at % 2]) = Some(name);
        }
        10 => {
            let mut options = Value::Object(record.options.clone());
            mutate(&mut options, input);
            if let Value::Object(map) = options {
                record.options = map;
            }
        }
        _ => {
            if let Some(events) = record.actions.get_mut(at).map(|a| &mut a.events) {
                events.push(raw(input));
            }
        }
    }
}
