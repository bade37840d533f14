/**
 * Russian (and rough English) word stems for the knowledge index: the Snowball Russian stemmer
 * (Porter's algorithm as published by the Snowball project, R2 simplified), plus the stop words a
 * question is made of and a small table of synonyms a customer's wording often swaps
 * («вернуть» for «возврат», «сколько стоит» for «цена»). The index stores stems; a question is
 * searched by the prefixes of its stems, so «возврат» also finds «возвращаете».
 */

const V = "аеиоуыэюя";
const PERFECTIVE = /((?<=[ая])(в|вши|вшись)|(ив|ивши|ившись|ыв|ывши|ывшись))$/;
const REFLEXIVE = /(ся|сь)$/;
const ADJECTIVE = "(ее|ие|ые|ое|ими|ыми|ей|ий|ый|ой|ем|им|ым|ом|его|ого|ему|ому|их|ых|ую|юю|ая|яя|ою|ею)";
const ADJECTIVAL = new RegExp(`((ивш|ывш|ующ)|(?<=[ая])(ем|нн|вш|ющ|щ))?${ADJECTIVE}$`);
const VERB = /((?<=[ая])(ла|на|ете|йте|ли|й|л|ем|н|ло|но|ет|ют|ны|ть|ешь|нно)|(ила|ыла|ена|ейте|уйте|ите|или|ыли|ей|уй|ил|ыл|им|ым|ен|ило|ыло|ено|ят|ует|уют|ит|ыт|ены|ить|ыть|ишь|ую|ю))$/;
const NOUN = /(а|ев|ов|ие|ье|е|иями|ями|ами|еи|ии|и|ией|ей|ой|ий|й|иям|ям|ием|ем|ам|ом|о|у|ах|иях|ях|ы|ь|ию|ью|ю|ия|ья|я)$/;
const DERIVATIONAL = /(ост|ость)$/;
const SUPERLATIVE = /(ейше|ейш)$/;

function stemRussian(word: string): string {
  let i = 0;
  while (i < word.length && !V.includes(word[i]!)) i++;
  if (i >= word.length - 1) return word;
  const pre = word.slice(0, i + 1);
  let rv = word.slice(i + 1);
  const cut = (re: RegExp) => {
    const next = rv.replace(re, "");
    const changed = next !== rv;
    rv = next;
    return changed;
  };
  if (!cut(PERFECTIVE)) {
    cut(REFLEXIVE);
    if (!cut(ADJECTIVAL) && !cut(VERB)) cut(NOUN);
  }
  cut(/и$/);
  // R2, simplified: a derivational ending goes when a vowel-consonant pair stays before it.
  const m = DERIVATIONAL.exec(rv);
  if (m && /[аеиоуыэюя][^аеиоуыэюя]/.test(rv.slice(0, m.index))) rv = rv.slice(0, m.index);
  if (!cut(/(?<=н)н$/)) {
    if (cut(SUPERLATIVE)) cut(/(?<=н)н$/);
    else cut(/ь$/);
  }
  return pre + rv;
}

function stemEnglish(word: string): string {
  return word.replace(/(ing|edly|ed|ies|es|s|ly)$/, "") || word;
}

/** One word's stem: lower case, ё as е, Russian or English rules by its letters. */
export function stem(raw: string): string {
  const word = raw.toLowerCase().replace(/ё/g, "е");
  if (word.length <= 3) return word;
  if (/[а-я]/.test(word)) return stemRussian(word);
  return stemEnglish(word);
}

const WORD = /[\p{L}\p{N}]+/gu;

/** The words of a text, in order. */
export function words(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/** A word as the index and the search see it: its stem, or its first four letters when the stem is shorter («стоит» → «стои», not «сто»). */
export function termStem(w: string): string {
  const st = stem(w);
  return st.length < 4 && w.length >= 4 ? w.slice(0, 4).replace(/ё/g, "е") : st;
}

/** The text as the index stores it: the stem of every word, separated by spaces. */
export function stemText(text: string): string {
  return words(text).map(termStem).join(" ");
}

/** Words that carry no topic: question words, pronouns, politeness, greetings. */
export const STOP_WORDS = new Set(
  (
    "а без более бы был была были было быть в вам вас ваш ваша ваше ваши весь во вот все всё всего вы где да даже для до его ее её если есть еще ещё же за здесь и из или им их к как какая какие какой каком когда сколько кто ли либо меня мне мной можно могу может можете нужно надо нужен нужна мой мы на над нам нас наш не него нее неё нет ни них но ну о об однако он она они оно от очень по под пожалуйста при про с со спасибо так также такой там то тогда тоже только тот ты у уже хочу хотел хотела хотим чем через что чтобы чье чья эта эти это этот я " +
    "подскажите скажите расскажите подскажи скажи уточните интересует вопрос привет здравствуйте здравствуй добрый день вечер утро доброе благодарю ок окей хорошо понятно ясно " +
    "the a an and or is are do does you your we our i me my to of in on for with what how when where which can please hi hello thanks"
  ).split(/\s+/),
);

/**
 * Groups of words customers use for the same thing: a question with one of them also searches the
 * others. Written as stems' prefixes; small on purpose (a model of synonyms is the embeddings' job).
 */
const SYNONYMS: string[][] = [
  ["возвра", "верн", "обмен"],
  ["достав", "привез", "курьер", "отправ"],
  ["оплат", "заплат", "плат"],
  ["цен", "стоим", "стои", "прайс"],
  ["график", "работ", "открыт", "открыва", "закрыва", "выходн"],
  ["адрес", "находит", "располож"],
  ["скидк", "акци", "промокод"],
  ["гаранти", "ремонт"],
  ["телефон", "позвон", "звон"],
];

/** A search term: the prefixes that count as the same word (the stem's and its synonyms'). */
export interface QueryTerm {
  word: string;
  prefixes: string[];
}

/** The prefix of a stem used in search: a letter shorter than long stems, so close forms match. */
function searchPrefix(s: string): string {
  return s.length >= 6 ? s.slice(0, s.length - 1) : s;
}

/** The topic words of a question (stop words and one-letter words dropped), each with its prefixes. */
export function queryTerms(question: string): QueryTerm[] {
  const out: QueryTerm[] = [];
  const seen = new Set<string>();
  const groups = new Set<string[]>();
  for (const w of words(question)) {
    if (w.length < 2 || STOP_WORDS.has(w) || /^\d$/.test(w)) continue;
    const p = searchPrefix(termStem(w));
    if (seen.has(p)) continue;
    seen.add(p);
    const group = SYNONYMS.find((g) => g.some((s) => p.startsWith(s) || (s.startsWith(p) && p.length >= 4)));
    if (group && groups.has(group)) continue;
    if (group) groups.add(group);
    const prefixes = [...new Set([p, ...(group ?? [])])];
    out.push({ word: w, prefixes });
  }
  return out.slice(0, 12);
}

/** Whether a chunk's stems contain the term (any of its prefixes). */
export function termIn(term: QueryTerm, stems: string[]): boolean {
  return stems.some((s) => term.prefixes.some((p) => s.startsWith(p)));
}
