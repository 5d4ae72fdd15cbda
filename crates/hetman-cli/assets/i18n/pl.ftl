# Komunikaty hetmana po polsku. Nazwy z artykułów (test, possible, put,
# remove, row, up, down, try, pola jak a5) zostają bez zmian.

## Liczebniki

queens-count = { $n } { $n ->
    [one] hetman
    [few] hetmany
   *[many] hetmanów
}

## Przebieg w słowach: tekst `trace` i ostatni krok w `watch`

event-call = wywołanie test({ $file }), na szachownicy: { $depth } { $depth ->
    [one] hetman
    [few] hetmany
   *[many] hetmanów
}
event-node = węzeł w kolumnie { $file }: wolne wiersze { $ranks }
event-none = brak
event-try = próba { $square }
event-refuse = odmowa { $square }: zajęte { $lines }
event-put = put { $square }, na szachownicy: { $depth } { $depth ->
    [one] hetman
    [few] hetmany
   *[many] hetmanów
}
event-remove = remove { $square }
event-solution = rozwiązanie { $number }: { $code }
event-placement = ustawienie { $code }
event-score = wynik { $pairs } z { $of }: { $pairs } { $pairs ->
    [one] para
    [few] pary
   *[many] par
} hetmanów nie szachuje się wzajemnie
event-permutation-clash = permutacja { $code }: hetmany w kolumnach { $i } i { $j } stoją na jednej przekątnej
event-permutation-ok = permutacja { $code }: żadne dwa hetmany na jednej przekątnej
event-start = start na polu { $square } (1)
event-move = skok { $from } -> { $square } ({ $number })
event-candidates = z pola { $square }: { $list }
event-candidates-none = z pola { $square }: brak wolnego pola
event-dead-end = blokada skoczka na { $square } ({ $number }): brak wolnego pola do skoku
event-prune = cięcie { $square }: wolne pole obok ostatniego nie ma już wejścia i wyjścia
event-back = powrót z { $square } ({ $number })
event-tour = droga { $number }: { $path }
event-end = koniec: { $counters }
event-end-limit = koniec (zatrzymany przez limit): { $counters }
trace-over = przeszukiwanie zakończone
trace-stopped = zatrzymany przez limit
trace-header = hetman trace: { $title }

## Liczniki

counter-calls = wywołania
counter-tries = próby
counter-refusals = odmowy
counter-placements = ustawienia
counter-backtracks = powroty
counter-solutions = rozwiązania
counter-moves = skoki
counter-dead-ends = blokady
counter-prunes = cięcia
counter-tours = drogi
counter-placements-scored = ocenione ustawienia
counter-permutations-tried = sprawdzone permutacje

## Co jest śledzone

title-queens = { $n } { $n ->
    [one] hetman
    [few] hetmany
   *[many] hetmanów
}, { $algorithm }
algorithm-backtracking = algorytm z powrotami test(c) z artykułów
algorithm-bitboard = przeszukiwanie na maskach bitowych
algorithm-brute = pełny przegląd, każde ustawienie z jednym hetmanem w kolumnie
algorithm-permutations = każda permutacja wierszy
title-knight = skoczek na szachownicy { $width }x{ $height } z pola { $start }, { $order }
order-plain = kolejność ruchów z artykułu
order-warnsdorff = reguła Warnsdorffa
title-closed = drogi zamknięte
title-blocked = zablokowane { $squares }

## Animacja w terminalu (`watch`)

watch-header = hetman watch: { $title }
watch-key-space = spacja
watch-key-play = start/pauza
watch-key-step = krok
watch-key-speed = tempo
watch-key-next = następne rozwiązanie
watch-key-goto = idź do kroku
watch-key-code = kod
watch-key-dialect = pseudokod/C
watch-key-quit = koniec
watch-too-small = za mały terminal
watch-too-small-size = tu { $width }x{ $height }; szachownica potrzebuje co najmniej { $need-width }x{ $need-height }
watch-enlarge = powiększ terminal albo naciśnij q, by wyjść
watch-finished = zakończono
watch-playing = odtwarzanie
watch-paused = pauza
watch-status = krok { $step }  { $state }  { $speed } { $rate ->
    [one] krok
    [few] kroki
   *[many] kroków
}/s
watch-nothing-yet = (jeszcze nic: naciśnij spację lub strzałkę w prawo)
watch-goto-prompt = idź do kroku: { $typed }_ (Enter idzie, Esc nie)
watch-placement = ustawienie { $code }
watch-one-per-file = (jeden hetman w każdej kolumnie)
watch-depth = głębokość { $depth }
watch-stack = stos { $squares }
watch-empty = (pusty)
watch-ruled-out = wykluczone przez
watch-path = droga { $squares }
watch-knight-legend = * skoczek  ! blokada  (d) dalsze ruchy
watch-at-start = na początku
watch-no-further-solution = Nie ma dalszych rozwiązań: { $found }.
watch-no-further-tour = Nie ma dalszych dróg: { $found }.
watch-no-solution-within = brak rozwiązania w następnych { $steps } krokach; naciśnij n, by iść dalej
watch-goto-too-far = krok { $step } jest ponad { $cap } kroków dalej: idź po kawałku (g albo n do następnego rozwiązania)
watch-search-ends = przeszukiwanie kończy się na kroku { $step }: { $found }
watch-at-step = krok { $step }
watch-no-step = nie podano kroku
found-tours = { $count ->
    [0] brak drogi z pola { $start }: przeszukiwanie zakończone
    [one] 1 droga z pola { $start }, przeszukiwanie zakończone
    [few] { $shown } drogi z pola { $start }, przeszukiwanie zakończone
   *[many] { $shown } dróg z pola { $start }, przeszukiwanie zakończone
}
found-closed-tours = { $count ->
    [0] brak drogi zamkniętej z pola { $start }: przeszukiwanie zakończone
    [one] 1 droga zamknięta z pola { $start }, przeszukiwanie zakończone
    [few] { $shown } drogi zamknięte z pola { $start }, przeszukiwanie zakończone
   *[many] { $shown } dróg zamkniętych z pola { $start }, przeszukiwanie zakończone
}
found-solutions = { $count ->
    [0] brak rozwiązań: przeszukiwanie zakończone
    [one] 1 rozwiązanie, przeszukiwanie zakończone
    [few] { $shown } rozwiązania, przeszukiwanie zakończone
   *[many] { $shown } rozwiązań, przeszukiwanie zakończone
}
code-pseudocode = pseudokod
code-hint = { $dialect } (d: { $other }, c: ukryj)
code-before-first = (przed pierwszym krokiem)
code-file = c = { $c } (kolumna { $file })
code-called = { $where }: wywołanie test(c)
code-free-ranks = wolne = wiersze { $ranks }
code-bit-rank = { $where }, bit = wiersz { $rank }
code-no-diagonal = żadne dwie kolumny na jednej przekątnej
code-start = i = { $number }, s = { $square } (start)
code-from = i = { $number }, s = { $square } (z { $from })
code-list-empty = list = pusta
code-dead-end = i = { $number }, s = { $square }: brak wolnego pola o skok stąd
code-it-was = board[{ $square }] := 0 (było { $number })
code-tour = droga { $number }
code-stopped = zatrzymany
code-pairs = pary = { $pairs } z { $of }
code-solution = rozwiązanie { $number }: kod = { $code }

## Strona WWW: index.html (`x` to kod, [[x]] klawisz, ^x^ indeks górny)

page-skip = Przejdź do szachownicy
page-tagline = algorytm z powrotami krok po kroku
page-language = Język
page-problem = Problem
page-tab-queens = N hetmanów
page-tab-knight = Droga skoczka
page-tab-compare = Porównaj metody
page-setup = Wybierz problem
page-queens-n = Hetmany, N (od 1 do 16)
page-search = Przeszukiwanie
page-alg-backtracking = z powrotami: test(c) z artykułów
page-alg-bitboard = maski bitowe: to samo na bitach
page-alg-brute = pełny przegląd: każde ustawienie, jeden hetman w kolumnie (N do 8)
page-alg-permutations = permutacje: jeden hetman w wierszu i kolumnie (N do 12)
page-load = Wczytaj przeszukiwanie
page-hint-queens = Dla N = 8 artykuły liczą 1965 wywołań `test` i 92 rozwiązania, w tym 12 niezależnych.
page-knight-size = Szachownica: N lub W×H
page-knight-size-hint = Do 8×8 dla przeszukiwania krok po kroku; dowolny rozmiar dla gotowej drogi.
page-move-order = Kolejność ruchów
page-order-plain = zwykła: stała kolejność z artykułu
page-order-warnsdorff = Warnsdorff: najpierw pola z najmniejszą liczbą dalszych ruchów
page-closed = droga zamknięta (kończy się o skok od startu)
page-click = Kliknięcie pola
page-click-start = ustawia start
page-click-block = blokuje je lub zwalnia
page-start = Start:
page-blocked = Zablokowane:
page-free-all = Zwolnij wszystkie
page-show-tour = Pokaż gotową drogę
page-compare-n = Hetmany, N (od 1 do 8)
page-compare-speed = Kroków na sekundę, każda
page-top-speed = najszybciej
page-run-race = Rozpocznij wyścig
page-fast-forward = Przewiń do końca
page-hint-compare = Artykuły porównują pracę: C(64,8) = 4 426 165 368 ustawień 8 hetmanów gdziekolwiek, 8^8^ = 16 777 216 z jednym w kolumnie, 8! = 40 320 z jednym w wierszu i kolumnie oraz 1965 wywołań `test`.
page-open-file = Albo otwórz plik przebiegu (JSON Lines z `hetman … trace`)
page-stage = Przeszukiwanie
page-board = Szachownica
page-code = Kod
page-code-label = Procedura z podświetlonym wierszem bieżącego kroku
page-controls = Sterowanie
page-restart = Na początek
page-restart-title = Na początek (Home)
page-back = Krok wstecz
page-back-title = Krok wstecz (←)
page-play = Odtwarzaj
page-pause = Pauza
page-play-title = Odtwarzaj lub wstrzymaj (spacja)
page-forward = Krok naprzód
page-forward-title = Krok naprzód (→)
page-next = Do następnego rozwiązania
page-next-title = Do następnego rozwiązania (n)
page-speed = Tempo
page-step = Krok
page-goto = Idź do
page-goto-label = Idź do kroku lub rozwiązania
page-goto-step = kroku
page-goto-solution = rozwiązania
page-goto-placeholder = np. 10 000 000
page-go = Idź
page-ask-edit = Zmień ustawienia
page-ask-keep = Zostaw przeszukiwanie
page-far-warnsdorff = Wczytaj zamiast tego przeszukiwanie Warnsdorffa
page-callstack = Stos wywołań
page-arrays = Tablice
page-tree = Drzewo przeszukiwania
page-tree-view = Widok drzewa
page-zoom-out = Pomniejsz
page-zoom-in = Powiększ
page-fit-all = Pokaż całe
page-tree-cuts = pokaż odcięte gałęzie (odrzucone próby)
page-depth = Wywołania na głębokość
page-compared = Porównanie metod
page-side-by-side = Metody z artykułów obok siebie
page-counters = Liczniki
page-legend = Legenda
page-solutions = Znalezione rozwiązania
page-solutions-so-far = Dotąd znalezione rozwiązania
page-download = Pobierz
page-dl-svg = Szachownica jako SVG
page-dl-png = Szachownica jako PNG
page-dl-trace = Przebieg jako JSON Lines
page-dl-page = Odtwarzacz jako jedna strona HTML
page-footer = Klawisze: [[spacja]] odtwarzaj lub wstrzymaj, [[←]] [[→]] jeden krok, [[n]] następne rozwiązanie, [[Home]] na początek. Zrobione w hetmanie: zdarzenia `hetman queens trace` i `hetman knight trace`.
