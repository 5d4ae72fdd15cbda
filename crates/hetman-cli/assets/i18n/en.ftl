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
page-footer = Keys: [[space]] play or pause, [[←]] [[→]] one step, [[n]] next solution, [[Home]] back to the start. Made with hetman: the events of `hetman queens trace` and `hetman knight trace`.
