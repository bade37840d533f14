// @shared-with-spa: pure code (a sum in Russian words for invoices and acts); no bindings, no server imports.
const ONES_M = ["", "один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять"];
const ONES_F = ["", "одна", "две", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять"];
const TEENS = ["десять", "одиннадцать", "двенадцать", "тринадцать", "четырнадцать", "пятнадцать", "шестнадцать", "семнадцать", "восемнадцать", "девятнадцать"];
const TENS = ["", "", "двадцать", "тридцать", "сорок", "пятьдесят", "шестьдесят", "семьдесят", "восемьдесят", "девяносто"];
const HUNDREDS = ["", "сто", "двести", "триста", "четыреста", "пятьсот", "шестьсот", "семьсот", "восемьсот", "девятьсот"];

/** The Russian plural form of `n`: forms are [1, 2–4, 5–20] ("рубль", "рубля", "рублей"). */
export function plural(n: number, forms: [string, string, string]): string {
  const m10 = n % 10;
  const m100 = n % 100;
  if (m10 === 1 && m100 !== 11) return forms[0];
  if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) return forms[1];
  return forms[2];
}

function triad(n: number, feminine: boolean): string[] {
  const out = [HUNDREDS[Math.floor(n / 100)]!];
  const rest = n % 100;
  if (rest >= 10 && rest < 20) out.push(TEENS[rest - 10]!);
  else out.push(TENS[Math.floor(rest / 10)]!, (feminine ? ONES_F : ONES_M)[rest % 10]!);
  return out.filter(Boolean);
}

const SCALES: { forms: [string, string, string]; feminine: boolean }[] = [
  { forms: ["", "", ""], feminine: false },
  { forms: ["тысяча", "тысячи", "тысяч"], feminine: true },
  { forms: ["миллион", "миллиона", "миллионов"], feminine: false },
  { forms: ["миллиард", "миллиарда", "миллиардов"], feminine: false },
];

/** 1990 → "одна тысяча девятьсот девяносто" (0 → "ноль"). */
export function numberInWords(n: number): string {
  if (n === 0) return "ноль";
  const words: string[] = [];
  let rest = Math.floor(Math.abs(n));
  for (let i = 0; rest > 0 && i < SCALES.length; i++) {
    const part = rest % 1000;
    rest = Math.floor(rest / 1000);
    if (!part) continue;
    const scale = SCALES[i]!;
    words.unshift(...triad(part, scale.feminine), ...(i ? [plural(part, scale.forms)] : []));
  }
  return words.join(" ");
}

/** 199050 kopecks → "Одна тысяча девятьсот девяносто рублей 50 копеек" (as invoices write it). */
export function rublesInWords(kopecks: number): string {
  const rub = Math.floor(kopecks / 100);
  const kop = kopecks % 100;
  const text = `${numberInWords(rub)} ${plural(rub, ["рубль", "рубля", "рублей"])} ${String(kop).padStart(2, "0")} ${plural(kop, ["копейка", "копейки", "копеек"])}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
