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
page-footer = Клавиши: [[пробел]] пуск или пауза, [[←]] [[→]] один шаг, [[n]] следующее решение, [[Home]] в начало. Сделано в hetman: события `hetman queens trace` и `hetman knight trace`.
