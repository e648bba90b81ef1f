// Letters NFKD does not decompose into an ASCII base letter.
const SPECIAL: Record<string, string> = { æ: 'ae', ø: 'o', œ: 'oe', ß: 'ss', đ: 'd', ł: 'l', þ: 'th', ð: 'd' };

/** Django's slugify, plus the Nordic letters: "Lager Två / Hylla Ø" -> "lager-tva-hylla-o". */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[æøœßđłþð]/g, (c) => SPECIAL[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
}
