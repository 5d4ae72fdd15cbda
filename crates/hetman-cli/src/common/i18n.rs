//! The messages in Polish, Russian and English: one Fluent file per language
//! (`assets/i18n/{en,pl,ru}.ftl`), read with `fluent-bundle`, and the
//! `--lang` flag with its default from the environment.
//!
//! The page gets the same files as JSON ([`messages_json`]), so there is one
//! copy of every text.

use clap::Args;
use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use fluent_syntax::ast;
use serde_json::{json, Map, Value};
use unic_langid::LanguageIdentifier;

/// A language hetman speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English, the default.
    En,
    /// Polish, the language of seeds 000-002 and 004.
    Pl,
    /// Russian, the language of seed 003.
    Ru,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Pl, Lang::Ru];

    /// The language's code: `en`, `pl`, `ru`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Pl => "pl",
            Lang::Ru => "ru",
        }
    }

    /// The language's Fluent file.
    pub fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../assets/i18n/en.ftl"),
            Lang::Pl => include_str!("../../assets/i18n/pl.ftl"),
            Lang::Ru => include_str!("../../assets/i18n/ru.ftl"),
        }
    }

    /// The language a locale name such as `pl_PL.UTF-8`, `ru-RU` or `en` names, if one we have.
    pub fn from_locale(locale: &str) -> Option<Lang> {
        let code: String = locale
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect::<String>()
            .to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The language of the environment: the first of LC_ALL, LC_MESSAGES and
    /// LANG that is set and not empty (as POSIX reads them); English when it
    /// names none we have (C, POSIX, de_DE...).
    pub fn from_env() -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|k| std::env::var(k).ok())
            .find(|v| !v.is_empty())
            .and_then(|v| Lang::from_locale(&v))
            .unwrap_or(Lang::En)
    }
}

/// Parses `--lang`: `pl`, `ru` or `en`.
pub fn parse_lang(s: &str) -> Result<Lang, String> {
    let t = s.trim().to_ascii_lowercase();
    Lang::ALL
        .into_iter()
        .find(|l| l.code() == t)
        .ok_or_else(|| "the languages are pl, ru, en".to_string())
}

/// The `--lang` flag of `trace`, `watch` and `serve`.
#[derive(Debug, Args, Clone, Copy)]
pub struct LangArg {
    /// The language of the words: pl, ru or en (serve: the page's when the browser asks for none of them) [default: from LC_ALL, LC_MESSAGES or LANG, else en].
    #[arg(long, value_name = "LANG", value_parser = parse_lang)]
    pub lang: Option<Lang>,
}

impl LangArg {
    /// The language asked for, else the environment's.
    pub fn lang(&self) -> Lang {
        self.lang.unwrap_or_else(Lang::from_env)
    }
}

/// The messages of one language, ready to format.
pub struct Tr {
    lang: Lang,
    bundle: FluentBundle<FluentResource>,
}

impl std::fmt::Debug for Tr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Tr({})", self.lang.code())
    }
}

impl Tr {
    /// The messages of `lang`. The files are checked by the tests, so a parse
    /// error here would be a bug; what parses is kept either way.
    pub fn new(lang: Lang) -> Tr {
        let resource = match FluentResource::try_new(lang.source().to_string()) {
            Ok(r) => r,
            Err((r, _)) => r,
        };
        let id: LanguageIdentifier = lang.code().parse().unwrap_or_default();
        let mut bundle = FluentBundle::new(vec![id]);
        // Terminal text: no Unicode isolation marks around the values.
        bundle.set_use_isolating(false);
        let _ = bundle.add_resource(resource);
        Tr { lang, bundle }
    }

    /// The language.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The message `id` without arguments.
    pub fn t(&self, id: &str) -> String {
        self.tf(id, &[])
    }

    /// The message `id` with its arguments (numbers select the plural forms).
    pub fn tf(&self, id: &str, args: &[(&str, FluentValue)]) -> String {
        let Some(pattern) = self.bundle.get_message(id).and_then(|m| m.value()) else {
            return id.to_string();
        };
        let mut fa = FluentArgs::new();
        for (k, v) in args {
            fa.set(*k, v.clone());
        }
        let mut errors = Vec::new();
        self.bundle
            .format_pattern(pattern, Some(&fa), &mut errors)
            .into_owned()
    }

    /// A whole number with the language's thousands separator: 1,965 in
    /// English, 1 965 in Polish and Russian.
    pub fn group(&self, v: u64) -> String {
        let sep = match self.lang {
            Lang::En => ",",
            Lang::Pl | Lang::Ru => "\u{a0}",
        };
        crate::common::output::group(v).replace(',', sep)
    }
}

/// A string argument.
pub fn s(v: impl ToString) -> FluentValue<'static> {
    FluentValue::from(v.to_string())
}

/// A number argument (it selects plural forms).
pub fn n(v: impl Into<f64>) -> FluentValue<'static> {
    FluentValue::from(v.into())
}

/// The messages of `lang` as JSON for the page: `{id: pattern}`, where a
/// pattern is a list of parts, each a string, `{"var": name}`, or
/// `{"select": name, "variants": {key: pattern}, "default": key}` (the keys
/// are Unicode plural categories or numbers, chosen with `Intl.PluralRules`).
pub fn messages_json(lang: Lang) -> Value {
    let resource = match fluent_syntax::parser::parse(lang.source()) {
        Ok(r) => r,
        Err((r, _)) => r,
    };
    let mut out = Map::new();
    for entry in resource.body {
        if let ast::Entry::Message(m) = entry
            && let Some(value) = &m.value
        {
            out.insert(m.id.name.to_string(), pattern_json(value));
        }
    }
    json!(out)
}

fn pattern_json(p: &ast::Pattern<&str>) -> Value {
    let mut parts = Vec::new();
    for element in &p.elements {
        match element {
            ast::PatternElement::TextElement { value } => parts.push(json!(value)),
            ast::PatternElement::Placeable { expression } => {
                parts.push(expression_json(expression))
            }
        }
    }
    Value::Array(parts)
}

fn expression_json(e: &ast::Expression<&str>) -> Value {
    match e {
        ast::Expression::Inline(inline) => inline_json(inline),
        ast::Expression::Select { selector, variants } => {
            let name = match selector {
                ast::InlineExpression::VariableReference { id } => id.name,
                _ => "",
            };
            let mut map = Map::new();
            let mut default = String::new();
            for v in variants {
                let key = match &v.key {
                    ast::VariantKey::Identifier { name } => name.to_string(),
                    ast::VariantKey::NumberLiteral { value } => value.to_string(),
                };
                if v.default {
                    default = key.clone();
                }
                map.insert(key, pattern_json(&v.value));
            }
            json!({"select": name, "variants": map, "default": default})
        }
    }
}

fn inline_json(e: &ast::InlineExpression<&str>) -> Value {
    match e {
        ast::InlineExpression::VariableReference { id } => json!({"var": id.name}),
        ast::InlineExpression::StringLiteral { value } => json!(value),
        ast::InlineExpression::NumberLiteral { value } => json!(value),
        ast::InlineExpression::Placeable { expression } => expression_json(expression),
        _ => json!(""),
    }
}

/// The three languages' messages as one JSON object `{en: {...}, pl: {...}, ru: {...}}`.
pub fn all_messages_json() -> Value {
    let mut out = Map::new();
    for l in Lang::ALL {
        out.insert(l.code().to_string(), messages_json(l));
    }
    Value::Object(out)
}

/// The page's `messages.js`: every language's messages and the language the
/// page takes when the browser asks for none we have. `<` is written as
/// `\u003c`, so the script can sit inline in a page.
pub fn messages_js(default: Lang) -> String {
    let all = all_messages_json().to_string().replace('<', "\\u003c");
    format!(
        "// The messages of hetman's page, made from assets/i18n/*.ftl.\nwindow.HETMAN_MESSAGES = {all};\nwindow.HETMAN_LANG = \"{}\";\n",
        default.code()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locales_name_languages() {
        assert_eq!(Lang::from_locale("pl_PL.UTF-8"), Some(Lang::Pl));
        assert_eq!(Lang::from_locale("ru_RU.KOI8-R"), Some(Lang::Ru));
        assert_eq!(Lang::from_locale("en-GB"), Some(Lang::En));
        assert_eq!(Lang::from_locale("C"), None);
        assert_eq!(Lang::from_locale("POSIX"), None);
        assert_eq!(Lang::from_locale("de_DE.UTF-8"), None);
        assert_eq!(parse_lang("PL"), Ok(Lang::Pl));
        assert!(parse_lang("de").unwrap_err().contains("pl, ru, en"));
    }

    #[test]
    fn plurals_follow_each_language() {
        let pl = Tr::new(Lang::Pl);
        let ru = Tr::new(Lang::Ru);
        let en = Tr::new(Lang::En);
        let q = |tr: &Tr, k: u32| tr.tf("queens-count", &[("n", n(k))]);
        assert_eq!(q(&en, 1), "1 queen");
        assert_eq!(q(&en, 5), "5 queens");
        assert_eq!(q(&pl, 1), "1 hetman");
        assert_eq!(q(&pl, 2), "2 hetmany");
        assert_eq!(q(&pl, 5), "5 hetmanów");
        assert_eq!(q(&pl, 22), "22 hetmany");
        assert_eq!(q(&ru, 1), "1 ферзь");
        assert_eq!(q(&ru, 2), "2 ферзя");
        assert_eq!(q(&ru, 5), "5 ферзей");
        assert_eq!(q(&ru, 21), "21 ферзь");
        assert_eq!(pl.group(1965), "1\u{a0}965");
    }

    #[test]
    fn the_page_gets_the_same_messages() {
        let m = messages_json(Lang::Pl);
        let q = &m["queens-count"];
        assert_eq!(q[0], json!({"var": "n"}));
        assert_eq!(q[2]["select"], "n");
        assert_eq!(q[2]["variants"]["few"], json!(["hetmany"]));
        assert_eq!(q[2]["default"], "many");
    }
}
