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

## GIF z krokami przeszukiwania (`trace --gif`, GIF ze strony): wiersze pod szachownicą

gif-step = krok { $step }: { $event }
gif-before-first = szachownica przed pierwszym krokiem

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
watch-key-goto-solution = idź do rozwiązania
watch-goto-solution-prompt = idź do rozwiązania: { $typed }_ (Enter idzie, Esc nie)
watch-goto-tour-prompt = idź do drogi: { $typed }_ (Enter idzie, Esc nie)
watch-at-solution = rozwiązanie { $number }, krok { $step }
watch-at-tour = droga { $number }, krok { $step }
watch-no-such-solution = nie ma rozwiązania { $number }: { $found }
watch-no-such-tour = nie ma drogi { $number }: { $found }
watch-solution-too-far = numer { $number } jest ponad { $cap } kroków dalej: teraz krok { $step }, znalezione { $have }; s jeszcze raz idzie dalej
watch-no-solution-number = nie podano numeru (rozwiązania liczą się od 1)
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
page-dl-gif = GIF z krokami
page-embed = Osadź
page-embed-code = Fragment iframe tej strony
page-footer = Klawisze: [[spacja]] odtwarzaj lub wstrzymaj, [[←]] [[→]] jeden krok, [[n]] następne rozwiązanie, [[Home]] na początek. Zrobione w hetmanie: zdarzenia `hetman queens trace` i `hetman knight trace`.

## Strona w czasie działania: opis kroku (trace.js)

step-start = Początek: nic jeszcze nie zrobiono.
step-call = Wywołanie test({ $file }), na szachownicy: { $depth } { $depth ->
    [one] hetman
    [few] hetmany
   *[many] hetmanów
}.
step-call-free = Wywołanie test({ $file }), na szachownicy: { $depth } { $depth ->
    [one] hetman
    [few] hetmany
   *[many] hetmanów
}; wolne wiersze: { $ranks }.
step-node = Węzeł dla kolumny { $file }, na szachownicy: { $depth } { $depth ->
    [one] hetman
    [few] hetmany
   *[many] hetmanów
}.
step-node-free = Węzeł dla kolumny { $file }, na szachownicy: { $depth } { $depth ->
    [one] hetman
    [few] hetmany
   *[many] hetmanów
}; wolne wiersze: { $ranks }.
step-try = Próba: pole { $square }.
step-refuse = Pole { $square } odrzucone: wyklucza je { $lines }.
step-put = put: hetman staje na polu { $square } (na szachownicy: { $depth }).
step-remove = remove: hetman schodzi z pola { $square }, cofamy się.
step-solution = Rozwiązanie { $number }: { $code }.
step-solution-bare = Rozwiązanie { $number }.
step-knight-start = Skoczek zaczyna na polu { $square } (1).
step-move = Skok { $number }: z { $from } na { $square }.
step-candidates = Z pola { $square } skoczek może skoczyć na { $list }: najpierw pola z najmniejszą liczbą dalszych skoków.
step-candidates-none = Z pola { $square } nie ma wolnego pola.
step-dead-end = Skoczek utknął na { $square } po { $number } { $number ->
    [one] polu
   *[many] polach
}: brak wolnego pola do skoku.
step-prune = Cięcie { $square } ({ $number }): { $why }.
step-prune-strand = odcięłoby to jakieś pole
step-back = Powrót: pole { $square } ({ $number }) znów jest wolne.
step-tour = Znaleziona droga { $number }.
step-placement = Pętle dają ustawienie { $code }.
step-score = { $pairs } z { $of } par hetmanów nie szachuje się wzajemnie.
step-score-solution = { $pairs } z { $of } par hetmanów nie szachuje się wzajemnie: to rozwiązanie.
step-permutation-ok = Permutacja { $code }: żadne dwa hetmany nie stoją na jednej przekątnej.
step-permutation-clash = Permutacja { $code }: hetmany z kolumn { $i } i { $j } stoją na jednej przekątnej.

## Strona w czasie działania: wiersz stanu, liczniki, stos, koniec (app.js)

now-start = Początek: naciśnij odtwarzanie albo →, by zrobić jeden krok.
now-base = Krok { $step }: szachownica taka, jak zostawia ją przeszukiwanie (wcześniejsze kroki nie są wczytane).
now-showing-solution = Widać rozwiązanie { $number }; przeszukiwanie czeka na kroku { $step } (odtwarzaj albo krokuj dalej).
now-showing-tour = Widać drogę { $number }; przeszukiwanie czeka na kroku { $step } (odtwarzaj albo krokuj dalej).
now-setup = Kliknij pole, by wybrać start albo je zablokować, a potem wczytaj przeszukiwanie.
status-step = krok { $step }
status-of = z { $count }
status-of-loaded = z { $count } wczytanych dotąd
stack-depth = Głębokość rekurencji { $depth }: { $path }
history-cut = Historia przycięta: strona trzyma najwyżej { $cap } zdarzeń, więc kroków przed { $step } już nie ma i cofanie się tam zatrzymuje.
end-check-ok = ✓ Przeszukiwanie zakończone, a liczniki zgadzają się z ostatnim wierszem śladu.
end-check-bad = ✗ { $key } tutaj { $mine }, a w ostatnim wierszu { $theirs }.
end-cut-limit = Ślad został ucięty przez limit na kroku { $step }: przeszukiwanie nie doszło do końca.
end-trace-short = ślad kończy się tutaj, zanim skończy się przeszukiwanie.
end-no-solution = Brak rozwiązań dla { $n } { $n ->
    [one] hetmana
   *[many] hetmanów
}, przeszukiwanie zakończone.
end-solutions = { $count ->
    [one] { $shown } rozwiązanie
    [few] { $shown } rozwiązania
   *[many] { $shown } rozwiązań
}, przeszukiwanie zakończone.
end-no-tour = Brak drogi z pola { $start }, przeszukiwanie zakończone po wejściu na { $moves } { $entered ->
    [one] pole
    [few] pola
   *[many] pól
}.
end-tours = { $count ->
    [one] { $shown } droga
    [few] { $shown } drogi
   *[many] { $shown } dróg
} z pola { $start }, przeszukiwanie zakończone po wejściu na { $moves } { $entered ->
    [one] pole
    [few] pola
   *[many] pól
}.
end-closed-start = { $start } (zamknięta)
counter-calls-test = wywołania test
counter-depth-now = głębokość (teraz)
sum-solutions = { $count ->
    [one] { $shown } rozwiązanie
    [few] { $shown } rozwiązania
   *[many] { $shown } rozwiązań
}
sum-tours = { $count ->
    [one] { $shown } droga
    [few] { $shown } drogi
   *[many] { $shown } dróg
}
sum-over = , przeszukiwanie zakończone
sum-held = w krokach, które zawiera ślad
sum-so-far = do tej pory
sum-keeps = (lista trzyma pierwsze { $found })
sum-classes = , w { $count ->
    [one] { $shown } klasie symetrii
   *[many] { $shown } klasach symetrii
}
sum-class-part = { $count } po { $size }
sum-smaller = nie { $classes }·8 = { $all }: niektóre rozwiązania są swoim własnym obrazem po obrocie, więc ich klasa jest mniejsza.

## Strona w czasie działania: legenda (legend.js)

legend-not-free = niewolne: atakowane, więc maska kolumny je wyklucza
legend-free = wolne: wiersze, które ten węzeł może sprawdzić
legend-row = row: hetman w tym samym wierszu
legend-up = up (up[r+c] z artykułów): hetman na przekątnej opadającej w prawo
legend-down = down (down[r−c+N] z artykułów): hetman na przekątnej wznoszącej się w prawo
legend-tried = pole sprawdzane teraz (ciemna i żółta ramka)
legend-refused = odrzucone, z liniami, które je wykluczają
legend-file = kolumna bieżącego wywołania
legend-solution = rozwiązanie
legend-path = droga skoczka, numerowana
legend-dead-ends = dotychczasowe blokady (ciemniej: więcej)
legend-dead-end = blokada teraz: brak wolnego pola
legend-candidate = Warnsdorff: następne pole i liczba dalszych skoków
legend-pruned = odcięty skok
legend-blocked = zablokowane pole
legend-start = start
legend-tour = droga

## Strona w czasie działania: przewidywanie kroku (predict.js)

predict-toggle = Przewiduj następny krok
predict-score = Dobre odpowiedzi / pytania:
predict-reset = Wyzeruj wynik
predict-skip = Pokaż (bez punktu)
predict-answers = Odpowiedzi
predict-back = cofnij się
predict-dead = blokada
predict-ask-tried = Przeszukiwanie sprawdza pole { $square }. Czy jest wolne? Wtedy kliknij { $square } (tam stanie hetman); jeśli nie, wybierz linię, która je wyklucza: row, up albo down.
predict-ask-queens = Co dalej? Kliknij pole, które przeszukiwanie sprawdzi teraz, albo wybierz „cofnij się”, jeśli zdejmie hetmana.
predict-ask-bitboard = Co dalej? Kliknij pole następnego hetmana albo wybierz „cofnij się”, jeśli przeszukiwanie zdejmie hetmana.
predict-ask-knight = Dokąd skoczy skoczek? Kliknij pole albo wybierz „blokada”, jeśli nie ma wolnego pola, lub „cofnij się”, jeśli się wycofa.
predict-waiting = Czekam na następne kroki śladu…
predict-over = Przeszukiwanie zakończone: nie ma już czego przewidywać.
predict-unsupported = Tryb przewidywania działa dla przeszukiwań z powrotami: hetmanów (z powrotami i na maskach bitowych) oraz skoczka.
predict-hold = Tryb przewidywania jest włączony: odpowiedz na pytanie albo wybierz „Pokaż”.
predict-right = ✓ Dobrze! { $what }
predict-wrong = ✗ Tym razem nie: wybrano { $yours }. Co się dzieje: { $what }
predict-skipped = Pokazane, bez punktu: { $what }
predict-line = linia { $line }

## Strona w czasie działania: stos wywołań, tablice, wywołania na głębokość, drzewo (lesson.js)

lesson-stack-empty = Jeszcze żadnego wywołania.
lesson-stack-over = Przeszukiwanie zakończone: test(1) już wrócił.
lesson-head-depth = głębokość
lesson-head-call = wywołanie
lesson-head-tries = sprawdza teraz
lesson-head-refused = ostatnio odrzucone i dlaczego
lesson-head-move = skok
lesson-head-square = pole
lesson-head-next = następne pola (Warnsdorff)
lesson-call = test({ $c }) kolumna { $file }
lesson-placed = stoi na { $square }
lesson-trying = sprawdza { $square }
lesson-arrays-head = Tablice z artykułów (kolumny c i wiersze r od 1): 1 = wolne, 0 = zajęte przez hetmana
lesson-arrays-bits = Przeszukiwanie na maskach bitowych trzyma je jako maski; tablice pokazują te same pola.
lesson-no-arrays-brute = Pełny przegląd nie ma tablic: ocenia każde ustawienie z jednym hetmanem w kolumnie.
lesson-no-arrays-permutations = Permutacje nie mają tablic: każdy porządek wierszy jest sprawdzany na przekątnych.
lesson-no-tree = Ta metoda nie chodzi po drzewie: przegląda po kolei każde ustawienie (albo porządek).
lesson-arrays-knight = Tablicą skoczka jest sama szachownica: każde pole trzyma numer skoku (0: nieodwiedzone).
lesson-read = czytane teraz
lesson-wrote = zapisane teraz
lesson-refuses = odrzuca pole
lesson-dead-end = blokada
lesson-pruned = odcięte: { $why }
lesson-depth-head-calls = wywołania na głębokość
lesson-depth-head-moves = pola odwiedzone według numeru skoku
lesson-depth-calls = wywołania test(c) według liczby hetmanów na szachownicy
lesson-depth-moves = pola odwiedzone według numeru skoku
lesson-sum-calls = Razem { $shown } { $count ->
    [one] wywołanie
    [few] wywołania
   *[many] wywołań
} dotąd.
lesson-sum-calls-over = Razem { $shown } { $count ->
    [one] wywołanie
    [few] wywołania
   *[many] wywołań
}: przeszukiwanie zakończone.
lesson-sum-moves = Razem { $shown } { $count ->
    [one] odwiedzone pole
    [few] odwiedzone pola
   *[many] odwiedzonych pól
} dotąd.
lesson-sum-moves-over = Razem { $shown } { $count ->
    [one] odwiedzone pole
    [few] odwiedzone pola
   *[many] odwiedzonych pól
}: przeszukiwanie zakończone.
lesson-tree-summary = Drzewo jest za duże, by je tu narysować (ponad { $nodes } węzłów albo kroki przed tym miejscem nie są przechowywane): streszczają je wywołania na głębokość poniżej i ścieżka powyżej.
lesson-tree-shown = { $made } { $count ->
    [one] węzeł
    [few] węzły
   *[many] węzłów
} dotąd; bieżąca ścieżka ma { $path } { $path ->
    [one] węzeł
    [few] węzły
   *[many] węzłów
}.
lesson-path = Bieżąca ścieżka: { $path }

## Strona w czasie działania: porównanie metod (compare.js)

compare-brute-title = Pełny przegląd (artykuł 003)
compare-brute-note = każde ustawienie z jednym hetmanem w kolumnie, z policzonymi parami, które się nie szachują
compare-permutations-title = Permutacje
compare-permutations-note = jeden hetman w każdym wierszu i kolumnie: każdy porządek wierszy, sprawdzany na przekątnych
compare-backtracking-title = Z powrotami: test(c)
compare-backtracking-note = hetman tylko tam, gdzie row, up i down są wolne; martwa gałąź jest od razu ucinana
compare-any-title = Dowolne pola: { $n }
compare-any-note = ustawienia bez ograniczeń: { $n } hetmanów na dowolnych z { $squares } pól, tu nieuruchamiane
compare-placements = ustawień
compare-of = z { $total } do końca
compare-counting = do końca: liczę…
compare-solutions = rozwiązania: { $count ->
   *[other] { $shown }
}
compare-finished = ✓ koniec, kroków: { $steps }
compare-ff-note = (przewinięte: liczniki z serwera)
compare-ff = przewijanie: krok { $step }…
compare-verdict = Wywołania test w algorytmie z powrotami: { $calls }; permutacje: { $perms } porządków ({ $pr }×), pełny przegląd: { $brute } ustawień ({ $br }×); dowolne { $n } pól dałoby { $any }.
compare-same = Wszystkie trzy znajdują rozwiązań: { $count ->
   *[other] { $shown }
}.
compare-differ = ✗ Znajdują różne liczby rozwiązań: { $list }.
compare-too-long = przeszukiwanie jest dłuższe niż { $max } kroków, które przechodzi serwer

## Strona w czasie działania: adres, panel kodu, siatka klawiatury, pobieranie

url-embed-copied = Skopiowano: wklej to na stronę kursu.
url-embed-shown = Skopiuj to na stronę kursu (serwer musi być osiągalny z przeglądarek uczniów).
url-embed-title = hetman: przeszukiwanie krok po kroku
url-step-lost = Nie udało się dojść do kroku { $step } z odnośnika: ślad się nie wczytał.
code-v1 = Ten ślad ma schemat w wersji 1: jego zdarzenia nie wskazują wierszy kodu.
code-loading = Wczytuję kod…
code-failed = Nie można pokazać kodu: { $message }
access-grid = Pola szachownicy: strzałki przesuwają, Enter albo spacja wybiera pole
dl-png-failed = nie udało się zamienić szachownicy na PNG
dl-trace-first = Pobrany plik zawiera pierwsze { $limit } zdarzeń; cały ślad daje { $command } > trace.jsonl
dl-page-first = Strona odtwarza najwyżej pierwsze { $limit } zdarzeń, bez serwera: umieść ją na stronie kursu.
dl-gif-label = GIF z krokami { $from }..{ $to }
dl-gif-steps = GIF pokazuje kroki od { $from } do { $to }, jedna klatka na krok: inne kroki daje { $command } --gif steps.gif --from K --to L

## Strona w czasie działania: uwagi, ustawienia skoczka, błędy (app.js)

export-note = Ta strona odtwarza zapisany w niej ślad ({ $what }); nie potrzebuje serwera. Następną zrobi { $command } --html FILE.
export-queens = { $n } { $n ->
    [one] hetman
    [few] hetmany
   *[many] hetmanów
}, { $algorithm }
export-knight = skoczek na { $width }×{ $height } z pola { $start }, { $order }
export-closed = zamknięta
export-blocked = zablokowane { $squares }
far-no-tour = To przeszukiwanie nie znajduje drogi: kończy się po { $steps } krokach (odwiedzone pola: { $moves }), więc n biegnie do końca.
far-first = Brak drogi w pierwszych { $steps } krokach: przy { $speed } to { $time } odtwarzania, a pierwsza droga leży jeszcze dalej. Reguła Warnsdorffa (najpierw najmniej dalszych skoków) znajduje ją od razu.
duration-seconds = { $count ->
    [one] { $shown } sekunda
    [few] { $shown } sekundy
   *[many] { $shown } sekund
}
duration-minutes = { $count ->
    [one] { $shown } minuta
    [few] { $shown } minuty
   *[many] { $shown } minut
}
duration-hours = { $count ->
    [one] { $shown } godzina
    [few] { $shown } godziny
   *[many] { $shown } godzin
}
duration-days = { $count ->
    [one] { $shown } dzień
   *[many] { $shown } dni
}
tour-looking = Szukam drogi…
tour-open = Otwarta droga skoczka na { $width }×{ $height } z pola { $start } ({ $algorithm }, odwiedzone pola: { $nodes })
tour-closed = Zamknięta droga skoczka na { $width }×{ $height } z pola { $start } ({ $algorithm }, odwiedzone pola: { $nodes })
tour-colours = : droga biegnie od niebieskiego na starcie (zielona kropka) do czerwonego na końcu (czerwona kropka).
ask-start = Przeszukiwanie jest wczytane: zmiana ustawień je porzuci. Mimo to start na { $square }?
ask-block = Przeszukiwanie jest wczytane: zmiana ustawień je porzuci. Mimo to zablokować albo zwolnić { $square }?
speed-top = najszybciej
speed-rate = { $shown } { $count ->
    [one] krok/s
    [few] kroki/s
   *[many] kroków/s
}
board-queens = Szachownica { $n } na { $n }, krok { $step }, hetmany na { $squares }
board-no-square = żadnym polu
page-no-server = Tu nie ma serwera: otwórz plik śladu poniżej albo uruchom hetman serve i otwórz adres, który poda.
tour-heading = Droga { $number }
page-back-to-search = Wróć do przeszukiwania
goto-bad-solution = idź do: numer rozwiązania od 1, nie '{ $value }'
goto-bad-step = idź do: krok od 0, nie '{ $value }'
err-size = rozmiar musi mieć postać N albo WxH, np. 5 albo 5x6, nie '{ $value }'
err-start-blocked = startu nie można zablokować: najpierw wybierz inny start
err-no-solution = nie ma rozwiązania { $number }: przeszukiwanie znajduje ich { $found }
err-no-tour = nie ma drogi { $number }: przeszukiwanie znajduje ich { $found }
err-jump = skok się nie udał: na kroku { $step } { $key } tutaj { $mine }, a na serwerze { $theirs }
err-read = nie można odczytać { $file }: { $message }
err-trace-schema = ta strona czyta zapisy przeszukiwania w wersjach { $versions }, nie { $found }
err-trace-n = zapis dla hetmanów wymaga n od 1 do 64
err-trace-start = nie można odczytać pola startowego z nagłówka: { $start }
err-trace-problem = nieznane zadanie w nagłówku zapisu: { $problem }
err-trace-method-n = zapis metody { $method } przyjmuje n najwyżej { $max }
err-trace-other-chunk = nadeszła część innego zapisu
err-trace-no-header = zapis nie ma wiersza nagłówka
err-trace-gap = zdarzenie { $step } nadeszło po { $count }: w zapisie jest luka
err-trace-event = nieznane zdarzenie '{ $event }' w kroku { $step }
err-trace-full = historia jest pełna
err-trace-early = odpowiedź serwera urwała się przed końcem
err-pack-no-header = spakowany zapis nie ma wiersza nagłówka
err-pack-unzip = ta przeglądarka nie umie rozpakować zapisu (brak DecompressionStream): otwórz stronę w aktualnym Chrome, Edge, Firefox albo Safari
err-pack-short = spakowany zapis jest ucięty
err-pack-string = spakowany zapis jest uszkodzony (napis { $index })
err-pack-kind = spakowany zapis jest uszkodzony (rodzaj { $kind })
err-pack-shape = spakowany zapis jest uszkodzony (kształt { $shape })
err-compare-n = n musi być liczbą całkowitą od 1 do { $max } (metoda siłowa sprawdza N^N ustawień)
err-code-none = ta strona nie zawiera listingu { $dialect }
err-no-tour-found = Brak drogi.
lesson-depth-bar = głębokość { $depth }: { $calls }
lesson-move-bar = skok { $depth }: { $calls }

## Strona w czasie działania: symetrie rozwiązania (app.js, symmetry.js)

sym-identity = tożsamość
sym-rotate-90 = obrót o ćwierć
sym-rotate-180 = obrót o pół
sym-rotate-270 = obrót o trzy czwarte
sym-mirror-files = odbicie lewo-prawo
sym-mirror-ranks = odbicie góra-dół
sym-mirror-diagonal = odbicie względem przekątnej a1-h8
sym-mirror-anti-diagonal = odbicie względem przekątnej a8-h1
sym-why-8 = Jego 8 obrazów jest różnych: klasa 8.
sym-why = Nie zmienia go { $fixed }, więc ma tylko { $size } różne obrazy: klasa { $size }.
sym-and = ani
sym-heading = Rozwiązanie { $number }
sym-canonical = Postać kanoniczna (najmniejszy kod z jego 8 obrazów):
sym-this = (to rozwiązanie)
sym-class-size = Wielkość klasy symetrii:
sym-hint = 4 obroty i 4 odbicia szachownicy przeprowadzają rozwiązanie w rozwiązanie. Gdyby każda klasa miała 8 elementów, 8 hetmanów miałoby 12·8 = 96 rozwiązań; jest ich 92, bo jednej klasy nie zmienia obrót o pół i ma ona tylko 4 (11·8 + 4 = 92). Zielona ramka oznacza obraz kanoniczny.
board-knight-setup = Szachownica skoczka { $width } na { $height }, start { $start }, zablokowane { $blocked }
board-knight-tour = Droga skoczka na szachownicy { $width } na { $height }
board-knight = Szachownica { $width } na { $height }, krok { $step }, droga skoczka { $squares }
board-empty = pusta
