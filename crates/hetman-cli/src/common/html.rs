//! The page as one self-contained HTML file with a trace inside.
//!
//! The stylesheet and scripts are inlined and the trace goes into
//! `<script type="application/x-ndjson" id="trace">`; the page finds it there
//! and plays it without a server.

/// The files `index.html` loads, in its order: the stylesheet, then the scripts.
pub(crate) const ASSETS: [&str; 8] = [
    "style.css",
    "symmetry.js",
    "trace.js",
    "jump.js",
    "tree.js",
    "lesson.js",
    "board.js",
    "app.js",
];

const INDEX: &str = include_str!("../../assets/web/index.html");

fn source(name: &str) -> &'static str {
    match name {
        "style.css" => include_str!("../../assets/web/style.css"),
        "symmetry.js" => include_str!("../../assets/web/symmetry.js"),
        "trace.js" => include_str!("../../assets/web/trace.js"),
        "jump.js" => include_str!("../../assets/web/jump.js"),
        "tree.js" => include_str!("../../assets/web/tree.js"),
        "lesson.js" => include_str!("../../assets/web/lesson.js"),
        "board.js" => include_str!("../../assets/web/board.js"),
        "app.js" => include_str!("../../assets/web/app.js"),
        _ => unreachable!("ASSETS lists every file"),
    }
}

/// One HTML file that plays `trace_ndjson` (the JSON Lines of a trace, header
/// first, as `hetman queens trace` writes them) with the page's player; `title`
/// is the page's title as it is (such as "hetman: 8 queens, backtracking"). It
/// needs no server and loads nothing from the network.
///
/// ```ignore
/// let html = export_html(&lines.join("\n"), "8 queens, backtracking");
/// std::fs::write("page.html", html)?;
/// ```
#[must_use]
pub fn export_html(trace_ndjson: &str, title: &str) -> String {
    let mut html = INDEX.replacen(
        "<body data-mode=\"serve\">",
        "<body data-mode=\"export\">",
        1,
    );
    html = html.replacen(
        "<title>hetman</title>",
        &format!("<title>{}</title>", escape_html(title)),
        1,
    );
    for name in ASSETS {
        let (tag, inline) = if name.ends_with(".css") {
            (
                format!("<link rel=\"stylesheet\" href=\"{name}\">"),
                format!("<style>\n{}</style>", source(name)),
            )
        } else {
            (
                format!("<script src=\"{name}\"></script>"),
                format!("<script>\n{}</script>", source(name)),
            )
        };
        html = html.replacen(&tag, &inline, 1);
    }
    // JSON text has no '<' outside strings, and "\u003c" means '<' inside them,
    // so no "</script>" can end the block early.
    let data = trace_ndjson.replace('<', "\\u003c");
    let block = format!(
        "<script type=\"application/x-ndjson\" id=\"trace\">\n{}\n</script>",
        data.trim_end()
    );
    html.replacen(
        "<script type=\"application/x-ndjson\" id=\"trace\"></script>",
        &block,
        1,
    )
}

fn escape_html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn everything_is_inlined() {
        for name in ASSETS {
            let s = source(name);
            assert!(
                !s.to_ascii_lowercase().contains("</script") && !s.contains("<!--"),
                "{name} would end its inline block early"
            );
        }
        let trace =
            "{\"hetman_trace\":1,\"problem\":\"queens\",\"n\":1,\"algorithm\":\"bitboard\"}\n\
                     {\"step\":1,\"event\":\"prune\",\"reason\":\"</script><b>\"}\n";
        let html = export_html(trace, "hetman: 1 queen <&>");
        assert!(html.contains("<body data-mode=\"export\">"));
        assert!(html.contains("<title>hetman: 1 queen &lt;&amp;&gt;</title>"));
        assert!(
            !html.contains(" src=\""),
            "a script is still loaded from a file"
        );
        assert!(!html.contains("href=\"style.css\""));
        assert!(html.contains("\\u003c/script>\\u003cb>"));
        // The scripts and the trace.
        assert_eq!(html.matches("</script>").count(), ASSETS.len() - 1 + 1);
        let block = html.split("id=\"trace\">").nth(1).unwrap();
        assert!(block.trim_start().starts_with("{\"hetman_trace\":1"));
    }
}
