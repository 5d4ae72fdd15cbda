// The page's words in English, Polish and Russian. The messages come from
// hetman's Fluent files (assets/i18n/*.ftl) through messages.js, already
// parsed: a message is a list of parts, each a string, {var}, or
// {select, variants, default} chosen by Intl.PluralRules. One copy of every
// text, the same the terminal uses.
'use strict';

const I18N = (() => {
  const all = window.HETMAN_MESSAGES || {};
  const languages = ['en', 'pl', 'ru'];
  const listeners = [];

  // The one-file player (`trace --html F --lang pl`) speaks the language it was
  // made in; the served page, the browser's first language we have, else the
  // server's default. A link's `lang=` wins over both (url.js).
  function pick() {
    const packed = document.getElementById('trace-packed') || document.getElementById('trace');
    if (packed && packed.textContent.trim() && languages.includes(window.HETMAN_LANG)) {
      return window.HETMAN_LANG;
    }
    const asked = (navigator.languages && navigator.languages.length)
      ? navigator.languages : [navigator.language || ''];
    for (const tag of asked) {
      const code = String(tag).toLowerCase().split(/[-_]/)[0];
      if (languages.includes(code)) return code;
    }
    return languages.includes(window.HETMAN_LANG) ? window.HETMAN_LANG : 'en';
  }

  let lang = pick();
  const rules = {};

  function plural(n) {
    if (!rules[lang]) rules[lang] = new Intl.PluralRules(lang);
    return rules[lang].select(n);
  }

  function part(p, args) {
    if (typeof p === 'string') return p;
    if (p.var !== undefined) {
      const v = args[p.var];
      return v === undefined ? '{$' + p.var + '}' : String(v);
    }
    if (p.select !== undefined) {
      const v = args[p.select];
      let key = p.default;
      if (typeof v === 'number') {
        if (p.variants[String(v)]) key = String(v);
        else if (p.variants[plural(v)]) key = plural(v);
      } else if (v !== undefined && p.variants[String(v)]) {
        key = String(v);
      }
      return pattern(p.variants[key] || [], args);
    }
    return '';
  }

  function pattern(parts, args) {
    return parts.map((p) => part(p, args)).join('');
  }

  // The message `id` in the current language (English when it lacks one).
  function t(id, args) {
    const m = (all[lang] && all[lang][id]) || (all.en && all.en[id]);
    return m ? pattern(m, args || {}) : id;
  }

  // Sets the texts marked in the document: data-i18n (the text),
  // data-i18n-title, data-i18n-aria-label, data-i18n-placeholder.
  function apply(root) {
    const scope = root || document;
    scope.querySelectorAll('[data-i18n]').forEach((el) => {
      el.textContent = t(el.dataset.i18n);
    });
    scope.querySelectorAll('[data-i18n-html]').forEach((el) => {
      // Only our own messages, never as HTML: `x` becomes <code>, [[x]] <kbd>,
      // ^x^ <sup>.
      const text = t(el.dataset.i18nHtml);
      el.textContent = '';
      text.split(/(`[^`]*`|\[\[[^\]]*\]\]|\^[^^]*\^)/).forEach((piece) => {
        const tag = piece.length > 1 && ((piece.startsWith('`') && piece.endsWith('`') && 'code')
          || (piece.startsWith('[[') && 'kbd') || (piece.startsWith('^') && 'sup'));
        if (tag) {
          const c = document.createElement(tag);
          c.textContent = tag === 'kbd' ? piece.slice(2, -2) : piece.slice(1, -1);
          el.appendChild(c);
        } else if (piece) {
          el.appendChild(document.createTextNode(piece));
        }
      });
    });
    for (const attr of ['title', 'aria-label', 'placeholder']) {
      scope.querySelectorAll('[data-i18n-' + attr + ']').forEach((el) => {
        el.setAttribute(attr, t(el.getAttribute('data-i18n-' + attr)));
      });
    }
  }

  // Switches the page to `code` and tells every part to draw itself again.
  function setLang(code) {
    if (!languages.includes(code)) return;
    lang = code;
    document.documentElement.lang = code;
    const select = document.getElementById('lang');
    if (select && select.value !== code) select.value = code;
    apply(document);
    listeners.forEach((f) => f(code));
  }

  function onChange(f) { listeners.push(f); }

  // A whole number with the language's thousands separator, as the Rust side
  // groups it: 1,965 in English, 1 965 (a no-break space) in Polish and Russian.
  function num(n) {
    const s = Number(n).toLocaleString('en-US');
    return lang === 'en' ? s : s.replace(/,/g, '\u00a0');
  }

  return { t, apply, setLang, onChange, num, languages, lang: () => lang };
})();

// The message `id` with its arguments: t('event-try', {square: 'a1'}).
function t(id, args) { return I18N.t(id, args); }

// The switch is wired at once (the scripts stand at the end of the body), so a
// link's lang= that url.js sets while app.js starts reaches it; the marked texts
// are set when the document is whole.
(function wire() {
  const select = document.getElementById('lang');
  if (select) {
    select.value = I18N.lang();
    select.addEventListener('change', () => I18N.setLang(select.value));
  }
  document.documentElement.lang = I18N.lang();
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', () => I18N.apply(document));
  } else {
    I18N.apply(document);
  }
})();
