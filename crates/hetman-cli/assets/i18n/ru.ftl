# Сообщения hetman по-русски. Имена из статей (test, possible, put, remove,
# row, up, down, try, поля вроде a5) остаются как написаны.

## Числа

queens-count = { $n } { $n ->
    [one] ферзь
    [few] ферзя
   *[many] ферзей
}

## Ход поиска словами: текст `trace` и последний шаг в `watch`

event-call = вызов test({ $file }), на доске { $depth } { $depth ->
    [one] ферзь
    [few] ферзя
   *[many] ферзей
}
event-node = узел на вертикали { $file }: свободные горизонтали { $ranks }
event-none = нет
event-try = пробуем { $square }
event-refuse = отказ { $square }: заняты { $lines }
event-put = put { $square }, на доске { $depth } { $depth ->
    [one] ферзь
    [few] ферзя
   *[many] ферзей
}
event-remove = remove { $square }
event-solution = решение { $number }: { $code }
event-placement = расстановка { $code }
event-score = счёт { $pairs } из { $of }: { $pairs } { $pairs ->
    [one] пара
    [few] пары
   *[many] пар
} ферзей не атакуют друг друга
event-permutation-clash = перестановка { $code }: ферзи на вертикалях { $i } и { $j } на одной диагонали
event-permutation-ok = перестановка { $code }: никакие два ферзя не на одной диагонали
event-start = старт на поле { $square } (1)
event-move = ход { $from } -> { $square } ({ $number })
event-candidates = с поля { $square }: { $list }
event-candidates-none = с поля { $square }: свободных полей нет
event-dead-end = тупик на { $square } ({ $number }): некуда ходить
event-prune = отсечение { $square }: на свободное поле рядом с последним уже нельзя войти и выйти
event-back = назад с { $square } ({ $number })
event-tour = обход { $number }: { $path }
event-end = конец: { $counters }
event-end-limit = конец (остановлен ограничением): { $counters }
trace-over = поиск окончен
trace-stopped = остановлен ограничением
trace-header = hetman trace: { $title }

## GIF с шагами поиска (`trace --gif`, GIF со страницы): строки под доской

gif-step = шаг { $step }: { $event }
gif-before-first = доска до первого шага

## Счётчики

counter-calls = вызовы
counter-tries = попытки
counter-refusals = отказы
counter-placements = расстановки
counter-backtracks = возвраты
counter-solutions = решения
counter-moves = ходы
counter-dead-ends = тупики
counter-prunes = отсечения
counter-tours = обходы
counter-placements-scored = оценено расстановок
counter-permutations-tried = проверено перестановок

## Что прослеживается

title-queens = { $n } { $n ->
    [one] ферзь
    [few] ферзя
   *[many] ферзей
}, { $algorithm }
algorithm-backtracking = перебор с возвратом test(c) из статей
algorithm-bitboard = поиск на битовых масках
algorithm-brute = полный перебор, все расстановки по одному ферзю на вертикали
algorithm-permutations = все перестановки горизонталей
title-knight = конь на доске { $width }x{ $height } с поля { $start }, { $order }
order-plain = порядок ходов из статьи
order-warnsdorff = правило Варнсдорфа
title-closed = замкнутые обходы
title-blocked = закрыты { $squares }

## Анимация в терминале (`watch`)

watch-header = hetman watch: { $title }
watch-key-space = пробел
watch-key-play = пуск/пауза
watch-key-step = шаг
watch-key-speed = скорость
watch-key-next = следующее решение
watch-key-goto = к шагу
watch-key-code = код
watch-key-dialect = псевдокод/C
watch-key-quit = выход
watch-too-small = терминал слишком мал
watch-too-small-size = здесь { $width }x{ $height }; доске нужно не меньше { $need-width }x{ $need-height }
watch-enlarge = увеличьте терминал или нажмите q для выхода
watch-finished = закончено
watch-playing = идёт
watch-paused = пауза
watch-status = шаг { $step }  { $state }  { $speed } { $rate ->
    [one] шаг
    [few] шага
   *[many] шагов
}/с
watch-nothing-yet = (пока ничего: нажмите пробел или стрелку вправо)
watch-goto-prompt = к шагу: { $typed }_ (Enter — перейти, Esc — нет)
watch-placement = расстановка { $code }
watch-one-per-file = (по одному ферзю на каждой вертикали)
watch-depth = глубина { $depth }
watch-stack = стек { $squares }
watch-empty = (пусто)
watch-ruled-out = исключено:
watch-path = путь { $squares }
watch-knight-legend = * конь  ! тупик  (d) дальнейшие ходы
watch-at-start = в начале
watch-no-further-solution = Больше решений нет: { $found }.
watch-no-further-tour = Больше обходов нет: { $found }.
watch-no-solution-within = нет решения в следующих { $steps } шагах; нажмите n, чтобы продолжить
watch-goto-too-far = шаг { $step } дальше чем на { $cap } шагов вперёд: идите частями (g или n к следующему решению)
watch-search-ends = поиск заканчивается на шаге { $step }: { $found }
watch-at-step = шаг { $step }
watch-no-step = шаг не указан
watch-key-goto-solution = к решению
watch-goto-solution-prompt = к решению: { $typed }_ (Enter — перейти, Esc — нет)
watch-goto-tour-prompt = к обходу: { $typed }_ (Enter — перейти, Esc — нет)
watch-at-solution = решение { $number }, шаг { $step }
watch-at-tour = обход { $number }, шаг { $step }
watch-no-such-solution = нет решения { $number }: { $found }
watch-no-such-tour = нет обхода { $number }: { $found }
watch-solution-too-far = номер { $number } дальше чем на { $cap } шагов вперёд: сейчас шаг { $step }, найдено { $have }; s ещё раз — дальше
watch-no-solution-number = номер не указан (решения считаются от 1)
found-tours = { $count ->
    [0] нет обхода с поля { $start }: поиск окончен
    [one] { $shown } обход с поля { $start }, поиск окончен
    [few] { $shown } обхода с поля { $start }, поиск окончен
   *[many] { $shown } обходов с поля { $start }, поиск окончен
}
found-closed-tours = { $count ->
    [0] нет замкнутого обхода с поля { $start }: поиск окончен
    [one] { $shown } замкнутый обход с поля { $start }, поиск окончен
    [few] { $shown } замкнутых обхода с поля { $start }, поиск окончен
   *[many] { $shown } замкнутых обходов с поля { $start }, поиск окончен
}
found-solutions = { $count ->
    [0] решений нет: поиск окончен
    [one] { $shown } решение, поиск окончен
    [few] { $shown } решения, поиск окончен
   *[many] { $shown } решений, поиск окончен
}
code-pseudocode = псевдокод
code-hint = { $dialect } (d: { $other }, c: скрыть)
code-before-first = (до первого шага)
code-file = c = { $c } (вертикаль { $file })
code-called = { $where }: вызван test(c)
code-free-ranks = свободны = горизонтали { $ranks }
code-bit-rank = { $where }, бит = горизонталь { $rank }
code-no-diagonal = никакие две вертикали не на одной диагонали
code-start = i = { $number }, s = { $square } (старт)
code-from = i = { $number }, s = { $square } (с { $from })
code-list-empty = list = пуст
code-dead-end = i = { $number }, s = { $square }: на ход отсюда свободных полей нет
code-it-was = board[{ $square }] := 0 (было { $number })
code-tour = обход { $number }
code-stopped = остановлен
code-pairs = пары = { $pairs } из { $of }
code-solution = решение { $number }: код = { $code }

## Веб-страница: index.html (`x` — код, [[x]] — клавиша, ^x^ — верхний индекс)

page-skip = К доске
page-tagline = перебор с возвратом, шаг за шагом
page-language = Язык
page-problem = Задача
page-tab-queens = N ферзей
page-tab-knight = Обход конём
page-tab-compare = Сравнить методы
page-setup = Выберите задачу
page-queens-n = Ферзи, N (от 1 до 16)
page-search = Поиск
page-alg-backtracking = с возвратом: test(c) из статей
page-alg-bitboard = битовые маски: то же на битах
page-alg-brute = полный перебор: все расстановки, по ферзю на вертикали (N до 8)
page-alg-permutations = перестановки: по ферзю на горизонтали и вертикали (N до 12)
page-load = Загрузить поиск
page-hint-queens = Для N = 8 статьи насчитывают 1965 вызовов `test` и 92 решения, из них 12 различных.
page-knight-size = Доска: N или W×H
page-knight-size-hint = До 8×8 для пошагового поиска; любой размер для готового обхода.
page-move-order = Порядок ходов
page-order-plain = простой: постоянный порядок из статьи
page-order-warnsdorff = Варнсдорф: сначала поля с наименьшим числом дальнейших ходов
page-closed = замкнутый обход (кончается в ходе от старта)
page-click = Щелчок по полю
page-click-start = задаёт старт
page-click-block = закрывает или открывает его
page-start = Старт:
page-blocked = Закрыты:
page-free-all = Открыть все
page-show-tour = Показать готовый обход
page-compare-n = Ферзи, N (от 1 до 8)
page-compare-speed = Шагов в секунду, каждому
page-top-speed = максимально
page-run-race = Начать гонку
page-fast-forward = Перемотать до конца
page-hint-compare = Статьи сравнивают работу: C(64,8) = 4 426 165 368 расстановок 8 ферзей где угодно, 8^8^ = 16 777 216 по одному на вертикали, 8! = 40 320 по одному на горизонтали и вертикали и 1965 вызовов `test`.
page-open-file = Или откройте файл трассы (JSON Lines из `hetman … trace`)
page-stage = Поиск
page-board = Доска
page-code = Код
page-code-label = Процедура, строка текущего шага подсвечена
page-controls = Управление
page-restart = В начало
page-restart-title = В начало (Home)
page-back = Шаг назад
page-back-title = Шаг назад (←)
page-play = Пуск
page-pause = Пауза
page-play-title = Пуск или пауза (пробел)
page-forward = Шаг вперёд
page-forward-title = Шаг вперёд (→)
page-next = К следующему решению
page-next-title = К следующему решению (n)
page-speed = Скорость
page-step = Шаг
page-goto = Перейти к
page-goto-label = Перейти к шагу или решению
page-goto-step = шагу
page-goto-solution = решению
page-goto-placeholder = напр. 10 000 000
page-go = Перейти
page-ask-edit = Изменить настройки
page-ask-keep = Оставить поиск
page-far-warnsdorff = Загрузить вместо этого поиск Варнсдорфа
page-callstack = Стек вызовов
page-arrays = Массивы
page-tree = Дерево поиска
page-tree-view = Вид дерева
page-zoom-out = Уменьшить
page-zoom-in = Увеличить
page-fit-all = Показать всё
page-tree-cuts = показывать отсечённые ветви (отказы)
page-depth = Вызовы по глубине
page-compared = Методы в сравнении
page-side-by-side = Методы из статей рядом
page-counters = Счётчики
page-legend = Легенда
page-solutions = Найденные решения
page-solutions-so-far = Найденные до сих пор решения
page-download = Скачать
page-dl-svg = Доска в SVG
page-dl-png = Доска в PNG
page-dl-trace = Трасса в JSON Lines
page-dl-page = Плеер одной HTML-страницей
page-dl-gif = GIF с шагами
page-embed = Встроить
page-embed-code = Фрагмент iframe этой страницы
page-footer = Клавиши: [[пробел]] пуск или пауза, [[←]] [[→]] один шаг, [[n]] следующее решение, [[Home]] в начало. Сделано в hetman: события `hetman queens trace` и `hetman knight trace`.

## Страница во время работы: описание шага (trace.js)

step-start = Начало: ещё ничего не сделано.
step-call = Вызов test({ $file }), на доске: { $depth } { $depth ->
    [one] ферзь
    [few] ферзя
   *[many] ферзей
}.
step-call-free = Вызов test({ $file }), на доске: { $depth } { $depth ->
    [one] ферзь
    [few] ферзя
   *[many] ферзей
}; свободные горизонтали: { $ranks }.
step-node = Узел для вертикали { $file }, на доске: { $depth } { $depth ->
    [one] ферзь
    [few] ферзя
   *[many] ферзей
}.
step-node-free = Узел для вертикали { $file }, на доске: { $depth } { $depth ->
    [one] ферзь
    [few] ферзя
   *[many] ферзей
}; свободные горизонтали: { $ranks }.
step-try = Проба: поле { $square }.
step-refuse = Поле { $square } отвергнуто: его бьёт { $lines }.
step-put = put: ферзь ставится на поле { $square } (на доске: { $depth }).
step-remove = remove: ферзь снимается с поля { $square }, шаг назад.
step-solution = Решение { $number }: { $code }.
step-solution-bare = Решение { $number }.
step-knight-start = Конь начинает с поля { $square } (1).
step-move = Ход { $number }: с { $from } на { $square }.
step-candidates = С поля { $square } конь может пойти на { $list }: сначала поля с наименьшим числом дальнейших ходов.
step-candidates-none = С поля { $square } нет свободного поля.
step-dead-end = Тупик на { $square } после { $number } { $number ->
    [one] клетки
   *[many] клеток
}: нет свободного поля для хода.
step-prune = Отсечение { $square } ({ $number }): { $why }.
step-prune-strand = иначе одно поле останется отрезанным
step-back = Шаг назад: поле { $square } ({ $number }) снова свободно.
step-tour = Найден обход { $number }.
step-placement = Циклы дают расстановку { $code }.
step-score = { $pairs } из { $of } пар ферзей не бьют друг друга.
step-score-solution = { $pairs } из { $of } пар ферзей не бьют друг друга: это решение.
step-permutation-ok = Перестановка { $code }: никакие два ферзя не стоят на одной диагонали.
step-permutation-clash = Перестановка { $code }: ферзи на вертикалях { $i } и { $j } стоят на одной диагонали.

## Страница во время работы: строка состояния, счётчики, стек, конец (app.js)

now-start = Начало: нажмите воспроизведение или →, чтобы сделать один шаг.
now-base = Шаг { $step }: доска такая, какой её оставляет поиск (предыдущие шаги не загружены).
now-showing-solution = Показано решение { $number }; поиск ждёт на шаге { $step } (воспроизведите или шагните дальше).
now-showing-tour = Показан обход { $number }; поиск ждёт на шаге { $step } (воспроизведите или шагните дальше).
now-setup = Щёлкните по полю, чтобы выбрать начало или заблокировать его, затем загрузите поиск.
status-step = шаг { $step }
status-of = из { $count }
status-of-loaded = из { $count }, загруженных пока
stack-depth = Глубина рекурсии { $depth }: { $path }
history-cut = История обрезана: страница хранит не более { $cap } событий, поэтому шагов до { $step } уже нет, и шаг назад там останавливается.
end-check-ok = ✓ Поиск окончен, и эти счётчики совпадают с последней строкой трассы.
end-check-bad = ✗ { $key } здесь { $mine }, а в последней строке { $theirs }.
end-cut-limit = Трасса обрезана ограничением на шаге { $step }: поиск не дошёл до конца.
end-trace-short = трасса кончается здесь, раньше поиска.
end-no-solution = Нет решений для { $n } { $n ->
    [one] ферзя
   *[many] ферзей
}, поиск окончен.
end-solutions = { $count ->
    [one] { $shown } решение
    [few] { $shown } решения
   *[many] { $shown } решений
}, поиск окончен.
end-no-tour = Нет обхода с поля { $start }, поиск окончен: пройдено { $moves } { $entered ->
    [one] поле
    [few] поля
   *[many] полей
}.
end-tours = { $count ->
    [one] { $shown } обход
    [few] { $shown } обхода
   *[many] { $shown } обходов
} с поля { $start }, поиск окончен: пройдено { $moves } { $entered ->
    [one] поле
    [few] поля
   *[many] полей
}.
end-closed-start = { $start } (замкнутый)
counter-calls-test = вызовы test
counter-depth-now = глубина (сейчас)
sum-solutions = { $count ->
    [one] { $shown } решение
    [few] { $shown } решения
   *[many] { $shown } решений
}
sum-tours = { $count ->
    [one] { $shown } обход
    [few] { $shown } обхода
   *[many] { $shown } обходов
}
sum-over = , поиск окончен
sum-held = в шагах, которые есть в трассе
sum-so-far = на данный момент
sum-keeps = (в списке первые { $found })
sum-classes = , в { $count ->
    [one] { $shown } классе симметрии
   *[many] { $shown } классах симметрии
}
sum-class-part = { $count } по { $size }
sum-smaller = а не { $classes }·8 = { $all }: некоторые решения переходят в себя при повороте, поэтому их класс меньше.

## Страница во время работы: легенда (legend.js)

legend-not-free = несвободно: под боем, маска вертикали его исключает
legend-free = свободно: горизонтали, которые этот узел может проверить
legend-row = row: ферзь на той же горизонтали
legend-up = up (up[r+c] из статей): ферзь на диагонали, спускающейся вправо
legend-down = down (down[r−c+N] из статей): ферзь на диагонали, поднимающейся вправо
legend-tried = поле, проверяемое сейчас (тёмная и жёлтая рамка)
legend-refused = отвергнуто, с линиями, которые его исключают
legend-file = вертикаль текущего вызова
legend-solution = решение
legend-path = путь коня, с номерами
legend-dead-ends = тупики до сих пор (темнее: больше)
legend-dead-end = тупик сейчас: нет свободного поля
legend-candidate = Варнсдорф: следующее поле и число дальнейших ходов
legend-pruned = отсечённый ход
legend-blocked = заблокированное поле
legend-start = начало
legend-tour = обход

## Страница во время работы: угадай следующий шаг (predict.js)

predict-toggle = Угадать следующий шаг
predict-score = Верных ответов / вопросов:
predict-reset = Сбросить счёт
predict-skip = Показать (без очка)
predict-answers = Ответы
predict-back = шаг назад
predict-dead = тупик
predict-ask-tried = Поиск проверяет поле { $square }. Оно свободно? Тогда щёлкните { $square } (туда встанет ферзь); если нет, выберите линию, которая его бьёт: row, up или down.
predict-ask-queens = Что дальше? Щёлкните поле, которое поиск проверит следующим, или выберите «шаг назад», если он снимет ферзя.
predict-ask-bitboard = Что дальше? Щёлкните поле следующего ферзя или выберите «шаг назад», если поиск снимет ферзя.
predict-ask-knight = Куда конь пойдёт дальше? Щёлкните поле или выберите «тупик», если свободного поля нет, или «шаг назад», если он отступит.
predict-waiting = Ждём следующих шагов трассы…
predict-over = Поиск окончен: угадывать больше нечего.
predict-unsupported = Режим угадывания следует за поиском с возвратом: ферзи (с возвратом и на битовых масках) и конь.
predict-hold = Режим угадывания включён: ответьте на вопрос или выберите «Показать».
predict-right = ✓ Верно! { $what }
predict-wrong = ✗ На этот раз нет: вы выбрали { $yours }. Что происходит: { $what }
predict-skipped = Показано, без очка: { $what }
predict-line = линия { $line }

## Страница во время работы: стек вызовов, массивы, вызовы по глубине, дерево (lesson.js)

lesson-stack-empty = Вызовов ещё не было.
lesson-stack-over = Поиск окончен: test(1) вернулся.
lesson-head-depth = глубина
lesson-head-call = вызов
lesson-head-tries = проверяет сейчас
lesson-head-refused = последнее отвергнутое и почему
lesson-head-move = ход
lesson-head-square = поле
lesson-head-next = следующие поля (Варнсдорф)
lesson-call = test({ $c }) вертикаль { $file }
lesson-placed = стоит на { $square }
lesson-trying = проверяет { $square }
lesson-arrays-head = Массивы из статей (вертикали c и горизонтали r с 1): 1 = свободно, 0 = занято ферзём
lesson-arrays-bits = Поиск на битовых масках хранит их как маски; массивы показывают те же поля.
lesson-no-arrays-brute = Полный перебор не хранит массивов: он оценивает каждую расстановку по одному ферзю на вертикали.
lesson-no-arrays-permutations = Перестановки не хранят массивов: каждый порядок горизонталей проверяется по диагоналям.
lesson-no-tree = Этот метод не обходит дерево: он перебирает все расстановки (или порядки) по очереди.
lesson-arrays-knight = Массив коня — сама доска: в каждом поле номер хода (0: не пройдено).
lesson-read = читается сейчас
lesson-wrote = записано сейчас
lesson-refuses = отвергает поле
lesson-dead-end = тупик
lesson-pruned = отсечено: { $why }
lesson-depth-head-calls = вызовы по глубине
lesson-depth-head-moves = пройденные поля по номеру хода
lesson-depth-calls = вызовы test(c) по числу ферзей на доске
lesson-depth-moves = пройденные поля по номеру хода
lesson-sum-calls = Всего { $shown } { $count ->
    [one] вызов
    [few] вызова
   *[many] вызовов
} пока.
lesson-sum-calls-over = Всего { $shown } { $count ->
    [one] вызов
    [few] вызова
   *[many] вызовов
}: поиск окончен.
lesson-sum-moves = Всего { $shown } { $count ->
    [one] пройденное поле
    [few] пройденных поля
   *[many] пройденных полей
} пока.
lesson-sum-moves-over = Всего { $shown } { $count ->
    [one] пройденное поле
    [few] пройденных поля
   *[many] пройденных полей
}: поиск окончен.
lesson-tree-summary = Дерево слишком велико, чтобы нарисовать его здесь (больше { $nodes } узлов, или шаги до этого места не сохранены): его описывают вызовы по глубине ниже и путь выше.
lesson-tree-shown = { $made } { $count ->
    [one] узел
    [few] узла
   *[many] узлов
} пока; в текущем пути { $path } { $path ->
    [one] узел
    [few] узла
   *[many] узлов
}.
lesson-path = Текущий путь: { $path }

## Страница во время работы: сравнение методов (compare.js)

compare-brute-title = Полный перебор (статья 003)
compare-brute-note = каждая расстановка по одному ферзю на вертикали, с подсчётом пар, которые не бьют друг друга
compare-permutations-title = Перестановки
compare-permutations-note = по одному ферзю на каждой горизонтали и вертикали: каждый порядок горизонталей, проверенный по диагоналям
compare-backtracking-title = Перебор с возвратом: test(c)
compare-backtracking-note = ферзь только там, где row, up и down свободны; мёртвая ветка отсекается сразу
compare-any-title = Любые поля: { $n }
compare-any-note = расстановки без ограничений: { $n } ферзей на любых из { $squares } полей, здесь не запускаются
compare-placements = расстановок
compare-of = из { $total } до конца
compare-counting = до конца: считаем…
compare-solutions = решений: { $count ->
   *[other] { $shown }
}
compare-finished = ✓ готово, шагов: { $steps }
compare-ff-note = (перемотано: счётчики сервера)
compare-ff = перемотка: шаг { $step }…
compare-verdict = Вызовов test при переборе с возвратом: { $calls }; перестановки: { $perms } порядков ({ $pr }×), полный перебор: { $brute } расстановок ({ $br }×); любые { $n } полей дали бы { $any }.
compare-same = Все три находят решений: { $count ->
   *[other] { $shown }
}.
compare-differ = ✗ Они находят разное число решений: { $list }.
compare-too-long = поиск длиннее, чем { $max } шагов, которые проходит сервер

## Страница во время работы: адрес, панель кода, сетка клавиатуры, загрузки

url-embed-copied = Скопировано: вставьте это на страницу курса.
url-embed-shown = Скопируйте это на страницу курса (сервер должен быть доступен из браузеров учеников).
url-embed-title = hetman: поиск шаг за шагом
url-step-lost = Не удалось дойти до шага { $step } из ссылки: трасса не загрузилась.
code-v1 = Эта трасса в схеме версии 1: её события не называют строки кода.
code-loading = Загружаем код…
code-failed = Код нельзя показать: { $message }
access-grid = Поля доски: стрелки перемещают, Enter или пробел выбирает поле
dl-png-failed = не удалось превратить доску в PNG
dl-trace-first = В загрузке первые { $limit } событий; всю трассу даёт { $command } > trace.jsonl
dl-page-first = Страница воспроизводит не больше первых { $limit } событий, без сервера: разместите её на странице курса.
dl-gif-label = GIF с шагами { $from }..{ $to }
dl-gif-steps = GIF показывает шаги с { $from } по { $to }, по кадру на шаг: другие шаги даёт { $command } --gif steps.gif --from K --to L

## Страница во время работы: заметки, настройка коня, ошибки (app.js)

export-note = Эта страница воспроизводит сохранённую в ней трассу ({ $what }); сервер ей не нужен. Другую сделает { $command } --html FILE.
export-queens = { $n } { $n ->
    [one] ферзь
    [few] ферзя
   *[many] ферзей
}, { $algorithm }
export-knight = конь на { $width }×{ $height } с поля { $start }, { $order }
export-closed = замкнутый
export-blocked = заблокированы { $squares }
far-no-tour = Этот поиск не находит обхода: он кончается через { $steps } шагов (пройдено полей: { $moves }), так что n идёт до конца.
far-first = Нет обхода в первых { $steps } шагах: при { $speed } это { $time } воспроизведения, а первый обход ещё дальше. Правило Варнсдорфа (сначала меньше всего дальнейших ходов) находит его сразу.
duration-seconds = { $count ->
    [one] { $shown } секунда
    [few] { $shown } секунды
   *[many] { $shown } секунд
}
duration-minutes = { $count ->
    [one] { $shown } минута
    [few] { $shown } минуты
   *[many] { $shown } минут
}
duration-hours = { $count ->
    [one] { $shown } час
    [few] { $shown } часа
   *[many] { $shown } часов
}
duration-days = { $count ->
    [one] { $shown } день
    [few] { $shown } дня
   *[many] { $shown } дней
}
tour-looking = Ищем обход…
tour-open = Открытый обход конём { $width }×{ $height } с поля { $start } ({ $algorithm }, пройдено полей: { $nodes })
tour-closed = Замкнутый обход конём { $width }×{ $height } с поля { $start } ({ $algorithm }, пройдено полей: { $nodes })
tour-colours = : путь идёт от синего в начале (зелёная точка) к красному в конце (красная точка).
ask-start = Поиск загружен: изменение настройки его отбросит. Всё же начать с { $square }?
ask-block = Поиск загружен: изменение настройки его отбросит. Всё же заблокировать или освободить { $square }?
speed-top = максимум
speed-rate = { $shown } { $count ->
    [one] шаг/с
    [few] шага/с
   *[many] шагов/с
}
board-queens = Доска { $n } на { $n }, шаг { $step }, ферзи на { $squares }
board-no-square = ни одном поле
page-no-server = Здесь нет сервера: откройте файл трассы ниже или запустите hetman serve и откройте адрес, который он напишет.
tour-heading = Обход { $number }
page-back-to-search = Назад к поиску
goto-bad-solution = перейти: номер решения от 1, а не '{ $value }'
goto-bad-step = перейти: шаг от 0, а не '{ $value }'
err-size = размер должен быть N или WxH, например 5 или 5x6, а не '{ $value }'
err-start-blocked = начальное поле нельзя заблокировать: сначала выберите другое начало
err-no-solution = решения { $number } нет: поиск находит их { $found }
err-no-tour = обхода { $number } нет: поиск находит их { $found }
err-jump = переход не удался: на шаге { $step } { $key } здесь { $mine }, а на сервере { $theirs }
err-read = не удаётся прочитать { $file }: { $message }
err-trace-schema = эта страница читает записи поиска версий { $versions }, а не { $found }
err-trace-n = запись для ферзей требует n от 1 до 64
err-trace-start = не удаётся прочитать начальное поле в заголовке: { $start }
err-trace-problem = неизвестная задача в заголовке записи: { $problem }
err-trace-method-n = запись метода { $method } допускает n не больше { $max }
err-trace-other-chunk = пришла часть другой записи
err-trace-no-header = в записи нет строки заголовка
err-trace-gap = событие { $step } пришло после { $count }: в записи пропуск
err-trace-event = неизвестное событие '{ $event }' на шаге { $step }
err-trace-full = история заполнена
err-trace-early = ответ сервера оборвался до конца
err-pack-no-header = в упакованной записи нет строки заголовка
err-pack-unzip = этот браузер не умеет распаковать запись (нет DecompressionStream): откройте страницу в современном Chrome, Edge, Firefox или Safari
err-pack-short = упакованная запись обрезана
err-pack-string = упакованная запись повреждена (строка { $index })
err-pack-kind = упакованная запись повреждена (вид { $kind })
err-pack-shape = упакованная запись повреждена (форма { $shape })
err-compare-n = n должно быть целым числом от 1 до { $max } (полный перебор проверяет N^N расстановок)
err-code-none = на этой странице нет листинга { $dialect }
err-no-tour-found = Обхода нет.
lesson-depth-bar = глубина { $depth }: { $calls }
lesson-move-bar = ход { $depth }: { $calls }

## Страница во время работы: симметрии решения (app.js, symmetry.js)

sym-identity = тождество
sym-rotate-90 = поворот на четверть
sym-rotate-180 = поворот на половину
sym-rotate-270 = поворот на три четверти
sym-mirror-files = отражение слева направо
sym-mirror-ranks = отражение сверху вниз
sym-mirror-diagonal = отражение в диагонали a1-h8
sym-mirror-anti-diagonal = отражение в диагонали a8-h1
sym-why-8 = Все его 8 образов различны: класс из 8.
sym-why = Его не меняет { $fixed }, поэтому у него только { $size } разных образа: класс из { $size }.
sym-and = и
sym-heading = Решение { $number }
sym-canonical = Каноническая форма (наименьший код из его 8 образов):
sym-this = (это решение)
sym-class-size = Размер класса симметрии:
sym-hint = 4 поворота и 4 отражения доски переводят решение в решение. Если бы в каждом классе было 8 решений, у 8 ферзей было бы 12·8 = 96 решений; их 92, потому что один класс не меняется при повороте на половину и в нём только 4 (11·8 + 4 = 92). Зелёная рамка отмечает канонический образ.
board-knight-setup = Доска коня { $width } на { $height }, начало { $start }, заблокированы { $blocked }
board-knight-tour = Обход конём доски { $width } на { $height }
board-knight = Доска { $width } на { $height }, шаг { $step }, путь коня { $squares }
board-empty = пуст
