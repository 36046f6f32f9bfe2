//! The import-cycle check: no two modules of a crate name each other, directly or round a loop.
//!
//! Every crate root of the workspace (`src/lib.rs`, `src/main.rs`, `src/bin/*.rs` of engine,
//! protocol, server, client-cli, games/* and tests) is parsed: `mod` declarations give the
//! module tree (one node a file, inline `mod x { .. }` blocks included in their file's node),
//! and paths that start with `crate::`, `super::` or `self::` (in `use` trees or anywhere in
//! the code) give edges from the file that writes them to the deepest module they name.
//!
//! Granularity: a reference from module `a::b::c` to module `a::x::y` is an edge between the
//! two children of their common ancestor, `a::b` → `a::x` (each child stands for its whole
//! subtree). So the check runs at every level of the tree: the top-level modules of a crate
//! must not form a cycle, nor the files of one module directory among themselves. A
//! reference between a module and its own ancestor (`super::Battle` from a child, a parent's
//! `pub use child::X`) is the tree itself, not a layer relation, and is no edge. Paths
//! through other crates are not followed (cargo forbids cycles between crates).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Cycles that exist today and are being removed elsewhere: `(crate root, modules of the
/// cycle, sorted)`. An entry that no longer matches a cycle fails the test, so the list only
/// shrinks.
const KNOWN: &[(&str, &[&str])] = &[];

/// The crates whose sources are checked, relative to the workspace root.
const CRATES: &[&str] = &["engine", "protocol", "server", "client-cli", "tests"];

/// A module path from the crate root (`[]` is the root).
type ModPath = Vec<String>;

/// The modules of one crate root and the references between them.
#[derive(Default)]
struct Crate {
    /// Every module that is a file or an inline block.
    modules: BTreeSet<ModPath>,
    /// `from` file module → modules it names.
    refs: BTreeMap<ModPath, BTreeSet<ModPath>>,
}

// ---------------------------------------------------------------------------------------------
// Tokens.

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    /// `::`
    Path,
    Punct(char),
}

/// The tokens of Rust source, with comments, strings and character literals left out.
fn tokens(src: &str) -> Vec<Tok> {
    let s: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        let next = s.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < s.len() && s[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < s.len() {
                if s[i] == '/' && s.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if s[i] == '*' && s.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if (c == 'r' || c == 'b')
            && raw_string_start(&s, i).is_some()
            && (i == 0 || !is_ident(s[i - 1]))
        {
            let (hashes, body) = raw_string_start(&s, i).expect("checked");
            i = body;
            loop {
                if i >= s.len() {
                    break;
                }
                if s[i] == '"' && (1..=hashes).all(|h| s.get(i + h) == Some(&'#')) {
                    i += 1 + hashes;
                    break;
                }
                i += 1;
            }
        } else if c == '"' {
            i += 1;
            while i < s.len() && s[i] != '"' {
                if s[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{..}') or a lifetime ('a).
            if next == Some('\\') {
                i += 3;
                while i < s.len() && s[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if s.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
                while i < s.len() && is_ident(s[i]) {
                    i += 1;
                }
            }
        } else if is_ident(c) {
            let start = i;
            while i < s.len() && is_ident(s[i]) {
                i += 1;
            }
            out.push(Tok::Ident(s[start..i].iter().collect()));
        } else if c == ':' && next == Some(':') {
            out.push(Tok::Path);
            i += 2;
        } else {
            if !c.is_whitespace() {
                out.push(Tok::Punct(c));
            }
            i += 1;
        }
    }
    out
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// At `r"`, `r#"`, `br"`, …: the number of `#` and the index after the opening quote.
fn raw_string_start(s: &[char], i: usize) -> Option<(usize, usize)> {
    let mut j = i;
    if s[j] == 'b' {
        j += 1;
    }
    if s.get(j) != Some(&'r') {
        return None;
    }
    j += 1;
    let mut hashes = 0;
    while s.get(j) == Some(&'#') {
        hashes += 1;
        j += 1;
    }
    (s.get(j) == Some(&'"')).then_some((hashes, j + 1))
}

// ---------------------------------------------------------------------------------------------
// Modules and references.

/// What one file says: its child modules (`mod x;`) and the paths it names.
#[derive(Debug, Default, PartialEq)]
struct FileFacts {
    /// `mod x;` declarations: the children that are files, with the inline module they are
    /// declared in (relative to the file's module).
    children: Vec<ModPath>,
    /// Inline `mod x { .. }` blocks, relative to the file's module.
    inline: Vec<ModPath>,
    /// Each path from `crate`, `super` or `self`, resolved against the module (relative to
    /// the file's module, inline blocks included) it is written in: `(where, path)`.
    paths: Vec<(ModPath, Vec<String>)>,
}

/// Reads the module declarations and crate-relative paths of one file's tokens.
fn facts(toks: &[Tok]) -> FileFacts {
    let mut f = FileFacts::default();
    // Inline modules open at a brace depth.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let here = |inline: &Vec<(String, usize)>| -> ModPath {
        inline.iter().map(|(n, _)| n.clone()).collect()
    };
    let mut i = 0;
    while i < toks.len() {
        match &toks[i] {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                depth = depth.saturating_sub(1);
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
            }
            Tok::Ident(kw) if kw == "mod" => {
                if let (Some(Tok::Ident(name)), Some(t)) = (toks.get(i + 1), toks.get(i + 2)) {
                    let mut p = here(&inline);
                    p.push(name.clone());
                    if *t == Tok::Punct(';') {
                        f.children.push(p);
                        i += 3;
                        continue;
                    }
                    if *t == Tok::Punct('{') {
                        f.inline.push(p);
                        inline.push((name.clone(), depth));
                        depth += 1;
                        i += 3;
                        continue;
                    }
                }
            }
            Tok::Ident(kw) if kw == "use" => {
                let end = toks[i..]
                    .iter()
                    .position(|t| *t == Tok::Punct(';'))
                    .map_or(toks.len(), |p| i + p);
                let mut out = Vec::new();
                use_tree(&toks[i + 1..end], Vec::new(), &mut out);
                for p in out {
                    if matches!(
                        p.first().map(String::as_str),
                        Some("crate" | "super" | "self")
                    ) {
                        f.paths.push((here(&inline), p));
                    }
                }
                i = end + 1;
                continue;
            }
            Tok::Ident(head) if matches!(head.as_str(), "crate" | "super" | "self") => {
                let preceded_by_path = i > 0 && toks[i - 1] == Tok::Path;
                if !preceded_by_path && toks.get(i + 1) == Some(&Tok::Path) {
                    let mut p = vec![head.clone()];
                    let mut j = i + 1;
                    while toks.get(j) == Some(&Tok::Path) {
                        match toks.get(j + 1) {
                            Some(Tok::Ident(s)) => {
                                p.push(s.clone());
                                j += 2;
                            }
                            _ => break,
                        }
                    }
                    f.paths.push((here(&inline), p));
                    i = j;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    f
}

/// Expands a `use` tree (`crate::{a::X, b::{self, Y}}`) into its paths.
fn use_tree(toks: &[Tok], prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    let mut path = prefix;
    let mut i = 0;
    while i < toks.len() {
        match &toks[i] {
            Tok::Ident(s) if s == "as" => break,
            Tok::Ident(s) if s == "self" && !path.is_empty() => {}
            Tok::Ident(s) => path.push(s.clone()),
            Tok::Path => {}
            Tok::Punct('{') => {
                // Split the group at top-level commas.
                let mut level = 0;
                let mut start = i + 1;
                for j in i + 1..toks.len() {
                    match toks[j] {
                        Tok::Punct('{') => level += 1,
                        Tok::Punct('}') if level == 0 => {
                            use_tree(&toks[start..j], path.clone(), out);
                            return;
                        }
                        Tok::Punct('}') => level -= 1,
                        Tok::Punct(',') if level == 0 => {
                            use_tree(&toks[start..j], path.clone(), out);
                            start = j + 1;
                        }
                        _ => {}
                    }
                }
                return;
            }
            _ => {}
        }
        i += 1;
    }
    if !path.is_empty() {
        out.push(path);
    }
}

/// Resolves a path written in module `at` to the module path it starts from plus the rest:
/// `super::x::Y` in `a::b` is `a::x::Y`.
fn resolve(at: &[String], path: &[String]) -> Option<Vec<String>> {
    let mut base: Vec<String> = at.to_vec();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            rest = &rest[1..];
        }
        Some("self") => rest = &rest[1..],
        Some("super") => {
            while rest.first().map(String::as_str) == Some("super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        _ => return None,
    }
    base.extend(rest.iter().cloned());
    Some(base)
}

/// Reads a crate from its root file: every module file reachable through `mod` declarations.
fn read_crate(root: &Path) -> Crate {
    let mut krate = Crate::default();
    let dir = root.parent().expect("a src directory").to_path_buf();
    // (module path, file, directory its children live in)
    let mut todo: Vec<(ModPath, PathBuf, PathBuf)> = vec![(Vec::new(), root.to_path_buf(), dir)];
    while let Some((module, file, children_dir)) = todo.pop() {
        let src = std::fs::read_to_string(&file)
            .unwrap_or_else(|e| panic!("reads {}: {e}", file.display()));
        let f = facts(&tokens(&src));
        krate.modules.insert(module.clone());
        for m in &f.inline {
            krate.modules.insert([module.clone(), m.clone()].concat());
        }
        for child in &f.children {
            let mut child_dir = children_dir.clone();
            for seg in &child[..child.len() - 1] {
                child_dir.push(seg);
            }
            let name = child.last().expect("a name");
            let flat = child_dir.join(format!("{name}.rs"));
            let nested = child_dir.join(name).join("mod.rs");
            let (path, grand) = if flat.exists() {
                (flat, child_dir.join(name))
            } else if nested.exists() {
                (nested, child_dir.join(name))
            } else {
                // `#[path]` or generated: not ours to follow.
                continue;
            };
            todo.push(([module.clone(), child.clone()].concat(), path, grand));
        }
        add_refs(&mut krate, &module, &f);
    }
    cut_to_modules(&mut krate);
    krate
}

/// Records the paths a file names as references of its module.
fn add_refs(krate: &mut Crate, module: &ModPath, f: &FileFacts) {
    let refs = krate.refs.entry(module.clone()).or_default();
    for (inner, p) in &f.paths {
        let at = [module.clone(), inner.clone()].concat();
        if let Some(target) = resolve(&at, p) {
            refs.insert(target);
        }
    }
}

/// Cuts each reference to the deepest module it names (`crate::a::b::Item` → `a::b`), once
/// every module is known.
fn cut_to_modules(krate: &mut Crate) {
    let modules = krate.modules.clone();
    for targets in krate.refs.values_mut() {
        *targets = targets
            .iter()
            .map(|t| {
                (0..=t.len())
                    .rev()
                    .map(|n| t[..n].to_vec())
                    .find(|p| modules.contains(p))
                    .unwrap_or_default()
            })
            .collect();
    }
}

// ---------------------------------------------------------------------------------------------
// Cycles.

/// The edges between siblings at every level: `parent → (child → children it depends on)`.
fn sibling_edges(krate: &Crate) -> BTreeMap<ModPath, BTreeMap<String, BTreeSet<String>>> {
    let mut levels: BTreeMap<ModPath, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for (from, targets) in &krate.refs {
        for to in targets {
            let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
            if common == from.len() || common == to.len() {
                continue; // Ancestor and descendant: the tree itself.
            }
            levels
                .entry(from[..common].to_vec())
                .or_default()
                .entry(from[common].clone())
                .or_default()
                .insert(to[common].clone());
        }
    }
    levels
}

/// The strongly connected components of more than one node (Tarjan's algorithm), each
/// sorted, in a stable order.
fn cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct State<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on_stack.insert(v);
        if let Some(next) = s.edges.get(v) {
            for w in next {
                let w = w.as_str();
                if !s.index.contains_key(w) {
                    visit(s, w);
                    let low = s.low[v].min(s.low[w]);
                    s.low.insert(v, low);
                } else if s.on_stack.contains(w) {
                    let low = s.low[v].min(s.index[w]);
                    s.low.insert(v, low);
                }
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                component.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.found.push(component);
            }
        }
    }
    let mut s = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in edges.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.found.sort();
    s.found
}

/// One loop through a component, for the message: `a → b → c → a`.
fn a_loop(edges: &BTreeMap<String, BTreeSet<String>>, component: &[String]) -> String {
    let inside: BTreeSet<&str> = component.iter().map(String::as_str).collect();
    let start = component[0].as_str();
    // Breadth-first from start back to start within the component.
    let mut prev: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(v) = queue.pop_front() {
        for w in edges.get(v).into_iter().flatten() {
            let w = w.as_str();
            if !inside.contains(w) {
                continue;
            }
            if w == start {
                let mut path = vec![start, v];
                let mut at = v;
                while at != start {
                    at = prev[at];
                    path.push(at);
                }
                path.reverse();
                return path.join(" → ");
            }
            if !prev.contains_key(w) {
                prev.insert(w, v);
                queue.push_back(w);
            }
        }
    }
    component.join(", ")
}

/// Every cycle of a crate: `(parent module, members, a loop to show)`.
fn crate_cycles(krate: &Crate) -> Vec<(ModPath, Vec<String>, String)> {
    let mut out = Vec::new();
    for (parent, edges) in sibling_edges(krate) {
        for c in cycles(&edges) {
            let shown = a_loop(&edges, &c);
            let members = c
                .iter()
                .map(|m| [parent.clone(), vec![m.clone()]].concat().join("::"))
                .collect();
            out.push((parent.clone(), members, shown));
        }
    }
    out
}

/// The crate roots of the workspace, relative to it.
fn roots(workspace: &Path) -> Vec<String> {
    let mut dirs: Vec<String> = CRATES.iter().map(|c| c.to_string()).collect();
    let mut games: Vec<String> = std::fs::read_dir(workspace.join("games"))
        .expect("games/")
        .filter_map(|e| e.ok())
        .map(|e| format!("games/{}", e.file_name().to_string_lossy()))
        .collect();
    games.sort();
    dirs.extend(games);
    let mut out = Vec::new();
    for d in dirs {
        for r in ["src/lib.rs", "src/main.rs"] {
            if workspace.join(&d).join(r).exists() {
                out.push(format!("{d}/{r}"));
            }
        }
        if let Ok(bins) = std::fs::read_dir(workspace.join(&d).join("src/bin")) {
            let mut bins: Vec<String> = bins
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".rs"))
                .collect();
            bins.sort();
            out.extend(bins.into_iter().map(|b| format!("{d}/src/bin/{b}")));
        }
    }
    out
}

#[test]
fn no_module_imports_another_round_a_loop() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace");
    let roots = roots(workspace);
    assert!(
        roots
            .iter()
            .any(|r| r.starts_with("games/mississippi-fortress")),
        "the games are found: {roots:?}"
    );
    let mut unexpected = Vec::new();
    let mut seen_known = BTreeSet::new();
    let mut modules = 0;
    for root in &roots {
        let krate = read_crate(&workspace.join(root));
        modules += krate.modules.len();
        for (_, members, shown) in crate_cycles(&krate) {
            let known = KNOWN.iter().position(|(r, m)| {
                r == root && members.iter().map(String::as_str).eq(m.iter().copied())
            });
            match known {
                Some(k) => {
                    seen_known.insert(k);
                }
                None => unexpected.push(format!(
                    "{root}: {{{}}}, for one: {shown}",
                    members.join(", ")
                )),
            }
        }
    }
    assert!(modules > 100, "the module tree is read ({modules} modules)");
    assert!(
        unexpected.is_empty(),
        "modules that import each other round a loop (break each, see the module docs):\n  {}",
        unexpected.join("\n  ")
    );
    let gone: Vec<String> = KNOWN
        .iter()
        .enumerate()
        .filter(|(k, _)| !seen_known.contains(k))
        .map(|(_, (r, m))| format!("{r}: {}", m.join(", ")))
        .collect();
    assert!(
        gone.is_empty(),
        "these known cycles are gone: remove them from KNOWN:\n  {}",
        gone.join("\n  ")
    );
}

/// The finder on a small tree kept in memory: it must see a loop at the top level, one inside
/// a module directory, and none where a child only names its parent.
#[test]
fn the_cycle_finder_finds_loops_at_every_level() {
    let files: &[(&[&str], &str)] = &[
        (&[], "mod a; mod b; mod c; mod d; use crate::a::X;"),
        (&["a"], "use crate::b::Y; pub struct X;"),
        // b reaches a through c: a → b → c → a.
        (&["b"], "use super::c::{self, Z}; pub struct Y;"),
        (&["c"], "pub struct Z; fn f() { let _ = crate::a::X; }"),
        // d has children that name each other, and one names its parent.
        (&["d"], "mod e; mod f; pub use self::e::E; pub struct D;"),
        (&["d", "e"], "use super::f::F; use super::D; pub struct E;"),
        (
            &["d", "f"],
            "/* crate::b is named only in a comment */ pub struct F; \
             #[cfg(test)] mod tests { use super::super::e::E; use crate::d::D; }",
        ),
    ];
    let mut krate = Crate::default();
    for (module, src) in files {
        let module: ModPath = module.iter().map(|s| s.to_string()).collect();
        let f = facts(&tokens(src));
        krate.modules.insert(module.clone());
        for m in &f.inline {
            krate.modules.insert([module.clone(), m.clone()].concat());
        }
        add_refs(&mut krate, &module, &f);
    }
    cut_to_modules(&mut krate);
    let found: Vec<(ModPath, Vec<String>, String)> = crate_cycles(&krate);
    let members: Vec<Vec<String>> = found.iter().map(|(_, m, _)| m.clone()).collect();
    assert_eq!(
        members,
        vec![
            vec!["a".to_string(), "b".to_string(), "c".to_string()],
            vec!["d::e".to_string(), "d::f".to_string()],
        ],
        "{found:?}"
    );
    assert_eq!(found[0].2, "a → b → c → a");
    // No loop once f stops naming e.
    krate
        .refs
        .get_mut(&vec!["d".to_string(), "f".to_string()])
        .expect("f")
        .clear();
    let left: Vec<Vec<String>> = crate_cycles(&krate)
        .into_iter()
        .map(|(_, m, _)| m)
        .collect();
    assert_eq!(
        left,
        vec![vec!["a".to_string(), "b".to_string(), "c".to_string()]]
    );
}
