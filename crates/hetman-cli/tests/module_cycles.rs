//! No circles between the files of a folder: the library's and the CLI's
//! modules form, folder by folder, a one-way stack (shared types and errors
//! at the bottom), so each file can be read, tested and changed with only
//! the files below it in mind.
//!
//! The check reads the source files (no compiler, no nightly tool, a few
//! milliseconds), finds which module of a folder uses which sibling and
//! fails naming any circle:
//!
//! - a file's module path comes from its place (`a/mod.rs` and `a.rs` are
//!   `a`, `a/b.rs` is `a::b`); a sub-folder counts as one module of its
//!   folder, with all the files in it;
//! - a use is a `use` item or a path in the code that begins with `crate`,
//!   `super` or `self`, or in a `use` a path relative to the module (a
//!   child of it); comments, strings, `#[cfg(test)]` modules and code
//!   outside the crate (`std::`, `hetman::`) do not count;
//! - what a folder's `mod.rs` offers (its own items, and what it re-exports
//!   from its children: `super::Thing` where `mod.rs` has `pub use
//!   sweep::Thing`) is the folder's front, and using it is no use of a
//!   sibling: the graph is the one the paths name, as `super::sweep::Thing`
//!   would. (Following re-exports to the file that defines the item finds
//!   more circles today: see the report of the branch that added this.)
//! - a module using its own child, or its parent, is no use of a sibling
//!   (a folder's `mod.rs` declares its children and re-exports from them).
//!
//! Circles are the strongly connected components of each folder's graph.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

// A test file is its crate's root: its modules are found beside it.
#[path = "module_cycles/scan.rs"]
mod scan;

use scan::{scan, ModPath, Scan};

/// A use of one sibling by another, in folder `folder`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Edge {
    folder: ModPath,
    from: String,
    to: String,
    /// Where: the file and line of the first such use.
    at: String,
}

/// The module path of a source file from its path below `src/`.
fn module_of(rel: &str) -> ModPath {
    let mut parts: Vec<String> = rel
        .trim_end_matches(".rs")
        .split('/')
        .map(String::from)
        .collect();
    if matches!(rel, "lib.rs" | "main.rs") {
        return Vec::new();
    }
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The uses between siblings in one crate, from its files (path below
/// `src/`, text).
fn sibling_uses(files: &[(String, String)]) -> Vec<Edge> {
    let scans: BTreeMap<ModPath, (&str, Scan)> = files
        .iter()
        .map(|(rel, src)| {
            let m = module_of(rel);
            let s = scan(&m, src);
            (m, (rel.as_str(), s))
        })
        .collect();
    // Modules only for tests, and their descendants, do not count.
    let test_only: BTreeSet<ModPath> = scans
        .iter()
        .flat_map(|(m, (_, s))| {
            s.children.iter().filter(|c| c.1).map(move |c| {
                let mut child = m.clone();
                child.push(c.0.clone());
                child
            })
        })
        .collect();
    let is_test = |m: &ModPath| test_only.iter().any(|t| m.starts_with(t));
    let is_module = |p: &[String]| scans.contains_key(p);
    // A path as written in `from` (a module or one inline in a file), made absolute.
    let absolute = |from: &ModPath, path: &[String]| -> Option<Vec<String>> {
        let mut base = from.clone();
        let mut rest = path;
        match rest.first().map(String::as_str) {
            Some("crate") => {
                base.clear();
                rest = &rest[1..];
            }
            Some("self") => rest = &rest[1..],
            Some("super") => {
                while rest.first().is_some_and(|p| p == "super") {
                    base.pop()?;
                    rest = &rest[1..];
                }
            }
            // Relative to the module: only a child of it.
            Some(first) => {
                let mut child = base.clone();
                child.push(first.to_string());
                if !is_module(&child) {
                    return None;
                }
            }
            None => return None,
        }
        base.extend(rest.iter().cloned());
        Some(base)
    };
    // The module a path leads to: its longest prefix that is a module.
    let target = |path: &[String]| -> ModPath {
        let k = (0..=path.len())
            .rev()
            .find(|&k| is_module(&path[..k]))
            .unwrap_or(0);
        path[..k].to_vec()
    };
    let mut edges: BTreeMap<(ModPath, String, String), String> = BTreeMap::new();
    for (module, (rel, s)) in &scans {
        if is_test(module) {
            continue;
        }
        for (from, path, line) in &s.uses {
            let Some(full) = absolute(from, path) else {
                continue;
            };
            let to = target(&full);
            let common = module.iter().zip(&to).take_while(|(a, b)| a == b).count();
            if common < module.len() && common < to.len() {
                edges
                    .entry((
                        module[..common].to_vec(),
                        module[common].clone(),
                        to[common].clone(),
                    ))
                    .or_insert_with(|| format!("{rel}:{line}"));
            }
        }
    }
    edges
        .into_iter()
        .map(|((folder, from, to), at)| Edge {
            folder,
            from,
            to,
            at,
        })
        .collect()
}

/// The circles among `edges`: each folder's strongly connected components
/// of more than one module, as (folder, members sorted).
fn circles(edges: &[Edge]) -> Vec<(ModPath, Vec<String>)> {
    let mut by_folder: BTreeMap<&ModPath, BTreeMap<&str, Vec<&str>>> = BTreeMap::new();
    for e in edges {
        let g = by_folder.entry(&e.folder).or_default();
        g.entry(&e.from).or_default().push(&e.to);
        g.entry(&e.to).or_default();
    }
    let mut out = Vec::new();
    for (folder, graph) in by_folder {
        // Kosaraju: finishing order on the graph, then components on the reverse.
        let mut order = Vec::new();
        let mut seen = BTreeSet::new();
        for &start in graph.keys() {
            if !seen.insert(start) {
                continue;
            }
            let mut stack = vec![(start, 0usize)];
            while let Some((node, next)) = stack.pop() {
                if let Some(&to) = graph[node].get(next) {
                    stack.push((node, next + 1));
                    if seen.insert(to) {
                        stack.push((to, 0));
                    }
                } else {
                    order.push(node);
                }
            }
        }
        let mut reverse: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for (&from, tos) in &graph {
            for &to in tos {
                reverse.entry(to).or_default().push(from);
            }
        }
        let mut placed = BTreeSet::new();
        for &root in order.iter().rev() {
            if !placed.insert(root) {
                continue;
            }
            let mut component = vec![root];
            let mut todo = vec![root];
            while let Some(node) = todo.pop() {
                for &from in reverse.get(node).into_iter().flatten() {
                    if placed.insert(from) {
                        component.push(from);
                        todo.push(from);
                    }
                }
            }
            if component.len() > 1 {
                component.sort_unstable();
                out.push((
                    folder.clone(),
                    component.into_iter().map(String::from).collect(),
                ));
            }
        }
    }
    out.sort();
    out
}

/// A circle for a message: its members and the uses that close it.
fn describe(src: &str, folder: &ModPath, members: &[String], edges: &[Edge]) -> String {
    let name = format!("{src}/{}", folder.join("/"));
    let mut text = format!("{}: {}", name.trim_end_matches('/'), members.join(" <-> "));
    for e in edges {
        if &e.folder == folder && members.contains(&e.from) && members.contains(&e.to) {
            text.push_str(&format!("\n    {} uses {} ({src}/{})", e.from, e.to, e.at));
        }
    }
    text
}

/// The `.rs` files below `dir`, as (path below `dir`, text).
fn read_tree(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut todo: Vec<PathBuf> = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let p = entry.unwrap().path();
            if p.is_dir() {
                todo.push(p);
            } else if p.extension().is_some_and(|e| e == "rs") {
                let rel = p
                    .strip_prefix(dir)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                out.push((rel, std::fs::read_to_string(&p).unwrap()));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn the_modules_of_each_folder_form_a_one_way_stack() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut found = Vec::new();
    for src in ["crates/hetman/src", "crates/hetman-cli/src"] {
        let files = read_tree(&root.join(src));
        assert!(files.len() > 20, "{src}: only {} files read", files.len());
        let edges = sibling_uses(&files);
        for (folder, members) in circles(&edges) {
            let text = describe(src, &folder, &members, &edges);
            let name = format!("{src}/{}", folder.join("/"));
            found.push((name.trim_end_matches('/').to_string(), members, text));
        }
    }
    let problems: Vec<String> = found
        .iter()
        .map(|(_, _, text)| format!("a circle of modules that use each other: {text}"))
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The checker on made-up crates.
mod checker {
    use super::scan::tokens;
    use super::*;

    fn tree(files: &[(&str, &str)]) -> Vec<(String, String)> {
        files
            .iter()
            .map(|(p, s)| (p.to_string(), s.to_string()))
            .collect()
    }

    fn found(files: &[(&str, &str)]) -> Vec<(String, Vec<String>)> {
        circles(&sibling_uses(&tree(files)))
            .into_iter()
            .map(|(f, m)| (f.join("/"), m))
            .collect()
    }

    fn circle(folder: &str, members: &[&str]) -> (String, Vec<String>) {
        (
            folder.to_string(),
            members.iter().map(|m| m.to_string()).collect(),
        )
    }

    #[test]
    fn a_circle_of_three_files_is_found_and_named_with_its_uses() {
        let files = tree(&[
            ("lib.rs", "pub mod count;"),
            ("count/mod.rs", "mod merge; mod shard; mod split;"),
            (
                "count/merge.rs",
                "use super::shard::Shard;\npub struct Merged;",
            ),
            (
                "count/shard.rs",
                "pub struct Shard(crate::count::split::Split);",
            ),
            (
                "count/split.rs",
                "pub fn f(m: super::merge::Merged) -> super::merge::Merged { m }\npub struct Split;",
            ),
        ]);
        let edges = sibling_uses(&files);
        let c = circles(&edges);
        assert_eq!(
            c,
            [(
                vec!["count".to_string()],
                vec!["merge".into(), "shard".into(), "split".into()]
            )]
        );
        let text = describe("src", &c[0].0, &c[0].1, &edges);
        assert_eq!(
            text,
            "src/count: merge <-> shard <-> split\n    merge uses shard (src/count/merge.rs:1)\n    \
             shard uses split (src/count/shard.rs:1)\n    split uses merge (src/count/split.rs:1)"
        );
    }

    #[test]
    fn a_one_way_stack_passes() {
        let files = [
            ("lib.rs", "pub mod a; mod b; pub use a::Top;"),
            ("a/mod.rs", "mod error; mod low; mod mid; mod top;\npub use top::Top;\npub use error::Error;\nuse self::mid::Mid;"),
            ("a/error.rs", "pub struct Error;"),
            ("a/low.rs", "use super::Error;\npub struct Low;"),
            ("a/mid.rs", "use super::{low::Low, Error};\npub struct Mid(Low);"),
            ("a/top.rs", "use super::mid::{self, Mid};\nuse crate::a::low;\npub struct Top(Mid, low::Low);"),
            ("b.rs", "use crate::a::Top;"),
        ];
        assert_eq!(found(&files), []);
        // Through mod.rs's re-export (`super::Top`), a use of the folder's
        // front; by the sibling's name, a use back up that closes a circle.
        let mut back = files.to_vec();
        back[3] = ("a/low.rs", "pub struct Low; fn f() { super::Top::new(); }");
        assert_eq!(found(&back), []);
        back[3] = (
            "a/low.rs",
            "pub struct Low; fn f() { super::top::Top::new(); }",
        );
        assert_eq!(found(&back), [circle("a", &["low", "mid", "top"])]);
        back[3] = (
            "a/low.rs",
            "pub struct Low; use crate::a::top::{self as t};",
        );
        assert_eq!(found(&back), [circle("a", &["low", "mid", "top"])]);
    }

    #[test]
    fn a_mod_rs_declaring_and_re_exporting_its_children_is_no_use_of_them() {
        // mod.rs defines Options, uses its children and re-exports them;
        // the children use Options: no circle (the folder's own items).
        let files = [
            ("lib.rs", "mod k;"),
            ("k/mod.rs", "mod a; mod b;\npub use a::A;\npub use self::b::B;\npub struct Options;\npub fn run() { a::go(); b::go(); }"),
            ("k/a.rs", "use super::Options;\npub struct A; pub fn go() { super::b::go(); }"),
            ("k/b.rs", "pub struct B(super::Options); pub fn go() {}"),
        ];
        assert_eq!(found(&files), []);
        // A sub-folder is one module of its folder, with all its files.
        let nested = [
            ("lib.rs", "mod k;"),
            ("k/mod.rs", "mod deep; mod flat;"),
            ("k/deep/mod.rs", "mod inner;"),
            ("k/deep/inner.rs", "use crate::k::flat::F;"),
            (
                "k/flat.rs",
                "pub struct F; fn f() { super::deep::inner::g(); }",
            ),
        ];
        assert_eq!(found(&nested), [circle("k", &["deep", "flat"])]);
        // ... also as `deep.rs` beside `deep/`.
        let mut beside = nested.to_vec();
        beside[2] = ("k/deep.rs", "mod inner;");
        assert_eq!(found(&beside), [circle("k", &["deep", "flat"])]);
    }

    #[test]
    fn tests_comments_strings_and_other_crates_are_not_uses() {
        let files = [
            ("main.rs", "mod x; mod y;"),
            (
                "x.rs",
                "//! See [`super::y`].\n/* crate::y::f() */\nconst S: &str = \"super::y::f\";\n\
                 const R: &str = r#\"crate::y\"#; const C: char = '\"';\nfn f<'a>(s: &'a str) { hetman::y::f(); std::y::g(); }\n\
                 #[cfg(test)]\nmod tests { use super::super::y; }\n#[cfg(test)]\nuse crate::y::Z;\n#[cfg(test)]\nmod more;",
            ),
            ("x/more.rs", "use crate::y::Z;"),
            ("y.rs", "use crate::x::X; pub struct Z;"),
        ];
        assert_eq!(found(&files), []);
        // Outside a test module, the same use counts.
        let mut used = files.to_vec();
        used[1] = ("x.rs", "mod tests { use super::super::y; }");
        assert_eq!(found(&used), [circle("", &["x", "y"])]);
    }

    #[test]
    fn the_tokens_leave_out_comments_strings_and_lifetimes() {
        let words: Vec<String> = tokens(
            "a::b /* c /* d */ e */ 'x' '\\'' f<'g> \"h\\\"i\" r##\"j\"#k\"## l // m\n1.5e3 n",
        )
        .into_iter()
        .map(|t| t.text)
        .collect();
        assert_eq!(words, ["a", "::", "b", "f", "<", ">", "l", "n"]);
    }
}
