//! The messages in Polish, Russian and English: every file parses, every
//! message is in every language with the same variables, every id the code
//! uses (Rust and the page's scripts) exists, and `--lang` works on `trace`.

use assert_cmd::Command;
use fluent_syntax::ast;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn hetman() -> Command {
    let mut c = Command::cargo_bin("hetman").unwrap();
    c.env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C");
    c
}

/// The messages of a file: id -> the variables it uses.
fn messages(lang: &str) -> BTreeMap<String, BTreeSet<String>> {
    let path = root().join(format!("assets/i18n/{lang}.ftl"));
    let text = std::fs::read_to_string(&path).unwrap();
    let resource = match fluent_syntax::parser::parse(text.as_str()) {
        Ok(r) => r,
        Err((_, errors)) => panic!("{}: parse errors {errors:?}", path.display()),
    };
    let mut out = BTreeMap::new();
    for entry in resource.body {
        match entry {
            ast::Entry::Message(m) => {
                let mut vars = BTreeSet::new();
                let value = m
                    .value
                    .as_ref()
                    .unwrap_or_else(|| panic!("{lang}: {} has no value", m.id.name));
                pattern_vars(value, &mut vars);
                let old = out.insert(m.id.name.to_string(), vars);
                assert!(old.is_none(), "{lang}: {} twice", m.id.name);
            }
            ast::Entry::Junk { content } => panic!("{lang}: junk {content:?}"),
            _ => {}
        }
    }
    out
}

fn pattern_vars(p: &ast::Pattern<&str>, vars: &mut BTreeSet<String>) {
    for e in &p.elements {
        if let ast::PatternElement::Placeable { expression } = e {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(e: &ast::Expression<&str>, vars: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Inline(i) => inline_vars(i, vars),
        ast::Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for v in variants {
                pattern_vars(&v.value, vars);
            }
        }
    }
}

fn inline_vars(e: &ast::InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match e {
        ast::InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        _ => {}
    }
}

#[test]
fn every_message_is_in_every_language_with_the_same_variables() {
    let en = messages("en");
    assert!(en.len() > 50, "en.ftl has {} messages", en.len());
    for lang in ["pl", "ru"] {
        let other = messages(lang);
        for (id, vars) in &en {
            let theirs = other
                .get(id)
                .unwrap_or_else(|| panic!("{lang}.ftl has no {id}"));
            assert_eq!(theirs, vars, "{lang}.ftl: {id} uses other variables");
        }
        for id in other.keys() {
            assert!(en.contains_key(id), "{lang}.ftl has {id}, en.ftl does not");
        }
    }
}

fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files(&p, ext, out);
        } else if p.extension().is_some_and(|x| x == ext) {
            out.push(p);
        }
    }
}

/// The quoted strings of `text` that look like message ids with one of
/// `prefixes` (`event-call`, `page-play`...).
fn ids_in(text: &str, prefixes: &BTreeSet<String>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for quote in ['"', '\''] {
        for piece in text.split(quote).skip(1).step_by(2) {
            let looks = !piece.is_empty()
                && piece
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
            if looks
                && piece
                    .split_once('-')
                    .is_some_and(|(p, rest)| !rest.is_empty() && prefixes.contains(p))
            {
                out.insert(piece.to_string());
            }
        }
    }
    out
}

/// The ids the page asks for: `t('id'` or `say('id'` (either quote) in a script,
/// `data-i18n="id"` (and `-title`, `-aria-label`, `-placeholder`, `-html`) in HTML.
fn page_ids(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let starts = [
        "t('",
        "t(\"",
        "say('",
        "say(\"",
        "data-i18n=\"",
        "data-i18n-title=\"",
        "data-i18n-aria-label=\"",
        "data-i18n-placeholder=\"",
        "data-i18n-html=\"",
    ];
    for start in starts {
        for (at, _) in text.match_indices(start) {
            let before = text[..at].chars().next_back();
            if start.contains('(') && before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let rest = &text[at + start.len()..];
            let id: String = rest
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-')
                .collect();
            if !id.is_empty() {
                out.insert(id);
            }
        }
    }
    out
}

#[test]
fn every_id_the_code_uses_is_in_en_ftl() {
    let en = messages("en");
    let prefixes: BTreeSet<String> = en
        .keys()
        .filter_map(|k| k.split_once('-').map(|(p, _)| p.to_string()))
        .collect();
    // Rust: the files that format messages.
    let mut rust = Vec::new();
    files(&root().join("src"), "rs", &mut rust);
    let mut used = 0;
    for path in rust {
        let text = std::fs::read_to_string(&path).unwrap();
        if !text.contains("Tr") || path.ends_with("i18n.rs") {
            continue;
        }
        for id in ids_in(&text, &prefixes) {
            used += 1;
            assert!(
                en.contains_key(&id),
                "{}: {id} is not in en.ftl",
                path.display()
            );
        }
    }
    // The page: t('id') in the scripts, data-i18n="id" in index.html.
    let mut web = Vec::new();
    files(&root().join("assets/web"), "js", &mut web);
    files(&root().join("assets/web"), "html", &mut web);
    for path in web {
        let text = std::fs::read_to_string(&path).unwrap();
        for id in page_ids(&text) {
            used += 1;
            assert!(
                en.contains_key(&id),
                "{}: {id} is not in en.ftl",
                path.display()
            );
        }
    }
    assert!(used > 50, "only {used} message ids found in the code");
}

#[test]
fn queens_trace_4_in_polish_and_russian() {
    let out = hetman()
        .args(["queens", "trace", "4", "--lang", "pl", "--limit", "12"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "# hetman trace: 4 hetmany, algorytm z powrotami test(c) z artykułów"
    );
    assert_eq!(
        lines[1].trim(),
        "1  wywołanie test(a), na szachownicy: 0 hetmanów"
    );
    assert_eq!(lines[2].trim(), "2    próba a1");
    assert_eq!(lines[3].trim(), "3    put a1, na szachownicy: 1 hetman");
    assert_eq!(lines[6].trim(), "6      odmowa b1: zajęte row");
    assert_eq!(
        lines[10].trim(),
        "10      put b3, na szachownicy: 2 hetmany"
    );
    assert!(
        lines[13].contains("zatrzymany przez limit: wywołania 3, próby 5"),
        "{}",
        lines[13]
    );
    // The whole search: both solutions, then the end with its counters.
    let out = hetman()
        .args(["queens", "trace", "4", "--lang", "ru"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("# hetman trace: 4 ферзя, перебор с возвратом test(c) из статей\n"));
    assert!(text.contains("вызов test(a), на доске 0 ферзей\n"));
    assert!(text.contains("решение 1: 2 4 1 3\n"), "{text}");
    assert!(text.contains("решение 2: 3 1 4 2\n"));
    let last = text.lines().last().unwrap();
    assert!(last.contains("поиск окончен: вызовы "), "{last}");
    assert!(last.contains("решения 2"), "{last}");
}

#[test]
fn the_language_comes_from_the_environment_and_json_does_not_change() {
    let first = |envs: &[(&str, &str)]| {
        let mut c = hetman();
        for (k, v) in envs {
            c.env(k, v);
        }
        let out = c
            .args(["knight", "trace", "5", "--limit", "2"])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    assert!(first(&[("LANG", "pl_PL.UTF-8")]).contains("start na polu a1 (1)"));
    assert!(
        first(&[("LANG", "pl_PL.UTF-8"), ("LC_ALL", "ru_RU.UTF-8")]).contains("старт на поле a1")
    );
    assert!(first(&[("LANG", "C")]).contains("start on a1 (1)"));
    assert!(first(&[("LANG", "de_DE.UTF-8")]).contains("start on a1 (1)"));
    let json = |lang: &str| {
        hetman()
            .args([
                "queens", "trace", "5", "--json", "--limit", "40", "--lang", lang,
            ])
            .output()
            .unwrap()
            .stdout
    };
    assert_eq!(json("pl"), json("en"));
    assert_eq!(json("ru"), json("en"));
}

#[test]
fn a_bad_lang_is_one_line_naming_the_flag_and_the_choices() {
    let out = hetman()
        .args(["queens", "trace", "4", "--lang", "de"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    let first = err.lines().next().unwrap();
    assert!(first.contains("--lang"), "{err}");
    assert!(first.contains("'de'"), "{err}");
    assert!(first.contains("pl, ru, en"), "{err}");
}
