//! Integration tests of the Bloody Roads South data: maps, order of battle, scenarios and
//! charts, checked against the rulebook and the series rules (test data in this folder).

mod smoke {
    use bloody_roads_south::data;

    #[test]
    fn everything_loads() {
        let _ = data::map();
        let _ = data::order_of_battle();
        let _ = data::scenarios();
        let _ = data::charts();
        let _ = data::turn_record();
        let _ = data::variants();
    }
}
