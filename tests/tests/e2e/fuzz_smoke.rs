//! The fuzz targets' bodies that need Outpost (`fuzz/`), run over a fixed corpus in the
//! normal test suite so that CI exercises them without libfuzzer: Outpost played from
//! arbitrary bytes, and the record importer fed arbitrary bytes and edited honest records.

use adjutant_tests::finished::finished_record;
use outpost::Outpost;

#[test]
fn the_apply_fuzz_body_plays_outpost_over_a_fixed_corpus() {
    let inputs = adjutant_engine::fuzzing::corpus(400, 300);
    for input in &inputs {
        adjutant_engine::fuzzing::play::<Outpost>(input, |_| Ok(()));
    }
}

#[test]
fn the_import_fuzz_body_reads_a_fixed_corpus_of_bodies_and_edited_records() {
    let registry = adjutant_tests::registry();
    let honest: Vec<_> = (0..3)
        .map(|n| finished_record(&registry, "outpost", "skirmish", n))
        .collect();
    // Each honest record as a body, and as itself (no edit): both import.
    for record in &honest {
        let body = serde_json::json!({ "record": record }).to_string();
        let mut input = vec![0];
        input.extend_from_slice(body.as_bytes());
        adjutant_server::fuzzing::import(&registry, &honest, &input);
        assert!(adjutant_server::service::import::prepare(&registry, record.clone()).is_ok());
    }
    for input in adjutant_engine::fuzzing::corpus(400, 64) {
        // Odd first byte: edits to an honest record; even: noise as a body.
        adjutant_server::fuzzing::import(&registry, &honest, &input);
    }
}
