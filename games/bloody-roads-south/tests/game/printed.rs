//! Readers for the printed tables copied into this folder.

/// The header and rows (separator row excluded) of the pipe table under `## name` in
/// `series_tables.md`, each split into cells.
pub fn series_table_with_header(name: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let text = include_str!("series_tables.md");
    let start = text
        .find(&format!("## {name}\n"))
        .unwrap_or_else(|| panic!("no table {name}"));
    let body = &text[start..];
    let mut lines = body.lines().skip(1).take_while(|l| l.starts_with('|'));
    let split = |l: &str| -> Vec<String> {
        l.trim_matches('|')
            .split('|')
            .map(|c| c.trim().to_string())
            .collect()
    };
    let header = split(lines.next().expect("header"));
    let rows: Vec<Vec<String>> = lines.skip(1).map(split).collect();
    (header, rows)
}

/// The tab-separated lines under `## name` in `book_tables.txt`.
pub fn book_table(name: &str) -> Vec<Vec<String>> {
    let text = include_str!("book_tables.txt");
    let start = text
        .find(&format!("## {name}\n"))
        .unwrap_or_else(|| panic!("no table {name}"));
    text[start..]
        .lines()
        .skip(1)
        .take_while(|l| !l.is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}
