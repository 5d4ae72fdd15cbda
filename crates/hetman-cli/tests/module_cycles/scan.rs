//! Reading a source file for the check: its tokens (comments, strings,
//! characters and numbers left out), the paths it uses and the child
//! modules it declares.

/// A module's path from its crate's root (`[]` for `lib.rs` or `main.rs`).
pub type ModPath = Vec<String>;

/// One token of Rust source, with its line.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    pub text: String,
    pub line: usize,
}

/// Splits Rust source into identifiers, `::` and single punctuation marks,
/// leaving out whitespace, comments, strings, characters and numbers.
pub fn tokens(src: &str) -> Vec<Token> {
    let c: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    let ident_start = |ch: char| ch.is_alphabetic() || ch == '_';
    let ident_char = |ch: char| ch.is_alphanumeric() || ch == '_';
    while i < c.len() {
        let ch = c[i];
        let next = c.get(i + 1).copied().unwrap_or(' ');
        if ch == '\n' {
            line += 1;
            i += 1;
        } else if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && next == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && next == '*' {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    line += usize::from(c[i] == '\n');
                    i += 1;
                }
            }
        } else if let Some(hashes) = raw_string_start(&c, i) {
            // r"...", r#"..."#, br#"..."#: ends at a quote and as many #.
            i += hashes.1;
            loop {
                if i >= c.len() {
                    break;
                }
                if c[i] == '"' && (1..=hashes.0).all(|k| c.get(i + k) == Some(&'#')) {
                    i += 1 + hashes.0;
                    break;
                }
                line += usize::from(c[i] == '\n');
                i += 1;
            }
        } else if ch == '"' || (ch == 'b' && next == '"') {
            i += if ch == 'b' { 2 } else { 1 };
            while i < c.len() && c[i] != '"' {
                line += usize::from(c[i] == '\n');
                i += if c[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if ch == '\'' {
            // A character ('a', '\n', '\u{1F600}') or a lifetime ('a).
            if next == '\\' {
                i += 3; // the quote, the backslash and the character after it
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if c.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
                while i < c.len() && ident_char(c[i]) {
                    i += 1;
                }
            }
        } else if ident_start(ch) {
            let start = i;
            if ch == 'r' && next == '#' {
                i += 2; // a raw identifier, r#type
            }
            while i < c.len() && ident_char(c[i]) {
                i += 1;
            }
            let text: String = c[start..i].iter().collect();
            out.push(Token {
                text: text.trim_start_matches("r#").to_string(),
                line,
            });
        } else if ch.is_ascii_digit() {
            while i < c.len()
                && (ident_char(c[i])
                    || (c[i] == '.' && c.get(i + 1).is_some_and(|d| d.is_ascii_digit())))
            {
                i += 1;
            }
        } else if ch == ':' && next == ':' {
            out.push(Token {
                text: "::".into(),
                line,
            });
            i += 2;
        } else {
            out.push(Token {
                text: ch.to_string(),
                line,
            });
            i += 1;
        }
    }
    out
}

/// At a raw string's start: the number of `#` and the length of the opening.
fn raw_string_start(c: &[char], i: usize) -> Option<(usize, usize)> {
    if i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_') {
        return None;
    }
    let mut j = i;
    if c.get(j) == Some(&'b') {
        j += 1;
    }
    if c.get(j) != Some(&'r') {
        return None;
    }
    j += 1;
    let hashes = c[j..].iter().take_while(|&&ch| ch == '#').count();
    (c.get(j + hashes) == Some(&'"')).then_some((hashes, j + hashes + 1 - i))
}

/// What one file says about its module.
#[derive(Debug, Default)]
pub struct Scan {
    /// Paths used (as written, from the module they are written in), with their lines.
    pub uses: Vec<(ModPath, Vec<String>, usize)>,
    /// Child modules declared by `mod x;`, and whether only for tests.
    pub children: Vec<(String, bool)>,
}

/// Reads the `use` tree at `t[i..]` (after `use`) into full paths (a
/// path ending in `self` names the module before it); returns the index
/// after the tree.
fn use_tree(t: &[Token], mut i: usize, prefix: &[String], out: &mut Vec<Vec<String>>) -> usize {
    let mut path = prefix.to_vec();
    let mut words = 0;
    loop {
        match t.get(i).map(|x| x.text.as_str()) {
            Some("::") => i += 1,
            Some("{") => {
                i += 1;
                while t.get(i).is_some_and(|x| x.text != "}") {
                    i = use_tree(t, i, &path, out);
                    if t.get(i).is_some_and(|x| x.text == ",") {
                        i += 1;
                    }
                }
                return i + 1;
            }
            Some("as") => i += 2, // the name it binds does not matter here
            // `{self, ...}`: the module named before the braces.
            Some("self") if words == 0 && !prefix.is_empty() => {
                words += 1;
                i += 1;
            }
            Some(word) if is_word(word) => {
                path.push(word.to_string());
                words += 1;
                i += 1;
            }
            // `*` (a glob: the path is the module's), `,`, `}` or `;`: the end.
            other => {
                if words > 0 {
                    out.push(path);
                }
                return i + usize::from(other == Some("*"));
            }
        }
    }
}

/// Whether a token is a word (an identifier or keyword).
fn is_word(text: &str) -> bool {
    text.chars().all(|ch| ch.is_alphanumeric() || ch == '_')
}

/// Whether the attribute whose `[` is at `t[i]` is `#[cfg(test)]`; the
/// index after its `]`.
fn attribute(t: &[Token], i: usize) -> (bool, usize) {
    let mut depth = 0;
    let mut j = i;
    while j < t.len() {
        match t[j].text.as_str() {
            "[" => depth += 1,
            "]" if depth == 1 => break,
            "]" => depth -= 1,
            _ => {}
        }
        j += 1;
    }
    let words: Vec<&str> = t[i + 1..j.min(t.len())]
        .iter()
        .map(|x| x.text.as_str())
        .collect();
    (words == ["cfg", "(", "test", ")"], j + 1)
}

/// Scans the file of module `module`.
pub fn scan(module: &[String], src: &str) -> Scan {
    let t = tokens(src);
    let mut s = Scan::default();
    // Inline modules open at this point: name and the depth inside their braces.
    let mut inline: Vec<(String, usize, bool)> = Vec::new();
    let mut depth = 0usize;
    let mut test_attr = false;
    let mut i = 0;
    let current = |inline: &[(String, usize, bool)]| -> ModPath {
        let mut m = module.to_vec();
        m.extend(inline.iter().map(|(n, _, _)| n.clone()));
        m
    };
    while i < t.len() {
        let in_test = inline.last().is_some_and(|x| x.2);
        match t[i].text.as_str() {
            "#" if t.get(i + 1).is_some_and(|x| x.text == "[") => {
                let (is_test, next) = attribute(&t, i + 1);
                test_attr |= is_test;
                i = next;
                continue;
            }
            "mod" if t.get(i + 1).is_some() => {
                let name = t[i + 1].text.clone();
                match t.get(i + 2).map(|x| x.text.as_str()) {
                    Some(";") if inline.is_empty() => {
                        s.children.push((name, test_attr || in_test));
                        i += 3;
                    }
                    Some("{") => {
                        depth += 1;
                        inline.push((name, depth, test_attr || in_test));
                        i += 3;
                    }
                    _ => i += 1,
                }
                test_attr = false;
                continue;
            }
            "use" => {
                let mut bound = Vec::new();
                let line = t[i].line;
                let end = use_tree(&t, i + 1, &[], &mut bound);
                if !(test_attr || in_test) {
                    let here = current(&inline);
                    for path in bound {
                        s.uses.push((here.clone(), path, line));
                    }
                }
                test_attr = false;
                i = end;
                continue;
            }
            "crate" | "super" | "self" if t.get(i + 1).is_some_and(|x| x.text == "::") => {
                let line = t[i].line;
                let mut path = vec![t[i].text.clone()];
                let mut j = i + 1;
                while t.get(j).is_some_and(|x| x.text == "::")
                    && t.get(j + 1).is_some_and(|x| is_word(&x.text))
                {
                    path.push(t[j + 1].text.clone());
                    j += 2;
                }
                if !in_test {
                    s.uses.push((current(&inline), path, line));
                }
                i = j;
                continue;
            }
            "{" => {
                depth += 1;
                test_attr = false;
            }
            "}" => {
                if inline.last().is_some_and(|x| x.1 == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
                test_attr = false;
            }
            ";" => test_attr = false,
            _ => {}
        }
        i += 1;
    }
    s
}
