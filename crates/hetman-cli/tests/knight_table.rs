//! `hetman knight table` and exact counts past 64 bits, run as a user would:
//! rows, separators, JSON Lines (numbers up to 2^53, strings beyond), and
//! bad arguments.

mod common;
use common::run;

#[test]
fn table_prints_every_row_with_separators() {
    let (out, err, code) = run(&[
        "knight", "table", "6", "--closed", "--from", "5", "--to", "9",
    ]);
    assert_eq!(code, 0, "{err}");
    // Stderr holds progress lines only (a run over a second ends with one).
    assert!(
        err.lines()
            .all(|l| l.starts_with("hetman: ") && l.contains("squares of the 6 x 9 sweep")),
        "{err}"
    );
    let rows = "n  closed tours (each cycle once) of the 6 x n board\n5  8\n6  9,862\n7  1,067,638\n8  55,488,142\n9  3,374,967,940\n";
    assert_eq!(out, rows);
    let (out, err, code) = run(&[
        "knight", "table", "6", "--closed", "--from", "5", "--to", "9", "--quiet",
    ]);
    assert_eq!((out.as_str(), err.as_str(), code), (rows, "", 0));
}

#[test]
fn wide_tables_count_row_by_row_and_say_which_board() {
    // 7-wide open tours do not fit one sweep: each row is its own count.
    let (out, err, code) = run(&["knight", "table", "7", "--open", "--from", "4", "--to", "6"]);
    assert_eq!(code, 0, "{err}");
    let rows =
        "n  directed open tours of the 7 x n board\n4  12,756\n5  1,245,736\n6  779,938,932\n";
    assert_eq!(out, rows);
    // A line names the board under way, never the sweep of the longest.
    assert!(
        err.lines().all(|l| l.starts_with("hetman: ")
            && l.contains(" squares of the 7 x ")
            && l.contains(" count")
            && !l.contains("sweep")),
        "{err}"
    );
}

#[test]
fn table_json_lines() {
    let (out, _, code) = run(&[
        "knight", "table", "5", "--open", "--from", "4", "--to", "5", "--json",
    ]);
    assert_eq!(code, 0);
    // 5x4 and 5x5 directed open tours.
    assert_eq!(
        out,
        "{\"k\":5,\"n\":4,\"closed\":false,\"count\":164}\n{\"k\":5,\"n\":5,\"closed\":false,\"count\":1728}\n"
    );
    let (out, _, _) = run(&[
        "knight", "table", "3", "--closed", "--from", "60", "--to", "60", "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    // Past 2^53 the count is a string of digits.
    let s = v["count"].as_str().expect("a string past 2^53");
    assert!(s.len() > 16 && s.bytes().all(|b| b.is_ascii_digit()), "{s}");
}

#[test]
fn counts_past_64_bits_are_exact_with_separators() {
    // 3x60 closed tours: past 2^64; the whole-board count (met in the
    // middle) and the table's row (one sweep) agree, grouped by threes.
    let (out, err, code) = run(&["knight", "count", "3x60", "--closed", "-q"]);
    assert_eq!((err.as_str(), code), ("", 0));
    let count = out
        .strip_prefix("3x60: ")
        .and_then(|s| s.split(' ').next())
        .expect("a headline")
        .to_string();
    let groups: Vec<&str> = count.split(',').collect();
    assert!(groups.len() > 7, "{count}");
    assert!(groups[1..].iter().all(|g| g.len() == 3), "{count}");
    let (row, _, _) = run(&[
        "knight", "table", "3", "--closed", "--from", "60", "--to", "60",
    ]);
    assert_eq!(row.lines().nth(1), Some(format!("60  {count}").as_str()));
    let (json, _, _) = run(&["knight", "count", "3x60", "--closed", "--json", "-q"]);
    let digits = count.replace(',', "");
    assert!(json.contains(&format!("\"tours\":\"{digits}\"")), "{json}");
    let (json, _, _) = run(&["knight", "count", "6", "--closed", "--json"]);
    assert!(json.contains("\"tours\":9862"), "{json}");
}

#[test]
fn bad_table_arguments_name_the_argument_and_the_range() {
    for (args, needle) in [
        (&["knight", "table", "13", "--closed", "--to", "5"][..], "K"),
        (&["knight", "table", "0", "--closed", "--to", "5"], "K"),
        (&["knight", "table", "6", "--closed", "--to", "0"], "--to"),
        (
            &[
                "knight", "table", "6", "--closed", "--from", "7", "--to", "5",
            ],
            "--from",
        ),
        (&["knight", "table", "6", "--to", "5"], "--closed"),
        (
            &["knight", "table", "6", "--closed", "--open", "--to", "5"],
            "--open",
        ),
    ] {
        let (out, err, code) = run(args);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
