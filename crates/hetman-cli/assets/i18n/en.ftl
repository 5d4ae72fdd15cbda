# hetman's messages in English, the default language.
# Every id here must be in pl.ftl and ru.ftl too, with the same variables
# (crates/hetman-cli/tests/i18n.rs checks). The seeds' own names (test,
# possible, put, remove, row, up, down, try, squares like a5) stay as written.

## Counting words

queens-count = { $n } { $n ->
    [one] queen
   *[other] queens
}

## A trace in words: `trace` text and the watch's last step

event-call = call test({ $file }), { $depth } on the board
event-node = node at file { $file }: free ranks { $ranks }
event-none = none
event-try = try { $square }
event-refuse = refuse { $square }: { $lines } taken
event-put = put { $square }, { $depth } on the board
event-remove = remove { $square }
event-solution = solution { $number }: { $code }
event-placement = placement { $code }
event-score = score { $pairs } of { $of }: { $pairs } { $pairs ->
    [one] pair
   *[other] pairs
} of queens do not attack each other
event-permutation-clash = permutation { $code }: the queens on files { $i } and { $j } share a diagonal
event-permutation-ok = permutation { $code }: no two queens on a diagonal
event-start = start on { $square } (1)
event-move = move { $from } -> { $square } ({ $number })
event-candidates = from { $square }: { $list }
event-candidates-none = from { $square }: no free square
event-dead-end = dead end on { $square } ({ $number }): no free square to move to
event-prune = prune { $square }: a free square next to the last one can no longer be entered and left
event-back = back from { $square } ({ $number })
event-tour = tour { $number }: { $path }
event-end = end: { $counters }
event-end-limit = end (stopped by a limit): { $counters }
trace-over = the search is over
trace-stopped = stopped by the limit
trace-header = hetman trace: { $title }

## The GIF of a trace's steps (`trace --gif`, the page's GIF): the lines under the board

gif-step = step { $step }: { $event }
gif-before-first = the board before the first step

## The counters

counter-calls = calls
counter-tries = tries
counter-refusals = refusals
counter-placements = placements
counter-backtracks = backtracks
counter-solutions = solutions
counter-moves = moves
counter-dead-ends = dead ends
counter-prunes = prunes
counter-tours = tours
counter-placements-scored = placements scored
counter-permutations-tried = permutations tried

## What is traced

title-queens = { $n } { $n ->
    [one] queen
   *[other] queens
}, { $algorithm }
algorithm-backtracking = the seeds' backtracking test(c)
algorithm-bitboard = the bitboard search
algorithm-brute = brute force, every placement with one queen per file
algorithm-permutations = every permutation of the ranks
title-knight = knight on { $width }x{ $height } from { $start }, { $order }
order-plain = the seed's order
order-warnsdorff = Warnsdorff's order
title-closed = closed tours
title-blocked = blocked { $squares }

## The terminal animation (`watch`)

watch-header = hetman watch: { $title }
watch-key-space = space
watch-key-play = play/pause
watch-key-step = step
watch-key-speed = speed
watch-key-next = next solution
watch-key-goto = go to step
watch-key-code = code
watch-key-dialect = pseudo/C
watch-key-quit = quit
watch-too-small = terminal too small
watch-too-small-size = { $width }x{ $height } here; the board needs { $need-width }x{ $need-height } at least
watch-enlarge = enlarge the terminal, or q to quit
watch-finished = finished
watch-playing = playing
watch-paused = paused
watch-status = step { $step }  { $state }  { $speed } { $rate ->
    [one] step
   *[other] steps
}/s
watch-nothing-yet = (nothing yet: press space or the right arrow)
watch-goto-prompt = go to step: { $typed }_ (Enter goes, Esc not)
watch-placement = placement { $code }
watch-one-per-file = (one queen on each file)
watch-depth = depth { $depth }
watch-stack = stack { $squares }
watch-empty = (empty)
watch-ruled-out = ruled out by
watch-path = path { $squares }
watch-knight-legend = * knight  ! dead end  (d) onward moves
watch-at-start = at the start
watch-no-further-solution = No further solution: { $found }.
watch-no-further-tour = No further tour: { $found }.
watch-no-solution-within = no solution in the next { $steps } steps; press n to go on
watch-goto-too-far = step { $step } is more than { $cap } steps ahead: go in parts (g, or n to the next solution)
watch-search-ends = the search ends at step { $step }: { $found }
watch-at-step = at step { $step }
watch-no-step = no step given
watch-key-goto-solution = go to solution
watch-goto-solution-prompt = go to solution: { $typed }_ (Enter goes, Esc not)
watch-goto-tour-prompt = go to tour: { $typed }_ (Enter goes, Esc not)
watch-at-solution = solution { $number }, at step { $step }
watch-at-tour = tour { $number }, at step { $step }
watch-no-such-solution = no solution { $number }: { $found }
watch-no-such-tour = no tour { $number }: { $found }
watch-solution-too-far = number { $number } is more than { $cap } steps ahead: at step { $step } now with { $have } found; s again goes on
watch-no-solution-number = no number given (solutions count from 1)
found-tours = { $count ->
    [0] no tour from { $start }: the search is over
    [one] 1 tour from { $start }, the search is over
   *[other] { $shown } tours from { $start }, the search is over
}
found-closed-tours = { $count ->
    [0] no closed tour from { $start }: the search is over
    [one] 1 closed tour from { $start }, the search is over
   *[other] { $shown } closed tours from { $start }, the search is over
}
found-solutions = { $count ->
    [0] no solution: the search is over
    [one] 1 solution, the search is over
   *[other] { $shown } solutions, the search is over
}
code-pseudocode = pseudocode
code-hint = { $dialect } (d: { $other }, c: hide)
code-before-first = (before the first step)
code-file = c = { $c } (file { $file })
code-called = { $where }: test(c) is called
code-free-ranks = free = ranks { $ranks }
code-bit-rank = { $where }, bit = rank { $rank }
code-no-diagonal = no two files on a diagonal
code-start = i = { $number }, s = { $square } (the start)
code-from = i = { $number }, s = { $square } (from { $from })
code-list-empty = list = empty
code-dead-end = i = { $number }, s = { $square }: no free square one move away
code-it-was = board[{ $square }] := 0 (it was { $number })
code-tour = tour { $number }
code-stopped = stopped
code-pairs = pairs = { $pairs } of { $of }
code-solution = solution { $number }: code = { $code }

## The web page: index.html (`x` is code, [[x]] a key, ^x^ a superscript)

page-skip = Skip to the board
page-tagline = backtracking, step by step
page-language = Language
page-problem = Problem
page-tab-queens = N queens
page-tab-knight = Knight's tour
page-tab-compare = Compare the methods
page-setup = Choose the problem
page-queens-n = Queens, N (1 to 16)
page-search = Search
page-alg-backtracking = backtracking: the seeds' test(c)
page-alg-bitboard = bitboard: the same on bit masks
page-alg-brute = brute force: every placement, one queen per file (N up to 8)
page-alg-permutations = permutations: one queen per rank and file (N up to 12)
page-load = Load the search
page-hint-queens = For N = 8 the seeds count 1965 calls of `test` and 92 solutions, 12 of them unique.
page-knight-size = Board: N or W×H
page-knight-size-hint = Up to 8×8 for the step-by-step search; any size for a finished tour.
page-move-order = Move order
page-order-plain = plain: the seed's fixed order
page-order-warnsdorff = Warnsdorff: fewest onward moves first
page-closed = closed tour (ends a move from the start)
page-click = A click on a square
page-click-start = sets the start
page-click-block = blocks or frees it
page-start = Start:
page-blocked = Blocked:
page-free-all = Free all
page-show-tour = Show a finished tour
page-compare-n = Queens, N (1 to 8)
page-compare-speed = Steps a second, each
page-top-speed = top speed
page-run-race = Run the race
page-fast-forward = Fast-forward to the end
page-hint-compare = The seeds compare the work: C(64,8) = 4,426,165,368 placements of 8 queens anywhere, 8^8^ = 16,777,216 with one per file, 8! = 40,320 with one per rank and file, and 1965 calls of `test`.
page-open-file = Or open a trace file (JSON Lines from `hetman … trace`)
page-stage = The search
page-board = Board
page-code = The code
page-code-label = The procedure, with the line of the current step lit
page-controls = Player controls
page-restart = Back to the start
page-restart-title = Back to the start (Home)
page-back = One step back
page-back-title = One step back (←)
page-play = Play
page-pause = Pause
page-play-title = Play or pause (space)
page-forward = One step forward
page-forward-title = One step forward (→)
page-next = Run to the next solution
page-next-title = Run to the next solution (n)
page-speed = Speed
page-step = Step
page-goto = Go to
page-goto-label = Go to a step or a solution
page-goto-step = step
page-goto-solution = solution
page-goto-placeholder = e.g. 10,000,000
page-go = Go
page-ask-edit = Change the setup
page-ask-keep = Keep the search
page-far-warnsdorff = Load Warnsdorff's search instead
page-callstack = Call stack
page-arrays = Arrays
page-tree = Search tree
page-tree-view = Tree view
page-zoom-out = Zoom out
page-zoom-in = Zoom in
page-fit-all = Fit all
page-tree-cuts = show cut branches (refused tries)
page-depth = Calls per depth
page-compared = The methods compared
page-side-by-side = The seeds' methods, side by side
page-counters = Counters
page-legend = Legend
page-solutions = Solutions found
page-solutions-so-far = Solutions found so far
page-download = Download
page-dl-svg = Board as SVG
page-dl-png = Board as PNG
page-dl-trace = Trace as JSON Lines
page-dl-page = Player as one HTML page
page-dl-gif = GIF of the steps
page-embed = Embed
page-embed-code = The iframe snippet of this page
page-footer = Keys: [[space]] play or pause, [[←]] [[→]] one step, [[n]] next solution, [[Home]] back to the start. Made with hetman: the events of `hetman queens trace` and `hetman knight trace`.

## The web page at run time: the narration of a step (trace.js)

step-start = The start: nothing done yet.
step-call = Call test({ $file }), { $depth } on the board.
step-call-free = Call test({ $file }), { $depth } on the board; free ranks: { $ranks }.
step-node = A node for file { $file }, { $depth } on the board.
step-node-free = A node for file { $file }, { $depth } on the board; free ranks: { $ranks }.
step-try = Try { $square }.
step-refuse = { $square } is refused: ruled out by { $lines }.
step-put = Put a queen on { $square } ({ $depth } on the board).
step-remove = Remove the queen from { $square }: back up.
step-solution = Solution { $number }: { $code }.
step-solution-bare = Solution { $number }.
step-knight-start = The knight starts on { $square } (1).
step-move = Move { $number }: { $from } to { $square }.
step-candidates = From { $square } the knight may go to { $list }: fewest onward moves first.
step-candidates-none = From { $square } there is no free square.
step-dead-end = Dead end on { $square } after { $number } squares: no free square to move to.
step-prune = Prune { $square } ({ $number }): { $why }.
step-prune-strand = it would strand a square
step-back = Back up: { $square } ({ $number }) is free again.
step-tour = Tour { $number } found.
step-placement = The loops give the placement { $code }.
step-score = { $pairs } of { $of } pairs of queens do not attack each other.
step-score-solution = { $pairs } of { $of } pairs of queens do not attack each other: a solution.
step-permutation-ok = Permutation { $code }: no two queens share a diagonal.
step-permutation-clash = Permutation { $code }: the queens of files { $i } and { $j } share a diagonal.

## The web page at run time: status line, counters, stack, end (app.js)

now-start = The start: press play, or → for one step.
now-base = Step { $step }: the board as the search leaves it there (the steps before are not loaded).
now-showing-solution = Showing solution { $number }; the search waits at step { $step } (play or step to go on).
now-showing-tour = Showing tour { $number }; the search waits at step { $step } (play or step to go on).
now-setup = Click a square to set the start or to block it, then load the search.
status-step = step { $step }
status-of = of { $count }
status-of-loaded = of { $count } loaded so far
stack-depth = Recursion depth { $depth }: { $path }
history-cut = History cut: the page keeps at most { $cap } events, so the steps before { $step } are gone and a step back stops there.
end-check-ok = ✓ The search is over, and these counters equal the trace's end line.
end-check-bad = ✗ { $key } is { $mine } here but { $theirs } in the end line.
end-cut-limit = The trace was cut by a limit at step { $step }: the search did not run to its end.
end-trace-short = the trace ends here, before the search does.
end-no-solution = No solution for { $n } queens, the search is over.
end-solutions = { $count ->
    [one] { $shown } solution
   *[other] { $shown } solutions
}, the search is over.
end-no-tour = No tour from { $start }, the search is over after { $moves } { $entered ->
    [one] square
   *[other] squares
} entered.
end-tours = { $count ->
    [one] { $shown } tour
   *[other] { $shown } tours
} from { $start }, the search is over after { $moves } { $entered ->
    [one] square
   *[other] squares
} entered.
end-closed-start = { $start } (closed)
counter-calls-test = calls of test
counter-depth-now = depth (now)
sum-solutions = { $count ->
    [one] { $shown } solution
   *[other] { $shown } solutions
}
sum-tours = { $count ->
    [one] { $shown } tour
   *[other] { $shown } tours
}
sum-over = , the search is over
sum-held = in the steps the trace holds
sum-so-far = found so far
sum-keeps = (the list keeps the first { $found })
sum-classes = , in { $count ->
    [one] { $shown } symmetry class
   *[other] { $shown } symmetry classes
}
sum-class-part = { $count } of { $size }
sum-smaller = not { $classes }·8 = { $all }: some solutions are their own image under a turn, so their class is smaller.

## The web page at run time: the legend (legend.js)

legend-not-free = not free: attacked, so the file's mask rules it out
legend-free = free: the ranks this node may try
legend-row = row: a queen on the same rank
legend-up = up (the seeds' up[r+c]): a queen on the diagonal falling to the right
legend-down = down (the seeds' down[r−c+N]): a queen on the diagonal rising to the right
legend-tried = the square tried now (dark and yellow frame)
legend-refused = refused, with the lines that rule it out
legend-file = the file (column) of the current call
legend-solution = a solution
legend-path = the knight's path, numbered
legend-dead-ends = dead ends so far (darker: more)
legend-dead-end = a dead end now: no free square
legend-candidate = Warnsdorff: a next square and its onward moves
legend-pruned = a move pruned
legend-blocked = a blocked square
legend-start = the start
legend-tour = a tour

## The web page at run time: predict the next step (predict.js)

predict-toggle = Predict the next step
predict-score = Right answers / asked:
predict-reset = Reset the score
predict-skip = Show me (not scored)
predict-answers = Answers
predict-back = back up
predict-dead = dead end
predict-ask-tried = The search tries { $square }. Is it free? Then click { $square } (the queen goes there); if not, choose the line that refuses it: row, up or down.
predict-ask-queens = What next? Click the square the search tries next, or choose “back up” if it takes a queen away.
predict-ask-bitboard = What next? Click the square of the next queen, or choose “back up” if the search takes a queen away.
predict-ask-knight = Where does the knight go next? Click the square, or choose “dead end” if it has no free square, or “back up” if it steps back.
predict-waiting = Waiting for the next steps of the trace…
predict-over = The search is over: nothing left to predict.
predict-unsupported = Predict mode follows the backtracking searches: the queens' backtracking and bitboard, and the knight.
predict-hold = Predict mode is on: answer the question, or choose “Show me”.
predict-right = ✓ Right! { $what }
predict-wrong = ✗ Not this time: you chose { $yours }. What happens: { $what }
predict-skipped = Shown, not scored: { $what }
predict-line = the line { $line }

## The web page at run time: call stack, arrays, calls per depth, tree (lesson.js)

lesson-stack-empty = No call yet.
lesson-stack-over = The search is over: test(1) has returned.
lesson-head-depth = depth
lesson-head-call = call
lesson-head-tries = tries now
lesson-head-refused = last refused, and why
lesson-head-move = move
lesson-head-square = square
lesson-head-next = next squares (Warnsdorff)
lesson-call = test({ $c }) file { $file }
lesson-placed = placed on { $square }
lesson-trying = tries { $square }
lesson-arrays-head = The seeds' arrays (files c and ranks r from 1): 1 = free, 0 = taken by a queen
lesson-arrays-bits = The bitboard search keeps these as bit masks; the arrays show the same squares.
lesson-no-arrays-brute = Brute force keeps no arrays: it scores every placement, one queen per file.
lesson-no-arrays-permutations = The permutations keep no arrays: each order of the ranks is checked on its diagonals.
lesson-no-tree = This method walks no tree: it runs through every placement (or order) in turn.
lesson-arrays-knight = The knight's array is the board itself: each square holds its move number (0: not entered).
lesson-read = read now
lesson-wrote = written now
lesson-refuses = refuses the square
lesson-dead-end = dead end
lesson-pruned = pruned: { $why }
lesson-depth-head-calls = calls per depth
lesson-depth-head-moves = squares entered per depth
lesson-depth-calls = calls of test(c) by queens on the board
lesson-depth-moves = squares entered by move number
lesson-sum-calls = Together { $shown } { $count ->
   *[other] calls
} so far.
lesson-sum-calls-over = Together { $shown } { $count ->
   *[other] calls
}: the search is over.
lesson-sum-moves = Together { $shown } { $count ->
   *[other] squares entered
} so far.
lesson-sum-moves-over = Together { $shown } { $count ->
   *[other] squares entered
}: the search is over.
lesson-tree-summary = The tree is too large to draw here (more than { $nodes } nodes, or the steps before this point are not kept): the calls per depth below and the path above summarise it.
lesson-tree-shown = { $made } { $count ->
   *[other] nodes
} so far; the current path has { $path } { $path ->
    [one] node
   *[other] nodes
}.
lesson-path = Current path: { $path }

## The web page at run time: the methods compared (compare.js)

compare-brute-title = Brute force (seed 003)
compare-brute-note = every placement with one queen per file, its non-attacking pairs counted
compare-permutations-title = Permutations
compare-permutations-note = one queen per rank and file: every order of the ranks, checked on the diagonals
compare-backtracking-title = Backtracking: test(c)
compare-backtracking-note = a queen only where row, up and down are free; a dead branch is cut at once
compare-any-title = Any { $n } squares
compare-any-note = the unrestricted placements: { $n } queens on any of the { $squares } squares, not run here
compare-placements = placements
compare-of = of { $total } to finish
compare-counting = to finish: counting…
compare-solutions = { $count ->
   *[other] { $shown } solutions
}
compare-finished = ✓ finished after { $steps } steps
compare-ff-note = (fast-forwarded: the server's counters)
compare-ff = fast-forward: at step { $step }…
compare-verdict = Backtracking needed { $calls } calls of test; the permutations { $perms } orders ({ $pr }×), brute force { $brute } placements ({ $br }×); any { $n } squares would be { $any }.
compare-same = All three find { $count ->
   *[other] { $shown } solutions
}.
compare-differ = ✗ They find different numbers of solutions: { $list }.
compare-too-long = the search is longer than the { $max } steps the server runs through

## The web page at run time: address, code panel, keyboard grid, downloads

url-embed-copied = Copied: paste it into a course page.
url-embed-shown = Copy this into a course page (the server must be reachable from the students' browsers).
url-embed-title = hetman: the search step by step
url-step-lost = The link's step { $step } could not be reached: the trace did not load.
code-v1 = This trace is of schema version 1: its events do not name their code lines.
code-loading = Loading the code…
code-failed = The code cannot be shown: { $message }
access-grid = Board squares: the arrow keys move, Enter or Space chooses the square
dl-png-failed = the board could not be turned into a PNG
dl-trace-first = The download holds the first { $limit } events; for the whole trace run { $command } > trace.jsonl
dl-page-first = The page plays the first { $limit } events at most, with no server: put it on a course page.
dl-gif-label = GIF of steps { $from }..{ $to }
dl-gif-steps = The GIF shows steps { $from } to { $to }, one frame a step: for other steps run { $command } --gif steps.gif --from K --to L

## The web page at run time: notes, the knight's setup, errors (app.js)

export-note = This page plays a trace saved in it ({ $what }); it needs no server. Make another with { $command } --html FILE.
export-queens = { $n } queens, { $algorithm }
export-knight = knight on { $width }×{ $height } from { $start }, { $order }
export-closed = closed
export-blocked = blocked { $squares }
far-no-tour = This search finds no tour: it is over after { $steps } steps ({ $moves } squares entered), so n runs to its end.
far-first = No tour in the first { $steps } steps: at { $speed } that is { $time } of playing, and the first tour lies further still. Warnsdorff's rule (fewest onward moves first) finds one at once.
duration-seconds = { $count ->
   *[other] { $shown } seconds
}
duration-minutes = { $count ->
   *[other] { $shown } minutes
}
duration-hours = { $count ->
   *[other] { $shown } hours
}
duration-days = { $count ->
   *[other] { $shown } days
}
tour-looking = Looking for a tour…
tour-open = An open tour of { $width }×{ $height } from { $start } ({ $algorithm }, { $nodes } squares entered)
tour-closed = A closed tour of { $width }×{ $height } from { $start } ({ $algorithm }, { $nodes } squares entered)
tour-colours = : the path runs from blue at the start (green dot) to red at the end (red dot).
ask-start = A search is loaded: changing the setup throws it away. Still start on { $square }?
ask-block = A search is loaded: changing the setup throws it away. Still block or free { $square }?
speed-top = top speed
speed-rate = { $count ->
    [one] { $shown } step/s
   *[other] { $shown } steps/s
}
board-queens = { $n } by { $n } board, step { $step }, queens on { $squares }
board-no-square = no square
page-no-server = There is no server here: open a trace file below, or run hetman serve and open the address it prints.
tour-heading = Tour { $number }
page-back-to-search = Back to the search
goto-bad-solution = go to: a solution number from 1, not '{ $value }'
goto-bad-step = go to: a step from 0, not '{ $value }'
err-size = size must be N or WxH, e.g. 5 or 5x6, not '{ $value }'
err-start-blocked = the start cannot be blocked: choose another start first
err-no-solution = there is no solution { $number }: the search finds { $found }
err-no-tour = there is no tour { $number }: the search finds { $found }
err-jump = the jump went wrong: at step { $step } { $key } is { $mine } here but { $theirs } on the server
err-read = cannot read { $file }: { $message }
err-trace-schema = this page reads trace schema versions { $versions }, not { $found }
err-trace-n = a queens trace needs n from 1 to 64
err-trace-start = the header's start square cannot be read: { $start }
err-trace-problem = unknown problem in the trace header: { $problem }
err-trace-method-n = a { $method } trace takes n up to { $max }
err-trace-other-chunk = a chunk of another trace arrived
err-trace-no-header = the trace has no header line
err-trace-gap = event { $step } arrived after { $count }: the trace has a gap
err-trace-event = unknown event '{ $event }' at step { $step }
err-trace-full = the history is full
err-trace-early = the server's answer stopped early
err-pack-no-header = the packed trace has no header line
err-pack-unzip = this browser cannot unpack the trace (it has no DecompressionStream): open the page in a current Chrome, Edge, Firefox or Safari
err-pack-short = the packed trace is cut short
err-pack-string = the packed trace is damaged (string { $index })
err-pack-kind = the packed trace is damaged (kind { $kind })
err-pack-shape = the packed trace is damaged (shape { $shape })
err-compare-n = n must be a whole number from 1 to { $max } (brute force runs N^N placements)
err-code-none = this page holds no { $dialect } listing
err-no-tour-found = No tour.
lesson-depth-bar = depth { $depth }: { $calls }
lesson-move-bar = move { $depth }: { $calls }

## The web page at run time: a solution's symmetries (app.js, symmetry.js)

sym-identity = identity
sym-rotate-90 = quarter turn
sym-rotate-180 = half turn
sym-rotate-270 = three-quarter turn
sym-mirror-files = mirror left-right
sym-mirror-ranks = mirror top-bottom
sym-mirror-diagonal = mirror in a1-h8 diagonal
sym-mirror-anti-diagonal = mirror in a8-h1 diagonal
sym-why-8 = Its 8 images are all different: a class of 8.
sym-why = It is unchanged by the { $fixed }, so it has only { $size } different images: a class of { $size }.
sym-and = and the
sym-heading = Solution { $number }
sym-canonical = Canonical form (the smallest code of its 8 images):
sym-this = (this solution)
sym-class-size = Symmetry class size:
sym-hint = The 4 turns and 4 mirrors of the board take a solution to a solution. If every class had 8 members, 8 queens would have 12·8 = 96 solutions; there are 92, because one class is unchanged by the half turn and has only 4 (11·8 + 4 = 92). The green frame marks the canonical image.
board-knight-setup = Knight board { $width } by { $height }, start { $start }, blocked { $blocked }
board-knight-tour = A knight's tour of { $width } by { $height }
board-knight = { $width } by { $height } board, step { $step }, knight's path { $squares }
board-empty = empty
