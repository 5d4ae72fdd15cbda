//! The code of the traced searches, as listings whose lines the events name.
//!
//! Every event of a trace (schema 2) carries the id of the line of the
//! listing it comes from ([`line_id`]); a player highlights that line. Each
//! algorithm a trace can play has one listing in two dialects: pseudocode in
//! the seeds' structure ([`Dialect::Pseudo`], the default) and C as the
//! articles' readers know it ([`Dialect::C`]). Every id an event can carry
//! appears exactly once in each dialect of its algorithm, and in the same
//! order; a test steps both against the real searches.
//!
//! # Example
//! ```
//! use hetman::trace::code::{line_id, listing, Algorithm, Dialect};
//! use hetman::trace::{QueensAlgorithm, QueensTrace};
//! let alg = Algorithm::Queens(QueensAlgorithm::Backtracking);
//! let mut trace = QueensTrace::new(8, QueensAlgorithm::Backtracking).unwrap();
//! let first = trace.next().unwrap(); // test(a) is called
//! let id = line_id(alg, &first);
//! let line = listing(alg, Dialect::Pseudo).iter().find(|l| l.id == Some(id)).unwrap();
//! assert_eq!(line.text, "procedure test(c)");
//! ```

use super::event::{Event, Header, KnightOrder, QueensAlgorithm};
use serde::Serialize;

/// A language the listings are written in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Dialect {
    /// Pseudocode in the seeds' structure (`test(c)`, `possible`, `put`, `remove`).
    #[default]
    Pseudo,
    /// C, as the seed articles' readers know it.
    C,
}

impl Dialect {
    /// Both dialects.
    pub const ALL: [Dialect; 2] = [Dialect::Pseudo, Dialect::C];

    /// The name in the API (`pseudo`, `c`).
    ///
    /// ```
    /// assert_eq!(hetman::trace::code::Dialect::C.name(), "c");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Dialect::Pseudo => "pseudo",
            Dialect::C => "c",
        }
    }

    /// The dialect of a name, `None` for a name not known.
    ///
    /// ```
    /// use hetman::trace::code::Dialect;
    /// assert_eq!(Dialect::from_name("pseudo"), Some(Dialect::Pseudo));
    /// assert_eq!(Dialect::from_name("pascal"), None);
    /// ```
    #[must_use]
    pub fn from_name(name: &str) -> Option<Dialect> {
        Dialect::ALL.into_iter().find(|d| d.name() == name)
    }
}

/// A search a trace can play: the listing to show beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// A queens search.
    Queens(QueensAlgorithm),
    /// The knight's search in a move order.
    Knight(KnightOrder),
}

impl Algorithm {
    /// Every algorithm with a listing.
    pub const ALL: [Algorithm; 6] = [
        Algorithm::Queens(QueensAlgorithm::Backtracking),
        Algorithm::Queens(QueensAlgorithm::Bitboard),
        Algorithm::Queens(QueensAlgorithm::Brute),
        Algorithm::Queens(QueensAlgorithm::Permutations),
        Algorithm::Knight(KnightOrder::Plain),
        Algorithm::Knight(KnightOrder::Warnsdorff),
    ];

    /// The name in the API: `backtracking`, `bitboard`, `brute`,
    /// `permutations` (queens), `plain`, `warnsdorff` (knight).
    ///
    /// ```
    /// use hetman::trace::{code::Algorithm, KnightOrder};
    /// assert_eq!(Algorithm::Knight(KnightOrder::Plain).name(), "plain");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::Queens(a) => a.name(),
            Algorithm::Knight(o) => o.name(),
        }
    }

    /// The algorithm of a name, `None` for a name not known.
    ///
    /// ```
    /// use hetman::trace::{code::Algorithm, QueensAlgorithm};
    /// assert_eq!(Algorithm::from_name("brute"), Some(Algorithm::Queens(QueensAlgorithm::Brute)));
    /// assert_eq!(Algorithm::from_name("dancing-links"), None);
    /// ```
    #[must_use]
    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.name() == name)
    }

    /// The algorithm a trace's header names.
    ///
    /// ```
    /// use hetman::trace::{code::Algorithm, Header, QueensAlgorithm};
    /// let h = Header::Queens { n: 8, algorithm: QueensAlgorithm::Bitboard };
    /// assert_eq!(Algorithm::of(&h), Algorithm::Queens(QueensAlgorithm::Bitboard));
    /// ```
    #[must_use]
    pub fn of(header: &Header) -> Algorithm {
        match header {
            Header::Queens { algorithm, .. } => Algorithm::Queens(*algorithm),
            Header::Knight { order, .. } => Algorithm::Knight(*order),
        }
    }
}

/// One line of a listing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CodeLine {
    /// The id events name it by; `None` for a line no event comes from.
    pub id: Option<&'static str>,
    /// The text, indented with spaces.
    pub text: &'static str,
}

const fn l(text: &'static str) -> CodeLine {
    CodeLine { id: None, text }
}

const fn at(id: &'static str, text: &'static str) -> CodeLine {
    CodeLine { id: Some(id), text }
}

/// The listing of `algorithm` in `dialect`.
///
/// ```
/// use hetman::trace::code::{listing, Algorithm, Dialect};
/// for a in Algorithm::ALL {
///     for d in Dialect::ALL {
///         assert!(listing(a, d).iter().any(|l| l.id == Some("main.end")));
///     }
/// }
/// ```
#[must_use]
pub fn listing(algorithm: Algorithm, dialect: Dialect) -> &'static [CodeLine] {
    use Dialect::{Pseudo, C};
    match (algorithm, dialect) {
        (Algorithm::Queens(QueensAlgorithm::Backtracking), Pseudo) => BACKTRACKING_PSEUDO,
        (Algorithm::Queens(QueensAlgorithm::Backtracking), C) => BACKTRACKING_C,
        (Algorithm::Queens(QueensAlgorithm::Bitboard), Pseudo) => BITBOARD_PSEUDO,
        (Algorithm::Queens(QueensAlgorithm::Bitboard), C) => BITBOARD_C,
        (Algorithm::Queens(QueensAlgorithm::Brute), Pseudo) => BRUTE_PSEUDO,
        (Algorithm::Queens(QueensAlgorithm::Brute), C) => BRUTE_C,
        (Algorithm::Queens(QueensAlgorithm::Permutations), Pseudo) => PERMUTATIONS_PSEUDO,
        (Algorithm::Queens(QueensAlgorithm::Permutations), C) => PERMUTATIONS_C,
        (Algorithm::Knight(KnightOrder::Plain), Pseudo) => PLAIN_PSEUDO,
        (Algorithm::Knight(KnightOrder::Plain), C) => PLAIN_C,
        (Algorithm::Knight(KnightOrder::Warnsdorff), Pseudo) => WARNSDORFF_PSEUDO,
        (Algorithm::Knight(KnightOrder::Warnsdorff), C) => WARNSDORFF_C,
    }
}

/// The id of the line of `algorithm`'s listing that `event` comes from.
///
/// The same event may come from different lines in different algorithms
/// (a `solution` of brute force is `brute.solution`, of backtracking
/// `test.solution`); an event that `algorithm` never gives gets the id its
/// kind has in the listings where it occurs.
///
/// ```
/// use hetman::Square;
/// use hetman::trace::{code::{line_id, Algorithm}, Event, QueensAlgorithm};
/// let put = Event::Put { file: 0, rank: 0, square: Square::new(0, 0), depth: 1 };
/// assert_eq!(line_id(Algorithm::Queens(QueensAlgorithm::Bitboard), &put), "test.put");
/// ```
#[must_use]
pub fn line_id(algorithm: Algorithm, event: &Event) -> &'static str {
    match event {
        Event::Call { .. } => "test.call",
        Event::Try { .. } => "test.try",
        Event::Refuse { .. } => "test.possible",
        Event::Put { .. } => "test.put",
        Event::Remove { .. } => "test.remove",
        Event::Solution { .. } => match algorithm {
            Algorithm::Queens(QueensAlgorithm::Brute) => "brute.solution",
            Algorithm::Queens(QueensAlgorithm::Permutations) => "perm.solution",
            _ => "test.solution",
        },
        Event::Placement { .. } => "brute.place",
        Event::Score { .. } => "brute.score",
        Event::Permutation { .. } => "perm.try",
        Event::Move { .. } => "try.move",
        Event::Candidates { .. } => "try.candidates",
        Event::DeadEnd { .. } => "try.dead_end",
        Event::Prune { .. } => "try.prune",
        Event::Back { .. } => "try.back",
        Event::Tour { .. } => "try.tour",
        Event::End { .. } => "main.end",
    }
}

/// Every id the events of `algorithm` can carry, in the order of its listings.
///
/// ```
/// use hetman::trace::{code::{ids, Algorithm}, QueensAlgorithm};
/// assert_eq!(ids(Algorithm::Queens(QueensAlgorithm::Permutations)), ["perm.try", "perm.solution", "main.end"]);
/// ```
#[must_use]
pub fn ids(algorithm: Algorithm) -> &'static [&'static str] {
    match algorithm {
        Algorithm::Queens(QueensAlgorithm::Backtracking) => &[
            "test.call",
            "test.try",
            "test.possible",
            "test.put",
            "test.solution",
            "test.remove",
            "main.end",
        ],
        Algorithm::Queens(QueensAlgorithm::Bitboard) => &[
            "test.call",
            "test.put",
            "test.solution",
            "test.remove",
            "main.end",
        ],
        Algorithm::Queens(QueensAlgorithm::Brute) => {
            &["brute.place", "brute.score", "brute.solution", "main.end"]
        }
        Algorithm::Queens(QueensAlgorithm::Permutations) => {
            &["perm.try", "perm.solution", "main.end"]
        }
        Algorithm::Knight(KnightOrder::Plain) => &[
            "try.move",
            "try.tour",
            "try.dead_end",
            "try.back",
            "main.end",
        ],
        Algorithm::Knight(KnightOrder::Warnsdorff) => &[
            "try.move",
            "try.tour",
            "try.prune",
            "try.candidates",
            "try.dead_end",
            "try.back",
            "main.end",
        ],
    }
}

/// The index of the line with `id` in `lines`.
///
/// ```
/// use hetman::trace::code::{listing, position, Algorithm, Dialect};
/// use hetman::trace::KnightOrder;
/// let lines = listing(Algorithm::Knight(KnightOrder::Plain), Dialect::C);
/// assert_eq!(position(lines, "try.move"), Some(0));
/// ```
#[must_use]
pub fn position(lines: &[CodeLine], id: &str) -> Option<usize> {
    lines.iter().position(|l| l.id == Some(id))
}

const BACKTRACKING_PSEUDO: &[CodeLine] = &[
    at("test.call", "procedure test(c)"),
    at("test.try", "  for r := 1 to N do"),
    at("test.possible", "    if possible(r, c) then"),
    at("test.put", "      put(r, c)"),
    l("      if c = N then"),
    at("test.solution", "        print the code"),
    l("      else"),
    l("        test(c + 1)"),
    at("test.remove", "      remove(r, c)"),
    l(""),
    l("function possible(r, c)"),
    l("  return row[r] and up[r + c] and down[r - c + N]"),
    l(""),
    l("procedure put(r, c)"),
    l("  code[c] := r"),
    l("  row[r] := false; up[r + c] := false"),
    l("  down[r - c + N] := false"),
    l(""),
    l("procedure remove(r, c)"),
    l("  row[r] := true; up[r + c] := true"),
    l("  down[r - c + N] := true"),
    l(""),
    l("row, up, down := all true"),
    l("test(1)"),
    at("main.end", "print the number of solutions"),
];

const BACKTRACKING_C: &[CodeLine] = &[
    at("test.call", "void test(int c)"),
    l("{"),
    l("    int r;"),
    at("test.try", "    for (r = 1; r <= N; r++)"),
    at(
        "test.possible",
        "        if (row[r] && up[r + c] && down[r - c + N]) {",
    ),
    at("test.put", "            put(r, c);"),
    l("            if (c == N)"),
    at("test.solution", "                print_code();"),
    l("            else"),
    l("                test(c + 1);"),
    at("test.remove", "            remove(r, c);"),
    l("        }"),
    l("}"),
    l(""),
    l("void put(int r, int c)"),
    l("{"),
    l("    code[c] = r;"),
    l("    row[r] = 0; up[r + c] = 0; down[r - c + N] = 0;"),
    l("}"),
    l(""),
    l("void remove(int r, int c)"),
    l("{"),
    l("    row[r] = 1; up[r + c] = 1; down[r - c + N] = 1;"),
    l("}"),
    l(""),
    l("int main(void)"),
    l("{"),
    l("    /* row, up, down: all 1 */"),
    l("    test(1);"),
    at("main.end", "    printf(\"%d solutions\\n\", solutions);"),
    l("    return 0;"),
    l("}"),
];

const BITBOARD_PSEUDO: &[CodeLine] = &[
    at("test.call", "procedure test(c, ranks, ups, downs)"),
    l("  free := the ranks 1..N not in ranks, ups or downs"),
    l("  while free is not empty do"),
    l("    bit := the lowest rank in free; free := free - bit"),
    at("test.put", "    put the queen of file c on rank bit"),
    l("    if c = N then"),
    at("test.solution", "      print the code"),
    l("    else"),
    l("      test(c + 1, ranks + bit,"),
    l("           (ups + bit) one rank up,"),
    l("           (downs + bit) one rank down)"),
    at("test.remove", "    take the queen of file c back"),
    l(""),
    l("test(1, {}, {}, {})"),
    at("main.end", "print the number of solutions"),
];

const BITBOARD_C: &[CodeLine] = &[
    at("test.call", "void test(int c, unsigned ranks,"),
    l("          unsigned ups, unsigned downs)"),
    l("{"),
    l("    unsigned free = ~(ranks | ups | downs) & ALL;"),
    l("    while (free) {"),
    l("        unsigned bit = free & -free;"),
    l("        free -= bit;"),
    at("test.put", "        code[c] = bit;"),
    l("        if (c == N)"),
    at("test.solution", "            print_code();"),
    l("        else"),
    l("            test(c + 1, ranks | bit,"),
    l("                 (ups | bit) << 1, (downs | bit) >> 1);"),
    at("test.remove", "        code[c] = 0;"),
    l("    }"),
    l("}"),
    l(""),
    l("int main(void)"),
    l("{"),
    l("    test(1, 0, 0, 0);"),
    at("main.end", "    printf(\"%d solutions\\n\", solutions);"),
    l("    return 0;"),
    l("}"),
];

const BRUTE_PSEUDO: &[CodeLine] = &[
    l("for q[1] := 1 to N do"),
    l("  for q[2] := 1 to N do"),
    l("    ...  (one loop per file: N nested loops, N^N placements)"),
    at("brute.place", "      for q[N] := 1 to N do"),
    l("        pairs := 0"),
    l("        for each pair of files i < j do"),
    l("          if q[i] <> q[j] and |q[i] - q[j]| <> j - i then"),
    l("            pairs := pairs + 1"),
    at("brute.score", "        if pairs = N(N - 1)/2 then"),
    at("brute.solution", "          print q"),
    at("main.end", "print the number of solutions"),
];

const BRUTE_C: &[CodeLine] = &[
    l("for (q[1] = 1; q[1] <= N; q[1]++)"),
    l(" for (q[2] = 1; q[2] <= N; q[2]++)"),
    l("  /* ... one loop per file: 8 for N = 8 ... */"),
    at("brute.place", "   for (q[N] = 1; q[N] <= N; q[N]++) {"),
    l("       pairs = 0;"),
    l("       for (i = 1; i < N; i++)"),
    l("           for (j = i + 1; j <= N; j++)"),
    l("               if (q[i] != q[j] && abs(q[i] - q[j]) != j - i)"),
    l("                   pairs++;"),
    at("brute.score", "       if (pairs == N * (N - 1) / 2)"),
    at("brute.solution", "           print(q);"),
    l("   }"),
    at("main.end", "printf(\"%d solutions\\n\", solutions);"),
];

const PERMUTATIONS_PSEUDO: &[CodeLine] = &[
    l("q := (1, 2, ..., N)"),
    l("repeat"),
    at(
        "perm.try",
        "  if no files i < j have |q[i] - q[j]| = j - i then",
    ),
    at("perm.solution", "    print q"),
    l("  q := the next order of 1..N"),
    l("until there is none (N! orders)"),
    at("main.end", "print the number of solutions"),
];

const PERMUTATIONS_C: &[CodeLine] = &[
    l("for (i = 1; i <= N; i++)"),
    l("    q[i] = i;"),
    l("do {"),
    at("perm.try", "    if (diagonals_free(q))"),
    at("perm.solution", "        print(q);"),
    l("} while (next_permutation(q));"),
    at("main.end", "printf(\"%d solutions\\n\", solutions);"),
];

const PLAIN_PSEUDO: &[CodeLine] = &[
    at("try.move", "procedure try(i, s)"),
    l("  board[s] := i"),
    l("  if i = the number of free squares then"),
    at("try.tour", "    print the board"),
    l("  else"),
    l("    for each of the 8 moves, in the seed's order do"),
    l("      t := s + the move"),
    l("      if t is on the board and board[t] = 0 then"),
    l("        try(i + 1, t)"),
    at("try.dead_end", "    if no move could be made: a dead end"),
    at("try.back", "  board[s] := 0"),
    l(""),
    l("try(1, the start square)"),
    at("main.end", "print the number of tours"),
];

const PLAIN_C: &[CodeLine] = &[
    at("try.move", "void try(int i, int x, int y)"),
    l("{"),
    l("    int k, u, v, moved = 0;"),
    l("    board[x][y] = i;"),
    l("    if (i == free_squares)"),
    at("try.tour", "        print_board();"),
    l("    else {"),
    l("        for (k = 0; k < 8; k++) {"),
    l("            u = x + dx[k]; v = y + dy[k];"),
    l("            if (on_board(u, v) && board[u][v] == 0) {"),
    l("                moved = 1;"),
    l("                try(i + 1, u, v);"),
    l("            }"),
    l("        }"),
    at("try.dead_end", "        if (!moved) dead_ends++;"),
    l("    }"),
    at("try.back", "    board[x][y] = 0;"),
    l("}"),
    l(""),
    l("int main(void)"),
    l("{"),
    l("    try(1, x0, y0);"),
    at("main.end", "    printf(\"%d tours\\n\", tours);"),
    l("    return 0;"),
    l("}"),
];

const WARNSDORFF_PSEUDO: &[CodeLine] = &[
    at("try.move", "procedure try(i, s)"),
    l("  board[s] := i"),
    l("  if i = the number of free squares then"),
    at("try.tour", "    print the board"),
    l("  else if a free square next to s is cut off then"),
    at("try.prune", "    give this move up at once"),
    l("  else"),
    at(
        "try.candidates",
        "    list := moves from s, fewest onward moves first",
    ),
    l("    for each t in list do"),
    l("      try(i + 1, t)"),
    at("try.dead_end", "    if list is empty: a dead end"),
    at("try.back", "  board[s] := 0"),
    l(""),
    l("try(1, the start square)"),
    at("main.end", "print the number of tours"),
];

const WARNSDORFF_C: &[CodeLine] = &[
    at("try.move", "void try(int i, int s)"),
    l("{"),
    l("    int k, n, list[8];"),
    l("    board[s] = i;"),
    l("    if (i == free_squares)"),
    at("try.tour", "        print_board();"),
    l("    else if (cut_off(s))"),
    at(
        "try.prune",
        "        ; /* a square next to s is cut off: give up */",
    ),
    l("    else {"),
    at(
        "try.candidates",
        "        n = candidates(s, list); /* fewest onward moves first */",
    ),
    l("        for (k = 0; k < n; k++)"),
    l("            try(i + 1, list[k]);"),
    at("try.dead_end", "        if (n == 0) dead_ends++;"),
    l("    }"),
    at("try.back", "    board[s] = 0;"),
    l("}"),
    l(""),
    l("int main(void)"),
    l("{"),
    l("    try(1, start);"),
    at("main.end", "    printf(\"%d tours\\n\", tours);"),
    l("    return 0;"),
    l("}"),
];
